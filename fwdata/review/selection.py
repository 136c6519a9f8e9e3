"""Finding selection: --select/--ignore/--min-severity and inline `# fwdata: ignore[...]` suppressions."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from fwdata.findings import Finding, Severity

SEVERITY_RANK = {Severity.INFO: 0, Severity.WARNING: 1, Severity.ERROR: 2}
CODE_PATTERN = re.compile(r"^[A-Z0-9]+(-[A-Z0-9]+)*-?$")
# A YAML comment `# fwdata: ignore[CODE,CODE]` (this line) or `# fwdata: ignore-file[CODE]` (whole file).
SUPPRESSION = re.compile(r"#\s*fwdata:\s*ignore(?P<file>-file)?\[(?P<codes>[^\]]*)\]", re.IGNORECASE)
# Codes of the errors that stop a document from being read, checked or drawn: a file not read (a hard link, a
# link out of the pack), not YAML, not of a known kind or breaking its schema; a reference that names nothing, a
# variant whose bases loop or chain too deep; an id used twice or a base entry replaced without leave (one of the
# two documents is left out). Nothing hides them (neither a comment, a baseline, nor --select, --ignore or
# --min-severity): a pack's own comment would otherwise make a card vanish from a build that says it succeeded.
BLOCKING_CODES = ("SOURCE-", "ZIP-", "YAML-", "SCHEMA", "REF-", "PACK-OVERRIDE-UNDECLARED", "PACK-OVERRIDE-SHAPE")


def code_matches(code: str, token: str) -> bool:
    """Tell whether finding `code` is named by `token`: the code itself, or a prefix of whole words.

    `FW-` and `FW` both match `FW-PERF-ORDER`, `FW-PERF` matches it too; `YAML-TA`
    matches nothing (prefixes end at a hyphen), so `YAML-TAB` never matches `YAML-TABLE`.
    """
    token = token.upper()
    if token.endswith("-"):
        return code.startswith(token)
    return code == token or code.startswith(token + "-")


def is_blocking(code: str, severity: str) -> bool:
    """Tell whether a finding of this code and severity (its value: 'error') stops its document from being checked
    or drawn (BLOCKING_CODES)."""
    return severity == Severity.ERROR.value and any(code_matches(code, token) for token in BLOCKING_CODES)


def blocks_document(finding: Finding) -> bool:
    """Tell whether `finding` is an error that stops its document from being checked or drawn (BLOCKING_CODES)."""
    return is_blocking(finding.code, finding.severity.value)


def parse_codes(text: str) -> tuple[str, ...]:
    """Split a comma-separated list of codes or prefixes (`FW-,YAML-TAB`) into upper-case tokens.

    Raises ValueError naming the first token that is not a code or prefix
    (letters, digits and hyphens).
    """
    tokens = tuple(token.strip().upper() for token in text.split(",") if token.strip())
    for token in tokens:
        if not CODE_PATTERN.match(token):
            raise ValueError(f"{token!r} is not a finding code or prefix (for example FW-PERF-ORDER or FW-)")
    return tokens


@dataclass(frozen=True)
class FindingSelection:
    """Which findings a run reports: `select` (empty: all) minus `ignore`, at `min_severity` or above.

    `honour_comments` False (--ignore-suppressions) reports what `# fwdata: ignore` comments would hide.
    """

    select: tuple[str, ...] = ()
    ignore: tuple[str, ...] = ()
    min_severity: Severity = Severity.INFO
    honour_comments: bool = True

    def selects_code(self, code: str) -> bool:
        """Tell whether a code passes --select and --ignore (the severity aside)."""
        if self.select and not any(code_matches(code, token) for token in self.select):
            return False
        return not any(code_matches(code, token) for token in self.ignore)

    def selects(self, code: str, severity: Severity) -> bool:
        """Tell whether a finding of this code and severity is reported."""
        return self.selects_code(code) and SEVERITY_RANK[severity] >= SEVERITY_RANK[self.min_severity]


@dataclass(frozen=True)
class Suppressions:
    """The `# fwdata: ignore[...]` comments of one file: codes per 1-based line, and file-wide codes."""

    lines: Mapping[int, tuple[str, ...]] = field(default_factory=dict)
    whole_file: tuple[str, ...] = ()

    def suppress(self, finding: Finding) -> bool:
        """Tell whether a comment suppresses `finding` (same line, or the file-level form)."""
        codes = self.whole_file + tuple(self.lines.get(finding.location.line, ()))
        return any(code_matches(finding.code, token) for token in codes)


def parse_suppressions(text: str) -> Suppressions:
    """Read the suppression comments of a source's text.

    `# fwdata: ignore[CODE,CODE]` applies to findings on its own line (as ruff's
    `# noqa`); `# fwdata: ignore-file[CODE]` anywhere applies to the whole file.
    Tokens that are not codes are skipped.
    """
    lines: dict[int, tuple[str, ...]] = {}
    whole: list[str] = []
    for number, line in enumerate(text.splitlines(), start=1):
        if "fwdata" not in line:
            continue
        for match in SUPPRESSION.finditer(line):
            tokens = [token.strip().upper() for token in match["codes"].split(",")]
            codes = tuple(token for token in tokens if CODE_PATTERN.match(token))
            if match["file"]:
                whole.extend(codes)
            else:
                lines[number] = lines.get(number, ()) + codes
    return Suppressions(lines=lines, whole_file=tuple(whole))


@dataclass
class Selected:
    """Findings split by selection: `kept` are reported; `unselected` fail --select/--ignore/--min-severity;
    `suppressed` are named by a comment in their file."""

    kept: list[Finding] = field(default_factory=list)
    unselected: list[Finding] = field(default_factory=list)
    suppressed: list[Finding] = field(default_factory=list)


def select_findings(findings: Iterable[Finding], selection: FindingSelection,
                    suppressions: Mapping[str, Suppressions]) -> Selected:
    """Split `findings` by `selection`, then by the suppressions of their file (keyed by display path).

    A file missing from `suppressions` (unreadable, or without findings) has none; a blocking
    error (`blocks_document`) is always kept, and with `selection.honour_comments` False no
    comment suppresses anything.
    """
    result = Selected()
    for finding in findings:
        if blocks_document(finding):
            result.kept.append(finding)
        elif not selection.selects(finding.code, finding.severity):
            result.unselected.append(finding)
        elif (selection.honour_comments and finding.location.path in suppressions
              and suppressions[finding.location.path].suppress(finding)):
            result.suppressed.append(finding)
        else:
            result.kept.append(finding)
    return result


def count_by_code(findings: Sequence[Finding]) -> list[tuple[str, Severity, int]]:
    """Return (code, severity, count) for `--statistics`, most frequent first, then by code."""
    counts: dict[tuple[str, Severity], int] = {}
    for finding in findings:
        key = (finding.code, finding.severity)
        counts[key] = counts.get(key, 0) + 1
    return sorted(((code, severity, n) for (code, severity), n in counts.items()),
                  key=lambda item: (-item[2], item[0], SEVERITY_RANK[item[1]]))
