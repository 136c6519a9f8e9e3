"""Write stage under kills and concurrent builds: the build folder is always a whole old or a whole new build."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pytest

from fwdata.game_system import Output
from fwdata.output import write
from fwdata.output.build_claim import claim_build_folder, write_outputs
from fwdata.output.write import BUILD_MARKER, MARKER_TEXT

ROOT = Path(__file__).resolve().parent.parent
OLD = [Output("fw/aircraft/a.pdf", b"old a"), Output("fw/table.pdf", b"old t"), Output("only-old.pdf", b"o")]
NEW = [Output("fw/aircraft/a.pdf", b"new a"), Output("fw/table.pdf", b"new t"), Output("fl/only-new.pdf", b"n")]
THIRD = [Output("fw/aircraft/a.pdf", b"third a"), Output("aoa/chart.pdf", b"third c")]


class Killed(BaseException):
    """Stands for SIGKILL at a step of the write stage: no `except OSError` handler sees it."""


def tree(folder: Path) -> dict[str, bytes] | None:
    """Every file under `folder` with its bytes, or None when the folder is missing."""
    if not folder.exists():
        return None
    return {str(path.relative_to(folder)): path.read_bytes() for path in sorted(folder.rglob("*")) if path.is_file()}


def build(outputs: Sequence[Output] | None) -> dict[str, bytes] | None:
    """The tree a build of `outputs` leaves (None: no build yet)."""
    return None if outputs is None else {**{o.path: o.data for o in outputs}, BUILD_MARKER: MARKER_TEXT}


def killed_at(step: int, outputs: Sequence[Output], out: Path, monkeypatch: pytest.MonkeyPatch) -> bool:
    """Write `outputs` into `out`, killed at the `step`th rename, replace, rmtree or file write; whether it was."""
    calls = 0

    def killing(function: Callable[..., Any]) -> Callable[..., Any]:
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            nonlocal calls
            calls += 1
            if calls == step:
                raise Killed
            return function(*args, **kwargs)
        return wrapper

    with monkeypatch.context() as patch:
        for owner, name in ((os, "rename"), (os, "replace"), (shutil, "rmtree"), (write, "_write_new")):
            patch.setattr(owner, name, killing(getattr(owner, name)))
        try:
            write_outputs(outputs, out)
        except Killed:
            return True
    return False


def recovered(out: Path) -> dict[str, bytes] | None:
    """The tree of `out` once the next run has recovered it (claimed, nothing written)."""
    with claim_build_folder(out):
        pass
    return tree(out)


def assert_clean_rebuild(out: Path, outputs: Sequence[Output]) -> None:
    write_outputs(outputs, out)
    assert tree(out) == build(outputs)
    assert os.listdir(out.parent) == [out.name]  # no new/old sibling, no lock file


@pytest.mark.parametrize("old", [OLD, None], ids=["over-a-build", "first-build"])
def test_a_kill_at_any_step_leaves_the_whole_old_or_new_build(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                               old: list[Output] | None) -> None:
    steps, missing = 0, 0
    for step in range(1, 100):
        out = tmp_path / str(step) / "build"
        out.parent.mkdir()
        if old is not None:
            write_outputs(old, out)
        if not killed_at(step, NEW, out, monkeypatch):
            break
        steps = step
        left = tree(out)
        if left is None and old is not None:
            missing += 1  # between the two renames of the swap: the next run must put a whole build back
        else:
            assert left in (build(old), build(NEW)), step
        assert recovered(out) in (build(old), build(NEW)), step
        assert_clean_rebuild(out, NEW)
    # every file write and the marker, then (over a build) rename old away, rename new in, delete old
    assert steps == len(NEW) + 1 + (3 if old is not None else 1)
    assert missing == (1 if old is not None else 0)


def killed_twice(first: int, second: int, out: Path, monkeypatch: pytest.MonkeyPatch) -> bool | None:
    """Over OLD, build NEW killed at step `first`, then THIRD killed at step `second`.

    Returns None when the first build was not killed, False when the second was not, else True.
    """
    out.parent.mkdir()
    write_outputs(OLD, out)
    if not killed_at(first, NEW, out, monkeypatch):
        return None
    return killed_at(second, THIRD, out, monkeypatch)


def test_a_kill_during_recovery_still_leaves_a_whole_build(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Kill a build at step k, then the next build at step j (its recovery included), for every k and j."""
    pairs = 0
    for first in range(1, 100):
        for second in range(1, 100):
            out = tmp_path / f"{first}-{second}" / "build"
            killed = killed_twice(first, second, out, monkeypatch)
            if killed is None or not killed:
                break
            pairs += 1
            assert recovered(out) in (build(OLD), build(NEW), build(THIRD)), (first, second)
            assert_clean_rebuild(out, THIRD)
        if killed is None:
            break
        assert tree(out) == build(THIRD)  # the second build, no longer killed, finished
    assert first == len(NEW) + 1 + 3 + 1
    # the second build's steps: its file writes, marker and swap, after its recovery of what the first left:
    # a new sibling to delete (kills 1-5), the swap's window to finish and the old sibling to delete (6),
    # the old sibling to delete (7)
    assert pairs == sum(len(THIRD) + 1 + 3 + recovery for recovery in (1, 1, 1, 1, 1, 2, 1))


CHILD = """
import os, shutil, signal, sys
from pathlib import Path
from fwdata.output import build_claim
from fwdata.output import write
from fwdata.errors import OutputError
from fwdata.game_system import Output

out, step, pause = Path(sys.argv[1]), int(sys.argv[2]), sys.argv[3] == "pause"
outputs = [Output(f"fw/aircraft/{n}.pdf", sys.argv[4].encode() * 1000) for n in range(int(sys.argv[5]))]
calls = 0

def hooked(function):
    def wrapper(*args, **kwargs):
        global calls
        calls += 1
        if calls == step and pause:
            print("ready", flush=True)
            sys.stdin.readline()
        elif calls == step:
            os.kill(os.getpid(), signal.SIGKILL)
        return function(*args, **kwargs)
    return wrapper

os.rename, os.replace, shutil.rmtree = hooked(os.rename), hooked(os.replace), hooked(shutil.rmtree)
write._write_new = hooked(write._write_new)
try:
    build_claim.write_outputs(outputs, out)
except OutputError as exc:
    print(f"fwdata: {exc}", file=sys.stderr)
    sys.exit(exc.exit_code)
"""


def child(out: Path, step: int, mode: str, text: str, count: int, **popen: Any) -> subprocess.Popen[str]:
    """Start a process writing `count` outputs full of `text` into `out`, killed or paused at `step` (0: never)."""
    return subprocess.Popen([sys.executable, "-c", CHILD, str(out), str(step), mode, text, str(count)],
                            cwd=ROOT, text=True, **popen)


def child_build(text: str, count: int) -> dict[str, bytes]:
    return {**{f"fw/aircraft/{n}.pdf": text.encode() * 1000 for n in range(count)}, BUILD_MARKER: MARKER_TEXT}


def test_sigkill_at_any_step_of_a_real_process(tmp_path: Path) -> None:
    """A real SIGKILL: no handler, no `finally`, the lock released by the OS alone."""
    for step in range(1, 100):
        out = tmp_path / str(step) / "build"
        out.parent.mkdir()
        write_outputs([Output("fw/aircraft/0.pdf", b"old"), Output("only-old.pdf", b"o")], out)
        old = tree(out)
        process = child(out, step, "kill", "new", 3)
        if process.wait() == 0:
            assert tree(out) == child_build("new", 3)
            break
        assert process.returncode == -signal.SIGKILL
        assert tree(out) in (old, child_build("new", 3), None), step
        assert recovered(out) in (old, child_build("new", 3)), step
        process = child(out, 0, "kill", "new", 3)
        assert process.wait() == 0
        assert tree(out) == child_build("new", 3)
        assert os.listdir(out.parent) == ["build"], step
    assert step == 3 + 1 + 3 + 1  # three files and the marker, two renames and a delete, then a whole run


def test_a_second_build_while_one_is_writing_stops_with_one_line(tmp_path: Path) -> None:
    out = tmp_path / "build"
    write_outputs([Output("fw/aircraft/0.pdf", b"old")], out)
    first = child(out, 5, "pause", "first", 3, stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    assert first.stdout is not None and first.stdin is not None
    assert first.stdout.readline() == "ready\n"  # paused between its last file and its swap, holding the lock
    second = child(out, 0, "kill", "second", 3, stderr=subprocess.PIPE)
    _, stderr = second.communicate()
    assert second.returncode == 2
    assert stderr == (f"fwdata: another fwdata build is writing {out} (lock {tmp_path / '.build.fwdata-lock'}); "
                      "run again when it has finished\n")
    first.stdin.write("go\n")
    first.stdin.close()
    assert first.wait() == 0
    assert tree(out) == child_build("first", 3)
    assert os.listdir(tmp_path) == ["build"]


def test_concurrent_builds_never_mix(tmp_path: Path) -> None:
    """Two processes started together: each writes its whole build or stops with exit 2, never a mix."""
    out = tmp_path / "build"
    for attempt in range(8):
        processes = [child(out, 0, "kill", text, 40, stderr=subprocess.PIPE) for text in ("left", "right")]
        results = [(process.wait(), process.stderr.read() if process.stderr else "") for process in processes]
        for process in processes:
            if process.stderr:
                process.stderr.close()
        for code, stderr in results:
            assert code == 0 and stderr == "" or code == 2 and stderr.startswith(
                "fwdata: another fwdata build is writing") and stderr.count("\n") == 1, (attempt, code, stderr)
        assert any(code == 0 for code, _ in results)
        assert tree(out) in (child_build("left", 40), child_build("right", 40)), attempt
        assert os.listdir(tmp_path) == ["build"]


def test_a_killed_builds_lock_file_and_leftovers_do_not_block_the_next(tmp_path: Path) -> None:
    out = tmp_path / "build"
    process = child(out, 5, "kill", "new", 3)  # killed holding the lock, before its first rename
    assert process.wait() == -signal.SIGKILL
    assert sorted(os.listdir(tmp_path))[0] == ".build.fwdata-lock"
    assert_clean_rebuild(out, NEW)


def live_children(pid: int) -> set[int]:
    """The processes whose parent is `pid` and that have not ended (zombies count as ended), from /proc."""
    found = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()  # after the command's name
            except OSError:
                continue
            if int(fields[1]) == pid and fields[0] != "Z":
                found.add(int(entry.name))
    return found


def alive(pid: int) -> bool:
    try:
        return (Path("/proc") / str(pid) / "stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc; workers are forked on Linux")
def test_a_killed_parallel_build_takes_its_workers_and_the_lock_with_it(tmp_path: Path) -> None:
    """SIGKILL (the out-of-memory killer, a CI timeout) gives the build's forked workers no word: they must not
    live on holding the build folder's lock, or every later build would find the folder in use."""
    sys.path.insert(0, str(ROOT / "bench"))
    from generate_pack import generate

    pack, out = generate(tmp_path / "pack", cards=100), tmp_path / "build"
    process = subprocess.Popen([sys.executable, "-m", "fwdata", "build", str(pack), "--out", str(out), "-j", "2",
                                "--no-progress", "-q"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 60
        while len(workers := live_children(process.pid)) < 2:
            assert process.poll() is None and time.monotonic() < deadline, "no workers were forked"
            time.sleep(0.02)
    finally:
        process.kill()
    assert process.wait() == -signal.SIGKILL
    deadline = time.monotonic() + 10
    while any(map(alive, workers)) and time.monotonic() < deadline:
        time.sleep(0.05)
    lived_on = [pid for pid in workers if alive(pid)]
    for pid in lived_on:
        os.kill(pid, signal.SIGKILL)  # not left behind when this fails
    assert not lived_on, "the workers lived on after their build was killed"
    with claim_build_folder(out):
        pass  # the lock is free
