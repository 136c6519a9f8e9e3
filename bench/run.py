"""Benchmarks (`make bench`): fwdata check and build on generated packs, each figure a ratio to its anchor.

Usage: python bench/run.py [--sizes 100,1000,5000] [--repeat 3] [--quick]

For each pack size N (bench/generate_pack.py: N fw cards, N/5 scenarios, the fw
tables), every run is a child process measured by os.wait4 (CPU = user + system
seconds, peak RSS), on the same files, in this order:

- the floor (bench/floor_check.py: libyaml + jsonschema-rs) and `fwdata check`, each the
  run of median CPU of --repeat runs (their ratio moved by a third between single runs on a
  busy 2-core machine), and check-jsonschema per kind when it is installed (`pip install '.[bench]'`);
- `fwdata build` into a new folder, then bare reportlab drawing every page of that build
  again from what bench/page_content.py reads back from its PDFs (bench/draw_pages.py:
  the same files, pages, texts, rectangles and lines, no layout; the reading is not
  timed), the build's cards per second as a share of reportlab's (each the median of
  --repeat runs up to 1,000 cards); then the build again with nothing changed, and after
  one number of one card changed, a new number each run (medians of --repeat runs; ratios to
  the cold build);
- last, the CPU per card at each N relative to the smallest N (1.00 = linear).

`fwdata check` and `fwdata build` run as `python -m fwdata` from this checkout, so they
include the base library every pack stands on. Without --quick, the figures of issue 9
(hostile files, a 1 MiB pack) come first. Figures are printed, never asserted: a slow
machine is not a failure. Exits 1 if a run fails.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "bench")]

from generate_pack import generate  # noqa: E402

from fwdata.options import BuildOptions  # noqa: E402
from fwdata.pipeline import build_sources, check_sources  # noqa: E402
from fwdata.sources import load_source  # noqa: E402

SIZES = (100, 1000, 5000)
CHECK_JSONSCHEMA_UP_TO = 1000  # cards: beyond, it runs for a quarter of an hour and its ratio no longer moves
COLD_MEDIANS_UP_TO = 1000  # cards: beyond, three cold builds and three anchors take half an hour more
FWDATA = [sys.executable, "-m", "fwdata"]
SCHEMAS = ROOT / "schemas"
# The schema of each folder of a generated pack (and of its manifest), for check-jsonschema.
SCHEMA_OF_FOLDER = {"cards/fw": "fw/aircraft", "scenarios/fw": "fw/scenario", "tables/fw": "fw/table"}

HOSTILE = {
    "alias bomb (10^7 expansion)": "\n".join(
        ["a0: &a0 [1,1,1,1,1,1,1,1,1,1]"]
        + [f"a{i}: &a{i} [" + ",".join([f"*a{i - 1}"] * 10) + "]" for i in range(1, 8)]
    ),
    "deep nesting (5000 levels)": "a:\n" + " [\n" * 5000 + " ]\n" * 5000,
    "many nodes (60000 scalars)": "a:\n" + "  - 1\n" * 60000,
    "long line (400 KB)": "a: " + "x" * 400_000,
}


@dataclass(frozen=True)
class Run:
    """One child process: its CPU seconds (user + system, all its processes), wall seconds, peak resident
    memory in MB (its largest process) and last output line."""

    cpu_s: float
    wall_s: float
    peak_mb: float
    last_line: str

    def plus(self, other: Run) -> Run:
        """Return two runs as one: times added, the larger peak, the other's last line."""
        return Run(self.cpu_s + other.cpu_s, self.wall_s + other.wall_s, max(self.peak_mb, other.peak_mb),
                   other.last_line)


def run_child(command: list[str], folder: Path = ROOT) -> Run:
    """Run `command` in `folder` (the checkout) and measure it; raise SystemExit with its output if it fails."""
    with tempfile.TemporaryFile() as output, tempfile.TemporaryDirectory() as scratch:
        result = Path(scratch) / "run.json"
        subprocess.run([sys.executable, str(ROOT / "bench" / "measure.py"), str(result), *command], cwd=folder,
                       stdout=output, stderr=subprocess.STDOUT, check=False)
        output.seek(0)
        text = output.read().decode("utf-8", "replace")
        measured = json.loads(result.read_text(encoding="utf-8")) if result.exists() else {"exit": -1}
    if measured["exit"] != 0:
        raise SystemExit(f"{' '.join(command)} exited {measured['exit']}:\n{text[-3000:]}")
    lines = text.strip().splitlines()
    return Run(measured["cpu_s"], measured["wall_s"], measured["peak_mb"], lines[-1] if lines else "")


def median_run(command: list[str], repeat: int, before: Callable[[], object] = lambda: None) -> Run:
    """Run `command` `repeat` times (`run_child`), calling `before` before each; return the run of median CPU
    seconds."""
    runs = []
    for _ in range(repeat):
        before()
        runs.append(run_child(command))
    return sorted(runs, key=lambda run: run.cpu_s)[len(runs) // 2]


def check_jsonschema(pack: Path) -> Run | None:
    """Run check-jsonschema once per kind over the pack's files; None when it is not installed."""
    program = shutil.which("check-jsonschema", path=f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}")
    if program is None:
        return None
    jobs = [(SCHEMAS / f"{schema}.schema.json", sorted((pack / folder).glob("*.yaml")))
            for folder, schema in SCHEMA_OF_FOLDER.items()]
    jobs.append((SCHEMAS / "pack.schema.json", [pack / "fwdata-pack.yaml"]))
    total: Run | None = None
    for schema, files in jobs:
        # The schemas' `$id`s are not fetchable: relative `$ref`s resolve against the schema file instead.
        run = run_child([program, "--base-uri", schema.as_uri(), "--schemafile", str(schema), *map(str, files)])
        total = run if total is None else total.plus(run)
    return total


def change_one_card(pack: Path) -> None:
    """Lengthen the internal endurance of the pack's first card by 5 minutes (each call a new change)."""
    card = sorted((pack / "cards" / "fw").glob("*.yaml"))[0]
    text = card.read_text(encoding="utf-8")
    card.write_text(re.sub(r"internal_min: (\d+)", lambda match: f"internal_min: {int(match[1]) + 5}", text, count=1),
                    encoding="utf-8")


def row(label: str, run: Run, ratio: str) -> None:
    print(f"  {label:38s} {run.cpu_s:8.1f} {run.wall_s:8.1f} {run.peak_mb:8.0f}  {ratio}")


def measure_pack(folder: Path, cards: int, repeat: int) -> tuple[Run, Run]:
    """Print the figures of one pack size; return the `fwdata check` and cold `fwdata build` runs."""
    pack = generate(folder / f"pack-{cards}", cards)
    files = sorted(pack.rglob("*.yaml"))
    size_mb = sum(path.stat().st_size for path in files) / 1e6
    print(f"\nN = {cards}: {cards} fw cards, {cards // 5} scenarios, the fw tables "
          f"({len(files)} files, {size_mb:.1f} MB)")
    print(f"  {'run':38s} {'CPU s':>8s} {'wall s':>8s} {'peak MB':>8s}  ratio (CPU; wall)")
    median = f"; median of {repeat} runs" if repeat > 1 else ""
    floor = median_run([sys.executable, str(ROOT / "bench" / "floor_check.py"), str(pack)], repeat)
    row("floor: libyaml + jsonschema-rs", floor, f"1.00 (anchor{median})")
    check = median_run([*FWDATA, "check", "--no-progress", "-q", str(pack)], repeat)
    row("fwdata check", check, f"{check.cpu_s / floor.cpu_s:.2f}x floor; {check.wall_s / floor.wall_s:.2f}x "
        f"({check.last_line})")
    schema_only = check_jsonschema(pack) if cards <= CHECK_JSONSCHEMA_UP_TO else None
    if cards > CHECK_JSONSCHEMA_UP_TO:
        print(f"  check-jsonschema: measured up to N = {CHECK_JSONSCHEMA_UP_TO} only (it is linear and slow)")
    elif schema_only is None:
        print("  check-jsonschema: skipped, not installed (pip install '.[bench]')")
    else:
        row("check-jsonschema (per kind)", schema_only, f"{schema_only.cpu_s / floor.cpu_s:.2f}x floor; fwdata check "
            f"is {check.cpu_s / schema_only.cpu_s:.2f}x it; {check.wall_s / schema_only.wall_s:.2f}x")
    out = folder / f"build-{cards}"
    build = [*FWDATA, "build", "--no-progress", "-q", "--out", str(out), str(pack)]
    # Cold builds and the anchor are medians too up to COLD_MEDIANS_UP_TO cards; the rebuilds always are.
    cold_repeat = repeat if cards <= COLD_MEDIANS_UP_TO else 1
    cold = median_run(build, cold_repeat, lambda: shutil.rmtree(out, ignore_errors=True))
    content = folder / f"content-{cards}.json"
    subprocess.run([sys.executable, str(ROOT / "bench" / "page_content.py"), str(out), str(content)], check=True,
                   stdout=subprocess.DEVNULL)
    drawn = median_run([sys.executable, str(ROOT / "bench" / "draw_pages.py"), str(content),
                        str(folder / f"drawn-{cards}")], cold_repeat,
                       lambda: shutil.rmtree(folder / f"drawn-{cards}", ignore_errors=True))
    content.unlink()
    shutil.rmtree(folder / f"drawn-{cards}")
    cold_median = f"; median of {cold_repeat} runs" if cold_repeat > 1 else ""
    row("bare reportlab, the build's pages", drawn,
        f"1.00 (anchor{cold_median}) {cards / drawn.cpu_s:.1f} cards/s ({drawn.last_line})")
    row("fwdata build, cold", cold, f"{drawn.cpu_s / cold.cpu_s:.2f} of reportlab's cards/s; "
        f"{drawn.wall_s / cold.wall_s:.2f} ({cards / cold.cpu_s:.1f} cards per CPU s{cold_median})")
    unchanged = median_run(build, repeat)
    row("fwdata build, nothing changed", unchanged, f"{unchanged.cpu_s / cold.cpu_s:.2f}x cold build; "
        f"{unchanged.wall_s / cold.wall_s:.2f}x{median}")
    changed = median_run(build, repeat, lambda: change_one_card(pack))
    row("fwdata build, one card changed", changed, f"{changed.cpu_s / cold.cpu_s:.2f}x cold build; "
        f"{changed.wall_s / cold.wall_s:.2f}x{median}")
    return check, cold


def print_linearity(runs: dict[int, tuple[Run, Run]]) -> None:
    """Print the CPU per card of check and cold build at each N relative to the smallest N."""
    sizes = sorted(runs)
    print(f"\nCPU per card relative to N = {sizes[0]} (1.00 = linear)")
    print("  " + " " * 20 + "".join(f"{f'N = {size}':>12s}" for size in sizes))
    for label, index in (("fwdata check", 0), ("fwdata build, cold", 1)):
        first = runs[sizes[0]][index].cpu_s / sizes[0]
        print(f"  {label:20s}" + "".join(f"{runs[size][index].cpu_s / size / first:12.2f}" for size in sizes))


def measure(label: str, action) -> None:
    """Time `action` untraced, then run it again under tracemalloc for its peak Python memory."""
    started = time.perf_counter()
    outcome = action()
    elapsed = time.perf_counter() - started
    tracemalloc.start()
    action()
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    print(f"{label:45s} {elapsed * 1000:9.1f} ms  peak {peak / 1e6:7.1f} MB  {outcome}")


def megabyte_pack(folder: Path, size: int = 1 << 20) -> Path:
    """Write a pack of about `size` bytes: the bundled sources copied again and again under new ids."""
    pack = folder / "megabyte-pack"
    sources = sorted(path for name in ("cards", "scenarios", "tables") for path in (ROOT / name).rglob("*.yaml"))
    written = copy = 0
    while written < size:
        copy += 1
        for source in sources:
            lines = source.read_text(encoding="utf-8").splitlines(keepends=True)
            text = "".join(f"{line.rstrip()}-copy{copy}\n" if line.startswith("id: ") else line for line in lines)
            target = pack / f"copy{copy}" / source.relative_to(ROOT)
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(text, encoding="utf-8")
            written += len(text.encode("utf-8"))
            if written >= size:
                break
    return pack


def print_issue9_figures(folder: Path) -> None:
    """Print load times and peak Python memory of hostile files, a 1 MiB pack and the bundled data (issue 9)."""
    for label, text in HOSTILE.items():
        path = folder / "hostile.yaml"
        path.write_text(text + "\n")

        def load(path: Path = path) -> str:
            _, findings = load_source(path)
            return findings[0].code if findings else "loaded"

        measure(f"load {label}", load)
    pack = megabyte_pack(folder)
    bundled = [ROOT / "cards", ROOT / "scenarios", ROOT / "tables"]
    measure("check a 1 MiB pack (bundled sources, new ids)",
            lambda: check_sources([pack], BuildOptions()).report.summary())
    measure("check bundled sources", lambda: check_sources(bundled, BuildOptions()).report.summary())
    out = folder / "build"
    measure("build bundled sources",
            lambda: f"{len(build_sources(bundled, BuildOptions(out_dir=out)).outputs)} files")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default=",".join(map(str, SIZES)),
                        help="pack sizes in cards, comma-separated (default: %(default)s)")
    parser.add_argument("--repeat", type=int, default=3,
                        help="runs of each measured command, of which the median is shown (default: 3)")
    parser.add_argument("--quick", action="store_true", help="N = 100 only, without the issue 9 figures")
    args = parser.parse_args()
    sizes = [100] if args.quick else [int(size) for size in args.sizes.split(",")]
    with tempfile.TemporaryDirectory(prefix="fwdata-bench-") as temporary:
        folder = Path(temporary)
        if not args.quick:
            print_issue9_figures(folder)
        print_linearity({size: measure_pack(folder, size, max(1, args.repeat)) for size in sizes})


if __name__ == "__main__":
    main()
