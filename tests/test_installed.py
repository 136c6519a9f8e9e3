"""fwdata as users get it: a wheel in a fresh virtual environment, run on a pack far from this repository.

Every command must behave exactly as the editable install does: same exit code, same
output, same built files. These tests build and install for real (PyPI must be
reachable for the dependencies), so they take a minute or two.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
import venv
from pathlib import Path

import pytest

from fwdata.library import library_root
from fwdata.output.write import CACHE_FILE, SOURCES_FILE

ROOT = Path(__file__).resolve().parent.parent


def _run(command: list[str], cwd: Path, timeout: float = 600) -> subprocess.CompletedProcess[str]:
    environment = {key: value for key, value in os.environ.items() if not key.startswith(("PYTHON", "FWDATA"))}
    environment["NO_COLOR"] = "1"
    return subprocess.run(command, cwd=cwd, capture_output=True, text=True, timeout=timeout, env=environment,
                          stdin=subprocess.DEVNULL, check=False)


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Build the wheel from this checkout and install it into a new virtual environment; return its fwdata."""
    work = tmp_path_factory.mktemp("wheel")
    built = _run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "-w", str(work / "dist"), str(ROOT)],
                 cwd=work)
    assert built.returncode == 0, built.stderr
    wheel = next((work / "dist").glob("fwdata-*.whl"))
    venv.create(work / "venv", with_pip=True)
    python = work / "venv" / "bin" / "python"
    done = _run([str(python), "-m", "pip", "install", "--quiet", str(wheel)], cwd=work)
    assert done.returncode == 0, done.stderr
    return work / "venv" / "bin" / "fwdata"


@pytest.fixture(scope="module")
def pack(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A pack outside the repository: a new card, a scenario on bundled cards, a book design."""
    root = tmp_path_factory.mktemp("far") / "pack"
    for folder in ("cards/fw", "scenarios/fw", "cards/aoa"):
        (root / folder).mkdir(parents=True)
    card = (ROOT / "cards/fw/p-51d.yaml").read_text(encoding="utf-8").replace("id: p-51d\n", "id: p-51x\n", 1)
    (root / "cards/fw/p-51x.yaml").write_text(card, encoding="utf-8")
    scenario = (ROOT / "scenarios/fw/bomber-intercept.yaml").read_text(encoding="utf-8")
    (root / "scenarios/fw/intercept.yaml").write_text(scenario.replace("id: bomber-intercept", "id: intercept", 1),
                                                       encoding="utf-8")
    design = (ROOT / "cards/aoa/book-designs/spad-xiii-vs-fokker-d-vii.yaml").read_text(encoding="utf-8")
    design = design.replace("id: spad-xiii-vs-fokker-d-vii", "id: my-design", 1)
    design = design.replace("book_id: spad-xiii-book", "book_id: my-spad-book", 1)
    (root / "cards/aoa/design.yaml").write_text(design.replace("book_id: fokker-d-vii-book", "book_id: my-fokker-book",
                                                               1), encoding="utf-8")
    (root / "fwdata-pack.yaml").write_text("id: far-pack\nname: A pack far away\nversion: '1.0'\n", encoding="utf-8")
    return root


COMMANDS = [
    ["check"],
    ["check", "--format", "json"],
    ["check", "cards/fw/p-51x.yaml"],
    ["fw", "simulate", "cards/fw/p-51x.yaml"],
    ["fw", "simulate", "p-47d", "--format", "json"],
    ["fw", "shot", "fw-190a-8", "b-17g", "--range", "2", "--deflection", "0"],
    ["fl", "points", "24.8"],
    ["aoa", "firing", "--format", "json"],
]


@pytest.mark.parametrize("arguments", COMMANDS, ids=[" ".join(c) for c in COMMANDS])
def test_every_command_matches_the_editable_install(installed: Path, pack: Path, arguments: list[str]) -> None:
    wheel_run = _run([str(installed), *arguments], cwd=pack)
    editable_run = _run([sys.executable, "-m", "fwdata", *arguments], cwd=pack)
    assert "Traceback" not in wheel_run.stderr
    assert wheel_run.returncode == editable_run.returncode == 0, wheel_run.stdout + wheel_run.stderr
    assert wheel_run.stdout == editable_run.stdout
    assert wheel_run.stderr == editable_run.stderr


def _tree(folder: Path) -> dict[str, str]:
    """Every file's hash, the build caches left out (they record the installation, which differs)."""
    return {str(path.relative_to(folder)): hashlib.sha256(path.read_bytes()).hexdigest()
            for path in sorted(folder.rglob("*")) if path.is_file() and path.name not in (CACHE_FILE, SOURCES_FILE)}


def test_build_and_books_write_the_same_files(installed: Path, pack: Path, tmp_path: Path) -> None:
    for name, command in (("wheel", [str(installed)]), ("editable", [sys.executable, "-m", "fwdata"])):
        out = tmp_path / name
        built = _run([*command, "build", "--out", str(out / "build")], cwd=pack)
        assert built.returncode == 0, built.stdout + built.stderr
        books = _run([*command, "aoa", "books", "cards/aoa/design.yaml", "--out", str(out / "books")], cwd=pack)
        assert books.returncode == 0, books.stdout + books.stderr
        duel = _run([*command, "aoa", "duel", str(out / "books"), "--games", "20", "--format", "json"], cwd=pack)
        assert duel.returncode == 0, duel.stdout + duel.stderr
        (out / "duel.json").write_text(duel.stdout, encoding="utf-8")
    wheel_files, editable_files = _tree(tmp_path / "wheel"), _tree(tmp_path / "editable")
    assert any(path.startswith("build/fw/aircraft/p-51x") for path in wheel_files)
    assert wheel_files == editable_files


def test_base_library_from_an_empty_folder(installed: Path, tmp_path: Path) -> None:
    """In a folder that is no pack, `fwdata check` checks the bundled base library: same findings as the checkout."""
    wheel_run = _run([str(installed), "check"], cwd=tmp_path)
    editable_run = _run([sys.executable, "-m", "fwdata", "check"], cwd=tmp_path)
    assert wheel_run.returncode == editable_run.returncode == 0
    where = "from fwdata.library import library_root; print(library_root())"
    packaged = Path(_run([str(installed.parent / "python"), "-c", where], cwd=tmp_path).stdout.strip())
    assert packaged != library_root() and packaged.name == "library"
    assert wheel_run.stdout.replace(str(packaged), "<library>") == editable_run.stdout.replace(str(library_root()),
                                                                                            "<library>")


def test_the_wheel_carries_the_base_library(installed: Path) -> None:
    python = installed.parent / "python"
    listing = _run([str(python), "-c", "from fwdata.library import library_root; import os; r = library_root(); "
                    "print(sum(len(f) for _, _, f in os.walk(r)))"], cwd=installed.parent)
    expected = sum(1 for folder in ("schemas", "cards", "scenarios", "tables")
                   for path in (ROOT / folder).rglob("*") if path.is_file())
    assert int(listing.stdout.strip()) >= expected
    assert shutil.which("fwdata", path=str(installed.parent)) == str(installed)
