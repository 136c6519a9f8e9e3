"""`fwdata fw derive FIGURES`: load the figures file and the hint card, derive, write the draft, fly it."""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from fwdata.errors import UsageError
from fwdata.findings import Report
from fwdata.game_system import RunResult
from fwdata.library import schema_root
from fwdata.options import BuildOptions
from fwdata.sources.yaml_loader import load_source
from fwdata.systems.fw.derivation.draft import Draft, derive_draft, figures_schema, write_new_file
from fwdata.systems.fw.model import AircraftDataCard, resolve_variant_chain
from fwdata.systems.fw.simulate import SimulationReport, simulate_source
from fwdata.validation.validate import read_schema


@dataclass(frozen=True)
class DeriveResult:
    """What `fw derive` did: the draft, where it went, and the check and flight of the written card."""

    draft: Draft
    written: Path | None
    check: Report | None
    flight: SimulationReport | None


def derive_source(figures_file: Path, from_card: str | None, out: Path | None,
                  check: Callable[[Sequence[Path], BuildOptions], RunResult]) -> DeriveResult:
    """Derive a draft card from `figures_file` and write it to `out` (default: ./ID.yaml), then check and fly it.

    Raises UsageError when `out` exists (a file is never replaced), the --from card cannot be
    found, or the figures file cannot be read as a file. Findings of the figures file come back in
    the draft (nothing is written then).
    """
    if not figures_file.is_file():
        raise UsageError(f"{figures_file}: no such figures file")
    from_path = Path(from_card) if from_card is not None else None
    result = check([from_path] if from_path is not None and from_path.is_file() else [], BuildOptions())
    entries = list(result.catalog.entries("fw", "aircraft"))
    models: dict[str, AircraftDataCard] = {entry.model.id: entry.model for entry in entries}

    def resolved(card: AircraftDataCard) -> AircraftDataCard | None:
        return resolve_variant_chain(card, models.get)

    base = None
    if from_card is not None:
        if from_path is not None and from_path.is_file():
            named = [e.model for e in entries if Path(e.document.path).resolve() == from_path.resolve()]
            chosen = named[0] if named else None
        else:
            chosen = models.get(from_card)
        base = resolved(chosen) if chosen is not None else None
        if base is None:
            raise UsageError(f"--from {from_card}: no such card file, and no fw aircraft with that id in the base "
                             "library (or its base card is missing)")
    library = [card for card in (resolved(model) for model in models.values()) if card is not None]
    document, problems = load_source(figures_file)
    if document is None:
        return DeriveResult(Draft(None, figures_file.stem, problems), None, None, None)
    aircraft_schema = read_schema(schema_root() / "fw" / "aircraft.schema.json")
    common_schema = read_schema(schema_root() / "common.schema.json")
    target_dir = (out.parent if out is not None else Path.cwd()).resolve()
    modeline = os.path.relpath(schema_root() / "fw" / "aircraft.schema.json", target_dir)
    draft = derive_draft(document, figures_schema(aircraft_schema, common_schema), base, library, modeline)
    if draft.text is None:
        return DeriveResult(draft, None, None, None)
    target = out if out is not None else Path(f"{draft.card_id}.yaml")
    try:
        write_new_file(target, draft.text)
    except FileExistsError:
        raise UsageError(f"{target}: the file exists; fw derive never replaces a file (give another --out)") from None
    except OSError as exc:
        raise UsageError(f"{target}: cannot write the draft: {exc.strerror}") from None
    flight, findings = simulate_source(str(target), check)
    return DeriveResult(draft, target, findings, flight)
