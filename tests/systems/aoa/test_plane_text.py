"""The Plane Stats against what the rulebook's prose says about each plane (AoA Aces & Aircraft, XVIII, XXIII,
XXXII, XLVI)."""

from __future__ import annotations

from pathlib import Path

import pytest

from fwdata.library import schema_root
from fwdata.options import BuildOptions
from fwdata.pipeline import check_sources
from fwdata.systems.aoa.checks.plane_text import war_months

ROOT = Path(__file__).resolve().parents[3]


def _text_findings(folder: Path) -> list[str]:
    result = check_sources([folder], BuildOptions(), schema_root=schema_root())
    return [f.message for f in result.report.findings if f.code == "AOA-PLANE-TEXT"]


def test_the_examples_quoted_numbers_agree_with_the_plane_stats_xxxii_xxiii() -> None:
    """XXXII: the SPAD VII power dives 5 times (its PD Speed) then does 3 more fasts (its speed); XXIII 2d: the
    Fokker DVII has double synchronised guns. No finding names them; the nations the prose gives for the British
    and Italian planes agree too."""
    messages = _text_findings(ROOT / "cards" / "aoa")
    assert not any("XXXII" in m or "XXIII" in m for m in messages)
    assert not any(name in m for m in messages for name in ("SE 5a", "Ansaldo", "Fokker"))


def test_the_prose_contradicting_the_plane_stats_is_reported() -> None:
    messages = _text_findings(ROOT / "cards" / "aoa")
    assert "Spad VII: the rulebook's text (Aces & Aircraft) says 'French'; the Plane Stats nation is 'Allies'" in (
        messages)
    assert any(m.startswith("Spad VII: the rulebook's text (XLVI") and "fall 1916 to summer 1917" in m
               for m in messages)
    assert any(m.startswith("Albatros DIII") and "spring 1917 to spring 1918" in m for m in messages)
    assert any(m.startswith("Sopwith Dolphin") and "double-synch (2 synchronised)" in m for m in messages)
    assert len(messages) == 5


@pytest.mark.parametrize(("point", "months"), [
    ("1917-fall", (1917 * 12 + 9, 1917 * 12 + 11)),
    ("1918-may", (1918 * 12 + 5, 1918 * 12 + 5)),
    ("1917-winter", (1917 * 12 + 12, 1917 * 12 + 14)),
    ("end", (1918 * 12 + 11, 1918 * 12 + 11)),
])
def test_points_in_the_war_cover_their_months(point: str, months: tuple[int, int]) -> None:
    assert war_months(point) == months
