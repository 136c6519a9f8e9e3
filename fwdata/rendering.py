"""The render stage of a build: each planned output copied from the last build when its sources are unchanged,
else drawn, by every core when there are enough to draw; results in plan order whatever the number of processes."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from fwdata.build_cache import BuildCache, output_key, reused_output
from fwdata.build_index import source_paths
from fwdata.findings import Finding
from fwdata.game_system import Catalog, GameSystem, Output, PlannedOutput, RenderResult, StoredOutput
from fwdata.options import BuildOptions
from fwdata.progress import Progress
from fwdata.workers import PARALLEL_FROM_OUTPUTS, iter_shared


@dataclass
class Rendered:
    """What the render stage made: the outputs as stored and the findings, in system and plan order, and what the
    cache records.

    `planned` maps each planned output's path to the key it was drawn (or reused) under and its
    findings; `drawn_from` maps every output's path to the source files it is drawn from.
    """

    outputs: list[StoredOutput] = field(default_factory=list)
    findings: list[Finding] = field(default_factory=list)
    planned: dict[str, tuple[str, list[Finding]]] = field(default_factory=dict)
    drawn_from: dict[str, frozenset[str]] = field(default_factory=dict)


@dataclass(frozen=True)
class _Step:
    system: GameSystem
    plan: PlannedOutput | None  # None: the system renders all its outputs at once (no planner)
    key: str | None = None
    reused: RenderResult | None = None


def render_build(catalog: Catalog, systems: Mapping[str, GameSystem], options: BuildOptions, *, folder: Path,
                 previous: BuildCache | None, base_key: str, documents: Mapping[str, str],
                 store: Callable[[Output], StoredOutput], progress: Progress) -> Rendered:
    """Render every system's outputs for a build of the folder `folder` (whose last cache is `previous`).

    Each output goes to `store` as soon as it is made (fwdata/write.py `Staging.add`), in order.

    Each planned output whose key (fwdata/build_cache.py `output_key`, from `base_key` and the
    input `documents`' digests) matches the previous build's is copied from `folder`; the others are
    drawn, by `options.jobs` forked processes (fwdata/workers.py: by default every core once
    PARALLEL_FROM_OUTPUTS outputs are to be drawn). Outputs and findings come in the same order for
    any number of processes; `progress` hears "rendering" once per output drawn. Raises what `store` raises.
    """
    steps: list[_Step] = []
    for system in systems.values():
        if system.plan_outputs is None:
            steps.append(_Step(system, None))
            continue
        for plan in system.plan_outputs(catalog, options):
            key = output_key(base_key, system.id, plan, catalog, documents)
            reused = reused_output(folder, previous, plan.path, key)
            steps.append(_Step(system, plan, key, None if reused is None else RenderResult([reused[0]], reused[1])))
    to_draw = [step.plan for step in steps if step.plan is not None and step.reused is None]
    total = len(to_draw) + sum(step.plan is None for step in steps)
    progress("rendering", 0, total)
    drawn = iter_shared(_draw, to_draw, len(to_draw), jobs=options.jobs,
                        worth_it=len(to_draw) >= PARALLEL_FROM_OUTPUTS,
                        done=lambda count: progress("rendering", count, total))
    done = len(to_draw)
    rendered = Rendered()
    for step in steps:
        if step.plan is None:
            output = step.system.render_outputs(catalog, options)
            done += 1
            progress("rendering", done, total)
            rendered.drawn_from.update((item.path, source_paths(catalog, step.system.id, None))
                                       for item in output.outputs)
        else:
            output = step.reused if step.reused is not None else next(drawn)
            rendered.drawn_from[step.plan.path] = source_paths(catalog, step.system.id, step.plan.sources)
            if step.key is not None and [item.path for item in output.outputs] == [step.plan.path]:
                rendered.planned[step.plan.path] = (step.key, output.findings)
        rendered.outputs.extend(store(item) for item in output.outputs)
        rendered.findings.extend(output.findings)
    return rendered


def _draw(plans: list[PlannedOutput], index: int) -> RenderResult:
    """Draw planned output `index` (in a forked worker on large builds)."""
    return plans[index].render()
