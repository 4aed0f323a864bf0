"""Modifiers and rerolls the target holds for the attacks that target it (AoS2 §2, §14.4):
"subtract 1 from hit rolls for attacks that target this model"."""

from __future__ import annotations

from typing import Any

import pytest

from aos_cli.app.setup import build_setup
from aos_cli.app.start import bundled_armies
from aos_cli.core.actions import RecordedAnswers
from aos_cli.core.dice import Reroll
from aos_cli.core.effects import Effect, TargetedModifier, TargetedReroll
from aos_cli.core.state import ActiveEffect, GameState
from aos_cli.core.turn import new_game
from aos_cli.core.unit_attacks import unit_attacks


@pytest.fixture(scope="module")
def setup() -> dict[str, Any]:
    return build_setup(bundled_armies(), "first-blood")


@pytest.fixture
def game(setup: dict[str, Any]) -> GameState:
    return new_game(setup)


def rules_by_kind(game: GameState, attacker: str, target: str, *effects: Effect) -> dict[str, Any]:
    """The compiled rules of each of the attacker's weapons against a target holding `effects`."""
    holder = game.unit(target)
    holder.effects.append(ActiveEffect("Test", effects, "battle", holder.side))
    unit = game.unit(attacker)
    found = unit_attacks(game, unit, holder, unit.spec.weapons, RecordedAnswers({}), None)
    return {a.use.weapon.kind: a.attack.rules for a in found if not a.use.champion}


def test_aos2_s2_the_target_subtracts_one_from_hit_rolls_against_it(game: GameState) -> None:
    rules = rules_by_kind(game, "judicators", "chainrasps", TargetedModifier("hit", -1))
    assert {kind: r.hit_mod for kind, r in rules.items()} == {"missile": -1, "melee": -1}


def test_aos2_s2_only_attacks_with_the_weapons_it_names(game: GameState) -> None:
    """ "Attacks made with melee weapons that target this model": missile attacks unchanged."""
    rules = rules_by_kind(game, "judicators", "chainrasps", TargetedModifier("hit", -1, "melee"))
    assert {kind: r.hit_mod for kind, r in rules.items()} == {"missile": 0, "melee": -1}


def test_aos2_s2_a_marked_unit_is_easier_to_hit_and_its_own_attacks_are_not(
    game: GameState,
) -> None:
    """ "Re-roll hit rolls of 1 for attacks that target that unit": the attackers' rerolls, not
    the marked unit's own."""
    mark = TargetedReroll("hit", Reroll.ONES)
    rules = rules_by_kind(game, "judicators", "chainrasps", mark)
    assert {r.reroll_hit for r in rules.values()} == {Reroll.ONES}
    own = unit_attacks(
        game,
        game.unit("chainrasps"),
        game.unit("judicators"),
        game.unit("chainrasps").spec.weapons,
        RecordedAnswers(
            {
                "in-aura:guardian-of-souls:nightmare-lantern": False,
                "in-aura:spirit-torment:nagash-s-bidding": False,
            }
        ),
        None,
    )
    assert {a.attack.rules.reroll_hit for a in own} == {None}
