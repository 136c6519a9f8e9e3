"""MODELINE-SCHEMA-MISSING: `check` warns of a modeline naming a schema file that does not exist, with the fix."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from click.testing import CliRunner

from fwdata.cli.main import main

REPOSITORY = Path(__file__).resolve().parent.parent.parent


def _pack(tmp_path: Path, modeline: str) -> Path:
    card = tmp_path / "pack" / "cards" / "fw" / "mine.yaml"
    card.parent.mkdir(parents=True)
    body = (REPOSITORY / "cards/fw/p-51d.yaml").read_text().split("\n", 1)[1].replace("id: p-51d\n", "id: mine\n")
    card.write_text(modeline + body)
    return card


def _findings(path: Path) -> list[dict[str, object]]:
    result = CliRunner().invoke(main, ["check", "--format", "json", str(path)])
    return [f for f in json.loads(result.stdout)["findings"] if f["code"] == "MODELINE-SCHEMA-MISSING"]


def test_a_modeline_to_a_missing_schema_is_a_warning_with_the_fix(tmp_path: Path) -> None:
    card = _pack(tmp_path, "# yaml-language-server: $schema=../../.fwdata/schemas/fw/aircraft.schema.json\n")
    [finding] = _findings(card)
    assert (finding["line"], finding["column"], finding["severity"]) == (1, 33, "warning")
    assert "../../.fwdata/schemas/fw/aircraft.schema.json" in str(finding["message"])
    assert "fwdata schema --write .fwdata/schemas" in str(finding["message"])
    result = CliRunner().invoke(main, ["schema", "--write", str(tmp_path / "pack/.fwdata/schemas")])
    assert result.exit_code == 0
    assert _findings(card) == []
    shutil.rmtree(tmp_path / "pack/.fwdata/schemas/fw")  # gone again: the check cache looks again
    assert len(_findings(card)) == 1


def test_urls_other_paths_no_modeline_and_the_base_library_are_left_alone(tmp_path: Path) -> None:
    assert _findings(_pack(tmp_path, "# yaml-language-server: $schema=https://example.invalid/s.json\n")) == []
    card = tmp_path / "pack" / "cards" / "fw" / "mine.yaml"
    card.write_text("# yaml-language-server: $schema=../../schemas/fw/aircraft.schema.json\n" + card.read_text())
    assert _findings(card) == []  # a copy of a bundled card: the author's own modeline
    assert _findings(REPOSITORY / "cards/fw/p-51d.yaml") == []
    card.write_text(card.read_text().split("\n", 2)[2])
    assert _findings(card) == []
