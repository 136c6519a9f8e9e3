"""Write stage: replace the build folder whole in one rename, under a lock, or not at all."""

from __future__ import annotations

import errno
import hashlib
import os
import shutil
import stat
import tempfile
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from fwdata.errors import OutputError
from fwdata.game_system import Output, StoredOutput
from fwdata.processes.interrupts import interrupts_deferred

BUILD_MARKER = ".fwdata-build"
"""The file that marks a folder as a build folder fwdata may replace whole."""
CACHE_FILE = ".fwdata-cache.json"
"""The build cache (fwdata/incremental/build_cache.py), written and swapped in with the build."""
SOURCES_FILE = ".fwdata-sources"
"""The loaded-sources cache (fwdata/incremental/source_cache.py), written and swapped in with the build."""
MARKER_TEXT = b"This folder is written by `fwdata build`; the next build replaces it whole.\n"
NEW_INFIX, OLD_INFIX, LOCK_SUFFIX = ".fwdata-new-", ".fwdata-old-", ".fwdata-lock"
SPOOL_FOLDER = ".fwdata-spool"
"""The folder of a new build where drawing processes write their outputs until `Staging.adopt` moves them."""


def _file_mode(base: int = 0o666) -> int:
    """The mode a new file (or, with base 0o777, folder) gets under the process umask (mkstemp gives 0600)."""
    umask = os.umask(0)
    os.umask(umask)
    return base & ~umask


def is_marker(path: Path) -> bool:
    """Whether `path` is a build marker: a regular file, not a link to one elsewhere."""
    return path.is_file() and not path.is_symlink()


def refuse_links_out(root: Path, path: Path) -> None:
    """Raise OutputError when writing `path` would go through a link that leaves the folder `root`.

    `path` and the folders above it need not exist yet: the part that exists is
    resolved, links included, and must stay inside `root` (itself resolved).
    """
    real_root = os.path.realpath(root)
    real = os.path.realpath(path)
    if os.path.commonpath([real_root, real]) != real_root:
        raise OutputError(f"refusing to write {path}: a link leads outside {root} (to {real})")


def write_file(target: Path, data: bytes) -> None:
    """Write one file atomically (temp file in the same folder, then rename); raises OutputError."""
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
        try:
            with os.fdopen(handle, "wb") as stream:
                stream.write(data)
            os.chmod(temporary, _file_mode())
            os.replace(temporary, target)
        except BaseException:
            Path(temporary).unlink(missing_ok=True)
            raise
    except OSError as exc:
        raise OutputError(f"cannot write {target}: {exc.strerror or exc}") from None


@dataclass(frozen=True)
class BuildFolder:
    """A build folder claimed by this process: locked, recovered, and fwdata's own
    (see `fwdata.output.build_claim.claim_build_folder`).

    `path` is the folder as named; `target` the same folder as an absolute path with symlinks resolved,
    the one that is swapped (a symlink to a build folder keeps pointing at the new build).
    """

    path: Path
    target: Path

    def sibling(self, infix: str, token: str = "") -> Path:
        """Return the hidden sibling `.<name><infix><token>` next to the build folder."""
        return self.target.with_name(f".{self.target.name}{infix}{token}")

    def replace(self, outputs: Sequence[Output]) -> list[Path]:
        """Replace the whole build folder by `outputs` and the marker; return the outputs' paths under `path`.

        `Staging` in one go: see there for how the folder is swapped and what a kill leaves. Raises
        OutputError (exit 2) when an output path leaves the folder, two outputs share a path, or anything
        cannot be written; the old build is then left as it was.
        """
        _relative_paths(outputs)  # every path checked before anything is written
        with self.staged() as staging:
            for output in outputs:
                staging.add(output)
            staging.commit()
        return [self.path.joinpath(*PurePosixPath(output.path).parts) for output in outputs]

    @contextmanager
    def staged(self) -> Iterator[Staging]:
        """Start a new build in a hidden sibling folder; it is deleted unless `Staging.commit` swaps it in.

        (A killed process leaves it: the next `fwdata.output.build_claim.claim_build_folder` deletes it.)

        Raises OutputError when the sibling cannot be made or written.
        """
        parent, name = self.target.parent, self.target.name
        try:
            new = Path(tempfile.mkdtemp(prefix=f".{name}{NEW_INFIX}", dir=parent))
            os.chmod(new, stat.S_IMODE(self.target.stat().st_mode) if self.target.is_dir() else _file_mode(0o777))
        except OSError as exc:
            raise OutputError(f"cannot write {self.path}: {exc.strerror or exc}") from None
        staging = Staging(self, new)
        try:
            yield staging
        except (Exception, KeyboardInterrupt):
            shutil.rmtree(new, ignore_errors=True)
            raise
        if not staging.committed:
            shutil.rmtree(new, ignore_errors=True)


class Staging:
    """A new build written file by file into `root`, a hidden sibling of the build folder, until `commit`.

    Each output is written as it is made, so a large build never holds every file in memory. The
    folder is named `.<name>.fwdata-new-<token>`; `commit` writes the cache and the marker (last: a
    folder with the marker is complete), then swaps it in by two renames: the old folder to
    `.<name>.fwdata-old-<token>`, the new one to the folder's name; then the old one is deleted. Files
    of the old build that this build does not produce are gone afterwards. A kill at any step leaves
    the old build or the new one, or (between the two renames) no folder and both siblings, which the next
    `fwdata.output.build_claim.claim_build_folder` turns back into the new build; a kill before `commit` leaves an
    unmarked sibling that it deletes.
    """

    def __init__(self, folder: BuildFolder, root: Path) -> None:
        self.folder = folder
        self.root = root
        self.committed = False
        self._stored: list[StoredOutput] = []
        self._seen: set[PurePosixPath] = set()
        self._mode = _file_mode()
        self._owner = _new_file_owner(root)

    def add(self, output: Output) -> StoredOutput:
        """Write `output` into the new build; return it as stored there (its bytes are not kept).

        Raises OutputError when its path leaves the folder, repeats an earlier output's, names
        fwdata's own file, or the file cannot be written.
        """
        return self.write(output.path, (output.data,))

    def write(self, path: str, chunks: Iterable[bytes]) -> StoredOutput:
        """Write the output at `path` into the new build, its `chunks` as they come; return it as stored (as `add`)."""
        relative = _relative_path(path, self._seen)
        self._seen.add(relative)
        file = self.root.joinpath(*relative.parts)
        digest, size = hashlib.sha256(), 0

        def counted() -> Iterator[bytes]:
            nonlocal size
            for chunk in chunks:
                digest.update(chunk)
                size += len(chunk)
                yield chunk

        try:
            _write_new(file, counted(), self._mode)
        except OSError as exc:
            raise OutputError(f"cannot write {self.folder.path.joinpath(*relative.parts)}: "
                              f"{exc.strerror or exc}") from None
        stored = StoredOutput(path, file, digest.hexdigest(), size)
        self._stored.append(stored)
        return stored

    def reuse(self, output: Output, sha256: str, old: Path, status: os.stat_result) -> StoredOutput:
        """Put `output`, the previous build's file `old` verified to hold its bytes (of SHA-256 `sha256`, `status` as
        read), into the new build; return it as stored (as `add`).

        The file is hard-linked, not copied, when it can be and is just what a new file would be: same
        file system, the mode and owner a new file gets, no other link to it (a copy the user linked
        elsewhere stays theirs), and the link leads to the very file read, unchanged since (same inode,
        size and modification time). Otherwise the bytes are written as `add` writes them. Raises
        OutputError as `add` does.
        """
        relative = _relative_path(output.path, self._seen)
        file = self.root.joinpath(*relative.parts)
        as_new = (stat.S_IMODE(status.st_mode) == self._mode and (status.st_uid, status.st_gid) == self._owner
                  and status.st_nlink == 1)
        try:
            linked = as_new and _linked(old, file, status)
        except OSError as exc:
            raise OutputError(f"cannot write {self.folder.path.joinpath(*relative.parts)}: "
                              f"{exc.strerror or exc}") from None
        if linked:
            self._seen.add(relative)
            stored = StoredOutput(output.path, file, sha256, status.st_size)
            self._stored.append(stored)
            return stored
        return self.add(output)

    @property
    def spool(self) -> Path:
        """The folder where `spool_output` writes outputs drawn by other processes."""
        return self.root / SPOOL_FOLDER

    def adopt(self, spooled: StoredOutput) -> StoredOutput:
        """Move an output `spool_output` wrote into the spool to its path in the new build; return it as stored.

        Raises OutputError as `add` does, and for a file that is not in the spool.
        """
        relative = _relative_path(spooled.path, self._seen)
        self._seen.add(relative)
        file = self.root.joinpath(*relative.parts)
        try:
            if spooled.file.parent != self.spool:
                raise OSError(f"{spooled.file} is not a drawn output of this build")
            file.parent.mkdir(parents=True, exist_ok=True)
            os.rename(spooled.file, file)
        except OSError as exc:
            raise OutputError(f"cannot write {self.folder.path.joinpath(*relative.parts)}: "
                              f"{exc.strerror or exc}") from None
        stored = StoredOutput(spooled.path, file, spooled.sha256, spooled.size)
        self._stored.append(stored)
        return stored

    def write_sources(self, sources: Iterable[bytes]) -> None:
        """Write `sources` (`.fwdata-sources`), each chunk as it comes, before the outputs: the documents it holds
        need not be kept while they are drawn. Raises OutputError when it cannot be written."""
        try:
            _write_new(self.root / SOURCES_FILE, sources, self._mode)
        except OSError as exc:
            raise OutputError(f"cannot write {self.folder.path / SOURCES_FILE}: {exc.strerror or exc}") from None

    def commit(self, cache: Iterable[bytes] | None = None) -> list[StoredOutput]:
        """Write `cache` (`.fwdata-cache.json`), each chunk as it comes, and the marker, swap the new build in; return
        its outputs there.

        Raises OutputError when anything cannot be written or renamed; the old build is then left as it was.
        """
        folder, new = self.folder, self.root
        current = folder.path
        try:
            if self.spool.is_dir():  # empty unless an output drawn was not adopted
                shutil.rmtree(self.spool, ignore_errors=True)
            if cache is not None:
                current = folder.path / CACHE_FILE
                _write_new(new / CACHE_FILE, cache, self._mode)
            current = folder.path / BUILD_MARKER
            _write_new(new / BUILD_MARKER, MARKER_TEXT, self._mode)
            current = folder.path
            old = folder.sibling(OLD_INFIX, new.name.removeprefix(f".{folder.target.name}{NEW_INFIX}"))
            with interrupts_deferred():  # a Ctrl-C between the two renames would leave no build folder
                if folder.target.exists():
                    os.rename(folder.target, old)
                    try:
                        os.rename(new, folder.target)
                    except OSError:
                        os.rename(old, folder.target)
                        raise
                    shutil.rmtree(old, ignore_errors=True)  # the build is done; the next run retries
                else:
                    os.rename(new, folder.target)
                self.committed = True
        except OSError as exc:
            busy = (" (a build swaps its folder in by renaming it, and a mount point cannot be renamed: name a folder "
                    "inside it)") if exc.errno == errno.EBUSY else ""
            raise OutputError(f"cannot write {current}: {exc.strerror or exc}{busy}") from None
        return [StoredOutput(stored.path, folder.target.joinpath(*PurePosixPath(stored.path).parts), stored.sha256,
                             stored.size) for stored in self._stored]


def _relative_paths(outputs: Sequence[Output]) -> list[PurePosixPath]:
    """Return each output's path inside the build folder; raises OutputError for one outside or a repeat."""
    seen: set[PurePosixPath] = set()
    for output in outputs:
        seen.add(_relative_path(output.path, seen))
    return [PurePosixPath(output.path) for output in outputs]


def _relative_path(path: str, seen: set[PurePosixPath]) -> PurePosixPath:
    """Return `path` inside the build folder; raises OutputError for one outside, in `seen`, or fwdata's own file."""
    relative = PurePosixPath(path)
    if relative.is_absolute() or ".." in relative.parts or not relative.parts:
        raise OutputError(f"refusing to write outside the build folder: {path}")
    if relative in seen:
        raise OutputError(f"two outputs would both be written to {path}")
    if relative.parts in ((BUILD_MARKER,), (CACHE_FILE,), (SOURCES_FILE,)) or relative.parts[0] == SPOOL_FOLDER:
        raise OutputError(f"an output may not be named {relative}: fwdata's own file in the build folder")
    return relative


def spool_output(spool: Path, name: str, output: Output, build_folder: Path) -> StoredOutput:
    """Write `output` as the file `name` in the `spool` folder of a new build (`Staging.spool`); return it.

    For a process that draws outputs for another: the bytes go to disk where they are
    drawn, and the process that owns the build moves the file into place (`Staging.adopt`)
    without reading it. Raises OutputError, naming the file in `build_folder` (the folder as
    the user named it), when the file cannot be written.
    """
    file = spool / name
    try:
        _write_new(file, output.data, _file_mode())
    except OSError as exc:
        raise OutputError(f"cannot write {build_folder.joinpath(*PurePosixPath(output.path).parts)}: "
                          f"{exc.strerror or exc}") from None
    return StoredOutput(output.path, file, hashlib.sha256(output.data).hexdigest(), len(output.data))


def _new_file_owner(folder: Path) -> tuple[int, int]:
    """The user and group ids a new file in `folder` gets: this process's, or the folder's group when it is
    set-group-ID."""
    with suppress(OSError):
        status = folder.stat()
        if status.st_mode & stat.S_ISGID:
            return os.geteuid(), status.st_gid
    return os.geteuid(), os.getegid()


def _linked(old: Path, new: Path, status: os.stat_result) -> bool:
    """Hard-link the file `old` as `new` (which must not exist) when it is still the file `status` describes; return
    whether `new` is that link (False: nothing is left at `new`). Raises OSError when a failed link cannot be undone."""
    try:
        new.parent.mkdir(parents=True, exist_ok=True)
        os.link(old, new, follow_symlinks=False)
        now = os.lstat(new)
    except OSError:  # another file system, one without hard links, a link count at its limit
        return False
    if os.path.samestat(now, status) and (now.st_size, now.st_mtime_ns) == (status.st_size, status.st_mtime_ns):
        return True
    new.unlink()
    return False


def _write_new(path: Path, data: bytes | Iterable[bytes], mode: int) -> None:
    """Write a file that must not exist yet (`data` whole or chunk by chunk), creating its folders; raises OSError."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "xb") as stream:
        if isinstance(data, bytes):
            stream.write(data)
        else:
            stream.writelines(data)
    os.chmod(path, mode)
