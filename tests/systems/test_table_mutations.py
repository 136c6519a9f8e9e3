"""No single-cell change to a bundled table, overridden by a pack, makes checking or rendering raise."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from ruamel.yaml import YAML

from fwdata.errors import FwdataError
from fwdata.options import BuildOptions
from fwdata.pipeline import check_sources
from fwdata.systems import registered_systems
from fwdata.systems.fw.simulate import simulate_source

ROOT = Path(__file__).resolve().parents[2]
REPLACEMENTS = (0, -1, 1.0, 2.5, "-", "x", "NA", None, 10**15, [1])


def _cells() -> list[tuple[Path, tuple[Any, ...]]]:
    """Every (table file, path to one cell) of the bundled fw tables and aoa charts."""
    found = []
    for path in sorted([*(ROOT / "tables" / "fw").glob("*.yaml"), *(ROOT / "tables" / "aoa").glob("*.yaml")]):
        data = YAML(typ="safe").load(path.read_text(encoding="utf-8"))
        for r, row in enumerate(data.get("rows", [])):
            cells = row if isinstance(row, list) else row.get("cells") if isinstance(row, dict) else None
            if isinstance(cells, list):
                prefix = (r,) if isinstance(row, list) else (r, "cells")
                found += [(path, ("rows", *prefix, c)) for c in range(len(cells))]
    return found


CELLS = _cells()


def _mutated(path: Path, where: tuple[Any, ...], value: Any) -> dict[str, Any]:
    data = YAML(typ="safe").load(path.read_text(encoding="utf-8"))
    holder = data
    for key in where[:-1]:
        holder = holder[key]
    holder[where[-1]] = value
    return data


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(cell=st.sampled_from(CELLS), value=st.sampled_from(REPLACEMENTS))
def test_a_mutated_table_override_never_crashes(tmp_path_factory: Any, cell: tuple[Path, tuple[Any, ...]],
                                                value: Any) -> None:
    """Check, and when it finds no errors render the table's system and fly a card: only FwdataError may escape.

    Rendering stands in for the build (a whole build renders every base card: half a minute per example).
    """
    path, where = cell
    data = _mutated(path, where, value)
    pack = tmp_path_factory.mktemp("pack")
    folder = pack / "tables" / data["system"]
    folder.mkdir(parents=True)
    (folder / path.name).write_text(json.dumps(data), encoding="utf-8")
    (pack / "fwdata-pack.yaml").write_text(
        f"id: mutated\nname: mutated\nversion: '1'\noverrides: [{data['system']}/{data['kind']}/{data['id']}]\n",
        encoding="utf-8")
    try:
        result = check_sources([pack], BuildOptions(out_dir=pack / "build"))
        if not result.report.failed():
            registered_systems()[data["system"]].render_outputs(result.catalog, BuildOptions())
            if data["system"] == "fw":
                simulate_source("p-51d", lambda paths, options: check_sources([pack], options))
    except FwdataError:
        pass
