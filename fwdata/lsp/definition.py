"""Go to definition: from a value that names another document to that document's `id` line, in the pack or in the
base library (its files as installed)."""

from __future__ import annotations

import os
from pathlib import Path

from lsprotocol import types
from pygls.uris import from_fs_path

from fwdata.game_system import Catalog
from fwdata.lsp.cursor import cursor_at, header
from fwdata.lsp.references import KindKey, referenced_kind


def entry_location(catalog: Catalog, key: KindKey, doc_id: str) -> types.Location | None:
    """Return where the catalog entry `key` `doc_id` is written: its file and the line of its `id`."""
    entry = catalog.get(key[0], key[1], doc_id)
    if entry is None:
        return None
    where = entry.document.locate("/id")
    uri = from_fs_path(os.path.abspath(entry.document.path))
    if uri is None:
        return None
    line, column = max(where.line - 1, 0), max(where.column - 1, 0)
    return types.Location(uri=uri, range=types.Range(types.Position(line, column), types.Position(line, column)))


def definition(text: str, position: types.Position, catalog: Catalog | None) -> types.Location | None:
    """Return the document the value under the cursor names, None when it names none or none with that id."""
    cursor = cursor_at(text, position.line, position.character)
    if cursor is None or cursor.word is None or catalog is None:
        return None
    fields = header(text)
    path = cursor.path[:-1] if cursor.bare else cursor.path
    if cursor.on_key and not cursor.bare:
        return None
    target = referenced_kind(fields.get("system"), fields.get("kind"), path)
    return None if target is None else entry_location(catalog, target, cursor.word.text)


def path_of_uri(uri: str) -> Path | None:
    """Return the file a `file:` URI names (absolute), None for another scheme."""
    from pygls.uris import to_fs_path

    path = to_fs_path(uri)
    return None if path is None or not uri.startswith("file:") else Path(os.path.abspath(path))
