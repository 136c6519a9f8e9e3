"""Game systems: each package under fwdata/systems/ registers its document kinds, checks and renderers.

Adding a game means adding one package and one line to `registered_systems` below;
neither the pipeline nor the command line changes (a system's `commands` add its
`fwdata <id> ...` group). What a system provides is `fwdata.game_system.GameSystem`.
"""

from __future__ import annotations

from fwdata.game_system import GameSystem


def registered_systems() -> dict[str, GameSystem]:
    """Return every registered game system by id."""
    from fwdata.systems import aoa, fl, fw

    systems = [fw.SYSTEM, aoa.SYSTEM, fl.SYSTEM]
    return {system.id: system for system in systems}
