"""jsonschema-rs decides validity exactly as Python's jsonschema does, on bundled and mutated documents."""

from __future__ import annotations

import copy
import random
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fwdata.library import SOURCE_FOLDERS, library_root
from fwdata.sources import load_source
from fwdata.validation.validate import SchemaSet, _fast_valid, load_schemas
from tests.fuzzing import _mutate_somewhere

ROOT = library_root()


@pytest.fixture(scope="module")
def schemas() -> SchemaSet:
    kinds = [(path.parent.name, path.name.removesuffix(".schema.json"))
             for path in (ROOT / "schemas").glob("*/*.schema.json")]
    return load_schemas(ROOT / "schemas", kinds)


def bundled_data() -> list[dict]:
    paths = sorted(path for folder in SOURCE_FOLDERS for path in (ROOT / folder).rglob("*.yaml"))
    documents = [load_source(path)[0] for path in paths]
    return [document.data for document in documents if document is not None]


BUNDLED = bundled_data()


def verdicts(schemas: SchemaSet, data: dict) -> tuple[bool, bool]:
    key = (data.get("system"), data.get("kind"))
    python = not any(True for _ in schemas.validators[key].iter_errors(data))
    return python, _fast_valid(schemas.fast[key], data)


def test_every_kind_has_a_compiled_validator(schemas: SchemaSet) -> None:
    assert set(schemas.fast) == set(schemas.validators) and len(schemas.fast) >= 10


def test_bundled_documents_are_valid_for_both(schemas: SchemaSet) -> None:
    assert {verdicts(schemas, data) for data in BUNDLED} == {(True, True)}


@settings(max_examples=300, deadline=None, derandomize=True)
@given(st.integers(0, len(BUNDLED) - 1), st.integers(0, 2**32))
def test_mutated_documents_get_the_same_verdict(schemas: SchemaSet, index: int, seed: int) -> None:
    data = copy.deepcopy(BUNDLED[index])
    rng = random.Random(seed)
    for _ in range(rng.randrange(1, 4)):
        _mutate_somewhere(rng, data)
    key = (data.get("system"), data.get("kind"))
    if all(isinstance(part, str) for part in key) and key in schemas.validators:
        python, fast = verdicts(schemas, data)
        assert fast == python


def test_integers_beyond_64_bits_get_the_same_verdict(schemas: SchemaSet) -> None:
    card = next(data for data in BUNDLED if data.get("kind") == "aircraft" and data.get("system") == "fw")
    huge, negative = copy.deepcopy(card), copy.deepcopy(card)
    huge["general"]["defense_strength"] = 10**30  # no maximum in the schema
    negative["general"]["defense_strength"] = -(10**30)
    assert verdicts(schemas, huge) == (True, True)
    assert verdicts(schemas, negative) == (False, False)


PYTHON_JSONSCHEMA_LOADED = """
import sys
from pathlib import Path
from fwdata.options import BuildOptions
from fwdata.pipeline import check_sources
report = check_sources([Path(sys.argv[1])], BuildOptions(jobs=1)).report
print(report.summary(), "jsonschema" in sys.modules, "referencing" in sys.modules)
"""


@pytest.mark.parametrize(("text", "imported"), [("id: my-109", False), ("id: Not An Id", True)])
def test_pythons_jsonschema_is_imported_only_for_a_document_jsonschema_rs_finds_invalid(
        tmp_path: Path, text: str, imported: bool) -> None:
    """Importing it takes 0.15 s of CPU: a run over valid documents (and a valid manifest) never does."""
    pack = tmp_path / "p"
    (pack / "cards" / "fw").mkdir(parents=True)
    (pack / "fwdata-pack.yaml").write_text('id: mine\nname: Mine\nversion: "1"\n', encoding="utf-8")
    card = (ROOT / "cards" / "fw" / "bf-109g-10.yaml").read_text(encoding="utf-8")
    (pack / "cards" / "fw" / "mine.yaml").write_text(card.replace("id: bf-109g-10", text, 1).replace(
        "name: ", "name: My ", 1), encoding="utf-8")
    shown = subprocess.run([sys.executable, "-c", PYTHON_JSONSCHEMA_LOADED, str(pack)], capture_output=True,
                           text=True, check=True, cwd=tmp_path).stdout.split()
    assert shown[-2:] == [str(imported)] * 2
    assert ("1 error" in " ".join(shown)) is imported  # the invalid id is still a located SCHEMA finding
