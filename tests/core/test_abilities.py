"""Warscroll abilities applied from their structured effects in a game (AoS2 §21)."""

from __future__ import annotations

from typing import Any

import pytest

from aos_cli.app.setup import build_setup
from aos_cli.app.start import bundled_armies
from aos_cli.core.actions import RecordedAnswers, apply_action
from aos_cli.core.dice import ScriptedDice
from aos_cli.core.effects import HealOnSave, RollModifier
from aos_cli.core.errors import RuleError
from aos_cli.core.state import GameState
from aos_cli.core.turn import new_game

IN_RANGE = {"target-in-range": True}
"""The players' answer that the target picked is within the ability's range."""


@pytest.fixture(scope="module")
def setup() -> dict[str, Any]:
    return build_setup(bundled_armies(), "first-blood")


def act(state: GameState, kind: str, dice: list[int] | None = None, **payload: Any) -> None:
    source = ScriptedDice(dice or [])
    apply_action(state, kind, payload, source, RecordedAnswers(payload.pop("answers", {})))
    assert source.remaining == 0, f"{kind} left dice unused"


def finish_turn(state: GameState, shock: list[int]) -> None:
    """Go through the rest of the turn, taking any battleshock test with the given dice."""
    turn = (state.round, state.turn_in_round)
    while (state.round, state.turn_in_round) == turn and state.phase != "priority":
        if (
            state.phase == "battleshock"
            and state.units()
            and any(
                u.slain_this_turn and not u.battleshock_tested for u in state.units() if u.alive
            )
        ):
            act(state, "battleshock", shock)
        act(state, "next")


@pytest.fixture
def game(setup: dict[str, Any]) -> GameState:
    """Round one, the Stormcast player's hero phase."""
    state = new_game(setup)
    act(state, "priority", [6, 1])
    return state


def test_lightning_storm_rolls_then_wounds_and_lasts(game: GameState) -> None:
    """Lightning Storm: on a 3+ D3 mortal wounds and -1 to hit until your next hero phase."""
    act(
        game,
        "ability",
        [4, 6, 1, 1, 1],  # the 3 mortal wounds' Deathless Spirits ward dice (Nighthaunt)
        unit="lord-relictor",
        ability="lightning-storm",
        target="chainrasps",
        answers=IN_RANGE,
    )
    chainrasps = game.unit("chainrasps")
    assert chainrasps.models == 17
    assert [e.name for e in chainrasps.effects] == ["Lightning Storm"]
    finish_turn(game, [1])  # battleshock: 1 + 3 slain against Bravery 7 passes
    assert game.active_side == 1 and chainrasps.effects  # still -1 to hit in the enemy turn
    finish_turn(game, [])
    # Battle round over; in the Stormcast's next hero phase the storm clears.
    act(game, "priority", [6, 1])
    assert chainrasps.effects == []


def test_a_failed_prayer_does_nothing(game: GameState) -> None:
    act(game, "ability", [2], unit="lord-relictor", ability="lightning-storm", target="chainrasps",
        answers=IN_RANGE)  # fmt: skip
    assert game.unit("chainrasps").models == 20 and not game.unit("chainrasps").effects


def test_warding_lantern_adds_one_to_saves(game: GameState) -> None:
    act(game, "ability", unit="lord-castellant", ability="warding", target="liberators",
        answers=IN_RANGE)  # fmt: skip
    assert [e.effects for e in game.unit("liberators").effects] == [
        (RollModifier("save", 1), HealOnSave(7))
    ]


def test_aos2_s21_abilities_only_in_their_own_turn_and_once_per_turn(game: GameState) -> None:
    act(game, "ability", [1], unit="lord-relictor", ability="lightning-storm", target="chainrasps",
        answers=IN_RANGE)  # fmt: skip
    with pytest.raises(RuleError, match="already used"):
        act(
            game,
            "ability",
            [5],
            unit="lord-relictor",
            ability="lightning-storm",
            target="chainrasps",
            answers=IN_RANGE,
        )
    for _ in range(6):
        act(game, "next")
    with pytest.raises(RuleError, match="your own turn"):
        act(game, "ability", unit="lord-relictor", ability="healing-storm")
