"""Both cores: run a pure function over many items in a process pool, results in input order."""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import TypeVar

Item = TypeVar("Item")
Result = TypeVar("Result")

# Below this much work (bytes of YAML, say) starting processes costs more than it saves.
PARALLEL_FROM = 2 * 1024 * 1024


def available_cores() -> int:
    """Return the number of cores this process may run on (at least 1)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


def map_in_order(function: Callable[[Item], Result], items: Sequence[Item], *, jobs: int | None, work: int,
                 done: Callable[[int], None]) -> list[Result]:
    """Return `[function(item) for item in items]`, computed by `jobs` processes.

    `jobs` None means every available core when `work` (in the caller's unit,
    compared with PARALLEL_FROM) is large enough, else one; 1 means this process
    only. `function` must be a module-level function and items and results
    picklable. The results, and the calls to `done(count)` after each one, come
    in input order whatever the number of processes, so output never depends
    on it. A pool that cannot start or breaks falls back to this process.
    """
    workers = jobs if jobs is not None else (available_cores() if work >= PARALLEL_FROM else 1)
    workers = min(workers, len(items))
    if workers > 1:
        try:
            return _pooled(function, items, workers, done)
        except (BrokenProcessPool, OSError):
            pass  # no processes to be had here (a sandbox, a memory limit): the same work, serially
    results = []
    for count, item in enumerate(items, start=1):
        results.append(function(item))
        done(count)
    return results


def _pooled(function: Callable[[Item], Result], items: Sequence[Item], workers: int,
            done: Callable[[int], None]) -> list[Result]:
    results = []
    chunk = max(1, len(items) // (workers * 8))
    with ProcessPoolExecutor(max_workers=workers) as pool:
        for count, result in enumerate(pool.map(function, items, chunksize=chunk), start=1):
            results.append(result)
            done(count)
    return results
