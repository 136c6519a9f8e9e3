"""Write stage: put rendered files into the build folder, each atomically (temp file + rename)."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Sequence
from pathlib import Path, PurePosixPath
from typing import TYPE_CHECKING

from fwdata.errors import OutputError

if TYPE_CHECKING:
    from fwdata.systems import Output


def write_file(target: Path, data: bytes) -> None:
    """Write one file atomically (temp file in the same folder, then rename); raises OutputError."""
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
        try:
            with os.fdopen(handle, "wb") as stream:
                stream.write(data)
            os.replace(temporary, target)
        except BaseException:
            Path(temporary).unlink(missing_ok=True)
            raise
    except OSError as exc:
        raise OutputError(f"cannot write {target}: {exc.strerror or exc}") from None


def write_outputs(outputs: Sequence[Output], out_dir: Path) -> list[Path]:
    """Write every output under `out_dir`; return the written paths.

    Each file is first written to a temporary file in its folder and then
    renamed over the old one, so a reader never sees half a PDF. Raises
    OutputError (exit 2) when a folder or file cannot be written, or when an
    output path would leave `out_dir`.
    """
    written: list[Path] = []
    for output in outputs:
        relative = PurePosixPath(output.path)
        if relative.is_absolute() or ".." in relative.parts:
            raise OutputError(f"refusing to write outside the build folder: {output.path}")
        target = out_dir.joinpath(*relative.parts)
        write_file(target, output.data)
        written.append(target)
    return written
