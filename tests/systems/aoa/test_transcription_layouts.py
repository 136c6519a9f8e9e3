"""`fwdata aoa import` of the CSV layouts people publish: other column names, numbered maneuvers, a side column."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from fwdata.cli.main import main
from tests.systems.aoa.aoa_data import document
from tests.systems.aoa.transcriptions import CODES, csv_text, generated_book

SPAD = ["--side", "allied", "--id", "my-spad", "--name", "My SPAD", "--depicts", "SPAD XIII"]
RANGE_WORD = {"short": "close", "medium": "medium", "long": "long"}


def published_rows(book: dict[str, Any], faction: str, first: int = 0) -> list[list[str]]:
    """A book as a published CSV types it: faction, page_num, distance, tail (none/in), fire (TRUE/FALSE), m_N."""
    rows = []
    for page in book["pages"]:
        chart = page.get("next") or [None] * len(CODES)
        rows.append([faction, str(page["page"]), RANGE_WORD.get(page.get("range") or "", ""),
                     "in" if page.get("tag") == "tailing" else "none", "TRUE" if page.get("firing") else "FALSE",
                     *("" if n is None else str(n) for n in chart)])
    return rows


def published_header(first: int = 0, prefix: str = "m_") -> list[str]:
    return ["faction", "page_num", "distance", "tail", "fire", *(f"{prefix}{n}" for n in range(first, first + 26))]


def _import(tmp_path: Path, table: list[list[str]], *options: str) -> tuple[Result, Path]:
    source = tmp_path / "published.csv"
    source.write_text(csv_text(table), encoding="utf-8")
    out = tmp_path / "pack" / "book.yaml"
    return CliRunner().invoke(main, ["aoa", "import", str(source), *(options or SPAD), "--out", str(out)]), out


def _expected(book: dict[str, Any]) -> list[dict[str, Any]]:
    """What the published layout can say of each page: range, a tailing tag, Firing, the chart."""
    pages = []
    for page in book["pages"]:
        record: dict[str, Any] = {"page": page["page"]}
        if page.get("range"):
            record["range"] = page["range"]
        if page.get("tag") == "tailing":
            record["tag"] = "tailing"
        record["firing"] = bool(page.get("firing"))
        if page.get("next"):
            record["next"] = page["next"]
        pages.append(record)
    return pages


def test_both_books_in_one_published_csv_import_the_side_asked_for(tmp_path: Path) -> None:
    """faction,page_num,distance,tail,fire,m_0..m_25 with close/medium/long, none/in and TRUE/FALSE."""
    allied, german = generated_book("allied"), generated_book("german")
    table = [published_header(), *published_rows(german, "german"), *published_rows(allied, "allied")]
    result, out = _import(tmp_path, table)
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0] == "read 223 pages (one row per page; layout powerhouse-26, 26 maneuvers)"
    assert lines[1] == ("columns detected: faction -> side, page_num -> page, distance -> range, tail -> tailing, "
                        "fire -> firing, m_0..m_25 -> A..Z (numbered from 0)")
    assert lines[2] == "left out 223 rows of the other side's book"
    assert document(out).data["pages"] == _expected(allied)


def test_maneuvers_numbered_from_one_and_lettered_columns(tmp_path: Path) -> None:
    allied = generated_book("allied")
    result, out = _import(tmp_path, [published_header(1), *published_rows(allied, "Entente")])
    assert result.exit_code == 0, result.output
    assert "m_1..m_26 -> A..Z (numbered from 1)" in result.stdout
    assert document(out).data["pages"] == _expected(allied)
    lettered = ["side", "pg", "range", "tailing", "firing", *(f"maneuver_{c.lower()}" for c in CODES)]
    result, out = _import(tmp_path, [lettered, *published_rows(allied, "allied")], *SPAD, "--force")
    assert result.exit_code == 0, result.output
    assert "maneuver_a -> A" in result.stdout and "pg -> page" in result.stdout


@pytest.mark.parametrize("first", [0, 1])
def test_bare_number_maneuver_columns(tmp_path: Path, first: int) -> None:
    """Maneuver columns named 0..25 or 1..26, no prefix: a one-row-per-page CSV (the rows start with a side word,
    not a maneuver code), read as A..Z and said so."""
    allied = generated_book("allied")
    result, out = _import(tmp_path, [published_header(first, prefix=""), *published_rows(allied, "allied")])
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[0].startswith("read 223 pages (one row per page;")
    assert f"{first}..{first + 25} -> A..Z (numbered from {first})" in result.stdout
    assert document(out).data["pages"] == _expected(allied)


def test_numbers_that_cannot_tell_their_start_need_a_map(tmp_path: Path) -> None:
    """m_1..m_25 for 26 codes could start at 0 or 1: refused in one line; --map m_1=B says they start at 0."""
    allied = generated_book("allied")
    rows = [row[:-1] for row in published_rows(allied, "allied")]
    header = published_header(1)[:-1]
    result, out = _import(tmp_path, [header, *rows])
    assert result.exit_code == 2 and not out.exists()
    assert "they may count from 0 or from 1" in result.stderr and len(result.stderr.splitlines()) == 1
    result, out = _import(tmp_path, [header, *rows], *SPAD, "--map", "m_1=B", "--map", "faction=ignore")
    assert result.exit_code == 2
    assert "no column for maneuver A" in result.stderr  # m_0 (A) was never typed


def test_two_page_columns_are_refused_until_mapped(tmp_path: Path) -> None:
    allied = generated_book("allied")
    table = [["page", *published_header()], *([row[1], *row] for row in published_rows(allied, "allied"))]
    result, _out = _import(tmp_path, table)
    assert result.exit_code == 2
    assert "columns 'page', 'page_num' all read as page; say which with --map" in result.stderr
    result, out = _import(tmp_path, table, *SPAD, "--map", "page_num=ignore")
    assert result.exit_code == 0, result.output
    assert "page_num ignored" in result.stdout
    assert document(out).data["pages"] == _expected(allied)


@pytest.mark.parametrize(("mapping", "message"), [
    ("page_num", "expected COLUMN=FIELD"),
    ("page_num=pgae", "unknown field 'pgae' (did you mean 'page'?)"),
    ("nothere=page", "--map names column 'nothere', which the header does not have"),
    ("a=b=c", "expected COLUMN=FIELD"),
    ("x\x1b[2J=page", "expected COLUMN=FIELD"),
    ("p" * 500 + "=page", "at most 80 printable characters"),
])
def test_a_hostile_mapping_is_one_line(tmp_path: Path, mapping: str, message: str) -> None:
    table = [published_header(), *published_rows(generated_book("allied"), "allied")]
    result, out = _import(tmp_path, table, *SPAD, "--map", mapping)
    assert result.exit_code == 2 and not out.exists()
    assert message in result.stderr and len(result.stderr.splitlines()) == 1
    assert "\x1b" not in result.stderr


def test_too_many_mappings_are_refused(tmp_path: Path) -> None:
    table = [published_header(), *published_rows(generated_book("allied"), "allied")]
    options = [arg for n in range(65) for arg in ("--map", f"c{n}=ignore")]
    result, _out = _import(tmp_path, table, *SPAD, *options)
    assert result.exit_code == 2 and "65 --map options; at most 64" in result.stderr


def test_an_unknown_column_of_page_numbers_is_named_as_a_maneuver_column(tmp_path: Path) -> None:
    """A maneuver column typed m_2O (letter O for zero): its cells are page numbers, so the message says it reads
    like a maneuver column and names the codes left without a column."""
    header = published_header()
    header[5 + 20] = "m_2O"
    result, _out = _import(tmp_path, [header, *published_rows(generated_book("allied"), "allied")])
    assert result.exit_code == 2
    assert "unknown column 'm_2O'" in result.stderr and "its cells are page numbers" in result.stderr
    assert "codes without a column: U" in result.stderr


def test_a_side_word_naming_neither_book_is_one_line(tmp_path: Path) -> None:
    rows = published_rows(generated_book("allied"), "allied")
    rows[3][0] = "martians"
    result, _out = _import(tmp_path, [published_header(), *rows])
    assert result.exit_code == 2
    assert "line 5: side 'martians' names neither book" in result.stderr
