"""Modelines: a source's `# yaml-language-server: $schema=...` line must name a schema file that exists."""

from __future__ import annotations

import os
import re
from pathlib import Path

from fwdata.findings import Finding, Location, warning

# The YAML language server reads the schema of a file from a comment of this form, anywhere in it.
MODELINE = re.compile(r"^[ \t]*#[ \t]*yaml-language-server:[ \t]*\$schema=(?P<reference>\S+)", re.MULTILINE)
_URL = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*:")


def modeline_findings(path: Path, shown: str, text: str) -> list[Finding]:
    """Return a MODELINE-SCHEMA-MISSING warning for each modeline of `text` (the file at `path`, named `shown` in
    findings) whose schema, a path relative to the file's folder or an absolute one, does not exist.

    A URL is left alone (fetching it is the editor's business), and so is a file whose folder is not a
    folder on disk (a zip pack's member): the reference cannot be looked up. The schema file is only
    looked for, never opened.
    """
    if "yaml-language-server" not in text or not os.path.isdir(path.parent):
        return []
    findings = []
    for match in MODELINE.finditer(text):
        reference = match["reference"]
        if _URL.match(reference) or os.path.exists(path.parent / reference):
            continue
        line = text.count("\n", 0, match.start()) + 1
        column = match.start("reference") - (text.rfind("\n", 0, match.start()) + 1) + 1
        findings.append(warning(Location(shown, line, column), "MODELINE-SCHEMA-MISSING",
                                f"the modeline names the schema {reference}, which does not exist, so editors "
                                "complete and explain nothing in this file; write the pack's schemas with "
                                "`fwdata schema --write .fwdata/schemas` in the pack folder (`fwdata new` points "
                                "its files there), or fix the path"))
    return findings
