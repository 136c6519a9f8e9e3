"""Fighting Wings cross-checks: references, then every card, table and scenario against the rules."""

from __future__ import annotations

from collections.abc import Callable, Iterator

from fwdata.findings import Finding, error
from fwdata.game_system import Catalog, Entry
from fwdata.options import BuildOptions
from fwdata.suggestions import did_you_mean
from fwdata.systems.fw.card_checks import check_card
from fwdata.systems.fw.model import AircraftDataCard, Scenario, resolve_variant_chain
from fwdata.systems.fw.scenario_checks import check_scenario
from fwdata.systems.fw.simulation_checks import check_simulations
from fwdata.systems.fw.table_checks import check_table, usable_rule_tables
from fwdata.systems.fw.tables import RuleTable
from fwdata.workers import PARALLEL_FROM_CARDS, map_shared


def run_checks(catalog: Catalog, options: BuildOptions) -> Iterator[Finding]:
    """Yield every Fighting Wings finding: references, table shapes and rules, cards, scenarios.

    The simulations read only the tables every rule can use (`usable_rule_tables`).
    """
    yield from check_variant_bases(catalog)
    yield from check_scenario_references(catalog)
    yield from check_table_shapes(catalog)

    def lookup(card_id: str) -> AircraftDataCard | None:
        return _card(catalog, card_id)

    def resolved(card_id: str) -> AircraftDataCard | None:
        card = lookup(card_id)
        return resolve_variant_chain(card, lookup) if card else None

    tables, unusable = usable_rule_tables(catalog)
    yield from unusable
    cards = list(catalog.entries("fw", "aircraft"))
    for findings in map_shared(_check_card_at, (cards, resolved, tables), len(cards), jobs=options.jobs,
                               worth_it=len(cards) >= PARALLEL_FROM_CARDS):
        yield from findings
    for entry in catalog.entries("fw", "table"):
        yield from check_table(entry.model, entry.document)
    for entry in catalog.entries("fw", "scenario"):
        yield from check_scenario(entry.model, entry.document, resolved)


def _check_card_at(state: tuple[list[Entry], Callable[[str], AircraftDataCard | None], dict[str, RuleTable]],
                   index: int) -> list[Finding]:
    """Return the card and simulation findings of card `index` (run in a worker on large packs)."""
    entries, resolved, tables = state
    entry = entries[index]
    card = resolved(entry.model.id)
    if card is None:
        return []
    return [*check_card(card, entry.document, entry.model.present),
            *check_simulations(card, entry.document, entry.model.present, tables)]


def check_variant_bases(catalog: Catalog) -> Iterator[Finding]:
    """Every `variant_of` names an existing aircraft, and variants do not form a loop."""
    for entry in catalog.entries("fw", "aircraft"):
        card: AircraftDataCard = entry.model
        if card.variant_of is None:
            continue
        if catalog.get("fw", "aircraft", card.variant_of) is None:
            yield error(entry.document.locate("/variant_of"), "REF-UNKNOWN",
                        f"variant_of {card.variant_of!r}: no fw aircraft with that id"
                        f"{did_you_mean(card.variant_of, catalog.ids('fw', 'aircraft'))}")
            continue
        seen = [card.id]
        current: AircraftDataCard | None = card
        while current is not None and current.variant_of is not None:
            if current.variant_of in seen:
                yield error(entry.document.locate("/variant_of"), "REF-CYCLE",
                            f"variant_of forms a loop: {' -> '.join([*seen, current.variant_of])}")
                break
            seen.append(current.variant_of)
            base = catalog.get("fw", "aircraft", current.variant_of)
            current = base.model if base else None


def check_scenario_references(catalog: Catalog) -> Iterator[Finding]:
    """Every aircraft a scenario names exists in the catalog."""
    known = set(catalog.ids("fw", "aircraft"))
    for entry in catalog.entries("fw", "scenario"):
        scenario: Scenario = entry.model
        for aircraft in scenario.aircraft():
            if aircraft.aircraft not in known:
                yield error(entry.document.locate(f"{aircraft.pointer}/aircraft"), "REF-UNKNOWN",
                            f"aircraft {aircraft.aircraft!r}: no fw aircraft card with that id"
                            f"{did_you_mean(aircraft.aircraft, known)}")


def check_table_shapes(catalog: Catalog) -> Iterator[Finding]:
    """Every table row has exactly one cell per column."""
    for entry in catalog.entries("fw", "table"):
        table: RuleTable = entry.model
        for index, row in enumerate(table.rows):
            if len(row) != len(table.column_keys):
                yield error(entry.document.locate(f"/rows/{index}"), "FW-TABLE-SHAPE",
                            f"row {index + 1} has {len(row)} cells; the table has {len(table.column_keys)} "
                            f"columns ({', '.join(table.column_keys)})")


def _card(catalog: Catalog, card_id: str) -> AircraftDataCard | None:
    entry = catalog.get("fw", "aircraft", card_id)
    return entry.model if entry else None
