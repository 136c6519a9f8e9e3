"""Fighting Wings cross-checks: references, then every card, table and scenario against the rules."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import cache, partial

from fwdata.findings import Finding, error
from fwdata.game_system import MAX_VARIANT_DEPTH, Catalog, Entry, PlannedCheck, variant_chain, variant_depth_message
from fwdata.options import BuildOptions
from fwdata.systems.fw.card_checks import check_card
from fwdata.systems.fw.derivation.checks import check_derivation
from fwdata.systems.fw.model import AircraftDataCard, Scenario, resolve_variant_chain
from fwdata.systems.fw.scenario_checks import check_scenario
from fwdata.systems.fw.simulation_checks import check_simulations
from fwdata.systems.fw.table_checks import check_table, usable_rule_tables
from fwdata.systems.fw.tables import RuleTable


def run_checks(catalog: Catalog, options: BuildOptions) -> Iterator[Finding]:
    """Yield the Fighting Wings findings not planned (`plan_checks`): references, table shapes, scenarios."""
    yield from check_variant_bases(catalog)
    yield from check_scenario_references(catalog)
    yield from check_table_shapes(catalog)
    for entry in catalog.checked("fw", "table"):
        yield from check_table(entry.model, entry.document)
    for entry in catalog.checked("fw", "scenario"):
        yield from check_scenario(entry.model, entry.document, partial(_resolved, catalog))


def plan_checks(catalog: Catalog, options: BuildOptions) -> list[PlannedCheck]:
    """List the checks that read few entries: which rule tables the rules can use, then each card's checks (of the
    tables and cards `Catalog.checked` gives: the tables' check reports on the tables only).

    A card's checks (its own, then the simulations) read its variant chain and the rule tables:
    the simulations read only the tables every rule can use (`usable_rule_tables`, worked
    out once, when a check first needs it).
    """
    usable = cache(partial(usable_rule_tables, catalog))
    table_keys = tuple(("fw", "table", doc_id) for doc_id in catalog.ids("fw", "table"))
    tables = [PlannedCheck("fw/table", table_keys, lambda: usable()[1])] if catalog.checked("fw", "table") else []
    return [*tables,
            *(PlannedCheck(f"fw/aircraft/{entry.model.id}",
                           (*variant_chain(catalog, ("fw", "aircraft", entry.model.id), lambda card: card.variant_of),
                            *table_keys),
                           partial(_check_card, entry, catalog, lambda: usable()[0]))
              for entry in catalog.checked("fw", "aircraft"))]


def _check_card(entry: Entry, catalog: Catalog, tables: Callable[[], dict[str, RuleTable]]) -> list[Finding]:
    """Return the card and simulation findings of the card of `entry` (none when its variant chain is broken)."""
    card = _resolved(catalog, entry.model.id)
    if card is None:
        return []
    return [*check_card(card, entry.document, entry.model.present),
            *check_simulations(card, entry.document, entry.model.present, tables()),
            *check_derivation(card, entry.document, entry.model.present)]


def _resolved(catalog: Catalog, card_id: str) -> AircraftDataCard | None:
    card = _card(catalog, card_id)
    return resolve_variant_chain(card, partial(_card, catalog)) if card else None


def check_variant_bases(catalog: Catalog) -> Iterator[Finding]:
    """Every `variant_of` names an existing aircraft; variants do not loop, nor chain more than MAX_VARIANT_DEPTH."""
    for entry in catalog.checked("fw", "aircraft"):
        card: AircraftDataCard = entry.model
        if card.variant_of is None:
            continue
        if catalog.get("fw", "aircraft", card.variant_of) is None:
            yield error(entry.document.locate("/variant_of"), "REF-UNKNOWN",
                        f"variant_of {card.variant_of!r}: no fw aircraft with that id"
                        f"{catalog.unknown_ending('fw', 'aircraft', card.variant_of)}")
            continue
        seen = [card.id]
        current: AircraftDataCard | None = card
        while current is not None and current.variant_of is not None:
            if current.variant_of in seen:
                yield error(entry.document.locate("/variant_of"), "REF-CYCLE",
                            f"variant_of forms a loop: {' -> '.join([*seen, current.variant_of])}")
                break
            if len(seen) > MAX_VARIANT_DEPTH:
                yield error(entry.document.locate("/variant_of"), "REF-VARIANT-DEPTH", variant_depth_message(seen))
                break
            seen.append(current.variant_of)
            base = catalog.get("fw", "aircraft", current.variant_of)
            current = base.model if base else None


def check_scenario_references(catalog: Catalog) -> Iterator[Finding]:
    """Every aircraft a scenario names exists in the catalog."""
    for entry in catalog.checked("fw", "scenario"):
        scenario: Scenario = entry.model
        for aircraft in scenario.aircraft():
            if not catalog.has("fw", "aircraft", aircraft.aircraft):
                yield error(entry.document.locate(f"{aircraft.pointer}/aircraft"), "REF-UNKNOWN",
                            f"aircraft {aircraft.aircraft!r}: no fw aircraft card with that id"
                            f"{catalog.unknown_ending('fw', 'aircraft', aircraft.aircraft)}")


def check_table_shapes(catalog: Catalog) -> Iterator[Finding]:
    """Every table row has exactly one cell per column."""
    for entry in catalog.checked("fw", "table"):
        table: RuleTable = entry.model
        for index, row in enumerate(table.rows):
            if len(row) != len(table.column_keys):
                yield error(entry.document.locate(f"/rows/{index}"), "FW-TABLE-SHAPE",
                            f"row {index + 1} has {len(row)} cells; the table has {len(table.column_keys)} "
                            f"columns ({', '.join(table.column_keys)})")


def _card(catalog: Catalog, card_id: str) -> AircraftDataCard | None:
    entry = catalog.get("fw", "aircraft", card_id)
    return entry.model if entry else None
