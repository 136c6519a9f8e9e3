"""The event-to-data shortcut (fwdata/sources/yaml_plain.py) gives what the node graph gives, or gives up."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fwdata.sources import yaml_loader
from fwdata.sources.yaml_loader import DEFAULT_LIMITS, load_bytes
from fwdata.sources.yaml_plain import GiveUp, read_plain
from fwdata.sources.yaml_reader import LoadLimits, TextLines, read_nodes
from fwdata.sources.yaml_values import to_plain
from tests.fuzzing import bundled_sources, fuzzed_source


def _through_nodes(raw: bytes, limits: LoadLimits) -> object:
    """Load as before the shortcut existed: every text through the node graph."""

    def give_up(*_: object) -> object:
        raise GiveUp

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(yaml_loader, "read_plain", give_up)
        return load_bytes("x.yaml", raw, limits, fast=False)


def _same_load(raw: bytes, limits: LoadLimits = DEFAULT_LIMITS) -> None:
    assert load_bytes("x.yaml", raw, limits, fast=False) == _through_nodes(raw, limits)


def test_every_bundled_source_takes_the_shortcut_with_the_same_data_and_positions() -> None:
    for path in bundled_sources():
        text = path.read_text(encoding="utf-8")
        lines = TextLines(text)
        root = read_nodes(text, DEFAULT_LIMITS, lines)
        assert root is not None
        assert read_plain(text, DEFAULT_LIMITS, lines) == to_plain(root, DEFAULT_LIMITS, lines), path.name


@pytest.mark.parametrize("text", ["a: &x 1\nb: *x\n", "a:\n  <<: {b: 1}\n", "a: 1\na: 2\n", "- a\n", "a: !!int x\n"])
def test_the_shortcut_gives_up_on_what_it_leaves_to_the_node_graph(text: str) -> None:
    with pytest.raises(GiveUp):
        read_plain(text, DEFAULT_LIMITS, TextLines(text))


@pytest.mark.parametrize("text", [
    "a: 1\nb:\n  - x\n  - {c: null, d: ~, e: 0x1F, f: 1.5e3, g: .inf}\n",  # .inf is refused: a finding
    "a: &x {b: 1}\nc: *x\n",  # anchors and aliases: the node graph
    "base: &b {x: 1}\nm:\n  <<: *b\n  y: 2\n",  # a merge key
    "a: 1\na: 2\n",  # a duplicate key
    "1: a\n'1': b\n",  # keys equal once they are JSON strings
    "a: !!int '12'\nb: !!str 12\nc: !!float x\n",  # explicit tags, one not fitting its value
    "a: !!seq {b: 1}\n",  # a collection with a tag of another kind
    "? [a, b]\n: c\n",  # a list as a key
    "a:\nb: ''\nc: \"\"\nd: |\n  text\n",  # empty values take the key's position; quoted empties do not
    "- a\n- b\n", "just text\n", "", "# only a comment\n", "~\n",  # roots that are not mappings
    "a: 1\n---\nb: 2\n",  # a second document
    "a: 1\n\t\nb: 2\n",  # a tab on a blank line: libyaml refuses, the text is read again
    "a: [1, 2\nb: 3\n",  # not YAML
    "a: " + "9" * 41 + "\n",  # a number too long
    "a: !custom x\n",  # a custom tag
    "a:\n" + "".join(f"  k{i}: {i}\n" for i in range(300)),
])
def test_hand_made_texts_load_the_same(text: str) -> None:
    _same_load(text.encode("utf-8"))


def test_a_small_value_cap_is_met_the_same_way() -> None:
    _same_load(b"a: [1, 2, 3, 4, 5, 6]\n", LoadLimits(max_values=4))


@settings(max_examples=300, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32))
def test_fuzzed_sources_load_the_same(seed: int) -> None:
    _same_load(fuzzed_source(random.Random(seed), _SOURCES))


_SOURCES = bundled_sources()
