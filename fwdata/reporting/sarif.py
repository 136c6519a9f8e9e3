"""SARIF reporter: a SARIF 2.1.0 log for code-scanning tools, with rules documented from the registry of finding
codes."""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path, PurePath
from urllib.parse import quote

from fwdata import __version__
from fwdata.findings import Finding, Report, Severity
from fwdata.reporting.rules import FindingRule, findings_doc

SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
LEVELS = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.INFO: "note"}


def artifact_uri(path: str) -> str:
    """Return a finding path as a URI reference: relative paths stay relative to the working folder
    (percent-encoded, `/`-separated); absolute ones become `file:` URIs."""
    if PurePath(path).is_absolute():
        return Path(path).as_uri()
    return quote(PurePath(path).as_posix())


def rule_name(code: str) -> str:
    """Return the SARIF rule name of a finding code: its words joined in PascalCase (`FW-PERF-ORDER` -> `FwPerfOrder`),
    a name a reader can say, other than the id."""
    return "".join(word.capitalize() for word in code.split("-"))


def _rule(code: str, rule: FindingRule | None, help_uri: str) -> dict[str, object]:
    if rule is None:
        return {"id": code, "name": rule_name(code), "shortDescription": {"text": code}}
    level = {"error": "error", "warning": "warning", "info": "note"}.get(rule.severity.split()[0] if rule.severity
                                                                          else "", "warning")
    return {"id": code, "name": rule_name(code), "shortDescription": {"text": rule.title},
            "fullDescription": {"text": rule.title}, "help": {"text": rule.help}, "helpUri": help_uri,
            "defaultConfiguration": {"level": level}, "properties": {"category": rule.section}}


def _result(finding: Finding, index: int) -> dict[str, object]:
    physical: dict[str, object] = {"artifactLocation": {"uri": artifact_uri(finding.location.path)}}
    if finding.location.line > 0:
        physical["region"] = {"startLine": finding.location.line,
                              "startColumn": max(finding.location.column, 1)}
    return {"ruleId": finding.code, "ruleIndex": index, "level": LEVELS[finding.severity],
            "message": {"text": finding.message}, "locations": [{"physicalLocation": physical}]}


def format_sarif(report: Report, documented: Mapping[str, FindingRule]) -> str:
    """Return the SARIF 2.1.0 log (one run) of the report's findings as JSON text.

    `tool.driver.rules` lists every code used in the results, with the title and
    help text of its rule in `documented` (`reporting/rules.py`: the registry of finding codes, a plug-in
    system's too); a code not there gets its id only. Columns count Unicode code points, 1-based. The
    driver's `informationUri` and each rule's `helpUri` are the `file:` URI of the
    installed docs/findings.md (fwdata has no web address of its own).
    """
    doc_uri = findings_doc().resolve().as_uri()
    findings = report.sorted()
    codes = sorted({finding.code for finding in findings})
    index = {code: number for number, code in enumerate(codes)}
    log = {
        "$schema": SARIF_SCHEMA,
        "version": "2.1.0",
        "runs": [{
            "tool": {"driver": {"name": "fwdata", "version": __version__, "semanticVersion": __version__,
                                "informationUri": doc_uri,
                                "rules": [_rule(code, documented.get(code), doc_uri) for code in codes]}},
            "columnKind": "unicodeCodePoints",
            "results": [_result(finding, index[finding.code]) for finding in findings],
        }],
    }
    return json.dumps(log, indent=2)
