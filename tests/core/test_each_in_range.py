"""Abilities whose mortal wounds land on each enemy unit within range (AoS2 §21, §14.8)."""

from __future__ import annotations

from typing import Any

import pytest

from aos_cli.app.setup import build_setup
from aos_cli.app.start import bundled_armies
from aos_cli.core.ability_effects import build_effects
from aos_cli.core.actions import RecordedAnswers
from aos_cli.core.dice import ScriptedDice
from aos_cli.core.handlers.abilities import apply_effects
from aos_cli.core.state import GameState
from aos_cli.core.turn import new_game

NIGHTHAUNT = (
    "knight-of-shrouds",
    "guardian-of-souls",
    "spirit-torment",
    "chainrasps",
    "grimghast-reapers",
    "glaivewraiths",
    "spirit-hosts",
    "bladegheists",
)


@pytest.fixture(scope="module")
def setup() -> dict[str, Any]:
    return build_setup(bundled_armies(), "first-blood")


@pytest.fixture
def game(setup: dict[str, Any]) -> GameState:
    return new_game(setup)


def within(*near: str, reach: int = 1) -> RecordedAnswers:
    """The players' answers: only the units named are within `reach` of the Stardrake."""
    return RecordedAnswers({f"within-{reach}:{u}": u in near for u in NIGHTHAUNT})


def use(
    game: GameState, effects: list[dict[str, Any]], dice: list[int], answers: RecordedAnswers
) -> None:
    source = ScriptedDice(dice)
    built = build_effects(effects, "test")
    apply_effects(game, game.unit("stardrake"), "Storm Breath", built, None, source, answers)
    assert source.remaining == 0


ROLL_EACH = [
    {
        "type": "roll_then",
        "on": 2,
        "then": [
            {"type": "mortal_wounds", "amount": "D3", "target": "each_enemy_in_range", "range": 1}
        ],
    }
]


def test_a_roll_for_each_enemy_unit_within_range_wounds_that_unit(game: GameState) -> None:
    """AoS2 §21: "roll a dice for each enemy unit within 1" of this model. On a 2+, that unit
    suffers D3 mortal wounds": one die per enemy unit in range, the wounds on that unit (§14.8),
    none on the bearer or on units out of range."""
    # chainrasps roll 1: unharmed; spirit hosts roll 4, D3 = 3 (6), three ward dice of 1
    use(game, ROLL_EACH, [1, 4, 6, 1, 1, 1], within("chainrasps", "spirit-hosts"))
    assert game.unit("chainrasps").models == 20
    hosts = game.unit("spirit-hosts")
    assert (hosts.models, hosts.wounds_on_damaged) == (2, 0)
    assert game.unit("stardrake").wounds_on_damaged == 0
    assert game.unit("bladegheists").models == 10


def test_no_enemy_in_range_rolls_nothing(game: GameState) -> None:
    use(game, ROLL_EACH, [], within())
    assert all(u.models == u.spec.models for u in game.sides[1].units)
    assert "no enemy unit is close enough" in str(game.notes[-1])


def test_every_enemy_unit_in_range_suffers_without_a_roll(game: GameState) -> None:
    """AoS2 §14.8: "each enemy unit within 3" of this model suffers 1 mortal wound"."""
    effects = [
        {"type": "mortal_wounds", "amount": "1", "target": "each_enemy_in_range", "range": 3}
    ]
    use(game, effects, [1, 1], within("chainrasps", "bladegheists", reach=3))  # two ward dice
    assert game.unit("chainrasps").models == 19 and game.unit("bladegheists").models == 9
    assert game.unit("glaivewraiths").models == 4


def test_the_wounds_follow_the_keywords_of_each_unit(game: GameState) -> None:
    """ "D3 mortal wounds if it is a MONSTER, or D6 if it is not": each unit by its keywords."""
    effects = [
        {
            "type": "roll_then",
            "on": 2,
            "then": [
                {
                    "type": "if_keywords",
                    "keywords": ["MONSTER"],
                    "effects": [
                        {
                            "type": "mortal_wounds",
                            "amount": "D3",
                            "target": "each_enemy_in_range",
                            "range": 1,
                        }
                    ],
                    "otherwise": [
                        {
                            "type": "mortal_wounds",
                            "amount": "D6",
                            "target": "each_enemy_in_range",
                            "range": 1,
                        }
                    ],
                }
            ],
        }
    ]
    # chainrasps roll 5, D6 = 4: four ward dice of 1
    use(game, effects, [5, 4, 1, 1, 1, 1], within("chainrasps"))
    assert game.unit("chainrasps").models == 16


HEAL_IF_SLEW = [
    {
        "type": "conditional",
        "condition": "slew_this_phase",
        "effects": [{"type": "heal", "amount": "D3", "target": "self"}],
    }
]


@pytest.mark.parametrize(("slew", "left"), [(True, 1), (False, 4)])
def test_aos2_s14_12_heal_only_if_its_attacks_slew_enemy_models(
    game: GameState, slew: bool, left: int
) -> None:
    """ "At the end of the combat phase, if any enemy models were slain by wounds inflicted by
    this model's attacks in that phase, you can heal up to D3 wounds allocated to this model":
    the table is asked, and the heal (AoS2 §14.12) follows its answer."""
    game.unit("stardrake").wounds_on_damaged = 4
    dice = [5] if slew else []  # D3: a 5 is 3
    use(game, HEAL_IF_SLEW, dice, RecordedAnswers({"slew:stardrake": slew}))
    assert game.unit("stardrake").wounds_on_damaged == left
