"""The test session's setup: fwdata's per-user files (the build-cache key, the base library's snapshot, the check
caches) go to folders of the session, not ~."""

from __future__ import annotations

from collections.abc import Iterator

import pytest


@pytest.fixture(autouse=True, scope="session")
def _user_cache_folder(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("XDG_CACHE_HOME", str(tmp_path_factory.mktemp("user-cache")))
        patch.setenv("FWDATA_CACHE_DIR", str(tmp_path_factory.mktemp("fwdata-cache")))
        yield
