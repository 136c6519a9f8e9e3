"""Suggestions for misspelt names: the "did you mean" of finding messages."""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from typing import Any


def did_you_mean(value: Any, choices: Iterable[str]) -> str:
    """Return " (did you mean 'x'?)" for the closest of `choices` to `value`, or "" when none is close."""
    if not isinstance(value, str):
        return ""
    close = difflib.get_close_matches(value, list(choices), n=1, cutoff=0.5)
    return f" (did you mean {close[0]!r}?)" if close else ""
