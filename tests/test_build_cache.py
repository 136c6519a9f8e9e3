"""Incremental builds (fwdata/incremental/build_cache.py): a cold build's folder, rendering only what changed."""

from __future__ import annotations

import dataclasses
import errno
import hashlib
import json
import os
import shutil
import stat
import sys
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from fwdata import pipeline
from fwdata.cli.main import main
from fwdata.errors import OutputError
from fwdata.findings import Report
from fwdata.game_system import Catalog, GameSystem, Output, PlannedOutput, RenderResult, RunResult, StoredOutput
from fwdata.incremental import build_cache, cache_json
from fwdata.incremental import fingerprint as fingerprint_module
from fwdata.incremental.build_cache import read_build_cache
from fwdata.incremental.cache_key import signature_line, signer, signing_key
from fwdata.incremental.fingerprint import tool_fingerprint
from fwdata.options import BuildOptions
from fwdata.output import rendering
from fwdata.output.build_claim import claim_build_folder
from fwdata.output.write import CACHE_FILE, SOURCES_FILE
from fwdata.pipeline import build_sources
from fwdata.render.page_copies import FontUse, PageRecord, SheetPages
from fwdata.review.baseline import Baseline, format_baseline
from fwdata.sources import load_source, loading
from fwdata.systems import registered_systems
from fwdata.systems.fw import render as fw_render

REPOSITORY = Path(__file__).resolve().parent.parent
CARD = "p/cards/fw/p-51d.yaml"
SCENARIO_CARD = "p/cards/fw/b-17g.yaml"
BASE_CARD = "p/cards/fw/spitfire-xive.yaml"


CARDS = ("b-17g", "bf-109g-10", "fw-190a-8", "p-51d", "p-47d", "me-163b", "spitfire-xive", "spitfire-xive-fr")


@pytest.fixture(scope="module")
def template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Some bundled Fighting Wings sources as the base library itself (so the whole base is not built too)."""
    pack = tmp_path_factory.mktemp("template") / "p"
    for name in CARDS:
        (pack / "cards" / "fw").mkdir(parents=True, exist_ok=True)
        shutil.copy(REPOSITORY / "cards" / "fw" / f"{name}.yaml", pack / "cards" / "fw")
    shutil.copytree(REPOSITORY / "scenarios" / "fw", pack / "scenarios" / "fw")
    (pack / "tables" / "fw").mkdir(parents=True)
    shutil.copy(REPOSITORY / "tables" / "fw" / "sun-position.yaml", pack / "tables" / "fw")
    (pack / "fwdata-pack.yaml").write_text('id: fwdata-base\nname: fw only\nversion: "1"\n', encoding="utf-8")
    return pack


@pytest.fixture(scope="module")
def previous_build(template: Path) -> Path:
    """A build folder of `template`, built once for the tests that only read its cache."""
    before = Path.cwd()
    os.chdir(template.parent)
    try:
        build()
    finally:
        os.chdir(before)
    return template.parent / "out"


@pytest.fixture
def pack(template: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    shutil.copytree(template, tmp_path / "p")
    monkeypatch.chdir(tmp_path)
    return tmp_path / "p"


@pytest.fixture
def rendered(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The paths of the planned outputs each build renders (rather than reuses), in order."""
    paths: list[str] = []

    def counting(system: GameSystem) -> GameSystem:
        planner = system.plan_outputs
        assert planner is not None

        def counted(path: str, render: Callable[..., RenderResult], *items: Any, **pages: SheetPages | None
                    ) -> RenderResult:
            paths.append(path)
            return render(*items, **pages)

        def plan(catalog: Catalog, options: BuildOptions) -> list[PlannedOutput]:
            return [dataclasses.replace(item, render=partial(counted, item.path, item.render),
                                        sheet=item.sheet and dataclasses.replace(
                                            item.sheet, draw=partial(counted, item.path, item.sheet.draw)))
                    for item in planner(catalog, options)]

        return dataclasses.replace(system, plan_outputs=plan)

    systems = {key: counting(system) for key, system in registered_systems().items()}
    monkeypatch.setattr(pipeline, "registered_systems", lambda: systems)
    return paths


def build(out: str = "out", **options: object) -> RunResult:
    return build_sources([Path("p")], BuildOptions(out_dir=Path(out), **options))  # type: ignore[arg-type]


def tree(folder: str) -> dict[str, bytes]:
    """Every file under `folder`, hidden ones included, by relative path."""
    return {path.relative_to(folder).as_posix(): path.read_bytes() for path in sorted(Path(folder).rglob("*"))
            if path.is_file()}


def edit(path: str, old: str, new: str) -> None:
    text = Path(path).read_text(encoding="utf-8")
    assert old in text
    Path(path).write_text(text.replace(old, new, 1), encoding="utf-8")


def add_card() -> None:
    text = Path(CARD).read_text(encoding="utf-8").replace("id: p-51d\n", "id: p-51d-copy\n", 1)
    Path("p/cards/fw/p-51d-copy.yaml").write_text(text, encoding="utf-8")


EDITS: dict[str, tuple[Callable[[], None], set[str]]] = {
    "a card": (lambda: edit("p/cards/fw/p-47d.yaml", "name: P-47D", "name: P-47D (late)"),
               {"fw/aircraft/p-47d.pdf", "fw/aircraft.pdf"}),
    "a card a scenario names": (lambda: edit(SCENARIO_CARD, "name: B-17G", "name: B-17G (late)"),
                                {"fw/aircraft/b-17g.pdf", "fw/aircraft.pdf", "fw/logsheet/bomber-intercept.pdf"}),
    # The log sheets print only the aircraft's name: they are copied.
    "a number of a card a scenario names": (lambda: edit(SCENARIO_CARD, "internal_min: 540", "internal_min: 545"),
                                            {"fw/aircraft/b-17g.pdf", "fw/aircraft.pdf"}),
    "the base of a variant": (lambda: edit(BASE_CARD, "type_name: Spitfire F Mk XIVe", "type_name: Spitfire F 14e"),
                              {"fw/aircraft/spitfire-xive.pdf", "fw/aircraft/spitfire-xive-fr.pdf",
                               "fw/aircraft.pdf"}),
    "a card deleted": (lambda: Path("p/cards/fw/me-163b.yaml").unlink(), {"fw/aircraft.pdf"}),
    "a card added": (add_card, {"fw/aircraft/p-51d-copy.pdf", "fw/aircraft.pdf"}),
    "a table": (lambda: edit("p/tables/fw/sun-position.yaml", "name: ", "name: The "), {"fw/table.pdf"}),
}


@pytest.mark.parametrize("change", EDITS)
def test_an_incremental_build_is_a_cold_build_byte_for_byte_and_renders_only_what_changed(
        pack: Path, rendered: list[str], change: str) -> None:
    apply, expected = EDITS[change]
    build()
    before = tree("out")
    rendered.clear()
    apply()
    assert not build().report.failed()
    assert set(rendered) == expected and len(rendered) == len(expected)
    build("cold", use_cache=False)
    assert tree("out") == tree("cold")
    changed = {path for path, data in tree("cold").items() if before.get(path) != data}
    assert {path for path in changed if path.endswith(".pdf")} <= expected  # nothing else could differ
    assert changed - {"findings.txt", CACHE_FILE}, "the edit changed no output: the test would prove nothing"


def test_a_rebuild_with_nothing_changed_checks_nothing_renders_nothing_and_leaves_the_folder_alone(
        pack: Path, rendered: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    first = build()
    files = {path: os.stat(path) for path in Path("out").rglob("*")}
    rendered.clear()
    monkeypatch.setattr(pipeline, "_check", lambda *args: pytest.fail("an unchanged rebuild ran the checks"))
    again = build()
    assert rendered == []
    assert again.report == first.report and again.review == first.review and again.recorded == first.recorded
    assert again.reported == first.reported
    assert again.outputs == first.outputs  # the same paths, files and SHA-256s
    assert all(hashlib.sha256(output.data).hexdigest() == output.sha256 for output in again.outputs)
    assert {path: (s.st_ino, s.st_mtime_ns) for path, s in files.items()} == {
        path: (os.stat(path).st_ino, os.stat(path).st_mtime_ns) for path in Path("out").rglob("*")}


def test_an_unchanged_rebuild_prints_what_the_first_build_printed(pack: Path) -> None:
    runner = CliRunner()
    first = runner.invoke(main, ["build", "--out", "out", "--format", "json", "p"])
    again = runner.invoke(main, ["build", "--out", "out", "--format", "json", "p"])
    assert first.exit_code == again.exit_code == 0
    assert json.loads(first.stdout)["findings"]
    assert (again.stdout, again.stderr) == (first.stdout, first.stderr)


def test_a_rebuild_after_the_manifest_baseline_changed_checks_again(pack: Path) -> None:
    (pack / "fwdata-pack.yaml").write_text('id: fwdata-base\nname: fw only\nversion: "1"\nbaseline: known.json\n',
                                          encoding="utf-8")
    first = build(pack_baseline=True)
    assert "PACK-BASELINE-MISSING" in {finding.code for finding in first.report.findings}
    (pack / "known.json").write_text(format_baseline(first.recorded), encoding="utf-8")
    again = build(pack_baseline=True)
    assert again.report.findings == [] and len(again.review.baselined) == len(first.report.findings) - 1
    (pack / "known.json").write_text(format_baseline(Baseline()), encoding="utf-8")
    assert build(pack_baseline=True).review.baselined == []


@pytest.mark.parametrize("changed", [{"paper": "a4"}, {"backs": True},
                                     {"system_options": (("fw", "card-size", "a5"),)}])
def test_options_that_change_outputs_render_everything_again(pack: Path, rendered: list[str],
                                                             changed: dict[str, object]) -> None:
    build()
    planned = list(rendered)
    rendered.clear()
    build(**changed)
    assert rendered == planned


def test_a_game_systems_option_keys_the_build_by_its_value(pack: Path, rendered: list[str]) -> None:
    """`--card-size` belongs to Fighting Wings (`GameSystem.options`): given at its default it keys the build as
    leaving it out does (nothing is drawn again); another value draws the cards again, and the sheets follow it."""
    def build_with(*options: str) -> None:
        result = CliRunner().invoke(main, ["build", *options, "--out", "out", "p"])
        assert result.exit_code == 0, result.output

    build_with()
    rendered.clear()
    build_with("--card-size", "half-letter")
    assert rendered == []
    build_with("--card-size", "a5")
    assert "fw/aircraft/p-51d.pdf" in rendered and "fw/aircraft.pdf" in rendered
    page = PdfReader(Path("out/fw/aircraft/p-51d.pdf")).pages[0].mediabox
    assert (round(float(page.width)), round(float(page.height))) == (595, 420)  # A5 landscape, 210 x 148 mm


def test_no_cache_renders_everything_again(pack: Path, rendered: list[str]) -> None:
    result = CliRunner().invoke(main, ["build", "--out", "out", "p"])
    assert result.exit_code == 0, result.output
    planned = list(rendered)
    rendered.clear()
    result = CliRunner().invoke(main, ["build", "--no-cache", "--out", "out", "p"])
    assert result.exit_code == 0, result.output
    assert rendered == planned and "fw/aircraft/p-51d.pdf" in planned
    cache = read_build_cache(Path("out").resolve(), signing_key())
    assert cache is not None and sorted(cache.planned) == sorted(planned)  # each plan renders its one file


def test_the_tool_fingerprint_counts_installed_distributions_not_how_fwdata_was_started(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`fwdata` puts its script's folder first on sys.path and `python -m fwdata` the working folder: neither holds a
    distribution, so a build started either way reuses the other's cache. A folder with one counts."""
    fingerprint = tool_fingerprint.__wrapped__
    before = fingerprint()
    scripts, site = tmp_path / "bin", tmp_path / "site"
    scripts.mkdir()
    (scripts / "fwdata").write_text("#!/usr/bin/env python\n")
    (site / "somelib-1.0.dist-info").mkdir(parents=True)
    monkeypatch.syspath_prepend(str(scripts))
    monkeypatch.syspath_prepend("")
    assert fingerprint() == before
    monkeypatch.syspath_prepend(str(site))
    after = fingerprint()
    (site / "somelib-1.0.dist-info").rename(site / "somelib-1.1.dist-info")
    assert len({before, after, fingerprint()}) == 3


def test_the_tool_fingerprint_counts_every_file_of_an_installed_game_systems_package(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A game system from another distribution, installed editable, keeps its name and version while its author
    edits its rules and schemas: each edit makes another fingerprint (no cache of the old rules is believed)."""
    fingerprint = tool_fingerprint.__wrapped__
    site = tmp_path / "site"
    (site / "fwdata_pawn-0.1.dist-info").mkdir(parents=True)
    (site / "fwdata_pawn-0.1.dist-info" / "METADATA").write_text("Metadata-Version: 2.1\nName: fwdata-pawn\n"
                                                                  "Version: 0.1\n")
    (site / "fwdata_pawn-0.1.dist-info" / "entry_points.txt").write_text(
        "[fwdata.systems]\npawn = fwdata_pawn.system:SYSTEM\n")
    (site / "fwdata_pawn" / "schemas").mkdir(parents=True)
    (site / "fwdata_pawn" / "__init__.py").write_text("")
    (site / "fwdata_pawn" / "system.py").write_text("LIMIT = 1\n")
    (site / "fwdata_pawn" / "schemas" / "piece.schema.json").write_text("{}")
    monkeypatch.syspath_prepend(str(site))
    assert fingerprint_module._system_packages() == [site / "fwdata_pawn"]  # found, not imported
    assert "fwdata_pawn" not in sys.modules
    before = fingerprint()
    assert fingerprint() == before
    (site / "fwdata_pawn" / "system.py").write_text("LIMIT = 2\n")
    edited = fingerprint()
    (site / "fwdata_pawn" / "schemas" / "piece.schema.json").write_text('{"type": "object"}')
    schema_edited = fingerprint()
    assert len({before, edited, schema_edited}) == 3
    (site / "fwdata_pawn" / "__pycache__").mkdir()
    (site / "fwdata_pawn" / "__pycache__" / "system.cpython-311.pyc").write_bytes(b"compiled")
    assert fingerprint() == schema_edited  # compiled files are not the sources
    # a file written over 2 s ago counts by its size and modification time, as Python tells a changed module
    module = site / "fwdata_pawn" / "system.py"
    long_ago = module.stat().st_mtime_ns - 10**10
    os.utime(module, ns=(long_ago, long_ago))
    old = fingerprint()
    assert fingerprint() == old
    module.write_text("LIMIT = 20\n")
    os.utime(module, ns=(long_ago, long_ago))
    assert fingerprint() != old  # another size
    module.write_text("LIMIT = 2\n")
    os.utime(module, ns=(long_ago + 1, long_ago + 1))
    assert fingerprint() != old  # another time


def _plugin_site(site: Path, value: str) -> None:
    """A distribution in `site` whose `fwdata.systems` entry point is `pawn = {value}`."""
    (site / "fwdata_pawn-0.1.dist-info").mkdir(parents=True)
    (site / "fwdata_pawn-0.1.dist-info" / "METADATA").write_text("Metadata-Version: 2.1\nName: fwdata-pawn\n"
                                                                  "Version: 0.1\n")
    (site / "fwdata_pawn-0.1.dist-info" / "entry_points.txt").write_text(f"[fwdata.systems]\npawn = {value}\n")


@pytest.mark.parametrize("target", ["/proc/self/mem", "/proc/kmsg", "/dev/zero", "missing"])
def test_a_game_system_file_that_cannot_be_read_counts_by_its_problem(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, target: str) -> None:
    """A file of a game system's package that cannot be read (no permission; /proc/self/mem says EIO; /proc/kmsg
    waits for the kernel's next message) is digested by its problem: the fingerprint never raises, never waits."""
    site = tmp_path / "site"
    _plugin_site(site, "fwdata_pawn.system:SYSTEM")
    (site / "fwdata_pawn").mkdir()
    (site / "fwdata_pawn" / "system.py").write_text("LIMIT = 1\n")
    (site / "fwdata_pawn" / "data.py").symlink_to(target if target != "missing" else tmp_path / "nothing")
    monkeypatch.syspath_prepend(str(site))
    fingerprint = tool_fingerprint.__wrapped__
    before = fingerprint()
    (site / "fwdata_pawn" / "system.py").write_text("LIMIT = 2\n")
    assert fingerprint() != before


@pytest.mark.parametrize("value", ["", "-pawn:SYSTEM", "fwdata_pawn system"])
def test_an_entry_point_not_naming_a_module_is_a_setup_error_not_a_traceback(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, value: str) -> None:
    site = tmp_path / "site"
    _plugin_site(site, value)
    monkeypatch.syspath_prepend(str(site))
    assert fingerprint_module._system_packages() == []
    result = CliRunner().invoke(main, ["check", "--no-cache", str(tmp_path)])
    assert result.exit_code == 2
    assert result.output.splitlines()[-1] == (f"fwdata: entry point pawn = {value!r} of group fwdata.systems does not "
                                               "name a module (module.path:attribute)")


def signed(body: bytes, key: bytes | None = None) -> bytes:
    """`body` signed as fwdata signs its caches, with this user's key unless `key` is given."""
    signature = signer(key or signing_key() or b"")
    signature.update(body)
    return body + signature_line(signature)


def cache_payload(cache: Path) -> dict[str, Any]:
    return json.loads(cache.read_bytes().rsplit(b"\n", 2)[0])  # the signature line left out


def _payload(change: Callable[[dict[str, Any]], object]) -> Callable[[Path], None]:
    """Change the cache's payload and sign it again: what the reader must still refuse is its shape or its claims."""
    def tamper(cache: Path) -> None:
        payload = cache_payload(cache)
        change(payload)
        cache.write_bytes(signed(json.dumps(payload).encode("utf-8") + b"\n"))

    return tamper


def _planned_elsewhere(path: str) -> Callable[[Path], None]:
    def change(payload: dict[str, Any]) -> None:
        payload["planned"][path] = payload["planned"].pop("fw/aircraft/p-51d.pdf")
        payload["files"] = [[path if name == "fw/aircraft/p-51d.pdf" else name, sha, size]
                            for name, sha, size in payload["files"]]

    return _payload(change)


def _linked_elsewhere(cache: Path) -> None:
    """The cache a link out of the build folder (to a cache that was good)."""
    elsewhere = cache.parent.parent / "elsewhere.json"
    cache.rename(elsewhere)
    cache.symlink_to(elsewhere)


UNTRUSTED: dict[str, Callable[[Path], object]] = {
    "not JSON": lambda cache: cache.write_bytes(b'{"format": "fwdata-build-cache", '),
    "not UTF-8": lambda cache: cache.write_bytes(b"\xff\xfe{}"),
    "a list": lambda cache: cache.write_text("[]", encoding="utf-8"),
    "empty": lambda cache: cache.write_bytes(b""),
    "another cache version": _payload(lambda payload: payload.update(version=1)),
    "JSON nested too deeply": lambda cache: cache.write_bytes(signed(b"[" * 100_000 + b"]" * 100_000 + b"\n")),
    "not signed": lambda cache: cache.write_bytes(cache.read_bytes().rsplit(b"\n", 2)[0] + b"\n"),
    "signed with another user's key": lambda cache: cache.write_bytes(
        signed(cache.read_bytes().rsplit(b"\n", 2)[0] + b"\n", b"another user's key")),
    "a byte changed": lambda cache: cache.write_bytes(cache.read_bytes().replace(b'"fw/', b'"fx/', 1)),
    "a path with a NUL byte": _planned_elsewhere("fw/aircraft/p-51d\x00.pdf"),
    "a file without its size": _payload(lambda payload: payload["files"][0].pop()),
    "a gone count below one": _payload(lambda payload: payload["result"]["gone"].append(
        {"path": "x", "code": "X", "message": "x", "severity": "error", "count": -3})),
    "a gone severity that is not one": _payload(lambda payload: payload["result"]["gone"].append(
        {"path": "x", "code": "X", "message": "x", "severity": "bogus", "count": 1})),
    "another tool": _payload(lambda payload: payload.update(tool="0" * 64)),
    "a finding of another shape": _payload(lambda payload: payload["result"]["shown"].append({"line": "1"})),
    "a line that is not a number": _payload(lambda payload: payload["planned"]["fw/aircraft/p-51d.pdf"]["findings"]
                                            .append({"path": "x", "line": True, "column": 1, "pointer": "",
                                                     "severity": "error", "code": "X", "message": "x"})),
    "a hash that is not one": _payload(lambda payload: payload["files"][0].__setitem__(1, "../x")),
    "a path with ..": _planned_elsewhere("fw/../../escape.pdf"),
    "an absolute path": _planned_elsewhere("/etc/passwd"),
    "a path to the marker": _planned_elsewhere(".fwdata-build"),
    "a path to the sources cache": _planned_elsewhere(SOURCES_FILE),
    "a path spelled two ways": _planned_elsewhere("fw//aircraft/./p-51d.pdf"),
    "a link out of the folder": _linked_elsewhere,
    "checks that are not a mapping": _payload(lambda payload: payload.update(checks=[])),
    "a check's finding of another shape": _payload(
        lambda payload: next(iter(payload["checks"].values())).append({"line": "1"})),
    "a sheet page beyond the end of its file": _payload(
        lambda payload: payload["planned"]["fw/aircraft.pdf"]["pages"][0].update(offset=10**9)),
    "a sheet page's codes not one per character": _payload(
        lambda payload: payload["planned"]["fw/aircraft.pdf"]["pages"][0]["fonts"][0][3].append(1)),
    "a sheet page's code beyond Unicode": _payload(
        lambda payload: payload["planned"]["fw/aircraft.pdf"]["pages"][0]["fonts"][0][3].__setitem__(0, 2**70)),
    "a sheet page's code below zero": _payload(
        lambda payload: payload["planned"]["fw/aircraft.pdf"]["pages"][0]["fonts"][0][3].__setitem__(0, -1)),
    "a sheet page's font not a list of four": _payload(
        lambda payload: payload["planned"]["fw/aircraft.pdf"]["pages"][0]["fonts"][0].pop()),
}


def test_the_cache_is_one_json_object_encoded_a_sheet_page_at_a_time() -> None:
    """The records of a sheet of 5,000 cards are 20 MB as JSON values: none is held with another."""
    page = PageRecord("a" * 64, "b" * 64, 0, 20, (FontUse("FwSans", "F1", "Aü", "A\x80"),), ())
    pages = tuple(dataclasses.replace(page, offset=number) for number in range(500))
    outputs = [StoredOutput("fw/aircraft.pdf", Path("aircraft.pdf"), "c" * 64, 10**6)]
    pieces = list(build_cache.format_build_cache("run", RunResult(Report(), Catalog()), outputs,
                                                 {"fw/aircraft.pdf": ("key", [], pages)}, {}, b"k" * 32))
    planned = json.loads(b"".join(pieces[:-1]))["planned"]["fw/aircraft.pdf"]
    assert planned == {"key": "key", "sha256": "c" * 64, "findings": [],
                       "pages": [cache_json.page_json(page) for page in pages]}
    assert max(map(len, pieces)) < 2 * len(json.dumps(cache_json.page_json(page), ensure_ascii=False))


def test_the_cache_of_a_build_is_read_back(previous_build: Path) -> None:
    cache = read_build_cache(previous_build.resolve(), signing_key())
    assert cache is not None
    assert "fw/aircraft/p-51d.pdf" in cache.planned and cache.files[-1][0] == "findings.txt"
    assert cache.files[-1][1:] == (hashlib.sha256(findings := (previous_build / "findings.txt").read_bytes())
                                   .hexdigest(), len(findings))


@pytest.mark.parametrize("tampering", UNTRUSTED)
def test_a_corrupt_or_foreign_cache_is_not_read(previous_build: Path, tmp_path: Path, tampering: str) -> None:
    folder = tmp_path / "out"
    shutil.copytree(previous_build, folder)
    UNTRUSTED[tampering](folder / CACHE_FILE)
    assert read_build_cache(folder, signing_key()) is None


def test_a_cache_is_read_only_from_a_folder_fwdata_marked(previous_build: Path, tmp_path: Path) -> None:
    folder = tmp_path / "out"
    shutil.copytree(previous_build, folder)
    (folder / ".fwdata-build").unlink()
    assert read_build_cache(folder, signing_key()) is None
    (folder / ".fwdata-build").symlink_to(previous_build / ".fwdata-build")  # a link to a marker is not one
    assert read_build_cache(folder, signing_key()) is None


def test_an_output_of_another_size_is_refused_before_it_is_read(pack: Path, rendered: list[str],
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    build()
    cold = tree("out")
    rendered.clear()
    with open("out/fw/aircraft/p-51d.pdf", "r+b") as grown:
        grown.truncate(1 << 30)  # a sparse GiB where the card was
    limits: dict[str, int] = {}
    read = build_cache.read_in_pack_with_status
    monkeypatch.setattr(build_cache, "read_in_pack_with_status",
                        lambda root, path, limit: limits.update({path.name: limit}) or read(root, path, limit))
    assert not build().report.failed()
    assert rendered == ["fw/aircraft/p-51d.pdf"] and tree("out") == cold
    assert limits["p-51d.pdf"] == len(cold["fw/aircraft/p-51d.pdf"])  # read at most its recorded size: refused


def _replaced_once_read(monkeypatch: pytest.MonkeyPatch, replaced_by: dict[str, int]) -> None:
    """The card's old file is replaced by a copy (another inode: in `replaced_by`) after it was read and hashed."""
    read = build_cache.read_in_pack_with_status

    def replaced(root: Path, path: Path, limit: int) -> tuple[bytes, os.stat_result]:
        found = read(root, path, limit)
        if path.name == "p-51d.pdf":
            copy = path.with_name("copy")
            shutil.copy(path, copy)
            copy.replace(path)
            replaced_by["out/fw/aircraft/p-51d.pdf"] = os.stat(path).st_ino
        return found

    monkeypatch.setattr(build_cache, "read_in_pack_with_status", replaced)


def _no_hard_links(monkeypatch: pytest.MonkeyPatch, replaced_by: dict[str, int]) -> None:
    def refused(*args: object, **kwargs: object) -> None:
        raise OSError(errno.EXDEV, os.strerror(errno.EXDEV))

    monkeypatch.setattr(os, "link", refused)


NOT_LINKED: dict[str, tuple[Callable[[pytest.MonkeyPatch, dict[str, int]], None], set[str]]] = {
    "another file system": (_no_hard_links, {"fw/aircraft/p-51d.pdf", "fw/table.pdf"}),
    "a file of another mode": (lambda *_: os.chmod("out/fw/aircraft/p-51d.pdf", 0o600), {"fw/aircraft/p-51d.pdf"}),
    "a file replaced once read": (_replaced_once_read, {"fw/aircraft/p-51d.pdf"}),
    # a copy the user linked elsewhere stays theirs: linking the build's file again would tie it to later builds
    "a file linked elsewhere too": (lambda *_: os.link("out/fw/aircraft/p-51d.pdf", "mine.pdf"),
                                    {"fw/aircraft/p-51d.pdf"}),
    "files of another owner": (lambda patched, _: patched.setattr(os, "geteuid", lambda: os.getuid() + 1),
                               {"fw/aircraft/p-51d.pdf", "fw/table.pdf"}),
}


@pytest.mark.parametrize("case", [None, *NOT_LINKED])
def test_a_rebuild_hard_links_the_outputs_it_reuses_where_it_safely_can(
        pack: Path, monkeypatch: pytest.MonkeyPatch, rendered: list[str], case: str | None) -> None:
    """An output reused is the old build's file itself (no bytes copied), unless it may not be: then it is written,
    with the bytes that were read and verified, under the mode every new file gets."""
    build()
    inodes = {path.as_posix(): os.stat(path).st_ino for path in Path("out").rglob("*.pdf")}
    cold = tree("out")
    rendered.clear()
    apply, written = NOT_LINKED[case] if case is not None else (lambda *_: None, set())
    EDITS["a card"][0]()
    replaced_by: dict[str, int] = {}  # the files put in place of an old output while the build runs
    with monkeypatch.context() as patched:
        apply(patched, replaced_by)
        assert not build().report.failed()
    redrawn = EDITS["a card"][1]
    assert set(rendered) == redrawn
    new_inode = {path.removeprefix("out/") for path, inode in inodes.items()
                 if os.stat(path).st_ino != replaced_by.get(path, inode)}
    assert new_inode - redrawn >= written and (new_inode - redrawn <= written or case in ("another file system",
                                                                                          "files of another owner"))
    build("cold", use_cache=False)
    assert tree("out") == tree("cold") and tree("out")["fw/aircraft/p-51d.pdf"] == cold["fw/aircraft/p-51d.pdf"]
    assert {stat.S_IMODE(os.stat(path).st_mode) for path in Path("out").rglob("*.pdf")} == {
        stat.S_IMODE(os.stat(path).st_mode) for path in Path("cold").rglob("*.pdf")}


def _link_out() -> None:
    """The cache names an output that is a link out of the folder, to a file with the hash it records."""
    secret = Path("secret.pdf")
    secret.write_bytes(b"not fwdata's")
    target = Path("out/fw/aircraft/p-51d.pdf")
    target.unlink()
    target.symlink_to(secret.resolve())
    sha = hashlib.sha256(secret.read_bytes()).hexdigest()

    def forge(payload: dict[str, Any]) -> None:
        payload["planned"]["fw/aircraft/p-51d.pdf"]["sha256"] = sha
        payload["files"] = [[name, sha, len(b"not fwdata's")] if name == "fw/aircraft/p-51d.pdf" else [name, *old]
                            for name, *old in payload["files"]]

    _payload(forge)(Path("out") / CACHE_FILE)


WHOLE = "every output"
TAMPERING: dict[str, tuple[Callable[[], object], str]] = {
    "a cache that is not JSON": (lambda: UNTRUSTED["not JSON"](Path("out") / CACHE_FILE), WHOLE),
    "a cache of another tool": (lambda: UNTRUSTED["another tool"](Path("out") / CACHE_FILE), WHOLE),
    "a cache edited, not signed again": (lambda: UNTRUSTED["a byte changed"](Path("out") / CACHE_FILE), WHOLE),
    "an output missing": (lambda: Path("out/fw/aircraft/p-51d.pdf").unlink(), "fw/aircraft/p-51d.pdf"),
    "an output changed": (lambda: Path("out/fw/aircraft/p-51d.pdf").write_bytes(b"%PDF-1.4 forged"),
                          "fw/aircraft/p-51d.pdf"),
    "an output linked out of the folder, its hash recorded": (_link_out, "fw/aircraft/p-51d.pdf"),
}


@pytest.mark.parametrize("tampering", TAMPERING)
def test_a_build_over_a_corrupt_or_tampered_cache_renders_again_what_it_cannot_trust(
        pack: Path, rendered: list[str], tampering: str) -> None:
    apply, renders = TAMPERING[tampering]
    build()
    cold = tree("out")  # the first build into an empty folder is a cold build
    planned = list(rendered)
    rendered.clear()
    apply()
    assert not build().report.failed()
    assert rendered == (planned if renders == WHOLE else [renders])
    assert tree("out") == cold


def test_no_output_may_take_the_cache_file_name(tmp_path: Path) -> None:
    with claim_build_folder(tmp_path / "out") as folder, pytest.raises(OutputError, match="may not be named"):
        folder.replace([Output(CACHE_FILE, b"{}")])


def test_an_unchanged_rebuild_says_it_kept_the_build(pack: Path) -> None:
    runner = CliRunner()
    first = runner.invoke(main, ["build", "--out", "out", "p"])
    again = runner.invoke(main, ["build", "--out", "out", "p"])
    assert first.exit_code == again.exit_code == 0
    assert "wrote " in first.stderr and "nothing changed" not in first.stderr
    kept = again.stderr.splitlines()[-3]
    assert kept.startswith("nothing changed since the last build: kept ") and kept.split()[7] == first.stderr.split(
        "wrote ")[1].split()[0]


def test_a_rebuild_says_how_many_files_it_copied(pack: Path) -> None:
    runner = CliRunner()
    assert runner.invoke(main, ["build", "--out", "out", "p"]).exit_code == 0
    EDITS["a card"][0]()
    again = runner.invoke(main, ["build", "--out", "out", "p"])
    planned = cache_payload(Path("out", CACHE_FILE))["planned"]
    redrawn = EDITS["a card"][1]
    assert again.exit_code == 0 and redrawn <= set(planned)
    assert f"; {len(planned) - len(redrawn)} copied unchanged from the last build)" in again.stderr


@pytest.fixture
def cards_drawn(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The id of each Fighting Wings card drawn, in order (its own file and its page of the sheet each draw it)."""
    drawn: list[str] = []
    draw_card = fw_render.draw_card

    def counted(page: Any, card: Any, source: Any) -> None:
        drawn.append(card.id)
        draw_card(page, card, source)

    monkeypatch.setattr(fw_render, "draw_card", counted)
    return drawn


def test_the_sheet_drawn_again_copies_the_pages_of_the_cards_that_did_not_change(
        pack: Path, cards_drawn: list[str]) -> None:
    build(jobs=1)
    assert sorted(cards_drawn) == sorted(CARDS * 2)
    cards_drawn.clear()
    EDITS["a card"][0]()
    build(jobs=1)
    assert cards_drawn == ["p-47d", "p-47d"]  # its file, its page; the parametrized test above compares the bytes


@pytest.mark.parametrize("jobs", [1, 2])
def test_a_large_sheet_is_drawn_in_a_fresh_process_copying_the_same_pages_to_the_same_bytes(
        pack: Path, cards_drawn: list[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path, jobs: int) -> None:
    """jobs=2: the sheet's plan runs in a forked worker, which starts the fresh process."""
    monkeypatch.syspath_prepend(str(Path(__file__).parent))  # the fresh process imports tests/fresh_calls.py
    import fresh_calls
    log = tmp_path / "sheets.log"
    planner = registered_systems()["fw"].plan_outputs
    assert planner is not None

    def logged(catalog: Catalog, options: BuildOptions) -> list[PlannedOutput]:
        return [item if item.sheet is None else dataclasses.replace(item, sheet=dataclasses.replace(
            item.sheet, draw=partial(fresh_calls.lookups_logged, draw=item.sheet.draw, log=str(log))))
            for item in planner(catalog, options)]

    systems = {**registered_systems(), "fw": dataclasses.replace(registered_systems()["fw"], plan_outputs=logged)}
    monkeypatch.setattr(pipeline, "registered_systems", lambda: systems)
    build(jobs=jobs)
    log.unlink()
    EDITS["a card"][0]()
    cards_drawn.clear()
    monkeypatch.setattr(rendering, "SHEET_APART_FROM_CARDS", len(CARDS))
    build(jobs=jobs)
    assert cards_drawn == (["p-47d"] if jobs == 1 else [])  # its file, drawn here or by a forked worker; not its page
    sheets = [line.split() for line in log.read_text(encoding="utf-8").splitlines()]
    assert sorted(state for _, state in sheets) == ["copied"] * (len(CARDS) - 1) + ["drawn"]
    assert len({pid for pid, _ in sheets}) == 1 and int(sheets[0][0]) != os.getpid()
    monkeypatch.setattr(rendering, "SHEET_APART_FROM_CARDS", 10**6)
    build("cold", use_cache=False)
    assert tree("out") == tree("cold")


def test_a_sheet_page_whose_content_is_not_as_recorded_is_drawn_again(pack: Path, cards_drawn: list[str]) -> None:
    build(jobs=1)

    def forge(payload: dict[str, Any]) -> None:
        payload["planned"]["fw/aircraft.pdf"]["pages"][0]["sha256"] = "0" * 64  # the first page: b-17g's

    _payload(forge)(Path("out") / CACHE_FILE)
    cards_drawn.clear()
    EDITS["a card"][0]()
    build(jobs=1)
    assert cards_drawn == ["p-47d", "b-17g", "p-47d"]
    build("cold", use_cache=False)
    assert tree("out") == tree("cold")


@pytest.fixture
def parsed(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The pack files each build parses (the manifest aside), in order."""
    paths: list[str] = []

    def counted(path: Path, *args: object, **options: object) -> object:
        if path.name != "fwdata-pack.yaml":
            paths.append(path.as_posix())
        return load_source(path, *args, **options)  # type: ignore[arg-type]

    monkeypatch.setattr(loading, "load_source", counted)
    return paths


def test_a_rebuild_parses_only_the_files_that_changed(pack: Path, parsed: list[str]) -> None:
    build()
    files = sorted(path.as_posix() for path in Path("p").rglob("*.yaml") if path.name != "fwdata-pack.yaml")
    assert sorted(parsed) == files and Path("out", SOURCES_FILE).is_file()
    parsed.clear()
    EDITS["a card"][0]()
    build()
    assert parsed == ["p/cards/fw/p-47d.yaml"]
    build("cold", use_cache=False)
    assert tree("out") == tree("cold")


def test_a_rebuild_over_a_tampered_sources_file_parses_everything_again(pack: Path, parsed: list[str]) -> None:
    build()
    every = sorted(parsed)
    sources = Path("out", SOURCES_FILE)
    data = sources.read_bytes()
    assert b'"kind":"aircraft"' in data
    sources.write_bytes(data.replace(b'"kind":"aircraft"', b'"kind":"aircrafT"', 1))
    parsed.clear()
    EDITS["a table"][0]()
    build()
    assert sorted(parsed) == every
    build("cold", use_cache=False)
    assert tree("out") == tree("cold")


def test_a_sources_file_from_another_users_build_is_not_read(pack: Path, parsed: list[str],
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    build()
    every = sorted(parsed)
    monkeypatch.setenv("XDG_CACHE_HOME", str(Path("another-user").resolve()))  # another user: another key
    signing_key.cache_clear()
    try:
        parsed.clear()
        EDITS["a table"][0]()
        build()
        assert sorted(parsed) == every
    finally:
        signing_key.cache_clear()
