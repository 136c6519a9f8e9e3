"""A toy game system (tests/test_plugin_system.py): kind `counter`, rule check TOY-RANGE, output toy/counters.txt,
build option --toy-separator."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import click

from fwdata.findings import Finding, error
from fwdata.findings.codes import FindingCode, FindingSection
from fwdata.game_system import Catalog, GameSystem, Output, RenderResult
from fwdata.options import BuildOptions, SystemOption
from fwdata.render.layout import Size
from fwdata.sources.document import SourceDocument


@dataclass(frozen=True)
class Counter:
    """A counter: its name and the range of values it may show (low <= high)."""

    name: str
    low: int
    high: int


def build_counter(document: SourceDocument) -> Counter:
    """Return the model of a schema-valid counter document."""
    return Counter(document.data["name"], document.data["low"], document.data["high"])


def run_checks(catalog: Catalog, options: BuildOptions) -> Iterable[Finding]:
    """Return a TOY-RANGE error for every counter whose low end is above its high end (toy rule 1)."""
    for entry in catalog.entries("toy", "counter"):
        if entry.model.low > entry.model.high:
            yield error(entry.document.locate("/low"), "TOY-RANGE",
                        f"low {entry.model.low} is above high {entry.model.high} (toy rule 1)")


SEPARATOR = SystemOption("toy-separator", "-", "What toy/counters.txt writes between a counter's low and high ends.",
                         choices=("-", "to"))


def render_outputs(catalog: Catalog, options: BuildOptions) -> RenderResult:
    """Return toy/counters.txt: one line per counter, `name: low-high` (--toy-separator to: `name: low to high`)."""
    separator = {"-": "-", "to": " to "}[str(options.chosen("toy", SEPARATOR))]
    lines = [f"{entry.model.name}: {entry.model.low}{separator}{entry.model.high}\n"
             for entry in catalog.entries("toy", "counter")]
    return RenderResult(outputs=[Output("toy/counters.txt", "".join(lines).encode("utf-8"))])


def _commands() -> Any:
    @click.group("toy")
    def group() -> None:
        """Toy commands."""

    @group.command("hello")
    def hello() -> None:
        """Say hello."""
        click.echo("hello from the toy system")

    return group


FINDINGS = FindingSection(
    title="Toy (`toy`)",
    columns=("code", "severity", "meaning", "rule", "how to fix"),
    codes=(FindingCode("TOY-RANGE", severity="error", summary="a counter's low end is above its high end",
                       rule="toy rule 1", fix="swap the ends"),),
)

SYSTEM = GameSystem(
    id="toy",
    title="Toy",
    build_models={"counter": build_counter},
    run_checks=run_checks,
    render_outputs=render_outputs,
    commands=_commands,
    kind_folders={"counter": "cards/toy"},
    schema_folder=Path(__file__).parent / "schemas",
    findings=FINDINGS,
    card_sizes={"token": Size(72.0, 72.0)},
    options=(SEPARATOR,),
)
