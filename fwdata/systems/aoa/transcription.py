"""The invariant violations of a dogfighting book pair as data: which cells each broken turn or page reads.

A transcription of the printed books is checked cell by cell: every violation
names the chart cells (book, page, code) it reads, so `suspects.py` can rank the
cells most likely mistyped and `book_diff.py` can weigh two transcriptions.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from fwdata.systems.aoa import rules
from fwdata.systems.aoa.model import LAST_PAGE, DogfightBook

END_PAGE = "end-page"  # AoA III: both books name the same end page of a turn
STALL_IDENTITY = "stall-identity"  # AoA I: under a stationary stall the page stays the same
PAGE_RANGE = "page-range"  # AoA Part A: a cell names a page in 1..223
UNKNOWN_CELL = "unknown-cell"  # a page 1..222 without a readable page under a code
INVARIANTS = (END_PAGE, STALL_IDENTITY, PAGE_RANGE, UNKNOWN_CELL)
TURN_PAGES = range(1, LAST_PAGE)  # turns start on pages 1..222; 223 has no chart (AoA VI)

Lookup = Callable[[int, str], int | None]
Turn = tuple[int, str, str]  # (page, maneuver of the first book, maneuver of the second)


@dataclass(frozen=True, order=True)
class Cell:
    """One chart cell of a pair: `book` 0 is the first book, 1 the second."""

    book: int
    page: int
    code: str


@dataclass(frozen=True)
class Violation:
    """One broken invariant and the cells it reads.

    For END_PAGE, `turn` is (page, maneuver a, maneuver b) and `pages` the
    (call a, call b, end a, end b) pages read; otherwise `pages` holds the value found
    (None for an unknown cell).
    """

    invariant: str
    cells: tuple[Cell, ...]
    turn: Turn | None
    pages: tuple[int | None, ...]


class PairCharts:
    """The chart cells of two opposing books as lookups, with the turns that read each cell.

    `codes` are the maneuver codes in chart order, `stationary` the codes under which
    a page leads to itself (the straight stall: AoA I, an inference documented in
    docs/aoa-books.md). A cell outside 1..223 or unknown reads as unknown: turns that
    need it are not violations; the cell itself is one.
    """

    def __init__(self, first: DogfightBook, second: DogfightBook, codes: Sequence[str],
                 stationary: Sequence[str]) -> None:
        self.books = (first, second)
        self.codes = tuple(codes)
        self.stationary = frozenset(stationary)
        self.found: tuple[dict[tuple[int, str], int | None], ...] = tuple(
            {(page, code): book.next_page(page, code) for page in TURN_PAGES for code in self.codes}
            for book in self.books)
        self.charts: tuple[dict[int, dict[str, int]], ...] = tuple(
            {page: {code: value for code in self.codes
                    if (value := found[page, code]) is not None and 1 <= value <= LAST_PAGE}
             for page in TURN_PAGES} for found in self.found)
        self._callers: tuple[dict[int, list[tuple[int, str]]], ...] = tuple(
            _callers(chart) for chart in self.charts)

    def value(self, cell: Cell) -> int | None:
        """Return the page in `cell` as it reads (None: unknown or outside 1..223)."""
        return self.charts[cell.book].get(cell.page, {}).get(cell.code)

    def lookup(self, book: int, override: tuple[Cell, int | None] | None = None) -> Lookup:
        """Return next_page of one book, with one cell read as another value when `override` is given."""
        chart = self.charts[book]
        if override is None or override[0].book != book:
            return lambda page, code: chart.get(page, {}).get(code)
        cell, value = override

        def read(page: int, code: str) -> int | None:
            if page == cell.page and code == cell.code:
                return value
            return chart.get(page, {}).get(code)
        return read

    def turns_reading(self, cell: Cell) -> list[Turn]:
        """Return the turns that read `cell` as a call-out or as an end page, in order, whatever its value."""
        turns: set[Turn] = set()
        if cell.book == 0:
            turns.update((cell.page, cell.code, other) for other in self.codes)
            turns.update((page, cell.code, other) for page, other in self._callers[1].get(cell.page, ()))
        else:
            turns.update((cell.page, other, cell.code) for other in self.codes)
            turns.update((page, other, cell.code) for page, other in self._callers[0].get(cell.page, ()))
        return sorted(turns, key=self._turn_key)

    def cell_violations(self, cell: Cell, value: int | None) -> list[Violation]:
        """Return the violations of `cell` alone holding `value`: unknown, out of range, stall identity."""
        if value is None:
            return [Violation(UNKNOWN_CELL, (cell,), None, (None,))]
        if not 1 <= value <= LAST_PAGE:
            return [Violation(PAGE_RANGE, (cell,), None, (value,))]
        if cell.code in self.stationary and value != cell.page:
            return [Violation(STALL_IDENTITY, (cell,), None, (value,))]
        return []

    def turn_violation(self, turn: Turn, override: tuple[Cell, int | None] | None = None) -> Violation | None:
        """Play one turn by rules.resolve_turn; return its end-page disagreement, or None (AoA I-III, VI)."""
        page, code_a, code_b = turn
        found = next(rules.disagreeing_turns(self.lookup(0, override), self.lookup(1, override), (page,), (code_a,),
                                             (code_b,)), None)
        return None if found is None else _end_page_violation(*found)

    def count_violations(self, cell: Cell, value: int | None, skip: Callable[[Turn], bool] = lambda turn: False) -> int:
        """Return how many invariants break when `cell` holds `value` (the turns reading it and the cell itself)."""
        override = (cell, value if value is not None and 1 <= value <= LAST_PAGE else None)
        broken = sum(1 for turn in self.turns_reading(cell)
                     if not skip(turn) and self.turn_violation(turn, override) is not None)
        return broken + len(self.cell_violations(cell, value))

    def cell_key(self, cell: Cell) -> tuple[int, int, int]:
        """Sort key of a cell: book, page, chart order of its code."""
        return cell.book, cell.page, self.codes.index(cell.code)

    def _turn_key(self, turn: Turn) -> tuple[int, int, int]:
        return turn[0], self.codes.index(turn[1]), self.codes.index(turn[2])


def _callers(chart: dict[int, dict[str, int]]) -> dict[int, list[tuple[int, str]]]:
    """Index a chart backwards: page -> the (page, code) cells that name it."""
    callers: dict[int, list[tuple[int, str]]] = {}
    for page, row in chart.items():
        for code, target in row.items():
            callers.setdefault(target, []).append((page, code))
    return callers


def find_violations(pair: PairCharts) -> Iterator[Violation]:
    """Yield every violation of the pair: each cell's own, then every turn from pages 1..222 (AoA I-III, VI).

    Turns: 222 x codes x codes, each played by rules.resolve_turn (a call of 223 sends
    the reader to the other's end page; both 223 is lost, not a violation).
    """
    for book in (0, 1):
        for page in TURN_PAGES:
            for code in pair.codes:
                cell = Cell(book, page, code)
                yield from pair.cell_violations(cell, pair.found[book][page, code])
    for found in rules.disagreeing_turns(pair.lookup(0), pair.lookup(1), TURN_PAGES, pair.codes, pair.codes):
        yield _end_page_violation(*found)


def _end_page_violation(page: int, code_a: str, code_b: str, result: rules.TurnResult) -> Violation:
    """The end-page violation of one disagreeing turn, with the four cells it reads (two calls, two end pages)."""
    assert result.call_a is not None and result.call_b is not None  # both ends read means both calls did
    cells = dict.fromkeys((Cell(0, page, code_a), Cell(1, page, code_b), Cell(0, result.call_b, code_a),
                           Cell(1, result.call_a, code_b)))
    return Violation(END_PAGE, tuple(cells), (page, code_a, code_b),
                     (result.call_a, result.call_b, result.end_a, result.end_b))
