"""docs/rules-index.md is what tools/rules_index.py makes of the docstrings, and the citation grammar it reads."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parent.parent / "tools" / "rules_index.py"


@pytest.fixture(scope="module")
def rules_index():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("rules_index", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while the class is made
    spec.loader.exec_module(module)
    return module


def test_the_checked_in_index_is_current() -> None:
    result = subprocess.run([sys.executable, str(SCRIPT), "--check"], capture_output=True, text=True, check=False)
    assert (result.returncode, result.stderr) == (0, "")


@pytest.mark.parametrize(("text", "cited"), [
    ("(OTR 4.1, 5.5.1)", [("OTR", "4.1"), ("OTR", "5.5.1")]),
    ("OTR 4.1, 2 engines each", [("OTR", "4.1")]),
    ("(OTR 4.4-4.7, 11, 13.3; QS 2.6, 5.0)", [("OTR", "4.4-4.7"), ("OTR", "11"), ("OTR", "13.3"),
                                              ("QS", "2.6"), ("QS", "5.0")]),
    ("OTR Ch. 2, 4.7", [("OTR", "Ch. 2"), ("OTR", "4.7")]),
    ("OTR 17.2 / Err1 11.2", [("OTR", "17.2"), ("Err1", "11.2")]),
    ("OTR 6.6: 5.0 FPs -> 2.5", [("OTR", "6.6")]),
    ("the AIRCREW QUALITY CHART (FL 26.5(a), 23.7)", [("FL", "26.5(a)"), ("FL", "23.7")]),
    ("chart cells (AoA XIX, XXI, XXII)", [("AoA", "XIX"), ("AoA", "XXI"), ("AoA", "XXII")]),
    ("1 FP = 50 mph at 26.5 FP", []),
])
def test_citations_follow_the_house_convention(rules_index, text: str, cited: list[tuple[str, str]]) -> None:  # type: ignore[no-untyped-def]
    assert rules_index.citations(text) == cited


def test_rule_numbers_sort_as_the_books_number_them(rules_index) -> None:  # type: ignore[no-untyped-def]
    rules = ["4.10", "XIX", "Ch. 2", "4.2", "IX", "26.2.3.2", "5"]
    assert sorted(rules, key=rules_index.sort_key) == ["Ch. 2", "4.2", "4.10", "5", "IX", "XIX", "26.2.3.2"]


def test_a_cited_rule_points_at_its_function_and_codes(rules_index) -> None:  # type: ignore[no-untyped-def]
    text = rules_index.render_index()
    row = next(line for line in text.splitlines() if line.startswith("| OTR 4.1 |"))
    assert "`power_speed_column`" in row and "`FW-POWER-ROWS`" in row


def test_flight_leader_codes_come_from_their_registry_rules(rules_index) -> None:  # type: ignore[no-untyped-def]
    """A bare number in an fl code's `rule` is of Flight Leader, the system's first book (`GameSystem.books`):
    FL-SP-MISMATCH's "23.2.9, 26.2.3.2" ties it to FL 26.2.3.2."""
    rows = {line.split(" | ")[0]: line for line in rules_index.render_index().splitlines() if line.startswith("| FL ")}
    assert "`FL-SP-MISMATCH`" in rows["| FL 26.2.3.2"]
    assert "`FL-FORCE-LIMIT`" in rows["| FL 26.2.3.3.2"] and "`FL-PAIRS`" not in rows["| FL 26.2.3.3.2"]
