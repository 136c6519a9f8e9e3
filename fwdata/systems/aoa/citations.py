"""The Ace of Aces rulebooks as printed citations name them: each seed file's name (DESIGN.md) and its digest-style
bracket reference, with the short title printed instead (`fwdata.render.citations.printable_citation`)."""

CITATIONS = {
    "004_df49c58b6e4b4043.txt": "Ace of Aces",
    "[004]": "AoA",
}

# The book a docstring cites (`AoA XIX`) by its citation prefix, as docs/rules-index.md names it; a bare rule number
# in a finding code's `rule` is its.
BOOKS = {"AoA": "Ace of Aces"}
