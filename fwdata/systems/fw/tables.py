"""Fighting Wings play-aid tables as typed, read-only values (built from `table` documents)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from fwdata.game_system import Catalog

Cell = float | int | str | None


@dataclass(frozen=True)
class RuleTable:
    """A Fighting Wings play-aid table (`system: fw`, `kind: table`), cells in column order.

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
        """Return every cell of column `key`, top to bottom (built once per table: the simulations ask often)."""
        cells = self._columns.get(key)
        if cells is None:
            index = self.column_index(key)
            cells = self._columns[key] = tuple(row[index] for row in self.rows)
        return cells

    @cached_property
    def _columns(self) -> dict[str, tuple[Cell, ...]]:
        return {}

    def __hash__(self) -> int:
        """Hash the fields once: the simulations memoise by table, and a table of rows is slow to hash."""
        return self._hash

    @cached_property
    def _hash(self) -> int:
        return hash((self.id, self.name, self.rule, self.edition, self.column_keys, self.column_titles, self.rows,
                     self.restored_cells, self.notes))

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


def catalog_tables(catalog: Catalog) -> dict[str, RuleTable]:
    """Return the play-aid tables of a run by id (the base library's, or a pack's declared overrides)."""
    return {entry.model.id: entry.model for entry in catalog.entries("fw", "table")}
