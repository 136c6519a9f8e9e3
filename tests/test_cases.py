"""Case folders: each tests/cases/<name>/ holds sources and expected.txt, the exact finding lines of `fwdata check`."""

from __future__ import annotations

from pathlib import Path

import pytest

from fwdata.library import schema_root
from fwdata.options import BuildOptions
from fwdata.pipeline import check_sources

CASES = Path(__file__).parent / "cases"
CASE_DIRS = sorted(path for path in CASES.iterdir() if (path / "expected.txt").is_file())


@pytest.mark.parametrize("case", CASE_DIRS, ids=[path.name for path in CASE_DIRS])
def test_case_findings(case: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(case)
    result = check_sources([Path(".")], BuildOptions(), schema_root=schema_root())
    found = [finding.format_line() for finding in result.report.sorted()]
    expected = [line for line in (case / "expected.txt").read_text(encoding="utf-8").splitlines() if line.strip()]
    assert found == expected
