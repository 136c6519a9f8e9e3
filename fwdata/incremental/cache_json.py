"""The build cache's JSON: each part of `.fwdata-cache.json` as written, and read back checked for its shape."""

from __future__ import annotations

import sys
from pathlib import PurePosixPath
from typing import Any

from fwdata.findings import Finding, Location, Report, Severity
from fwdata.game_system import Catalog, RunResult
from fwdata.output.write import BUILD_MARKER, CACHE_FILE, SOURCES_FILE
from fwdata.render.page_copies import FontUse, PageRecord, font_codes
from fwdata.review import Review
from fwdata.review.baseline import BaselineEntry, BaselineFormatError, format_baseline, parse_baseline


class Malformed(ValueError):
    """A cache file that is not of the form `format_build_cache` writes."""


def expect(condition: bool) -> None:
    """Raise Malformed unless `condition` holds."""
    if not condition:
        raise Malformed


def string(value: object) -> str:
    """Return `value` if it is a string."""
    expect(isinstance(value, str))
    return value  # type: ignore[return-value]


def integer(value: object) -> int:
    """Return `value` if it is an integer (not a boolean)."""
    expect(isinstance(value, int) and not isinstance(value, bool))
    return value  # type: ignore[return-value]


def severity(value: object) -> str:
    """Return `value` if it names a finding severity."""
    expect(value in {member.value for member in Severity})
    return value  # type: ignore[return-value]


def count(value: object) -> int:
    """Return `value` if it is an integer of at least one."""
    expect(integer(value) >= 1)
    return value  # type: ignore[return-value]


def items(value: object) -> list[Any]:
    """Return `value` if it is a list."""
    expect(isinstance(value, list))
    return value  # type: ignore[return-value]


def mapping(value: object) -> dict[str, Any]:
    """Return `value` if it is an object."""
    expect(isinstance(value, dict))
    return value  # type: ignore[return-value]


def finding_json(finding: Finding) -> dict[str, object]:
    """Return `finding` as the cache writes it."""
    return finding.as_json()


def finding(value: object) -> Finding:
    """Return the finding `finding_json` wrote."""
    item = mapping(value)
    try:
        severity = Severity(string(item.get("severity")))
    except ValueError:
        raise Malformed from None
    location = Location(string(item.get("path")), integer(item.get("line")), integer(item.get("column")),
                        string(item.get("pointer")))
    return Finding(location, severity, string(item.get("code")), string(item.get("message")))


def findings(value: object) -> list[Finding]:
    """Return the list of findings `finding_json` wrote."""
    return [finding(item) for item in items(value)]


def output_path(value: object) -> str:
    """Return a relative POSIX path inside the build folder; an absolute one, `..` or fwdata's own file is malformed."""
    text = string(value)
    expect("\x00" not in text)  # a path the OS cannot open
    path = PurePosixPath(text)
    expect(bool(path.parts) and not path.is_absolute() and ".." not in path.parts and str(path) == text
            and path.parts[0] not in (BUILD_MARKER, CACHE_FILE, SOURCES_FILE))
    return str(path)


def digest(value: object) -> str:
    """Return `value` if it is a SHA-256 in lower-case hex."""
    text = string(value)
    expect(len(text) == 64 and all(c in "0123456789abcdef" for c in text))
    return text


def page_json(page: PageRecord) -> dict[str, object]:
    """Return a sheet page's record as the cache writes it."""
    return {"key": page.key, "sha256": page.sha256, "offset": page.offset, "length": page.length,
            "fonts": [[use.font, use.internal_name, use.characters, font_codes(use)] for use in page.fonts],
            "findings": [finding_json(finding) for finding in page.findings]}


def font_use(value: object) -> FontUse:
    """Return the font use `page_json` wrote: one code per character, at least one character."""
    font, internal_name, characters, codes = items(value)
    numbers = list(map(integer, items(codes)))
    expect(len(numbers) == len(string(characters)) > 0 and all(0 <= number <= sys.maxunicode for number in numbers))
    # one string per font name, not one per page: a sheet of 5,000 cards has 10,000 font uses
    return FontUse(sys.intern(string(font)), sys.intern(string(internal_name)), string(characters),
                   "".join(map(chr, numbers)))


def page(value: object, size: int) -> PageRecord:
    """Return a page record whose content lies inside the file of `size` bytes."""
    item = mapping(value)
    page = PageRecord(string(item.get("key")), digest(item.get("sha256")), integer(item.get("offset")),
                      integer(item.get("length")), tuple(map(font_use, items(item.get("fonts")))),
                      tuple(findings(item.get("findings"))))
    expect(page.offset >= 0 and page.length > 0 and page.offset + page.length <= size)
    return page


def result_json(result: RunResult) -> dict[str, object]:
    """Return a run's result as the cache writes it: its report, review and recorded baseline."""
    review = result.review
    return {
        "files_read": result.report.files_read,
        "reported": sorted(result.reported),
        "shown": [finding_json(f) for f in review.shown],
        "unselected": [finding_json(f) for f in review.unselected],
        "suppressed": [finding_json(f) for f in review.suppressed],
        "baselined": [finding_json(f) for f in review.baselined],
        "gone": [{"path": e.path, "code": e.code, "message": e.message, "severity": e.severity, "count": e.count}
                 for e in review.gone],
        "baseline_path": review.baseline_path,
        "recorded": format_baseline(result.recorded),
    }


def result(value: object) -> RunResult:
    """Return the run result `result_json` wrote (with an empty catalog)."""
    item = mapping(value)
    baseline_path = item.get("baseline_path")
    expect(baseline_path is None or isinstance(baseline_path, str))
    gone = [BaselineEntry(string(e.get("path")), string(e.get("code")), string(e.get("message")),
                          severity(e.get("severity")), count(e.get("count")))
            for e in map(mapping, items(item.get("gone")))]
    review = Review(shown=findings(item.get("shown")), unselected=findings(item.get("unselected")),
                    suppressed=findings(item.get("suppressed")), baselined=findings(item.get("baselined")),
                    gone=gone, baseline_path=baseline_path)
    try:
        recorded = parse_baseline(string(item.get("recorded")))
    except BaselineFormatError:
        raise Malformed from None
    report = Report(findings=list(review.shown), files_read=integer(item.get("files_read")))
    reported = frozenset(string(path) for path in items(item.get("reported")))
    return RunResult(report=report, catalog=Catalog(), reported=reported, review=review, recorded=recorded)
