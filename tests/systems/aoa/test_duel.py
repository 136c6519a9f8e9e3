"""Duel simulation: intervals, maneuver restrictions, firing, and reproducible reports from a seed."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest
from ruamel.yaml import YAML

from fwdata.options import BuildOptions
from fwdata.pipeline import check_sources
from fwdata.systems.aoa.book_generator import book_yaml, design_from_data, generate_books
from fwdata.systems.aoa.duel import (
    CODES,
    DuelBooks,
    PageFacts,
    PilotState,
    duel_books,
    firing_charts,
    greedy_tables,
    legal_maneuvers,
    maneuver_infos,
    play_game,
)
from fwdata.systems.aoa.duel_report import mean_interval, run_duels, wilson
from fwdata.systems.aoa.model import FiringChart

sys.path.insert(0, str(Path(__file__).parent))
from book_fixture import regenerated_books_manifest  # noqa: E402

ROOT = Path(__file__).resolve().parents[3]
DESIGN_PATH = ROOT / "cards" / "aoa" / "book-designs" / "spad-xiii-vs-fokker-d-vii.yaml"


@pytest.fixture(scope="module")
def world(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    pair = generate_books(design_from_data(YAML(typ="safe").load(DESIGN_PATH.read_text())))
    folder = tmp_path_factory.mktemp("books")
    for book in pair.books.values():
        (folder / f"{book['id']}.yaml").write_text(book_yaml(book))
    (folder / "fwdata-pack.yaml").write_text(regenerated_books_manifest(pair))
    catalog = check_sources([folder], BuildOptions()).catalog
    books = {b.side: b for b in catalog.models("aoa", "book")}
    return {"books": duel_books(books["allied"], books["german"]),
            "infos": maneuver_infos(catalog.models("aoa", "maneuvers")[0]),
            "charts": firing_charts(catalog.models("aoa", "chart"))}


def test_wilson_interval_known_values() -> None:
    """Wilson score interval, z = 1.96: 5 of 10 -> [0.2366, 0.7634]; 0 of 10 -> [0, 0.2775]."""
    half = wilson(5, 10)
    assert half.value == 0.5
    assert half.low == pytest.approx(0.2366, abs=1e-4) and half.high == pytest.approx(0.7634, abs=1e-4)
    none = wilson(0, 10)
    assert none.low == 0.0 and none.high == pytest.approx(0.2775, abs=1e-4)


def test_mean_interval_normal_approximation() -> None:
    m = mean_interval([1, 2, 3, 4])
    assert m.value == 2.5
    assert m.high - m.value == pytest.approx(1.959964 * 1.2909944 / 2, abs=1e-6)


def test_advanced_restrictions(world: dict[str, Any]) -> None:
    """Powerhouse Advanced Game, Maneuver Restrictions and its Difficult Maneuvers example."""
    infos = world["infos"]
    after = PilotState("allied", "random")
    after.last = "N"  # a Forward: anything goes, difficult too
    assert legal_maneuvers(after, infos, advanced=True) == list(CODES)
    after.last = "M"  # Immelmann: another Immelmann or any non-difficult maneuver
    legal = legal_maneuvers(after, infos, advanced=True)
    assert "M" in legal and "O" in legal and "C" not in legal and "K" not in legal and "J" in legal
    after.last = "D"  # stall: no stall-bar maneuver next
    legal = legal_maneuvers(after, infos, advanced=True)
    assert "D" not in legal and "B" in legal
    after.last = "C"  # sideslip may repeat (falling leaf), Immelmann may not follow it
    legal = legal_maneuvers(after, infos, advanced=True)
    assert "H" not in legal  # H is a stall-bar maneuver too: never twice in a row
    assert "M" not in legal
    after.must_fly_forward = True  # after a Blast: a Forward next turn
    assert legal_maneuvers(after, infos, advanced=True) == ["N", "W"]
    assert legal_maneuvers(after, infos, advanced=False) == list(CODES)


def _static_books(allied_damage: int, german_damage: int) -> DuelBooks:
    nxt = {side: {1: dict.fromkeys(CODES, 1)} for side in ("allied", "german")}
    facts = {"allied": {1: PageFacts(allied_damage, False, False, "short")},
             "german": {1: PageFacts(german_damage, False, False, "short")}}
    return DuelBooks(nxt, facts)


def test_standard_game_twelve_damage_shoots_down(world: dict[str, Any]) -> None:
    """Standard Game: Firing deals the page's damage; 12 damage loses. 4 a turn -> down on turn 3."""
    import random

    result = play_game(_static_books(4, 0), world["infos"], {"allied": "random", "german": "random"},
                       random.Random(1), start_page=1)
    assert (result.winner, result.turns, result.ending) == ("allied", 3, "shot-down")
    both = play_game(_static_books(4, 4), world["infos"], {"allied": "random", "german": "random"},
                     random.Random(1), start_page=1)
    assert (both.winner, both.turns, both.ending) == (None, 3, "both-down")


def test_advanced_game_spends_ammo_until_both_are_out(world: dict[str, Any]) -> None:
    """Advanced Game: 20 ammo each, head-on every turn; ends shot down or both out of ammo (XXVI)."""
    import random

    result = play_game(_static_books(4, 4), world["infos"], {"allied": "random", "german": "random"},
                       random.Random(3), advanced=True, charts=world["charts"], start_page=1)
    assert result.ending in ("shot-down", "both-down", "out-of-ammo")
    assert result.turns <= 20  # at least one ammo a turn each


def test_firing_charts_are_read_by_range(world: dict[str, Any]) -> None:
    charts = world["charts"]
    assert sorted(charts) == ["long", "medium", "short"]
    assert all(isinstance(c, FiringChart) for c in charts.values())


def test_duel_report_is_reproducible_from_its_seed(world: dict[str, Any]) -> None:
    first = run_duels(world["books"], world["infos"], games=30, seed=1918, charts=world["charts"])
    second = run_duels(world["books"], world["infos"], games=30, seed=1918, charts=world["charts"])
    assert [r.as_json() for r in first] == [r.as_json() for r in second]
    other = run_duels(world["books"], world["infos"], games=30, seed=1919, charts=world["charts"])
    assert [r.as_json() for r in first] != [r.as_json() for r in other]
    assert len(first) == 8  # 2 games x 2 allied policies x 2 german policies


def test_greedy_beats_random(world: dict[str, Any]) -> None:
    reports = run_duels(world["books"], world["infos"], games=40, seed=7, game_types=("standard",))
    greedy_allied = next(r for r in reports if r.allied_policy == "greedy" and r.german_policy == "random")
    assert greedy_allied.allied_wins.low > 0.5


def test_greedy_pilots_from_start_page_170_no_longer_stall_there(world: dict[str, Any]) -> None:
    """Standard Game from page 170 (AoA I: a different picture in each book, no shot), seed 1918, 50 games.

    The old start (head-on at long range, Firing both ways) made both greedy pilots stall on 170
    and trade 1 damage a turn: 100% draws at exactly 12 turns. From the new start they fly
    P / L to 30, K / Q to 198 (one above the other), an Immelmann each to 39, a head-on page at
    medium range, and stall there, trading 2 a turn: still 100% draws, both down on turn 8.
    """
    books = world["books"]
    tables = greedy_tables(books, world["infos"])

    def best(side: str, page: int) -> list[str]:
        row = tables.values[side][page]
        top = max(scores["any"] for scores in row.values())
        return [code for code, scores in row.items() if scores["any"] >= top - 1e-12]

    assert [(best("allied", p), best("german", p)) for p in (170, 30, 198, 39)] == [
        (["P"], ["L"]), (["K"], ["Q"]), (["M", "O"], ["M", "O"]), (["D", "E"], ["D", "E"])]
    assert [books.turn(p, a, g).end for p, a, g in ((170, "P", "L"), (30, "K", "Q"), (198, "M", "M"))] == [30, 198, 39]
    assert books.facts["allied"][39] == books.facts["german"][39] == PageFacts(2, False, False, "medium")
    reports = run_duels(books, world["infos"], games=50, seed=1918, charts=world["charts"])
    greedy = {r.game: r for r in reports if r.allied_policy == r.german_policy == "greedy"}
    standard, advanced = greedy["standard"], greedy["advanced"]
    assert (standard.draws.value, standard.mean_turns.value, dict(standard.endings)) == (1.0, 8.0, {"both-down": 50})
    assert (advanced.allied_wins.value, advanced.german_wins.value, advanced.draws.value) == (0.36, 0.0, 0.64)


def test_cli_duel_is_reproducible_from_its_seed() -> None:
    """`fwdata aoa duel BOOKS --games N --seed S` prints the same report twice, and JSON on request."""
    import json
    import os

    from click.testing import CliRunner

    from fwdata.cli.main import main

    old = os.getcwd()
    os.chdir(ROOT)
    try:
        args = ["aoa", "duel", "cards/aoa/books", "--games", "15", "--seed", "42"]
        first = CliRunner().invoke(main, args)
        second = CliRunner().invoke(main, args)
        as_json = CliRunner().invoke(main, [*args, "--game", "standard", "--format", "json"])
    finally:
        os.chdir(old)
    assert first.exit_code == 0, first.output
    assert first.output == second.output
    assert "seed 42, 15 games per matchup" in first.output
    data = json.loads(as_json.output)
    assert data["seed"] == 42 and len(data["matchups"]) == 4
    assert all(m["games"] == 15 for m in data["matchups"])
