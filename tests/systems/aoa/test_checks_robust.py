"""Property tests: no schema-shaped Ace of Aces chart or book makes the checks crash (DESIGN: never a traceback)."""

from __future__ import annotations

import io
import tempfile
from pathlib import Path
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st
from ruamel.yaml import YAML

from fwdata.findings import Finding
from fwdata.game_system import Entry
from fwdata.library import schema_root
from fwdata.options import BuildOptions
from fwdata.pipeline import check_sources
from fwdata.sources.document import Positions, SourceDocument
from fwdata.systems.aoa import checks, model
from fwdata.systems.aoa.render import render_outputs

CELL = st.one_of(st.integers(0, 12),
                 st.builds(lambda n, m: f"{n}{m}", st.integers(0, 12), st.sampled_from(["J", "C", "JC"])))
ROLLS = st.lists(st.integers(-2, 14), min_size=1, max_size=4)


def _doc(data: dict[str, Any]) -> SourceDocument:
    return SourceDocument("x.yaml", data, Positions([], [], []))


def _entry(data: dict[str, Any]) -> Entry:
    base = {"system": "aoa", "kind": "chart", "name": "x", "provenance": {"status": "authored", "source": "test"}}
    document = _doc({**base, **data})
    return Entry(model.build_chart(document), document)


firing = st.builds(lambda cid, kind, variant, rolls, rows: {
    "id": cid, "chart_type": kind, ("range" if kind == "firing" else "gun"): variant, "die_rolls": rolls,
    "rows": [{"ammo": a, "shot": "Pip", "cells": c} for a, c in rows]},
    st.sampled_from(["a", "b", "c"]), st.sampled_from(["firing", "gun"]),
    st.sampled_from(["long", "medium", "short", "single-synch", "double-synch"]),
    st.lists(st.integers(0, 9), min_size=1, max_size=8),
    st.lists(st.tuples(st.integers(1, 6), st.lists(CELL, max_size=9)), min_size=1, max_size=7))

critical = st.builds(lambda area, results: {
    "id": f"crit-{area}", "chart_type": "critical", "area": area,
    "results": [{"rolls": r, "title": "t", "text": "x", "same_as": ref,
                 "effects": [{"type": "timer", "leads_to": ref}] if ref else []} for r, ref in results]},
    st.sampled_from(["wing", "tail"]),
    st.lists(st.tuples(ROLLS, st.one_of(st.none(), st.sampled_from(["wing-3", "tail-40", "nose-2"]))), min_size=1,
             max_size=12))

dac = st.builds(lambda cid, mirror, columns, rows, looks: {
    "id": cid, "chart_type": "dac", "view": "away-left", "mirror": mirror, "columns": columns,
    "rows": [{"row": "a", "cells": r} for r in rows],
    "lookups": [{"defender": d, "poa": p} for d, p in looks]},
    st.sampled_from(["d1", "d2"]), st.sampled_from(["d1", "d2", "self", "d9"]), st.integers(1, 6),
    st.lists(st.text("AB.Z", min_size=1, max_size=7), min_size=1, max_size=4),
    st.lists(st.tuples(st.sampled_from(["straight", "dive", "climb", "right", "left"]),
                       st.sampled_from(["None", "Left", "Up and Right"])), min_size=1, max_size=6))

archie = st.builds(lambda rolls, bands, loc: {
    "id": "archie", "chart_type": "archie", "below_ft": 2050, "die_rolls": rolls,
    "bands": [{"from_ft": f, "to_ft": t, "cells": c} for f, t, c in bands], "hit_location": loc},
    st.lists(st.integers(2, 12), min_size=1, max_size=12),
    st.lists(st.tuples(st.integers(0, 3000), st.integers(0, 3000), st.lists(CELL, max_size=13)), min_size=1,
             max_size=8),
    st.lists(st.sampled_from(["wing", "tail"]), min_size=1, max_size=12))

tables = st.one_of(
    st.builds(lambda rolls, mods: {"id": "t", "chart_type": "roll-table", "table": "fuel", "dice": "1d6",
                                   "modifiers": [{"when": "x", "delta": m} for m in mods],
                                   "entries": [{"rolls": r, "printed": "x", "tank_fraction": "1/2"} for r in rolls]},
              st.lists(ROLLS, min_size=1, max_size=7), st.lists(st.integers(-3, 3), max_size=3)),
    st.builds(lambda table, cols, rows: {"id": "m", "chart_type": "roll-matrix", "table": table, "row_roll": "1st",
                                         "column_roll": "2nd", "columns": cols,
                                         "rows": [{"rolls": r, "cells": c} for r, c in rows]},
              st.sampled_from(["starting-page", "starting-altitude", "ground-position"]),
              st.lists(ROLLS, min_size=1, max_size=6),
              st.lists(st.tuples(ROLLS, st.lists(st.one_of(st.integers(0, 9999), st.just("4E")), min_size=1,
                                                 max_size=7)), min_size=1, max_size=7)))


@settings(max_examples=60, deadline=None)
@given(st.lists(st.one_of(firing, critical, dac, archie, tables), min_size=1, max_size=5))
def test_chart_checks_never_crash(charts: list[dict[str, Any]]) -> None:
    entries = [_entry(data) for data in charts]
    findings = list(checks.check_charts(entries))
    assert all(isinstance(f, Finding) and f.code for f in findings)


PAGE = st.fixed_dictionaries(
    {"page": st.integers(-5, 230)},
    optional={"range": st.sampled_from(["short", "medium", "long"]), "tag": st.sampled_from(["tailing", "tailed"]),
              "firing": st.booleans(), "shot": st.booleans(), "damage": st.integers(0, 5),
              "enemy_visible": st.booleans(), "next": st.lists(st.integers(-3, 226), min_size=26, max_size=26)})


@settings(max_examples=40, deadline=None)
@given(st.lists(PAGE, max_size=12), st.lists(PAGE, max_size=12), st.lists(st.integers(1, 223), min_size=1, max_size=3))
def test_book_checks_never_crash(pages_a: list[dict[str, Any]], pages_b: list[dict[str, Any]],
                                 starts: list[int]) -> None:
    entries = []
    for side, other, pages in (("german", "allied", pages_a), ("allied", "german", pages_b)):
        data = {"system": "aoa", "kind": "book", "id": side, "name": side,
                "provenance": {"status": "authored", "source": "test"}, "side": side, "depicts": "x",
                "opponent": other, "start_pages": starts, "pages": pages}
        document = _doc(data)
        entries.append(Entry(model.build_book(document), document))
    findings = list(checks.check_books(entries, []))
    assert all(isinstance(f, Finding) for f in findings)


SOURCES = sorted((Path(__file__).resolve().parents[3] / "tables" / "aoa").glob("*.yaml")) + sorted(
    (Path(__file__).resolve().parents[3] / "cards" / "aoa").glob("*.yaml"))
SCALAR = st.one_of(st.integers(-3, 300), st.text("AJC.19 -", max_size=6), st.booleans(), st.none(),
                   st.just([]), st.just({}))


def _mutate(node: Any, path: list[int | str], value: Any) -> Any:
    if not path:
        return value
    head, rest = path[0], path[1:]
    if isinstance(node, dict) and head in node:
        return {**node, head: _mutate(node[head], rest, value)}
    if isinstance(node, list) and isinstance(head, int) and head < len(node):
        return [*node[:head], _mutate(node[head], rest, value), *node[head + 1:]]
    return node


def _paths(node: Any, prefix: list[int | str]) -> list[list[int | str]]:
    found = [prefix]
    if isinstance(node, dict):
        for key, value in node.items():
            if key not in ("system", "kind"):
                found += _paths(value, [*prefix, key])
    elif isinstance(node, list):
        for index, value in enumerate(node):
            found += _paths(value, [*prefix, index])
    return found


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(SOURCES), st.data())
def test_mutated_sources_never_crash_the_pipeline(source: Path, data: st.DataObject) -> None:
    """DESIGN: bad input gets findings, never a traceback. One value of a bundled file is replaced at random."""
    document = YAML(typ="safe").load(source.read_text(encoding="utf-8"))
    target = data.draw(st.sampled_from(_paths(document, [])[1:]))
    mutated = _mutate(document, target, data.draw(SCALAR))
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / source.name
        stream = io.StringIO()
        YAML(typ="safe").dump(mutated, stream)
        path.write_text(stream.getvalue(), encoding="utf-8")
        result = check_sources([path], BuildOptions(), schema_root=schema_root())
    assert all(isinstance(f, Finding) for f in result.report.findings)
    if not result.report.failed():
        rendered = render_outputs(result.catalog, BuildOptions())
        assert all(isinstance(f, Finding) for f in rendered.findings)
