"""Completion: ids where a value names another document (the pack's and the base library's of that kind), the
values the schema lists, and the keys a mapping may hold."""

from __future__ import annotations

from lsprotocol import types

from fwdata.game_system import Catalog
from fwdata.lsp.cursor import ITEM, cursor_at, header
from fwdata.lsp.references import referenced_kind
from fwdata.lsp.schemas import keys, kind_schema, values
from fwdata.systems import registered_systems

MAX_ITEMS = 2000


def completion(text: str, position: types.Position, catalog: Catalog | None) -> types.CompletionList:
    """Return what may be written at the cursor: ids, listed values (`system`, `kind` too) or keys."""
    cursor = cursor_at(text, position.line, position.character)
    items: list[types.CompletionItem] = []
    if cursor is None:
        return types.CompletionList(is_incomplete=False, items=items)
    fields = header(text)
    system, kind = fields.get("system"), fields.get("kind")
    value_paths = [cursor.path] if not cursor.on_key else []
    if cursor.bare and cursor.path[-2:-1] == (ITEM,):
        value_paths.append(cursor.path[:-1])  # `- p-5`: a list item's value being typed
    for path in value_paths:
        items += _values(path, system, kind, catalog)
    if cursor.on_key:
        schema = kind_schema(system, kind) if system and kind else None
        if schema is not None:
            for name, note in keys(schema, cursor.path[:-1]).items():
                items.append(types.CompletionItem(label=name, kind=types.CompletionItemKind.Property,
                                                  detail=note[:200] or None, insert_text=f"{name}: "))
        elif not cursor.path[:-1]:
            items += [types.CompletionItem(label=name, kind=types.CompletionItemKind.Property,
                                           insert_text=f"{name}: ") for name in ("system", "kind", "id")]
    return types.CompletionList(is_incomplete=len(items) > MAX_ITEMS, items=items[:MAX_ITEMS])


def _values(path: tuple[str, ...], system: str | None, kind: str | None,
            catalog: Catalog | None) -> list[types.CompletionItem]:
    systems = registered_systems()
    if path == ("system",):
        return [types.CompletionItem(label=name, kind=types.CompletionItemKind.EnumMember, detail=found.title)
                for name, found in systems.items()]
    if path == ("kind",) and system in systems:
        return [types.CompletionItem(label=name, kind=types.CompletionItemKind.EnumMember)
                for name in systems[system].build_models]
    target = referenced_kind(system, kind, path)
    if target is not None:
        if catalog is None:
            return []
        return [types.CompletionItem(label=entry.document.doc_id or "", kind=types.CompletionItemKind.Reference,
                                     detail=_title(entry.document.data, entry.base))
                for entry in catalog.entries(*target)]
    schema = kind_schema(system, kind) if system and kind else None
    if schema is None:
        return []
    return [types.CompletionItem(label=value, kind=types.CompletionItemKind.EnumMember)
            for value in values(schema, path)]


def _title(data: object, base: bool) -> str:
    name = data.get("name") if isinstance(data, dict) else None
    where = "base library" if base else "pack"
    return f"{name} ({where})" if isinstance(name, str) else where
