"""Flight Leader: kinds aircraft, nation, missile-load, list-note, scenario; the FL 26.x design rules as checks."""

from typing import Any

from fwdata.game_system import GameSystem
from fwdata.systems.fl.checks import run_checks
from fwdata.systems.fl.citations import BOOKS, CITATIONS
from fwdata.systems.fl.finding_codes import FINDINGS
from fwdata.systems.fl.model import build_aircraft, build_list_note, build_missile_load, build_nation, build_scenario
from fwdata.systems.fl.render import VERDICTS, plan_outputs, render_outputs
from fwdata.systems.fl.render.aircraft_card import CARD


def _commands() -> Any:
    from fwdata.systems.fl.commands import group

    return group


SYSTEM = GameSystem(
    id="fl",
    title="Flight Leader",
    build_models={
        "aircraft": build_aircraft,
        "nation": build_nation,
        "missile-load": build_missile_load,
        "list-note": build_list_note,
        "scenario": build_scenario,
    },
    run_checks=run_checks,
    render_outputs=render_outputs,
    plan_outputs=plan_outputs,
    commands=_commands,
    citations=CITATIONS,
    books=BOOKS,
    findings=FINDINGS,
    kind_folders={"aircraft": "cards/fl/aircraft", "scenario": "scenarios/fl", "nation": "tables/fl/nations",
                  "missile-load": "tables/fl/missile-loads", "list-note": "tables/fl/list-notes"},
    deck_folders=("fl/aircraft",),
    card_sizes={"index-5x3": CARD},
    options=(VERDICTS,),
)
