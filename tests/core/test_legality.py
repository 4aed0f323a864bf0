"""One legality check per kind of action, shared by the rules and the menu (issue 13 item 4)."""

from __future__ import annotations

import pytest

from aos_cli.app.setup import build_setup
from aos_cli.app.start import bundled_armies
from aos_cli.core.actions import RecordedAnswers, apply_action
from aos_cli.core.dice import ScriptedDice
from aos_cli.core.errors import RuleError
from aos_cli.core.legality import may_be_engaged
from aos_cli.core.state import GameState
from aos_cli.core.turn import new_game


def _movement_phase() -> GameState:
    """The demo armies, Player One's first movement phase."""
    state = new_game(build_setup(bundled_armies(), "first-blood"))
    apply_action(state, "priority", {}, ScriptedDice([6, 1]), RecordedAnswers({"take-first": True}))
    apply_action(state, "next", {}, ScriptedDice([]), RecordedAnswers())
    assert state.phase == "movement" and state.active_side == 0
    return state


def test_aos2_s8_3_only_a_unit_within_3_inches_of_an_enemy_retreats() -> None:
    """AoS2 §8.3: retreating is for a unit that starts its move within 3" of an enemy; at the
    start of the battle nobody is (set up more than 9" apart), so `aos retreat` is refused,
    unless the players say an enemy did come that close."""
    state = _movement_phase()
    with pytest.raises(RuleError, match="moves or runs instead of retreating"):
        apply_action(state, "retreat", {"unit": "liberators"}, ScriptedDice([]), RecordedAnswers())
    apply_action(
        state, "retreat", {"unit": "liberators"}, ScriptedDice([]),
        RecordedAnswers({"engaged": True}),
    )  # fmt: skip
    assert state.unit("liberators").retreated


def test_aos2_s10_s11_a_charge_or_a_pile_in_brings_units_within_3_inches() -> None:
    """AoS2 §8.2, §10, §11: only a charge move (or a pile-in) ends within 3" of an enemy, so
    after a successful charge the charger and every enemy unit may be engaged; a normal move
    never ends that close, so a unit that moved is not."""
    state = _movement_phase()
    assert not may_be_engaged(state, state.unit("liberators"))
    apply_action(state, "next", {}, ScriptedDice([]), RecordedAnswers())
    apply_action(state, "next", {}, ScriptedDice([]), RecordedAnswers())
    assert state.phase == "charge"
    apply_action(
        state, "charge", {"unit": "liberators"}, ScriptedDice([6, 6]),
        RecordedAnswers({"within-12": True, "distance": 5}),
    )  # fmt: skip
    assert may_be_engaged(state, state.unit("liberators"))
    assert all(may_be_engaged(state, u) for u in state.sides[1].units)
    assert not may_be_engaged(state, state.unit("judicators"))
