"""Entry point for `python -m fwdata`."""

from fwdata.cli import main

main()
