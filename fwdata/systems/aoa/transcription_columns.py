"""The columns of a one-row-per-page CSV transcription as people publish them: detected, or mapped by --map.

Published layouts name the page column `page_num`, the range `distance`, the tag
`tail`, Firing `fire`, number the maneuver columns (`m_0`..`m_25`) and may hold both
books with a side column (`faction`); docs/aoa-transcriptions.md lists every name read.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from fwdata.errors import UsageError
from fwdata.suggestions import did_you_mean
from fwdata.systems.aoa.model import LAST_PAGE

PAGE, SIDE, IGNORE = "page", "side", "ignore"
ATTRIBUTES = ("range", "view", "facing", "enemy_visible", "tailing", "firing", "damage", "shot")
# Other names for the page, the side and the attributes, as keys (case, spaces, `_` and `-` ignored).
SYNONYMS = {
    PAGE: {"page", "pagenum", "pageno", "pagenumber", "pagenr", "pg", "number", "no", "nr"},
    SIDE: {"side", "faction", "nation", "book", "team"},
    "range": {"range", "distance", "dist"},
    "view": {"view", "look", "lookdirection"},
    "facing": {"facing", "heading", "orientation"},
    "enemy_visible": {"enemyvisible", "visible", "enemy", "seen"},
    "tailing": {"tailing", "tag", "tail"},
    "firing": {"firing", "fire", "fires", "shoot"},
    "shot": {"shot", "shot!", "hit", "shotat"},
    "damage": {"damage", "dmg"},
}
MANEUVER_NAME = re.compile(r"(?:maneuver|manoeuvre|man|mnv|move|m)?(?:(?P<letter>[a-z])|(?P<number>[0-9]{1,2}))")
SIDE_WORDS = {
    "allied": {"allied", "allies", "alliedpowers", "entente", "british", "britain", "french", "france", "raf", "rfc",
               "spad", "american", "italian"},
    "german": {"german", "germany", "germans", "central", "centralpowers", "fokker", "albatros", "pfalz"},
}
MAX_MAPPINGS = 64
MAX_MAPPING_CHARS = 80


def key(name: str) -> str:
    """A header, field or word as matched: case, spaces, `_` and `-` ignored."""
    return re.sub(r"[\s_\-]+", "", name).lower()


@dataclass(frozen=True)
class ColumnMap:
    """What each header column holds: 'page', 'side', an attribute, a maneuver code, or None (ignored).

    `described` says, for every column read under another name, what it was read as.
    """

    fields: tuple[str | None, ...]
    described: tuple[str, ...]


def parse_mappings(options: Sequence[str], codes: Sequence[str]) -> dict[str, str]:
    """Read --map NAME=FIELD options into {header key: field}; raise UsageError (one line) on anything else.

    FIELD is page, side, ignore, an attribute (tag for tailing) or a maneuver code.
    """
    if len(options) > MAX_MAPPINGS:
        raise UsageError(f"{len(options)} --map options; at most {MAX_MAPPINGS}")
    allowed = {PAGE, SIDE, IGNORE, *ATTRIBUTES, "tag", *codes}
    mappings: dict[str, str] = {}
    for option in options:
        if len(option) > MAX_MAPPING_CHARS or not option.isprintable() or option.count("=") != 1:
            shown = option[:MAX_MAPPING_CHARS].encode("unicode_escape").decode("ascii")
            raise UsageError(f"--map {shown!r}: expected COLUMN=FIELD, at most {MAX_MAPPING_CHARS} printable "
                             "characters")
        name, field = (part.strip() for part in option.split("="))
        wanted = field if field in codes else field.lower()
        if wanted not in allowed:
            raise UsageError(f"--map {option!r}: unknown field {field!r}{did_you_mean(field.lower(), allowed)}; "
                             f"expected page, side, ignore, {', '.join(ATTRIBUTES)} or a maneuver code "
                             f"{codes[0]}..{codes[-1]}")
        if not name or key(name) in mappings:
            raise UsageError(f"--map {option!r}: {'no column named' if not name else 'column mapped twice'}")
        mappings[key(name)] = "tailing" if wanted == "tag" else wanted
    return mappings


def map_columns(path: object, header: Sequence[str], codes: Sequence[str], mappings: Mapping[str, str],
                rows: Sequence[Sequence[str]]) -> ColumnMap:
    """Decide what each header column holds, --map first, then by name; raise UsageError when it cannot.

    Numbered maneuver columns, with a prefix or bare, count from 0 or from 1, whichever
    their numbers fit (m_0..m_25, 0..25 or 1..26 for 26 codes). `rows` (the data rows) only sharpen the
    message for an unknown column whose cells are page numbers.
    """
    keys = [key(name) for name in header]
    unused = sorted(set(mappings) - set(keys))
    if unused:
        raise UsageError(f"{path}: --map names column {unused[0]!r}, which the header does not have"
                         f"{did_you_mean(unused[0], keys)}")
    fields: list[str | None] = [None] * len(header)
    numbered: dict[int, int] = {}
    unknown: list[int] = []
    for column, name in enumerate(keys):
        if not name:
            continue
        if name in mappings:
            fields[column] = None if mappings[name] == IGNORE else mappings[name]
            continue
        field = next((f for f, names in SYNONYMS.items() if name in names), None)
        maneuver = MANEUVER_NAME.fullmatch(name) if field is None else None
        if field is not None:
            fields[column] = field
        elif maneuver is not None and maneuver["letter"] and maneuver["letter"].upper() in codes:
            fields[column] = maneuver["letter"].upper()
        elif maneuver is not None and maneuver["number"]:
            numbered[column] = int(maneuver["number"])
        else:
            unknown.append(column)
    base = _explicit_base(header, mappings, codes)
    if base is None:
        base = _numbering(path, sorted(numbered.values()), codes) if numbered else 0
    for column, number in numbered.items():
        if not 0 <= number - base < len(codes):
            raise UsageError(f"{path}: maneuver column {header[column]!r} is number {number}, past the {len(codes)} "
                             f"codes counted from {base}")
        fields[column] = codes[number - base]
    if unknown:
        raise UsageError(_unknown_message(path, header, unknown[0], fields, codes, rows))
    repeated = sorted({f for f in fields if f is not None and fields.count(f) > 1})
    if repeated:
        names = [header[c] for c, f in enumerate(fields) if f == repeated[0]]
        raise UsageError(f"{path}: columns {', '.join(repr(n) for n in names)} all read as {repeated[0]}; "
                         f"say which with --map (for example --map '{names[-1]}=ignore')")
    described = tuple(_described(header, fields, numbered, base, codes))
    return ColumnMap(tuple(fields), described)


def _explicit_base(header: Sequence[str], mappings: Mapping[str, str], codes: Sequence[str]) -> int | None:
    """Return where the numbers start when --map puts a numbered maneuver column on a code (m_1=A: from 1)."""
    for name in header:
        found = MANEUVER_NAME.fullmatch(key(name))
        field = mappings.get(key(name))
        if found is not None and found["number"] and field in codes:
            return int(found["number"]) - codes.index(field)
    return None


def _numbering(path: object, numbers: list[int], codes: Sequence[str]) -> int:
    """Return 0 or 1: where the maneuver column numbers start; raise UsageError when their numbers cannot tell."""
    count = len(codes)
    if numbers[0] == 0 and numbers[-1] <= count - 1:
        return 0
    if numbers[0] >= 1 and numbers[-1] == count:
        return 1
    if numbers[0] >= 1 and numbers[-1] < count:
        raise UsageError(f"{path}: maneuver columns numbered {numbers[0]}..{numbers[-1]}: they may count from 0 or "
                         f"from 1; map one with --map (for example --map 'm_{numbers[0]}={codes[numbers[0]]}' if "
                         "they count from 0)")
    raise UsageError(f"{path}: maneuver columns numbered {numbers[0]}..{numbers[-1]}, but this layout has {count} "
                     f"codes ({codes[0]}..{codes[-1]}: 0..{count - 1} or 1..{count})")


def _unknown_message(path: object, header: Sequence[str], column: int, fields: Sequence[str | None],
                     codes: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    name = header[column]
    letter = MANEUVER_NAME.fullmatch(key(name))
    if letter is not None and letter["letter"] == "o" and "O" not in codes:
        return f"{path}: unknown column {name!r} (a book of Powerhouse's 26 maneuvers: --layout powerhouse-26)"
    cells = [row[column] for row in rows if column < len(row) and row[column]]
    pages = sum(1 for cell in cells if cell.isdigit() and 1 <= int(cell) <= LAST_PAGE)
    if cells and pages * 5 >= len(cells) * 4:
        missing = [code for code in codes if code not in fields]
        like = [header[c] for c, f in enumerate(fields) if f in codes]
        hint = did_you_mean(name, like) if like else ""
        return (f"{path}: unknown column {name!r}{hint}: its cells are page numbers, like a maneuver column's; "
                f"map it with --map '{name}=CODE' (codes without a column: {', '.join(missing) or 'none'})")
    names = [PAGE, SIDE, *ATTRIBUTES]
    return (f"{path}: unknown column {name!r}{did_you_mean(key(name), names)}; expected {', '.join(names)} (or "
            f"another name for one: docs/aoa-transcriptions.md) and the maneuver codes {codes[0]}..{codes[-1]} "
            f"({len(codes)} codes, as letters or numbers), or --map '{name}=FIELD'")


def _described(header: Sequence[str], fields: Sequence[str | None], numbered: Mapping[int, int], base: int,
               codes: Sequence[str]) -> list[str]:
    lines = [f"{header[c]} -> {f}" for c, f in enumerate(fields)
             if f is not None and c not in numbered and key(header[c]) != key(f)]
    lines += [f"{header[c]} ignored" for c, f in enumerate(fields) if f is None and header[c]]
    if numbered:
        first, last = min(numbered, key=numbered.__getitem__), max(numbered, key=numbered.__getitem__)
        span = f"{codes[numbered[first] - base]}..{codes[numbered[last] - base]}"
        lines.append(f"{header[first]}..{header[last]} -> {span} (numbered from {base})")
    return lines


def side_of(word: str) -> str | None:
    """Return 'allied' or 'german' for a side column's word, None when it names neither."""
    wanted = key(word)
    return next((side for side, words in SIDE_WORDS.items() if wanted in words), None)
