"""Write stage: put rendered files into the build folder all at once, or not at all."""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Sequence
from pathlib import Path, PurePosixPath
from typing import TYPE_CHECKING

from fwdata.errors import OutputError

if TYPE_CHECKING:
    from fwdata.systems import Output


def _file_mode() -> int:
    """The mode a new file gets under the process umask (mkstemp would give 0600)."""
    umask = os.umask(0)
    os.umask(umask)
    return 0o666 & ~umask


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


def write_outputs(outputs: Sequence[Output], out_dir: Path) -> list[Path]:
    """Write every output under `out_dir`; return the written paths.

    All files are first written into a staging folder inside `out_dir` (so a full
    disk fails before anything is replaced), then every target folder is created
    (so a file in the way fails before anything is replaced), and only then is each
    file renamed over the old one. Raises OutputError (exit 2) when anything cannot
    be written, or when an output path would leave `out_dir`; the previous build is
    then left as it was.
    """
    targets: list[tuple[PurePosixPath, Path]] = []
    seen: set[PurePosixPath] = set()
    for output in outputs:
        relative = PurePosixPath(output.path)
        if relative.is_absolute() or ".." in relative.parts:
            raise OutputError(f"refusing to write outside the build folder: {output.path}")
        if relative in seen:
            raise OutputError(f"two outputs would both be written to {output.path}")
        seen.add(relative)
        targets.append((relative, out_dir.joinpath(*relative.parts)))
    try:
        out_dir.mkdir(parents=True, exist_ok=True)
        staging = Path(tempfile.mkdtemp(prefix=".fwdata-staging-", dir=out_dir))
    except OSError as exc:
        raise OutputError(f"cannot write {out_dir}: {exc.strerror or exc}") from None
    current = out_dir
    try:
        mode = _file_mode()
        for output, (relative, _) in zip(outputs, targets, strict=True):
            current = staging.joinpath(*relative.parts)
            current.parent.mkdir(parents=True, exist_ok=True)
            current.write_bytes(output.data)
            current.chmod(mode)
        for _, target in targets:
            current = target
            target.parent.mkdir(parents=True, exist_ok=True)
            if target.is_dir():
                raise OutputError(f"cannot write {target}: a folder is in the way")
        for relative, target in targets:
            current = target
            os.replace(staging.joinpath(*relative.parts), target)
    except OSError as exc:
        raise OutputError(f"cannot write {current}: {exc.strerror or exc}") from None
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    return [target for _, target in targets]
