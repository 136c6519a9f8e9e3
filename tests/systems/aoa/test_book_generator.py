"""Generated dogfighting books: geometry, end-page agreement over every page x 26 x 26, identity, mirror, examples."""

from __future__ import annotations

import copy
import json
import sys
from pathlib import Path
from typing import Any

import pytest
from ruamel.yaml import YAML

from fwdata.options import BuildOptions
from fwdata.pipeline import check_sources
from fwdata.systems.aoa.book_generator import (
    MANEUVER_CODES,
    book_yaml,
    design_from_data,
    design_problems,
    generate_books,
    numbering_for,
)
from fwdata.systems.aoa.geometry import (
    Hex,
    Move,
    Situation,
    hex_from,
    hexes_within,
    mirror_pairs,
    situation_count,
    view_of,
)

sys.path.insert(0, str(Path(__file__).parent))
from book_fixture import regenerated_books_manifest  # noqa: E402

ROOT = Path(__file__).resolve().parents[3]
DESIGN_PATH = ROOT / "cards" / "aoa" / "book-designs" / "spad-xiii-vs-fokker-d-vii.yaml"
BOOKS_DIR = ROOT / "cards" / "aoa" / "books"
LOST = 223
NO_PLANE = {187, 188, 198, 205, 209, 213}  # Part A, Losing Sight of the Enemy


def load_design_data() -> dict[str, Any]:
    return YAML(typ="safe").load(DESIGN_PATH.read_text())


@pytest.fixture(scope="module")
def pair() -> Any:
    return generate_books(design_from_data(load_design_data()), "cards/aoa/book-designs/spad-xiii-vs-fokker-d-vii.yaml")


@pytest.fixture(scope="module")
def tables(pair: Any) -> dict[str, dict[int, dict[str, int]]]:
    return {side: {p["page"]: dict(zip(MANEUVER_CODES, p["next"], strict=True))
                   for p in book["pages"] if "next" in p} for side, book in pair.books.items()}


def pages(pair: Any, side: str) -> dict[int, dict[str, Any]]:
    return {p["page"]: p for p in pair.books[side]["pages"]}


# ------------------------------------------------------------------ geometry


def test_radius_3_gives_37_hexes_and_222_situations_plus_lost_page_223() -> None:
    """Part A: 223 pages; 37 hexes x 6 headings = 222 situations, page 223 is the lost page."""
    assert len(hexes_within(3)) == 37
    assert situation_count(3) == 222


def test_rotation_and_inverse_round_trip() -> None:
    for cell in hexes_within(3):
        assert cell.rotated(6) == cell
        assert cell.rotated(1).distance == cell.distance
        for heading in range(6):
            s = Situation(cell, heading)
            assert s.inverse().inverse() == s
            assert s.mirrored().mirrored() == s


def test_one_step_right_of_ahead_is_60_degrees() -> None:
    assert Hex(0, 1).bearing_deg() == 0
    assert Hex(0, 1).rotated(1) == Hex(1, 0)
    assert Hex(1, 0).bearing_deg() == pytest.approx(60)
    assert hex_from(1, 1.5).bearing_deg() == pytest.approx(30)
    with pytest.raises(ValueError):
        hex_from(1, 1)


def test_views_follow_the_beginners_guide_offsets() -> None:
    """Beginner's Guide, View: windscreen 0, forward wing 60, wingtip 90, tail side 120, tail 180 degrees."""
    assert [view_of(b) for b in (0, 19.1, 30, 60, 90, -100.9, 120, 150, 160.9, 180)] == [
        "windscreen", "windscreen", "right-forward-wing", "right-forward-wing", "right-wingtip", "left-wingtip",
        "right-tail", "right-tail", "tail", "tail"]


def test_moves_commute_in_world_coordinates(pair: Any) -> None:
    """III: the end page does not depend on which plane is moved first."""
    ship = pair.design.ship("allied")
    for situation in pair.numbering.situations[::7]:
        for a in "ABJTW":
            for b in "DKMUZ":
                first = situation.after_own_move(ship.moves[a]).after_enemy_move(ship.moves[b])
                second = situation.after_enemy_move(ship.moves[b]).after_own_move(ship.moves[a])
                assert first == second


# ------------------------------------------------------------------ the full enumeration


def test_every_page_and_pair_of_maneuvers_ends_on_the_same_page_as_the_model(pair: Any, tables: Any) -> None:
    """III and Standard Game 'Reveal Maneuver': 222 pages x 26 x 26 maneuvers, played by the rules.

    Each pilot calls his own page; each reads his maneuver on the other's call;
    a call of 223 takes the other's end page; both calls 223 is lost (VI). Every
    played end page equals the situation computed in world coordinates.
    """
    allied, german = tables["allied"], tables["german"]
    ships = {s.side: s for s in pair.design.ships}
    numbering = pair.numbering
    moves_a = {c: ships["allied"].moves[c] for c in MANEUVER_CODES}
    moves_g = {c: ships["german"].moves[c] for c in MANEUVER_CODES}
    checked = lost_both = 0
    for page in range(1, LOST):
        situation = numbering.situation(page)
        row_a, row_g = allied[page], german[page]
        after_a = {c: situation.after_own_move(moves_a[c]) for c in MANEUVER_CODES}
        for ma in MANEUVER_CODES:
            call_a = row_a[ma]
            for mg in MANEUVER_CODES:
                call_g = row_g[mg]
                if call_a == LOST and call_g == LOST:
                    lost_both += 1
                    continue
                end_a = allied[call_g][ma] if call_g != LOST else None
                end_g = german[call_a][mg] if call_a != LOST else None
                if end_a is not None and end_g is not None:
                    assert end_a == end_g, (page, ma, mg)
                end = end_a if end_a is not None else end_g
                assert end == numbering.page_of(after_a[ma].after_enemy_move(moves_g[mg])), (page, ma, mg)
                checked += 1
    assert checked + lost_both == 222 * 26 * 26
    assert lost_both > 0  # both calls 223 happens, and is lost by VI whatever the model says


def test_stall_is_the_identity_page(tables: Any) -> None:
    """I: 'If the other plane were remaining stationary (stalling) you would end the turn on that page'."""
    for side in ("allied", "german"):
        for page, row in tables[side].items():
            assert row["D"] == page


def test_mirror_pages_and_maneuvers(pair: Any, tables: Any) -> None:
    """Left and right maneuvers are mirror images: mirror(p) under mirror(m) is mirror(p under m)."""
    numbering = pair.numbering
    ship = pair.design.ship("allied")
    twins = mirror_pairs(MANEUVER_CODES, ship.moves)
    assert twins["A"] == "G" and twins["B"] == "F" and twins["T"] == "Z" and twins["N"] == "N"
    assert "I" not in twins and "S" not in twins  # the chart's I and S have no left forms

    def mirror(page: int) -> int:
        return LOST if page == LOST else numbering.page_of(numbering.situation(page).mirrored())

    swap = {"left": "right", "right": "left"}
    for side in ("allied", "german"):
        records = pages(pair, side)
        for page in range(1, LOST):
            for code, twin in twins.items():
                assert tables[side][mirror(page)][twin] == mirror(tables[side][page][code])
            here, there = records[page], records[mirror(page)]
            assert here.get("tag") == there.get("tag") and here.get("range") == there.get("range")
            flip = "-".join(swap.get(w, w) for w in here["view"].split("-"))
            assert there["view"] == flip


def test_the_two_books_are_one_situation_from_both_cockpits(pair: Any, tables: Any) -> None:
    """III / digest 2.6: tailing here is tailed there, firing is shot, range and no-plane pages equal."""
    allied, german = pages(pair, "allied"), pages(pair, "german")
    for page in range(1, LOST):
        a, g = allied[page], german[page]
        assert a.get("range") == g.get("range")
        assert a["enemy_visible"] == g["enemy_visible"]
        assert {None: None, "tailing": "tailed", "tailed": "tailing"}[a.get("tag")] == g.get("tag")
        assert a.get("firing", False) == g.get("shot", False)
        assert a.get("shot", False) == g.get("firing", False)
    # Same maneuvers in both books: the german book is the allied book seen through the inverse.
    numbering = pair.numbering

    def inverse(page: int) -> int:
        return LOST if page == LOST else numbering.page_of(numbering.situation(page).inverse())

    for page in range(1, LOST):
        for code in MANEUVER_CODES:
            assert german[page]["next"][MANEUVER_CODES.index(code)] == inverse(tables["allied"][inverse(page)][code])


def test_no_plane_pages_are_the_printed_six(pair: Any) -> None:
    """Part A, Losing Sight of the Enemy: 187, 188, 198, 205, 209, 213; Allied 213 points to the left rear."""
    for side in ("allied", "german"):
        hidden = {n for n, p in pages(pair, side).items() if not p["enemy_visible"]}
        assert hidden == NO_PLANE | {LOST}
    assert pages(pair, "allied")[213]["view"] == "left-tail"


def test_damage_follows_range_on_firing_pages(pair: Any) -> None:
    """Standard Game, Firing: 4 short, 2 medium, 1 long."""
    for side in ("allied", "german"):
        firing = [p for p in pair.books[side]["pages"] if p.get("firing")]
        assert firing
        for p in firing:
            assert p["damage"] == {"short": 4, "medium": 2, "long": 1}[p["range"]]
            assert p["view"] == "windscreen"


# ------------------------------------------------------------------ the rulebook's worked examples


def test_original_ii_example_from_page_1_ends_on_96(pair: Any, tables: Any) -> None:
    """Original II: German slow left turn calls 205, Allied fast left bank calls 203, both end on 96."""
    allied, german = tables["allied"], tables["german"]
    assert pages(pair, "allied")[1].get("tag") == "tailed"
    assert not pages(pair, "allied")[1].get("firing") and not pages(pair, "allied")[1].get("shot")
    assert german[1]["B"] == 205 and allied[1]["T"] == 203
    assert allied[205]["T"] == german[203]["B"] == 96
    assert pages(pair, "allied")[96].get("shot") and pages(pair, "allied")[96].get("tag") == "tailed"


def test_powerhouse_tailing_example_from_page_120_ends_on_91_for_2(pair: Any, tables: Any) -> None:
    """Powerhouse Tailing example: Allied N calls 107, German A calls 119, end page 91 (Allied fires for 2)."""
    allied, german = tables["allied"], tables["german"]
    assert pages(pair, "allied")[120].get("tag") == "tailing"
    assert allied[120]["N"] == 107 and german[120]["A"] == 119
    assert allied[119]["N"] == german[107]["A"] == 91
    assert pages(pair, "allied")[91].get("firing") and pages(pair, "allied")[91]["damage"] == 2


def test_powerhouse_page_223_example_uses_the_german_end_page_153(tables: Any) -> None:
    """Powerhouse Page 223 example: German W calls 223, Allied U calls 12, German p12[W] = 153."""
    assert tables["german"][120]["W"] == LOST
    assert tables["allied"][120]["U"] == 12
    assert tables["german"][12]["W"] == 153


def test_xxiii_page_13_german_shoots_a_front_side_facing(pair: Any) -> None:
    """XXIII: on page 13 the German has a shot at the Allied plane in front side facing."""
    page = pages(pair, "german")[13]
    assert page.get("firing") and page["facing"].startswith("toward-") and page["range"] == "short"


# ------------------------------------------------------------------ numbering, design problems, files


def test_unanchored_pages_follow_the_canonical_order(pair: Any) -> None:
    """docs/aoa-books.md: page 2, the first free number, is the first unanchored situation (one hex ahead)."""
    assert pair.numbering.situation(2) == Situation(Hex(0, 1), 0)
    assert pair.numbering.situation(3) == Situation(Hex(0, 1), 1)
    assert pair.numbering.lost_page == LOST


def test_a_faster_plane_makes_a_different_book() -> None:
    data = load_design_data()
    faster = copy.deepcopy(data)
    faster["books"][0]["maneuvers"]["W"] = {"right": 0, "ahead": 2, "turn": 0}
    base = generate_books(design_from_data(data)).books["allied"]["pages"]
    fast = generate_books(design_from_data(faster)).books["allied"]["pages"]
    w = MANEUVER_CODES.index("W")
    changed = [b["page"] for b, f in zip(base, fast, strict=True) if b.get("next") != f.get("next")]
    assert changed
    assert all(b["next"][w] != f["next"][w] for b, f in zip(base, fast, strict=True) if b["page"] in changed)


def test_design_problems_are_reported() -> None:
    data = load_design_data()
    bad = copy.deepcopy(data)
    bad["books"][1]["side"] = "allied"
    bad["books"][0]["maneuvers"]["A"] = {"right": 1, "ahead": 1, "turn": 0}
    bad["anchors"].append({"page": 170, "right": 0, "ahead": 1, "heading": 0, "rule": "twice"})
    codes = sorted(code for code, _pointer, _message in design_problems(design_from_data(bad)))
    assert codes == ["AOA-DESIGN-ANCHOR", "AOA-DESIGN-HEX", "AOA-DESIGN-SIDES"]
    with pytest.raises(ValueError):
        generate_books(design_from_data(bad))


def test_mirror_pairs_need_exact_mirror_geometry() -> None:
    moves = {"A": Move(Hex(-1, 1), 0), "B": Move(Hex(1, 0), 0)}
    assert mirror_pairs(["A", "B"], moves) == {"A": "B", "B": "A"}


def test_generated_books_pass_every_book_check(tmp_path: Path, pair: Any) -> None:
    """`fwdata check` on the generated pair with the repository's tables: no errors, no book findings."""
    for book in pair.books.values():
        (tmp_path / f"{book['id']}.yaml").write_text(book_yaml(book))
    (tmp_path / "fwdata-pack.yaml").write_text(regenerated_books_manifest(pair))
    result = check_sources([tmp_path], BuildOptions())
    book_findings = [f for f in result.report.findings if f.code.startswith("AOA-BOOK") or "books" in str(f)]
    assert not result.report.failed()
    assert [f for f in book_findings if f.code.startswith("AOA-BOOK")] == []
    assert len(result.catalog.ids("aoa", "book")) == 2


def test_committed_books_are_up_to_date(pair: Any) -> None:
    """cards/aoa/books/*.yaml are exactly what `fwdata aoa books` writes from the committed design."""
    for book in pair.books.values():
        assert (BOOKS_DIR / f"{book['id']}.yaml").read_text() == book_yaml(book)


def test_start_page_170_shows_a_different_picture_in_each_book_i(pair: Any) -> None:
    """AoA I: on page 170 "the two pictures are not the same": in one book you see him, in the other he sees you.

    The design's reading: a merge at long range. The Allied pilot sees the Fokker ahead-right flying
    toward his left; the German sees the SPAD ahead-left flying toward his right. No guns bear, no tail.
    """
    numbering = numbering_for(design_from_data(load_design_data()))
    start = numbering.situation(170)
    assert start == Situation(hex_from(3, 1.5), 5)
    assert start.inverse() != start
    allied, german = pages(pair, "allied")[170], pages(pair, "german")[170]
    picture = ("range", "view", "facing", "enemy_visible")
    assert [allied[k] for k in picture] == ["long", "right-forward-wing", "toward-left", True]
    assert [german[k] for k in picture] == ["long", "left-forward-wing", "toward-right", True]
    for page in (allied, german):
        assert not {"tag", "firing", "shot", "damage"} & page.keys()


SAME = "looks the same from both cockpits; the two start pictures are not the same (AoA I)"
FIRING = "is a Firing page; the start comes before anyone has a shot (AoA IV)"


@pytest.mark.parametrize(("start", "faults"), [
    ({"right": 0, "ahead": 3, "heading": 3}, [SAME, FIRING]),  # the old start: head-on, long range
    ({"right": 2, "ahead": 2, "heading": 3}, [SAME]),  # any opposite heading looks the same from both cockpits
    ({"right": 0, "ahead": 2, "heading": 1}, [FIRING]),
    ({"right": 0, "ahead": 0, "heading": 1}, ["has the planes in one hex (a no-plane page); the start page must show "
                                              "the enemy (Standard Game set-up)"]),
])
def test_design_start_page_must_differ_by_book_and_hold_no_shot(start: dict[str, Any], faults: list[str]) -> None:
    """AoA I (different pictures) and IV (no shot before anyone maneuvered): AOA-DESIGN-ANCHOR on page 170."""
    data = copy.deepcopy(load_design_data())
    data["anchors"][0].update(start)
    found = [(code, pointer, message) for code, pointer, message in design_problems(design_from_data(data))
             if pointer == "/anchors/0"]
    assert found == [("AOA-DESIGN-ANCHOR", "/anchors/0", f"start page 170 {fault}") for fault in faults]


def test_check_reports_a_book_edited_by_hand_as_stale(tmp_path: Path, pair: Any) -> None:
    """AOA-DESIGN-STALE: a book file that no longer matches its design is an error at the first differing page."""
    (tmp_path / "design.yaml").write_text(DESIGN_PATH.read_text())
    for book in pair.books.values():
        (tmp_path / f"{book['id']}.yaml").write_text(book_yaml(book))
    (tmp_path / "fwdata-pack.yaml").write_text(regenerated_books_manifest(pair) +
                                               f"- aoa/book-design/{DESIGN_PATH.stem}\n")
    clean = check_sources([tmp_path], BuildOptions())
    assert [f for f in clean.report.findings if f.code.startswith("AOA-DESIGN")] == []
    allied = tmp_path / "spad-xiii-book.yaml"
    allied.write_text(allied.read_text().replace("  - {page: 2, range: short", "  - {page: 2, range: medium", 1))
    result = check_sources([tmp_path], BuildOptions())
    stale = [f for f in result.report.findings if f.code == "AOA-DESIGN-STALE"]
    assert len(stale) == 1 and "(first: 2)" in stale[0].message


def test_cli_aoa_books_writes_the_committed_books(tmp_path: Path) -> None:
    """`fwdata aoa books CONFIG --out DIR` writes both books; run from the repository they equal the committed ones."""
    import os

    from click.testing import CliRunner

    from fwdata.cli.main import main

    old = os.getcwd()
    os.chdir(ROOT)
    try:
        result = CliRunner().invoke(main, ["aoa", "books", "cards/aoa/book-designs/spad-xiii-vs-fokker-d-vii.yaml",
                                           "--out", str(tmp_path / "cards/aoa/books"), "--format", "json"])
    finally:
        os.chdir(old)
    assert result.exit_code == 0, result.output
    assert sorted(Path(p).name for p in json.loads(result.stdout)["written"]) == [
        "fokker-d-vii-book.yaml", "spad-xiii-book.yaml"]
    out = tmp_path / "cards/aoa/books"
    assert sorted(p.name for p in out.iterdir()) == ["fokker-d-vii-book.yaml", "spad-xiii-book.yaml"]
    for path in out.iterdir():
        # Outside the base library the modeline points at the pack's own copy of the schemas.
        expected = (BOOKS_DIR / path.name).read_text().replace("$schema=../../../schemas/",
                                                               "$schema=../../../.fwdata/schemas/", 1)
        assert path.read_text() == expected
    assert (tmp_path / ".fwdata/schemas/aoa/book.schema.json").is_file()


def test_cli_aoa_books_reports_a_bad_design(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from fwdata.cli.main import main

    bad = tmp_path / "bad.yaml"
    bad.write_text(DESIGN_PATH.read_text().replace("A: {right: -1, ahead: 1.5,", "A: {right: -1, ahead: 1,", 1)
                   .replace("id: spad-xiii-vs-fokker-d-vii", "id: bad-design", 1))
    result = CliRunner().invoke(main, ["aoa", "books", str(bad), "--out", str(tmp_path / "out")])
    assert result.exit_code == 1
    assert "AOA-DESIGN-HEX" in result.output
    assert not (tmp_path / "out").exists()
