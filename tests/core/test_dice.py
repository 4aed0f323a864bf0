"""Dice expressions, thresholds, sources, rerolls and roll-offs (AoS2 §2)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from aos_cli.core.dice import (
    IMPOSSIBLE,
    DiceExpr,
    Die,
    OutOfDice,
    RecordingDice,
    Reroll,
    ScriptedDice,
    SeededDice,
    d3_from_d6,
    format_threshold,
    parse_dice,
    parse_reroll,
    parse_threshold,
    parse_typed_dice,
    roll_off,
    roll_with_reroll,
)
from aos_cli.core.errors import InputError


def test_aos2_s2_d3_is_a_d6_halved_rounded_up() -> None:
    """AoS2 §2: 1-2 → 1, 3-4 → 2, 5-6 → 3."""
    assert [d3_from_d6(v) for v in range(1, 7)] == [1, 1, 2, 2, 3, 3]


@pytest.mark.parametrize(
    ("text", "canonical", "low", "high"),
    [
        ("D6", "D6", 1, 6),
        ("d3", "D3", 1, 3),
        ("2D6", "2D6", 2, 12),
        ("3D6", "3D6", 3, 18),
        ("D6+1", "D6+1", 2, 7),
        ("2D6-1", "2D6-1", 1, 11),
        ("D3+D6", "D3+D6", 2, 9),
        ("4", "4", 4, 4),
        (" D3 + 1 ", "D3+1", 2, 4),
    ],
)
def test_parse_dice_expressions(text: str, canonical: str, low: int, high: int) -> None:
    expr = parse_dice(text)
    assert str(expr) == canonical
    assert (expr.minimum, expr.maximum) == (low, high)


@pytest.mark.parametrize(
    "text", ["", "D7", "D7x", "x", "2D", "D6++1", "+D6", "-D6", "D6-D3", "0D6"]
)
def test_parse_dice_rejects_malformed(text: str) -> None:
    with pytest.raises(InputError):
        parse_dice(text, what="--damage")


def test_exact_distribution_2d6_at_least_7_is_21_over_36() -> None:
    """The rulebook's favourite: P(2D6 >= 7) = 21/36."""
    dist = parse_dice("2D6").distribution()
    assert sum(p for v, p in dist.items() if v >= 7) == Fraction(21, 36)


def test_d3_distribution_is_uniform() -> None:
    assert parse_dice("D3").distribution() == {
        1: Fraction(1, 3),
        2: Fraction(1, 3),
        3: Fraction(1, 3),
    }


def test_value_from_uses_d3_halving_per_term() -> None:
    assert parse_dice("D3+D6").value_from([5, 5]) == 3 + 5


dice_exprs = st.builds(
    lambda d3, d6, constant: DiceExpr(tuple((c, s) for c, s in ((d3, 3), (d6, 6)) if c), constant),
    st.integers(0, 3),
    st.integers(0, 3),
    st.integers(-3, 6),
)


@given(dice_exprs)
def test_parse_format_round_trip(expr: DiceExpr) -> None:
    """Property: parse(format(e)) == e for every expression."""
    assert parse_dice(str(expr)) == expr


@given(dice_exprs, st.integers(0, 2**32))
def test_rolled_value_within_bounds_and_mean_matches_distribution(
    expr: DiceExpr, seed: int
) -> None:
    """Property: a rolled value lies within [minimum, maximum]; the mean agrees with the
    exact distribution."""
    value = expr.roll(SeededDice(seed), "test")
    assert expr.minimum <= value <= expr.maximum
    dist = expr.distribution()
    assert sum(dist.values()) == 1
    assert sum(v * p for v, p in dist.items()) == expr.mean


@pytest.mark.parametrize(("text", "value"), [("3+", 3), ("2+", 2), ("6+", 6), ("4", 4)])
def test_parse_threshold(text: str, value: int) -> None:
    assert parse_threshold(text, what="--hit") == value


@pytest.mark.parametrize("text", ["9+", "1+", "0+", "7+", "abc", "-", "+"])
def test_parse_threshold_rejects(text: str) -> None:
    with pytest.raises(InputError, match="--hit"):
        parse_threshold(text, what="--hit")


def test_save_dash_means_seven_plus() -> None:
    """AoS2 DESIGN note: a save of '-' needs 7+, possible only with modifiers."""
    assert parse_threshold("-", what="--save", allow_dash=True) == IMPOSSIBLE
    assert format_threshold(IMPOSSIBLE) == "-"
    assert format_threshold(4) == "4+"


def test_scripted_dice_run_out_with_clear_error() -> None:
    source = ScriptedDice([1, 2])
    assert source.roll(2, "x") == [1, 2]
    with pytest.raises(OutOfDice, match="ran out"):
        source.roll(1, "hit rolls")


def test_scripted_dice_reject_non_d6_values() -> None:
    with pytest.raises(InputError):
        ScriptedDice([7])


def test_seeded_dice_repeat_for_the_same_seed() -> None:
    assert SeededDice(7).roll(20, "x") == SeededDice(7).roll(20, "x")


def test_recording_dice_keeps_every_die() -> None:
    recorder = RecordingDice(ScriptedDice([3, 4, 5]))
    recorder.roll(2, "a")
    recorder.roll(1, "b")
    assert recorder.rolled == [3, 4, 5]


def test_typed_dice_as_values_and_as_counts_per_face() -> None:
    assert parse_typed_dice("6 5 3 3 1 2 4 4 6 1", 10) == [6, 5, 3, 3, 1, 2, 4, 4, 6, 1]
    assert sorted(parse_typed_dice("6:2 3:1", 3)) == [3, 6, 6]


@pytest.mark.parametrize("typed", ["6 5", "6 5 7", "a b c", "6:x 1:1 2:1", "9:3"])
def test_typed_dice_wrong_count_or_value_is_refused(typed: str) -> None:
    with pytest.raises(InputError):
        parse_typed_dice(typed, 3)


def test_aos2_s2_reroll_ones_rerolls_only_ones_once() -> None:
    """AoS2 §2: a die is rerolled at most once; rerolls happen before modifiers."""
    dice = roll_with_reroll(ScriptedDice([1, 2, 6, 1, 1]), 3, "hits", lambda v: v >= 3, Reroll.ONES)
    assert dice == [Die(1, 1), Die(2), Die(6)]
    assert dice[0].value == 1  # a rerolled 1 stays a 1: never rerolled twice


def test_aos2_s2_reroll_failed_rerolls_every_failure() -> None:
    dice = roll_with_reroll(
        ScriptedDice([1, 2, 6, 5, 3]), 3, "hits", lambda v: v >= 3, Reroll.FAILED
    )
    assert [d.value for d in dice] == [5, 3, 6]


def test_reroll_all_follows_the_sensible_policy_of_rerolling_failures() -> None:
    dice = roll_with_reroll(ScriptedDice([4, 2, 6]), 2, "hits", lambda v: v >= 3, Reroll.ALL)
    assert [d.value for d in dice] == [4, 6]


def test_parse_reroll() -> None:
    assert parse_reroll("Ones", what="--reroll-hits") is Reroll.ONES
    with pytest.raises(InputError, match="ones, failed or all"):
        parse_reroll("some", what="--reroll-hits")


def test_aos2_s2_rolloff_ties_are_rolled_again() -> None:
    """AoS2 §2: a roll-off tie is rolled again; the dice are never modified."""
    result = roll_off(ScriptedDice([3, 3, 5, 5, 2, 4]))
    assert result.rounds == ((3, 3), (5, 5), (2, 4))
    assert result.winner == 1


def test_rolloff_without_tie_rerolls_reports_the_tie() -> None:
    """AoS2 §6: the priority roll-off keeps its tie for its own tie rule."""
    result = roll_off(ScriptedDice([3, 3]), reroll_ties=False)
    assert result.winner is None
