"""Server wiring: the Language Server Protocol's messages (pygls) to the workspaces and the editor features."""

from __future__ import annotations

import asyncio
import sys
import traceback
from pathlib import Path
from typing import Any

from lsprotocol import types
from pygls.lsp.server import LanguageServer

from fwdata import __version__
from fwdata.cli.schema_export import MODELINE_PREFIX, schema_reference
from fwdata.errors import FwdataError
from fwdata.findings import Finding
from fwdata.lsp.code_actions import WRITE_SCHEMAS, code_actions
from fwdata.lsp.completion import completion
from fwdata.lsp.cursor import header
from fwdata.lsp.definition import definition, path_of_uri
from fwdata.lsp.diagnostics import to_diagnostic, to_publish
from fwdata.lsp.hover import hover
from fwdata.lsp.workspaces import Workspace, workspace_root
from fwdata.sources.loading import LoadedOnce
from fwdata.sources.modelines import MODELINE

# Seconds an edit waits for the next one before the pack is checked: a burst of keystrokes is checked once.
DEBOUNCE_S = 0.05
# Seconds without an edit after an edit's own diagnostics before the whole pack is checked (what it broke elsewhere).
SETTLE_S = 0.4


class FwdataServer(LanguageServer):
    """The server's state: the workspaces (one per pack), the open files, and what was last published."""

    def __init__(self) -> None:
        super().__init__("fwdata", __version__)
        self.workspaces: dict[Path, Workspace] = {}
        self.loaded = LoadedOnce()  # schemas and base library, shared by the workspaces
        self.open: dict[Path, str] = {}  # absolute path -> URI
        self.published: dict[Path, list[Finding]] = {}
        self._generation: dict[Path, int] = {}
        self._edited: dict[Path, set[Path]] = {}  # by workspace root: files changed since their own last check

    def report_server_error(self, error: Exception, source: Any) -> None:
        """Log an exception inside a request or notification to the client (window/logMessage); keep serving."""
        text = "".join(traceback.format_exception(type(error), error, error.__traceback__))
        self.window_log_message(types.LogMessageParams(type=types.MessageType.Error,
                                                       message=f"fwdata lsp: {source.__name__}: {text}"))

    def log(self, message: str, kind: types.MessageType = types.MessageType.Info) -> None:
        """Send one line to the client's log."""
        self.window_log_message(types.LogMessageParams(type=kind, message=f"fwdata lsp: {message}"))

    def workspace_of(self, path: Path) -> Workspace | None:
        """Return the workspace of the pack `path` belongs to (made on first use), None when its folder is gone."""
        root = workspace_root(path)
        if root is None:
            return None
        if root not in self.workspaces:
            self.workspaces[root] = Workspace(root, self.loaded)
        return self.workspaces[root]

    def text_of(self, uri: str) -> str:
        """Return the editor's text of an open document ('' when it is not open)."""
        return self.workspace.get_text_document(uri).source

    def sync(self, uri: str, rediscover: bool) -> Workspace | None:
        """Put the editor's text of `uri` into its workspace; return the workspace (None for a file in no folder)."""
        path = path_of_uri(uri)
        if path is None:
            return None
        found = self.workspace_of(path)
        if found is None:
            return None
        self.open[path] = uri
        found.overlay[path] = self.text_of(uri).encode("utf-8", errors="surrogatepass")
        if rediscover:
            found.rediscover()
            found.reload(path)
        return found

    async def check_later(self, found: Workspace, delay_s: float, edited: Path | None = None) -> None:
        """Check the workspace after `delay_s`, unless another edit asks again meanwhile; publish what changed.

        After an edit (`edited`) of a workspace checked whole before, the edited files are checked first
        (`Workspace.check` with a focus: their own diagnostics within a fraction of a whole check), then the
        whole pack once no edit came for SETTLE_S.
        """
        generation = self._generation.get(found.root, 0) + 1
        self._generation[found.root] = generation
        if edited is not None:
            self._edited.setdefault(found.root, set()).add(edited)
        await asyncio.sleep(delay_s)
        if self._generation.get(found.root) != generation:
            return
        focused: frozenset[Path] = frozenset()
        if (edited_paths := self._edited.pop(found.root, set())) and found.on_disk is not None:
            focused = frozenset(edited_paths)
            self.check_now(found, focus=focused)
            await asyncio.sleep(SETTLE_S)
            if self._generation.get(found.root) != generation:
                return
        self.check_now(found, published_now=focused)

    def check_now(self, found: Workspace, *, focus: frozenset[Path] | None = None,
                  published_now: frozenset[Path] = frozenset()) -> None:
        """Check the workspace now (only the files of `focus` when given) and publish the diagnostics that changed
        (diagnostics.to_publish). The open files of `published_now` were just published for the same texts: they
        are published again only if their findings changed (a client waiting for its edit's diagnostics gets one
        answer)."""
        reported_before = set(found.findings)
        try:
            findings = found.check(focus)
        except FwdataError as problem:
            self.log(f"{found.root}: {problem}", types.MessageType.Warning)
            return
        opened = {path for path in self.open if path in found.overlay and path not in published_now}
        # This workspace's files only: another pack's diagnostics are never cleared by this one's check.
        published = {path: last for path, last in self.published.items()
                     if path in findings or (focus is None and path in reported_before)}
        for path, chosen in to_publish(findings, found.on_disk or {}, opened, published).items():
            self.publish(path, chosen, found)

    def publish(self, path: Path, findings: list[Finding], found: Workspace | None) -> None:
        """Publish the diagnostics of one file (ranges measured on the editor's text, else the file's)."""
        if path in self.open:
            uri = self.open[path]
            text = self.text_of(uri)
        else:
            uri = path.as_uri()
            text = (found.text_of(path) if found is not None else None) or ""
        lines = text.split("\n")
        self.published[path] = findings
        self.text_document_publish_diagnostics(types.PublishDiagnosticsParams(
            uri=uri, diagnostics=[to_diagnostic(finding, lines) for finding in findings]))

    def context(self, uri: str) -> tuple[str, list[Finding], Any]:
        """Return the editor's text of `uri`, its last findings and its workspace's catalog (None before a check)."""
        path = path_of_uri(uri)
        found = None if path is None else self.workspace_of(path)
        text = self.text_of(uri)
        if found is None or path is None:
            return text, [], None
        return text, found.findings.get(path, []), found.catalog


server = FwdataServer()


@server.feature(types.INITIALIZED)
def initialized(ls: FwdataServer, params: types.InitializedParams) -> None:
    """Ask the client to report YAML files created, changed or deleted outside it, where it can."""
    workspace = ls.client_capabilities.workspace
    watched = None if workspace is None else workspace.did_change_watched_files
    if watched is not None and watched.dynamic_registration:
        ls.client_register_capability(types.RegistrationParams(registrations=[types.Registration(
            id="fwdata-yaml-files", method=types.WORKSPACE_DID_CHANGE_WATCHED_FILES,
            register_options=types.DidChangeWatchedFilesRegistrationOptions(
                watchers=[types.FileSystemWatcher(glob_pattern="**/*.{yaml,yml}")]))]))


@server.feature(types.TEXT_DOCUMENT_DID_OPEN)
async def did_open(ls: FwdataServer, params: types.DidOpenTextDocumentParams) -> None:
    found = ls.sync(params.text_document.uri, rediscover=True)
    if found is not None:
        await ls.check_later(found, 0)


@server.feature(types.TEXT_DOCUMENT_DID_CHANGE)
async def did_change(ls: FwdataServer, params: types.DidChangeTextDocumentParams) -> None:
    found = ls.sync(params.text_document.uri, rediscover=False)
    if found is not None:
        await ls.check_later(found, DEBOUNCE_S, path_of_uri(params.text_document.uri))


@server.feature(types.TEXT_DOCUMENT_DID_SAVE)
async def did_save(ls: FwdataServer, params: types.DidSaveTextDocumentParams) -> None:
    found = ls.sync(params.text_document.uri, rediscover=True)
    if found is not None:
        await ls.check_later(found, 0)


@server.feature(types.TEXT_DOCUMENT_DID_CLOSE)
async def did_close(ls: FwdataServer, params: types.DidCloseTextDocumentParams) -> None:
    path = path_of_uri(params.text_document.uri)
    if path is None:
        return
    ls.open.pop(path, None)
    ls.published.pop(path, None)
    ls.text_document_publish_diagnostics(types.PublishDiagnosticsParams(uri=params.text_document.uri,
                                                                        diagnostics=[]))
    found = ls.workspace_of(path)
    if found is not None:
        found.overlay.pop(path, None)
        found.rediscover()
        await ls.check_later(found, 0)


@server.feature(types.WORKSPACE_DID_CHANGE_WATCHED_FILES)
async def did_change_watched_files(ls: FwdataServer, params: types.DidChangeWatchedFilesParams) -> None:
    touched = {root for change in params.changes if (path := path_of_uri(change.uri)) is not None
               for root, found in ls.workspaces.items() if path.is_relative_to(root)}
    for root in touched:
        ls.workspaces[root].rediscover()
        await ls.check_later(ls.workspaces[root], DEBOUNCE_S)


@server.feature(types.TEXT_DOCUMENT_HOVER)
def on_hover(ls: FwdataServer, params: types.HoverParams) -> types.Hover | None:
    text, findings, catalog = ls.context(params.text_document.uri)
    return hover(text, params.position, findings, catalog)


@server.feature(types.TEXT_DOCUMENT_DEFINITION)
def on_definition(ls: FwdataServer, params: types.DefinitionParams) -> types.Location | None:
    text, _, catalog = ls.context(params.text_document.uri)
    return definition(text, params.position, catalog)


@server.feature(types.TEXT_DOCUMENT_COMPLETION, types.CompletionOptions(trigger_characters=[" ", "-", "["]))
def on_completion(ls: FwdataServer, params: types.CompletionParams) -> types.CompletionList:
    text, _, catalog = ls.context(params.text_document.uri)
    return completion(text, params.position, catalog)


@server.feature(types.TEXT_DOCUMENT_CODE_ACTION,
                types.CodeActionOptions(code_action_kinds=[types.CodeActionKind.QuickFix]))
def on_code_action(ls: FwdataServer, params: types.CodeActionParams) -> list[types.CodeAction]:
    uri = params.text_document.uri
    return code_actions(uri, ls.text_of(uri), params.context.diagnostics)


@server.command(WRITE_SCHEMAS)
def write_pack_schemas(ls: FwdataServer, uri: str) -> None:
    """Write the pack's schemas into its `.fwdata/schemas/` and point the document's modeline at its kind's."""
    path = path_of_uri(uri)
    text = ls.text_of(uri)
    fields = header(text)
    if path is None or "system" not in fields or "kind" not in fields:
        ls.log(f"{uri}: no system and kind to choose a schema by", types.MessageType.Warning)
        return
    reference = schema_reference(path, (fields["system"], fields["kind"]))
    line = MODELINE_PREFIX + reference
    match = MODELINE.search(text)
    if match is None:
        edit = types.TextEdit(range=types.Range(types.Position(0, 0), types.Position(0, 0)), new_text=line + "\n")
    else:
        number = text.count("\n", 0, match.start())
        start = match.start() - (text.rfind("\n", 0, match.start()) + 1)
        edit = types.TextEdit(range=types.Range(types.Position(number, start),
                                                types.Position(number, start + match.end() - match.start())),
                              new_text=line)
    ls.workspace_apply_edit(types.ApplyWorkspaceEditParams(edit=types.WorkspaceEdit(changes={uri: [edit]}),
                                                           label="fwdata: point the modeline at the pack's schemas"))
    found = ls.workspace_of(path)
    if found is not None:
        found.rediscover()
        found.reload()
        ls.check_now(found)


def serve_stdio() -> None:
    """Serve on standard input and output; anything else printed goes to standard error, never into the protocol."""
    protocol_out = sys.stdout.buffer
    sys.stdout = sys.stderr
    server.start_io(sys.stdin.buffer, protocol_out)
