"""Running or retreating bars shooting and charging (AoS2 §8.3, §8.4), unless an effect says the
unit "can run and still charge later in the same turn"."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from aos_cli.app.setup import build_setup
from aos_cli.app.start import bundled_armies
from aos_cli.core.ability_effects import ActAfterMoving
from aos_cli.core.actions import RecordedAnswers, apply_action
from aos_cli.core.dice import ScriptedDice
from aos_cli.core.errors import RuleError
from aos_cli.core.legality import check_charge, check_shoot
from aos_cli.core.state import AbilitySpec, ActiveEffect, GameState, UnitState
from aos_cli.core.turn import new_game


@pytest.fixture(scope="module")
def setup() -> dict[str, Any]:
    return build_setup(bundled_armies(), "first-blood")


@pytest.fixture
def game(setup: dict[str, Any]) -> GameState:
    state = new_game(setup)
    apply_action(state, "priority", {}, ScriptedDice([6, 1]), RecordedAnswers({}))
    return state


def given(unit: UnitState, *effects: ActAfterMoving) -> None:
    """The unit's warscroll has an always-on ability with these effects."""
    ability = AbilitySpec("swift", "Swift", "ability", effects=effects, usage="unlimited")
    unit.spec = replace(unit.spec, abilities=(*unit.spec.abilities, ability))


def test_aos2_s8_3_a_unit_that_ran_cannot_charge(game: GameState) -> None:
    game.phase = "charge"
    unit = game.unit("liberators")
    unit.ran = True
    with pytest.raises(RuleError, match="ran this turn"):
        check_charge(game, unit)


def test_aos2_s8_3_run_and_still_charge(game: GameState) -> None:
    """ "This unit can run and still charge later in the same turn"; it still cannot shoot."""
    unit = game.unit("judicators")
    given(unit, ActAfterMoving("run", "charge"))
    unit.ran = True
    game.phase = "charge"
    check_charge(game, unit)
    game.phase = "shooting"
    with pytest.raises(RuleError, match="ran this turn"):
        check_shoot(game, unit)


def test_aos2_s8_4_retreat_and_still_charge_is_not_run(game: GameState) -> None:
    unit = game.unit("liberators")
    given(unit, ActAfterMoving("retreat", "charge"))
    game.phase = "charge"
    unit.retreated = True
    check_charge(game, unit)
    unit.retreated, unit.ran = False, True
    with pytest.raises(RuleError, match="ran this turn"):
        check_charge(game, unit)


def test_aos2_s8_3_a_spell_in_force_lets_it_run_and_shoot(game: GameState) -> None:
    """ "Until your next hero phase, that unit can run and still shoot later in the same turn"."""
    unit = game.unit("judicators")
    unit.effects.append(
        ActiveEffect("Gift", (ActAfterMoving("run", "shoot"),), "your_next_hero", 0)
    )
    unit.ran = True
    game.phase = "shooting"
    check_shoot(game, unit)
