"""Fighting Wings rule options: the points where rulebooks, editions or damaged text disagree."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

ProportionBasis = Literal["full-fps", "total-fps", "speed"]
TurnDecelTiming = Literal["per-facing-completed", "per-facing-started"]
AccelCapTrigger = Literal["end-speed", "start-speed"]
HighSpeedTurnDecel = Literal["all-pilots", "gifted-only", "off"]
BomberSpeedEdition = Literal["otr-3rd", "otr-1st-errata"]
GearDecel = Literal["half-speed", "speed"]
ShallowVfpCutoff = Literal["at-or-below", "below"]
SevereDamagePower = Literal["none", "minus-one"]
MissingRateDecel = Literal["highest-plus-one", "error"]


@dataclass(frozen=True)
class FwRuleOptions:
    """Choices for the rules that differ between the Quick-Start, OTR 3rd ed. and the errata.

    Defaults follow the OTR 3rd-edition body text (000_50c801cd992f207d.txt) wherever it
    survives; `FwRuleOptions.quick_start()` gives the Quick-Start (003) reading.
    """

    proportion_basis: ProportionBasis = "full-fps"
    """FP count that MC, VFP and OC fractions are taken of: "full-fps" = playable full FPs
    (OTR 3.5.1), "total-fps" = speed + half-FP carry (QS 2.9), "speed" = speed alone,
    carry ignored (Err1 3.4)."""

    free_power_choice: bool = False
    """QS 4.1: any engine accel from 0 to the highest listed number may be taken. False
    uses the OTR 4.1 power settings (cruise up to 1/3, military above 1/3, emergency all)."""

    turn_decel_timing: TurnDecelTiming = "per-facing-completed"
    """When turn decel is charged: per 30 deg of actual facing change (OTR 4.2), or per
    30 deg of facing change started (QS 4.1; Err2 4.2 "the instant a turn rate begins").
    Only matters for turns carried across game turns."""

    accel_cap_trigger: AccelCapTrigger = "end-speed"
    """What stops further accel at max attainable speed: the END speed reaching it
    (OTR 4.4) or the START speed being at or above it (QS 2.3). Dives are exempt in both."""

    high_speed_turn_decel: HighSpeedTurnDecel = "all-pilots"
    """High-speed turn/transition decel reduction (OTR 5.5.1): for every pilot (5.5.1 text),
    only for gifted pilots (the 13.3 play-aid fragment), or not at all (QS has no such rule)."""

    bomber_speed_edition: BomberSpeedEdition = "otr-3rd"
    """Which 4-engine bomber min/max change table applies: OTR 3rd ed. 17.2 or the
    1st-edition errata table (Err1 11.2)."""

    err1_bomber_typo_corrected: bool = False
    """The Err1 4-engine table prints loaded / 3 engines out as +1.5/-1.5; every other
    loaded max change is the non-loaded one -0.5, giving -3.5. False uses the print."""

    overloaded_max_reduction_fp: float | None = None
    """Max attainable level speed reduction when overloaded: None = the attainable-speed
    table's value (1.0, OTR 4.3.1), or 0.5 (Err1 Flight Rules Summary)."""

    severe_damage_power: SevereDamagePower = "none"
    """Severe damage effect on total power: "none" (the 3rd-ed. fraction is on lost
    Flight Tables p.1, so no reduction is applied) or "minus-one" (Err1: -1, not below 1.0)."""

    gear_decel: GearDecel = "half-speed"
    """Decel per turn for landing gear down or in transit: half the start speed via the
    FVT (OTR 16.3.1) or the whole start speed (Err1 20.2)."""

    flaps_add_turn_decel: bool = False
    """Err1 20.2: flaps down or in transit add 1 to every turn decel (3rd ed.: no)."""

    shallow_vfp_cutoff: ShallowVfpCutoff = "at-or-below"
    """QS Flight Proportions note "No VFP if speed [?] 2.0": the comparison glyph is lost;
    "at-or-below" reads it as <= 2.0 (inferred), "below" as < 2.0."""

    missing_rate_decel: MissingRateDecel = "highest-plus-one"
    """A rate with no decel printed on the ADC: highest listed decel + 1 (OTR 5.4, stated
    there for slips and skids) or an error."""

    err1_climb_extras: bool = False
    """Err1 6.1 / Flight Rules Summary: +1 decel per increment climbed inverted and +1 per
    increment climbed when severely damaged."""

    @classmethod
    def quick_start(cls) -> FwRuleOptions:
        """Return the options that reproduce the Quick-Start rules (003)."""
        return cls(
            proportion_basis="total-fps",
            free_power_choice=True,
            turn_decel_timing="per-facing-started",
            accel_cap_trigger="start-speed",
            high_speed_turn_decel="off",
        )

    @classmethod
    def otr_first_edition_errata(cls) -> FwRuleOptions:
        """Return the options of OTR 1st edition as corrected by the June 1994 errata (Err1)."""
        return cls(
            proportion_basis="speed",
            bomber_speed_edition="otr-1st-errata",
            overloaded_max_reduction_fp=0.5,
            severe_damage_power="minus-one",
            gear_decel="speed",
            flaps_add_turn_decel=True,
            err1_climb_extras=True,
        )
