"""The battleshock test (AoS2 §12)."""

from __future__ import annotations

import pytest

from aos_cli.core.battleshock import battleshock_test, modified_bravery
from aos_cli.core.dice import ScriptedDice
from aos_cli.core.errors import InputError


def test_aos2_s12_plus_one_bravery_per_ten_models() -> None:
    assert modified_bravery(6, 9) == 6
    assert modified_bravery(6, 10) == 7
    assert modified_bravery(6, 25, -1) == 7


def test_aos2_s12_one_model_flees_per_point_over_bravery() -> None:
    """D6 4 + 5 slain = 9 against Bravery 6 (+1 for 12 models) = 7: 2 flee."""
    test = battleshock_test(ScriptedDice([4]), bravery=6, slain=5, models=12)
    assert (test.roll, test.bravery, test.fled, test.passed) == (9, 7, 2, False)


def test_aos2_s12_equal_to_bravery_passes() -> None:
    test = battleshock_test(ScriptedDice([3]), bravery=6, slain=3, models=5)
    assert test.passed and test.fled == 0


def test_fleeing_never_exceeds_the_models_left() -> None:
    test = battleshock_test(ScriptedDice([6]), bravery=1, slain=9, models=2)
    assert test.fled == 2


def test_bad_battleshock_inputs() -> None:
    with pytest.raises(InputError, match="--bravery"):
        battleshock_test(ScriptedDice([1]), bravery=0, slain=1, models=1)
