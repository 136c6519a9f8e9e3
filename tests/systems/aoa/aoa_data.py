"""Test helpers: load the bundled Ace of Aces sources as documents and models."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fwdata.sources import load_source
from fwdata.sources.document import SourceDocument
from fwdata.systems.aoa import model

ROOT = Path(__file__).resolve().parents[3]
CARDS = ROOT / "cards" / "aoa"
TABLES = ROOT / "tables" / "aoa"


def document(path: Path) -> SourceDocument:
    """Load one source file; fail the test on any loader finding."""
    doc, findings = load_source(path)
    assert doc is not None and not findings, [f.format_line() for f in findings]
    return doc


def chart(chart_id: str) -> Any:
    """Return the model of tables/aoa/<chart_id>.yaml."""
    return model.build_chart(document(TABLES / f"{chart_id}.yaml"))


def plane(plane_id: str) -> model.Plane:
    """Return the model of cards/aoa/<plane_id>.yaml."""
    return model.build_plane(document(CARDS / f"{plane_id}.yaml"))


def maneuvers() -> model.ManeuverChart:
    """Return the model of tables/aoa/maneuver-chart.yaml."""
    return model.build_maneuvers(document(TABLES / "maneuver-chart.yaml"))
