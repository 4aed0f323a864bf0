"""Scenery rules, garrisons and Ghur's realmscape in a game (AoS2 §4.3-§4.5, §24.2)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from aos_cli.app.setup import parse_terrain, pick_realmscape
from aos_cli.core.actions import RecordedAnswers, apply_action
from aos_cli.core.dice import ScriptedDice
from aos_cli.core.errors import InputError, RuleError
from aos_cli.core.state import GameState
from aos_cli.core.turn import new_game
from aos_cli.views.events import note_lines

GOLDEN = Path(__file__).parents[1] / "golden"


def game(**extra: Any) -> GameState:
    setup = yaml.safe_load((GOLDEN / "armies_small.yaml").read_text())
    setup.update(extra)
    state = new_game(setup)
    act(state, "priority", [5, 2])
    return state


def act(state: GameState, kind: str, dice: list[int] | None = None, **payload: Any) -> None:
    answers = payload.pop("answers", {})
    source = ScriptedDice(dice or [])
    apply_action(state, kind, payload, source, RecordedAnswers(dict(answers)))
    assert source.remaining == 0, f"{kind} left dice unused"


def to_phase(state: GameState, phase: str, dice: list[int] | None = None) -> None:
    while state.phase != phase:
        act(state, "next", dice if state.phase == "combat" else None)


SHOT = [3, 3, 3, 3, 3, 3, 3, 3, 3, 3]  # 5 hits, 5 wounds at 3+/3+


def test_aos2_s4_3_mystical_ignores_wounds_on_a_6() -> None:
    state = game(terrain=[{"name": "Shrine", "rule": "mystical"}])
    to_phase(state, "shooting")
    answers = {"cover": False, "engaged": False, "mystical": True}
    # saves 1 x5 fail; mystical rolls 6 6 1 1 1 → 3 wounds stick
    act(
        state,
        "shoot",
        [*SHOT, 1, 1, 1, 1, 1, 6, 6, 1, 1, 1],
        unit="judicators",
        target="chainrasps",
        answers=answers,
    )
    assert state.unit("chainrasps").models == 17


def test_mystical_is_not_asked_without_such_a_feature() -> None:
    state = game()
    to_phase(state, "shooting")
    act(
        state,
        "shoot",
        [*SHOT, 1, 1, 1, 1, 1],
        unit="judicators",
        target="chainrasps",
        answers={"cover": False, "engaged": False},
    )
    assert state.unit("chainrasps").models == 15


def test_aos2_s4_5_garrison_gives_cover_and_minus_one_to_hit() -> None:
    state = game(terrain=[{"name": "Tower", "rule": None, "garrison": True}])
    to_phase(state, "shooting")
    answers = {"engaged": False, "garrisoned": True}
    # 3s miss at 3+ with -1 to hit: no wound rolls
    act(state, "shoot", [3, 3, 3, 3, 3], unit="judicators", target="chainrasps", answers=answers)
    assert state.unit("chainrasps").models == 20


def test_aos2_s4_3_arcane_adds_one_to_casting() -> None:
    state = game(terrain=[{"name": "Stones", "rule": "arcane"}])
    to_phase(state, "battleshock")
    act(state, "next")  # Nighthaunt's hero phase
    act(
        state,
        "cast",
        [2, 2],
        wizard="guardian",
        spell="Arcane Bolt",
        target="liberators",
        answers={"arcane": True, "target-in-range": True},
    )
    assert "casts Arcane Bolt with 5" in " ".join(note_lines(state.notes))


def test_aos2_s4_3_inspiring_adds_one_bravery_per_unit() -> None:
    state = game(terrain=[{"name": "Statue", "rule": "inspiring"}])
    to_phase(state, "shooting")
    act(
        state,
        "shoot",
        [*SHOT, 1, 1, 1, 1, 1],
        unit="judicators",
        target="chainrasps",
        answers={"cover": False, "engaged": False},
    )
    to_phase(state, "battleshock")
    # 3 + 5 slain = 8 against Bravery 6 + 1 (15 models) + 1 inspiring = 8: passes
    act(state, "battleshock", [3], answers={"inspiring:chainrasps": True})
    assert state.unit("chainrasps").models == 15


def test_aos2_s4_3_deadly_d3_mortal_wounds_on_a_1() -> None:
    state = game(terrain=[{"name": "Thorns", "rule": "deadly"}])
    to_phase(state, "movement")
    act(state, "move", [1, 4], unit="liberators", answers={"deadly": True})
    assert state.unit("liberators").models == 4


def test_aos2_s24_2_primal_violence_repeats_combat_once() -> None:
    state = game(realmscape="primal-violence")
    to_phase(state, "combat")
    act(state, "next", [6])
    assert state.phase == "combat" and state.combat_repeated
    act(state, "next")  # no second roll
    assert state.phase == "battleshock"


def test_primal_violence_below_6_ends_combat() -> None:
    state = game(realmscape="primal-violence")
    to_phase(state, "combat")
    act(state, "next", [5])
    assert state.phase == "battleshock"


def test_parse_terrain_and_realmscape() -> None:
    assert parse_terrain("Tower=arcane+garrison", ScriptedDice([])) == {
        "name": "Tower",
        "garrison": True,
        "rule": "arcane",
    }
    assert parse_terrain("Ruin=random", ScriptedDice([5]))["rule"] == "mystical"
    with pytest.raises(InputError, match="scenery rule"):
        parse_terrain("Ruin=lava", ScriptedDice([]))
    assert pick_realmscape("ghur", None, ScriptedDice([3])) == "primal-violence"
    assert pick_realmscape("ghur", "Reckless Aggression", ScriptedDice([])) == "reckless-aggression"
    assert pick_realmscape(None, None, ScriptedDice([])) is None
    with pytest.raises(InputError):
        pick_realmscape(None, "primal-violence", ScriptedDice([]))


def test_questions_per_unit_are_named_for_the_flag() -> None:
    state = game(terrain=[{"name": "Statue", "rule": "sinister"}])
    to_phase(state, "shooting")
    act(
        state,
        "shoot",
        [*SHOT, 1, 1, 1, 1, 1],
        unit="judicators",
        target="chainrasps",
        answers={"cover": False, "engaged": False},
    )
    to_phase(state, "battleshock")
    with pytest.raises(RuleError, match="sinister:chainrasps"):
        act(state, "battleshock", [3])
