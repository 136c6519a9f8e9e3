"""Flight Leader scenario sheet: forces by flight, set-up, terrain, rules and victory points (FL 23.x); the checks'
verdicts on them only when asked for (they are always in fl/crosscheck.md)."""

from __future__ import annotations

from collections.abc import Callable

from fwdata.render.layout import Rect
from fwdata.render.pdf import Page
from fwdata.sources.document import SourceDocument
from fwdata.systems.fl import rules
from fwdata.systems.fl.model import FlAircraft, Flight, Side, VictoryPointsLine
from fwdata.systems.fl.render.aircraft_card import show
from fwdata.systems.fl.scoring import ScenarioScore, SideAssessment


def _armament(flight: Flight) -> str:
    parts = []
    if flight.guns == "unarmed":
        return "unarmed"
    if flight.missiles is None:
        parts.append("missiles not stated")
    elif not flight.missiles:
        parts.append("no missiles")
    else:
        parts.append(
            " + ".join(f"{m.count} {m.type}" for m in flight.missiles)
            + (f" ({flight.missiles_carried_by} aircraft)" if flight.missiles_carried_by is not None else "")
        )
    parts.append({"carried": "guns", "no-external-gun": "no external gun", "none": "no guns"}[flight.guns])
    if flight.loaded:
        parts.append("loaded")
    if flight.radar_malfunction:
        parts.append(f"{flight.radar_malfunction} radar out")
    return ", ".join(parts)


def _side_points(score: ScenarioScore, side: Side, verdicts: bool) -> str:
    """Return a side's scenario points as the sheet prints them: the printed value (' · 40 SP', '' when none is
    printed), with `verdicts` also what the rules give (FL 26.2.3.2)."""
    a = score.sides[0] if score.sides[0].side is side else score.sides[1]
    if not verdicts:
        return "" if a.printed is None else f" · {a.printed} SP"
    return f" · {_side_status(a)}"


def _side_status(a: SideAssessment) -> str:
    printed = "not printed" if a.printed is None else f"{a.printed} SP"
    if a.status == "agrees":
        return f"{printed} (agrees with 26.2.3.2)"
    if a.status == "disagrees":
        return f"{printed} (rules give {' or '.join(map(str, a.totals))})"
    if a.status == "conditional":
        return f"{printed} (agrees only under assumptions; see fwdata fl points)"
    if a.status == "not-printed":
        return f"{printed} (rules give {' or '.join(map(str, a.totals))})"
    return f"{printed} (cannot be checked: list row lost)"


def draw_scenario_sheet(
    page: Page, score: ScenarioScore, document: SourceDocument, lookup: Callable[[str], FlAircraft | None], *,
    verdicts: bool = False,
) -> None:
    """Draw one scenario sheet: introduction, forces by flight with set-up, terrain, rules, victory points.

    What a player needs only; with `verdicts` (build --verdicts) also the checks' verdicts on the printed
    scenario and victory points (FL 26.2.3.2, 26.5) and the printed text's faults.
    """
    scenario = score.scenario
    box = page.box.inset(30)
    head, rest = box.take_top(22)
    title = f"{scenario.number} {scenario.name}" + (f" · {scenario.variant}" if scenario.variant else "")
    page.fit_text(head, title, 14, bold=True, where=document.locate("/name"))
    sub, rest = rest.take_top(13)
    page.fit_text(
        sub,
        f"{scenario.place or ''} · {scenario.date_printed} · {scenario.category}",
        9,
        where=document.locate("/date"),
    )
    intro, rest = rest.take_top(44)
    page.paragraph(intro, scenario.introduction or "", 8.5, where=document.locate("/introduction"))
    mission, rest = rest.take_top(14)
    page.fit_text(
        mission,
        f"Mission profiles: {scenario.mission_profiles_printed or ''}",
        8.5,
        where=document.locate("/mission_profiles_printed"),
    )
    for side in scenario.sides:
        n = len(side.flights)
        block, rest = rest.take_top(34 + 13 * (n + 1) + 6)
        line1, block = block.take_top(13)
        controller = (
            "no controller" if side.controller is None else f"controller {side.controller.edge or 'see remark'}"
        )
        page.fit_text(
            line1,
            f"{side.nation_printed} · {side.mission} · {controller}{_side_points(score, side, verdicts)}",
            9,
            bold=True,
            where=document.locate(f"{side.pointer}/nation"),
        )
        line2, block = block.take_top(12)
        page.fit_text(
            line2,
            f"Start/enter/exit: {side.entry_exit_printed or ''}",
            8,
            where=document.locate(f"{side.pointer}/entry_exit"),
        )
        rows = [
            ["Flight", "Status", "No.", "Unit", "Unit nos.", "MS", "MA", "Changes", "Aircrew", "Armament", "Start alt."]
        ]
        for f in side.flights:
            alt = ""
            if f.start_altitude_min is not None or f.start_altitude_max is not None:
                low = "" if f.start_altitude_min is None else f.start_altitude_min
                high = "" if f.start_altitude_max is None else f.start_altitude_max
                alt = f"{low}-{high}"
            crew = (
                f"{f.aircrew.printed()} ({rules.rating_letter(f.aircrew)})" if f.aircrew.total else f.aircrew.printed()
            )
            rows.append(
                [
                    str(f.number),
                    f.status_units or "",
                    str(f.count),
                    f.unit_printed,
                    f.unit_numbers_printed or "",
                    show(f.ms),
                    show(f.ma),
                    "; ".join(f.changes),
                    crew,
                    _armament(f),
                    alt + (f" fuel {f.fuel}" if f.fuel is not None else ""),
                ]
            )
        table = Rect(block.x, block.top - 13 * len(rows), block.width, 13 * len(rows))
        page.table(
            table,
            rows,
            weights=[0.6, 0.8, 0.5, 0.9, 1.1, 0.5, 0.5, 1.1, 1.1, 2.6, 1.2],
            size=7,
            where=document.locate(f"{side.pointer}/flights"),
            align="centre-all",
        )
    terrain = scenario.terrain
    t = ", ".join(f"{k}={terrain[k]}" for k in ("LG", "DG", "T", "B") if k in terrain) or str(
        terrain.get("printed", "")
    )
    info_box, rest = rest.take_top(26)
    page.paragraph(
        info_box,
        f"Terrain altitude: {t}.  Boundaries: {scenario.boundaries or '-'}",
        8,
        where=document.locate("/terrain"),
    )
    lines = ["Victory points (23.7; checked against 26.5):" if verdicts else "Victory points:"]
    for v in score.victory:
        line = v.side.victory_points
        if line is None:
            continue
        if not verdicts:
            lines.append(f"{v.side.nation_printed} earns: {_vp_summary(line)}")
            continue
        verdict = {
            "agrees": "agrees with 26.5",
            "disagrees": "differs from 26.5: "
            + ", ".join(f"{c.field.replace('_', ' ')} {c.printed} vs {c.expected}" for c in v.mismatches),
            "unknown": "not derivable",
            "non-standard": "special",
        }[v.status]
        for unused in v.inapplicable:  # FL-VP-INAPPLICABLE: the line names a type no flight of the scenario flies
            verdict += f"; the {unused.field.replace('_', ' ')} line names {unused.aircraft}, not in this scenario"
        lines.append(f"{v.side.nation_printed} earns: {_vp_summary(line)} [{verdict}]")
    vp_box, rest = rest.take_top(min(rest.height / 2, 14 + 22 * (len(lines) - 1)))
    page.paragraph(vp_box, "\n".join(lines), 8.5, where=document.locate("/sides"))
    options_text = " ".join(part for part in (
        scenario.options_summary or "",
        f"Sun in hexes {', '.join(scenario.sun_hexes)}." if scenario.sun_hexes else "",
    ) if part) or "none"
    text = f"Rules of engagement: {scenario.rules_summary or ''}\n\nOptions: {options_text}"
    if scenario.countermeasures_printed:
        text += f" Countermeasures: {scenario.countermeasures_printed}"
    if verdicts and scenario.remarks:
        text += "\n\nPrinted-text faults: " + " ".join(scenario.remarks)
    page.paragraph(rest, text, 8.5, where=document.locate("/rules_of_engagement"))


def _vp_summary(line: VictoryPointsLine) -> str:
    if not line.standard:
        return line.printed
    text = (
        f"{line.per_eliminated} per eliminated, {line.per_damaged} per damaged, {line.per_exited} per "
        f"{line.exit_label} {line.against}"
    )
    if line.bonus_exit:
        text += f"; {line.bonus_exit[0]} per bonus exited {line.bonus_exit[1]}"
    if line.jettison:
        text += f"; {line.jettison[0]} per undamaged {line.jettison[1]} jettisoning its bombs"
    for points, special in line.special:
        text += f"; special: {special}" if points is None else f"; special {points}: {special}"
    return text
