"""A loaded source document: plain data plus the line and column of every value."""

from __future__ import annotations

import functools
from array import array
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from fwdata.findings import Location

_COLUMN_BITS = 20  # a column is below 2**20: a line is at most LoadLimits.max_line_chars (4,000) characters


def packed_position(line: int, column: int) -> int:
    """Return a 1-based (line, column) as one int, the form `SourceDocument` keeps them in (one object, not three)."""
    return line << _COLUMN_BITS | column


def unpacked_position(packed: int) -> tuple[int, int]:
    """Return the (line, column) of `packed_position`'s result."""
    return packed >> _COLUMN_BITS, packed & ((1 << _COLUMN_BITS) - 1)


class Positions:
    """Where a document's values and keys start: JSON pointer -> 1-based (line, column).

    A large pack holds hundreds of thousands of positions, so they are kept
    compact: documents of one shape (the same pointers in the same order, as
    copies of a card are) share one pointer index, and each keeps two arrays
    of packed positions (`packed_position`; 0 for a value without a key), of
    32-bit numbers when every position fits (a file's first 4,095 lines), else 64-bit.
    Positions `found_later` are found the first time any is asked for (the first one asked for may be sought alone).
    """

    __slots__ = ("_find", "_finder", "_index", "_keys", "_seek", "_sought", "_values")

    def __init__(self, pointers: Iterable[str], values: Iterable[int], keys: Iterable[int]) -> None:
        self._find: Callable[[], Positions] | None = None
        self._finder: Callable[[], Positions] | None = None
        self._seek: Callable[[str], Positions | tuple[int, int]] | None = None
        self._sought: tuple[str, tuple[int, int] | None] | None = None
        self._index = _shared_index(tuple(pointers))
        self._values = _compact(values)
        self._keys = _compact(keys)

    @classmethod
    def found_later(cls, find: Callable[[], Positions],
                    seek: Callable[[str], Positions | tuple[int, int]] | None = None) -> Positions:
        """Return the positions `find()` returns, called the first time any position is asked for (or they are
        compared or packed): a document read without them (fwdata/sources/yaml_fast.py) finds them only when a
        finding points into it. `seek(pointer)`, if given, is asked for the first pointer instead: it returns the
        packed positions of its value and key, reading only as far as it, or, when the document has no such value,
        every position. Any other pointer asked for then finds them all. `find` and `seek` must pickle (a module's
        function, or a partial of one), as these do.
        """
        positions = cls.__new__(cls)
        positions._find, positions._finder, positions._seek, positions._sought = find, find, seek, None
        return positions

    @property
    def finder(self) -> Callable[[], Positions] | None:
        """The `find` of positions `found_later`, kept once they are found (whether they are depends on which process
        a finding was made in: fwdata/incremental/source_cache.py writes the same either way); None for others."""
        return self._finder

    def _found(self, found: Positions | None = None) -> None:
        if self._find is not None:
            found = found or self._find()
            found._found()
            self._index, self._values, self._keys = found._index, found._values, found._keys
            self._find = self._seek = self._sought = None

    def _packed(self, pointer: str) -> tuple[int, int] | None:
        """Return the packed positions of the value at `pointer` and of its key (0: none), None if there is no value."""
        if self._seek is not None:  # the first pointer asked for is sought alone
            seek, self._seek = self._seek, None
            sought = seek(pointer)
            if isinstance(sought, Positions):
                self._found(sought)
            else:
                self._sought = (pointer, sought)
        if self._sought is not None and self._sought[0] == pointer:
            return self._sought[1]
        self._found()
        index = self._index.get(pointer)
        return None if index is None else (self._values[index], self._keys[index])

    @classmethod
    def from_mappings(cls, values: Mapping[str, tuple[int, int]], keys: Mapping[str, tuple[int, int]]) -> Positions:
        """Return the positions of `values` (pointer -> position) and of the `keys` they have."""
        return cls(values, (packed_position(*at) for at in values.values()),
                   (packed_position(*keys[pointer]) if pointer in keys else 0 for pointer in values))

    def value(self, pointer: str) -> tuple[int, int] | None:
        """Return where the value at `pointer` starts, None if the document has no such value."""
        packed = self._packed(pointer)
        return None if packed is None else unpacked_position(packed[0])

    def key(self, pointer: str) -> tuple[int, int] | None:
        """Return where the key of the value at `pointer` starts, None if it has none (a list item, the root)."""
        packed = self._packed(pointer)
        return None if packed is None or not packed[1] else unpacked_position(packed[1])

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Positions) and self.packed() == other.packed()

    def packed(self) -> tuple[tuple[str, ...], array[int], array[int]]:
        """Return the pointers and the packed positions of their values and keys: what the constructor takes."""
        self._found()
        return tuple(self._index), self._values, self._keys

    def __reduce__(self) -> tuple[Any, ...]:
        if self._find is not None:
            return Positions.found_later, (self._find, self._seek)
        return Positions, self.packed()  # re-shared when unpickled


def _compact(numbers: Iterable[int]) -> array[int]:
    """Return `numbers` as an array of 32-bit numbers when they all fit, else of 64-bit ones."""
    wide = array("Q", numbers)
    try:
        return array("I", wide)
    except OverflowError:
        return wide


@functools.lru_cache(maxsize=1024)
def _shared_index(pointers: tuple[str, ...]) -> dict[str, int]:
    return {pointer: index for index, pointer in enumerate(pointers)}


SharedValues = dict[type, dict[Any, Any]]
"""The values documents share (`share_values`), by type: for each, every value by itself (an empty dict to begin)."""


def share_values(data: Any, shared: SharedValues) -> None:
    """Replace, in place, each string, integer and float in the lists and objects of `data` by the equal one of the
    same type in `shared` (a float 0.0 is left as it is: -0.0 equals it).

    Values not yet in `shared` are added to it. Documents given the same `shared` hold one copy of each text and
    number they share, as the copies of a card share their notes and most of their figures: the 5,000-card pack
    read back from its sources cache holds 52 MB less for its strings, and some 13 MB less for its numbers.
    """
    kind = type(data)
    if kind is dict:
        items: Iterable[tuple[Any, Any]] = data.items()
    elif kind is list:
        items = enumerate(data)
    else:
        return
    for key, value in items:
        value_kind = type(value)
        if value_kind is dict or value_kind is list:
            share_values(value, shared)
        elif value_kind is str or value_kind is int or (value_kind is float and value):
            data[key] = shared.setdefault(value_kind, {}).setdefault(value, value)


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

    `positions` has the 1-based (line, column) of every value and key by JSON
    pointer; `locate` turns a pointer into a `Location`, falling back to the
    nearest located ancestor.
    """

    path: str
    data: Any
    positions: Positions = field(repr=False)

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

    def without_data(self) -> SourceDocument:
        """Return this document with only its `system`, `kind` and `id` as data, and every position.

        Enough to name its catalog entry and locate findings in it once its model holds
        everything else that is read (`GameSystem.modeled_kinds`): a build of 5,000 cards
        holds 46 MB less while it draws.
        """
        data = self.data
        if isinstance(data, dict):
            data = {key: data[key] for key in ("system", "kind", "id") if key in data}
        return SourceDocument(self.path, data, self.positions)

    def locate(self, pointer: str = "", *, at_key: bool = False) -> Location:
        """Return the location of the value at `pointer` (or of its key when `at_key`).

        Pointers that do not exist (a missing property) resolve to the nearest
        existing ancestor, so a finding always has a line.
        """
        probe = pointer
        while True:
            found = self.positions.key(probe) if at_key and probe == pointer else None
            found = found or self.positions.value(probe)
            if found is not None:
                return Location(self.path, *found, pointer)
            if not probe:
                return Location(self.path, 1, 1, pointer)
            probe = pointer_parent(probe)
