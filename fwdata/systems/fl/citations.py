"""The Flight Leader rulebooks as printed citations name them: each seed file's name (DESIGN.md) and its digest-style
bracket reference, with the short title printed instead (`fwdata.render.citations.printable_citation`)."""

CITATIONS = {
    "002_06ce78c147afc7c6.txt": "Flight Leader",
    "[002]": "FL",
}

# The book a docstring cites (`FL 26.5.1`) by its citation prefix, as docs/rules-index.md names it; a bare rule
# number in a finding code's `rule` is its.
BOOKS = {"FL": "Flight Leader"}
