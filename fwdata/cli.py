"""Command line: options -> BuildOptions -> one pipeline call -> a reporter -> exit code."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from functools import wraps
from pathlib import Path
from typing import Any, TypeVar

import click

from fwdata import __version__
from fwdata.errors import FwdataError
from fwdata.options import CARD_SIZES, PAPERS, BuildOptions
from fwdata.pipeline import RunResult, build_sources, check_sources
from fwdata.reporting import format_json, format_text
from fwdata.systems import Catalog

F = TypeVar("F", bound=Callable[..., Any])

path_args = click.argument("paths", nargs=-1, type=click.Path(path_type=Path))
format_option = click.option("--format", "output_format", type=click.Choice(["text", "json"]), default="text",
                             show_default=True, help="How findings are printed.")
report_format_option = click.option("--format", "output_format", type=click.Choice(["text", "json"]),
                                    default="text", show_default=True, help="Print the report as text or JSON.")
strict_option = click.option("--strict", is_flag=True, help="Count warnings as errors.")


def stops_cleanly(command: F) -> F:
    """Turn an FwdataError into one line on stderr and its exit code (never a traceback)."""

    @wraps(command)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return command(*args, **kwargs)
        except FwdataError as exc:
            click.echo(f"fwdata: {exc}", err=True)
            sys.exit(exc.exit_code)

    return wrapper  # type: ignore[return-value]


def report_and_exit(result: RunResult, output_format: str, strict: bool) -> None:
    """Print the report and exit 0 (no errors) or 1 (errors, or warnings when strict)."""
    text = format_json(result.report) if output_format == "json" else format_text(result.report)
    click.echo(text)
    sys.exit(1 if result.report.failed(strict) else 0)


def _non_empty_folder(value: Path) -> Path:
    if not str(value).strip() or value == Path("."):
        raise click.BadParameter("name a build folder (an empty --out would write into the current folder)")
    return value


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="fwdata")
def main() -> None:
    """Validate, cross-check and print data cards, scenarios and play aids for
    Fighting Wings, Flight Leader and Ace of Aces.

    With no PATH, the cards/, scenarios/ and tables/ folders of the current folder
    are read (run it in the fwdata repository for the bundled data).
    Exit codes: 0 no errors, 1 errors found, 2 usage or setup error.
    """


@main.command()
@path_args
@format_option
@strict_option
@stops_cleanly
def check(paths: tuple[Path, ...], output_format: str, strict: bool) -> None:
    """Check sources against their schemas, references and the game rules; print every finding."""
    result = check_sources(list(paths), BuildOptions(strict=strict))
    report_and_exit(result, output_format, strict)


@main.command()
@path_args
@click.option("--out", "out_dir", type=click.Path(path_type=Path), default="build", show_default=True,
              callback=lambda _context, _option, value: _non_empty_folder(value),
              help="Folder the PDFs are written into.")
@click.option("--paper", type=click.Choice(PAPERS), default="letter", show_default=True,
              help="Sheet size for imposed cards, log sheets and play aids.")
@click.option("--card-size", type=click.Choice(CARD_SIZES), default="half-letter", show_default=True,
              help="Trim size of Fighting Wings Aircraft Data Cards.")
@format_option
@strict_option
@stops_cleanly
def build(paths: tuple[Path, ...], out_dir: Path, paper: str, card_size: str, output_format: str,
          strict: bool) -> None:
    """Check sources, then render every card, sheet and play aid into the build folder.

    Nothing is written when any error is found; the previous build stays as it was.
    """
    options = BuildOptions(paper=paper, card_size=card_size, strict=strict, out_dir=out_dir)
    result = build_sources(list(paths), options)
    if not result.report.failed(strict) and output_format == "text":
        click.echo(f"wrote {len(result.outputs)} files to {out_dir}", err=True)
    report_and_exit(result, output_format, strict)


@main.group("fw")
def fw_group() -> None:
    """Fighting Wings tools."""


@fw_group.command("simulate")
@click.argument("card")
@report_format_option
@click.option("--climb-model", type=click.Choice(["designer-note", "qs"]), default="designer-note", show_default=True,
              help="Points per 100-ft increment for the lost Climb Decel table (docs/fw-rules.md).")
@click.option("--plot", "plot_path", type=click.Path(path_type=Path),
              help="Also draw the acceleration and climb curves into PLOT (.png or .pdf).")
@stops_cleanly
def fw_simulate(card: str, output_format: str, climb_model: str, plot_path: Path | None) -> None:
    """Fly CARD (a card file or a bundled card id) by the rules: turns to max speed, climb, degrees per turn."""
    from fwdata.errors import UsageError
    from fwdata.render.plot import PLOT_FORMATS, render_panels
    from fwdata.systems.fw.simulate import format_report, report_panels, simulate_source
    from fwdata.systems.fw.simulation_checks import SimulationOptions
    from fwdata.write import write_file

    image_format = plot_path.suffix.lstrip(".").lower() if plot_path is not None else None
    if image_format is not None and image_format not in PLOT_FORMATS:
        raise UsageError(f"--plot {plot_path}: the file must end in .png or .pdf")
    report, findings = simulate_source(card, SimulationOptions(climb_model=climb_model))  # type: ignore[arg-type]
    if report is None:
        report_and_exit(RunResult(report=findings, catalog=Catalog()), "text", False)
        return
    click.echo(json.dumps(report.as_json(), indent=2) if output_format == "json" else format_report(report))
    if plot_path is not None:
        image = render_panels(report_panels(report), image_format or "png",
                              title=f"{report.card_name}: simulated performance")
        write_file(plot_path, image)


@main.group("fl")
def fl_group() -> None:
    """Flight Leader tools."""


@fl_group.command("points")
@click.argument("scenario")
@path_args
@report_format_option
@stops_cleanly
def fl_points(scenario: str, paths: tuple[Path, ...], output_format: str) -> None:
    """Recompute SCENARIO's scenario points and victory points by the 26.x design rules.

    SCENARIO is an id (24-8-variant), a number (24.1) or a file; PATHS default to the
    repository's Flight Leader data.
    """
    from fwdata.errors import UsageError
    from fwdata.systems.fl.report import run_points

    text, code = run_points(list(paths) or [Path("cards/fl"), Path("scenarios/fl"), Path("tables/fl")], scenario,
                            output_format)
    if code == 2:
        raise UsageError(text.strip().removeprefix("fwdata: "))
    click.echo(text, nl=False)
    sys.exit(code)


@main.group("aoa")
def aoa_group() -> None:
    """Ace of Aces tools."""


@aoa_group.command("firing")
@path_args
@report_format_option
@click.option("--advanced", is_flag=True, help="Original rules: include XLII's gun-breaking chance after a jam.")
@stops_cleanly
def aoa_firing(paths: tuple[Path, ...], output_format: str, advanced: bool) -> None:
    """Print exact expected damage and jam odds for every ammo choice, range and die modifier of the firing charts.

    Reads the Ace of Aces charts in PATHS (default: the current folder's cards/, scenarios/,
    tables/); errors in them are reported instead.
    """
    from fwdata.errors import UsageError
    from fwdata.systems.aoa.firing import as_json, catalog_tables
    from fwdata.systems.aoa.firing import format_text as firing_text

    result = check_sources(list(paths), BuildOptions())
    if result.report.failed():
        report_and_exit(result, "text", False)
    tables = catalog_tables(result.catalog, advanced=advanced)
    if not tables:
        raise UsageError("no Ace of Aces firing or gun charts found in the sources")
    click.echo(json.dumps(as_json(tables), indent=2) if output_format == "json" else firing_text(tables))


@aoa_group.command("books")
@click.argument("config", type=click.Path(path_type=Path))
@click.option("--out", "out_dir", type=click.Path(path_type=Path), required=True,
              help="Folder the two book YAML files are written into.")
@stops_cleanly
def aoa_books(config: Path, out_dir: Path) -> None:
    """Generate the two dogfighting books of the book-design CONFIG into OUT (docs/aoa-books.md)."""
    from fwdata.errors import UsageError
    from fwdata.systems.aoa.book_generator import generate_books, write_books

    result = check_sources([config], BuildOptions())
    if result.report.failed():
        report_and_exit(result, "text", False)
    designs = result.catalog.entries("aoa", "book-design")
    if not designs:
        raise UsageError(f"{config}: no aoa book-design document")
    for entry in designs:
        for path in write_books(generate_books(entry.model, entry.document.path), out_dir):
            click.echo(f"wrote {path}")


@aoa_group.command("duel")
@click.argument("paths", nargs=-1, required=True, type=click.Path(path_type=Path))
@click.option("--games", type=click.IntRange(1, 100_000), default=1000, show_default=True,
              help="Games per matchup.")
@click.option("--seed", type=int, default=1918, show_default=True, help="Seed of the random generators.")
@click.option("--game", "game_types", type=click.Choice(["standard", "advanced", "both"]), default="both",
              show_default=True, help="Powerhouse Standard Game, Advanced Game, or both.")
@click.option("--max-turns", type=click.IntRange(1, 10_000), default=200, show_default=True,
              help="A game still going after this many turns is a draw.")
@click.option("--tables", type=click.Path(path_type=Path), default=Path("tables/aoa"), show_default=True,
              help="Maneuver chart and firing charts, read when PATHS hold none.")
@report_format_option
@stops_cleanly
def aoa_duel(paths: tuple[Path, ...], games: int, seed: int, game_types: str, max_turns: int, tables: Path,
             output_format: str) -> None:
    """Simulate duels between random and greedy pilots flying the book pair in PATHS (docs/aoa-books.md)."""
    from fwdata.errors import UsageError
    from fwdata.systems.aoa.duel import GAMES, as_json, duel_inputs, format_duels, run_duels

    result = check_sources(list(paths), BuildOptions())
    if not result.catalog.entries("aoa", "maneuvers"):
        result = check_sources([*paths, tables], BuildOptions())
    if result.report.failed():
        report_and_exit(result, "text", False)
    try:
        books, infos, charts = duel_inputs(result.catalog.models("aoa", "book"),
                                           result.catalog.models("aoa", "maneuvers"),
                                           result.catalog.models("aoa", "chart"))
    except ValueError as exc:
        raise UsageError(str(exc)) from exc
    kinds = GAMES if game_types == "both" else (game_types,)
    if "advanced" in kinds and len(charts) < 3:
        raise UsageError("the advanced game needs the Powerhouse firing charts (tables/aoa/firing-*.yaml)")
    reports = run_duels(books, infos, games=games, seed=seed, game_types=kinds, charts=charts, max_turns=max_turns)
    if output_format == "json":
        click.echo(json.dumps(as_json(reports, seed=seed, games=games), indent=2))
    else:
        click.echo(format_duels(reports, seed=seed, books=", ".join(str(p) for p in paths)))
