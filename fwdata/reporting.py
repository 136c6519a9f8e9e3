"""Reporting: turn a Report into the text or JSON that `fwdata check` prints."""

from __future__ import annotations

import json

from fwdata.findings import Report, Severity


def format_text(report: Report) -> str:
    """Return every finding on its own line, then the summary line."""
    lines = [finding.format_line() for finding in report.sorted()]
    lines.append(report.summary())
    return "\n".join(lines)


def format_json(report: Report) -> str:
    """Return a JSON object with `findings` (path, line, column, severity, code, message, pointer) and `summary`."""
    payload = {
        "findings": [finding.as_json() for finding in report.sorted()],
        "summary": {
            "errors": report.count(Severity.ERROR),
            "warnings": report.count(Severity.WARNING),
            "infos": report.count(Severity.INFO),
            "files": report.files_read,
            "text": report.summary(),
        },
    }
    return json.dumps(payload, indent=2, sort_keys=False)
