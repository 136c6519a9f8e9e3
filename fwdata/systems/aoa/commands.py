"""`fwdata aoa ...`: the Ace of Aces commands."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path

import click

from fwdata.cli.commandline import Toolbox, exit_on_errors, path_args, report_format_option, stops_cleanly
from fwdata.errors import UsageError
from fwdata.game_system import RunResult
from fwdata.options import BuildOptions
from fwdata.systems.aoa.model import CODE_ORDERS, DEFAULT_LAYOUT


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
@click.option("--pilot", "pilots", type=click.Choice(["random", "greedy", "optimal", "equilibrium"]), multiple=True,
              help="Pilots to match against each other (repeat; default random and greedy). 'equilibrium' plays the "
                   "strategies of `fwdata aoa solve`; 'optimal' keeps their guarantee and exploits a random or greedy "
                   "opponent (Standard Game; the solve takes minutes; docs/aoa-solver.md).")
@report_format_option
@click.pass_obj
@stops_cleanly
def duel(toolbox: Toolbox, paths: tuple[Path, ...], games: int, seed: int, game_types: str, max_turns: int,
         pilots: tuple[str, ...], output_format: str) -> None:
    """Simulate duels of random, greedy, optimal and equilibrium pilots flying the books in PATHS (docs/aoa-books.md).

    The maneuver chart and the firing charts come from the pack, else the base library.
    """
    from fwdata.systems.aoa.duel import SOLVED_POLICIES, duel_inputs
    from fwdata.systems.aoa.duel_report import GAMES, POLICIES, as_json, format_duels, run_duels

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
    policies = tuple(dict.fromkeys(pilots)) or POLICIES
    solved = None
    if set(SOLVED_POLICIES) & set(policies):
        if "advanced" in kinds:
            raise UsageError("the optimal and equilibrium pilots fly the Standard Game only: add --game standard")
        from fwdata.systems.aoa.solver_exploit import SolvedPilots
        from fwdata.systems.aoa.solving import solve_pair

        solved = SolvedPilots(solve_pair(books, infos), books, infos)
    reports = run_duels(books, infos, games=games, seed=seed, game_types=kinds, charts=charts, max_turns=max_turns,
                        policies=policies, solved=solved)
    if output_format == "json":
        click.echo(json.dumps(as_json(reports, seed=seed, games=games), indent=2))
    else:
        click.echo(format_duels(reports, seed=seed, books=", ".join(str(p) for p in paths)))


@group.command("solve")
@click.argument("books", nargs=2, type=click.Path(dir_okay=False, path_type=Path))
@click.option("--game", type=click.Choice(["standard", "advanced"]), default="standard", show_default=True,
              help="Powerhouse Standard Game or Advanced Game.")
@click.option("--lost", type=click.Choice(["restart", "draw"]), default="restart", show_default=True,
              help="Lost contact: both restart on page 170 with their damage (Powerhouse) or the game ends drawn "
                   "(AoA VI-VII, both escape).")
@click.option("--hit-points", type=click.IntRange(1, 40), default=12, show_default=True,
              help="Damage that downs a plane (Standard Game: 12); fewer solve a shorter game.")
@click.option("--max-states", type=click.IntRange(1), default=500_000, show_default=True,
              help="Refuse a game with more states than this.")
@click.option("--time-limit", type=click.FloatRange(min=0.1), default=1800.0, show_default=True,
              help="Stop a solve that takes longer than this many seconds.")
@report_format_option
@click.pass_obj
@stops_cleanly
def solve(toolbox: Toolbox, books: tuple[Path, Path], game: str, lost: str, hit_points: int, max_states: int,
          time_limit: float, output_format: str) -> None:
    """Solve the duel of two opposing BOOKS for both sides' optimal strategies (docs/aoa-solver.md).

    Prints each side's win and the draw probability under optimal play, the optimal
    mixed strategies on the start page and their exploitability. Books whose end pages
    disagree are refused with the findings.
    """
    from fwdata.systems.aoa.solving import run_solve

    result = toolbox.check(list(books), BuildOptions())
    exit_on_errors(result, output_format)
    data, text = run_solve(result, books, game=game, lost=lost, hit_points=hit_points, max_states=max_states,
                           time_limit_s=time_limit)
    click.echo(json.dumps(data, indent=2) if output_format == "json" else text)


@group.command("balance")
@click.argument("design", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--vary", "variation", metavar="SIDE:PATH=V1,V2,...",
              help="Solve again with each value of one parameter of one side's book (like "
                   "allied:firing.arc_deg=15,25,35) and name the value closest to even.")
@click.option("--hit-points", type=click.IntRange(1, 40), default=12, show_default=True,
              help="Damage that downs a plane (Standard Game: 12); fewer solve faster.")
@click.option("--lost", type=click.Choice(["restart", "draw"]), default="restart", show_default=True,
              help="Lost contact: restart on page 170 (Powerhouse) or a draw (AoA VI-VII).")
@click.option("--time-limit", type=click.FloatRange(min=0.1), default=1800.0, show_default=True,
              help="Stop each solve that takes longer than this many seconds.")
@report_format_option
@click.pass_obj
@stops_cleanly
def balance(toolbox: Toolbox, design: Path, variation: str | None, hit_points: int, lost: str, time_limit: float,
            output_format: str) -> None:
    """Solve the book pair of a book DESIGN: how far from even it is, and which parameter value evens it."""
    from fwdata.systems.aoa.solving import run_balance

    result = toolbox.check([design], BuildOptions())
    exit_on_errors(result, output_format)
    data, text = run_balance(result, design, variation=variation, hit_points=hit_points, lost=lost,
                             time_limit_s=time_limit)
    click.echo(json.dumps(data, indent=2) if output_format == "json" else text)


@group.command("play-aid")
@click.argument("books", nargs=2, type=click.Path(dir_okay=False, path_type=Path))
@click.option("--opponent", type=click.Choice(["allied", "german"]), required=True,
              help="The side the play aid flies (you fly the other).")
@click.option("--out", type=click.Path(dir_okay=False, path_type=Path), required=True, help="The PDF to write.")
@click.option("--damage", default="0,0", show_default=True, metavar="ALLIED,GERMAN",
              help="The damage level whose strategies are printed.")
@click.option("--hit-points", type=click.IntRange(1, 40), default=12, show_default=True,
              help="Damage that downs a plane (Standard Game: 12).")
@click.option("--lost", type=click.Choice(["restart", "draw"]), default="restart", show_default=True,
              help="Lost contact: restart on page 170 (Powerhouse) or a draw (AoA VI-VII).")
@click.option("--paper", type=click.Choice(["letter", "a4"]), default="letter", show_default=True)
@click.option("--time-limit", type=click.FloatRange(min=0.1), default=1800.0, show_default=True,
              help="Stop a solve that takes longer than this many seconds.")
@click.pass_obj
@stops_cleanly
def play_aid(toolbox: Toolbox, books: tuple[Path, Path], opponent: str, out: Path, damage: str, hit_points: int,
             lost: str, paper: str, time_limit: float) -> None:
    """Print a solitaire play aid: per page, the solved opponent's maneuvers as d100 ranges (docs/aoa-solver.md)."""
    from fwdata.output.write import write_file
    from fwdata.systems.aoa.solving import run_play_aid

    parts = damage.split(",")
    if len(parts) != 2 or not all(part.strip().isdigit() and len(part.strip()) <= 3 for part in parts):
        raise UsageError(f"--damage {damage[:20]!r}: expected two whole numbers, ALLIED,GERMAN (like 0,0)")
    result = toolbox.check(list(books), BuildOptions())
    exit_on_errors(result, "text")
    data, summary = run_play_aid(result, books, opponent=opponent, damage=(int(parts[0]), int(parts[1])),
                                 hit_points=hit_points, lost=lost, paper=paper, time_limit_s=time_limit)
    write_file(out, data)
    click.echo(f"wrote {out} ({summary})")


@group.command("suspects")
@click.argument("books", nargs=2, type=click.Path(dir_okay=False, path_type=Path))
@click.option("--limit", type=click.IntRange(1, 10_000), default=20, show_default=True,
              help="Most cells to name.")
@report_format_option
@click.pass_obj
@stops_cleanly
def suspects(toolbox: Toolbox, books: tuple[Path, Path], limit: int, output_format: str) -> None:
    """Name the cells of a book pair most likely mistyped, each with the violations it explains and its right value.

    BOOKS are two opposing books (a transcription of the printed books); their errors do
    not stop the command (docs/aoa-books.md, Checking a transcription).
    """
    from collections import Counter

    from fwdata.systems.aoa.suspects import find_suspects
    from fwdata.systems.aoa.transcription import PairCharts, find_violations
    from fwdata.systems.aoa.transcription_report import format_suspects, layout_codes, load_books, suspects_json

    entries, result = load_books(lambda paths: toolbox.check(paths, BuildOptions()), books)
    if books[0].resolve() == books[1].resolve():
        raise UsageError(f"{books[0]} is given twice; name the two opposing books")
    if entries[0].model.side == entries[1].model.side:
        raise UsageError(f"both books are {entries[0].model.side}; name the two opposing books (one german, one "
                         "allied)")
    codes, stationary = layout_codes([entry.model for entry in entries], result.catalog.models("aoa", "book-layout"))
    pair = PairCharts(entries[0].model, entries[1].model, codes, stationary)
    violations = list(find_violations(pair))
    data = suspects_json(entries, Counter(v.invariant for v in violations),
                         find_suspects(pair, violations, limit), codes)
    click.echo(json.dumps(data, indent=2) if output_format == "json" else format_suspects(data))


@group.command("diff")
@click.argument("books", nargs=2, type=click.Path(dir_okay=False, path_type=Path))
@click.option("--opponent", type=click.Path(dir_okay=False, path_type=Path),
              help="The opposing book (default: the book the first names as opponent, among the files given and "
                   "the first book's folder).")
@report_format_option
@click.pass_obj
@stops_cleanly
def diff(toolbox: Toolbox, books: tuple[Path, Path], opponent: Path | None, output_format: str) -> None:
    """Compare two transcriptions of one printed book cell by cell; say which side the invariants support.

    Each value is judged in its own transcription against the opponent book
    (docs/aoa-books.md, Checking a transcription).
    """
    from fwdata.systems.aoa.book_diff import diff_books
    from fwdata.systems.aoa.transcription_report import diff_json, find_opponent, format_diff, layout_codes, load_books

    def check(paths: Sequence[Path]) -> RunResult:
        return toolbox.check(paths, BuildOptions())

    folder = books[0].parent
    if opponent is not None:
        entries, result = load_books(check, (*books, opponent))
    else:
        entries, result = load_books(check, books, also=(folder,))
        entries.append(find_opponent(result, entries[0], folder))
    first, second, opposing = entries
    if first.model.side != second.model.side:
        raise UsageError(f"{books[0]} is {first.model.side} but {books[1]} is {second.model.side}: diff compares two "
                         "transcriptions of one book")
    if opposing.model.side == first.model.side:
        raise UsageError(f"the opponent {opposing.document.path} is {opposing.model.side} like the books; name the "
                         "other side's book with --opponent")
    codes, stationary = layout_codes([e.model for e in entries], result.catalog.models("aoa", "book-layout"))
    differences = diff_books(first.model, second.model, opposing.model, codes, stationary)
    data = diff_json(first, second, opposing, differences, codes)
    click.echo(json.dumps(data, indent=2) if output_format == "json" else format_diff(data))


@group.command("import")
@click.argument("csv_path", metavar="CSV", type=click.Path(path_type=Path))
@click.option("--side", type=click.Choice(["german", "allied"]), required=True, help="Side of the pilot who flies it.")
@click.option("--id", "book_id", required=True, help="Id of the book (lowercase kebab-case).")
@click.option("--name", required=True, help="Name of the book.")
@click.option("--depicts", required=True, help="The plane whose cockpit the pages show.")
@click.option("--opponent", help="Id of the other book of the pair.")
@click.option("--layout", type=click.Choice(list(CODE_ORDERS)), default=DEFAULT_LAYOUT,
              show_default=True, help="The maneuver codes of the book: Powerhouse's 26 or the original 25.")
@click.option("--out", type=click.Path(path_type=Path), required=True, help="The book YAML file to write.")
@click.option("--force", is_flag=True, help="Replace OUT if it exists.")
@click.option("--map", "mappings", multiple=True, metavar="COLUMN=FIELD",
              help="Read a column as FIELD (page, side, ignore, range, view, facing, enemy_visible, tag, firing, "
                   "shot, damage or a maneuver code) where the column names do not tell (repeatable).")
@stops_cleanly
def import_csv(csv_path: Path, side: str, book_id: str, name: str, depicts: str, opponent: str | None, layout: str,
               out: Path, force: bool, mappings: tuple[str, ...]) -> None:
    """Import a hand-typed CSV transcription of a printed dogfighting book as book YAML (docs/aoa-transcriptions.md).

    CSV has one row per page (page, range, tailing, firing, ... and a column per maneuver
    code) or one row per maneuver (a column per page); every cell is kept as typed, for
    `fwdata check` to report.
    """
    from fwdata.systems.aoa.transcription_csv import BookHeader, import_transcription

    header = BookHeader(side=side, id=book_id, name=name, depicts=depicts, opponent=opponent)
    click.echo("\n".join(import_transcription(csv_path, header, layout, out, force=force, mappings=mappings)))
