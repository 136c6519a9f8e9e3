"""Run every Flight Leader cross-check: references, list rows, then each scenario's rules and points."""

from __future__ import annotations

from collections.abc import Iterator

from fwdata.findings import Finding
from fwdata.game_system import Catalog
from fwdata.options import BuildOptions
from fwdata.systems.fl.checks.aircraft import SYSTEM, aircraft_lookup, check_aircraft_bases, check_aircraft_rows
from fwdata.systems.fl.checks.points import check_scenario_points
from fwdata.systems.fl.checks.scenario import check_scenario_references, check_scenario_rules
from fwdata.systems.fl.checks.shared import check_shared_unknowns
from fwdata.systems.fl.model import Scenario
from fwdata.systems.fl.scoring import score_scenario


def run_checks(catalog: Catalog, options: BuildOptions) -> Iterator[Finding]:
    """Yield every Flight Leader finding: references, list rows, then each scenario's rules, then the scenarios'
    points solved together.

    With a `Catalog.focus`, only its aircraft and scenarios are checked, each reading the entries it names; the
    scenarios are solved together only when one of them is checked (their findings are all on scenarios).
    """
    yield from check_aircraft_bases(catalog)
    lookup = aircraft_lookup(catalog)
    yield from check_aircraft_rows(catalog, lookup)
    scenarios = catalog.checked(SYSTEM, "scenario")
    for entry in scenarios:
        scenario: Scenario = entry.model
        missing = list(check_scenario_references(catalog, scenario, entry.document))
        yield from missing
        yield from check_scenario_rules(catalog, scenario, entry.document, lookup)
        if not any(f.code == "REF-UNKNOWN" and "/aircraft" in f.location.pointer for f in missing):
            yield from check_scenario_points(score_scenario(scenario, lookup), entry.document)
    if scenarios or catalog.focus is None:
        yield from check_shared_unknowns(catalog, lookup)
