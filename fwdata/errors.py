"""Conditions that stop a run; each carries the process exit code."""

from __future__ import annotations

# The status of a run stopped by Ctrl-C: 128 + SIGINT's number, what a shell reports for it.
INTERRUPTED_EXIT = 130


class FwdataError(Exception):
    """A run-stopping condition reported as one line on stderr."""

    exit_code = 2


class UsageError(FwdataError):
    """The command line asks for something that cannot be done (bad path, bad option)."""


class SchemaSetupError(FwdataError):
    """The schemas themselves are missing, unreadable or invalid."""


class OutputError(FwdataError):
    """The output folder cannot be created or written."""


class SetupError(FwdataError):
    """The installation cannot run: an installed game system cannot be loaded or clashes with another."""
