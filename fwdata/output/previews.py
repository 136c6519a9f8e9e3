"""Preview stage: PNG pages of every rendered PDF and Tabletop Simulator deck sheets of every card kind."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from pathlib import PurePosixPath

from fwdata.game_system import GameSystem, Output, OutputFile
from fwdata.processes.workers import iter_shared
from fwdata.render.raster import compose_sheet, pdf_to_pngs, png_size, trimmed_first_page
from fwdata.render.tts import plan_deck_sheets


def png_page_path(pdf_path: str, page: int) -> str:
    """Return where page `page` (1-based) of the PDF output `pdf_path` is previewed.

    `<system>/<rest>.pdf` gives `<system>/png/<rest>/page-NNN.png`, e.g. fw/aircraft/p-51d.pdf
    page 1 gives fw/png/aircraft/p-51d/page-001.png.
    """
    system, _, rest = pdf_path.partition("/")
    return f"{system}/png/{rest.removesuffix('.pdf')}/page-{page:03d}.png"


def _previews_of(state: tuple[Sequence[OutputFile], int, int, frozenset[str]], index: int
                 ) -> tuple[list[bytes], bytes | None]:
    """Return the page PNGs of PDF `index` and, when it is a deck card, its face (run in a forked worker)."""
    pdfs, dpi, tts_dpi, deck_folders = state
    data = pdfs[index].data
    pages = pdf_to_pngs(data, dpi)
    is_card = bool(pages) and str(PurePosixPath(pdfs[index].path).parent) in deck_folders
    if not is_card:
        return pages, None
    # A deck face is the card as cut (without the bleed that --bleed adds around it), at the deck's own resolution.
    face = trimmed_first_page(data, tts_dpi) or (pages[0] if tts_dpi == dpi else pdf_to_pngs(data, tts_dpi)[0])
    return pages, face


def preview_outputs(outputs: Sequence[OutputFile], systems: Mapping[str, GameSystem], dpi: int, *,
                    tts_dpi: int = 200, jobs: int | None = None) -> Iterator[Output]:
    """Yield a PNG of every page of every PDF in `outputs` at `dpi`, then each system's deck sheets, whose faces
    are drawn at `tts_dpi` (scaled down only to fit a sheet: fwdata/render/tts.py).

    Pages are rendered by `jobs` processes (fwdata/processes/workers.py) and yielded as they come, in
    order, so only the deck faces are held. A system's deck sheets (`GameSystem.deck_folders`) are
    drawn from the first page, cut to its TrimBox, of each PDF directly in such a folder, in path
    order: `<system>/tts/<kind>-deck-NN.png`, `<kind>` the folder's last name, and
    `<system>/tts/<kind>-decks.txt`, what to type into the import dialog.
    """
    pdfs = [output for output in outputs if output.path.endswith(".pdf") and "/" in output.path]
    deck_folders = frozenset(folder for system in systems.values() for folder in system.deck_folders)
    faces: dict[str, bytes] = {}
    rendered = iter_shared(_previews_of, (pdfs, dpi, tts_dpi, deck_folders), len(pdfs), jobs=jobs,
                           worth_it=len(pdfs) > 4)
    for pdf, (pages, face) in zip(pdfs, rendered, strict=True):
        yield from (Output(png_page_path(pdf.path, number), png) for number, png in enumerate(pages, start=1))
        if face is not None:
            faces[pdf.path] = face
    for system in systems.values():
        for folder in system.deck_folders:
            cards = [(PurePosixPath(path).stem, faces[path])
                     for path in sorted(faces) if str(PurePosixPath(path).parent) == folder]
            yield from deck_outputs(system.id, PurePosixPath(folder).name, cards)


def deck_outputs(system: str, kind: str, cards: Sequence[tuple[str, bytes]]) -> list[Output]:
    """Return the Tabletop Simulator deck sheets of `cards` ((name, PNG face), all of one size), then their notes.

    69 cards at most a sheet (fwdata/render/tts.py). The notes, `<kind>-decks.txt`, give
    each sheet's Width, Height and Number for the import dialog and its cards in order.
    """
    if not cards:
        return []
    outputs, notes, start = [], [], 0
    for number, sheet in enumerate(plan_deck_sheets(len(cards), png_size(cards[0][1])), start=1):
        chosen = cards[start:start + sheet.cards]
        name = f"{kind}-deck-{number:02d}.png"
        outputs.append(Output(f"{system}/tts/{name}",
                              compose_sheet([png for _, png in chosen], sheet.columns, sheet.rows, sheet.cell_px)))
        notes += [f"{name}: Width {sheet.columns}, Height {sheet.rows}, Number {sheet.cards} "
                  f"({sheet.size_px[0]} x {sheet.size_px[1]} px; the last slot is left for the hidden card)",
                  *(f"  {index:2d}. {card}" for index, (card, _) in enumerate(chosen, start=1))]
        start += sheet.cards
    notes.append("Import: Objects > Components > Custom > Deck; see docs/tabletop-simulator.md.")
    return [*outputs, Output(f"{system}/tts/{kind}-decks.txt", "\n".join(notes).encode("utf-8") + b"\n")]
