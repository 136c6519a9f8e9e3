"""Run options: what the command line asks of a check or build, as one immutable value."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from fwdata.review.selection import FindingSelection

PAPERS = ("letter", "a4")

OptionValue = str | bool


@dataclass(frozen=True)
class SystemOption:
    """One `fwdata build` option of a game system's option group (`GameSystem.options`).

    `name` is the option's name on the command line without its dashes (`card-size` for `--card-size`); `default`
    a bool makes it an on/off flag (`--<name>`, and `--no-<name>` when it is on by default), a string a choice of
    `choices`. A renderer reads the value through
    `BuildOptions.chosen(system_id, option)`.
    """

    name: str
    default: OptionValue
    help: str
    choices: tuple[str, ...] = ()


@dataclass(frozen=True)
class BuildOptions:
    """Options shared by every stage.

    `paper` is the sheet for imposed cards, log sheets and play aids; `strict` makes warnings fail the run.
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
    dogfighting-book booklet (fwdata/render/booklet.py). `system_options` holds the values of the game
    systems' own options (`GameSystem.options`) that differ from their defaults, as sorted
    (system id, option name, value) triples; read them with `chosen`. `with_base` makes a pack's build draw
    the base library's outputs too; without it a pack's build draws only the outputs that show the pack's entries
    (fwdata/output/pack_outputs.py); the base library's own build draws every output either way.
    """

    paper: str = "letter"
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
    with_base: bool = False
    system_options: tuple[tuple[str, str, OptionValue], ...] = ()

    def chosen(self, system: str, option: SystemOption) -> OptionValue:
        """Return the value of the game system `system`'s `option`: the one asked for, else its default."""
        for owner, name, value in self.system_options:
            if owner == system and name == option.name:
                return value
        return option.default
