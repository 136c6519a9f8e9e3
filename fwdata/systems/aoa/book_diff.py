"""Compare two transcriptions of one printed dogfighting book cell by cell, weighing each difference by the invariants.

Each side's value is judged in its own transcription against the opponent book:
a chart cell by the turns that read it and its own invariants (transcription.py),
a tag by the opponent's page (AoA III: one situation seen from both cockpits).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from fwdata.systems.aoa import rules
from fwdata.systems.aoa.model import LAST_PAGE, BookPage, DogfightBook
from fwdata.systems.aoa.transcription import Cell, PairCharts

FIRST, SECOND, BOTH, NEITHER = "first", "second", "both", "neither"
PAGE_FIELDS = ("range", "view", "facing", "enemy_visible", "tag", "firing", "shot", "damage")
MIRRORED_TAG = {"tailing": "tailed", "tailed": "tailing", None: None}


@dataclass(frozen=True)
class Difference:
    """One place where the transcriptions differ, and the violations each side's value causes.

    `field` is `page` (the page is missing on one side), `next/<code>` (a chart cell)
    or a page field (range, tag, firing, shot, ...). `supports` is FIRST or SECOND (its
    value breaks fewer invariants), BOTH (neither breaks any: the invariants cannot
    tell) or NEITHER (both break as many). A missing page is never supported: every
    page 1..223 is in the book (Part A), and a typed page's breaks may come from the
    opponent book.
    """

    page: int
    field: str
    first: object
    second: object
    first_violations: int
    second_violations: int

    @property
    def supports(self) -> str:
        """Which side the invariants support."""
        if self.field == "page":
            return FIRST if self.first else SECOND
        if self.first_violations != self.second_violations:
            return FIRST if self.first_violations < self.second_violations else SECOND
        return BOTH if self.first_violations == 0 else NEITHER


def diff_books(first: DogfightBook, second: DogfightBook, opponent: DogfightBook, codes: Sequence[str],
               stationary: Sequence[str]) -> list[Difference]:
    """Return every difference between two transcriptions of a book, page by page, chart cells in code order."""
    pairs = (PairCharts(first, opponent, codes, stationary), PairCharts(second, opponent, codes, stationary))
    differences: list[Difference] = []
    for page in range(1, LAST_PAGE + 1):
        records = (first.page(page), second.page(page))
        if records[0] is None and records[1] is None:
            continue
        if records[0] is None or records[1] is None:
            counts = [_page_violations(pair, page, record, opponent.page(page))
                      for pair, record in zip(pairs, records, strict=True)]
            differences.append(Difference(page, "page", records[0] is not None, records[1] is not None, *counts))
            continue
        differences.extend(_page_differences(pairs, records[0], records[1], opponent.page(page)))
    return differences


def _page_differences(pairs: tuple[PairCharts, PairCharts], first: BookPage, second: BookPage,
                      opposite: BookPage | None) -> Iterator[Difference]:
    page = first.page
    for name in PAGE_FIELDS:
        values = (getattr(first, name), getattr(second, name))
        if values[0] != values[1]:
            counts = [_field_violations(record, name, opposite) for record in (first, second)]
            yield Difference(page, name, *values, *counts)
    for code in pairs[0].codes:
        values = (_chart_value(first, code), _chart_value(second, code))
        if values[0] != values[1]:
            if page == LAST_PAGE:  # page 223 has no chart (Part A, Page 223): any cell there is one violation
                counts = [int(value is not None) for value in values]
            else:
                counts = [pair.count_violations(Cell(0, page, code), value) for pair, value in zip(pairs, values,
                                                                                                   strict=True)]
            yield Difference(page, f"next/{code}", *values, *counts)


def _chart_value(record: BookPage, code: str) -> int | None:
    return None if record.next is None else record.next.get(code)


def _field_violations(record: BookPage, name: str, opposite: BookPage | None) -> int:
    """Return 1 when the field breaks a tag invariant against the opponent's page (AoA III, V), else 0."""
    value = getattr(record, name)
    if record.page == LAST_PAGE:  # the clouds page shows no enemy and no tags (AoA VI)
        return int(bool(value))
    if name == "damage":  # Powerhouse Standard Game, Firing: 4 short, 2 medium, 1 long, only on Firing pages
        wanted = rules.STANDARD_DAMAGE.get(record.range or "") if record.firing else None
        return int(value != wanted)
    if opposite is None or name in ("view", "facing"):  # no invariant ties a picture to the other cockpit's
        return 0
    wanted_by_field = {"range": opposite.range, "enemy_visible": opposite.enemy_visible,
                       "tag": MIRRORED_TAG.get(opposite.tag), "firing": opposite.shot, "shot": opposite.firing}
    return int(value != wanted_by_field[name])


def _page_violations(pair: PairCharts, page: int, record: BookPage | None, opposite: BookPage | None) -> int:
    """Return a whole page's violations: one per unknown cell of a missing page, else its fields' and cells'.

    A missing page 223 counts one (every page once; Part A).
    """
    if record is None:
        return 1 if page == LAST_PAGE else len(pair.codes)
    fields = sum(_field_violations(record, name, opposite) for name in PAGE_FIELDS)
    if page == LAST_PAGE:
        return fields + int(record.next is not None)
    return fields + sum(pair.count_violations(Cell(0, page, code), _chart_value(record, code)) for code in pair.codes)
