"""The events of the turn, movement, magic, command and correction actions (issue 25 item 4):
each kind's fields from a seeded action, its round trip through stored data, and its
sentences as the views tell them (the ones the game printed before the rules returned events).
"""

from __future__ import annotations

from typing import Any

import pytest

from aos_cli.core.errors import InputError
from aos_cli.core.events import (
    Adjusted,
    Arrived,
    BattleshockTested,
    Charged,
    CommandPointGained,
    CommandUsed,
    EffectEnded,
    Event,
    Healed,
    Moved,
    NoTestsDue,
    Passed,
    PhaseBegun,
    PriorityRolled,
    Ran,
    Retreated,
    RoundBegun,
    RoundOver,
    SpellAttempted,
    SpellUnbound,
    TurnBegun,
    event_from_data,
)
from aos_cli.core.state import GameState
from aos_cli.core.turn import new_game
from aos_cli.language.i18n import set_language
from aos_cli.views.events import event_lines, note_lines
from tests.core.test_actions import act, setup, to_phase


@pytest.fixture
def game() -> GameState:
    """Round one, Stormcast (side 0) won priority and goes first; hero phase."""
    state = new_game(setup())
    act(state, "priority", [5, 2])
    return state


def only(state: GameState, cls: type[Event]) -> Any:
    """The one event of a kind the last action returned, after a round trip through its
    stored data."""
    found = [e for e in state.events if isinstance(e, cls)]
    assert len(found) == 1, state.events
    assert event_from_data(found[0].to_data()) == found[0]
    return found[0]


def told(state: GameState) -> list[str]:
    """The last action's notes as the player reads them."""
    return note_lines(state.notes)


def test_aos2_s6_priority_gives_both_dice_and_who_chose() -> None:
    """AoS2 §6: a roll-off; the winner chooses who takes the first turn."""
    state = new_game(setup())
    act(state, "priority", [5, 2])
    rolled = only(state, PriorityRolled)
    assert rolled == PriorityRolled(1, ("Stormcast", "Nighthaunt"), (5, 2), False, 0, "Stormcast")
    begun = only(state, RoundBegun)
    assert (begun.round, begun.side, begun.side_name) == (1, 0, "Stormcast")
    assert told(state)[:2] == [
        "Priority: Stormcast 5, Nighthaunt 2; Stormcast chooses.",
        "Battle round 1: Stormcast takes the first turn.",
    ]
    assert only(state, PhaseBegun) == PhaseBegun(1, 0, "Stormcast", "hero")


def test_aos2_s6_a_priority_tie_says_the_earlier_first_player_decides() -> None:
    state = new_game(setup())
    act(state, "priority", [3, 3], first=None)
    rolled = only(state, PriorityRolled)
    assert rolled.tie and rolled.rolls == (3, 3) and rolled.decider == 0
    assert "(a tie: the earlier first player decides)" in told(state)[0]


def test_aos2_s6_the_turn_and_round_changes_are_events(game: GameState) -> None:
    """AoS2 §6, §7.1: the second turn, its command point, the round's end."""
    to_phase(game, "battleshock")
    act(game, "next")
    assert only(game, TurnBegun) == TurnBegun(1, 1, "Nighthaunt")
    assert only(game, PhaseBegun) == PhaseBegun(1, 1, "Nighthaunt", "hero")
    gained = only(game, CommandPointGained)
    assert (gained.side_name, gained.points, gained.total) == ("Nighthaunt", 1, 1)
    assert "Turn of Nighthaunt." in told(game)
    assert "Nighthaunt gains 1 command point (1)." in told(game)
    to_phase(game, "battleshock")
    act(game, "next")
    assert only(game, RoundOver) == RoundOver(1, ended=False)
    assert told(game)[-1] == "Battle round 1 is over; roll priority with `aos priority`."


def test_aos2_s8_move_retreat_and_run_are_events(game: GameState) -> None:
    """AoS2 §8.2-§8.4: a move gives the unit's Move; a run its die and the inches added."""
    to_phase(game, "movement")
    act(game, "move", unit="liberators")
    assert only(game, Moved) == Moved("liberators", "Liberators", 0, "5")
    assert told(game) == ['Liberators moves (Move 5").']
    act(game, "retreat", unit="judicators")
    assert only(game, Retreated) == Retreated("judicators", "Judicators", 0)
    assert told(game) == ["Judicators retreats: it cannot shoot or charge this turn."]
    act(game, "run", [4], unit="lord-relictor")
    ran = only(game, Ran)
    assert (ran.die, ran.roll, ran.at_the_double, ran.modifier) == (4, 4, False, 0)
    assert told(game) == ['Lord-Relictor runs: +4" (it cannot shoot or charge this turn).']


def test_aos2_s7_2_at_the_double_spends_a_command_point(game: GameState) -> None:
    to_phase(game, "movement")
    act(game, "run", [], unit="liberators", at_the_double=True, answers={"in-command-range": True})
    ran = only(game, Ran)
    assert ran.at_the_double and ran.die == 6 and ran.roll == 6
    assert only(game, CommandUsed) == CommandUsed(0, "Stormcast", "At the Double", 1, 1)
    assert "+6" in told(game)[-1]


def test_aos2_s10_a_charge_gives_its_dice_reroll_distance_and_need(game: GameState) -> None:
    """AoS2 §10: 2D6 against the distance less 1/2"; Forward to Victory re-rolls it (§7.2)."""
    to_phase(game, "charge")
    answers = {"engaged": False, "within-12": True, "distance": 8, "in-command-range": True}
    act(game, "charge", [2, 3, 4, 4], unit="liberators", reroll=True, answers=answers)
    charged = only(game, Charged)
    assert charged == Charged(
        "liberators", "Liberators", 0, 8.0, (4, 4), 5, "Forward to Victory", 0, (), 8, 8, True
    )
    assert only(game, CommandUsed).command == "Forward to Victory"
    assert told(game) == [
        "Forward to Victory: the charge roll of 5 is rerolled: 8.",
        "Liberators charges: rolled 8, needed 8.",
    ]


def test_aos2_s10_a_failed_charge(game: GameState) -> None:
    to_phase(game, "charge")
    answers = {"engaged": False, "within-12": True, "distance": 9}
    act(game, "charge", [1, 2], unit="liberators", answers=answers)
    charged = only(game, Charged)
    assert not charged.charged and charged.dice == (1, 2) and charged.rerolled_from == 0
    assert told(game) == ["Liberators fails to charge: rolled 3, needed 9."]


def test_aos2_s15_a_spell_cast_and_its_unbinding_are_events(game: GameState) -> None:
    """AoS2 §15: 2D6 against the casting value; an unbinding roll must beat the casting roll."""
    for _ in range(6):
        act(game, "next")  # to Nighthaunt's hero phase
    act(game, "cast", [4, 3], wizard="guardian", spell="Arcane Bolt", target="liberators",
        answers={"target-in-range": True})  # fmt: skip
    attempt = only(game, SpellAttempted)
    assert (attempt.unit, attempt.spell, attempt.dice, attempt.total, attempt.value) == (
        "guardian-of-souls", "Arcane Bolt", (4, 3), 7, 5
    )  # fmt: skip
    assert attempt.cast
    assert told(game)[0] == "Guardian of Souls casts Arcane Bolt with 7."


def test_aos2_s15_a_failed_cast(game: GameState) -> None:
    for _ in range(6):
        act(game, "next")
    act(game, "cast", [1, 2], wizard="guardian", spell="Arcane Bolt", target="liberators",
        answers={"target-in-range": True})  # fmt: skip
    assert not only(game, SpellAttempted).cast
    assert told(game) == ["Guardian of Souls fails to cast Arcane Bolt: 3 against 5."]


def test_unbound_is_read_back_bounded() -> None:
    unbound = SpellUnbound("a", "A", 0, "Arcane Bolt", (6, 5), 0, 11, 7, True)
    assert event_from_data(unbound.to_data()) == unbound
    assert event_lines(unbound) == []  # the system words it: its note stays beside it


def test_heal_and_adjust_are_events(game: GameState) -> None:
    """AoS2 §14.12: healing removes allocated wounds only; a correction gives its reason."""
    relictor = game.unit("lord-relictor")
    relictor.wounds_on_damaged = 2
    act(game, "heal", unit="lord-relictor", amount=3)
    assert only(game, Healed) == Healed("lord-relictor", "Lord-Relictor", 0, 3, 2)
    assert told(game) == ["Lord-Relictor heals 2 wounds."]
    act(game, "adjust", unit="chainrasps", models=-3, reason="fled off the table")
    adjusted = only(game, Adjusted)
    assert (adjusted.models, adjusted.wounds, adjusted.reason) == (-3, 0, "fled off the table")
    assert told(game)[-1] == "Chainrasp Horde adjusted (fled off the table)."


def test_aos2_s26_1_arriving_from_reserve(game: GameState) -> None:
    """AoS2 §26.1 Scions of the Storm: a unit in the Celestial Realm arrives on a 3+."""
    to_phase(game, "movement")
    game.unit("liberators").in_reserve = True
    act(game, "arrive", [2], unit="liberators")
    assert only(game, Arrived) == Arrived("liberators", "Liberators", 0, "roll", 2, 3, False)
    assert told(game) == ["Liberators does not arrive (rolled 2); roll again next turn."]


def test_an_effect_ending_is_an_event() -> None:
    state = new_game(setup())
    ended = EffectEnded("liberators", "Liberators", "Mystic Shield")
    assert event_lines(ended) == ["Mystic Shield on Liberators ends."]
    assert event_from_data(ended.to_data()) == ended
    assert state.events == []


def test_events_are_told_in_the_chosen_language() -> None:
    """The same stored event reads in Hungarian: the view speaks, not the rules."""
    rolled = PriorityRolled(1, ("Stormcast", "Nighthaunt"), (5, 2), False, 0, "Stormcast")
    english = event_lines(rolled)
    set_language("hu")
    assert event_lines(event_from_data(rolled.to_data())) != english


@pytest.mark.parametrize(
    "change",
    [{"dice": [1] * 5000}, {"modifiers": ["x" * 500]}, {"modifiers": "Wildform"},
     {"distance": float("nan")}, {"distance": True}, {"charged": 1}],
)  # fmt: skip
def test_a_charge_edited_by_hand_is_refused_cleanly(change: dict[str, object]) -> None:
    charged = Charged("a", "A", 0, 8.0, (4, 4), 0, "", 0, (), 8, 8, True)
    with pytest.raises(InputError):
        event_from_data({**charged.to_data(), **change})


def test_aos2_s11_passing_and_both_passes_are_events(game: GameState) -> None:
    """AoS2 §11: a player with no eligible unit passes; two passes end the fighting."""
    to_phase(game, "combat")
    act(game, "pass", answers={"none-eligible": True})
    assert only(game, Passed) == Passed(0, "Stormcast", 1, False)
    assert told(game) == ["Stormcast passes."]
    act(game, "pass", answers={"none-eligible": True})
    assert only(game, Passed).over
    assert told(game) == [
        "Nighthaunt passes.",
        "Both players passed: the fighting is over; `aos next`.",
    ]


def test_aos2_s12_battleshock_tests_are_told_from_their_events(game: GameState) -> None:
    """AoS2 §12: D6 + models slain this turn against Bravery; each point over flees."""
    to_phase(game, "battleshock")
    act(game, "battleshock")
    assert only(game, NoTestsDue) == NoTestsDue(1, "battleshock")
    assert told(game) == ["No battleshock tests are due."]
    game.unit("chainrasps").slain_this_turn = 3
    game.unit("chainrasps").models -= 3
    act(game, "battleshock", [6])
    tested = only(game, BattleshockTested)
    assert (tested.die, tested.slain, tested.roll, tested.passed) == (6, 3, 9, False)
    assert told(game)[-1] == (
        f"Chainrasp Horde: rolled 6 + 3 = 9 against Bravery {tested.bravery}, "
        f"fails: {tested.fled} flee{'s' if tested.fled == 1 else ''}."
    )
