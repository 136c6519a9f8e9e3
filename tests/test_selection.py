"""Finding selection: codes and prefixes, severities, suppression comments, statistics."""

from __future__ import annotations

import pytest

from fwdata.findings import Location, Severity, error, info, warning
from fwdata.review.selection import (
    FindingSelection,
    code_matches,
    count_by_code,
    parse_codes,
    parse_suppressions,
    select_findings,
)


def test_prefixes_end_at_a_hyphen() -> None:
    assert code_matches("FW-PERF-ORDER", "FW-")
    assert code_matches("FW-PERF-ORDER", "fw")
    assert code_matches("FW-PERF-ORDER", "FW-PERF")
    assert code_matches("YAML-TAB", "YAML-TAB")
    assert not code_matches("YAML-TABLE", "YAML-TAB")
    assert not code_matches("FW-PERF-ORDER", "FW-PER")


def test_parse_codes_splits_and_rejects_garbage() -> None:
    assert parse_codes(" fw-, YAML-TAB,,") == ("FW-", "YAML-TAB")
    with pytest.raises(ValueError, match="not a finding code"):
        parse_codes("FW PERF")


def test_selection_select_ignore_and_severity() -> None:
    selection = FindingSelection(select=("FW-",), ignore=("FW-TABLE",), min_severity=Severity.WARNING)
    assert selection.selects("FW-PERF-ORDER", Severity.ERROR)
    assert not selection.selects("FW-PERF-ORDER", Severity.INFO)
    assert not selection.selects("FW-TABLE-FVT", Severity.ERROR)
    assert not selection.selects("SCHEMA", Severity.ERROR)


def test_suppression_comments_same_line_and_file_level() -> None:
    text = "a: 1  # fwdata: ignore[FW-PERF-ORDER, fw-table-]\nb: 2\n# fwdata: ignore-file[SCHEMA]\n"
    suppressions = parse_suppressions(text)
    assert suppressions.lines == {1: ("FW-PERF-ORDER", "FW-TABLE-")}
    assert suppressions.whole_file == ("SCHEMA",)
    assert suppressions.suppress(error(Location("x", 1, 4), "FW-TABLE-FVT", "m"))
    assert not suppressions.suppress(error(Location("x", 2, 4), "FW-TABLE-FVT", "m"))  # not the line above
    assert suppressions.suppress(error(Location("x", 0, 0), "SCHEMA", "m"))


def test_select_findings_splits_in_order() -> None:
    findings = [error(Location("a", 1, 1), "SCHEMA", "m"), warning(Location("a", 2, 1), "FW-PERF-ORDER", "m"),
                info(Location("b", 1, 1), "FW-TABLE-FVT", "m")]
    selected = select_findings(findings, FindingSelection(min_severity=Severity.WARNING),
                               {"a": parse_suppressions("x\ny # fwdata: ignore[FW-PERF-ORDER]\n")})
    assert [f.code for f in selected.kept] == ["SCHEMA"]
    assert [f.code for f in selected.suppressed] == ["FW-PERF-ORDER"]
    assert [f.code for f in selected.unselected] == ["FW-TABLE-FVT"]


def test_statistics_sorted_by_count() -> None:
    findings = [info(Location("a", n, 1), "FW-TABLE-FVT", "m") for n in range(3)]
    findings.append(error(Location("a", 9, 1), "SCHEMA", "m"))
    assert count_by_code(findings) == [("FW-TABLE-FVT", Severity.INFO, 3), ("SCHEMA", Severity.ERROR, 1)]
