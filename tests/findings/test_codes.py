"""The registry of finding codes (fwdata/findings/codes.py): docs/findings.md is made from it, and every code fwdata
emits is in it."""

from __future__ import annotations

import re
import sys
from pathlib import Path

from fwdata.findings.codes import FindingCode, FindingSection, findings_document, registered_codes

ROOT = Path(__file__).resolve().parent.parent.parent
sys.path.insert(0, str(ROOT / "tools"))

from findings_doc import DOC, bundled_sections, findings_text  # noqa: E402

# A code as the source writes it: a string literal of a known prefix, or of any registered code's prefix
# (a bare "SCHEMA" is the schema code).
PREFIXES = {"YAML", "SOURCE", "ZIP", "SCHEMA", "REF", "PACK", "RENDER", "TEXT", "FW", "FL", "AOA",
            *(code.split("-")[0] for code in registered_codes(bundled_sections()))}
LITERAL = re.compile(r"""["']((?:""" + "|".join(sorted(PREFIXES)) + r""")(?:-[A-Z0-9]+)+|SCHEMA)["']""")


def test_docs_findings_md_is_made_from_the_registry() -> None:
    assert DOC.read_text(encoding="utf-8") == findings_text(), "stale: run `make findings-doc`"


def test_every_code_fwdata_emits_is_registered_and_every_registered_code_is_emitted_or_retired() -> None:
    registered = registered_codes(bundled_sections())
    used: dict[str, str] = {}
    for path in sorted((ROOT / "fwdata").rglob("*.py")):
        if path.name in ("finding_codes.py", "stages.py"):
            continue
        for match in LITERAL.finditer(path.read_text(encoding="utf-8")):
            used.setdefault(match[1], str(path.relative_to(ROOT)))
    assert {code: path for code, path in used.items() if code not in registered} == {}
    assert sorted(code for code, entry in registered.items() if code not in used and entry.severity != "retired") == []


def test_a_section_renders_its_columns_in_order_and_an_empty_cell_as_a_blank() -> None:
    section = FindingSection("Toy (`toy`)", ("code", "severity", "meaning", "how to fix"),
                             (FindingCode("TOY-RANGE", "error", "low above high"), ), before="Counters.")
    assert findings_document("# Codes", [section]) == (
        "# Codes\n\n## Toy (`toy`)\n\nCounters.\n\n| code | severity | meaning | how to fix |\n"
        "| --- | --- | --- | --- |\n| `TOY-RANGE` | error | low above high | |\n")
    try:
        registered_codes([section, section])
    except ValueError as problem:
        assert "TOY-RANGE" in str(problem)
    else:
        raise AssertionError("a code documented twice must be refused")
