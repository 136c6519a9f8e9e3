"""Fuzz inputs and their oracle, shared by tests/test_fuzz.py (hypothesis) and bench/fuzz.py (`make fuzz`).

An input is a small pack: one source file made from a bundled source by a
random mutation (of its text, or of its data with the id changed or the entry
declared as an override so the rules read it), or arbitrary bytes. The oracle
is issue 9's promise: `check_sources` (and `build_sources` when the check is
clean) raise nothing but FwdataError, every finding is one line, and every
finding in the pack's file points inside that file.
"""

from __future__ import annotations

import copy
import io
import random
import re
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ruamel.yaml import YAML

from fwdata.errors import FwdataError
from fwdata.library import SOURCE_FOLDERS, library_root
from fwdata.options import BuildOptions
from fwdata.pipeline import build_sources, check_sources

MAX_SOURCE_LINES = 120  # bigger bundled files are left out: each input should take well under a second
SOURCE_NAME = "source.yaml"

# Values a mutation puts in place of a scalar: each broke, or could break, a rule or a printer once.
HOSTILE_VALUES: tuple[Any, ...] = (
    0, -1, 1, 2, 7, 1.0, 2.5, -0.5, 10**30, 2**63, "", "-", "x", "banana", "0", "1/2", None, True, False,
    [], {}, [1], [0, 0], {"a": 1}, "p-51d\n", "a\x1b[31mred", "line\nbreak", "\u202eevil", "😀", "日本語",
    "x" * 300, "<<", "*a", "&a", "%", "'", '"',
)
TEXT_FRAGMENTS: tuple[str, ...] = (
    ":", ": ", "-", "- ", "? ", "&a ", "*a", "!!int ", "!!str ", "!!float ", "<<: ", "\t", "\u00a0", "#", "{", "}",
    "[", "]", "'", '"', "\n", "\n  ", "0x_", "2024-02-30", "1e9999", ".nan", "~", "|", ">", "%YAML 1.1\n---\n",
    "\x1b", "\x00", "\ufeff", '"\\ud800"', '"\\x1b[2J"', "😀", "9" * 60,
)

# Plain scalars (written unquoted) from the YAML resolver's corners: dates, based ints, tags, merges, anchors.
PLAIN_SCALARS: tuple[str, ...] = (
    "2024-02-30", "2024-13-45", "2001-12-14 25:00:00", "2001-12-14t23:59:60Z", "2001-12-14 10:00:00 +25:00",
    "0000-01-01", "0x_", "0o_", "0b_", "+_", "1_000", "0x1F", "0o17", "1:30", "1e400", ".inf", "-.Inf", ".NaN",
    "~", "null", "yes", "on", "=", "<<", "*a", "&a x", "!!binary aGk=", "!!timestamp 2024-01-01", "{<<: *a}",
    "[[b]]", "!!int '" + "9" * 400 + "'", "!!float x", "a\tb", "\u00a0x", "'unclosed", "|", ">-",
)
_VALUE_LINE = re.compile(r"^(\s*(?:- )?[\w-]+: )\S.*$|^(\s*- )\S.*$")


@dataclass(frozen=True)
class FuzzInput:
    """One pack to check: its files (relative path -> bytes) and how it was made."""

    label: str
    files: dict[str, bytes]


@dataclass
class Outcome:
    """What checking one input did: its problems (empty when the promise held) and the time it took, in seconds."""

    problems: list[str] = field(default_factory=list)
    seconds: float = 0.0
    built: bool = False


def bundled_sources() -> list[Path]:
    """Return the bundled source files small enough to fuzz quickly, in a stable order."""
    root = library_root()
    found = [path for folder in SOURCE_FOLDERS for path in sorted((root / folder).rglob("*.yaml"))]
    return [path for path in found if path.read_text(encoding="utf-8").count("\n") <= MAX_SOURCE_LINES]


def make_input(rng: random.Random, sources: list[Path]) -> FuzzInput:
    """Return one random input: arbitrary bytes, a text mutation or a data mutation of a bundled source."""
    maker = rng.choice((_arbitrary_bytes, _text_mutation, _scalar_mutation, _data_mutation, _data_mutation))
    return maker(rng, sources)


def fuzzed_source(rng: random.Random, sources: list[Path]) -> bytes:
    """Return one source file's bytes from `make_input`, in three cases of ten with a fragment of TEXT_FRAGMENTS (an
    anchor, an alias, a merge key...) put in somewhere."""
    fuzz_input = make_input(rng, sources)
    raw = next(iter(fuzz_input.files.values())) if len(fuzz_input.files) == 1 else fuzz_input.files["source.yaml"]
    if rng.random() < 0.3:
        at = rng.randrange(len(raw) + 1)
        raw = raw[:at] + rng.choice(TEXT_FRAGMENTS).encode("utf-8", "surrogatepass") + raw[at:]
    return raw


def _arbitrary_bytes(rng: random.Random, sources: list[Path]) -> FuzzInput:
    data = bytes(rng.randrange(256) for _ in range(rng.randrange(200)))
    return FuzzInput("arbitrary bytes", {SOURCE_NAME: data})


def _text_mutation(rng: random.Random, sources: list[Path]) -> FuzzInput:
    source = rng.choice(sources)
    text = source.read_text(encoding="utf-8")
    for _ in range(rng.randrange(1, 4)):
        at = rng.randrange(len(text) + 1)
        choice = rng.randrange(4)
        if choice == 0:
            text = text[:at] + rng.choice(TEXT_FRAGMENTS) + text[at:]
        elif choice == 1:
            text = text[:at] + text[at + rng.randrange(1, 40):]
        elif choice == 2:
            lines = text.splitlines(keepends=True)
            index = rng.randrange(len(lines)) if lines else 0
            text = "".join(lines[:index] + lines[index:index + 1] * 2 + lines[index + 1:])
        else:
            text = text[:at]
    return FuzzInput(f"text mutation of {source.name}", {SOURCE_NAME: text.encode("utf-8", "surrogatepass")})


def _scalar_mutation(rng: random.Random, sources: list[Path]) -> FuzzInput:
    source = rng.choice(sources)
    lines = source.read_text(encoding="utf-8").splitlines()
    candidates = [index for index, line in enumerate(lines) if _VALUE_LINE.match(line)]
    for index in rng.sample(candidates, min(len(candidates), rng.randrange(1, 3))):
        match = _VALUE_LINE.match(lines[index])
        assert match is not None
        lines[index] = (match.group(1) or match.group(2)) + rng.choice(PLAIN_SCALARS)
    text = "\n".join(lines) + "\n"
    return FuzzInput(f"scalar mutation of {source.name}", {SOURCE_NAME: text.encode("utf-8")})


def _data_mutation(rng: random.Random, sources: list[Path]) -> FuzzInput:
    source = rng.choice(sources)
    data = YAML(typ="safe", pure=True).load(source.read_text(encoding="utf-8"))
    for _ in range(rng.randrange(1, 4)):
        _mutate_somewhere(rng, data)
    files: dict[str, bytes] = {}
    if isinstance(data, dict) and rng.random() < 0.5:
        files["fwdata-pack.yaml"] = _dump({"id": "fuzz", "name": "fuzz", "version": "1", "overrides": [
            f"{data.get('system')}/{data.get('kind')}/{data.get('id')}"]})
        label = f"override mutation of {source.name}"
    else:
        if isinstance(data, dict) and isinstance(data.get("id"), str):
            data["id"] += "-fuzz"
        label = f"data mutation of {source.name}"
    files[SOURCE_NAME] = _dump(data)
    return FuzzInput(label, files)


def _mutate_somewhere(rng: random.Random, data: Any) -> None:
    """Change one place in `data`: a value replaced, a key or list item dropped or repeated."""
    containers = list(_containers(data))
    if not containers:
        return
    container = rng.choice(containers)
    keys: list[Any] = list(container) if isinstance(container, dict) else list(range(len(container)))
    if not keys:
        return
    key = rng.choice(keys)
    action = rng.randrange(6)
    if action == 0 and isinstance(container, dict) and key not in ("system", "kind"):
        del container[key]
    elif action == 1 and isinstance(container, list):
        container.insert(key, container[key])
    elif action == 2 and isinstance(container, list):
        del container[key]
    else:
        container[key] = copy.deepcopy(rng.choice(HOSTILE_VALUES))  # later mutations must not change the pool


def _containers(data: Any) -> Any:
    if isinstance(data, dict | list):
        yield data
        for value in data.values() if isinstance(data, dict) else data:
            yield from _containers(value)


def _dump(data: Any) -> bytes:
    stream = io.StringIO()
    yaml = YAML(typ="safe", pure=True)
    yaml.allow_unicode = True
    yaml.dump(data, stream)
    return stream.getvalue().encode("utf-8", "surrogatepass")


def run_input(fuzz_input: FuzzInput, folder: Path, *, build: bool,
              chdir: Callable[[Path], None]) -> Outcome:
    """Write `fuzz_input` into the empty `folder`, check it (and build it when `build` and clean); judge the outcome.

    `chdir` moves into `folder` first, so finding paths are relative to it.
    """
    for name, data in fuzz_input.files.items():
        (folder / name).write_bytes(data)
    chdir(folder)
    outcome = Outcome()
    started = time.perf_counter()
    try:
        result = check_sources([folder], BuildOptions())
        outcome.problems += _judge(result.report.findings, fuzz_input)
        if build and not result.report.failed():
            built = build_sources([folder], BuildOptions(out_dir=folder / "build"))
            outcome.problems += _judge(built.report.findings, fuzz_input)
            outcome.built = True
    except FwdataError:
        pass
    except Exception:  # noqa: BLE001 -- the oracle: anything else escaping is the bug being looked for
        outcome.problems.append(traceback.format_exc(limit=-4))
    outcome.seconds = time.perf_counter() - started
    return outcome


def _judge(findings: list[Any], fuzz_input: FuzzInput) -> list[str]:
    problems = []
    for finding in findings:
        for text in (finding.format_line(), finding.location.path, finding.message):
            if any(character in text for character in "\n\r\x1b\x85\u2028\u2029"):
                problems.append(f"a finding spans lines or holds a control character: {text!r}")
        data = fuzz_input.files.get(finding.location.path)
        if data is not None:
            lines = data.count(b"\n") + 1
            if not 0 <= finding.location.line <= lines or finding.location.column < 0:
                problems.append(f"finding outside its file ({lines} lines): {finding.format_line()!r}")
    return problems
