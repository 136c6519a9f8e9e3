"""The review stage's setup: a run's Reviewer, from its selection, its pack's files and the active baseline."""

from __future__ import annotations

import os
from pathlib import Path

from fwdata.errors import UsageError
from fwdata.findings import Finding, error, warning
from fwdata.options import BuildOptions
from fwdata.review import Reviewer
from fwdata.review.baseline import Baseline, BaselineFormatError, parse_baseline
from fwdata.sources.containment import Refused
from fwdata.sources.document import SourceDocument
from fwdata.sources.pack import Pack
from fwdata.sources.texts import MAX_TEXT_BYTES, decode_text, read_text
from fwdata.sources.yaml_loader import display_path


def review_setup(pack: Pack, manifest: SourceDocument | None, options: BuildOptions
                 ) -> tuple[Reviewer, list[Finding]]:
    """Return the Reviewer of a run: its selection, the pack-relative paths, and the active baseline.

    The baseline is `options.baseline`, else (with `options.pack_baseline`) the
    file the manifest names under `baseline`, read through `Pack.read`; a missing
    manifest baseline is a PACK-BASELINE-MISSING warning, one that may not be read
    (outside the pack, unreadable) an error finding. Raises UsageError when
    `options.baseline` is missing or either file is not a baseline.
    """
    shown = {display_path(path): path for path in pack.reported}
    if pack.manifest is not None:
        shown[display_path(pack.manifest)] = pack.manifest
    root = os.path.abspath(pack.root)
    relative = {name: Path(os.path.relpath(os.path.abspath(path), root)).as_posix() for name, path in shown.items()}
    findings: list[Finding] = []
    path = options.baseline
    baseline = None if path is None else read_baseline(path)
    if path is None and options.pack_baseline and manifest is not None and "baseline" in manifest.data:
        path = pack.root / manifest.data["baseline"]
        try:
            baseline = _parse_baseline(path, decode_text(pack.read(path, MAX_TEXT_BYTES)))
        except Refused as exc:
            if pack.has(path):
                findings.append(error(manifest.locate("/baseline"), exc.code, f"baseline "
                                      f"{manifest.data['baseline']!r}: {exc.message}; no findings are hidden"))
            else:
                findings.append(warning(manifest.locate("/baseline"), "PACK-BASELINE-MISSING",
                                        f"baseline {manifest.data['baseline']!r} does not exist in the pack; no "
                                        "findings are hidden (write it with --write-baseline)"))
            path = None

    def text_of(name: str) -> str | None:
        if name not in shown:
            return None
        try:
            return decode_text(pack.read(shown[name], MAX_TEXT_BYTES))
        except Refused:
            return None

    return Reviewer(selection=options.selection, relative=relative, read_text=text_of, baseline=baseline,
                    baseline_path=None if path is None else display_path(path)), findings


def read_baseline(path: Path) -> Baseline:
    """Read a baseline file; raise UsageError (exit 2) when it is missing or not a baseline."""
    text = read_text(path)
    if text is None:
        raise UsageError(f"baseline {path}: cannot read it (missing, unreadable, not a regular file, or over "
                         f"16 MiB; write one with --write-baseline {path})")
    return _parse_baseline(path, text)


def _parse_baseline(path: Path, text: str) -> Baseline:
    try:
        return parse_baseline(text)
    except BaselineFormatError as exc:
        raise UsageError(f"baseline {path}: {exc}") from None
