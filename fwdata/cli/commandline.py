"""Shared pieces of every command: common options, clean stops, the report printer, the pipeline handle."""

from __future__ import annotations

import errno
import os
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from functools import wraps
from pathlib import Path
from typing import Any, TypeVar

import click

from fwdata.errors import FwdataError
from fwdata.findings import Severity, escape_controls
from fwdata.findings.codes import FindingSection
from fwdata.game_system import RunResult
from fwdata.options import BuildOptions
from fwdata.output.write import write_file
from fwdata.progress import Progress, no_progress
from fwdata.reporting import FORMATS, format_error_json, format_report
from fwdata.reporting.rules import FindingRule, finding_rules
from fwdata.reporting.text import plural
from fwdata.review.baseline import format_baseline
from fwdata.review.selection import FindingSelection, blocks_document, code_matches, parse_codes
from fwdata.suggestions import did_you_mean

F = TypeVar("F", bound=Callable[..., Any])

PROGRESS_DELAY_S = 1.0

path_args = click.argument("paths", nargs=-1, type=click.Path(path_type=Path))
format_option = click.option("--format", "output_format", type=click.Choice(FORMATS), default="text",
                             show_default=True,
                             help="How findings are printed: text, json, github (workflow annotations), "
                                  "sarif (SARIF 2.1.0) or junit (JUnit XML).")
report_format_option = click.option("--format", "output_format", type=click.Choice(["text", "json"]),
                                    default="text", show_default=True, help="Print the report as text or JSON.")
strict_option = click.option("--strict", is_flag=True, help="Count warnings as errors.")


@dataclass(frozen=True)
class Toolbox:
    """What `fwdata` hands every command as click's context object: the pipeline's entry points.

    Game systems' commands reach the pipeline through it, so no system module
    imports `fwdata.pipeline` (which imports the systems).
    """

    check: Callable[[Sequence[Path], BuildOptions], RunResult]
    findings: Callable[[], Sequence[FindingSection]]
    """Return the registry of finding codes: the stages' and every registered game system's."""


def documented_rules() -> dict[str, FindingRule]:
    """Return every documented finding code's rule by code, from the registry the `fwdata` command hands its
    commands (`Toolbox.findings`, which imports the game systems); none outside a command."""
    context = click.get_current_context(silent=True)
    toolbox = None if context is None else context.find_object(Toolbox)
    return {} if toolbox is None else finding_rules(toolbox.findings())


@dataclass(frozen=True)
class RunControl:
    """The finding-control and feedback options of `check` and `build`, as one value.

    `baseline` is --baseline FILE (None: the pack manifest's, unless `no_baseline`);
    `write_baseline` is --write-baseline FILE; `jobs` is --jobs N.
    """

    selection: FindingSelection = FindingSelection()
    baseline: Path | None = None
    no_baseline: bool = False
    write_baseline: Path | None = None
    quiet: bool = False
    statistics: bool = False
    progress: bool = True
    jobs: int | None = None

    def build_options(self, options: BuildOptions) -> BuildOptions:
        """Return `options` with this run's selection and baseline."""
        return replace(options, selection=self.selection, baseline=None if self.no_baseline else self.baseline,
                       pack_baseline=not self.no_baseline, jobs=self.jobs)

    def progress_reporter(self) -> Progress:
        """Return a progress bar on stderr when it is wanted (see `progress_wanted`), else a silent callback."""
        return ProgressBar() if progress_wanted(self.progress) else no_progress


def _codes(_context: click.Context, parameter: click.Parameter, value: str | None) -> tuple[str, ...]:
    """Parse --select/--ignore; every token must name at least one documented code."""
    if not value:
        return ()
    try:
        tokens = parse_codes(value)
    except ValueError as exc:
        raise click.BadParameter(str(exc), param=parameter) from None
    known = documented_rules()
    for token in tokens:
        if known and not any(code_matches(code, token) for code in known):
            raise click.BadParameter(f"{token!r} names no finding code (docs/findings.md lists them)"
                                     f"{did_you_mean(token, known)}", param=parameter)
    return tokens


def finding_options(command: F) -> F:
    """Add the finding-control and feedback options; the command receives them as `control: RunControl`."""

    @wraps(command)
    def wrapper(*args: Any, select: tuple[str, ...], ignore: tuple[str, ...], min_severity: str,
                ignore_suppressions: bool, baseline: Path | None, no_baseline: bool, write_baseline: Path | None,
                quiet: bool, statistics: bool, no_progress: bool, jobs: int | None, **kwargs: Any) -> Any:
        if baseline is not None and no_baseline:
            raise click.UsageError("--baseline and --no-baseline contradict each other")
        selection = FindingSelection(select=select, ignore=ignore, min_severity=Severity(min_severity),
                                     honour_comments=not ignore_suppressions)
        control = RunControl(selection=selection, baseline=baseline, no_baseline=no_baseline,
                             write_baseline=write_baseline, quiet=quiet, statistics=statistics,
                             progress=not no_progress, jobs=jobs)
        return command(*args, control=control, **kwargs)

    options = [
        click.option("--select", callback=_codes, metavar="CODES",
                     help="Report only these codes or prefixes, comma-separated (e.g. FW-,YAML-TAB)."),
        click.option("--ignore", callback=_codes, metavar="CODES", help="Do not report these codes or prefixes."),
        click.option("--min-severity", type=click.Choice([s.value for s in reversed(Severity)]), default="info",
                     show_default=True, help="Report only findings of this severity or above."),
        click.option("--ignore-suppressions", is_flag=True,
                     help="Report what `# fwdata: ignore[...]` comments in the sources would hide (as ruff's "
                          "--ignore-noqa); with --no-baseline nothing the pack says hides a finding."),
        click.option("-q", "--quiet", is_flag=True, help="Print the summary line only (text and github formats)."),
        click.option("--statistics", is_flag=True, help="Print how many findings each code has, most first."),
        click.option("--baseline", type=click.Path(path_type=Path, dir_okay=False), metavar="FILE",
                     help="Hide the findings recorded in FILE (default: the baseline the pack manifest names)."),
        click.option("--no-baseline", is_flag=True, help="Do not apply the pack manifest's baseline."),
        click.option("--write-baseline", type=click.Path(path_type=Path, dir_okay=False), metavar="FILE",
                     help="Record the current findings in FILE (JSON) as the new baseline."),
        click.option("--no-progress", is_flag=True, help="Never draw a progress bar."),
        click.option("-j", "--jobs", type=click.IntRange(min=1), metavar="N",
                     help="Use N processes (default: every core when the pack is large enough to gain from it)."),
    ]
    decorated: Any = wrapper
    for option in reversed(options):
        decorated = option(decorated)
    return decorated


def progress_wanted(requested: bool) -> bool:
    """Tell whether to draw progress: asked for, stderr is a terminal, and not in CI (the CI variable set)."""
    return requested and not os.environ.get("CI") and sys.stderr.isatty()


def colour_wanted(output_format: str) -> bool:
    """Tell whether text findings are coloured: text format, stdout a terminal, NO_COLOR unset or empty."""
    return output_format == "text" and not os.environ.get("NO_COLOR") and sys.stdout.isatty()


class ProgressBar:
    """A progress callback drawing one click progress bar per stage on stderr, only once the run has
    lasted PROGRESS_DELAY_S (a quick run draws nothing)."""

    def __init__(self, delay_s: float = PROGRESS_DELAY_S) -> None:
        self._start = time.monotonic()
        self._delay_s = delay_s
        self._stage = ""
        self._bar: Any = None

    def __call__(self, stage: str, done: int, total: int) -> None:
        if stage != self._stage:
            self.close()
            self._stage = stage
        if self._bar is None:
            if total <= 0 or done >= total or time.monotonic() - self._start < self._delay_s:
                return
            self._bar = click.progressbar(length=total, label=f"{stage:<9}", file=sys.stderr, show_pos=True)
            self._bar.__enter__()
        self._bar.update(done - self._bar.pos)
        if done >= total:
            self.close()

    def close(self) -> None:
        """Finish the current bar, if one is drawn."""
        if self._bar is not None:
            self._bar.__exit__(None, None, None)
            self._bar = None


def stops_cleanly(command: F) -> F:
    """Turn an FwdataError into one line on stderr and its exit code (never a traceback).

    Under `--format json` the error is also printed on stdout as
    `{"error": {"message": ..., "exit_code": ...}}`. An OSError left over (the report could
    not be written: standard output is a full disk) is one line on stderr too, exit code 2;
    a closed pipe (`fwdata check | head`) is left to click, which ends quietly.
    """

    @wraps(command)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return command(*args, **kwargs)
        except FwdataError as exc:
            message = escape_controls(str(exc))  # it may quote paths and text of the pack
            if kwargs.get("output_format") == "json":
                click.echo(format_error_json(message, exc.exit_code))
            click.echo(f"fwdata: {message}", err=True)
            sys.exit(exc.exit_code)
        except OSError as exc:
            if exc.errno == errno.EPIPE:
                raise
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # what stdout still holds is dropped
            click.echo(f"fwdata: stopped: {escape_controls(str(exc))}", err=True)
            sys.exit(2)

    return wrapper  # type: ignore[return-value]


def report_and_exit(result: RunResult, output_format: str, strict: bool, control: RunControl | None = None,
                    after: Callable[[], None] | None = None) -> None:
    """Print the report, write --write-baseline, call `after` (more lines), and exit.

    Exits 0 (no errors) or 1 (errors, or warnings when strict). Once --write-baseline has
    written its file, exits 0 (as ruff's --add-noqa: the findings are recorded) unless an
    error no baseline hides is left (`fwdata.review.selection.blocks_document`). Raises
    OutputError when the baseline cannot be written.
    """
    control = control or RunControl()
    colour = colour_wanted(output_format)
    text = format_report(result.report, result.review, output_format, files=sorted(result.reported), strict=strict,
                         quiet=control.quiet, statistics=control.statistics, colour=colour, rules=documented_rules)
    if control.write_baseline is not None:  # first, so that a failed write prints no report before its error
        write_file(control.write_baseline, format_baseline(result.recorded).encode("utf-8"))
    click.echo(text, color=colour)
    if control.write_baseline is not None:
        count = sum(entry.count for entry in result.recorded.entries)
        click.echo(f"wrote baseline {escape_controls(str(control.write_baseline))}: {plural(count, 'finding')}",
                   err=True)
    if after is not None:
        after()
    if control.write_baseline is not None:
        sys.exit(1 if any(blocks_document(finding) for finding in result.report.findings) else 0)
    sys.exit(1 if result.report.failed(strict) else 0)


def exit_on_errors(result: RunResult, output_format: str) -> None:
    """Print the report and exit 1 when the sources have errors; return otherwise (a tool needs clean sources)."""
    if result.report.failed():
        report_and_exit(result, output_format, False)
