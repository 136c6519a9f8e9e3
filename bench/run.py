"""Benchmarks: print timings and peak memory for loading hostile files and building the bundled data.

Run with `make bench`. Figures are printed, never asserted: a slow machine is not a failure.
"""

from __future__ import annotations

import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from fwdata.options import BuildOptions  # noqa: E402
from fwdata.pipeline import build_sources, check_sources  # noqa: E402
from fwdata.sources import load_source  # noqa: E402

HOSTILE = {
    "alias bomb (10^7 expansion)": "\n".join(
        ["a0: &a0 [1,1,1,1,1,1,1,1,1,1]"]
        + [f"a{i}: &a{i} [" + ",".join([f"*a{i - 1}"] * 10) + "]" for i in range(1, 8)]
    ),
    "deep nesting (5000 levels)": "a:\n" + " [\n" * 5000 + " ]\n" * 5000,
    "many nodes (60000 scalars)": "a:\n" + "  - 1\n" * 60000,
    "long line (400 KB)": "a: " + "x" * 400_000,
}


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


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        for label, text in HOSTILE.items():
            path = Path(folder) / "hostile.yaml"
            path.write_text(text + "\n")

            def load(path: Path = path) -> str:
                _, findings = load_source(path)
                return findings[0].code if findings else "loaded"

            measure(f"load {label}", load)
        pack = megabyte_pack(Path(folder))
        measure("check a 1 MiB pack (bundled sources, new ids)",
                lambda: check_sources([pack], BuildOptions()).report.summary())
        measure("check bundled sources", lambda: check_sources([ROOT / "cards", ROOT / "scenarios", ROOT / "tables"],
                                                               BuildOptions()).report.summary())
        out = Path(folder) / "build"
        measure("build bundled sources", lambda: f"{len(build_sources([ROOT / 'cards', ROOT / 'scenarios', ROOT / 'tables'], BuildOptions(out_dir=out)).outputs)} files")  # noqa: E501


if __name__ == "__main__":
    main()
