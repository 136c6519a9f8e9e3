"""The Fighting Wings rulebooks as printed citations name them: each seed file's name (DESIGN.md) and its digest-style
bracket reference, with the short title printed instead (`fwdata.render.citations.printable_citation`)."""

CITATIONS = {
    "000_50c801cd992f207d.txt": "Over the Reich",
    "003_ff4b55cb8a585ee6.txt": "Fighting Wings Quick-Start",
    "[000]": "OTR",
    "[003]": "QS",
}

# The books a docstring cites (`OTR 4.3`, `Err1 11.2`) by their citation prefix, as docs/rules-index.md names them;
# a bare rule number in a finding code's `rule` is the first one's.
BOOKS = {
    "OTR": "Over the Reich",
    "Err1": "Over the Reich, 1st-edition errata",
    "Err2": "Over the Reich, 2nd-edition errata",
    "QS": "Fighting Wings Quick-Start",
}
