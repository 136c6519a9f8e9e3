"""Finding rules: the title and help text of every finding code, from the registry of finding codes
(fwdata/findings/codes.py `FindingSection`s: the stages' and each game system's, plug-ins' included)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from fwdata.findings.codes import FindingSection
from fwdata.library import library_root

NO_RULE = ("", "—", "-")


@dataclass(frozen=True)
class FindingRule:
    """One documented finding code: `title` is its meaning, `help` adds rule, fix and example; `section` the title of
    its section of docs/findings.md."""

    code: str
    severity: str
    title: str
    help: str
    section: str


def findings_doc() -> Path:
    """Return docs/findings.md of the base library (shipped in the wheel as fwdata/library/docs/findings.md)."""
    return library_root() / "docs" / "findings.md"


def finding_rules(sections: Iterable[FindingSection]) -> dict[str, FindingRule]:
    """Return the rule of every code of `sections` by code: the summary as title; as help the summary, the rule
    (unless none), the fix and the example, each a sentence. A code in two sections keeps its first."""
    rules: dict[str, FindingRule] = {}
    for section in sections:
        for code in section.codes:
            summary, rule, fix, example = (_plain(text) for text in (code.summary, code.rule, code.fix, code.example))
            parts = [_sentence(summary[:1].upper() + summary[1:])]
            if rule not in NO_RULE:
                parts.append(_sentence(f"Rule: {rule}"))
            if fix:
                parts.append(_sentence(f"How to fix: {fix}"))
            if example:
                parts.append(f"Example: {example}")
            rules.setdefault(code.code, FindingRule(code.code, code.severity, summary, " ".join(parts),
                                                    section.title))
    return rules


def _plain(text: str) -> str:
    return text.replace("\\|", "|")  # a table cell's escaped bar


def _sentence(text: str) -> str:
    return text if text.endswith((".", "!", "?", "`")) else text + "."
