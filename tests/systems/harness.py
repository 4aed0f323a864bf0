"""Driving the engine in the systems tests: one action with scripted dice and answers, and a
golden game file (tests/golden/<system>_*.yaml) played through the real store and replayed."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from aos_cli.app.games import load, perform
from aos_cli.app.setup import upgrade_setup
from aos_cli.core.actions import RecordedAnswers, apply_action
from aos_cli.core.dice import ScriptedDice
from aos_cli.core.state import GameState
from aos_cli.store import Store

GOLDEN = Path(__file__).parents[1] / "golden"


def snapshot(name: str, **overrides: Any) -> dict[str, Any]:
    """A set-up snapshot from tests/golden with top-level overrides."""
    data: dict[str, Any] = yaml.safe_load((GOLDEN / name).read_text())
    data.update(overrides)
    return upgrade_setup(data)


def act(state: GameState, kind: str, dice: list[int] | None = None, **payload: Any) -> None:
    """Apply one action with exactly these dice (all must be used) and answers."""
    answers = payload.pop("answers", {})
    source = ScriptedDice(dice or [])
    apply_action(state, kind, payload, source, RecordedAnswers(dict(answers)))
    assert source.remaining == 0, f"{kind} left dice unused"


def to_phase(state: GameState, phase: str, answers: dict[str, Any] | None = None) -> None:
    """Go on with `next` until the phase is reached."""
    for _ in range(40):
        if state.phase == phase:
            return
        act(state, "next", answers=dict(answers or {}))
    raise AssertionError(f"never reached the {phase} phase")


def play_golden(path: Path, store: Store) -> tuple[GameState, dict[str, Any]]:
    """Play a golden game's script through the store; returns the replayed state and the doc.

    Steps: `{do: KIND, dice: [...], answers: {...}, ...payload}` performs one action;
    `{until: PHASE}` performs `next` until that phase (or the end) is reached; the doc's
    `answers` are given to every step (objective counts the script does not vary)."""
    doc: dict[str, Any] = yaml.safe_load(path.read_text())
    setup = snapshot(doc["armies"], **doc.get("set", {}))
    game = store.create_game(path.stem, setup, setup.get("system", "aos2"))
    always: dict[str, Any] = dict(doc.get("answers", {}))
    for step in doc["script"]:
        step = dict(step)
        if "until" in step:
            wanted = step["until"]
            for _ in range(40):
                state = load(store, game).state
                if state.phase == wanted or state.ended:
                    break
                source = ScriptedDice([])
                perform(store, game, "next", {}, source, RecordedAnswers(dict(always)))
            else:
                raise AssertionError(f"never reached {wanted}")
            continue
        kind = step.pop("do")
        dice = step.pop("dice", [])
        answers = {**always, **step.pop("answers", {})}
        source = ScriptedDice(dice)
        perform(store, game, kind, step, source, RecordedAnswers(dict(answers)))
        assert source.remaining == 0, f"{kind} {step} left dice unused"
    return load(store, game).state, doc
