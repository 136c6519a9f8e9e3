"""A hand-made pair of dogfighting books that satisfies every book invariant (test data, not the printed books).

The rulebook holds no book pages, so this pair is synthetic: page P under maneuver m
leads to page ((P - 1 + shift(m)) mod 222) + 1, with different shifts in the two books.
Shifts add, so both books always agree on the end page (A[B[P][mB]][mA] ==
B[A[P][mA]][mB]); page 223 is the lost page with no chart. Tags mirror each other:
tailing in one book is tailed in the other, firing is shot.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

CODES = [chr(c) for c in range(ord("A"), ord("Z") + 1)]
NO_PLANE = {187, 188, 198, 205, 209, 213}  # Part A, Losing Sight of the Enemy
RANGES = ("short", "medium", "long")
DAMAGE = {"short": 4, "medium": 2, "long": 1}
VIEWS = ("windscreen", "left-forward-wing", "right-forward-wing", "left-wingtip", "right-wingtip", "left-tail",
         "right-tail", "tail")
FACINGS = ("away", "away-left", "away-right", "left", "right", "toward-left", "toward-right", "toward")
START = 170  # AoA I: no shot yet, and each book shows its own picture (the German's is the Allied one mirrored)
MIRRORED = {"right-forward-wing": "left-forward-wing", "toward-left": "toward-right"}


# Absolute: the books are written into temporary folders, where a relative modeline names nothing.
BOOK_SCHEMA = Path(__file__).resolve().parents[3] / "schemas" / "aoa" / "book.schema.json"


def shift(side: str, code: str) -> int:
    """The page step of a maneuver in one book (any values work; these differ per book).

    The straight stall D steps 0 in both: a stationary plane stays on its page (AoA I; AOA-BOOK-STALL).
    """
    k = CODES.index(code)
    if code == "D":
        return 0
    return 1 + k if side == "german" else 3 + 2 * k


def page_record(side: str, page: int) -> dict[str, Any]:
    """One page of the synthetic book of `side`."""
    if page == 223:
        return {"page": 223}
    record: dict[str, Any] = {"page": page}
    if page in NO_PLANE:
        record["enemy_visible"] = False
    else:
        rng = RANGES[page % 3]
        view, facing = VIEWS[page % 8], FACINGS[(page // 8) % 8]
        if page == START and side == "german":
            view, facing = MIRRORED[view], MIRRORED[facing]
        record.update({"range": rng, "view": view, "facing": facing})
        german_tails = page % 7 == 0
        allied_tails = page % 11 == 0 and not german_tails
        if german_tails or allied_tails:
            tails = "german" if german_tails else "allied"
            record["tag"] = "tailing" if side == tails else "tailed"
        german_fires = page % 5 == 0 and page != START
        allied_fires = page % 13 == 0 and page != START
        fires = german_fires if side == "german" else allied_fires
        shot = allied_fires if side == "german" else german_fires
        if fires:
            record["firing"] = True
            record["damage"] = DAMAGE[rng]
        if shot:
            record["shot"] = True
    record["next"] = [(page - 1 + shift(side, c)) % 222 + 1 for c in CODES]
    return record


def book(side: str) -> dict[str, Any]:
    """The whole synthetic book of `side` as plain data (a valid `book` document)."""
    other = "allied" if side == "german" else "german"
    return {
        "system": "aoa", "kind": "book", "id": f"test-{side}", "name": f"Test book ({side})",
        "provenance": {"status": "authored", "source": "fwdata test fixture: a synthetic book pair, not printed data"},
        "side": side, "depicts": "Fokker DVII" if side == "german" else "SPAD XIII",
        "opponent": f"test-{other}", "start_pages": [170],
        "pages": [page_record(side, n) for n in range(1, 224)],
    }


def _flow(value: Any) -> str:
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {_flow(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(_flow(v) for v in value) + "]"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str) and (":" in value or "," in value or "(" in value):
        return '"' + value + '"'
    return str(value)


def to_yaml(data: dict[str, Any]) -> str:
    """Write a book document as YAML with one flow-style line per page."""
    lines = [f"# yaml-language-server: $schema={BOOK_SCHEMA}"]
    for key, value in data.items():
        if key == "pages":
            lines.append("pages:")
            lines.extend(f"  - {_flow(p)}" for p in value)
        elif key == "provenance":
            lines.append("provenance:")
            lines.extend(f"  {k}: {_flow(v)}" for k, v in value.items())
        else:
            lines.append(f"{key}: {_flow(value)}")
    return "\n".join(lines) + "\n"


def regenerated_books_manifest(pair: Any) -> str:
    """A pack manifest declaring freshly generated books as overrides of the committed ones (same ids)."""
    keys = "".join(f"- aoa/book/{book['id']}\n" for book in pair.books.values())
    return f"id: regenerated-books\nname: Regenerated books\nversion: '1'\noverrides:\n{keys}"
