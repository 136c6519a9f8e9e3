"""Ace of Aces Plane Stats against what the rulebook's prose says about each plane (AOA-PLANE-TEXT)."""

from __future__ import annotations

from collections.abc import Iterator

from fwdata.findings import Finding, warning
from fwdata.sources.document import SourceDocument
from fwdata.systems.aoa.model import Plane

# A nation's people as the prose names them ('French') -> the country as the Plane Stats name it.
PEOPLES = {"French": "France", "British": "Britain", "Italian": "Italy", "German": "Germany", "American": "America"}
SYNCH_GUNS = {"double-synch": 2, "single-synch": 1, "single-non-synch": 0}
MONTHS = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")
# Months (1-12, 14 = February of the next year) each part of a year covers.
PARTS = {"spring": (3, 5), "summer": (6, 8), "fall": (9, 11), "winter": (12, 14), "early": (1, 4), "late": (9, 12)}
END_OF_WAR = (1918 * 12 + 11, 1918 * 12 + 11)


def war_months(point: str) -> tuple[int, int]:
    """Return the first and last month (year x 12 + month) a point in the war ('1917-fall', '1918-may', 'end') covers.

    Raises ValueError for a malformed point.
    """
    if point == "end":
        return END_OF_WAR
    year, _, part = point.partition("-")
    if part in MONTHS:
        month = MONTHS.index(part) + 1
        return int(year) * 12 + month, int(year) * 12 + month
    first, last = PARTS[part]
    return int(year) * 12 + first, int(year) * 12 + last


def check_plane_text(plane: Plane, doc: SourceDocument) -> Iterator[Finding]:
    """Compare each claim the prose makes about the plane with its Plane Stats column (AoA Aces & Aircraft, XVIII,
    XXV, XXXII, XLVI): nation, synchronised guns, the numbers an example quotes, service dates."""
    for field, value, where, pointer in plane.text:
        problem = _disagreement(plane, field, value)
        if problem:
            yield warning(doc.locate(pointer), "AOA-PLANE-TEXT",
                          f"{plane.name}: the rulebook's text ({where}) says {value!r}; {problem}")


def _disagreement(plane: Plane, field: str, value: str | int) -> str | None:
    """Return what the Plane Stats say when the prose's value disagrees with them, else None."""
    if field == "nation":
        said = PEOPLES.get(str(value), str(value))
        return None if said == plane.nation else f"the Plane Stats nation is {plane.nation!r}"
    if field == "synch_guns":
        guns = SYNCH_GUNS.get(plane.main_gun.type, 0)
        return None if guns == value else f"the Plane Stats regular gun is {plane.main_gun.type} ({guns} synchronised)"
    if field in ("power_dive_speed", "speed_low"):
        stat = getattr(plane, field)
        return None if stat == value else f"the Plane Stats {field.replace('_', ' ')} is {stat}"
    if plane.service_from is None:
        return None
    start = war_months(plane.service_from)
    end = war_months(plane.service_until) if plane.service_until else END_OF_WAR
    claim = war_months(str(value))
    window = f"in service {plane.service_printed} (Aces & Aircraft)"
    if field == "in_service":
        return None if claim[1] >= start[0] and claim[0] <= end[1] else window
    overlap = claim[1] >= start[0] and claim[0] <= start[1]  # service_from: the same part of the war
    return None if overlap else window
