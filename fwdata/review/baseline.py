"""Baselines: the known findings of a pack, recorded so that only new ones are reported."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field

from fwdata.findings import Finding

BASELINE_FORMAT = "fwdata-baseline"
BASELINE_VERSION = 1

# (path relative to the pack root, POSIX form; code; message). Lines are left out on purpose: an
# edit elsewhere in the file moves a finding without making it new.
BaselineKey = tuple[str, str, str]


# Findings about the baseline itself are never recorded in one.
UNRECORDED = frozenset({"PACK-BASELINE-MISSING"})


class BaselineFormatError(ValueError):
    """A baseline file that is not JSON of the form `format_baseline` writes."""


@dataclass(frozen=True)
class BaselineEntry:
    """One recorded finding key, how many times it occurred, and its severity when recorded."""

    path: str
    code: str
    message: str
    severity: str
    count: int

    @property
    def key(self) -> BaselineKey:
        """The (path, code, message) the entry matches on."""
        return (self.path, self.code, self.message)


@dataclass(frozen=True)
class Baseline:
    """The entries of a baseline file, one per key."""

    entries: tuple[BaselineEntry, ...] = ()

    def counts(self) -> Counter[BaselineKey]:
        """Return how many findings each key covers."""
        return Counter({entry.key: entry.count for entry in self.entries})


@dataclass
class BaselineMatch:
    """Findings split by a baseline: `new` are reported, `baselined` hidden; `gone` are entries (with the
    count that no longer occurs) for findings that have disappeared."""

    new: list[Finding] = field(default_factory=list)
    baselined: list[Finding] = field(default_factory=list)
    gone: list[BaselineEntry] = field(default_factory=list)


def parse_baseline(text: str) -> Baseline:
    """Read the JSON text of a baseline; raise BaselineFormatError with a one-line reason."""
    try:
        payload = json.loads(text)
    except ValueError as exc:
        raise BaselineFormatError(f"not JSON ({exc})") from None
    except RecursionError:
        raise BaselineFormatError("not a fwdata baseline (JSON nested too deeply)") from None
    if not isinstance(payload, dict) or payload.get("format") != BASELINE_FORMAT:
        raise BaselineFormatError(f'not a fwdata baseline (expected a JSON object with "format": "{BASELINE_FORMAT}")')
    if payload.get("version") != BASELINE_VERSION:
        raise BaselineFormatError(f"baseline version {payload.get('version')!r} is not {BASELINE_VERSION}")
    findings = payload.get("findings")
    if not isinstance(findings, list):
        raise BaselineFormatError('"findings" must be a list')
    entries = []
    for index, item in enumerate(findings):
        if not (isinstance(item, dict) and all(isinstance(item.get(k), str) for k in ("path", "code", "message"))
                and isinstance(item.get("count", 1), int) and not isinstance(item.get("count", 1), bool)
                and item.get("count", 1) >= 1):
            raise BaselineFormatError(f"findings[{index}] needs string path, code and message and a count >= 1")
        entries.append(BaselineEntry(item["path"], item["code"], item["message"], str(item.get("severity", "")),
                                     item.get("count", 1)))
    return Baseline(tuple(entries))


def record_baseline(findings: Iterable[Finding], relative: Callable[[str], str],
                    keep: Iterable[BaselineEntry] = ()) -> Baseline:
    """Return the baseline of `findings`, plus the entries `keep` (those of files this run did not check).

    `relative` turns a finding's display path into its path relative to the pack root.
    Findings about the baseline itself (UNRECORDED) are left out.
    """
    counts: Counter[BaselineKey] = Counter()
    severities: dict[BaselineKey, str] = {}
    for finding in findings:
        if finding.code in UNRECORDED:
            continue
        key = (relative(finding.location.path), finding.code, finding.message)
        counts[key] += 1
        severities[key] = finding.severity.value
    entries = {entry.key: entry for entry in keep if entry.key not in counts}
    entries.update({key: BaselineEntry(*key, severities[key], n) for key, n in counts.items()})
    return Baseline(tuple(entries[key] for key in sorted(entries)))


def format_baseline(baseline: Baseline) -> str:
    """Return the baseline as stable JSON text: entries sorted by path, code and message; a final newline."""
    payload = {
        "format": BASELINE_FORMAT,
        "version": BASELINE_VERSION,
        "findings": [{"path": e.path, "code": e.code, "message": e.message, "severity": e.severity,
                      "count": e.count} for e in sorted(baseline.entries, key=lambda e: e.key)],
    }
    return json.dumps(payload, indent=1, ensure_ascii=False) + "\n"


def match_baseline(findings: Iterable[Finding], baseline: Baseline, relative: Callable[[str], str],
                   covers: Callable[[BaselineEntry], bool]) -> BaselineMatch:
    """Split `findings` (in report order) into new and baselined; list the entries that are gone.

    A key recorded n times hides the first n findings with that key; more are new.
    Only entries for which `covers` is true can be gone (files and codes this run
    checked), so checking one file does not call the rest of the baseline gone.
    """
    remaining = baseline.counts()
    match = BaselineMatch()
    for finding in findings:
        key = (relative(finding.location.path), finding.code, finding.message)
        if remaining[key] > 0:
            remaining[key] -= 1
            match.baselined.append(finding)
        else:
            match.new.append(finding)
    by_key: Mapping[BaselineKey, BaselineEntry] = {entry.key: entry for entry in baseline.entries}
    match.gone = [BaselineEntry(*key, by_key[key].severity, n) for key, n in sorted(remaining.items())
                  if n > 0 and covers(by_key[key])]
    return match
