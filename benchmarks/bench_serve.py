"""Speed of the page of `aos serve`: one look at the game's revision (every tick, per viewer),
and the page rebuilt after a change (replay with the last actions' notes, the options and
their odds), on a whole recorded demo battle; beside it, what `aos status` does.

Run on demand: `python -m pytest benchmarks/bench_serve.py --benchmark-columns=mean,min`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from aos_cli.app.autoplay import AutoPlayer
from aos_cli.app.games import load
from aos_cli.app.live_view import Watch, speaking
from aos_cli.core.actions import RecordedAnswers, apply_action
from aos_cli.core.dice import RecordingDice, SeededDice
from aos_cli.core.errors import RuleError
from aos_cli.core.turn import new_game
from aos_cli.store import Store
from aos_cli.views.game import status_json
from aos_cli.views.web.page import page_data


class Recorder(AutoPlayer):
    """The demo's player, each action it takes appended to a store with its dice."""

    store: Store
    game: int

    def do(self, kind: str, payload: dict[str, Any], answers: dict[str, Any] | None = None) -> bool:
        dice = RecordingDice(self.dice)
        given = dict(payload)
        try:
            apply_action(self.state, kind, given, dice, RecordedAnswers(dict(answers or {})))
        except RuleError:
            return False
        self.store.append(self.game, kind, given, dice.rolled)
        return True


@pytest.fixture(scope="module")
def battle_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from aos_cli.app.setup import build_setup
    from aos_cli.app.start import starting_armies

    db = tmp_path_factory.mktemp("serve") / "games.sqlite3"
    start = starting_armies(None, None, None)
    setup = build_setup(start.armies, start.battleplan, name="Demo battle", db=start.db)
    with Store(db) as store:
        player = Recorder(new_game(setup), SeededDice(7), 7, lambda _h, _n: None)
        player.store, player.game = store, store.create_game("demo", setup)
        player.play_battle()
        assert len(store.actions(player.game)) > 100  # 255 actions: a whole battle
    return db


def test_a_tick(benchmark: Any, battle_db: Path) -> None:
    """Which game and its revision: what every viewer's stream asks four times a second."""
    watch = Watch(battle_db)
    assert benchmark(watch.version)[0] == 1
    watch.close()


def test_the_page_rebuilt(benchmark: Any, battle_db: Path) -> None:
    """After a change: the game replayed with its last actions' notes, then the page's data."""
    watch = Watch(battle_db)

    def rebuilt() -> dict[str, Any]:
        with speaking("en"):
            return page_data(watch.read())

    assert benchmark(rebuilt)["game"]["events"]
    watch.close()


def test_status_for_comparison(benchmark: Any, battle_db: Path) -> None:
    """What `aos status --json` does in process: open, replay, build the JSON."""

    def status() -> dict[str, Any]:
        with Store(battle_db) as store:
            return status_json(load(store, 1).state, 1)

    assert benchmark(status)["ended"]
