"""The line-by-line proof that a text breaks none of the strict YAML 1.2 rules (fwdata/sources/yaml_block_proof.py):
never True where the token walk (yaml_strict) refuses, and True for the sources fwdata ships and generates."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from yaml.cyaml import CParser

from fwdata.sources.yaml_block_proof import HARD_SIGNS, block_text_is_clear, has_hard_sign
from fwdata.sources.yaml_reader import Refused, TextLines
from fwdata.sources.yaml_strict import _Checker, _tokens

ROOT = Path(__file__).resolve().parents[2]


def _token_walk_refuses(text: str) -> bool | None:
    """Return whether yaml_strict's token walk refuses `text`; None when libyaml's parser itself refuses it (the
    loader checks the strict rules on texts libyaml parsed, and words libyaml's own errors)."""
    parser = CParser(text)
    try:
        parser.raw_parse()
        tokens = _tokens(text)
    except yaml.YAMLError:
        return None
    finally:
        parser.dispose()
    try:
        _Checker(text, TextLines(text)).check(tokens)
    except Refused:
        return True
    return False


_indent = st.integers(0, 6).map(lambda spaces: " " * spaces)
_words = st.sampled_from(["a", "b c", "x:y", "it's", 'say "hi"', "-5", "-", "1,", "e #n", "k: v", "",
                          "? -", "?-", "&a -", '"q":-', ":-", "a\u00a0#b", "x\u3000#y"])
_quoted = st.builds(lambda quote, first, breaks, rest: f"{quote}{first}{breaks}{rest}{quote}",
                    st.sampled_from(['"', "'"]), st.sampled_from(["p", "q r", ""]),
                    st.lists(_indent.map(lambda spaces: f"\n{spaces}"), max_size=2).map("w".join),
                    st.sampled_from(["z", "", "y z"]))
_flow = st.builds(lambda opener, parts, breaks: opener + breaks.join(parts) + {"[": "]", "{": "}"}[opener],
                  st.sampled_from(["[", "{"]),
                  st.lists(st.one_of(_words, _quoted, st.just("[1, 2]")), max_size=3).map(", ".join).map(lambda x: [x]),
                  _indent.map(lambda spaces: f"\n{spaces}"))
_value = st.one_of(_words, _quoted, _flow, st.sampled_from(["|", ">-", "|\n", "'a' #c", '"b"x', "[a]: b", "&x y"]))
_line = st.builds(lambda indent, dashes, key, value, after: f"{indent}{dashes}{key}{value}{after}",
                  st.one_of(_indent, st.just("\ufeff")),
                  st.sampled_from(["", "- ", "- - ", "-   "]), st.sampled_from(["", "k: ", "key : ", "n:"]),
                  _value, st.sampled_from(["", " # c", "  ", ":"]))
_text = st.lists(_line, min_size=1, max_size=8).map(lambda lines: "\n".join(lines) + "\n")


@settings(max_examples=3000, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(_text)
@example('quoted: "a\nb\nc"\n')  # yaml-test-suite QB6E
@example("flow: [a,\nb,\nc]\n")  # yaml-test-suite 9C9N
@example('- k: "a\n  b"\n')  # the compact mapping's block is the key's column, not the dash's
@example("k:\n- [a,\n  -]\n")
@example("k: [a,\u00a0#c, -, x\n  ]\n")  # libyaml reads `a\u00a0#c` as one scalar, not a comment
@example('k:\n\ufeffj: "a\n b"\n')  # libyaml skips a BOM first on a line: `j` is at column 1
@example("k: {? -, a}\n")  # `?` and `:` are indicators wherever a token of a flow starts
@example('k: {"a":-}\n')
@example("k: [&a -]\n")
def test_a_text_proved_clear_is_never_refused_by_the_token_walk(text: str) -> None:
    if HARD_SIGNS.search(text) is None and block_text_is_clear(text):
        assert _token_walk_refuses(text) in (False, None), text


@given(st.one_of(_text, st.text(alphabet="ab #|>-%\t\n\u3000\x85 ", max_size=30)))
@example("a\u3000#b\n")
@example("k: |\n  \n")
def test_the_quick_search_for_a_hard_sign_answers_as_the_expression(text: str) -> None:
    assert has_hard_sign(text) == (HARD_SIGNS.search(text) is not None)


@pytest.mark.parametrize("text", [
    'quoted: "a\nb\nc"\n', "flow: [a,\nb,\nc]\n", '- k: "a\n  b"\n', "k: [-, a]\n", 'k: "a" #ok\nj: "b":\n',
    "k: |\n\n  a\n", "k: [a, b'c']\n",
])
def test_what_the_proof_cannot_follow_goes_to_the_token_walk(text: str) -> None:
    assert not block_text_is_clear(text)


def test_a_long_flow_the_simple_reading_gives_up_on_is_followed_in_linear_time() -> None:
    # the blanks before each `,` could end a plain scalar or precede the `,`: a failed match tried every split
    text = "table: [" + "1 , " * 60 + "[a, [b]]]\nnote: x,\n"
    assert _token_walk_refuses(text) is False
    assert block_text_is_clear(text)


@pytest.mark.parametrize("text", [
    'k: "a\n  b"\nl:\n  - "c\n    d"\n  - [1, "e\n    f", {g: h}]\n',
    "notes: >\n  folded, with a \"quote\n  and a comma,\nnext: 'it''s\n  fine'  # so it is\n",
    "- k: \"a\n   b\"\n-\n  \"c\n  d\"\n",
])
def test_block_texts_with_quoted_values_over_lines_are_cleared(text: str) -> None:
    assert _token_walk_refuses(text) is False
    assert block_text_is_clear(text)


@pytest.mark.parametrize("folder", ["cards", "tables"])
def test_the_bundled_cards_and_tables_are_cleared_without_tokens(folder: str) -> None:
    texts = {path.name: path.read_text(encoding="utf-8") for path in (ROOT / folder).rglob("*.yaml")}
    unclear = sorted(name for name, text in texts.items()
                     if HARD_SIGNS.search(text) is None and not block_text_is_clear(text))
    assert len(texts) > 50
    assert unclear == []
