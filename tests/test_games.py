"""Games in a real SQLite store: perform, replay, undo, and nothing half-written (issue 5)."""

from __future__ import annotations

import contextlib
import random
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from aos_cli.core.actions import RecordedAnswers
from aos_cli.core.dice import ScriptedDice, SeededDice
from aos_cli.core.errors import RuleError
from aos_cli.games import load, perform, replay
from aos_cli.store import Store
from aos_cli.views.game import status_json

GOLDEN = Path(__file__).parent / "golden"


def golden_setup() -> dict[str, Any]:
    data: dict[str, Any] = yaml.safe_load((GOLDEN / "armies_small.yaml").read_text())
    return data


@pytest.fixture
def store(tmp_path: Path) -> Store:
    return Store(tmp_path / "games.sqlite3")


def new(store: Store) -> int:
    return store.create_game("golden", golden_setup())


def test_perform_records_the_dice_and_replay_never_rerolls(store: Store) -> None:
    game = new(store)
    perform(store, game, "priority", {}, ScriptedDice([6, 1]))
    perform(store, game, "next", {}, SeededDice(1))
    perform(store, game, "run", {"unit": "judicators"}, ScriptedDice([4]))
    actions = store.actions(game)
    assert [a.kind for a in actions] == ["priority", "next", "run"]
    assert actions[0].dice == [6, 1] and actions[2].dice == [4]
    state = load(store, game).state
    assert state.unit("judicators").ran and state.phase == "movement"


def test_an_illegal_action_writes_nothing(store: Store) -> None:
    game = new(store)
    perform(store, game, "priority", {}, ScriptedDice([6, 1]))
    with pytest.raises(RuleError):
        perform(store, game, "shoot", {"unit": "judicators", "target": "chainrasps"}, SeededDice(1))
    assert len(store.actions(game)) == 1


def test_a_missing_answer_writes_nothing(store: Store) -> None:
    game = new(store)
    perform(store, game, "priority", {}, ScriptedDice([6, 1]))
    perform(store, game, "next", {}, SeededDice(1))
    perform(store, game, "next", {}, SeededDice(1))
    with pytest.raises(RuleError, match="--engaged"):
        perform(store, game, "shoot", {"unit": "judicators", "target": "chainrasps"}, SeededDice(1))
    assert len(store.actions(game)) == 3


def test_answers_are_recorded_so_replay_does_not_ask(store: Store) -> None:
    game = new(store)
    for kind, dice in (("priority", [6, 1]), ("next", []), ("next", [])):
        perform(store, game, kind, {}, ScriptedDice(dice))
    answers = RecordedAnswers({"cover": False, "engaged": False})
    perform(
        store, game, "shoot", {"unit": "judicators", "target": "chainrasps"}, SeededDice(3), answers
    )
    recorded = store.actions(game)[-1].payload
    assert recorded["answers"] == {"cover": False, "engaged": False}
    assert load(store, game).state.unit("judicators").shot


MOVES = [
    "next",
    "next",
    "run:liberators",
    "next",
    "shoot",
    "next",
    "charge",
    "next",
    "next",
    "battleshock",
    "next",
]


def _step(store: Store, game: int, step: str, rng: random.Random) -> None:
    """One step of a scripted game; illegal ones are skipped (and write nothing)."""
    dice = SeededDice(rng.randrange(10**6))
    kind, _, unit = step.partition(":")
    payload: dict[str, Any] = {"unit": unit} if unit else {}
    answers: dict[str, Any] = {}
    if kind == "shoot":
        payload = {"unit": "judicators", "target": "chainrasps"}
        answers = {"cover": False, "engaged": False}
    elif kind == "charge":
        payload = {"unit": "liberators"}
        answers = {"engaged": False, "within-12": True, "distance": 6}
    with contextlib.suppress(RuleError):
        perform(store, game, kind, payload, dice, RecordedAnswers(answers))


@settings(
    max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(st.integers(0, 10**6), st.integers(1, 12), st.integers(0, 12))
def test_undo_after_any_prefix_gives_the_earlier_state(
    tmp_path: Path, seed: int, length: int, back: int
) -> None:
    """Property: play N steps, undo K, and the state equals replaying the first N-K actions."""
    store = Store(tmp_path / f"g{seed}-{length}-{back}.sqlite3")
    game = new(store)
    perform(store, game, "priority", {}, ScriptedDice([6, 1]))
    rng = random.Random(seed)
    snapshots = [status_json(load(store, game).state, game)]
    for step in MOVES[:length]:
        before = store.last_seq(game)
        _step(store, game, step, rng)
        if store.last_seq(game) != before:
            snapshots.append(status_json(load(store, game).state, game))
    undone = min(back, len(snapshots) - 1)
    for _ in range(undone):
        store.undo(game)
    assert status_json(load(store, game).state, game) == snapshots[len(snapshots) - 1 - undone]
    store.close()


def test_replay_of_the_whole_log_matches_the_live_state(store: Store) -> None:
    game = new(store)
    perform(store, game, "priority", {}, ScriptedDice([6, 1]))
    rng = random.Random(5)
    for step in MOVES:
        _step(store, game, step, rng)
    live = load(store, game).state
    again = replay(store.setup(game), store.actions(game))
    assert status_json(again, game) == status_json(live, game)
