"""What a reporter is given besides the report, and what a reporter is (fwdata/reporting/__init__.py REPORTERS)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from fwdata.findings import Report
from fwdata.reporting.rules import FindingRule
from fwdata.review import Review


def no_rules() -> Mapping[str, FindingRule]:
    """Return no documented codes (a report made without the registry of finding codes at hand)."""
    return {}


@dataclass(frozen=True)
class ReportRequest:
    """What a reporter may use besides the report: the review (hidden findings), the checked files (JUnit lists
    each one), --strict, --quiet, --statistics, whether to colour the text, and `rules`, which returns every
    documented code's rule by code (SARIF documents the codes it reports; called only by a reporter that needs it,
    as it may import every game system)."""

    review: Review | None
    files: tuple[str, ...] = ()
    strict: bool = False
    quiet: bool = False
    statistics: bool = False
    colour: bool = False
    rules: Callable[[], Mapping[str, FindingRule]] = no_rules


Reporter = Callable[[Report, ReportRequest], str]
