"""The contract between the pipeline and a game system: what a system provides and the values they exchange."""

from __future__ import annotations

import copyreg
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any, Protocol

from fwdata.catalog import Catalog, Entry
from fwdata.findings import Finding, Report
from fwdata.findings.codes import FindingSection
from fwdata.options import BuildOptions, SystemOption
from fwdata.render.layout import Size
from fwdata.render.page_copies import PageRecord
from fwdata.review import Review
from fwdata.review.baseline import Baseline
from fwdata.sources.document import SourceDocument

# The entry-point group game systems are registered under (fwdata/systems/__init__.py finds them there).
SYSTEMS_GROUP = "fwdata.systems"


def frozen(value: Any) -> Any:
    """Return plain data read-only for a model: mappings become MappingProxyType, lists tuples.

    A dict whose values all stay as they are (scalars) is wrapped, not copied: loaded data is never changed,
    and a large pack's models would otherwise hold a second copy of it. Other mappings are copied.
    """
    if value is None or isinstance(value, (str, int, float)):  # told apart before Mapping's slower isinstance
        return value
    if isinstance(value, Mapping):
        items = [(key, frozen(item)) for key, item in value.items()]
        if type(value) is dict and all(new is value[key] for key, new in items):
            return MappingProxyType(value)
        return MappingProxyType(dict(items))
    if isinstance(value, list | tuple):
        return tuple(frozen(item) for item in value)
    return value


def _read_only(data: dict[Any, Any]) -> MappingProxyType[Any, Any]:
    return MappingProxyType(data)


def _reduce_read_only(proxy: MappingProxyType[Any, Any]) -> tuple[Any, ...]:
    return _read_only, (dict(proxy),)


# A model's read-only mappings pickle as read-only mappings, so cards can be sent to a sheet's own process.
copyreg.pickle(MappingProxyType, _reduce_read_only)


@dataclass(frozen=True)
class Output:
    """One rendered file: `path` is relative to the build folder (POSIX form), `data` its bytes."""

    path: str
    data: bytes


class OutputFile(Protocol):
    """An output in memory (`Output`) or on disk (`StoredOutput`): its path in the build folder and its bytes."""

    @property
    def path(self) -> str: ...

    @property
    def data(self) -> bytes: ...


@dataclass(frozen=True)
class StoredOutput:
    """An output written to disk: `path` relative to the build folder, `file` where its bytes are, their SHA-256 and
    size in bytes.

    A build writes each output as it is drawn rather than holding them all (fwdata/output/write.py `Staging`).
    """

    path: str
    file: Path
    sha256: str
    size: int

    @property
    def data(self) -> bytes:
        """The file's bytes, read now (raises OSError when it is gone)."""
        return self.file.read_bytes()


@dataclass
class RenderResult:
    """What a system's renderer returns: the files, findings such as text overflow, and by output path the keyed
    pages a later build may copy (fwdata/render/page_copies.py)."""

    outputs: list[Output] = field(default_factory=list)
    findings: list[Finding] = field(default_factory=list)
    pages: dict[str, tuple[PageRecord, ...]] = field(default_factory=dict)

    def extend(self, other: RenderResult) -> None:
        """Append another result's outputs, findings and pages."""
        self.outputs.extend(other.outputs)
        self.findings.extend(other.findings)
        self.pages.update(other.pages)


@dataclass
class RunResult:
    """The report of a run, the catalog of models it built, and the files a build wrote into its folder.

    `reported` holds the display paths of the files the run reports on (the files
    the user named); the catalog also holds the rest of the pack and the base library.
    `report` holds the findings shown (selected, not suppressed, not baselined);
    `review` says what happened to the others; `recorded` is the baseline of
    this run's findings (what --write-baseline writes). `unchanged` is True for a
    build that found no input changed and kept the previous build folder as it was;
    `copied` counts the outputs a build copied from the previous one, their sources unchanged.
    """

    report: Report
    catalog: Catalog
    outputs: list[StoredOutput] = field(default_factory=list)
    reported: frozenset[str] = frozenset()
    review: Review = field(default_factory=Review)
    recorded: Baseline = field(default_factory=Baseline)
    unchanged: bool = False
    copied: int = 0

    def named(self, entries: Iterable[Entry]) -> list[Entry]:
        """Return the entries whose source file is one the user named."""
        return [entry for entry in entries if entry.document.path in self.reported]


EntryKey = tuple[str, str, str]
"""(system, kind, id) of a catalog entry."""


@dataclass(frozen=True)
class ImposedSheet:
    """How to draw an imposed card sheet from its cards, in a form that crosses processes
    (fwdata/processes/fresh_process.py).

    `draw(items, pages=...)` returns the RenderResult of the sheet holding `items` (a sequence like
    `items`, read by slices); with `pages` (`SheetPages`, or None) it copies the previous build's
    pages whose cards did not change, without reading their items. `draw` is a module-level
    function (or a `functools.partial` of one) and each item picklable, so a process that holds
    nothing else can be sent just the cards it draws.
    """

    draw: Callable[..., RenderResult]
    items: Sequence[Any]

    def render(self) -> RenderResult:
        """Draw the whole sheet in this process, copying nothing."""
        return self.draw(self.items, pages=None)


@dataclass(frozen=True)
class PlannedOutput:
    """One output file a system will render: its path, the catalog entries it is drawn from, how to render it.

    `render` returns a RenderResult holding the one output at `path` (and its
    findings). `sources` are the entries the output reads, present or not (a
    missing reference prints differently once it exists); None when they cannot
    be told exactly: the output then counts as drawn from every entry of its
    system. An incremental build (fwdata/incremental/build_cache.py) reuses the previous
    file when none of them changed. An imposed card sheet also gives the
    sources of each of its `items` (cards, in sheet order) and its `sheet`, which
    draws it copying the pages of the previous build whose items did not change
    (`SheetPages`), in this process or in one of its own. `keyed_by`, when given,
    keys the output more narrowly than its sources' files (`KeyedBy`). `shows`, when given,
    names the entries the output shows where `sources` is None or wider: a pack's build draws
    an output only when one of them (else of its sources) is the pack's (fwdata/output/pack_outputs.py).
    """

    path: str
    sources: tuple[EntryKey, ...] | None
    render: Callable[[], RenderResult]
    items: tuple[tuple[EntryKey, ...], ...] | None = None
    sheet: ImposedSheet | None = None
    keyed_by: KeyedBy | None = None
    shows: tuple[EntryKey, ...] | None = None


@dataclass(frozen=True)
class KeyedBy:
    """A narrower key for a planned output that reads little of some of its sources: the entries whose files it
    reads (`sources`) and the JSON `values` it reads from the others (a scenario's log sheets print each aircraft's
    name and nothing else of its card). Equal keys must draw the same file."""

    sources: tuple[EntryKey, ...]
    values: tuple[Any, ...]


@dataclass(frozen=True)
class PlannedCheck:
    """One entry's rule checks, which a build need not run again while its sources are unchanged.

    `run` returns the findings; it reads only the entries `sources` names (present or
    not), so the findings are kept in the build cache under the key of their files
    (fwdata/incremental/check_memo.py). `name` tells the check apart within its system (the entry's
    output path, say). `run` may be called in a forked worker.
    """

    name: str
    sources: tuple[EntryKey, ...]
    run: Callable[[], list[Finding]]


def render_planned(plans: Iterable[PlannedOutput]) -> RenderResult:
    """Render every planned output, in order."""
    result = RenderResult()
    for plan in plans:
        result.extend(plan.render())
    return result


# The most bases a variant may have above it (a chain longer than that is a REF-VARIANT-DEPTH error and is never
# resolved): the rulebooks' variants have one base, a pack's variant of a variant two; the cap keeps resolving
# every card of a pack linear in its size.
MAX_VARIANT_DEPTH = 8


def variant_depth_message(chain: list[str]) -> str:
    """Return the REF-VARIANT-DEPTH message of a variant whose chain of ids (itself first) passed MAX_VARIANT_DEPTH."""
    return (f"{chain[0]} has more than {MAX_VARIANT_DEPTH} bases above it ({' -> '.join(chain[:4])} -> ...): a "
            f"variant states what differs from its base, at most {MAX_VARIANT_DEPTH} deep; it is not resolved, "
            "checked or drawn")


def variant_chain(catalog: Catalog, key: EntryKey, parent: Callable[[Any], str | None]) -> tuple[EntryKey, ...]:
    """Return `key` and the keys of its base chain (`parent(model)` names a base id), up to a missing base, a loop
    or MAX_VARIANT_DEPTH bases."""
    chain = [key]
    entry = catalog.get(*key)
    while entry is not None and (base := parent(entry.model)) is not None and len(chain) <= MAX_VARIANT_DEPTH:
        key = (key[0], key[1], base)
        if key in chain:
            break
        chain.append(key)
        entry = catalog.get(*key)
    return tuple(chain)


ModelBuilder = Callable[[SourceDocument], Any]
Checker = Callable[[Catalog, BuildOptions], Iterable[Finding]]
Renderer = Callable[[Catalog, BuildOptions], RenderResult]
Planner = Callable[[Catalog, BuildOptions], list[PlannedOutput]]
CheckPlanner = Callable[[Catalog, BuildOptions], list[PlannedCheck]]


@dataclass(frozen=True)
class GameSystem:
    """One game system: its id, its document kinds (kind -> model builder), its checks and renderer.

    `build_models[kind]` turns a schema-valid document into an immutable model;
    `run_checks` returns findings (references and rule simulations), but those of
    `plan_checks`, when given: the checks of one entry each, with the entries they read,
    so a build runs only those whose sources changed;
    `render_outputs` returns the PDFs and other files for `build/<system>/`;
    `plan_outputs`, when given, lists the same outputs unrendered, each with the
    entries it is drawn from, so a build renders only the changed ones;
    `commands` returns the system's click command group (`fwdata <id> ...`);
    `deck_folders` are the output folders holding one card per PDF (`fw/aircraft`),
    each made into Tabletop Simulator deck sheets by `fwdata build --png`.
    `modeled_kinds` are the kinds whose renderers read the model and the document's
    positions only, never its data: once checked, a build keeps of such a document
    only what `SourceDocument.without_data` does (tests/test_modeled_kinds.py holds each
    system to it).
    `kind_folders[kind]` is the folder of a pack where that kind's files go (POSIX, e.g. `cards/fw`;
    `fwdata new` writes there); `schema_folder`, when given, holds the system's kind schemas as
    `<kind>.schema.json` (a system from another distribution ships them in its package), else they are
    `<schema root>/<id>/<kind>.schema.json` in the base library.
    `citations` maps the system's rulebook seed-file names and bracket references (`[000]`) to the short
    titles printed instead (fwdata/render/citations.py).
    `findings` documents the system's finding codes (code, severity, meaning, rule, fix): its section of
    docs/findings.md, made by tools/findings_doc.py.
    `card_sizes` names the trim sizes (points) of the system's cards, `options` its option group: the
    `fwdata build` options that belong to it (`--card-size`, `--verdicts`), which the command line adds
    from every registered system and its renderers read through `BuildOptions.chosen`.
    `books` maps the citation prefix of each rulebook the system's docstrings cite (`OTR` of `OTR 4.3`) to the
    book's title; a bare rule number in a finding code's `rule` is the first book's (docs/rules-index.md, made by
    tools/rules_index.py).
    A system is found through the `fwdata.systems` entry-point group (docs/architecture.md).
    """

    id: str
    title: str
    build_models: dict[str, ModelBuilder]
    run_checks: Checker
    render_outputs: Renderer
    plan_outputs: Planner | None = None
    plan_checks: CheckPlanner | None = None
    commands: Callable[[], Any] | None = None
    deck_folders: tuple[str, ...] = ()
    modeled_kinds: tuple[str, ...] = ()
    kind_folders: Mapping[str, str] = field(default_factory=dict)
    schema_folder: Path | None = None
    findings: FindingSection | None = None
    citations: Mapping[str, str] = field(default_factory=dict)
    books: Mapping[str, str] = field(default_factory=dict)
    card_sizes: Mapping[str, Size] = field(default_factory=dict)
    options: tuple[SystemOption, ...] = ()
