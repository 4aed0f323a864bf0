"""What the store costs a command: opening it, appending one action, reading a game's log.

Run on demand: `python -m pytest benchmarks/bench_store.py --benchmark-columns=mean,stddev`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from aos_cli.store import Store

PAYLOAD: dict[str, Any] = {"unit": "Liberators", "target": "Bloodreavers", "weapon": "Warhammer"}
DICE = [6, 5, 3, 3, 1, 4, 2, 6, 6, 1]


@pytest.fixture
def db(tmp_path: Path) -> Path:
    """A database with one game of 1,000 actions."""
    path = tmp_path / "games.sqlite3"
    with Store(path) as store:
        game = store.create_game("bench", {"battleplan": "Take and Hold"})
        with store.transaction():
            for _ in range(1000):
                store.append(game, "shoot", PAYLOAD, DICE)
    return path


def test_open_and_find_current_game(benchmark: Any, db: Path) -> None:
    """Open the store and look up the current game, as every command does."""

    def run() -> None:
        with Store(db) as store:
            store.current_game_id()

    benchmark(run)


def test_append_one_action(benchmark: Any, db: Path) -> None:
    """One guarded append: a BEGIN IMMEDIATE transaction with a full fsync."""
    with Store(db) as store:

        def run() -> None:
            store.append(1, "shoot", PAYLOAD, DICE, expected_seq=store.last_seq(1))

        benchmark(run)


def test_read_a_thousand_actions(benchmark: Any, db: Path) -> None:
    """Read a 1,000-action log back for replay."""
    with Store(db) as store:
        benchmark(lambda: store.actions(1))
