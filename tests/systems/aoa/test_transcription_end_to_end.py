"""A hand-typed transcription end to end: CSV -> `fwdata aoa import` -> `fwdata check` -> `aoa suspects` -> `aoa diff`.

The generated pair (cards/aoa/books) stands in for the printed books. Each book is
written as CSV (the Allied one row per page, the German one row per maneuver), the
typist's faults are planted with fixed seeds (tests/systems/aoa/transcriptions.py),
and only the real command line is run on the files. Expected numbers are worked out
here from the corrupted tables alone: every turn of AoA I-III replayed with
rules.resolve_turn.
"""

from __future__ import annotations

import json
import re
import shutil
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from fwdata.cli.main import main
from fwdata.systems.aoa import rules
from tests.systems.aoa.transcriptions import (
    CODES,
    Planted,
    Table,
    corrupt,
    csv_text,
    generated_book,
    page_table,
    transposed,
)

ROOT = Path(__file__).resolve().parents[3]
SEEDS = {"allied": 1, "german": 2}
IDS = {"allied": "spad-typed", "german": "fokker-typed"}
DEPICTS = {"allied": "SPAD XIII", "german": "Fokker D.VII"}
SCHEMA_KINDS = ("extra_digit", "placeholder", "misspelt_word")  # cells no book may hold
VALID_KINDS = ("swap_digits", "wrong_column")  # cells that are pages, but the wrong ones
LAST_PAGE = 223


@dataclass(frozen=True)
class TypedBook:
    """One imported transcription: its corrupted table, the planted faults and the written YAML."""

    side: str
    table: Table
    planted: list[Planted]
    path: Path


def _run(*arguments: str) -> str:
    result = CliRunner().invoke(main, list(arguments))
    assert result.exit_code in (0, 1), result.output  # 1: `fwdata check` found errors
    return result.stdout


def _import(table: Table, side: str, folder: Path, *, on_its_side: bool) -> Path:
    source = folder / f"{side}.csv"
    source.write_text(csv_text(transposed(table) if on_its_side else table), encoding="utf-8")
    out = folder / "books" / f"{side}.yaml"
    opponent = IDS["german" if side == "allied" else "allied"]
    printed = _run("aoa", "import", str(source), "--side", side, "--id", IDS[side], "--name", f"{side} (typed)",
                   "--depicts", DEPICTS[side], "--opponent", opponent, "--out", str(out))
    assert ("one row per maneuver" if on_its_side else "one row per page") in printed
    return out


def _typed_pair(folder: Path, corrupted: bool) -> dict[str, TypedBook]:
    books = {}
    for side in ("allied", "german"):
        clean = page_table(generated_book(side))
        table, planted = corrupt(clean, SEEDS[side]) if corrupted else (clean, [])
        books[side] = TypedBook(side, table, planted, _import(table, side, folder, on_its_side=side == "german"))
    return books


@pytest.fixture(scope="module")
def typed(tmp_path_factory: pytest.TempPathFactory) -> dict[str, TypedBook]:
    """The corrupted pair, imported into one folder."""
    return _typed_pair(tmp_path_factory.mktemp("typed"), corrupted=True)


@pytest.fixture(scope="module")
def clean(tmp_path_factory: pytest.TempPathFactory) -> dict[str, TypedBook]:
    """The same pair typed without a fault, imported into a folder of its own."""
    return _typed_pair(tmp_path_factory.mktemp("clean"), corrupted=False)


@pytest.fixture(scope="module")
def findings(typed: dict[str, TypedBook]) -> list[dict[str, Any]]:
    """`fwdata check --format json` on the corrupted pair's folder."""
    data: dict[str, Any] = json.loads(_run("check", "--format", "json", str(typed["allied"].path.parent)))
    return list(data["findings"])


def _row_index(table: Table, page: int) -> int:
    """The index of a page's first record in the imported book (its rows keep the table's order)."""
    return next(i for i, row in enumerate(table[1:]) if row[0] == str(page))


def _line_of(book: TypedBook, page: int) -> int:
    """The line of a page's first record in the written YAML (one flow mapping a line)."""
    lines = book.path.read_text(encoding="utf-8").splitlines()
    return next(n for n, line in enumerate(lines, start=1) if line.startswith(f"  - {{page: {page},"))


def _pointer(book: TypedBook, plant: Planted) -> str:
    index = _row_index(book.table, plant.page)
    if plant.column in CODES:
        return f"/pages/{index}/next/{CODES.index(plant.column)}"
    return f"/pages/{index}/{plant.column}"


def _of(findings: Sequence[dict[str, Any]], book: TypedBook, code: str) -> list[dict[str, Any]]:
    return [f for f in findings if f["code"] == code and Path(f["path"]).resolve() == book.path.resolve()]


def _chart(table: Table) -> dict[int, dict[str, int]]:
    """Page -> code -> page of a typed table as the checks read it: the first row of a page, cells 1..223 only."""
    columns = {code: table[0].index(code) for code in CODES}
    chart: dict[int, dict[str, int]] = {}
    for row in table[1:]:
        cells = {code: int(row[k]) for code, k in columns.items() if row[k].isdigit() and 1 <= int(row[k]) <= 223}
        chart.setdefault(int(row[0]), cells)
    return chart


def _end_page_disagreements(first: Table, second: Table) -> int:
    """Fly every turn from every page both books chart, every pair of maneuvers; count unequal end pages (AoA III)."""
    a, b = _chart(first), _chart(second)

    def next_a(page: int, code: str) -> int | None:
        return a.get(page, {}).get(code)

    def next_b(page: int, code: str) -> int | None:
        return b.get(page, {}).get(code)

    pages = [page for page in range(1, LAST_PAGE) if a.get(page) and b.get(page)]
    return sum(1 for page in pages for ma in CODES for mb in CODES
               if (turn := rules.resolve_turn(next_a, next_b, page, ma, mb)).end_a is not None
               and turn.end_b is not None and not turn.agree)


def _clean_value(side: str, page: int, code: str) -> int:
    record = next(p for p in generated_book(side)["pages"] if p["page"] == page)
    value: int = record["next"][CODES.index(code)]
    return value


def test_each_unreadable_cell_is_one_schema_finding_at_its_line(typed: dict[str, TypedBook],
                                                               findings: list[dict[str, Any]]) -> None:
    """1277, tbd, righ-wingtip and the blank a shifted row leaves: one SCHEMA finding each, at the page's line."""
    for book in typed.values():
        bad = [p for p in book.planted if p.kind in SCHEMA_KINDS or (p.kind == "wrong_column" and not p.typed)]
        assert len(bad) == 4
        expected = {(_line_of(book, p.page), _pointer(book, p)) for p in bad}
        assert {(f["line"], f["pointer"]) for f in _of(findings, book, "SCHEMA")} == expected


def test_a_missing_and_a_repeated_page_are_named(typed: dict[str, TypedBook], findings: list[dict[str, Any]]) -> None:
    for book in typed.values():
        missing = next(p.page for p in book.planted if p.kind == "missing_page")
        repeated = next(p.page for p in book.planted if p.kind == "duplicated_row")
        messages = {(f["line"], f["message"]) for f in _of(findings, book, "AOA-BOOK-PAGES")}
        assert messages == {(_line_of(book, 1), f"1 page is missing: {missing} (a book holds pages 1-223)"),
                            (_line_of(book, repeated), f"page {repeated} appears 2 times (each page once)")}


def test_the_summary_counts_every_end_page_disagreement(typed: dict[str, TypedBook],
                                                        findings: list[dict[str, Any]]) -> None:
    """AoA III: 222 x 26 x 26 turns replayed here over the corrupted tables give the check's total."""
    expected = _end_page_disagreements(typed["german"].table, typed["allied"].table)
    assert expected > 1000  # a mistyped cell breaks dozens of turns: the planted faults break well over a thousand
    listed = [f for f in findings if f["code"] == "AOA-BOOK-END-PAGE"]
    totals = [int(m.group(1)) for f in listed if (m := re.search(r"\((\d+) in all\)", f["message"]))]
    assert totals == [expected] and len(listed) == 26  # 25 listed, then the count


def test_the_opponents_are_found_and_nothing_else_is_reported(typed: dict[str, TypedBook],
                                                              findings: list[dict[str, Any]]) -> None:
    assert {f["code"] for f in findings} == {"SCHEMA", "AOA-BOOK-PAGES", "AOA-BOOK-END-PAGE", "AOA-BOOK-STALL"}
    stalls = [(f["path"], f["pointer"]) for f in findings if f["code"] == "AOA-BOOK-STALL"]
    assert len(stalls) == 2 and all(pointer.endswith("/next/3") for _path, pointer in stalls)  # D of each shifted row


@pytest.fixture(scope="module")
def suspects(typed: dict[str, TypedBook]) -> dict[str, Any]:
    """`fwdata aoa suspects GERMAN ALLIED --format json --limit 200`: enough cells to explain every violation."""
    data: dict[str, Any] = json.loads(_run("aoa", "suspects", str(typed["german"].path), str(typed["allied"].path),
                                           "--format", "json", "--limit", "200"))
    return data


def test_suspects_rank_the_wrong_but_valid_cells_first_with_their_right_values(
        typed: dict[str, TypedBook], suspects: dict[str, Any]) -> None:
    planted = {(IDS[side], p.page, p.column): side for side, book in typed.items() for p in book.planted
               if p.kind in VALID_KINDS and p.typed}
    first = suspects["suspects"][:len(planted)]
    assert {(row["book"], row["page"], row["code"]) for row in first} == set(planted)
    for row in first:
        assert row["should_be"] == _clean_value(planted[row["book"], row["page"], row["code"]], row["page"],
                                                row["code"])
    total = _end_page_disagreements(typed["german"].table, typed["allied"].table)
    assert suspects["violations"]["end-page"] == total
    assert sum(row["explained"] for row in suspects["suspects"]) == suspects["violations"]["total"]


def test_suspects_show_an_unreadable_cell_as_typed(typed: dict[str, TypedBook], suspects: dict[str, Any]) -> None:
    """A cell the check could not read says what the source gives ('now 2177'), and the page it should be."""
    rows = {(row["book"], row["page"], row["code"]): row for row in suspects["suspects"]}
    for side, book in typed.items():
        for plant in (p for p in book.planted if p.kind in ("extra_digit", "placeholder")):
            row = rows[IDS[side], plant.page, plant.column]
            expected_found = int(plant.typed) if plant.typed.isdigit() else plant.typed
            assert (row["found"], row["explains"]) == (expected_found, {"unknown-cell": 1})
            assert row["line"] == _line_of(book, plant.page)


def test_diff_against_a_clean_transcription_supports_the_clean_side(typed: dict[str, TypedBook],
                                                                    clean: dict[str, TypedBook]) -> None:
    """Every planted fault of the German book is one difference; the invariants side with the clean copy."""
    german = typed["german"]
    data = json.loads(_run("aoa", "diff", str(german.path), str(clean["german"].path), "--opponent",
                           str(clean["allied"].path), "--format", "json"))
    found = {(row["page"], row["field"]): row for row in data["differences"]}
    expected = {(p.page, "page" if p.column == "page" else f"next/{p.column}" if p.column in CODES else p.column)
                for p in german.planted if p.kind != "duplicated_row"}  # a page typed twice reads as its first row
    assert set(found) == expected
    view = next(p for p in german.planted if p.kind == "misspelt_word")
    assert found.pop((view.page, "view"))["supports"] == "both"  # no invariant ties a picture to the other cockpit
    assert {row["supports"] for row in found.values()} == {"second"}
    extra = next(p for p in german.planted if p.kind == "extra_digit")
    assert found[extra.page, f"next/{extra.column}"]["first"]["value"] == int(extra.typed)


def test_an_original_25_pair_is_read_in_its_own_code_order(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Layout original-25 (no O): a wrong page under P, the 15th code, is named P with its value restored."""
    shutil.copytree(ROOT / "tests" / "cases" / "aoa-book-original-25", tmp_path, dirs_exist_ok=True)
    monkeypatch.chdir(tmp_path)
    german = Path("test-german.yaml")
    lines = german.read_text(encoding="utf-8").splitlines(keepends=True)
    number = next(n for n, line in enumerate(lines) if line.startswith("  - {page: 10,"))
    found = re.search(r"next: \[([^\]]*)\]", lines[number])
    assert found is not None
    cells = found.group(1).split(", ")
    right, cells[14], cells[3] = int(cells[14]), "99", "1234"  # P (index 14 without O) and the stall D
    lines[number] = lines[number][:found.start(1)] + ", ".join(cells) + lines[number][found.end(1):]
    german.write_text("".join(lines), encoding="utf-8")
    printed = _run("aoa", "suspects", "test-german.yaml", "test-allied.yaml").splitlines()
    assert printed[0].startswith(f"test-german.yaml:{number + 1}:")
    assert printed[0].endswith(f"page 10, maneuver P: explains 48 end-page disagreements; should be {right} (now 99)")
    assert printed[1].endswith("page 10, maneuver D: explains 1 unknown cell; should be 10 (now 1234)")
    assert printed[2] == ("2 suspect cells explain 49 of 49 invariant violations in test-german, test-allied "
                          "(48 end-page disagreements, 1 unknown cell)")
