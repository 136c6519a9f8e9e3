"""The pipeline: discover -> load -> validate -> model -> cross-check -> render -> write, in that order."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from fwdata.findings import Finding, Report, error
from fwdata.library import schema_root as default_schema_root
from fwdata.options import BuildOptions
from fwdata.sources import discover_sources, load_sources
from fwdata.sources.document import SourceDocument
from fwdata.systems import Catalog, Entry, GameSystem, Output, registered_systems
from fwdata.validate import load_schemas, validate_documents
from fwdata.write import write_outputs


@dataclass
class RunResult:
    """The report of a run, the catalog of models it built, and the files it rendered (not yet written)."""

    report: Report
    catalog: Catalog
    outputs: list[Output] = field(default_factory=list)


def check_sources(paths: Sequence[Path], options: BuildOptions, *, schema_root: Path | None = None) -> RunResult:
    """Run every stage up to the cross-checks; nothing is rendered or written.

    Raises FwdataError subclasses for conditions that stop the run (no sources,
    broken schemas); problems in the data are findings in the report.
    """
    systems = registered_systems()
    files = discover_sources(paths)
    report = Report(files_read=len(files))
    documents, findings = load_sources(files)
    report.extend(findings)
    kinds = [(system.id, kind) for system in systems.values() for kind in system.build_models]
    schemas = load_schemas(schema_root or default_schema_root(), kinds)
    valid, findings = validate_documents(documents, schemas)
    report.extend(findings)
    catalog, findings = build_models(valid, systems)
    report.extend(findings)
    report.extend(run_checks(catalog, systems, options))
    return RunResult(report=report, catalog=catalog)


def build_sources(paths: Sequence[Path], options: BuildOptions, *, schema_root: Path | None = None) -> RunResult:
    """Check, then render and write every output into `options.out_dir`.

    Rendering runs only when the checks found no errors, and files are written
    only when rendering added none either (overflow is a finding): a failed
    build leaves the previous build folder as it was. Raises OutputError when
    the build folder cannot be written.
    """
    result = check_sources(paths, options, schema_root=schema_root)
    if result.report.failed(options.strict):
        return result
    systems = registered_systems()
    for system in systems.values():
        rendered = system.render_outputs(result.catalog, options)
        result.outputs.extend(rendered.outputs)
        result.report.extend(rendered.findings)
    if not result.report.failed(options.strict):
        write_outputs(result.outputs, options.out_dir)
    return result


def build_models(documents: Sequence[SourceDocument], systems: dict[str, GameSystem]) -> tuple[Catalog, list[Finding]]:
    """Turn schema-valid documents into models; ids must be unique within (system, kind)."""
    catalog = Catalog()
    findings: list[Finding] = []
    for document in documents:
        system, kind, doc_id = document.system or "", document.kind or "", document.doc_id or ""
        model = systems[system].build_models[kind](document)
        first = catalog.add(system, kind, doc_id, Entry(model=model, document=document))
        if first is not None:
            where = first.document.locate("/id")
            findings.append(error(document.locate("/id"), "REF-DUPLICATE-ID",
                                  f"{system} {kind} id {doc_id!r} is already used at "
                                  f"{where.path}:{where.line} (ids are unique within a system and kind)"))
    return catalog, findings


def run_checks(catalog: Catalog, systems: dict[str, GameSystem], options: BuildOptions) -> list[Finding]:
    """Run every system's cross-checks (references and rule simulations)."""
    findings: list[Finding] = []
    for system in systems.values():
        findings.extend(system.run_checks(catalog, options))
    return findings
