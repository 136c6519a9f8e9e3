"""Loading: read one YAML 1.2 file into a located SourceDocument, or findings that say why not.

Hostile input is bounded before anything is built: file size, nesting depth,
alias count and the size of the expanded data are capped, explicit tags other
than YAML's core ones are refused, and duplicate keys are errors. The text
checks (tabs, line length) are here; `yaml_plain` turns the common text straight into located plain
data; the rest goes through `yaml_reader` (text to nodes) and `yaml_values` (nodes to data).

A plain text is first read by `yaml_fast` (rapidyaml, in C++) without positions; they are found
by reading it again the located way when a finding asks for one (`Positions.found_later`).
"""

from __future__ import annotations

import functools
import os
import re
import zlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from yaml.error import MarkedYAMLError, YAMLError
from yaml.nodes import MappingNode, ScalarNode, SequenceNode

from fwdata.findings import Finding, Location, error, escape_controls
from fwdata.sources import containment
from fwdata.sources.document import Positions, SourceDocument
from fwdata.sources.modelines import modeline_findings
from fwdata.sources.yaml_errors import syntax_message
from fwdata.sources.yaml_fast import read_fast
from fwdata.sources.yaml_plain import GiveUp, read_plain, read_position, read_positions
from fwdata.sources.yaml_reader import CORE, LoadLimits, Refused, TextLines, printable, read_nodes
from fwdata.sources.yaml_strict import check_strict_syntax, hold_separators
from fwdata.sources.yaml_values import to_plain

__all__ = ["LoadLimits", "display_path", "load_bytes", "load_source", "load_sources", "read_source"]

DEFAULT_LIMITS = LoadLimits()
# YAML 1.2's c-printable, complemented (Python's UTF-8 decoder already refuses lone surrogates).
_NOT_YAML_PRINTABLE = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x84\x86-\x9f\ufffe\uffff]")


def display_path(path: Path) -> str:
    """Return `path` relative to the current folder when it lies below it, control characters escaped."""
    try:
        cwd = os.getcwd()
    except OSError:  # the current folder was deleted
        return escape_controls(str(path))
    return _display_path(path, cwd)


@functools.lru_cache(maxsize=1 << 16)  # a run shows each file several times, and resolving a path reads every folder
def _display_path(path: Path, cwd: str) -> str:
    absolute = os.path.join(cwd, path)
    try:
        shown = _relative(absolute, cwd) if _is_below(_resolved(absolute), _resolved_folder(cwd)) else str(path)
    except (OSError, ValueError, RuntimeError):  # RuntimeError: a symbolic link loop (Python 3.11)
        shown = str(path)
    return escape_controls(shown)


def _resolved(absolute: str) -> str:
    """Return `absolute` resolved as `Path.resolve` does, its folder resolved once for all its files (strings: a
    pack's thousand files are shown in milliseconds)."""
    folder, name = os.path.split(absolute)
    if name in ("", ".", "..") or os.path.islink(absolute):
        return str(Path(absolute).resolve())
    return os.path.join(_resolved_folder(folder), name)


@functools.lru_cache(maxsize=1 << 12)
def _resolved_folder(folder: str) -> str:
    return str(Path(folder).resolve())


def _is_below(path: str, folder: str) -> bool:
    """Tell whether the resolved `path` is `folder` or inside it (`Path.is_relative_to`)."""
    return path == folder or path.startswith(os.path.join(folder, ""))


def _relative(absolute: str, cwd: str) -> str:
    """Return `os.path.relpath(absolute, cwd)`, without its work when `absolute` is written below `cwd`."""
    normal = os.path.normpath(absolute)
    below = os.path.join(cwd, "")
    if normal.startswith(below) and len(normal) > len(below):
        return normal[len(below):]
    return os.path.relpath(absolute, cwd)


def load_sources(
    paths: Sequence[Path], limits: LoadLimits = DEFAULT_LIMITS
) -> tuple[list[SourceDocument], list[Finding]]:
    """Load every file; return the documents that loaded and the findings of those that did not."""
    documents: list[SourceDocument] = []
    findings: list[Finding] = []
    for path in paths:
        document, problems = load_source(path, limits)
        findings.extend(problems)
        if document is not None:
            documents.append(document)
    return documents, findings


def load_source(path: Path, limits: LoadLimits = DEFAULT_LIMITS, *,
                read: Callable[[Path, int], bytes] | None = None) -> tuple[SourceDocument | None, list[Finding]]:
    """Load one YAML file as a mapping with the position of every key and value.

    Never raises for bad content: every problem becomes a finding (YAML-* codes)
    at its 1-based line and column. Reading errors (permissions, a link leaving
    the file's folder, a pipe: fwdata/sources/containment.py) are findings too.
    `read(path, max_bytes)` reads the file (default: beneath its own folder);
    a pack passes `Pack.read`, which raises containment.Refused. A loaded document's modeline
    naming a schema that does not exist is a MODELINE-SCHEMA-MISSING warning (fwdata/sources/modelines.py).
    """
    shown, raw = read_source(path, limits, read=read)
    if isinstance(raw, list):
        return None, raw
    document, findings = load_bytes(shown, raw, limits)
    if document is not None:
        findings += modeline_findings(path, shown, raw.decode("utf-8-sig"))
    return document, findings


def read_source(path: Path, limits: LoadLimits = DEFAULT_LIMITS, *,
                read: Callable[[Path, int], bytes] | None = None) -> tuple[str, bytes | list[Finding]]:
    """Return the name findings give `path` and its bytes, or the finding that it cannot be read (see `load_source`)."""
    shown = display_path(path)
    try:
        return shown, (read or _read_beside)(path, limits.max_bytes)
    except containment.Refused as exc:
        return shown, [error(Location(shown, 1, 1), exc.code, exc.message)]


def _read_beside(path: Path, max_bytes: int) -> bytes:
    return containment.read_in_pack(path.parent, path, max_bytes)


def load_bytes(shown: str, raw: bytes, limits: LoadLimits = DEFAULT_LIMITS, *, fast: bool = True
               ) -> tuple[SourceDocument | None, list[Finding]]:
    """Load one YAML source's bytes, its findings named `shown` (see `load_source`).

    `fast`: a plain text is read by `yaml_fast`, its positions found when first asked for;
    else (and for every other text) the text is read the located way. Both give the same data and findings.
    """

    def fail(code: str, message: str, line: int = 1, column: int = 1) -> tuple[None, list[Finding]]:
        return None, [error(Location(shown, line, column), code, message)]

    if len(raw) > limits.max_bytes:
        return fail("YAML-TOO-LARGE", f"file is {len(raw)} bytes; the limit is {limits.max_bytes} bytes")
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        column = exc.start - (raw.rfind(b"\n", 0, exc.start) + 1) + 1
        return fail("YAML-ENCODING", f"invalid UTF-8 byte 0x{raw[exc.start]:02x} (sources must be UTF-8)", line, column)
    if fast and (data := read_fast(text, limits)) is not None:
        # the bytes kept compressed till a finding asks (a fifth of their size: a large pack holds every file's)
        later = LocatedLater(zlib.compress(raw, 1), limits)
        return SourceDocument(shown, data, Positions.found_later(later, later.seek)), []

    lines = TextLines(text)
    text_findings = _indentation_findings(shown, lines)
    if text_findings:
        return None, text_findings
    for number, text_line in enumerate(lines.lines, start=1):
        if len(text_line) > limits.max_line_chars:
            return fail("YAML-TOO-LARGE", f"line {number} has {len(text_line)} characters; the limit is "
                        f"{limits.max_line_chars}", number, 1)
    unprintable = _NOT_YAML_PRINTABLE.search(text)
    if unprintable:
        message = f"control character U+{ord(unprintable.group()):04X} is not allowed in YAML"
        return fail("YAML-SYNTAX", message, *lines.position(unprintable.start()))
    text, restore = hold_separators(text)
    # The YAML 1.2 rules libyaml lets pass are checked once libyaml has read the text without an error of its own
    # (its errors come with their own wording), before any finding about what the text holds.
    try:
        try:
            data, positions = read_plain(text, limits, lines)
        except GiveUp:
            root = read_nodes(text, limits, lines)
            check_strict_syntax(text, lines)
            if root is None or isinstance(root, ScalarNode) and root.tag == CORE + "null":
                return fail("YAML-EMPTY", "the file holds no document (expected a mapping with system, kind and id)")
            if not isinstance(root, MappingNode):
                kind = "a list" if isinstance(root, SequenceNode) else "a single value"
                return fail("YAML-NOT-MAPPING", f"the document is {kind}; expected a mapping with system, kind and id")
            data, positions = to_plain(root, limits, lines)
        check_strict_syntax(text, lines)
    except Refused as exc:
        if exc.code != "YAML-SYNTAX":  # a cap or a second document: the text may still break a rule first
            try:
                check_strict_syntax(text, lines, parsed=False)
            except Refused as strict:
                exc = strict
        return fail(exc.code, exc.message, *exc.where)
    except MarkedYAMLError as exc:
        message, (line, column) = syntax_message(lines, exc)
        return fail("YAML-SYNTAX", message, line, column)
    except YAMLError as exc:
        return fail("YAML-SYNTAX", printable(str(exc).strip().splitlines()[0]) if str(exc).strip() else "invalid YAML")
    return SourceDocument(path=shown, data=restore(data), positions=positions), []


@dataclass(frozen=True)
class LocatedLater:
    """How the positions of a source `yaml_fast` read are found when first asked for (`Positions.found_later`): its
    bytes, zlib-compressed, read again under `limits` for the positions the located reader gives it
    (`yaml_plain.read_positions`).

    The text passed every check when it was read, and holds nothing `yaml_plain` gives up on (no anchor, alias,
    merge key, tag or key twice): only its parser events are read again, for their places and keys. The
    loaded-sources cache keeps the compressed bytes as they are (fwdata/incremental/source_cache.py), not the
    positions.
    """

    compressed: bytes
    limits: LoadLimits

    def __call__(self) -> Positions:
        return read_positions(zlib.decompress(self.compressed).decode("utf-8-sig"), self.limits)

    def seek(self, pointer: str) -> Positions | tuple[int, int]:
        """Return the packed positions of the value at `pointer` and of its key, or, when the source has no such
        value, every position (`yaml_plain.read_position`)."""
        return read_position(zlib.decompress(self.compressed).decode("utf-8-sig"), self.limits, pointer)


def _indentation_findings(shown: str, lines: TextLines) -> list[Finding]:
    findings = []
    for number, line in enumerate(lines.lines, start=1):
        indent = line[: len(line) - len(line.lstrip(" \t"))]
        if "\t" in indent and line.strip() and not line.lstrip().startswith("#"):
            column = indent.index("\t") + 1
            findings.append(error(Location(shown, number, column), "YAML-TAB",
                                  "tab character in indentation (YAML indents with spaces only)"))
    return findings
