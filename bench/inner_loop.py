"""The author's inner loop (issue 32), in one run: one file checked against check-jsonschema on that file, the whole
pack against the floor, `fwdata --version`, a one-card pack's build, a pre-commit run for one changed card; every
figure CPU seconds (user + system of all the run's processes, os.wait4) and a ratio, the pre-commit run's wall
seconds too.

Usage: python bench/inner_loop.py [--cards 1000] [--repeat 3]

Packs (bench/generate_pack.py): a one-card pack (one generated P-51D card and the pack's schemas) and a pack of
--cards cards. The file checked is a card of each. "cold" runs with an empty user cache folder (FWDATA_CACHE_DIR: no
base-library snapshot, no check cache); "pack's first" with the base library's snapshot made by an earlier run
but no check cache (fwdata used before, this pack never checked); "warm" after a check of the same file; "edited"
after one number of that card changed (a new number each run); the whole pack "unchanged" after a check of it, "no
cache" with `--no-cache`. The one-card pack is also built into an empty folder (its CPU and PDFs written, against
under 2 s and at most 10). Each figure is the run of median CPU of --repeat runs. Last, the --cards pack becomes a
git repository whose `.pre-commit-config.yaml` holds fwdata's hook (.pre-commit-hooks.yaml) as a local hook running
the `fwdata` installed next to this Python (`pip install -e '.[bench]'`: no network); after one warm-up run, each
run changes one number of the card, stages it and times `pre-commit run` (the staged card only, as a commit runs it;
pre-commit's own start-up included): the medians of --repeat runs' CPU and wall seconds, the wall against the
1-second target. Then the same one-file rows for the other games (`generate_copies`): a pack of --cards copies of
the Flight Leader aircraft and one of the Ace of Aces planes, the first file of each checked against
check-jsonschema on it with its own kind's schema, edited by one character of its name. Printed, never asserted.
fwdata's modules are compiled first (as an installed wheel's are), so no run pays for compiling them even where
PYTHONDONTWRITEBYTECODE is set.
"""

from __future__ import annotations

import argparse
import compileall
import json
import os
import re
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

import yaml

sys.path[:0] = [str(Path(__file__).resolve().parent)]

from generate_pack import COPIED, generate, generate_copies  # noqa: E402
from run import FWDATA, ROOT, SCHEMAS, Run, median_run, run_child  # noqa: E402

BIN = Path(sys.executable).parent
ONE_SECOND = 1.0  # the wall time a pre-commit run for one changed card should stay under (issue 32)


def _installed(name: str, path: str = f"{BIN}{os.pathsep}{os.environ['PATH']}") -> str:
    """Return the program `name` found on `path` (next to this Python first); exit saying how to install it."""
    program = shutil.which(name, path=path)
    if program is None:
        raise SystemExit(f"{name} is not installed next to {sys.executable}: pip install -e '.[bench]'")
    return program


def _check_jsonschema(card: Path, repeat: int, schema_name: str) -> Run:
    program = _installed("check-jsonschema")
    schema = SCHEMAS / schema_name
    return median_run([program, "--base-uri", schema.as_uri(), "--schemafile", str(schema), str(card)], repeat)


def _edit(card: Path) -> Callable[[], None]:
    """Return an edit of a Fighting Wings card: its internal fuel 5 minutes more each time."""
    def edit() -> None:
        text = card.read_text(encoding="utf-8")
        card.write_text(re.sub(r"internal_min: (\d+)", lambda found: f"internal_min: {int(found[1]) + 5}", text,
                               count=1), encoding="utf-8")
    return edit


def _edit_name(card: Path) -> Callable[[], None]:
    """Return an edit of any game's file: its name one character longer each time."""
    def edit() -> None:
        text = card.read_text(encoding="utf-8")
        card.write_text(re.sub(r"(?m)^(name: .*)$", r"\1x", text, count=1), encoding="utf-8")
    return edit


def _row(label: str, run: Run, anchor: Run, anchor_name: str) -> None:
    print(f"  {label:44s} {run.cpu_s:7.2f} s   {run.cpu_s / anchor.cpu_s:5.2f}x {anchor_name}")


def _one_file(pack: Path, card: Path, cache: Path, repeat: int, label: str,
              schema: str = "fw/aircraft.schema.json", edit: Callable[[Path], Callable[[], None]] = _edit) -> Run:
    """Print the rows of one file of `pack` (validated by `schema`, changed by `edit`); return check-jsonschema's run
    on it."""
    anchor = _check_jsonschema(card, repeat, schema)
    print(f"{label}: {card.relative_to(pack)}; check-jsonschema on it {anchor.cpu_s:.2f} s")
    command = [*FWDATA, "check", str(card)]

    def empty() -> None:
        shutil.rmtree(cache, ignore_errors=True)

    def first_of_pack() -> None:
        shutil.rmtree(cache / "check", ignore_errors=True)

    _row("one file, cold (no user cache)", median_run(command, repeat, empty), anchor, "check-jsonschema")
    _row("one file, pack's first (base snapshot kept)", median_run(command, repeat, first_of_pack), anchor,
         "check-jsonschema")
    median_run(command, 1)  # the cache of this file
    _row("one file, warm (checked before)", median_run(command, repeat), anchor, "check-jsonschema")
    _row("one file, edited since checked", median_run(command, repeat, edit(card)), anchor, "check-jsonschema")
    return anchor


def _git(pack: Path, *arguments: str) -> None:
    subprocess.run(["git", "-c", "user.name=fwdata bench", "-c", "user.email=bench@fwdata.invalid",
                    "-c", "commit.gpgsign=false", *arguments], cwd=pack, check=True, capture_output=True)


def _pre_commit(pack: Path, card: Path, anchor: Run, repeat: int, label: str) -> None:
    """Print the row of `pre-commit run` in `pack` made a git repository, `card` changed and staged each run."""
    hook = next(hook for hook in yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))
                if hook["id"] == "fwdata-check")
    # The hook as a pack's config gets it, run by the fwdata of this checkout instead of one pre-commit installs.
    entry = shlex.join([_installed("fwdata", str(BIN)), *shlex.split(hook["entry"])[1:]])
    config = {"repos": [{"repo": "local", "hooks": [{**hook, "entry": entry, "language": "system"}]}]}
    (pack / ".pre-commit-config.yaml").write_text(json.dumps(config, indent=1), encoding="utf-8")  # JSON is YAML
    _git(pack, "init", "-q")
    _git(pack, "add", "-A")
    _git(pack, "commit", "-q", "-m", "the pack")
    command = [_installed("pre-commit"), "run"]
    edit = _edit(card)

    def stage() -> None:
        edit()
        _git(pack, "add", str(card.relative_to(pack)))

    stage()
    warm_up = run_child([*command, "--verbose"], pack)  # fills this folder's check cache; shows fwdata's last line
    if not warm_up.last_line.endswith(" in 1 file"):
        raise SystemExit(f"the hook did not check the staged card alone: {warm_up.last_line}")
    runs = []
    for _ in range(repeat):
        stage()
        runs.append(run_child(command, pack))
    cpu_s = statistics.median(run.cpu_s for run in runs)
    wall_s = statistics.median(run.wall_s for run in runs)
    print(f"pre-commit in the {label} (a git repository): {card.relative_to(pack)} edited, staged, `pre-commit run`")
    print(f"  {'one card changed: CPU':44s} {cpu_s:7.2f} s   {cpu_s / anchor.cpu_s:5.2f}x check-jsonschema")
    print(f"  {'one card changed: wall':44s} {wall_s:7.2f} s   {wall_s / ONE_SECOND:5.2f}x the 1 s target")


def _one_card_build(pack: Path, out: Path, repeat: int) -> None:
    """Print a cold build of the one-card pack: its CPU and the PDFs it wrote (target: under 2 s, at most 10)."""
    run = median_run([*FWDATA, "build", "--no-progress", "-q", str(pack), "--out", str(out)], repeat,
                     lambda: shutil.rmtree(out, ignore_errors=True))
    pdfs = len(list(out.rglob("*.pdf")))
    label = "build of the one-card pack, cold"
    print(f"  {label:44s} {run.cpu_s:7.2f} s   {pdfs} PDFs (target: under 2 s, at most 10)")


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
        _one_card_build(one, Path(folder) / "one-build", args.repeat)
        card = big / "cards" / "fw" / "p-51d-n1.yaml"
        anchor = _one_file(big, card, cache, args.repeat, f"{args.cards}-card pack")
        floor = median_run([sys.executable, str(ROOT / "bench" / "floor_check.py"), str(big)], args.repeat)
        print(f"whole {args.cards}-card pack; the floor (libyaml + jsonschema-rs) {floor.cpu_s:.2f} s")
        whole = [*FWDATA, "check", str(big)]
        _row("whole pack, no cache (--no-cache)", median_run([*FWDATA, "check", "--no-cache", str(big)], args.repeat),
             floor, "floor")
        median_run(whole, 1)
        _row("whole pack, unchanged since checked", median_run(whole, args.repeat), floor, "floor")
        _row("whole pack, one card edited", median_run(whole, args.repeat, _edit(card)), floor, "floor")
        os.environ["PRE_COMMIT_HOME"] = str(Path(folder) / "pre-commit")  # its store: this run's own
        _pre_commit(big, card, anchor, args.repeat, f"{args.cards}-card pack")
        for game, (folder_name, schema) in COPIED.items():
            pack = generate_copies(Path(folder) / game, game, args.cards)
            copy = sorted((pack / folder_name).glob("*.yaml"))[0]
            _one_file(pack, copy, cache, args.repeat, f"{args.cards}-file {game} pack", schema, _edit_name)


if __name__ == "__main__":
    main()
