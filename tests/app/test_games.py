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

from aos_cli.app.games import load, perform, replay
from aos_cli.core.actions import RecordedAnswers
from aos_cli.core.dice import ScriptedDice, SeededDice
from aos_cli.core.errors import RuleError
from aos_cli.store import Store
from aos_cli.views.game import status_json

GOLDEN = Path(__file__).parents[1] / "golden"


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


def _aos(db: Path, *args: str) -> list[str]:
    import sys

    return [sys.executable, "-m", "aos_cli", *args, "--db", str(db)]


def test_killing_aos_mid_action_never_corrupts_the_game(tmp_path: Path) -> None:
    """A process killed at any moment leaves the game as before or after the action (issue 5).

    Runs the real `aos` commands in a subprocess and kills them at random moments (bounded:
    12 kills), then checks the database opens, replays and has a gapless log.
    """
    import signal
    import subprocess
    import time

    db = tmp_path / "games.sqlite3"
    with Store(db) as store:
        game = store.create_game("golden", golden_setup())
    rng = random.Random(11)
    subprocess.run(_aos(db, "priority", "--seed", "1"), check=True, capture_output=True)
    for _ in range(12):
        process = subprocess.Popen(
            _aos(db, "adjust", "chainrasps", "--models", "-1", "--reason", "test"),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        time.sleep(rng.uniform(0.05, 0.6))
        process.send_signal(signal.SIGKILL)
        process.wait()
        with Store(db) as store:
            actions = store.actions(game)
            assert [a.seq for a in actions] == list(range(1, len(actions) + 1))
            state = load(store, game).state
            adjusted = sum(1 for a in actions if a.kind == "adjust")
            assert state.unit("chainrasps").models == 20 - adjusted


def test_two_terminals_acting_at_once_lose_nothing(tmp_path: Path) -> None:
    """Two processes acting on one game are serialised; every action is kept (issue 5)."""
    import subprocess

    db = tmp_path / "games.sqlite3"
    with Store(db) as store:
        game = store.create_game("golden", golden_setup())
    script = (
        "import sys\n"
        "from aos_cli.cli.app import main\n"
        "for _ in range(8):\n"
        "    try:\n"
        "        main(['adjust', sys.argv[1], '--models', '-1', '--db', sys.argv[2], '--json'])\n"
        "    except SystemExit as stop:\n"
        "        assert not stop.code, stop.code\n"
    )
    import sys

    runs = [
        subprocess.Popen([sys.executable, "-c", script, unit, str(db)], stdout=subprocess.DEVNULL)
        for unit in ("chainrasps", "chainrasp horde")
    ]
    assert [run.wait(timeout=120) for run in runs] == [0, 0]
    with Store(db) as store:
        actions = store.actions(game)
        state = load(store, game).state
    assert len(actions) == 16
    assert state.unit("chainrasps").models == 4


def test_the_step_that_ends_the_battle_can_be_undone(store: Store) -> None:
    """A mistaken last `next` is not final: undo brings the battle back (aos game end is)."""
    setup = golden_setup()
    setup["battle_rounds"] = 1
    game = store.create_game("short", setup)
    perform(store, game, "priority", {}, ScriptedDice([6, 1]))
    for _ in range(12):
        perform(store, game, "next", {}, SeededDice(1))
    assert load(store, game).state.ended
    store.undo(game)
    state = load(store, game).state
    assert not state.ended and state.phase == "battleshock"


def test_a_terminal_that_keeps_losing_the_race_still_records_its_action(tmp_path: Path) -> None:
    """When another terminal changes the game during every try, the last try holds the write
    lock from replay to append, so the action is recorded rather than refused (issue 5: two
    terminals lose nothing, even on a loaded machine)."""
    from aos_cli.app.games import RETRIES, record

    db = tmp_path / "games.sqlite3"
    with Store(db) as store:
        game = new(store)
    tries = 0
    interfered = 0

    def attempt(recorder: Any) -> tuple[dict[str, Any], str]:
        nonlocal tries, interfered
        tries += 1
        with Store(db, busy_timeout=0.05) as other, contextlib.suppress(Exception):
            other.append(game, "adjust", {"unit": "chainrasps", "models": -1}, [])
            interfered += 1
        return {"unit": "chainrasps", "models": -1}, "done"

    with Store(db) as store:
        assert record(store, game, "adjust", attempt, ScriptedDice([])) == "done"
        assert len(store.actions(game)) == interfered + 1
    assert tries == RETRIES
    assert interfered == RETRIES - 1
