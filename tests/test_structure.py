"""The package's shape: imports point down (stages, then game systems, then the registry, pipeline and CLI), no cycles.

Layers, from the bottom: stage modules (everything not named below) never import a
game system, the registry, `fwdata.pipeline` or `fwdata.cli.main`; a game system
(`fwdata.systems.<id>...`) imports stages and its own modules only; the registry
(`fwdata.systems`) imports the game systems; `fwdata.pipeline`, `fwdata.cli.main` and
`fwdata.__main__` may import anything. Every import statement counts, also those
inside functions and under TYPE_CHECKING.
"""

from __future__ import annotations

import ast
from pathlib import Path

import click

from fwdata.cli.main import main
from fwdata.systems import registered_systems

PACKAGE = Path(__file__).resolve().parent.parent / "fwdata"
REGISTRY = "fwdata.systems"
TOP = {"fwdata.pipeline", "fwdata.cli.main", "fwdata.__main__"}
# Front ends beside the command line: every module in them sits at the top (an editor's language server).
TOP_PACKAGES = ("fwdata.lsp",)


def _module_paths() -> dict[str, Path]:
    paths = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        paths[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return paths


MODULES = _module_paths()


def _resolve(name: str) -> str:
    """Return the module an imported name lives in: `fwdata.x.y` if that is a module, else its package."""
    while name not in MODULES and "." in name:
        name = name.rpartition(".")[0]
    return name


def _imports(module: str) -> dict[str, int]:
    """Return the fwdata modules `module` imports, each with the line of its first import."""
    found: dict[str, int] = {}
    for node in ast.walk(ast.parse(MODULES[module].read_text(encoding="utf-8"))):
        targets: list[str] = []
        if isinstance(node, ast.ImportFrom):  # absolute only: ruff's TID252 refuses relative imports
            targets = [f"{node.module}.{alias.name}" for alias in node.names]
        elif isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        for target in targets:
            if target.split(".")[0] == "fwdata" and (resolved := _resolve(target)) != module:
                found.setdefault(resolved, node.lineno)
    return found


GRAPH = {module: _imports(module) for module in MODULES}


def _system_of(module: str) -> str | None:
    parts = module.split(".")
    return parts[2] if len(parts) > 2 and parts[1] == "systems" else None


def _layer(module: str) -> str:
    if module in TOP or any(module == package or module.startswith(package + ".") for package in TOP_PACKAGES):
        return "top"
    if module == REGISTRY:
        return "registry"
    return "system" if _system_of(module) else "stage"


def _upward(module: str, target: str) -> bool:
    layer, target_layer = _layer(module), _layer(target)
    if layer == "stage":
        return target_layer != "stage"
    if layer == "system":
        return target_layer in ("top", "registry") or (target_layer == "system"
                                                       and _system_of(target) != _system_of(module))
    return layer == "registry" and target_layer == "top"


def test_imports_point_down() -> None:
    offenders = [f"{MODULES[module].relative_to(PACKAGE.parent)}:{line}: {_layer(module)} {module} imports "
                 f"{_layer(target)} {target}"
                 for module, targets in GRAPH.items() for target, line in targets.items() if _upward(module, target)]
    assert offenders == []


def test_no_import_cycles() -> None:
    # Tarjan's strongly connected components: any component of two or more modules is a cycle.
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    cycles: list[list[str]] = []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        for target in GRAPH[module]:
            if target not in index:
                visit(target)
                low[module] = min(low[module], low[target])
            elif target in stack:
                low[module] = min(low[module], index[target])
        if low[module] == index[module]:
            component = []
            while (member := stack.pop()) != module:
                component.append(member)
            if component:
                cycles.append(sorted([module, *component]))

    for module in GRAPH:
        if module not in index:
            visit(module)
    assert cycles == []


def test_the_import_walk_sees_late_imports() -> None:
    # The two tests above are only as good as the walk: it must see imports inside functions (fwdata new's).
    assert "fwdata.cli.scaffold" in GRAPH["fwdata.cli.main"]
    assert "fwdata.game_system" in GRAPH["fwdata.systems.fw.model"]


def test_the_registry_finds_the_bundled_systems_through_their_entry_points() -> None:
    # No import names a game system in the registry: the `fwdata.systems` entry points of pyproject.toml do.
    assert not any(_layer(target) == "system" for target in GRAPH[REGISTRY])
    assert list(registered_systems()) == ["fw", "aoa", "fl"]


def test_every_system_registers_its_own_command_group() -> None:
    for system_id, system in registered_systems().items():
        assert system.commands is not None
        assert main.get_command(click.Context(main), system_id) is system.commands()
    assert "registered_systems" in (PACKAGE / "cli" / "main.py").read_text(encoding="utf-8")
    assert not {"fw", "fl", "aoa"} & {node.id for node in ast.walk(ast.parse((PACKAGE / "cli" / "main.py").read_text()))
                                        if isinstance(node, ast.Name)}


def test_every_module_names_its_job_and_stays_under_400_lines() -> None:
    too_long = {name: count for name, path in MODULES.items()
                if (count := len(path.read_text(encoding="utf-8").splitlines())) > 400}
    undocumented = [name for name, path in MODULES.items()
                    if not (ast.get_docstring(ast.parse(path.read_text(encoding="utf-8"))) or "").strip()]
    assert (too_long, undocumented) == ({}, [])


def test_the_top_level_holds_at_most_12_modules() -> None:
    # The rest is grouped by stage in packages (sources, validation, review, incremental, output, processes, cli).
    top = sorted(path.name for path in PACKAGE.glob("*.py"))
    assert len(top) <= 12, top


def test_a_front_end_package_sits_at_the_top() -> None:
    assert (_layer("fwdata.lsp"), _layer("fwdata.lsp.server"), _layer("fwdata.cli.main")) == ("top", "top", "top")
    assert (_layer("fwdata.cli.commandline"), _layer("fwdata.lspx")) == ("stage", "stage")
    assert _upward("fwdata.cli.commandline", "fwdata.lsp.server")
    assert not _upward("fwdata.lsp.server", "fwdata.cli.main")
