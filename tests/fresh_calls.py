"""Functions tests/test_fresh_process.py calls in a fresh process: it imports them by name, so they live here."""

from __future__ import annotations

import os
import signal
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any

from fwdata.render.page_copies import SheetPages


def received(items: Iterable[Any], *args: Any) -> tuple[int, list[Any], tuple[Any, ...], bool]:
    """Return the process id, the items, the extra arguments, and whether the items came as a list."""
    return os.getpid(), list(items), args, isinstance(items, list)


class Sent:
    """An item that records, in the process that pickles it, that it was sent."""

    numbers: list[int] = []

    def __init__(self, number: int) -> None:
        self.number = number

    def __reduce__(self) -> tuple[Any, ...]:
        Sent.numbers.append(self.number)
        return Sent, (self.number,)


def ends(items: Sequence[Sent]) -> tuple[int, int, int, list[int]]:
    """Return the count, the first and last items' numbers, and those of the slice [2:4]."""
    return len(items), items[0].number, items[-1].number, [item.number for item in items[2:4]]


def interrupted_then_counted(items: Iterable[Any]) -> int:
    """Send this process a Ctrl-C (SIGINT), then count the items."""
    os.kill(os.getpid(), signal.SIGINT)
    return sum(1 for _ in items)


def printing(items: Iterable[Any]) -> int:
    """Print each item on standard output; return how many there were."""
    count = 0
    for item in items:
        print(item, flush=True)
        count += 1
    return count


def failing_at(items: Iterable[Any], bad: Any) -> None:
    """Raise ValueError at the item `bad`, with the items before it still to come."""
    for item in items:
        if item == bad:
            raise ValueError(f"card {item!r} is broken")


def exiting(items: Iterable[Any], status: int) -> None:
    """End the process with `status` before reading any item."""
    os._exit(status)


def killed(items: Iterable[Any]) -> None:
    """Kill the process (SIGKILL) after its first item, as the kernel does when memory runs out."""
    next(iter(items))
    os.kill(os.getpid(), signal.SIGKILL)


def unpicklable(items: Iterable[Any]) -> Iterator[Any]:
    """Return a generator, which cannot be sent back."""
    return (item for item in list(items))


def lookups_logged(items: Iterable[Any], *, draw: Callable[..., Any], log: str, pages: SheetPages | None) -> Any:
    """Draw an imposed sheet with `draw` (`ImposedSheet.draw`), writing to `log` whether each sheet was copied."""
    if pages is None:
        return draw(items, pages=None)

    def lookup(key: str) -> Any:
        found = pages.previous(key)
        with open(log, "a", encoding="utf-8") as out:
            out.write(f"{os.getpid()} {'copied' if found is not None else 'drawn'}\n")
        return found

    return draw(items, pages=SheetPages(pages.keys, lookup))
