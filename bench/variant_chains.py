"""Variant chains: `fwdata check` of a pack whose N variants each name the next as base, N = 100 and 1,000.

Usage: python bench/variant_chains.py

For Flight Leader (`base`) and Fighting Wings (`variant_of`), one run each; prints the seconds and the ratio of
the 1,000 chain to the 100 one. Every card's chain is followed at most MAX_VARIANT_DEPTH + 1 steps
(REF-VARIANT-DEPTH past that), so the ratio stays near 10 (linear), plus the fixed cost of a run. A 1,000 chain
took over a minute before issue 35.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
import time
from pathlib import Path

SYSTEMS = {"fl": ("cards/fl/aircraft", "base", "a-4a", "variant: true\n"),
           "fw": ("cards/fw", "variant_of", "spitfire-xive", "")}


def write_chain(root: Path, system: str, count: int) -> None:
    """Write `count` variants of `system` under `root`, chain-0 naming chain-1 as base and so on."""
    folder, key, last, extra = SYSTEMS[system]
    (root / folder).mkdir(parents=True)
    for index in range(count):
        base = f"chain-{index + 1}" if index + 1 < count else last
        (root / folder / f"chain-{index}.yaml").write_text(
            f"system: {system}\nkind: aircraft\nid: chain-{index}\nname: Chain {index}\n"
            f"provenance: {{status: authored, source: a bench}}\n{key}: {base}\n{extra}", encoding="utf-8")


def seconds(pack: Path) -> float:
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "fwdata", "check", "-q", "--no-progress", str(pack)],
                   capture_output=True, check=False)
    return time.perf_counter() - start


def main() -> None:
    for system in SYSTEMS:
        times = {}
        for count in (100, 1000):
            with tempfile.TemporaryDirectory() as folder:
                write_chain(Path(folder), system, count)
                times[count] = seconds(Path(folder))
        print(f"{system}: 100 variants {times[100]:.2f} s, 1000 variants {times[1000]:.2f} s, "
              f"ratio {times[1000] / times[100]:.1f}")


if __name__ == "__main__":
    main()
