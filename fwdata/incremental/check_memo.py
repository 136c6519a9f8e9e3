"""Checks a build need not run again: each document's schema and text checks, and per-entry rule checks, each keyed
by the files it reads, its findings kept in the build cache (fwdata/incremental/build_cache.py) for the next build
into the same folder."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from fwdata.findings import Finding
from fwdata.game_system import Catalog, PlannedCheck
from fwdata.incremental.build_cache import document_key, sources_key
from fwdata.processes.workers import PARALLEL_FROM_CARDS, map_shared
from fwdata.sources.document import SourceDocument
from fwdata.validation.text_checks import check_text
from fwdata.validation.validate import SchemaSet, validate_documents


@dataclass
class CheckMemo:
    """The findings of the last build's planned checks by key (`previous`), and those of this run (`recorded`).

    A check's key is that of its sources' files (`digests`, by display path) under `base_key` (the
    tool, the folder run in, the options: `fwdata.incremental.build_cache.render_key`), as an output's is; a
    document's checks are keyed under the schemas too (`schemas`: `fwdata.incremental.build_cache.schemas_key`).
    `models`, when given, holds the model built from each document, by the document's identity (kept
    with it, so the identity stays its own): a model is built from its document alone, so a memo kept
    between runs (fwdata/lsp) builds models only for the documents that were parsed again. A build
    gives none: it would keep every document's data alive while the outputs are drawn.
    """

    base_key: str
    digests: Mapping[str, str]
    previous: Mapping[str, tuple[Finding, ...]] = field(default_factory=dict)
    recorded: dict[str, tuple[Finding, ...]] = field(default_factory=dict)
    schemas: str = ""
    models: dict[int, tuple[SourceDocument, Any]] | None = None


def check_documents(documents: Sequence[SourceDocument], schemas: SchemaSet, memo: CheckMemo | None, *,
                    font_cache: bool = False) -> tuple[list[SourceDocument], list[Finding]]:
    """Validate `documents` against `schemas` and check their text; return those without schema errors and the
    findings: the schema findings, then the text findings, each in the order of `documents`.

    As `fwdata.validation.validate.validate_documents` then `fwdata.validation.text_checks.check_text` on
    all of them, but a document the last build found clean (valid, no finding at all) under the same key is not checked
    again. Only clean documents are recorded: the others may have come out masked (fwdata/validation/tolerance.py)
    and are checked every time. `font_cache` is `check_text`'s.
    """
    memo = memo or CheckMemo("", {})
    valid: list[SourceDocument] = []
    schema_findings: list[Finding] = []
    text_findings: list[Finding] = []
    for document in documents:
        key = document_key(memo.base_key, memo.schemas, document.path, memo.digests)
        if key is not None and memo.previous.get(key) == ():
            valid.append(document)
        else:
            passed, problems = validate_documents([document], schemas)
            glyphs = check_text([document], font_cache=font_cache)
            valid += passed
            schema_findings += problems
            text_findings += glyphs
            if problems or glyphs:
                continue
        if key is not None:
            memo.recorded[key] = ()
    return valid, schema_findings + text_findings


def run_planned_checks(system: str, checks: Sequence[PlannedCheck], catalog: Catalog, memo: CheckMemo | None, *,
                       jobs: int | None) -> list[Finding]:
    """Return the findings of `checks` of `system`, in order: each from `memo` when its key is there, else run.

    The checks run are run by `jobs` forked processes (fwdata/processes/workers.py: by default every
    core from PARALLEL_FROM_CARDS checks on); with a memo, each one's findings are recorded
    under its key.
    """
    memo = memo or CheckMemo("", {})  # no digests: every key is None, every check runs and nothing is kept
    keys = [sources_key(memo.base_key, f"check {check.name}", system, check.sources, catalog, memo.digests)
            for check in checks]
    kept = [None if key is None else memo.previous.get(key) for key in keys]
    to_run = [index for index, found in enumerate(kept) if found is None]
    ran = iter(map_shared(_run_check, (checks, to_run), len(to_run), jobs=jobs,
                          worth_it=len(to_run) >= PARALLEL_FROM_CARDS))
    findings: list[Finding] = []
    for key, found in zip(keys, kept, strict=True):
        found = tuple(next(ran)) if found is None else found
        if key is not None:
            memo.recorded[key] = found
        findings.extend(found)
    return findings


def _run_check(state: tuple[Sequence[PlannedCheck], list[int]], index: int) -> list[Finding]:
    checks, to_run = state
    return checks[to_run[index]].run()
