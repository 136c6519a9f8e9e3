"""Protocol-level tests of `fwdata lsp`: one server over pipes for the module, each test on packs of its own."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent.parent / "bench"))
from generate_pack import generate  # noqa: E402
from lsp_client import LspProcess  # noqa: E402


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LspProcess]:
    """A running `fwdata lsp` (this interpreter's fwdata), initialised on a folder of the module's."""
    folder = tmp_path_factory.mktemp("lsp")
    with (folder / "stderr.txt").open("wb") as stderr:
        process = LspProcess(folder, stderr=stderr)
        process.initialize(folder)
        yield process
        assert process.stdout_junk == b"", "the server wrote something other than protocol messages on stdout"
        assert process.close() == 0


@pytest.fixture()
def pack(tmp_path: Path) -> Path:
    """A generated pack of 22 fw cards (two copies of each bundled card), 4 scenarios and the fw tables."""
    return generate(tmp_path / "pack", cards=22)
