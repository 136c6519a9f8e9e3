"""Copied pages (fwdata/render/page_copies.py, `PdfDocument.copy_page`): a sheet drawn again copies what it can, and
its bytes are those of drawing every page."""

from __future__ import annotations

import dataclasses
import hashlib
from collections.abc import Sequence
from typing import overload

import pytest

from fwdata.render.imposition import impose
from fwdata.render.layout import PAPER_SIZES, Size
from fwdata.render.page_copies import PageLookup, PageRecord, SheetPages, font_codes, located_records
from fwdata.render.pdf import Page, PdfDocument
from fwdata.render.sheets import draw_card_sheets
from fwdata.systems import registered_systems

CARD_SIZES = {name: size for system in registered_systems().values() for name, size in system.card_sizes.items()}

CARD, PAPER = CARD_SIZES["half-letter"], PAPER_SIZES["letter"]


def _key(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def draw_sheet(items: Sequence[str], previous: PageLookup | None = None, card: Size = CARD, back: bool = False,
               texts: Sequence[str] | None = None) -> tuple[bytes, tuple[PageRecord, ...], list[str]]:
    """Draw `items` (a line of text each) on card sheets keyed by their text (`texts`: the same, not read from
    `items`); return the bytes, the records and the items drawn rather than copied."""
    drawn: list[str] = []

    def draw(page: Page, item: str) -> None:
        drawn.append(item)
        page.text(20, 20, item, 9)
        page.text(20, 40, item.upper(), 9, bold=True)

    doc = PdfDocument("sheet")
    draw_card_sheets(doc, items, card, PAPER, draw, pages=SheetPages(tuple(map(_key, texts or items)),
                                                                     previous or (lambda key: None)),
                     back=(lambda page: page.text(10, 10, "back ·", 8)) if back else None)
    data = doc.finish()
    return data, doc.page_records, drawn


def lookup_in(data: bytes, records: Sequence[PageRecord]) -> PageLookup:
    """The lookup of `records` in the file `data`, as the build cache reads an old sheet."""
    by_key = {record.key: record for record in records}

    def lookup(key: str) -> tuple[PageRecord, bytes] | None:
        record = by_key.get(key)
        return None if record is None else (record, data[record.offset:record.offset + record.length])

    return lookup


def test_one_card_per_sheet_here() -> None:
    assert impose(CARD, PAPER).per_sheet == 1  # the tests below count one page per item


@pytest.mark.parametrize("back", [False, True])
def test_a_sheet_drawn_again_copies_every_unchanged_page_byte_for_byte(back: bool) -> None:
    items = ["Alpha", "Bravo ü", "Charlie", "Delta ø"]
    data, records, drawn = draw_sheet(items, back=back)
    assert drawn == items and len(records) == len(items) * (2 if back else 1)
    assert all(data[r.offset:r.offset + r.length] and hashlib.sha256(data[r.offset:r.offset + r.length]).hexdigest()
               == r.sha256 for r in records)
    again, again_records, drawn = draw_sheet(items, lookup_in(data, records), back=back)
    assert drawn == []
    assert again == data and again_records == records


def test_a_change_that_shifts_font_codes_redraws_the_pages_it_shifts_and_copies_the_rest() -> None:
    """reportlab numbers a font's characters in order of first use: a new character on the first card takes the code
    `ü` had, and every later new character moves up one; pages setting only ASCII keep their codes."""
    before = ["Alpha", "Bravo ü", "Charlie", "Delta ø"]
    data, records, _ = draw_sheet(before)
    after = ["Alpha é", *before[1:]]
    copied, _, drawn = draw_sheet(after, lookup_in(data, records))
    cold, _, _ = draw_sheet(after)
    assert drawn == ["Alpha é", "Bravo ü", "Delta ø"]
    assert copied == cold


def test_a_changed_card_among_several_per_sheet_redraws_its_sheet_only() -> None:
    per_sheet = impose(CARD_SIZES["poker"], PAPER).per_sheet
    before = [f"Card {number}" for number in range(per_sheet * 2 + 1)]
    data, records, _ = draw_sheet(before, card=CARD_SIZES["poker"])
    after = [*before[:per_sheet], "Card changed", *before[per_sheet + 1:]]
    copied, _, drawn = draw_sheet(after, lookup_in(data, records), card=CARD_SIZES["poker"])
    assert drawn == after[per_sheet:per_sheet * 2]
    assert copied == draw_sheet(after, card=CARD_SIZES["poker"])[0]


class _ReadRecorded(Sequence[str]):
    """Items that note the index of every one read, as a sheet's own process asks its caller for them."""

    def __init__(self, items: Sequence[str]) -> None:
        self.items, self.read = list(items), set[int]()

    def __len__(self) -> int:
        return len(self.items)

    @overload
    def __getitem__(self, index: int) -> str: ...

    @overload
    def __getitem__(self, index: slice) -> list[str]: ...

    def __getitem__(self, index: int | slice) -> str | list[str]:
        wanted = range(len(self.items))[index]
        self.read.update(wanted if isinstance(wanted, range) else [wanted])
        return self.items[index]


@pytest.mark.parametrize("back", [False, True])
def test_a_sheet_drawn_again_reads_only_the_items_of_the_sheets_it_draws(back: bool) -> None:
    """In a sheet's own process each item read is sent by the caller: a one-card rebuild sends one card."""
    per_sheet = impose(CARD_SIZES["poker"], PAPER).per_sheet
    before = [f"Card {number}" for number in range(per_sheet * 3)]
    data, records, _ = draw_sheet(before, card=CARD_SIZES["poker"], back=back)
    after = _ReadRecorded([*before[:per_sheet + 1], "Card changed", *before[per_sheet + 2:]])
    copied, _, _ = draw_sheet(after, lookup_in(data, records), card=CARD_SIZES["poker"], back=back, texts=after.items)
    assert after.read == set(range(per_sheet, per_sheet * 2))
    assert copied == draw_sheet(after.items, card=CARD_SIZES["poker"], back=back)[0]


@pytest.mark.parametrize("forged", ["a font that is not a house font", "codes of another page"])
def test_a_record_that_does_not_fit_the_document_is_drawn_instead(forged: str) -> None:
    items = ["Alpha", "Bravo ü"]
    data, records, _ = draw_sheet(items)
    use = records[1].fonts[0]
    use = (dataclasses.replace(use, font="Helvetica") if forged.startswith("a font")
           else dataclasses.replace(use, codes="".join(chr(code + 1) for code in font_codes(use))))
    records = (records[0], dataclasses.replace(records[1], fonts=(use, *records[1].fonts[1:])))
    again, _, drawn = draw_sheet(items, lookup_in(data, records))
    assert drawn == ["Bravo ü"] and again == data


def test_a_page_records_the_characters_it_sets_in_each_font_in_order_of_first_use() -> None:
    _, records, _ = draw_sheet(["Bob ü"])
    by_font = {use.font: use for use in records[0].fonts}
    assert by_font["FwSans-Bold"].characters == "BO Ü"  # from "BOB Ü"
    regular = by_font["FwSans"]  # the ruler's labels come first
    codes = dict(zip(regular.characters, font_codes(regular), strict=True))
    assert [codes[character] for character in "Bob "] == [ord(character) for character in "Bob "]  # ASCII is itself
    assert not 32 <= codes["ü"] < 127 and regular.internal_name != by_font["FwSans-Bold"].internal_name


def test_a_page_record_is_located_by_its_contents_digest_not_by_the_first_stream_of_its_length() -> None:
    """`located_records` skips streams of the same length with other bytes (a font, another page) and leaves out a
    record whose content is not in the file."""
    def stream(content: bytes) -> bytes:
        return b"<< /Length %d >>\nstream\n" % len(content) + content + b"endstream\n"

    def record(key: str, content: bytes) -> PageRecord:
        return PageRecord(key, hashlib.sha256(content).hexdigest(), 0, len(content), (), ())

    first, decoy, second = b"BT (one) Tj ET\n", b"BT (two) Tj ET\n", b"BT (six) Tj ET\n"
    data = b"%PDF-1.4\n" + stream(decoy) + stream(first) + stream(b"font") + stream(second)
    found = list(located_records(data, [record("a", first), record("gone", b"BT (ten) Tj ET\n"),
                                        record("b", second)]))
    assert [(r.key, data[r.offset:r.offset + r.length]) for r in found] == [("a", first), ("b", second)]
