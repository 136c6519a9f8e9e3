"""Build catalog: build/index.html, every output of a build with its thumbnail, links and its sources' findings."""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass

import jinja2

from fwdata.findings import Finding, Severity
from fwdata.game_system import Catalog, EntryKey, GameSystem, OutputFile, StoredOutput
from fwdata.output.previews import png_page_path
from fwdata.reporting.text import plural

INDEX_PAGE = "index.html"


# What a PDF says of itself, as reportlab writes it: its title (a literal or a UTF-16 hex string) and page count.
_PDF_TITLE = re.compile(rb"/Title (?:\(((?:\\.|[^\\)])*)\)|<([0-9A-Fa-f]*)>)", re.DOTALL)
_PDF_PAGES = re.compile(rb"/Count (\d+) /Kids \[[^\]]*\] /Type /Pages")
_PDF_ESCAPES = {b"n": b"\n", b"r": b"\r", b"t": b"\t", b"b": b"\b", b"f": b"\f"}
# A written output is read this much at a time (a sheet of 5,000 cards is 31 MB), each piece with the _PDF_LONGEST
# bytes before it: a title or a page tree node's entry is found when it is at most that long (some 100,000 pages).
_PDF_PIECE = 1 << 20
_PDF_LONGEST = 1 << 20


@dataclass(frozen=True)
class CatalogItem:
    """One output on the index page: the name a player reads (a PDF's title), its path (relative to the build
    folder, for the link), its page count (None when not a PDF), its size in bytes, its first page's PNG."""

    name: str
    path: str
    pages: int | None
    size_bytes: int
    thumbnail: str | None
    findings: tuple[Finding, ...]


def pdf_title_and_pages(pieces: Iterable[bytes]) -> tuple[str | None, int | None]:
    """Return the title and page count a PDF written by reportlab records (None for what it lacks), its bytes given
    in `pieces` (each searched with the _PDF_LONGEST bytes before it)."""
    title: tuple[int, str] | None = None  # the first one's offset, and the title
    counts: list[int] = []
    window, offset = b"", 0  # the bytes searched, and where they start in the file
    for piece in pieces:
        window += piece
        for match in _PDF_TITLE.finditer(window):
            if title is None or offset + match.start() < title[0]:
                title = (offset + match.start(), _title(match))
        counts += (int(match[1]) for match in _PDF_PAGES.finditer(window))
        cut = max(0, len(window) - _PDF_LONGEST)
        window, offset = window[cut:], offset + cut
    return (title[1] if title else None) or None, (max(counts) if counts else None)


def _title(match: re.Match[bytes]) -> str:
    if match[1] is not None:
        raw = re.sub(rb"\\([0-7]{1,3}|.)", lambda escape: bytes([int(escape[1], 8)]) if escape[1][:1].isdigit()
                     else _PDF_ESCAPES.get(escape[1], escape[1]), match[1], flags=re.DOTALL)
        return raw.decode("latin-1")
    raw = bytes.fromhex(match[2].decode("ascii"))
    return raw.decode("utf-16") if raw.startswith((b"\xfe\xff", b"\xff\xfe")) else raw.decode("latin-1")


def size_text(size_bytes: int) -> str:
    """Return a file size as a reader says it: `812 bytes`, `43 KB`, `1.2 MB` (1 KB = 1,000 bytes)."""
    if size_bytes < 1000:
        return plural(size_bytes, "byte")
    if size_bytes < 1_000_000:
        return f"{size_bytes / 1000:.0f} KB"
    return f"{size_bytes / 1_000_000:.1f} MB"


def _item(output: OutputFile, rest: str, thumbnail: str | None, findings: tuple[Finding, ...]) -> CatalogItem:
    title, pages = pdf_title_and_pages(_pieces(output)) if output.path.endswith(".pdf") else (None, None)
    name = title or rest.rsplit("/", 1)[-1].removesuffix(".pdf")  # a file that names nothing of its own
    size = output.size if isinstance(output, StoredOutput) else len(output.data)
    return CatalogItem(name, output.path, pages, size, thumbnail, findings)


def _pieces(output: OutputFile) -> Iterator[bytes]:
    """Yield the bytes of `output`, of a written one (`StoredOutput`) _PDF_PIECE at a time."""
    if isinstance(output, StoredOutput):
        with output.file.open("rb") as stream:
            yield from iter(lambda: stream.read(_PDF_PIECE), b"")
    else:
        yield output.data


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
               drawn_from: Mapping[str, frozenset[str]], findings: Sequence[Finding], findings_report: str,
               hidden: Mapping[str, int] | None = None) -> Iterator[bytes]:
    """Yield build/index.html (INDEX_PAGE) for `outputs` in UTF-8 pieces, as the template makes them: per system,
    each output with its name (a PDF's title), page count, size, thumbnail, link and findings.

    `drawn_from` maps an output path to the source files it is drawn from (an output
    missing there is drawn from none); `findings` are the findings the build reports,
    each listed under every output drawn from its file, and under "Other findings" when
    no output is. Thumbnails are the outputs' first-page PNGs when the build made them
    (`--png`). `hidden` counts the findings not shown, by why (`Review.hidden_counts`: "baselined"...), named
    beside the counts. Every text is HTML-escaped and every link relative, so the page works
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
            items.append(_item(output, rest, thumbnail if thumbnail in written else None,
                               tuple(findings[number] for number in sorted(
                                   number for source in sources for number in listed.get(source, ())))))
            attached |= sources
        decks = tuple(output.path for output in outputs if output.path.startswith(f"{system.id}/tts/"))
        if items or decks:
            sections.append(CatalogSection(system.title, system.id, tuple(items), decks))
    others = [finding for finding in findings if finding.location.path not in attached]
    environment = jinja2.Environment(loader=jinja2.PackageLoader("fwdata", "templates"), autoescape=True,
                                     undefined=jinja2.StrictUndefined, keep_trailing_newline=True)
    environment.filters["size_text"] = size_text
    environment.filters["plural"] = plural
    pieces = environment.get_template("index.html.j2").generate(
        sections=sections, others=others, findings_report=findings_report,
        counts=", ".join(plural(sum(f.severity is severity for f in findings), severity.value)
                         for severity in Severity),
        hidden=", ".join(f"{count} {why}" for why, count in (hidden or {}).items()))
    return (piece.encode("utf-8") for piece in pieces)
