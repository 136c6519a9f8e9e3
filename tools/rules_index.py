"""Write docs/rules-index.md: rulebook rule number -> the code citing it and the finding codes tied to it.

The index is read from the source, never written by hand:
- every module, class and function docstring under fwdata/ is searched for rule
  citations in the house convention (`OTR 4.3`, `OTR 4.1-4.4`, `OTR 4.1, 5.5.1`,
  `OTR Ch. 2`, `QS 3.4`, `Err1 11.2`, `FL 26.5.1`, `AoA XIX, XXI`);
- a finding code (a string constant such as "FW-PERF-ORDER" that the registry of finding
  codes documents) written inside a function or class that cites a rule (at most
  MAX_RULES_FOR_CODES rules) is tied to that rule; so is a code whose registry entry
  names the rule in its `rule` (a bare number there is of its system's first book).
The books, their titles and systems come from the bundled game systems (`GameSystem.books`).

`python tools/rules_index.py` rewrites the file; `--check` exits 1 when the file is not
what the source gives (CI runs it through tests/test_rules_index.py).
"""

from __future__ import annotations

import argparse
import ast
import re
import sys
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from fwdata.findings.stages import SECTIONS
from fwdata.systems import BUNDLED, registered_systems

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "fwdata"
INDEX = ROOT / "docs" / "rules-index.md"

_SYSTEMS = registered_systems()
BUNDLED_SYSTEMS = [_SYSTEMS[system_id] for system_id in BUNDLED]
# Book abbreviation -> (system, the book's name as the index prints it).
BOOKS = {prefix: (system.id, title) for system in BUNDLED_SYSTEMS for prefix, title in system.books.items()}
# A function citing more rules than this coordinates several checks: its codes are not tied to each rule it cites.
MAX_RULES_FOR_CODES = 3

_NUMBER = r"(?:Ch\. \d+|\d+(?:\.\d+)*(?:\.x)?(?:\([a-z]\))?|[IVXL]+)"
_ITEM = rf"{_NUMBER}(?:-{_NUMBER})?"
_FIRST = re.compile(rf"\b({'|'.join(BOOKS)}) ({_ITEM})(?=[,;:)/\s]|\.(?:\s|$)|$)")
# A later item of a list must end where a citation can end, so "OTR 4.1, 2 engines" cites 4.1 only.
_NEXT = re.compile(rf", ({_ITEM})(?=[,;:)/]|\.(?:\s|$)|\s*$|\s+(?:and|or)\b)")
_ROMAN = {"I": 1, "V": 5, "X": 10, "L": 50}


@dataclass(frozen=True, order=True)
class Citer:
    """A module, class or function whose docstring cites a rule: `name` is dotted ('' for the module itself)."""

    module: str
    name: str


def module_link(module: str) -> str:
    """Return a markdown link from docs/ to the file of a dotted module name."""
    path = module.replace(".", "/")
    if not (ROOT / f"{path}.py").exists():
        path += "/__init__"
    return f"[`{module.removeprefix('fwdata.')}`](../{path}.py)"


def citers_markdown(citers: set[Citer]) -> str:
    """Return the citers of one rule grouped by module: "[`m`](..): `f`, `g`" (the module itself: "(module)")."""
    by_module: dict[str, list[str]] = defaultdict(list)
    for citer in sorted(citers):
        by_module[citer.module].append(f"`{citer.name}`" if citer.name else "(module)")
    return "<br>".join(f"{module_link(module)}: {', '.join(names)}" for module, names in by_module.items()) or "—"


def citations(text: str) -> list[tuple[str, str]]:
    """Return the (book, rule number) pairs cited in `text`, in order, ranges kept as written ("4.1-4.4")."""
    found: list[tuple[str, str]] = []
    for match in _FIRST.finditer(text):
        book, end = match.group(1), match.end()
        found.append((book, match.group(2)))
        while (following := _NEXT.match(text, end)) is not None:
            found.append((book, following.group(1)))
            end = following.end()
    return found


def sort_key(rule: str) -> tuple[tuple[int, int | str], ...]:
    """Order rule numbers as the books do: 4.2 < 4.10 < 5, II < IX, chapters with their numbers."""
    first = rule.split("-")[0].removeprefix("Ch. ")
    parts: list[tuple[int, int | str]] = []
    for part in first.split("."):
        if part.isdigit():
            parts.append((0, int(part)))
        elif set(part) <= set(_ROMAN):
            parts.append((0, _roman(part)))
        else:
            parts.append((1, part))
    return tuple(parts)


def _roman(text: str) -> int:
    values = [_ROMAN[char] for char in text]
    return sum(-value if value < following else value
               for value, following in zip(values, [*values[1:], 0], strict=True))


def documented_codes() -> tuple[set[str], dict[tuple[str, str], set[str]]]:
    """Return every code the registry documents (the stages' and the bundled systems'), and (book, rule) -> codes
    from their `rule`s."""
    sections = [*((section, None) for section in SECTIONS),
                *((system.findings, next(iter(system.books), None)) for system in BUNDLED_SYSTEMS if system.findings)]
    codes: set[str] = set()
    by_rule: dict[tuple[str, str], set[str]] = defaultdict(set)
    for section, default in sections:
        for code in section.codes:
            codes.add(code.code)
            rule = code.rule
            if default and not any(rule.startswith(book + " ") for book in BOOKS):
                rule = f"{default} {rule}"
            for cited in citations(rule):
                by_rule[cited].add(code.code)
    return codes, by_rule


def code_citations(codes: set[str]) -> tuple[dict[tuple[str, str], set[Citer]], dict[tuple[str, str], set[str]]]:
    """Return (book, rule) -> the docstrings citing it, and (book, rule) -> codes emitted where it is cited.

    Only code that fwdata runs is listed: a function or class whose name nothing in fwdata refers to (no call,
    attribute or import: only the tests use it) and no decorator registers is left out, with the codes it emits.
    """
    citers: dict[tuple[str, str], set[Citer]] = defaultdict(set)
    emitted: dict[tuple[str, str], set[str]] = defaultdict(set)
    trees = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
        trees[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = ast.parse(path.read_text(encoding="utf-8"))
    used = referenced_names(trees.values())
    for module, tree in trees.items():
        _visit(tree, module, "", codes, citers, emitted, used)
    return citers, emitted


def referenced_names(trees: Iterable[ast.AST]) -> set[str]:
    """Return every name the code refers to: names read, attributes, imported names (a definition is not one)."""
    names: set[str] = set()
    for tree in trees:
        for node in ast.walk(tree):
            if isinstance(node, ast.Name):
                names.add(node.id)
            elif isinstance(node, ast.Attribute):
                names.add(node.attr)
            elif isinstance(node, ast.ImportFrom):
                names.update(alias.name for alias in node.names)
    return names


def _visit(node: ast.AST, module: str, name: str, codes: set[str],
           citers: dict[tuple[str, str], set[Citer]], emitted: dict[tuple[str, str], set[str]], used: set[str]) -> None:
    if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef) and not node.decorator_list \
            and node.name not in used:
        return  # nothing in fwdata runs it
    cited = citations(ast.get_docstring(node) or "") if isinstance(node, _DOCUMENTED) else []
    for rule in cited:
        citers[rule].add(Citer(module, name))
    if cited and name and len(set(cited)) <= MAX_RULES_FOR_CODES:
        constants = {child.value for child in ast.walk(node)
                     if isinstance(child, ast.Constant) and isinstance(child.value, str)}
        for rule in cited:
            emitted[rule] |= constants & codes
    for child in ast.iter_child_nodes(node):
        if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            _visit(child, module, f"{name}.{child.name}" if name else child.name, codes, citers, emitted, used)


_DOCUMENTED = (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)


def render_index() -> str:
    """Return the text of docs/rules-index.md."""
    codes, documented = documented_codes()
    citers, emitted = code_citations(codes)
    lines = [
        "# Rule index",
        "",
        "From a rulebook's rule number to the code that implements or checks it, and to the finding codes",
        "tied to it. Generated by `python tools/rules_index.py` from the rule citations in fwdata's docstrings",
        "(`OTR 4.3`, `QS 3.4`, `Err1 11.2`, `FL 26.5.1`, `AoA XIX`) and the `rule` column of",
        "[findings.md](findings.md); the tests fail when it is out of date. A finding code is listed with a",
        "rule when a function citing the rule emits it or findings.md names the rule for it.",
        "Ranges are listed as cited (`OTR 4.1-4.4` under 4.1).",
    ]
    for system in BUNDLED_SYSTEMS:
        lines += ["", f"## {system.title} (`{system.id}`)"]
        for book, (book_system, book_title) in BOOKS.items():
            rules = sorted({rule for (cited_book, rule) in (*citers, *documented) if cited_book == book},
                           key=lambda rule: (sort_key(rule), rule))
            if book_system != system.id or not rules:
                continue
            lines += ["", f"### {book_title} (`{book}`)", "", "| rule | code | finding codes |", "| --- | --- | --- |"]
            for rule in rules:
                key = (book, rule)
                where = citers_markdown(citers.get(key, set()))
                tied = ", ".join(f"`{code}`" for code in sorted(emitted.get(key, set()) | documented.get(key, set())))
                lines.append(f"| {book} {rule} | {where} | {tied or '—'} |")
    return "\n".join(lines) + "\n"


def main() -> int:
    """Write the index, or with --check report whether it is current; return the exit code."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="exit 1 if docs/rules-index.md is out of date")
    args = parser.parse_args()
    text = render_index()
    if args.check:
        current = INDEX.read_text(encoding="utf-8") if INDEX.exists() else ""
        if current != text:
            print(f"{INDEX.relative_to(ROOT)} is out of date: run `python tools/rules_index.py`", file=sys.stderr)
            return 1
        return 0
    INDEX.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
