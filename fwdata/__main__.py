"""Entry point of the `fwdata` command and of `python -m fwdata`."""

import sys


def run() -> None:
    """Run the command line; Ctrl-C while its libraries load ends it as a command does: "Aborted!", status 130.

    A library that cannot load for a reason outside fwdata (reportlab reads `~/.reportlab_mods` as
    it loads, and fails when HOME is a file) is a one-line error, status 2. `fwdata --version` alone answers
    before any of them loads, as click's `--version` would.
    """
    if sys.argv[1:] == ["--version"]:
        from fwdata import __version__

        print(f"fwdata, version {__version__}")
        return
    try:
        from fwdata.cli.main import main
    except KeyboardInterrupt:
        print("\nAborted!", file=sys.stderr)
        sys.exit(130)  # fwdata.errors.INTERRUPTED_EXIT: the import cut short may have been that module's
    except OSError as exc:
        print(f"Error: cannot start: {exc} (is HOME a folder fwdata may read?)", file=sys.stderr)
        sys.exit(2)
    main()


if __name__ == "__main__":
    run()
