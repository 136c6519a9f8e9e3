"""The solitaire play aid: per page, the solved opponent's maneuvers and weights as d100 ranges (docs/aoa-solver.md)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from fwdata.render.flow import PageFlow
from fwdata.render.layout import PAPER_SIZES
from fwdata.render.pdf import PdfDocument
from fwdata.systems.aoa.render.pages import GAP_PT, table_block

D100 = 100
ROWS_PER_BLOCK = 50


def d100_ranges(weights: Mapping[str, float]) -> list[tuple[str, int, int]]:
    """Turn a mixed strategy into d100 ranges: [(code, low, high)], 1-100, by largest remainder.

    Codes whose share rounds to no face are left out; the ranges cover 1..100 exactly
    (100 is read as 00 on percentile dice).
    """
    total = sum(weights.values())
    if total <= 0:
        raise ValueError("a strategy with no weight")
    exact = {code: D100 * w / total for code, w in weights.items()}
    faces = {code: int(share) for code, share in exact.items()}
    left = D100 - sum(faces.values())
    for code in sorted(exact, key=lambda c: (-(exact[c] - faces[c]), c))[:left]:
        faces[code] += 1
    ranges, low = [], 1
    for code in sorted(faces):
        if faces[code]:
            ranges.append((code, low, low + faces[code] - 1))
            low += faces[code]
    return ranges


def _cell(weights: Mapping[str, float]) -> str:
    ranges = d100_ranges(weights)
    if len(ranges) == 1:
        return f"{ranges[0][0]} always"
    return "  ".join(f"{code} {low:02d}-{high % 100:02d}" if low != high else f"{code} {low % 100:02d}"
                     for code, low, high in d100_ranges(weights))


def render_play_aid(title: str, note: str, rows: Sequence[tuple[int, str, Mapping[str, float]]],
                    paper: str = "letter") -> bytes:
    """Draw the play aid: `rows` are (page, clue or '', weights by code), in page order; return the PDF bytes.

    One ruled table per run of ROWS_PER_BLOCK rows, on Letter or A4 portrait pages.
    """
    doc = PdfDocument(title, subject="Ace of Aces solitaire play aid (fwdata aoa play-aid)")
    pager = PageFlow(doc, PAPER_SIZES[paper].portrait, f"{title} (fwdata)", gap_pt=GAP_PT)
    table = [[str(page), clue or "any", _cell(weights)] for page, clue, weights in rows]
    for start in range(0, len(table), ROWS_PER_BLOCK):
        block = [["Page", "Your clue", "Opponent's maneuver: roll d100"], *table[start:start + ROWS_PER_BLOCK]]
        table_block(pager, title if start == 0 else f"{title} (continued)", note if start == 0 else "", block,
                    weights=(0.8, 1.2, 8.0))
    if pager.page is None:
        pager.new_page()
    return doc.finish()
