"""Every parser of typed text, fed any text at all, returns a value or raises InputError: never
another exception, never a value past a limit (issue 16, Hypothesis over every parser)."""

from __future__ import annotations

import contextlib
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from aos_cli.core.attack_flags import dice_trigger, int_trigger, parse_compact, parse_rend
from aos_cli.core.dice import parse_dice, parse_reroll, parse_threshold, parse_typed_dice
from aos_cli.core.errors import InputError
from aos_cli.core.limits import MAX_CONSTANT, MAX_DICE, MAX_DISTANCE, MAX_TRIGGER_AMOUNT
from aos_cli.core.numbers import menu_pick, parse_distance, parse_whole

FUZZ = settings(max_examples=150, deadline=None)

# Text that looks like what players type, with the characters that broke parsers mixed in.
TYPED = st.text(alphabet="0123456789Dd+-x:/. ²①٣\t", max_size=30) | st.text(max_size=30)
HUGE = st.builds(
    lambda digit, length, tail: digit * length + tail,
    st.sampled_from("19"),
    st.integers(min_value=4, max_value=6000),
    st.sampled_from(["", "D6", "+", ":1", "x1/4+/4+"]),
)
"""Numbers of up to 6,000 digits (int() refuses more than 4,300)."""


@FUZZ
@given(TYPED | HUGE)
def test_dice_expressions(text: str) -> None:
    try:
        expr = parse_dice(text)
    except InputError:
        return
    assert expr.d6_count <= MAX_DICE
    assert abs(expr.constant) <= MAX_CONSTANT


@FUZZ
@given(TYPED | HUGE, st.booleans())
def test_thresholds(text: str, dash: bool) -> None:
    try:
        value = parse_threshold(text, what="--save", allow_dash=dash)
    except InputError:
        return
    assert 2 <= value <= 7


@FUZZ
@given(TYPED | HUGE, st.integers(min_value=0, max_value=50))
def test_typed_dice(text: str, count: int) -> None:
    try:
        dice = parse_typed_dice(text, count)
    except InputError:
        return
    assert len(dice) == count and all(1 <= die <= 6 for die in dice)


@FUZZ
@given(TYPED | HUGE)
def test_compact_profiles(text: str) -> None:
    try:
        fields = parse_compact(text)
    except InputError:
        return
    assert {"models", "attacks", "hit", "wound"} <= set(fields)


@FUZZ
@given(TYPED | HUGE)
def test_rend_and_ap(text: str) -> None:
    with contextlib.suppress(InputError):
        assert parse_rend(text) <= 0


@FUZZ
@given(TYPED | HUGE)
def test_every_x_n_flag(text: str) -> None:
    """--exploding, --mortal-on-*, --rend-on-hit, --damage-on-wound, --wound-rolls-on-hit."""
    try:
        on, amount, _ = dice_trigger(text, "--exploding")
        assert 2 <= on <= 6 and amount.maximum <= MAX_TRIGGER_AMOUNT
    except InputError:
        pass
    try:
        on, count = int_trigger(text, "--wound-rolls-on-hit")
        assert 2 <= on <= 6 and 0 <= count <= MAX_TRIGGER_AMOUNT
    except InputError:
        pass


@FUZZ
@given(TYPED | HUGE | st.sampled_from(["inf", "nan", "-inf", "1e308", "1e3", "-0"]))
def test_distances_and_numbers(text: str) -> None:
    """The distance prompt and `--answer KEY=N`: finite, 0 or more, on the table."""
    try:
        value = parse_distance(text)
        assert math.isfinite(value) and 0 <= value <= MAX_DISTANCE
    except InputError:
        pass
    with contextlib.suppress(InputError):
        assert 0 <= parse_whole(text, what="n", high=1000) <= 1000


@FUZZ
@given(TYPED | HUGE, st.integers(min_value=0, max_value=40))
def test_menu_answers(text: str, count: int) -> None:
    """The play menu, `?N`, the Target: prompt and the set-up menus pick by number."""
    picked = menu_pick(text, count)
    assert picked is None or 0 <= picked < count
    odds = menu_pick(text[1:], count) if text.startswith("?") else None
    assert odds is None or 0 <= odds < count


@pytest.mark.parametrize("text", ["ones", "FAILED", " all "])
def test_rerolls_still_read(text: str) -> None:
    assert parse_reroll(text, what="--reroll-hits")


@FUZZ
@given(TYPED)
def test_rerolls(text: str) -> None:
    with contextlib.suppress(InputError):
        parse_reroll(text, what="--reroll-hits")
