"""Output integrity: user text never forges a finding line or reaches the terminal raw, in any format."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ElementTree
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fwdata.findings import UNSAFE_CHARACTERS, Location, Report, error, escape_controls
from fwdata.library import schema_root
from fwdata.options import BuildOptions
from fwdata.pipeline import check_sources
from fwdata.reporting import FORMATS, format_report
from fwdata.sources.yaml_loader import display_path

FORGED_KEY = '"x\\n/tmp/a.yaml:1:1: error FAKE: forged\\x1b[31m\\u202e"'


def dump_findings(output: str, output_format: str) -> list[str]:
    """Return the finding texts an output holds, parsed the way its consumer parses it."""
    if output_format in ("text", "github"):
        return output.splitlines()[:-1]  # the last line is the summary
    if output_format == "json":
        return [item["message"] for item in json.loads(output)["findings"]]
    if output_format == "sarif":
        return [result["message"]["text"] for result in json.loads(output)["runs"][0]["results"]]
    suite = ElementTree.fromstring(output.split("?>", 1)[1])
    return [failure.attrib["message"] for failure in suite.iter("failure")]


@pytest.mark.parametrize("output_format", FORMATS)
def test_a_duplicate_key_with_a_newline_and_escape_is_one_finding_line(
        output_format: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "a.yaml").write_text(f"system: fw\nkind: aircraft\n{FORGED_KEY}: 1\n{FORGED_KEY}: 2\n",
                                     encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    result = check_sources([Path(".")], BuildOptions(), schema_root=schema_root())
    output = format_report(result.report, result.review, output_format, files=sorted(result.reported))
    assert [f.code for f in result.report.findings] == ["YAML-DUPLICATE-KEY"]
    found = dump_findings(output, output_format)
    assert len(found) == 1
    assert "FAKE" in found[0] and "\\n/tmp/a.yaml" in found[0] and "\\x1b[31m\\u202e" in found[0]
    assert UNSAFE_CHARACTERS.search(output.replace("\n", "")) is None
    if output_format in ("text", "github"):
        assert len(output.splitlines()) == 2


def test_escape_controls_escapes_only_the_unsafe_characters_and_is_idempotent() -> None:
    text = "é\u00a0x\ty\r\nz\x1b[0m\x85\u2028\u2066\ud800\ufffe ✓"
    escaped = escape_controls(text)
    assert escaped == "é\u00a0x\\ty\\r\\nz\\x1b[0m\\x85\\u2028\\u2066\\ud800\\ufffe ✓"
    assert escape_controls(escaped) == escaped


def test_display_path_escapes_only_the_offending_characters() -> None:
    assert display_path(Path("/packs/é\nx\x1b.yaml")) == "/packs/é\\nx\\x1b.yaml"


def test_display_path_follows_the_current_folder_and_survives_its_deletion(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    card = tmp_path / "pack" / "cards" / "a.yaml"
    card.parent.mkdir(parents=True)
    monkeypatch.chdir(tmp_path / "pack")
    assert display_path(card) == "cards/a.yaml"
    monkeypatch.chdir(tmp_path / "pack" / "cards")
    assert display_path(card) == "a.yaml"
    gone = tmp_path / "gone"
    gone.mkdir()
    monkeypatch.chdir(gone)
    gone.rmdir()
    assert display_path(Path("a.yaml")) == "a.yaml"


def test_finding_and_location_store_escaped_text() -> None:
    finding = error(Location("a\nb.yaml", 1, 1, "/k\n"), "CODE", "bad\rvalue")
    assert (finding.location.path, finding.location.pointer, finding.message) == ("a\\nb.yaml", "/k\\n",
                                                                                  "bad\\rvalue")


@settings(max_examples=200, deadline=None)
@given(message=st.text(), path=st.text(min_size=1), pointer=st.text(), line=st.integers(0, 10**6))
def test_any_finding_formats_to_one_line_and_valid_json_and_xml(message: str, path: str, pointer: str,
                                                                 line: int) -> None:
    report = Report(files_read=1)
    report.extend([error(Location(path, line, 1, pointer), "CODE", message)])
    for output_format in ("text", "github"):
        output = format_report(report, None, output_format)
        assert len(output.splitlines()) == 2, output
        assert UNSAFE_CHARACTERS.search(output.replace("\n", "")) is None
    assert json.loads(format_report(report, None, "json"))["findings"][0]["pointer"] == escape_controls(pointer)
    assert json.loads(format_report(report, None, "sarif"))["runs"][0]["results"][0]["message"]["text"] == \
        escape_controls(message)
    junit = format_report(report, None, "junit", files=[path])
    suite = ElementTree.fromstring(junit.split("?>", 1)[1])
    assert [failure.attrib["message"] for failure in suite.iter("failure")] == [escape_controls(message)]
