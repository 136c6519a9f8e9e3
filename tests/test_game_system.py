"""The values systems exchange with the pipeline: models hold plain data read-only."""

from __future__ import annotations

import pytest

from fwdata.game_system import frozen


def test_frozen_data_is_equal_and_read_only_at_every_level() -> None:
    data = {"general": {"count": 1, "kind": "piston"}, "rows": [{"band": "VL"}, [1, 2]], "name": "x"}
    model = frozen(data)
    assert model == {"general": {"count": 1, "kind": "piston"}, "rows": ({"band": "VL"}, (1, 2)), "name": "x"}
    for mapping in (model, model["general"], model["rows"][0]):
        with pytest.raises(TypeError):
            mapping["new"] = 1
    assert isinstance(model["rows"], tuple) and isinstance(model["rows"][1], tuple)
