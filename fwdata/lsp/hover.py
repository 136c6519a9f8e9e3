"""Hover: on a finding, its explanation and fix from the findings catalogue (docs/findings.md); on a key, its schema
description, unit and rule number; on a value that names a document, that document."""

from __future__ import annotations

from collections.abc import Sequence

from lsprotocol import types

from fwdata.findings import Finding
from fwdata.game_system import Catalog
from fwdata.lsp.cursor import cursor_at, header
from fwdata.lsp.diagnostics import token_range
from fwdata.lsp.references import referenced_kind
from fwdata.lsp.schemas import key_help, kind_schema
from fwdata.reporting.rules import finding_rules
from fwdata.systems import finding_sections, registered_systems


def finding_help(finding: Finding) -> str:
    """Return the Markdown of a finding: its code and message, then the catalogue's explanation, rule and fix."""
    rule = finding_rules(finding_sections(registered_systems())).get(finding.code)
    explained = rule.help if rule is not None else "This code is not in the registry of finding codes."
    return f"**{finding.code}** ({finding.severity.value}): {finding.message}\n\n{explained}"


def hover(text: str, position: types.Position, findings: Sequence[Finding], catalog: Catalog | None
          ) -> types.Hover | None:
    """Return what the editor shows at the cursor: the findings there, else the key's or the named entry's help."""
    lines = text.split("\n")
    shown = [finding for finding in findings if _covers(token_range(lines, finding.location.line,
                                                                     finding.location.column), position)]
    if shown:
        return types.Hover(contents=types.MarkupContent(kind=types.MarkupKind.Markdown,
                                                        value="\n\n---\n\n".join(map(finding_help, shown))))
    cursor = cursor_at(text, position.line, position.character)
    if cursor is None:
        return None
    fields = header(text)
    system, kind = fields.get("system"), fields.get("kind")
    if cursor.on_key and not cursor.bare:
        schema = kind_schema(system, kind) if system and kind else None
        note = None if schema is None else key_help(schema, cursor.path)
        return None if note is None else types.Hover(contents=types.MarkupContent(
            kind=types.MarkupKind.Markdown, value=note))
    target = referenced_kind(system, kind, cursor.path[:-1] if cursor.bare else cursor.path)
    if target is None or cursor.word is None or catalog is None:
        return None
    entry = catalog.get(target[0], target[1], cursor.word.text)
    if entry is None:
        return None
    name = entry.document.data.get("name") if isinstance(entry.document.data, dict) else None
    where = "base library" if entry.base else "pack"
    return types.Hover(contents=types.MarkupContent(
        kind=types.MarkupKind.Markdown,
        value=f"**{target[0]} {target[1]} {cursor.word.text}**" + (f": {name}" if isinstance(name, str) else "")
              + f"\n\n{entry.document.path} ({where})"))


def _covers(area: types.Range, position: types.Position) -> bool:
    return area.start.line == position.line and area.start.character <= position.character <= area.end.character
