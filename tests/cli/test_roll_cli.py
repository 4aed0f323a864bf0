"""`aos roll ...` end to end through the real entry point (issue 2 acceptance)."""

from __future__ import annotations

import json

import pytest

from tests.conftest import RunCli

ATTACK = ["--models", "10", "--attacks", "2", "--hit", "3+", "--wound", "4+", "--rend", "-1"]


def test_attack_json_is_the_same_every_time_for_a_seed(run_cli: RunCli) -> None:
    args = ["roll", "attack", *ATTACK, "--damage", "1", "--save", "4+", "--seed", "7", "--json"]
    first = run_cli(*args)
    second = run_cli(*args)
    assert first.exit_code == 0, first.stderr
    assert first.stdout == second.stdout
    data = json.loads(first.stdout)
    for key in ("attacks", "hits", "wounds", "unsaved", "mortal_wounds", "damage", "slain"):
        assert key in data
    assert data["attacks"] == 20
    hit_stage = data["weapons"][0]["stages"]["hit"]
    assert len(hit_stage["dice"]) == 20
    assert hit_stage["successes"] == data["hits"]


def test_compact_profile_equals_flags(run_cli: RunCli) -> None:
    compact = run_cli("roll", "attack", "10x2/3+/4+/-1/1", "--save", "4+", "--seed", "3", "--json")
    flags = run_cli("roll", "attack", *ATTACK, "--save", "4+", "--seed", "3", "--json")
    assert compact.stdout == flags.stdout


def test_attack_table_shows_every_stage_and_models_slain(run_cli: RunCli) -> None:
    result = run_cli(
        "roll", "attack", "10x2/3+/4+/-1/D3", "--save", "4+", "--seed", "1",
        "--target-models", "5", "--target-wounds", "2",
    )  # fmt: skip
    assert result.exit_code == 0
    for word in ("Hit", "Wound", "Save", "Damage", "Models slain"):
        assert word in result.stdout


@pytest.mark.parametrize(
    ("args", "flag"),
    [
        (["--hit", "9+", "--attacks", "2", "--wound", "3+"], "--hit"),
        (["--damage", "D7x", "--attacks", "2", "--hit", "3+", "--wound", "3+"], "--damage"),
        (["--attacks", "-1", "--hit", "3+", "--wound", "3+"], "--attacks"),
        (["--exploding", "7:1", "--attacks", "2", "--hit", "3+", "--wound", "3+"], "--exploding"),
        (["--rend", "2", "--attacks", "2", "--hit", "3+", "--wound", "3+"], "--rend"),
        (["--reroll-hits", "some", "2/3+/3+"], "--reroll-hits"),
        (["--save", "8+", "2/3+/3+"], "--save"),
        (["--models", "abc"], "--models"),
        (["--target-models", "5", "2/3+/3+"], "--target-wounds"),
    ],
)
def test_malformed_attack_flags_give_one_line_and_exit_2(
    run_cli: RunCli, args: list[str], flag: str
) -> None:
    result = run_cli("roll", "attack", *args)
    assert result.exit_code == 2
    assert result.stderr.count("\n") == 1, result.stderr
    assert flag in result.stderr
    assert "Traceback" not in result.stderr


def test_manual_dice_typed_at_the_table(run_cli: RunCli) -> None:
    """--dice manual asks for each stage's dice; a wrong entry is asked again."""
    typed = "\n".join(["6 5 3", "6 5 1 2", "4 4", "5 6"]) + "\n"
    result = run_cli(
        "roll", "attack", "4/3+/4+", "--save", "4+", "--dice", "manual", "--json", input=typed
    )
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["weapons"][0]["stages"]["hit"]["dice"] == [6, 5, 1, 2]
    assert data["hits"] == 2 and data["wounds"] == 2 and data["unsaved"] == 0
    assert "expected 4 dice" in result.stderr


def test_manual_dice_with_counts_per_face(run_cli: RunCli) -> None:
    result = run_cli("roll", "dice", "3D6", "--dice", "manual", "--json", input="6:2 1:1\n")
    assert json.loads(result.stdout)["total"] == 13


def test_roll_dice_and_rolloff(run_cli: RunCli) -> None:
    data = json.loads(run_cli("roll", "dice", "2D6+1", "--seed", "1", "--json").stdout)
    assert data["total"] == sum(data["dice"]) + 1
    rolloff = json.loads(run_cli("roll", "rolloff", "--seed", "5", "--json").stdout)
    assert rolloff["winner"] in ("first", "second")
    assert rolloff["rounds"][-1][0] != rolloff["rounds"][-1][1]


def test_roll_battleshock_json(run_cli: RunCli) -> None:
    result = run_cli(
        "roll",
        "battleshock",
        "--bravery",
        "6",
        "--slain",
        "4",
        "--models",
        "16",
        "--dice",
        "manual",
        "--json",
        input="5\n",
    )
    data = json.loads(result.stdout)
    assert (data["roll"], data["bravery"], data["fled"]) == (9, 7, 2)


def test_roll_charge_run_cast(run_cli: RunCli) -> None:
    charge = json.loads(
        run_cli(
            "roll",
            "charge",
            "--distance",
            "8",
            "--reroll",
            "--dice",
            "manual",
            "--json",
            input="1 2\n4 4\n",
        ).stdout
    )
    assert charge["reroll_dice"] == [4, 4] and charge["success"] is True
    run = json.loads(run_cli("roll", "run", "--at-the-double", "--json").stdout)
    assert run["total"] == 6
    cast = json.loads(
        run_cli(
            "roll",
            "cast",
            "--value",
            "7",
            "--unbind",
            "--dice",
            "manual",
            "--json",
            input="4 4\n6 3\n",
        ).stdout
    )
    assert cast["cast"] and cast["unbound"] and not cast["success"]
    text = run_cli("roll", "cast", "--value", "7", "--seed", "2")
    assert "Casting" in text.stdout


def test_rule_level_usage_errors(run_cli: RunCli) -> None:
    result = run_cli("roll", "charge", "--reroll")
    assert result.exit_code == 2 and "--distance" in result.stderr
    result = run_cli("roll", "dice", "D7")
    assert result.exit_code == 2 and "D7" in result.stderr


def test_profile_from_a_warscroll(run_cli: RunCli) -> None:
    """--unit/--weapon take the profile (and the weapon's abilities) from the rules database."""
    flags = run_cli(
        "odds", "attack", "--unit", "liberators", "--models", "10", "--save", "4+", "--json"
    )
    assert flags.exit_code == 0, flags.stderr
    # Ten Liberators, the Liberator-Prime among them with its one extra attack (AoS2 §20.3).
    by_hand = run_cli(
        "odds", "attack", "10x2/4+/3+/0/1", "--extra-attacks", "1", "--save", "4+", "--json"
    )
    assert json.loads(flags.stdout)["mean_damage"] == pytest.approx(
        json.loads(by_hand.stdout)["mean_damage"]
    )
    blade = run_cli(
        "odds", "attack", "--unit", "lord-celestant on stardrake", "--weapon", "stormbound blade",
        "--save", "4+", "--json",
    )  # fmt: skip
    plain = run_cli("odds", "attack", "3/3+/4+/-1/2", "--save", "4+", "--json")
    # Stormbound Blade: an unmodified 6 to hit makes three wound rolls instead of one.
    assert json.loads(blade.stdout)["mean_damage"] > json.loads(plain.stdout)["mean_damage"]
    unknown = run_cli("roll", "attack", "--unit", "liberatorz")
    assert unknown.exit_code == 1 and "did you mean" in unknown.stderr


EXPLODING = ["4/3+/4+/-1/1", "--exploding", "6:1", "--save", "4+", "--dice", "manual"]
EXPLODING_DICE = "\n".join(["6 6 5 1", "4 4 4 1 1", "5 4 1"]) + "\n"
"""Hits: two 6s score an extra hit each (3 + 2 = 5 hits); 3 of 5 wound; a 5 saves at 4+ -1."""


def test_aos2_s14_4_table_hit_row_counts_the_extra_hits_the_json_counts(run_cli: RunCli) -> None:
    """Issue 12 item 22 (AoS2 §14.4, hit rolls): the Hit row shows every hit that goes on to a
    wound roll, extra hits included, as `hits` in the JSON does."""
    data = json.loads(run_cli("roll", "attack", *EXPLODING, "--json", input=EXPLODING_DICE).stdout)
    assert data["hits"] == 5 and data["weapons"][0]["stages"]["hit"]["extra"] == 2
    assert len(data["weapons"][0]["stages"]["wound"]["dice"]) == 5
    table = run_cli("roll", "attack", *EXPLODING, input=EXPLODING_DICE)
    assert table.exit_code == 0, table.stderr
    assert "5 hits (2 extra)" in table.stdout


def test_aos2_s14_4_table_save_row_shows_the_rend_it_applies(run_cli: RunCli) -> None:
    """Issue 12 item 22 (AoS2 §14.4, save rolls): the Save row says the save with the rend
    applied (4+ -1), not a bare 4+; only the 5 of 5, 4, 1 saves."""
    data = json.loads(run_cli("roll", "attack", *EXPLODING, "--json", input=EXPLODING_DICE).stdout)
    save = data["weapons"][0]["stages"]["save"]
    assert save["needed"] == "4+ -1" and save["successes"] == 1
    table = run_cli("roll", "attack", *EXPLODING, input=EXPLODING_DICE)
    assert "4+ -1" in table.stdout


def test_aos2_s14_4_save_prompt_against_an_ethereal_unit_shows_no_rend(run_cli: RunCli) -> None:
    """Issue 12 item 22 (AoS2 §14.4; Ethereal ignores save modifiers): the save prompt says
    4+, never `rend -1`, since the rend is not applied."""
    typed = "\n".join(["5", "4", "4"]) + "\n"
    args = ["1/3+/4+/-1/1", "--save", "4+", "--ethereal", "--dice", "manual", "--json"]
    result = run_cli("roll", "attack", *args, input=typed)
    assert result.exit_code == 0, result.stderr
    assert "save rolls (4+)" in result.stdout + result.stderr
    assert "rend" not in result.stdout + result.stderr
    assert json.loads(result.stdout)["weapons"][0]["stages"]["save"]["successes"] == 1
