"""Text checks: every string of every source can be encoded and drawn in the embedded font (so `check` passing
means `build` can print it)."""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from fwdata.findings import Finding, error, warning
from fwdata.sources.document import SourceDocument, pointer_join
from fwdata.validation.drawable import drawable_characters
from fwdata.validation.schema_text import dotted_path

# Line breaks and tabs are layout, not glyphs: paragraphs split on them.
LAYOUT_CHARACTERS = frozenset(map(ord, "\n\r\t"))
NAMED_AT_MOST = 3


def check_text(documents: Sequence[SourceDocument], *, font_cache: bool = False) -> list[Finding]:
    """Check every string value and key of `documents`; return TEXT-ENCODING and TEXT-GLYPH findings.

    A lone surrogate (half of a UTF-16 pair, e.g. YAML `"\\ud800"`) cannot be
    encoded: TEXT-ENCODING error. Characters missing from the cmap of the
    embedded font print as empty boxes: one TEXT-GLYPH warning per string,
    naming up to NAMED_AT_MOST of them as U+XXXX and their Unicode names.
    Every string is checked, since names, notes and table cells are printed.
    Findings are at the line and column of the value (of the key, for a key). With `font_cache`, the font's
    characters are kept in the user's cache (fwdata/validation/drawable.py).
    """
    findings: list[Finding] = []
    drawable: frozenset[int] | None = None

    def characters() -> frozenset[int]:  # the fonts' characters, looked up only for a text that is not plain ASCII
        nonlocal drawable
        if drawable is None:
            drawable = drawable_characters(cached=font_cache)
        return drawable

    for document in documents:
        if _surely_drawable(document.data, characters):
            continue
        for link, text, is_key in _strings(document.data):
            if text.isascii() and text.isprintable():
                continue  # the embedded font draws every printable ASCII character
            missing = [character for character in dict.fromkeys(text)
                       if ord(character) not in characters() and ord(character) not in LAYOUT_CHARACTERS]
            if not missing:
                continue
            path = _unlinked(link)
            pointer = ""
            for token in path:
                pointer = pointer_join(pointer, token)
            location = document.locate(pointer, at_key=is_key)
            what = dotted_path(path) or "the document"
            what = f"key {what}" if is_key else what
            surrogates = [character for character in missing if unicodedata.category(character) == "Cs"]
            if surrogates:
                findings.append(error(location, "TEXT-ENCODING", _surrogate_message(what, surrogates[0])))
            else:
                findings.append(warning(location, "TEXT-GLYPH", _glyph_message(what, missing)))
    return findings


def _surely_drawable(data: Any, drawable: Callable[[], frozenset[int]]) -> bool:
    """Return True when every character of the strings of `data` is printable ASCII, a line break, a tab or one of
    `drawable()` (asked only for a text outside ASCII), at C speed: the JSON of such data escapes nothing but quotes,
    backslashes, line breaks and tabs (False may also mean "look closer")."""
    try:
        written = json.dumps(data, ensure_ascii=False, check_circular=False)
    except (TypeError, ValueError, RecursionError):
        return False
    if any(sign in written for sign in ("\\u", "\\b", "\\f")):  # a control character or a lone surrogate
        return False
    if written.isascii():
        return "\x7f" not in written  # JSON writes DEL as it is
    points = drawable()
    return all(ord(character) in points for character in set(written) if ord(character) > 0x7E)


def _strings(data: Any) -> Iterator[tuple[Any, str, bool]]:
    """Yield (linked path, text, is_key) for every string value and mapping key, depth first without recursion.

    A linked path is `(parent linked path, key)`, `()` for the document: built
    for every value, turned into a tuple (`_unlinked`) only for a finding.
    """
    stack: list[tuple[Any, Any]] = [((), data)]
    while stack:
        link, value = stack.pop()
        if isinstance(value, str):
            yield link, value, False
        elif isinstance(value, dict):
            for key, item in value.items():
                if isinstance(key, str):
                    yield (link, key), key, True
                stack.append(((link, key), item))
        elif isinstance(value, list):
            stack.extend(((link, index), item) for index, item in enumerate(value))


def _unlinked(link: Any) -> tuple[str | int, ...]:
    path: list[str | int] = []
    while link:
        link, key = link
        path.append(key)
    return tuple(reversed(path))


def _surrogate_message(what: str, surrogate: str) -> str:
    return (f"{what}: the text holds the lone surrogate {_code_point(surrogate)}, half of a UTF-16 pair that "
            "cannot be encoded or printed (write the character itself, or escape it whole as \\UXXXXXXXX)")


def _glyph_message(what: str, missing: list[str]) -> str:
    named = ", ".join(_describe(character) for character in missing[:NAMED_AT_MOST])
    more = f" and {len(missing) - NAMED_AT_MOST} more" if len(missing) > NAMED_AT_MOST else ""
    from fwdata.render.fonts import font_family

    return (f"{what}: the embedded font {font_family()} has no glyph for {named}{more}, each prints as an "
            "empty box (use characters the font has)")


def _code_point(character: str) -> str:
    return f"U+{ord(character):04X}"


def _describe(character: str) -> str:
    name = unicodedata.name(character, "")
    if not name and unicodedata.category(character) == "Cc":
        name = "(a control character)"
    return f"{_code_point(character)} {name}".rstrip()
