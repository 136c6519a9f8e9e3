"""`fwdata aoa solve` and `aoa duel --pilot optimal`: exit codes, stdout and stderr (CliRunner)."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from fwdata.cli.main import main

ROOT = Path(__file__).resolve().parents[3]
BOOKS = [str(ROOT / "cards" / "aoa" / "books" / "spad-xiii-book.yaml"),
         str(ROOT / "cards" / "aoa" / "books" / "fokker-d-vii-book.yaml")]
CASE = ROOT / "tests" / "cases" / "aoa-book-end-page"


def test_solve_json_one_hit_game() -> None:
    """The bundled pair, one hit downs a plane: odds sum to 1, strategies sum to 1, exploitability at most 1e-6."""
    result = CliRunner().invoke(main, ["aoa", "solve", *BOOKS, "--hit-points", "1", "--format", "json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["allied_wins"] + data["german_wins"] + data["draws"] == pytest.approx(1.0, abs=1e-6)
    for strategy in data["start_strategy"].values():
        rows = strategy.values() if isinstance(next(iter(strategy.values())), dict) else [strategy]
        for row in rows:
            assert sum(row.values()) == pytest.approx(1.0, abs=1e-4)
    assert data["exploitability"]["total"] <= 1e-6
    assert data["solve"]["pages"] == 222 and data["hit_points"] == 1
    assert result.stderr == ""


def test_solve_refuses_books_that_disagree() -> None:
    """A pair with end-page disagreements is refused with the findings (exit 1), nothing solved."""
    result = CliRunner().invoke(main, ["aoa", "solve", str(CASE / "test-allied.yaml"),
                                       str(CASE / "test-german.yaml")])
    assert result.exit_code == 1
    assert "AOA-BOOK-END-PAGE" in result.stdout
    assert "solved" not in result.stdout


def test_solve_advanced_game_refused_in_one_line() -> None:
    result = CliRunner().invoke(main, ["aoa", "solve", *BOOKS, "--game", "advanced"])
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr.count("\n") == 1 and "the Advanced Game has" in result.stderr


def test_solve_past_its_time_stops_in_one_line() -> None:
    result = CliRunner().invoke(main, ["aoa", "solve", *BOOKS, "--time-limit", "0.1"])
    assert result.exit_code == 2
    assert result.stderr.count("\n") == 1 and "more than --time-limit 0.1 s" in result.stderr


def test_solve_without_scipy_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None if name == "scipy" else real(name, *a))
    result = CliRunner().invoke(main, ["aoa", "solve", *BOOKS])
    assert result.exit_code == 2
    assert result.stderr == "fwdata: fwdata aoa solve needs scipy: pip install 'fwdata[solve]'\n"


def test_duel_optimal_pilot_flies_the_standard_game_only() -> None:
    result = CliRunner().invoke(main, ["aoa", "duel", *BOOKS, "--pilot", "optimal", "--game", "both"])
    assert result.exit_code == 2
    assert "the optimal and equilibrium pilots fly the Standard Game only" in result.stderr
