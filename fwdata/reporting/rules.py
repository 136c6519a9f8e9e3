"""Finding rules: the title and help text of every finding code, read from docs/findings.md."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from fwdata.library import library_root

CELL_SPLIT = re.compile(r"(?<!\\)\|")
CODE_CELL = re.compile(r"^`([A-Z0-9]+(?:-[A-Z0-9]+)*)`$")


@dataclass(frozen=True)
class FindingRule:
    """One documented finding code: `title` is the table's meaning column, `help` adds rule and fix."""

    code: str
    severity: str
    title: str
    help: str
    section: str


def findings_doc() -> Path:
    """Return docs/findings.md of the base library (shipped in the wheel as fwdata/library/docs/findings.md)."""
    return library_root() / "docs" / "findings.md"


def parse_rules(text: str) -> dict[str, FindingRule]:
    """Parse the code tables of findings.md: every `## Section` holds a table whose rows start with a `CODE` cell.

    Columns are found by their header names (code, severity, meaning, rule,
    example, how to fix); rows of any other shape are skipped.
    """
    rules: dict[str, FindingRule] = {}
    section = ""
    header: list[str] = []
    for line in text.splitlines():
        if line.startswith("## "):
            section, header = line[3:].strip(), []
            continue
        if not line.startswith("|"):
            header = [] if not line.strip() else header
            continue
        cells = [cell.strip().replace("\\|", "|") for cell in CELL_SPLIT.split(line.strip().strip("|"))]
        if cells and cells[0] == "code":
            header = [cell.lower() for cell in cells]
            continue
        match = CODE_CELL.match(cells[0]) if cells else None
        if match is None or len(cells) != len(header):
            continue
        row = dict(zip(header, cells, strict=True))
        title = row.get("meaning", "")
        parts = [_sentence(title[:1].upper() + title[1:])]
        if row.get("rule", "—") not in ("", "—", "-"):
            parts.append(_sentence(f"Rule: {row['rule']}"))
        if row.get("how to fix"):
            parts.append(_sentence(f"How to fix: {row['how to fix']}"))
        if row.get("example"):
            parts.append(f"Example: {row['example']}")
        rules[match[1]] = FindingRule(match[1], row.get("severity", ""), title, " ".join(parts), section)
    return rules


def _sentence(text: str) -> str:
    return text if text.endswith((".", "!", "?", "`")) else text + "."


@cache
def finding_rules() -> dict[str, FindingRule]:
    """Return the documented rules by code (read once per process); empty when the file cannot be read."""
    try:
        return parse_rules(findings_doc().read_text(encoding="utf-8"))
    except OSError:
        return {}
