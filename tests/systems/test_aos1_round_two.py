"""Age of Sigmar 1st edition, round two (issue 27): the sheet's own scenery, Triumphs, battle
length and questions, each test citing its section of aos1-core.md (seeds 002, 003)."""

from __future__ import annotations

import pytest

from aos_cli.core.actions import RecordedAnswers, apply_action
from aos_cli.core.dice import Reroll, SeededDice
from aos_cli.core.effects import RerollRoll, RollModifier
from aos_cli.core.errors import RuleError
from aos_cli.core.state import GameState
from aos_cli.core.turn import new_game
from aos_cli.views.events import note_lines
from tests.systems.harness import act, snapshot, to_phase

ARMIES = "aos1_armies.yaml"


def game(**overrides: object) -> GameState:
    state = new_game(snapshot(ARMIES, **overrides))
    act(state, "priority", first=0)
    return state


def test_aos1_s3_4_damned_is_3_inches_and_plus_one_to_hit() -> None:
    """AoS1 §3.4 Damned: a unit within 3" sacrifices: D3 mortal wounds and +1 to all its hit
    rolls until your next hero phase (AoS2: 1" and a reroll of 1s); only the 1st edition's
    reminder is shown."""
    state = game(terrain=[{"name": "Altar", "rule": "damned"}])
    notes = " ".join(note_lines(state.notes))
    assert "AoS1 §3.4" in notes and 'within 1"' not in notes
    with pytest.raises(RuleError) as asked:
        act(state, "sacrifice", unit="liberators")
    assert 'within 3"' in str(asked.value)
    act(state, "sacrifice", [2], unit="liberators", answers={"damned": True})
    effect = state.unit("liberators").effects[-1]
    assert list(effect.effects) == [RollModifier("hit", 1)]
    assert "adds 1 to all its hit rolls" in " ".join(note_lines(state.notes))


def test_aos1_s5_3_inspired_rerolls_failed_hits_in_one_combat_phase() -> None:
    """AoS1 §5.3: Inspired (3-4) is declared for one unit in one combat phase (--triumph); it
    rerolls that unit's failed hit rolls."""
    state = new_game(snapshot(ARMIES))
    act(state, "triumph", [3], side="Stormcast")
    assert state.sides[0].triumph is not None
    act(state, "priority", first=0)
    to_phase(state, "shooting")
    with pytest.raises(RuleError, match="combat phase"):
        act(state, "shoot", unit="judicators", target="chainrasps", triumph=True,
            answers={"cover": False})  # fmt: skip
    to_phase(state, "combat")
    apply_action(state, "fight", {"unit": "liberators", "target": "chainrasps", "triumph": True},
                 SeededDice(1), RecordedAnswers({"engaged": True, "cover": False}))  # fmt: skip
    inspired = [e for e in state.unit("liberators").effects if e.name == "Inspired"]
    assert inspired and list(inspired[0].effects) == [RerollRoll("hit", Reroll.FAILED)]
    assert state.sides[0].triumph_used


def test_aos1_s5_1_the_players_say_when_the_battle_ends() -> None:
    """AoS1 §5.1: the sheet sets no battle length; as a round ends the players are asked."""
    state = game()
    to_phase(state, "battleshock")
    act(state, "next")
    to_phase(state, "battleshock")
    act(state, "next", answers={"battle-over": True})
    assert state.ended and state.round == 1


def test_aos1_s11_7_cover_question_has_no_wholly_and_there_are_no_garrisons() -> None:
    """AoS1 §11.7: all models "within or on" a terrain feature (no "wholly", AoS2 §14.9); the
    sheet has no garrisons (AoS2 §4.5), so none is asked even of a feature marked for one."""
    state = game(terrain=[{"name": "Tower", "rule": "none", "garrison": True}])
    to_phase(state, "shooting")
    with pytest.raises(RuleError) as asked:
        act(state, "shoot", unit="judicators", target="chainrasps")
    assert "within or on a terrain feature" in str(asked.value)
    assert "wholly" not in str(asked.value) and "garrison" not in str(asked.value)
