"""JSON reporter: findings, summary and what was hidden, as one JSON object."""

from __future__ import annotations

import json

from fwdata.findings import Report, Severity
from fwdata.review import Review
from fwdata.review.selection import count_by_code


def format_json(report: Report, review: Review | None = None, *, statistics: bool = False) -> str:
    """Return `{"findings": [...], "summary": {...}}` (plus `statistics` when asked).

    Each finding has path, line, column, severity, code, message, pointer. The
    summary counts errors, warnings, infos, files, and the baselined, suppressed
    and not selected findings; `gone` lists baseline entries that no longer occur.
    """
    review = review or Review()
    payload: dict[str, object] = {
        "findings": [finding.as_json() for finding in report.sorted()],
        "summary": {
            "errors": report.count(Severity.ERROR),
            "warnings": report.count(Severity.WARNING),
            "infos": report.count(Severity.INFO),
            "files": report.files_read,
            "baselined": len(review.baselined),
            "suppressed": len(review.suppressed),
            "not_selected": len(review.unselected),
            "text": report.summary(),
        },
        "gone": [{"path": e.path, "code": e.code, "message": e.message, "count": e.count} for e in review.gone],
    }
    if statistics:
        payload["statistics"] = [{"code": code, "severity": severity.value, "count": n}
                                 for code, severity, n in count_by_code(report.findings)]
    return json.dumps(payload, indent=2)


def format_error_json(message: str, exit_code: int) -> str:
    """Return the JSON a run-stopping error prints under --format json: `{"error": {"message", "exit_code"}}`."""
    return json.dumps({"error": {"message": message, "exit_code": exit_code}}, indent=2)
