"""Flight Leader scenario scoring: a scenario's scenario points (FL 26.2.3.2) and victory points (FL 26.5)."""

from fwdata.systems.fl.scoring.score import ScenarioScore, score_scenario
from fwdata.systems.fl.scoring.sides import SideAssessment, SideOutcome, condition_summary
from fwdata.systems.fl.scoring.victory import VictoryAssessment

__all__ = [
    "ScenarioScore",
    "SideAssessment",
    "SideOutcome",
    "VictoryAssessment",
    "condition_summary",
    "score_scenario",
]
