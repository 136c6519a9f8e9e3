"""Attitudes and transitions: attitude classes, pull/push transitions, AFA and reversals (QS 3.1-3.9; OTR Ch. 6)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal

# --- flight attitudes and transitions (QS 3.1-3.9; OTR Ch. 6) -------------------------

TRANSITION_STEPS: Mapping[str, int] = {"none": 0, "EZ": 1, "TT": 1, "HT": 2, "BT": 3, "ET": 4}
"""Attitude steps per transition rate (QS Flight Tables, Flight Attitudes Diagram:
None = 0, EZ = [1], TT = [1], HT = 2, BT = 3, ET = 4; the 1s are restored)."""

ATTITUDE_RING: tuple[str, ...] = (
    "LVL", "SHC", "STC", "VC", "ISTC", "ISHC", "INV", "ISHD", "ISTD", "VD", "STD", "SHD",
)
"""The pull circle of the Flight Attitudes Diagram (QS 3.4); a push runs it backwards.
Positions 3 and 9 are the vertical climb and vertical dive, upright or inverted."""

INVERTED_ATTITUDES = frozenset({"INV", "ISHC", "ISTC", "IVC", "ISHD", "ISTD", "IVD"})
ATTITUDES: tuple[str, ...] = (*ATTITUDE_RING, "IVC", "IVD")

AttitudeClass = Literal["level", "shallow", "steep", "vertical"]


def attitude_class(attitude: str) -> AttitudeClass:
    """Return level, shallow, steep or vertical for a log code (QS 3.1, 3.3)."""
    code = _check_attitude(attitude)
    base = code[1:] if code in INVERTED_ATTITUDES and code != "INV" else code
    if base in ("LVL", "INV"):
        return "level"
    if base.startswith("SH"):
        return "shallow"
    if base.startswith("ST"):
        return "steep"
    return "vertical"


def vertical_sense(attitude: str) -> int:
    """Return +1 for a climb, -1 for a dive, 0 for level flight (QS 3.1)."""
    code = _check_attitude(attitude)
    if attitude_class(code) == "level":
        return 0
    return 1 if code.endswith("C") else -1


def _check_attitude(attitude: str) -> str:
    code = attitude.upper()
    if code not in ATTITUDES:
        raise ValueError(f"unknown flight attitude {attitude!r} (expected one of {', '.join(ATTITUDES)})")
    return code


def _ring_position(attitude: str) -> int:
    code = {"IVC": "VC", "IVD": "VD"}.get(attitude, attitude)
    return ATTITUDE_RING.index(code)


def _attitude_at(position: int, previous_inverted: bool) -> str:
    code = ATTITUDE_RING[position % 12]
    if code in ("VC", "VD"):
        return ("I" + code) if previous_inverted else code
    return code


@dataclass(frozen=True)
class Transition:
    """The attitudes a transition passes through and what it forces (QS 3.4-3.9)."""

    start: str
    end: str
    average: str
    steps: int
    path: tuple[str, ...]
    reversal: Literal["start", "end"] | None
    """Mandatory facing reversal: at the start of the move (leaving a vertical attitude
    toward the other side), at its end (passing through a vertical), or none (QS 3.7, 3.9)."""


def transition_steps(rate: str, *, gravity_step: bool = False) -> int:
    """Return the attitude steps of a transition rate, +1 for a gravity step (QS 3.6, Flight Tables).

    The With-Gravity sector of the diagram is lost, so the caller says whether the
    gravity step applies. Raises ValueError for an unknown rate.
    """
    key = "none" if rate.lower() in ("none", "free") else rate.upper()
    if key not in TRANSITION_STEPS:
        raise ValueError(f"unknown transition rate {rate!r} (expected none, EZ, TT, HT, BT or ET)")
    return TRANSITION_STEPS[key] + (1 if gravity_step else 0)


def transition(start: str, direction: Literal["pull", "push"], rate: str, *, gravity_step: bool = False) -> Transition:
    """Return the end attitude, average flight attitude and reversal of a transition.

    Count `transition_steps` around the pull circle (or backwards for a push). A vertical
    attitude keeps the upright/inverted sense it was entered with. The AFA is the
    attitude half way; an odd half rounds toward the end attitude, but back toward the
    start for rates of EZ or less and when passing through or leaving a vertical dive.
    QS 3.4, 3.5, 3.7, 3.9. Raises ValueError for a push above HT-2 (QS 3.4) or an
    unknown attitude or rate.
    """
    code = _check_attitude(start)
    if direction not in ("pull", "push"):
        raise ValueError(f"transition direction must be pull or push, got {direction!r}")
    steps = transition_steps(rate, gravity_step=gravity_step)
    if direction == "push" and steps - (1 if gravity_step else 0) > 2:
        raise ValueError(f"push transitions are limited to HT-2 (QS 3.4), got {rate}")
    sign = 1 if direction == "pull" else -1
    position = _ring_position(code)
    path = [code]
    inverted = code in INVERTED_ATTITUDES
    for step in range(1, steps + 1):
        attitude = _attitude_at(position + sign * step, inverted)
        inverted = attitude in INVERTED_ATTITUDES
        path.append(attitude)
    reversal: Literal["start", "end"] | None = None
    if steps and attitude_class(code) == "vertical":
        if (path[1] in INVERTED_ATTITUDES) != (code in INVERTED_ATTITUDES):
            reversal = "start"
    elif any(attitude_class(a) == "vertical" for a in path[1:-1]):
        reversal = "end"
    half, odd = divmod(steps, 2)
    if odd:
        dive_vertical = any(a in ("VD", "IVD") for a in path[:-1])
        gentle = rate.lower() in ("none", "free", "ez")
        half += 0 if (gentle or dive_vertical) else 1
    return Transition(
        start=code,
        end=path[-1],
        average=path[half],
        steps=steps,
        path=tuple(path),
        reversal=reversal,
    )
