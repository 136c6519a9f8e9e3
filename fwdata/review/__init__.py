"""Review stage: decide which findings a run reports (selection, suppression comments, baseline)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field

from fwdata.findings import Finding, Severity
from fwdata.review.baseline import Baseline, BaselineEntry, match_baseline, record_baseline
from fwdata.review.selection import (
    FindingSelection,
    Suppressions,
    blocks_document,
    is_blocking,
    parse_suppressions,
    select_findings,
)


@dataclass
class Review:
    """A run's findings split by what happened to them.

    `shown` are reported and counted; `unselected` fail --select/--ignore/
    --min-severity; `suppressed` are named by a `# fwdata: ignore` comment;
    `baselined` are recorded in the active baseline; `gone` are baseline entries
    that no longer occur. `baseline_path` is the active baseline as the user
    would write it (None without one).
    """

    shown: list[Finding] = field(default_factory=list)
    unselected: list[Finding] = field(default_factory=list)
    suppressed: list[Finding] = field(default_factory=list)
    baselined: list[Finding] = field(default_factory=list)
    gone: list[BaselineEntry] = field(default_factory=list)
    baseline_path: str | None = None

    def hidden_counts(self) -> dict[str, int]:
        """Return how many findings were baselined, suppressed and not selected (zero counts left out)."""
        counts = {"baselined": len(self.baselined), "suppressed": len(self.suppressed),
                  "not selected": len(self.unselected)}
        return {name: n for name, n in counts.items() if n}

    def marked(self) -> list[tuple[Finding, str]]:
        """Return every finding with its mark ('' when shown), sorted by location, code and message."""
        pairs = [(f, "") for f in self.shown] + [(f, "baselined") for f in self.baselined]
        pairs += [(f, "suppressed") for f in self.suppressed] + [(f, "not selected") for f in self.unselected]
        return sorted(pairs, key=lambda pair: (pair[0].location, pair[0].code, pair[0].message, pair[1]))

    def baselined_by_severity(self) -> dict[Severity, int]:
        """Count the baselined findings per severity."""
        counts = dict.fromkeys(Severity, 0)
        for finding in self.baselined:
            counts[finding.severity] += 1
        return counts


@dataclass
class Reviewer:
    """Reviews findings of one run's reported files.

    `relative` maps a display path to its path relative to the pack root (POSIX);
    `read_text` returns a reported file's text by display path, or None when it
    cannot be read (the file then has no suppressions); each file is read at most once.
    """

    selection: FindingSelection
    relative: Mapping[str, str]
    read_text: Callable[[str], str | None]
    baseline: Baseline | None = None
    baseline_path: str | None = None
    _suppressions: dict[str, Suppressions] = field(default_factory=dict, repr=False)

    def relative_path(self, shown: str) -> str:
        """Return the pack-relative path of a display path (the display path when it is not a pack file)."""
        return self.relative.get(shown, shown)

    def review(self, findings: Iterable[Finding]) -> Review:
        """Split `findings` (already limited to the reported files) into a Review."""
        ordered = sorted(findings, key=lambda f: (f.location, f.code, f.message))
        for path in {f.location.path for f in ordered} - set(self._suppressions):
            text = self.read_text(path)
            self._suppressions[path] = parse_suppressions(text) if text is not None else Suppressions()
        selected = select_findings(ordered, self.selection, self._suppressions)
        review = Review(unselected=selected.unselected, suppressed=selected.suppressed,
                        baseline_path=self.baseline_path)
        if self.baseline is None:
            review.shown = selected.kept
            return review
        checked = set(self.relative.values())

        def covers(entry: BaselineEntry) -> bool:
            if (entry.path not in checked or not self.selection.selects_code(entry.code)
                    or is_blocking(entry.code, entry.severity)):
                return False
            known = {severity.value for severity in Severity}
            return entry.severity not in known or self.selection.selects(entry.code, Severity(entry.severity))

        blocking = [finding for finding in selected.kept if blocks_document(finding)]
        match = match_baseline([finding for finding in selected.kept if not blocks_document(finding)],
                               self.baseline, self.relative_path, covers)
        review.shown = sorted([*blocking, *match.new], key=lambda f: (f.location, f.code, f.message))
        review.baselined, review.gone = match.baselined, match.gone
        return review

    def record(self, review: Review) -> Baseline:
        """Return the baseline of a review's selected, unsuppressed findings (new and baselined).

        Blocking errors (`blocks_document`) are left out: no baseline hides them. Entries of
        the active baseline for files this run did not check are kept.
        """
        checked = set(self.relative.values())
        keep = [entry for entry in (self.baseline.entries if self.baseline else ()) if entry.path not in checked]
        return record_baseline([f for f in (*review.shown, *review.baselined) if not blocks_document(f)],
                               self.relative_path, keep)
