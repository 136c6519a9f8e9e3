"""Checking transcriptions of a book pair: violations by cell, `suspects` (greedy cover) and `diff`.

The generated books (cards/aoa/books) satisfy every invariant, so they stand in for
the printed books; each test types errors into a copy the way hand typing does
(swapped digits, a neighbouring page, a row shifted by one column) and checks that
they are found, ranked first and corrected.
"""

from __future__ import annotations

import copy
import json
import sys
from functools import cache
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
import yaml
from click.testing import CliRunner

from fwdata.cli.main import main
from fwdata.systems.aoa.book_diff import FIRST, SECOND, diff_books
from fwdata.systems.aoa.model import MANEUVER_CODES, DogfightBook
from fwdata.systems.aoa.model.book import build_book
from fwdata.systems.aoa.suspects import find_suspects
from fwdata.systems.aoa.transcription import END_PAGE, STALL_IDENTITY, UNKNOWN_CELL, Cell, PairCharts, find_violations

sys.path.insert(0, str(Path(__file__).parent))
import book_fixture  # noqa: E402

ROOT = Path(__file__).resolve().parents[3]
BOOKS = ROOT / "cards" / "aoa" / "books"
GERMAN, ALLIED = 0, 1
COLUMN = {code: k for k, code in enumerate(MANEUVER_CODES)}


@cache
def _bundled(name: str) -> dict[str, Any]:
    data: dict[str, Any] = yaml.safe_load((BOOKS / f"{name}.yaml").read_text(encoding="utf-8"))
    return data


def pair_data() -> tuple[dict[str, Any], dict[str, Any]]:
    """Fresh copies of the generated pair (German Fokker D.VII, Allied SPAD XIII) as plain data."""
    return copy.deepcopy(_bundled("fokker-d-vii-book")), copy.deepcopy(_bundled("spad-xiii-book"))


def model(data: dict[str, Any]) -> DogfightBook:
    return build_book(SimpleNamespace(data=data))  # type: ignore[arg-type]  # build_book reads only .data


def cell_of(data: dict[str, Any], page: int, code: str) -> int:
    value: int = data["pages"][page - 1]["next"][COLUMN[code]]
    return value


def plant(data: dict[str, Any], page: int, code: str, value: int) -> int:
    """Type `value` into a cell; return what the cell held."""
    row = data["pages"][page - 1]["next"]
    was: int = row[COLUMN[code]]
    assert was != value
    row[COLUMN[code]] = value
    return was


def charts(german: dict[str, Any], allied: dict[str, Any]) -> PairCharts:
    return PairCharts(model(german), model(allied), MANEUVER_CODES, ("D",))


def suspects_of(german: dict[str, Any], allied: dict[str, Any], limit: int = 20) -> list[Any]:
    pair = charts(german, allied)
    return find_suspects(pair, list(find_violations(pair)), limit)


def test_the_generated_pair_breaks_no_invariant_and_has_no_suspect() -> None:
    german, allied = pair_data()
    pair = charts(german, allied)
    assert list(find_violations(pair)) == []
    assert find_suspects(pair, []) == []


def test_a_swapped_digit_breaks_every_turn_reading_the_cell() -> None:
    """AoA III: page 12, Fokker F reads 71; typed 17, every turn that opens it there disagrees on the end page."""
    german, allied = pair_data()
    assert plant(german, 12, "F", 17) == 71
    violations = list(find_violations(charts(german, allied)))
    assert violations and {v.invariant for v in violations} == {END_PAGE}
    assert all(Cell(GERMAN, 12, "F") in v.cells for v in violations)
    turns = [v.turn for v in violations if v.turn is not None]
    assert any(turn[:2] == (12, "F") for turn in turns)  # the cell as the German call-out
    assert any(turn[0] != 12 for turn in turns)  # the cell as the German end page, opened at the Allied call-out


def test_one_swapped_digit_is_the_one_suspect_and_its_value_is_restored() -> None:
    german, allied = pair_data()
    plant(german, 12, "F", 17)
    pair = charts(german, allied)
    violations = list(find_violations(pair))
    (suspect,) = find_suspects(pair, violations)
    assert (suspect.cell, suspect.found, suspect.should_be) == (Cell(GERMAN, 12, "F"), 17, 71)
    assert suspect.explained == len(violations)


def test_three_neighbouring_pages_in_both_books_are_ranked_first() -> None:
    german, allied = pair_data()
    planted = {Cell(GERMAN, 40, "K"): cell_of(german, 40, "K"), Cell(ALLIED, 41, "H"): cell_of(allied, 41, "H"),
               Cell(ALLIED, 150, "B"): cell_of(allied, 150, "B")}
    for cell, value in planted.items():
        plant(german if cell.book == GERMAN else allied, cell.page, cell.code, value + 1 if value < 222 else value - 1)
    suspects = suspects_of(german, allied)
    assert {s.cell: s.should_be for s in suspects} == planted


def test_an_out_of_range_cell_next_to_another_suspect_is_named_with_its_value() -> None:
    """German page 12 F typed 1776 (out of range, AoA Part A: pages 1..223) and the Allied cell its turns open,
    page 71 F, mistyped too: the only value that breaks nothing is still named (71), as are the others."""
    german, allied = pair_data()
    planted = {Cell(GERMAN, 12, "F"): plant(german, 12, "F", 1776), Cell(GERMAN, 12, "G"): plant(german, 12, "G", 1777),
               Cell(ALLIED, 71, "F"): plant(allied, 71, "F", 3)}
    suspects = suspects_of(german, allied)
    assert {s.cell: s.should_be for s in suspects} == planted


def test_a_row_shifted_by_one_column_is_found_cell_by_cell() -> None:
    """Six cells of German page 100 (G-L) typed one column to the right: each is named with its printed page."""
    german, allied = pair_data()
    row = german["pages"][99]["next"]
    printed = {Cell(GERMAN, 100, code): row[COLUMN[code]] for code in "GHIJKL"}
    row[COLUMN["G"]:COLUMN["L"] + 1] = row[COLUMN["F"]:COLUMN["K"] + 1]
    assert all(row[COLUMN[cell.code]] != value for cell, value in printed.items())
    suspects = suspects_of(german, allied)
    assert {s.cell: s.should_be for s in suspects} == printed


def test_the_planted_cells_come_before_any_other_and_the_output_is_deterministic() -> None:
    german, allied = pair_data()
    plant(german, 12, "F", 17)
    plant(allied, 77, "W", cell_of(allied, 77, "W") % 222 + 1)
    row = allied["pages"][30]["next"]
    row[COLUMN["M"]:COLUMN["P"] + 1] = row[COLUMN["L"]:COLUMN["O"] + 1]
    first, second = suspects_of(german, allied, limit=30), suspects_of(german, allied, limit=30)
    assert first == second
    clean = pair_data()
    planted = {Cell(GERMAN, 12, "F"), Cell(ALLIED, 77, "W")} | {Cell(ALLIED, 31, code) for code in "MNOP"}
    typed = (german, allied)
    changed = {cell for cell in planted
               if cell_of(clean[cell.book], cell.page, cell.code) != cell_of(typed[cell.book], cell.page, cell.code)}
    assert len(changed) >= 5
    assert {s.cell for s in first[:len(changed)]} == changed
    assert len(first) == len(changed)


def test_limit_stops_the_cover() -> None:
    german, allied = pair_data()
    for code in "ABC":
        plant(german, 60, code, cell_of(german, 60, code) % 222 + 1)
    assert len(suspects_of(german, allied, limit=2)) == 2


def test_a_broken_stall_identity_is_its_own_violation() -> None:
    """AoA I: under the straight stall D the page stays the same; page 9 D typed 90 is restored to 9."""
    german, allied = pair_data()
    plant(german, 9, "D", 90)
    pair = charts(german, allied)
    violations = list(find_violations(pair))
    assert [v.cells for v in violations if v.invariant == STALL_IDENTITY] == [(Cell(GERMAN, 9, "D"),)]
    (suspect,) = find_suspects(pair, violations)
    assert suspect.explains[STALL_IDENTITY] == 1 and suspect.should_be == 9


def test_a_missing_page_is_unknown_cells_whose_values_the_turns_determine() -> None:
    german, allied = pair_data()
    lost = german["pages"].pop(49)  # page 50
    pair = charts(german, allied)
    violations = list(find_violations(pair))
    assert {v.invariant for v in violations} == {UNKNOWN_CELL} and len(violations) == 26
    suspects = find_suspects(pair, violations, limit=26)
    assert [s.cell for s in suspects] == [Cell(GERMAN, 50, code) for code in MANEUVER_CODES]
    determined = {s.cell.code: s.should_be for s in suspects if s.should_be is not None}
    assert determined and all(lost["next"][COLUMN[code]] == value for code, value in determined.items())


def test_diff_names_exactly_the_planted_cells_and_supports_the_clean_copy() -> None:
    german, allied = pair_data()
    typed = copy.deepcopy(german)
    plant(typed, 12, "F", 17)
    plant(typed, 100, "W", cell_of(typed, 100, "W") % 222 + 1)
    typed["pages"][5]["range"] = "long"  # page 6 is short in both books
    differences = diff_books(model(german), model(typed), model(allied), MANEUVER_CODES, ("D",))
    assert [(d.page, d.field) for d in differences] == [(6, "range"), (12, "next/F"), (100, "next/W")]
    assert {d.supports for d in differences} == {FIRST}
    assert differences[1].first_violations == 0 and differences[1].second_violations > 20
    reverse = diff_books(model(typed), model(german), model(allied), MANEUVER_CODES, ("D",))
    assert {d.supports for d in reverse} == {SECOND}


def test_diff_never_prefers_a_missing_page() -> None:
    """Page 12 typed with a wrong cell in both books' turns (more than 26 breaks) against the page left out: the typed
    page is supported (every page 1..223 is in the book; Part A)."""
    german, allied = pair_data()
    typed = copy.deepcopy(german)
    plant(typed, 12, "F", 17)
    plant(typed, 12, "G", 18)
    missing = copy.deepcopy(german)
    missing["pages"].pop(11)
    differences = diff_books(model(typed), model(missing), model(allied), MANEUVER_CODES, ("D",))
    (page,) = [d for d in differences if d.field == "page"]
    assert page.first_violations > page.second_violations == 26
    assert page.supports == FIRST
    reverse = diff_books(model(missing), model(typed), model(allied), MANEUVER_CODES, ("D",))
    assert [d.supports for d in reverse if d.field == "page"] == [SECOND]


def _write(folder: Path, data: dict[str, Any], name: str) -> Path:
    """Write a book under a pack id of its own (the bundled ids belong to the base library)."""
    data = {**data, "id": f"typed-{data['id']}", "opponent": f"typed-{data['opponent']}"}
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text(book_fixture.to_yaml(data), encoding="utf-8")
    return path


def test_cli_suspects_prints_the_cell_like_a_compiler(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    german, allied = pair_data()
    plant(german, 12, "F", 17)
    _write(tmp_path, german, "fokker.yaml")
    _write(tmp_path, allied, "spad.yaml")
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, ["aoa", "suspects", "fokker.yaml", "spad.yaml"])
    assert result.exit_code == 0, result.output
    first, summary = result.stdout.splitlines()
    line = next(n for n, text in enumerate(Path("fokker.yaml").read_text().splitlines(), 1) if "page: 12," in text)
    assert first.startswith(f"fokker.yaml:{line}:")
    assert first.endswith("page 12, maneuver F: explains 37 end-page disagreements; should be 71 (now 17)")
    assert summary.startswith("1 suspect cell explains 37 of 37 invariant violations")
    assert result.stderr == ""
    data = json.loads(CliRunner().invoke(main, ["aoa", "suspects", "--format", "json", "fokker.yaml",
                                                "spad.yaml"]).stdout)
    assert data["suspects"][0] | {"line": 0, "column": 0} == {
        "file": "fokker.yaml", "line": 0, "column": 0, "book": "typed-fokker-d-vii-book", "page": 12, "code": "F",
        "explained": 37, "explains": {"end-page": 37}, "found": 17, "should_be": 71}


def test_cli_diff_finds_the_opponent_in_the_first_books_folder(tmp_path: Path,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    german, allied = pair_data()
    _write(tmp_path / "a", german, "fokker.yaml")
    _write(tmp_path / "a", allied, "spad.yaml")
    plant(german, 12, "F", 17)
    _write(tmp_path / "b", german, "fokker.yaml")
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, ["aoa", "diff", "a/fokker.yaml", "b/fokker.yaml"])
    assert result.exit_code == 0, result.output
    line, summary = result.stdout.splitlines()
    assert "page 12, maneuver F: 71 here, 17 in b/fokker.yaml:" in line
    assert line.endswith("the invariants support a/fokker.yaml (0 violations here against 37)")
    assert summary == ("1 difference between a/fokker.yaml and b/fokker.yaml (opponent a/spad.yaml): 1 support the "
                       "first, 0 the second, 0 undecided")
    lost = CliRunner().invoke(main, ["aoa", "diff", "b/fokker.yaml", "a/fokker.yaml"])
    assert lost.exit_code == 2 and "give the opponent with --opponent" in lost.stderr
    named = CliRunner().invoke(main, ["aoa", "diff", "b/fokker.yaml", "a/fokker.yaml", "--opponent", "a/spad.yaml",
                                      "--format", "json"])
    assert [row["supports"] for row in json.loads(named.stdout)["differences"]] == [SECOND]


def test_cli_diff_reads_two_transcriptions_with_one_id_in_one_folder(tmp_path: Path,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    german, allied = pair_data()
    _write(tmp_path, german, "fokker.yaml")
    _write(tmp_path, allied, "spad.yaml")
    plant(german, 12, "F", 17)
    _write(tmp_path, german, "fokker-typed.yaml")
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, ["aoa", "diff", "--format", "json", "fokker-typed.yaml", "fokker.yaml"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert (data["first"], data["second"], data["opponent"]) == ("fokker-typed.yaml", "fokker.yaml", "spad.yaml")
    (row,) = data["differences"]
    assert (row["field"], row["first"]["value"], row["second"]["value"], row["supports"]) == ("next/F", 17, 71, SECOND)
    assert row["first"]["line"] == row["second"]["line"] > 0


def test_cli_a_book_that_does_not_load_is_one_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    german, allied = pair_data()
    _write(tmp_path, allied, "spad.yaml")
    (tmp_path / "broken.yaml").write_text("system: aoa\nkind: book\nid: broken\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, ["aoa", "suspects", "broken.yaml", "spad.yaml"])
    assert result.exit_code == 2
    assert result.stderr.startswith("fwdata: broken.yaml: the book did not load: broken.yaml:")
    assert len(result.stderr.splitlines()) == 1


@pytest.mark.parametrize("args", [["aoa", "suspects", "--format", "json", "nope.yaml", "nope.yaml"],
                                  ["aoa", "diff", "--format", "json", "nope.yaml", "nope.yaml"]])
def test_cli_a_missing_file_stops_with_a_json_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                    args: list[str]) -> None:
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 2
    assert json.loads(result.stdout)["error"]["message"] == "nope.yaml: no such file or folder"
    assert result.stderr == "fwdata: nope.yaml: no such file or folder\n"


def test_cli_a_device_for_a_book_is_refused_without_reading_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # /dev/zero never ends: it was once copied to a temporary file until the disk filled.
    german, allied = pair_data()
    _write(tmp_path, allied, "spad.yaml")
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, ["aoa", "suspects", "spad.yaml", "/dev/zero"])
    assert result.exit_code == 2
    assert result.stderr == "fwdata: /dev/zero: not a regular file (a book is a YAML file)\n"


def test_cli_suspects_and_diff_refuse_books_that_are_no_pair_or_no_transcriptions(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    german, allied = pair_data()
    _write(tmp_path, german, "fokker.yaml")
    _write(tmp_path, allied, "spad.yaml")
    monkeypatch.chdir(tmp_path)
    twice = CliRunner().invoke(main, ["aoa", "suspects", "spad.yaml", "spad.yaml"])
    assert twice.exit_code == 2 and twice.stderr == "fwdata: spad.yaml is given twice; name the two opposing books\n"
    sides = CliRunner().invoke(main, ["aoa", "diff", "spad.yaml", "fokker.yaml", "--opponent", "fokker.yaml"])
    assert sides.exit_code == 2
    assert sides.stderr == ("fwdata: spad.yaml is allied but fokker.yaml is german: diff compares two transcriptions "
                            "of one book\n")
