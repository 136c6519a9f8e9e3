"""Process plumbing: forked workers on both cores, calls in a fresh process, Ctrl-C held over steps that must finish."""
