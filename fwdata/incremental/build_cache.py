"""Incremental builds: the content-hash cache a build leaves in its folder, and what the next build may reuse.

A build writes `.fwdata-cache.json` into its folder with the outputs (so it is swapped in whole with
them, `fwdata.output.write.BuildFolder.replace`). It records the key of the whole run (the tool, the options,
the named paths and the bytes of every input file), the run's findings, the SHA-256 of every output,
for each planned output (`fwdata.game_system.PlannedOutput`) the key it was rendered under and its
findings, and the findings of each planned check by key (fwdata/incremental/check_memo.py). The next
build into the folder:

- does nothing when the run key matches and every output is still as written (`unchanged_result`);
- otherwise checks again, and takes each planned output whose key matches from the old folder
  instead of rendering it (`reused_output`; hard-linked where it can be: `fwdata.output.write.Staging.reuse`),
  once its bytes hash to the recorded value;
- runs again only the planned checks whose key is not in the cache (a card's rule checks, say), and
  validates again only the documents that changed or had findings (`document_key`);
- and draws an imposed card sheet copying each page whose cards did not change from the old
  sheet (`previous_pages`; the cache records each page's key and where its content is).

The file is signed with this user's key (fwdata/incremental/cache_key.py): one made by someone else, or edited, is
ignored (a full build). Nor is a signed one trusted further than it must be: a cache that is not JSON of
this form, is of another tool or version, names a path outside the folder, or points at a file missing or
changed, is ignored too.
"""

from __future__ import annotations

import hashlib
import json
import os
import stat
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, fields
from functools import partial
from pathlib import Path, PurePosixPath

from fwdata.findings import Finding, Report
from fwdata.game_system import (
    Catalog,
    Entry,
    EntryKey,
    Output,
    PlannedOutput,
    RunResult,
    StoredOutput,
)
from fwdata.incremental import cache_json as shape
from fwdata.incremental.cache_key import signed, verified_lines
from fwdata.incremental.fingerprint import tool_fingerprint
from fwdata.library import library_root
from fwdata.options import BuildOptions
from fwdata.output.write import BUILD_MARKER, CACHE_FILE, is_marker
from fwdata.render.page_copies import PageLookup, PageRecord
from fwdata.sources import load_source
from fwdata.sources.containment import (
    Refused,
    open_in_pack,
    read_in_pack_with_status,
    read_regular,
    stream_in_pack,
)
from fwdata.sources.pack import Pack, pack_files
from fwdata.sources.texts import MAX_TEXT_BYTES
from fwdata.sources.yaml_loader import DEFAULT_LIMITS, display_path

CACHE_FORMAT = "fwdata-build-cache"
CACHE_VERSION = 4
MAX_CACHE_BYTES = 256 * 1024 * 1024
MAX_OUTPUT_BYTES = 4 * 1024 * 1024 * 1024
# Options that change neither findings nor outputs: where the build goes, whether it reuses, how many processes.
NOT_IN_RUN_KEY = frozenset({"out_dir", "use_cache", "jobs"})
# Options that only decide which findings are shown, which previews are made or which outputs are drawn (the run
# key has them; a pack build's imposed sheet of fewer cards has other sources), besides those: a renderer never
# draws a PDF differently for them.
NOT_RENDERED = NOT_IN_RUN_KEY | {"selection", "baseline", "pack_baseline", "png_dpi", "tts_dpi", "with_base"}


def _sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _key(value: object) -> str:
    return _sha256(json.dumps(value, sort_keys=True, ensure_ascii=True).encode("ascii"))


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


def schemas_key(digests: Mapping[Path, str], schema_root: Path) -> str:
    """Return the key of the schemas a run validates with: the digests of the files under `schema_root`."""
    return _key(sorted([path.relative_to(schema_root).as_posix(), digest] for path, digest in digests.items()
                       if path.is_relative_to(schema_root)))


def document_key(base_key: str, schemas: str, path: str, digests: Mapping[str, str]) -> str | None:
    """Return the key of the document checks of the file `path` (display path) under `base_key` and `schemas`; None
    when the file has no digest."""
    return None if path not in digests else _key([base_key, "document", schemas, path, digests[path]])


def output_key(base_key: str, system: str, plan: PlannedOutput, catalog: Catalog,
               digests: Mapping[str, str]) -> str | None:
    """Return the key of one planned output of `system`: `base_key`, its path and the digests of its sources.

    A source is an entry's document file (or its absence); a plan without `sources` is drawn from
    every entry of the system. None when a source's file has no digest (the output is then always
    rendered). With `plan.keyed_by`, the sources are its entries and its values count too.
    """
    if plan.keyed_by is None:
        return sources_key(base_key, plan.path, system, plan.sources, catalog, digests)
    key = sources_key(base_key, plan.path, system, plan.keyed_by.sources, catalog, digests)
    return None if key is None else _key([key, list(plan.keyed_by.values)])


def sources_key(base_key: str, path: str, system: str, sources: Sequence[EntryKey] | None, catalog: Catalog,
                digests: Mapping[str, str]) -> str | None:
    """Return the key of what output `path` draws from `sources` (None: every entry of `system`), as `output_key`:
    of a whole output, or of one card of an imposed sheet (`PlannedOutput.items`)."""
    entries: list[tuple[EntryKey, Entry | None]]
    if sources is None:
        entries = [((found, kind, entry.document.doc_id or ""), entry) for (found, kind), entry in catalog
                   if found == system]
    else:
        entries = [(key, catalog.get(*key)) for key in sources]  # None: a missing entry
    drawn_from: list[list[str | None]] = []
    for key, entry in entries:
        if entry is None:
            drawn_from.append([*key, None])
        elif entry.document.path not in digests:
            return None
        else:
            drawn_from.append([*key, entry.document.path, digests[entry.document.path]])
    return _key([base_key, path, drawn_from])


@dataclass(frozen=True)
class CachedOutput:
    """A planned output of the previous build: the key it was rendered under, its SHA-256 and size in bytes, its
    render findings, and the pages a sheet drawn again may copy from it."""

    key: str
    sha256: str
    size: int
    findings: tuple[Finding, ...]
    pages: tuple[PageRecord, ...] = ()


@dataclass(frozen=True)
class BuildCache:
    """The cache file of a build folder, parsed and checked for shape (its claims are checked on use).

    `files` is every output of the build in order with its SHA-256 and size; `planned` the planned outputs by path;
    `result` the run's result without its catalog and outputs; `checks` the findings of each planned check by key
    (fwdata/incremental/check_memo.py).
    """

    run: str
    files: tuple[tuple[str, str, int], ...]
    planned: Mapping[str, CachedOutput]
    result: RunResult
    checks: Mapping[str, tuple[Finding, ...]]


def format_build_cache(run: str, result: RunResult, outputs: Sequence[StoredOutput],
                       planned: Mapping[str, tuple[str, Sequence[Finding], Sequence[PageRecord]]],
                       checks: Mapping[str, Sequence[Finding]], key: bytes) -> Iterator[bytes]:
    """Yield the cache file of a finished build, in pieces: `result`, its `outputs`, each planned output's key and
    findings, the findings of each planned check by key (`checks`), signed with `key` (fwdata/incremental/cache_key.py).

    `planned` maps an output path to the key it was rendered under, its render findings and its
    keyed pages (fwdata/render/page_copies.py). The file is one JSON object and the signature
    line; it is encoded one planned output, and one page of a sheet, at a time, so a large build never holds
    it whole.
    """
    return signed(_cache_pieces(run, result, outputs, planned, checks), key)


def _cache_pieces(run: str, result: RunResult, outputs: Sequence[StoredOutput],
                  planned: Mapping[str, tuple[str, Sequence[Finding], Sequence[PageRecord]]],
                  checks: Mapping[str, Sequence[Finding]]) -> Iterator[bytes]:
    encode = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode
    hashes = {output.path: output.sha256 for output in outputs}
    head = {"format": CACHE_FORMAT, "version": CACHE_VERSION, "tool": tool_fingerprint(), "run": run,
            "files": [[output.path, output.sha256, output.size] for output in outputs]}
    yield (encode(head)[:-1] + ',"planned":{').encode("utf-8")
    separator = ""
    for path, (key, findings, pages) in planned.items():
        if path in hashes:
            entry = {"key": key, "sha256": hashes[path], "findings": list(map(shape.finding_json, findings))}
            yield f'{separator}{encode(path)}:{encode(entry)[:-1]},"pages":['.encode()
            # a page at a time: the records of a sheet of 5,000 cards are 20 MB as JSON values
            yield from ((("," if number else "") + encode(shape.page_json(page))).encode()
                        for number, page in enumerate(pages))
            yield b"]}"
            separator = ","
    yield b'},"checks":{'
    yield from (f'{"," if number else ""}{encode(check)}:{encode(list(map(shape.finding_json, found)))}'.encode()
                for number, (check, found) in enumerate(checks.items()))
    yield f'}},"result":{encode(shape.result_json(result))}}}\n'.encode()


def read_build_cache(folder: Path, key: bytes | None) -> BuildCache | None:
    """Return the cache of the build folder `folder`, or None when there is none to trust.

    None when there is no key, the folder has no marker or cache file, the file cannot be read,
    is not signed with `key` (made by another user, or edited), is not JSON of the form
    `format_build_cache` writes, or was written by another tool fingerprint.
    """
    if key is None or not is_marker(folder / BUILD_MARKER):
        return None
    try:
        with stream_in_pack(folder, folder / CACHE_FILE, MAX_CACHE_BYTES) as stream:
            payload = shape.mapping(json.loads(b"".join(verified_lines(stream, key, MAX_CACHE_BYTES))))
        shape.expect(payload.get("format") == CACHE_FORMAT and payload.get("version") == CACHE_VERSION)
        shape.expect(payload.get("tool") == tool_fingerprint())
        files = tuple((shape.output_path(path), shape.digest(sha), shape.integer(size))
                      for path, sha, size in map(shape.items, shape.items(payload.get("files"))))
        sizes = {path: size for path, _, size in files}
        planned = {}
        for path, value in shape.mapping(payload.get("planned")).items():
            shape.expect(shape.output_path(path) in sizes)
            item = shape.mapping(value)
            pages = tuple(shape.page(page, sizes[path]) for page in shape.items(item.get("pages")))
            planned[path] = CachedOutput(shape.string(item.get("key")), shape.digest(item.get("sha256")), sizes[path],
                                         tuple(shape.findings(item.get("findings"))), pages)
        checks = {shape.string(check): tuple(shape.findings(found))
                  for check, found in shape.mapping(payload.get("checks")).items()}
        return BuildCache(shape.string(payload.get("run")), files, planned, shape.result(payload.get("result")),
                          checks)
    # ValueError: not signed, bad JSON, bad UTF-8, shape.Malformed, a list unpacked to too few or many; TypeError: an
    # entry unpacked; RecursionError: JSON nested too deep; OSError: a read error
    except (Refused, OSError, ValueError, TypeError, RecursionError):
        return None


def _verified(folder: Path, file: Path, sha256: str, size: int) -> tuple[bytes, os.stat_result] | None:
    """Return the bytes of the old output `file` in `folder` and the file's status when they are `size` bytes hashing
    to `sha256`, else None (missing, changed, outside). A file of another size is refused before it is read."""
    if not 0 <= size <= MAX_OUTPUT_BYTES:
        return None
    try:
        data, status = read_in_pack_with_status(folder, file, size)
    except Refused:
        return None
    return (data, status) if len(data) == size and _sha256(data) == sha256 else None


def unchanged_result(folder: Path, build_cache: BuildCache, run: str) -> RunResult | None:
    """Return the previous build's result, its outputs as stored in `folder`, when `run` is its key and every output
    is intact (read and hashed one at a time).

    None otherwise: the run must check and build. The result's catalog is empty.
    """
    if build_cache.run != run:
        return None
    outputs = []
    for path, sha256, size in build_cache.files:
        file = folder.joinpath(*PurePosixPath(path).parts)
        if _verified(folder, file, sha256, size) is None:
            return None
        outputs.append(StoredOutput(path, file, sha256, size))
    result = build_cache.result
    return RunResult(report=Report(list(result.report.findings), result.report.files_read), catalog=Catalog(),
                     outputs=outputs, reported=result.reported, review=result.review, recorded=result.recorded,
                     unchanged=True)


@dataclass(frozen=True)
class ReusedOutput:
    """An output of the previous build found intact: its bytes and their SHA-256, the file they were read from in the
    old build folder and that file's status once read, and the output's render findings."""

    output: Output
    sha256: str
    file: Path
    status: os.stat_result
    findings: tuple[Finding, ...]


def reused_output(folder: Path, build_cache: BuildCache | None, path: str, key: str | None) -> ReusedOutput | None:
    """Return the previous build's output at `path` when it was rendered under `key` and is intact."""
    cached = build_cache.planned.get(path) if build_cache is not None and key is not None else None
    if cached is None or cached.key != key:
        return None
    file = folder.joinpath(*PurePosixPath(path).parts)
    verified = _verified(folder, file, cached.sha256, cached.size)
    if verified is None:
        return None
    return ReusedOutput(Output(path, verified[0]), cached.sha256, file, verified[1], cached.findings)


@contextmanager
def previous_pages(folder: Path, pages: Iterable[PageRecord], path: str) -> Iterator[PageLookup]:
    """Yield the lookup of the keyed `pages` the previous build recorded for output `path` in `folder`.

    The lookup reads a page's encoded content from the old file where the cache says it is, and
    returns it only when it is the recorded length and SHA-256; None for an unknown key, a file
    missing or not a regular file inside the folder, or content changed since.
    """
    records = {page.key: page for page in pages}
    try:
        descriptor = open_in_pack(folder, folder.joinpath(*PurePosixPath(path).parts)) if records else None
    except Refused:
        descriptor = None
    if descriptor is None:
        yield lambda key: None
        return
    try:
        regular = stat.S_ISREG(os.fstat(descriptor).st_mode)

        def lookup(key: str) -> tuple[PageRecord, bytes] | None:
            record = records.get(key)
            if record is None or not regular:
                return None
            try:
                content = os.pread(descriptor, record.length, record.offset)
            except OSError:
                return None
            return (record, content) if len(content) == record.length and _sha256(content) == record.sha256 else None

        yield lookup
    finally:
        os.close(descriptor)
