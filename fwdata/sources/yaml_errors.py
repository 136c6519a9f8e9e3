"""Loading: a YAML syntax error in words for card authors, at the line where the mistake most likely is.

libyaml reports where it stopped, which is often a line after the slip that
caused it (a key indented one space too far, a missing space after a colon, a
quote or bracket never closed). Each of its messages is reworded here, with an
indentation hint where indentation is the likely cause and the location moved
to the line that most likely holds the mistake.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable

from yaml.error import MarkedYAMLError

from fwdata.sources.yaml_reader import TextLines, printable

Place = tuple[int, int]
_LEADING_BLANKS = re.compile(r"[ \t\u00a0\u1680\u2000-\u200b\u202f\u205f\u3000\ufeff]*")
_ODD_BLANK = re.compile(r"[\u00a0\u1680\u2000-\u200b\u202f\u205f\u3000\ufeff]")
_KEY_START = re.compile(r"(?:- +)*")  # the list markers before a line's key: `  - name: x` has its key at column 5
_GLUED_KEY = re.compile(r"^[^\s:#'\"\[{][^:#]*:[^\s/]")  # `b:1` (not `a: 1`, not a URL or time)


def syntax_message(lines: TextLines, exc: MarkedYAMLError) -> tuple[str, Place]:
    """Return a one-line message for a libyaml syntax error and the 1-based (line, column) it belongs at.

    The message names the mistake in plain words; the place is the odd blank in
    an indentation that caused the error, else the line the mistake most likely
    is on (see module docstring), else the parser's own mark.
    """
    problem_mark = exc.problem_mark or exc.context_mark
    stopped = lines.at(problem_mark)
    context = lines.at(exc.context_mark) if exc.context_mark is not None else None
    # an odd blank makes the parser stop on its own line or the next: look from there back to the context
    odd = _odd_blank_before(lines, stopped[0], min(context[0] if context else stopped[0], stopped[0] - 1))
    if odd is not None:
        return odd
    problem = (exc.problem or exc.context or "").strip()
    explain = next((explain for start, explain in _EXPLAINERS.items() if problem.startswith(start)), None)
    if explain is not None:
        explained = explain(_Stop(lines, stopped, context, (exc.context or "").strip()))
        if explained is not None:
            return explained
    detail = f" ({exc.context.strip()})" if exc.context and exc.problem else ""
    return printable(f"{problem or 'invalid YAML'}{detail}"), stopped


class _Stop:
    """Where the parser stopped, and the text around it."""

    def __init__(self, lines: TextLines, at: Place, context: Place | None, while_: str) -> None:
        self.lines, self.at, self.context, self.while_ = lines, at, context, while_

    def line(self, number: int) -> str:
        return self.lines.lines[number - 1] if 1 <= number <= len(self.lines.lines) else ""

    def character(self) -> str:
        text = self.line(self.at[0])
        return text[self.at[1] - 1] if self.at[1] <= len(text) else ""

    def previous_content_line(self, number: int) -> int | None:
        """Return the nearest line above `number` that holds more than blanks and a comment."""
        for earlier in range(number - 1, 0, -1):
            stripped = self.line(earlier).strip()
            if stripped and not stripped.startswith("#"):
                return earlier
        return None


def _indent(text: str) -> int:
    return len(text) - len(text.lstrip(" "))


def _key_indent(text: str) -> int:
    """Return the column (0-based) of a line's key, past any `- ` list markers."""
    indent = _indent(text)
    marker = _KEY_START.match(text, indent)
    return marker.end() if marker else indent


def _spaces(count: int) -> str:
    return f"{count} space" if count == 1 else f"{count} spaces"


def _value_on_two_lines(stop: _Stop) -> tuple[str, Place] | None:
    """`mapping values are not allowed`: a `key: value` inside what YAML reads as a plain value."""
    number = stop.at[0]
    previous = stop.previous_content_line(number)
    here = stop.line(number)
    if previous is None:
        return None
    above = stop.line(previous)
    if _GLUED_KEY.match(above.strip().removeprefix("- ")):
        return (f"line {previous} has no space after its colon, so it is read as text, not as a key: "
                f"write `key: value`; the parser then stopped at line {number}", (previous, _indent(above) + 1))
    if _indent(here) > _key_indent(above):
        return (f"this line is indented {_spaces(_indent(here))}, more than the key on line {previous} "
                f"({_spaces(_key_indent(above))}), so it reads as the rest of that line's value: indent it "
                f"like the key it belongs with", (number, 1))
    return ("a second `: ` in one value: quote a value that contains a colon and a space "
            "(`name: \"a: b\"`)", stop.at)


def _quote_opened_above(stop: _Stop) -> Place | None:
    """Return where a quote left open on an earlier line starts, when the stop line closes one (a heuristic)."""
    number, column = stop.at
    before = stop.line(number)[:column - 1]
    for quote in "\"'":
        if before.count(quote) % 2:
            for earlier in range(number - 1, max(0, number - 200), -1):
                text = stop.line(earlier)
                if text.count(quote) % 2:
                    return earlier, text.rindex(quote) + 1
    return None


def _misplaced_key(stop: _Stop) -> tuple[str, Place] | None:
    """`did not find expected key`: a line between indentation levels, or text after a mapping's value."""
    number, column = stop.at
    here = stop.line(number)
    if column != _indent(here) + 1:
        quote = _quote_opened_above(stop)
        if quote is not None:
            return (f"this quoted value is not closed on its line, so the parser read on to line {number}: add "
                    "the closing quote here", quote)
        shown = printable(stop.character())
        return (f"`{shown}` cannot follow the value here: a key (`name: value`) or the end of the line "
                "was expected", stop.at)
    opened = stop.context[0] if stop.context else number
    content = [stop.line(line) for line in range(opened, number)
               if stop.line(line).strip() and not stop.line(line).lstrip().startswith("#")]
    above = sorted({_key_indent(text) for text in content} | {_indent(text) for text in content})
    if not above:
        return None  # nothing above to compare with: the general message
    shown = " or ".join(str(indent) for indent in above[:6])
    return (f"this line is indented {_spaces(_indent(here))}, which matches no key above it (keys and list items "
            f"from line {opened} on are indented {shown} spaces): indent it like the key it belongs with", (number, 1))


def _item_expected(stop: _Stop) -> tuple[str, Place] | None:
    """`did not find expected '-' indicator`: a key at a list's indentation, or a line between levels."""
    number = stop.at[0]
    here = stop.line(number)
    opened = stop.context[0] if stop.context else number
    list_indent = _indent(stop.line(opened))
    return (f"this line is indented {_spaces(_indent(here))} inside the list that starts at line {opened} "
            f"({_spaces(list_indent)}) but is not a list item: start it with `- `, or indent it like the key "
            f"it belongs with", (number, 1))


def _unclosed_quote(stop: _Stop) -> tuple[str, Place] | None:
    start = stop.context or stop.at
    return ("this quoted value is never closed: add the closing quote (a value in quotes ends at the "
            "same kind of quote)", start)


def _unclosed_flow(closer: str, noun: str) -> Callable[[_Stop], tuple[str, Place] | None]:
    def explain(stop: _Stop) -> tuple[str, Place] | None:
        opened = stop.context or stop.at
        if opened[0] != stop.at[0]:
            return (f"the {noun} opened here with `{'[' if closer == ']' else '{'}` is not closed: add `{closer}` "
                    f"at the end of its entries (the parser stopped at line {stop.at[0]})", opened)
        found = printable(stop.character()) or "the end of the line"
        return f"expected `,` or `{closer}` between the entries of this {noun}, found `{found}`", stop.at
    return explain


def _cannot_start(stop: _Stop) -> tuple[str, Place] | None:
    character = stop.character()
    if character == "\t":
        return "a tab cannot stand here: YAML separates and indents with spaces", stop.at
    if character in "@`":
        name = "a backtick" if character == "`" else "`@`"
        return f"{name} is reserved in YAML and cannot start a value: put the value in quotes", stop.at
    return f"`{printable(character)}` cannot start a value here: put the value in quotes", stop.at


def _long_key(stop: _Stop) -> tuple[str, Place] | None:
    start = stop.context or stop.at
    text = stop.line(start[0])
    if _GLUED_KEY.match(text.strip().removeprefix("- ")):
        return ("no space after the colon, so this line is read as text, not as a key: write `key: value`",
                (start[0], _indent(text) + 1))
    return ("a key must end with `:` on its own line and be at most 1024 characters long", start)


def _unknown_escape(stop: _Stop) -> tuple[str, Place] | None:
    text = stop.line(stop.at[0])
    shown = printable(text[stop.at[1]: stop.at[1] + 1])  # the mark is at the backslash
    return (f"unknown escape `\\{shown}` in a double-quoted value: write `\\\\` for a backslash, or use single "
            "quotes", stop.at)


def _bad_code_point(stop: _Stop) -> tuple[str, Place] | None:
    text = stop.line(stop.at[0])
    start = text.rfind("\\", 0, stop.at[1])
    escape = re.match(r"\\[uU][0-9a-fA-F]*", text[start:]) if start >= 0 else None
    shown = printable(escape.group()) if escape else "this escape"
    return (f"`{shown}` is not a character (half of a UTF-16 surrogate pair, or beyond U+10FFFF): write the "
            "character itself, or escape it whole as \\UXXXXXXXX", (stop.at[0], start + 1 if start >= 0 else 1))


def _bad_anchor(stop: _Stop) -> tuple[str, Place] | None:
    sign = "&" if "anchor" in stop.while_ else "*"
    return (f"`{sign}` must be followed at once by a name of letters, digits, `-` or `_` "
            f"(`{sign}name`)", stop.context or stop.at)


def _undefined_alias(stop: _Stop) -> tuple[str, Place] | None:
    text = stop.line(stop.at[0])[stop.at[1]:]
    name = printable(re.match(r"[^\s,\[\]{}]*", text).group())  # type: ignore[union-attr]
    return f"*{name} refers to no anchor: define `&{name}` on a value above before using `*{name}`", stop.at


def _after_document(stop: _Stop) -> tuple[str, Place] | None:
    return "text after the end of the document (`...` or a second document): a source holds one document", stop.at


def _duplicate_directive(stop: _Stop) -> tuple[str, Place] | None:
    return "a second %YAML directive: keep one", stop.at


def _tag_handle(stop: _Stop) -> tuple[str, Place] | None:
    return "unknown tag handle: sources hold plain YAML data only (no custom tags)", stop.at


def _block_scalar_header(stop: _Stop) -> tuple[str, Place] | None:
    return ("after `|` or `>` only an indentation digit 1-9, `+` or `-` and a comment may follow on the "
            "same line", stop.at)


def _yaml_version(stop: _Stop) -> tuple[str, Place] | None:
    version = re.match(r"%YAML\s+(\S+)", stop.line(stop.at[0]).lstrip("\ufeff"))
    shown = printable(version.group(1)) if version else "?"
    return (f"%YAML {shown} is not a version fwdata reads (expected %YAML 1.2 or 1.1, or no directive)",
            (stop.at[0], 1))


_EXPLAINERS: dict[str, Callable[[_Stop], tuple[str, Place] | None]] = {
    "mapping values are not allowed in this context": _value_on_two_lines,
    "did not find expected key": _misplaced_key,
    "did not find expected '-' indicator": _item_expected,
    "found unexpected end of stream": _unclosed_quote,
    "did not find expected ',' or ']'": _unclosed_flow("]", "list"),
    "did not find expected ',' or '}'": _unclosed_flow("}", "mapping"),
    "found character that cannot start any token": _cannot_start,
    "could not find expected ':'": _long_key,
    "found unknown escape character": _unknown_escape,
    "found invalid Unicode character escape code": _bad_code_point,
    "did not find expected alphabetic or numeric character": _bad_anchor,
    "found undefined alias": _undefined_alias,
    "did not find expected <document start>": _after_document,
    "did not find expected comment or line break": _block_scalar_header,
    "found an indentation indicator equal to 0": _block_scalar_header,
    "found duplicate %YAML directive": _duplicate_directive,
    "found undefined tag handle": _tag_handle,
    "found incompatible YAML document": _yaml_version,
}


def _odd_blank_before(lines: TextLines, stopped: int, first: int) -> tuple[str, Place] | None:
    """Return a message at a no-break or other Unicode space in an indentation, between `first` and `stopped`.

    Such a space indents nothing in YAML: it starts text, and the parser stops
    later (often a line later).
    """
    for number in range(min(stopped, len(lines.lines)), max(1, min(first, stopped)) - 1, -1):
        line = lines.lines[number - 1]
        leading = _LEADING_BLANKS.match(line)
        odd = _ODD_BLANK.search(leading.group()) if leading else None
        if odd is not None:
            character = line[odd.start()]
            name = unicodedata.name(character, "space").lower()
            return (f"{name} (U+{ord(character):04X}) in indentation (YAML indents with plain spaces only); "
                    f"the parser then stopped at line {stopped}", (number, odd.start() + 1))
    return None
