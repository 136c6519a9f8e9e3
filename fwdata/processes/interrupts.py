"""Ctrl-C held back over steps that must not be cut short: the swap of a build folder, a pool's shutdown."""

from __future__ import annotations

import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def interrupts_deferred() -> Iterator[None]:
    """Hold Ctrl-C (SIGINT) and SIGTERM back until the block ends, then deliver them to their own handlers.

    A Ctrl-C during the block raises KeyboardInterrupt once the block is done, however
    many were pressed. Only where Python can set handlers (the main thread); elsewhere
    the block runs as it is.
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    held: list[int] = []
    handlers = {number: handler for number in (signal.SIGINT, signal.SIGTERM)
                if (handler := signal.getsignal(number)) is not None}  # None: a handler set in C, left alone
    for number in handlers:
        signal.signal(number, lambda received, frame: held.append(received))
    try:
        yield
    finally:
        for number, handler in handlers.items():
            signal.signal(number, handler)
        for received in dict.fromkeys(held):
            signal.raise_signal(received)
