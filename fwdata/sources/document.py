"""A loaded source document: plain data plus the line and column of every value."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from fwdata.findings import Location

_COLUMN_BITS = 24


def packed_position(line: int, column: int) -> int:
    """Return a 1-based (line, column) as one int, the form `SourceDocument` keeps them in (one object, not three)."""
    return line << _COLUMN_BITS | column


def unpacked_position(packed: int) -> tuple[int, int]:
    """Return the (line, column) of `packed_position`'s result."""
    return packed >> _COLUMN_BITS, packed & ((1 << _COLUMN_BITS) - 1)


def pointer_join(pointer: str, token: str | int) -> str:
    """Return `pointer` extended by one reference token (RFC 6901 escaping)."""
    escaped = str(token).replace("~", "~0").replace("/", "~1")
    return f"{pointer}/{escaped}"


def pointer_parent(pointer: str) -> str:
    """Return the pointer of the containing value ('' for the document root)."""
    return pointer.rsplit("/", 1)[0] if pointer else ""


@dataclass(frozen=True)
class SourceDocument:
    """One YAML source file as plain JSON-like data.

    `value_positions` and `key_positions` map JSON pointers to 1-based
    (line, column) packed by `packed_position` (a large pack keeps hundreds of
    thousands); `locate` turns a pointer into a `Location`, falling back to the
    nearest located ancestor.
    """

    path: str
    data: Any
    value_positions: Mapping[str, int] = field(repr=False)
    key_positions: Mapping[str, int] = field(repr=False)

    @property
    def system(self) -> str | None:
        """The document's `system` value, if it is a string."""
        value = self.data.get("system") if isinstance(self.data, dict) else None
        return value if isinstance(value, str) else None

    @property
    def kind(self) -> str | None:
        """The document's `kind` value, if it is a string."""
        value = self.data.get("kind") if isinstance(self.data, dict) else None
        return value if isinstance(value, str) else None

    @property
    def doc_id(self) -> str | None:
        """The document's `id` value, if it is a string."""
        value = self.data.get("id") if isinstance(self.data, dict) else None
        return value if isinstance(value, str) else None

    def locate(self, pointer: str = "", *, at_key: bool = False) -> Location:
        """Return the location of the value at `pointer` (or of its key when `at_key`).

        Pointers that do not exist (a missing property) resolve to the nearest
        existing ancestor, so a finding always has a line.
        """
        probe = pointer
        while True:
            positions = self.key_positions if at_key and probe == pointer else self.value_positions
            found = positions.get(probe)
            if found is None and at_key and probe == pointer:
                found = self.value_positions.get(probe)
            if found is not None:
                return Location(self.path, *unpacked_position(found), pointer)
            if not probe:
                return Location(self.path, 1, 1, pointer)
            probe = pointer_parent(probe)
