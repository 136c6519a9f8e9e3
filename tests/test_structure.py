"""The package's shape: game systems never import the pipeline or the command line; the CLI adds no system by hand."""

from __future__ import annotations

import ast
from pathlib import Path

from fwdata.cli import main
from fwdata.systems import registered_systems

PACKAGE = Path(__file__).resolve().parent.parent / "fwdata"


def _imports(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
        elif isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
    return names


def test_no_system_module_imports_the_pipeline_or_the_cli() -> None:
    offenders = {str(path.relative_to(PACKAGE)): sorted(name for name in _imports(path)
                                                        if name in ("fwdata.pipeline", "fwdata.cli"))
                 for path in sorted((PACKAGE / "systems").rglob("*.py"))}
    assert {path: names for path, names in offenders.items() if names} == {}


def test_every_system_registers_its_own_command_group() -> None:
    for system_id, system in registered_systems().items():
        assert system.commands is not None
        assert main.commands[system_id] is system.commands()
    assert "registered_systems" in (PACKAGE / "cli.py").read_text(encoding="utf-8")
    assert not {"fw", "fl", "aoa"} & {node.id for node in ast.walk(ast.parse((PACKAGE / "cli.py").read_text()))
                                        if isinstance(node, ast.Name)}
