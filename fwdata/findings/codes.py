"""The registry of finding codes: each code with its severity, meaning, rule and fix, and docs/findings.md made from
them (the stages' codes: fwdata/findings/stages.py; each game system's: `GameSystem.findings`)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

# The column headings of a section's table, and the FindingCode field each shows.
COLUMN_FIELDS = {"severity": "severity", "meaning": "summary", "example": "example", "rule": "rule",
                 "how to fix": "fix"}


@dataclass(frozen=True)
class FindingCode:
    """One finding code as documented: `severity` as the table says it (`error`, `warning/info`, ...), `summary`
    what it means, `example` a finding as printed, `rule` where the rulebooks say so (`—` when no rule does), `fix`
    how to fix the data. Codes are stable: never renamed or given another meaning (CHANGELOG.md names new ones)."""

    code: str
    severity: str
    summary: str
    fix: str = ""
    example: str = ""
    rule: str = ""


@dataclass(frozen=True)
class FindingSection:
    """A section of docs/findings.md: its `title`, the prose `before` and `after` its table (Markdown), the table's
    `columns` (headings from COLUMN_FIELDS, after `code`) and its `codes` in order."""

    title: str
    columns: tuple[str, ...]
    codes: tuple[FindingCode, ...]
    before: str = ""
    after: str = ""

    def table(self) -> str:
        """Return the section's table as Markdown: one row per code, the columns as headed."""
        rows = [f"| {' | '.join(self.columns)} |", f"| {' | '.join('---' for _ in self.columns)} |"]
        for code in self.codes:
            cells = [f"`{code.code}`", *(getattr(code, COLUMN_FIELDS[column]) for column in self.columns[1:])]
            rows.append("|" + "|".join(f" {cell} " if cell else " " for cell in cells) + "|")
        return "\n".join(rows)


def findings_document(preamble: str, sections: Sequence[FindingSection]) -> str:
    """Return the text of docs/findings.md: the `preamble`, then each section's heading, prose and table."""
    parts = [preamble]
    for section in sections:
        parts.append(f"## {section.title}")
        parts.extend(text for text in (section.before, section.table(), section.after) if text)
    return "\n\n".join(parts) + "\n"


def registered_codes(sections: Iterable[FindingSection]) -> dict[str, FindingCode]:
    """Return every code of `sections` by its name; raise ValueError when a code is documented twice."""
    codes: dict[str, FindingCode] = {}
    for section in sections:
        for code in section.codes:
            if code.code in codes:
                raise ValueError(f"finding code {code.code} is documented twice")
            codes[code.code] = code
    return codes
