"""The long fuzz run of issue 9 (`make fuzz`): many hostile packs through check (and build), crashes counted.

Usage: python bench/fuzz.py [--inputs N] [--seed S] [--workers W] [--keep DIR]

Each input is made by tests/fuzzing.py from the seed and its index, so a crash
is reproduced by its number. Prints the count of inputs, crashes (anything
but FwdataError escaping, a finding spanning lines, a location outside its
file), the slowest input and its time; crashing inputs are written under
--keep. Exits 1 when anything crashed.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import random
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from fuzzing import FuzzInput, Outcome, bundled_sources, make_input, run_input  # noqa: E402

BUILD_SHARE = 0.02  # a build renders every system's cards: only a sample of clean inputs is built


def one(job: tuple[int, int]) -> tuple[int, str, Outcome, FuzzInput]:
    """Make and run input number `index` of `seed` in a fresh folder."""
    seed, index = job
    rng = random.Random(f"{seed}:{index}")
    fuzz_input = make_input(rng, SOURCES)
    with tempfile.TemporaryDirectory(prefix="fwdata-fuzz-") as folder:
        outcome = run_input(fuzz_input, Path(folder), build=rng.random() < BUILD_SHARE, chdir=os.chdir)
        os.chdir(ROOT)
    return index, fuzz_input.label, outcome, fuzz_input


SOURCES = bundled_sources()


def warm_up() -> None:
    """Load the schemas, the base library and each system's checks once per worker, so no input is timed with them."""
    firsts = {path.parent: path for path in reversed(SOURCES)}
    for source in firsts.values():
        with tempfile.TemporaryDirectory(prefix="fwdata-fuzz-") as folder:
            run_input(FuzzInput("warm-up", {"source.yaml": source.read_bytes()}), Path(folder), build=False,
                      chdir=os.chdir)
            os.chdir(ROOT)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--inputs", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=9)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--keep", type=Path, default=ROOT / "bench" / "fuzz-crashes")
    args = parser.parse_args()
    started = time.perf_counter()
    crashes = built = 0
    slowest = (0.0, "")
    with multiprocessing.Pool(args.workers, initializer=warm_up) as pool:
        jobs = ((args.seed, index) for index in range(args.inputs))
        for done, (index, label, outcome, fuzz_input) in enumerate(pool.imap_unordered(one, jobs, chunksize=4), 1):
            built += outcome.built
            if outcome.seconds > slowest[0]:
                slowest = (outcome.seconds, f"#{index} {label}{', checked and built' if outcome.built else ''}")
            if outcome.problems:
                crashes += 1
                keep = args.keep / f"{args.seed}-{index}"
                keep.mkdir(parents=True, exist_ok=True)
                for name, data in fuzz_input.files.items():
                    (keep / name).write_bytes(data)
                (keep / "problems.txt").write_text("\n\n".join(outcome.problems), encoding="utf-8")
                print(f"crash #{index} ({label}): {outcome.problems[0].strip().splitlines()[-1]} -> {keep}",
                      flush=True)
            if done % 500 == 0:
                print(f"... {done} inputs, {crashes} crashes, {time.perf_counter() - started:.0f} s", flush=True)
    print(f"inputs = {args.inputs} (seed {args.seed}; {built} also built)")
    print(f"crashes = {crashes}")
    print(f"slowest input = {slowest[0]:.2f} s ({slowest[1]})")
    print(f"total = {time.perf_counter() - started:.0f} s on {args.workers} workers")
    return 1 if crashes else 0


if __name__ == "__main__":
    sys.exit(main())
