"""Reporting: turn a run's findings into text, JSON, GitHub annotations, SARIF or JUnit XML."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping

from fwdata.findings import Report
from fwdata.reporting.github import format_github
from fwdata.reporting.json_report import format_error_json, format_json
from fwdata.reporting.junit import format_junit
from fwdata.reporting.request import Reporter, ReportRequest, no_rules
from fwdata.reporting.rules import FindingRule
from fwdata.reporting.sarif import format_sarif
from fwdata.reporting.text import format_findings_report, format_text
from fwdata.review import Review

# Every output format by its --format name, in the order --help lists them. A new format is one function here
# (docs/architecture.md, "How to add an output format").
REPORTERS: dict[str, Reporter] = {
    "text": lambda report, request: format_text(report, request.review, quiet=request.quiet,
                                                statistics=request.statistics, colour=request.colour),
    "json": lambda report, request: format_json(report, request.review, statistics=request.statistics),
    "github": lambda report, request: format_github(report, request.review, quiet=request.quiet),
    "sarif": lambda report, request: format_sarif(report, request.rules()),
    "junit": lambda report, request: format_junit(report, request.files, strict=request.strict),
}
FORMATS = tuple(REPORTERS)

__all__ = ["FORMATS", "REPORTERS", "format_error_json", "format_findings_report", "format_json", "format_report",
           "format_text"]


def format_report(report: Report, review: Review | None, output_format: str, *, files: Iterable[str] = (),
                  strict: bool = False, quiet: bool = False, statistics: bool = False, colour: bool = False,
                  rules: Callable[[], Mapping[str, FindingRule]] = no_rules) -> str:
    """Return the report in one of FORMATS (`REPORTERS[output_format]`); `files` are the checked files (JUnit lists
    each one).

    `quiet` and `colour` apply to text (quiet also to github); `statistics` to text and json; `rules` (the
    documented codes, `ReportRequest.rules`) to sarif.
    Raises KeyError for a format not in FORMATS (the command line offers only those).
    """
    request = ReportRequest(review, tuple(files), strict=strict, quiet=quiet, statistics=statistics, colour=colour,
                            rules=rules)
    return REPORTERS[output_format](report, request)
