"""Fighting Wings derivation: the ICAO standard atmosphere, for converting indicated to true airspeed and Mach to mph.

Only the two layers the cards reach (troposphere to 36,089 ft, isothermal stratosphere
above) with the ICAO constants; a library (ambiance) would bring numpy and scipy into
every card check for these few lines.
"""

from __future__ import annotations

import math

SEA_LEVEL_TEMPERATURE_K = 288.15
LAPSE_RATE_K_PER_M = 0.0065
TROPOPAUSE_M = 11_000.0
GAS_CONSTANT_J_PER_KG_K = 287.05287
GRAVITY_M_PER_S2 = 9.80665
HEAT_CAPACITY_RATIO = 1.4
METRES_PER_FOOT = 0.3048
MPH_PER_M_PER_S = 1 / 0.44704


def _temperature_k(altitude_m: float) -> float:
    return SEA_LEVEL_TEMPERATURE_K - LAPSE_RATE_K_PER_M * min(altitude_m, TROPOPAUSE_M)


def density_ratio(altitude_ft: float) -> float:
    """Return sigma, the air density at `altitude_ft` (pressure altitude, 0 to 100,000 ft) over sea level's."""
    altitude_m = altitude_ft * METRES_PER_FOOT
    exponent = GRAVITY_M_PER_S2 / (GAS_CONSTANT_J_PER_KG_K * LAPSE_RATE_K_PER_M)
    tropopause_ratio = _temperature_k(TROPOPAUSE_M) / SEA_LEVEL_TEMPERATURE_K
    if altitude_m <= TROPOPAUSE_M:
        return float((_temperature_k(altitude_m) / SEA_LEVEL_TEMPERATURE_K) ** (exponent - 1))
    above = altitude_m - TROPOPAUSE_M
    return float(tropopause_ratio ** (exponent - 1)
                 * math.exp(-GRAVITY_M_PER_S2 * above / (GAS_CONSTANT_J_PER_KG_K * _temperature_k(TROPOPAUSE_M))))


def speed_of_sound_mph(altitude_ft: float) -> float:
    """Return the speed of sound at `altitude_ft` in mph."""
    kelvin = _temperature_k(altitude_ft * METRES_PER_FOOT)
    return math.sqrt(HEAT_CAPACITY_RATIO * GAS_CONSTANT_J_PER_KG_K * kelvin) * MPH_PER_M_PER_S


def true_airspeed_mph(indicated_mph: float, altitude_ft: float) -> float:
    """Return the true airspeed of `indicated_mph` at `altitude_ft` (equivalent airspeed / sqrt(sigma);
    compressibility of the pitot reading is ignored, as the cards' derivations do)."""
    return indicated_mph / math.sqrt(density_ratio(altitude_ft))
