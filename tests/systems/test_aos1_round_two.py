"""Age of Sigmar 1st edition, round two (issue 27): the sheet's own scenery, Triumphs, battle
length and questions, each test citing its section of aos1-core.md (seeds 002, 003)."""

from __future__ import annotations

import copy

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


def test_aos1_s3_4_mystical_befuddles_on_a_1_and_ensorcels_on_2_to_6() -> None:
    """AoS1 §3.4 Mystical: in your hero phase a D6 for a unit within 3": on a 1 the Judicators
    are befuddled (no moving, shooting or casting until your next hero phase), on a 4 the
    Liberators are ensorcelled (failed wound rolls re-rolled); each unit rolls once a phase."""
    state = game(terrain=[{"name": "Standing Stones", "rule": "mystical"}])
    act(state, "mystical", [1], unit="judicators", answers={"mystical:judicators": True})
    act(state, "mystical", [4], unit="liberators", answers={"mystical:liberators": True})
    notes = " ".join(note_lines(state.notes))
    assert "Liberators rolled 4 and is ensorcelled" in notes
    with pytest.raises(RuleError, match="already rolled"):
        act(state, "mystical", [2], unit="liberators", answers={"mystical:liberators": True})
    with pytest.raises(RuleError, match=r"not within 3\""):
        act(state, "mystical", [2], unit="lord-celestant",
            answers={"mystical:lord-celestant": False})  # fmt: skip
    ensorcelled = [e for e in state.unit("liberators").effects if e.name == "Ensorcelled"]
    assert list(ensorcelled[0].effects) == [RerollRoll("wound", Reroll.FAILED)]
    to_phase(state, "movement")
    with pytest.raises(RuleError, match=r"befuddled.*AoS1 §3\.4"):
        act(state, "move", unit="judicators")
    act(state, "move", unit="liberators")
    to_phase(state, "shooting")
    with pytest.raises(RuleError, match="befuddled"):
        act(state, "shoot", unit="judicators", target="chainrasps", answers={"cover": False})


def test_aos1_s8_2_only_a_unit_within_3_inches_of_an_enemy_retreats() -> None:
    """AoS1 §8.2: a unit that starts its move within 3" of an enemy stays or retreats; no
    other unit retreats. At the start of the battle no enemy is that close: the movement menu
    offers no retreat, and one asked for is refused (after a charge it is offered again)."""
    from aos_cli.core.guide import options
    from aos_cli.core.legality import LEGALITY_REVISION

    state = game(rules_revision=LEGALITY_REVISION)
    to_phase(state, "movement")
    offered = {(o.kind, o.payload.get("unit")) for o in options(state)}
    assert ("move", "liberators") in offered
    assert not [k for k, _ in offered if k == "retreat"]
    with pytest.raises(RuleError, match=r"not within 3\""):
        act(state, "retreat", unit="liberators")


def test_aos1_s5_1_a_battle_may_go_on_past_round_six() -> None:
    """AoS1 §5.1: the sheet sets no battle length. Told nothing, the battle ends after the six
    rounds set up and says how to play on; answered "no", round seven begins."""
    state = game()
    for _ in range(200):
        if state.round == 6 and state.phase == "battleshock" and state.turn_in_round == 1:
            break
        act(state, "next", answers={"battle-over": False} if state.phase == "battleshock" else {})
        if state.phase == "priority":
            act(state, "priority", [4, 2], first=0)
    ended = copy.deepcopy(state)
    act(state, "next", answers={"battle-over": False})
    assert not state.ended and state.phase == "priority"
    act(ended, "next")
    assert ended.ended
    assert "`aos next --answer battle-over=no`" in " ".join(note_lines(ended.notes))
