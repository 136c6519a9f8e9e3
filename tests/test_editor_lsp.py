"""The real YAML language server, driven over stdio, completes, explains and checks a pack with fwdata's schemas.

The server (npm package yaml-language-server) is found in $FWDATA_YAML_LS or in the
repository's .cache/yaml-language-server, where tests/tools/install-yaml-language-server.sh
puts it. Without it the test skips, except in CI (CI=true), where it fails.
"""

from __future__ import annotations

import json
import os
import queue
import shutil
import socket
import subprocess
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from fwdata.cli.main import main

# Settings the server pulls or is pushed: never fetch the SchemaStore catalog.
SETTINGS: dict[str, Any] = {
    "yaml": {
        "schemaStore": {"enable": False, "url": ""},
        "validate": True,
        "hover": True,
        "completion": True,
        "format": {"enable": False},
        "schemas": {},
    },
    "http": {"proxyStrictSSL": False},
}

SERVER_RELATIVE = Path("node_modules") / "yaml-language-server" / "bin" / "yaml-language-server"
REPOSITORY = Path(__file__).resolve().parent.parent


def find_server() -> Path | None:
    """Return the server's start script from $FWDATA_YAML_LS or the repository's `.cache/`, or None."""
    candidates = []
    if os.environ.get("FWDATA_YAML_LS"):
        candidates.append(Path(os.environ["FWDATA_YAML_LS"]))
    candidates.append(REPOSITORY / ".cache" / "yaml-language-server")
    for folder in candidates:
        for script in (folder / SERVER_RELATIVE, folder / "bin" / "yaml-language-server"):
            if script.is_file():
                return script
    return None


class ConnectionTrap:
    """A local TCP listener used as HTTP(S) proxy: counts every connection the server attempts."""

    def __init__(self) -> None:
        self.listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.listener.bind(("127.0.0.1", 0))
        self.listener.listen(8)
        self.listener.settimeout(0.2)
        self.connections = 0
        self.requests: list[bytes] = []
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._accept, daemon=True)
        self._thread.start()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.listener.getsockname()[1]}"

    def _accept(self) -> None:
        while not self._stop.is_set():
            try:
                connection, _ = self.listener.accept()
            except TimeoutError:
                continue
            except OSError:
                return
            self.connections += 1
            connection.settimeout(0.5)
            with suppress(OSError):
                self.requests.append(connection.recv(512))
            connection.close()

    def close(self) -> None:
        self._stop.set()
        self._thread.join(timeout=2)
        self.listener.close()


class LanguageServer:
    """A running language server: send requests and notifications, collect what it publishes."""

    def __init__(self, script: Path, cwd: Path, env: dict[str, str]) -> None:
        node = shutil.which("node") or "/usr/bin/node"
        self.process = subprocess.Popen([node, str(script), "--stdio"], cwd=cwd, env=env, stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        self.messages: queue.Queue[dict[str, Any]] = queue.Queue()
        self.diagnostics: dict[str, list[dict[str, Any]]] = {}
        self.log: list[dict[str, Any]] = []
        self._next_id = 0
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

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
                name, _, value = line.decode("ascii").partition(":")
                if name.strip().lower() == "content-length":
                    length = int(value.strip())
            if length is None:
                continue
            body = stream.read(length)
            if len(body) < length:
                return
            self.messages.put(json.loads(body))

    def _send(self, message: dict[str, Any]) -> None:
        body = json.dumps({"jsonrpc": "2.0", **message}).encode("utf-8")
        stdin = self.process.stdin
        assert stdin is not None
        stdin.write(f"Content-Length: {len(body)}\r\n\r\n".encode("ascii") + body)
        stdin.flush()

    def notify(self, method: str, params: Any) -> None:
        self._send({"method": method, "params": params})

    def request(self, method: str, params: Any, timeout_s: float = 30.0) -> Any:
        """Send a request and return its result; raises TimeoutError, or RuntimeError on an error reply."""
        self._next_id += 1
        number = self._next_id
        self._send({"id": number, "method": method, "params": params})
        reply = self._wait(lambda message: message.get("id") == number and "method" not in message, timeout_s)
        if "error" in reply:
            raise RuntimeError(f"{method}: {reply['error']}")
        return reply.get("result")

    def wait_for_diagnostics(self, uri: str, timeout_s: float = 30.0) -> list[dict[str, Any]]:
        """Return the diagnostics next published for `uri`."""
        self.diagnostics.pop(uri, None)
        deadline = time.monotonic() + timeout_s
        while uri not in self.diagnostics:
            self._pump(deadline)
        return self.diagnostics[uri]

    def _wait(self, wanted: Any, timeout_s: float) -> dict[str, Any]:
        deadline = time.monotonic() + timeout_s
        while True:
            message = self._pump(deadline)
            if wanted(message):
                return message

    def _pump(self, deadline: float) -> dict[str, Any]:
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            raise TimeoutError("the language server did not answer in time")
        try:
            message = self.messages.get(timeout=remaining)
        except queue.Empty:
            raise TimeoutError("the language server did not answer in time") from None
        self.log.append(message)
        method = message.get("method")
        if method == "textDocument/publishDiagnostics":
            self.diagnostics[message["params"]["uri"]] = message["params"]["diagnostics"]
        elif method is not None and "id" in message:
            self._answer(message)
        return message

    def _answer(self, message: dict[str, Any]) -> None:
        result: Any = None
        if message["method"] == "workspace/configuration":
            result = [SETTINGS.get(item.get("section", "")) for item in message["params"]["items"]]
        self._send({"id": message["id"], "result": result})

    def close(self) -> None:
        try:
            self.request("shutdown", None, timeout_s=5)
            self.notify("exit", None)
            self.process.wait(timeout=5)
        except (TimeoutError, OSError, RuntimeError, subprocess.TimeoutExpired):
            pass
        finally:
            if self.process.poll() is None:
                self.process.kill()
                self.process.wait(timeout=5)


@contextmanager
def yaml_language_server(script: Path, workspace: Path, proxy_url: str) -> Iterator[LanguageServer]:
    """Start and initialise the server on `workspace`, every HTTP(S) request routed to `proxy_url`."""
    env = {key: value for key, value in os.environ.items() if "proxy" not in key.lower()}
    env.update({"HTTP_PROXY": proxy_url, "HTTPS_PROXY": proxy_url, "http_proxy": proxy_url,
                "https_proxy": proxy_url, "NO_PROXY": "", "no_proxy": ""})
    server = LanguageServer(script, workspace, env)
    try:
        server.request("initialize", {
            "processId": os.getpid(),
            "rootUri": workspace.as_uri(),
            "workspaceFolders": [{"uri": workspace.as_uri(), "name": "pack"}],
            "capabilities": {
                "workspace": {"configuration": True, "didChangeConfiguration": {"dynamicRegistration": False}},
                "textDocument": {
                    "hover": {"contentFormat": ["markdown", "plaintext"]},
                    "completion": {"completionItem": {"snippetSupport": False}},
                    "publishDiagnostics": {},
                },
            },
            "initializationOptions": {},
        }, timeout_s=60)
        server.notify("initialized", {})
        server.notify("workspace/didChangeConfiguration", {"settings": SETTINGS})
        yield server
    finally:
        server.close()


# ------------------------------------------------------------------ the test


def _server_or_skip() -> Path:
    script = find_server()
    if script is None:
        message = ("yaml-language-server not found in $FWDATA_YAML_LS or .cache/yaml-language-server "
                   "(run tests/tools/install-yaml-language-server.sh)")
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(message)
        pytest.skip(message)
    if shutil.which("node") is None and not Path("/usr/bin/node").is_file():
        pytest.fail("node is missing but the yaml-language-server is installed")
    return script


def _labels(completion: Any) -> set[str]:
    items = completion.get("items", []) if isinstance(completion, dict) else completion or []
    return {item["label"] for item in items}


def _hover_text(hover: Any) -> str:
    contents = (hover or {}).get("contents", "")
    if isinstance(contents, dict):
        return str(contents.get("value", ""))
    if isinstance(contents, list):
        return "\n".join(c if isinstance(c, str) else str(c.get("value", "")) for c in contents)
    return str(contents)


def _position(text: str, needle: str, offset: int = 0) -> dict[str, int]:
    for number, line in enumerate(text.splitlines()):
        if needle in line:
            return {"line": number, "character": line.index(needle) + offset}
    raise AssertionError(f"{needle!r} not in the document")


def _open(server: LanguageServer, path: Path, text: str) -> tuple[str, list[dict[str, Any]]]:
    uri = path.resolve().as_uri()
    server.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "yaml", "version": 1,
                                                            "text": text}})
    return uri, server.wait_for_diagnostics(uri, timeout_s=60)


def test_the_yaml_language_server_uses_fwdata_schemas_offline(tmp_path: Path) -> None:
    """After `fwdata schema --write` and `fwdata new`, in a pack outside the repository: completion offers
    the schema's keys, hover shows its descriptions (also of definitions shared through common), a misspelt
    key is a diagnostic, and the server never tries to reach the network."""
    script = _server_or_skip()
    pack = tmp_path / "pack"
    runner = CliRunner()
    result = runner.invoke(main, ["schema", "--write", str(pack / "editor-schemas")])
    assert result.exit_code == 0, result.output
    result = runner.invoke(main, ["new", "fw", "aircraft", "my-fighter", "--pack", str(pack)])
    assert result.exit_code == 0, result.output
    scaffold = pack / "cards/fw/my-fighter.yaml"
    written = pack / "scenarios/fw/hand-written.yaml"
    written.parent.mkdir(parents=True)
    written.write_text("# yaml-language-server: $schema=../../editor-schemas/fw/scenario.schema.json\n"
                       "system: fw\nkind: scenario\nid: hand-written\nname: Hand written\n"
                       "provenance:\n  status: authored\n  source: me\n  sourse: typo\ntitel: typo\n")

    trap = ConnectionTrap()
    try:
        with yaml_language_server(script, pack, trap.url) as server:
            # The scaffold as the author sees it with the cursor on a new, empty line at the end.
            text = scaffold.read_text() + "\n"
            uri, diagnostics = _open(server, scaffold, text)
            assert any("Incorrect type" in d["message"] or "Expected" in d["message"] for d in diagnostics), \
                diagnostics
            end = {"line": len(text.splitlines()), "character": 0}
            labels = _labels(server.request("textDocument/completion",
                                            {"textDocument": {"uri": uri}, "position": end}))
            assert {"variant_of", "stations", "derivation", "errata"} <= labels, labels
            hover = _hover_text(server.request("textDocument/hover", {"textDocument": {"uri": uri},
                                                                      "position": _position(text, "provenance:")}))
            assert "Where the numbers of this document come from" in hover, hover
            # A key defined in common.schema.json, copied into the written schema's $defs.
            hover = _hover_text(server.request("textDocument/hover", {"textDocument": {"uri": uri},
                                                                      "position": _position(text, "status:", 2)}))
            assert "copied from a rulebook table" in hover, hover

            text = written.read_text()
            uri, diagnostics = _open(server, written, text)
            messages = {(d["range"]["start"]["line"], d["message"]) for d in diagnostics}
            assert (_position(text, "sourse")["line"], "Property sourse is not allowed.") in messages, messages
            assert (_position(text, "titel")["line"], "Property titel is not allowed.") in messages, messages
            labels = _labels(server.request("textDocument/completion",
                                            {"textDocument": {"uri": uri}, "position": _position(text, "titel")}))
            assert "date" in labels and "sides" in labels, labels
            fetched = trap.connections

            # Control: a modeline to a remote schema does go through the trap, so the count above means something.
            remote = pack / "remote.yaml"
            remote.write_text("# yaml-language-server: $schema=http://schemas.example/remote.json\nkey: 1\n")
            _open(server, remote, remote.read_text())
            deadline = time.monotonic() + 10
            while trap.connections == fetched and time.monotonic() < deadline:
                time.sleep(0.1)
            control = trap.connections - fetched
    finally:
        trap.close()
    assert fetched == 0, f"the language server tried to reach the network: {trap.requests}"
    assert control >= 1, "the connection trap saw nothing even for a remote schema"
