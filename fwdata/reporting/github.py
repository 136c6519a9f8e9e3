"""GitHub reporter: workflow commands (`::error file=...::message`) that annotate the files of a pull request."""

from __future__ import annotations

from fwdata.findings import Finding, Report, Severity
from fwdata.reporting.text import gone_line, summary_line
from fwdata.review import Review

COMMANDS = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.INFO: "notice"}


def escape_data(text: str) -> str:
    """Escape a command's message as GitHub's toolkit does: `%`, CR and LF."""
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def escape_property(text: str) -> str:
    """Escape a property value: as a message, and also `:` and `,`."""
    return escape_data(text).replace(":", "%3A").replace(",", "%2C")


def format_annotation(finding: Finding) -> str:
    """Return `::error file=F,line=L,col=C,title=CODE::message` (warning, notice for the other severities)."""
    loc = finding.location
    properties = [f"file={escape_property(loc.path)}"]
    if loc.line > 0:
        properties += [f"line={loc.line}", f"col={max(loc.column, 1)}"]
    properties.append(f"title={escape_property(finding.code)}")
    return f"::{COMMANDS[finding.severity]} {','.join(properties)}::{escape_data(finding.message)}"


def format_github(report: Report, review: Review | None = None, *, quiet: bool = False) -> str:
    """Return one workflow command per finding (none when `quiet`), then the plain summary line."""
    lines = [] if quiet else [format_annotation(finding) for finding in report.sorted()]
    lines.append(summary_line(report, review))
    gone = gone_line(review)
    if gone:
        lines.append(gone)
    return "\n".join(lines)
