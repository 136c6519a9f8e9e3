"""A scanned header (fwdata/sources/header_scan.py) is the header of the document the located reader loads, whenever
the scan answers and the file loads; the scan answers for the common files."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fwdata.sources.header_scan import MAX_SCANNED_EVENTS, event_header, plain_header, scanned_header
from fwdata.sources.yaml_loader import load_bytes
from tests.fuzzing import HOSTILE_VALUES, PLAIN_SCALARS, TEXT_FRAGMENTS, bundled_sources, fuzzed_source
from tests.sources.test_yaml_strict import INVALID as STRICT_INVALID

ROOT = Path(__file__).resolve().parents[2]
BUNDLED = sorted(path for folder in ("cards", "scenarios", "tables", "books", "fwdata/library")
                 for path in (ROOT / folder).rglob("*.yaml"))
TEST_FILES = sorted((ROOT / "tests").rglob("*.yaml"))


def assert_sound(raw: bytes) -> bool:
    """Assert that the scan's header, when it gives one, is that of the document loaded (if one is), and that the
    plain form's reading and the events' agree when both answer; return whether the scan answered."""
    document, _ = load_bytes("x.yaml", raw)
    plain, events = plain_header(raw), event_header(raw)
    for header in (plain, events):
        if header is not None and document is not None:
            assert (document.system, document.kind, document.doc_id) == header
    if plain is not None and events is not None:
        assert plain == events
    return scanned_header(raw) is not None


def test_every_bundled_file_is_scanned_as_it_loads() -> None:
    scanned = {path.relative_to(ROOT).as_posix() for path in BUNDLED if assert_sound(path.read_bytes())}
    plain = {path.relative_to(ROOT).as_posix() for path in BUNDLED if plain_header(path.read_bytes())}
    assert len(BUNDLED) > 300
    # every card, scenario and table of the bundled library is scanned: a one-file check reads none of them whole
    assert {path.relative_to(ROOT).as_posix() for folder in ("cards", "scenarios", "tables")
            for path in (ROOT / folder).rglob("*.yaml")} <= scanned
    assert len(plain) > 300  # and nearly all in the plain form, without the parser


def test_every_yaml_file_under_tests_is_scanned_as_it_loads() -> None:
    assert len(TEST_FILES) > 50
    for path in TEST_FILES:
        assert_sound(path.read_bytes())


@pytest.mark.parametrize(("text", "header"), [
    ("system: fw\nkind: aircraft\nid: p-51d\n", ("fw", "aircraft", "p-51d")),
    ("# a modeline\nname: x\nnotes: {a: [1, {b: 2}]}\nid: 'x'\nkind: \"k\"\nsystem: fw\n", ("fw", "k", "x")),
    ("\ufeffsystem: fw\nkind: k\nid: a\n", ("fw", "k", "a")),  # a BOM
    ("system: fw\nkind: k\nid: \"12\"\n", ("fw", "k", "12")),  # quoted: a string
    ("system: fw\nkind: k\nid: a # a comment\n", ("fw", "k", "a")),
    ("system: fw\nkind: k\nid:\n  a\n", ("fw", "k", "a")),
    ("system: fw\nkind: k\nid: &a x\nk: *a\n", ("fw", "k", "x")),  # an anchor names the value, the same
    ("system: fw\nkind: k\n? id\n: a\n", ("fw", "k", "a")),  # an explicit key: the parser's events are the same
    ("system: fw\nkind: k\nid: a\nid: b\n", ("fw", "k", "a")),  # the located reader refuses the file: no document
])
def test_headers_the_scan_reads(text: str, header: tuple[str, str, str]) -> None:
    assert scanned_header(text.encode("utf-8")) == header
    assert_sound(text.encode("utf-8"))


@pytest.mark.parametrize("text", [
    "system: fw\nkind: k\nid: 12\n", "system: fw\nkind: k\nid: ~\n", "system: fw\nkind: k\nid: true\n",  # not strings
    "system: fw\nkind: k\nid: 0x1F\n", "system: fw\nkind: k\nid: .inf\n", "system: fw\nkind: k\nid:\n",
    "system: fw\nkind: k\nid: !!str 12\n", "system: fw\nkind: !k k\nid: a\n",  # tags
    "x: &h {system: fw, kind: k, id: a}\nsystem: fw\nkind: k\nid: *h\n",  # an alias
    "<<: {id: a}\nsystem: fw\nkind: k\nid: b\n",  # a merge key first
    "system: fw\nkind: k\n? [id]\n: a\n",  # a complex key
    "system: fw\nkind: k\nid: |\n  a\n", "system: fw\nkind: k\nid: >-\n  a\n",  # block scalars
    "system: fw\nkind: k\nid: [a]\n", "system: fw\nkind: k\nid: {a: 1}\n",  # not scalars
    "system: fw\nsystem: fl\nkind: k\nid: a\n",  # a header key twice before the rest
    "system: fw\nkind: k\n", "- system: fw\n", "just text\n", "", "system: fw\nkind: k\nid: [\n",
    "!!map {system: fw, kind: k, id: a}\n", "system: fw\nkind: k\nx: [\nid: a\n",
])
def test_what_the_scan_cannot_vouch_for_is_left_to_the_full_load(text: str) -> None:
    assert scanned_header(text.encode("utf-8")) is None
    assert_sound(text.encode("utf-8"))


@pytest.mark.parametrize("separator", ["\x85", "\u2028", "\u2029"])
def test_a_separator_libyaml_breaks_lines_at_is_read_as_the_located_reader_reads_it(separator: str) -> None:
    """YAML 1.2 breaks no line at U+0085, U+2028 or U+2029 (libyaml does): a key after one in a comment is the
    comment's, and one in a value is the value's."""
    comment = f"system: fw\nkind: k\n# a note{separator}id: other\nid: a\n".encode()
    assert scanned_header(comment) == ("fw", "k", "a")
    assert_sound(comment)
    value = f"system: fw\nkind: k\nid: a{separator}b\n".encode()
    assert scanned_header(value) == ("fw", "k", f"a{separator}b")
    assert_sound(value)


def test_a_text_holding_every_private_use_character_of_the_bmp_and_a_separator_is_read() -> None:
    """The separators' stand-ins are characters the text does not hold: its 6,400 lines of the BMP's private-use
    area leave the other planes' (a text cannot hold those all within the loader's cap)."""
    private = "".join(chr(code) for code in range(0xE000, 0xF900))
    comments = "".join(f"# {private[start:start + 500]}\n" for start in range(0, len(private), 500))
    raw = f"{comments}system: fw\nkind: k\n# a note\u2028id: other\nid: a\nname: \"\u2028{private[:9]}\"\n".encode()
    assert scanned_header(raw) == ("fw", "k", "a")
    document, findings = load_bytes("x.yaml", raw)
    assert document is not None and document.data["name"] == f"\u2028{private[:9]}", findings
    assert_sound(raw)


def test_an_escaped_private_use_character_is_read_as_itself_beside_a_separator() -> None:
    """A double-quoted `\\ue000` is U+E000, also in a file holding a separator (whose stand-in is a private-use
    character the text does not hold as itself, nor as an escape)."""
    raw = ('system: fw\nkind: k\nid: "a\\ue000\\U000F0000"\nname: "\\ue001"\n# a note \u2028 here, '
           '\\UFFFFFFFF is no character\n').encode()
    assert scanned_header(raw) == ("fw", "k", "a\ue000\U000f0000")
    document, findings = load_bytes("x.yaml", raw)
    assert document is not None and document.data["name"] == "\ue001", findings
    assert_sound(raw)


def test_bytes_that_are_not_utf8_are_left_to_the_full_load() -> None:
    assert scanned_header(b"system: fw\nkind: k\nid: \xff\n") is None


def test_a_header_later_than_the_cap_is_left_to_the_full_load() -> None:
    before = "".join(f"k{index}: {index}\n" for index in range(MAX_SCANNED_EVENTS))
    assert scanned_header(f"{before}system: fw\nkind: k\nid: a\n".encode()) is None
    nested = "x: [" + ", ".join(["1"] * MAX_SCANNED_EVENTS) + "]\n"
    assert scanned_header(f"{nested}system: fw\nkind: k\nid: a\n".encode()) is None
    # the cap counts every event: lists each under it, together over it (a file the loader refuses at its own
    # cap, 25,000 events, would otherwise be scanned to its end: 250,000 events in 512 KiB)
    half = "[" + ", ".join(["1"] * (MAX_SCANNED_EVENTS // 2)) + "]"
    lists = "".join(f"x{index}: {half}\n" for index in range(3))
    assert scanned_header(f"{lists}system: fw\nkind: k\nid: a\n".encode()) is None
    assert scanned_header(f"x0: {half}\nsystem: fw\nkind: k\nid: a\n".encode()) == ("fw", "k", "a")


@pytest.mark.parametrize("case", sorted(STRICT_INVALID))
def test_texts_the_strict_check_refuses_load_no_document_to_disagree_with(case: str) -> None:
    assert_sound(STRICT_INVALID[case].encode("utf-8"))


_VALUES = st.one_of(st.sampled_from([*PLAIN_SCALARS, *TEXT_FRAGMENTS]),
                    st.sampled_from([value for value in HOSTILE_VALUES if isinstance(value, str)]).map(repr),
                    st.text(min_size=0, max_size=8))


@settings(max_examples=400, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["system", "kind", "id", "name", "'id'", '"kind"', "<<", "? id", "x"]),
                          _VALUES), min_size=1, max_size=6))
def test_generated_headers_are_scanned_as_they_load(pairs: list[tuple[str, str]]) -> None:
    assert_sound("".join(f"{key}: {value}\n" for key, value in pairs).encode("utf-8", "surrogatepass"))


@settings(max_examples=300, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32))
def test_fuzzed_sources_are_scanned_as_they_load(seed: int) -> None:
    assert_sound(fuzzed_source(random.Random(seed), _SOURCES))


_SOURCES = bundled_sources()


@pytest.mark.parametrize(("text", "header"), [
    ("system: fw\nkind: aircraft\nid: p-51d\n", ("fw", "aircraft", "p-51d")),
    ("\ufeff# yaml-language-server: $schema=x.json\n\n  # indented\nid: a.b_c\nkind: k\nsystem: fw\nname: x\n",
     ("fw", "k", "a.b_c")),
    ("system: fw\r\nkind: k\r\nid: a  \r\n# after\r\n", ("fw", "k", "a")),  # CRLF, trailing blanks
    ("system: fw\nkind: k\nid: a\n", ("fw", "k", "a")),  # the end
])
def test_the_plain_form_is_read_without_the_parser(text: str, header: tuple[str, str, str]) -> None:
    assert plain_header(text.encode("utf-8")) == header
    assert_sound(text.encode("utf-8"))


@pytest.mark.parametrize("text", [
    "system: fw\nkind: k\nid: a\n  b\n",  # the value goes on: "a b"
    "system: fw\nkind: k\nid: a\n\n  b\n", "system: fw\nkind: k\nid: a\n\tb\n", "system: fw\nkind: k\nid: a\n \n",
    "system: fw\nkind: k\nid: a", "system: fw\nkind: k\nid: a\r",  # no line break: the value's end unseen
    "system: fw\nkind: k\nid: 12\n", "system: fw\nkind: k\nid: 0x1F\n", "system: fw\nkind: k\nid: true\n",
    "system: fw\nkind: k\nid: null\n", "system: fw\nkind: k\nid: 1e3\n", "system: fw\nkind: k\nid: .inf\n",
    "system: fw\nkind: k\nid: a # note\n", "system: fw\nkind: k\nid: 'a'\n", "system: fw\nkind: k\nid: &x a\n",
    "system: fw\nsystem: fl\nid: a\n", "system: fw\nkind: k\nname: n\nid: a\n",  # a key twice; not the first three
    "%YAML 1.2\n---\nsystem: fw\nkind: k\nid: a\n", "---\nsystem: fw\nkind: k\nid: a\n",
    "# a note\u2028id: b\nsystem: fw\nkind: k\nid: a\n", "# a\rsystem: fl\nsystem: fw\nkind: k\nid: a\n",
    "#\ta\nsystem: fw\nkind: k\nid: a\n", " system: fw\nkind: k\nid: a\n", "system:  fw\tx\nkind: k\nid: a\n",
    "system: fw\nkind: k\nid: a\n\u00e9: 1\n\udc80",  # not UTF-8 after the header
])
def test_other_forms_are_left_to_the_event_scan(text: str) -> None:
    assert plain_header(text.encode("utf-8", "surrogateescape")) is None
    assert_sound(text.encode("utf-8", "surrogateescape"))


_PLAIN_LINES = st.sampled_from([
    "system: fw", "kind: aircraft", "id: p-51d", "id: 12", "id: a.b", "kind: k-1", "system: fl", "name: x",
    "# note", "  # note", "", "  ", "  more", "\tmore", "- x", ": v", "? k", "...", "---", "id: a # c", "#\u2028id: z",
    "x: [", "]", "id: 'q'", "id: |", "  block", "#", "id:", "\ufeffid: a", "%YAML 1.2",
])


@settings(max_examples=500, deadline=None)
@given(st.lists(_PLAIN_LINES, max_size=8), st.sampled_from(["\n", "\r\n", "\r"]))
def test_lines_near_the_plain_form_are_read_as_they_load(lines: list[str], newline: str) -> None:
    assert_sound(newline.join(lines).encode("utf-8"))
    assert_sound((newline.join(lines) + newline).encode("utf-8"))


def test_generated_files_around_the_plain_form_are_read_as_they_load() -> None:
    """Comment and blank lines, the three header lines in any order with values the core schema reads variously, and
    a line after them: every one the plain form reads agrees with the parser's events and the loaded document."""
    rng = random.Random(32)
    before = ["# note", "  # x: y", "", "   ", "#\u2028id: z", "# a\rid: z", "%YAML 1.2", "---", "name: n", "\t"]
    values = ["fw", "p-51d", "a.b_c", "12", "1e3", "0x1F", "0o7", "true", "True", "null", "Null", "NULL", "1_0", "1.",
              "inf", "nan", "x y", "x:y", "-x", "a#b", "a #b", "'a'", "&a a", "a\u2028b"]
    after = ["", "name: x", "  more", "\tmore", " ", "# c", "- x", ": v", "? k", "...", "---", "id: b", "x: [",
             "\u00e9: 1"]
    plain = 0
    for _ in range(4000):
        keys = rng.sample(["system", "kind", "id", "id"] if rng.random() < 0.1 else ["system", "kind", "id"], 3)
        header = [f"{key}: {rng.choice(values[:3] if rng.random() < 0.8 else values)}" for key in keys]
        lines = [*rng.choices(before, k=rng.randrange(3)), *header, *rng.choices(after, k=rng.randrange(3))]
        raw = rng.choice(["\n", "\r\n"]).join(lines).encode("utf-8") + rng.choice([b"", b"\n"])
        assert_sound(raw)
        plain += plain_header(raw) is not None
    assert plain > 200  # the plain form is met often enough to be tested
