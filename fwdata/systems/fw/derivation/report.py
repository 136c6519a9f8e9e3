"""`fwdata fw derive`: the text it prints (what was written, what was not derived, the checks and the flight)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from fwdata.systems.fw.simulate import VERDICT_WORDS

if TYPE_CHECKING:
    from fwdata.systems.fw.derivation.calibration import Calibration
    from fwdata.systems.fw.derivation.run import DeriveResult


def format_derive_result(result: DeriveResult) -> str:
    """Return the report of one derivation: findings of a refused figures file, or the written draft's summary,
    its cells left to the author, its check findings and its simulated flight per band."""
    draft = result.draft
    lines = []
    if result.written is None:
        lines += [finding.format_line() for finding in draft.findings]
        lines.append("fw derive: no draft written (the figures file has errors)")
        return "\n".join(lines) + "\n"
    lines.append(f"fw derive: wrote {result.written} (cells the figures do not determine are marked AUTHOR, "
                 f"with {draft.hint_card}'s values as hints)")
    if draft.not_derived:
        lines.append("not derived from the figures:")
        lines += [f"  {reason}" for reason in draft.not_derived]
    check = result.check
    if check is not None and check.findings:
        lines.append("findings of the draft:")
        lines += [f"  {finding.format_line()}" for finding in check.sorted()]
    else:
        lines.append("findings of the draft: none")
    flight = result.flight
    if flight is not None:
        lines.append(f"flown by the rules (fw simulate, {flight.climb_model} climb decel):")
        lines.append(f"  {'band':5} {'min':>5} {'max':>5} {'turns to max':>13} {'listed ROC':>11} {'simulated':>10}  "
                     "verdict")
        for band in flight.bands:
            turns = "never" if band.turns_to_max_military is None else str(band.turns_to_max_military)
            listed = "-" if band.listed_climb_fpm is None else str(band.listed_climb_fpm)
            simulated = "-" if band.simulated_climb_fpm is None else f"{band.simulated_climb_fpm:.0f}"
            lines.append(f"  {band.band:5} {band.min_fp:5.1f} {band.max_fp:5.1f} {turns:>13} {listed:>11} "
                         f"{simulated:>10}  {VERDICT_WORDS.get(band.climb_verdict, band.climb_verdict)}")
    return "\n".join(lines) + "\n"


def format_calibration(calibration: Calibration) -> str:
    """Return the calibration table (see `calibration.calibrate_method`) as Markdown-style text."""
    return calibration.as_text()
