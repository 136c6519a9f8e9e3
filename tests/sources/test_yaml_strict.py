"""The YAML 1.2 rules libyaml lets pass (fwdata/sources/yaml_strict.py), on the YAML test suite's own documents
(yaml-test-suite, MIT licence; ids as in the suite), and values holding U+0085, U+2028 or U+2029."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fwdata.sources.yaml_block_proof import HARD_SIGNS
from fwdata.sources.yaml_loader import load_bytes
from fwdata.sources.yaml_strict import maybe_lax

ROOT = Path(__file__).resolve().parents[2]

# Invalid in the suite, accepted by libyaml.
INVALID = {
    '9C9N': '---\nflow: [a,\nb,\nc]\n',  # Wrong indented flow sequence
    '9JBA': '---\n[ a, b, c, ]#invalid\n',  # Invalid comment after end of flow sequence
    'CVW2': '---\n[ a, b, c,#invalid\n]\n',  # Invalid comment after comma
    'EB22': '---\nscalar1 # comment\n%YAML 1.2\n---\nscalar2\n',  # Missing document-end marker before directive
    'G5U8': '---\n- [-, -]\n',  # Plain dashes in flow sequence
    'MUS6-0': '%YAML 1.1#...\n---\n',  # Directive variants
    'MUS6-1': '%YAML 1.2\n---\n%YAML 1.2\n---\n',  # Directive variants
    'QB6E': '---\nquoted: "a\nb\nc"\n',  # Wrong indented multiline quoted scalar
    'RHX7': '---\nkey: value\n%YAML 1.2\n---\n',  # YAML directive without document end marker
    'S98Z': 'empty block scalar: >\n \n  \n   \n # comment\n',  # Block scalar with more spaces than first content line
    'SU5Z': 'key: "value"# invalid comment\n',  # Comment without whitespace after doublequoted scalar
    'X4QW': 'block: ># comment\n  scalar\n',  # Comment without whitespace after block scalar indicator
    'Y79Y-0': 'foo: |\n\t\nbar: 1\n',  # Tabs in various contexts
    'YJV2': '[-]\n',  # Dash in flow sequence
}
# Valid in the suite, near the invalid ones: still read.
VALID = {
    'Y79Y-1': 'foo: |\n \t\nbar: 1\n',  # Tabs in various contexts
    # Spec Example 2.13. In literals, newlines are preserved
    '6JQW': '# ASCII Art\n--- |\n  \\//||\\/||\n  // ||  ||__\n',
    '7ZZ5': '---\nnested sequences:\n- - - []\n- - - {}\nkey1: []\nkey2: {}\n',  # Empty flow collections
    'DC7X': 'a: b\t\nseq:\t\n - a\t\nc: d\t#X\n',  # Various trailing tabs
}


@pytest.mark.parametrize("case", sorted(INVALID))
def test_an_invalid_document_of_the_suite_is_refused(case: str) -> None:
    document, findings = load_bytes("t.yaml", INVALID[case].encode())
    assert document is None
    assert [finding.code for finding in findings] == ["YAML-SYNTAX"]


@pytest.mark.parametrize("case", sorted(VALID))
def test_a_valid_document_of_the_suite_is_still_read(case: str) -> None:
    _, findings = load_bytes("t.yaml", VALID[case].encode())
    assert not [finding for finding in findings if finding.code in ("YAML-SYNTAX", "YAML-TAB")]


@pytest.mark.parametrize(("text", "line", "column", "words"), [
    ('key: "value"# no space\n', 1, 13, "space before `#`"),
    ("key: [a, b]#x\n", 1, 12, "space before `#`"),
    ("key: >#x\n  text\n", 1, 7, "space before `#`"),
    ("key: [a,\nb]\n", 2, 1, "indented 0 spaces"),
    ("key: [a,\n  b\nc]\n", 3, 1, "a plain value in a flow collection is indented 0 spaces"),  # `b c`, one scalar
    ("key: [a, MiG-23C\n(two-seat)]\n", 2, 1, "a plain value in a flow collection is indented 0 spaces"),
    ("key: [a\n]\n", 2, 1, "indented 0 spaces"),  # no comma or opener last on a line: the closer first is the sign
    ("key: {a: b\n, c: d}\n", 2, 1, "indented 0 spaces"),
    ("key: {a:\n1}\n", 2, 1, "indented 0 spaces"),  # a `:` last on a line after an opener
    ("key: [a, # note\nb]\n", 2, 1, "indented 0 spaces"),
    ('key: "a\nb"\n', 2, 1, "indented 0 spaces"),
    ("key: [[a], b\nc]\n", 2, 1, "indented 0 spaces"),  # the first line closes a collection: its sign is the count
    ("key: 'it''s\nb'\n", 2, 1, "indented 0 spaces"),  # an escaped quote on the first line
    ('key: "say \\"hi\nb \\" c"\n', 2, 1, "indented 0 spaces"),
    ("key: &a 'x\nb'\n", 2, 1, "indented 0 spaces"),
    ("key: [-]\n", 1, 7, "lone `-`"),
    ("key: {a: -}\n", 1, 10, "lone `-`"),  # no `[` or `,` before it: the sign of the rule is the `-` before `}`
    ("key: [? -, b]\n", 1, 9, "lone `-`"),
    ("key: |\n\t\nnext: 1\n", 2, 1, "a tab"),
    ("key: >\n  \n # note\n", 2, 1, "2 spaces, more than its first line (1)"),
    ("---\nkey: 1\n%YAML 1.2\n---\n", 3, 1, "`...`"),
])
def test_each_rule_names_its_place(text: str, line: int, column: int, words: str) -> None:
    _, findings = load_bytes("t.yaml", text.encode())
    assert [(f.code, f.location.line, f.location.column) for f in findings] == [("YAML-SYNTAX", line, column)]
    assert words in findings[0].message


@pytest.mark.parametrize("separator", ["\x85", "\u2028", "\u2029"])
def test_a_yaml_1_2_line_separator_inside_a_value_is_a_character_of_it(separator: str) -> None:
    text = f'system: fw\nkind: table\nid: x\nname: a{separator}b\nnote: "c{separator}d"\nlist: [e{separator}f]\n'
    document, findings = load_bytes("t.yaml", text.encode())
    assert findings == []
    assert document is not None
    assert (document.data["name"], document.data["note"], document.data["list"]) == (
        f"a{separator}b", f"c{separator}d", [f"e{separator}f"])
    assert document.locate("/list").line == 6


# The signs `maybe_lax` looks for, as one expression (alternatives starting with `^`: tried at every character).
_SIGNS_AT_ONCE = re.compile(HARD_SIGNS.pattern + r"""|-[,\]}]|[\[{,](?:\s*$|[ ]+#)|[\[{][^\[\]{}\n]*$"""
                            r"""|^[^\[{\n]*[\[{][^\n]*:[ ]*(?:[ ]#[^\n]*)?$"""
                            r"""|^[ ]*[\]},:]|^[^"\n]*"(?:[^"\n]*"[^"\n]*")*[^"\n]*$"""
                            r"""|[:?&!-](?:(?<=[&!])(?<!\S[&!])\S*)?\s+"""
                            r"""(?:'[^'\n]*(?:''[^'\n]*)*|"(?=[^"\n]*\\)[^"\\\n]*(?:\\.[^"\\\n]*)*\\?)$""",
                            re.MULTILINE)


@settings(max_examples=2000, deadline=None)
@given(st.text(alphabet=" \n\t-[]{},:?&!#\"'\\ab|>%\u00a0", max_size=40))
def test_the_signs_are_found_as_by_one_expression(text: str) -> None:
    assert maybe_lax(text) == (_SIGNS_AT_ONCE.search(text) is not None)


def test_the_signs_are_found_as_by_one_expression_in_every_bundled_and_invalid_text() -> None:
    texts = [*INVALID.values(), *VALID.values(),
             *(path.read_text(encoding="utf-8-sig") for folder in ("cards", "scenarios", "tables", "fwdata/library")
               for path in (ROOT / folder).rglob("*.yaml"))]
    assert all(maybe_lax(text) == (_SIGNS_AT_ONCE.search(text) is not None) for text in texts)
