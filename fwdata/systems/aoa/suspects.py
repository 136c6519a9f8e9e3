"""Rank the chart cells of a book pair most likely mistyped: a greedy cover of the invariant violations.

The smallest set of cells whose correction removes the most violations is NP-hard
to find exactly; the greedy cover (take the cell read by the most unexplained
violations, repeat) is the classic approximation, and a mistyped cell breaks some
fifty turns while the correct cells it shares them with break one or two each.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from fwdata.systems.aoa.model import LAST_PAGE
from fwdata.systems.aoa.transcription import Cell, PairCharts, Turn, Violation

DEFAULT_LIMIT = 20


@dataclass(frozen=True)
class Suspect:
    """A cell the greedy cover chose: the violations it explains by invariant, its value now and the one it needs.

    `should_be` is the one page in 1..223 that leaves every turn reading the cell
    (and the cell itself) unbroken, else the one page that removes every violation
    reading the cell; None when no page or more than one does.
    """

    cell: Cell
    explains: Counter[str]
    found: int | None
    should_be: int | None

    @property
    def explained(self) -> int:
        """How many violations the cell explains in all."""
        return sum(self.explains.values())


def find_suspects(pair: PairCharts, violations: Sequence[Violation], limit: int = DEFAULT_LIMIT) -> list[Suspect]:
    """Choose up to `limit` cells by greedy set cover over `violations`, then work out each one's right value.

    Ties go to the first book, the lower page, the earlier code. Deterministic: the
    same pair gives the same list. Each choice costs one scan of the cells; each value
    costs 223 candidates x the ~50 turns reading the cell.
    """
    readers: dict[Cell, list[int]] = {}
    for index, violation in enumerate(violations):
        for cell in violation.cells:
            readers.setdefault(cell, []).append(index)
    unexplained = {cell: len(indexes) for cell, indexes in readers.items()}
    explained: set[int] = set()
    chosen: list[tuple[Cell, list[int]]] = []
    while len(chosen) < limit:
        open_cells = [cell for cell, count in unexplained.items() if count]
        if not open_cells:
            break
        best = min(open_cells, key=lambda cell: (-unexplained[cell], pair.cell_key(cell)))
        indexes = [index for index in readers[best] if index not in explained]
        explained.update(indexes)
        for index in indexes:
            for cell in violations[index].cells:
                unexplained[cell] -= 1
        chosen.append((best, indexes))
    suspected = {cell for cell, _ in chosen}
    return [Suspect(cell, Counter(violations[index].invariant for index in indexes),
                    pair.found[cell.book].get((cell.page, cell.code)),
                    _should_be(pair, cell, suspected, [violations[index] for index in readers[cell]]))
            for cell, indexes in chosen]


def _should_be(pair: PairCharts, cell: Cell, suspected: set[Cell], violations: Sequence[Violation]) -> int | None:
    """Return the one page that breaks nothing when in `cell`, or None.

    Turns that also read another suspected cell (read with the candidate value in
    `cell`, so an out-of-range cell's call-outs count) are left out: that cell is
    probably wrong too, so they cannot vouch for a value of this one. When that
    leaves no single value, the one value (if exactly one) that removes every
    violation in `violations` reading the cell is named.
    """
    others = suspected - {cell}
    turns = pair.turns_reading(cell)

    def reads_other(turn: Turn, value: int) -> bool:
        page, code_a, code_b = turn
        first, second = pair.lookup(0, (cell, value)), pair.lookup(1, (cell, value))
        call_a, call_b = first(page, code_a), second(page, code_b)
        read = {Cell(0, page, code_a), Cell(1, page, code_b)}
        if call_b is not None:
            read.add(Cell(0, call_b, code_a))
        if call_a is not None:
            read.add(Cell(1, call_a, code_b))
        return not read.isdisjoint(others)

    def fits(value: int) -> bool:
        return not pair.cell_violations(cell, value) and all(
            reads_other(turn, value) or pair.turn_violation(turn, (cell, value)) is None for turn in turns)

    candidates = [value for value in range(1, LAST_PAGE + 1) if fits(value)]
    if len(candidates) == 1:
        return candidates[0]
    broken = [v.turn for v in violations if v.turn is not None]
    removing = [value for value in range(1, LAST_PAGE + 1) if not pair.cell_violations(cell, value)
                and all(pair.turn_violation(turn, (cell, value)) is None for turn in broken)]
    return removing[0] if len(removing) == 1 else None
