"""Both cores: a pool gives the results, progress and findings of a serial run, in the same order."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from fwdata.library import library_root
from fwdata.processes.workers import map_shared
from fwdata.progress import no_progress
from fwdata.sources.loading import load_files
from fwdata.sources.pack import Pack, resolve_pack


def test_small_work_stays_in_this_process_unless_jobs_are_asked_for(monkeypatch) -> None:
    monkeypatch.setattr("fwdata.processes.workers._pooled",
                        lambda *args: (_ for _ in ()).throw(AssertionError("pooled")))
    assert map_shared(power, 3, 4, jobs=None, worth_it=False) == [1, 3, 9, 27]


def power(base: int, exponent: int) -> int:
    return base**exponent


def test_map_shared_gives_forked_workers_the_state_and_keeps_order() -> None:
    state = {"base": 2, "unpicklable": lambda: None}  # inherited by fork, never pickled
    assert map_shared(lambda shared, index: shared["base"] ** index, state, 300, jobs=2, worth_it=True) == [
        2**index for index in range(300)]


def test_map_shared_reports_each_result_in_order_with_one_or_two_processes() -> None:
    for jobs in (1, 2):
        counts: list[int] = []
        assert map_shared(power_of_three, None, 50, jobs=jobs, worth_it=True, done=counts.append) == [
            3**index for index in range(50)]
        assert counts == list(range(1, 51))


def power_of_three(_: None, index: int) -> int:
    return 3**index


def copied_cards(pack: Path) -> list[Path]:
    """Copy the base library's fw cards into the folder `pack`; return the originals."""
    pack.mkdir(parents=True)
    cards = sorted((library_root() / "cards" / "fw").glob("*.yaml"))
    for card in cards:
        (pack / card.name).write_bytes(card.read_bytes())
    return cards


def test_parallel_loading_equals_serial_loading(tmp_path: Path) -> None:
    pack = tmp_path / "pack" / "cards"
    cards = copied_cards(pack)
    (pack / "broken.yaml").write_text("a:\n  b: 1\n c: 2\n", encoding="utf-8")
    (pack / "not-utf8.yaml").write_bytes(b"a: caf\xe9\n")
    serial = load_files(resolve_pack([pack]), no_progress, jobs=1)
    parallel = load_files(resolve_pack([pack]), no_progress, jobs=2)
    assert parallel == serial
    assert len(serial[0]) == len(cards) > 5
    assert [finding.code for finding in serial[1]] == ["YAML-SYNTAX", "YAML-ENCODING"]


def long_texts(data: object) -> list[str]:
    """Every string of `data` over 64 characters (the length up to which the YAML loader interns), in order."""
    if isinstance(data, dict):
        return [text for value in data.values() for text in long_texts(value)]
    if isinstance(data, list):
        return [text for value in data for text in long_texts(value)]
    return [data] if isinstance(data, str) and len(data) > 64 else []


@pytest.mark.parametrize("jobs", [1, 2])
def test_copies_of_a_card_share_their_texts_whichever_process_parsed_them(tmp_path: Path, jobs: int) -> None:
    pack = tmp_path / "pack" / "cards"
    card = copied_cards(pack)[0]
    for copy in range(3):
        (pack / f"copy-{copy}.yaml").write_bytes(card.read_bytes().replace(b"id: ", f"id: c{copy}".encode(), 1))
    documents, findings, _ = load_files(resolve_pack([pack]), no_progress, jobs=jobs)
    assert findings == []
    copies = [long_texts(document.data) for document in documents if document.path.endswith(
        ("copy-0.yaml", "copy-1.yaml", "copy-2.yaml", card.name))]
    assert len(copies) == 4 and copies[0]
    assert all(len(texts) == len(copies[0]) for texts in copies)
    for texts in zip(*copies, strict=True):
        assert len({id(text) for text in texts}) == 1, texts[0]


def test_loading_holds_one_file_s_bytes_at_a_time(tmp_path: Path, monkeypatch) -> None:
    pack = tmp_path / "pack" / "cards"
    cards = copied_cards(pack)
    live, most = [0], [0]

    class Counted(bytes):
        def __del__(self) -> None:
            live[0] -= 1

    read = Pack.read

    def counted_read(self: Pack, path: Path, max_bytes: int) -> bytes:
        data = Counted(read(self, path, max_bytes))
        live[0] += 1
        most[0] = max(most[0], live[0])
        return data

    monkeypatch.setattr(Pack, "read", counted_read)
    documents, findings, _ = load_files(resolve_pack([pack]), no_progress, jobs=1)
    assert (len(documents), findings) == (len(cards), [])
    # A document read by the fast loader keeps its own file's bytes, to find positions in when a finding asks
    # (fwdata/sources/document.py): one copy of each file at most, never two at once.
    assert live[0] <= len(cards) and most[0] <= live[0] + 1


INTERRUPTED_POOL = """
import sys, time
from fwdata.processes.workers import iter_shared

def quick(marker, index):
    open(marker, "a").close()  # a worker has run
    return index

try:
    for _ in iter_shared(quick, sys.argv[1], 400, jobs=2, worth_it=True):
        time.sleep(0.05)  # the parent is busy with each result while the workers wait for more work
except KeyboardInterrupt:
    print("interrupted")
"""


def started_pool(script: str, marker: Path) -> subprocess.Popen[bytes]:
    """Run `script` in its own process group; return it once one of its pool's workers has touched `marker`."""
    process = subprocess.Popen([sys.executable, "-c", script, str(marker)], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, start_new_session=True)
    for _ in range(600):
        if marker.exists() or process.poll() is not None:
            break
        time.sleep(0.1)
    assert marker.exists(), "no worker started"
    return process


def test_ctrl_c_in_a_pool_stops_every_process_without_worker_tracebacks(tmp_path: Path) -> None:
    process = started_pool(INTERRUPTED_POOL, tmp_path / "running")
    os.killpg(process.pid, signal.SIGINT)  # what Ctrl-C does: every process of the foreground group
    out, err = process.communicate(timeout=120)
    assert out.decode() == "interrupted\n"
    assert "Traceback" not in err.decode() and "KeyboardInterrupt" not in err.decode(), err.decode()


TWICE_INTERRUPTED_POOL = """
import sys, time
from fwdata.processes.workers import iter_shared

def slow(marker, index):
    open(marker, "a").close()  # a worker has run
    time.sleep(1.0)
    return index

try:
    for _ in iter_shared(slow, sys.argv[1], 40, jobs=2, worth_it=True):
        pass
except KeyboardInterrupt:
    print("interrupted", flush=True)
"""


def test_a_second_ctrl_c_while_the_pool_stops_does_not_hang_it(tmp_path: Path) -> None:
    """The first Ctrl-C stops the pool, which waits for the chunks under way; a second one, impatient,
    lands in that wait. It is held until the pool has stopped: cut short, the pool's workers never heard
    they should stop and the process waited for them at exit for ever."""
    process = started_pool(TWICE_INTERRUPTED_POOL, tmp_path / "running")
    os.killpg(process.pid, signal.SIGINT)
    time.sleep(0.5)  # the chunks under way take 2 s to finish
    os.killpg(process.pid, signal.SIGINT)
    try:
        out, err = process.communicate(timeout=60)
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
    assert out.decode() == "interrupted\n" and process.returncode == 0, err.decode()
    with pytest.raises(ProcessLookupError):
        os.killpg(process.pid, 0)  # no worker is left behind
