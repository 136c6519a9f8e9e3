"""Issue 9's promise, as properties: no input makes check or build raise, and every finding is one line in its file.

The long run (10,000 inputs and more) is `make fuzz` (bench/fuzz.py); this is its quick sample.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

sys.path.insert(0, str(Path(__file__).parent))
from fuzzing import SOURCE_NAME, FuzzInput, bundled_sources, make_input, run_input  # noqa: E402

SOURCES = bundled_sources()
SETTINGS = settings(max_examples=50, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])


@SETTINGS
@given(rng=st.randoms(use_true_random=False))
def test_mutated_bundled_sources_never_crash(rng: random.Random, tmp_path_factory: pytest.TempPathFactory,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path_factory.mktemp("fuzz")
    fuzz_input = make_input(rng, SOURCES)
    outcome = run_input(fuzz_input, folder, build=rng.random() < 0.1, chdir=monkeypatch.chdir)
    assert outcome.problems == [], fuzz_input.label


@SETTINGS
@given(data=st.binary(max_size=400) | st.text(max_size=200).map(lambda text: text.encode("utf-8", "surrogatepass")))
def test_arbitrary_bytes_never_crash(data: bytes, tmp_path_factory: pytest.TempPathFactory,
                                     monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path_factory.mktemp("fuzz")
    outcome = run_input(FuzzInput("bytes", {SOURCE_NAME: data}), folder, build=False, chdir=monkeypatch.chdir)
    assert outcome.problems == []


def test_the_oracle_sees_a_crash(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The oracle is not blind: a rule that raises is reported as a problem."""
    def broken(*args: object, **kwargs: object) -> None:
        raise KeyError("boom")

    monkeypatch.setattr("fwdata.pipeline.run_checks", broken)
    source = next(path for path in SOURCES if "fw" in path.parts)
    outcome = run_input(FuzzInput("bundled", {SOURCE_NAME: source.read_bytes()}), tmp_path, build=False,
                        chdir=monkeypatch.chdir)
    assert len(outcome.problems) == 1 and "KeyError: 'boom'" in outcome.problems[0]
