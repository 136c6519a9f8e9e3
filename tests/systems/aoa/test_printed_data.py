"""`fwdata check` on the bundled Ace of Aces data reports the printed rulebook's real inconsistencies, only those."""

from __future__ import annotations

from pathlib import Path

import pytest

from fwdata.findings import Severity
from fwdata.library import schema_root
from fwdata.options import BuildOptions
from fwdata.pipeline import check_sources

ROOT = Path(__file__).resolve().parents[3]

# (file, code, what the printed rulebook shows) - each checked by hand against 004_df49c58b6e4b4043.txt.
EXPECTED = [
    ("albatros-d-va.yaml", "AOA-PLANE-POWER-DIVE-RATIO", "Plane Stats: dive 400, power dive 425-850 (not 800)"),
    ("fokker-d-vii.yaml", "AOA-PLANE-ZOOM-RATIO", "climb 125, zoom 275"),
    ("junkers-d-i.yaml", "AOA-PLANE-POWER-DIVE-RATIO", "dive 600, power dive 625-1300"),
    ("pfalz-d-xii.yaml", "AOA-PLANE-MISSING", "PD Speed printed as a dash"),
    ("se-5a.yaml", "AOA-PLANE-ZOOM-RATIO", "climb 100, zoom 225"),
    ("sopwith-dolphin.yaml", "AOA-PLANE-ZOOM-RATIO", "climb 125, zoom 225"),
    ("spad-xiii.yaml", "AOA-PLANE-ZOOM-RATIO", "climb 100, zoom 225"),
    ("spad-xiii.yaml", "AOA-PLANE-POWER-DIVE", "dive 500 but power dive from 625: 525-600 ft is neither"),
    ("spad-xiii.yaml", "AOA-PLANE-POWER-DIVE-RATIO", "dive 500, power dive max 1200"),
    # The Plane Stats against the rulebook's prose (AOA-PLANE-TEXT):
    ("albatros-d-iii.yaml", "AOA-PLANE-TEXT", "XLVI: came on line fall 1917; Aces & Aircraft: spring 1917"),
    ("sopwith-dolphin.yaml", "AOA-PLANE-TEXT", "XVIII: 20/8(3) is 1 regular gun; Plane Stats gun: 2 synch"),
    ("spad-vii.yaml", "AOA-PLANE-TEXT", "Aces & Aircraft: French; Plane Stats nation: Allies"),
    ("spad-vii.yaml", "AOA-PLANE-TEXT", "XLVI: Allies start with SPAD VIIs in fall 1917; in service to summer 1917"),
    ("spad-xiii.yaml", "AOA-PLANE-TEXT", "Aces & Aircraft: French; Plane Stats nation: Allies"),
    ("archie.yaml", "AOA-ARCHIE-BANDS", "fires below 2050 ft; top band ends at 2000 ft"),
    ("dac-facing-away.yaml", "AOA-DAC-SYMMETRY", "row b 'A A A A B A A A .'"),
    ("dac-facing-away.yaml", "AOA-DAC-SYMMETRY", "Right -> Left and Left -> Left"),
    ("dac-facing-towards.yaml", "AOA-DAC-SYMMETRY", "row a cockpit E in column 5 of 8"),
    ("dac-facing-towards.yaml", "AOA-DAC-SYMMETRY", "row b 'A A A D D A A .'"),
    ("dac-towards-left.yaml", "AOA-DAC-MIRROR", "row a six A's; Towards to the Right row a five"),
    ("firing-medium.yaml", "AOA-FIRING-JAM-PATTERN", "Medium chart has no J; Long and Short have the same J cells"),
    ("fuel.yaml", "AOA-TABLE-COVERAGE", "+1/-1 modifiers reach 0 and 7"),
    *[("maneuver-chart.yaml", "AOA-MANEUVER-CLICKS", code) for code in "FHMNOQRWX"],
    ("maneuver-chart.yaml", "AOA-MANEUVER-PAIRS", "I"),
    ("maneuver-chart.yaml", "AOA-MANEUVER-PAIRS", "S"),
    *[("maneuver-chart.yaml", "AOA-MANEUVER-FLAG", flag) for flag in range(8)],
]


@pytest.fixture(scope="module")
def findings() -> list:  # type: ignore[type-arg]
    result = check_sources([ROOT / "cards" / "aoa", ROOT / "tables" / "aoa"], BuildOptions(), schema_root=schema_root())
    return result.report.sorted()


def test_printed_data_has_no_errors(findings: list) -> None:  # type: ignore[type-arg]
    assert [f.format_line() for f in findings if f.severity is Severity.ERROR] == []


def test_printed_data_findings_are_exactly_the_known_inconsistencies(findings: list) -> None:  # type: ignore[type-arg]
    got = sorted((Path(f.location.path).name, f.code) for f in findings)
    assert got == sorted((name, code) for name, code, _why in EXPECTED)


def test_spad_xiii_power_dive_gap_points_at_the_printed_value(findings: list) -> None:  # type: ignore[type-arg]
    """Plane Stats: SPAD XIII dive 500' but power dive 625-1200; the finding sits on power_dive_ft.min."""
    spad = next(f for f in findings if f.code == "AOA-PLANE-POWER-DIVE")
    line = (ROOT / "cards/aoa/spad-xiii.yaml").read_text(encoding="utf-8").splitlines()[spad.location.line - 1]
    assert line[spad.location.column - 1:].startswith("625")
    assert "525-600 ft" in spad.message


def test_clicks_findings_name_the_printed_pairs(findings: list) -> None:  # type: ignore[type-arg]
    """XLVI Editor's Note clicks: B 3 / F 0, C 1 / H 3, J 1 / R 3, K 3 / Q 1, V 0 / X 1; N 4, W 1; M, O 0."""
    clicks = " | ".join(f.message for f in findings if f.code == "AOA-MANEUVER-CLICKS")
    for text in ("F Right (Tight Bank) turns 0 clicks but its left form B Left (Tight Bank) turns 3",
                 "H Right (Sideslip) turns 3 clicks but its left form C Left (Sideslip) turns 1",
                 "N Straight (Forward Cruising) turns 4 clicks, expected 0",
                 "W Straight turns 1 click, expected 0", "X Right turns 1 click but its left form V Left turns 0"):
        assert text in clicks
