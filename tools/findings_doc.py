"""Write docs/findings.md from the registry of finding codes: the stages' (fwdata/findings/stages.py) and each
bundled game system's (`GameSystem.findings`). tests/test_findings_doc.py fails when the file is stale."""

from __future__ import annotations

import sys
from pathlib import Path

from fwdata.findings.codes import FindingSection, findings_document
from fwdata.findings.stages import PREAMBLE, SECTIONS
from fwdata.systems import BUNDLED, registered_systems

DOC = Path(__file__).resolve().parent.parent / "docs" / "findings.md"


def bundled_sections() -> list[FindingSection]:
    """Return the documented sections: the stages', then each bundled system's in registry order."""
    systems = registered_systems()
    return [*SECTIONS, *(section for system_id in BUNDLED if (section := systems[system_id].findings) is not None)]


def findings_text() -> str:
    """Return docs/findings.md as the registry makes it."""
    return findings_document(PREAMBLE, bundled_sections())


def main() -> None:
    """Write docs/findings.md; with --check, exit 1 instead when it differs."""
    text = findings_text()
    if "--check" in sys.argv[1:]:
        sys.exit(0 if DOC.read_text(encoding="utf-8") == text else 1)
    DOC.write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()
