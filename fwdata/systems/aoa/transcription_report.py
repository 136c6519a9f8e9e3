"""Load the books `fwdata aoa suspects` and `fwdata aoa diff` name, and print their results as text or JSON.

Books load through the pipeline's check but the run never stops on their errors (a
transcription has errors by definition); each result line carries the file, line and
column of the cell, like a compiler's, and a cell the check could not read shows the
value its source gives (1234, tbd).
"""

from __future__ import annotations

import dataclasses
import tempfile
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from fwdata.errors import UsageError
from fwdata.game_system import Entry, RunResult
from fwdata.sources.yaml_loader import DEFAULT_LIMITS, display_path, load_source
from fwdata.systems.aoa.book_diff import BOTH, FIRST, NEITHER, SECOND, Difference
from fwdata.systems.aoa.model import CODE_ORDERS, BookLayout, DogfightBook
from fwdata.systems.aoa.suspects import Suspect
from fwdata.systems.aoa.transcription import INVARIANTS, Cell

Check = Callable[[Sequence[Path]], RunResult]
INVARIANT_WORDS = {"end-page": ("end-page disagreement", "end-page disagreements"),
                   "stall-identity": ("stall identity", "stall identities"),
                   "page-range": ("page outside 1-223", "pages outside 1-223"),
                   "unknown-cell": ("unknown cell", "unknown cells")}


def layout_codes(books: Sequence[DogfightBook], layouts: Sequence[BookLayout]
                 ) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Return the maneuver codes of the books' layout in chart order and its stationary codes.

    The stationary codes (page p under them is p: the straight stall, AoA I) come from
    the book-layout document with the books' `layout` id; none when no such document
    loaded (REF-UNKNOWN in `fwdata check`). Raises UsageError when the books use
    different layouts (their cells cannot be matched code by code) or one the model
    has no code order for.
    """
    first = books[0]
    other = next((book for book in books[1:] if book.layout != first.layout), None)
    if other is not None:
        raise UsageError(f"{first.id} uses layout {first.layout} but {other.id} uses {other.layout}; the books "
                         "compared must share one layout (AOA-BOOK-PAIR)")
    if not first.codes:
        raise UsageError(f"{first.id}: layout {first.layout!r} is not one fwdata reads charts in (known: "
                         f"{', '.join(CODE_ORDERS)})")
    layout = next((layout for layout in layouts if layout.id == first.layout), None)
    stationary = () if layout is None else tuple(code.code for code in layout.codes if code.stationary)
    return first.codes, tuple(code for code in stationary if code in first.codes)


def load_books(check: Check, paths: Sequence[Path], also: Sequence[Path] = ()) -> tuple[list[Entry], RunResult]:
    """Return the book entry of each of `paths` and the run that loaded the first; errors in the books do not stop it.

    Files are checked folder by folder (one run per pack), the first book's folder with
    `also`. Two transcriptions of one book share an id, so a file a run dropped as a
    duplicate (or that did not load) is loaded again alone. Raises UsageError naming
    the file and its first finding when a file holds no book that loaded.
    """
    folders: dict[Path, list[Path]] = {}
    for path in [*paths[:1], *also, *paths[1:]]:
        folders.setdefault((path if path.is_dir() else path.parent).resolve(), []).append(path)
    runs = {folder: check(group) for folder, group in folders.items()}
    entries = []
    for path in paths:
        entry = _entry_of(runs[path.parent.resolve()], path) or _load_alone(check, path)
        entries.append(entry)
    return entries, runs[paths[0].parent.resolve()]


def _load_alone(check: Check, path: Path) -> Entry:
    """Load a copy of `path` in a folder of its own (its pack dropped it: another file has its id); raise UsageError.

    The copy has the same lines, so its locations hold for `path`.
    """
    shown = display_path(path)
    if not path.is_file():
        raise UsageError(f"{shown}: not a regular file (a book is a YAML file)")
    with tempfile.TemporaryDirectory(prefix="fwdata-aoa-") as folder, path.open("rb") as source:
        copy = Path(folder) / path.name
        copy.write_bytes(source.read(DEFAULT_LIMITS.max_bytes + 1))  # past the loader's cap is refused anyway
        alone = check([copy])
        entry = _entry_of(alone, copy)
        if entry is None:
            own = [f for f in alone.report.sorted() if Path(f.location.path).resolve() == copy.resolve()]
            reason = own[0].format_line().replace(own[0].location.path, shown, 1) if own else "no aoa book in it"
            raise UsageError(f"{shown}: the book did not load: {reason}")
    return Entry(entry.model, dataclasses.replace(entry.document, path=shown), entry.base)


def _entry_of(result: RunResult, path: Path) -> Entry | None:
    return next((entry for entry in result.catalog.entries("aoa", "book")
                 if not entry.base and Path(entry.document.path).resolve() == path.resolve()), None)


def find_opponent(result: RunResult, book: Entry, folder: Path) -> Entry:
    """Return the book `book` names as its opponent, from the run's files (not the base library); raise UsageError."""
    opponent_id = book.model.opponent
    if opponent_id is None:
        raise UsageError(f"{book.document.path}: the book names no opponent; give one with --opponent")
    entry = result.catalog.get("aoa", "book", opponent_id)
    if entry is None or entry.base:
        raise UsageError(f"no aoa book {opponent_id!r} among the files given or in {folder}; "
                         "give the opponent with --opponent")
    return entry


def _pointer(entry: Entry, page: int, name: str, codes: Sequence[str]) -> str:
    """Return the JSON pointer of field `name` (`page`, `next/<code>`, a page key) of `page` in `entry`'s source."""
    record = entry.model.page(page)
    if record is None:
        return "/pages"
    if name == "page":
        return f"/pages/{record.index}"
    if name.startswith("next/"):
        return f"/pages/{record.index}/next/{list(codes).index(name.removeprefix('next/'))}"
    return f"/pages/{record.index}/{name}"


def _place(entry: Entry, pointer: str) -> dict[str, Any]:
    location = entry.document.locate(pointer)
    return {"file": location.path, "line": location.line, "column": location.column}


def _as_typed(entry: Entry, pointer: str, value: Any, sources: dict[str, Any]) -> Any:
    """Return `value`, or when the model reads it as unknown, the value the source types there (2233, tbd).

    Each book's source is read again once (into `sources`): the checked document
    holds None where validation found a value it could not use.
    """
    if value is not None or pointer == "/pages":
        return value
    path = entry.document.path
    if path not in sources:
        document, _problems = load_source(Path(path))
        sources[path] = None if document is None else document.data
    typed = sources[path]
    for token in pointer.split("/")[1:]:
        if isinstance(typed, dict):
            typed = typed.get(token)
        elif isinstance(typed, list) and token.isdigit() and int(token) < len(typed):
            typed = typed[int(token)]
        else:
            return None
    return typed if isinstance(typed, int | str) else None


def _counted(counts: Counter[str]) -> str:
    parts = [f"{counts[name]} {INVARIANT_WORDS[name][counts[name] != 1]}" for name in INVARIANTS if counts[name]]
    return ", ".join(parts) if parts else "no violations"


def _page_value(value: object) -> str:
    return "unknown" if value is None else str(value)


def suspects_json(entries: Sequence[Entry], violations: Counter[str], suspects: Sequence[Suspect],
                  codes: Sequence[str]) -> dict[str, Any]:
    """Return the suspects as plain data: the books, the violations by invariant, each cell with its location.

    `found` is the cell's page, the value its source types when that is no page
    (2233, tbd), or None when the source gives none.
    """
    rows = []
    sources: dict[str, Any] = {}
    for suspect in suspects:
        cell: Cell = suspect.cell
        entry = entries[cell.book]
        pointer = _pointer(entry, cell.page, f"next/{cell.code}", codes)
        rows.append({**_place(entry, pointer), "book": entry.model.id, "page": cell.page, "code": cell.code,
                     "explained": suspect.explained, "explains": dict(sorted(suspect.explains.items())),
                     "found": _as_typed(entry, pointer, suspect.found, sources), "should_be": suspect.should_be})
    return {"books": [{"id": e.model.id, "file": e.document.path} for e in entries],
            "violations": {"total": sum(violations.values()), **dict(sorted(violations.items()))},
            "suspects": rows}


def format_suspects(data: dict[str, Any]) -> str:
    """Return the suspects as text, one compiler-style line per cell and a summary line."""
    lines = []
    for row in data["suspects"]:
        value = (f"should be {row['should_be']}" if row["should_be"] is not None else "value undetermined")
        lines.append(f"{row['file']}:{row['line']}:{row['column']}: page {row['page']}, maneuver {row['code']}: "
                     f"explains {_counted(Counter(row['explains']))}; {value} (now {_page_value(row['found'])})")
    books = ", ".join(book["id"] for book in data["books"])
    total = data["violations"]["total"]
    if not total:
        lines.append(f"no invariant violations in {books}: no suspects")
    else:
        explained = sum(row["explained"] for row in data["suspects"])
        counts = Counter({name: count for name, count in data["violations"].items() if name != "total"})
        cells = "cells explain" if len(data["suspects"]) != 1 else "cell explains"
        lines.append(f"{len(data['suspects'])} suspect {cells} "
                     f"{explained} of {total} invariant violations in {books} ({_counted(counts)})")
    return "\n".join(lines)


def _violations(count: int) -> str:
    return f"{count} violation{'s' if count != 1 else ''}"


def _shown(value: object) -> str:
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def diff_json(first: Entry, second: Entry, opponent: Entry, differences: Sequence[Difference],
              codes: Sequence[str]) -> dict[str, Any]:
    """Return the differences as plain data, each with both locations and the side the invariants support.

    A value the model reads as unknown shows as its source types it (2233, tbd).
    """
    rows = []
    sources: dict[str, Any] = {}
    for difference in differences:
        sides = {}
        for name, entry, value, violations in (("first", first, difference.first, difference.first_violations),
                                               ("second", second, difference.second, difference.second_violations)):
            pointer = _pointer(entry, difference.page, difference.field, codes)
            sides[name] = {**_place(entry, pointer), "value": _as_typed(entry, pointer, value, sources),
                           "violations": violations}
        rows.append({"page": difference.page, "field": difference.field, **sides, "supports": difference.supports})
    return {"first": first.document.path, "second": second.document.path, "opponent": opponent.document.path,
            "differences": rows}


def format_diff(data: dict[str, Any]) -> str:
    """Return the differences as text, one compiler-style line each at the first file, and a summary line."""
    lines = []
    names = {FIRST: data["first"], SECOND: data["second"]}
    for row in data["differences"]:
        first, second = row["first"], row["second"]
        what = (f"maneuver {row['field'].removeprefix('next/')}" if row["field"].startswith("next/")
                else row["field"])
        if row["field"] == "page":
            values = f"{'present' if first['value'] else 'missing'} here, {'present' if second['value'] else 'missing'}"
        else:
            values = f"{_shown(first['value'])} here, {_shown(second['value'])}"
        verdict = {BOTH: "the invariants cannot tell (no violation either way)",
                   NEITHER: f"the invariants support neither ({first['violations']} violations each)"}.get(
            row["supports"], f"the invariants support {names.get(row['supports'])} ({_violations(first['violations'])} "
                             f"here against {second['violations']})")
        lines.append(f"{first['file']}:{first['line']}:{first['column']}: page {row['page']}, {what}: {values} in "
                     f"{second['file']}:{second['line']}:{second['column']}; {verdict}")
    supports = Counter(row["supports"] for row in data["differences"])
    lines.append(f"{len(data['differences'])} difference{'s' if len(data['differences']) != 1 else ''} between "
                 f"{data['first']} and {data['second']} (opponent {data['opponent']}): {supports[FIRST]} support the "
                 f"first, {supports[SECOND]} the second, {supports[BOTH] + supports[NEITHER]} undecided")
    return "\n".join(lines)
