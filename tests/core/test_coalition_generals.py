"""Age of Sigmar 2nd edition by the book (issue 26): a coalition's generals and warlord, and
"general slain" scoring of a general chosen mid-battle (seed 000 p.3, p.12)."""

from __future__ import annotations

import pytest

from aos_cli.app.setup_steps import put_in_coalitions
from aos_cli.core.actions import RecordedAnswers, apply_action
from aos_cli.core.casualties import inflict
from aos_cli.core.dice import ScriptedDice
from aos_cli.core.errors import RuleError
from aos_cli.core.guards import commands_as_general
from aos_cli.core.legality import COALITION_REVISION
from aos_cli.core.state import GameState
from aos_cli.core.turn import new_game
from tests.core.test_coalition_by_the_book import CONTINGENTS, moonlight
from tests.core.test_scoring import act, coalition


def in_battle(revision: int = COALITION_REVISION) -> GameState:
    """The golden coalitions (Ana and Cy against Ben and Dee) in Order's first hero phase."""
    state = new_game(coalition(rules_revision=revision))
    act(state, "priority", [6, 1])
    return state


def slay(state: GameState, unit_id: str) -> None:
    """Order's attack slays every model of the unit."""
    unit = state.unit(unit_id)
    inflict(state, unit, unit.models * unit.spec.wounds, slain_by=0)


def test_aos2_p12_a_general_chosen_mid_battle_scores_when_slain() -> None:
    """p.12 (Coalition of Death VP): "1 victory point is scored if a coalition slays an enemy
    general"; a slain general is replaced (p.3), and the replacement is then the general, so
    slaying it scores as well (it did not: only units set up as generals counted)."""
    state = in_battle()
    slay(state, "dee-lord")
    assert state.sides[0].victory_points == 1
    successor = state.unit("chainrasps")
    assert successor.general  # Dee's own unit takes the place, not Ben's Terrorgheist
    slay(state, "chainrasps")
    assert state.sides[0].victory_points == 2
    assert "an enemy general" in str(state.ledger[-1].reason)


def test_aos2_p12_the_warlords_replacement_general_is_still_the_warlords_general() -> None:
    """p.12: "1 additional victory point ... if the general was the enemy warlord's general":
    the warlord's army's general, set up or chosen later."""
    state = in_battle()
    slay(state, "ben-lord")
    assert state.sides[0].victory_points == 2
    assert state.unit("terrorgheist").general
    slay(state, "terrorgheist")  # Wounds 14: 1, a general: 1, the warlord's: 1
    assert state.sides[0].victory_points == 5


def test_aos2_p12_games_set_up_earlier_score_as_they_were_played() -> None:
    """Before `COALITION_REVISION` only the units set up as generals scored."""
    state = in_battle(revision=1)
    slay(state, "ben-lord")
    slay(state, "terrorgheist")
    assert state.sides[0].victory_points == 3


def test_aos2_p12_each_coalition_player_keeps_their_own_general() -> None:
    """p.12: each army of a coalition has its general and the warlord's is one of them; a
    slain general is replaced from the same player's army (p.3), and one player cannot pick
    a new general while theirs lives."""
    state = in_battle()
    slay(state, "dee-lord")
    assert state.unit("ben-lord").general and state.unit("chainrasps").general
    with pytest.raises(RuleError, match="Ben's general is alive"):
        act(state, "general", unit="terrorgheist")
    assert state.unit("ben-lord").general
    act(state, "general", unit="chainrasps")  # Dee picks again: only among her units
    assert state.unit("ben-lord").general and state.unit("chainrasps").general


def test_aos2_p12_each_players_general_commands_and_the_warlord_chooses() -> None:
    """p.12: the coalition's players each have a general, who uses the command abilities a
    general may; the warlord chooses for the coalition (who takes the first turn)."""
    setup = moonlight(*CONTINGENTS)
    put_in_coalitions(
        setup,
        ["Ana=stardrake,lord-relictor,lord-castellant,knight-incantor",
         "Cy=liberators,judicators,retributors,prosecutors"],
        ["judicators"],
        ["Cy"],
    )  # fmt: skip
    state = new_game(setup)
    assert state.sides[0].warlord == "Cy" and state.sides[1].warlord is None
    assert commands_as_general(state, state.unit("stardrake"))
    assert commands_as_general(state, state.unit("judicators"))
    assert not commands_as_general(state, state.unit("liberators"))
    with pytest.raises(RuleError) as asked:
        apply_action(state, "priority", {"ask": True}, ScriptedDice([6, 1]), RecordedAnswers({}))
    assert "Player One's warlord, Cy, chooses" in str(asked.value)
