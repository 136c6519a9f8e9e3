"""Loading: read one YAML 1.2 file into a located SourceDocument, or findings that say why not.

Hostile input is bounded before anything is built: file size, nesting depth,
alias count and the size of the expanded data are capped, explicit tags other
than YAML's core ones are refused, and duplicate keys are errors. The text
checks (tabs, line length) are here; `yaml_reader` turns the text into nodes
and `yaml_values` the nodes into located plain data.
"""

from __future__ import annotations

import os
import re
import unicodedata
from collections.abc import Callable, Sequence
from pathlib import Path

from ruamel.yaml.error import MarkedYAMLError, YAMLError
from ruamel.yaml.nodes import MappingNode, ScalarNode, SequenceNode
from ruamel.yaml.reader import ReaderError

from fwdata.findings import Finding, Location, error, escape_controls
from fwdata.sources import containment
from fwdata.sources.document import SourceDocument
from fwdata.sources.yaml_reader import CORE, LoadLimits, Refused, TextLines, printable, read_nodes
from fwdata.sources.yaml_values import to_plain

__all__ = ["LoadLimits", "display_path", "load_source", "load_sources"]

DEFAULT_LIMITS = LoadLimits()
_LEADING_BLANKS = re.compile(r"[ \t\u00a0\u1680\u2000-\u200b\u202f\u205f\u3000\ufeff]*")
_ODD_BLANK = re.compile(r"[\u00a0\u1680\u2000-\u200b\u202f\u205f\u3000\ufeff]")


def display_path(path: Path) -> str:
    """Return `path` relative to the current folder when it lies below it, control characters escaped."""
    try:
        shown = os.path.relpath(path) if path.resolve().is_relative_to(Path.cwd().resolve()) else str(path)
    except (OSError, ValueError, RuntimeError):  # RuntimeError: a symbolic link loop (Python 3.11)
        shown = str(path)
    return escape_controls(shown)


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
    a pack passes `Pack.read`, which raises containment.Refused.
    """
    try:
        raw = (read or _read_beside)(path, limits.max_bytes)
    except containment.Refused as exc:
        return None, [error(Location(display_path(path), 1, 1), exc.code, exc.message)]
    return load_bytes(display_path(path), raw, limits)


def _read_beside(path: Path, max_bytes: int) -> bytes:
    return containment.read_in_pack(path.parent, path, max_bytes)


def load_bytes(shown: str, raw: bytes, limits: LoadLimits = DEFAULT_LIMITS
               ) -> tuple[SourceDocument | None, list[Finding]]:
    """Load one YAML source's bytes, its findings named `shown` (see `load_source`)."""

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

    lines = TextLines(text)
    text_findings = _indentation_findings(shown, lines)
    if text_findings:
        return None, text_findings
    for number, text_line in enumerate(lines.lines, start=1):
        if len(text_line) > limits.max_line_chars:
            return fail("YAML-TOO-LARGE", f"line {number} has {len(text_line)} characters; the limit is "
                        f"{limits.max_line_chars}", number, 1)
    try:
        root = read_nodes(text, limits, lines)
        if root is None or isinstance(root, ScalarNode) and root.tag == CORE + "null":
            return fail("YAML-EMPTY", "the file holds no document (expected a mapping with system, kind and id)")
        if not isinstance(root, MappingNode):
            kind = "a list" if isinstance(root, SequenceNode) else "a single value"
            return fail("YAML-NOT-MAPPING", f"the document is {kind}; expected a mapping with system, kind and id")
        data, values, keys = to_plain(root, limits, lines)
    except Refused as exc:
        return fail(exc.code, exc.message, *exc.where)
    except MarkedYAMLError as exc:
        return None, [_syntax_finding(shown, lines, exc)]
    except ReaderError as exc:
        message = f"control character U+{_codepoint(exc.character):04X} is not allowed in YAML"
        return fail("YAML-SYNTAX", message, *lines.position(exc.position))
    except YAMLError as exc:
        return fail("YAML-SYNTAX", printable(str(exc).strip().splitlines()[0]) if str(exc).strip() else "invalid YAML")
    return SourceDocument(path=shown, data=data, value_positions=values, key_positions=keys), []


def _codepoint(character: int | str) -> int:
    return character if isinstance(character, int) else ord(character)


def _syntax_finding(shown: str, lines: TextLines, exc: MarkedYAMLError) -> Finding:
    """Return the parser's complaint at its mark, or at the odd blank in an indentation that caused it.

    A no-break space indents nothing in YAML: it starts text, and the parser
    stops later (often a line later); the finding points at the space.
    """
    mark = exc.problem_mark or exc.context_mark
    line, column = lines.at(mark)
    problem = (exc.problem or exc.context or "invalid YAML").strip()
    context = f" ({exc.context.strip()})" if exc.context and exc.problem else ""
    message = printable(f"{problem}{context}")
    first = lines.at(exc.context_mark)[0] if exc.context_mark else line
    for number in range(min(line, len(lines.lines)), min(first, line) - 1, -1):
        odd = _odd_blank(lines.lines[number - 1])
        if odd is not None:
            name = unicodedata.name(lines.lines[number - 1][odd], "space").lower()
            return error(Location(shown, number, odd + 1), "YAML-SYNTAX",
                         f"{name} (U+{ord(lines.lines[number - 1][odd]):04X}) in indentation (YAML indents with "
                         f"plain spaces only); the parser then stopped at line {line}: {message}")
    return error(Location(shown, line, column), "YAML-SYNTAX", message)


def _odd_blank(line: str) -> int | None:
    """Return the index of a no-break or other Unicode space in the line's leading blanks, if any."""
    leading = _LEADING_BLANKS.match(line)
    odd = _ODD_BLANK.search(leading.group()) if leading else None
    return odd.start() if odd else None


def _indentation_findings(shown: str, lines: TextLines) -> list[Finding]:
    findings = []
    for number, line in enumerate(lines.lines, start=1):
        indent = line[: len(line) - len(line.lstrip(" \t"))]
        if "\t" in indent and line.strip() and not line.lstrip().startswith("#"):
            column = indent.index("\t") + 1
            findings.append(error(Location(shown, number, column), "YAML-TAB",
                                  "tab character in indentation (YAML indents with spaces only)"))
    return findings
