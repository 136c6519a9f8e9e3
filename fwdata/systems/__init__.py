"""Game systems: every installed distribution's systems, found through the `fwdata.systems` entry-point group.

A game system is a `fwdata.game_system.GameSystem` value; a distribution registers it in its
pyproject.toml under `[project.entry-points."fwdata.systems"]` as `<id> = "<module>:<attribute>"`
(fwdata's own three: `fw = "fwdata.systems.fw:SYSTEM"`, ...). Neither the pipeline nor the command line
changes for a new system (its `commands` add its `fwdata <id> ...` group); docs/architecture.md says how.
"""

from __future__ import annotations

from collections.abc import Mapping
from importlib.metadata import EntryPoint, entry_points
from pathlib import Path, PurePosixPath

from fwdata.errors import SetupError
from fwdata.findings.codes import FindingSection
from fwdata.findings.stages import SECTIONS
from fwdata.game_system import SYSTEMS_GROUP, GameSystem

GROUP = SYSTEMS_GROUP
# The bundled systems come first, in this order (outputs, the build's index and findings follow it); any other
# system follows them by id.
BUNDLED = ("fw", "aoa", "fl")


def registered_systems() -> dict[str, GameSystem]:
    """Return every installed game system by id: the bundled ones first, then the others by id.

    Raises SetupError (exit 2) when an entry point names no module, cannot be imported or is not a GameSystem of its
    own id, or two distributions register the same id.
    """
    found: dict[str, GameSystem] = {}
    for entry in sorted(entry_points(group=GROUP), key=_order):
        system = _load(entry)
        if system.id in found:
            raise SetupError(f"two installed game systems have the id {system.id!r} (entry point {entry.value})")
        found[system.id] = system
    return found


def _order(entry: EntryPoint) -> tuple[int, str]:
    return (BUNDLED.index(entry.name), "") if entry.name in BUNDLED else (len(BUNDLED), entry.name)


def _load(entry: EntryPoint) -> GameSystem:
    if entry.pattern.match(entry.value) is None:  # `load` would fail with an AttributeError
        raise SetupError(f"entry point {entry.name} = {entry.value!r} of group {GROUP} does not name a module "
                         "(module.path:attribute)")
    try:
        system = entry.load()
    except ImportError as problem:
        raise SetupError(f"game system {entry.name!r} ({entry.value}) cannot be imported: {problem}") from None
    if not isinstance(system, GameSystem) or system.id != entry.name:
        raise SetupError(f"entry point {entry.name} = {entry.value!r} of group {GROUP} is not the GameSystem "
                         f"with id {entry.name!r}")
    return system


def schema_folders(systems: Mapping[str, GameSystem]) -> dict[str, Path]:
    """Return the own schema folder of every system that has one (`GameSystem.schema_folder`), by id."""
    return {system.id: system.schema_folder for system in systems.values() if system.schema_folder is not None}


def kind_folders(systems: Mapping[str, GameSystem]) -> dict[tuple[str, str], PurePosixPath]:
    """Return the pack folder of every (system, kind) a system places (`GameSystem.kind_folders`)."""
    return {(system.id, kind): PurePosixPath(folder) for system in systems.values()
            for kind, folder in system.kind_folders.items()}


def finding_sections(systems: Mapping[str, GameSystem]) -> list[FindingSection]:
    """Return the registry of finding codes: the stages' sections, then each system's (`GameSystem.findings`)."""
    return [*SECTIONS, *(system.findings for system in systems.values() if system.findings is not None)]
