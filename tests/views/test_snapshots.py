"""What the views render, at a fixed width (100 columns, no colour), held against snapshots
in tests/views/snapshots/: a change to a table, a card or a chart shows as a diff to review.

`AOS_REGENERATE_GOLDEN=1 pytest tests/views/test_snapshots.py` writes the snapshots afresh
(read the diff before committing them)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.conftest import RunCli

SNAPSHOTS = Path(__file__).parent / "snapshots"
WIDTH = "100"

SEEDED_GAME: tuple[tuple[str, ...], ...] = (
    ("game", "new", "--seed", "1"),
    ("priority", "--first", "Player One", "--seed", "1"),
    ("next",),
    ("next",),
    ("shoot", "judicators", "--target", "chainrasps", "--no-cover", "--no-engaged",
     "--in-range", "--seed", "1"),
)  # fmt: skip
"""The demo armies' first shot, which slays three Chainrasps and scores First Blood."""

VIEWS: dict[str, tuple[str, ...]] = {
    "warscroll-card-liberators": ("warscroll", "show", "liberators"),
    "odds-attack-chart": ("odds", "attack", "--attacks", "10", "--hit", "4", "--wound", "3",
                          "--rend", "-1", "--damage", "1", "--save", "4"),
    "status-after-first-shot": ("status",),
    "score-after-first-shot": ("score",),
    "log-after-first-shot": ("game", "log"),
}  # fmt: skip
"""Each snapshot's command, run on the seeded game."""


def _check(name: str, text: str) -> None:
    path = SNAPSHOTS / f"{name}.txt"
    if os.environ.get("AOS_REGENERATE_GOLDEN"):
        path.write_text(text, encoding="utf-8")
    assert path.is_file(), f"no snapshot {path.name}: run with AOS_REGENERATE_GOLDEN=1"
    assert text == path.read_text(encoding="utf-8"), f"{name} renders differently"


@pytest.mark.parametrize("name", sorted(VIEWS))
def test_a_view_renders_as_its_snapshot(run_cli: RunCli, tmp_path: Path, name: str) -> None:
    """Each view at 100 columns, on the same seeded game, reads as it was reviewed."""
    db = tmp_path / "games.sqlite3"
    env = {"COLUMNS": WIDTH}
    for step in SEEDED_GAME:
        done = run_cli(*step, "--db", str(db), env=env)
        assert done.exit_code == 0, done.stderr
    game = () if VIEWS[name][0] in ("warscroll", "odds") else ("--db", str(db))
    shown = run_cli(*VIEWS[name], *game, env=env)
    assert shown.exit_code == 0, shown.stderr
    _check(name, shown.stdout)
