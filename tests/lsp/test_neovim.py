"""A real editor: Neovim's built-in LSP client, headless, on `fwdata lsp` (tests/lsp/neovim_session.lua).

Neovim is Debian's package (`tests/tools/install-neovim.sh`, run by .ci/run). Without it the test skips,
except in CI (CI=true), where it fails.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

SESSION = Path(__file__).resolve().parent / "neovim_session.lua"


def _neovim() -> str:
    found = shutil.which("nvim")
    if found is None:
        message = "Neovim (nvim) is not installed: run tests/tools/install-neovim.sh"
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(message)
        pytest.skip(message)
    return found


def test_neovim_shows_the_error_sees_it_fixed_and_jumps_to_the_card(pack: Path, tmp_path: Path) -> None:
    nvim = _neovim()
    card = (pack / "cards/fw/p-51d-n1.yaml").resolve()
    text = card.read_text()
    fixed = next(line for line in text.split("\n") if "climb_rate_fpm:" in line)
    broken_line = text.split("\n").index(fixed)
    card.write_text(text.replace(fixed, fixed.replace("climb_rate_fpm: ", "climb_rate_fpm: fast")))
    scenario = (pack / "scenarios/fw/bomber-intercept-n1.yaml").resolve()
    lines = scenario.read_text().split("\n")
    reference = next(number for number, line in enumerate(lines) if line.endswith("aircraft: p-51d-n1"))
    result_file = tmp_path / "result.json"
    env = {**os.environ, "FWDATA_LSP_COMMAND": json.dumps([sys.executable, "-m", "fwdata", "lsp"]),
           "FWDATA_PACK": str(pack.resolve()), "FWDATA_CARD": str(card), "FWDATA_BROKEN_LINE": str(broken_line),
           "FWDATA_FIXED_TEXT": fixed, "FWDATA_SCENARIO": str(scenario), "FWDATA_REFERENCE_LINE": str(reference),
           "FWDATA_REFERENCE_COLUMN": str(lines[reference].index("p-51d-n1") + 2), "FWDATA_TARGET": str(card),
           "FWDATA_NVIM_RESULT": str(result_file), "XDG_STATE_HOME": str(tmp_path), "XDG_DATA_HOME": str(tmp_path)}
    subprocess.run([nvim, "--headless", "--clean", "-n", "-c", f"luafile {SESSION}"], env=env, cwd=tmp_path,
                   stdin=subprocess.DEVNULL, capture_output=True, timeout=300, check=False)
    result = json.loads(result_file.read_text())
    assert "error" not in result, result
    assert result["client"] and result["error_seen"], result
    schema = [item for item in result["error_diagnostics"] if item["code"] == "SCHEMA"]
    assert schema and schema[0]["line"] == broken_line and schema[0]["source"] == "fwdata", result
    assert "climb_rate_fpm" in schema[0]["message"]
    assert result["error_gone"], result
    assert not any(item["code"] == "SCHEMA" for item in result["fixed_diagnostics"])
    assert result["jumped"], result
    assert result["jumped_to"]["line"] - 1 == text.split("\n").index("id: p-51d-n1"), result
