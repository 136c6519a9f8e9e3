"""Test transcriptions: the generated books written as hand-typed CSV, and the typing errors planted in them."""

from __future__ import annotations

import csv
import io
import random
from collections.abc import Callable, Mapping, Sequence
from copy import deepcopy
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path
from typing import Any

from tests.systems.aoa.aoa_data import document

ROOT = Path(__file__).resolve().parents[3]
BOOKS = {"allied": ROOT / "cards" / "aoa" / "books" / "spad-xiii-book.yaml",
         "german": ROOT / "cards" / "aoa" / "books" / "fokker-d-vii-book.yaml"}
CODES = tuple(chr(c) for c in range(ord("A"), ord("Z") + 1))
ORIGINAL_CODES = tuple(code for code in CODES if code != "O")
# The per-page CSV's columns before the maneuvers, and the book key each one holds.
ATTRIBUTE_COLUMNS = {"page": "page", "range": "range", "view": "view", "facing": "facing",
                     "enemy_visible": "enemy_visible", "tailing": "tag", "firing": "firing", "shot": "shot",
                     "damage": "damage"}

Table = list[list[str]]  # a CSV as typed: the header row, then one row of cells per page


@dataclass(frozen=True)
class Planted:
    """One planted typing error: the page (as in the clean book), the column (a code, an attribute or `page` for a
    missing or repeated row), the cell as typed ("" for a missing row) and the corruption that planted it."""

    page: int
    column: str
    typed: str
    kind: str = ""


def generated_book(side: str) -> dict[str, Any]:
    """Return the bundled generated book of `side` as plain data (a copy: change it freely)."""
    return deepcopy(_loaded(side))


@cache
def _loaded(side: str) -> dict[str, Any]:
    return dict(document(BOOKS[side]).data)


def _cell(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def _attribute_cells(page: Mapping[str, Any]) -> list[str]:
    """A page's attribute cells as a hobbyist types them: a blank for an absent value or a false Firing or Shot!."""
    return [_cell(page.get(key)) if key not in ("firing", "shot") or page.get(key) else ""
            for key in ATTRIBUTE_COLUMNS.values()]


def page_table(book: Mapping[str, Any], codes: Sequence[str] = CODES) -> Table:
    """Return `book` as a one-row-per-page table: attribute columns, then one column per code of `codes`."""
    rows = [[*ATTRIBUTE_COLUMNS, *codes]]
    for page in book["pages"]:
        chart = dict(zip(CODES, page.get("next") or (), strict=False))
        rows.append(_attribute_cells(page) + [_cell(chart.get(code)) for code in codes])
    return rows


def transposed_table(book: Mapping[str, Any]) -> Table:
    """Return `book` as a one-row-per-maneuver table: a header of page numbers, attribute rows, code rows."""
    columns = [_attribute_cells(page) + [_cell(n) for n in page.get("next") or [None] * len(CODES)]
               for page in book["pages"]]
    names = ["code", *list(ATTRIBUTE_COLUMNS)[1:], *CODES]
    return [[name, *(column[i] for column in columns)] for i, name in enumerate(names)]


def transposed(table: Table) -> Table:
    """Return a one-row-per-page table turned on its side: a `code` row of page numbers, one row per column."""
    pages = [row[0] for row in table[1:]]
    return [["code", *pages], *([name, *(row[i] for row in table[1:])] for i, name in enumerate(table[0]) if i)]


def csv_text(table: Table, delimiter: str = ",") -> str:
    """Return `table` as CSV text."""
    stream = io.StringIO()
    csv.writer(stream, delimiter=delimiter, lineterminator="\n").writerows(table)
    return stream.getvalue()


# ------------------------------------------------------------------ corruptions of a one-row-per-page table


def _chart_cells(table: Table, avoid: set[int], usable: Callable[[str], bool]) -> list[tuple[int, int]]:
    """(row, column) of every maneuver cell whose page is not in `avoid` and whose text is `usable`."""
    first = len(ATTRIBUTE_COLUMNS)
    return [(r, c) for r in range(1, len(table)) if int(table[r][0]) not in avoid
            for c in range(first, len(table[r])) if table[r][c] and usable(table[r][c])]


def _replace(table: Table, rng: random.Random, avoid: set[int], usable: Callable[[str], bool],
             typed: Callable[[str], str]) -> tuple[Table, list[Planted]]:
    row, column = rng.choice(_chart_cells(table, avoid, usable))
    table = [list(r) for r in table]
    table[row][column] = typed(table[row][column])
    return table, [Planted(int(table[row][0]), table[0][column], table[row][column])]


def swap_digits(table: Table, rng: random.Random, avoid: set[int]) -> tuple[Table, list[Planted]]:
    """Swap the last two digits of a maneuver cell (127 -> 172)."""
    def swapped(typed: str) -> str:
        return typed[:-2] + typed[-1] + typed[-2]

    return _replace(table, rng, avoid, lambda t: len(t) >= 2 and swapped(t) != t and swapped(t)[0] != "0", swapped)


def extra_digit(table: Table, rng: random.Random, avoid: set[int]) -> tuple[Table, list[Planted]]:
    """Type the last digit of a maneuver cell twice (127 -> 1277)."""
    return _replace(table, rng, avoid, lambda t: len(t) == 3, lambda t: t + t[-1])


def placeholder(table: Table, rng: random.Random, avoid: set[int]) -> tuple[Table, list[Planted]]:
    """Leave a placeholder word in a maneuver cell (tbd)."""
    return _replace(table, rng, avoid, lambda t: True, lambda t: "tbd")


def wrong_column(table: Table, rng: random.Random, avoid: set[int]) -> tuple[Table, list[Planted]]:
    """Type a row's maneuver values one column to the right (a skipped column: the first blank, the last lost)."""
    first = len(ATTRIBUTE_COLUMNS)
    row = rng.choice(sorted({r for r, _c in _chart_cells(table, avoid, lambda t: True)}))
    table = [list(r) for r in table]
    old = table[row][first:]
    table[row][first:] = ["", *old[:-1]]
    return table, [Planted(int(table[row][0]), table[0][first + i], new)
                   for i, (was, new) in enumerate(zip(old, table[row][first:], strict=True)) if was != new]


def missing_page(table: Table, rng: random.Random, avoid: set[int]) -> tuple[Table, list[Planted]]:
    """Leave out one page's row."""
    row = rng.choice([r for r in range(1, len(table)) if int(table[r][0]) not in avoid])
    return table[:row] + table[row + 1:], [Planted(int(table[row][0]), "page", "")]


def duplicated_row(table: Table, rng: random.Random, avoid: set[int]) -> tuple[Table, list[Planted]]:
    """Type one page's row twice, one after the other."""
    row = rng.choice([r for r in range(1, len(table)) if int(table[r][0]) not in avoid])
    return table[:row + 1] + [list(table[row])] + table[row + 1:], [Planted(int(table[row][0]), "page",
                                                                            table[row][0])]


def misspelt_word(table: Table, rng: random.Random, avoid: set[int]) -> tuple[Table, list[Planted]]:
    """Misspell a picture's enumeration (right-wingtip -> righ-wingtip)."""
    view = table[0].index("view")
    row = rng.choice([r for r in range(1, len(table)) if int(table[r][0]) not in avoid and "right" in table[r][view]])
    table = [list(r) for r in table]
    table[row][view] = table[row][view].replace("right", "righ")
    return table, [Planted(int(table[row][0]), "view", table[row][view])]


CORRUPTIONS = (swap_digits, extra_digit, wrong_column, placeholder, missing_page, duplicated_row, misspelt_word)


def corrupt(table: Table, seed: int,
            corruptions: Sequence[Callable[..., tuple[Table, list[Planted]]]] = CORRUPTIONS,
            ) -> tuple[Table, list[Planted]]:
    """Plant each of `corruptions` once, each on its own page (never 223), seeded; return the table and the plants."""
    rng = random.Random(seed)
    planted: list[Planted] = []
    for corruption in corruptions:
        table, cells = corruption(table, rng, {223, *(p.page for p in planted)})
        planted += [replace(cell, kind=corruption.__name__) for cell in cells]
    return table, planted
