"""Text checks: lone surrogates (TEXT-ENCODING) and characters the embedded font cannot draw (TEXT-GLYPH)."""

from __future__ import annotations

from pathlib import Path

from hypothesis import example, given
from hypothesis import strategies as st

from fwdata.render.fonts import font_characters
from fwdata.sources import load_source
from fwdata.sources.document import Positions, SourceDocument
from fwdata.validation.text_checks import _strings, _surely_drawable, check_text


def checked(tmp_path: Path, text: str) -> list[tuple[str, int, int, str, str]]:
    path = tmp_path / "doc.yaml"
    path.write_text(text, encoding="utf-8")
    document, findings = load_source(path)
    assert document is not None and not findings
    return [(f.code, f.location.line, f.location.column, f.location.pointer, f.message) for f in check_text([document])]


def test_the_embedded_font_draws_latin_1_and_not_emoji_or_cjk() -> None:
    drawable = font_characters()
    assert {ord(c) for c in "Bf 109 Messerschmitt é ü – … •"} <= drawable
    assert not {0x1F6E9, 0x96F6, 0x05D0, 0xD800} & drawable


def test_a_lone_surrogate_escape_is_refused_by_the_loader_at_the_escape(tmp_path: Path) -> None:
    path = tmp_path / "doc.yaml"
    path.write_text('system: fw\nnotes:\n  - fine\n  - {"k\\udc80": x}\n', encoding="utf-8")
    _, findings = load_source(path)
    assert [(f.code, f.location.line, f.location.column) for f in findings] == [("YAML-SYNTAX", 4, 8)]
    assert "`\\udc80` is not a character" in findings[0].message


def test_a_lone_surrogate_in_a_key_is_an_encoding_error_at_the_key() -> None:
    # libyaml refuses `\udc80`; PyYAML's pure-Python parser (no libyaml) reads it, and the text check stops it.
    document = SourceDocument(path="doc.yaml", data={"system": "fw", "notes": ["fine", {"k\udc80": "x"}]},
                              positions=Positions.from_mappings({"/notes/1/k\udc80": (4, 9)},
                                                                  {"/notes/1/k\udc80": (4, 6)}))
    found = [(f.code, f.location.line, f.location.column, f.location.pointer, f.message)
             for f in check_text([document])]
    assert found == [("TEXT-ENCODING", 4, 6, "/notes/1/k\\udc80",
                      "key notes[1].k\\udc80: the text holds the lone surrogate U+DC80, half of a UTF-16 pair that "
                      "cannot be encoded or printed (write the character itself, or escape it whole as \\UXXXXXXXX)")]


def test_undrawable_characters_are_one_warning_per_string_naming_them(tmp_path: Path) -> None:
    found = checked(tmp_path, "name: ok\nnotes:\n  - 'Hebrew \u05d0\u05d0 and emoji \U0001F6E9'\n"
                              "  - |\n    two\tcolumns\n    lines\n")
    assert found == [("TEXT-GLYPH", 3, 5, "/notes/0",
                      "notes[0]: the embedded font Bitstream Vera Sans has no glyph for U+05D0 HEBREW LETTER ALEF, "
                      "U+1F6E9 SMALL AIRPLANE, each prints as an empty box (use characters the font has)")]


_scalars = st.one_of(st.text(max_size=8), st.integers(), st.floats(allow_nan=False), st.booleans(), st.none())
_data = st.recursive(_scalars, lambda inner: st.one_of(st.lists(inner, max_size=3),
                                                        st.dictionaries(st.text(max_size=4), inner, max_size=3)),
                     max_leaves=12)


@given(_data, st.sets(st.integers(0x7F, 0x2FF)))
@example({"a": "\x7f"}, set())
@example(["tab\tand\nbreak", {"\\bold": 1}], set())
@example({"k\u00e9": "caf\u00e9 \ud800"}, {0xE9, 0xD800})
def test_data_passed_at_c_speed_holds_only_characters_the_font_draws(data: object, points: set[int]) -> None:
    """The JSON shortcut of the text check (`_surely_drawable`) never passes a string with a character outside
    printable ASCII, line breaks, tabs and the font's characters, which the slow walk would look up in the font."""
    if _surely_drawable(data, lambda: frozenset(points)):
        characters = {character for _, text, _ in _strings(data) for character in text}
        assert all(character.isascii() and character.isprintable() or character in "\n\r\t"
                   or ord(character) in points for character in characters)
