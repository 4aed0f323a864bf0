"""Bundled content is never replaced in silence by an import (issue 23 §7): the README's tour
gives the same results before and after `aos warscroll import` of a catalogue whose units
share the demo armies' names, and both warscrolls stay reachable."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.test_readme import ROOT, literal_aos_commands

TWINS = Path(__file__).resolve().parent / "twins"
SKIPPED = {("game", "list"), ("warscroll", "list")}
"""Commands whose output names every game or warscroll (an import adds to them by design)."""


def _tour() -> list[list[str]]:
    """The README's game tour (from `aos game new`), its warscroll card and army check."""
    words = literal_aos_commands()
    start = next(i for i, w in enumerate(words) if w[1:3] == ["game", "new"])
    end = next(i for i, w in enumerate(words) if w[1:3] == ["game", "end"])
    tour = [w for w in words[start : end + 1] if tuple(w[1:3]) not in SKIPPED]
    tour += [w for w in words if w[1:3] in (["warscroll", "show"], ["army", "validate"])]
    return tour


def _run(env: dict[str, str], cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "aos_cli", *args],
        cwd=cwd, env=env, stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=120,
    )  # fmt: skip


def _play_tour(env: dict[str, str], cwd: Path) -> list[str]:
    outputs = []
    for words in _tour():
        done = _run(env, cwd, *words[1:])
        assert done.returncode == 0, (words, done.stderr)
        outputs.append(done.stdout)
    return outputs


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX paths in the tour")
def test_readme_tour_is_the_same_after_importing_same_named_units(tmp_path: Path) -> None:
    for folder in ("warscrolls", "battleplans"):
        (tmp_path / folder).symlink_to(ROOT / folder)
    env = {
        **os.environ,
        "AOS_DATA_DIR": str(tmp_path / "data"),
        "AOS_CACHE_DIR": str(tmp_path / "cache"),
        "NO_COLOR": "1",
        "COLUMNS": "100",
    }
    env.pop("AOS_CONTENT", None)
    before = _play_tour({**env, "AOS_DB": str(tmp_path / "before.sqlite3")}, tmp_path)
    imported = _run(env, tmp_path, "warscroll", "import", str(TWINS), "--json")
    assert imported.returncode == 0, imported.stderr
    report = json.loads(imported.stdout)
    shared = {row["name"]: row for row in report["two_sources"]}
    assert set(shared) == {"Liberators", "Judicators", "Chainrasp Horde"}
    assert shared["Liberators"] == {
        "name": "Liberators",
        "bundled": "liberators",
        "imported": "liberators-imported",
    }
    after = _play_tour({**env, "AOS_DB": str(tmp_path / "after.sqlite3")}, tmp_path)
    assert after == before
    # Both stay reachable: the name finds the bundled card, the id the imported one.
    bundled = _run(env, tmp_path, "warscroll", "show", "Liberators", "--json")
    twin = _run(env, tmp_path, "warscroll", "show", "liberators-imported", "--json")
    assert json.loads(bundled.stdout)["id"] == "liberators"
    assert json.loads(twin.stdout)["melee_weapons"][0]["attacks"] == "6"
