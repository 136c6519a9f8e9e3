"""Fighting Wings play-aid table checks: each table against its own rule, never altering the printed values."""

from __future__ import annotations

import math
from collections.abc import Iterator

from fwdata.findings import Finding, info, warning
from fwdata.sources.document import SourceDocument
from fwdata.systems.fw import rules
from fwdata.systems.fw.tables import RuleTable

FVT_FRACTIONS = {"quarter": "1/4", "third": "1/3", "half": "1/2", "two_thirds": "2/3"}
TURN_RATE_KEYS = ("ez", "tt", "ht", "bt", "et")


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
