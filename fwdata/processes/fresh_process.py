"""One call in a fresh process that holds none of this one's memory, sent only the items it reads.

A forked worker starts with everything its parent holds: at 5,000 cards, the whole checked
pack. A new Python process holds only what it imports. `call_fresh` gives it a sequence that
stands for a long list of items here: reading a slice of it asks this process for those items,
which are pickled and sent through the new process's standard input, so they are never all
there at once, and the ones it never reads are never sent. fwdata/output/rendering.py draws a large
imposed card sheet this way (fwdata/game_system.py `ImposedSheet`): a sheet copied from the last
build reads no card.

The process is started with `subprocess`, not multiprocessing's "spawn", which first runs the
caller's main script again in the new process: a script calling fwdata's build without an
`if __name__ == "__main__":` guard would run twice.
"""

from __future__ import annotations

import json
import os
import pickle
import select
import signal
import subprocess
import sys
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager, suppress
from typing import IO, Any, TypeVar, overload

from fwdata.errors import FwdataError

Result = TypeVar("Result")

_WAIT_S = 0.25  # how long the caller waits for a message at a time: a Ctrl-C is handled when it wakes
_START = ("import json, sys; sys.path[:] = json.loads(sys.argv[1]); "
          "from fwdata.processes.fresh_process import serve; serve()")  # this one's sys.path, then serve


class ProcessLost(FwdataError):
    """The fresh process ended without giving its result (killed, or out of memory)."""


def call_fresh(function: Callable[..., Result], items: Sequence[Any], *args: Any, what: str) -> Result:
    """Return `function(items, *args)` computed in a fresh process, which is sent each item when it reads it.

    `function` is a module-level function (or a `functools.partial` of one); it, `args`, each
    item and the result must pickle. There `items` is a sequence of the same length whose
    elements and slices are fetched from here as they are read, each read a round trip. The
    process ignores Ctrl-C from its start: a Ctrl-C here stops it and is raised here. An
    exception `function` raises is raised here as it was raised there. When the process cannot
    be started, the call is made in this process; when it ends without a result, ProcessLost
    says `what` it was doing. On Windows, where `select` cannot wait on a pipe, the call is made here.
    """
    if sys.platform == "win32":
        return function(items, *args)
    try:
        with _sigint_ignored():  # inherited through exec: the new interpreter then never installs its own
            process = subprocess.Popen([sys.executable, "-c", _START, json.dumps(sys.path)],
                                       stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    except OSError:
        return function(items, *args)
    assert process.stdin is not None and process.stdout is not None
    try:
        _send(process.stdin, (function, args, len(items)))
        while True:  # one message at a time: the process waits for the answer to each before the next
            while not select.select([process.stdout], [], [], _WAIT_S)[0]:
                pass
            try:
                message = pickle.load(process.stdout)
            except (EOFError, pickle.UnpicklingError):  # it ended before its message was whole
                code = process.wait()
                raise ProcessLost(f"the process {what} ended without its result (" + (
                    f"killed by signal {-code}: out of memory?)" if code < 0 else f"exit status {code})")) from None
            if message[0] != "need":
                break
            _send(process.stdin, [items[index] for index in message[1]])
    except BaseException:
        process.kill()  # this process stops first (Ctrl-C): so does that one
        raise
    finally:
        process.wait()
        for stream in (process.stdin, process.stdout):
            with suppress(OSError):  # what could not be flushed to a process that has ended
                stream.close()
    _, failed, value = message
    if failed:
        raise value
    return value


def _send(stream: IO[bytes], value: Any) -> None:
    """Write `value` to the process; a process that has ended is found when its next message is read."""
    with suppress(OSError):
        pickle.dump(value, stream)
        stream.flush()


def serve() -> None:
    """The fresh process: make the call, fetching items as they are read; write back the result or exception.

    The messages go to what was standard output, which is then pointed at standard error, so
    nothing the call prints can be taken for one.
    """
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    messages = os.fdopen(os.dup(1), "wb")
    os.dup2(2, 1)
    sys.stdout = sys.stderr
    try:
        function, args, count = pickle.load(sys.stdin.buffer)
    except EOFError:  # the caller ended before sending the call
        return
    items = _Fetched(count, sys.stdin.buffer, messages)
    try:
        reply: tuple[str, bool, Any] = ("done", False, function(items, *args))
    except Exception as exc:  # raised in the caller, as a forked pool's worker's is
        reply = ("done", True, exc)
    try:
        data = pickle.dumps(reply)
    except Exception as exc:  # an exception or result that does not pickle
        data = pickle.dumps(("done", True, ProcessLost(f"the result of {function!r} could not be sent back: {exc}")))
    with suppress(OSError), messages:  # the caller has ended (killed): nobody is left to tell
        messages.write(data)


class _Fetched(Sequence[Any]):
    """The caller's items, each slice or element asked of it when it is read."""

    def __init__(self, count: int, received: IO[bytes], messages: IO[bytes]) -> None:
        self._count = count
        self._received = received
        self._messages = messages

    def __len__(self) -> int:
        return self._count

    @overload
    def __getitem__(self, index: int) -> Any: ...

    @overload
    def __getitem__(self, index: slice) -> list[Any]: ...

    def __getitem__(self, index: int | slice) -> Any:
        wanted = range(self._count)[index]  # IndexError past the end, as a list's
        pickle.dump(("need", list(wanted) if isinstance(wanted, range) else [wanted]), self._messages)
        self._messages.flush()
        fetched = pickle.load(self._received)
        return fetched if isinstance(index, slice) else fetched[0]


@contextmanager
def _sigint_ignored() -> Iterator[None]:
    """Ignore Ctrl-C for the block where Python can set handlers (the main thread); a forked worker already does."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
