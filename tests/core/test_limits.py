"""Every limit refuses at once with one line naming it (issue 16: bounded work).

The tests assert the refusal, never a time: a refusal that happens before any work is done is
what keeps `aos` from eating memory on a typo.
"""

from __future__ import annotations

import pytest

from aos_cli.core.dice import fixed, parse_dice, parse_threshold, parse_typed_dice
from aos_cli.core.errors import InputError
from aos_cli.core.limits import MAX_ATTACKS, MAX_DICE, MAX_DISTANCE, MAX_MODELS
from aos_cli.core.numbers import check_distance, menu_pick, parse_distance, parse_whole
from tests.conftest import RunCli

HUGE = "9" * 5000
"""More digits than Python's int() converts (4,300)."""


@pytest.mark.parametrize(
    "argv",
    [
        ["roll", "attack", "1000000000x1/4+/4+"],
        ["odds", "attack", "1000000x100/4+/4+"],
        ["roll", "attack", "1000x11/4+/4+"],
        ["roll", "attack", "--system", "wh40k8", "--attacks", "1" + "0" * 30, "--bs", "3+",
         "--strength", "4", "--toughness", "4"],
        ["roll", "attack", "5x1/4+/4+", "--exploding", "6:1000000000000"],
        ["roll", "attack", "5x1/4+/4+", "--wound-rolls-on-hit", "6:1000000000000"],
        ["roll", "attack", "5x1/4+/4+", "--rend-on-hit", "6:1000000000000"],
        ["roll", "attack", "5x1/4+/4+", "--mortal-on-hit", "6:1000000"],
        ["roll", "attack", "5x1/4+/4+/-1/10000000000"],
        ["roll", "attack", "5x1/4+/4+/-" + "9" * 40],
        ["roll", "attack", "5x" + "9" * 400 + "/4+/4+"],
        ["roll", "attack", "5x1/4+/4+", "--extra-attacks", "1" + "0" * 400],
        ["roll", "attack", "5x1/4+/4+", "--target-models", "1" + "0" * 10, "--target-wounds", "1"],
        ["roll", "dice", "+".join(["100D6"] * 21000)],
        ["odds", "attack", "+".join(["100D6"] * 20) + "/4+/4+"],
        ["roll", "dice", HUGE],
        ["roll", "charge", "--distance", "1e308"],
    ],
)  # fmt: skip
def test_each_limit_refuses_at_once_with_one_line(run_cli: RunCli, argv: list[str]) -> None:
    """Issue 16 items 1-4, 9 and 11: past a limit, one line and exit 2, nothing rolled."""
    result = run_cli(*argv)
    assert result.exit_code == 2, result.stderr
    assert result.stdout == ""
    assert result.stderr.count("\n") == 1
    assert "limit" in result.stderr or "far too large" in result.stderr


def test_the_dice_limit_counts_every_term_of_an_expression() -> None:
    """100D6+100D6+... is refused once the whole expression passes the limit, not per term."""
    assert parse_dice("+".join(["100D6"] * (MAX_DICE // 100))).d6_count == MAX_DICE
    with pytest.raises(InputError, match="more than 1000 dice"):
        parse_dice("+".join(["100D6"] * (MAX_DICE // 100)) + "+D3")


def test_a_whole_unit_at_the_limit_still_rolls(run_cli: RunCli) -> None:
    """The limits are far beyond a real table: 1,000 models with 10 attacks each still roll."""
    result = run_cli("roll", "attack", f"{MAX_MODELS}x10/4+/4+", "--seed", "1", "--json")
    assert result.exit_code == 0, result.stderr
    assert MAX_MODELS * 10 == MAX_ATTACKS


def test_typed_dice_cannot_count_more_dice_than_were_rolled() -> None:
    """Typed `6:1000000000` for a roll of 3 dice is refused before a list is built."""
    with pytest.raises(InputError, match="3 dice were rolled"):
        parse_typed_dice("6:1000000000", 3)
    with pytest.raises(InputError):
        parse_typed_dice("6:" + HUGE, 3)
    assert parse_typed_dice("6:2 1:1", 3) == [6, 6, 1]


def test_typed_dice_at_the_prompt_ask_again_after_a_count_too_large(run_cli: RunCli) -> None:
    result = run_cli(
        "roll", "dice", "3D6", "--dice", "manual", "--json", input="6:1000000000\n6:3\n"
    )
    assert result.exit_code == 0, result.stderr
    assert "3 dice were rolled" in result.stderr


@pytest.mark.parametrize("text", ["²", "①", "٣", "٣D6", "D٦", "²D6", "1²"])
def test_dice_expressions_take_ascii_digits_only(text: str) -> None:
    """Issue 16 item 8: digits int() reads (٣) or refuses (²) are both refused with one line."""
    with pytest.raises(InputError):
        parse_dice(text)


@pytest.mark.parametrize("text", ["²+", "①+", "٣+", "³"])
def test_thresholds_take_ascii_digits_only(text: str) -> None:
    with pytest.raises(InputError):
        parse_threshold(text, what="--save", allow_dash=True)


@pytest.mark.parametrize(
    "argv",
    [
        ["roll", "attack", "²x1/4+/4+"],
        ["roll", "attack", "5x1/4+/4+", "--exploding", "²:1"],
        ["roll", "attack", "5x1/4+/4+", "--exploding", "6:①"],
        ["roll", "attack", "5x1/4+/4+", "--damage-on-wound", "6:²"],
        ["roll", "attack", "5x1/4+/4+", "--save", "①+"],
        ["roll", "attack", "5x1/4+/4+/-①"],
        ["roll", "cast", "--system", "mesbg", "--casting", "①+", "--will", "1"],
        ["game", "use", "²"],
        ["roll", "dice", "٣D6"],
    ],
)
def test_odd_digits_on_the_command_line_are_one_line(run_cli: RunCli, argv: list[str]) -> None:
    result = run_cli(*argv)
    assert result.exit_code in (1, 2), result.stderr
    assert result.stderr.startswith("aos: error: ")
    assert result.stderr.count("\n") == 1


@pytest.mark.parametrize("value", ["inf", "nan", "-inf", "1e308"])
@pytest.mark.parametrize("command", ["roll", "odds"])
def test_distances_are_finite_and_table_sized(run_cli: RunCli, command: str, value: str) -> None:
    """Issue 16 item 10: `--distance inf` / `nan` / `1e308` is one line, exit 2."""
    result = run_cli(command, "charge", "--distance", value)
    assert result.exit_code == 2, result.stderr
    assert result.stderr.count("\n") == 1


def test_run_distance_is_checked_too(run_cli: RunCli) -> None:
    result = run_cli("odds", "run", "--distance", "nan")
    assert result.exit_code == 2, result.stderr


def test_parse_whole_refuses_what_is_not_ascii_or_past_the_limit() -> None:
    assert parse_whole(" 12 ", what="n", high=20) == 12
    assert parse_whole("-3", what="n", low=-5, high=5, signed=True) == -3
    for bad in ("²", "٣", "1.5", "", "-3", "+3", HUGE, "21"):
        with pytest.raises(InputError):
            parse_whole(bad, what="n", high=20)


def test_distances_typed_in_are_finite_ascii_and_on_the_table() -> None:
    assert parse_distance("8.5") == 8.5
    assert parse_distance("7") == 7.0
    for bad in ("inf", "nan", "1e308", "-1", "٣", "²", "", "1e3", str(MAX_DISTANCE + 1)):
        with pytest.raises(InputError):
            parse_distance(bad)
    with pytest.raises(InputError):
        check_distance(float("nan"))


def test_menu_picks_take_ascii_digits_in_range() -> None:
    assert menu_pick("2", 3) == 1
    for bad in ("²", "①", "٣", "0", "4", "", HUGE, "-1"):
        assert menu_pick(bad, 3) is None


def test_a_fixed_value_is_still_a_dice_expression() -> None:
    assert fixed(3).maximum == 3


@pytest.mark.parametrize(
    "argv",
    [
        ["odds", "cast", "--value", "5", "--mod", "1" + "0" * 400],
        ["roll", "cast", "--value", "5", "--unbind-mod", "1" + "0" * 400],
        ["odds", "charge", "--mod", "10000000000"],
        ["roll", "run", "--mod", "-10000000000"],
        ["odds", "battleshock", "--bravery", "7", "--slain", "1" + "0" * 40, "--models", "5"],
        ["roll", "battleshock", "--bravery", "7", "--slain", "3", "--models", "1" + "0" * 12],
        ["roll", "battleshock", "--bravery", "7", "--slain", "3", "--models", "5", "--mod",
         "1" + "0" * 12],
    ],
)  # fmt: skip
def test_modifiers_and_counts_of_the_other_rolls_are_bounded(
    run_cli: RunCli, argv: list[str]
) -> None:
    """Issue 16 item 11: `--mod 10**400` overflowed the odds; a trillion models rolled."""
    result = run_cli(*argv)
    assert result.exit_code == 2, result.stderr
    assert "limit" in result.stderr
    assert result.stderr.count("\n") == 1
