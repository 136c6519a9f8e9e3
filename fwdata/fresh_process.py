"""One call in a fresh process that holds none of this one's memory, its items streamed to it one at a time.

A forked worker starts with everything its parent holds: at 5,000 cards, the whole checked
pack. A new Python process holds only what it imports, and `call_fresh` sends it the items
of a long sequence through its standard input, each pickled as the process is ready for it,
so they are never all there at once. fwdata/rendering.py draws a large imposed card sheet
this way (fwdata/game_system.py `ImposedSheet`).

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
from contextlib import contextmanager
from typing import IO, Any, TypeVar

from fwdata.errors import FwdataError

Result = TypeVar("Result")

_WAIT_S = 0.25  # how long the caller waits for the result at a time: a Ctrl-C is handled when it wakes
_START = ("import json, sys; sys.path[:] = json.loads(sys.argv[1]); "
          "from fwdata.fresh_process import serve; serve()")  # the new process: this one's sys.path, then serve


class ProcessLost(FwdataError):
    """The fresh process ended without giving its result (killed, or out of memory)."""


def call_fresh(function: Callable[..., Result], items: Sequence[Any], *args: Any, what: str) -> Result:
    """Return `function(stream, *args)` computed in a fresh process, where `stream` yields `items` in order.

    `function` is a module-level function (or a `functools.partial` of one); it, `args`, each
    item and the result must pickle. A thread of this process sends the items while this one
    waits for the result, so neither side waits on the other. The process ignores Ctrl-C from
    its start: a Ctrl-C here stops it and is raised here. An exception `function` raises is
    raised here as it was raised there. When the process cannot be started, the call is made
    in this process; when it ends without a result, ProcessLost says `what` it was doing.
    """
    try:
        with _sigint_ignored():  # inherited through exec: the new interpreter then never installs its own
            process = subprocess.Popen([sys.executable, "-c", _START, json.dumps(sys.path)],
                                       stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    except OSError:
        return function(iter(items), *args)
    assert process.stdin is not None and process.stdout is not None
    feeder = threading.Thread(target=_feed, args=(process.stdin, function, args, items), daemon=True)
    feeder.start()
    try:
        while not select.select([process.stdout], [], [], _WAIT_S)[0]:
            pass
        try:
            failed, value = pickle.load(process.stdout)
        except (EOFError, pickle.UnpicklingError):  # it ended before its reply was whole
            code = process.wait()
            raise ProcessLost(f"the process {what} ended without its result (" + (
                f"killed by signal {-code}: out of memory?)" if code < 0 else f"exit status {code})")) from None
    except BaseException:
        process.kill()  # this process stops first (Ctrl-C): so does that one
        raise
    finally:
        process.wait()
        feeder.join()
        process.stdout.close()
    if failed:
        raise value
    return value


def _feed(stream: IO[bytes], function: Callable[..., Any], args: tuple[Any, ...], items: Sequence[Any]) -> None:
    """Send the call, then each item; a write waits while the process has no room for it."""
    try:
        with stream:
            pickle.dump((function, args, len(items)), stream)
            for item in items:
                pickle.dump(item, stream)
    except OSError:  # the process ended (an error it reports, or a Ctrl-C here): the rest is not needed
        pass


def serve() -> None:
    """The fresh process: make the call on the items as they arrive; write back (failed, the result or exception).

    The reply goes to what was standard output, which is then pointed at standard error, so
    nothing the call prints can be taken for it.
    """
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    replies = os.fdopen(os.dup(1), "wb")
    os.dup2(2, 1)
    sys.stdout = sys.stderr
    received = sys.stdin.buffer
    function, args, count = pickle.load(received)
    try:
        reply: tuple[bool, Any] = (False, function((pickle.load(received) for _ in range(count)), *args))
    except Exception as exc:  # raised in the caller, as a forked pool's worker's is
        reply = (True, exc)
    with replies:
        try:
            data = pickle.dumps(reply)
        except Exception as exc:  # an exception or result that does not pickle
            data = pickle.dumps((True, ProcessLost(f"the result of {function!r} could not be sent back: {exc}")))
        replies.write(data)


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
