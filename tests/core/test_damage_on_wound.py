"""A wound roll that gives the attack another Damage: "if the unmodified wound roll for an
attack made with a Dracoth's Claws and Fangs is 6, that attack has a Damage characteristic of
D6 instead of 1" (AoS2 §14.4 step 4: random Damage rolled for each successful attack)."""

from __future__ import annotations

import pytest

from aos_cli.core.attack import Attack, WeaponProfile, resolve_weapon
from aos_cli.core.dice import IMPOSSIBLE, ScriptedDice, parse_dice
from aos_cli.core.effects import DamageOnWound, TargetInfo, compile_effects
from aos_cli.core.odds import mean_damage

CLAWS = Attack(
    WeaponProfile(parse_dice("3"), 3, 3, 0, parse_dice("1"), 1),
    compile_effects([DamageOnWound(6, parse_dice("D6"))]),
)


def test_aos2_s14_4_a_wound_roll_of_6_rolls_d6_damage_the_others_keep_1() -> None:
    # hits 3 4 5; wounds 6 3 2 (2 fails); no save; Damage: D6 = 5 for the 6, 1 for the 3
    source = ScriptedDice([3, 4, 5, 6, 3, 2, 5])
    result = resolve_weapon(CLAWS, TargetInfo(IMPOSSIBLE), source)
    assert source.remaining == 0
    assert (result.wounds, result.damage, result.damage_rolls) == (2, 6, (5, 1))


def test_aos2_s14_4_the_odds_count_d6_on_a_wound_roll_of_6() -> None:
    """By hand: per attack P(hit) 4/6; a wound roll of 6 (1/6) does 3.5, of 3-5 (3/6) does 1:
    3 x 4/6 x (3.5/6 + 3/6) = 2.1666..."""
    assert mean_damage([CLAWS], TargetInfo(IMPOSSIBLE)) == pytest.approx(3 * 4 / 6 * (6.5 / 6))
