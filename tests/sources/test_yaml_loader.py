"""Loading: positions, and every kind of broken or hostile file as a finding at its line."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fwdata.sources import LoadLimits, load_source


def load_text(tmp_path: Path, text: str | bytes, name: str = "doc.yaml"):
    path = tmp_path / name
    path.write_bytes(text.encode("utf-8") if isinstance(text, str) else text)
    return load_source(path)


def only_finding(tmp_path: Path, text: str | bytes):
    document, findings = load_text(tmp_path, text)
    assert document is None
    assert len(findings) == 1
    return findings[0]


def test_positions_of_keys_and_values_are_one_based(tmp_path: Path) -> None:
    document, findings = load_text(tmp_path, "system: fw\nperformance:\n  - {band: VL, max_fp: 7.5}\n  - band: LO\n")
    assert findings == []
    assert document.data == {"system": "fw", "performance": [{"band": "VL", "max_fp": 7.5}, {"band": "LO"}]}
    assert document.locate("/system").line == 1 and document.locate("/system").column == 9
    assert (document.locate("/performance/0/max_fp").line, document.locate("/performance/0/max_fp").column) == (3, 24)
    assert document.locate("/performance/1/band").line == 4
    assert document.locate("/performance", at_key=True).column == 1


def test_positions_of_long_files_and_lines_are_exact(tmp_path: Path) -> None:
    text = "a:" + " " * 3990 + "v\nlist:\n" + "  - 1\n" * 5000 + "last: here\n"
    document, findings = load_text(tmp_path, text)
    assert findings == []
    assert (document.locate("/a").line, document.locate("/a").column) == (1, 3993)
    assert (document.locate("/list/4999").line, document.locate("/last").line) == (5002, 5003)
    assert document.locate("/last", at_key=True).column == 1 and document.locate("/last").column == 7


def test_missing_pointer_falls_back_to_nearest_ancestor(tmp_path: Path) -> None:
    document, _ = load_text(tmp_path, "a:\n  b: 1\n")
    location = document.locate("/a/missing/deeper")
    assert (location.line, location.pointer) == (2, "/a/missing/deeper")


def test_yaml_12_booleans_and_dates_become_plain_values(tmp_path: Path) -> None:
    document, _ = load_text(tmp_path, "a: yes\nb: true\nc: 1944-06-06\nd: 0o17\n")
    assert document.data == {"a": "yes", "b": True, "c": "1944-06-06", "d": 15}


def test_duplicate_key_is_reported_at_the_second_key(tmp_path: Path) -> None:
    finding = only_finding(tmp_path, "id: a\nname: x\nid: b\n")
    assert (finding.code, finding.location.line, finding.location.column) == ("YAML-DUPLICATE-KEY", 3, 1)
    assert '"id"' in finding.message


def test_tab_in_indentation(tmp_path: Path) -> None:
    finding = only_finding(tmp_path, "a:\n\tb: 1\n")
    assert (finding.code, finding.location.line) == ("YAML-TAB", 2)


def test_tab_inside_a_value_is_allowed(tmp_path: Path) -> None:
    document, findings = load_text(tmp_path, 'a: "x\ty"\n')
    assert findings == [] and document.data["a"] == "x\ty"


def test_invalid_utf8_is_located(tmp_path: Path) -> None:
    finding = only_finding(tmp_path, b"a: 1\nname: caf\xe9\n")
    assert (finding.code, finding.location.line, finding.location.column) == ("YAML-ENCODING", 2, 10)


def test_syntax_error_is_located_where_the_mistake_is(tmp_path: Path) -> None:
    finding = only_finding(tmp_path, "a: 1\nb: [1, 2\nc: 3\n")  # the parser stops at line 3; the `[` is never closed
    assert (finding.code, finding.location.line, finding.location.column) == ("YAML-SYNTAX", 2, 4)
    assert "not closed" in finding.message and "stopped at line 3" in finding.message


def test_document_must_be_a_mapping(tmp_path: Path) -> None:
    assert only_finding(tmp_path, "- 1\n- 2\n").code == "YAML-NOT-MAPPING"
    assert only_finding(tmp_path, "just text\n").code == "YAML-NOT-MAPPING"
    assert only_finding(tmp_path, "# comment only\n").code == "YAML-EMPTY"


def test_more_than_one_document(tmp_path: Path) -> None:
    finding = only_finding(tmp_path, "a: 1\n---\nb: 2\n")
    assert (finding.code, finding.location.line) == ("YAML-MULTIPLE-DOCUMENTS", 2)


def test_custom_and_python_tags_are_refused(tmp_path: Path) -> None:
    assert only_finding(tmp_path, "a: !foo 1\n").code == "YAML-TAG"
    finding = only_finding(tmp_path, "a: 1\nb: !!python/object/apply:os.system ['true']\n")
    assert (finding.code, finding.location.line) == ("YAML-TAG", 2)


def test_core_tags_are_allowed(tmp_path: Path) -> None:
    document, findings = load_text(tmp_path, "a: !!str 12\nb: !!float 3\nc: !!int 0x10\n")
    assert findings == [] and document.data == {"a": "12", "b": 3.0, "c": 16}
    assert only_finding(tmp_path, "a: !!int abc\n").code == "YAML-TAG"


def test_alias_bomb_is_refused_quickly(tmp_path: Path) -> None:
    levels = ["a0: &a0 [1,1,1,1,1,1,1,1,1,1]"]
    levels += [f"a{i}: &a{i} [" + ",".join([f"*a{i - 1}"] * 10) + "]" for i in range(1, 8)]
    started = time.perf_counter()
    finding = only_finding(tmp_path, "\n".join(levels) + "\n")
    assert finding.code in ("YAML-TOO-LARGE", "YAML-ALIASES")
    assert time.perf_counter() - started < 10  # generous: the real figure is in bench/


def test_alias_count_is_capped(tmp_path: Path) -> None:
    text = "a: &x 1\nb: [" + ", ".join(["*x"] * 100) + "]\n"
    assert only_finding(tmp_path, text).code == "YAML-ALIASES"


def test_deep_nesting_is_refused(tmp_path: Path) -> None:
    finding = only_finding(tmp_path, "a:\n" + " [\n" * 5000 + " ]\n" * 5000)
    assert (finding.code, finding.location.line) == ("YAML-TOO-DEEP", 49)


def test_overlong_line_is_refused(tmp_path: Path) -> None:
    finding = only_finding(tmp_path, "a: 1\n# " + "x" * 5000 + "\n")
    assert (finding.code, finding.location.line) == ("YAML-TOO-LARGE", 2)


def test_empty_value_is_located_on_its_key_line(tmp_path: Path) -> None:
    document, _ = load_text(tmp_path, "a:\nb: 1\n")
    assert document.locate("/a").line == 1


def test_oversized_file_is_refused(tmp_path: Path) -> None:
    document, findings = load_source(_write(tmp_path, "a: " + "x" * 2000 + "\n"), LoadLimits(max_bytes=1000))
    assert document is None and findings[0].code == "YAML-TOO-LARGE"


def test_complex_key_is_refused(tmp_path: Path) -> None:
    assert only_finding(tmp_path, "? [a, b]\n: 1\n").code == "YAML-KEY"


def test_control_character_is_refused(tmp_path: Path) -> None:
    finding = only_finding(tmp_path, "a: 1\nb: \x07\n")
    assert (finding.code, finding.location.line) == ("YAML-SYNTAX", 2)


def _write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "big.yaml"
    path.write_text(text, encoding="utf-8")
    return path


@settings(max_examples=150, deadline=None)
@given(st.binary(max_size=300) | st.text(max_size=300))
def test_no_input_makes_the_loader_raise(tmp_path_factory, content: bytes | str) -> None:
    """Property: any bytes give either a document or findings, never an exception."""
    path = tmp_path_factory.mktemp("fuzz") / "x.yaml"
    path.write_bytes(content.encode("utf-8", "surrogatepass") if isinstance(content, str) else content)
    document, findings = load_source(path)
    assert (document is None) == bool(findings)


@pytest.mark.parametrize(("text", "line", "column", "words"), [
    ("a:\n  b: 1\n   c: 2\n", 3, 1, "indented 3 spaces, more than the key on line 2 (2 spaces)"),
    ("a:\n  b: 1\n c: 2\n", 3, 1, "matches no key above it"),
    ("a:\n  b:1\n  c: 2\n", 2, 3, "line 2 has no space after its colon"),
    ("x: 1\nsize:10\nname: y\n", 2, 1, "no space after the colon"),
    ('a: "x\nb: 1\nc: "y"\nd: 2\n', 1, 4, "not closed on its line, so the parser read on to line 3"),
    ("a: [1, 2\nb: 3\n", 1, 4, "the list opened here with `[` is not closed"),
    ("a:\n  b:\n    c: 1\n\u00a0 d: 2\n  e: 3\n", 4, 1, "no-break space (U+00A0) in indentation"),
    ('a: "C:\\path"\n', 1, 7, "unknown escape `\\p`"),
    ("a: @x\n", 1, 4, "`@` is reserved"),
    ("a: *x\n", 1, 4, "*x refers to no anchor"),
])
def test_syntax_errors_are_worded_for_authors_at_the_mistake(tmp_path: Path, text: str, line: int, column: int,
                                                             words: str) -> None:
    finding = only_finding(tmp_path, text)
    assert (finding.code, finding.location.line, finding.location.column) == ("YAML-SYNTAX", line, column)
    assert words in finding.message


def test_libyaml_nesting_cap_is_too_deep_not_syntax(tmp_path: Path) -> None:
    finding = only_finding(tmp_path, "a: " + "[" * 1200 + "]" * 1200 + "\n")
    assert finding.code == "YAML-TOO-DEEP"
