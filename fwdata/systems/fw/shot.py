"""`fwdata fw shot`: one fixed-gun attack between two cards, its odds column and the chance of each result."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any, Literal

from fwdata.errors import UsageError
from fwdata.findings import Report
from fwdata.game_system import RunResult
from fwdata.options import BuildOptions
from fwdata.systems.fw import rules
from fwdata.systems.fw.model import AircraftDataCard, WeaponGroup, resolve_variant_chain
from fwdata.systems.fw.rules.stalls import PilotQuality
from fwdata.systems.fw.tables import RuleTable, catalog_tables

Rulebook = Literal["otr", "qs"]
FIXED_GUN_LOCATIONS = ("N", "W")
"""Fixed forward-firing guns: nose and wing (QS 5.3); defensive guns follow OTR 10.5."""
TABLES_READ = ("combat-odds-damage", "deflection-factors", "qs-gun-modifiers", "critical-area",
               "critical-area-modifiers", "critical-effects")
HEAD_ON_DEFLECTION_DEG = 150
"""OTR 10.3 criterion 1: a final deflection of 150 or 180 degrees with the firer in the target's front arc."""


@dataclass(frozen=True)
class ShotSetup:
    """What the players declare for one attack; speeds in FP, range in hexes, deflection in degrees."""

    range_hexes: int
    deflection_deg: int
    rulebook: Rulebook = "otr"
    weapons: tuple[str, ...] = ()
    burst: rules.Burst = "normal"
    tracking: bool = False
    beam: bool = False
    six_line: bool = False
    pilot: PilotQuality = "regular"
    hero: bool = False
    ace: bool = False
    crack_shot: bool = False
    turn_rate: str | None = None
    speeds: tuple[float, float] | None = None
    extra_modifier: int = 0
    options: rules.CombatOptions = field(default_factory=rules.CombatOptions)
    head_on: bool = False
    banks: tuple[str, str] | None = None
    ht_rates: int = 0
    can_turn_toward: bool = False


@dataclass(frozen=True)
class ShotReport:
    """The odds and the combat results of one attack; probabilities are exact fractions."""

    attacker: str
    target: str
    setup: ShotSetup
    weapons: tuple[tuple[str, int], ...]
    firepower: int
    defense: int
    deflection_factor: int
    shot_class: str
    base_odds: str | None
    column_shift: int
    odds: str | None
    modifiers: tuple[tuple[str, int], ...]
    hits: dict[int, Fraction]
    criticals_per_hits: dict[int, int]
    severe: Fraction
    destroyed: Fraction
    jam: Fraction
    notes: tuple[str, ...] = ()
    critical: rules.CriticalOutcome | None = None

    @property
    def destroyed_by_critical(self) -> Fraction:
        """The chance that some critical hit of the attack destroys the target outright (QS 5.6)."""
        if self.critical is None:
            return Fraction(0)
        survive = 1 - self.critical.destroyed
        return sum((chance * (1 - survive ** self.criticals_per_hits[hits]) for hits, chance in self.hits.items()),
                   Fraction(0))

    @property
    def lh_modifier(self) -> int:
        return sum(value for _, value in self.modifiers)

    @property
    def expected_hits(self) -> Fraction:
        return sum((hits * chance for hits, chance in self.hits.items()), Fraction(0))

    def as_json(self) -> dict[str, Any]:
        """Return the report as plain data; probabilities as floats rounded to 4 places."""
        return {
            "attacker": self.attacker, "target": self.target, "range": self.setup.range_hexes,
            "deflection_deg": self.setup.deflection_deg, "shot_class": self.shot_class, "rulebook": self.setup.rulebook,
            "weapons": [{"weapon": name, "attack": factor} for name, factor in self.weapons],
            "firepower": self.firepower, "deflection_factor": self.deflection_factor, "final_defense": self.defense,
            "base_odds": self.base_odds, "column_shift": self.column_shift, "odds": self.odds,
            "modifiers": [{"modifier": name, "lh": value} for name, value in self.modifiers],
            "lh_modifier": self.lh_modifier,
            "results": [{"hits": hits, "critical_rolls": self.criticals_per_hits[hits], "probability": _p(chance)}
                        for hits, chance in self.hits.items()],
            "expected_hits": _p(self.expected_hits), "severely_damaged": _p(self.severe),
            "destroyed": _p(self.destroyed), "gun_jam": _p(self.jam), "head_on": self.setup.head_on,
            "notes": list(self.notes),
            "critical_hit": None if self.critical is None else {
                "areas": {area: _p(chance) for area, chance in self.critical.areas.items()},
                "effects": {area: {effect: _p(chance) for effect, chance in effects.items()}
                            for area, effects in self.critical.effects.items()},
                "destroys": _p(self.critical.destroyed)},
            "destroyed_by_critical": _p(self.destroyed_by_critical),
        }


def assess_shot(attacker: AircraftDataCard, target: AircraftDataCard, tables: dict[str, RuleTable],
                setup: ShotSetup) -> ShotReport:
    """Work out one fixed-gun attack of `attacker` on `target` (OTR 9.1-9.4, 10.1-10.3; QS 5.4-5.6).

    Raises UsageError when no fixed gun reaches the range, a declared option does not
    exist in the chosen rules, or the rules forbid the shot as declared (OTR 10.1, 10.3, 13.1).
    """
    odds_table, deflections, modifiers, areas, area_modifiers, effects = (tables[key] for key in TABLES_READ)
    if setup.rulebook == "qs" and (setup.tracking or setup.beam or setup.burst != "normal" or setup.speeds
                                   or setup.banks or setup.head_on):
        raise UsageError("--rules qs has no tracking shots, bursts, beam attacks, combined speeds, lift vectors or "
                         "head-on attacks (OTR 10.1-10.3)")
    illegal = rules.shot_illegalities(setup.deflection_deg, setup.range_hexes, tracking=setup.tracking,
                                      beam=setup.beam, head_on=setup.head_on, burst=setup.burst,
                                      pilot=setup.pilot if setup.rulebook == "otr" else "regular")
    if illegal:
        raise UsageError("the rules forbid this shot: " + "; ".join(illegal))
    fired = _groups_fired(attacker, setup)
    factor = rules.deflection_factor(deflections, setup.deflection_deg)
    defense = int(target.general["defense_strength"]) * factor if target.general else factor
    attack = rules.firepower(group.attack_by_range[setup.range_hexes] for group in fired)
    base = rules.combat_odds(attack, defense, odds_table, setup.options)
    shift = rules.column_shift(setup.burst, tracking=setup.tracking, beam=setup.beam, crack_shot=setup.crack_shot)
    position = None if base is None else base + shift
    named = _modifiers(attacker, target, fired, modifiers, setup)
    if setup.rulebook == "otr" and base is not None:
        named.append(("excess firepower (OTR 9.4)",
                      rules.excess_firepower_modifier(attack, defense, base, odds_table, setup.options)))
    named = [(name, value) for name, value in named if value]
    hits = rules.hit_distribution(position, sum(value for _, value in named), odds_table, setup.options)
    lowest_rating = min(group.critical_rating for group in fired)
    factors = target.general["damage_factors"] if target.general else {"severe": 0, "destroyed": 0}
    states = {h: rules.damage_state(h, factors["severe"], factors["destroyed"]) for h in hits}
    unreliable = any(name in group.weapon for group in fired for name in ("MK-108", "MK 108", "ShKAS"))
    return ShotReport(
        attacker=attacker.id, target=target.id, setup=setup,
        weapons=tuple((group.weapon, group.attack_by_range[setup.range_hexes] or 0) for group in fired),
        firepower=attack, defense=defense, deflection_factor=factor,
        shot_class=rules.shot_class(deflections, setup.deflection_deg),
        base_odds=None if base is None else rules.odds_label(base, odds_table, setup.options),
        column_shift=shift,
        odds=_odds_text(position, odds_table, setup.options),
        modifiers=tuple(named), hits=hits,
        criticals_per_hits={h: rules.critical_hits(h, lowest_rating) for h in hits},
        severe=sum((chance for h, chance in hits.items() if states[h] == "severe"), Fraction(0)),
        destroyed=sum((chance for h, chance in hits.items() if states[h] == "destroyed"), Fraction(0)),
        jam=Fraction(101 - rules.jam_threshold(setup.burst, unreliable_gun=unreliable), 100),
        notes=_notes(setup),
        critical=_critical(target, areas, area_modifiers, effects, setup),
    )


def _critical(target: AircraftDataCard, areas: RuleTable, area_modifiers: RuleTable, effects: RuleTable,
              setup: ShotSetup) -> rules.CriticalOutcome:
    """One critical-hit roll against the target: its area and effect chances (QS 5.6, 7.2; OTR 10.3, 17.4)."""
    engines = target.general.get("engines", {}) if target.general else {}
    modifier = rules.area_roll_modifier(area_modifiers, setup.deflection_deg, multi_engine=target.engine_count > 1,
                                        pusher=bool(engines.get("pusher", False)))
    protection = dict(target.general.get("protection", {})) if target.general else {}
    crew = len(target.general.get("crew", ())) if target.general else 1
    return rules.critical_outcome(areas, effects, modifier, protection, beam=setup.beam, crew=crew)


def _notes(setup: ShotSetup) -> tuple[str, ...]:
    """What else the rules ask of this attack: the head-on collision risk range, a range 0 collision check."""
    notes = []
    if setup.head_on:
        notes.append("head-on attack: each pilot rolls for determination on the Head-On Attack Table; the attack is "
                     "only against an aircraft that has already moved (OTR 10.3)")
        if setup.speeds is not None:
            crr = rules.collision_risk_range(rules.combined_speed(setup.deflection_deg, *setup.speeds, head_on=True))
            inside = rules.distance_inside_crr(crr, setup.range_hexes)
            notes.append(f"collision risk range {crr} hexes; the shot is {max(inside, 0)} hexes inside it"
                         + ("; a danger zone of 1 hex and 300 ft is active (OTR 10.3)" if inside > 0 else
                            " (OTR 10.3)"))
    elif setup.deflection_deg >= HEAD_ON_DEFLECTION_DEG:
        notes.append(f"at {setup.deflection_deg} deg with the firer in the target's front arc this is a head-on attack "
                     "(--head-on): never at range 0, pilots' determination rolls, collision risk range (OTR 10.3)")
    if setup.range_hexes == 0:
        notes.append("range 0: the attacker checks for collision unless it tails the target or the target explodes "
                     "(OTR 10.2, 3.3)")
    return tuple(notes)


def _groups_fired(attacker: AircraftDataCard, setup: ShotSetup) -> list[WeaponGroup]:
    fixed = [group for group in attacker.firepower if group.location in FIXED_GUN_LOCATIONS]
    chosen = [group for group in fixed
              if not setup.weapons or any(name.lower() in group.weapon.lower() for name in setup.weapons)]
    reaching = [group for group in chosen if group.max_range >= setup.range_hexes
                and group.attack_by_range[setup.range_hexes] is not None]
    if not reaching:
        named = f" named {', '.join(setup.weapons)}" if setup.weapons else ""
        raise UsageError(f"{attacker.id}: no fixed gun{named} reaches range {setup.range_hexes} (OTR 9.1)")
    return reaching


def _modifiers(attacker: AircraftDataCard, target: AircraftDataCard, fired: list[WeaponGroup],
               modifiers: RuleTable, setup: ShotSetup) -> list[tuple[str, int]]:
    guns = sum(group.guns for group in fired)
    wing_guns = sum(group.guns for group in fired if group.location == "W")
    size = int(target.general.get("size_modifier", 0)) if target.general else 0
    named = [
        ("pilot (QS 7.1)", rules.pilot_modifier(modifiers, setup.pilot, hero=setup.hero, ace=setup.ace,
                                                crack_shot=setup.crack_shot)),
        ("firer's turn rate (QS 5.5)", rules.firer_modifier(modifiers, turn_rate=setup.turn_rate)),
        (f"target size {size:+d} (QS Combat Tables)", rules.target_size_modifier(modifiers, size)),
        ("wing gun harmony (OTR 10.2)", rules.wing_harmony_modifier(modifiers, setup.range_hexes, wing_guns, guns)),
        ("on the target's 6:00 line (OTR 10.2)",
         rules.near_zero_deflection_modifier(modifiers, 0, 0) if setup.six_line and setup.deflection_deg <= 30 else 0),
        ("declared (--modifier)", setup.extra_modifier),
    ]
    if setup.speeds is not None:
        speed = rules.combined_speed(setup.deflection_deg, *setup.speeds, head_on=setup.head_on)
        named.append((f"combined speed {speed:g} (OTR 10.3)", rules.combined_speed_modifier(speed, setup.options)))
    if setup.banks is not None:
        shooter, target_bank = setup.banks
        matched = rules.lift_vectors_match(setup.deflection_deg, shooter, target_bank,
                                           can_turn_toward=setup.can_turn_toward)
        named.append((f"lift-vector mismatch {shooter} against {target_bank}, {setup.ht_rates} at HT+ (OTR 10.2)",
                      0 if matched else rules.lift_vector_modifier(shooter, target_bank, setup.ht_rates)))
    return named


def _odds_text(position: int | None, odds_table: RuleTable, options: rules.CombatOptions) -> str | None:
    if position is None:
        return None
    if position < 0:
        return "below 1-6" if options.shifted_below_table == "no-hits" else "1-6"
    return rules.odds_label(position, odds_table, options)


def _p(chance: Fraction) -> float:
    return round(float(chance), 4)


def format_report(report: ShotReport) -> str:
    """Return the shot as text: the odds column, the modifiers, then the chance of each number of hits."""
    setup = report.setup
    lines = [f"{report.attacker} fires at {report.target}: range {setup.range_hexes}, deflection "
             f"{setup.deflection_deg} deg ({report.shot_class} shot), {setup.rulebook.upper()} rules",
             "  guns: " + ", ".join(f"{name} {factor}" for name, factor in report.weapons),
             f"  firepower {report.firepower} against defense {report.defense} "
             f"(x{report.deflection_factor} deflection)"]
    if report.base_odds is None:
        lines.append("  odds below 1-6: the shot is not allowed (QS Combat Tables)")
        return "\n".join(lines) + "\n"
    shifted = f", shifted {report.column_shift:+d} to {report.odds}" if report.column_shift else ""
    lines.append(f"  odds {report.base_odds}{shifted}")
    lines += [f"  {value:+d} {name}" for name, value in report.modifiers]
    lines.append(f"  LH modifier {report.lh_modifier:+d}")
    lines.append("  hits  crit rolls  chance")
    lines += [f"  {hits:>4}  {report.criticals_per_hits[hits]:>10}  {float(chance):6.1%}"
              for hits, chance in report.hits.items()]
    lines.append(f"  expected hits {float(report.expected_hits):.2f}; severely damaged {float(report.severe):.1%}, "
                 f"destroyed {float(report.destroyed):.1%} (undamaged target); gun jam {float(report.jam):.0%}")
    if report.critical is not None:
        areas = ", ".join(f"{area.replace('_', ' ')} {float(chance):.0%}"
                          for area, chance in report.critical.areas.items())
        lines.append(f"  each critical hit: {areas}; destroys outright {float(report.critical.destroyed):.1%} "
                     f"(QS 5.6); the attack destroys by a critical hit {float(report.destroyed_by_critical):.1%}")
    lines += [f"  note: {note}" for note in report.notes]
    return "\n".join(lines) + "\n"


def shot_source(attacker: str, target: str, check: Callable[[Sequence[Path], BuildOptions], RunResult],
                setup: ShotSetup) -> tuple[ShotReport | None, Report]:
    """Check the pack, find both aircraft (files, or ids in this pack or the base library) and assess the shot.

    Returns (None, report) when either card has errors. Raises UsageError for a card not
    found or a range the guns do not reach.
    """
    paths = [Path(name) for name in (attacker, target) if Path(name).is_file()]
    result = check(paths, BuildOptions())
    found = [_find_card(name, result) for name in (attacker, target)]
    if None in found and result.report.failed():
        # A named card that did not load: its own file's findings, not every other file's of the pack.
        named = [f for f in result.report.findings if _is_named_file(f.location.path, (attacker, target))]
        if named:
            return None, Report(findings=named, files_read=len({f.location.path for f in named}))
        return None, result.report
    cards = [_require(entry, name) for entry, name in zip(found, (attacker, target), strict=True)]
    own = Report(findings=[f for f in result.report.findings
                           if f.location.path in {card.document.path for card in cards}],
                 files_read=len(cards))
    if own.failed():
        return None, own

    def lookup(card_id: str) -> AircraftDataCard | None:
        found = result.catalog.get("fw", "aircraft", card_id)
        return found.model if found else None

    resolved = [resolve_variant_chain(card.model, lookup) for card in cards]
    if resolved[0] is None or resolved[1] is None:
        return None, own
    tables = catalog_tables(result.catalog)
    missing = [key for key in TABLES_READ if key not in tables]
    if missing:
        raise UsageError(f"the combat tables {', '.join(missing)} are missing from this pack and the base library")
    return assess_shot(resolved[0], resolved[1], tables, setup), own


def _is_named_file(shown: str, names: Sequence[str]) -> bool:
    """Return whether a finding's file is one the command names: the file given, or `<id>.yaml` for an id."""
    path = Path(shown)
    return any(path.stem == name or (Path(name).is_file() and path.resolve() == Path(name).resolve())
               for name in names)


def _find_card(name: str, result: RunResult) -> Any:
    path = Path(name)
    if not path.is_file():
        return result.catalog.get("fw", "aircraft", name)
    return next((entry for entry in result.catalog.entries("fw", "aircraft")
                 if Path(entry.document.path).resolve() == path.resolve()), None)


def _require(entry: Any, name: str) -> Any:
    if entry is None:
        raise UsageError(f"{name}: no such card file, and no fw aircraft with that id in the current pack or "
                         "the base library")
    return entry
