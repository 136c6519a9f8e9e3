"""`fwdata aoa ...`: the Ace of Aces commands."""

from __future__ import annotations

import json
from pathlib import Path

import click

from fwdata.commandline import Toolbox, exit_on_errors, path_args, report_format_option, stops_cleanly
from fwdata.errors import UsageError
from fwdata.options import BuildOptions


@click.group("aoa")
def group() -> None:
    """Ace of Aces tools."""


@group.command("firing")
@path_args
@report_format_option
@click.option("--advanced", is_flag=True, help="Original rules: include XLII's gun-breaking chance after a jam.")
@click.pass_obj
@stops_cleanly
def firing(toolbox: Toolbox, paths: tuple[Path, ...], output_format: str, advanced: bool) -> None:
    """Print exact expected damage and jam odds for every ammo choice, range and die modifier of the firing charts.

    Reads the charts of the pack in PATHS (default: the current folder's pack, else the
    base library), with the base library's charts underneath; errors are reported instead.
    """
    from fwdata.systems.aoa.firing import as_json, catalog_tables
    from fwdata.systems.aoa.firing import format_text as firing_text

    result = toolbox.check(list(paths), BuildOptions())
    exit_on_errors(result, output_format)
    tables = catalog_tables(result.catalog, advanced=advanced)
    if not tables:
        raise UsageError("no Ace of Aces firing or gun charts found in the sources")
    click.echo(json.dumps(as_json(tables), indent=2) if output_format == "json" else firing_text(tables))


@group.command("books")
@click.argument("config", type=click.Path(path_type=Path))
@click.option("--out", "out_dir", type=click.Path(path_type=Path), required=True,
              help="Folder the two book YAML files are written into.")
@report_format_option
@click.pass_obj
@stops_cleanly
def books(toolbox: Toolbox, config: Path, out_dir: Path, output_format: str) -> None:
    """Generate the two dogfighting books of the book-design CONFIG into OUT (docs/aoa-books.md)."""
    from fwdata.systems.aoa.book_generator import generate_books, write_books

    result = toolbox.check([config], BuildOptions())
    exit_on_errors(result, output_format)
    designs = result.named(result.catalog.entries("aoa", "book-design"))
    if not designs:
        raise UsageError(f"{config}: no aoa book-design document")
    written = [str(path) for entry in designs
               for path in write_books(generate_books(entry.model, entry.document.path), out_dir)]
    click.echo(json.dumps({"written": written}, indent=2) if output_format == "json"
               else "\n".join(f"wrote {path}" for path in written))


@group.command("duel")
@click.argument("paths", nargs=-1, required=True, type=click.Path(path_type=Path))
@click.option("--games", type=click.IntRange(1, 100_000), default=1000, show_default=True,
              help="Games per matchup.")
@click.option("--seed", type=int, default=1918, show_default=True, help="Seed of the random generators.")
@click.option("--game", "game_types", type=click.Choice(["standard", "advanced", "both"]), default="both",
              show_default=True, help="Powerhouse Standard Game, Advanced Game, or both.")
@click.option("--max-turns", type=click.IntRange(1, 10_000), default=200, show_default=True,
              help="A game still going after this many turns is a draw.")
@report_format_option
@click.pass_obj
@stops_cleanly
def duel(toolbox: Toolbox, paths: tuple[Path, ...], games: int, seed: int, game_types: str, max_turns: int,
         output_format: str) -> None:
    """Simulate duels between random and greedy pilots flying the book pair in PATHS (docs/aoa-books.md).

    The maneuver chart and the firing charts come from the pack, else the base library.
    """
    from fwdata.systems.aoa.duel import duel_inputs
    from fwdata.systems.aoa.duel_report import GAMES, as_json, format_duels, run_duels

    result = toolbox.check(list(paths), BuildOptions())
    exit_on_errors(result, output_format)
    try:
        pair = [entry.model for entry in result.named(result.catalog.entries("aoa", "book"))]
        books, infos, charts = duel_inputs(pair, result.catalog.models("aoa", "maneuvers"),
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


@group.command("import")
@click.argument("csv_path", metavar="CSV", type=click.Path(path_type=Path))
@click.option("--side", type=click.Choice(["german", "allied"]), required=True, help="Side of the pilot who flies it.")
@click.option("--id", "book_id", required=True, help="Id of the book (lowercase kebab-case).")
@click.option("--name", required=True, help="Name of the book.")
@click.option("--depicts", required=True, help="The plane whose cockpit the pages show.")
@click.option("--opponent", help="Id of the other book of the pair.")
@click.option("--layout", type=click.Choice(["powerhouse-26", "original-25"]), default="powerhouse-26",
              show_default=True, help="The maneuver codes of the book: Powerhouse's 26 or the original 25.")
@click.option("--out", type=click.Path(path_type=Path), required=True, help="The book YAML file to write.")
@click.option("--force", is_flag=True, help="Replace OUT if it exists.")
@stops_cleanly
def import_csv(csv_path: Path, side: str, book_id: str, name: str, depicts: str, opponent: str | None, layout: str,
               out: Path, force: bool) -> None:
    """Import a hand-typed CSV transcription of a printed dogfighting book as book YAML (docs/aoa-transcriptions.md).

    CSV has one row per page (page, range, tailing, firing, ... and a column per maneuver
    code) or one row per maneuver (a column per page); every cell is kept as typed, for
    `fwdata check` to report.
    """
    from fwdata.systems.aoa.transcription_csv import BookHeader, import_transcription

    header = BookHeader(side=side, id=book_id, name=name, depicts=depicts, opponent=opponent)
    click.echo("\n".join(import_transcription(csv_path, header, layout, out, force=force)))
