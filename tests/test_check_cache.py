"""The check cache (fwdata/incremental/check_cache.py) and the base library's snapshot (base_snapshot.py): checking
some files of a pack prints exactly the lines checking the whole pack prints for them, cold, warm and after edits;
a cache that is corrupt, foreign or cannot be written is never believed and never fails a check."""

from __future__ import annotations

import dataclasses
import os
import pickle
import re
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fwdata.cli.main import main
from fwdata.incremental.cache_key import signing_key
from fwdata.incremental.check_cache import StaleDocument
from fwdata.incremental.user_cache import MAGIC, cache_folder
from fwdata.library import library_root
from fwdata.options import BuildOptions
from fwdata.pipeline import LoadedOnce, _schemas, check_sources
from fwdata.systems import registered_systems

CARD = (library_root() / "cards" / "fw" / "p-51d.yaml").read_text(encoding="utf-8")
VARIANT = (library_root() / "cards" / "fw" / "spitfire-xive-fr.yaml").read_text(encoding="utf-8")
SCENARIO = (library_root() / "scenarios" / "fw" / "bomber-intercept.yaml").read_text(encoding="utf-8")
OPTIONS = BuildOptions()
LOADED = LoadedOnce()  # the schemas and the base library, compiled once for every example


def _card(doc_id: str, climb: int) -> str:
    text = re.sub(r"(?m)^id: \S+$", f"id: {doc_id}", CARD, count=1)
    return re.sub(r"climb_rate_fpm: \d+", f"climb_rate_fpm: {climb}", text, count=1)


def _variant(doc_id: str, base: str) -> str:
    text = re.sub(r"(?m)^id: \S+$", f"id: {doc_id}", VARIANT, count=1)
    return re.sub(r"(?m)^variant_of: \S+$", f"variant_of: {base}", text, count=1)


def _scenario(doc_id: str, flown: str) -> str:
    text = re.sub(r"(?m)^id: \S+$", f"id: {doc_id}", SCENARIO, count=1)
    return text.replace("aircraft: p-51d", f"aircraft: {flown}")


IDS = st.sampled_from(["a", "b", "c", "p-51d", "spitfire-xive"])  # two of them base-library cards


@st.composite
def packs(draw: st.DrawFn) -> dict[str, str]:
    """A small pack: one to three cards (a climb rate that may break a rule), variants of any id (maybe none, maybe
    a loop), a scenario flying any id, maybe a card its schema refuses (first in the pack's order), a card whose
    comment holds a line separator and a manifest declaring an override; ids may repeat."""
    files = {f"cards/fw/card-{index}.yaml": _card(draw(IDS), draw(st.sampled_from([400, 700, 3000])))
             for index in range(draw(st.integers(1, 3)))}
    if draw(st.booleans()):
        files["cards/fw/0-refused.yaml"] = _card(draw(IDS), 700) + "not_a_field: 1\n"
    if draw(st.booleans()):  # U+2028 ends no line (YAML 1.2): the `id` after it is the comment's, not the card's
        files["cards/fw/1-separator.yaml"] = _card(draw(IDS), 700).replace("\nid: ", "\n# a note\u2028id: zz\nid: ", 1)
    if draw(st.booleans()):
        files["fwdata-pack.yaml"] = "id: my-pack\nname: My pack\nversion: '1.0'\noverrides: [fw/aircraft/p-51d]\n"
    for index in range(draw(st.integers(0, 2))):
        files[f"cards/fw/variant-{index}.yaml"] = _variant(draw(st.sampled_from(["v", "w"])), draw(IDS | st.just("v")))
    if draw(st.booleans()):
        files["scenarios/fw/s.yaml"] = _scenario("s", draw(IDS | st.just("v") | st.just("missing")))
    return files


def _edit(draw: Callable[..., Any], files: dict[str, str]) -> tuple[str, str]:
    name = draw(st.sampled_from(sorted(files)))
    text = files[name]
    edits = {"climb": lambda: re.sub(r"climb_rate_fpm: \d+", "climb_rate_fpm: 350", text, count=1),
             "id": lambda: re.sub(r"(?m)^id: \S+$", f"id: {draw(IDS)}", text, count=1),
             "yaml": lambda: text + "\n  broken: [\n",
             "schema": lambda: text.replace("kind: ", "kind: not-", 1),
             "variant": lambda: re.sub(r"(?m)^variant_of: \S+$", f"variant_of: {draw(IDS)}", text, count=1)}
    return name, edits[draw(st.sampled_from(sorted(edits)))]()


def _lines(paths: list[Path], *, cached: bool, loaded: LoadedOnce = LOADED) -> list[str]:
    result = check_sources(paths, OPTIONS, loaded=loaded, cached=cached)
    return [f"{f.location.path}:{f.location.line}:{f.location.column}: {f.severity.value} {f.code}: {f.message}"
            for f in result.report.sorted()]


def _of(lines: list[str], path: Path) -> list[str]:
    return [line for line in lines if line.startswith(f"{path}:")]


@pytest.fixture
def own_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    folder = tmp_path / "cache"
    monkeypatch.setenv("FWDATA_CACHE_DIR", str(folder))
    yield folder


FL_AIRCRAFT = (library_root() / "cards" / "fl" / "aircraft" / "a-4e.yaml").read_text(encoding="utf-8")
FL_SCENARIO = (library_root() / "scenarios" / "fl" / "24-1.yaml").read_text(encoding="utf-8")
FL_IDS = st.sampled_from(["a", "b", "a-4a", "f80c"])  # two of them base-library aircraft


def _fl_aircraft(doc_id: str, base: str, msls: str) -> str:
    text = re.sub(r"(?m)^id: \S+$", f"id: {doc_id}", FL_AIRCRAFT, count=1)
    return re.sub(r"(?m)^msls: \S+$", f"msls: {msls}", re.sub(r"(?m)^base: \S+$", f"base: {base}", text, count=1),
                  count=1)


@st.composite
def fl_packs(draw: st.DrawFn) -> dict[str, str]:
    """A small Flight Leader pack: one to three aircraft (variants of any id, maybe missing or a loop; an MSLS code
    21.8.5 may not define; maybe points that rise from A to F), maybe a scenario (maybe a base scenario's id) flying
    any id; ids may repeat."""
    files = {f"cards/fl/aircraft/a-{index}.yaml": _fl_aircraft(draw(FL_IDS), draw(FL_IDS | st.just("missing")),
                                                               draw(st.sampled_from(["2-2", "2-99"])))
             for index in range(draw(st.integers(1, 3)))}
    if draw(st.booleans()):
        name = "cards/fl/aircraft/a-0.yaml"
        files[name] = files[name].replace("scenario_points: {A: 14,", "scenario_points: {A: 1,")
    if draw(st.booleans()):
        text = re.sub(r"(?m)^id: \S+$", f"id: {draw(st.sampled_from(['s', '24-1']))}", FL_SCENARIO, count=1)
        files["scenarios/fl/s.yaml"] = text.replace("aircraft: f80c", f"aircraft: {draw(FL_IDS | st.just('nope'))}",
                                                     1)
    return files


def _fl_edit(draw: Callable[..., Any], files: dict[str, str]) -> tuple[str, str]:
    name = draw(st.sampled_from(sorted(files)))
    text = files[name]
    edits = {"id": lambda: re.sub(r"(?m)^id: \S+$", f"id: {draw(FL_IDS)}", text, count=1),
             "base": lambda: re.sub(r"(?m)^base: \S+$", f"base: {draw(FL_IDS)}", text, count=1),
             "msls": lambda: re.sub(r"(?m)^msls: \S+$", "msls: 2-99", text, count=1),
             "flown": lambda: re.sub(r"(?m)^(\s+aircraft:) \S+$", rf"\1 {draw(FL_IDS)}", text, count=1),
             "yaml": lambda: text + "\n  broken: [\n",
             "schema": lambda: text.replace("kind: ", "kind: not-", 1)}
    return name, edits[draw(st.sampled_from(sorted(edits)))]()


AOA_PLANE = (library_root() / "cards" / "aoa" / "spad-vii.yaml").read_text(encoding="utf-8")
AOA_CHART = (library_root() / "tables" / "aoa" / "starting-altitude.yaml").read_text(encoding="utf-8")
AOA_LAYOUT = (library_root() / "tables" / "aoa" / "book-layout-original.yaml").read_text(encoding="utf-8")
AOA_IDS = st.sampled_from(["a", "b", "spad-vii"])  # one of them a base-library plane


def _aoa_plane(doc_id: str, climb: int, ceiling: int) -> str:
    text = re.sub(r"(?m)^id: \S+$", f"id: {doc_id}", AOA_PLANE, count=1)
    return re.sub(r"(?m)^ceiling_ft: \d+$", f"ceiling_ft: {ceiling}",
                  re.sub(r"(?m)^climb_ft: \d+$", f"climb_ft: {climb}", text, count=1), count=1)


@st.composite
def aoa_packs(draw: st.DrawFn) -> dict[str, str]:
    """A small Ace of Aces pack: one to three planes (a climb off the 25 ft steps or above the zoom, a ceiling under
    the top starting altitude), maybe a second starting-altitude chart whose top the planes' ceilings are held to,
    maybe a book layout (checked with the charts and books, apart from the planes); ids may repeat."""
    climbs, ceilings = st.sampled_from([75, 60, 200]), st.sampled_from([18000, 9000])
    files = {f"cards/aoa/p-{index}.yaml": _aoa_plane(draw(AOA_IDS), draw(climbs), draw(ceilings))
             for index in range(draw(st.integers(1, 3)))}
    if draw(st.booleans()):
        chart = re.sub(r"(?m)^id: \S+$", f"id: {draw(st.sampled_from(['top', 'starting-altitude']))}", AOA_CHART,
                       count=1)
        files["tables/aoa/top.yaml"] = chart.replace("8500, 9200]", f"8500, {draw(st.sampled_from([9200, 19000]))}]")
    if draw(st.booleans()):
        files["tables/aoa/layout.yaml"] = re.sub(r"(?m)^id: \S+$", "id: my-layout", AOA_LAYOUT, count=1)
    return files


def _aoa_edit(draw: Callable[..., Any], files: dict[str, str]) -> tuple[str, str]:
    name = draw(st.sampled_from(sorted(files)))
    text = files[name]
    edits = {"id": lambda: re.sub(r"(?m)^id: \S+$", f"id: {draw(AOA_IDS)}", text, count=1),
             "climb": lambda: re.sub(r"(?m)^climb_ft: \d+$", "climb_ft: 210", text, count=1),
             "top": lambda: text.replace("8500, 9200]", "8500, 30000]"),
             "yaml": lambda: text + "\n  broken: [\n",
             "schema": lambda: text.replace("kind: ", "kind: not-", 1)}
    return name, edits[draw(st.sampled_from(sorted(edits)))]()


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(files=packs(), data=st.data())
def test_checking_one_file_prints_what_checking_the_pack_prints_for_it(
        files: dict[str, str], data: st.DataObject, tmp_path_factory: pytest.TempPathFactory,
        monkeypatch: pytest.MonkeyPatch) -> None:
    _assert_one_file_checks_as_the_pack(files, data, _edit, tmp_path_factory.mktemp("pack"), monkeypatch)


@pytest.mark.parametrize(("packs_of", "edit"), [(fl_packs, _fl_edit), (aoa_packs, _aoa_edit)], ids=["fl", "aoa"])
@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_checking_one_flight_leader_or_ace_of_aces_file_prints_what_checking_the_pack_prints_for_it(
        packs_of: Callable[[], st.SearchStrategy[dict[str, str]]],
        edit: Callable[[Callable[..., Any], dict[str, str]], tuple[str, str]], data: st.DataObject,
        tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """Flight Leader's checks read only the entries a checked aircraft or scenario names, and solve the scenarios
    together only when one is checked; Ace of Aces checks only the planes and maneuvers of the files checked, and the
    charts, layouts, books and designs together only when one of them is: what each file's check prints is still
    what the pack's check prints."""
    _assert_one_file_checks_as_the_pack(data.draw(packs_of()), data, edit, tmp_path_factory.mktemp("pack"),
                                        monkeypatch)


def _assert_one_file_checks_as_the_pack(files: dict[str, str], data: st.DataObject,
                                        edit: Callable[[Callable[..., Any], dict[str, str]], tuple[str, str]],
                                        root: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Write `files` into `root`; assert that checking each file alone (cold: no check cache; warm; after two edits
    made by `edit`) prints the lines checking the whole pack prints for it."""
    monkeypatch.setenv("FWDATA_CACHE_DIR", str(root / ".cache"))
    monkeypatch.chdir(root)
    for name, text in files.items():
        Path(name).parent.mkdir(parents=True, exist_ok=True)
        Path(name).write_text(text, encoding="utf-8")
    names = [Path(name) for name in sorted(files)]
    whole = _lines([Path(".")], cached=False)
    for round_ in ("cold", "warm"):
        for path in names:
            if round_ == "cold":  # no check cache: the other files scanned (the base library's snapshot is kept)
                shutil.rmtree(root / ".cache" / "check", ignore_errors=True)
            assert _lines([path], cached=True) == _of(whole, path), (round_, path)
    for _ in range(2):
        name, text = edit(data.draw, files)
        files[name] = text
        Path(name).write_text(text, encoding="utf-8")
        whole = _lines([Path(".")], cached=False)
        for path in data.draw(st.permutations(names)):
            assert _lines([path], cached=True) == _of(whole, path), (name, path)
    assert _lines([Path(".")], cached=True) == whole  # the whole pack through the cache too
    assert _lines(names[:2], cached=True) == [line for path in names[:2] for line in _of(whole, path)]


def test_a_file_of_each_game_is_checked_with_its_game_s_part_of_the_base_library(
        tmp_path: Path, own_cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A check of one game's file makes and reads that game's snapshot of the base library alone (a new process's
    first check), and prints what the pack's check prints for that file."""
    monkeypatch.chdir(tmp_path)
    copies = {}
    for system in ("fw", "fl", "aoa"):
        source = sorted((library_root() / "cards" / system).rglob("*.yaml"))[0]
        copy = Path("pack", "cards", system, source.name)
        copy.parent.mkdir(parents=True)
        copy.write_text(re.sub(r"(?m)^id: (\S+)$", r"id: \1-copy", source.read_text(encoding="utf-8"), count=1),
                        encoding="utf-8")
        copies[system] = copy
    whole = _lines([Path("pack")], cached=False)
    for system, copy in copies.items():
        shutil.rmtree(own_cache, ignore_errors=True)
        assert _lines([copy], cached=True, loaded=LoadedOnce()) == _of(whole, copy), system
        [snapshot] = _snapshots(own_cache)
        _, (_, documents, _) = pickle.loads(snapshot.read_bytes()[len(MAGIC) + 32:])  # after the key's signature
        assert {document.system for document in documents} == {system}
    assert _lines([Path("pack")], cached=True, loaded=LoadedOnce()) == whole
    assert len(_snapshots(own_cache)) == 3  # the whole pack: every game's part


def _snapshots(cache: Path) -> list[Path]:
    """Return the base library's snapshots in the user's cache `cache` (not the file of its files' statuses)."""
    from fwdata.incremental.base_snapshot import _STATUSES
    from fwdata.incremental.user_cache import file_name

    return [path for path in (cache / "base").iterdir() if path.name != file_name(*_STATUSES[1])]


def test_files_loaded_by_forked_workers_give_what_one_process_gives(tmp_path: Path, own_cache: Path) -> None:
    """A check of many changed files loads them in forked workers (`--jobs 2` here): the same findings, and a cache
    the next check believes."""
    root = _pack(tmp_path)
    (root / "scenarios" / "fw").mkdir(parents=True)
    (root / "scenarios" / "fw" / "s.yaml").write_text(_scenario("s", "v"), encoding="utf-8")
    expected = _lines([root], cached=False)
    two = dataclasses.replace(OPTIONS, jobs=2)
    for _ in ("cold", "warm"):
        result = check_sources([root], two, loaded=LoadedOnce(), cached=True)
        assert [f"{f.location.path}:{f.location.line}:{f.location.column}: {f.severity.value} {f.code}: {f.message}"
                for f in result.report.sorted()] == expected
    assert _documents_believed(root) == 3


def test_a_schema_edited_since_the_last_check_is_applied_to_unchanged_files(tmp_path: Path, own_cache: Path) -> None:
    """A file whose bytes did not change is validated again when a schema did (a checkout's or a plug-in's schemas
    are outside the files the tool's fingerprint covers)."""
    schemas = tmp_path / "schemas"
    shutil.copytree(library_root() / "schemas", schemas)
    card = _pack(tmp_path) / "cards" / "fw" / "a.yaml"

    def lines() -> list[str]:
        result = check_sources([card], OPTIONS, schema_root=schemas, loaded=LoadedOnce(), cached=True)
        return [f"{f.location.line}: {f.code}: {f.message}" for f in result.report.sorted()]

    before = lines()
    schema = schemas / "fw" / "aircraft.schema.json"
    endurance = re.compile(r'("Endurance on internal fuel, minutes\.".*?"maximum": )1500', re.DOTALL)
    schema.write_text(endurance.sub(r"\g<1>15", schema.read_text(encoding="utf-8"), count=1), encoding="utf-8")
    after = lines()
    assert not [line for line in before if "SCHEMA" in line]
    assert [line for line in after if "SCHEMA" in line]  # the card's endurance is above the new maximum


def _pack(tmp_path: Path) -> Path:
    root = tmp_path / "pack"
    (root / "cards" / "fw").mkdir(parents=True)
    (root / "cards" / "fw" / "a.yaml").write_text(_card("a", 3000), encoding="utf-8")
    (root / "cards" / "fw" / "v.yaml").write_text(_variant("v", "a"), encoding="utf-8")
    return root


def _cli(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, ["check", *args])
    return result.exit_code, result.stdout, result.stderr


def test_a_corrupt_truncated_or_foreign_cache_is_made_again(tmp_path: Path, own_cache: Path) -> None:
    card = str(_pack(tmp_path) / "cards" / "fw" / "a.yaml")
    expected = _cli("--no-cache", card)
    assert " FW-CLIMB" in expected[1]  # the climb rate breaks a rule: there is a finding to keep
    assert _cli(card) == expected
    stored = sorted(path for path in own_cache.rglob("*.pickle"))
    assert {path.relative_to(own_cache).parts[0] for path in stored} == {"base", "check", "fonts"}
    # the card's document: the variant, not read by the card's checks, is known by its scanned header alone
    assert [path.parent.suffix for path in stored].count(".documents") == 1
    for spoil in (lambda data: data[: len(data) // 2], lambda data: data[:-1] + bytes([data[-1] ^ 1]),
                  lambda data: MAGIC + b"\0" * 32 + b"not a pickle", lambda data: b""):
        for path in stored:
            path.write_bytes(spoil(path.read_bytes()))
        assert _cli(card) == expected
        assert all(path.read_bytes().startswith(MAGIC) and len(path.read_bytes()) > 100 for path in stored)


def test_a_spoiled_or_missing_document_of_the_cache_starts_the_check_afresh(tmp_path: Path, own_cache: Path) -> None:
    """The index names each file's document, kept in a file of its own and read only when a check reads it: one
    found truncated, edited, another file's or gone when read is never believed; the check starts again without
    the cache, prints what an uncached check prints, and leaves every document whole."""
    root = _pack(tmp_path)
    (root / "cards" / "fw" / "b.yaml").write_text(_card("b", 700), encoding="utf-8")
    card, other, variant = (str(root / "cards" / "fw" / name) for name in ("a.yaml", "b.yaml", "v.yaml"))
    expected = _cli("--no-cache", variant)
    assert " FW-CLIMB" in expected[1]  # the variant's climb rate comes from its base card's document
    for spoil in ("truncated", "edited", "swapped", "fifo", "gone"):
        # the index and both cards' documents; the variant's not yet reported, known by its scanned header
        assert _cli(card, other) == _cli("--no-cache", card, other)
        documents = sorted(own_cache.glob("check/*.documents/*.pickle"))
        assert len(documents) == 2
        spoiled = {path: path.read_bytes() for path in documents}
        for path, data in spoiled.items():
            if spoil == "truncated":
                path.write_bytes(data[: len(data) // 2])
            elif spoil == "edited":
                path.write_bytes(data[:-1] + bytes([data[-1] ^ 1]))
            elif spoil == "swapped":  # signed with this user's key, but of the other file
                path.write_bytes(spoiled[documents[1 - documents.index(path)]])
            elif spoil == "fifo":  # never waited on
                path.unlink()
                os.mkfifo(path)
            else:
                path.unlink()
        with pytest.raises(StaleDocument):
            _documents_believed(root)
        assert _cli(variant) == expected, spoil
        assert set(documents) < set(own_cache.glob("check/*.documents/*.pickle"))
        assert _documents_believed(root) == 3  # written again, and the variant's
        assert _cli(variant) == expected
        (root / "cards" / "fw" / "v.yaml").write_text(_variant("v", "a") + f"# {spoil}\n", encoding="utf-8")


def _documents_believed(root: Path) -> int:
    """Return how many documents the index of the check cache of the pack at `root` names, each read and believed
    (raises StaleDocument)."""
    files = _cache_files(root)
    named = [(name, record.digest) for name, record in files.index().files.items() if record.loaded]
    return len([files.document(name, digest) for name, digest in named])


def test_an_edited_file_s_check_rewrites_the_index_and_that_file_s_document_only(tmp_path: Path,
                                                                                own_cache: Path) -> None:
    root = _pack(tmp_path)
    variant = root / "cards" / "fw" / "v.yaml"
    _cli(str(variant))  # the variant's document, and its base card's: its checks read it
    [folder] = own_cache.glob("check/*.documents")
    before = {path.name: path.stat().st_ino for path in folder.iterdir()}
    assert len(before) == 2
    variant.write_text(_variant("v", "a") + "# edited\n", encoding="utf-8")
    assert _cli(str(variant)) == _cli("--no-cache", str(variant))
    after = {path.name: path.stat().st_ino for path in folder.iterdir()}
    assert len(set(before.items()) & set(after.items())) == 1  # the card's document: the same file, untouched
    assert len(set(before) - set(after)) == len(set(after) - set(before)) == 1  # the variant's: the old one gone
    assert _documents_believed(root) == 2


def test_an_override_s_shape_is_compared_again_when_either_file_changes(tmp_path: Path, own_cache: Path) -> None:
    """The cache keeps each override's shape differences under both files' digests: the table checked once, a check
    after an edit elsewhere, after the override broke and after it was mended prints what an uncached one prints."""
    root = _pack(tmp_path)
    table = root / "tables" / "fw" / "turn-chart.yaml"
    table.parent.mkdir(parents=True)
    source = (library_root() / "tables" / "fw" / "turn-chart.yaml").read_text(encoding="utf-8")
    rows = source.index("rows:")
    (root / "fwdata-pack.yaml").write_text(
        "id: my-pack\nname: My pack\nversion: '1.0'\noverrides: [fw/table/turn-chart]\n", encoding="utf-8")
    card = root / "cards" / "fw" / "a.yaml"
    for text, climb, shape in ((source, 3000, 0), (source, 2900, 0), (source[:rows] + source[rows:].replace(
            "- [", "- [x, ", 1), 2900, 1), (source, 2800, 0)):
        table.write_text(text, encoding="utf-8")
        card.write_text(_card("a", climb), encoding="utf-8")
        for named in (card, table, root):
            expected = _cli("--no-cache", str(named))
            assert _cli(str(named)) == expected
        assert expected[1].count("PACK-OVERRIDE-SHAPE") == shape


def test_another_users_cache_is_not_believed(tmp_path: Path, own_cache: Path, monkeypatch: pytest.MonkeyPatch
                                             ) -> None:
    from fwdata.incremental import cache_key

    card = str(_pack(tmp_path) / "cards" / "fw" / "a.yaml")
    expected = _cli(card)
    stored = {path: path.read_bytes() for path in own_cache.rglob("*.pickle")}
    monkeypatch.setattr(cache_key, "signing_key", lambda: b"k" * 32)  # another user's key
    for module in ("fwdata.pipeline", "fwdata.incremental.base_snapshot", "fwdata.validation.drawable"):
        monkeypatch.setattr(f"{module}.signing_key", lambda: b"k" * 32)
    assert _cli(card) == expected
    assert all(path.read_bytes() != data for path, data in stored.items())  # made again under the other key


def test_an_unwritable_cache_folder_gives_an_uncached_check_and_one_line(tmp_path: Path,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    card = str(_pack(tmp_path) / "cards" / "fw" / "a.yaml")
    expected = _cli("--no-cache", card)
    blocked = tmp_path / "file"
    blocked.write_text("not a folder")
    monkeypatch.setenv("FWDATA_CACHE_DIR", str(blocked / "cache"))
    code, out, err = _cli(card)
    assert (code, out) == expected[:2]
    [line] = err.splitlines()  # one line, though neither cache could be written
    assert line.startswith("fwdata: the base library's snapshot was not cached (")
    assert "; the check cache was not written (" in line


def test_a_folder_in_place_of_the_cache_s_index_is_named_in_the_one_line(tmp_path: Path, own_cache: Path) -> None:
    """A folder where the check cache's index goes is never removed (it is not fwdata's file): the check prints what
    an uncached one prints, and one line naming the folder; once it is gone, the cache is written again."""
    card = str(_pack(tmp_path) / "cards" / "fw" / "a.yaml")
    expected = _cli("--no-cache", card)
    assert _cli(card) == expected
    [index] = own_cache.glob("check/*.pickle")
    index.unlink()
    (index / "kept").mkdir(parents=True)
    code, out, err = _cli(card)
    assert (code, out) == expected[:2]
    assert err == f"fwdata: the check cache was not written ({index}: a folder is where this cache file goes; " \
                  "remove it); the next check starts afresh\n"
    assert (index / "kept").is_dir()
    shutil.rmtree(index)
    assert _cli(card) == expected and index.is_file()


def test_a_fifo_in_place_of_a_cache_file_is_passed_over(tmp_path: Path, own_cache: Path) -> None:
    """A named pipe where a cache file was is never read from (it would wait for a writer for ever)."""
    import subprocess
    import sys

    card = str(_pack(tmp_path) / "cards" / "fw" / "a.yaml")
    expected = _cli(card)
    for path in own_cache.rglob("*.pickle"):
        path.unlink()
        os.mkfifo(path)
    run = subprocess.run([sys.executable, "-m", "fwdata", "check", card], capture_output=True, text=True,
                         timeout=120, env={**os.environ, "FWDATA_CACHE_DIR": str(own_cache)})
    assert (run.returncode, run.stdout) == expected[:2]


def test_a_symbolic_link_in_place_of_the_documents_folder_is_not_written_through(tmp_path: Path,
                                                                                 own_cache: Path) -> None:
    """The documents folder is fwdata's own: one that is a link to another folder is neither written into nor
    cleared (a cache made afresh deletes every document the index does not name)."""
    card = str(_pack(tmp_path) / "cards" / "fw" / "a.yaml")
    expected = _cli("--no-cache", card)
    assert _cli(card) == expected
    [documents] = own_cache.glob("check/*.documents")
    shutil.rmtree(documents)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "kept.pickle").write_bytes(b"not fwdata's")
    documents.symlink_to(elsewhere)
    for index in own_cache.glob("check/*.pickle"):
        index.unlink()
    code, out, err = _cli(card)
    assert (code, out) == expected[:2]
    assert "a symbolic link" in err and len(err.splitlines()) == 1
    assert [path.name for path in elsewhere.iterdir()] == ["kept.pickle"]


def test_a_signed_snapshot_of_another_shape_is_made_again(tmp_path: Path, own_cache: Path) -> None:
    """A base snapshot signed with this user's key but not of a snapshot's shape is not believed."""
    from fwdata.incremental.base_snapshot import base_snapshot
    from fwdata.incremental.cache_key import signing_key
    from fwdata.incremental.user_cache import file_name, write_signed

    header: list[object] = ["test", 1, "tool", "folder", "digests"]
    made = (None, (), [])
    path = own_cache / "base" / file_name("base", str(tmp_path.resolve()), "digests", "fw")
    for forged in (42, (None, 42, []), ("x", (), [("not a document", "digest")]), made):
        assert write_signed(path, signing_key(), [*header, "fw"], forged) is None
        notes: list[str] = []
        assert base_snapshot(tmp_path, header, "fw", lambda: made, notes) == made and notes == []


def test_the_base_files_statuses_are_kept_for_every_pack_and_a_forged_one_is_not_believed(
        own_cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The base library's and the schemas' files are hashed once: their statuses and digests are kept in the user's
    cache, so a new pack's first check (or a build) reads none of them. A kept digest is believed only under its
    file's status now, and only signed with this user's key."""
    from fwdata.incremental import base_snapshot
    from fwdata.incremental.user_cache import cache_file, write_signed

    schemas = _schemas(registered_systems(), LoadedOnce(), None)
    read: list[str] = []
    digest = base_snapshot._digest
    monkeypatch.setattr(base_snapshot, "_digest", lambda path: read.append(str(path)) or digest(path))
    first = base_snapshot.snapshot_header(library_root(), schemas, {})
    assert len(read) > 300  # nothing kept yet: every file hashed
    read.clear()
    assert base_snapshot.snapshot_header(library_root(), schemas, {}) == first
    assert read == []
    folder, name, header = base_snapshot._STATUSES
    kept = cache_file(folder, *name)
    card = str(sorted((library_root() / "cards" / "fw").glob("*.yaml"))[0])
    good = base_snapshot._remembered_statuses()
    for key, statuses in ((b"another user's key", {**good, card: (good[card][0], "0" * 64)}),
                          (None, {**good, card: ((0, 0, 0, 0, 0), "0" * 64)})):
        assert write_signed(kept, key or signing_key(), header, statuses) is None
        read.clear()
        assert base_snapshot.snapshot_header(library_root(), schemas, {}) == first
        # another's memo is not believed (every file hashed again); a kept digest under another status is not
        assert len(read) > 300 if key else read == [card]


def test_a_pack_schema_written_or_removed_reaches_every_file_checked_one_at_a_time(tmp_path: Path,
                                                                                   own_cache: Path) -> None:
    """MODELINE-SCHEMA-MISSING follows the pack's `.fwdata/schemas` for each file, whichever file was checked."""
    import shutil

    root = _pack(tmp_path)
    modeline = "# yaml-language-server: $schema=../../.fwdata/schemas/fw/aircraft.schema.json\n"
    cards = [root / "cards" / "fw" / name for name in ("a.yaml", "v.yaml")]
    for card in cards:
        card.write_text(modeline + card.read_text(encoding="utf-8"), encoding="utf-8")

    def missing(card: Path) -> int:
        return _cli(str(card))[1].count("MODELINE-SCHEMA-MISSING")

    assert [missing(card) for card in cards] == [1, 1]
    assert CliRunner().invoke(main, ["schema", "--write", str(root / ".fwdata" / "schemas")]).exit_code == 0
    assert [missing(card) for card in cards] == [0, 0]
    assert _cli(str(root))[1].count("MODELINE-SCHEMA-MISSING") == 0
    shutil.rmtree(root / ".fwdata")
    assert [missing(card) for card in cards] == [1, 1]
    assert _cli(str(root))[1].count("MODELINE-SCHEMA-MISSING") == 2


def test_the_cache_folder_is_the_variable_else_the_users(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("FWDATA_CACHE_DIR", str(tmp_path))
    assert cache_folder() == tmp_path
    monkeypatch.delenv("FWDATA_CACHE_DIR")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert cache_folder() == tmp_path / "xdg" / "fwdata"


def test_a_game_command_reads_the_whole_catalog(tmp_path: Path, own_cache: Path) -> None:
    """`fl points` and the like read the catalog after checking: they never get the check cache's partial one."""
    root = _pack(tmp_path)
    _cli(str(root / "cards" / "fw" / "a.yaml"))  # a cache now exists
    result = check_sources([root / "cards" / "fw" / "a.yaml"], OPTIONS, loaded=LOADED)
    assert result.catalog.get("fw", "aircraft", "p-51d") is not None and result.catalog.get("fw", "aircraft", "v")
    assert os.listdir(own_cache / "check")


def test_a_check_loads_nothing_that_draws_or_writes(tmp_path: Path) -> None:
    """`fwdata check` of a Fighting Wings card imports neither reportlab nor jinja2 nor multiprocessing, nor the
    other games' checks, nor the renderers, once its cache is made, also after the card is edited; nor its own
    game's checks when nothing changed. (Cold, the text
    check of a card with a character outside ASCII reads the font's character map through reportlab once: that is
    checking, not drawing; the set is then kept in the user's cache, fwdata/validation/drawable.py.)"""
    import subprocess
    import sys

    card = _pack(tmp_path) / "cards" / "fw" / "a.yaml"
    probe = ("import sys, runpy; sys.argv = ['fwdata', 'check', sys.argv[1]]\n"
             "try:\n    runpy.run_module('fwdata', run_name='__main__')\nexcept SystemExit:\n    pass\n"
             "print(sorted(sys.modules))")
    assert not CARD.isascii()  # the text check looks the card's characters up in the font's
    for round_ in ("cold", "warm", "edited"):
        if round_ == "edited":
            card.write_text(_card("a", 2900), encoding="utf-8")
        done = subprocess.run([sys.executable, "-c", probe, str(card)], capture_output=True, text=True, check=True,
                              env={**os.environ, "FWDATA_CACHE_DIR": str(tmp_path / "cache")})
        modules = set(eval(done.stdout.splitlines()[-1]))  # noqa: S307 - our own probe's printed list
        # the card's rules run cold and once it is edited; warm, its findings are the cache's and nothing checks
        assert ("fwdata.systems.fw.checks" in modules) == (round_ != "warm"), round_
        drawing = {"reportlab", "PIL"} if round_ != "cold" else set()
        assert not modules & {*drawing, "jinja2", "multiprocessing", "fwdata.systems.fl.checks",
                              "fwdata.systems.aoa.checks", "fwdata.systems.aoa.book_generator",
                              "fwdata.output.build_index", "fwdata.systems.fw.render"}


def test_a_file_rewritten_with_its_old_size_and_times_is_read_again(tmp_path: Path, own_cache: Path) -> None:
    """A file is taken unchanged on its status only when nothing of it moved: a rewrite that restores its size and
    modification time still changes its change time, so it is read again."""
    card = _pack(tmp_path) / "cards" / "fw" / "a.yaml"
    long_ago = 1_600_000_000
    os.utime(card, (long_ago, long_ago))
    first = _cli(str(card))
    text = card.read_text(encoding="utf-8")
    card.write_text(text.replace("climb_rate_fpm: 3000", "climb_rate_fpm: 1000", 1), encoding="utf-8")  # same size
    os.utime(card, (long_ago, long_ago))
    assert _cli(str(card)) == _cli("--no-cache", str(card)) != first


def test_checks_at_once_leave_a_cache_that_is_whole(tmp_path: Path, own_cache: Path) -> None:
    """Two checks of one pack at once each replace the cache whole: the next check believes it and prints the same."""
    import subprocess
    import sys

    root = _pack(tmp_path)
    expected = _cli("--no-cache", str(root / "cards" / "fw" / "a.yaml"))
    env = {**os.environ, "FWDATA_CACHE_DIR": str(own_cache)}
    runs = [subprocess.Popen([sys.executable, "-m", "fwdata", "check", str(root / "cards" / "fw" / name)],
                             env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE) for name in ("a.yaml", "v.yaml")]
    assert [run.wait(timeout=300) for run in runs] == [expected[0], 0]
    assert all(run.stderr is not None and run.stderr.read() == b"" for run in runs)
    assert not [path for path in own_cache.rglob("*") if path.name.startswith(".")]  # no temporary file left
    assert _cli(str(root / "cards" / "fw" / "a.yaml")) == expected


def test_the_font_s_characters_come_from_the_cache_only_as_a_set_of_code_points(own_cache: Path) -> None:
    """The drawable characters kept in the user's cache are believed only as a set of integers; anything else
    signed there is read from the fonts again (and stored anew)."""
    from fwdata.incremental.cache_key import signing_key
    from fwdata.incremental.user_cache import read_signed, write_signed
    from fwdata.render.fonts import font_characters
    from fwdata.validation import drawable

    expected = font_characters()
    assert ord("é") in expected and 0x4E00 not in expected  # Vera draws Latin-1, not CJK
    assert drawable.drawable_characters(cached=True) == expected
    [path] = (own_cache / "fonts").iterdir()
    header = [*drawable._FORMAT, drawable._font_stamps()]
    assert read_signed(path, signing_key(), header) == expected
    for forged in (frozenset({"a"}), [65], 42):
        assert write_signed(path, signing_key(), header, forged) is None
        assert drawable.drawable_characters(cached=True) == expected
        assert read_signed(path, signing_key(), header) == expected



def test_a_file_checked_first_in_a_large_pack_reads_only_what_its_checks_read(tmp_path: Path,
                                                                              own_cache: Path) -> None:
    """The first check of one card of a pack reads every other file's header alone (`ScannedDocument`): it loads
    the card and its variant chain (their documents are all it keeps), and prints what the uncached check prints."""
    root = _pack(tmp_path)
    for index in range(20):
        (root / "cards" / "fw" / f"other-{index}.yaml").write_text(_card(f"other-{index}", 700), encoding="utf-8")
    variant = str(root / "cards" / "fw" / "v.yaml")
    assert _cli(variant) == _cli("--no-cache", variant)
    index = _index(root)
    assert {name.rsplit("/", 1)[-1] for name, record in index.files.items() if record.loaded} == {"a.yaml", "v.yaml"}
    assert sum(record.scanned for record in index.files.values()) == 20
    assert len(list(own_cache.glob("check/*.documents/*.pickle"))) == 2
    assert _cli(str(root)) == _cli("--no-cache", str(root))  # the whole pack: every scanned file loaded now
    assert not any(record.scanned for record in _index(root).files.values())


def test_a_scanned_header_the_file_does_not_load_with_starts_the_check_afresh(
        tmp_path: Path, own_cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A file whose loaded header is not the one scanned (changed between the two reads) is never believed: the
    check starts again, every file loaded."""
    from fwdata import pipeline
    from fwdata.incremental import check_cache

    root = _pack(tmp_path)
    variant = str(root / "cards" / "fw" / "v.yaml")
    expected = _cli("--no-cache", variant)
    monkeypatch.setattr(check_cache, "scanned_header", lambda raw: ("fw", "aircraft", "v"))  # the card: "v" too
    runs = []
    check_with_cache = pipeline._check_with_cache
    monkeypatch.setattr(pipeline, "_check_with_cache", lambda *args, **kwargs: runs.append(kwargs) or
                        check_with_cache(*args, **kwargs))
    assert _cli(variant) == expected
    assert runs == [{}, {"scan": False}]  # the card read, found with another id than scanned: started again
    assert not any(record.scanned for record in _index(root).files.values())


def test_a_card_whose_comment_holds_a_line_separator_takes_its_own_id_for_a_one_file_check(
        tmp_path: Path, own_cache: Path) -> None:
    """YAML 1.2 breaks no line at U+2028 (libyaml does): `id: other` after one in a comment is the comment's, so the
    first card takes the id `a` and the second one's check reports it taken, cold and warm, as the pack's does."""
    root = _pack(tmp_path)
    (root / "cards" / "fw" / "0-first.yaml").write_text(
        _card("a", 700).replace("\nid: a\n", "\n# a note\u2028id: other\nid: a\n", 1), encoding="utf-8")
    card = root / "cards" / "fw" / "a.yaml"
    expected = _of(_lines([root], cached=False), card)
    assert any("REF-DUPLICATE-ID" in line for line in expected)
    for _ in ("cold", "warm"):
        assert _lines([card], cached=True) == expected


def test_two_files_shown_by_one_name_are_checked_afresh(tmp_path: Path, own_cache: Path) -> None:
    """`a<line feed>b.yaml` is shown as `a\\nb.yaml`, the name of another file: the check cache, which keeps each file
    under its name, would take them for one (a traceback, or the duplicate id of one unreported). Such a pack is
    checked afresh: each check prints what the uncached check prints."""
    root = _pack(tmp_path)
    for name in ("a\nb.yaml", "a\\nb.yaml"):
        (root / "cards" / "fw" / name).write_text(_card("a", 700), encoding="utf-8")
    for path in [root / "cards" / "fw" / name for name in ("v.yaml", "a\nb.yaml", "a\\nb.yaml")] + [root]:
        expected = _lines([path], cached=False)
        for _ in ("cold", "warm"):
            assert _lines([path], cached=True) == expected, path
    assert any("REF-DUPLICATE-ID" in line for line in _lines([root], cached=False))


def _index(root: Path) -> Any:
    return _cache_files(root).index()


def _cache_files(root: Path) -> Any:
    """Return the files of the check cache of the pack at `root` (`CheckCacheFiles`)."""
    from fwdata.incremental.cache_key import signing_key
    from fwdata.incremental.check_cache import CheckCacheFiles

    loaded = LoadedOnce()
    return CheckCacheFiles.of(root, os.getcwd(), signing_key(), loaded.schema_set_key(_schemas(
        registered_systems(), loaded, None)))
