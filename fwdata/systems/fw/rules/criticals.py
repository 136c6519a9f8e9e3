"""Where a critical hit lands and what it does: the area roll and the effect roll (QS 5.6, 7.2; OTR 10.3, 17.2, 17.4).

Both rolls are one D10 each. The area roll takes the A/C Critical AREA Hit Table modifiers (`critical-area-modifiers`),
the effect roll the target's protection modifier for the area (QS 7.2, the ADC's `protection`); a beam attack's
hits take 1 off the cockpit protection, not below +0 (OTR 10.3). Results are exact chances over the ten faces.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction

from fwdata.systems.fw.tables import RuleTable

D10 = range(1, 11)
EFFECT_BANDS = ("roll_1_or_less", "roll_2_3", "roll_4_6", "roll_7_8", "roll_9_or_more")
"""The Critical Hit Effects Table's columns, by modified D10: 1 or less, 2-3, 4-6, 7-8, 9 or more."""
DESTROYED_MARK = "(destroyed)"
"""The effects table's label of the three asterisked results: the aircraft is destroyed."""
LARGE_CREW = 8
"""OTR 17.2: an aircraft with 8 or more crew rolls twice for a cockpit critical hit."""
LARGE_CREW_HOLLOW_FROM = 7
"""OTR 17.2: 7 or more on the second roll makes the cockpit hit a hollow hit."""
LARGE_CREW_HOLLOW = "hollow hit (second roll 7 or more, OTR 17.2)"
AREA_CONDITIONS = {
    "front": "final deflection 150 or 180",
    "rear": "final deflection 30 or 0",
    "multi_engine": "multi-engine aircraft",
    "down_the_12": "front shot down the 12:00 line",
}


@dataclass(frozen=True)
class CriticalOutcome:
    """The chance of each area, and of each effect within it, for one critical-hit roll."""

    areas: dict[str, Fraction]
    effects: dict[str, dict[str, Fraction]]

    @property
    def destroyed(self) -> Fraction:
        """The chance that this one critical hit destroys the aircraft outright (an asterisked result)."""
        return sum((self.areas[area] * chance for area, effects in self.effects.items()
                    for effect, chance in effects.items() if DESTROYED_MARK in effect), Fraction(0))


def area_roll_modifier(modifiers: RuleTable, deflection_deg: int, *, multi_engine: bool = False,
                       down_the_12: bool = False, pusher: bool = False) -> int:
    """Return the area roll's modifier (QS Combat Tables; OTR 17.2, 17.4).

    Front arc (150 or 180 deg) and rear arc (30 or 0) from the table; a pusher reverses them (OTR 17.4); a
    multi-engine target and a front shot down its 12:00 line add theirs. Raises KeyError for a table without
    one of the conditions.
    """
    values = {str(modifiers.row_dict(i)["condition"]): int(modifiers.row_dict(i)["modifier"])  # type: ignore[arg-type]
              for i in range(len(modifiers.rows))}
    front, rear = values[AREA_CONDITIONS["front"]], values[AREA_CONDITIONS["rear"]]
    if pusher:
        front, rear = rear, front
    total = front if deflection_deg >= 150 else rear if deflection_deg <= 30 else 0
    total += values[AREA_CONDITIONS["multi_engine"]] if multi_engine else 0
    return total + (values[AREA_CONDITIONS["down_the_12"]] if down_the_12 else 0)


def area_for_roll(area_table: RuleTable, roll: int) -> str:
    """Return the area code a modified D10 finds: open ends catch every roll beyond them (QS Combat Tables)."""
    for i in range(len(area_table.rows)):
        row = area_table.row_dict(i)
        low, high = row["roll_min"], row["roll_max"]
        if (low is None or roll >= int(low)) and (high is None or roll <= int(high)):
            return str(row["area"])
    raise ValueError(f"table {area_table.id!r} has no area for roll {roll}")


def effect_for_roll(effects_table: RuleTable, area: str, roll: int) -> str | None:
    """Return the effect a modified D10 gives in `area`, or None for an area without effects (hollow space)."""
    row = next((effects_table.row_dict(i) for i in range(len(effects_table.rows))
                if effects_table.row_dict(i)["area"] == area), None)
    if row is None:
        return None
    band = 0 if roll <= 1 else 1 if roll <= 3 else 2 if roll <= 6 else 3 if roll <= 8 else 4
    return str(row[EFFECT_BANDS[band]])


def critical_outcome(area_table: RuleTable, effects_table: RuleTable, area_modifier: int,
                     protection: Mapping[str, int], *, beam: bool = False, crew: int = 1) -> CriticalOutcome:
    """Return the chances of each area and effect for one critical-hit roll (QS 5.6, 7.2; OTR 10.3, 17.2).

    `protection` maps area codes (engine, fuel_tanks, cockpit) to the ADC's modifier added to the effect roll;
    `beam` takes 1 off the cockpit's, not below +0 (OTR 10.3). With `crew` of 8 or more a cockpit hit rolls twice
    (OTR 17.2): read as the first roll giving the effect and an unmodified second roll of 7 or more turning it into
    a hollow hit (docs/fw-rules.md).
    """
    areas: dict[str, Fraction] = {}
    for roll in D10:
        area = area_for_roll(area_table, roll + area_modifier)
        areas[area] = areas.get(area, Fraction(0)) + Fraction(1, 10)
    effects: dict[str, dict[str, Fraction]] = {}
    for area in areas:
        bonus = int(protection.get(area, 0))
        if beam and area == "cockpit":
            bonus = max(0, bonus - 1)
        chances: dict[str, Fraction] = {}
        for roll in D10:
            effect = effect_for_roll(effects_table, area, roll + bonus)
            if effect is not None:
                chances[effect] = chances.get(effect, Fraction(0)) + Fraction(1, 10)
        if area == "cockpit" and crew >= LARGE_CREW:
            kept = Fraction(LARGE_CREW_HOLLOW_FROM - 1, 10)
            chances = {effect: chance * kept for effect, chance in chances.items()}
            chances[LARGE_CREW_HOLLOW] = 1 - kept
        effects[area] = chances
    return CriticalOutcome(areas, effects)


def casualty_chances(casualty_table: RuleTable, clock: float) -> dict[str, Fraction]:
    """Return who a bomber's crew casualty hits, by chance, for an attack from clock bearing `clock` (OTR 17.2).

    The sample B-17/B-24 table's D10 takes -1 from the front arc (clock lines 11 to 01) and +1 from the rear arc
    (05 to 07); a modified 0 or 11, which the table does not print, reads its nearest row (docs/fw-rules.md).
    """
    position = clock % 12
    modifier = -1 if position >= 11 or position <= 1 else 1 if 5 <= position <= 7 else 0
    rows = [casualty_table.row_dict(i) for i in range(len(casualty_table.rows))]
    lowest = min(int(r["roll_min"]) for r in rows)  # type: ignore[arg-type]
    highest = max(int(r["roll_max"]) for r in rows)  # type: ignore[arg-type]
    chances: dict[str, Fraction] = {}
    for roll in D10:
        final = min(max(roll + modifier, lowest), highest)
        crew = next(str(r["crew"]) for r in rows
                    if int(r["roll_min"]) <= final <= int(r["roll_max"]))  # type: ignore[arg-type]
        chances[crew] = chances.get(crew, Fraction(0)) + Fraction(1, 10)
    return chances
