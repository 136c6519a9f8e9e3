"""Finding codes of Ace of Aces: each code's severity, meaning, rule and fix
(docs/findings.md is made from them)."""

from fwdata.findings.codes import FindingCode, FindingSection

FINDINGS = FindingSection(
    title="Ace of Aces (`aoa`)",
    columns=("code", "severity", "meaning", "rule", "how to fix"),
    before=("Rules are cited from `004_df49c58b6e4b4043.txt`: Roman numbers are the original rules,\nnames are "
            "Powerhouse sections or the Chart Book. The bundled data reproduces the printed\nrulebook exactly, so "
            "`fwdata check cards/aoa tables/aoa` reports the rulebook's own\ninconsistencies (as warnings or info; "
            "none is an error). `AOA-DAC-SYMMETRY` and the\n`-RATIO` codes rest on an inference (a head-on, tail-on "
            "or overhead picture is its own\nmirror image; most Plane Stats columns follow the pattern) and are "
            "marked as such.\nCase folders: `tests/cases/aoa-*/` (a broken and a correct source per code)."),
    codes=(
        FindingCode("AOA-PLANE-ALTITUDE-STEP",
                    severity="error",
                    summary="a plane altitude (climb, zoom, dive, power dive, ceiling) is not a multiple of 25 ft",
                    rule="Intermediate Game introduction",
                    fix="round to 25 ft"),
        FindingCode("AOA-PLANE-ZOOM",
                    severity="error",
                    summary="zoom is not above climb",
                    rule="XXXIII",
                    fix="check the zoom value"),
        FindingCode("AOA-PLANE-ZOOM-RATIO",
                    severity="info",
                    summary=("zoom is not twice the climb (most columns have it; Fokker DVII, SE 5a, Dolphin and "
                             "SPAD XIII do not)"),
                    rule="soft pattern",
                    fix="none for a faithful transcription"),
        FindingCode("AOA-PLANE-POWER-DIVE",
                    severity="error/warning",
                    summary=("power dive range backwards or not above the dive (error); range starts above dive + "
                             "25 ft, leaving losses that are neither dive nor power dive (warning; printed SPAD "
                             "XIII: dive 500, power dive 625-1200)"),
                    rule="IX, XXXII",
                    fix="`min` = dive + 25"),
        FindingCode("AOA-PLANE-POWER-DIVE-RATIO",
                    severity="info",
                    summary="power dive maximum is not twice the dive (Albatros DVa, Junkers D1, SPAD XIII)",
                    rule="soft pattern",
                    fix="none for a faithful transcription"),
        FindingCode("AOA-PLANE-SPEED",
                    severity="error",
                    summary="more FAST maneuvers in a row above 7000 ft than below",
                    rule="XXX",
                    fix="low >= high"),
        FindingCode("AOA-PLANE-HP",
                    severity="error",
                    summary=("intermediate Front != Motor, Tail != Tail, or Side != the average of Wing and "
                             "Fuselage (halves up, as every printed column)"),
                    rule="XXIV",
                    fix="recompute the intermediate row"),
        FindingCode("AOA-PLANE-MISSING",
                    severity="warning",
                    summary="a value a rule needs is not given (printed Pfalz DXII PD Speed \"—\")",
                    rule="XXXII",
                    fix="supply a house-rule value, marked `inferred`"),
        FindingCode("AOA-PLANE-CEILING",
                    severity="error",
                    summary="ceiling not above the highest campaign starting altitude",
                    rule="XLVI, Starting Altitude",
                    fix="check the ceiling"),
        FindingCode("AOA-MANEUVER-CODES",
                    severity="error",
                    summary="a maneuver code repeated or missing (26 codes A-Z)",
                    rule="Maneuver Chart",
                    fix="one entry per code"),
        FindingCode("AOA-MANEUVER-CLICKS",
                    severity="warning",
                    summary=("left and right forms of one maneuver turn different clicks, a straight maneuver "
                             "turns, or an Immelmann does not turn 4 clicks (printed: B/F, C/H, J/R, K/Q, V/X, N 4, "
                             "W 1, M and O 0)"),
                    rule="XLVI Editor's Note; The Maneuvers",
                    fix="none for a faithful transcription; flag it"),
        FindingCode("AOA-MANEUVER-PAIRS",
                    severity="warning",
                    summary="a left or right maneuver has no counterpart of the same name (printed: I and S)",
                    rule="The Maneuvers",
                    fix="flag it"),
        FindingCode("AOA-MANEUVER-FLAG",
                    severity="info",
                    summary=("an inconsistency flagged in the data (`inconsistencies`), reported so it is not "
                             "forgotten"),
                    rule="as flagged",
                    fix="none"),
        FindingCode("AOA-CHART-SHAPE",
                    severity="error",
                    summary=("a chart row has the wrong number of cells, die rolls are not consecutive, or the ammo "
                             "rows are not 1-6 once each"),
                    rule="Firing Charts; XIX; Chart Book",
                    fix="fix the row"),
        FindingCode("AOA-CHART-MONOTONE",
                    severity="error",
                    summary="a firing or gun chart gives less damage for a better roll or for more ammo",
                    rule="Powerhouse Firing Charts; XIX",
                    fix="check the cell"),
        FindingCode("AOA-CHART-ORDER",
                    severity="warning",
                    summary=("a longer range (Powerhouse) or a weaker gun (original) gives more damage than the "
                             "shorter range / stronger gun in the same cell"),
                    rule="Firing Charts; XIX",
                    fix="check the cell"),
        FindingCode("AOA-FIRING-JAM-PATTERN",
                    severity="warning",
                    summary=("the J cells of one range chart differ from the others (printed: Medium has none; Long "
                             "and Short agree)"),
                    rule="Powerhouse Firing Charts",
                    fix="none for a faithful transcription"),
        FindingCode("AOA-CRITICAL-COVERAGE",
                    severity="error",
                    summary="a critical chart misses a 2d6 total, repeats one, or names an impossible one",
                    rule="XLI",
                    fix="one result per total 2-12"),
        FindingCode("AOA-DAC-LETTER",
                    severity="error",
                    summary="a damage allocation grid uses a letter not in the legend",
                    rule="Damage Allocation Charts legend",
                    fix="use a legend letter"),
        FindingCode("AOA-DAC-LOOKUP",
                    severity="error",
                    summary=("the defender-maneuver lookup does not name straight, dive, climb, right and left once "
                             "each"),
                    rule="XXXVIII",
                    fix="complete the lookup"),
        FindingCode("AOA-DAC-MIRROR",
                    severity="error/warning",
                    summary=("a grid's mirror is not reciprocal (error), or a left/right pair is not a mirror image "
                             "in its cells or lookups (warning; printed: Towards to the Left row a has six A's, "
                             "Towards to the Right five)"),
                    rule="Damage Allocation Charts",
                    fix="check the transcription"),
        FindingCode("AOA-DAC-SYMMETRY",
                    severity="warning",
                    summary=("a symmetric view (facing towards, facing away, above/below) has an asymmetric row or "
                             "left/right lookups that are not mirror images (printed: Facing Towards rows a, b; "
                             "Facing Away row b, and Right and Left both move the aim Left)"),
                    rule="Damage Allocation Charts (inferred symmetry)",
                    fix="check the transcription"),
        FindingCode("AOA-ARCHIE-BANDS",
                    severity="error/warning",
                    summary=("archie bands not contiguous in 25 ft steps (error), or they do not reach up to the "
                             "archie ceiling (warning; printed: fires below 2050 ft, bands end at 2000 ft)"),
                    rule="XLVI, Archie Chart",
                    fix="extend the top band"),
        FindingCode("AOA-ARCHIE-MONOTONE",
                    severity="warning",
                    summary="archie damage grows with altitude in some column",
                    rule="XLVI",
                    fix="check the cell"),
        FindingCode("AOA-TABLE-COVERAGE",
                    severity="error/warning",
                    summary=("a campaign table misses or repeats a roll (error), or its modifiers reach rolls with "
                             "no result (warning; printed Fuel: ±1 reaches 0 and 7)"),
                    rule="XLVI",
                    fix="add the rows"),
        FindingCode("AOA-TABLE-VALUE",
                    severity="error/warning",
                    summary=("a starting page outside 1-222, an altitude not a multiple of 25 ft (error), starting "
                             "altitudes not rising (warning)"),
                    rule="XLVI; Starting Page",
                    fix="fix the value"),
        FindingCode("AOA-MAP-SQUARES",
                    severity="error",
                    summary="the battlefield map does not run 15W..1W, 1E..15E once each",
                    rule="XLVI",
                    fix="one entry per square"),
        FindingCode("AOA-BOOK-PAGES",
                    severity="error",
                    summary=("a book lacks a page of 1-223 or repeats one (a page number outside 1-223 is a "
                             "`SCHEMA` finding, and that record is unknown)"),
                    rule="Part A, The Dogfighting Book",
                    fix="one record per page"),
        FindingCode("AOA-BOOK-PAGE-REF",
                    severity="retired",
                    summary=("replaced by `SCHEMA` at the cell (`pages[29].next[0]: 224 is above the maximum 223`): "
                             "a chart cell outside 1-223 is an unknown cell and every other check still runs"),
                    rule="Part A",
                    fix="fix the cell"),
        FindingCode("AOA-BOOK-CHART",
                    severity="error",
                    summary=("a page other than 223 has no maneuver chart, or its chart row is not as wide as the "
                             "book's layout (26 codes for `powerhouse-26`; a 25-wide row suggests `layout: "
                             "original-25`); the cells of such a row are unknown. At most 25 listed per book, then "
                             "a count"),
                    rule="Part A, Maneuver Chart",
                    fix="add the chart, or name the book's `layout`"),
        FindingCode("AOA-BOOK-223",
                    severity="error",
                    summary="page 223 has a chart, a range, tags or a visible enemy",
                    rule="Part A, Page 223; VI",
                    fix="page 223 is only `{page: 223}`"),
        FindingCode("AOA-BOOK-TAGS",
                    severity="error/warning",
                    summary=("a visible enemy without range; in a pair, range, visibility, Tailing/Tailed or "
                             "Firing/Shot! differ between the books (errors; at most 25 listed per pair, then a "
                             "count; a value a book could not read is not compared); Firing/Shot! on a page without "
                             "an enemy (warning)"),
                    rule="III, V; Beginner's Guide",
                    fix="make the page records agree"),
        FindingCode("AOA-BOOK-DAMAGE",
                    severity="error",
                    summary=("a Firing page's damage is missing or not 4/2/1 for short/medium/long, or damage on a "
                             "page that is not Firing"),
                    rule="Standard Game, Firing",
                    fix="fix the damage"),
        FindingCode("AOA-BOOK-END-PAGE",
                    severity="error",
                    summary=("from some page with a chart (all 222 x 26 x 26 turns are flown), the two books give "
                             "different end pages for a pair of maneuvers (at most 25 listed, then one finding with "
                             "the count of all; always run: turns that read an unknown cell are skipped, every "
                             "other turn is flown)"),
                    rule="I, II, III; Powerhouse Reveal Maneuver, Page 223",
                    fix="fix one of the two pages named"),
        FindingCode("AOA-BOOK-PAIR",
                    severity="error",
                    summary=("two books name each other inconsistently, both are of one side, or they name "
                             "different `layout`s"),
                    rule="Part A",
                    fix="`opponent` must be mutual, sides german and allied, one layout"),
        FindingCode("AOA-BOOK-STALL",
                    severity="warning",
                    summary=("page p under a stationary code of the book's layout (the straight stall D) is not p "
                             "(at most 25 listed per book, then a count). An inference from I (\"if the other plane "
                             "were remaining stationary (stalling) you would end the turn on that page\"), hence a "
                             "warning"),
                    rule="I",
                    fix="fix the cell; it is usually the page's own number"),
        FindingCode("AOA-BOOK-NO-PLANE",
                    severity="warning",
                    summary=("a page with a chart shows no enemy but is not one of 187, 188, 198, 205, 209, 213, or "
                             "is one of them and shows the enemy (at most 25 listed per book, then a count). Holds "
                             "for the printed books; a designed book may differ"),
                    rule="Part A, Losing Sight of the Enemy",
                    fix="fix `enemy_visible`"),
        FindingCode("AOA-BOOK-LAYOUT",
                    severity="error",
                    summary=("a `book-layout` repeats a code, marks a code stationary that is not a straight stall, "
                             "has an id or code order the book model does not read (`powerhouse-26`: A..Z; "
                             "`original-25`: A..Z without O), or (`powerhouse-26`) differs from the Maneuver "
                             "Chart's codes, speeds and columns"),
                    rule="Powerhouse Maneuver Chart; I",
                    fix="fix the layout; a book names its layout with `layout:`"),
        FindingCode("AOA-BOOK-START",
                    severity="error, warning",
                    summary=("error: a book's start page, or a Starting Page table entry, is 223, lacks a chart or "
                             "shows no enemy in some book; warning: a start page is marked Firing or Shot!, or "
                             "shows the same view and facing in both books of a pair"),
                    rule=("Standard Game set-up (170); I (\"the two pictures are not the same\"); IV; Optional "
                          "Rules, Starting Page"),
                    fix=("start on a page with a chart and the enemy in view, a different picture in each book and "
                         "no shot")),
        FindingCode("AOA-DESIGN-HEX",
                    severity="error",
                    summary=("a `book-design` maneuver or anchor offset is no hex centre (`ahead` must end in .5 in "
                             "an odd column; e.g. `{right: 1, ahead: 1}`)"),
                    rule="docs/aoa-books.md, Frames and coordinates",
                    fix="use `ahead: 0.5` or `1.5`"),
        FindingCode("AOA-DESIGN-SIDES",
                    severity="error",
                    summary=("a `book-design` does not have one allied and one german book, or both books share a "
                             "`book_id`"),
                    rule="Part A, The Dogfighting Book",
                    fix="one book per side"),
        FindingCode("AOA-DESIGN-ANCHOR",
                    severity="error",
                    summary=("an anchor lies beyond the radius, repeats a page or another anchor's situation, or "
                             "puts the start page in the own hex (a no-plane page), on a situation that looks the "
                             "same from both cockpits (any opposite headings) or where a plane's guns bear"),
                    rule="docs/aoa-books.md, Page numbering; Standard Game set-up; I; IV",
                    fix="anchor each page and situation once; start where the two pictures differ and nobody fires"),
        FindingCode("AOA-DESIGN-STALE",
                    severity="error",
                    summary=("a generated book differs from what its `book-design` generates now (first differing "
                             "page named)"),
                    rule="docs/aoa-books.md",
                    fix="run `fwdata aoa books DESIGN --out FOLDER` again; never edit generated books by hand"),
    ),
    after=("Unknown references in Ace of Aces data (a book's `opponent`, a DAC `mirror`, a critical\nresult's "
           "`leads_to`/`same_as`, a maneuver's flag) are `REF-UNKNOWN`."),
)
