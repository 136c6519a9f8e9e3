"""Progress: the callback through which the pipeline says how far it is, without knowing who listens."""

from __future__ import annotations

from typing import Protocol


class Progress(Protocol):
    """Told `stage` ("loading", "checking", "rendering", "previewing"), how many of its `total` steps are `done`.

    Called after each step (a file loaded, a system checked, an output drawn), and once
    with `done == 0` when a stage starts. Must not raise.
    """

    def __call__(self, stage: str, done: int, total: int) -> None: ...


def no_progress(stage: str, done: int, total: int) -> None:
    """Ignore progress (the default)."""
