"""Test helpers: render planned outputs, and read back what an imposed sheet draws outside its cards (line segments,
card origins) with pypdf."""

from __future__ import annotations

from dataclasses import dataclass

from pypdf import PdfReader
from pypdf.generic import ContentStream

from fwdata.game_system import Catalog
from fwdata.options import BuildOptions
from fwdata.systems import registered_systems


@dataclass(frozen=True)
class Drawn:
    """What a sheet draws outside its cards: (x1, y1, x2, y2, line width) segments, and the card origins."""

    segments: list[tuple[float, float, float, float, float]]
    origins: list[tuple[float, float]]


def read_drawn(reader: PdfReader, page_number: int) -> Drawn:
    """Read the top-level line segments and the translations of the card cells from one page's content stream."""
    depth, width, start = 0, 1.0, (0.0, 0.0)
    segments, origins = [], []
    for operands, operator in ContentStream(reader.pages[page_number].get_contents(), reader).operations:
        values = [float(value) for value in operands if isinstance(value, int | float) or hasattr(value, "__float__")]
        if operator == b"q":
            depth += 1
        elif operator == b"Q":
            depth -= 1
        elif operator == b"cm" and depth == 1:
            origins.append((values[4], values[5]))
        elif depth == 0 and operator == b"w":
            width = values[0]
        elif depth == 0 and operator == b"m":
            start = (values[0], values[1])
        elif depth == 0 and operator == b"l":
            segments.append((*start, values[0], values[1], width))
    return Drawn(segments, origins)


def render_planned(catalog: Catalog, options: BuildOptions, paths: set[str]) -> dict[str, bytes]:
    """Render the planned outputs at `paths` of every system; return their bytes by path."""
    pdfs = {}
    for system in registered_systems().values():
        assert system.plan_outputs is not None
        for plan in system.plan_outputs(catalog, options):
            if plan.path in paths:
                pdfs.update((output.path, output.data) for output in plan.render().outputs)
    return pdfs
