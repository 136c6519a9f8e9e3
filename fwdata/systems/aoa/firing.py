"""Ace of Aces firing statistics: exact expected damage and jam odds for every chart row, as tables for text and PDF.

Built on rules.py (enumerating the die); used by the `fwdata aoa firing` command
and by the chart book's play-aid page.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from fwdata.game_system import Catalog
from fwdata.systems.aoa import rules
from fwdata.systems.aoa.model import FiringChart

POWERHOUSE_RANGES = ("long", "medium", "short")
GUN_ORDER = ("single-non-synch", "single-synch", "double-synch")
# Net die modifiers of the original rules: long range -4 up to close range with slow, Ace and height +3 (AoA XIV).
ORIGINAL_MODIFIERS = tuple(range(-4, 4))


@dataclass(frozen=True)
class StatTable:
    """A table of shot statistics: a title, a rule citation, column headings and rows of cells.

    Each data cell is a ShotStatistics (or None where the chart has no row).
    """

    title: str
    rule: str
    columns: tuple[str, ...]
    rows: tuple[tuple[str, tuple[rules.ShotStatistics | None, ...]], ...]
    note: str


def powerhouse_table(charts: Sequence[FiringChart]) -> StatTable | None:
    """Return E[damage] and P(jam) for every ammo choice, range and slow modifier (AoA Powerhouse Advanced Game)."""
    by_range = {c.variant: c for c in charts if c.chart_type == "firing"}
    ranges = [r for r in POWERHOUSE_RANGES if r in by_range]
    if not ranges:
        return None
    columns = tuple(f"{r} {label}" for r in ranges for label in ("", "+slow"))
    rows = []
    for ammo in range(1, 7):
        cells: list[rules.ShotStatistics | None] = []
        for r in ranges:
            chart = by_range[r]
            row = chart.row(ammo)
            for slow in (False, True):
                cells.append(rules.powerhouse_shot(row.by_column(chart.die_rolls), slow) if row else None)
        rows.append((str(ammo), tuple(cells)))
    return StatTable(
        title="Powerhouse Advanced Game: expected damage per shot",
        rule="Powerhouse Advanced Game, Firing and Firing Charts",
        columns=tuple(c.strip() for c in columns), rows=tuple(rows),
        note="Each cell: expected damage over one die; 'J' = chance the guns jam. "
             "'+slow': the opponent flew a slow maneuver (+1 to the roll). 5 ammo needs a straight forward next "
             "turn, 6 also one last turn.")


def original_tables(charts: Sequence[FiringChart], *, advanced: bool = False) -> list[StatTable]:
    """Return one table per gun type: E[damage], P(J), P(C) by ammo and net die modifier (AoA XIV, XIX, XLII)."""
    by_gun = {c.variant: c for c in charts if c.chart_type == "gun"}
    tables = []
    for gun in GUN_ORDER:
        chart = by_gun.get(gun)
        if chart is None:
            continue
        rows = []
        for row in sorted(chart.rows, key=lambda r: r.ammo):
            cells = tuple(rules.original_shot(row.by_column(chart.die_rolls), m, advanced=advanced)
                          for m in ORIGINAL_MODIFIERS)
            rows.append((f"{row.ammo} {row.shot or ''}".strip(), cells))
        tables.append(StatTable(
            title=f"Original rules, {chart.name.split(', ', 1)[-1]}: expected damage per shot",
            rule="XIX Gun Chart; XIV modifiers" + ("; XLII" if advanced else ""),
            columns=tuple(f"{m:+d}" for m in ORIGINAL_MODIFIERS), rows=tuple(rows),
            note="Columns: net die modifier (close 0, medium -2, long -4; intermediate game: slow target +1, "
                 "more than 100 ft above +1; Ace +1). Each cell: expected damage; J and C = chance of a jam "
                 "or a choice/critical; a modified roll below 0 misses."))
    return tables


def percent(value: Fraction) -> str:
    """Format a probability as a whole percentage ('33%'); '' for zero."""
    return "" if value == 0 else f"{round(float(value) * 100)}%"


def cell_text(stats: rules.ShotStatistics | None, *, with_critical: bool = False) -> str:
    """Format one statistics cell compactly: '4.17', '2.83 J33%', '5.00 J50% C67%'."""
    if stats is None:
        return "-"
    text = f"{float(stats.expected_damage):.2f}"
    if stats.jam_probability:
        text += f" J{percent(stats.jam_probability)}"
    if with_critical and stats.critical_probability:
        text += f" C{percent(stats.critical_probability)}"
    return text


def format_text(tables: Sequence[StatTable]) -> str:
    """Return the tables as aligned plain text (one blank line between tables)."""
    blocks = []
    for table in tables:
        with_c = table.rule.startswith("XIX")
        header = ["ammo", *table.columns]
        body = [[label, *(cell_text(c, with_critical=with_c) for c in cells)] for label, cells in table.rows]
        widths = [max(len(r[i]) for r in [header, *body]) for i in range(len(header))]
        lines = [f"{table.title} ({table.rule})"]
        for row in [header, *body]:
            lines.append("  ".join(cell.ljust(widths[i]) if i == 0 else cell.rjust(widths[i])
                                   for i, cell in enumerate(row)).rstrip())
        lines.append(table.note)
        blocks.append("\n".join(lines))
    return "\n\n".join(blocks)


def catalog_tables(catalog: Catalog, *, advanced: bool = False) -> list[StatTable]:
    """Return the statistics tables for every firing and gun chart in a checked catalog."""
    charts = [model for model in catalog.models("aoa", "chart") if isinstance(model, FiringChart)]
    return [t for t in [powerhouse_table(charts), *original_tables(charts, advanced=advanced)] if t is not None]


def as_json(tables: Sequence[StatTable]) -> list[dict[str, object]]:
    """Return the tables as JSON-ready data; probabilities and expectations as exact fractions ('25/6') and floats."""
    def stats(s: rules.ShotStatistics | None) -> dict[str, object] | None:
        if s is None:
            return None
        return {name: {"exact": str(value), "value": round(float(value), 4)} for name, value in (
            ("expected_damage", s.expected_damage), ("jam", s.jam_probability), ("critical", s.critical_probability),
            ("miss", s.miss_probability), ("break", s.break_probability))}
    return [{"title": t.title, "rule": t.rule, "columns": list(t.columns), "note": t.note,
             "rows": [{"ammo": label, "cells": [stats(c) for c in cells]} for label, cells in t.rows]}
            for t in tables]
