"""Cap a family of book findings: the first ones listed, then one finding with the full count."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator

from fwdata.findings import Finding

MAX_LISTED = 25  # per family and book (or pair): a transcription's full size shows in one run, not its every cell


def capped(findings: Iterable[Finding], summary: Callable[[int, int], Finding], limit: int = MAX_LISTED
           ) -> Iterator[Finding]:
    """Yield the first `limit` findings, then `summary(not_listed, total)` when there were more."""
    total = 0
    for finding in findings:
        total += 1
        if total <= limit:
            yield finding
    if total > limit:
        yield summary(total - limit, total)
