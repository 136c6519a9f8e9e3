"""Finding codes of Flight Leader: each code's severity, meaning, example, rule and fix
(docs/findings.md is made from them)."""

from fwdata.findings.codes import FindingCode, FindingSection

FINDINGS = FindingSection(
    title="Flight Leader (`fl`)",
    columns=("code", "severity", "meaning", "example", "rule", "how to fix"),
    before=("Rule numbers are those of the Flight Leader rulebook (`002_06ce78c147afc7c6.txt`). The "
            "printed\nscenarios are checked like community ones: a warning on bundled data is a real "
            "disagreement\nbetween a printed scenario and the rules. The lists 21.2-21.6 are cut off, so many "
            "values are\nunknown; scoring then tries every possible value and says under which assumptions a "
            "printed\nvalue agrees (`FL-SP-ASSUMED`) or why it cannot be computed (`FL-SP-UNKNOWN`). The "
            "aircrew\nrating letter of a flight is inferred from its aircrew counts (mean of experienced 2, average "
            "1,\ninexperienced 0: 1.5+ A, 1.25 B, 1.0 C, 0.75 D, 0.5 E, else F; between steps the better "
            "letter),\nbecause the AIRCREW QUALITY CHART (26.5(a)) is not in the text. `fwdata fl points SCENARIO` "
            "(when\nwired) prints the whole computation; `build/fl/crosscheck.md` lists every scenario.\nSolving "
            "every printed scenario's points together (`fwdata/systems/fl/scoring/solver.py`) treats a lost\nvalue "
            "of an aircraft as one unknown shared by its scenarios: `FL-SP-DERIVED` names the values the "
            "printed\ntotals pin down, `FL-SP-CONTRADICTION` the totals no common value satisfies.\n`REF-UNKNOWN` / "
            "`REF-CYCLE` are also used for an fl aircraft's `base`, a scenario flight's\n`aircraft` and a side's or "
            "flight's `nation`."),
    codes=(
        FindingCode("FL-SP-MISMATCH",
                    severity="warning",
                    summary=("a side's printed scenario points (23.2.9) differ from 26.2.3.2 under every possible "
                             "value of what is unknown; the message gives each computation, and what the "
                             "unit-number counts would give when a flight prints fewer aircraft than unit numbers"),
                    example=("`24-6.yaml:58:22: warning FL-SP-MISMATCH: Egypt: printed 20SP, the rules give 6 or 8 "
                             "or 10 or 12 (...); with as many aircraft as unit numbers (MG17C 4) it would agree`"),
                    rule="23.2.9, 26.2.3.2",
                    fix="correct the printed total or the forces"),
        FindingCode("FL-SP-ASSUMED",
                    severity="info",
                    summary=("the printed points agree only under some values of unknown data (a lost "
                             "countermeasures rating, an unstated armament, an unclear controller); the message "
                             "names them"),
                    example=("`24-1.yaml:59:22: info FL-SP-ASSUMED: North Korea: printed 40SP agrees only if MG15 "
                             "(mg15) countermeasures rating 0; ...`"),
                    rule="23.2.9, 26.2.3.2",
                    fix="state the missing value (counter data, armament) if you know it"),
        FindingCode("FL-SP-UNKNOWN",
                    severity="info",
                    summary=("the points cannot be computed: an aircraft's list row or the cell for its rating "
                             "letter is lost (an F-4 of the F-4B/C/D row or the F-4J is valued at 21.7 note l's 8-7 "
                             "points after 1964 and 8-2 points after 1969, chosen by date and load; before 1965 its "
                             "own row applies, which is lost), or a dash (not available) is printed there, or the "
                             "unknown values (flights without `missiles:`, unknown counter values) have too many "
                             "combinations to try: the search for a side stops after 20000 flight evaluations (each "
                             "combination tried costs one per flight of the scenario, so a 2-flight scenario gets "
                             "up to 10000 combinations, a 120-flight one about 160); `missiles_alternatives` add "
                             "nothing to it (an unstated armament is always none / old / new)"),
                    example=("`24-1.yaml:26:22: info FL-SP-UNKNOWN: United States: scenario points cannot be "
                             "computed: F80C (f80c): list row lost ...`"),
                    rule="26.2.3.2, 21.1.11, 21.7",
                    fix="give the aircraft its scenario points (a community list row)"),
        FindingCode("FL-SP-NOT-PRINTED",
                    severity="info",
                    summary="the scenario prints no points for a side; the message gives what the rules give",
                    example=("`24-19-1.yaml:65:5: info FL-SP-NOT-PRINTED: Argentina: no scenario points printed; "
                             "the rules give 12 or 16 or 20 ...`"),
                    rule="23.2.9, 26.2.3.2",
                    fix="add `scenario_points`"),
        FindingCode("FL-SP-DERIVED",
                    severity="info",
                    summary=("solving every printed scenario's points together (a lost list cell, a countermeasures "
                             "rating, missile capability or external gun of an aircraft is one unknown shared by "
                             "every scenario that uses it; an unstated armament or unclear controller belongs to "
                             "its scenario) leaves one value of an unknown: the message names the value, the "
                             "scenarios whose printed totals pin it down, and the other derived values it was found "
                             "with; the list order (a better rating is never worth less, 21.1.11) also narrows the "
                             "cells of one row; a lost list cell is tried from 1 to 60"),
                    example=("`24-16.yaml:59:22: info FL-SP-DERIVED: MG21C (mg21c) E points 9: the only value under "
                             "which the printed scenario points of 24.11.1 North Vietnam (36SP), 24.16 India "
                             "(18SP), ... agree with 26.2.3.2`"),
                    rule="26.2.3.2, 21.1.11",
                    fix=("none needed; write the value into the aircraft's list row (`scenario_points`, `counter`) "
                         "only if another source confirms it")),
        FindingCode("FL-SP-CONTRADICTION",
                    severity="warning",
                    summary=("no value of a shared unknown lets two printed totals agree with 26.2.3.2 at once (the "
                             "allowed values of each, with its computation), or a printed total agrees under none "
                             "of the values the other scenarios pin down (what the rules then give, with the "
                             "computation); the sides in the most contradictions are left out of the solving"),
                    example=("`24-19-1.yaml:29:22: warning FL-SP-CONTRADICTION: 24.19.1 Great Britain (30SP) and "
                             "24.19.2 Great Britain (30SP) cannot agree with 26.2.3.2 together: no value of "
                             "Harrier* (sea-harrier) C points satisfies them at once: ... agrees only if ... is 13 "
                             "(...); ... agrees only if ... is 16 or 18 (...)`"),
                    rule="26.2.3.2",
                    fix="find the misprinted total (or the forces)"),
        FindingCode("FL-SP-CAPPED",
                    severity="info",
                    summary=("a side's unknown values have more combinations than the search across scenarios tries "
                             "(the 20000 flight evaluations of `FL-SP-UNKNOWN`, or 200000 combinations of lost list "
                             "cells, 60 values each, the last one solved for; once 8 sides of a run have done so, "
                             "the sides after them are not searched, so a pack of many such sides stays quick): the "
                             "side is left out of the solving"),
                    example=("`scenario.yaml:18:22: info FL-SP-CAPPED: T.1 Alpha (90SP): its lost values have more "
                             "than 200000 combinations; ...`"),
                    rule="—",
                    fix="give some of its aircraft their list values"),
        FindingCode("FL-VP-MISMATCH",
                    severity="warning",
                    summary=("printed victory points differ from 26.5.1-26.5.3 and 23.7 computed from both sides' "
                             "aircraft counts and scenario points (superior side's value x its points ratio, '.5 "
                             "and above' up; lowest whole values with whole quarters; damaged 1/4, exits 1/2; a "
                             "bonus exit or jettison is 1/2 of the value of the side that flies the type the line "
                             "names); the derivation is in the message"),
                    example=("`24-8-variant.yaml:107:23: warning FL-VP-MISMATCH: United States earns: per "
                             "eliminated 36 should be 32 (26.5: ... 17/16 x 8 = 8.50 -> 9 ...)`"),
                    rule="23.7, 26.5.1-26.5.3",
                    fix="correct the printed values"),
        FindingCode("FL-VP-INAPPLICABLE",
                    severity="warning",
                    summary=("a bonus-exit (23.7.2.1) or jettison (23.7.3) value names an aircraft type that no "
                             "flight of the scenario flies, so it can never be earned (a line copied from another "
                             "scenario); its value is not checked. A type is named when the printed name leads a "
                             "flight's unit or designation ('F-105' names F105D, 'A-4' names A-4A, not 'F-1' "
                             "F-105); a value naming a flown type is half of the value of the side flying it "
                             "(26.5.3), and a `FL-VP-MISMATCH` when it is not. When the line's per-aircraft values "
                             "are also printed against a type the other side does not fly (23.7.1), the whole line "
                             "is reported once, as one slip"),
                    example=("`24-11-2.yaml:113:7: warning FL-VP-INAPPLICABLE: North Vietnam's victory-point line "
                             "names MiG-17 and F-105, none of which flies in this scenario: one slip of the line "
                             "...`"),
                    rule="23.7.1, 23.7.2.1, 23.7.3, 26.5.3",
                    fix="drop the line, or name the types it was meant for"),
        FindingCode("FL-VP-CONTRADICTION",
                    severity="warning",
                    summary=("a side prints no scenario points; the other printed victory points fit only some of "
                             "the totals the rules give it (26.5.1), and the values solved across scenarios (a "
                             "countermeasures rating another scenario pins down) leave none of those"),
                    example=("`24-19-1.yaml:66:7: warning FL-VP-CONTRADICTION: Argentina prints no scenario points; "
                             "Argentina's printed victory points need Argentina at 20, but with A-4A (a-4a) "
                             "countermeasures rating 6+ (solved across scenarios) the rules give 12 or 16 ...`"),
                    rule="26.5.1",
                    fix="a printed fault: keep it in the baseline, or correct the victory points"),
        FindingCode("FL-VP-UNKNOWN",
                    severity="info",
                    summary=("the victory points cannot be derived (a side's points are unknown and not printed) or "
                             "are special (23.7.3, 25.3)"),
                    example=("`25-3.yaml:44:7: info FL-VP-UNKNOWN: Japan: special victory points (23.7.3) outside "
                             "the 26.5 derivation`"),
                    rule="23.7.3, 25.3",
                    fix="none needed"),
        FindingCode("FL-IN-SERVICE",
                    severity="warning",
                    summary="an aircraft's list Date (21.1.5) is after the scenario year (26.2.2.1)",
                    example=("`scenario.yaml:24:19: warning FL-IN-SERVICE: TJ (test-jet) entered service in 1960 "
                             "(list Date, 21.1.5), after the scenario date 1955 (26.2.2.1)`"),
                    rule="21.1.5, 26.2.2.1",
                    fix="pick an aircraft in service, or change the date"),
        FindingCode("FL-NATION-TYPE",
                    severity="warning",
                    summary=("the side's (or flight's) nation does not fly the aircraft per its National "
                             "Information List (22.x); designations are resolved to aircraft documents in the "
                             "nation's `aircraft` list"),
                    example=("`24-6.yaml:64:19: warning FL-NATION-TYPE: Egypt does not fly MG17C (mg17c): its "
                             "National Information List (22.x) names ...`"),
                    rule="22.2-22.9",
                    fix="use an aircraft of the nation, or give the flight its own `nation` (a defector)"),
        FindingCode("FL-MS-MA",
                    severity="warning",
                    summary=("a scenario's MS or MA exceeds the aircraft's list value (a scenario may only lower "
                             "MA, 23.2.6)"),
                    example=("`24-12.yaml:70:13: warning FL-MS-MA: MG19C (mg19c): scenario MA 16 exceeds the list "
                             "MA 14 (21.6) ...`"),
                    rule="23.2.6",
                    fix="use the list value or lower"),
        FindingCode("FL-START-ALTITUDE",
                    severity="warning",
                    summary="a start-altitude limit lies above the aircraft's MA (10.1.1)",
                    example=("`scenario.yaml:39:16: warning FL-START-ALTITUDE: TJ (test-jet): start altitude up to "
                             "18 exceeds MA 16 (10.1.1)`"),
                    rule="10.1.1",
                    fix="lower the limit"),
        FindingCode("FL-LOADED",
                    severity="warning",
                    summary=("a loaded fighter-bomber may start above half its MA (10.3.1), or carries missiles "
                             "although as a fighter-bomber it carries none (21.8, note c)"),
                    example=("`scenario.yaml:38:16: warning FL-LOADED: TJ (test-jet) is loaded: start altitude up "
                             "to 9 exceeds its loaded MA 8 (half of 16, rounded up, 10.3.1)`"),
                    rule="10.3.1, 21.8",
                    fix="lower the start altitude / remove the missiles"),
        FindingCode("FL-FORCE-LIMIT",
                    severity="warning",
                    summary="more than 8 aircraft, 3 types or 3 flights on a side (26.2.3.3.2)",
                    example=("`scenario.yaml:20:7: warning FL-FORCE-LIMIT: Alpha: 10 aircraft (at most 8), 5 "
                             "flights (at most 3) (26.2.3.3.2)`"),
                    rule="26.2.3.3.2",
                    fix="split the force"),
        FindingCode("FL-PAIRS",
                    severity="warning",
                    summary="an odd number of aircraft of a type on a side (pairs, 26.2.3.3.1, 20.2.1)",
                    example="`24-17-2.yaml:31:7: warning FL-PAIRS: North Vietnam: odd number of MG17C ...`",
                    rule="26.2.3.3.1, 20.2.1",
                    fix="add or remove a wingman (historical one-on-ones are real exceptions)"),
        FindingCode("FL-PENETRATION",
                    severity="warning",
                    summary="a Penetration side has no loaded fighter-bombers or reconnaissance aircraft (26.2.3.3.3)",
                    example=("`scenario.yaml:17:14: warning FL-PENETRATION: Alpha: a penetration needs at least one "
                             "element of loaded fighter-bombers or reconnaissance aircraft (26.2.3.3.3)`"),
                    rule="26.2.3.3.3",
                    fix="load an element or change the mission"),
        FindingCode("FL-UNIT-COUNT",
                    severity="warning",
                    summary=("a flight's aircraft count differs from its unit-number range (23.2.5) or status-unit "
                             "sets (23.2.3), or the unit numbers are no range"),
                    example=("`24-13.yaml:46:23: warning FL-UNIT-COUNT: 2 MG21C but 4 unit numbers (851-854) "
                             "(23.2.5); read as 4 (the scenario's readings)`"),
                    rule="23.2.5, 23.2.3",
                    fix=("make count, unit numbers and status sets agree (a scenario's `readings: {flight_counts: "
                         "unit-numbers}` says which count it is scored with, docs/fl-readings.md)")),
        FindingCode("FL-AIRCREW-COUNT",
                    severity="warning",
                    summary=("the aircrew counts (23.2.7) do not crew the flight exactly (seats x aircraft), when "
                             "the crew size is known"),
                    example=("`scenario.yaml:32:11: warning FL-AIRCREW-COUNT: 2 TJ with 1 seats each need 2 "
                             "aircrew; 0/3/0 gives 3 (23.2.7)`"),
                    rule="23.2.7",
                    fix="fix the counts"),
        FindingCode("FL-MSLS-UNDEFINED",
                    severity="warning",
                    summary=("an aircraft's MSLS code is not among the Specific Missile Loads of 21.8.5 (the "
                             "rulebook itself uses 2-2 without defining it)"),
                    example=("`a-4e.yaml:18:7: warning FL-MSLS-UNDEFINED: A-4A* (a-4e): MSLS 2-2 is not among the "
                             "Specific Missile Loads of 21.8.5 ...`"),
                    rule="21.8.5",
                    fix="use a defined load, or add the load"),
        FindingCode("FL-MSLS-RAILS",
                    severity="warning",
                    summary="the aircraft's load holds more missiles than its rails (1.2.1.5)",
                    example="",
                    rule="1.2.1.5, 21.8.5",
                    fix="fix the load or the rails"),
        FindingCode("FL-POINTS-ORDER",
                    severity="warning",
                    summary="an aircraft's scenario points rise from a better to a worse rating letter (21.1.11)",
                    example=("`aircraft.yaml:24:6: warning FL-POINTS-ORDER: TJ (test-jet): C points 13 exceed B "
                             "points 12 ...`"),
                    rule="21.1.11",
                    fix="check the row"),
        FindingCode("FL-MISSILE-LOAD",
                    severity="warning",
                    summary=("a flight carries more missiles than the aircraft's rails (1.2.1.5) or its list load "
                             "holds, missile types its load never names, or missiles with a list MSLS of 0 (21.1.8, "
                             "21.8.5); lesser loads are fine (26.4.2)"),
                    example=("`25-4.yaml:72:11: warning FL-MISSILE-LOAD: F-5E* (f-5e-aggressor) carries 4 RA + 2 "
                             "HA: 6 missiles, more than load 2-4 (2HN/HW/HA) holds (2); RA not in load 2-4 "
                             "(2HN/HW/HA) (21.8.5)`"),
                    rule="1.2.1.5, 21.1.8, 21.8.5, 26.4.2",
                    fix="arm the flight within its load"),
    ),
)
