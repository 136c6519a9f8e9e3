"""References between documents: which values name another document, and of which system and kind.

The same references the systems' checks resolve (REF-UNKNOWN): a scenario's aircraft and nations,
a nation's aircraft list, a variant's base, an Ace of Aces book's opponent and layout, a damage
allocation chart's mirror, a book design's books and planes.
"""

from __future__ import annotations

from fwdata.lsp.cursor import ITEM

KindKey = tuple[str, str]

# (system, kind) of the document -> [(path to the value, ITEM for any list item), (system, kind) it names].
REFERENCES: dict[KindKey, list[tuple[tuple[str, ...], KindKey]]] = {
    ("fw", "aircraft"): [(("variant_of",), ("fw", "aircraft"))],
    ("fw", "scenario"): [(("sides", ITEM, "formations", ITEM, "flights", ITEM, "aircraft", ITEM, "aircraft"),
                          ("fw", "aircraft"))],
    ("fl", "aircraft"): [(("base",), ("fl", "aircraft"))],
    ("fl", "nation"): [(("aircraft", ITEM), ("fl", "aircraft"))],
    ("fl", "scenario"): [(("sides", ITEM, "nation"), ("fl", "nation")),
                         (("sides", ITEM, "flights", ITEM, "nation"), ("fl", "nation")),
                         (("sides", ITEM, "flights", ITEM, "aircraft"), ("fl", "aircraft"))],
    ("aoa", "book"): [(("opponent",), ("aoa", "book")), (("layout",), ("aoa", "book-layout"))],
    ("aoa", "chart"): [(("mirror",), ("aoa", "chart"))],
    ("aoa", "book-design"): [(("books", ITEM, "book_id"), ("aoa", "book")),
                             (("books", ITEM, "plane"), ("aoa", "plane"))],
}


def referenced_kind(system: str | None, kind: str | None, path: tuple[str, ...]) -> KindKey | None:
    """Return the (system, kind) the value at `path` of a `system` `kind` document names, None when it names none."""
    if system is None or kind is None:
        return None
    return next((target for pattern, target in REFERENCES.get((system, kind), []) if pattern == path), None)
