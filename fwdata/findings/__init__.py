"""Findings: every problem in the data, with a stable code, a severity and a location."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import StrEnum

# Characters that must never reach a terminal, a report line or an XML file as they are: C0 and C1
# controls and DEL (a newline forges a second finding line, ESC starts a terminal sequence), line and
# paragraph separators, bidi embeddings, overrides, isolates and marks (they reorder a line visually),
# lone surrogates (they cannot be encoded) and the noncharacters XML forbids.
UNSAFE_CHARACTERS = re.compile(r"[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069"
                               r"\ud800-\udfff\ufffe\uffff]")


def escape_controls(text: str) -> str:
    """Return `text` with every UNSAFE_CHARACTERS character written as a Python escape (`\\n`, `\\x1b`, `\\u202e`).

    Printable text is left as it is (so the function is idempotent); the result
    holds no line break and nothing a terminal or an XML parser interprets.
    """
    if UNSAFE_CHARACTERS.search(text) is None:
        return text
    return UNSAFE_CHARACTERS.sub(lambda match: match[0].encode("unicode_escape").decode("ascii"), text)


# A colon in a path of the text format, except a Windows drive letter's: escaped, so that a file named
# `a.yaml:99:99: error FAKE: x.yaml` never reads as a finding at a.yaml:99:99 (an editor or a CI problem matcher
# takes everything up to `:line:column:` as the location).
PATH_COLON = re.compile(r"(?<!^[A-Za-z]):|^([A-Za-z]):(?![\\/])")


def text_path(path: str) -> str:
    """Return `path` as the text format prints it: every colon written `\\x3a` but a drive letter's (`C:\\`).

    `path` is already escaped by `escape_controls`, so the result holds no line break either.
    """
    return PATH_COLON.sub(lambda match: (match[1] or "") + "\\x3a", path) if ":" in path else path


class Severity(StrEnum):
    """How much a finding matters: errors stop a build, warnings do not (unless --strict)."""

    ERROR = "error"
    WARNING = "warning"
    INFO = "info"


@dataclass(frozen=True, order=True)
class Location:
    """A place in a source file: 1-based line and column, and the JSON pointer of the value.

    `path` and `pointer` are stored with control characters escaped (`escape_controls`).
    """

    path: str
    line: int = 0
    column: int = 0
    pointer: str = ""

    def __post_init__(self) -> None:
        object.__setattr__(self, "path", escape_controls(self.path))
        object.__setattr__(self, "pointer", escape_controls(self.pointer))


@dataclass(frozen=True)
class Finding:
    """One problem in the data.

    `code` is stable and documented in docs/findings.md; `message` says what was
    expected, what was found and where the rule is. Both are stored with control
    characters escaped (`escape_controls`), so every format prints a finding as one line.
    """

    location: Location
    severity: Severity
    code: str
    message: str

    def __post_init__(self) -> None:
        object.__setattr__(self, "code", escape_controls(self.code))
        object.__setattr__(self, "message", escape_controls(self.message))

    def format_line(self) -> str:
        """Return the one-line text form `path:line:col: severity CODE: message` (colons escaped: `text_path`)."""
        loc = self.location
        path = text_path(loc.path)
        where = path if loc.line <= 0 else f"{path}:{loc.line}:{loc.column}"
        return f"{where}: {self.severity.value} {self.code}: {self.message}"

    def as_json(self) -> dict[str, object]:
        """Return the JSON form used by `--format json`."""
        loc = self.location
        return {
            "path": loc.path,
            "line": loc.line,
            "column": loc.column,
            "severity": self.severity.value,
            "code": self.code,
            "message": self.message,
            "pointer": loc.pointer,
        }


def error(location: Location, code: str, message: str) -> Finding:
    """Return an error finding."""
    return Finding(location, Severity.ERROR, code, message)


def warning(location: Location, code: str, message: str) -> Finding:
    """Return a warning finding."""
    return Finding(location, Severity.WARNING, code, message)


def info(location: Location, code: str, message: str) -> Finding:
    """Return an informational finding (never fails a build)."""
    return Finding(location, Severity.INFO, code, message)


@dataclass
class Report:
    """All findings of a run, and how many files were read."""

    findings: list[Finding] = field(default_factory=list)
    files_read: int = 0

    def extend(self, findings: Iterable[Finding]) -> None:
        """Add findings; a finding identical to one already reported is left out."""
        seen = set(self.findings)
        for finding in findings:
            if finding not in seen:
                seen.add(finding)
                self.findings.append(finding)

    def sorted(self) -> list[Finding]:
        """Return the findings sorted by path, line, column, then code."""
        return sorted(self.findings, key=lambda f: (f.location, f.code, f.message))

    def count(self, severity: Severity) -> int:
        """Count findings of one severity."""
        return sum(1 for f in self.findings if f.severity is severity)

    def failed(self, strict: bool = False) -> bool:
        """Tell whether the run failed: any error, or any warning when `strict`."""
        if self.count(Severity.ERROR):
            return True
        return strict and self.count(Severity.WARNING) > 0

    def summary(self) -> str:
        """Return the summary line, e.g. `2 errors, 1 warning in 57 files` (`, 3 infos` added when there are any)."""

        def plural(n: int, word: str) -> str:
            return f"{n} {word}{'' if n == 1 else 's'}"

        counts = f"{plural(self.count(Severity.ERROR), 'error')}, {plural(self.count(Severity.WARNING), 'warning')}"
        infos = self.count(Severity.INFO)
        if infos:
            counts += f", {plural(infos, 'info')}"
        return f"{counts} in {plural(self.files_read, 'file')}"
