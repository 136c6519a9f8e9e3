"""Suggestions for misspelt names: the "did you mean" of finding messages."""

from __future__ import annotations

import difflib
import functools
from collections.abc import Iterable
from typing import Any


def did_you_mean(value: Any, choices: Iterable[str]) -> str:
    """Return " (did you mean 'x'?)" for the closest of `choices` to `value`, or "" when none is close."""
    close = closest(value, choices)
    return "" if close is None else f" (did you mean {close!r}?)"


def closest(value: Any, choices: Iterable[str]) -> str | None:
    """Return the closest of `choices` to the string `value`, None when none is close (or `value` is no string)."""
    return _closest(value, tuple(choices)) if isinstance(value, str) else None


@functools.lru_cache(maxsize=256)
def _closest(value: str, choices: tuple[str, ...]) -> str | None:
    # Kept: one unknown id is often named many times (every flight of every scenario flying a broken card),
    # and comparing it with a thousand ids takes milliseconds each time.
    close = difflib.get_close_matches(value, choices, n=1, cutoff=0.5)
    return close[0] if close else None
