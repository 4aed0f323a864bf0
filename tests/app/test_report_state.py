"""The battle report read from a game's stored events (issue 25 item 4): models, points,
attacks and the result folded from what the rules decided, with no rule run; the same
report a replay gives, for new games, old ones and games with both kinds of action."""

from __future__ import annotations

import json
import shutil
import sqlite3
from pathlib import Path

import pytest

from aos_cli.app.games import load
from aos_cli.app.history import report_state
from aos_cli.core.errors import GameError
from aos_cli.core.events import BattleDecided, event_from_data
from aos_cli.core.state import GameState
from aos_cli.store import Store
from aos_cli.views.game import army_details, battlefield_line
from aos_cli.views.report import report_json
from tests.app.stored_demo import play_stored_demo
from tests.cli.test_events_cli import _attacks_game

GOLDEN = Path(__file__).parents[1] / "golden" / "games_before_typed_actions.sqlite3"


def no_rules(*args: object, **kwargs: object) -> None:
    raise AssertionError("the report ran a rule")


def _seen(state: GameState) -> str:
    """The report as data, and the lines the log shows over its history (the battlefield and
    each unit's set-up choices and damage table row, which follow its wounds)."""
    lines = [str(battlefield_line(state))]
    lines += [str(line) for side in range(len(state.sides)) for line in army_details(state, side)]
    return json.dumps([report_json(state), lines])


def _reports(db: Path, monkeypatch: pytest.MonkeyPatch, *, rules: bool = False) -> list[str]:
    """Each game's report (and log tables) folded from the store (no rule may run unless
    `rules`) and the ones a replay gives, as JSON."""
    found = []
    with Store(db) as store:
        for game in store.list_games():
            with monkeypatch.context() as patched:
                if not rules:
                    patched.setattr("aos_cli.core.actions.apply_action", no_rules)
                    patched.setattr("aos_cli.app.games.apply_action", no_rules)
                folded = _seen(report_state(store, game.id))
            found += [folded, _seen(load(store, game.id).state)]
    return found


def test_aos2_s14_a_game_with_attacks_reports_from_its_events_as_a_replay_does(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """AoS2 §14: the luck report's expected and actual damage, the losses by phase and the
    models left come from the stored events, with no rule run, as a replay gives them."""
    db = tmp_path / "games.sqlite3"
    _attacks_game(db)
    folded, replayed = _reports(db, monkeypatch)
    assert folded == replayed
    report = json.loads(folded)[0]
    assert [row["actual"] for row in report["luck"]] == [1, 2, 4]  # the seeded attacks
    assert sum(row["models"] for row in report["losses_by_phase"]) == 5


@pytest.mark.parametrize(("system", "seed"), [("aos2", 3), ("aos1", 3), ("aos1", 5)])
def test_a_finished_demo_battle_reports_its_result_from_its_events(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, system: str, seed: int
) -> None:
    """AoS2 §18, AoS1 §5: a whole seeded battle's report (the result by its victory
    conditions, the points by round, the losses, the luck) read from the store is the
    report its replay gives, and the result is stored as an event with its fields."""
    db = tmp_path / "games.sqlite3"
    game = play_stored_demo(db, seed, system)
    folded, replayed = _reports(db, monkeypatch)
    report = json.loads(folded)[0]
    assert folded == replayed and report["result"]["winner"]
    with Store(db) as store:
        last = store.actions(game)[-1].payload["events"]
    decided = [e for e in last if e["kind"] == "battle-decided"]
    assert len(decided) == 1 and decided[0]["victory"] == report["result"]["kind"]


def test_old_games_replay_for_their_report(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Games stored before their events held every change (tests/golden) are replayed for the
    report: the same report as before, and a rule does run."""
    db = tmp_path / "games.sqlite3"
    shutil.copy(GOLDEN, db)
    reports = _reports(db, monkeypatch, rules=True)
    assert reports[0::2] == reports[1::2] and len(reports) == 6
    with pytest.raises(GameError, match="ran a rule"):
        _reports(db, monkeypatch)


def test_a_game_begun_before_the_events_replays_only_its_old_actions(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A game whose first actions were stored before the events held every change, and its
    later ones after: the old ones replay, the events of the new ones fold on that state."""
    db = tmp_path / "games.sqlite3"
    _attacks_game(db)
    with sqlite3.connect(db) as connection:  # the first five actions as an older aos stored them
        for rowid, payload in connection.execute(
            "SELECT rowid, payload FROM actions WHERE seq <= 5"
        ).fetchall():
            data = json.loads(payload)
            data.pop("events_version")
            connection.execute(
                "UPDATE actions SET payload = ? WHERE rowid = ?", (json.dumps(data), rowid)
            )
    replays = []
    original = load.__globals__["apply_action"]

    def counted(*args: object, **kwargs: object) -> object:
        replays.append(args[1])
        return original(*args, **kwargs)

    monkeypatch.setattr("aos_cli.app.games.apply_action", counted)
    with Store(db) as store:
        game = store.current_game_id() or 0
        folded = report_json(report_state(store, game))
        assert len(replays) == 5
        assert folded == report_json(load(store, game).state)


def test_a_result_reads_back_from_its_event_key_for_key() -> None:
    """AoS1 §5.2: a result a system decided itself (Sudden Death, with its objective and
    reason) and one by a ratio of points read back from the stored event as they were."""
    sudden = {
        "winner": "Stormcast", "winner_side": 0, "winners": ["Stormcast"], "kind": "major",
        "margin": 0, "margin_unit": "VP", "victory_points": {"Stormcast": 0, "Nighthaunt": 2},
        "share_lost": {"Stormcast": 0.0, "Nighthaunt": 23.5},
        "rule": "AoS1 §5.2 Sudden Death: Assassinate", "round": 1,
        "condition": "sudden_death", "objective": "assassinate",
        "why": {"message": "Sudden Death: {objective}", "values": {"objective": "Assassinate"}},
    }  # fmt: skip
    ratio = {
        "winner": None, "winner_side": None, "winners": ["A", "B"], "kind": "minor", "margin": 3,
        "margin_unit": "VP", "victory_points": {"A": 3, "B": 6}, "share_lost": {"A": 1.5, "B": 0.0},
        "rule": "x" * 900, "round": 5, "condition": "points_at_least_ratio", "ratio": None,
    }  # fmt: skip
    for result in (sudden, ratio):
        stored = json.loads(json.dumps(BattleDecided.of(result).to_data()))
        read = event_from_data(stored)
        assert isinstance(read, BattleDecided)
        assert json.dumps(read.result()) == json.dumps(result)
