"""Reporters: GitHub workflow commands, SARIF 2.1.0 (validated against the official schema), JUnit XML."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ElementTree
from pathlib import Path

from jsonschema import Draft4Validator

from fwdata import __version__
from fwdata.findings import Location, Report, error, info, warning
from fwdata.findings.codes import FindingCode, FindingSection
from fwdata.reporting import format_report
from fwdata.reporting.github import format_annotation, format_github
from fwdata.reporting.junit import format_junit
from fwdata.reporting.rules import finding_rules, findings_doc
from fwdata.reporting.sarif import format_sarif
from fwdata.systems import finding_sections, registered_systems

SARIF_SCHEMA = Path(__file__).resolve().parent.parent / "data" / "sarif-schema-2.1.0.json"


def documented() -> dict:  # type: ignore[type-arg]
    return finding_rules(finding_sections(registered_systems()))


def sample_report() -> Report:
    report = Report(files_read=2)
    report.extend([
        error(Location("cards/fw/p 51d.yaml", 42, 7), "FW-PERF-ORDER", "VL band: max dive 7.0 FP is not above 7.5 FP"),
        warning(Location("tables/fw/t.yaml", 3, 1), "FW-PERF-MIN-ALTITUDE", "100% sure, a:b,c\nnext line"),
        info(Location("tables/fw/t.yaml", 0, 0), "FW-TABLE-FVT", "file-level"),
    ])
    return report


def test_github_commands_escape_data_and_properties() -> None:
    finding = warning(Location("a,b:c%.yaml", 3, 1), "FW-PERF-MIN-ALTITUDE", "100% sure\r\nnext")
    assert format_annotation(finding) == ("::warning file=a%2Cb%3Ac%25.yaml,line=3,col=1,title=FW-PERF-MIN-ALTITUDE"
                                          "::100%25 sure\\r\\nnext")  # line breaks escaped in the Finding
    lines = format_github(sample_report()).splitlines()
    assert lines[0].startswith("::error file=cards/fw/p 51d.yaml,line=42,col=7,title=FW-PERF-ORDER::VL band")
    assert lines[1] == "::notice file=tables/fw/t.yaml,title=FW-TABLE-FVT::file-level"
    assert lines[-1] == "1 error, 1 warning, 1 info in 2 files"


def test_sarif_validates_against_the_sarif_2_1_0_schema() -> None:
    log = json.loads(format_sarif(sample_report(), documented()))
    schema = json.loads(SARIF_SCHEMA.read_text(encoding="utf-8"))
    errors = sorted(Draft4Validator(schema).iter_errors(log), key=str)
    assert errors == []
    run = log["runs"][0]
    assert run["tool"]["driver"]["name"] == "fwdata" and run["tool"]["driver"]["version"] == __version__
    rules = {rule["id"]: rule for rule in run["tool"]["driver"]["rules"]}
    assert rules["FW-PERF-ORDER"]["shortDescription"]["text"].startswith("in a band, not min < max level")
    assert "How to fix: correct the speeds" in rules["FW-PERF-ORDER"]["help"]["text"]
    first = run["results"][0]
    assert first["level"] == "error" and first["ruleId"] == "FW-PERF-ORDER"
    assert run["tool"]["driver"]["rules"][first["ruleIndex"]]["id"] == "FW-PERF-ORDER"
    location = first["locations"][0]["physicalLocation"]
    assert location == {"artifactLocation": {"uri": "cards/fw/p%2051d.yaml"}, "region": {"startLine": 42,
                                                                                        "startColumn": 7}}
    assert [result["level"] for result in run["results"]] == ["error", "note", "warning"]


def test_junit_one_testcase_per_file_and_failures_per_error() -> None:
    files = ["cards/fw/p 51d.yaml", "tables/fw/t.yaml", "tables/fw/clean.yaml"]
    suite = ElementTree.fromstring(format_junit(sample_report(), files))
    assert suite.tag == "testsuite" and suite.get("tests") == "3" and suite.get("failures") == "1"
    cases = {case.get("classname"): case for case in suite.iter("testcase")}
    assert set(cases) == set(files)
    failure = cases["cards/fw/p 51d.yaml"].find("failure")
    assert failure is not None and failure.get("type") == "FW-PERF-ORDER"
    assert cases["tables/fw/t.yaml"].find("failure") is None
    assert "warning FW-PERF-MIN-ALTITUDE" in (cases["tables/fw/t.yaml"].findtext("system-out") or "")
    strict = ElementTree.fromstring(format_junit(sample_report(), files, strict=True))
    assert strict.get("failures") == "2"


def test_text_format_can_colour_severities() -> None:
    plain = format_report(sample_report(), None, "text")
    coloured = format_report(sample_report(), None, "text", colour=True)
    assert "\x1b[" not in plain
    assert "\x1b[1;31merror\x1b[0m FW-PERF-ORDER" in coloured
    assert "\x1b[" not in format_report(sample_report(), None, "github", colour=True)


def test_every_documented_code_is_a_rule_with_help() -> None:
    text = findings_doc().read_text(encoding="utf-8")
    documented_in_the_doc = set(re.findall(r"^\| `([A-Z0-9-]+)` \|", text, flags=re.MULTILINE))
    rules = documented()
    assert set(rules) == documented_in_the_doc and len(rules) > 90
    assert all(rule.title and rule.help and rule.severity for rule in rules.values())


def test_a_rule_is_made_of_the_registry_entry() -> None:
    section = FindingSection("Mine", ("code", "severity", "meaning", "rule", "how to fix"), (
        FindingCode("X-ONE", "warning", "a \\| b", fix="fix it", rule="4.2"),
        FindingCode("X-TWO", "info", "no rule here.", rule="—", example="`x.yaml:1:1: info X-TWO: m`")))
    rules = finding_rules([section])
    assert (rules["X-ONE"].title, rules["X-ONE"].section) == ("a | b", "Mine")
    assert rules["X-ONE"].help == "A | b. Rule: 4.2. How to fix: fix it."
    assert rules["X-TWO"].help == "No rule here. Example: `x.yaml:1:1: info X-TWO: m`"


def test_sarif_documents_a_plug_in_systems_codes_from_its_registry_entry() -> None:
    """A code no bundled section has (a plug-in system's) gets its rule from the sections the reporter is given, not
    from docs/findings.md."""
    section = FindingSection("Toy (`toy`)", ("code", "severity", "meaning", "rule", "how to fix"), (
        FindingCode("TOY-RANGE", "error", "a counter's low end is above its high end", rule="toy rule 1",
                    fix="swap them"),))
    report = Report(findings=[error(Location("c.yaml", 5, 6), "TOY-RANGE", "low 9 is above high 1 (toy rule 1)")])
    rule = json.loads(format_sarif(report, finding_rules([section])))["runs"][0]["tool"]["driver"]["rules"][0]
    assert rule["shortDescription"]["text"] == "a counter's low end is above its high end"
    assert rule["help"]["text"] == "A counter's low end is above its high end. Rule: toy rule 1. How to fix: swap them."
    assert rule["properties"]["category"] == "Toy (`toy`)" and rule["defaultConfiguration"]["level"] == "error"
