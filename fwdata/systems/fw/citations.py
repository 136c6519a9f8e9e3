"""The Fighting Wings rulebooks as printed citations name them: each seed file's name (DESIGN.md) and its digest-style
bracket reference, with the short title printed instead (`fwdata.render.citations.printable_citation`)."""

CITATIONS = {
    "000_50c801cd992f207d.txt": "Over the Reich",
    "003_ff4b55cb8a585ee6.txt": "Fighting Wings Quick-Start",
    "[000]": "OTR",
    "[003]": "QS",
}
