"""`fwdata lsp` over pipes: diagnostics are check's findings (also of files an edit breaks), hover, definition,
completion, code actions, several packs at once, and bad input that never stops the server."""

from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from fwdata.cli.main import main

sys.path.insert(0, str(Path(__file__).resolve().parent.parent.parent / "bench"))
from lsp_client import LspProcess  # noqa: E402


def position(text: str, needle: str, offset: int = 0) -> dict[str, int]:
    for number, line in enumerate(text.split("\n")):
        if needle in line:
            return {"line": number, "character": line.index(needle) + offset}
    raise AssertionError(f"{needle!r} not in the text")


def hover_text(server: LspProcess, uri: str, at: dict[str, int]) -> str:
    result = server.request("textDocument/hover", {"textDocument": {"uri": uri}, "position": at})
    return "" if result is None else str(result["contents"]["value"])


def labels(server: LspProcess, uri: str, at: dict[str, int]) -> list[str]:
    result = server.request("textDocument/completion", {"textDocument": {"uri": uri}, "position": at})
    return [item["label"] for item in result["items"]]


def check_lines(path: Path) -> set[tuple[int, int, str, str, str]]:
    """Return `fwdata check PATH`'s findings of `path` as (line, column, severity, code, message)."""
    result = CliRunner().invoke(main, ["check", "--format", "json", str(path)])
    return {(f["line"], f["column"], f["severity"], f["code"], f["message"])
            for f in json.loads(result.stdout)["findings"]}


def diagnostic_lines(diagnostics: list[dict[str, Any]]) -> set[tuple[int, int, str, str, str]]:
    severities = {1: "error", 2: "warning", 3: "info"}
    return {(d["range"]["start"]["line"] + 1, d["range"]["start"]["character"] + 1, severities[d["severity"]],
             d["code"], d["message"]) for d in diagnostics}


def test_diagnostics_are_checks_findings_of_the_unsaved_text(server: LspProcess, pack: Path, tmp_path: Path) -> None:
    """The unsaved text's diagnostics are exactly what `check` prints once that text is saved; fixing clears them."""
    card = pack / "cards/fw/p-51d-n1.yaml"
    text = card.read_text()
    uri = server.open(card, text)
    _, diagnostics = server.wait_for_diagnostics(uri)
    assert diagnostic_lines(diagnostics) == check_lines(card)
    broken = text.replace("climb_rate_fpm: ", "climb_rate_fpm: fast", 1).replace("status: authored",
                                                                                   "status: autored", 1)
    server.change(uri, broken, 2)
    _, diagnostics = server.wait_for_diagnostics(uri)
    saved = tmp_path / "saved"
    shutil.copytree(pack, saved)
    (saved / "cards/fw/p-51d-n1.yaml").write_text(broken)
    expected = check_lines(saved / "cards/fw/p-51d-n1.yaml")
    assert {code for *_, code, _ in expected} >= {"SCHEMA"}
    assert diagnostic_lines(diagnostics) == expected
    assert all(d["source"] == "fwdata" for d in diagnostics)
    server.change(uri, text, 3)
    _, diagnostics = server.wait_for_diagnostics(uri)
    assert diagnostic_lines(diagnostics) == check_lines(card)
    assert not any(d["code"] == "SCHEMA" for d in diagnostics)


def test_ten_breaks_and_fixes_are_each_seen(server: LspProcess, pack: Path) -> None:
    """Issue 33, done when: a client that breaks and fixes a card ten times sees each change."""
    card = pack / "cards/fw/p-51d-n1.yaml"
    text = card.read_text()
    broken = text.replace("climb_rate_fpm: ", "climb_rate_fpm: fast", 1)
    uri = server.open(card, text)
    server.wait_for_diagnostics(uri)
    seen = []
    for version in range(2, 22):
        server.change(uri, broken if version % 2 == 0 else text, version)
        _, diagnostics = server.wait_for_diagnostics(uri)
        seen.append(any(d["code"] == "SCHEMA" for d in diagnostics))
    assert seen == [True, False] * 10


def test_an_edit_that_breaks_another_file_publishes_it_and_the_fix_clears_it(server: LspProcess, pack: Path) -> None:
    """Renaming a card's id breaks the (closed) scenarios that fly it: REF-UNKNOWN there; renaming back clears it."""
    card = pack / "cards/fw/p-51d-n1.yaml"
    scenario = (pack / "scenarios/fw/bomber-intercept-n1.yaml").resolve().as_uri()
    text = card.read_text()
    uri = server.open(card, text)
    server.wait_for_diagnostics(uri)
    server.change(uri, text.replace("id: p-51d-n1", "id: p-51d-renamed"), 2)
    _, diagnostics = server.wait_for_diagnostics(scenario)
    assert {d["code"] for d in diagnostics} == {"REF-UNKNOWN"}
    assert all("'p-51d-n1'" in d["message"] for d in diagnostics)
    server.change(uri, text, 3)
    _, diagnostics = server.wait_for_diagnostics(scenario)
    assert diagnostics == []


def test_a_card_deleted_outside_the_editor_breaks_the_open_scenario(server: LspProcess, pack: Path) -> None:
    """The server asks to hear of YAML files changed outside the editor; a deleted card is then a REF-UNKNOWN."""
    def registers(message: dict[str, object]) -> bool:
        return message.get("method") == "client/registerCapability"

    if not any(registers(message) for _, message in server.log):  # not read yet when this test runs first
        server.wait(registers)
    path = pack / "scenarios/fw/bomber-intercept-n1.yaml"
    uri = server.open(path)
    _, diagnostics = server.wait_for_diagnostics(uri)
    assert diagnostics == []
    card = pack / "cards/fw/p-51d-n1.yaml"
    card.unlink()
    server.notify("workspace/didChangeWatchedFiles", {"changes": [{"uri": card.resolve().as_uri(), "type": 3}]})
    _, diagnostics = server.wait_for_diagnostics(uri)
    assert {d["code"] for d in diagnostics} == {"REF-UNKNOWN"}


def test_hover_explains_keys_and_findings(server: LspProcess, pack: Path) -> None:
    card = pack / "cards/fw/p-51d-n1.yaml"
    text = card.read_text().replace("status: authored", "status: autored", 1)
    uri = server.open(card, text)
    server.wait_for_diagnostics(uri)
    climb = hover_text(server, uri, position(text, "climb_rate_fpm", 3))
    assert "Average rate of climb" in climb and "Unit: feet per minute" in climb, climb
    finding = hover_text(server, uri, position(text, "autored", 2))
    assert "**SCHEMA**" in finding and "How to fix:" in finding, finding


def test_definition_jumps_to_the_card_in_the_pack_or_the_base_library(server: LspProcess, pack: Path) -> None:
    path = pack / "scenarios/fw/bomber-intercept-n1.yaml"
    text = path.read_text()
    uri = server.open(path, text)
    server.wait_for_diagnostics(uri)
    found = server.request("textDocument/definition", {"textDocument": {"uri": uri},
                                                        "position": position(text, "p-51d-n1", 2)})
    card = pack / "cards/fw/p-51d-n1.yaml"
    assert found["uri"] == card.resolve().as_uri()
    assert found["range"]["start"]["line"] == position(card.read_text(), "id: p-51d-n1")["line"]
    based = text.replace("p-51d-n1", "p-51d")  # the base library's own card
    server.change(uri, based, 2)
    server.wait_for_diagnostics(uri)
    found = server.request("textDocument/definition", {"textDocument": {"uri": uri},
                                                        "position": position(based, "aircraft: p-51d", 11)})
    library = Path(found["uri"].removeprefix("file://"))
    assert library.name == "p-51d.yaml" and library.is_file() and not library.is_relative_to(pack)
    assert library.read_text().split("\n")[found["range"]["start"]["line"]] == "id: p-51d"


def test_completion_offers_ids_values_and_keys(server: LspProcess, pack: Path) -> None:
    path = pack / "scenarios/fw/bomber-intercept-n1.yaml"
    text = path.read_text()
    uri = server.open(path, text)
    server.wait_for_diagnostics(uri)
    ids = labels(server, uri, position(text, "aircraft: p-51d-n1", 10))
    assert {"p-51d-n1", "p-51d-n2", "p-51d", "me-262a"} <= set(ids)  # the pack's and the base library's
    assert not {"bomber-intercept", "turn-chart"} & set(ids)  # of the right kind only
    statuses = labels(server, uri, position(text, "status: authored", 8))
    assert {"official", "authored", "inferred"} <= set(statuses)
    typed = text.replace("turns: 20\n", "turns: 20\n\n", 1)
    server.change(uri, typed, 2)
    server.wait_for_diagnostics(uri)
    keys = labels(server, uri, {"line": position(typed, "turns: 20")["line"] + 1, "character": 0})
    assert {"sides", "victory", "map"} & set(keys) and "band_altitudes" in keys


def test_code_actions_suppress_correct_and_write_schemas(server: LspProcess, pack: Path) -> None:
    card = pack / "cards/fw/p-51d-n1.yaml"
    text = card.read_text().replace("max_dive_fp: 10,", "max_dive_fp: 7,", 1)
    uri = server.open(card, text)
    _, diagnostics = server.wait_for_diagnostics(uri)
    order = [d for d in diagnostics if d["code"] == "FW-PERF-ORDER"]
    actions = server.request("textDocument/codeAction", {"textDocument": {"uri": uri}, "range": order[0]["range"],
                                                          "context": {"diagnostics": order}})
    by_title = {action["title"]: action for action in actions}
    edit = by_title["Ignore FW-PERF-ORDER on this line"]["edit"]["changes"][uri][0]
    assert edit["newText"] == "  # fwdata: ignore[FW-PERF-ORDER]"
    line = order[0]["range"]["start"]["line"]
    suppressed = text.split("\n")
    suppressed[line] = suppressed[line].rstrip() + edit["newText"]
    server.change(uri, "\n".join(suppressed), 2)
    _, after = server.wait_for_diagnostics(uri)
    assert not any(d["code"] == "FW-PERF-ORDER" for d in after)

    # An error that stops a document (SCHEMA) is offered no suppression, and a comment does not hide it.
    broken = text.replace("status: authored", "status: autored", 1)
    server.change(uri, broken, 3)
    _, diagnostics = server.wait_for_diagnostics(uri)
    schema = [d for d in diagnostics if d["code"] == "SCHEMA"]
    actions = server.request("textDocument/codeAction", {"textDocument": {"uri": uri}, "range": schema[0]["range"],
                                                          "context": {"diagnostics": schema}})
    assert not any(action["title"].startswith("Ignore") for action in actions)
    commented = broken.split("\n")
    commented[schema[0]["range"]["start"]["line"]] += "  # fwdata: ignore[SCHEMA]"
    server.change(uri, "\n".join(commented), 4)
    _, after = server.wait_for_diagnostics(uri)
    assert any(d["code"] == "SCHEMA" for d in after)

    scenario = pack / "scenarios/fw/bomber-intercept-n1.yaml"
    scenario_text = scenario.read_text().replace("p-51d-n1", "p-51d-n9", 1)
    scenario_uri = server.open(scenario, scenario_text)
    _, diagnostics = server.wait_for_diagnostics(scenario_uri)
    unknown = [d for d in diagnostics if d["code"] == "REF-UNKNOWN"]
    actions = server.request("textDocument/codeAction", {"textDocument": {"uri": scenario_uri},
                                                          "range": unknown[0]["range"],
                                                          "context": {"diagnostics": unknown}})
    fix = next(action for action in actions if action["title"].startswith("Change to"))
    change = fix["edit"]["changes"][scenario_uri][0]
    assert change["range"] == unknown[0]["range"] and change["newText"].startswith("p-51d-n")

    shutil.rmtree(pack / ".fwdata")
    stray = pack / "cards/fw/me-262a-n1.yaml"
    stray_uri = server.open(stray)
    _, diagnostics = server.wait_for_diagnostics(stray_uri)
    missing = [d for d in diagnostics if d["code"] == "MODELINE-SCHEMA-MISSING"]
    assert missing and missing[0]["range"]["start"]["line"] == 0
    actions = server.request("textDocument/codeAction", {"textDocument": {"uri": stray_uri},
                                                          "range": missing[0]["range"],
                                                          "context": {"diagnostics": missing}})
    command = next(action["command"] for action in actions if "command" in action)
    server.request("workspace/executeCommand", {"command": command["command"], "arguments": command["arguments"]})
    assert (pack / ".fwdata/schemas/fw/aircraft.schema.json").is_file()
    edits = [message["params"]["edit"]["changes"][stray_uri] for _, message in server.log
             if message.get("method") == "workspace/applyEdit"]
    assert edits[-1][0]["newText"] == "# yaml-language-server: $schema=../../.fwdata/schemas/fw/aircraft.schema.json"
    assert not any(d["code"] == "MODELINE-SCHEMA-MISSING" for d in server.diagnostics[stray_uri])


def test_several_packs_and_a_file_in_no_pack(server: LspProcess, tmp_path: Path) -> None:
    """Two packs open at once each resolve their own ids; a stray file is checked over the base library alone."""
    from generate_pack import generate

    first, second = generate(tmp_path / "first", cards=11), generate(tmp_path / "second", cards=22)
    in_first = first / "scenarios/fw/bomber-intercept-n1.yaml"
    text = in_first.read_text().replace("p-51d-n1", "p-51d-n2", 1)  # only the second pack has round 2
    first_uri = server.open(in_first, text)
    second_uri = server.open(second / "scenarios/fw/bomber-intercept-n1.yaml",
                             (second / "scenarios/fw/bomber-intercept-n1.yaml").read_text().replace(
                                 "p-51d-n1", "p-51d-n2", 1))
    _, diagnostics = server.wait_for_diagnostics(first_uri)
    assert [d["code"] for d in diagnostics] == ["REF-UNKNOWN"]
    _, diagnostics = server.wait_for_diagnostics(second_uri)
    assert diagnostics == []
    stray = tmp_path / "loose" / "mine.yaml"
    stray.parent.mkdir()
    bundled = (Path(__file__).resolve().parent.parent.parent / "scenarios/fw/bomber-intercept.yaml").read_text()
    stray.write_text(bundled.replace("id: bomber-intercept", "id: mine"))
    stray_uri = server.open(stray)
    _, diagnostics = server.wait_for_diagnostics(stray_uri)
    assert diagnostic_lines(diagnostics) == check_lines(stray)
    assert not any(d["code"] == "REF-UNKNOWN" for d in diagnostics)  # the base library's cards resolve



def test_strict_yaml_and_unhideable_errors_reach_the_editor(server: LspProcess, pack: Path, tmp_path: Path) -> None:
    """What libyaml accepts and YAML 1.2 refuses (a comment glued to a quote: fwdata/sources/yaml_strict.py) is a
    YAML-SYNTAX diagnostic, as `check` reports it, and a pack's ignore-file comment does not hide it."""
    card = pack / "cards/fw/p-51d-n1.yaml"
    uri = server.open(card)
    server.wait_for_diagnostics(uri)
    glued = "# fwdata: ignore-file[YAML-]\n" + card.read_text().replace("status: authored", 'status: "authored"#x', 1)
    server.change(uri, glued, 2)
    _, diagnostics = server.wait_for_diagnostics(uri)
    saved = tmp_path / "saved"
    shutil.copytree(pack, saved)
    (saved / "cards/fw/p-51d-n1.yaml").write_text(glued)
    expected = check_lines(saved / "cards/fw/p-51d-n1.yaml")
    assert {code for *_, code, _ in expected} == {"YAML-SYNTAX"}
    assert diagnostic_lines(diagnostics) == expected

PASTE_50_MB = "id: x\n" + ("filler: " + "b" * 100 + "\n") * 460_000


@pytest.mark.parametrize("text", ["system: fw\nkind: [unclosed\n", "\x00\x01\x02 binary \x7f junk \ufffe", PASTE_50_MB],
                         ids=["broken-yaml", "binary-junk", "50-mb-paste"])
def test_bad_input_gives_findings_and_the_server_keeps_serving(server: LspProcess, pack: Path, text: str) -> None:
    """Broken YAML, binary junk and a 50 MB paste are findings of check (its caps), and the server answers on."""
    card = pack / "cards/fw/p-51d-n1.yaml"
    uri = server.open(card)
    server.wait_for_diagnostics(uri)
    server.change(uri, text, 2)
    _, diagnostics = server.wait_for_diagnostics(uri, timeout_s=120)
    assert diagnostics and all(d["code"].startswith("YAML-") for d in diagnostics), diagnostics
    assert hover_text(server, uri, {"line": 0, "character": 1}) is not None
    labels(server, uri, {"line": 1, "character": 3})


def test_a_vanished_file_and_a_failing_request_leave_the_server_serving(server: LspProcess, pack: Path) -> None:
    card = pack / "cards/fw/p-38j-n1.yaml"
    uri = server.open(card)
    server.wait_for_diagnostics(uri)
    card.unlink()
    server.notify("textDocument/didSave", {"textDocument": {"uri": uri}})
    _, diagnostics = server.wait_for_diagnostics(uri)  # still checked: the editor holds its text
    assert not any(d["code"] == "SOURCE-UNREADABLE" for d in diagnostics)
    other = pack / "cards/fw/p-47d-n1.yaml"
    other.unlink()  # a closed file of the pack gone between two checks
    server.change(uri, card.read_text() if card.exists() else "system: fw\n", 2)
    server.wait_for_diagnostics(uri)
    missing = (pack / "never-opened.yaml").resolve().as_uri()
    with pytest.raises(RuntimeError):
        server.request("textDocument/codeAction", {"textDocument": {"uri": missing},
                                                    "range": {"start": {"line": 0, "character": 0},
                                                              "end": {"line": 0, "character": 0}},
                                                    "context": {"diagnostics": []}})
    logged = server.wait(lambda message: message.get("method") == "window/logMessage")
    assert "FileNotFoundError" in logged["params"]["message"]
    assert labels(server, uri, {"line": 0, "character": 0}) is not None


def test_without_pygls_the_command_says_so_in_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "pygls", None)
    result = CliRunner().invoke(main, ["lsp"])
    assert result.exit_code == 2
    assert result.stderr == "fwdata: fwdata lsp needs pygls: pip install 'fwdata[lsp]'\n"

def test_an_edit_in_one_pack_never_clears_another_pack_s_diagnostics(server: LspProcess, tmp_path: Path) -> None:
    """Each pack's check publishes its own files only: the other pack's open file keeps its findings after this
    one's edits and the whole check that follows them once they settle."""
    import time

    from generate_pack import generate

    from fwdata.lsp.server import SETTLE_S

    first, second = generate(tmp_path / "first", cards=11), generate(tmp_path / "second", cards=11)
    scenario = first / "scenarios/fw/bomber-intercept-n1.yaml"
    first_uri = server.open(scenario, scenario.read_text().replace("p-51d-n1", "p-51d-n9", 1))
    _, diagnostics = server.wait_for_diagnostics(first_uri)
    assert [d["code"] for d in diagnostics] == ["REF-UNKNOWN"]
    card = second / "cards/fw/p-51d-n1.yaml"
    second_uri = server.open(card)
    server.wait_for_diagnostics(second_uri)
    server.change(second_uri, card.read_text().replace("climb_rate_fpm: ", "climb_rate_fpm: fast", 1), 2)
    _, diagnostics = server.wait_for_diagnostics(second_uri)
    assert any(d["code"] == "SCHEMA" for d in diagnostics)
    time.sleep(SETTLE_S + 1.5)  # the second pack's whole check has run
    hover_text(server, second_uri, {"line": 0, "character": 1})  # every message before its answer is read
    assert [d["code"] for d in server.diagnostics[first_uri]] == ["REF-UNKNOWN"]
