"""Loading: file names and ids a Windows machine cannot hold (a pack shared between players on any system)."""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Sequence
from pathlib import Path

from fwdata.findings import Finding, Location, warning
from fwdata.sources.document import SourceDocument
from fwdata.sources.yaml_loader import display_path

# Device names Windows reserves in every folder, with or without an extension (`con.yaml`, `nul.pdf`).
RESERVED = re.compile(r"(?:con|prn|aux|nul|com[0-9\u00b9\u00b2\u00b3]|lpt[0-9\u00b9\u00b2\u00b3])(?:\..*)?",
                      re.IGNORECASE)
FORBIDDEN = frozenset('<>:"\\|?*')


def windows_problem(name: str) -> str | None:
    """Return why Windows cannot hold a file or folder named `name` (one path part), or None when it can."""
    if RESERVED.fullmatch(name):
        return f"{name.split('.')[0].upper()} is a device name Windows reserves"
    if forbidden := sorted(FORBIDDEN.intersection(name)):
        return f"Windows does not allow {' '.join(forbidden)} in a name"
    if name.endswith((".", " ")):
        return "Windows drops a dot or space at the end of a name"
    return None


def portable_name_findings(root: Path, files: Iterable[Path], documents: Sequence[SourceDocument]) -> list[Finding]:
    """Return a NAME-WINDOWS warning for each file of the pack at `root` whose path (below `root`) has a part Windows
    cannot hold, and for each document whose `id` cannot name a file there (outputs are `<id>.pdf`)."""
    findings = []
    for path in files:
        for part in Path(os.path.relpath(path, root)).parts:
            if part not in (".", "..") and (problem := windows_problem(part)) is not None:
                findings.append(warning(Location(display_path(path), 1, 1), "NAME-WINDOWS",
                                        f"the file cannot be copied to Windows: {part!r}: {problem}"))
                break
    for document in documents:
        doc_id = document.data.get("id") if isinstance(document.data, dict) else None
        if isinstance(doc_id, str) and (problem := windows_problem(doc_id)) is not None:
            findings.append(warning(document.locate("/id"), "NAME-WINDOWS",
                                    f"id {doc_id!r} cannot name an output file on Windows ({doc_id}.pdf): {problem}; "
                                    "choose another id"))
    return findings
