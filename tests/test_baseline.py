"""Baselines: stable JSON keyed by pack-relative path, code and message; counts; new and gone findings."""

from __future__ import annotations

import json

import pytest

from fwdata.findings import Location, info, warning
from fwdata.review.baseline import BaselineFormatError, format_baseline, match_baseline, parse_baseline, record_baseline


def relative(path: str) -> str:
    return path.removeprefix("pack/")


def findings_at(*lines: int, message: str = "printed 1.0") -> list:
    return [info(Location("pack/tables/t.yaml", line, 3), "FW-TABLE-FVT", message) for line in lines]


def test_record_is_sorted_stable_and_counts_per_key() -> None:
    first = record_baseline([*findings_at(9, 4), warning(Location("pack/a.yaml", 1, 1), "SCHEMA", "x")], relative)
    text = format_baseline(first)
    assert format_baseline(parse_baseline(text)) == text
    payload = json.loads(text)
    assert [(e["path"], e["count"]) for e in payload["findings"]] == [("a.yaml", 1), ("tables/t.yaml", 2)]
    assert "line" not in payload["findings"][0]


def test_moved_findings_stay_baselined_and_extra_ones_are_new() -> None:
    baseline = record_baseline(findings_at(4, 9), relative)
    match = match_baseline(findings_at(14, 19, 30), baseline, relative, lambda entry: True)
    assert [f.location.line for f in match.baselined] == [14, 19]
    assert [f.location.line for f in match.new] == [30]
    assert match.gone == []


def test_gone_entries_only_for_covered_files() -> None:
    baseline = record_baseline([*findings_at(4), info(Location("pack/other.yaml", 1, 1), "FW-TABLE-FVT", "m")],
                               relative)
    match = match_baseline([], baseline, relative, lambda entry: entry.path == "tables/t.yaml")
    assert [(e.path, e.count) for e in match.gone] == [("tables/t.yaml", 1)]


def test_record_keeps_entries_of_files_not_checked() -> None:
    old = record_baseline([info(Location("pack/other.yaml", 1, 1), "FW-TABLE-FVT", "m")], relative)
    new = record_baseline(findings_at(4), relative, keep=old.entries)
    assert sorted(e.path for e in new.entries) == ["other.yaml", "tables/t.yaml"]


@pytest.mark.parametrize("text", ["{", "[]", '{"format": "fwdata-baseline", "version": 1, "findings": [{}]}',
                                  '{"format": "other"}', "[" * 100_000 + "]" * 100_000])
def test_malformed_baselines_are_rejected_with_a_reason(text: str) -> None:
    with pytest.raises(BaselineFormatError):
        parse_baseline(text)
