"""Code actions: suppress a finding on its line (not an error no comment hides: `blocks_document`), apply a
finding's did-you-mean, write the pack's schemas for a modeline that names none."""

from __future__ import annotations

import re
from collections.abc import Sequence

from lsprotocol import types

from fwdata.findings import Severity
from fwdata.lsp.diagnostics import SOURCE
from fwdata.review.selection import SUPPRESSION, is_blocking

WRITE_SCHEMAS = "fwdata.writeSchemas"
_DID_YOU_MEAN = re.compile(r"\(did you mean '([^'\\]*)'\?\)")


def code_actions(uri: str, text: str, diagnostics: Sequence[types.Diagnostic]) -> list[types.CodeAction]:
    """Return the fixes of the diagnostics fwdata published that the editor sends (those at the cursor)."""
    lines = text.split("\n")
    actions: list[types.CodeAction] = []
    for diagnostic in diagnostics:
        if diagnostic.source != SOURCE or not isinstance(diagnostic.code, str):
            continue
        code = diagnostic.code
        suggestion = _DID_YOU_MEAN.search(diagnostic.message)
        if suggestion is not None:
            actions.append(types.CodeAction(
                title=f"Change to '{suggestion[1]}'", kind=types.CodeActionKind.QuickFix, diagnostics=[diagnostic],
                is_preferred=True,
                edit=types.WorkspaceEdit(changes={uri: [types.TextEdit(range=diagnostic.range,
                                                                       new_text=suggestion[1])]})))
        if code == "MODELINE-SCHEMA-MISSING":
            actions.append(types.CodeAction(
                title="Write the pack's schemas into .fwdata/schemas and point the modeline there",
                kind=types.CodeActionKind.QuickFix, diagnostics=[diagnostic],
                command=types.Command(title="Write the pack's schemas", command=WRITE_SCHEMAS, arguments=[uri])))
        line = diagnostic.range.start.line
        severity = Severity.ERROR if diagnostic.severity == types.DiagnosticSeverity.Error else Severity.WARNING
        if line < len(lines) and not is_blocking(code, severity.value):
            actions.append(types.CodeAction(
                title=f"Ignore {code} on this line", kind=types.CodeActionKind.QuickFix, diagnostics=[diagnostic],
                edit=types.WorkspaceEdit(changes={uri: [suppression_edit(lines[line], line, code)]})))
    return actions


def suppression_edit(text: str, line: int, code: str) -> types.TextEdit:
    """Return the edit that adds `code` to the line's `# fwdata: ignore[...]`, or that comment at its end."""
    body = text.rstrip("\r")
    existing = next((match for match in SUPPRESSION.finditer(body) if not match["file"]), None)
    if existing is not None:
        at = existing.end("codes")
        joiner = ", " if existing["codes"].strip() else ""
        return types.TextEdit(range=types.Range(types.Position(line, at), types.Position(line, at)),
                              new_text=f"{joiner}{code}")
    end = len(body.rstrip())
    return types.TextEdit(range=types.Range(types.Position(line, end), types.Position(line, len(body))),
                          new_text=f"  # fwdata: ignore[{code}]")
