"""Fighting Wings play-aid tables as typed, read-only values (built from `table` documents)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

Cell = float | int | str | None


@dataclass(frozen=True)
class RuleTable:
    """A play-aid table of `tables/fw/`, cells in column order.

    Restored cells (damaged rulebook text) are unwrapped to the value fwdata uses;
    their (row, column) indices are kept in `restored_cells`.
    """

    id: str
    name: str
    rule: str
    edition: str | None
    column_keys: tuple[str, ...]
    column_titles: tuple[str, ...]
    rows: tuple[tuple[Cell, ...], ...]
    restored_cells: frozenset[tuple[int, int]]
    notes: tuple[str, ...] = ()

    def column_index(self, key: str) -> int:
        """Return the index of column `key`; raises KeyError naming the table if absent."""
        try:
            return self.column_keys.index(key)
        except ValueError:
            raise KeyError(f"table {self.id!r} has no column {key!r}") from None

    def column(self, key: str) -> tuple[Cell, ...]:
        """Return every cell of column `key`, top to bottom."""
        index = self.column_index(key)
        return tuple(row[index] for row in self.rows)

    def row_dict(self, index: int) -> dict[str, Cell]:
        """Return row `index` as {column key: cell}."""
        return dict(zip(self.column_keys, self.rows[index], strict=True))

    def is_restored(self, row: int, column: int) -> bool:
        """Tell whether a cell was restored from damaged text."""
        return (row, column) in self.restored_cells


def rule_table_from_data(data: Mapping[str, Any]) -> RuleTable:
    """Build a RuleTable from a schema-valid `table` document (plain data).

    Rows shorter or longer than the column list are kept as they are: the table
    checks report them; callers of lookups get an IndexError only on such rows.
    """
    restored: set[tuple[int, int]] = set()
    rows: list[tuple[Cell, ...]] = []
    for r, raw_row in enumerate(data["rows"]):
        cells: list[Cell] = []
        for c, cell in enumerate(raw_row):
            if isinstance(cell, Mapping):
                restored.add((r, c))
                cells.append(cell["value"])
            else:
                cells.append(cell)
        rows.append(tuple(cells))
    columns = data["columns"]
    return RuleTable(
        id=data["id"],
        name=data["name"],
        rule=data["rule"],
        edition=data.get("edition"),
        column_keys=tuple(col["key"] for col in columns),
        column_titles=tuple(col["title"] for col in columns),
        rows=tuple(rows),
        restored_cells=frozenset(restored),
        notes=tuple(data.get("notes", ())),
    )


BUNDLED_TABLES = Path(__file__).resolve().parents[3] / "tables" / "fw"


@cache
def bundled_tables() -> dict[str, RuleTable]:
    """Return the play-aid tables shipped in the repository's tables/fw/, by id.

    The rule simulations use them when the checked sources do not include tables
    (a community pack of cards only). A file that does not load is left out.
    """
    from fwdata.sources.yaml_loader import load_source

    tables: dict[str, RuleTable] = {}
    for path in sorted(BUNDLED_TABLES.glob("*.yaml")):
        document, findings = load_source(path)
        if document is not None and not findings:
            table = rule_table_from_data(document.data)
            tables[table.id] = table
    return tables
