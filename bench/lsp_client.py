"""A language-server client over pipes, for bench/lsp.py and tests/lsp/: start `fwdata lsp`, send requests and
notifications (JSON-RPC with Content-Length headers), collect what the server publishes and logs.

Every message from the server is kept in order with the time it arrived (`log`), so a caller can measure
from a notification it sent to the diagnostics that answer it.
"""

from __future__ import annotations

import json
import os
import queue
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import IO, Any


class LspProcess:
    """A running `fwdata lsp` (or another command): requests, notifications, published diagnostics, log messages.

    `stdout_junk` collects any bytes the server wrote outside a well-formed message (there must be none).
    """

    def __init__(self, cwd: Path, command: list[str] | None = None, stderr: IO[bytes] | None = None) -> None:
        env = {**os.environ, "PYTHONUNBUFFERED": "1"}
        self.process = subprocess.Popen(command or [sys.executable, "-m", "fwdata", "lsp"], cwd=cwd, env=env,
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=stderr if stderr is not None else subprocess.DEVNULL)
        self.messages: queue.Queue[tuple[float, dict[str, Any]]] = queue.Queue()
        self.diagnostics: dict[str, list[dict[str, Any]]] = {}
        self.log: list[tuple[float, dict[str, Any]]] = []
        self.stdout_junk = b""
        self._next_id = 0
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        stream = self.process.stdout
        assert stream is not None
        while True:
            length = None
            while True:
                line = stream.readline()
                if not line:
                    return
                if line in (b"\r\n", b"\n"):
                    break
                name, colon, value = line.decode("ascii", errors="replace").partition(":")
                if colon and name.strip().lower() == "content-length" and value.strip().isdigit():
                    length = int(value.strip())
                elif not (colon and name.strip().lower() == "content-type"):
                    self.stdout_junk += line
            if length is None:
                continue
            body = stream.read(length)
            if len(body) < length:
                return
            self.messages.put((time.monotonic(), json.loads(body)))

    def send(self, message: dict[str, Any]) -> float:
        """Send one message; return the time it was sent."""
        body = json.dumps({"jsonrpc": "2.0", **message}).encode("utf-8")
        stdin = self.process.stdin
        assert stdin is not None
        sent = time.monotonic()
        stdin.write(f"Content-Length: {len(body)}\r\n\r\n".encode("ascii") + body)
        stdin.flush()
        return sent

    def notify(self, method: str, params: Any) -> float:
        """Send a notification; return the time it was sent."""
        return self.send({"method": method, "params": params})

    def request(self, method: str, params: Any, timeout_s: float = 60.0) -> Any:
        """Send a request and return its result; raise TimeoutError, or RuntimeError on an error reply."""
        self._next_id += 1
        number = self._next_id
        self.send({"id": number, "method": method, "params": params})
        reply = self.wait(lambda message: message.get("id") == number and "method" not in message, timeout_s)
        if "error" in reply:
            raise RuntimeError(f"{method}: {reply['error']}")
        return reply.get("result")

    def wait(self, wanted: Any, timeout_s: float = 60.0) -> dict[str, Any]:
        """Return the next message `wanted(message)` accepts, handling the others; raise TimeoutError."""
        deadline = time.monotonic() + timeout_s
        while True:
            remaining = deadline - time.monotonic()
            try:
                arrived, message = self.messages.get(timeout=max(remaining, 0.001))
            except queue.Empty:
                raise TimeoutError("the language server did not answer in time") from None
            self.log.append((arrived, message))
            method = message.get("method")
            if method == "textDocument/publishDiagnostics":
                self.diagnostics[message["params"]["uri"]] = message["params"]["diagnostics"]
            elif method is not None and "id" in message:
                self.send({"id": message["id"], "result": {"applied": True} if method == "workspace/applyEdit"
                           else None})
            if wanted(message):
                return message

    def wait_for_diagnostics(self, uri: str, timeout_s: float = 60.0) -> tuple[float, list[dict[str, Any]]]:
        """Return the time and the diagnostics of the next publication for `uri`."""
        message = self.wait(lambda message: message.get("method") == "textDocument/publishDiagnostics"
                            and message["params"]["uri"] == uri, timeout_s)
        arrived = next(when for when, logged in reversed(self.log) if logged is message)
        return arrived, message["params"]["diagnostics"]

    def initialize(self, root: Path) -> Any:
        """Initialise the server on the workspace folder `root`."""
        result = self.request("initialize", {
            "processId": os.getpid(), "rootUri": root.as_uri(),
            "workspaceFolders": [{"uri": root.as_uri(), "name": root.name}],
            "capabilities": {"textDocument": {"hover": {"contentFormat": ["markdown", "plaintext"]},
                                              "publishDiagnostics": {}},
                             "workspace": {"applyEdit": True,
                                           "didChangeWatchedFiles": {"dynamicRegistration": True}}}})
        self.notify("initialized", {})
        return result

    def open(self, path: Path, text: str | None = None, version: int = 1) -> str:
        """Open a document (its text on disk unless given); return its URI."""
        uri = path.resolve().as_uri()
        self.notify("textDocument/didOpen", {"textDocument": {
            "uri": uri, "languageId": "yaml", "version": version,
            "text": path.read_text(encoding="utf-8") if text is None else text}})
        return uri

    def change(self, uri: str, text: str, version: int) -> float:
        """Replace a document's whole text; return the time the change was sent."""
        return self.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": version},
                                                      "contentChanges": [{"text": text}]})

    def close(self) -> int | None:
        """Shut the server down; return its exit code (None when it had to be killed)."""
        try:
            self.request("shutdown", None, timeout_s=10)
            self.notify("exit", None)
            return self.process.wait(timeout=10)
        except (TimeoutError, OSError, RuntimeError, subprocess.TimeoutExpired):
            self.process.kill()
            self.process.wait(timeout=10)
            return None
