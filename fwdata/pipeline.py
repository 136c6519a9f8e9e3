"""The pipeline: discover -> load -> validate -> model -> cross-check -> render -> write, in that order."""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from pathlib import Path

from fwdata.baseline import Baseline, BaselineFormatError, parse_baseline
from fwdata.build_cache import (
    document_digests,
    format_build_cache,
    input_digests,
    read_build_cache,
    render_key,
    run_key,
    schemas_key,
    unchanged_result,
)
from fwdata.build_claim import claim_build_folder
from fwdata.build_index import INDEX_PAGE, index_page
from fwdata.cache_key import signing_key
from fwdata.check_memo import CheckMemo, check_documents, run_planned_checks
from fwdata.errors import OutputError, UsageError
from fwdata.findings import Finding, Report, error, warning
from fwdata.game_system import Catalog, Entry, GameSystem, Output, RunResult
from fwdata.library import BASE_PACK_ID, library_root
from fwdata.library import schema_root as default_schema_root
from fwdata.loading import base_documents, load_files, load_pack_file
from fwdata.options import BuildOptions
from fwdata.overrides import shape_differences
from fwdata.previews import preview_outputs
from fwdata.progress import Progress, no_progress
from fwdata.rendering import render_build
from fwdata.reporting import format_findings_report
from fwdata.review import Reviewer
from fwdata.source_cache import format_sources, read_sources
from fwdata.sources.containment import Refused
from fwdata.sources.document import SourceDocument, pointer_join
from fwdata.sources.pack import Pack, resolve_pack, stdin_pack
from fwdata.sources.portable_names import portable_name_findings
from fwdata.sources.texts import MAX_TEXT_BYTES, decode_text, read_text
from fwdata.sources.yaml_loader import display_path
from fwdata.systems import registered_systems
from fwdata.validate import SchemaSet, load_schemas, validate_manifest

__all__ = ["RunResult", "build_models", "build_sources", "check_sources", "run_checks"]

FINDINGS_REPORT = "findings.txt"


def check_sources(paths: Sequence[Path], options: BuildOptions, *, schema_root: Path | None = None,
                  progress: Progress = no_progress, standard_input: tuple[Path | None, bytes] | None = None
                  ) -> RunResult:
    """Run every stage up to the cross-checks and the review on the pack of `paths`; nothing is written.

    The base library is always loaded under the pack, so references resolve
    against both; only findings in the files `paths` name are reported (see
    fwdata/sources/pack.py for how the pack is found), and of those only the
    ones the review keeps (`options.selection`, `# fwdata: ignore` comments, the
    baseline: fwdata/review.py). `progress` hears of every file loaded and system
    checked. `standard_input` (a file name or None, and bytes) checks those bytes as
    that file instead (`fwdata check -`: fwdata/sources/pack.py `stdin_pack`), `paths` unused.
    Raises FwdataError subclasses for conditions that stop the run (no
    sources, broken schemas, an unreadable --baseline); problems in the data are
    findings in the report.
    """
    pack = resolve_pack(paths) if standard_input is None else stdin_pack(*standard_input)
    return _check(pack, options, schema_root, progress)[0]


def _check(pack: Pack, options: BuildOptions, schema_root: Path | None, progress: Progress,
           known: Mapping[str, tuple[str, SourceDocument]] | None = None, memo: CheckMemo | None = None
           ) -> tuple[RunResult, Reviewer, list[Finding], list[tuple[SourceDocument, str]]]:
    systems = registered_systems()
    kinds = [(system.id, kind) for system in systems.values() for kind in system.build_models]
    schemas = _schemas(schema_root or default_schema_root(), tuple(kinds))
    documents, findings, reusable = load_files(pack, progress, jobs=options.jobs, known=known)
    valid, document_findings = check_documents(documents, schemas, memo)
    findings += document_findings + portable_name_findings(pack.root, pack.reported, documents)
    manifest, manifest_findings = read_manifest(pack, schemas)
    findings += manifest_findings
    is_base = pack.is_base or (manifest is not None and manifest.data.get("id") == BASE_PACK_ID)
    base, base_reusable = ((), []) if is_base else base_documents(library_root(), schemas, known)
    catalog, model_findings = build_models(valid, systems, base=base, manifest=manifest)
    findings += model_findings + unused_overrides(manifest, documents)
    # A pack's findings come only from the systems its files belong to: the others' checks would
    # only re-check the base library, whose findings are never reported for a pack.
    checked = systems if is_base else {name: system for name, system in systems.items()
                                       if any(document.system == name for document in valid)}
    findings += run_checks(catalog, checked, options, progress, memo)
    reported = {display_path(path) for path in pack.reported}
    if pack.manifest is not None and pack.reports_manifest:
        reported.add(display_path(pack.manifest))
    raw = Report(files_read=len(pack.reported) + (pack.manifest is not None and pack.reports_manifest))
    raw.extend(finding for finding in findings if finding.location.path in reported)
    reviewer, baseline_findings = review_setup(pack, manifest, options)
    raw.extend(finding for finding in baseline_findings if finding.location.path in reported)
    result = RunResult(report=Report(files_read=raw.files_read), catalog=catalog, reported=frozenset(reported))
    _apply_review(result, reviewer, raw.findings)
    return result, reviewer, raw.findings, reusable + base_reusable


def _apply_review(result: RunResult, reviewer: Reviewer, findings: list[Finding]) -> None:
    result.review = reviewer.review(findings)
    result.report = Report(findings=list(result.review.shown), files_read=result.report.files_read)
    result.recorded = reviewer.record(result.review)


def build_sources(paths: Sequence[Path], options: BuildOptions, *, schema_root: Path | None = None,
                  progress: Progress = no_progress) -> RunResult:
    """Check, then render and write every output into `options.out_dir`, replacing the folder whole.

    Rendering runs only when the checks found no errors. Each output is written
    into a hidden new build folder as soon as it is drawn (fwdata/write.py
    `Staging`), which replaces the build folder only when rendering added no
    errors either (overflow is a finding): a failed build leaves the previous
    build folder as it was. The result's outputs are the files as written. The build folder is
    claimed (locked, recovered after a killed build, checked to be fwdata's own)
    before the checks, so a folder in use or not fwdata's fails at once; see
    `fwdata.build_claim.claim_build_folder`. The outputs end with `findings.txt`, the
    full findings report (hidden findings marked).
    With `options.use_cache`, the build cache the previous build left in the folder
    (fwdata/build_cache.py, signed with this user's key: fwdata/cache_key.py) is read under
    the lock: when no input changed, its result is returned and nothing is checked, rendered
    or written; otherwise each planned check (a card's rule checks) whose sources did not change is
    not run again, its findings taken from the cache (fwdata/check_memo.py), nor are the schema and
    text checks of a document found clean in a file that did not change, and each planned output
    whose sources did not change is taken from the old folder (hard-linked where it can be), not
    rendered. Without a key
    (fwdata/cache_key.py), no cache is read or written.
    The new cache is written into the new folder and swapped in with it, and so are the loaded
    sources, signed (fwdata/source_cache.py): the next build parses only the files that changed.
    The sources are written before anything is drawn; from then on the documents of each system's
    `modeled_kinds` keep only their header and positions (in the result's catalog too).
    Before the report come `index.html`, the catalog of the build (fwdata/build_index.py),
    and with `options.png_dpi` the PNG previews and deck sheets before it (fwdata/previews.py):
    made from this build's outputs each time it writes, so they match them.
    `progress` hears of every file loaded, every system checked and every output drawn.
    Raises OutputError when the build folder cannot be written, is being written
    by another build, is a non-empty folder fwdata did not make, or holds what the build
    reads (the pack, the base library, the schemas, the baseline), and when a source
    file changed between being hashed and being loaded (nothing is then written).
    """
    with claim_build_folder(options.out_dir) as build_folder:
        pack = resolve_pack(paths)
        schema_root = schema_root or default_schema_root()
        _refuse_building_over(build_folder.target, options.out_dir,
                              [pack.root, library_root(), schema_root, *filter(None, [options.baseline])])
        digests = input_digests(pack, options, schema_root)
        run = run_key(pack, paths, options, digests)
        key = signing_key()
        previous = read_build_cache(build_folder.target, key) if options.use_cache else None
        unchanged = None if previous is None else unchanged_result(build_folder.target, previous, run)
        if unchanged is not None:
            return unchanged
        shown = document_digests(digests)
        known = {} if previous is None else {path: (digest, document) for path, (digest, document)
                                             in read_sources(build_folder.target, key).items()
                                             if shown.get(path) == digest}
        memo = CheckMemo(render_key(options), shown, {} if previous is None else previous.checks,
                         schemas=schemas_key(digests, schema_root))
        result, reviewer, findings, reusable = _check(pack, options, schema_root, progress, known, memo)
        read_back = frozenset(known)
        del known  # the last build's documents: those still used are in the catalog
        _refuse_changed_since_hashed(reusable, shown)
        if result.report.failed(options.strict):
            return result
        systems = registered_systems()
        with build_folder.staged() as staging:
            if key is not None:
                staging.write_sources(format_sources(reusable, key, read_back=read_back))
            del reusable  # written: what is drawn reads the models, and of modeled kinds' documents only the positions
            result.catalog.without_data((system.id, kind) for system in systems.values()
                                        for kind in system.modeled_kinds)
            rendered = render_build(result.catalog, systems, options, folder=build_folder.target, previous=previous,
                                    base_key=memo.base_key, documents=shown,
                                    staging=staging, progress=progress)
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
                                                                result.report.findings, FINDINGS_REPORT)))
            outputs.append(staging.add(Output(FINDINGS_REPORT, format_findings_report(result.report, result.review)
                                              .encode("utf-8"))))
            result.outputs = staging.commit(None if key is None else format_build_cache(
                run, result, outputs, rendered.planned, memo.recorded, key))
    return result


def _refuse_building_over(target: Path, out_dir: Path, inputs: Sequence[Path]) -> None:
    """Raise OutputError when the build folder `target` (resolved) is or holds one of `inputs`: a build replaces its
    folder whole, so it would delete what it reads."""
    for path in inputs:
        real = Path(os.path.realpath(path))
        if real.is_relative_to(target):
            raise OutputError(f"refusing to build into {out_dir}: it holds {display_path(path)}, which the build "
                              "reads, and a build replaces its folder whole; name a build folder outside it")


def _refuse_changed_since_hashed(loaded: Sequence[tuple[SourceDocument, str]], digests: Mapping[str, str]) -> None:
    """Raise OutputError when a file was loaded with other bytes than it was hashed with: it changed during the
    build (an editor saving it), and the caches would file what was parsed under the other bytes' key."""
    for document, digest in loaded:
        if digests.get(document.path, digest) != digest:
            raise OutputError(f"{document.path} changed while it was being built; nothing was written: build again")


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


def read_manifest(pack: Pack, schemas: SchemaSet) -> tuple[SourceDocument | None, list[Finding]]:
    """Load and validate the pack's `fwdata-pack.yaml`; return it (None when absent or invalid) and its findings."""
    if pack.manifest is None:
        return None, []
    document, findings = load_pack_file(pack, pack.manifest)
    if document is None:
        return None, findings
    findings = validate_manifest(document, schemas)
    return (None if findings else document), findings


_SCHEMA_SETS: dict[tuple[Path, tuple[tuple[str, str], ...]], SchemaSet] = {}


def _schemas(root: Path, kinds: tuple[tuple[str, str], ...]) -> SchemaSet:
    """Return the compiled schemas (compiled once per process: checking a schema set takes a second)."""
    key = (root.resolve(), kinds)
    if key not in _SCHEMA_SETS:
        _SCHEMA_SETS[key] = load_schemas(root, kinds)
    return _SCHEMA_SETS[key]


def build_models(documents: Sequence[SourceDocument], systems: dict[str, GameSystem], *,
                 base: Sequence[SourceDocument] = (), manifest: SourceDocument | None = None
                 ) -> tuple[Catalog, list[Finding]]:
    """Turn schema-valid documents into models on top of the base library's.

    Ids are unique within (system, kind). A pack document with the id of a base
    entry replaces it only when the pack `manifest` lists `system/kind/id` under
    `overrides` and the document has the base entry's shape (fwdata/overrides.py);
    otherwise it is an error and the base entry stays, so the rules never read an
    unchecked table.
    """
    catalog = Catalog()
    findings: list[Finding] = []
    declared = {key: pointer_join("/overrides", index)
                for index, key in enumerate(manifest.data.get("overrides", []) if manifest else [])}
    for document in base:
        system, kind, doc_id = document.system or "", document.kind or "", document.doc_id or ""
        catalog.add(system, kind, doc_id, Entry(systems[system].build_models[kind](document), document, base=True))
    for document in documents:
        system, kind, doc_id = document.system or "", document.kind or "", document.doc_id or ""
        entry = Entry(model=systems[system].build_models[kind](document), document=document)
        first = catalog.add(system, kind, doc_id, entry)
        if first is None:
            continue
        key = f"{system}/{kind}/{doc_id}"
        if not first.base:
            where = first.document.locate("/id")
            findings.append(error(document.locate("/id"), "REF-DUPLICATE-ID",
                                  f"{system} {kind} id {doc_id!r} is already used at "
                                  f"{where.path}:{where.line} (ids are unique within a system and kind)"))
        elif key not in declared:
            findings.append(error(document.locate("/id"), "PACK-OVERRIDE-UNDECLARED",
                                  f"{system} {kind} id {doc_id!r} is a base-library entry; list {key!r} under "
                                  "overrides in fwdata-pack.yaml to replace it, or choose another id"))
        else:
            differences = shape_differences(first.document.data, document.data)
            for pointer, message in differences:
                findings.append(error(document.locate(pointer), "PACK-OVERRIDE-SHAPE",
                                      f"override of {key}: {message} (an override may change values, not the "
                                      "shape; the base entry is used)"))
            if not differences:
                catalog.replace(system, kind, doc_id, entry)
    return catalog, findings


def unused_overrides(manifest: SourceDocument | None, documents: Sequence[SourceDocument]) -> list[Finding]:
    """Warn of each override the manifest declares that no loaded pack document makes (valid or not)."""
    if manifest is None:
        return []
    made = {f"{document.system}/{document.kind}/{document.doc_id}" for document in documents}
    return [warning(manifest.locate(pointer_join("/overrides", index)), "PACK-OVERRIDE-UNUSED",
                    f"override {key!r} replaces nothing: no entry of the pack has that system, kind and id")
            for index, key in enumerate(manifest.data.get("overrides", [])) if key not in made]


def run_checks(catalog: Catalog, systems: dict[str, GameSystem], options: BuildOptions,
               progress: Progress = no_progress, memo: CheckMemo | None = None) -> list[Finding]:
    """Run every system's cross-checks (references and rule simulations), telling `progress` of each system.

    A system's planned checks (`GameSystem.plan_checks`) whose sources did not change since the
    build `memo` remembers are not run again: their findings are the ones recorded then
    (fwdata/check_memo.py).
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
