"""Casting and unbinding (AoS2 §15)."""

from __future__ import annotations

import pytest

from aos_cli.core.dice import ScriptedDice
from aos_cli.core.errors import InputError
from aos_cli.core.magic import roll_cast


def test_aos2_s15_cast_on_2d6_at_least_the_casting_value() -> None:
    assert roll_cast(ScriptedDice([3, 4]), value=7).cast
    assert not roll_cast(ScriptedDice([3, 3]), value=7).cast


def test_aos2_s15_unbind_must_beat_the_casting_roll() -> None:
    """An unbind equal to the casting roll fails; one higher succeeds."""
    tied = roll_cast(ScriptedDice([4, 4, 5, 3]), value=7, unbind=True)
    assert tied.cast and not tied.unbound and tied.succeeded
    beaten = roll_cast(ScriptedDice([4, 4, 5, 4]), value=7, unbind=True)
    assert beaten.unbound and not beaten.succeeded


def test_no_unbind_roll_after_a_failed_cast() -> None:
    source = ScriptedDice([1, 2])
    result = roll_cast(source, value=7, unbind=True)
    assert result.unbind_dice is None and source.remaining == 0


def test_modifiers_on_either_roll() -> None:
    result = roll_cast(
        ScriptedDice([3, 3, 4, 4]), value=7, modifier=1, unbind=True, unbind_modifier=-1
    )
    assert (result.total, result.unbind_total, result.unbound) == (7, 7, False)


def test_bad_casting_value() -> None:
    with pytest.raises(InputError, match="--value"):
        roll_cast(ScriptedDice([]), value=1)
