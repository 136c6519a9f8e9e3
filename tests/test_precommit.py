"""The pre-commit hook `fwdata-check`, run by the real pre-commit on a pack in its own git repository."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GIT_ENVIRONMENT = {"GIT_AUTHOR_NAME": "fwdata tests", "GIT_AUTHOR_EMAIL": "tests@fwdata.invalid",
                   "GIT_COMMITTER_NAME": "fwdata tests", "GIT_COMMITTER_EMAIL": "tests@fwdata.invalid"}


def _run(command: list[str], cwd: Path, environment: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(command, cwd=cwd, capture_output=True, text=True, timeout=900, check=False,
                          stdin=subprocess.DEVNULL, env={**os.environ, **GIT_ENVIRONMENT, **(environment or {})})


def _hook_repository(target: Path) -> str:
    """Copy this checkout as it is now (committed or not) into a new git repository; return its commit."""
    listed = _run(["git", "ls-files", "-co", "--exclude-standard", "-z"], cwd=ROOT)
    assert listed.returncode == 0, listed.stderr
    for name in filter(None, listed.stdout.split("\0")):
        source = ROOT / name
        if source.is_file():
            (target / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target / name)
    for command in (["git", "init", "-q"], ["git", "add", "-A"], ["git", "commit", "-q", "-m", "fwdata under test"]):
        assert _run(command, cwd=target).returncode == 0
    return _run(["git", "rev-parse", "HEAD"], cwd=target).stdout.strip()


def test_the_hook_passes_good_files_and_fails_on_a_broken_one(tmp_path: Path) -> None:
    pre_commit = shutil.which("pre-commit", path=str(Path(sys.executable).parent)) or shutil.which("pre-commit")
    assert pre_commit, "pre-commit is a test dependency (pip install -e '.[test]')"
    hooks = tmp_path / "fwdata"
    hooks.mkdir()
    revision = _hook_repository(hooks)

    pack = tmp_path / "pack"
    (pack / "cards" / "fw").mkdir(parents=True)
    # A card whose bundled original checks clean (no info either), so the good file prints nothing.
    original = (ROOT / "cards/fw/bf-109g-10.yaml").read_text(encoding="utf-8")
    card = original.replace("id: bf-109g-10\n", "id: bf-109x\n", 1)
    (pack / "cards" / "fw" / "bf-109x.yaml").write_text(card, encoding="utf-8")
    (pack / "notes.yaml").write_text("not: a source\n", encoding="utf-8")
    (pack / ".pre-commit-config.yaml").write_text(
        f"repos:\n- repo: {hooks}\n  rev: {revision}\n  hooks:\n  - id: fwdata-check\n", encoding="utf-8")
    assert _run(["git", "init", "-q"], cwd=pack).returncode == 0
    assert _run(["git", "add", "-A"], cwd=pack).returncode == 0
    cache = {"PRE_COMMIT_HOME": str(tmp_path / "cache")}

    passed = _run([pre_commit, "run", "--all-files"], cwd=pack, environment=cache)
    assert passed.returncode == 0, passed.stdout + passed.stderr
    assert "fwdata check" in passed.stdout and "Passed" in passed.stdout

    (pack / "cards" / "fw" / "broken.yaml").write_text(card.replace("id: bf-109x\n", "id: bf-109y\nwingspan: 1\n"),
                                                        encoding="utf-8")
    assert _run(["git", "add", "-A"], cwd=pack).returncode == 0
    failed = _run([pre_commit, "run", "--all-files"], cwd=pack, environment=cache)
    assert failed.returncode == 1
    assert "Failed" in failed.stdout
    assert "cards/fw/broken.yaml:" in failed.stdout and "SCHEMA: unknown key 'wingspan'" in failed.stdout
    assert "bf-109x.yaml" not in failed.stdout
