"""Build catalog: build/index.html, every output of a build with its thumbnail, links and its sources' findings."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass

import jinja2

from fwdata.findings import Finding, Severity
from fwdata.game_system import Catalog, EntryKey, GameSystem, OutputFile
from fwdata.output.previews import png_page_path
from fwdata.reporting.text import plural

INDEX_PAGE = "index.html"


@dataclass(frozen=True)
class CatalogItem:
    """One output on the index page: its name, its path (relative to the build folder), its first page's PNG."""

    name: str
    path: str
    thumbnail: str | None
    findings: tuple[Finding, ...]


@dataclass(frozen=True)
class CatalogSection:
    """One game system's outputs and deck sheets on the index page."""

    title: str
    system: str
    items: tuple[CatalogItem, ...]
    decks: tuple[str, ...]


def source_paths(catalog: Catalog, system: str, sources: Iterable[EntryKey] | None) -> frozenset[str]:
    """Return the source files (display paths) of an output drawn from `sources`; None means every entry of `system`."""
    if sources is None:
        return frozenset(entry.document.path for (found, _), entry in catalog if found == system)
    entries = (catalog.get(*key) for key in sources)
    return frozenset(entry.document.path for entry in entries if entry is not None)


def index_page(outputs: Sequence[OutputFile], systems: Mapping[str, GameSystem],
               drawn_from: Mapping[str, frozenset[str]], findings: Sequence[Finding], findings_report: str
               ) -> Iterator[bytes]:
    """Yield build/index.html (INDEX_PAGE) for `outputs` in UTF-8 pieces, as the template makes them: per system,
    each output with its thumbnail, link and findings.

    `drawn_from` maps an output path to the source files it is drawn from (an output
    missing there is drawn from none); `findings` are the findings the build reports,
    each listed under every output drawn from its file, and under "Other findings" when
    no output is. Thumbnails are the outputs' first-page PNGs when the build made them
    (`--png`). Every text is HTML-escaped and every link relative, so the page works
    opened from disk. The page of 5,000 cards is 5 MB: it is written as it is made, never held whole.
    """
    written = {output.path for output in outputs}
    listed: dict[str, list[int]] = {}  # the findings of each file, by their place in `findings`
    for number, finding in enumerate(findings):
        listed.setdefault(finding.location.path, []).append(number)
    sections: list[CatalogSection] = []
    attached: set[str] = set()
    for system in systems.values():
        items = []
        for output in outputs:
            folder, _, rest = output.path.partition("/")
            if folder != system.id or rest.startswith(("png/", "tts/")):
                continue
            sources = drawn_from.get(output.path, frozenset())
            thumbnail = png_page_path(output.path, 1)
            items.append(CatalogItem(rest.removesuffix(".pdf"), output.path,
                                     thumbnail if thumbnail in written else None,
                                     tuple(findings[number] for number in sorted(
                                         number for source in sources for number in listed.get(source, ())))))
            attached |= sources
        decks = tuple(output.path for output in outputs if output.path.startswith(f"{system.id}/tts/"))
        if items or decks:
            sections.append(CatalogSection(system.title, system.id, tuple(items), decks))
    others = [finding for finding in findings if finding.location.path not in attached]
    environment = jinja2.Environment(loader=jinja2.PackageLoader("fwdata", "templates"), autoescape=True,
                                     undefined=jinja2.StrictUndefined, keep_trailing_newline=True)
    pieces = environment.get_template("index.html.j2").generate(
        sections=sections, others=others, findings_report=findings_report,
        counts=", ".join(plural(sum(f.severity is severity for f in findings), severity.value)
                         for severity in Severity))
    return (piece.encode("utf-8") for piece in pieces)
