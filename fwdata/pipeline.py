"""The pipeline: discover -> load -> validate -> model -> cross-check -> render -> write, in that order."""

from __future__ import annotations

import contextlib
import os
from collections.abc import Mapping, Sequence
from dataclasses import replace
from functools import partial
from pathlib import Path

from fwdata.findings import Finding, Report
from fwdata.game_system import Catalog, GameSystem, Output, RunResult
from fwdata.incremental.build_cache import render_key
from fwdata.incremental.cache_key import signing_key
from fwdata.incremental.check_cache import (
    CheckCache,
    CheckCacheFiles,
    CheckedFile,
    FileRecord,
    ScannedDocument,
    ShapeMemo,
    StaleDocument,
    StoredDocument,
    checked_file,
    file_digest,
    loaded_document,
    state_key,
    strings_shared,
)
from fwdata.incremental.check_memo import CheckMemo, check_documents, run_planned_checks
from fwdata.incremental.user_cache import file_status
from fwdata.library import BASE_PACK_ID, library_root
from fwdata.library import schema_root as default_schema_root
from fwdata.options import BuildOptions
from fwdata.processes.workers import PARALLEL_FROM_FILES, iter_shared
from fwdata.progress import Progress, no_progress
from fwdata.reporting import format_findings_report
from fwdata.review import Reviewer
from fwdata.review.setup import review_setup
from fwdata.sources.document import SourceDocument
from fwdata.sources.loading import LoadedOnce, load_files, read_manifest
from fwdata.sources.pack import Pack, resolve_pack, stdin_pack
from fwdata.sources.portable_names import portable_name_findings
from fwdata.sources.yaml_loader import display_path
from fwdata.systems import registered_systems, schema_folders
from fwdata.validation.catalog import build_models, unused_overrides
from fwdata.validation.validate import SchemaSet

__all__ = ["LoadedOnce", "RunResult", "build_models", "build_sources", "check_pack", "check_sources", "run_checks"]

FINDINGS_REPORT = "findings.txt"


def check_sources(paths: Sequence[Path], options: BuildOptions, *, schema_root: Path | None = None,
                  progress: Progress = no_progress, loaded: LoadedOnce | None = None,
                  standard_input: tuple[Path | None, bytes] | None = None, cached: bool = False) -> RunResult:
    """Run every stage up to the cross-checks and the review on the pack of `paths`; nothing is written.

    The base library is always loaded under the pack, so references resolve against both; only findings in the files
    `paths` name are reported (see fwdata/sources/pack.py for how the pack is found), and of those only the ones the
    review keeps (`options.selection`, `# fwdata: ignore` comments, the baseline: fwdata/review/__init__.py).
    `progress` hears of every file loaded and system checked. `loaded` keeps the compiled schemas and the base
    library between runs (a new one when None). `standard_input` (a file name or None, and bytes) checks those bytes
    as that file instead (`fwdata check -`: fwdata/sources/pack.py `stdin_pack`), `paths` unused. With `cached` (and
    `options.use_cache`), the pack's check cache in the user's cache folder is read and written (`_check_cached`:
    the same findings from less work); the result's catalog then holds only what the checks read, so a caller that
    reads the catalog (the games' commands) leaves it False. A folder pack only: a zip, standard input or a folder
    of two files shown by one name (`a<line feed>b.yaml` and `a\\nb.yaml`: the cache keeps each file under its
    display path) is checked afresh. Why a cache could not be written is in `loaded.notes`. Raises FwdataError
    subclasses for conditions that stop the run (no sources, broken schemas, an unreadable --baseline); problems in
    the data are findings in the report.
    """
    pack = resolve_pack(paths) if standard_input is None else stdin_pack(*standard_input)
    loaded = loaded or LoadedOnce()
    if (cached and options.use_cache and pack.archive is None and not pack.overlay
            and len(set(map(display_path, pack.files))) == len(pack.files)):
        return _check_cached(pack, options, schema_root, progress, loaded)
    return _check(pack, options, schema_root, progress, loaded)[0]


def check_pack(pack: Pack, options: BuildOptions, *, loaded: LoadedOnce | None = None,
               known: Mapping[str, tuple[str, SourceDocument]] | None = None,
               memo: CheckMemo | None = None) -> tuple[RunResult, list[tuple[SourceDocument, str]]]:
    """Run `check_sources` on a resolved pack (its `overlay` read in place of the files: fwdata/lsp); also return
    each document that loaded without findings with the SHA-256 of its bytes.

    `loaded` keeps the compiled schemas and the base library between runs, as for `check_sources`.
    `known` and `memo` skip work as they do for a build (`build_sources`): a file whose display
    path `known` maps to its digest and document is not parsed again, and a check `memo`
    remembers under the same key is not run again. Raises as `check_sources` does.
    """
    result, _, _, reusable = _check(pack, options, None, no_progress, loaded or LoadedOnce(), known, memo)
    return result, reusable


def _check(pack: Pack, options: BuildOptions, schema_root: Path | None, progress: Progress, loaded: LoadedOnce,
           known: Mapping[str, tuple[str, SourceDocument]] | None = None, memo: CheckMemo | None = None
           ) -> tuple[RunResult, Reviewer, list[Finding], list[tuple[SourceDocument, str]]]:
    systems = registered_systems()
    schemas = _schemas(systems, loaded, schema_root)
    documents, findings, reusable = load_files(pack, progress, jobs=options.jobs, known=known)
    valid, document_findings = check_documents(documents, schemas, memo, font_cache=options.use_cache)
    findings += document_findings + portable_name_findings(pack.root, pack.reported, documents)
    manifest, manifest_findings = read_manifest(pack, schemas)
    findings += manifest_findings
    is_base = pack.is_base or (manifest is not None and manifest.data.get("id") == BASE_PACK_ID)
    base, base_reusable = ((), []) if is_base else loaded.base_documents(library_root(), schemas, known,
                                                                                     use_cache=options.use_cache)
    reported = _reported(pack)
    focus = _focus(pack, reported)
    passed = {document.path for document in valid}
    catalog, model_findings = build_models(valid, systems, base=base, manifest=manifest,
                                           models=None if memo is None else memo.models, focus=focus, not_valid=[
        (document.system, document.kind, document.doc_id, document.path) for document in documents
        if document.path not in passed])
    findings += model_findings + unused_overrides(manifest, documents)
    findings += run_checks(catalog, _checked_systems(systems, valid, is_base, focus), options, progress, memo)
    result, reviewer, shown = _reviewed(pack, manifest, options, catalog, reported,
                                        [finding for finding in findings if finding.location.path in reported])
    return result, reviewer, shown, reusable + base_reusable


def _check_cached(pack: Pack, options: BuildOptions, schema_root: Path | None, progress: Progress,
                  loaded: LoadedOnce) -> RunResult:
    """Run `_check` with the pack's check cache (fwdata/incremental/check_cache.py): the same findings, but only
    the files that changed are parsed and validated, only the reported files' entries are checked (and of their
    planned checks only those whose sources changed), and nothing at all when no input changed since the
    reported files were last checked. The catalog holds every entry, each made when first read. A document of the
    cache found missing or spoiled when read (`StaleDocument`) makes the run start again without the cache."""
    systems = registered_systems()
    schemas = _schemas(systems, loaded, schema_root)
    cache = CheckCacheFiles.of(pack.root, os.getcwd(), signing_key(), loaded.schema_set_key(schemas))
    try:
        return _check_with_cache(pack, options, progress, loaded, systems, schemas, cache, cache.index())
    except StaleDocument:
        return _check_with_cache(pack, options, progress, loaded, systems, schemas, cache, CheckCache(), scan=False)


def _check_with_cache(pack: Pack, options: BuildOptions, progress: Progress, loaded: LoadedOnce,
                      systems: dict[str, GameSystem], schemas: SchemaSet, cache: CheckCacheFiles,
                      old: CheckCache, *, scan: bool = True) -> RunResult:
    """`_check_cached` with the cache's index `old`. With `scan`, a check of some of the pack's files (not the
    manifest) reads each other file the cache does not hold by its header alone (`FileRecord.scanned_from`), and
    loads it only when a check reads its entry (`ScannedDocument`)."""
    loaded.file_digests.update(old.statuses)
    statuses = dict(old.statuses)
    records: dict[str, FileRecord] = {}
    fresh: dict[str, CheckedFile] = {}
    progress("loading", 0, len(pack.files))
    names = [display_path(path) for path in pack.files]
    reported = _reported(pack)
    focus = _focus(pack, reported)
    scanning = scan and focus is not None and not (pack.manifest is not None and pack.reports_manifest)
    changed: list[tuple[str, Path]] = []
    for name, path in zip(names, pack.files, strict=True):
        scanned = scanning and name not in reported
        if ((record := old.files.get(name)) is not None and (scanned or not record.scanned)
                and record.digest == file_digest(pack, path, record) and record.links_hold()):
            if record.status is None and (status := file_status(path)) is not None:  # old enough now to trust
                record = replace(record, status=status)
            records[name] = record
        elif scanned and (record := FileRecord.scanned_from(pack, path)) is not None:
            records[name] = record
        else:
            changed.append((name, path))
    with contextlib.closing(iter_shared(
            checked_file, (pack, schemas, [path for _, path in changed]), len(changed), jobs=options.jobs,
            worth_it=len(changed) >= PARALLEL_FROM_FILES,
            done=lambda count: progress("loading", len(names) - len(changed) + count, len(names)))) as checked:
        for (name, _), (document, passed, record, read) in zip(changed, strings_shared(checked), strict=True):
            fresh[name] = (document, passed, record, read)
            if read:
                records[name] = record
    progress("loading", len(pack.files), len(pack.files))
    manifest, manifest_findings = read_manifest(pack, schemas)
    is_base = pack.is_base or (manifest is not None and manifest.data.get("id") == BASE_PACK_ID)
    digests = {name: record.digest for name, record in records.items()}
    state = state_key([render_key(options), is_base, loaded.base_key(library_root(), schemas),
                       [(name, digests.get(name)) for name in names],
                       None if pack.manifest is None else file_digest(pack, pack.manifest),
                       # whether each schema the modelines name exists (MODELINE-SCHEMA-MISSING): records hold it now
                       sorted((name, record.schema_links) for name, record in records.items() if record.schema_links)])
    if old.state == state and not fresh and reported <= old.reported.keys():
        findings = [finding for name in sorted(reported) for finding in old.reported[name]]
        catalog = Catalog()
        if records != old.files or loaded.file_digests != statuses:
            cache.write(replace(old, files=records, statuses=dict(loaded.file_digests)), old, {}, loaded.notes)
    else:
        every = {name: records.get(name) or fresh[name][2] for name in names}
        documents: dict[str, SourceDocument | StoredDocument] = {}
        scanned_documents: dict[str, ScannedDocument] = {}
        valid: list[SourceDocument | StoredDocument | ScannedDocument] = []  # as validation passed them (tolerance.py)
        for (name, record), path in zip(every.items(), pack.files, strict=True):
            if name in fresh and (document := fresh[name][0]) is not None:
                documents[name] = document
                valid += filter(None, [fresh[name][1]])
            elif record.scanned:
                scanned_documents[name] = ScannedDocument(name, record, partial(
                    checked_file, (pack, schemas, [path]), 0))
                valid.append(scanned_documents[name])
            elif name not in fresh and record.loaded:
                documents[name] = StoredDocument(name, record, cache)
                valid += [StoredDocument(name, record, cache, masked=True)] if record.valid else []
        findings = [finding for record in every.values() for finding in record.load_findings]
        findings += [finding for record in every.values() for finding in record.document_findings]
        findings += portable_name_findings(pack.root, pack.reported, [
            loaded_document(held) for name, held in documents.items() if name in reported])
        findings += manifest_findings
        # the base library's part of each game a checked file belongs to (all of it when the manifest is checked: its
        # overrides may name any game's entries); only a checked file's game is checked
        named = every.keys() if focus is None else focus
        wanted = None if (manifest is not None and pack.reports_manifest) or not named <= every.keys() else {
            system for name in named if (system := every[name].header[0]) is not None}
        base, base_reusable = ((), []) if is_base else loaded.base_documents(library_root(), schemas, systems=wanted)
        digests = {**{document.path: digest for document, digest in base_reusable}, **digests}
        shapes = ShapeMemo(digests, old.shapes)
        catalog, model_findings = build_models(valid, systems, base=base, manifest=manifest, lazy=True, focus=focus,
                                               shapes=shapes, not_valid=[(*record.header, name) for name, record
                                                                         in every.items() if record.loaded
                                                                         and not record.valid])
        findings += model_findings + unused_overrides(manifest, [*documents.values(), *scanned_documents.values()])
        memo = CheckMemo(render_key(options), digests, old.checks)
        findings += run_checks(catalog, _checked_systems(systems, valid, is_base, focus), options, progress, memo)
        findings = [finding for finding in findings if finding.location.path in reported]
        fresh.update((name, held.checked) for name, held in scanned_documents.items() if held.checked)  # loaded too
        records.update((name, record) for name, (_, _, record, read) in fresh.items() if read)
        kept = old.reported if old.state == state else {}
        new = CheckCache(records, old.kept_checks(memo.recorded, len(records)), state, {
            **kept, **{name: tuple(f for f in findings if f.location.path == name) for name in reported}},
            dict(loaded.file_digests), shapes.recorded)
        stored = {name: (document, masked if masked is not document else None)
                  for name, (document, masked, _, _) in fresh.items() if document is not None and name in records}
        cache.write(new, old, stored, loaded.notes)
    return _reviewed(pack, manifest, options, catalog, reported, findings)[0]


def _schemas(systems: dict[str, GameSystem], loaded: LoadedOnce, schema_root: Path | None) -> SchemaSet:
    kinds = tuple((system.id, kind) for system in systems.values() for kind in system.build_models)
    return loaded.schemas(schema_root or default_schema_root(), kinds, schema_folders(systems))


def _focus(pack: Pack, reported: set[str]) -> frozenset[str] | None:
    """Return the catalog's focus (`Catalog.focus`): None when every file of the pack is reported, else the reported
    files, whose entries alone are checked (reading any other entry they need)."""
    return None if reported.issuperset(map(display_path, pack.files)) else frozenset(reported)


def _checked_systems(systems: dict[str, GameSystem],
                     valid: Sequence[SourceDocument | StoredDocument | ScannedDocument], is_base: bool,
                     focus: frozenset[str] | None) -> dict[str, GameSystem]:
    """Return the systems whose checks run: those of the focused (or all) valid documents, every one for the whole
    base library. The others' checks would only re-check the base library, whose findings a pack never reports."""
    return {name: system for name, system in systems.items()
            if (is_base and focus is None) or any(document.system == name for document in valid
                                                  if focus is None or document.path in focus)}


def _reported(pack: Pack) -> set[str]:
    """Return the display paths whose findings the run reports: the files named, and the manifest when named."""
    reported = {display_path(path) for path in pack.reported}
    if pack.manifest is not None and pack.reports_manifest:
        reported.add(display_path(pack.manifest))
    return reported


def _reviewed(pack: Pack, manifest: SourceDocument | None, options: BuildOptions, catalog: Catalog,
              reported: set[str], findings: list[Finding]) -> tuple[RunResult, Reviewer, list[Finding]]:
    """Return the run's result with the review applied to `findings` (the reported files' own) and the baseline's;
    also the reviewer and every finding reviewed."""
    raw = Report(files_read=len(pack.reported) + (pack.manifest is not None and pack.reports_manifest))
    raw.extend(findings)
    reviewer, baseline_findings = review_setup(pack, manifest, options)
    raw.extend(finding for finding in baseline_findings if finding.location.path in reported)
    result = RunResult(report=Report(files_read=raw.files_read), catalog=catalog, reported=frozenset(reported))
    _apply_review(result, reviewer, raw.findings)
    return result, reviewer, raw.findings


def _apply_review(result: RunResult, reviewer: Reviewer, findings: list[Finding]) -> None:
    result.review = reviewer.review(findings)
    result.report = Report(findings=list(result.review.shown), files_read=result.report.files_read)
    result.recorded = reviewer.record(result.review)


def build_sources(paths: Sequence[Path], options: BuildOptions, *, schema_root: Path | None = None,
                  progress: Progress = no_progress, loaded: LoadedOnce | None = None) -> RunResult:
    """Check, then render and write every output into `options.out_dir`, replacing the folder whole.

    The outputs of a pack's build are the pack's (its cards, the sheets and log sheets that show them, its
    play aids: fwdata/output/pack_outputs.py), with `options.with_base` the base library's too; the base
    library's own build draws all of its outputs.

    Rendering runs only when the checks found no errors. Each output is written into a hidden new build folder as
    soon as it is drawn (fwdata/output/write.py `Staging`), which replaces the build folder only when rendering added
    no errors either (overflow is a finding): a failed build leaves the previous build folder as it was. The
    result's outputs are the files as written. The build folder is claimed (locked, recovered after a killed build,
    checked to be fwdata's own) before the checks, so a folder in use or not fwdata's fails at once; see
    `fwdata.output.build_claim.claim_build_folder`. The outputs end with `findings.txt`, the full findings report
    (hidden findings marked).
    With `options.use_cache`, the build cache the previous build left in the folder
    (fwdata/incremental/build_cache.py, signed with this user's key: fwdata/incremental/cache_key.py) is read under
    the lock: when no input changed, its result is returned and nothing is checked, rendered
    or written; otherwise each planned check (a card's rule checks) whose sources did not change is
    not run again, its findings taken from the cache (fwdata/incremental/check_memo.py), nor are the schema and
    text checks of a document found clean in a file that did not change, and each planned output
    whose sources did not change is taken from the old folder (hard-linked where it can be), not
    rendered. Without a key (fwdata/incremental/cache_key.py), no cache is read or written.
    The new cache is written into the new folder and swapped in with it, and so are the loaded
    sources, signed (fwdata/incremental/source_cache.py): the next build parses only the files that changed.
    The sources are written before anything is drawn; from then on the documents of each system's
    `modeled_kinds` keep only their header and positions (in the result's catalog too).
    Before the report come `index.html`, the catalog of the build (fwdata/output/build_index.py),
    and with `options.png_dpi` the PNG previews and deck sheets before it (fwdata/output/previews.py):
    made from this build's outputs each time it writes, so they match them.
    `progress` hears of every file loaded, every system checked and every output drawn.
    Raises OutputError when the build folder cannot be written, is being written
    by another build, is a non-empty folder fwdata did not make, or holds what the build
    reads (the pack, the base library, the schemas, the baseline), and when a source
    file changed between being hashed and being loaded (nothing is then written).
    """
    from fwdata.incremental.last_build import LastBuild  # what builds and writes: never loaded by a check
    from fwdata.output.build_claim import claim_build_folder, refuse_building_over
    from fwdata.output.build_index import INDEX_PAGE, index_page
    from fwdata.output.pack_outputs import pack_entries
    from fwdata.output.previews import preview_outputs
    from fwdata.output.rendering import render_build

    with claim_build_folder(options.out_dir) as build_folder:
        pack = resolve_pack(paths)
        schema_root = schema_root or default_schema_root()
        refuse_building_over(build_folder.target, options.out_dir,
                             [pack.root, library_root(), schema_root, *filter(None, [options.baseline])])
        last = LastBuild.open(build_folder.target, pack, paths, options, schema_root)
        if (unchanged := last.unchanged()) is not None:
            return unchanged
        result, reviewer, findings, reusable = _check(pack, options, schema_root, progress, loaded or LoadedOnce(),
                                                      last.known_documents(_loaded_from_the_pack(pack, options)),
                                                      last.memo)
        last.refuse_changed_since_hashed(reusable)
        if result.report.failed(options.strict):
            return result
        systems = registered_systems()
        with build_folder.staged() as staging:
            if (sources := last.sources_file(reusable)) is not None:
                staging.write_sources(sources)
            del reusable  # written: what is drawn reads the models, and of modeled kinds' documents only the positions
            result.catalog.without_data((system.id, kind) for system in systems.values()
                                        for kind in system.modeled_kinds)
            rendered = render_build(result.catalog, systems, options, folder=build_folder.target,
                                    previous=last.previous, base_key=last.memo.base_key, documents=last.documents,
                                    staging=staging, progress=progress,
                                    own=None if options.with_base else pack_entries(result.catalog))
            if rendered.findings:
                everything = Report()
                everything.extend([*findings, *(f for f in rendered.findings if f.location.path in result.reported)])
                _apply_review(result, reviewer, everything.findings)
            if result.report.failed(options.strict):
                return result  # the staged build is deleted: the previous one stays as it was
            outputs, result.copied = rendered.outputs, rendered.copied
            if options.png_dpi is not None:
                progress("previewing", 0, 1)
                previews = [staging.add(preview) for preview in preview_outputs(outputs, systems, options.png_dpi,
                                                                                 tts_dpi=options.tts_dpi,
                                                                                 jobs=options.jobs)]
                outputs += previews
                progress("previewing", 1, 1)
            outputs.append(staging.write(INDEX_PAGE, index_page(outputs, systems, rendered.drawn_from,
                                                                result.report.findings, FINDINGS_REPORT,
                                                                result.review.hidden_counts())))
            outputs.append(staging.add(Output(FINDINGS_REPORT, format_findings_report(result.report, result.review)
                                              .encode("utf-8"))))
            result.outputs = staging.commit(last.cache_file(result, outputs, rendered.planned))
    return result


def _loaded_from_the_pack(pack: Pack, options: BuildOptions) -> set[str] | None:
    """Return the display paths of the pack's files when the base library comes from its snapshot (the documents
    the last build read of it would only be held twice), else None: every document may be reused."""
    return {display_path(path) for path in pack.files} if options.use_cache and not pack.is_base else None


def run_checks(catalog: Catalog, systems: dict[str, GameSystem], options: BuildOptions,
               progress: Progress = no_progress, memo: CheckMemo | None = None) -> list[Finding]:
    """Run every system's cross-checks (references and rule simulations), telling `progress` of each system.

    A system's planned checks (`GameSystem.plan_checks`) whose sources did not change since the
    build `memo` remembers are not run again: their findings are the ones recorded then
    (fwdata/incremental/check_memo.py).
    """
    findings: list[Finding] = []
    progress("checking", 0, len(systems))
    for done, system in enumerate(systems.values(), start=1):
        findings.extend(system.run_checks(catalog, options))
        if system.plan_checks is not None:
            findings += run_planned_checks(system.id, system.plan_checks(catalog, options), catalog, memo,
                                           jobs=options.jobs)
        progress("checking", done, len(systems))
    return findings
