"""Claim a build folder before a build writes it: lock it, finish or undo what a killed build left, and check that
fwdata owns it (fwdata/output/write.py stages and swaps in the new build)."""

from __future__ import annotations

import errno
import os
import shutil
import warnings
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

with warnings.catch_warnings():  # where fcntl is missing, filelock warns that it falls back on its portable lock
    warnings.simplefilter("ignore", UserWarning)
    from filelock import FileLock, Timeout

from fwdata.errors import OutputError
from fwdata.game_system import Output
from fwdata.output.write import BUILD_MARKER, LOCK_SUFFIX, NEW_INFIX, OLD_INFIX, BuildFolder, is_marker
from fwdata.sources.yaml_loader import display_path


@contextmanager
def claim_build_folder(out_dir: Path) -> Iterator[BuildFolder]:
    """Lock `out_dir` as a build folder, recover what a killed build left, and check that fwdata owns it.

    The lock is on `.<name>.fwdata-lock` next to the folder, taken with filelock (`flock` where the OS
    has it: the OS releases it when the process ends, however it ends; elsewhere filelock's portable
    lock), and the file is removed when the claim ends. A second build into the same
    folder while the lock is held stops with OutputError (exit 2) rather than wait. A folder that exists,
    is not empty and has no `.fwdata-build` marker was not made by fwdata and is refused with OutputError,
    so a build never deletes a user's files. Also raises OutputError when the folder or its parent cannot
    be created or is not a folder.
    """
    target = out_dir.resolve()
    if not target.name:
        raise OutputError(f"cannot build into {out_dir}: name a folder below it")
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise OutputError(f"cannot write {out_dir}: {exc.strerror or exc}") from None
    folder = BuildFolder(out_dir, target)
    with _locked(folder.sibling(LOCK_SUFFIX), out_dir):
        try:
            recover_build_folder(target)
        except OSError as exc:
            where = f" ({exc.filename}, left by an earlier build: remove it by hand)" if exc.filename else ""
            raise OutputError(f"cannot write {out_dir}: {exc.strerror or exc}{where}") from None
        if target.exists() and not target.is_dir():
            raise OutputError(f"cannot write {out_dir}: a file is in the way of the build folder")
        if target.exists() and not is_marker(target / BUILD_MARKER) and any(target.iterdir()):
            raise OutputError(f"refusing to replace {out_dir}: it is not empty and has no {BUILD_MARKER} marker "
                              "(a build replaces its folder whole); name a new or empty folder")
        yield folder


@contextmanager
def _locked(lock_path: Path, out_dir: Path) -> Iterator[None]:
    """Hold an exclusive lock on `lock_path` (filelock: `flock` where the OS has it, else its portable fallback),
    removing the file when done; raises OutputError when it is taken or is a symbolic link."""
    link_message = f"cannot write {out_dir}: its lock file is a symbolic link ({lock_path})"
    while True:
        if os.path.islink(lock_path):  # never through a link: the lock file must not create or touch a file elsewhere
            raise OutputError(link_message)
        locked: list[int] = []
        try:
            lock = FileLock(lock_path, timeout=0, mode=0o644, on_acquired=locked.append)
        except ValueError:  # filelock's portable lock (no flock) has no descriptor to hand: its marker is the lock
            lock = FileLock(lock_path, timeout=0, mode=0o644)
        try:
            lock.acquire()
        except Timeout:
            raise OutputError(f"another fwdata build is writing {out_dir} (lock {lock_path}); "
                              "run again when it has finished") from None
        except OSError as exc:
            raise OutputError(link_message if exc.errno == errno.ELOOP
                              else f"cannot write {out_dir}: {exc.strerror or exc} ({lock_path})") from None
        try:
            same_file = not locked or os.path.samestat(os.fstat(locked[-1]), os.stat(lock_path))
        except FileNotFoundError:
            same_file = False
        if same_file:  # else the holder before us removed the file after we opened it: lock the new one
            break
        lock.release()
    try:
        yield
    finally:
        lock_path.unlink(missing_ok=True)  # while still locked, so no one locks a file about to vanish
        lock.release()


def recover_build_folder(target: Path) -> None:
    """Finish or undo a killed swap of the build folder `target` (absolute), then delete every leftover.

    When `target` is missing and a swap was under way (an old and a new sibling with one token), the new
    build is complete (its marker is written before the swap starts) and is renamed into place; without
    a complete new sibling the old one is put back. Call only while holding the folder's lock. Raises
    OSError.
    """
    prefix = f".{target.name}"
    leftovers = {entry.name: Path(entry.path) for entry in os.scandir(target.parent)
                 if _is_sibling(entry.name, prefix)}
    swapped = [name for name in sorted(leftovers) if name.startswith(prefix + OLD_INFIX)]
    if swapped and not os.path.lexists(target):  # the lock allows one swap at a time: one old sibling
        old = leftovers[swapped[0]]
        new = old.with_name(prefix + NEW_INFIX + swapped[0].removeprefix(prefix + OLD_INFIX))
        restored = new if is_marker(new / BUILD_MARKER) else old
        os.rename(restored, target)
        del leftovers[restored.name]
    for leftover in leftovers.values():
        if leftover.is_dir() and not leftover.is_symlink():
            shutil.rmtree(leftover)
        else:
            leftover.unlink()


def _is_sibling(name: str, prefix: str) -> bool:
    """Whether `name` is `<prefix><new or old infix><token>`, the token being mkdtemp's letters, digits, `_`."""
    tokens = (name.removeprefix(prefix + infix) for infix in (NEW_INFIX, OLD_INFIX))
    # a dot in the token means a sibling of another folder, one named like `build.fwdata-new-x`
    return any(token != name and token and "." not in token for token in tokens)


def write_outputs(outputs: Sequence[Output], out_dir: Path) -> list[Path]:
    """Replace the build folder `out_dir` by `outputs` in one step; return the written paths.

    Claims the folder (`claim_build_folder`: lock, recovery, ownership) and replaces it whole
    (`BuildFolder.replace`). Raises OutputError (exit 2) when anything cannot be written, the folder is
    locked by another build or is not fwdata's; the previous build is then left as it was.
    """
    with claim_build_folder(out_dir) as folder:
        return folder.replace(outputs)


def refuse_building_over(target: Path, out_dir: Path, inputs: Sequence[Path]) -> None:
    """Raise OutputError when the build folder `target` (resolved) is or holds one of `inputs`: a build replaces its
    folder whole, so it would delete what it reads."""
    for path in inputs:
        real = Path(os.path.realpath(path))
        if real.is_relative_to(target):
            raise OutputError(f"refusing to build into {out_dir}: it holds {display_path(path)}, which the build "
                              "reads, and a build replaces its folder whole; name a build folder outside it")
