"""aoa balance: reading --vary, changing one parameter of a design, and the solved balance of the bundled design."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from ruamel.yaml import YAML

from fwdata.cli.main import main
from fwdata.errors import UsageError
from fwdata.systems.aoa.balance import format_balance, parse_variation, varied

ROOT = Path(__file__).resolve().parents[3]
DESIGN = ROOT / "cards" / "aoa" / "book-designs" / "spad-xiii-vs-fokker-d-vii.yaml"


def test_parse_variation_and_vary_one_book() -> None:
    variation = parse_variation("allied:firing.arc_deg=15,20.5")
    assert (variation.side, variation.path, variation.values) == ("allied", ("firing", "arc_deg"), (15.0, 20.5))
    design = YAML(typ="safe").load(DESIGN.read_text(encoding="utf-8"))
    changed = varied(design, variation, 15.0)
    sides = {b["side"]: b for b in changed["books"]}
    assert sides["allied"]["firing"]["arc_deg"] == 15 and isinstance(sides["allied"]["firing"]["arc_deg"], int)
    assert sides["german"]["firing"]["arc_deg"] == 25
    assert {b["side"]: b for b in design["books"]}["allied"]["firing"]["arc_deg"] == 25  # the original is kept


@pytest.mark.parametrize(("text", "message"), [("firing.arc_deg=1", "expected SIDE:PATH"),
                                               ("allied:firing.arc_deg=x", "must be numbers"),
                                               ("allied:firing.arc_deg=" + ",".join(["1"] * 21), "at most 20")])
def test_bad_variations_are_one_line(text: str, message: str) -> None:
    with pytest.raises(UsageError, match=message):
        parse_variation(text)


def test_a_path_that_is_no_number_is_refused() -> None:
    design = YAML(typ="safe").load(DESIGN.read_text(encoding="utf-8"))
    with pytest.raises(UsageError, match="no number at firing.rule"):
        varied(design, parse_variation("allied:firing.rule=1"), 1.0)


def test_format_names_the_setting_closest_to_even() -> None:
    rows = [{"setting": "as designed", "value": 0.25, "allied_wins": 0.5, "german_wins": 0.25, "draws": 0.25},
            {"setting": "a=1", "value": -0.5, "allied_wins": 0.2, "german_wins": 0.7, "draws": 0.1},
            {"setting": "a=2", "value": 0.05, "allied_wins": 0.4, "german_wins": 0.35, "draws": 0.25}]
    text = format_balance("d", rows, 12)
    assert "as designed the allied side is favoured by 0.2500" in text
    assert text.endswith("closest to even: a=2 (value +0.0500)")


def test_balance_of_the_bundled_design_one_hit() -> None:
    """The bundled design, one hit downs a plane: solved, each setting's odds sum to 1."""
    result = CliRunner().invoke(main, ["aoa", "balance", str(DESIGN), "--hit-points", "1", "--format", "json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    (row,) = data["settings"]
    assert row["setting"] == "as designed"
    assert row["allied_wins"] + row["german_wins"] + row["draws"] == pytest.approx(1.0, abs=1e-6)
    assert row["exploitability"] <= 1e-6
