"""Loading hostile and odd YAML: valid YAML loads, anything else is one finding at a line inside the file.

These go through `load_source`, the public entry, so they hold for any loader behind it.
"""

from __future__ import annotations

import warnings
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from fwdata.sources import load_source


def load_text(tmp_path: Path, text: str | bytes):
    path = tmp_path / "doc.yaml"
    path.write_bytes(text.encode("utf-8") if isinstance(text, str) else text)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # a warning from the YAML library would reach stderr
        return load_source(path)


# Plain text that looks like a date, a time or a number with underscores is a string in YAML 1.2's core schema.
LOADS_AS_TEXT = [
    "2024-02-30", "2024-13-45", "2001-12-14 25:00:00", "2001-12-14t23:59:60Z",
    "2001-12-14 21:59:43.10 +25:00", "0000-01-01", "1944-06-06", "0x_", "0o_", "0b_", "0b101", "+_", "1_000",
    "1:30", "0x", "0o8", "-0x10", ".iNf", "yes", "on", "=", "<<", "1e", "+.nan", "0x1_F",
]


@pytest.mark.parametrize("text", LOADS_AS_TEXT)
def test_plain_text_that_only_looks_like_a_date_or_number_is_a_string(tmp_path: Path, text: str, capsys) -> None:
    document, findings = load_text(tmp_path, f"a: {text}\n")
    assert findings == [] and document.data == {"a": text}
    assert capsys.readouterr() == ("", "")


@pytest.mark.parametrize("text", ["%YAML 1.1\n---\na: +_\n", "%YAML 1.1\n---\na: 1:30\n", "%YAML 1.1\n---\na: yes\n"])
def test_yaml_11_directive_still_reads_scalars_by_the_12_core_schema(tmp_path: Path, text: str) -> None:
    document, findings = load_text(tmp_path, text)
    assert findings == [] and document.data == {"a": text.split("a: ")[1].strip()}


@pytest.mark.parametrize(("text", "value"), [
    ("a: 012", 12), ("a: 0o17", 15), ("a: 0x1F", 31), ("a: -7", -7),
    ("a: 1.", 1.0), ("a: .5", 0.5), ("a: -1e3", -1000.0),
    ("a: ~", None), ("a:", None), ("a: NULL", None), ("a: TRUE", True), ("a: False", False),
    ("a: !!float 3", 3.0), ("a: !!int '0x10'", 16), ("a: !!str 12", "12"), ("a: !!null ''", None),
    ("a: !!bool 'true'", True), ("a: !<tag:yaml.org,2002:int> 5", 5),
])
def test_core_schema_values(tmp_path: Path, text: str, value: object) -> None:
    document, findings = load_text(tmp_path, text + "\n")
    assert findings == [] and document.data == {"a": value} and type(document.data["a"]) is type(value)


# Valid YAML 1.2 that ruamel's scanner refused: tabs as separators and inside plain text.
@pytest.mark.parametrize(("text", "data"), [
    ("name: a\tb\n", {"name": "a\tb"}),
    ("name:\tb\n", {"name": "b"}),
    ("name: x \t y\n", {"name": "x \t y"}),
    ("a\t: b\n", {"a": "b"}),
    ("a: b\t\n", {"a": "b"}),
    ("a: b\t# note\n", {"a": "b"}),
    ("a: x\t\n  y\n", {"a": "x y"}),
    ("a: [1,\t2]\n", {"a": [1, 2]}),
    ("a:\t\n  b: 1\n", {"a": {"b": 1}}),
    ("a:\n  b: 1\n  \t\n  c: 2\n", {"a": {"b": 1, "c": 2}}),
    ("a:\n  b: 1\n\t# note\n", {"a": {"b": 1}}),
    ("a:\n  - b\tc\n", {"a": ["b\tc"]}),
    ("a: &x\t1\nb: *x\n", {"a": 1, "b": 1}),
    ('a: "x"\n  \t\nb: 1\n', {"a": "x", "b": 1}),
    ("a: 'x'\n\t# note\nb: 1\n", {"a": "x", "b": 1}),
    ("a: [1]\n\t\nb: 1\n", {"a": [1], "b": 1}),
])
def test_tabs_where_yaml_12_allows_them(tmp_path: Path, text: str, data: object) -> None:
    document, findings = load_text(tmp_path, text)
    assert findings == [] and document.data == data


@pytest.mark.parametrize(("text", "data"), [
    ("a:\n# one\n# two\n\nb: 1\n", {"a": None, "b": 1}),
    ("a:\n  # one\n  # two\n\n  b: 1\n", {"a": {"b": 1}}),
    ("a: # one\n# two\n# three\n\n  - 1\n", {"a": [1]}),
    ("a:\n  b:\n  # one\n  # two\n\n  c: 1\n", {"a": {"b": None, "c": 1}}),
    ("? a\n# one\n# two\n\n: b\n", {"a": "b"}),
    ("a: [\n# one\n# two\n\n 1]\n", {"a": [1]}),
])
def test_values_after_comment_lines_and_a_blank_line(tmp_path: Path, text: str, data: object) -> None:
    document, findings = load_text(tmp_path, text)
    assert findings == [] and document.data == data


@pytest.mark.parametrize(("text", "data"), [
    ("a: &a {x: 1}\nc: {<<: *a}\n", {"a": {"x": 1}, "c": {"x": 1}}),
    ("a: &a {x: 1, y: 2}\nc: {<<: *a, x: 3}\n", {"a": {"x": 1, "y": 2}, "c": {"x": 3, "y": 2}}),
    ("a: &a {x: 1}\nb: &b {x: 2, y: 2}\nc:\n  <<: [*a, *b]\n",
     {"a": {"x": 1}, "b": {"x": 2, "y": 2}, "c": {"x": 1, "y": 2}}),
    ("a: &a {x: 1}\nb: &b {<<: *a, y: 2}\nc: {<<: *b}\n",
     {"a": {"x": 1}, "b": {"x": 1, "y": 2}, "c": {"y": 2, "x": 1}}),
    ("a: <<\nb: [<<]\n'<<': 1\n", {"a": "<<", "b": ["<<"], "<<": 1}),
    ("? \n: 1\n", {"null": 1}),
    ("&k a: 1\nb: *k\n", {"a": 1, "b": "a"}),
])
def test_merge_keys_and_odd_keys_that_are_valid(tmp_path: Path, text: str, data: object) -> None:
    document, findings = load_text(tmp_path, text)
    assert findings == [] and document.data == data


def test_merged_values_keep_their_own_positions(tmp_path: Path) -> None:
    document, _ = load_text(tmp_path, "base: &b\n  x: 1\nc:\n  <<: *b\n  y: 2\n")
    assert document.locate("/c/x").line == 2 and document.locate("/c/y").line == 5


REFUSED = [
    # (text, code, line)
    ("? [[b]]\n: 1\n", "YAML-KEY", 1),
    ("a: 1\n? {b: 1}\n: 2\n", "YAML-KEY", 2),
    ("a: &k [1]\n? *k\n: 2\n", "YAML-KEY", 1),
    ("%YAML 1.3\n---\na: 1\n", "YAML-SYNTAX", 1),
    ("%YAML 2.0\n---\na: 1\n", "YAML-SYNTAX", 1),
    ("%YAML 1.2\n%YAML 1.2\n---\na: 1\n", "YAML-SYNTAX", 2),
    ("a: !!int '" + "9" * 400 + "'\n", "YAML-NUMBER", 1),
    ("a: 1\nb: !!float '" + "9" * 400 + "'\n", "YAML-NUMBER", 2),
    ("a: 1\nb: " + "9" * 41 + "\n", "YAML-NUMBER", 2),
    ("a: .inf\n", "YAML-NUMBER", 1),
    ("a:\n  - -.Inf\n", "YAML-NUMBER", 2),
    ("a: .NaN\n", "YAML-NUMBER", 1),
    ("a: 1e400\n", "YAML-NUMBER", 1),
    ("a: !!float .inf\n", "YAML-NUMBER", 1),
    ("a: &x 1\nb: &x 2\nc: *x\n", "YAML-ALIASES", 2),
    ("a: *x\n", "YAML-SYNTAX", 1),
    ("a: !!int abc\n", "YAML-TAG", 1),
    ("a: !!int '1_000'\n", "YAML-TAG", 1),
    ("a: !!bool yes\n", "YAML-TAG", 1),
    ("a: !!null x\n", "YAML-TAG", 1),
    ("a: !!map x\n", "YAML-TAG", 1),
    ("a: !!seq {b: 1}\n", "YAML-TAG", 1),
    ("a:\n  b: !!str [1]\n", "YAML-TAG", 2),
    ("a: !!timestamp 2024-02-30\n", "YAML-TAG", 1),
    ("a: !!binary aGk=\n", "YAML-TAG", 1),
    ("a: !!set {b}\n", "YAML-TAG", 1),
    ("%TAG !! tag:evil:\n---\na: !!int 5\n", "YAML-TAG", 3),
    ("<<: 1\n", "YAML-MERGE", 1),
    ("a: &a [1]\nb: {<<: *a}\n", "YAML-MERGE", 1),
    ("a:\n  <<: [{x: 1}, 2]\n", "YAML-MERGE", 2),
    ("a: 1\n'a': 2\n", "YAML-DUPLICATE-KEY", 2),
    ("1: a\n'1': b\n", "YAML-DUPLICATE-KEY", 2),
    ("~: a\nnull: b\n", "YAML-DUPLICATE-KEY", 2),
    ("a: 1\nb: \x00\n", "YAML-SYNTAX", 2),
    ("a: 1\n" + "k" * 1100 + ": 1\n", "YAML-SYNTAX", 2),
    ("a:\n-\tb\n", "YAML-SYNTAX", 2),
    ("a:\n\tb: 1\n", "YAML-TAB", 2),
    ("a: 'x\u2028y'\nb: [\n", "YAML-SYNTAX", 3),  # U+2028 is text in YAML 1.2: lines end at \n and \r only
    ("a:\r  b: 1\rc: [\r", "YAML-SYNTAX", 4),
    ("a: 1\n\ufeffb: 2\n", "YAML-SYNTAX", 2),  # YAML 1.2.2, 5.2: a byte order mark never stands inside a document
]


@pytest.mark.parametrize(("text", "code", "line"), REFUSED)
def test_refused_with_one_finding_at_its_line(tmp_path: Path, text: str, code: str, line: int, capsys) -> None:
    document, findings = load_text(tmp_path, text)
    assert document is None
    assert [(finding.code, finding.location.line) for finding in findings] == [(code, line)]
    assert "\n" not in findings[0].message and findings[0].message.isprintable()
    assert capsys.readouterr() == ("", "")


@pytest.mark.parametrize(("text", "line", "stopped"), [
    ("a:\n  - 1\n\u00a0 - 2\n", 3, 4),
    ("a:\n  b: 1\n \u00a0c: 2\n", 3, 3),
    ("a:\n  - 1\n \u2003- 2\n", 3, 3),
])
def test_no_break_space_in_indentation_is_reported_at_its_line(tmp_path: Path, text: str, line: int,
                                                               stopped: int) -> None:
    document, findings = load_text(tmp_path, text)
    assert document is None and len(findings) == 1
    finding = findings[0]
    assert (finding.code, finding.location.line) == ("YAML-SYNTAX", line)
    assert "space (U+" in finding.message and "in indentation" in finding.message
    assert f"stopped at line {stopped}" in finding.message


@pytest.mark.parametrize(("text", "shown"), [
    ('a: 1\n"a\\"b": 2\n"a\\"b": 3\n', r'duplicate key "a\"b"'),
    ('"x\\ny": 1\n"x\\ny": 2\n', r'duplicate key "x\ny"'),
    ('"it\'s \\u001b[31m": 1\n"it\'s \\u001b[31m": 2\n', r'duplicate key "it' + "'" + r's \x1b[31m"'),
])
def test_duplicate_key_message_shows_the_whole_key_escaped(tmp_path: Path, text: str, shown: str) -> None:
    _, findings = load_text(tmp_path, text)
    assert findings[0].code == "YAML-DUPLICATE-KEY"
    assert shown in findings[0].message and findings[0].message.isprintable()


FRAGMENTS = st.sampled_from([
    ":", ": ", "-", "- ", "&a ", "*a", "&b ", "*b", "!!int ", "!!float ", "!!str ", "? ", "<<: ", "<<",
    "%YAML 1.1\n---\n", "%YAML 1.3\n---\n", "0", "7", "_", "0x", "0o", "0b", ".inf",
    "2024-02-30", "2001-12-14 25:00:00", "+25:00", "\n",
    "\n  ", "\n    ", "\t", " ", "#", "'", '"', "[", "]", "{", "}", ",", "|", ">", "a", "b", "\u00a0", "~", "null",
    "true", "1e400", "9" * 45, "---\n", "...\n", "\r", "\u2028", "\ufeff",
])
YAMLISH = st.lists(FRAGMENTS, max_size=40).map("".join)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(YAMLISH | st.text(max_size=200) | st.binary(max_size=200))
@example(": ---\n\ufeff")  # a no-break space after a stop on line 1 was once looked for on line 0
def test_no_input_raises_and_every_finding_lies_inside_the_file(tmp_path: Path, capsys, content: str | bytes) -> None:
    """Property: any content gives a document or findings, never an exception or output, always at a line it has."""
    document, findings = load_text(tmp_path, content.encode("utf-8", "surrogatepass") if isinstance(content, str)
                                   else content)
    assert (document is None) == bool(findings)
    text = content if isinstance(content, str) else content.decode("utf-8", "replace")
    for finding in findings:
        assert 1 <= finding.location.line <= len(text.splitlines()) + 1
        assert finding.location.column >= 1
        assert "\n" not in finding.message and "\r" not in finding.message
    assert capsys.readouterr() == ("", "")
