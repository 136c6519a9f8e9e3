"""The benchmark pack generator (bench/generate_pack.py): same size, same bytes; a generated pack checks clean."""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

from fwdata.findings import Severity
from fwdata.options import BuildOptions
from fwdata.pipeline import check_sources

ROOT = Path(__file__).parent.parent
sys.path.insert(0, str(ROOT / "bench"))
from generate_pack import COPIED, generate, generate_copies  # noqa: E402


def files_of(folder: Path) -> dict[str, bytes]:
    return {str(path.relative_to(folder)): path.read_bytes() for path in sorted(folder.rglob("*")) if path.is_file()}


def test_the_same_size_gives_the_same_bytes(tmp_path: Path) -> None:
    first = files_of(generate(tmp_path / "first", cards=23))
    second = files_of(generate(tmp_path / "second", cards=23))
    assert first == second
    assert len([name for name in first if name.startswith("cards/")]) == 23
    assert len([name for name in first if name.startswith("scenarios/")]) == 4
    assert "cards/fw/spitfire-xive-fr-n2.yaml" in first
    assert b"variant_of: spitfire-xive-n2\n" in first["cards/fw/spitfire-xive-fr-n2.yaml"]


def test_copies_differ_in_their_numbers(tmp_path: Path) -> None:
    files = files_of(generate(tmp_path, cards=22))
    first, second = files["cards/fw/p-51d-n1.yaml"], files["cards/fw/p-51d-n2.yaml"]
    assert first.replace(b"-n1", b"").replace(b" n1", b"") != second.replace(b"-n2", b"").replace(b" n2", b"")


def test_a_generated_pack_has_only_the_findings_of_its_bundled_originals(tmp_path: Path) -> None:
    """20 cards: no errors and no warnings (their climbs move by at most 100 ft/min, within FW-DERIVED-MISMATCH's
    resolution); the infos their bundled originals get too (climb rates well below what the cards can fly)."""
    report = check_sources([generate(tmp_path, cards=20)], BuildOptions()).report
    assert Counter((finding.code, finding.severity) for finding in report.findings) == {
        ("FW-CLIMB-RATE", Severity.INFO): 7, ("FW-TABLE-BOMBER", Severity.INFO): 1, ("FW-TABLE-FVT", Severity.INFO): 1}


def test_copies_of_another_game_check_as_their_bundled_originals(tmp_path: Path) -> None:
    """A pack of copies of the FL aircraft (variants naming the copies of their bases) or of the AoA planes has the
    findings of the bundled originals, one set per round, and the same bytes each time."""
    for game, (folder, _) in COPIED.items():
        count = 2 * len(list((ROOT / folder).glob("*.yaml")))
        pack = generate_copies(tmp_path / game, game, count)
        assert files_of(pack) == files_of(generate_copies(tmp_path / f"{game}-again", game, count))
        copies = check_sources([pack], BuildOptions()).report.findings
        originals = check_sources([ROOT / folder], BuildOptions()).report.findings
        assert not [finding for finding in copies if finding.code.startswith(("REF-", "PACK-", "SCHEMA"))], game
        assert Counter(finding.code for finding in copies) == Counter(
            {code: 2 * number for code, number in Counter(finding.code for finding in originals).items()}), game
