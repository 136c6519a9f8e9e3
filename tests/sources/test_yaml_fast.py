"""The fast path of loading (fwdata/sources/yaml_fast.py) gives the located reader's data, types and key order
included, and the same findings and positions through `load_bytes`, or leaves the text to the located reader."""

from __future__ import annotations

import os
import pickle
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fwdata.sources.yaml_fast import read_fast
from fwdata.sources.yaml_loader import DEFAULT_LIMITS, load_bytes
from fwdata.sources.yaml_reader import LoadLimits
from tests.fuzzing import bundled_sources, fuzzed_source
from tests.sources.test_yaml_strict import INVALID as STRICT_INVALID

ROOT = Path(__file__).resolve().parents[2]
BUNDLED = sorted(path for folder in ("cards", "scenarios", "tables", "fwdata/library")
                 for path in (ROOT / folder).rglob("*.yaml"))
TEST_FILES = sorted((ROOT / "tests").rglob("*.yaml"))


def typed(value: Any) -> Any:
    """Return `value` with each scalar's type beside it and each mapping's keys in order: 1, 1.0 and True differ."""
    if isinstance(value, dict):
        return ("dict", [(key, typed(item)) for key, item in value.items()])
    if isinstance(value, list):
        return ("list", [typed(item) for item in value])
    return (type(value).__name__, value)


def assert_same_load(raw: bytes) -> bool:
    """Assert that `load_bytes` gives the same on both paths; return whether the fast path took the text."""
    located, located_findings = load_bytes("x.yaml", raw, fast=False)
    document, findings = load_bytes("x.yaml", raw)
    assert findings == located_findings
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        return False
    data = read_fast(text, DEFAULT_LIMITS)
    if data is None:
        return False
    assert located is not None and document is not None
    assert typed(data) == typed(document.data) == typed(located.data)
    assert document.positions == located.positions  # found now, by reading the text the located way
    return True


def test_every_bundled_file_loads_the_same_on_both_paths() -> None:
    taken = {path.relative_to(ROOT).as_posix() for path in BUNDLED if assert_same_load(path.read_bytes())}
    assert len(BUNDLED) > 300
    # the common files take the fast path: every Fighting Wings card, the scenario the bench pack copies
    assert {f"cards/fw/{path.name}" for path in (ROOT / "cards" / "fw").glob("*.yaml")} <= taken
    assert "scenarios/fw/bomber-intercept.yaml" in taken
    assert len(taken) > len(BUNDLED) * 2 // 3


def test_every_yaml_file_under_tests_loads_the_same_on_both_paths() -> None:
    assert len(TEST_FILES) > 50
    for path in TEST_FILES:
        assert_same_load(path.read_bytes())


@pytest.mark.parametrize("text", [
    "a: 1\na: 2\n",  # a duplicate key rapidyaml keeps both of and JSON collapses
    "1: a\n'1': b\n",  # keys equal once they are strings
    "a: -.Inf\n", "a: .NaN\n",  # rapidyaml rewrites these as strings
    "a: 0x1F\nb: 0o17\nc: 012\nd: +1\ne: 1.\nf: .5\ng: 1e5\nh: -0\n",  # numbers JSON does not write
    "a: '0x1F'\nb: 0x1F\n",  # the same text quoted and plain
    "~: a\n", "0x10: a\n", "1.50: a\n", "'': a\n",  # keys the core schema spells otherwise
    "a: ~\nb: Null\nc: TRUE\nd: yes\ne: on\nf: =\n",  # YAML 1.1's booleans are strings in 1.2
    "a: \"\\u0001\"\n",  # an escape rapidyaml drops
    "a: " + "[" * 40 + "]" * 40 + "\n",  # deeper than the cap
    "".join(" " * depth + f"k{depth}:\n" for depth in range(70)),  # deeper than rapidyaml goes
    "a: " + "9" * 41 + "\n", "a: 1e400\n",  # numbers refused
    "- a\n", "just text\n", "", "# a comment\n",  # roots that are not mappings
    "a: 1\n---\nb: 2\n", "%YAML 1.1\n---\na: yes\n",  # a second document, a directive
    "a: b: c\n", "a: [1, 2\n",  # not YAML
    "a: 'x'#c\n", "a: [b, -]\n",  # strict-syntax cases libyaml lets pass
    "a: {b: -}\n", "a: [b\n]\n", "a: {b:\n1}\n", "a: [x, MiG-23C\n(two-seat)]\n",  # ... and rapidyaml refuses
    "[a]: b\nc: d\n", "a: 1\n{b: c}: d\n",  # a flow collection as a key: rapidyaml cannot hold it
    "a: x\u2028y\n", "a: x\x85y\n", "\ufeffa: 1\n",  # line separators; a BOM
    "a: \"24.4\"\nb: '0'\nc: ''\nd: \"true\"\n",  # quoted texts that read as numbers: the fast path takes them
])
def test_hand_made_texts_load_the_same(text: str, capfd: pytest.CaptureFixture[str]) -> None:
    assert_same_load(text.encode("utf-8"))
    assert capfd.readouterr() == ("", "")  # rapidyaml writes its own errors to stderr: it never meets one


@pytest.mark.parametrize("case", sorted(STRICT_INVALID))
def test_texts_only_the_strict_check_refuses_are_refused_the_same_and_quietly(
        case: str, capfd: pytest.CaptureFixture[str]) -> None:
    assert not assert_same_load(STRICT_INVALID[case].encode("utf-8"))
    assert capfd.readouterr() == ("", "")


def test_quoted_texts_that_read_as_numbers_take_the_fast_path_as_strings() -> None:
    data = read_fast("a: \"24.4\"\nb: '0'\nc: ''\nd: \"true\"\ne: 24.4\nf:\ng: '~'\nh: 0\n", DEFAULT_LIMITS)
    assert data is not None
    assert typed(data) == typed({"a": "24.4", "b": "0", "c": "", "d": "true", "e": 24.4, "f": None, "g": "~", "h": 0})


@pytest.mark.parametrize("text", ["a: 1\na: 2\n", "a: -.Inf\n", "a: 0x1F\n", "~: a\n", "a: '0x1F'\nb: 0x1F\n",
                                  "a: &x 1\nb: *x\n", "a: x\u2028y\n"])
def test_what_the_fast_path_cannot_vouch_for_is_left_to_the_located_reader(text: str) -> None:
    assert read_fast(text, DEFAULT_LIMITS) is None


# Code points on each side of the bounds of what the fast path leaves to the located reader: control characters but
# LF, U+2028, U+2029, surrogates, a BOM inside the text, U+FFFE and U+FFFF.
_ODD = {*range(0x00, 0x0A), *range(0x0B, 0x20), *range(0x7F, 0xA0), 0x2028, 0x2029, *range(0xD800, 0xE000), 0xFEFF,
        0xFFFE, 0xFFFF}
_BOUNDS = sorted({code + step for code in (0x00, 0x0B, 0x1F, 0x20, 0x7E, 0x85, 0x9F, 0x2028, 0x2029, 0xD800, 0xDFFF,
                                           0xFEFF, 0xFFFE, 0xFFFF, 0x10000, 0x10FFFF)
                  for step in (-1, 0, 1) if 0 <= code + step <= 0x10FFFF and code + step != 0x0A})


@pytest.mark.parametrize("code", _BOUNDS)
def test_odd_characters_and_only_they_are_left_to_the_located_reader(code: int) -> None:
    data = read_fast(f"a: 'x{chr(code)}y'\n", DEFAULT_LIMITS)
    assert data == (None if code in _ODD else {"a": f"x{chr(code)}y"})


def test_caps_other_than_the_defaults_are_left_to_the_located_reader() -> None:
    assert read_fast("a: [1, 2, 3]\n", LoadLimits(max_values=2)) is None
    assert read_fast("a: [1, 2, 3]\n", DEFAULT_LIMITS) == {"a": [1, 2, 3]}


def test_positions_are_found_when_first_asked_for_and_survive_pickling() -> None:
    raw = (ROOT / "cards" / "fw" / "p-51d.yaml").read_bytes()
    located, _ = load_bytes("x.yaml", raw, fast=False)
    document, _ = load_bytes("x.yaml", raw)
    assert located is not None and document is not None
    assert document.positions._find is not None  # noqa: SLF001 -- not found yet
    copy = pickle.loads(pickle.dumps(document))
    assert copy.positions._find is not None  # noqa: SLF001 -- what travels is the text, not the positions
    assert copy.locate("/id") == located.locate("/id") and copy.locate("/id").line > 1
    assert document.positions.packed() == located.positions.packed()
    assert pickle.loads(pickle.dumps(document.positions)) == located.positions


@pytest.mark.parametrize("pointers", [
    ["/climb/3/climb_rate_fpm", "/climb/3/climb_rate_fpm", "/id"],  # sought alone, asked again, then all found
    ["/no/such/value", "/id"],  # not there: the seek reads every position
    ["/power_chart/rows/2", "/general/engines/count", "/performance/0/min_fp"],
])
def test_the_first_position_asked_for_is_sought_alone_and_the_others_found_as_the_located_reader_does(
        pointers: list[str]) -> None:
    raw = (ROOT / "cards" / "fw" / "p-51d.yaml").read_bytes()
    located, _ = load_bytes("x.yaml", raw, fast=False)
    document, _ = load_bytes("x.yaml", raw)
    assert located is not None and document is not None
    for pointer in pointers:
        for at_key in (True, False):
            assert document.locate(pointer, at_key=at_key) == located.locate(pointer, at_key=at_key)
    assert document.positions == located.positions


_SCALARS = st.sampled_from([
    "1", "-1", "+1", "0", "-0", "012", "0o17", "0x1F", "0x1f", "1_000", "1.", ".5", "-.5", "1.0", "1e5", "1E5",
    "1.5e-3", "-1.5E+3", ".inf", "-.Inf", ".NaN", "~", "null", "Null", "NULL", "nULL", "true", "True", "TRUE",
    "tRUE", "false", "yes", "no", "on", "off", "y", "=", "<<", "", "x", "a b", "2024-01-01", "1:30", "24.4",
    "é", "a'b", "it's", "x # y", "#", "-", "[", "\\", "\u2028",
])
_KEYS = st.one_of(st.sampled_from(["a", "b", "id", "1", "0x10", "~", "true", "1.5", "1.50", ""]),
                  st.text("abcxyz", min_size=1, max_size=3))


@st.composite
def _scalar(draw: st.DrawFn) -> str:
    text = draw(_SCALARS)
    style = draw(st.sampled_from(["plain", "single", "double"]))
    if style == "single":
        return "'" + text.replace("'", "''") + "'"
    if style == "double":
        return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'
    return text


def _key(text: str, quoted: bool) -> str:
    return "'" + text.replace("'", "''") + "'" if quoted or not text else text


@st.composite
def _document(draw: st.DrawFn) -> str:
    lines = []
    for _ in range(draw(st.integers(1, 6))):
        key = _key(draw(_KEYS), draw(st.booleans()))
        form = draw(st.sampled_from(["scalar", "flow list", "flow map", "block list", "block map"]))
        if form == "scalar":
            lines.append(f"{key}: {draw(_scalar())}")
        elif form == "flow list":
            lines.append(f"{key}: [{', '.join(draw(st.lists(_scalar(), max_size=4)))}]")
        elif form == "flow map":
            pairs = draw(st.lists(st.tuples(_KEYS, _scalar()), max_size=3))
            lines.append(f"{key}: {{{', '.join(f'{_key(name, True)}: {value}' for name, value in pairs)}}}")
        elif form == "block list":
            lines.append(f"{key}:")
            lines += [f"  - {value}" for value in draw(st.lists(_scalar(), min_size=1, max_size=4))]
        else:
            lines.append(f"{key}:")
            lines += [f"  {_key(name, draw(st.booleans()))}: {value}"
                      for name, value in draw(st.lists(st.tuples(_KEYS, _scalar()), min_size=1, max_size=4))]
    return "\n".join(lines) + "\n"


@settings(max_examples=400, deadline=None)
@given(_document())
def test_generated_documents_load_the_same(text: str) -> None:
    assert_same_load(text.encode("utf-8"))


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32))
def test_fuzzed_sources_load_the_same(seed: int) -> None:
    assert_same_load(fuzzed_source(random.Random(seed), _SOURCES))


_SOURCES = bundled_sources()


def _resident_bytes() -> int:
    with open("/proc/self/statm", encoding="ascii") as statm:
        return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


@pytest.mark.skipif(not Path("/proc/self/statm").exists(), reason="reads the resident size from Linux's /proc")
def test_reading_at_c_speed_keeps_no_memory_per_document() -> None:
    """rapidyaml 0.15's `emit_json` never frees its buffer (a leak of each document's size, 75 MB of a 5,000-card
    pack's build): 1,000 reads of a card must not grow the process by even a third of what that leak would."""
    text = (ROOT / "cards" / "fw" / "p-51d.yaml").read_text(encoding="utf-8")
    assert read_fast(text, DEFAULT_LIMITS) is not None  # the fast path takes it
    before = _resident_bytes()
    for _ in range(1000):
        read_fast(text, DEFAULT_LIMITS)
    assert _resident_bytes() - before < 1000 * len(text) // 3
