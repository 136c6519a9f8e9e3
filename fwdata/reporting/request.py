"""What a reporter is given besides the report, and what a reporter is (fwdata/reporting/__init__.py REPORTERS)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from fwdata.findings import Report
from fwdata.review import Review


@dataclass(frozen=True)
class ReportRequest:
    """What a reporter may use besides the report: the review (hidden findings), the checked files (JUnit lists
    each one), --strict, --quiet, --statistics and whether to colour the text."""

    review: Review | None
    files: tuple[str, ...] = ()
    strict: bool = False
    quiet: bool = False
    statistics: bool = False
    colour: bool = False


Reporter = Callable[[Report, ReportRequest], str]
