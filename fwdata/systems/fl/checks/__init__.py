"""Flight Leader cross-checks: references, the FL 26.x scenario-design rules on every scenario, list-row sanity."""

from fwdata.systems.fl.checks.aircraft import aircraft_lookup
from fwdata.systems.fl.checks.run import run_checks

__all__ = ["aircraft_lookup", "run_checks"]
