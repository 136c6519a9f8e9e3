"""Run options: what the command line asks of a check or build, as one immutable value."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from fwdata.review.selection import FindingSelection

PAPERS = ("letter", "a4")
CARD_SIZES = ("half-letter", "a5")


@dataclass(frozen=True)
class BuildOptions:
    """Options shared by every stage.

    `paper` is the sheet for imposed cards, log sheets and play aids; `card_size`
    the Fighting Wings ADC trim size; `strict` makes warnings fail the run.
    `selection` chooses the reported findings (--select, --ignore, --min-severity);
    `baseline` is a baseline file whose findings are hidden; `pack_baseline` applies
    the baseline the pack manifest names when `baseline` is None. `use_cache` lets a
    build reuse what the previous build into `out_dir` rendered (fwdata/incremental/build_cache.py);
    False renders everything again. `jobs` is the number of processes for large work
    (None: every core when it pays; 1: one). `bleed_pt` is the bleed around every
    card (single-card PDFs and imposed sheets), `gutter_pt` the space between
    imposed cards (docs/printing.md); `backs` adds card backs: page 2 of every
    single-card PDF and a sheet of backs after each imposed sheet, placed for a
    long-edge duplex. `png_dpi`, when set, adds PNG previews of every PDF page at
    that resolution and Tabletop Simulator deck sheets, whose card faces are drawn at
    `tts_dpi` (readable in the game whatever the previews' resolution; fwdata/output/previews.py).
    `signature_sheets` is the number of sheets folded together in one signature of a
    dogfighting-book booklet (fwdata/render/booklet.py). `verdicts` prints the checks'
    verdicts (scenario and victory points against the rules) on Flight Leader scenario
    sheets; they are always in fl/crosscheck.md. `with_base` makes a pack's build draw the base library's
    outputs too; without it a pack's build draws only the outputs that show the pack's entries
    (fwdata/output/pack_outputs.py); the base library's own build draws every output either way.
    """

    paper: str = "letter"
    card_size: str = "half-letter"
    strict: bool = False
    out_dir: Path = Path("build")
    selection: FindingSelection = FindingSelection()
    baseline: Path | None = None
    pack_baseline: bool = False
    use_cache: bool = True
    jobs: int | None = None
    bleed_pt: float = 0.0
    gutter_pt: float = 0.0
    backs: bool = False
    png_dpi: int | None = None
    tts_dpi: int = 200
    signature_sheets: int = 8
    verdicts: bool = False
    with_base: bool = False
