"""JUnit reporter: one testsuite, one testcase per checked file, one failure per error, for CI test views."""

from __future__ import annotations

import xml.etree.ElementTree as ElementTree
from collections.abc import Iterable

from fwdata.findings import Finding, Report, Severity, escape_controls


def format_junit(report: Report, files: Iterable[str], *, strict: bool = False) -> str:
    """Return JUnit XML: a `testsuite` named fwdata holding a `testcase` per file (classname = path).

    Each error is a `failure` (type = code); with `strict` each warning is one
    too; the suite's `failures` counts them. Other findings of the file go to its
    `system-out`. Files without findings pass.
    """
    by_path: dict[str, list[Finding]] = {path: [] for path in sorted({escape_controls(path) for path in files})}
    for finding in report.sorted():
        by_path.setdefault(finding.location.path, []).append(finding)
    failing = {Severity.ERROR, Severity.WARNING} if strict else {Severity.ERROR}
    suite = ElementTree.Element("testsuite", name="fwdata", tests=str(len(by_path)), errors="0", skipped="0")
    failures = 0
    for path, findings in by_path.items():
        case = ElementTree.SubElement(suite, "testcase", classname=path, name=path)
        others = []
        for finding in findings:
            if finding.severity in failing:
                failure = ElementTree.SubElement(case, "failure", type=finding.code, message=finding.message)
                failure.text = finding.format_line()
            else:
                others.append(finding.format_line())
        failures += sum(finding.severity in failing for finding in findings)
        if others:
            ElementTree.SubElement(case, "system-out").text = "\n".join(others)
    suite.set("failures", str(failures))
    ElementTree.indent(suite)
    return ElementTree.tostring(suite, encoding="unicode", xml_declaration=True)
