"""A call in a fresh process that is sent the items it reads: fwdata/processes/fresh_process.py."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from fwdata.processes.fresh_process import ProcessLost, call_fresh


@pytest.fixture
def calls(monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    """tests/fresh_calls.py, importable by the fresh process (it gets this one's sys.path)."""
    monkeypatch.syspath_prepend(str(Path(__file__).parent))
    monkeypatch.delitem(sys.modules, "fresh_calls", raising=False)
    import fresh_calls
    return fresh_calls


def test_the_call_is_made_in_another_process_on_the_items_in_order(calls: ModuleType) -> None:
    items = [("card", index, {"name": f"Bf 109 n{index}"}) for index in range(300)]
    pid, received, args, as_list = call_fresh(calls.received, items, "letter", 2, what="testing")
    assert pid != os.getpid()
    assert received == items
    assert args == ("letter", 2)
    assert not as_list  # fetched as they are read


def test_only_the_items_the_process_reads_are_sent(calls: ModuleType) -> None:
    calls.Sent.numbers.clear()
    assert call_fresh(calls.ends, [calls.Sent(number) for number in range(100)], what="testing") == (100, 0, 99,
                                                                                                      [2, 3])
    assert calls.Sent.numbers == [0, 99, 2, 3]


def test_no_items(calls: ModuleType) -> None:
    assert call_fresh(calls.received, [], what="testing")[1] == []


def test_the_process_ignores_ctrl_c(calls: ModuleType) -> None:
    assert call_fresh(calls.interrupted_then_counted, list(range(5)), what="testing") == 5


def test_an_exception_in_the_process_is_raised_here(calls: ModuleType) -> None:
    items = [f"card-{index}" + "x" * 4000 for index in range(2000)]  # far more than a pipe holds
    with pytest.raises(ValueError, match="card 'card-3x+' is broken"):
        call_fresh(calls.failing_at, items, items[3], what="testing")


def test_a_process_that_ends_without_its_result_is_an_error_naming_the_work(calls: ModuleType) -> None:
    with pytest.raises(ProcessLost, match=r"^the process drawing fw/aircraft.pdf ended without its result "
                                          r"\(exit status 3\)$"):
        call_fresh(calls.exiting, ["card"], 3, what="drawing fw/aircraft.pdf")


def test_a_process_killed_midway_is_an_error_that_says_so(calls: ModuleType) -> None:
    with pytest.raises(ProcessLost, match=r"killed by signal 9: out of memory\?"):
        call_fresh(calls.killed, ["card"] * 1000, what="testing")


def test_a_result_that_cannot_be_sent_back_is_an_error(calls: ModuleType) -> None:
    with pytest.raises(ProcessLost, match="could not be sent back"):
        call_fresh(calls.unpicklable, [1, 2], what="testing")


def test_when_no_process_can_start_the_call_is_made_here(calls: ModuleType, monkeypatch: pytest.MonkeyPatch) -> None:
    def refused(*args: Any, **kwargs: Any) -> None:
        raise OSError(11, "Resource temporarily unavailable")

    monkeypatch.setattr(subprocess, "Popen", refused)
    pid, received, _, _ = call_fresh(calls.received, [1, 2, 3], what="testing")
    assert (pid, received) == (os.getpid(), [1, 2, 3])


def test_what_the_call_prints_is_not_taken_for_its_result(calls: ModuleType, capfd: pytest.CaptureFixture[str]
                                                          ) -> None:
    assert call_fresh(calls.printing, ["Bf 109", "Fw 190"], what="testing") == 2
    assert "Bf 109" in capfd.readouterr().err


def test_an_unguarded_script_that_builds_runs_once(tmp_path: Path) -> None:
    """multiprocessing's "spawn" would run the script again in the new process, and build twice."""
    script = tmp_path / "script.py"
    script.write_text("from fwdata.processes.fresh_process import call_fresh\n"
                      "print('script ran')\n"
                      "print(call_fresh(sorted, [3, 1, 2], what='testing'))\n", encoding="utf-8")
    ran = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, check=True, cwd=tmp_path)
    assert ran.stdout.splitlines() == ["script ran", "[1, 2, 3]"]


def test_on_windows_the_call_is_made_here(calls: ModuleType, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "platform", "win32")
    pid, received, _, _ = call_fresh(calls.received, ["Sopwith Camel"], what="testing")
    assert (pid, received) == (os.getpid(), ["Sopwith Camel"])
