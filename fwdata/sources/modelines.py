"""Modelines: a source's `# yaml-language-server: $schema=...` line must name a schema file that exists."""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from pathlib import Path

from fwdata.findings import Finding, Location, warning

# The YAML language server reads the schema of a file from a comment of this form, anywhere in it.
MODELINE = re.compile(r"^[ \t]*#[ \t]*yaml-language-server:[ \t]*\$schema=(?P<reference>\S+)", re.MULTILINE)
PACK_SCHEMAS = ".fwdata/schemas/"
_URL = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*:")


def modeline_findings(path: Path, shown: str, text: str) -> list[Finding]:
    """Return a MODELINE-SCHEMA-MISSING warning for each modeline of `text` (the file at `path`, named `shown` in
    findings) whose schema in a pack's `.fwdata/schemas/` folder (where `fwdata new` points, and which
    `fwdata schema --write` fills) does not exist.

    Other modelines are the author's own business (a URL, a copy of a bundled file pointing at the
    library's `schemas/`), and so is a file whose folder is not a folder on disk (a zip pack's member):
    the reference cannot be looked up. The schema file is only looked for, never opened.
    """
    findings = []
    for match in _pack_schema_modelines(path, text):
        reference = match["reference"]
        if os.path.exists(path.parent / reference):
            continue
        line = text.count("\n", 0, match.start()) + 1
        column = match.start("reference") - (text.rfind("\n", 0, match.start()) + 1) + 1
        findings.append(warning(Location(shown, line, column), "MODELINE-SCHEMA-MISSING",
                                f"the modeline names the schema {reference}, which does not exist, so editors "
                                "complete and explain nothing in this file; write the pack's schemas with "
                                "`fwdata schema --write .fwdata/schemas` in the pack folder (`fwdata new` points "
                                "its files there), or fix the path"))
    return findings


def pack_schema_links(path: Path, text: str) -> tuple[tuple[str, bool], ...]:
    """Return each schema file the modelines of `text` (the file at `path`) name in a pack's `.fwdata/schemas/`
    folder, with whether it exists now: what `modeline_findings` looks up, so a cache of its findings knows when
    to look again (fwdata/incremental/check_cache.py)."""
    return tuple((str(path.parent / match["reference"]), os.path.exists(path.parent / match["reference"]))
                 for match in _pack_schema_modelines(path, text))


def _pack_schema_modelines(path: Path, text: str) -> list[re.Match[str]]:
    if "yaml-language-server" not in text or not os.path.isdir(path.parent):
        return []
    return [match for match in _modelines(text)
            if not _URL.match(match["reference"]) and PACK_SCHEMAS in match["reference"]]


def _modelines(text: str) -> Iterator[re.Match[str]]:
    """Yield what `MODELINE.finditer(text)` does, trying only the lines that name the language server (a search
    for a `^` of a text of many lines tries every character)."""
    at = text.find("yaml-language-server")
    while at >= 0:
        match = MODELINE.match(text, text.rfind("\n", 0, at) + 1)
        if match is not None:
            yield match
        line_end = text.find("\n", at)
        at = -1 if line_end < 0 else text.find("yaml-language-server", line_end)
