"""Game systems: each package under fwdata/systems/ registers its document kinds, checks and renderers.

Adding a game means adding one package and one line to `SYSTEMS` below; the
pipeline does not change.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from fwdata.findings import Finding
from fwdata.options import BuildOptions
from fwdata.sources.document import SourceDocument


def frozen(value: Any) -> Any:
    """Return a read-only deep copy of plain data for a model: mappings become MappingProxyType, lists tuples."""
    if isinstance(value, Mapping):
        return MappingProxyType({key: frozen(item) for key, item in value.items()})
    if isinstance(value, list | tuple):
        return tuple(frozen(item) for item in value)
    return value


@dataclass(frozen=True)
class Output:
    """One rendered file: `path` is relative to the build folder (POSIX form), `data` its bytes."""

    path: str
    data: bytes


@dataclass
class RenderResult:
    """What a system's renderer returns: the files, and findings such as text overflow."""

    outputs: list[Output] = field(default_factory=list)
    findings: list[Finding] = field(default_factory=list)

    def extend(self, other: RenderResult) -> None:
        """Append another result's outputs and findings."""
        self.outputs.extend(other.outputs)
        self.findings.extend(other.findings)


@dataclass(frozen=True)
class Entry:
    """A model with the source document it was built from (for locating findings)."""

    model: Any
    document: SourceDocument


class Catalog:
    """Every model of a run, indexed by (system, kind, id)."""

    def __init__(self) -> None:
        self._entries: dict[tuple[str, str], dict[str, Entry]] = {}

    def add(self, system: str, kind: str, doc_id: str, entry: Entry) -> Entry | None:
        """Add an entry; return the entry already holding that id, if any (the new one is not added)."""
        bucket = self._entries.setdefault((system, kind), {})
        if doc_id in bucket:
            return bucket[doc_id]
        bucket[doc_id] = entry
        return None

    def entries(self, system: str, kind: str) -> list[Entry]:
        """Return the entries of one kind, sorted by id."""
        bucket = self._entries.get((system, kind), {})
        return [bucket[key] for key in sorted(bucket)]

    def models(self, system: str, kind: str) -> list[Any]:
        """Return the models of one kind, sorted by id."""
        return [entry.model for entry in self.entries(system, kind)]

    def get(self, system: str, kind: str, doc_id: str) -> Entry | None:
        """Return the entry with this id, or None."""
        return self._entries.get((system, kind), {}).get(doc_id)

    def ids(self, system: str, kind: str) -> list[str]:
        """Return the ids of one kind, sorted."""
        return sorted(self._entries.get((system, kind), {}))

    def __iter__(self) -> Iterator[tuple[tuple[str, str], Entry]]:
        for key in sorted(self._entries):
            for doc_id in sorted(self._entries[key]):
                yield key, self._entries[key][doc_id]


ModelBuilder = Callable[[SourceDocument], Any]
Checker = Callable[[Catalog, BuildOptions], Iterable[Finding]]
Renderer = Callable[[Catalog, BuildOptions], RenderResult]


@dataclass(frozen=True)
class GameSystem:
    """One game system: its id, its document kinds (kind -> model builder), its checks and renderer.

    `build_models[kind]` turns a schema-valid document into an immutable model;
    `run_checks` returns findings (references and rule simulations);
    `render_outputs` returns the PDFs and other files for `build/<system>/`.
    """

    id: str
    title: str
    build_models: dict[str, ModelBuilder]
    run_checks: Checker
    render_outputs: Renderer


def registered_systems() -> dict[str, GameSystem]:
    """Return every registered game system by id."""
    from fwdata.systems import aoa, fl, fw

    systems = [fw.SYSTEM, aoa.SYSTEM, fl.SYSTEM]
    return {system.id: system for system in systems}
