"""Command line: options -> BuildOptions -> one pipeline call -> a reporter -> exit code."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import NoReturn

import click

from fwdata import __version__
from fwdata.cli.commandline import (
    RunControl,
    Toolbox,
    finding_options,
    format_option,
    path_args,
    report_and_exit,
    stops_cleanly,
    strict_option,
)
from fwdata.errors import INTERRUPTED_EXIT, FwdataError, SetupError, UsageError
from fwdata.findings import Severity, escape_controls
from fwdata.game_system import RunResult
from fwdata.options import PAPERS, BuildOptions, OptionValue, SystemOption
from fwdata.pipeline import FINDINGS_REPORT, LoadedOnce, build_sources, check_sources
from fwdata.render.booklet import PRESS_SHEET_NAMES, SHEET_NAMES
from fwdata.reporting import format_error_json
from fwdata.reporting.text import plural
from fwdata.sources.yaml_loader import DEFAULT_LIMITS
from fwdata.systems import finding_sections, kind_folders, registered_systems, schema_folders
from fwdata.units import parse_print_length

BOOKLET_SUFFIX = "-booklet.pdf"


def _png_dpi(value: int | None) -> int | None:
    from fwdata.render.raster import renderer_missing

    if value is not None and (missing := renderer_missing()) is not None:
        raise click.BadParameter(missing)
    return value


def _non_empty_folder(value: Path) -> Path:
    if not str(value).strip() or value == Path("."):
        raise click.BadParameter("name a build folder (an empty --out would write into the current folder)")
    return value


def _print_length(option: str, text: str) -> float:
    try:
        return parse_print_length(text)
    except ValueError as problem:
        raise UsageError(f"{option}: {problem}") from None


class _MainGroup(click.Group):
    """fwdata's commands. The game systems' groups (`fwdata fw ...`) are added when a command that is not one of
    fwdata's own is asked for, or every command is listed (`--help`): the others start without importing the
    systems (a rebuild with nothing to do, `--version`)."""

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in self.commands:
            self._add_systems()
        return super().get_command(ctx, cmd_name)

    def list_commands(self, ctx: click.Context) -> list[str]:
        self._add_systems()
        return super().list_commands(ctx)

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        """Parse fwdata's own options; Ctrl-C meanwhile (an eager option's callback, `--help` listing the game
        systems as they load) ends the run as it ends a command: "Aborted!" and status 130, not click's 1; so does
        an FwdataError (a game system that cannot be loaded): one line, its status."""
        ctx.meta["fwdata.args"] = list(args)
        try:
            return super().parse_args(ctx, args)
        except KeyboardInterrupt:
            click.echo("\nAborted!", err=True)
            ctx.exit(INTERRUPTED_EXIT)
        except FwdataError as exc:
            _stop(ctx, exc)

    def invoke(self, ctx: click.Context) -> object:
        """Run the command; Ctrl-C ends it with "Aborted!" and status 130 (128 + SIGINT, as a shell reports it), not
        click's 1, which is fwdata's "errors found". A usage error under `--format json` is also printed on stdout
        as `{"error": {"message", "exit_code"}}`, as every other stopped run is; so is an FwdataError raised before
        the command runs (an installed game system that cannot be loaded), which is one line on stderr."""
        try:
            return super().invoke(ctx)
        except KeyboardInterrupt:
            click.echo("\nAborted!", err=True)
            ctx.exit(INTERRUPTED_EXIT)
        except click.UsageError as exc:
            if _asks_for_json(ctx.meta.get("fwdata.args", [])):
                click.echo(format_error_json(escape_controls(exc.format_message()), exc.exit_code))
            raise
        except FwdataError as exc:  # raised before a command runs: a game system that cannot be loaded or added
            _stop(ctx, exc)

    def _add_systems(self) -> None:
        for system in registered_systems().values():
            if system.commands is not None and system.id not in self.commands:
                self.add_command(system.commands())


class _SystemOptionParameter(click.Option):
    """A game system's build option (`GameSystem.options`) on the command line: the click option and whose it is."""

    def __init__(self, system: str, option: SystemOption) -> None:
        name = f"{system}__{option.name.replace('-', '_')}"
        if isinstance(option.default, bool):  # on by default: --no-<name> turns it off
            flag = f"--{option.name}/--no-{option.name}" if option.default else f"--{option.name}"
            super().__init__([flag, name], is_flag=True, default=option.default, help=option.help)
        else:
            super().__init__([f"--{option.name}", name], type=click.Choice(option.choices), default=option.default,
                             show_default=True, help=option.help)
        self.system, self.option = system, option


class _BuildCommand(click.Command):
    """`fwdata build`: its own options and every registered game system's option group. The systems' options are
    added only when the command line names an option that is not one of build's own, or asks for help: a build
    naming none (a rebuild with nothing to do) starts without importing the systems, every system option at its
    default."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        own = {name for param in self.params for name in (*param.opts, *param.secondary_opts)}
        if any(arg.startswith("-") and arg != "-" and arg.split("=", 1)[0] not in own for arg in args):
            ctx.meta[_SYSTEM_PARAMETERS] = self._system_parameters()
        return super().parse_args(ctx, args)

    def get_params(self, ctx: click.Context) -> list[click.Parameter]:
        return [*self.params, *ctx.meta.get(_SYSTEM_PARAMETERS, ()), *super().get_params(ctx)[len(self.params):]]

    def _system_parameters(self) -> list[_SystemOptionParameter]:
        """Return the options of every registered system; raise SetupError when two name the same option."""
        taken = {name: "fwdata build" for param in self.params for name in (*param.opts, *param.secondary_opts)}
        parameters = []
        for system in registered_systems().values():
            for option in system.options:
                parameter = _SystemOptionParameter(system.id, option)
                for name in (*parameter.opts, *parameter.secondary_opts):
                    if (owner := taken.get(name)) is not None:
                        raise SetupError(f"game system {system.id!r} adds the build option {name}, which {owner} "
                                         "already has")
                    taken[name] = f"game system {system.id!r}"
                parameters.append(parameter)
        return parameters


_SYSTEM_PARAMETERS = "fwdata.system_parameters"


def _system_options(context: click.Context) -> tuple[tuple[str, str, OptionValue], ...]:
    """Return the game systems' build options given other than at their defaults, for `BuildOptions.system_options`
    (so a value given at its default keys a build as leaving it out does)."""
    return tuple(sorted((param.system, param.option.name, value) for param in context.command.get_params(context)
                        if isinstance(param, _SystemOptionParameter)
                        and (value := context.params[param.name or ""]) != param.option.default))


def _stop(ctx: click.Context, exc: FwdataError) -> NoReturn:
    """End the run at an FwdataError raised before a command runs: one line on stderr (and the JSON error on stdout
    under `--format json`), its exit status."""
    message = escape_controls(str(exc))
    if _asks_for_json(ctx.meta.get("fwdata.args", [])):
        click.echo(format_error_json(message, exc.exit_code))
    click.echo(f"fwdata: {message}", err=True)
    ctx.exit(exc.exit_code)


def _asks_for_json(args: list[str]) -> bool:
    """Tell whether a command line asks for `--format json` (as `--format json` or `--format=json`)."""
    return "--format=json" in args or any(a == "--format" and b == "json" for a, b in zip(args, args[1:], strict=False))


@click.group(cls=_MainGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="fwdata")
@click.pass_context
def main(context: click.Context) -> None:
    """Validate, cross-check and print data cards, scenarios and play aids for
    Fighting Wings, Flight Leader and Ace of Aces.

    PATH names a pack (a folder, or files of one): its sources are checked on top of
    the bundled base library. With no PATH, the pack is the one the current folder is
    in: the nearest folder, from it upwards, with a fwdata-pack.yaml, else the folder holding
    the cards/, scenarios/ or tables/ folder it is in, else the current folder when it
    has such folders; otherwise the base library itself is checked. Exit codes: 0 no
    errors, 1 errors found, 2 usage or setup error, 130 stopped by Ctrl-C.
    """
    context.obj = Toolbox(check=check_sources, findings=lambda: finding_sections(registered_systems()))


@main.command()
@path_args
@click.option("--stdin-filename", type=click.Path(path_type=Path, dir_okay=False), metavar="FILE",
              help="With PATH `-` (or no PATH): the name of the source read from standard input, whose pack it is "
                   "checked in (as ruff's --stdin-filename).")
@click.option("--no-cache", is_flag=True,
              help="Neither read nor write the user cache (the base library's snapshot, the pack's check cache): "
                   "check everything afresh (docs/performance.md).")
@format_option
@strict_option
@finding_options
@stops_cleanly
def check(paths: tuple[Path, ...], stdin_filename: Path | None, no_cache: bool, output_format: str, strict: bool,
          control: RunControl) -> None:
    """Check sources against their schemas, references and the game rules; print every finding.

    PATH `-` reads one source from standard input (named by --stdin-filename).
    A line ending in `# fwdata: ignore[CODE,...]` hides that line's findings of those
    codes; `# fwdata: ignore-file[CODE,...]` anywhere hides them in the whole file.
    """
    options = control.build_options(BuildOptions(strict=strict, use_cache=not no_cache))
    standard_input = None
    if Path("-") in paths or stdin_filename is not None:
        if paths not in ((), (Path("-"),)):
            raise UsageError("`-` (standard input) is checked on its own: name no other PATH with it")
        standard_input = (stdin_filename, sys.stdin.buffer.read(DEFAULT_LIMITS.max_bytes + 1))
    loaded = LoadedOnce()
    result = check_sources(list(paths), options, progress=control.progress_reporter(), standard_input=standard_input,
                           loaded=loaded, cached=True)
    if loaded.notes:  # one line, however many caches could not be written
        click.echo(f"fwdata: {'; '.join(dict.fromkeys(loaded.notes))}", err=True)
    report_and_exit(result, output_format, strict, control)


@main.command(cls=_BuildCommand)
@path_args
@click.option("--out", "out_dir", type=click.Path(path_type=Path), default="build", show_default=True,
              callback=lambda _context, _option, value: _non_empty_folder(value),
              help="Folder the PDFs are written into.")
@click.option("--paper", type=click.Choice(PAPERS), default="letter", show_default=True,
              help="Sheet size for imposed cards, log sheets and play aids.")
@click.option("--bleed", default="0", show_default=True,
              help="Bleed around every card, e.g. 3mm or 0.125in (docs/printing.md).")
@click.option("--gutter", default="0", show_default=True,
              help="Space between imposed cards, e.g. 5mm; at least twice the bleed is kept.")
@click.option("--signature", "signature_sheets", type=click.IntRange(1, 64), default=8, show_default=True,
              metavar="SHEETS", help="Sheets folded together per signature of a dogfighting-book booklet.")
@click.option("--backs", is_flag=True,
              help="Add card backs: page 2 of every single-card PDF, and after each imposed sheet a sheet of backs "
                   "for a long-edge duplex print.")
@click.option("--png", "png_dpi", type=click.IntRange(36, 600), metavar="DPI",
              callback=lambda _context, _option, value: _png_dpi(value),
              help="Also write a PNG of every PDF page at DPI (36-600) and Tabletop Simulator deck sheets.")
@click.option("--tts-dpi", type=click.IntRange(72, 600), default=200, show_default=True, metavar="DPI",
              help="With --png: the resolution of the Tabletop Simulator deck sheets' card faces "
                   "(docs/tabletop-simulator.md).")
@click.option("--with-base", is_flag=True,
              help="In a pack's build, also draw the base library's outputs (without it, only the pack's cards, the "
                   "sheets and log sheets that show them and its play aids; docs/packs.md).")
@click.option("--no-cache", is_flag=True,
              help="Check and render everything again instead of reusing what the previous build left in --out.")
@format_option
@strict_option
@finding_options
@stops_cleanly
def build(paths: tuple[Path, ...], out_dir: Path, paper: str, bleed: str, gutter: str, signature_sheets: int,
          backs: bool, png_dpi: int | None, tts_dpi: int, with_base: bool, no_cache: bool, output_format: str,
          strict: bool, control: RunControl, **_system_values: OptionValue) -> None:
    """Check sources, then render every card, sheet and play aid into the build folder.

    A pack's build draws the pack's outputs (its cards, the sheets and log sheets that show them, its play
    aids); --with-base adds the base library's. The base library's own build draws them all.

    Nothing is written when any error is found; the previous build stays as it was.
    The build folder also gets findings.txt, every finding of the run (baselined and
    suppressed ones marked). A rebuild renders only the outputs whose sources changed,
    and does nothing when no input changed (the cache is .fwdata-cache.json in the folder).
    index.html lists every output with its findings (and its first page, with --png).
    The game systems add their own options (--card-size, --verdicts, ...).
    """
    options = control.build_options(BuildOptions(paper=paper, strict=strict, out_dir=out_dir,
                                                 use_cache=not no_cache,
                                                 bleed_pt=_print_length("--bleed", bleed),
                                                 gutter_pt=_print_length("--gutter", gutter), backs=backs,
                                                 png_dpi=png_dpi, signature_sheets=signature_sheets,
                                                 tts_dpi=tts_dpi, with_base=with_base,
                                                 system_options=_system_options(click.get_current_context())))
    result = build_sources(list(paths), options, progress=control.progress_reporter())

    def closing() -> None:
        if output_format != "text":
            return
        if result.report.failed(strict):
            click.echo(f"build failed: nothing written into {out_dir}/ (a build already there is left as it was)",
                       err=True)
        else:
            click.echo("\n".join(build_lines(result, out_dir, options)), err=True)

    report_and_exit(result, output_format, strict, control, after=closing)


def build_lines(result: RunResult, out_dir: Path, options: BuildOptions | None = None) -> list[str]:
    """Return the closing lines of a successful build: what was written where, on which paper when a booklet needs
    a bigger sheet than --paper (with --bleed), the report, the counts."""
    folders: dict[str, int] = {}
    for output in result.outputs:
        top = output.path.split("/", 1)[0] if "/" in output.path else "."
        folders[top] = folders.get(top, 0) + 1
    tops = sorted(output.path for output in result.outputs if "/" not in output.path)
    where = ", ".join([*(f"{name}/ {n}" for name, n in sorted(folders.items()) if name != "."), *tops])
    report = out_dir / FINDINGS_REPORT
    report_counts = [plural(result.report.count(severity), severity.value) for severity in Severity]
    counts = ", ".join(report_counts)
    baselined = result.review.baselined_by_severity()
    if result.review.baselined:
        detail = ", ".join(plural(n, severity.value) for severity, n in baselined.items() if n)
        counts += f"; {len(result.review.baselined)} baselined ({detail})"
    others = {name: n for name, n in result.review.hidden_counts().items() if name != "baselined"}
    extra = "".join(f", {n} {name}" for name, n in others.items())
    written = (f"nothing changed since the last build: kept {plural(len(result.outputs), 'file')} in {out_dir}/"
               if result.unchanged else f"wrote {plural(len(result.outputs), 'file')} into {out_dir}/")
    copied = f"; {result.copied} copied unchanged from the last build" if result.copied else ""
    paper = []
    if options is not None and options.bleed_pt and any(o.path.endswith(BOOKLET_SUFFIX) for o in result.outputs):
        paper = [f"booklets (*{BOOKLET_SUFFIX}) are on {PRESS_SHEET_NAMES[options.paper]} paper, not "
                 f"{SHEET_NAMES[options.paper]}: with --bleed a spread, its bleed and crop marks need the next size "
                 "up (docs/printing.md)"]
    return [f"{written} ({where}{copied})", *paper,
            f"full findings report, hidden findings included: {report}",
            f"build succeeded: {counts}{extra}"]


@main.command("schema")
@click.argument("kind", nargs=-1)
@click.option("--write", "write_dir", type=click.Path(path_type=Path, file_okay=False),
              help="Write every kind's schema into WRITE as <system>/<kind>.schema.json.")
@stops_cleanly
def schema(kind: tuple[str, ...], write_dir: Path | None) -> None:
    """Print the JSON Schema of KIND (fw/aircraft, or fw aircraft), or write them all with --write.

    The schemas are self-contained (shared definitions copied in), so an editor
    resolves them offline. With neither KIND nor --write, list the kinds.
    """
    from fwdata.cli.schema_export import export_schema, kind_label, parse_kind, schema_kinds, schema_text, write_schemas

    folders = schema_folders(registered_systems())
    if write_dir is not None:
        if kind:
            raise UsageError("give a KIND to print or --write DIR to write them all, not both")
        written = write_schemas(write_dir, folders=folders)
        click.echo(f"wrote {len(written)} schemas to {write_dir}")
    elif kind:
        click.echo(schema_text(export_schema(parse_kind(kind, folders=folders), folders=folders)), nl=False)
    else:
        click.echo("\n".join(kind_label(key) for key in schema_kinds(folders=folders)))


@main.command("lsp")
@stops_cleanly
def lsp() -> None:
    """Serve the Language Server Protocol on standard input and output, for editors (docs/editors.md).

    Diagnostics are check's findings for the open files with their unsaved text;
    also hover, go to definition, completion and quick fixes. Needs the lsp extra.
    """
    from fwdata.lsp import serve

    serve()


@main.command("new")
@click.argument("system")
@click.argument("kind")
@click.argument("new_id", metavar="ID")
@click.option("--from", "from_id", metavar="ID", help="Start from the bundled document of this kind and id.")
@click.option("--pack", type=click.Path(path_type=Path, file_okay=False), default=Path("."), show_default=True,
              help="The pack (folder with cards/, scenarios/, tables/) the file is written into.")
@stops_cleanly
def new(system: str, kind: str, new_id: str, from_id: str | None, pack: Path) -> None:
    """Write a commented starting file for a new SYSTEM KIND document with id ID into the pack.

    Its modeline points at the pack's .fwdata/schemas/ (written when missing); an
    existing file is never overwritten.
    """
    from fwdata.cli.scaffold import new_document

    systems = registered_systems()
    written = new_document(system, kind, new_id, pack=pack, kind_folders=kind_folders(systems), from_id=from_id,
                           folders=schema_folders(systems))
    click.echo(f"wrote {written}")

