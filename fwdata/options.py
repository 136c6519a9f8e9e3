"""Run options: what the command line asks of a check or build, as one immutable value."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

PAPERS = ("letter", "a4")
CARD_SIZES = ("half-letter", "a5")


@dataclass(frozen=True)
class BuildOptions:
    """Options shared by every stage.

    `paper` is the sheet for imposed cards, log sheets and play aids; `card_size`
    the Fighting Wings ADC trim size; `strict` makes warnings fail the run.
    """

    paper: str = "letter"
    card_size: str = "half-letter"
    strict: bool = False
    out_dir: Path = Path("build")
