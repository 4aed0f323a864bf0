"""Run and charge rolls (AoS2 §8.4, §10, §7.2)."""

from __future__ import annotations

import pytest

from aos_cli.core.dice import ScriptedDice
from aos_cli.core.errors import InputError
from aos_cli.core.movement import charge_roll_needed, roll_charge, roll_run


@pytest.mark.parametrize(("gap", "needed"), [(8, 8), (8.5, 8), (3.2, 3), (0.4, 0), (12, 12)])
def test_aos2_s10_charge_ends_within_half_an_inch(gap: float, needed: int) -> None:
    """AoS2 §10: the first model must end within 1/2" of an enemy model."""
    assert charge_roll_needed(gap) == needed


def test_aos2_s10_charge_roll_is_2d6_plus_modifier() -> None:
    charge = roll_charge(ScriptedDice([3, 4]), distance=8, modifier=1)
    assert (charge.total, charge.succeeded, charge.rerolled) == (8, True, None)


def test_aos2_s7_2_forward_to_victory_rerolls_both_dice_of_a_short_charge() -> None:
    """AoS2 §7.2 + §2: a reroll of a 2D6 charge rerolls both dice."""
    charge = roll_charge(ScriptedDice([1, 2, 5, 4]), distance=8, reroll=True)
    assert charge.rerolled == (5, 4)
    assert charge.total == 9 and charge.succeeded


def test_a_charge_that_reaches_is_not_rerolled() -> None:
    charge = roll_charge(ScriptedDice([6, 4]), distance=8, reroll=True)
    assert charge.rerolled is None


def test_reroll_without_distance_is_a_usage_error() -> None:
    with pytest.raises(InputError, match="--distance"):
        roll_charge(ScriptedDice([]), reroll=True)


def test_aos2_s8_4_run_adds_a_d6_and_at_the_double_makes_it_6() -> None:
    """AoS2 §8.4 run roll; §7.2 At the Double treats it as a 6 without rolling."""
    assert roll_run(ScriptedDice([3]), modifier=2).total == 5
    assert roll_run(ScriptedDice([]), at_the_double=True).total == 6
