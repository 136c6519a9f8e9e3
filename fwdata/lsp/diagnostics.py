"""Diagnostics: `check`'s findings as the editor's diagnostics, and which files to publish after a check."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from pathlib import Path

from lsprotocol import types

from fwdata.findings import Finding, Severity

SOURCE = "fwdata"
SEVERITIES = {Severity.ERROR: types.DiagnosticSeverity.Error, Severity.WARNING: types.DiagnosticSeverity.Warning,
              Severity.INFO: types.DiagnosticSeverity.Information}
# The end of a value or key that starts at a finding's column: a quoted text, or plain text up to `: `, ` #`, a
# comma or bracket of a flow collection, or the end of the line.
_QUOTED = re.compile(r"\"(?:[^\"\\]|\\.)*\"?|'(?:[^']|'')*'?")
_PLAIN = re.compile(r"(?:[^\s:#,\[\]{}]|:(?=\S)|(?<=\S)#|[ \t]+(?=[^\s#:,\[\]{}]))*")


def token_range(lines: Sequence[str], line: int, column: int) -> types.Range:
    """Return the range of the key or value that starts at 1-based `line` and `column` of a text's `lines`.

    The range covers the quoted or plain text there (at least one character; the whole line's
    content for a finding at line 1, column 1 of an empty line, or past the end of the text).
    """
    if line <= 0 or line > len(lines):
        return types.Range(types.Position(max(line - 1, 0), 0), types.Position(max(line - 1, 0), 0))
    text = lines[line - 1]
    start = min(max(column - 1, 0), len(text))
    pattern = _QUOTED if text[start:start + 1] in ("'", '"') else _PLAIN
    match = pattern.match(text, start)
    end = match.end() if match and match.end() > start else min(start + 1, len(text))
    if end == start:
        start, end = len(text) - len(text.lstrip()), len(text)
    return types.Range(types.Position(line - 1, start), types.Position(line - 1, end))


def to_diagnostic(finding: Finding, lines: Sequence[str]) -> types.Diagnostic:
    """Return a finding as a diagnostic: its code, severity and message as `check` prints them, at its token."""
    return types.Diagnostic(range=token_range(lines, finding.location.line, finding.location.column),
                            message=finding.message, severity=SEVERITIES[finding.severity], code=finding.code,
                            source=SOURCE)


def to_publish(findings: Mapping[Path, list[Finding]], on_disk: Mapping[Path, list[Finding]], open_paths: set[Path],
               published: Mapping[Path, list[Finding]]) -> dict[Path, list[Finding]]:
    """Return the findings to publish by file after a check: an open file's always (the editor hears of every
    change, edit or save, even when its findings stay the same); a closed file's once they differ from what it
    had on disk before any edit (a card's change broke a scenario), and from then on whenever they change (back
    to its findings on disk when fixed).
    """
    chosen: dict[Path, list[Finding]] = {}
    for path, found in findings.items():
        last = published.get(path)
        if path in open_paths:
            chosen[path] = found
        elif last is not None:
            if last != found:
                chosen[path] = found
        elif found != on_disk.get(path, []):
            chosen[path] = found
    for path, last in published.items():
        if path not in findings and last:
            chosen[path] = []  # a file gone from the pack
    return chosen
