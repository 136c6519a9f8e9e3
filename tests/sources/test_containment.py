"""Containment: a pack is read only inside itself; links out, devices, /proc, pipes, unreadable entries are findings."""

from __future__ import annotations

import os
import shutil
import socket
import stat
import tempfile
import tracemalloc
from pathlib import Path

import pytest
from click.testing import CliRunner

from fwdata.cli.main import main
from fwdata.options import BuildOptions
from fwdata.pipeline import check_sources
from fwdata.progress import no_progress
from fwdata.sources import load_source
from fwdata.sources.containment import Refused, read_in_pack, read_regular
from fwdata.sources.loading import load_files
from fwdata.sources.pack import resolve_pack
from fwdata.sources.texts import read_text
from fwdata.sources.yaml_loader import display_path

CARD = "system: fw\nkind: aircraft\nid: x\n"


@pytest.fixture()
def pack(tmp_path: Path) -> Path:
    """A pack with one plain source, and a folder beside it (outside the pack) holding a source."""
    root = tmp_path / "pack"
    (root / "cards" / "fw").mkdir(parents=True)
    (root / "cards" / "fw" / "plain.yaml").write_text(CARD, encoding="utf-8")
    (tmp_path / "outside").mkdir()
    (tmp_path / "outside" / "secret.yaml").write_text("secret: 1\n", encoding="utf-8")
    return root


@pytest.fixture()
def opened(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The real path of every file or folder fwdata opens with os.open (a name tried but not opened, as a link with
    O_NOFOLLOW, is not there)."""
    names: list[str] = []
    real_open = os.open

    def spy(path, flags, mode=0o777, *, dir_fd=None):
        descriptor = real_open(path, flags, mode, dir_fd=dir_fd)
        names.append(os.readlink(f"/proc/self/fd/{descriptor}"))
        return descriptor

    monkeypatch.setattr(os, "open", spy)
    monkeypatch.setattr(os, "supports_dir_fd", os.supports_dir_fd | {spy})  # opened beneath folders, as os.open is
    return names


def _loaded(root: Path) -> tuple[dict[str, tuple[str, str]], list[str]]:
    """Return {path: (code, message)} of the loading findings and the paths of the loaded documents."""
    documents, findings, _ = load_files(resolve_pack([root]), no_progress)
    found = {finding.location.path: (finding.code, finding.message) for finding in findings}
    return found, [document.path for document in documents]


def _shown(path: Path) -> str:
    return display_path(path)


def test_a_file_link_out_of_the_pack_is_a_finding_and_never_opened(pack: Path, opened: list[str]) -> None:
    (pack / "cards" / "fw" / "passwd.yaml").symlink_to("/etc/passwd")
    (pack / "cards" / "fw" / "secret.yaml").symlink_to(pack.parent / "outside" / "secret.yaml")
    found, loaded = _loaded(pack)
    assert found[_shown(pack / "cards/fw/passwd.yaml")] == (
        "SOURCE-OUTSIDE-PACK", "the path leads outside the pack (to /etc/passwd); a pack may only read its own files")
    assert found[_shown(pack / "cards/fw/secret.yaml")][0] == "SOURCE-OUTSIDE-PACK"
    assert loaded == [_shown(pack / "cards/fw/plain.yaml")]
    assert not [name for name in opened if "passwd" in name or "secret" in name]


def test_a_chain_of_links_ending_outside_is_refused(pack: Path) -> None:
    fw = pack / "cards" / "fw"
    (fw / "one.yaml").symlink_to("two.yaml")
    (fw / "two.yaml").symlink_to("../../../outside/secret.yaml")
    found, _ = _loaded(pack)
    assert found[_shown(fw / "one.yaml")][0] == found[_shown(fw / "two.yaml")][0] == "SOURCE-OUTSIDE-PACK"


def test_a_folder_link_out_of_the_pack_is_a_finding_and_its_files_are_not_read(pack: Path, opened: list[str]) -> None:
    (pack / "cards" / "elsewhere").symlink_to(pack.parent / "outside")
    found, loaded = _loaded(pack)
    assert found[_shown(pack / "cards/elsewhere")][0] == "SOURCE-OUTSIDE-PACK"
    assert "secret.yaml" not in " ".join(loaded + opened)


def test_links_inside_the_pack_are_followed_and_each_file_loaded_once(pack: Path) -> None:
    (pack / "extra").mkdir()
    (pack / "extra" / "more.yaml").write_text(CARD.replace("id: x", "id: y"), encoding="utf-8")
    (pack / "cards" / "fw" / "alias.yaml").symlink_to("plain.yaml")
    (pack / "cards" / "more").symlink_to("../extra")
    (pack / "cards" / "up").symlink_to("..")  # a cycle for a naive walk
    found, loaded = _loaded(pack)
    assert found == {}
    assert sorted(loaded) == sorted([_shown(pack / "cards/fw/plain.yaml"), _shown(pack / "cards/more/more.yaml")])


def test_a_link_loop_is_a_finding(pack: Path) -> None:
    fw = pack / "cards" / "fw"
    (fw / "a.yaml").symlink_to("b.yaml")
    (fw / "b.yaml").symlink_to("a.yaml")
    found, _ = _loaded(pack)
    assert found[_shown(fw / "a.yaml")] == (
        "SOURCE-UNREADABLE", "cannot read file: a symbolic link loop (or a link where none may be)")
    assert found[_shown(fw / "b.yaml")][0] == "SOURCE-UNREADABLE"


@pytest.mark.parametrize("target", ["/proc/self/environ", "/dev/zero"])
def test_links_to_proc_and_devices_are_findings_and_never_opened(pack: Path, opened: list[str], target: str) -> None:
    """/proc files report size 0 (so a size check passes) and /dev/zero never ends: neither is opened."""
    (pack / "cards" / "fw" / "system.yaml").symlink_to(target)
    found, _ = _loaded(pack)
    code, message = found[_shown(pack / "cards/fw/system.yaml")]
    assert code == "SOURCE-OUTSIDE-PACK" and "is a system file under /" in message
    assert not [name for name in opened if name.startswith(("/proc", "/dev")) or name in ("environ", "zero")]


def test_proc_is_refused_even_when_named_directly() -> None:
    with pytest.raises(Refused, match="system file under /proc"):
        read_regular(Path("/proc/self/environ"), 1000)
    document, findings = load_source(Path("/proc/self/environ"))
    assert document is None and findings[0].code == "SOURCE-OUTSIDE-PACK"
    assert read_text(Path("/proc/self/environ")) is None


@pytest.mark.skipif(not os.access("/dev/shm", os.W_OK), reason="no writable /dev/shm on this machine")
def test_files_in_dev_shm_are_ordinary_files() -> None:
    """/dev/shm is a tmpfs of ordinary files (a CI job may build there), not devices: its files are read, and a
    build folder there keeps its cache."""
    shm = Path(tempfile.mkdtemp(dir="/dev/shm"))
    try:
        (shm / "a.yaml").write_bytes(b"x: 1\n")
        assert read_regular(shm / "a.yaml", 100) == b"x: 1\n"
        assert read_in_pack(shm, shm / "a.yaml", 100) == b"x: 1\n"
    finally:
        shutil.rmtree(shm)
    with pytest.raises(Refused, match="system file under /dev"):
        read_regular(Path("/dev/null"), 100)


def test_a_pipe_is_a_finding_and_does_not_block(pack: Path) -> None:
    os.mkfifo(pack / "cards" / "fw" / "pipe.yaml")
    found, _ = _loaded(pack)
    assert found[_shown(pack / "cards/fw/pipe.yaml")] == (
        "SOURCE-UNREADABLE", "not a regular file (a pipe cannot be a source)")


def test_a_socket_is_a_finding(pack: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(pack / "cards" / "fw")  # a socket path is limited to about 100 bytes
    with socket.socket(socket.AF_UNIX) as server:
        server.bind("sock.yaml")
        found, _ = _loaded(pack)
    assert found["sock.yaml"] == ("SOURCE-UNREADABLE", "not a regular file (a socket cannot be a source)")


def _deny(monkeypatch: pytest.MonkeyPatch, name: str, function: str) -> None:
    """Make `os.<function>` refuse `name` as the kernel does for a chmod 000 entry (root reads through 000)."""
    real = getattr(os, function)

    def denied(path, *args, **kwargs):
        if os.fspath(path).endswith(name):
            raise PermissionError(13, "Permission denied", os.fspath(path))
        return real(path, *args, **kwargs)

    monkeypatch.setattr(os, function, denied)


def test_an_unreadable_file_is_a_finding(pack: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    locked = pack / "cards" / "fw" / "locked.yaml"
    locked.write_text(CARD, encoding="utf-8")
    locked.chmod(0)
    if os.geteuid() == 0:
        _deny(monkeypatch, "locked.yaml", "open")
    found, _ = _loaded(pack)
    assert found[_shown(locked)] == ("SOURCE-UNREADABLE", "cannot read file: Permission denied")


def test_an_unreadable_folder_is_a_finding_not_skipped(pack: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    locked = pack / "cards" / "locked"
    locked.mkdir()
    (locked / "hidden.yaml").write_text(CARD, encoding="utf-8")
    locked.chmod(0)
    if os.geteuid() == 0:
        _deny(monkeypatch, "locked", "scandir")
    try:
        found, _ = _loaded(pack)
        result = CliRunner().invoke(main, ["check", str(pack)])
    finally:
        locked.chmod(stat.S_IRWXU)
    assert found[_shown(locked)] == ("SOURCE-UNREADABLE", "cannot list folder: Permission denied")
    assert result.exit_code == 1
    assert f"{_shown(locked)}:1:1: error SOURCE-UNREADABLE: cannot list folder: Permission denied" in result.output


def test_the_manifest_and_its_baseline_are_read_only_inside_the_pack(pack: Path) -> None:
    (pack / "fwdata-pack.yaml").symlink_to(pack.parent / "outside" / "secret.yaml")
    lines = [f.format_line() for f in check_sources([pack], BuildOptions()).report.sorted()]
    assert f"{_shown(pack / 'fwdata-pack.yaml')}:1:1: error SOURCE-OUTSIDE-PACK: the path leads outside the pack " \
           f"(to {(pack.parent / 'outside' / 'secret.yaml').resolve()}); a pack may only read its own files" in lines

    (pack / "fwdata-pack.yaml").unlink()
    (pack.parent / "outside" / "known.json").write_text('{"version": 1, "findings": []}', encoding="utf-8")
    (pack / "known.json").symlink_to("../outside/known.json")
    (pack / "fwdata-pack.yaml").write_text("id: my-pack\nname: My pack\nversion: '1.0'\n"
                                           "baseline: known.json\n", encoding="utf-8")
    found = check_sources([pack], BuildOptions(pack_baseline=True)).report.findings
    baseline = [f for f in found if f.location.path == _shown(pack / "fwdata-pack.yaml")]
    assert [(f.location.line, f.code) for f in baseline] == [(4, "SOURCE-OUTSIDE-PACK")]


@pytest.mark.parametrize("kind", ["folder", "pipe"])
def test_a_manifest_or_baseline_that_is_a_folder_or_pipe_is_a_finding_not_skipped(pack: Path, kind: str) -> None:
    def make(path: Path) -> None:
        path.mkdir() if kind == "folder" else os.mkfifo(path)

    manifest = pack / "fwdata-pack.yaml"
    make(manifest)
    found = check_sources([pack], BuildOptions()).report.findings
    assert [(f.location.path, f.code) for f in found if f.location.path == _shown(manifest)] == [
        (_shown(manifest), "SOURCE-UNREADABLE")]

    manifest.rmdir() if kind == "folder" else manifest.unlink()
    manifest.write_text("id: my-pack\nname: My pack\nversion: '1.0'\nbaseline: known.json\n", encoding="utf-8")
    make(pack / "known.json")
    found = check_sources([pack], BuildOptions(pack_baseline=True)).report.findings
    baseline = [f for f in found if f.location.path == _shown(manifest)]
    assert [(f.location.line, f.code) for f in baseline] == [(4, "SOURCE-UNREADABLE")]
    assert f"not a regular file (a {kind} cannot be a source)" in baseline[0].message


def test_no_network_access_for_remote_schema_values(pack: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Remote `$schema`, `$ref` and modelines in a pack are data, never fetched (issue 9, class 4)."""
    attempts: list[object] = []

    def no_network(*args, **_kwargs):
        attempts.append(args)
        raise OSError("fwdata tried to open a network connection")

    monkeypatch.setattr(socket, "create_connection", no_network)
    monkeypatch.setattr(socket.socket, "connect", no_network)
    monkeypatch.setattr(socket, "getaddrinfo", no_network)
    (pack / "cards" / "fw" / "remote.yaml").write_text(
        "# yaml-language-server: $schema=http://127.0.0.1:9/aircraft.schema.json\n"
        "$schema: https://example.com/schemas/fw/aircraft.schema.json\n"
        "system: fw\nkind: aircraft\nid: remote\n"
        "performance: {$ref: 'http://127.0.0.1:9/band.yaml'}\n", encoding="utf-8")
    (pack / "fwdata-pack.yaml").write_text("$schema: http://127.0.0.1:9/pack.schema.json\nid: my-pack\n"
                                           "name: My pack\nversion: '1.0'\n", encoding="utf-8")
    result = check_sources([pack], BuildOptions())
    assert attempts == []
    assert [f.code for f in result.report.findings if "remote.yaml" in f.location.path]


def test_reading_under_a_large_cap_allocates_what_the_file_holds(tmp_path: Path) -> None:
    (tmp_path / "small.bin").write_bytes(b"x" * 1000)
    tracemalloc.start()
    data = read_in_pack(tmp_path, tmp_path / "small.bin", 4 * 1024**3)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    assert data == b"x" * 1000 and peak < 16 * 1024**2  # one read(4 GiB + 1) allocated 4 GiB first


def test_a_path_spelled_with_dot_dot_out_of_the_pack_is_refused_and_never_opened(pack: Path,
                                                                                  opened: list[str]) -> None:
    with pytest.raises(Refused) as refused:
        read_in_pack(pack, pack / "cards" / ".." / ".." / "outside" / "secret.yaml", 1000)
    assert refused.value.code == "SOURCE-OUTSIDE-PACK"
    assert not any("secret" in name for name in opened)


def test_a_pack_named_through_a_link_reads_its_files_beneath_its_real_folder(pack: Path, opened: list[str]) -> None:
    link = pack.parent / "named"
    link.symlink_to(pack, target_is_directory=True)
    assert read_in_pack(link, link / "cards" / "fw" / "plain.yaml", 1000) == CARD.encode()
    real = pack.resolve()
    assert opened[:4] == [str(real), str(real / "cards"), str(real / "cards/fw"), str(real / "cards/fw/plain.yaml")]


def test_a_file_beneath_a_folder_link_inside_the_pack_is_read_from_its_real_place(pack: Path) -> None:
    (pack / "cards" / "alias").symlink_to(pack / "cards" / "fw", target_is_directory=True)
    assert read_in_pack(pack, pack / "cards" / "alias" / "plain.yaml", 1000) == CARD.encode()


def test_a_folder_moved_and_made_again_between_two_reads_is_read_where_it_is_now(pack: Path) -> None:
    """Nothing is kept open between a pack's files: a folder renamed and made again (by a git checkout, say) is read
    anew, as a language server holding the pack for a long time must."""
    read = resolve_pack([pack])
    fw = pack / "cards" / "fw"
    assert read.read(fw / "plain.yaml", 1000) == CARD.encode()
    fw.rename(pack / "cards" / "old")
    fw.mkdir()
    (fw / "plain.yaml").write_text(CARD.replace("id: x", "id: y"), encoding="utf-8")
    assert read.read(fw / "plain.yaml", 1000) == CARD.replace("id: x", "id: y").encode()


def test_a_folder_swapped_for_a_link_out_of_the_pack_is_never_read_through(pack: Path, opened: list[str]) -> None:
    """The pack's `cards/fw` is opened for its first file, then moved aside and a link to a folder outside the pack
    put in its place: a file of the link is refused, and nothing outside the pack is opened."""
    read = resolve_pack([pack])
    fw = pack / "cards" / "fw"
    assert read.read(fw / "plain.yaml", 1000) == CARD.encode()
    fw.rename(pack / "cards" / "moved")
    fw.symlink_to(pack.parent / "outside", target_is_directory=True)
    with pytest.raises(Refused) as refused:
        read.read(fw / "secret.yaml", 1000)
    assert refused.value.code == "SOURCE-OUTSIDE-PACK"
    assert not any("secret" in name or "outside" in name for name in opened)


@pytest.mark.parametrize("root", [".", ""])
def test_an_absolute_path_is_not_under_a_pack_named_as_the_current_folder(pack: Path, opened: list[str],
                                                                         monkeypatch: pytest.MonkeyPatch,
                                                                         root: str) -> None:
    """`fwdata build .` in a pack: a manifest's `baseline: /elsewhere/known.json` is `Path(".") / "/elsewhere/..."`,
    an absolute path that shares the root's (empty) leading parts but lies outside the pack."""
    monkeypatch.chdir(pack)
    with pytest.raises(Refused) as refused:
        read_in_pack(Path(root), pack.parent / "outside" / "secret.yaml", 1000)
    assert refused.value.code == "SOURCE-OUTSIDE-PACK"
    assert not any("secret" in name or "outside" in name for name in opened)
    assert read_in_pack(Path(root), Path("cards/fw/plain.yaml"), 1000) == CARD.encode()


@pytest.mark.parametrize(("root", "path"), [("/dev", "/dev/null"), ("/proc", "/proc/cpuinfo"),
                                            ("/", "/proc/cpuinfo")])
def test_a_system_file_spelled_under_the_root_is_refused_before_it_is_opened(opened: list[str], root: str,
                                                                              path: str) -> None:
    """Opening a device may act (a tape rewinds, a watchdog starts): a file under /dev, /proc or /sys is refused
    unopened, as `admit` refuses it, also when spelled beneath a pack root without a link on the way."""
    with pytest.raises(Refused) as refused:
        read_in_pack(Path(root), Path(path), 1000)
    assert refused.value.code == "SOURCE-OUTSIDE-PACK"
    assert not [name for name in opened if name.startswith(("/dev/", "/proc/"))]


def test_a_manifest_baseline_whose_name_holds_a_nul_is_a_finding_not_a_traceback(pack: Path) -> None:
    """YAML's `"\\0"` escape puts a NUL in a string: a path holding one names no file (os.open raises ValueError)."""
    (pack / "fwdata-pack.yaml").write_text('id: my-pack\nname: My pack\nversion: \'1.0\'\nbaseline: "a\\0.json"\n',
                                           encoding="utf-8")
    with pytest.raises(Refused) as refused:
        read_in_pack(pack, pack / "a\0.json", 1000)
    assert (refused.value.code, refused.value.message) == (
        "SOURCE-UNREADABLE", "cannot read file: its name holds a NUL character")
    result = CliRunner().invoke(main, ["check", "--no-cache", str(pack)])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert result.exit_code == 1


def test_a_file_a_thousand_folders_deep_is_found_and_read(tmp_path: Path) -> None:
    """Its folders are listed and opened one after the other, not by a call for each (a RecursionError past Python's
    limit of 1,000 calls)."""
    (tmp_path / "cards").mkdir()
    folder = os.open(tmp_path / "cards", os.O_RDONLY)
    for _ in range(1100):
        os.mkdir("a", dir_fd=folder)
        inner = os.open("a", os.O_RDONLY, dir_fd=folder)
        os.close(folder)
        folder = inner
    descriptor = os.open("x.yaml", os.O_WRONLY | os.O_CREAT, dir_fd=folder)
    os.write(descriptor, CARD.encode())
    os.close(descriptor)
    os.close(folder)
    deep = tmp_path.joinpath("cards", *["a"] * 1100, "x.yaml")
    try:
        assert read_in_pack(tmp_path, deep, 1000) == CARD.encode()
        result = CliRunner().invoke(main, ["check", "--no-cache", str(tmp_path)])
        assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
        assert f"{_shown(deep)}:1:1: error SCHEMA" in result.output
    finally:  # removed folder by folder: shutil.rmtree (pytest's clean-up) calls itself for each
        deep.unlink()
        for folder in deep.parents:
            if folder == tmp_path / "cards":
                break
            folder.rmdir()
