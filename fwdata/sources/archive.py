"""Zip packs: list and read the members of a zipped pack in memory, never extracting to disk."""

from __future__ import annotations

import io
import re
import stat
import zipfile
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from fwdata.errors import UsageError
from fwdata.sources.containment import Refused, read_regular


@dataclass(frozen=True)
class ZipLimits:
    """Caps on a zip pack: its size on disk, its member count, and what its members expand to."""

    max_zip_bytes: int = 64 * 1024 * 1024
    max_members: int = 20_000
    max_total_bytes: int = 256 * 1024 * 1024
    max_ratio: int = 100


_DRIVE = re.compile(r"^[A-Za-z]:")


class ZipPack:
    """A zipped pack held in memory.

    `root` is `path` itself, or `path/<folder>` when every member lies in one
    top folder (a zipped pack folder). `members` maps the path findings name
    (`pack.zip/cards/x.yaml`) to the member; `refused` maps to a Refused the
    members that may never be read (links, unsafe names: these are named at
    `path` itself, since their names cannot be trusted as paths).
    """

    def __init__(self, path: Path, limits: ZipLimits = ZipLimits(), source_folders: tuple[str, ...] = ()) -> None:
        """Open the zip at `path`; raise UsageError (exit 2) when it is not a usable zip or breaks a cap.

        A top folder named like one of `source_folders` (`cards`) is part of the pack, not its root.
        """
        self.path = path
        self.limits = limits
        try:
            data = read_regular(path, limits.max_zip_bytes)
        except Refused as exc:
            raise UsageError(f"{path}: {exc.message}") from None
        try:
            self._zip = zipfile.ZipFile(io.BytesIO(data))
            infos = self._zip.infolist()
        except (zipfile.BadZipFile, zipfile.LargeZipFile, ValueError, EOFError) as exc:
            raise UsageError(f"{path}: not a usable zip file ({_one_line(exc)})") from None
        if len(infos) > limits.max_members:
            raise UsageError(f"{path}: {len(infos)} members; a zip pack holds at most {limits.max_members}")
        total = sum(info.file_size for info in infos)
        if total > limits.max_total_bytes:
            raise UsageError(f"{path}: members expand to {total} bytes; a zip pack expands to at most "
                             f"{limits.max_total_bytes} bytes")
        self.members: dict[Path, zipfile.ZipInfo] = {}
        self.refused: dict[Path, Refused] = {}
        unsafe: list[str] = []
        for info in infos:
            problem = _unsafe_name(info.filename)
            if problem:
                unsafe.append(f"{info.filename!r} ({problem})")
                continue
            member = path / info.filename
            if info.is_dir():
                continue
            if member in self.members:
                unsafe.append(f"{info.filename!r} (the name appears twice)")
                continue
            file_type = stat.S_IFMT(info.external_attr >> 16)
            if info.create_system == 3 and file_type not in (0, stat.S_IFREG):  # 3: Unix; others keep no type
                kind = "a symbolic link" if file_type == stat.S_IFLNK else "not a regular file"
                self.refused[member] = Refused("ZIP-MEMBER-LINK", f"zip member is {kind}; a zip pack holds "
                                               "regular files only")
            self.members[member] = info
        if unsafe:
            self.refused[path] = Refused("ZIP-MEMBER-PATH", f"{len(unsafe)} zip member(s) with unsafe names: "
                                         f"{', '.join(unsafe)} (members must be relative paths inside the pack)")
        self.root = path / _top_folder(self.members, path, source_folders)

    def has(self, path: Path) -> bool:
        """Tell whether `path` names a member (readable or refused)."""
        return path in self.members or path in self.refused

    def files(self, suffixes: tuple[str, ...], folders: tuple[str, ...]) -> list[Path]:
        """Return the members to read: those under `root` named with `suffixes`, not hidden, under `folders`
        when any exists; and every refused member (so that its finding is reported)."""
        inside = {member: member.relative_to(self.root).parts for member in self.members
                  if member.is_relative_to(self.root)}
        laid_out = {parts[0] for parts in inside.values() if len(parts) > 1} & set(folders)
        sources = {member for member, parts in inside.items()
                   if member.name.lower().endswith(suffixes) and not any(part.startswith(".") for part in parts)
                   and (not laid_out or parts[0] in laid_out)}
        return sorted(sources | set(self.refused), key=str)

    def read(self, path: Path, max_bytes: int) -> bytes:
        """Return a member's bytes (at most `max_bytes`); raise Refused for a refused, missing, encrypted,
        oversized or over-compressed member or a corrupt one."""
        if path in self.refused:
            raise self.refused[path]
        info = self.members.get(path)
        if info is None:
            raise Refused("SOURCE-UNREADABLE", f"no member {path.relative_to(self.path).as_posix()!r} in the zip")
        if info.flag_bits & 0x1:
            raise Refused("ZIP-ENCRYPTED", "zip member is encrypted; a zip pack holds plain members only")
        if info.file_size > max_bytes:
            raise Refused("YAML-TOO-LARGE", f"file is {info.file_size} bytes; the limit is {max_bytes} bytes")
        if info.file_size > self.limits.max_ratio * max(info.compress_size, 1):
            raise Refused("ZIP-RATIO", f"zip member expands {info.file_size} bytes from {info.compress_size} "
                          f"(over {self.limits.max_ratio} times; a zip bomb?)")
        try:
            with self._zip.open(info) as stream:
                data = stream.read(max_bytes + 1)
        except (zipfile.BadZipFile, NotImplementedError, RuntimeError, ValueError, EOFError, OSError) as exc:
            raise Refused("SOURCE-UNREADABLE", f"cannot read zip member: {_one_line(exc)}") from None
        if len(data) > max_bytes:
            raise Refused("YAML-TOO-LARGE", f"file is over {max_bytes} bytes; the limit is {max_bytes} bytes")
        return data


def is_zip_pack(path: Path) -> bool:
    """Tell whether `path` names a zip pack (a file ending in .zip)."""
    return path.suffix.lower() == ".zip" and not path.is_dir()


def _unsafe_name(name: str) -> str | None:
    if "\\" in name:
        return "a backslash"
    if name.startswith("/"):
        return "an absolute path"
    if _DRIVE.match(name):
        return "a drive letter"
    if ".." in PurePosixPath(name).parts:
        return "'..' leaves the pack"
    if "\x00" in name or not name.strip("/"):
        return "an empty or NUL name"
    return None


def _top_folder(members: dict[Path, zipfile.ZipInfo], path: Path, source_folders: tuple[str, ...]) -> str:
    """Return the one folder every member lies in, unless it is a source folder ('' when there is none)."""
    tops = {member.relative_to(path).parts[0] for member in members}
    nested = all(len(member.relative_to(path).parts) > 1 for member in members)
    return next(iter(tops)) if len(tops) == 1 and nested and not tops & set(source_folders) else ""


def _one_line(exc: BaseException) -> str:
    return " ".join(str(exc).split()) or type(exc).__name__
