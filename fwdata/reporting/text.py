"""Text reporter: one line per finding, the summary line, statistics and the full findings report."""

from __future__ import annotations

from collections.abc import Sequence

from fwdata.findings import Finding, Report, Severity, escape_controls
from fwdata.review import Review
from fwdata.review.selection import count_by_code

# ANSI SGR colours per severity; used only when the caller says the terminal wants colour.
COLOURS = {Severity.ERROR: "\x1b[1;31m", Severity.WARNING: "\x1b[33m", Severity.INFO: "\x1b[36m"}
RESET = "\x1b[0m"


def plural(n: int, word: str) -> str:
    """Return `1 error`, `2 errors`."""
    return f"{n} {word}{'' if n == 1 else 's'}"


def format_finding(finding: Finding, colour: bool = False) -> str:
    """Return the finding's one-line form, its severity coloured when `colour`."""
    line = finding.format_line()
    if not colour:
        return line
    word = finding.severity.value
    head, sep, tail = line.partition(f": {word} {finding.code}: ")
    return f"{head}: {COLOURS[finding.severity]}{word}{RESET} {finding.code}: {tail}" if sep else line


def summary_line(report: Report, review: Review | None = None) -> str:
    """Return `N errors, N warnings in N files`, plus what was hidden, e.g. `(162 baselined, 1 suppressed)`."""
    hidden = review.hidden_counts() if review is not None else {}
    extra = ", ".join(f"{n} {name}" for name, n in hidden.items())
    return report.summary() + (f" ({extra})" if extra else "")


def gone_line(review: Review | None) -> str | None:
    """Return the line naming baseline entries that no longer occur, or None when there are none."""
    if review is None or not review.gone:
        return None
    count = sum(entry.count for entry in review.gone)
    # Baseline entries are read from a file the pack provides: their text is escaped like a finding's.
    shown = escape_controls("; ".join(f"{entry.path} {entry.code}" for entry in review.gone[:3]))
    more = f"; and {len(review.gone) - 3} more" if len(review.gone) > 3 else ""
    return (f"{plural(count, 'baselined finding')} gone ({shown}{more}): refresh the baseline with "
            f"--write-baseline {review.baseline_path}")


def format_statistics(findings: Sequence[Finding]) -> list[str]:
    """Return one line per code, `  12  FW-TABLE-FVT (info)`, most frequent first."""
    rows = count_by_code(findings)
    width = max((len(str(n)) for _, _, n in rows), default=1)
    return [f"{n:>{width}}  {code} ({severity.value})" for code, severity, n in rows]


def format_text(report: Report, review: Review | None = None, *, quiet: bool = False, statistics: bool = False,
                colour: bool = False) -> str:
    """Return every shown finding on its own line (none when `quiet`), the statistics when asked,
    then the summary line and, with a baseline, the line of gone entries."""
    lines = [] if quiet else [format_finding(finding, colour) for finding in report.sorted()]
    if statistics:
        lines += format_statistics(report.findings)
    lines.append(summary_line(report, review))
    gone = gone_line(review)
    if gone:
        lines.append(gone)
    return "\n".join(lines)


def format_findings_report(report: Report, review: Review) -> str:
    """Return the full findings report a build writes: every finding, hidden ones marked `[baselined]`,
    `[suppressed]` or `[not selected]`, then the summary; ends with a newline."""
    lines = [finding.format_line() + (f" [{mark}]" if mark else "") for finding, mark in review.marked()]
    lines.append(summary_line(report, review))
    gone = gone_line(review)
    if gone:
        lines.append(gone)
    return "\n".join(lines) + "\n"
