"""The catalog of a run: every model by (system, kind, id), with the source document it was built from; an entry
may be made only when first read (`PendingEntry`)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, replace
from typing import Any

from fwdata.sources.document import SourceDocument
from fwdata.suggestions import did_you_mean


@dataclass(frozen=True)
class Entry:
    """A model with the source document it was built from (for locating findings).

    `base` is true for an entry of the base library (not of the pack being checked).
    """

    model: Any
    document: SourceDocument
    base: bool = False


@dataclass(frozen=True)
class PendingEntry:
    """An entry of a catalog not made yet: the display path of its document and how to make it (load the document,
    build the model). A catalog makes it the first time it is read (`Catalog.add`). An entry not `certain` may find
    no entry to make (a file known by its scanned header alone, found invalid when loaded: fwdata/incremental/
    check_cache.py `ScannedDocument`): `make` then returns None, and the catalog holds nothing under its id."""

    path: str
    make: Callable[[], Entry | None]
    certain: bool = True


class Catalog:
    """Every model of a run, indexed by (system, kind, id).

    `focus`, when given, holds the display paths of the files a run reports on: a system's checks then check only
    the entries `checked` returns (those of its files), reading any other entry they need; None checks every entry.
    """

    def __init__(self, focus: frozenset[str] | None = None) -> None:
        self._entries: dict[tuple[str, str], dict[str, Entry | PendingEntry]] = {}
        self._not_valid: dict[tuple[str, str, str], set[str]] = {}
        self.focus = focus

    def add_not_valid(self, system: str, kind: str, doc_id: str, path: str) -> None:
        """Remember that the document at the display path `path` has this id but fails its schema (it has no entry)."""
        self._not_valid.setdefault((system, kind, doc_id), set()).add(path)

    def unknown_note(self, system: str, kind: str, doc_id: str) -> str:
        """Return what to add to a REF-UNKNOWN finding for this id: where a document has it but fails its schema (the
        first such file by path), or "" when none does."""
        paths = self._not_valid.get((system, kind, doc_id))
        return "" if not paths else f" ({min(paths)} has that id but does not pass its schema: see its findings)"

    def unknown_ending(self, system: str, kind: str, doc_id: str) -> str:
        """Return the end of a REF-UNKNOWN message for an id no entry has: `unknown_note`, else the id meant, if one
        is near (`did_you_mean`)."""
        return self.unknown_note(system, kind, doc_id) or did_you_mean(doc_id, self.ids(system, kind))

    def add(self, system: str, kind: str, doc_id: str, entry: Entry | PendingEntry) -> Entry | None:
        """Add an entry (or one made when first read); return the entry already holding that id, if any (the new
        one is not added)."""
        bucket = self._entries.setdefault((system, kind), {})
        if doc_id in bucket and (first := self._made(bucket, doc_id)) is not None:
            return first
        bucket[doc_id] = entry
        return None

    def replace(self, system: str, kind: str, doc_id: str, entry: Entry | PendingEntry) -> None:
        """Put `entry` in place of the entry holding its id (a declared override of a base entry)."""
        self._entries.setdefault((system, kind), {})[doc_id] = entry

    @staticmethod
    def _made(bucket: dict[str, Entry | PendingEntry], doc_id: str) -> Entry | None:
        """Return the entry under `doc_id`, made when pending; None (and the id gone) when it made none."""
        entry = bucket[doc_id]
        if isinstance(entry, PendingEntry):
            made = entry.make()
            if made is None:
                del bucket[doc_id]
                return None
            entry = bucket[doc_id] = made
        return entry

    def _made_all(self, bucket: dict[str, Entry | PendingEntry], keys: Iterable[str]) -> list[Entry]:
        return [entry for key in keys if (entry := self._made(bucket, key)) is not None]

    def entries(self, system: str, kind: str) -> list[Entry]:
        """Return the entries of one kind, sorted by id."""
        bucket = self._entries.get((system, kind), {})
        return self._made_all(bucket, sorted(bucket))

    def checked(self, system: str, kind: str) -> list[Entry]:
        """Return the entries of one kind a system's checks check, sorted by id: all, or with a `focus` those whose
        file is in it (no other entry is made for it)."""
        if self.focus is None:
            return self.entries(system, kind)
        bucket = self._entries.get((system, kind), {})
        return self._made_all(bucket, [key for key in sorted(bucket) if _path_of(bucket[key]) in self.focus])

    def models(self, system: str, kind: str) -> list[Any]:
        """Return the models of one kind, sorted by id."""
        return [entry.model for entry in self.entries(system, kind)]

    def get(self, system: str, kind: str, doc_id: str) -> Entry | None:
        """Return the entry with this id, or None."""
        bucket = self._entries.get((system, kind), {})
        return self._made(bucket, doc_id) if doc_id in bucket else None

    def ids(self, system: str, kind: str) -> list[str]:
        """Return the ids of one kind, sorted (each entry not `certain` made, to know it is one)."""
        bucket = self._entries.get((system, kind), {})
        return [key for key in sorted(bucket) if self._holds(bucket, key)]

    def has(self, system: str, kind: str, doc_id: str) -> bool:
        """Return True when an entry has this id; only an entry not `certain` is made to know it."""
        return self._holds(self._entries.get((system, kind), {}), doc_id)

    def _holds(self, bucket: dict[str, Entry | PendingEntry], doc_id: str) -> bool:
        entry = bucket.get(doc_id)
        if isinstance(entry, PendingEntry) and not entry.certain:
            return self._made(bucket, doc_id) is not None
        return entry is not None

    def without_data(self, kinds: Iterable[tuple[str, str]]) -> None:
        """Keep of the document of each pack entry of `kinds` ((system, kind) pairs) only its header and positions
        (`SourceDocument.without_data`); a base-library entry's document is shared and stays whole."""
        for kind in kinds:
            bucket = self._entries.get(kind, {})
            for doc_id in list(bucket):
                entry = self._made(bucket, doc_id)
                if entry is not None and not entry.base:
                    bucket[doc_id] = replace(entry, document=entry.document.without_data())

    def __iter__(self) -> Iterator[tuple[tuple[str, str], Entry]]:
        for key in sorted(self._entries):
            bucket = self._entries[key]
            for entry in self._made_all(bucket, sorted(bucket)):
                yield key, entry


def _path_of(entry: Entry | PendingEntry) -> str:
    return entry.path if isinstance(entry, PendingEntry) else entry.document.path
