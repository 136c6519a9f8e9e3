"""build/index.html in a real browser: Debian's headless Chromium, driven by playwright, opens a `--png` build.

The browser is /usr/bin/chromium (or $FWDATA_CHROMIUM); .ci/run installs it with apt-get.
Without it (or without playwright) the test skips, except in CI (CI=true), where it fails.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest
from click.testing import CliRunner

from fwdata.cli.main import main

REPOSITORY = Path(__file__).resolve().parent.parent
INSTALL = "apt-get install chromium; pip install -e '.[test]'"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--no-first-run", "--disable-sync"]


def chromium() -> str:
    """Return the browser to drive; skip (fail in CI) when it or playwright is missing."""
    path = os.environ.get("FWDATA_CHROMIUM", "/usr/bin/chromium")
    problem = None
    if not Path(path).is_file():
        problem = f"no Chromium at {path} (install it: {INSTALL})"
    else:
        try:
            import playwright.sync_api  # noqa: F401
        except ImportError:
            problem = f"playwright is not installed ({INSTALL})"
    if problem is not None:
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(problem)
        pytest.skip(problem)
    return path


@pytest.fixture
def build_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A `--png 72` build of two Fighting Wings cards and one Ace of Aces plane, one card with a warning."""
    for system, names in (("fw", ("p-51d", "bf-109g-10")), ("aoa", ("spad-xiii",))):
        (tmp_path / "p" / "cards" / system).mkdir(parents=True)
        for name in names:
            shutil.copy(REPOSITORY / "cards" / system / f"{name}.yaml", tmp_path / "p" / "cards" / system)
    (tmp_path / "p" / "fwdata-pack.yaml").write_text('id: fwdata-base\nname: three cards\nversion: "1"\n',
                                                    encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, ["build", "--no-progress", "--out", "out", "--png", "72", "p"])
    assert result.exit_code == 0, result.output
    return tmp_path / "out"


def test_the_index_renders_without_console_errors_and_every_link_resolves(build_folder: Path) -> None:
    executable = chromium()
    from playwright.sync_api import sync_playwright

    index = build_folder / "index.html"
    messages: list[tuple[str, str]] = []
    with sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS)
        try:
            page = browser.new_page(viewport={"width": 1280, "height": 900})
            page.on("console", lambda message: messages.append((message.type, message.text)))
            page.on("pageerror", lambda error: messages.append(("error", str(error))))
            page.goto(index.as_uri(), wait_until="load")
            screenshot = page.screenshot(full_page=True)
            links = page.eval_on_selector_all("a[href]", "nodes => nodes.map(node => node.href)")
            images = page.eval_on_selector_all("img", "nodes => nodes.map(node => node.src)")
            first_image_width = page.eval_on_selector("img", "node => node.naturalWidth")
            title = page.title()
        finally:
            browser.close()
    (build_folder.parent / "index-screenshot.png").write_bytes(screenshot)
    assert screenshot.startswith(b"\x89PNG\r\n\x1a\n") and len(screenshot) > 10_000
    assert [message for message in messages if message[0] == "error"] == []
    assert title == "fwdata build"
    assert first_image_width == 612  # the first card's first page at 72 DPI, loaded
    targets = [*links, *images]
    assert "findings.txt" in {Path(urlsplit(target).path).name for target in targets}
    assert len(images) == len({path for path in build_folder.rglob("page-001.png")})
    for target in targets:
        parts = urlsplit(target)
        assert parts.scheme == "file", target  # nothing leaves the build folder
        assert Path(unquote(parts.path)).is_file(), target
        assert Path(unquote(parts.path)).resolve().is_relative_to(build_folder.resolve()), target
