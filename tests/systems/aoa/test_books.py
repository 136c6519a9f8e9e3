"""Dogfighting books: turn resolution (I, II, VI; Powerhouse play examples) and book invariants on a synthetic pair."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from fwdata.library import schema_root
from fwdata.options import BuildOptions
from fwdata.pipeline import check_sources
from fwdata.systems.aoa import rules

sys.path.insert(0, str(Path(__file__).parent))
import book_fixture  # noqa: E402


def _book(pages: dict[int, dict[str, int]]):  # type: ignore[no-untyped-def]
    return lambda page, code: pages.get(page, {}).get(code)


def test_powerhouse_tailing_example_ends_on_page_91() -> None:
    """Powerhouse Tailing example: from 120 Allied Cruising Straight calls 107, German Slow Weave Left calls 119;
    both end on 91 (the digest's A = Weaving Left; N = Forward Cruising)."""
    allied = _book({120: {"N": 107}, 119: {"N": 91}})
    german = _book({120: {"A": 119}, 107: {"A": 91}})
    turn = rules.resolve_turn(allied, german, 120, "N", "A")
    assert (turn.call_a, turn.call_b, turn.end, turn.agree, turn.lost) == (107, 119, 91, True, False)


def test_powerhouse_page_223_example_uses_the_other_end_page() -> None:
    """Powerhouse Page 223 example: Allied calls 12, German (W) calls 223; German p12[W] = 153 is the end page."""
    allied = _book({120: {"T": 12}})
    german = _book({120: {"W": 223}, 12: {"W": 153}})
    turn = rules.resolve_turn(allied, german, 120, "T", "W")
    assert (turn.end_a, turn.end_b, turn.end, turn.lost) == (None, 153, 153, False)


def test_original_ii_example_ends_on_page_96() -> None:
    """II: from page 1, German slow left turn calls 205, Allied fast left bank calls 203; both read 96."""
    german = _book({1: {"slow-left-turn": 205}, 203: {"slow-left-turn": 96}})
    allied = _book({1: {"fast-left-bank": 203}, 205: {"fast-left-bank": 96}})
    turn = rules.resolve_turn(german, allied, 1, "slow-left-turn", "fast-left-bank")
    assert turn.end == 96 and turn.agree


def test_vi_both_calls_223_or_end_223_is_lost() -> None:
    """VI: lost if and only if the end page is 223 or both mid-turn pages are 223."""
    both = rules.resolve_turn(_book({5: {"A": 223}}), _book({5: {"B": 223}}), 5, "A", "B")
    assert both.lost and both.end is None
    end_223 = rules.resolve_turn(_book({5: {"A": 7}, 8: {"A": 223}}), _book({5: {"B": 8}, 7: {"B": 223}}), 5, "A", "B")
    assert end_223.lost and end_223.agree


def test_disagreeing_books_are_reported_not_resolved() -> None:
    turn = rules.resolve_turn(_book({5: {"A": 7}, 8: {"A": 10}}), _book({5: {"B": 8}, 7: {"B": 11}}), 5, "A", "B")
    assert (turn.end, turn.agree, turn.end_a, turn.end_b) == (None, False, 10, 11)


def test_fixture_books_agree_on_every_page_and_pair_of_maneuvers() -> None:
    """Reference digest 2.6 (4): the synthetic pair agrees on all 222 x 26 x 26 turns, so it is a valid test book."""
    german, allied = book_fixture.book("german"), book_fixture.book("allied")

    def lookup(book):  # type: ignore[no-untyped-def]
        pages = {p["page"]: dict(zip(book_fixture.CODES, p["next"], strict=True)) for p in book["pages"] if "next" in p}
        return _book(pages)

    g, a = lookup(german), lookup(allied)
    for page in range(1, 223):
        for ma in book_fixture.CODES:
            for mb in book_fixture.CODES[::5]:
                assert rules.resolve_turn(g, a, page, ma, mb).agree


@pytest.mark.parametrize("side", ["german", "allied"])
def test_single_book_without_opponent_checks_clean(tmp_path: Path, side: str) -> None:
    book = book_fixture.book(side)
    book.pop("opponent")
    (tmp_path / "book.yaml").write_text(book_fixture.to_yaml(book), encoding="utf-8")
    result = check_sources([tmp_path], BuildOptions(), schema_root=schema_root())
    assert [f.format_line() for f in result.report.sorted()] == []


def test_end_page_disagreement_names_both_books(tmp_path: Path) -> None:
    german, allied = book_fixture.book("german"), book_fixture.book("allied")
    german["pages"][99]["next"][4] = 1  # page 100, maneuver E
    for book in (german, allied):
        (tmp_path / f"{book['id']}.yaml").write_text(book_fixture.to_yaml(book), encoding="utf-8")
    result = check_sources([tmp_path], BuildOptions(), schema_root=schema_root())
    codes = {f.code for f in result.report.findings}
    assert codes == {"AOA-BOOK-END-PAGE"}
    messages = " ".join(f.message for f in result.report.findings)
    assert "test-german page 100 under E ends on 1 " in messages
    assert "end pages are always the same in both books; III" in messages


def test_a_chart_typed_under_another_key_is_named_with_a_suggestion(tmp_path: Path) -> None:
    """A page's chart typed under an unknown key: one SCHEMA finding says which key its value fits (next) and
    on how many more pages the same key is, the other unknown keys one finding each as before."""
    book = book_fixture.book("german")
    book.pop("opponent")
    for page in book["pages"][4:12]:
        page["chart"] = page.pop("next")
    book["pages"][4]["chart"][3] = "tbd"  # a mistyped cell: still a chart
    book["pages"][4]["righ"] = "tbd"  # fits no key: no suggestion
    (tmp_path / "book.yaml").write_text(book_fixture.to_yaml(book), encoding="utf-8")
    result = check_sources([tmp_path], BuildOptions(), schema_root=schema_root())
    messages = [f.message for f in result.report.findings if f.code == "SCHEMA"]
    charts = [m for m in messages if "'chart'" in m]
    assert charts == ["pages[4]: unknown key 'chart' (did you mean 'next'?): its value fits that key; the same in 7 "
                      "more records (pages[5], pages[6], pages[7], pages[8], pages[9], ...)"]
    righ = [m for m in messages if "unknown key 'righ'" in m]
    assert len(righ) == 1 and "'next'" not in righ[0], messages
