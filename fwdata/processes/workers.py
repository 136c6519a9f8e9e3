"""Both cores: run a function over many items in forked processes, results in input order."""

from __future__ import annotations

import os
import signal
import threading
import time
from collections.abc import Callable, Generator, Sequence
from typing import Any, TypeVar

from fwdata.processes.interrupts import interrupts_deferred

Item = TypeVar("Item")
State = TypeVar("State")
Result = TypeVar("Result")

# Below these amounts, starting processes costs more than it saves.
PARALLEL_FROM_FILES = 200  # YAML files to load (about 2 MiB of cards)
PARALLEL_FROM_CARDS = 200  # cards to check against the rules
PARALLEL_FROM_OUTPUTS = 64  # files to render
MAX_CHUNK = 8  # items a worker takes at a time: what Ctrl-C waits for at most
_PARENT_CHECK_S = 0.2  # how often a worker looks whether its parent is still there

_shared: tuple[Callable[[Any, int], Any], Any] | None = None  # what forked workers of `iter_shared` inherit


def available_cores() -> int:
    """Return the number of cores this process may run on (at least 1)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


def worker_count(jobs: int | None, worth_it: bool, items: int) -> int:
    """Return how many processes to use: `jobs` when given, else every core when `worth_it`, else one."""
    wanted = jobs if jobs is not None else (available_cores() if worth_it else 1)
    return max(1, min(wanted, items))


def map_shared(function: Callable[[State, int], Result], state: State, count: int, *, jobs: int | None,
               worth_it: bool, done: Callable[[int], None] = lambda count: None) -> list[Result]:
    """Return `[function(state, index) for index in range(count)]`, in order, by forked processes (`iter_shared`)."""
    return list(iter_shared(function, state, count, jobs=jobs, worth_it=worth_it, done=done))


def iter_shared(function: Callable[[State, int], Result], state: State, count: int, *, jobs: int | None,
                worth_it: bool, done: Callable[[int], None] = lambda count: None) -> Generator[Result, None, None]:
    """Yield `function(state, index)` for each index in `range(count)`, in order, computed by forked processes.

    For work over a large shared state (a catalog, a pack to read): forked workers inherit
    `state` and `function` instead of receiving them pickled; only indices and
    results cross, and each result is yielded as soon as those before it are,
    so the caller need not hold them all. `done(count)` is called before each
    result is yielded. Where processes cannot be forked (Windows, macOS's
    default), or the pool fails, this process does the remaining work. Closing
    the generator early cancels the work not yet started and returns when the
    work under way has finished, so no worker runs on after it.
    """
    global _shared
    workers = worker_count(jobs, worth_it, count)
    produced = 0
    if workers > 1:  # imported here: a run that forks no worker (a check of a few files) never loads them
        import multiprocessing
        from concurrent.futures.process import BrokenProcessPool
    if workers > 1 and "fork" in multiprocessing.get_all_start_methods():
        _shared = (function, state)
        pooled = _pooled(_call_shared, range(count), workers, multiprocessing.get_context("fork"))
        try:
            for result in pooled:
                produced += 1
                done(produced)
                yield result
        except (BrokenProcessPool, OSError):
            pass
        finally:
            pooled.close()  # shuts the pool down, waiting for the work under way
            _shared = None
    for index in range(produced, count):
        result = function(state, index)
        done(index + 1)
        yield result


def _call_shared(index: int) -> Any:
    assert _shared is not None, "iter_shared sets the state before forking"
    function, state = _shared
    return function(state, index)


def _pooled(function: Callable[[Item], Result], items: Sequence[Item], workers: int, context: Any
            ) -> Generator[Result, None, None]:
    """Yield `function(item)` for each item, in order, from a pool of `workers` processes.

    Workers ignore Ctrl-C: the parent alone handles it (one quiet "Aborted!", no traceback per
    worker); when it stops early, for Ctrl-C or an error, work not yet started is cancelled and the
    chunks under way finish (a worker ended mid-result can leave the pool's reader waiting forever),
    so chunks are small; further Ctrl-Cs take effect once they have. The parent waits for each
    result a quarter second at a time: a signal that reaches another of its threads is only
    handled once the main thread wakes.
    """
    from concurrent.futures import ProcessPoolExecutor

    chunk = max(1, min(MAX_CHUNK, len(items) // (workers * 8)))
    pool = ProcessPoolExecutor(max_workers=workers, mp_context=context, initializer=_worker_started,
                               initargs=(os.getpid(),))
    try:
        futures = [pool.submit(_apply_to_all, function, items[start:start + chunk])
                   for start in range(0, len(items), chunk)]
        for future in futures:
            while True:
                try:
                    results = future.result(timeout=0.25)
                    break
                except TimeoutError:
                    continue
            yield from results
    finally:
        with interrupts_deferred():  # a second Ctrl-C here left workers never told to stop, waited for at exit
            pool.shutdown(wait=True, cancel_futures=True)


def _worker_started(parent: int) -> None:
    """Set up a forked worker: Ctrl-C is left to `parent`, and the worker ends soon after `parent` does.

    A pool's workers wait for work from their parent; one whose parent was killed (SIGKILL: the
    out-of-memory killer, a CI timeout) would wait forever, holding what it inherited, the build
    folder's lock among it. A worker's parent is gone when the worker is given another.
    """
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    threading.Thread(target=_end_with, args=(parent,), daemon=True).start()


def _end_with(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(_PARENT_CHECK_S)
    os._exit(1)


def _apply_to_all(function: Callable[[Item], Result], items: Sequence[Item]) -> list[Result]:
    return [function(item) for item in items]
