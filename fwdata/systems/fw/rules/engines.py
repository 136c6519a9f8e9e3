"""Engines without fuel injection: when they are forced to idle power (OTR 4.3.1)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

NO_FUEL_INJECTION = "No F.I."
"""OTR 4.3.1: the token an ADC's engine description carries for an engine without fuel injection."""


def fuel_injected(engines: Mapping[str, Any]) -> bool:
    """Tell whether an ADC's engines are fuel injected: yes unless the card says 'No F.I.' (OTR 4.3.1).

    `engines` is the card's `general.engines` mapping: its `fuel_injection` flag when present, else whether the
    description carries the 'No F.I.' token.
    """
    if "fuel_injection" in engines:
        return bool(engines["fuel_injection"])
    return NO_FUEL_INJECTION.lower() not in str(engines.get("description", "")).lower()


def forced_idle_next_turn(fuel_injection: bool, *, inverted_whole_turn: bool = False, pull_or_positive_g: bool = False,
                          ng_transition: bool = False, ng_turn_started: bool = False,
                          ng_turn_carried: bool = False) -> bool:
    """Tell whether an aircraft must use idle power on the next game turn (OTR 4.3.1).

    Only engines without fuel injection: after a whole turn inverted without a pull transition or positive-G
    turning, or after an NG transition (6.5), starting an NG turn (5.9) or carrying NG turning forward.
    """
    if fuel_injection:
        return False
    inverted = inverted_whole_turn and not pull_or_positive_g
    return inverted or ng_transition or ng_turn_started or ng_turn_carried
