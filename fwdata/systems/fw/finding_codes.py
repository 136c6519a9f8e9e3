"""Finding codes of Fighting Wings: each code's severity, meaning, rule and fix
(docs/findings.md is made from them)."""

from fwdata.findings.codes import FindingCode, FindingSection

FINDINGS = FindingSection(
    title="Fighting Wings (`fw`)",
    columns=("code", "severity", "meaning", "rule", "how to fix"),
    codes=(
        FindingCode("FW-TABLE-SHAPE",
                    severity="error",
                    summary="a table row has more or fewer cells than the table has columns",
                    rule="—",
                    fix="add or remove cells"),
        FindingCode("FW-TABLE-CELL",
                    severity="error",
                    summary=("a cell of a table the rules compute with cannot be used: a Turn Chart rate cell that "
                             "is not NA, 60/FP, 90/FP, a-b or an FP count of at least 1 (0 would let a turn never "
                             "end), a Fractional Values cell outside 0..its number, or Flight Proportions codes the "
                             "rules cannot read for some attitude; the rules needing the table (climb simulation, "
                             "`fw simulate`) are skipped"),
                    rule="QS 2.7, 2.9, Turn Chart; OTR 3.5.1",
                    fix="correct the cell to a value the rule can use"),
        FindingCode("FW-PERF-BANDS",
                    severity="error",
                    summary="a band is listed twice, or the bands do not run upward from VL without gaps",
                    rule="OTR Ch. 2",
                    fix="one line per band, VL first"),
        FindingCode("FW-PERF-ORDER",
                    severity="error",
                    summary=("in a band, not min < max level < max dive, or the turn-rate minimums do not rise min "
                             "<= TT <= HT <= BT <= ET"),
                    rule="OTR Ch. 2, 4.2, 4.7; QS 2.6",
                    fix="correct the speeds; e.g. `VL band: max dive 7.0 FP is not above max level 7.5 FP`"),
        FindingCode("FW-PERF-RATE-UNUSABLE",
                    severity="warning",
                    summary="a turn-rate minimum above max dive (never usable), or TT above max level",
                    rule="digest 6.11",
                    fix="check the value"),
        FindingCode("FW-PERF-MIN-ALTITUDE",
                    severity="warning",
                    summary="a band's minimum speed is lower than the band below it",
                    rule="digest 6.11",
                    fix="minimum speeds normally rise with altitude"),
        FindingCode("FW-TURN-DECEL-ORDER",
                    severity="error",
                    summary="TT <= HT <= BT <= ET turn decel does not hold",
                    rule="OTR 4.2",
                    fix="correct the decel numbers"),
        FindingCode("FW-POWER-ROWS",
                    severity="error",
                    summary="the Power versus Speed Chart lacks a line for a performance band",
                    rule="OTR 4.1",
                    fix="add the line"),
        FindingCode("FW-POWER-CELL",
                    severity="error",
                    summary="a power cell's emergency accel is below its military accel",
                    rule="OTR 4.1",
                    fix="`M/E` with E >= M"),
        FindingCode("FW-POWER-REACH",
                    severity="warning",
                    summary=("a speed column between min and max level speed has no military accel, so the listed "
                             "max level cannot be reached"),
                    rule="OTR 4.1, 4.3",
                    fix="give the column an accel"),
        FindingCode("FW-POWER-FALLOFF",
                    severity="warning",
                    summary="a piston aircraft's military accel rises with speed",
                    rule="OTR 4.1 designer's note",
                    fix="propeller thrust falls as speed rises"),
        FindingCode("FW-BANK-SLIP",
                    severity="warning",
                    summary="Banking or Side Slip FPs below 1 or falling as speed rises",
                    rule="OTR 5.1, 5.4",
                    fix="correct the line"),
        FindingCode("FW-CLIMB-BANDS",
                    severity="error/warning",
                    summary=("rates of climb not listed for exactly the performance bands (error), or a "
                             "non-positive rate in a flyable band (warning)"),
                    rule="Err1",
                    fix="one rate per band"),
        FindingCode("FW-ORDERED-PAIR",
                    severity="error",
                    summary=("load points loaded >= overloaded, ceilings out of order, damage factors or VP out of "
                             "order, endurance <= 0"),
                    rule="OTR 12.0, 15.4.2; QS 5.5",
                    fix="put the pair in order"),
        FindingCode("FW-FIREPOWER-RANGE",
                    severity="error",
                    summary="an attack factor rises with range, a factor follows a dash, or a critical rating below 1",
                    rule="OTR 9.1; QS 5.6",
                    fix="factors fall with range; dashes only at the end"),
        FindingCode("FW-SETUP-SPEED",
                    severity="error/warning",
                    summary=("a start speed below the band's minimum adjusted for load (stalled) or above max dive "
                             "(errors); above max attainable level speed while not diving (warning: overspeed decel "
                             "on turn 1)"),
                    rule="OTR 4.2, 4.3.1, 4.4, 4.7",
                    fix="choose a speed within the band's limits at the start altitude"),
        FindingCode("FW-SETUP-BAND",
                    severity="error/info",
                    summary=("band altitudes that overlap or run backwards, a start altitude in no listed band, or "
                             "in a band the card has no line for (error); no band altitudes at all, so speeds "
                             "cannot be checked (info)"),
                    rule="OTR Ch. 2",
                    fix="add `band_altitudes` or change the altitude"),
        FindingCode("FW-SETUP-ALTITUDE",
                    severity="error/warning",
                    summary=("a start altitude less than 100 ft above the map's ground level (error), or above the "
                             "card's ceiling for its load (warning)"),
                    rule="OTR 16.1, 12.0",
                    fix="start higher or lower"),
        FindingCode("FW-SETUP-FACING",
                    severity="error",
                    summary=("a hexside start where the hexes are not neighbours, or a facing that is not along the "
                             "hexside"),
                    rule="OTR 3.1.2, Diagram 3.1",
                    fix="write `hex/neighbour` and face along the hexside"),
        FindingCode("FW-SETUP-STACKING",
                    severity="warning",
                    summary=("A/C start stacked (same hex or hexside, same altitude) beyond the safe limits: "
                             "opposing sides, SH class, more than the formation type allows"),
                    rule="OTR 3.2",
                    fix="spread the set-up out"),
        FindingCode("FW-SETUP-PILOT",
                    severity="error",
                    summary="a squadron leader below Regular, or a Recruit leading a flight or element",
                    rule="OTR 8.5, 8.6",
                    fix="reorder the flight or raise the pilot's quality"),
        FindingCode("FW-SETUP-LOADS",
                    severity="error",
                    summary=("a store on a station the card does not have, over a station's weight limit, or over "
                             "the card's total"),
                    rule="OTR 12.0",
                    fix="use the card's stations and limits"),
        FindingCode("FW-LEVEL-RUN",
                    severity="warning",
                    summary=("a simulated level run at military power from the minimum speed never reaches the "
                             "listed max level speed"),
                    rule="OTR 4.1-4.4",
                    fix="give the power chart accel in every speed column below max level"),
        FindingCode("FW-CLIMB-RATE",
                    severity="warning/info",
                    summary=("the simulated sustained climb at climb speed (OTR 15.4.1; swept wing: cruise speed, "
                             "OTR 17.3) cannot reach the listed rate of climb (warning), or in play the A/C climbs "
                             "well above it (info), beyond a tolerance of one power step at climb speed + 10 % of "
                             "the listed rate; differences the rules cannot resolve are not reported; derivation in "
                             "`docs/fw-rules.md`"),
                    rule="OTR 4.1, 4.2, 15.4.1",
                    fix="raise the power chart at climb speed, or check the listed rate"),
        FindingCode("FW-DERIVED-MISMATCH",
                    severity="warning",
                    summary=("a card that carries `figures` has a cell that is not what its figures give by the "
                             "method of `docs/fw-derivation.md` (speeds: a different 0.5-FP value; climb: more "
                             "than 100 ft/min from the figure; power: a different military accel in the column); "
                             "the message gives the derived value, the formula, its rounding and the figures used"),
                    rule="OTR 3.5, 4.1, 4.2, 15.4.1",
                    fix="correct the cell, or the figure if the cell is right (an errata value wins: fix the figure)"),
        FindingCode("FW-FIGURE",
                    severity="error",
                    summary=("a figure names a source id that `figures.sources` does not list, or two figures of "
                             "one series share an altitude"),
                    rule="—",
                    fix="add the source, or give one value per altitude"),
        FindingCode("FW-FIGURE-UNIT",
                    severity="error",
                    summary=("a figure is outside the range of the period's aircraft, most often a wrong unit (a "
                             "700 \"mph\" fighter in km/h, a ceiling in metres, a climb in m/s)"),
                    rule="—",
                    fix="convert the figure to the unit its key names"),
        FindingCode("FW-FIGURE-CONFLICT",
                    severity="error/warning",
                    summary=("figures contradict each other: a top speed under 1.5 x the stall speed, a dive limit "
                             "not above level speed, a climb figure above the ceiling, a critical Mach above the "
                             "dive-limit Mach"),
                    rule="OTR Ch. 2",
                    fix="check the figures against their sources"),
        FindingCode("FW-POWER-OVERSPEED",
                    severity="warning",
                    summary=("a Power vs Speed column that starts above the band's max level speed carries accel: "
                             "the chart would carry the aircraft past its max level"),
                    rule="OTR 4.1, 4.2",
                    fix="make the column a dash"),
        FindingCode("FW-CLIMB-POWER",
                    severity="warning",
                    summary=("the listed climb and the military accel at climb speed are further apart than half a "
                             "printed power step plus the climb model's 10 % under the climb relation (rate = "
                             "1,500 x (accel - climb att. decel) x speed / 6); both directions; an "
                             "oxygen-restricted rate may sit below its power"),
                    rule="OTR 4.1, 4.2, 15.4.1",
                    fix="change the power cell at climb speed or the listed climb"),
        FindingCode("FW-DIVE-LIMIT",
                    severity="warning",
                    summary=("max level or max dive jumps by more than 1.0 FP between neighbouring bands; max level "
                             "is above the transonic speed; or the max dive speeds (transonic speeds) fit no single "
                             "IAS placard and Mach limit (critical Mach) read through the method's rounding, and "
                             "the odd band is named"),
                    rule="OTR Ch. 2, 4.7, 17.3",
                    fix="check the band's speeds"),
        FindingCode("FW-TURN-STALL",
                    severity="warning",
                    summary=("the min level speeds and TT/HT/BT/ET minimums of all bands fit no single stall speed "
                             "(min = stall TAS, turn minimum = stall TAS x sqrt(1.5 / 2.25 / 3.5 / 5 g), rounded "
                             "up; a minimum held at max dive says nothing); the cell whose removal makes them fit "
                             "is named"),
                    rule="OTR 4.2, 5.2",
                    fix="check the named cell"),
        FindingCode("FW-POWER-STEP",
                    severity="warning",
                    summary=("neighbouring Power vs Speed cells of a band break the falloff: a propeller loses 1 "
                             "point per engine per faster column (never below one printed step), jet and rocket "
                             "accel is flat"),
                    rule="OTR 4.1",
                    fix="check the cell against its neighbours"),
        FindingCode("FW-TABLE-FVT",
                    severity="info",
                    summary=("a Fractional Values Table cell departs from its rounding rule (nearest 0.5, ties "
                             "down); the printed value is kept"),
                    rule="OTR 3.5.1",
                    fix="none needed for a faithful transcription"),
        FindingCode("FW-TABLE-TURN-CHART",
                    severity="warning",
                    summary="a Turn Chart entry costs more FPs at a faster rate, or fewer at a higher speed",
                    rule="QS Turn Chart",
                    fix="check the transcription"),
        FindingCode("FW-TABLE-BOMBER",
                    severity="info",
                    summary=("a 4-engine speed-change entry does not follow its load state's offset (a probable "
                             "misprint; the printed value is kept)"),
                    rule="OTR 17.2, Err1",
                    fix="none needed for a faithful transcription"),
    ),
)
