"""The base library: the schemas and bundled sources (cards, scenarios, tables) every run stands on."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from fwdata.errors import SchemaSetupError

SOURCE_FOLDERS = ("cards", "scenarios", "tables")
# The id in the base library's own fwdata-pack.yaml: a pack with this id is the base library (a checkout of
# this repository checked by an installed fwdata), so it is not loaded a second time underneath itself.
BASE_PACK_ID = "fwdata-base"


def library_root() -> Path:
    """Return the folder holding `schemas/`, `cards/`, `scenarios/` and `tables/`.

    An installed wheel carries them as package data in `fwdata/library/`; an
    editable install (a checkout) reads the repository's top-level folders, which
    the wheel is built from. Raises SchemaSetupError (exit 2) when neither is there.
    """
    packaged = resources.files("fwdata") / "library"
    if isinstance(packaged, Path) and (packaged / "schemas").is_dir():
        return packaged
    checkout = Path(__file__).resolve().parent.parent
    if (checkout / "schemas").is_dir():
        return checkout
    raise SchemaSetupError(f"the base library is missing: neither {packaged} nor {checkout}/schemas exists "
                           "(reinstall fwdata)")


def schema_root() -> Path:
    """Return the folder of the JSON Schemas: `<library>/schemas`."""
    return library_root() / "schemas"
