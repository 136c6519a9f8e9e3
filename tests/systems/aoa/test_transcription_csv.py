"""`fwdata aoa import`: hand-typed CSV transcriptions of the books -> book YAML, every odd cell kept as typed."""

from __future__ import annotations

import hashlib
import os
import random
import stat
from pathlib import Path
from tempfile import TemporaryDirectory
from typing import Any

import pytest
from click.testing import CliRunner, Result
from hypothesis import given, settings
from hypothesis import strategies as st

from fwdata.cli.main import main
from fwdata.errors import UsageError
from fwdata.sources.yaml_loader import load_bytes
from fwdata.systems.aoa.transcription_csv import (
    MAX_CSV_BYTES,
    PER_PAGE,
    TRANSPOSED,
    BookHeader,
    book_document,
    book_text,
    read_transcription,
)
from tests.systems.aoa.aoa_data import document
from tests.systems.aoa.transcriptions import (
    CODES,
    CORRUPTIONS,
    ORIGINAL_CODES,
    corrupt,
    csv_text,
    duplicated_row,
    generated_book,
    missing_page,
    page_table,
    transposed_table,
    wrong_column,
)

SPAD = ["--side", "allied", "--id", "my-spad", "--name", "My SPAD", "--depicts", "SPAD XIII",
        "--opponent", "my-fokker"]
FOKKER = ["--side", "german", "--id", "my-fokker", "--name", "My Fokker", "--depicts", "Fokker D.VII",
          "--opponent", "my-spad"]


def _import(tmp_path: Path, text: str | bytes, *options: str, name: str = "book.csv") -> tuple[Result, Path]:
    source = tmp_path / name
    if isinstance(text, str):
        source.write_text(text, encoding="utf-8")
    else:
        source.write_bytes(text)
    out = tmp_path / "pack" / f"{name}.yaml"
    arguments = list(options) or SPAD
    return CliRunner().invoke(main, ["aoa", "import", str(source), *arguments, "--out", str(out)]), out


def _book(path: Path) -> dict[str, Any]:
    """The written book as fwdata's loader reads it (YAML 1.2 core schema), failing on any loader finding."""
    return dict(document(path).data)


def _cell(book: dict[str, Any], page: int, column: str, codes: tuple[str, ...] = CODES) -> Any:
    record = next(p for p in book["pages"] if p["page"] == page)
    return record["next"][codes.index(column)] if column in codes else record.get(column)


@pytest.mark.parametrize("side", ["allied", "german"])
@pytest.mark.parametrize("layout", ["per-page", "transposed"])
def test_a_clean_transcription_imports_to_the_generated_book(tmp_path: Path, side: str, layout: str) -> None:
    book = generated_book(side)
    table = page_table(book) if layout == "per-page" else transposed_table(book)
    result, out = _import(tmp_path, csv_text(table), *(SPAD if side == "allied" else FOKKER))
    assert result.exit_code == 0, result.output
    shape = PER_PAGE if layout == "per-page" else TRANSPOSED
    assert result.stdout.splitlines()[0] == f"read 223 pages ({shape}; layout powerhouse-26, 26 maneuvers)"
    imported = _book(out)
    assert imported["pages"] == book["pages"]
    assert imported["side"] == side and "layout" not in imported


def test_the_book_names_its_csv_and_the_import(tmp_path: Path) -> None:
    text = csv_text(page_table(generated_book("allied")))
    result, out = _import(tmp_path, text, name="spad typed by hand.csv")
    assert result.exit_code == 0, result.output
    lines = out.read_text(encoding="utf-8").splitlines()
    assert lines[0].startswith("# yaml-language-server: $schema=")
    assert lines[1] == "# Imported by fwdata aoa import from spad typed by hand.csv; check with fwdata check"
    assert lines[-1].startswith("  - {page: 223, ")  # one flow mapping per page, as the generated books
    book = _book(out)
    digest = hashlib.sha256(text.encode("utf-8")).hexdigest()
    assert book["provenance"]["status"] == "transcribed"
    assert book["provenance"]["source"] == f"spad typed by hand.csv (SHA-256 {digest})"
    assert (book["id"], book["name"], book["depicts"], book["opponent"]) == ("my-spad", "My SPAD", "SPAD XIII",
                                                                             "my-fokker")


def test_two_imported_books_check_clean(tmp_path: Path) -> None:
    """Both generated books typed without a fault and imported as a pair: every AOA-BOOK-* invariant holds."""
    for side, options in (("allied", SPAD), ("german", FOKKER)):
        result, _out = _import(tmp_path, csv_text(page_table(generated_book(side))), *options, name=f"{side}.csv")
        assert result.exit_code == 0, result.output
    result = CliRunner().invoke(main, ["check", str(tmp_path / "pack")])
    assert result.exit_code == 0, result.stdout
    assert "0 errors, 0 warnings" in result.stdout


@pytest.mark.parametrize("delimiter", [";", "\t"])
def test_semicolons_tabs_a_bom_and_loose_headers_are_read(tmp_path: Path, delimiter: str) -> None:
    book = generated_book("allied")
    table = page_table(book)
    table[0][:5] = ["Page", " RANGE ", "View", "Facing", "Enemy Visible"]
    result, out = _import(tmp_path, ("\ufeff" + csv_text(table, delimiter)).encode("utf-8"))
    assert result.exit_code == 0, result.output
    assert _book(out)["pages"] == book["pages"]


def test_words_are_read_in_any_case_and_a_t_marks_tailing(tmp_path: Path) -> None:
    """AoA V: a page where you tail the enemy is marked with a small 'T'."""
    text = ("page,range,view,facing,tailing,firing,shot," + ",".join(CODES) + "\n"
            "2,Short,Right Tail,Away Left,T,Yes,no," + ",".join(["1"] * 26) + "\n")
    result, out = _import(tmp_path, text)
    assert result.exit_code == 0, result.output
    assert _book(out)["pages"][0] == {"page": 2, "range": "short", "view": "right-tail", "facing": "away-left",
                                      "tag": "tailing", "firing": True, "shot": False, "next": [1] * 26}


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_planted_error_is_kept_as_typed(tmp_path: Path, seed: int) -> None:
    clean = page_table(generated_book("allied"))
    table, planted = corrupt(clean, seed)
    result, out = _import(tmp_path, csv_text(table))
    assert result.exit_code == 0, result.output
    book = _book(out)
    numbers = [p["page"] for p in book["pages"]]
    for plant in planted:
        if plant.column != "page":
            expected: Any = int(plant.typed) if plant.typed.isdigit() else plant.typed or None
            assert _cell(book, plant.page, plant.column) == expected, plant
    missing = next(p for p in planted if p.kind == "missing_page")
    repeated = next(p for p in planted if p.kind == "duplicated_row")
    assert missing.page not in numbers and numbers.count(repeated.page) == 2
    assert len(numbers) == 223  # one page dropped, one typed twice: the rest stay in file order
    assert f"pages typed more than once: {repeated.page}" in result.stdout
    assert f"pages missing: {missing.page}" in result.stdout


def test_the_planted_errors_are_the_typists_faults(tmp_path: Path) -> None:
    """Seed 1 plants 127 -> 172-style swaps, a fourth digit, a shifted row, tbd, righ-; each reads back so."""
    _table, planted = corrupt(page_table(generated_book("allied")), 1)
    swapped, extra, *rest = planted
    clean = {p["page"]: p for p in generated_book("allied")["pages"]}
    was = str(clean[swapped.page]["next"][CODES.index(swapped.column)])
    assert swapped.typed == was[:-2] + was[-1] + was[-2] != was
    assert extra.typed == str(clean[extra.page]["next"][CODES.index(extra.column)]) + extra.typed[-1]
    assert len(extra.typed) == 4 and int(extra.typed) > 223
    assert (swapped.kind, extra.kind) == ("swap_digits", "extra_digit")
    assert {p.typed for p in rest if p.kind == "placeholder"} == {"tbd"}
    assert next(p for p in rest if p.kind == "misspelt_word").typed.startswith("righ-")
    assert len(CORRUPTIONS) == 7


def test_a_row_typed_one_column_right_is_kept_so(tmp_path: Path) -> None:
    clean = page_table(generated_book("german"))
    table, planted = wrong_column(clean, random.Random(7), {223})
    result, out = _import(tmp_path, csv_text(table), *FOKKER)
    assert result.exit_code == 0, result.output
    page = planted[0].page
    original = next(p for p in generated_book("german")["pages"] if p["page"] == page)["next"]
    assert next(p for p in _book(out)["pages"] if p["page"] == page)["next"] == [None, *original[:-1]]
    assert "kept as typed: 1 empty maneuver cell" in result.stdout


def test_a_corrupted_transposed_transcription_keeps_its_cells(tmp_path: Path) -> None:
    table = transposed_table(generated_book("allied"))
    column = table[0].index("57")
    table[CODES.index("K") + 9][column] = "tbd"  # the header, 8 attribute rows, then A..Z
    table[CODES.index("A") + 9][column] = "1700"
    table[0].append("57")  # page 57 typed twice, the second time empty but for one cell
    table[9].append("3")
    result, out = _import(tmp_path, csv_text(table))
    assert result.exit_code == 0, result.output
    pages = _book(out)["pages"]
    first = next(p for p in pages if p["page"] == 57)
    assert first["next"][CODES.index("K")] == "tbd" and first["next"][0] == 1700
    assert pages[-1] == {"page": 57, "next": [3] + [None] * 25}


def test_an_original_25_maneuver_book(tmp_path: Path) -> None:
    """The original books' 25 maneuvers: the Powerhouse codes without O (the two Immelmanns as one M)."""
    book = generated_book("allied")
    table = page_table(book, ORIGINAL_CODES)
    result, out = _import(tmp_path, csv_text(table), *SPAD, "--layout", "original-25")
    assert result.exit_code == 0, result.output
    imported = _book(out)
    assert imported["layout"] == "original-25"
    assert imported["pages"][0]["next"] == [n for code, n in zip(CODES, book["pages"][0]["next"], strict=True)
                                            if code != "O"]
    result, _out = _import(tmp_path, csv_text(table), name="again.csv")
    assert result.exit_code == 2
    assert "no column for maneuver O" in result.stderr and "--layout original-25" in result.stderr
    result, _out = _import(tmp_path, csv_text(page_table(book)), *SPAD, "--layout", "original-25", name="26.csv")
    assert result.exit_code == 2
    assert "unknown column 'O' (a book of Powerhouse's 26 maneuvers: --layout powerhouse-26)" in result.stderr


def test_read_transcription_keeps_the_file_order(tmp_path: Path) -> None:
    clean = page_table(generated_book("allied"))
    table, planted = duplicated_row(clean, random.Random(3), {223})
    table, dropped = missing_page(table, random.Random(4), {223, planted[0].page})
    (tmp_path / "t.csv").write_text(csv_text(table), encoding="utf-8")
    numbers = [p["page"] for p in read_transcription(tmp_path / "t.csv").pages]
    expected = [n for n in range(1, 224) if n != dropped[0].page]
    expected.insert(expected.index(planted[0].page), planted[0].page)
    assert numbers == expected


# ------------------------------------------------------------------ the command line


def test_an_existing_book_is_replaced_only_with_force(tmp_path: Path) -> None:
    text = csv_text(page_table(generated_book("allied")))
    first, out = _import(tmp_path, text)
    assert first.exit_code == 0
    out.write_text("mine\n", encoding="utf-8")
    again, _out = _import(tmp_path, text)
    assert again.exit_code == 2 and again.stdout == ""
    assert again.stderr == f"fwdata: {out} exists; --force replaces it\n"
    assert out.read_text(encoding="utf-8") == "mine\n"
    forced, _out = _import(tmp_path, text, *SPAD, "--force")
    assert forced.exit_code == 0 and _book(out)["id"] == "my-spad"


def test_the_book_is_never_written_over_the_csv_or_a_device(tmp_path: Path) -> None:
    text = csv_text(page_table(generated_book("allied")))
    source = tmp_path / "book.csv"
    source.write_text(text, encoding="utf-8")
    itself = CliRunner().invoke(main, ["aoa", "import", str(source), *SPAD, "--out", str(source), "--force"])
    assert itself.exit_code == 2 and itself.stderr == f"fwdata: {source} is the CSV being imported; name another file\n"
    assert source.read_text(encoding="utf-8") == text
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    device = CliRunner().invoke(main, ["aoa", "import", str(source), *SPAD, "--out", str(fifo), "--force"])
    assert device.exit_code == 2
    assert device.stderr == f"fwdata: {fifo} is not a regular file; name the book file to write\n"
    assert stat.S_ISFIFO(fifo.stat().st_mode)  # still the pipe, not a book


def test_an_unknown_column_is_named_with_a_suggestion(tmp_path: Path) -> None:
    table = page_table(generated_book("allied"))
    table[0][1] = "rnage"
    result, out = _import(tmp_path, csv_text(table))
    assert result.exit_code == 2 and not out.exists()
    assert "unknown column 'rnage' (did you mean 'range'?)" in result.stderr
    assert len(result.stderr.splitlines()) == 1


@pytest.mark.parametrize(("data", "message"), [
    (b"", "no rows"),
    (b"\n\n  \n", "no rows"),
    (bytes(range(256)) * 8, "not UTF-8 text"),
    (b"\x00\x01page\x00", "NUL bytes"),
    (b"page,range\n" + b"7" * 200 + b",short\n", "a cell of 200 characters"),
    (("page\n" + "1\n" * 447).encode(), "447 rows of pages; a book has 223 pages (at most 446 are read)"),
    (("code," + ",".join(["1"] * 447) + "\nA\n").encode(), "447 columns of pages"),
    (("page,range," + ",".join(CODES) + "\n1,short" + ",2" * 27 + "\n").encode(), "line 2 has a cell under no column"),
])
def test_unusable_files_stop_with_one_line(tmp_path: Path, data: bytes, message: str) -> None:
    result, out = _import(tmp_path, data)
    assert result.exit_code == 2 and not out.exists()
    assert message in result.stderr and len(result.stderr.splitlines()) == 1
    assert "Traceback" not in result.output


def test_a_50_mb_file_is_refused_unread(tmp_path: Path) -> None:
    big = tmp_path / "big.csv"
    with big.open("wb") as stream:
        stream.truncate(50 * 1024 * 1024)  # sparse: refused on its size, before a byte is read
    result = CliRunner().invoke(main, ["aoa", "import", str(big), *SPAD, "--out", str(tmp_path / "b.yaml")])
    assert result.exit_code == 2
    assert f"the limit is {MAX_CSV_BYTES} bytes" in result.stderr


def test_a_bad_id_or_missing_file_is_a_usage_error(tmp_path: Path) -> None:
    text = csv_text(page_table(generated_book("allied")))
    result, _out = _import(tmp_path, text, "--side", "allied", "--id", "My SPAD", "--name", "x", "--depicts", "y")
    assert result.exit_code == 2 and "--id 'My SPAD' is not a lowercase kebab-case id" in result.stderr
    result, _out = _import(tmp_path, text, "--side", "allied", "--id", "a", "--name", "x\x85y", "--depicts", "y")
    assert result.exit_code == 2 and "--name must be 1 to 120 printable characters" in result.stderr
    missing = CliRunner().invoke(main, ["aoa", "import", str(tmp_path / "none.csv"), *SPAD, "--out",
                                        str(tmp_path / "x.yaml")])
    assert missing.exit_code == 2 and "none.csv" in missing.stderr


def test_reading_a_header_alone_gives_no_pages(tmp_path: Path) -> None:
    (tmp_path / "h.csv").write_text("page," + ",".join(CODES) + "\n", encoding="utf-8")
    assert read_transcription(tmp_path / "h.csv").pages == ()
    (tmp_path / "bad.csv").write_text("page,A\n", encoding="utf-8")
    with pytest.raises(UsageError, match="no column for maneuver B, C"):
        read_transcription(tmp_path / "bad.csv")



def test_odd_words_stay_the_strings_typed(tmp_path: Path) -> None:
    """Cells a YAML reader would take for a number, a flag, null or syntax are quoted, so they load as typed."""
    odd = ["tbd", "12a", "yes", "null", "~", "0o17", "1e3", "0x1F", "a, b", "{x}", "[1]", "'", '"', "#1", "- 2",
           "righ", ".inf", "127.0", "x: y", "&a", "*a", "?x", "? q", ":x", "'12", "13'", "!t", "%", "@", "`", "12 3",
           "é", "TRUE", "\\", "|"]  # '12 and 13' side by side: the apostrophe is not taken for a quote character
    table = [["page", "range", *CODES], *([str(n + 1), word, *["1"] * 26] for n, word in enumerate(odd)),
             [str(len(odd) + 1), "short", *odd[:26]]]
    result, out = _import(tmp_path, csv_text(table))
    assert result.exit_code == 0, result.output
    pages = _book(out)["pages"]
    assert [p["range"] for p in pages[:-1]] == odd
    assert pages[-1]["next"] == odd[:26]
    check = CliRunner().invoke(main, ["check", str(tmp_path / "pack")])
    assert "YAML-" not in check.stdout and "SCHEMA" in check.stdout  # read as typed; the schema objects


@settings(max_examples=60, deadline=None, derandomize=True)
@given(st.lists(st.text(st.characters(exclude_categories=("Cs",), exclude_characters="\0"), max_size=12),
                min_size=2, max_size=2))
def test_no_cell_makes_a_book_the_loader_cannot_read(words: list[str]) -> None:
    """Whatever a cell holds, the written book loads without a loader finding and gives the cell back."""
    with TemporaryDirectory() as folder:
        source = Path(folder) / "t.csv"
        source.write_text(csv_text([["page", "view", *CODES], ["1", words[0], words[1], *["2"] * 25]]),
                          encoding="utf-8")
        try:
            transcription = read_transcription(source)
        except UsageError:
            return  # refused with one line: a cell too long, a row under no column
        header = BookHeader("allied", "x", "X", "X")
        text = book_text(book_document(transcription, header, "t\n\x1b.csv"), "t\n\x1b.csv", "s.json")
        document, findings = load_bytes("t.yaml", text.encode("utf-8"))
        assert not findings and document is not None, [f.format_line() for f in findings]
        assert document.data["pages"] == list(transcription.pages)
