"""The author's inner loop (issue 32), in one run: one file checked against check-jsonschema on that file, the whole
pack against the floor, `fwdata --version`; every figure CPU seconds (user + system, os.wait4) and a ratio.

Usage: python bench/inner_loop.py [--cards 1000] [--repeat 3]

Packs (bench/generate_pack.py): a one-card pack (one generated P-51D card and the pack's schemas) and a pack of
--cards cards. The file checked is a card of each. "cold" runs with an empty user cache folder
(FWDATA_CACHE_DIR: no base-library snapshot, no check cache); "warm" after a check of the same file; "edited"
after one number of that card changed (a new number each run); the whole pack "unchanged" after a check of it,
"no cache" with `--no-cache`. Each figure is the run of median CPU of --repeat runs. Printed, never asserted.
fwdata's modules are compiled first (as an installed wheel's are), so no run pays for compiling them even where
PYTHONDONTWRITEBYTECODE is set.
"""

from __future__ import annotations

import argparse
import compileall
import os
import re
import shutil
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

sys.path[:0] = [str(Path(__file__).resolve().parent)]

from generate_pack import generate  # noqa: E402
from run import FWDATA, ROOT, SCHEMAS, Run, median_run  # noqa: E402


def _check_jsonschema(card: Path, repeat: int) -> Run:
    program = shutil.which("check-jsonschema", path=f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}")
    if program is None:
        raise SystemExit("check-jsonschema is not installed: pip install '.[bench]'")
    schema = SCHEMAS / "fw" / "aircraft.schema.json"
    return median_run([program, "--base-uri", schema.as_uri(), "--schemafile", str(schema), str(card)], repeat)


def _edit(card: Path) -> Callable[[], None]:
    def edit() -> None:
        text = card.read_text(encoding="utf-8")
        card.write_text(re.sub(r"internal_min: (\d+)", lambda found: f"internal_min: {int(found[1]) + 5}", text,
                               count=1), encoding="utf-8")
    return edit


def _row(label: str, run: Run, anchor: Run, anchor_name: str) -> None:
    print(f"  {label:44s} {run.cpu_s:7.2f} s   {run.cpu_s / anchor.cpu_s:5.2f}x {anchor_name}")


def _one_file(pack: Path, card: Path, cache: Path, repeat: int, label: str) -> None:
    anchor = _check_jsonschema(card, repeat)
    print(f"{label}: {card.relative_to(pack)}; check-jsonschema on it {anchor.cpu_s:.2f} s")
    command = [*FWDATA, "check", str(card)]

    def empty() -> None:
        shutil.rmtree(cache, ignore_errors=True)

    _row("one file, cold (no user cache)", median_run(command, repeat, empty), anchor, "check-jsonschema")
    median_run(command, 1)  # the cache of this file
    _row("one file, warm (checked before)", median_run(command, repeat), anchor, "check-jsonschema")
    _row("one file, edited since checked", median_run(command, repeat, _edit(card)), anchor, "check-jsonschema")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    compileall.compile_dir(ROOT / "fwdata", quiet=1)
    with tempfile.TemporaryDirectory() as folder:
        cache = Path(folder) / "cache"
        os.environ["FWDATA_CACHE_DIR"] = str(cache)  # the children's user cache: this run's own
        generated = Path(folder) / "generated"
        generate(generated, 11)
        one = Path(folder) / "one"
        (one / "cards" / "fw").mkdir(parents=True)
        shutil.copytree(generated / ".fwdata", one / ".fwdata")
        shutil.copy(generated / "cards" / "fw" / "p-51d-n1.yaml", one / "cards" / "fw")
        big = Path(folder) / "big"
        generate(big, args.cards)
        version = median_run([*FWDATA, "--version"], args.repeat)
        print(f"fwdata --version: {version.cpu_s:.3f} s CPU")
        _one_file(one, one / "cards" / "fw" / "p-51d-n1.yaml", cache, args.repeat, "one-card pack")
        _one_file(big, big / "cards" / "fw" / "p-51d-n1.yaml", cache, args.repeat, f"{args.cards}-card pack")
        floor = median_run([sys.executable, str(ROOT / "bench" / "floor_check.py"), str(big)], args.repeat)
        print(f"whole {args.cards}-card pack; the floor (libyaml + jsonschema-rs) {floor.cpu_s:.2f} s")
        whole = [*FWDATA, "check", str(big)]
        _row("whole pack, no cache (--no-cache)", median_run([*FWDATA, "check", "--no-cache", str(big)], args.repeat),
             floor, "floor")
        median_run(whole, 1)
        _row("whole pack, unchanged since checked", median_run(whole, args.repeat), floor, "floor")
        _row("whole pack, one card edited", median_run(whole, args.repeat, _edit(big / "cards" / "fw" /
                                                                                   "p-51d-n1.yaml")), floor, "floor")


if __name__ == "__main__":
    main()
