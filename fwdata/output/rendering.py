"""The render stage of a build: each planned output copied from the last build when its sources are unchanged,
else drawn, by every core when there are enough to draw; results in plan order whatever the number of processes."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from fwdata.findings import Finding
from fwdata.game_system import Catalog, EntryKey, GameSystem, PlannedOutput, RenderResult, StoredOutput
from fwdata.incremental.build_cache import BuildCache, output_key, previous_pages, reused_output, sources_key
from fwdata.options import BuildOptions
from fwdata.output.build_index import source_paths
from fwdata.output.pack_outputs import has_entries, pack_plans
from fwdata.output.write import Staging, spool_output
from fwdata.processes.fresh_process import call_fresh
from fwdata.processes.workers import PARALLEL_FROM_OUTPUTS, iter_shared
from fwdata.progress import Progress
from fwdata.render.page_copies import PageRecord, SheetPages


@dataclass
class Rendered:
    """What the render stage made: the outputs as stored and the findings, in system and plan order, and what the
    cache records.

    `planned` maps each planned output's path to the key it was drawn (or reused) under, its
    findings and its keyed pages (fwdata/render/page_copies.py); `drawn_from` maps every output's
    path to the source files it is drawn from; `copied` counts the outputs copied from the last build.
    """

    outputs: list[StoredOutput] = field(default_factory=list)
    findings: list[Finding] = field(default_factory=list)
    planned: dict[str, tuple[str, list[Finding], tuple[PageRecord, ...]]] = field(default_factory=dict)
    drawn_from: dict[str, frozenset[str]] = field(default_factory=dict)
    copied: int = 0


# An imposed sheet of this many cards is drawn in a fresh process (fwdata/processes/fresh_process.py) that is sent
# the cards it draws, not in one holding the whole pack; below it, starting the process costs more than the memory.
SHEET_APART_FROM_CARDS = 2000

_Drawn = tuple[list[StoredOutput], list[Finding], tuple[PageRecord, ...]]  # the files spooled, findings, keyed pages


@dataclass(frozen=True)
class _Step:
    system: GameSystem
    plan: PlannedOutput | None  # None: the system renders all its outputs at once (no planner)
    key: str | None = None
    reusable: bool = False  # the last build drew it under the same key: copy it if the file is intact
    item_keys: tuple[str | None, ...] | None = None  # an imposed sheet's: each card's key (sources_key)


@dataclass(frozen=True)
class _Drawing:
    """What a drawing process needs, inherited when it forks: the outputs to draw, the last build, the spool."""

    steps: list[_Step]
    folder: Path
    previous: BuildCache | None
    spool: Path
    build_folder: Path


def render_build(catalog: Catalog, systems: Mapping[str, GameSystem], options: BuildOptions, *, folder: Path,
                 previous: BuildCache | None, base_key: str, documents: Mapping[str, str],
                 staging: Staging, progress: Progress, own: frozenset[EntryKey] | None = None) -> Rendered:
    """Render every system's outputs for a build of the folder `folder` (whose last cache is `previous`).

    With `own` (the keys of a pack's entries), only the pack's outputs: no system without an entry in `own` is
    planned, a system without a planner renders all of its outputs, and of the others' plans only the pack's
    are drawn (fwdata/output/pack_outputs.py `pack_plans`); None draws every output.

    Each output is written into `staging` (fwdata/output/write.py) as soon as it is made, in order: the
    process that draws an output writes it into the spool and this one moves it into place, so no
    drawn file crosses processes or waits in memory for the outputs before it.

    Each planned output whose key (fwdata/incremental/build_cache.py `output_key`, from `base_key` and the
    input `documents`' digests) matches the previous build's is taken from `folder` (`Staging.reuse`: hard-linked
    where it can be, else copied); the others are
    drawn, by `options.jobs` forked processes (fwdata/processes/workers.py: by default every core once
    PARALLEL_FROM_OUTPUTS outputs are to be drawn). An imposed card sheet drawn again copies
    each page whose cards' keys match from the previous build's sheet (`previous_pages`); a sheet
    of SHEET_APART_FROM_CARDS cards or more is drawn in a fresh process that is sent the cards of
    the pages it draws (fwdata/processes/fresh_process.py), so the sheet's memory does not come on top of the pack's.
    Outputs and findings come in the same order for any number of processes; `progress` hears
    "rendering" once per output drawn. Raises OutputError when a file cannot be written.
    """
    steps: list[_Step] = []
    for system in systems.values():
        if own is not None and not has_entries(own, system.id):
            continue
        if system.plan_outputs is None:
            steps.append(_Step(system, None))
            continue
        plans = system.plan_outputs(catalog, options)
        for plan in plans if own is None else pack_plans(plans, own):
            key = output_key(base_key, system.id, plan, catalog, documents)
            cached = None if previous is None else previous.planned.get(plan.path)
            item_keys = None if plan.items is None else tuple(
                sources_key(base_key, plan.path, system.id, item, catalog, documents) for item in plan.items)
            steps.append(_Step(system, plan, key, cached is not None and cached.key == key, item_keys))
    to_draw = [step for step in steps if step.plan is not None and not step.reusable]
    total = len(to_draw) + sum(step.plan is None for step in steps)
    progress("rendering", 0, total)
    drawing = _Drawing(to_draw, folder, previous, staging.spool, staging.folder.path)
    drawn = iter_shared(_draw, drawing, len(to_draw), jobs=options.jobs,
                        worth_it=len(to_draw) >= PARALLEL_FROM_OUTPUTS,
                        done=lambda count: progress("rendering", count, total))
    done = len(to_draw)
    rendered = Rendered()
    try:
        for step in steps:
            if step.plan is None:
                output = step.system.render_outputs(catalog, options)
                done += 1
                progress("rendering", done, total)
                rendered.drawn_from.update((item.path, source_paths(catalog, step.system.id, None))
                                           for item in output.outputs)
                stored, findings = [staging.add(item) for item in output.outputs], output.findings
            else:
                pages: tuple[PageRecord, ...] = ()
                if not step.reusable:
                    spooled, findings, pages = next(drawn)
                    stored = [staging.adopt(item) for item in spooled]
                elif (reused := reused_output(folder, previous, step.plan.path, step.key)) is not None:
                    # read one at a time, when its turn comes, and hard-linked where it can be
                    stored = [staging.reuse(reused.output, reused.sha256, reused.file, reused.status)]
                    findings = list(reused.findings)
                    pages = previous.planned[step.plan.path].pages if previous is not None else ()
                    rendered.copied += 1
                else:  # changed or gone since the cache was read
                    spooled, findings, pages = _draw_step(drawing, step, f"again-{len(rendered.outputs)}")
                    stored = [staging.adopt(item) for item in spooled]
                rendered.drawn_from[step.plan.path] = source_paths(catalog, step.system.id, step.plan.sources)
                if step.key is not None and [item.path for item in stored] == [step.plan.path]:
                    rendered.planned[step.plan.path] = (step.key, findings, pages)
            rendered.outputs.extend(stored)
            rendered.findings.extend(findings)
    finally:
        drawn.close()  # the drawing processes stop before the caller deletes or commits the new build folder
    return rendered


def _draw(drawing: _Drawing, index: int) -> _Drawn:
    """Draw planned output `index` and write its files into the spool (in a forked worker on large builds); return
    them with its findings and keyed pages."""
    return _draw_step(drawing, drawing.steps[index], str(index))


def _draw_step(drawing: _Drawing, step: _Step, name: str) -> _Drawn:
    plan = step.plan
    assert plan is not None
    spool = _Spool(drawing.spool, name, drawing.build_folder)
    if plan.sheet is None:
        return spool.stored(plan.render(), plan.path)
    cached = None if drawing.previous is None else drawing.previous.planned.get(plan.path)
    job = _SheetJob(plan.path, step.item_keys, drawing.folder, () if cached is None else cached.pages, spool)
    if len(plan.sheet.items) >= SHEET_APART_FROM_CARDS:
        return call_fresh(_draw_sheet, plan.sheet.items, plan.sheet.draw, job, what=f"drawing {plan.path}")
    return _draw_sheet(plan.sheet.items, plan.sheet.draw, job)


@dataclass(frozen=True)
class _Spool:
    """Where a drawn output's files go: `folder`/`name`-<number>, for the build folder `build_folder`."""

    folder: Path
    name: str
    build_folder: Path

    def stored(self, result: RenderResult, path: str) -> _Drawn:
        """Write `result`'s outputs into the spool; return them with its findings and the keyed pages of `path`."""
        spooled = [spool_output(self.folder, f"{self.name}-{number}", output, self.build_folder)
                   for number, output in enumerate(result.outputs)]
        return spooled, result.findings, result.pages.get(path, ())


@dataclass(frozen=True)
class _SheetJob:
    """An imposed sheet to draw: its path, its cards' keys (None: copy nothing), the previous build's folder and
    keyed pages of it, and the spool it is written to."""

    path: str
    keys: tuple[str | None, ...] | None
    folder: Path
    previous: tuple[PageRecord, ...]
    spool: _Spool


def _draw_sheet(items: Sequence[Any], draw: Callable[..., RenderResult], job: _SheetJob) -> _Drawn:
    """Draw the sheet of `items` with `draw` (`ImposedSheet`), copying the previous build's pages it can; spool it."""
    with previous_pages(job.folder, job.previous, job.path) as lookup:
        result = draw(items, pages=None if job.keys is None else SheetPages(job.keys, lookup))
    return job.spool.stored(result, job.path)
