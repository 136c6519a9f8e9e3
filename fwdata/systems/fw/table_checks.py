"""Fighting Wings play-aid table checks: each table against its own rule, never altering the printed values."""

from __future__ import annotations

import math
from collections.abc import Iterator

from fwdata.findings import Finding, error, info, warning
from fwdata.game_system import Catalog
from fwdata.sources.document import SourceDocument
from fwdata.systems.fw import rules
from fwdata.systems.fw.tables import RuleTable

FVT_FRACTIONS = {"quarter": "1/4", "third": "1/3", "half": "1/2", "two_thirds": "2/3"}
TURN_RATE_KEYS = ("ez", "tt", "ht", "bt", "et")


# The bases (FP) at which the flight proportions are tried: every speed a card may list.
PROBE_BASES = tuple(0.5 * i for i in range(1, 41))


def usable_rule_tables(catalog: Catalog) -> tuple[dict[str, RuleTable], list[Finding]]:
    """Return the tables the rules may read, by id, and an FW-TABLE-CELL error for each cell they cannot use.

    Rule code reads the Fractional Values Table, the Flight Proportions Table and the
    Turn Chart as numbers and codes; a table with any cell it cannot use is left out
    (the rules needing it are skipped) so no rule runs on it. Other tables are kept.
    """
    tables: dict[str, RuleTable] = {}
    findings: list[Finding] = []
    entries = {entry.model.id: entry for entry in catalog.entries("fw", "table")}
    # The Flight Proportions are tried through the Fractional Values Table: that one first.
    for table_id, entry in sorted(entries.items(), key=lambda item: item[0] != "fractional-values"):
        problems = list(_unusable_cells(entry.model, entry.document, tables))
        findings += problems
        if not problems:
            tables[table_id] = entry.model
    return tables, findings


def _unusable_cells(table: RuleTable, document: SourceDocument, usable: dict[str, RuleTable]) -> Iterator[Finding]:
    if table.id == "fractional-values":
        yield from _fvt_cells(table, document)
    elif table.id == "turn-chart":
        yield from _turn_cells(table, document)
    elif table.id == "flight-proportions":
        yield from _proportion_cells(table, document, usable.get("fractional-values"))


def _fvt_cells(table: RuleTable, document: SourceDocument) -> Iterator[Finding]:
    """Each number is a non-negative multiple of 0.5; each fraction of it lies between 0 and it (OTR 3.5.1)."""
    number_column = table.column_index("number")
    for r, row in enumerate(table.rows):
        number = row[number_column]
        if not isinstance(number, int | float) or not 0 <= number <= 1000 or number * 2 != int(number * 2):
            yield error(document.locate(f"/rows/{r}/{number_column}"), "FW-TABLE-CELL",
                        f"row {r + 1}: number {number!r} is not a multiple of 0.5 from 0 to 1000 (OTR 3.5.1)")
            continue
        for key in FVT_FRACTIONS:
            c = table.column_index(key)
            if not isinstance(row[c], int | float) or not 0 <= row[c] <= number:  # type: ignore[operator]
                yield error(document.locate(f"/rows/{r}/{c}"), "FW-TABLE-CELL",
                            f"row {r + 1}: {FVT_FRACTIONS[key]} of {number} is {row[c]!r}; expected a number from 0 "
                            f"to {number} (OTR 3.5.1)")


def _turn_cells(table: RuleTable, document: SourceDocument) -> Iterator[Finding]:
    """Speeds are numbers; each rate cell is NA or FPs per 30 deg of at least 1 (QS Turn Chart)."""
    for r, row in enumerate(table.rows):
        for key in ("speed_min", "speed_max"):
            c = table.column_index(key)
            speed = row[c]
            if not isinstance(speed, int | float) or not math.isfinite(speed):
                yield error(document.locate(f"/rows/{r}/{c}"), "FW-TABLE-CELL",
                            f"row {r + 1}: {key} {row[c]!r} is not a speed in FP (QS Turn Chart)")
        for key in TURN_RATE_KEYS:
            c = table.column_index(key)
            try:
                requirement = rules.parse_turn_cell(row[c])
            except ValueError as problem:
                yield error(document.locate(f"/rows/{r}/{c}"), "FW-TABLE-CELL", f"row {r + 1}: {problem}")
                continue
            if requirement is not None and min(requirement.fps_per_facing) < 1:
                yield error(document.locate(f"/rows/{r}/{c}"), "FW-TABLE-CELL",
                            f"row {r + 1}: {key.upper()} cell {row[c]!r} asks fewer than 1 FP per 30 deg; every "
                            "facing change costs at least 1 FP, or the chart says 60/FP, 90/FP or NA "
                            "(QS Turn Chart)")


def _proportion_cells(table: RuleTable, document: SourceDocument, fvt: RuleTable | None) -> Iterator[Finding]:
    """Every attitude has a row whose codes the rules can read at every basis (QS 2.9, Flight Proportions)."""
    if fvt is None:
        return
    for attitude in rules.ATTITUDES:
        for basis in PROBE_BASES:
            try:
                rules.mandatory_change(attitude, basis, fvt, table)
                rules.optional_change_limit(attitude, basis, fvt, table)
                rules.vfp_range(attitude, basis, int(basis), fvt, table, start_attitude=attitude, speed=basis)
            except (KeyError, ValueError) as problem:
                yield error(document.locate("/rows"), "FW-TABLE-CELL",
                            f"the rules cannot read this table for {rules.attitude_class(attitude)} flight: "
                            f"{str(problem).strip(chr(39))} (QS 2.9, Flight Proportions Table)")
                return


def check_table(table: RuleTable, document: SourceDocument) -> Iterator[Finding]:
    """Yield the findings of one table by id: FVT rounding, Turn Chart order, 4-engine load offsets."""
    if table.id == "fractional-values":
        yield from _fractional_values(table, document)
    elif table.id == "turn-chart":
        yield from _turn_chart(table, document)
    elif table.id.startswith("bomber-speed"):
        yield from _bomber_speed(table, document)


def _fractional_values(table: RuleTable, document: SourceDocument) -> Iterator[Finding]:
    """Every cell should be fraction x number rounded to the nearest 0.5, ties down (OTR 3.5.1)."""
    number_column = table.column_index("number")
    for r, row in enumerate(table.rows):
        number = row[number_column]
        if not isinstance(number, int | float):
            continue
        for key, fraction in FVT_FRACTIONS.items():
            c = table.column_index(key)
            printed = row[c]
            expected = rules.fvt_formula_value(fraction, float(number))
            if isinstance(printed, int | float) and printed != expected:
                yield info(document.locate(f"/rows/{r}/{c}"), "FW-TABLE-FVT",
                           f"{fraction} of {float(number):.1f} is printed {float(printed):.1f}; the table's rounding "
                           f"rule (nearest 0.5, ties down) gives {expected:.1f}. The printed value is kept "
                           "(OTR 3.5.1)")


def _turn_cost(cell: object) -> float:
    """FPs per 30 deg of a Turn Chart cell: 60/FP = 1/2, 90/FP = 1/3, a split = its mean, NA = infinite."""
    requirement = rules.parse_turn_cell(cell)  # type: ignore[arg-type]
    if requirement is None:
        return math.inf
    if requirement.facings_per_fp > 1:
        return 1 / requirement.facings_per_fp
    return sum(requirement.fps_per_facing) / len(requirement.fps_per_facing)


def _turn_chart(table: RuleTable, document: SourceDocument) -> Iterator[Finding]:
    """Costs rise with speed in every rate column and fall from EZ to ET in every row (QS Turn Chart)."""
    columns = [table.column_index(key) for key in TURN_RATE_KEYS]
    costs: list[list[float]] = []
    for r, row in enumerate(table.rows):
        try:
            costs.append([_turn_cost(row[c]) for c in columns])
        except ValueError as problem:
            yield warning(document.locate(f"/rows/{r}"), "FW-TABLE-TURN-CHART", str(problem))
            return
    for r, row_costs in enumerate(costs):
        for i in range(1, len(columns)):
            if row_costs[i] > row_costs[i - 1] and math.isfinite(row_costs[i]):
                yield warning(document.locate(f"/rows/{r}/{columns[i]}"), "FW-TABLE-TURN-CHART",
                              f"row {r + 1}: {TURN_RATE_KEYS[i].upper()} costs more FPs per 30 deg than "
                              f"{TURN_RATE_KEYS[i - 1].upper()} (faster rates need fewer FPs; QS Turn Chart)")
        if r == 0:
            continue
        for i, c in enumerate(columns):
            if row_costs[i] < costs[r - 1][i] and math.isfinite(costs[r - 1][i]):
                yield warning(document.locate(f"/rows/{r}/{c}"), "FW-TABLE-TURN-CHART",
                              f"row {r + 1}: {TURN_RATE_KEYS[i].upper()} needs fewer FPs per 30 deg than the slower "
                              "row above it (turning costs more FPs as speed rises; QS Turn Chart)")


def _bomber_speed(table: RuleTable, document: SourceDocument) -> Iterator[Finding]:
    """Each load state shifts every engine status by the same offsets as its all-engines-good row (OTR 17.2)."""
    load_column, status_column = table.column_index("load_state"), table.column_index("engines_status")
    min_column, max_column = table.column_index("min_change"), table.column_index("max_change")
    cells = {(row[load_column], row[status_column]): (r, row) for r, row in enumerate(table.rows)}
    for (load, status), (r, row) in cells.items():
        if load == "normal" or (load, "all_good") not in cells or ("normal", status) not in cells:
            continue
        good = cells[(load, "all_good")][1]
        base_good = cells[("normal", "all_good")][1]
        base = cells[("normal", status)][1]
        for column, name in ((min_column, "min"), (max_column, "max")):
            if not all(isinstance(x[column], int | float) for x in (good, base_good, base, row)):
                continue
            offset = float(good[column]) - float(base_good[column])  # type: ignore[arg-type]
            expected = float(base[column]) + offset  # type: ignore[arg-type]
            if float(row[column]) != expected:  # type: ignore[arg-type]
                yield info(document.locate(f"/rows/{r}/{column}"), "FW-TABLE-BOMBER",
                              f"{load} / {status}: {name} change is printed {float(row[column]):+.1f}, but the "  # type: ignore[arg-type]
                              f"{load} offset of {offset:+.1f} applied to the normal row gives {expected:+.1f} "
                              "(a probable misprint; the printed value is kept; OTR 17.2, Err1)")
