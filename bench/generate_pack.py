"""A deterministic benchmark pack: copies of the bundled Fighting Wings cards and scenario, plus the fw tables.

Usage: python bench/generate_pack.py FOLDER [--cards N]

Card number i copies bundled card i mod 11 in round i // 11, under the id `<id>-n<round>`
and the name `<name> n<round>`, with numbers that vary by copy but keep every rule's
ordering (rates of climb within 100 ft/min of the card's, internal endurance up to 30
minutes longer, all three ceilings raised together by up to 500 ft). A variant card
copies its base of the same round. Scenario j copies bomber-intercept, flying the
cards of round j mod (N // 11). The fw tables are copied as they are and declared as
overrides in the pack's manifest, so the pack's rules read its own tables. The modelines point
at the pack's own `.fwdata/schemas/`, written as `fwdata new` writes them.
`fwdata check` reports no errors and no warnings on such a pack (tests/test_bench_pack.py).

`generate_copies` makes a pack of another game's files: copies of the bundled files of one folder (the Flight
Leader aircraft, the Ace of Aces planes), copy i of bundled file i mod n in round i // n under the id `<id>-n<round>`
and the name `<name> n<round>`, a variant's `base` the copy of its base in the same round.
"""

from __future__ import annotations

import argparse
import random
import re
from pathlib import Path

from fwdata.cli.schema_export import MODELINE_PREFIX, write_schemas

ROOT = Path(__file__).resolve().parent.parent
CARD_TEMPLATES = ROOT / "cards" / "fw"
SCENARIO_TEMPLATE = ROOT / "scenarios" / "fw" / "bomber-intercept.yaml"
TABLES = ROOT / "tables" / "fw"
CARDS_PER_SCENARIO = 5

_ID = re.compile(r"^id: (\S+)$", re.MULTILINE)
_NAME = re.compile(r"^name: (.+)$", re.MULTILINE)
_VARIANT_OF = re.compile(r"^variant_of: (\S+)$", re.MULTILINE)
_CLIMB = re.compile(r"(climb_rate_fpm: )(\d+)")
_INTERNAL_FUEL = re.compile(r"(internal_min: )(\d+)")
_CEILINGS = re.compile(r"ceilings_ft: \{normal: (\d+), loaded: (\d+), overloaded: (\d+)\}")
_AIRCRAFT = re.compile(r"^(\s*- aircraft: )(\S+)$", re.MULTILINE)
_BASE = re.compile(r"^base: (\S+)$", re.MULTILINE)
# The folders `generate_copies` copies, by game: (the bundled folder, the schema of its files' kind).
COPIED = {"fl": ("cards/fl/aircraft", "fl/aircraft.schema.json"), "aoa": ("cards/aoa", "aoa/plane.schema.json")}


def card_templates() -> list[tuple[str, str]]:
    """Return (id, text) of the bundled fw cards, base cards before the variants that copy them."""
    texts = [path.read_text(encoding="utf-8") for path in sorted(CARD_TEMPLATES.glob("*.yaml"))]
    cards = [(_field(_ID, text), text) for text in texts]
    return sorted(cards, key=lambda card: (_VARIANT_OF.search(card[1]) is not None, card[0]))


def generate(folder: Path, cards: int = 100) -> Path:
    """Write a pack of `cards` fw cards, `cards // 5` scenarios and the fw tables into `folder`; return `folder`.

    The same `cards` always gives the same files, byte for byte. Raises ValueError
    when `cards` is fewer than the 11 bundled fw cards (a scenario needs a full round).
    """
    templates = card_templates()
    rounds = cards // len(templates)
    if rounds == 0:
        raise ValueError(f"a pack needs at least {len(templates)} cards (one copy of each bundled fw card)")
    table_ids = []
    for path in sorted(TABLES.glob("*.yaml")):
        _write(folder / "tables" / "fw" / path.name, path.read_text(encoding="utf-8"))
        table_ids.append(_field(_ID, path.read_text(encoding="utf-8")))
    for index in range(cards):
        template_id, text = templates[index % len(templates)]
        number = index // len(templates) + 1
        card_id = f"{template_id}-n{number}"
        _write(folder / "cards" / "fw" / f"{card_id}.yaml", _card(text, number, random.Random(card_id)))
    scenario = SCENARIO_TEMPLATE.read_text(encoding="utf-8")
    for index in range(cards // CARDS_PER_SCENARIO):
        number = index + 1
        flown = index % rounds + 1
        text = _renamed(scenario, number)
        text = _AIRCRAFT.sub(lambda match, flown=flown: f"{match[1]}{match[2]}-n{flown}", text)
        _write(folder / "scenarios" / "fw" / f"{_field(_ID, text)}.yaml", text)
    write_schemas(folder / ".fwdata" / "schemas")
    overrides = "".join(f"  - fw/table/{table_id}\n" for table_id in table_ids)
    _write(folder / "fwdata-pack.yaml",
           f"id: bench-{cards}\nname: Benchmark pack of {cards} cards\nversion: 0.1.0\nsystems: [fw]\n"
           f"overrides:\n{overrides}")
    return folder


def generate_copies(folder: Path, game: str, count: int) -> Path:
    """Write a pack of `count` copies of the bundled files of the folder COPIED[game] into `folder`; return `folder`.

    The same arguments always give the same files, byte for byte. Raises KeyError for a game COPIED does not have.
    """
    kind_folder, _ = COPIED[game]
    templates = sorted((ROOT / kind_folder).glob("*.yaml"))
    for index in range(count):
        path = templates[index % len(templates)]
        number = index // len(templates) + 1
        text = _BASE.sub(lambda match: f"base: {match[1]}-n{number}", _renamed(path.read_text(encoding="utf-8"),
                                                                                number), count=1)
        _write(folder / kind_folder / f"{path.stem}-n{number}.yaml", text)
    write_schemas(folder / ".fwdata" / "schemas")
    _write(folder / "fwdata-pack.yaml", f"id: bench-{game}-{count}\nname: Benchmark pack of {count} {game} files\n"
                                       f"version: 0.1.0\nsystems: [{game}]\n")
    return folder


def _card(text: str, number: int, rng: random.Random) -> str:
    text = _renamed(text, number)
    text = _VARIANT_OF.sub(lambda match: f"variant_of: {match[1]}-n{number}", text)
    text = _CLIMB.sub(lambda match: f"{match[1]}{_climb_rate(int(match[2]), rng)}", text)
    text = _INTERNAL_FUEL.sub(lambda match: f"{match[1]}{int(match[2]) + 5 * rng.randint(0, 6)}", text)
    raise_ft = 100 * rng.randint(0, 5)
    return _CEILINGS.sub(lambda match: "ceilings_ft: {{normal: {}, loaded: {}, overloaded: {}}}".format(
        *(int(ceiling_ft) + raise_ft for ceiling_ft in match.groups())), text)


def _climb_rate(listed_fpm: int, rng: random.Random) -> int:
    """Return a rate of climb within 100 ft/min of `listed_fpm`; a band that cannot climb (0) keeps 0."""
    change_fpm = 100 * rng.randint(-1, 1)
    return max(100, listed_fpm + change_fpm) if listed_fpm else 0


def _renamed(text: str, number: int) -> str:
    text = _ID.sub(lambda match: f"id: {match[1]}-n{number}", text, count=1)
    return _NAME.sub(lambda match: f"name: {match[1]} n{number}", text, count=1)


def _field(pattern: re.Pattern[str], text: str) -> str:
    match = pattern.search(text)
    assert match is not None, f"the bundled source has no {pattern.pattern!r} line"
    return match[1]


def _write(path: Path, text: str) -> None:
    text = text.replace(MODELINE_PREFIX + "../../schemas/", MODELINE_PREFIX + "../../.fwdata/schemas/")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=Path)
    parser.add_argument("--cards", type=int, default=100)
    args = parser.parse_args()
    print(generate(args.folder, args.cards))


if __name__ == "__main__":
    main()
