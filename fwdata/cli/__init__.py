"""The command line: the `fwdata` commands, their shared options, and the starting files and schemas they write."""
