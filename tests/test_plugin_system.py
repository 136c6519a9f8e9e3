"""A fourth game system from another distribution (tests/plugin_system/: one kind, one rule check, one output),
pip-installed beside fwdata into a fresh virtual environment: `check`, `build`, `new` and `schema` find it through
the `fwdata.systems` entry point, with nothing outside its own package naming it.

This builds and installs for real (PyPI must be reachable for the dependencies; pip's cache may serve them).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import venv
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PLUGIN = Path(__file__).resolve().parent / "plugin_system"
COUNTER = "system: toy\nkind: counter\nid: {id}\nname: {name}\nlow: {low}\nhigh: {high}\n"


def _run(command: list[str], cwd: Path, timeout: float = 900) -> subprocess.CompletedProcess[str]:
    environment = {key: value for key, value in os.environ.items() if not key.startswith(("PYTHON", "FWDATA"))}
    environment["NO_COLOR"] = "1"
    return subprocess.run(command, cwd=cwd, capture_output=True, text=True, timeout=timeout, env=environment,
                          stdin=subprocess.DEVNULL, check=False)


@pytest.fixture(scope="module")
def fwdata(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Build fwdata's wheel and the toy system's, install both into a new virtual environment; return its fwdata."""
    work = tmp_path_factory.mktemp("plugin")
    for source in (ROOT, PLUGIN):
        built = _run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "-w", str(work / "dist"),
                      str(source)], cwd=work)
        assert built.returncode == 0, built.stderr
    venv.create(work / "venv", with_pip=True)
    wheels = sorted(str(path) for path in (work / "dist").glob("*.whl"))
    assert len(wheels) == 2, wheels
    done = _run([str(work / "venv" / "bin" / "python"), "-m", "pip", "install", "--quiet", *wheels], cwd=work)
    assert done.returncode == 0, done.stderr
    return work / "venv" / "bin" / "fwdata"


def test_the_toy_system_is_its_own_distribution() -> None:
    # "No edit outside its package": nothing in fwdata, its schemas or its packaging names the toy system (only
    # docs/architecture.md shows it as the example).
    paths = [ROOT / "pyproject.toml", *(ROOT / "fwdata").rglob("*"), *(ROOT / "schemas").rglob("*")]
    for path in paths:
        if path.is_file() and path.suffix in {".py", ".json", ".toml", ".j2", ".md"}:
            assert "fwdata_toy" not in path.read_text(encoding="utf-8"), path


def test_new_check_build_and_schema_run_the_installed_system(fwdata: Path, tmp_path: Path) -> None:
    pack = tmp_path / "pack"
    pack.mkdir()
    made = _run([str(fwdata), "new", "toy", "counter", "dice", "--pack", str(pack)], cwd=tmp_path)
    assert (made.returncode, made.stderr) == (0, ""), made.stdout
    target = pack / "cards" / "toy" / "dice.yaml"
    assert made.stdout == f"wrote {target}\n"
    skeleton = target.read_text(encoding="utf-8")
    assert skeleton.startswith("# yaml-language-server: $schema=../../.fwdata/schemas/toy/counter.schema.json\n")
    assert (pack / ".fwdata/schemas/toy/counter.schema.json").is_file()
    unfilled = _run([str(fwdata), "check", str(pack)], cwd=tmp_path)
    assert unfilled.returncode == 1 and "SCHEMA" in unfilled.stdout, unfilled.stdout + unfilled.stderr

    target.write_text(COUNTER.format(id="dice", name="Dice", low=1, high=6), encoding="utf-8")
    (pack / "cards/toy/turn.yaml").write_text(COUNTER.format(id="turn", name="Turn", low=9, high=1), encoding="utf-8")
    broken = _run([str(fwdata), "check", str(pack), "--format", "json"], cwd=tmp_path)
    assert broken.returncode == 1, broken.stderr
    codes = [(finding["code"], finding["path"], finding["line"]) for finding in json.loads(broken.stdout)["findings"]]
    assert codes == [("TOY-RANGE", str(Path("pack/cards/toy/turn.yaml")), 5)]
    # Its codes are documented from its own registry entry (GameSystem.findings): --select knows them, SARIF
    # gives their rule.
    sarif = _run([str(fwdata), "check", str(pack), "--select", "TOY", "--format", "sarif"], cwd=tmp_path)
    assert sarif.returncode == 1, sarif.stderr
    rule = json.loads(sarif.stdout)["runs"][0]["tool"]["driver"]["rules"][0]
    assert rule["help"]["text"] == ("A counter's low end is above its high end. Rule: toy rule 1. How to fix: swap "
                                    "the ends.")

    (pack / "cards/toy/turn.yaml").unlink()
    checked = _run([str(fwdata), "check", str(pack)], cwd=tmp_path)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    built = _run([str(fwdata), "build", str(pack), "--out", str(tmp_path / "out")], cwd=tmp_path)
    assert built.returncode == 0, built.stdout + built.stderr
    assert (tmp_path / "out/toy/counters.txt").read_text(encoding="utf-8").splitlines()[-1] == "Dice: 1-6"
    # The system's own build option (GameSystem.options), added to `build` beside fwdata's and the bundled systems'.
    built = _run([str(fwdata), "build", str(pack), "--out", str(tmp_path / "out"), "--toy-separator", "to"],
                 cwd=tmp_path)
    assert built.returncode == 0, built.stdout + built.stderr
    assert (tmp_path / "out/toy/counters.txt").read_text(encoding="utf-8").splitlines()[-1] == "Dice: 1 to 6"

    # A manifest names the system as it names a bundled one; an id no installed system has is a finding.
    manifest = "id: toy-pack\nname: Toy pack\nversion: '1.0'\nsystems: [{systems}]\n"
    (pack / "fwdata-pack.yaml").write_text(manifest.format(systems="fw, toy"), encoding="utf-8")
    named = _run([str(fwdata), "check", str(pack)], cwd=tmp_path)
    assert named.returncode == 0, named.stdout + named.stderr
    (pack / "fwdata-pack.yaml").write_text(manifest.format(systems="fw, toys"), encoding="utf-8")
    misnamed = _run([str(fwdata), "check", str(pack)], cwd=tmp_path)
    assert misnamed.returncode == 1 and ("fwdata-pack.yaml:4:15: error SCHEMA-KIND: system 'toys' is not one of the "
                                         "installed game systems aoa, fl, fw, toy (did you mean 'toy'?)"
                                         ) in misnamed.stdout, misnamed.stdout + misnamed.stderr

    listed = _run([str(fwdata), "schema"], cwd=tmp_path)
    assert listed.returncode == 0 and "toy/counter" in listed.stdout.splitlines(), listed.stdout + listed.stderr
    schema = _run([str(fwdata), "schema", "toy/counter"], cwd=tmp_path)
    assert schema.returncode == 0 and json.loads(schema.stdout)["title"] == "Toy counter", schema.stderr
    hello = _run([str(fwdata), "toy", "hello"], cwd=tmp_path)
    assert (hello.returncode, hello.stdout) == (0, "hello from the toy system\n"), hello.stderr


def test_an_edit_to_the_installed_system_is_answered_afresh_not_from_a_cache(fwdata: Path, tmp_path: Path) -> None:
    """A system's author edits it where it is installed (as an editable install runs it): the distribution's name and
    version stay, yet the next check and build run the edited rules instead of taking the last run's findings."""
    pack = tmp_path / "pack"
    (pack / "cards" / "toy").mkdir(parents=True)
    (pack / "cards/toy/turn.yaml").write_text(COUNTER.format(id="turn", name="Turn", low=9, high=1), encoding="utf-8")
    source = next(fwdata.parent.parent.glob("lib/python*/site-packages/fwdata_toy/__init__.py"))
    original = source.read_text(encoding="utf-8")
    commands = {"check": [str(fwdata), "check", str(pack)],
                "build": [str(fwdata), "build", str(pack), "--out", str(tmp_path / "out")]}
    for command in commands.values():
        ran = _run(command, cwd=tmp_path)
        assert ran.returncode == 1 and "(toy rule 1)" in ran.stdout, ran.stdout + ran.stderr
    try:
        source.write_text(original.replace("(toy rule 1)", "(toy rule 1, as edited)"), encoding="utf-8")
        for command in commands.values():
            ran = _run(command, cwd=tmp_path)
            assert ran.returncode == 1 and "(toy rule 1, as edited)" in ran.stdout, ran.stdout + ran.stderr
    finally:
        source.write_text(original, encoding="utf-8")
