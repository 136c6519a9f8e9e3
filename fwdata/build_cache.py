"""Incremental builds: the content-hash cache a build leaves in its folder, and what the next build may reuse.

A build writes `.fwdata-cache.json` into its folder with the outputs (so it is swapped in whole with
them, `fwdata.write.BuildFolder.replace`). It records the key of the whole run (the tool, the options,
the named paths and the bytes of every input file), the run's findings, the SHA-256 of every output,
and for each planned output (`fwdata.game_system.PlannedOutput`) the key it was rendered under and its
findings. The next build into the folder:

- does nothing when the run key matches and every output is still as written (`unchanged_result`);
- otherwise checks again, and copies each planned output whose key matches from the old folder
  instead of rendering it (`reused_output`), once its bytes hash to the recorded value.

Nothing in the file is trusted: a cache that is not JSON of this form, is of another tool or version,
names a path outside the folder, or points at a file missing or changed, is ignored (a full build).
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
from collections.abc import Callable, Mapping, Sequence
from contextlib import suppress
from dataclasses import dataclass, fields
from functools import cache, partial
from pathlib import Path, PurePosixPath
from typing import Any

import fwdata
from fwdata.baseline import BaselineEntry, BaselineFormatError, format_baseline, parse_baseline
from fwdata.findings import Finding, Location, Report, Severity
from fwdata.game_system import Catalog, Entry, EntryKey, Output, PlannedOutput, RunResult, StoredOutput
from fwdata.library import library_root
from fwdata.options import BuildOptions
from fwdata.review import Review
from fwdata.sources import load_source
from fwdata.sources.containment import Refused, read_in_pack, read_regular
from fwdata.sources.pack import Pack, pack_files
from fwdata.sources.texts import MAX_TEXT_BYTES
from fwdata.sources.yaml_loader import DEFAULT_LIMITS, display_path
from fwdata.write import BUILD_MARKER, CACHE_FILE, is_marker

CACHE_FORMAT = "fwdata-build-cache"
CACHE_VERSION = 2
MAX_CACHE_BYTES = 256 * 1024 * 1024
MAX_OUTPUT_BYTES = 4 * 1024 * 1024 * 1024
# Options that change neither findings nor outputs: where the build goes, whether it reuses, how many processes.
NOT_IN_RUN_KEY = frozenset({"out_dir", "use_cache", "jobs"})
# Options that only decide which findings are shown or which previews are made (the run key has them), besides
# those: a renderer never draws a PDF differently for them.
NOT_RENDERED = NOT_IN_RUN_KEY | {"selection", "baseline", "pack_baseline", "png_dpi"}


def _sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _key(value: object) -> str:
    return _sha256(json.dumps(value, sort_keys=True, ensure_ascii=True).encode("ascii"))


@cache
def tool_fingerprint() -> str:
    """Return the digest of what builds with the data: fwdata's version and files, Python, installed distributions.

    Every file of the `fwdata` package counts (a checkout's edits change outputs without a
    new version number), as does every distribution on `sys.path` (its metadata folder's name
    holds its version).
    """
    package = Path(fwdata.__file__).parent
    digest = hashlib.sha256(f"{fwdata.__version__}\0{sys.version}\0".encode())
    for folder in sys.path:
        with suppress(OSError):
            names = sorted(name for name in os.listdir(folder or ".") if name.endswith((".dist-info", ".egg-info")))
            digest.update(f"{folder}\0{names}\0".encode())
    for path in sorted(package.rglob("*")):
        if path.is_file() and "__pycache__" not in path.parts:
            digest.update(f"{path.relative_to(package).as_posix()}\0".encode())
            digest.update(_sha256(path.read_bytes()).encode("ascii"))
    return digest.hexdigest()


def _file_digest(read: Callable[[], bytes]) -> str:
    try:
        return _sha256(read())
    except Refused as exc:
        return f"refused {exc.code}: {exc.message}"  # the finding the loader makes of it
    except OSError as exc:
        return f"unreadable: {exc}"


def input_digests(pack: Pack, options: BuildOptions, schema_root: Path) -> dict[Path, str]:
    """Return the digest of every file a build of `pack` reads, by path.

    The pack's sources and manifest (read through `Pack.read`, as the loader reads them), the
    baseline (`options.baseline`, else the one the manifest names), the base library's sources
    and the schemas. A file that cannot be read has the reason as its digest.
    """
    digests: dict[Path, str] = {}
    for path in (*pack.files, *([pack.manifest] if pack.manifest is not None else [])):
        digests[path] = _file_digest(partial(pack.read, path, DEFAULT_LIMITS.max_bytes))
    baseline = options.baseline
    if baseline is not None:
        digests[baseline] = _file_digest(lambda: read_regular(baseline, MAX_TEXT_BYTES))
    elif options.pack_baseline and pack.manifest is not None:
        manifest, _ = load_source(pack.manifest, read=pack.read)
        named = manifest.data.get("baseline") if manifest is not None and isinstance(manifest.data, dict) else None
        if isinstance(named, str):
            path = pack.root / named
            digests[path] = _file_digest(lambda: pack.read(path, MAX_TEXT_BYTES))
    for path in [*pack_files(library_root()), *sorted(schema_root.rglob("*.json"))]:
        digests.setdefault(path, _file_digest(path.read_bytes))
    return digests


def document_digests(digests: Mapping[Path, str]) -> dict[str, str]:
    """Return `digests` by display path, the path a loaded document carries."""
    return {display_path(path): digest for path, digest in digests.items()}


def run_key(pack: Pack, paths: Sequence[Path], options: BuildOptions, digests: Mapping[Path, str]) -> str:
    """Return the key of a whole run: equal keys give the same findings and the same build folder."""
    return _key({
        "tool": tool_fingerprint(), "cwd": os.getcwd(), "paths": [str(path) for path in paths],
        "options": {item.name: repr(getattr(options, item.name)) for item in fields(options)
                    if item.name not in NOT_IN_RUN_KEY},
        "reported": sorted(map(str, pack.reported)), "manifest_reported": pack.reports_manifest,
        "files": sorted([str(path), digest] for path, digest in digests.items()),
    })


def render_key(options: BuildOptions) -> str:
    """Return the part of every output's key that is not its sources: the tool, the folder run in, the options."""
    return _key({"tool": tool_fingerprint(), "cwd": os.getcwd(),
                 "options": {item.name: repr(getattr(options, item.name)) for item in fields(options)
                             if item.name not in NOT_RENDERED}})


def output_key(base_key: str, system: str, plan: PlannedOutput, catalog: Catalog,
               digests: Mapping[str, str]) -> str | None:
    """Return the key of one planned output of `system`: `base_key`, its path and the digests of its sources.

    A source is an entry's document file (or its absence); a plan without `sources` is drawn from
    every entry of the system. None when a source's file has no digest (the output is then always
    rendered).
    """
    entries: list[tuple[EntryKey, Entry | None]]
    if plan.sources is None:
        entries = [((found, kind, entry.document.doc_id or ""), entry) for (found, kind), entry in catalog
                   if found == system]
    else:
        entries = [(key, catalog.get(*key)) for key in plan.sources]  # None: a missing entry
    sources: list[list[str | None]] = []
    for key, entry in entries:
        if entry is None:
            sources.append([*key, None])
        elif entry.document.path not in digests:
            return None
        else:
            sources.append([*key, entry.document.path, digests[entry.document.path]])
    return _key([base_key, plan.path, sources])


@dataclass(frozen=True)
class CachedOutput:
    """A planned output of the previous build: the key it was rendered under, its SHA-256 and size in bytes, its
    render findings."""

    key: str
    sha256: str
    size: int
    findings: tuple[Finding, ...]


@dataclass(frozen=True)
class BuildCache:
    """The cache file of a build folder, parsed and checked for shape (its claims are checked on use).

    `files` is every output of the build in order with its SHA-256 and size; `planned` the planned outputs by path;
    `result` the run's result without its catalog and outputs.
    """

    run: str
    files: tuple[tuple[str, str, int], ...]
    planned: Mapping[str, CachedOutput]
    result: RunResult


class _Malformed(ValueError):
    """A cache file that is not of the form `format_build_cache` writes."""


def _expect(condition: bool) -> None:
    if not condition:
        raise _Malformed


def _string(value: object) -> str:
    _expect(isinstance(value, str))
    return value  # type: ignore[return-value]


def _integer(value: object) -> int:
    _expect(isinstance(value, int) and not isinstance(value, bool))
    return value  # type: ignore[return-value]


def _severity(value: object) -> str:
    _expect(value in {severity.value for severity in Severity})
    return value  # type: ignore[return-value]


def _count(value: object) -> int:
    _expect(_integer(value) >= 1)
    return value  # type: ignore[return-value]


def _items(value: object) -> list[Any]:
    _expect(isinstance(value, list))
    return value  # type: ignore[return-value]


def _object(value: object) -> dict[str, Any]:
    _expect(isinstance(value, dict))
    return value  # type: ignore[return-value]


def _finding_json(finding: Finding) -> dict[str, object]:
    return finding.as_json()


def _finding(value: object) -> Finding:
    item = _object(value)
    try:
        severity = Severity(_string(item.get("severity")))
    except ValueError:
        raise _Malformed from None
    location = Location(_string(item.get("path")), _integer(item.get("line")), _integer(item.get("column")),
                        _string(item.get("pointer")))
    return Finding(location, severity, _string(item.get("code")), _string(item.get("message")))


def _findings(value: object) -> list[Finding]:
    return [_finding(item) for item in _items(value)]


def _output_path(value: object) -> str:
    """Return a relative POSIX path inside the build folder; an absolute one, `..` or fwdata's own file is malformed."""
    text = _string(value)
    _expect("\x00" not in text)  # a path the OS cannot open
    path = PurePosixPath(text)
    _expect(bool(path.parts) and not path.is_absolute() and ".." not in path.parts and str(path) == text
            and path.parts[0] not in (BUILD_MARKER, CACHE_FILE))
    return str(path)


def _digest(value: object) -> str:
    text = _string(value)
    _expect(len(text) == 64 and all(c in "0123456789abcdef" for c in text))
    return text


def _result_json(result: RunResult) -> dict[str, object]:
    review = result.review
    return {
        "files_read": result.report.files_read,
        "reported": sorted(result.reported),
        "shown": [_finding_json(f) for f in review.shown],
        "unselected": [_finding_json(f) for f in review.unselected],
        "suppressed": [_finding_json(f) for f in review.suppressed],
        "baselined": [_finding_json(f) for f in review.baselined],
        "gone": [{"path": e.path, "code": e.code, "message": e.message, "severity": e.severity, "count": e.count}
                 for e in review.gone],
        "baseline_path": review.baseline_path,
        "recorded": format_baseline(result.recorded),
    }


def _result(value: object) -> RunResult:
    item = _object(value)
    baseline_path = item.get("baseline_path")
    _expect(baseline_path is None or isinstance(baseline_path, str))
    gone = [BaselineEntry(_string(e.get("path")), _string(e.get("code")), _string(e.get("message")),
                          _severity(e.get("severity")), _count(e.get("count")))
            for e in map(_object, _items(item.get("gone")))]
    review = Review(shown=_findings(item.get("shown")), unselected=_findings(item.get("unselected")),
                    suppressed=_findings(item.get("suppressed")), baselined=_findings(item.get("baselined")),
                    gone=gone, baseline_path=baseline_path)
    try:
        recorded = parse_baseline(_string(item.get("recorded")))
    except BaselineFormatError:
        raise _Malformed from None
    report = Report(findings=list(review.shown), files_read=_integer(item.get("files_read")))
    reported = frozenset(_string(path) for path in _items(item.get("reported")))
    return RunResult(report=report, catalog=Catalog(), reported=reported, review=review, recorded=recorded)


def format_build_cache(run: str, result: RunResult, outputs: Sequence[StoredOutput],
                       planned: Mapping[str, tuple[str, Sequence[Finding]]]) -> bytes:
    """Return the cache file of a finished build: `result`, its `outputs`, each planned output's key and findings.

    `planned` maps an output path to the key it was rendered under and its render findings.
    """
    hashes = {output.path: output.sha256 for output in outputs}
    payload = {
        "format": CACHE_FORMAT, "version": CACHE_VERSION, "tool": tool_fingerprint(), "run": run,
        "files": [[output.path, output.sha256, output.size] for output in outputs],
        "planned": {path: {"key": key, "sha256": hashes[path], "findings": [_finding_json(f) for f in findings]}
                    for path, (key, findings) in planned.items() if path in hashes},
        "result": _result_json(result),
    }
    return json.dumps(payload, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def read_build_cache(folder: Path) -> BuildCache | None:
    """Return the cache of the build folder `folder`, or None when there is none to trust.

    None when the folder has no marker or cache file, the file cannot be read or is not JSON of
    the form `format_build_cache` writes, or it was written by another tool fingerprint.
    """
    if not is_marker(folder / BUILD_MARKER):
        return None
    try:
        payload = _object(json.loads(read_in_pack(folder, folder / CACHE_FILE, MAX_CACHE_BYTES)))
        _expect(payload.get("format") == CACHE_FORMAT and payload.get("version") == CACHE_VERSION)
        _expect(payload.get("tool") == tool_fingerprint())
        files = tuple((_output_path(path), _digest(sha), _integer(size)) for path, sha, size in (
            _items(entry) for entry in _items(payload.get("files"))))
        sizes = {path: size for path, _, size in files}
        planned = {}
        for path, item in _object(payload.get("planned")).items():
            _expect(_output_path(path) in sizes)
            planned[path] = CachedOutput(_string(_object(item).get("key")), _digest(_object(item).get("sha256")),
                                         sizes[path], tuple(_findings(_object(item).get("findings"))))
        return BuildCache(_string(payload.get("run")), files, planned, _result(payload.get("result")))
    # ValueError: bad JSON, bad UTF-8, _Malformed; TypeError: an entry unpacked; RecursionError: JSON nested too deep
    except (Refused, ValueError, TypeError, RecursionError):
        return None


def _verified(folder: Path, path: str, sha256: str, size: int) -> bytes | None:
    """Return the bytes of the old output `path` when they are `size` bytes hashing to `sha256`, else None (missing,
    changed, outside). A file of another size is refused before it is read."""
    if not 0 <= size <= MAX_OUTPUT_BYTES:
        return None
    try:
        data = read_in_pack(folder, folder.joinpath(*PurePosixPath(path).parts), size)
    except Refused:
        return None
    return data if len(data) == size and _sha256(data) == sha256 else None


def unchanged_result(folder: Path, build_cache: BuildCache, run: str) -> RunResult | None:
    """Return the previous build's result, its outputs as stored in `folder`, when `run` is its key and every output
    is intact (read and hashed one at a time).

    None otherwise: the run must check and build. The result's catalog is empty.
    """
    if build_cache.run != run:
        return None
    outputs = []
    for path, sha256, size in build_cache.files:
        if _verified(folder, path, sha256, size) is None:
            return None
        outputs.append(StoredOutput(path, folder.joinpath(*PurePosixPath(path).parts), sha256, size))
    result = build_cache.result
    return RunResult(report=Report(list(result.report.findings), result.report.files_read), catalog=Catalog(),
                     outputs=outputs, reported=result.reported, review=result.review, recorded=result.recorded,
                     unchanged=True)


def reused_output(folder: Path, build_cache: BuildCache | None, path: str, key: str | None
                  ) -> tuple[Output, list[Finding]] | None:
    """Return the previous build's output at `path` and its findings when it was rendered under `key` and is intact."""
    cached = build_cache.planned.get(path) if build_cache is not None and key is not None else None
    if cached is None or cached.key != key:
        return None
    data = _verified(folder, path, cached.sha256, cached.size)
    return None if data is None else (Output(path, data), list(cached.findings))

