"""The loaded-sources cache (fwdata/incremental/source_cache.py) and its key (fwdata/incremental/cache_key.py):
documents come back exactly as loaded, a cache not signed with this user's key is never read, and a rebuild parses
only what changed."""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import os
import sys
from array import array
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from fwdata.incremental import source_cache
from fwdata.incremental.cache_key import KEY_BYTES, KEY_FILE, signing_key
from fwdata.incremental.fingerprint import tool_fingerprint
from fwdata.incremental.source_cache import SOURCES_FORMAT, SOURCES_VERSION, format_sources, read_sources
from fwdata.library import SOURCE_FOLDERS, library_root
from fwdata.output.write import SOURCES_FILE
from fwdata.progress import no_progress
from fwdata.sources import load_source
from fwdata.sources.document import Positions, SourceDocument
from fwdata.sources.loading import load_files
from fwdata.sources.pack import resolve_pack

REPOSITORY = Path(__file__).resolve().parent.parent
KEY = b"k" * KEY_BYTES


def loaded_sources() -> list[tuple[SourceDocument, str]]:
    """Every bundled source and every test case's YAML that loads without findings, with its bytes' SHA-256."""
    paths = [path for folder in SOURCE_FOLDERS for path in sorted((library_root() / folder).rglob("*.yaml"))]
    paths += sorted((REPOSITORY / "tests" / "cases").rglob("*.yaml"))
    loaded = []
    for path in paths:
        document, findings = load_source(path)
        if document is not None and not findings:
            loaded.append((document, hashlib.sha256(path.read_bytes()).hexdigest()))
    return loaded


def write(folder: Path, lines: Iterator[bytes] | list[bytes]) -> Path:
    folder.mkdir(exist_ok=True)
    (folder / SOURCES_FILE).write_bytes(b"".join(lines))
    return folder


def signed(lines: list[object], key: bytes = KEY) -> list[bytes]:
    """`lines` as JSON lines, signed as `format_sources` signs them."""
    encoded = [json.dumps(line).encode("ascii") + b"\n" for line in lines]
    signature = hmac.new(key, b"".join(encoded), digestmod="sha256").hexdigest()
    return [*encoded, json.dumps(["signature", signature]).encode("ascii") + b"\n"]


@pytest.mark.parametrize("together", [1, 7, 256])
def test_every_bundled_and_case_source_comes_back_exactly_as_it_loaded(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                                        together: int) -> None:
    """`together`: how many lines are parsed as one JSON array (the last batch is short for 7)."""
    monkeypatch.setattr(source_cache, "_LINES_PARSED_TOGETHER", together)
    loaded = loaded_sources()
    assert len(loaded) > 150
    cached = read_sources(write(tmp_path, format_sources(loaded, KEY)), KEY)
    assert len(cached) == len(loaded)
    for document, digest in loaded:
        again_digest, again = cached[document.path]
        assert again_digest == digest and again == document
        assert repr(again.data) == repr(document.data)  # the same types: 1, 1.0 and True are equal but not alike


def test_documents_read_back_share_their_equal_texts_and_keep_their_values(tmp_path: Path) -> None:
    note = "a note long enough that no parser interns it, " * 3
    data = {"notes": [note, {"deeper": note}], "name": "x" * 80, "n": 1, "f": 1.0, "t": True, "none": None}
    documents = [SourceDocument(f"{index}.yaml", json.loads(json.dumps(data)),
                                Positions(["", "/notes"], [0, 1], [0, 2])) for index in range(3)]
    cached = read_sources(write(tmp_path, format_sources([(document, "0" * 64) for document in documents], KEY)), KEY)
    read_back = [cached[document.path][1].data for document in documents]
    assert all(repr(again) == repr(data) for again in read_back)
    notes = [again["notes"][0] for again in read_back] + [again["notes"][1]["deeper"] for again in read_back]
    assert len({id(text) for text in notes}) == 1
    assert len({id(again["name"]) for again in read_back}) == 1


def test_documents_read_back_share_their_equal_numbers_of_one_type(tmp_path: Path) -> None:
    data = {"big": 123456789, "fp": 2.5, "one": 1, "one_float": 1.0, "yes": True, "zero": 0.0, "minus_zero": -0.0}
    documents = [SourceDocument(f"{index}.yaml", json.loads(json.dumps(data)),
                                Positions(["", "/big"], [0, 1], [0, 2])) for index in range(3)]
    cached = read_sources(write(tmp_path, format_sources([(document, "0" * 64) for document in documents], KEY)), KEY)
    read_back = [cached[document.path][1].data for document in documents]
    assert all(repr(again) == repr(data) for again in read_back)  # 1, 1.0 and True stay apart; -0.0 keeps its sign
    assert len({id(again["big"]) for again in read_back}) == len({id(again["fp"]) for again in read_back}) == 1


@pytest.mark.parametrize("data", [{"a": {1: "an int key"}}, {"a": ("a", "tuple")}, {"a": b"bytes"}])
def test_a_document_json_cannot_carry_exactly_is_left_out(tmp_path: Path, data: object) -> None:
    kept = SourceDocument("kept.yaml", {"a": [1, 1.5, True, None, "x"]}, Positions(["", "/a"], [0, 1], [0, 2]))
    odd = SourceDocument("odd.yaml", data, Positions(["", "/a"], [0, 1], [0, 2]))
    cached = read_sources(write(tmp_path, format_sources([(odd, "0" * 64), (kept, "1" * 64)], KEY)), KEY)
    assert cached == {"kept.yaml": ("1" * 64, kept)}


def _header() -> list[object]:
    return [SOURCES_FORMAT, SOURCES_VERSION, tool_fingerprint(), sys.byteorder]


def _numbers(*numbers: int) -> list[str]:
    return ["I", base64.b64encode(array("I", numbers).tobytes()).decode("ascii")]


GOOD = ["document", "a.yaml", "0" * 64, 0, *_numbers(1), *_numbers(0), {"id": "a"}]
UNTRUSTED: dict[str, Callable[[list[bytes]], list[bytes]]] = {
    "signed with another key": lambda lines: signed([_header(), ["pointers", [""]], GOOD], b"x" * KEY_BYTES),
    "a byte changed": lambda lines: [line.replace(b'"id":"kept"', b'"id":"kepT"') for line in lines],
    "a line left out": lambda lines: [lines[0], *lines[2:]],
    "no signature": lambda lines: lines[:-1],
    "empty": lambda lines: [],
    "another tool, signed": lambda lines: signed([[*_header()[:2], "0" * 64, sys.byteorder], ["pointers", [""]],
                                                  GOOD]),
    "another version, signed": lambda lines: signed([[SOURCES_FORMAT, 0, *_header()[2:]], ["pointers", [""]], GOOD]),
    "another byte order, signed": lambda lines: signed([[*_header()[:3], "middle"], ["pointers", [""]], GOOD]),
    "a document of another shape, signed": lambda lines: signed([_header(), ["pointers", [""]], GOOD[:-1]]),
    "positions not one per pointer, signed": lambda lines: signed([_header(), ["pointers", [""]],
                                                                   [*GOOD[:4], *_numbers(1, 2), *_numbers(0, 0),
                                                                    GOOD[-1]]]),
    "positions of another type, signed": lambda lines: signed([_header(), ["pointers", [""]],
                                                               [*GOOD[:4], "d", GOOD[5], *GOOD[6:]]]),
    "positions not base64, signed": lambda lines: signed([_header(), ["pointers", [""]],
                                                          [*GOOD[:5], "not base64!", *GOOD[6:]]]),
    "positions not whole numbers, signed": lambda lines: signed([_header(), ["pointers", [""]],
                                                                 [*GOOD[:5], "AAA=", *GOOD[6:]]]),
    "a pointer list it does not have, signed": lambda lines: signed([_header(), ["pointers", [""]],
                                                                     [*GOOD[:3], 5, *GOOD[4:]]]),
    "a digest that is not one, signed": lambda lines: signed([_header(), ["pointers", [""]],
                                                              [*GOOD[:2], "../x", *GOOD[3:]]]),
}


@pytest.mark.parametrize("tampering", UNTRUSTED)
def test_a_sources_file_this_user_did_not_sign_as_fwdata_writes_it_is_ignored(tmp_path: Path, tampering: str) -> None:
    kept = SourceDocument("kept.yaml", {"id": "kept"}, Positions([""], [1], [0]))
    lines = list(format_sources([(kept, "1" * 64)], KEY))
    assert read_sources(write(tmp_path / "good", lines), KEY) == {"kept.yaml": ("1" * 64, kept)}
    assert read_sources(write(tmp_path / "bad", UNTRUSTED[tampering](lines)), KEY) == {}


def test_without_a_key_nothing_is_read(tmp_path: Path) -> None:
    folder = write(tmp_path, format_sources([(SourceDocument("a.yaml", {}, Positions([""], [1], [0])), "1" * 64)],
                                            KEY))
    assert read_sources(folder, None) == {}


@pytest.fixture
def key_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    signing_key.cache_clear()
    yield tmp_path / "cache" / "fwdata"
    signing_key.cache_clear()


def test_the_key_is_made_once_private_to_the_user_and_kept(key_folder: Path) -> None:
    key = signing_key()
    assert key is not None and len(key) == KEY_BYTES
    status = os.stat(key_folder / KEY_FILE)
    assert status.st_mode & 0o777 == 0o600 and os.stat(key_folder).st_mode & 0o777 == 0o700
    signing_key.cache_clear()
    assert signing_key() == key == (key_folder / KEY_FILE).read_bytes()
    assert os.listdir(key_folder) == [KEY_FILE]  # no temporary file left


KEYS: dict[str, Callable[[Path], object]] = {
    "readable by others": lambda path: os.chmod(path, 0o644),
    "a link": lambda path: (path.rename(path.with_name("elsewhere")), path.symlink_to(path.with_name("elsewhere"))),
    "too short": lambda path: path.write_bytes(b"short"),
    "a folder": lambda path: (path.unlink(), path.mkdir()),
    "a FIFO (opening it must not wait for a writer)": lambda path: (path.unlink(), os.mkfifo(path, 0o600)),
}


@pytest.mark.parametrize("problem", KEYS)
def test_a_key_that_is_not_a_private_file_of_its_size_is_not_used(key_folder: Path, problem: str) -> None:
    assert signing_key() is not None
    KEYS[problem](key_folder / KEY_FILE)
    signing_key.cache_clear()
    assert signing_key() is None


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes into any folder")
def test_no_key_where_none_can_be_made(key_folder: Path) -> None:
    key_folder.parent.mkdir(parents=True)
    os.chmod(key_folder.parent, 0o500)
    try:
        assert signing_key() is None
    finally:
        os.chmod(key_folder.parent, 0o700)


def test_only_documents_that_loaded_without_findings_are_kept_for_the_next_build(tmp_path: Path) -> None:
    folder = tmp_path / "pack"
    folder.mkdir()
    (folder / "good.yaml").write_text("id: good\n", encoding="utf-8")
    (folder / "twice.yaml").write_text("id: a\nid: b\n", encoding="utf-8")  # a duplicate key
    (folder / "broken.yaml").write_text("a:\n  b: 1\n c: 2\n", encoding="utf-8")
    documents, findings, reusable = load_files(resolve_pack([folder]), no_progress, jobs=1)
    assert {finding.location.path.rsplit("/", 1)[-1] for finding in findings} == {"twice.yaml", "broken.yaml"}
    assert [(document.path.rsplit("/", 1)[-1], digest) for document, digest in reusable] == [
        ("good.yaml", hashlib.sha256(b"id: good\n").hexdigest())]
    assert reusable[0][0] in documents


def test_no_key_without_a_home_folder(monkeypatch: pytest.MonkeyPatch) -> None:
    """A user without HOME or a passwd entry (`docker run --user 1234`): Path.home() raises RuntimeError."""
    def no_home() -> Path:
        raise RuntimeError("Could not determine home directory.")

    monkeypatch.delenv("XDG_CACHE_HOME")
    monkeypatch.setattr(Path, "home", no_home)
    signing_key.cache_clear()
    try:
        assert signing_key() is None
    finally:
        signing_key.cache_clear()
