"""Entry point of the `fwdata` command and of `python -m fwdata`."""

import sys


def run() -> None:
    """Run the command line; Ctrl-C while its libraries load ends it as click does later: "Aborted!", status 1."""
    try:
        from fwdata.cli import main
    except KeyboardInterrupt:
        print("\nAborted!", file=sys.stderr)
        sys.exit(1)
    main()


if __name__ == "__main__":
    run()
