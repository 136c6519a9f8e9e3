"""Fighting Wings play aids: the printed words for the codes rule tables store in their cells."""

from __future__ import annotations

# Keyed by column key, then by stored code; the words are the rulebook's (OTR 4.3.1, OTR 17.2, OTR 32.3,
# QS Combat Tables), so the aid reads like the printed table it transcribes, and plain words where a cell
# stores a formula.
CELL_LABELS: dict[str, dict[str, str]] = {
    "condition": {
        "loaded": "Loaded",
        "over_loaded": "Over loaded",
        "severely_damaged": "Severely damaged",
        "engine_power_loss": "Engine power losses (OTR 11.3)",
        "cruise_power": "Cruise power",
        "endurance_power": "Endurance power",
        "idle_power": "Idle power (-0.5 speed)",
    },
    # The rules read these cells as arithmetic (fwdata/systems/fw/rules/attainable_speeds.py); a player reads words.
    "max_attainable": {
        "max-0.5": "max level - 0.5",
        "max-1.0": "max level - 1.0",
        "max-1.5": "max level - 1.5",
        "max-0.5/each": "max level - 0.5 per loss",
        "min(max-1.0, laden-0.5)": "max level - 1.0 or laden - 0.5, the lower",
        "laden*1/2": "half of laden (FVT)",
        "max*1/2": "half of max level (FVT)",
    },
    "load_state": {"normal": "Normal", "loaded": "Loaded", "over_loaded": "Over-loaded"},
    "engines_status": {
        "all_good": "All eng. good",
        "1_out": "1 eng. out",
        "2_out_ds": "2 eng. out DS",
        "2_out_ss": "2 eng. out SS",
        "3_out": "3 eng. out",
        "4_out": "4 eng. out",
    },
    "area": {
        "engine": "Engine",
        "fuel_tanks": "Fuel Tanks",
        "hollow_space": "Hollow space",
        "cockpit": "Cockpit",
        "wings": "Wings",
        "controls": "Controls",
    },
    "light_condition": {
        "full_moon": "Full Moon",
        "partial_moon": "Partial Moon",
        "no_moon": "No Moon",
        "illuminated": "Illuminated",
    },
    "pitch": {"lower-ez": "Lower nose (EZ)", "lower-free": "Lower nose (free)", "raise-ez": "Raise nose (EZ)",
              "none": "none"},
}

# Columns that only repeat a neighbour as a code for cross-references (by table id).
HIDDEN_COLUMNS: dict[str, frozenset[str]] = {"critical-area": frozenset({"area"})}


def cell_label(column_key: str, value: object) -> object:
    """Return the printed words for a stored code in `column_key`, or `value` unchanged."""
    if isinstance(value, str):
        return CELL_LABELS.get(column_key, {}).get(value, value)
    return value
