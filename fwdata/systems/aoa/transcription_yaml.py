"""Imported book documents as YAML text: the envelope by ruamel.yaml, one flow mapping per page, odd words quoted."""

from __future__ import annotations

import io
import json
from collections.abc import Mapping
from functools import cache
from typing import Any

from ruamel.yaml import YAML

from fwdata.library import schema_root

ENUMS = ("range", "view", "facing", "tag")  # the book's own words, written unquoted


def book_text(document: Mapping[str, Any], csv_name: str, schema_ref: str) -> str:
    """Render a book document as YAML: a modeline, the import comment, the envelope, then one flow mapping per page.

    The envelope is dumped by ruamel.yaml; page lines are joined here (ruamel's emitter takes seconds for
    a book's 9,000 values), each odd word quoted by ruamel as its own scalar.
    """
    yaml = YAML()
    yaml.width = 4_096
    stream = io.StringIO()
    yaml.dump({key: value for key, value in document.items() if key != "pages"}, stream)
    lines = [f"# yaml-language-server: $schema={schema_ref}",
             f"# Imported by fwdata aoa import from {printable(csv_name)}; check with fwdata check",
             stream.getvalue().rstrip("\n"), "pages:"]
    lines += ["  - {" + ", ".join(f"{key}: {_flow_value(value)}" for key, value in page.items()) + "}"
              for page in document["pages"]]
    return "\n".join(lines) + "\n"


def printable(name: str) -> str:
    """A file name as one printable line (for a comment or the provenance): other characters as `?`."""
    return "".join(c if c.isprintable() else "?" for c in name)


def _flow_value(value: Any) -> str:
    """One value of a page's flow mapping as YAML 1.2 (the loader's core schema)."""
    if isinstance(value, list):
        return "[" + ", ".join(_flow_value(item) for item in value) + "]"
    if value is None or isinstance(value, bool):
        return {None: "null", True: "true", False: "false"}[value]
    if isinstance(value, int) or value in _plain_words():
        return str(value)
    # Any other word goes in double quotes: no typed cell (`?x`, `: q`, `&a`) can read back as anything but the
    # string it was; a character that is not printable (NEL, U+2028, a control) is escaped, so no reader folds it.
    return '"' + "".join(_escaped(c) for c in value) + '"'


def _escaped(character: str) -> str:
    """One character inside a YAML double-quoted scalar."""
    if character in '"\\':
        return "\\" + character
    if character.isprintable():
        return character
    code = ord(character)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"


@cache
def _plain_words() -> frozenset[str]:
    """The book's own words (ranges, views, facings, tags): written unquoted, as the generated books do."""
    return frozenset(word for name in ENUMS for word in enum_words(name))


@cache
def enum_words(name: str) -> tuple[str, ...]:
    """The words the book schema allows for page attribute `name` (range, view, facing or tag)."""
    schema = json.loads((schema_root() / "aoa" / "book.schema.json").read_text(encoding="utf-8"))
    return tuple(schema["properties"]["pages"]["items"]["properties"][name]["enum"])
