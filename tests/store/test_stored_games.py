"""Games saved by earlier versions still load and replay to the same state.

`golden/games_before_typed_actions.sqlite3` was written by the release before actions became
typed values (untyped payloads, every action kind of AoS2, AoS1 and 40k8, played through the
CLI); `golden/games_before_typed_actions.json` is what that release replayed them to. Its
payloads are migrated on read.
Regenerate the JSON only on purpose: `AOS_REGENERATE_GOLDEN=1 pytest tests/test_stored_games.py`.
"""

from __future__ import annotations

import json
import os
import shutil
from dataclasses import replace
from pathlib import Path
from typing import Any

from aos_cli.app.games import load, perform, replay
from aos_cli.core.dice import ScriptedDice
from aos_cli.core.state import GameState
from aos_cli.store import Store

GOLDEN = Path(__file__).parents[1] / "golden"
DATABASE = GOLDEN / "games_before_typed_actions.sqlite3"
EXPECTED = GOLDEN / "games_before_typed_actions.json"


def fingerprint(state: GameState) -> dict[str, Any]:
    """What a replay decides: the turn, the points, every unit's losses and flags."""
    return {
        "round": state.round, "phase": state.phase, "active": state.active_side,
        "ended": state.ended, "clock": {str(k): v for k, v in sorted(state.clock.items())},
        "sides": [
            {
                "cp": side.command_points, "vp": side.victory_points,
                "rerolls": side.command_rerolls,
                "units": [
                    [u.spec.id, u.models, u.wounds_on_damaged, u.spec.wounds, u.general,
                     u.in_reserve, u.embarked_in, sorted(e.name for e in u.effects)]
                    for u in side.units
                ],
            }
            for side in state.sides
        ],
        "objectives": [
            [o.id, o.holder, o.territory, {str(k): v for k, v in sorted(o.counts.items())}]
            for o in state.objectives
        ],
        "attacks": [[a["unit"], a["target"], a["damage"]] for a in state.attack_log],
        "losses": state.losses,
    }  # fmt: skip


def replayed(tmp_path: Path) -> dict[str, Any]:
    """Every stored game replayed: its fingerprint and the notes of each action, step by step."""
    copy = tmp_path / "games.sqlite3"
    shutil.copy(DATABASE, copy)
    games: dict[str, Any] = {}
    with Store(copy) as store:
        for record in store.list_games():
            setup, actions = store.setup(record.id), store.actions(record.id)
            steps = [replay(setup, actions[: n + 1]) for n in range(len(actions))]
            games[record.name] = {
                "kinds": [a.kind for a in actions],
                "final": fingerprint(steps[-1]),
                "phases": [[s.round, s.phase, s.active_side] for s in steps],
            }
    return games


def test_games_saved_before_typed_actions_replay_to_the_same_state(tmp_path: Path) -> None:
    """Stored payloads of the untyped release are migrated on read and replay unchanged."""
    games = replayed(tmp_path)
    if os.environ.get("AOS_REGENERATE_GOLDEN"):
        EXPECTED.write_text(json.dumps(games, indent=1, sort_keys=True) + "\n")
    assert games == json.loads(EXPECTED.read_text())
    assert sorted(games) == ["fixture aos1", "fixture aos2", "fixture wh40k8"]


def test_an_action_on_an_old_game_is_stored_in_the_current_shape(tmp_path: Path) -> None:
    """Old rows stay as written; a new action is stored typed (`v`), old-style input or not."""
    copy = tmp_path / "games.sqlite3"
    shutil.copy(DATABASE, copy)
    with Store(copy) as store:
        game = store.find_game("fixture aos2").id
        before = load(store, game).state
        unit = next(u for u in before.sides[before.active_side].units if u.alive)
        perform(store, game, "adjust", {"unit": unit.spec.id, "reason": "a test"}, ScriptedDice([]))
        stored = store.actions(game)
    assert "v" not in stored[0].payload
    payload = dict(stored[-1].payload)
    events, told = payload.pop("events"), payload.pop("told")
    assert payload.pop("events_version") == 2  # its events are the whole story (the report)
    assert payload == {"v": 3, "unit": unit.spec.id, "reason": "a test"}
    assert [e["kind"] for e in events] == ["adjusted"] and told == [0]
    assert events[0]["reason"] == "a test" and events[0]["unit"] == unit.spec.id


def test_aos2_s15_casts_saved_before_the_range_question_replay_unchanged(tmp_path: Path) -> None:
    """AoS2 §15: casts are now asked whether the target is within 18"; a cast stored before
    (payload version 2, no recorded answer) replays as it was played, to the same state."""
    copy = tmp_path / "games.sqlite3"
    shutil.copy(DATABASE, copy)
    with Store(copy) as store:
        game = store.find_game("fixture aos2").id
        stored = [a for a in store.actions(game) if a.kind == "cast"]
        assert stored and all("target-in-range" not in (a.payload.get("answers") or {})
                              for a in stored)  # fmt: skip
        before = fingerprint(load(store, game).state)
        # The same game with its casts written in the shape of the last release (version 2).
        setup, actions = store.setup(game), store.actions(game)
    current = [replace(a, payload=upgraded(a.kind, a.payload)) for a in actions]
    assert any(a.kind == "cast" and a.payload["v"] == 2 for a in current)
    assert fingerprint(replay(setup, current)) == before


def upgraded(kind: str, payload: dict[str, Any]) -> dict[str, Any]:
    """A stored payload as the release before the range question wrote it (version 2)."""
    from aos_cli.core.action_types import decode_action, encode_action

    written = {**encode_action(decode_action(kind, payload)), "v": 2}
    for key in ("answers", "clock"):
        if payload.get(key):
            written[key] = payload[key]
    return written


def test_games_stored_before_events_show_their_attacks_as_events(tmp_path: Path) -> None:
    """A game saved before actions stored events still logs its attacks as events (made by
    replaying it with its recorded dice), agreeing with the attack log the replay keeps."""
    from aos_cli.app.history import history

    copy = tmp_path / "games.sqlite3"
    shutil.copy(DATABASE, copy)
    with Store(copy) as store:
        for record in store.list_games():
            entries = history(store, record.id)
            assert not any("events" in a.payload for a in store.actions(record.id))
            attacks = [e for entry in entries for e in entry.events if e.kind == "attack"]
            final = replay(store.setup(record.id), store.actions(record.id))
            assert [(e.attacker, e.target, e.damage) for e in attacks] == [  # type: ignore[attr-defined]
                (a["unit"], a["target"], a["damage"]) for a in final.attack_log
            ]
