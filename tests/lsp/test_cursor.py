"""The YAML structure at the cursor, read from text that need not parse; the schema and references it leads to."""

from __future__ import annotations

import pytest

from fwdata.lsp.code_actions import suppression_edit
from fwdata.lsp.cursor import ITEM, cursor_at
from fwdata.lsp.references import referenced_kind
from fwdata.lsp.schemas import key_help, kind_schema, values

SCENARIO = """system: fw
kind: scenario
sides:
  - name: US
    formations:
      - flights:
          - aircraft:
              - aircraft: p-51d
                hex: '2925'
              - {aircraft: p-47d, hex: '2926'}
  - name: [unclosed
"""


@pytest.mark.parametrize(("needle", "offset", "path", "on_key"), [
    ("aircraft: p-51d", 12, ("sides", ITEM, "formations", ITEM, "flights", ITEM, "aircraft", ITEM, "aircraft"), False),
    ("aircraft: p-51d", 2, ("sides", ITEM, "formations", ITEM, "flights", ITEM, "aircraft", ITEM, "aircraft"), True),
    ("hex: '2925'", 1, ("sides", ITEM, "formations", ITEM, "flights", ITEM, "aircraft", ITEM, "hex"), True),
    ("p-47d", 1, ("sides", ITEM, "formations", ITEM, "flights", ITEM, "aircraft", ITEM, "aircraft"), False),
    ("formations:", 3, ("sides", ITEM, "formations"), True),
    ("[unclosed", 3, ("sides", ITEM, "name", ITEM), False),
])
def test_the_path_at_the_cursor(needle: str, offset: int, path: tuple[str, ...], on_key: bool) -> None:
    line = next(number for number, text in enumerate(SCENARIO.split("\n")) if needle in text)
    cursor = cursor_at(SCENARIO, line, SCENARIO.split("\n")[line].index(needle) + offset)
    assert cursor is not None
    assert (cursor.path, cursor.on_key) == (path, on_key)


def test_a_new_key_and_a_list_value_being_typed() -> None:
    cursor = cursor_at("system: fw\nprovenance:\n  sta\n", 2, 5)
    assert cursor is not None and cursor.path == ("provenance", "sta") and cursor.on_key and cursor.bare
    cursor = cursor_at("aircraft:\n  - mg1\n", 1, 7)
    assert cursor is not None and cursor.path[:-1] == ("aircraft", ITEM) and cursor.bare
    assert cursor_at("x: 1\n", 5, 0) is None
    assert cursor_at("x" * (600 * 1024), 0, 0) is None  # over the loader's cap


def test_schema_help_values_and_references() -> None:
    aircraft = kind_schema("fw", "aircraft")
    assert aircraft is not None and kind_schema("fw", "nothing") is None
    note = key_help(aircraft, ("climb", ITEM, "climb_rate_fpm"))
    assert note is not None and "Unit: feet per minute" in note
    assert "authored" in values(aircraft, ("provenance", "status"))
    assert referenced_kind("fl", "nation", ("aircraft", ITEM)) == ("fl", "aircraft")
    assert referenced_kind("aoa", "book", ("layout",)) == ("aoa", "book-layout")
    assert referenced_kind("fw", "aircraft", ("name",)) is None


def test_a_suppression_joins_the_comment_already_on_the_line() -> None:
    assert suppression_edit("id: x", 0, "SCHEMA").new_text == "  # fwdata: ignore[SCHEMA]"
    edit = suppression_edit("id: x  # fwdata: ignore[FW-PERF-ORDER]", 3, "SCHEMA")
    assert edit.new_text == ", SCHEMA" and edit.range.start.character == len("id: x  # fwdata: ignore[FW-PERF-ORDER")
