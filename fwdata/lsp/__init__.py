"""The language server (`fwdata lsp`): check's findings, hover, definitions, completion and fixes in the editor.

One module per job: `server` wires the protocol to the others; `workspaces` runs `check` on the
pack of each open document with the editor's unsaved text (`Pack.overlay`); `diagnostics` turns
findings into the editor's diagnostics; `cursor` reads the YAML structure around the cursor from
the text alone (a half-typed document does not parse); `schemas` walks a kind's JSON Schema;
`references` says which values name other documents; `hover`, `definition`, `completion` and
`code_actions` answer the requests of those names.
"""

from __future__ import annotations

from fwdata.errors import UsageError


def serve() -> None:
    """Serve the Language Server Protocol on standard input and output until the client says exit.

    Raises UsageError (exit 2) when pygls, the protocol library, is not installed.
    """
    try:
        import lsprotocol  # noqa: F401
        import pygls  # noqa: F401
    except ImportError:
        raise UsageError("fwdata lsp needs pygls: pip install 'fwdata[lsp]'") from None
    from fwdata.lsp.server import serve_stdio

    serve_stdio()
