"""A system's `modeled_kinds` (fwdata/game_system.py): its outputs are the same when those kinds' documents keep only
their header and positions, as they do while a build draws (fwdata/pipeline.py `build_sources`)."""

from __future__ import annotations

import pytest

from fwdata.game_system import Catalog, GameSystem, RenderResult
from fwdata.library import library_root
from fwdata.options import BuildOptions
from fwdata.pipeline import check_sources
from fwdata.systems import registered_systems

MODELING = [system for system in registered_systems().values() if system.modeled_kinds]


def _rendered(system: GameSystem, catalog: Catalog) -> RenderResult:
    return system.render_outputs(catalog, BuildOptions(backs=True, bleed_pt=9.0))


def test_a_system_models_its_largest_kinds() -> None:
    assert {(system.id, kind) for system in MODELING for kind in system.modeled_kinds} >= {
        ("fw", "aircraft"), ("fw", "scenario")}


@pytest.mark.parametrize("system", MODELING, ids=lambda system: system.id)
def test_outputs_are_drawn_the_same_from_the_models_and_positions_alone(system: GameSystem) -> None:
    catalog = check_sources([library_root()], BuildOptions()).catalog
    whole = _rendered(system, catalog)
    catalog.without_data((system.id, kind) for kind in system.modeled_kinds)
    released = [entry.document for kind in system.modeled_kinds for entry in catalog.entries(system.id, kind)]
    assert released and all(set(document.data) == {"system", "kind", "id"} for document in released)
    lean = _rendered(system, catalog)
    assert [(output.path, output.data) for output in lean.outputs] == [
        (output.path, output.data) for output in whole.outputs]
    assert lean.findings == whole.findings and lean.pages == whole.pages
