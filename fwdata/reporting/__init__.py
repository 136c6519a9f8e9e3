"""Reporting: turn a run's findings into text, JSON, GitHub annotations, SARIF or JUnit XML."""

from __future__ import annotations

from collections.abc import Iterable

from fwdata.findings import Report
from fwdata.reporting.github import format_github
from fwdata.reporting.json_report import format_error_json, format_json
from fwdata.reporting.junit import format_junit
from fwdata.reporting.sarif import format_sarif
from fwdata.reporting.text import format_findings_report, format_text
from fwdata.review import Review

FORMATS = ("text", "json", "github", "sarif", "junit")

__all__ = ["FORMATS", "format_error_json", "format_findings_report", "format_json", "format_report", "format_text"]


def format_report(report: Report, review: Review | None, output_format: str, *, files: Iterable[str] = (),
                  strict: bool = False, quiet: bool = False, statistics: bool = False, colour: bool = False) -> str:
    """Return the report in one of FORMATS; `files` are the checked files (JUnit lists each one).

    `quiet` and `colour` apply to text (quiet also to github); `statistics` to text and json.
    """
    if output_format == "json":
        return format_json(report, review, statistics=statistics)
    if output_format == "github":
        return format_github(report, review, quiet=quiet)
    if output_format == "sarif":
        return format_sarif(report)
    if output_format == "junit":
        return format_junit(report, files, strict=strict)
    return format_text(report, review, quiet=quiet, statistics=statistics, colour=colour)
