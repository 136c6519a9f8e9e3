"""`fwdata fw derive --calibrate`: leave-one-out over the bundled cards and the errata values.

For each bundled card with figures, the fitted constants (turn-rate load factors, propeller falloff) are
fitted on the other cards only, the card is derived from its own figures, and each cell is compared with
the printed one. The baseline is what an author copying the nearest other bundled card would print.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from fwdata.game_system import RunResult
from fwdata.options import BuildOptions
from fwdata.systems.fw import flight, rules
from fwdata.systems.fw.derivation.checks import airframe_of
from fwdata.systems.fw.derivation.draft import nearest_card
from fwdata.systems.fw.derivation.figures import read_figures
from fwdata.systems.fw.derivation.method import (
    DEFAULT_CONSTANTS,
    BandDerivation,
    FittedConstants,
    climb_speed_fp,
    derive_bands,
)
from fwdata.systems.fw.model import SPEED_COLUMNS, TURN_RATES, AircraftDataCard, resolve_variant_chain
from fwdata.systems.fw.simulation_checks import climb_verdict
from fwdata.systems.fw.table_checks import usable_rule_tables
from fwdata.systems.fw.tables import RuleTable

KINDS = {"min_fp": "min level", "max_fp": "max level", "max_dive_fp": "max dive", "tt_fp": "turn minimums",
         "ht_fp": "turn minimums", "bt_fp": "turn minimums", "et_fp": "turn minimums", "transonic_fp": "transonic",
         "climb_rate_fpm": "climb rate", "s0_45": "power (military)", "s5_75": "power (military)",
         "s8_95": "power (military)", "s10_up": "power (military)"}
UNITS = {"climb rate": "ft/min", "power (military)": "points"}
LOAD_FACTOR_GRID = tuple(1.0 + 0.25 * i for i in range(21))  # 1.0 to 6.0 g in quarter-g steps
FALLOFF_GRID = (0.5, 1.0, 1.5)


@dataclass
class KindError:
    """The method's and the baseline's errors for one kind of cell, over every held-out comparison."""

    method: list[float] = field(default_factory=list)
    baseline: list[float] = field(default_factory=list)


@dataclass(frozen=True)
class ErrataCheck:
    """One errata value: what the leave-one-out method gives and what the nearest other card prints."""

    label: str
    errata: str
    method: str
    baseline: str


@dataclass
class Calibration:
    """The leave-one-out result: errors per kind of cell, the constants fitted per held-out card, errata rows."""

    kinds: dict[str, KindError]
    fitted: dict[str, FittedConstants]
    errata: list[ErrataCheck]

    def as_text(self) -> str:
        """Return the tables as Markdown (the form docs/fw-derivation.md quotes)."""
        lines = ["Leave-one-out over the bundled cards with figures: each card derived with constants fitted on",
                 "the others; baseline = the nearest other bundled card's cell (same band).", "",
                 "| kind of cell | cells | method exact | method mean error | nearest-card exact | nearest-card mean "
                 "error |", "| --- | ---: | ---: | ---: | ---: | ---: |"]
        for kind, errors in self.kinds.items():
            unit = UNITS.get(kind, "FP")
            lines.append(f"| {kind} | {len(errors.method)} | {_exact(errors.method)} | {_mean(errors.method)} {unit} "
                         f"| {_exact(errors.baseline)} | {_mean(errors.baseline)} {unit} |")
        lines += ["", "| errata value (Err1) | printed | method (leave-one-out) | nearest card |",
                  "| --- | --- | --- | --- |"]
        lines += [f"| {row.label} | {row.errata} | {row.method} | {row.baseline} |" for row in self.errata]
        fits = sorted({(tuple(sorted(c.load_factors.items())), c.prop_falloff_points) for c in self.fitted.values()})
        lines += ["", "Constants fitted per held-out card (load factors TT/HT/BT/ET in g; propeller falloff per "
                  "column):"]
        for factors, falloff in fits:
            used = dict(factors)
            lines.append(f"- {' / '.join(f'{used[r]:g}' for r in TURN_RATES)} g; {falloff:g} point(s) per column")
        return "\n".join(lines) + "\n"


def _exact(errors: Sequence[float]) -> str:
    return f"{sum(1 for e in errors if e < 1e-6) / len(errors):.0%}" if errors else "-"


def _mean(errors: Sequence[float]) -> str:
    return f"{sum(errors) / len(errors):.2f}" if errors else "-"


def _printed(card: AircraftDataCard, band: str, key: str) -> float | None:
    if key == "climb_rate_fpm":
        return next((float(c.climb_rate_fpm) for c in card.climb if c.band == band), None)
    if key in SPEED_COLUMNS:
        row = card.power_chart.row(band) if card.power_chart else None
        return rules.parse_power_cell(row.cells[SPEED_COLUMNS.index(key)]).military if row else None
    line = card.band(band)
    return getattr(line, key) if line is not None else None


def _matches(cards: Sequence[AircraftDataCard], constants: FittedConstants, keys: Sequence[str]) -> int:
    count = 0
    for card in cards:
        for band in _derive(card, constants):
            for key in keys:
                cell = band.cells.get(key)
                printed = _printed(card, band.band, key)
                if cell is not None and printed is not None and (cell.value or 0.0) == printed:
                    count += 1
    return count


def _derive(card: AircraftDataCard, constants: FittedConstants = DEFAULT_CONSTANTS) -> tuple[BandDerivation, ...]:
    assert card.figures is not None
    altitudes = {row["band"]: int(row["representative_ft"]) for row in card.band_altitudes}
    return derive_bands(read_figures(card.figures), tuple(row.band for row in card.performance), altitudes,
                        airframe_of(card), constants)


def fit_constants(cards: Sequence[AircraftDataCard]) -> FittedConstants:
    """Fit each turn rate's load factor and the propeller falloff to `cards` (most exact cells; ties: nearest
    the default), one constant at a time."""
    factors = dict(DEFAULT_CONSTANTS.load_factors)
    for rate in TURN_RATES:
        def score(n: float, rate: str = rate) -> tuple[int, float]:
            trial = FittedConstants({**factors, rate: n}, DEFAULT_CONSTANTS.prop_falloff_points)
            return _matches(cards, trial, (f"{rate}_fp",)), -abs(n - DEFAULT_CONSTANTS.load_factors[rate])
        factors[rate] = max(LOAD_FACTOR_GRID, key=score)
    falloff = max(FALLOFF_GRID, key=lambda f: (_matches(cards, FittedConstants(factors, f), SPEED_COLUMNS),
                                              -abs(f - DEFAULT_CONSTANTS.prop_falloff_points)))
    return FittedConstants(factors, falloff)


def calibrate_method(check: Callable[[Sequence[Path], BuildOptions], RunResult]) -> Calibration:
    """Run the leave-one-out calibration over the base library's fw cards (see the module docstring)."""
    result = check([], BuildOptions())
    models = {entry.model.id: entry.model for entry in result.catalog.entries("fw", "aircraft")}
    resolved = {key: resolve_variant_chain(model, models.get) for key, model in models.items()}
    cards = sorted((card for card in resolved.values() if card is not None and card.figures is not None
                    and card.variant_of is None), key=lambda card: card.id)
    kinds: dict[str, KindError] = {kind: KindError() for kind in dict.fromkeys(KINDS.values())}
    fitted: dict[str, FittedConstants] = {}
    derived_by_card: Derived = {}
    for held in cards:
        others = [card for card in cards if card.id != held.id]
        constants = fit_constants(others)
        fitted[held.id] = constants
        assert held.figures is not None
        near = nearest_card(read_figures(held.figures), airframe_of(held), others)
        derived = _derive(held, constants)
        derived_by_card[held.id] = (derived, near)
        for band in derived:
            for key, kind in KINDS.items():
                cell, printed = band.cells.get(key), _printed(held, band.band, key)
                if cell is None or printed is None:
                    continue
                kinds[kind].method.append(abs((cell.value or 0.0) - printed))
                hinted = _printed(near, band.band, key)
                if hinted is not None:
                    kinds[kind].baseline.append(abs(hinted - printed))
    tables, _ = usable_rule_tables(result.catalog)
    return Calibration(kinds, fitted, _errata_rows(derived_by_card, resolved, tables))


Derived = dict[str, tuple[tuple[BandDerivation, ...], AircraftDataCard]]


def _errata_rows(derived_by_card: Derived, resolved: Mapping[str, AircraftDataCard | None],
                 tables: Mapping[str, RuleTable]) -> list[ErrataCheck]:
    rows = []
    p38, near = derived_by_card["p-38j"]
    rows.append(ErrataCheck("P-38J VL HT minimum", "3.5", f"{p38[0].cells['ht_fp'].value:g}",
                            f"{near.performance[0].ht_fp:g} ({near.id})"))
    spit, near = derived_by_card["spitfire-xive"]
    near_row = near.power_chart.row("LO") if near.power_chart else None
    near_cell = near_row.cells[2] if near_row is not None else "-"
    rows.append(ErrataCheck("Spitfire XIVe F.R. LO power at 8.0 (military)", "4 (of 4/5)",
                            f"{spit[1].cells['s8_95'].value:g}", f"{near_cell} ({near.id})"))
    for card_id, label in (("bf-109g-10", "Bf 109G-10 climb row (ft/min, flown)"),
                           ("me-163b", "Me 163B climb row (ft/min, flown)")):
        derived, near = derived_by_card[card_id]
        card = resolved[card_id]
        assert card is not None
        flown, verdicts = [], []
        for band in derived:
            flown_rate, verdict = _fly(card, band, tables)
            flown.append(f"{flown_rate:.0f}")
            verdicts.append(verdict)
        agreed = sum(v == "agrees" for v in verdicts)
        rows.append(ErrataCheck(label, " ".join(str(c.climb_rate_fpm) for c in card.climb),
                                f"{' '.join(flown)} ({agreed} of {len(verdicts)} agree)",
                                f"{' '.join(str(c.climb_rate_fpm) for c in near.climb)} ({near.id})"))
    return rows


def _fly(card: AircraftDataCard, band: BandDerivation, tables: Mapping[str, RuleTable]) -> tuple[float, str]:
    airframe = airframe_of(card)
    row = tuple("-" if band.cells[key].value is None else f"{band.cells[key].value:g}" for key in SPEED_COLUMNS)
    speed = climb_speed_fp(band.cells["min_fp"].value or 0.0, band.cells["max_fp"].value or 0.0, airframe, band.band)
    fvt, proportions = tables["fractional-values"], tables["flight-proportions"]
    climb = flight.simulate_sustained_climb(speed, row, fvt, proportions, engines=airframe.engines,
                                            climb_attitude_decel=airframe.climb_attitude_decel, model="designer-note")
    resolution = flight.climb_resolution(speed, fvt, proportions, engines=airframe.engines, model="designer-note")
    listed = next(c for c in card.climb if c.band == band.band)
    verdict, _ = climb_verdict(climb.climb_rate_fpm, listed.climb_rate_fpm, listed.oxygen_restricted, resolution)
    return climb.climb_rate_fpm, verdict
