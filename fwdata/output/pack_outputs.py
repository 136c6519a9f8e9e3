"""Which outputs are a pack's: a pack's build draws the outputs that show the pack's own entries, not the base
library's (docs/packs.md, "What a pack's build draws"); `fwdata build --with-base` draws both."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import replace

from fwdata.game_system import Catalog, EntryKey, ImposedSheet, PlannedOutput


def pack_entries(catalog: Catalog) -> frozenset[EntryKey] | None:
    """Return the (system, kind, id) of every entry of the pack built (an override of a base entry included), or
    None when the catalog holds no base-library entry: the build of the base library itself, all of whose outputs
    are its own."""
    own: set[EntryKey] = set()
    base = False
    for (system, kind), entry in catalog:
        if entry.base:
            base = True
        else:
            own.add((system, kind, entry.document.doc_id or ""))
    return frozenset(own) if base else None


def has_entries(own: frozenset[EntryKey], system: str) -> bool:
    """Return whether the pack has an entry of `system` (no output of a system without one is the pack's)."""
    return any(key[0] == system for key in own)


def pack_plans(plans: Sequence[PlannedOutput], own: frozenset[EntryKey]) -> Iterator[PlannedOutput]:
    """Yield the planned outputs of one system that are the pack's, in order, for a pack with entries of it.

    An output is the pack's when an entry it shows (`PlannedOutput.shows`, else its `sources`; None:
    every entry of the system) is one of `own`: a card drawn from a pack card or a variant chain
    through one, a log sheet or scenario sheet of a pack scenario or naming a pack card, a play-aid
    book that holds a pack table (drawn whole). A blank form shows no entry and is never the pack's.
    An imposed sheet keeps the pack's items only (its sources theirs), and goes when none is left.
    """
    for plan in plans:
        if plan.sheet is None or plan.items is None:
            shown = plan.shows if plan.shows is not None else plan.sources
            if shown is None or not own.isdisjoint(shown):
                yield plan
            continue
        kept = [index for index, item in enumerate(plan.items) if not own.isdisjoint(item)]
        if len(kept) == len(plan.items):
            yield plan
        elif kept:
            items = tuple(plan.items[index] for index in kept)
            sheet = ImposedSheet(plan.sheet.draw, [plan.sheet.items[index] for index in kept])
            yield replace(plan, sources=tuple(key for item in items for key in item), render=sheet.render,
                          items=items, sheet=sheet)
