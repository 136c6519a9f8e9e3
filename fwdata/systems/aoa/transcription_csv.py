"""Hand-typed CSV transcriptions of the printed dogfighting books -> `book` YAML, every cell kept as typed."""

from __future__ import annotations

import csv
import hashlib
import io
import re
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from fwdata.errors import UsageError
from fwdata.reporting.text import plural
from fwdata.sources.containment import Refused, read_regular
from fwdata.sources.yaml_loader import DEFAULT_LIMITS
from fwdata.suggestions import did_you_mean
from fwdata.systems.aoa.model import CODE_ORDERS, DEFAULT_LAYOUT, LAST_PAGE, MANEUVER_CODES
from fwdata.systems.aoa.transcription_columns import ColumnMap, map_columns, parse_mappings, side_of
from fwdata.systems.aoa.transcription_yaml import book_text, enum_words, printable

MAX_CSV_BYTES = DEFAULT_LIMITS.max_bytes  # the written book must load under the same cap
MAX_CELL_CHARS = 40  # a page number or a page's word (right-forward-wing: 18) is far shorter
MAX_PAGES = 2 * LAST_PAGE  # pages typed twice are kept for the checks; more is no transcription of a book
SNIFF_CHARS = 8_192
DELIMITERS = ",;\t"
PER_PAGE, TRANSPOSED = "one row per page", "one row per maneuver"

# Page attributes a transcription may give, in the order the generated books write them; `tailing` is the
# book's `tag`.
ATTRIBUTES = ("range", "view", "facing", "enemy_visible", "tailing", "firing", "damage", "shot")
FLAGS = ("enemy_visible", "firing", "shot")
TRUE_WORDS = frozenset({"true", "yes", "y", "x", "1", "firing", "fire", "shot", "shot!"})
FALSE_WORDS = frozenset({"false", "no", "n", "0", "-", "none"})
# AoA V: a small 'T' marks Tailing; published CSVs write `in` for it (you are on his tail) and `none` for no tag.
TAILING_WORDS = {"t": "tailing", "tailing": "tailing", "tailed": "tailed", "in": "tailing"}
NO_TAG_WORDS = frozenset({"none", "-", "no", "false"})
RANGE_WORDS = {"close": "short"}  # the original rules' word for Short (Range; Gun Chart, Altitude Effects)
ID_PATTERN = re.compile(r"[a-z0-9]+(-[a-z0-9]+)*")
WHOLE_NUMBER = re.compile(r"[+-]?[0-9]{1,18}")


@dataclass(frozen=True)
class Transcription:
    """A CSV transcription read into page records (plain data, cells as typed)."""

    layout: str
    shape: str  # PER_PAGE or TRANSPOSED: the CSV layout detected from the header
    pages: tuple[dict[str, Any], ...]  # in file order: a repeated or missing page stays so
    sha256: str  # of the CSV file's bytes, named in the book's provenance
    columns: tuple[str, ...] = ()  # the columns read under other names (transcription_columns.py)
    other_side_rows: int = 0  # rows a side column gives to the other book, left out

    def summary(self) -> list[str]:
        """Return what was read and which odd cells were kept, for the checks to report."""
        numbers = [p["page"] for p in self.pages]
        cells = [cell for p in self.pages for cell in p.get("next", ())]
        typed = sum(isinstance(cell, str) for cell in [*numbers, *cells])
        outside = sum(isinstance(cell, int) and not 1 <= cell <= LAST_PAGE for cell in [*numbers, *cells])
        empty = sum(cell is None for cell in cells)
        counts = Counter(n for n in numbers if isinstance(n, int))
        repeated = sorted(n for n, count in counts.items() if count > 1)
        missing = [n for n in range(1, LAST_PAGE + 1) if n not in counts]
        lines = [f"read {len(self.pages)} pages ({self.shape}; layout {self.layout}, "
                 f"{len(CODE_ORDERS[self.layout])} maneuvers)"]
        if self.columns:
            lines.append("columns detected: " + ", ".join(self.columns))
        if self.other_side_rows:
            lines.append(f"left out {plural(self.other_side_rows, 'row')} of the other side's book")
        odd = [text for count, text in ((typed, f"{plural(typed, 'cell')} not a whole number"),
                                        (outside, f"{plural(outside, 'number')} outside pages 1..{LAST_PAGE}"),
                                        (empty, plural(empty, "empty maneuver cell"))) if count]
        if odd:
            lines.append("kept as typed: " + ", ".join(odd))
        if repeated:
            lines.append("pages typed more than once: " + _listed(repeated))
        if missing:
            lines.append("pages missing: " + _listed(missing))
        return lines


def _listed(pages: Sequence[int], first: int = 10) -> str:
    shown = ", ".join(str(p) for p in pages[:first])
    return shown + (f" and {len(pages) - first} more" if len(pages) > first else "")


# ------------------------------------------------------------------ reading


def read_transcription(path: Path, layout: str = DEFAULT_LAYOUT, *, side: str | None = None,
                       mappings: Sequence[str] = ()) -> Transcription:
    """Read the CSV transcription at `path` (one row per page, or one row per maneuver).

    At most MAX_CSV_BYTES of UTF-8 text (a BOM is fine), delimited by comma,
    semicolon or tab. Columns are found by name or by `mappings` (--map NAME=FIELD,
    transcription_columns.py); a side column keeps the rows of `side`. Raises
    UsageError for a file that cannot be read, an unknown or missing column, a bad
    mapping, or a cell longer than MAX_CELL_CHARS.
    """
    explicit = parse_mappings(mappings, CODE_ORDERS[layout])
    try:
        data = read_regular(path, MAX_CSV_BYTES)
    except Refused as refused:
        raise UsageError(f"{path}: {refused.message}") from None
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise UsageError(f"{path}: not UTF-8 text (byte {exc.start} is {data[exc.start]:#04x})") from None
    if "\0" in text:
        raise UsageError(f"{path}: not a CSV text file (it holds NUL bytes)")
    rows = _rows(path, text)
    if not rows:
        raise UsageError(f"{path}: no rows; expected a header and one row per page or per maneuver")
    codes = CODE_ORDERS[layout]
    header = rows[0][1]
    transposed = _one_row_per_maneuver(header, [cells for _line, cells in rows[1:]], codes)
    typed = max(len(cells) for _line, cells in rows) - 1 if transposed else len(rows) - 1
    if typed > MAX_PAGES:
        raise UsageError(f"{path}: {typed} {'columns' if transposed else 'rows'} of pages; a book has "
                         f"{LAST_PAGE} pages (at most {MAX_PAGES} are read)")
    digest = hashlib.sha256(data).hexdigest()
    if transposed:
        if explicit:
            raise UsageError(f"{path}: --map maps the columns of a one-row-per-page CSV; this one has a row per "
                             "maneuver")
        return Transcription(layout, TRANSPOSED, tuple(_transposed_pages(path, rows, codes)), digest)
    columns = map_columns(path, header, codes, explicit, [cells for _line, cells in rows[1:]])
    pages, other = _per_page_pages(path, rows, codes, columns, side)
    return Transcription(layout, PER_PAGE, tuple(pages), digest, columns.described, other)


def _one_row_per_maneuver(header: Sequence[str], rows: Sequence[Sequence[str]], codes: Sequence[str]) -> bool:
    """Tell a one-row-per-maneuver CSV (page numbers across the header, codes down the first column) from a
    one-row-per-page one whose maneuver columns are bare numbers (0..25 or 1..26): both have a mostly numeric
    header; only the first names a maneuver or an attribute at the start of most rows."""
    if sum(bool(WHOLE_NUMBER.fullmatch(cell)) for cell in header[1:]) * 2 <= len(header) - 1:
        return False
    known = {_key(n) for n in (*ATTRIBUTES, "tag", *codes)}
    named = sum(1 for cells in rows if cells and _key(cells[0]) in known)
    return not rows or named * 2 > len(rows)


def _rows(path: Path, text: str) -> list[tuple[int, list[str]]]:
    """Return (line, stripped cells) of every row that is not blank."""
    reader = csv.reader(io.StringIO(text, newline=""), _dialect(text))
    rows = []
    try:
        for row in reader:
            cells = [cell.strip() for cell in row]
            for column, cell in enumerate(cells, start=1):
                if len(cell) > MAX_CELL_CHARS:
                    raise UsageError(f"{path}: line {reader.line_num}, column {column}: a cell of {len(cell)} "
                                     f"characters (at most {MAX_CELL_CHARS}); is this a transcription?")
            if any(cells):
                rows.append((reader.line_num, cells))
    except csv.Error as exc:
        raise UsageError(f"{path}: line {reader.line_num}: {exc}") from None
    return rows


def _dialect(text: str) -> Any:
    """The CSV dialect of `text`: the sniffer's on whole lines, else the delimiter the header uses most."""
    sample = text[:SNIFF_CHARS]
    sample = sample[:sample.rfind("\n") + 1] or sample  # a cut line would look inconsistent
    try:
        delimiter = csv.Sniffer().sniff(sample, delimiters=DELIMITERS).delimiter
    except csv.Error:
        delimiter = max(DELIMITERS, key=sample.partition("\n")[0].count)
    # Only the delimiter is guessed: the sniffer may take a typed apostrophe for the quote character.
    return type("Sniffed", (csv.excel,), {"delimiter": delimiter})


def _key(name: str) -> str:
    """A header or row name as matched: case, spaces, `_` and `-` ignored."""
    return re.sub(r"[\s_\-]+", "", name).lower()


def _names(path: Path, names: Sequence[str], codes: Sequence[str], what: str) -> list[str | None]:
    """Map header (or row) names to `page`, an attribute or a code; raises UsageError naming unknown ones."""
    allowed = ("page", *ATTRIBUTES) if what == "column" else ATTRIBUTES
    known = {_key(n): n for n in allowed} | {"tag": "tailing"} | {c.lower(): c for c in codes}
    mapped = [known.get(_key(name)) if name else None for name in names]
    unknown = [name for name, found in zip(names, mapped, strict=True) if name and found is None]
    if unknown:
        hint = (" (a book of Powerhouse's 26 maneuvers: --layout powerhouse-26)" if unknown == ["O"]
                else did_you_mean(unknown[0].lower(), allowed))
        raise UsageError(f"{path}: unknown {what} {', '.join(repr(n) for n in unknown)}{hint}; expected "
                         f"{', '.join(allowed)} and the maneuver codes {codes[0]}..{codes[-1]} "
                         f"({len(codes)} codes)")
    repeated = sorted(name for name, count in Counter(m for m in mapped if m).items() if count > 1)
    if repeated:
        raise UsageError(f"{path}: {what} {', '.join(repeated)} given more than once")
    missing = [code for code in codes if code not in mapped]
    if missing:
        hint = (" (a book of the original 25 maneuvers: --layout original-25)"
                if len(codes) == len(MANEUVER_CODES) and missing == ["O"] else "")
        raise UsageError(f"{path}: no {what} for maneuver {', '.join(missing)}: this layout has {len(codes)} "
                         f"codes {codes[0]}..{codes[-1]}{hint}")
    return mapped


def _per_page_pages(path: Path, rows: list[tuple[int, list[str]]], codes: Sequence[str], columns: ColumnMap,
                    side: str | None) -> tuple[list[dict[str, Any]], int]:
    """Return one record per data row of a one-row-per-page CSV, in file order, and the other side's rows left out."""
    fields = columns.fields
    missing = [code for code in codes if code not in fields]
    if missing:
        hint = (" (a book of the original 25 maneuvers: --layout original-25)"
                if len(codes) == len(MANEUVER_CODES) and missing == ["O"] else "")
        raise UsageError(f"{path}: no column for maneuver {', '.join(missing)}: this layout has {len(codes)} "
                         f"codes {codes[0]}..{codes[-1]}{hint}")
    if "page" not in fields:
        raise UsageError(f"{path}: no page column; the header must name `page` (one row per page) or list "
                         "page numbers (one row per maneuver); --map NAME=page names it")
    side_column = fields.index("side") if "side" in fields else None
    pages, other = [], 0
    for line, cells in rows[1:]:
        extra = [cell for column, cell in enumerate(cells) if column >= len(fields) and cell]
        if extra:
            raise UsageError(f"{path}: line {line} has a cell under no column: {extra[0]!r}")
        if side_column is not None:
            word = cells[side_column] if side_column < len(cells) else ""
            found = side_of(word)
            if found is None:
                raise UsageError(f"{path}: line {line}: side {word!r} names neither book; expected allied or german "
                                 "(or a word for one: docs/aoa-transcriptions.md)")
            if side is not None and found != side:
                other += 1
                continue
        named = {field: cell for field, cell in zip(fields, cells, strict=False) if field is not None}
        pages.append(page_record(named, codes))
    return pages, other


def _transposed_pages(path: Path, rows: list[tuple[int, list[str]]], codes: Sequence[str]) -> list[dict[str, Any]]:
    """Return one record per page column of a one-row-per-maneuver CSV, in column order."""
    header = rows[0][1]
    names = _names(path, [cells[0] for _line, cells in rows[1:]], codes, "row")
    unnamed = next((line for (line, _cells), name in zip(rows[1:], names, strict=True) if name is None), None)
    if unnamed is not None:
        raise UsageError(f"{path}: line {unnamed} has no maneuver code or attribute name in its first cell")
    by_name = dict(zip(names, (cells for _line, cells in rows[1:]), strict=True))
    pages = []
    for column in range(1, max(len(cells) for _line, cells in rows)):
        values = {name: cells[column] if column < len(cells) else "" for name, cells in by_name.items() if name}
        number = header[column] if column < len(header) else ""
        if number or any(values.values()):
            pages.append(page_record({"page": number, **values}, codes))
    return pages


# ------------------------------------------------------------------ cells


def page_record(cells: Mapping[str, str], codes: Sequence[str]) -> dict[str, Any]:
    """Return the book page record of one page's cells (name -> text as typed).

    Key order follows the generated books. A blank attribute is left out; a
    page whose maneuver cells are all blank has no chart (as page 223).
    """
    record: dict[str, Any] = {"page": _number(cells.get("page", ""))}
    for name in ATTRIBUTES:
        typed = cells.get(name, "")
        if name == "tailing" and " ".join(typed.lower().split()) in NO_TAG_WORDS:
            continue
        if typed:
            record["tag" if name == "tailing" else name] = _attribute(name, typed)
    chart = [cells.get(code, "") for code in codes]
    if any(chart):
        record["next"] = [_number(cell) if cell else None for cell in chart]
    return record


def _number(typed: str) -> int | str | None:
    """A whole number as an int (in range or not); anything else as typed; blank as None."""
    if not typed:
        return None
    return int(typed) if WHOLE_NUMBER.fullmatch(typed) else typed


def _attribute(name: str, typed: str) -> Any:
    """The value of one page attribute: the book's word where the cell means one, else the cell as typed."""
    word = " ".join(typed.lower().split())
    if name in FLAGS:
        return True if word in TRUE_WORDS else False if word in FALSE_WORDS else typed
    if name == "tailing":
        return TAILING_WORDS.get(word, typed)
    if name == "damage":
        return _number(typed)
    word = RANGE_WORDS.get(word, word) if name == "range" else word.replace(" ", "-")
    return word if word in enum_words(name) else typed


# ------------------------------------------------------------------ writing


@dataclass(frozen=True)
class BookHeader:
    """The command line's part of an imported book: who flies it and what it is called."""

    side: str
    id: str
    name: str
    depicts: str
    opponent: str | None = None

    def problems(self) -> list[str]:
        """Return why these values cannot make a book (ids are lowercase kebab-case, at most 64 characters)."""
        found = [f"--{option} {value!r} is not a lowercase kebab-case id (like spad-xiii-book)"
                 for option, value in (("id", self.id), ("opponent", self.opponent))
                 if value is not None and (not ID_PATTERN.fullmatch(value) or len(value) > 64)]
        found += [f"--{option} must be 1 to 120 printable characters" for option, value in (("name", self.name),
                                                                                          ("depicts", self.depicts))
                  if not 0 < len(value.strip()) <= 120 or not value.isprintable()]
        return found


def book_document(transcription: Transcription, header: BookHeader, csv_name: str) -> dict[str, Any]:
    """Return the `book` document of a transcription (plain data, pages as read)."""
    document: dict[str, Any] = {
        "system": "aoa", "kind": "book", "id": header.id, "name": header.name,
        "provenance": {
            "status": "transcribed",
            "source": f"{printable(csv_name)} (SHA-256 {transcription.sha256})",
            "notes": (f"Typed by hand from a printed dogfighting book and imported by fwdata aoa import "
                      f"({transcription.shape}). Every cell is kept as typed: fwdata check reports those "
                      "that break the book's rules (docs/aoa-transcriptions.md)."),
        },
    }
    if transcription.layout != DEFAULT_LAYOUT:
        document["layout"] = transcription.layout
    document |= {"side": header.side, "depicts": header.depicts}
    if header.opponent is not None:
        document["opponent"] = header.opponent
    document["pages"] = list(transcription.pages)
    return document


def import_transcription(csv_path: Path, header: BookHeader, layout: str, out: Path, *, force: bool,
                         mappings: Sequence[str] = ()) -> list[str]:
    """Read the CSV at `csv_path` and write it as a `book` document to `out`; return the lines to print.

    Writes atomically; raises UsageError when `out` exists (unless `force`) or the
    CSV or the header values are unusable, OutputError when `out` cannot be written.
    """
    from fwdata.cli.schema_export import schema_reference
    from fwdata.output.write import write_file

    problems = header.problems()
    if problems:
        raise UsageError("; ".join(problems))
    if out.is_dir():
        raise UsageError(f"{out} is a folder; name the book file to write")
    if out.exists() and not out.is_file():
        raise UsageError(f"{out} is not a regular file; name the book file to write")
    if out.exists() and csv_path.exists() and out.resolve() == csv_path.resolve():
        raise UsageError(f"{out} is the CSV being imported; name another file")
    if out.exists() and not force:
        raise UsageError(f"{out} exists; --force replaces it")
    transcription = read_transcription(csv_path, layout, side=header.side, mappings=mappings)
    document = book_document(transcription, header, csv_path.name)
    write_file(out, book_text(document, csv_path.name, schema_reference(out, ("aoa", "book"))).encode("utf-8"))
    return [*transcription.summary(), f"wrote {out}; check it with: fwdata check {out.parent}"]
