"""Ace of Aces campaign table checks: roll tables, roll matrices and the battlefield map (AoA XLVI)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Sequence

from fwdata.findings import Finding, error, warning
from fwdata.game_system import Entry
from fwdata.systems.aoa.model import LAST_PAGE, BattlefieldMap, RollMatrix, RollTable

ALTITUDE_STEP_FT = 25  # AoA Intermediate Game introduction: altitudes change in units of 25 ft.


def entries_of_type(charts: Iterable[Entry], cls: type) -> list[Entry]:
    """Keep the entries whose model is a `cls` (one kind of chart)."""
    return [entry for entry in charts if isinstance(entry.model, cls)]


def _coverage(rolls: Sequence[int], wanted: Sequence[int]) -> tuple[list[int], list[int], list[int]]:
    counts = Counter(rolls)
    missing = [r for r in wanted if not counts[r]]
    doubled = sorted(r for r, n in counts.items() if n > 1)
    foreign = sorted(r for r in counts if r not in wanted)
    return missing, doubled, foreign


def _coverage_message(missing: list[int], doubled: list[int], foreign: list[int]) -> str:
    parts = []
    if missing:
        parts.append(f"no result for {', '.join(map(str, missing))}")
    if doubled:
        parts.append(f"more than one result for {', '.join(map(str, doubled))}")
    if foreign:
        parts.append(f"results for impossible rolls {', '.join(map(str, foreign))}")
    return "; ".join(parts)


def check_roll_table(entry: Entry) -> Iterator[Finding]:
    """Every roll of the dice, and every roll the modifiers can make, has exactly one result (AoA XLVI)."""
    table: RollTable = entry.model
    doc = entry.document
    faces = list(range(1, 7)) if table.dice == "1d6" else list(range(2, 13))
    rolls = [r for e in table.entries for r in e.rolls]
    missing, doubled, foreign = _coverage(rolls, faces)
    up = sum(d for _w, d in table.modifiers if d > 0)
    down = sum(d for _w, d in table.modifiers if d < 0)
    reachable = list(range(faces[0] + down, faces[-1] + up + 1))
    foreign = [r for r in foreign if r not in reachable]
    if missing or doubled or foreign:
        yield error(doc.locate("/entries"), "AOA-TABLE-COVERAGE",
                    f"{table.table} ({table.dice}): {_coverage_message(missing, doubled, foreign)} (XLVI)")
    unreached = [r for r in reachable if r not in rolls and r not in faces]
    if unreached:
        mods = ", ".join(f"{d:+d} {w}" for w, d in table.modifiers)
        yield warning(doc.locate("/modifiers"), "AOA-TABLE-COVERAGE",
                      f"{table.table}: with the modifiers ({mods}) a roll can be "
                      f"{' or '.join(map(str, unreached))}, which has no result (XLVI)")


def check_roll_matrix(entry: Entry) -> Iterator[Finding]:
    """Rows and columns each cover rolls 1-6 once; every row has a cell per column; values in range (AoA XLVI)."""
    table: RollMatrix = entry.model
    doc = entry.document
    faces = list(range(1, 7))
    row_rolls = [r for rolls, _cells in table.rows for r in rolls]
    column_rolls = [r for rolls in table.columns for r in rolls]
    for what, pointer, seen in (("rows", "/rows", row_rolls), ("columns", "/columns", column_rolls)):
        missing, doubled, foreign = _coverage(seen, faces)
        if missing or doubled or foreign:
            yield error(doc.locate(pointer), "AOA-TABLE-COVERAGE",
                        f"{table.table} {what}: {_coverage_message(missing, doubled, foreign)} (one die, 1-6; XLVI)")
    for r, (_rolls, cells) in enumerate(table.rows):
        if len(cells) != len(table.columns):
            yield error(doc.locate(f"/rows/{r}/cells"), "AOA-CHART-SHAPE",
                        f"row has {len(cells)} cells for {len(table.columns)} columns ({table.name})")
        for c, value in enumerate(cells):
            pointer = f"/rows/{r}/cells/{c}"
            if table.table == "starting-page" and (not isinstance(value, int) or not 1 <= value < LAST_PAGE):
                yield error(doc.locate(pointer), "AOA-TABLE-VALUE",
                            f"starting page {value!r} is not a book page with a maneuver chart (1-222; "
                            "Powerhouse Optional Rules, Starting Page)")
            if table.table == "starting-altitude" and (not isinstance(value, int) or value % ALTITUDE_STEP_FT):
                yield error(doc.locate(pointer), "AOA-TABLE-VALUE",
                            f"starting altitude {value!r} is not a multiple of 25 ft (Intermediate Game)")
            if table.table == "ground-position" and not isinstance(value, str):
                yield error(doc.locate(pointer), "AOA-TABLE-VALUE",
                            f"ground position {value!r} is not a square such as 4E or 12W (XLVI)")
    if table.table == "starting-altitude":
        flat = [c for _r, cells in table.rows for c in cells if isinstance(c, int)]
        for k in range(1, len(flat)):
            if flat[k] <= flat[k - 1]:
                row, col = divmod(k, len(table.columns))
                yield warning(doc.locate(f"/rows/{row}/cells/{col}"), "AOA-TABLE-VALUE",
                              f"starting altitude {flat[k]} ft does not rise above {flat[k - 1]} ft (XLVI)")


def check_map(entry: Entry) -> Iterator[Finding]:
    """Squares run 15W..1W, 1E..15E, each once and in order (AoA XLVI battlefield map)."""
    chart: BattlefieldMap = entry.model
    span = chart.off_map_after or 15
    wanted = [f"{n}W" for n in range(span, 0, -1)] + [f"{n}E" for n in range(1, span + 1)]
    got = [square for square, _feature in chart.squares]
    if got != wanted:
        missing = [s for s in wanted if s not in got]
        extra = [s for s in got if s not in wanted]
        doubled = sorted({s for s in got if got.count(s) > 1})
        detail = [f"missing {', '.join(missing)}" if missing else "", f"unexpected {', '.join(extra)}" if extra else "",
                  f"repeated {', '.join(doubled)}" if doubled else ""]
        text = "; ".join(d for d in detail if d) or "out of order"
        yield error(entry.document.locate("/squares"), "AOA-MAP-SQUARES",
                    f"squares must run {span}W..1W, 1E..{span}E once each, west to east: {text} (XLVI)")

