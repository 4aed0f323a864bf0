"""`aos odds ...` end to end through the real entry point (issue 3), and the luck line of
`aos roll attack`."""

from __future__ import annotations

import json

import pytest

from tests.conftest import RunCli

ISSUE = [
    "--models", "10", "--attacks", "2", "--hit", "4+", "--wound", "4+", "--rend", "0",
    "--damage", "1", "--extra-attacks", "1",
]  # fmt: skip


def test_aos2_s14_issue_example_mean_damage_is_2_625(run_cli: RunCli) -> None:
    """AoS2 §14.4, the issue's acceptance: 21 attacks 4+/4+ against 4+ average 2.625 damage."""
    result = run_cli("odds", "attack", *ISSUE, "--save", "4+", "--json")
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert abs(data["mean_damage"] - 2.625) < 1e-9
    assert abs(sum(data["damage"].values()) - 1.0) < 1e-9
    assert data["damage"]["0"] == pytest.approx((7 / 8) ** 21)


def test_aos2_s14_7_json_has_models_slain_with_a_target(run_cli: RunCli) -> None:
    """AoS2 §14.7: with --target-models/--target-wounds the JSON has mean_slain and slain."""
    args = ["odds", "attack", "10x2/3+/4+/-1/D3", "--save", "4+", "--json"]
    result = run_cli(*args, "--target-models", "5", "--target-wounds", "2")
    data = json.loads(result.stdout)
    assert set(data["slain"]) <= {str(n) for n in range(6)}
    assert abs(sum(data["slain"].values()) - 1.0) < 1e-9
    assert 0 < data["mean_slain"] < 5
    assert "mean_slain" not in json.loads(run_cli(*args).stdout)


def test_aos2_s14_4_without_save_a_table_over_every_save(run_cli: RunCli) -> None:
    """AoS2 §14.4: without --save, mean damage (and slain) against 2+ to 6+ and '-'."""
    args = ["odds", "attack", "10x2/3+/4+/-1/1", "--target-models", "10", "--target-wounds", "1"]
    data = json.loads(run_cli(*args, "--json").stdout)
    saves = [row["save"] for row in data["saves"]]
    assert saves == ["2+", "3+", "4+", "5+", "6+", "-"]
    means = [row["mean_damage"] for row in data["saves"]]
    assert means == sorted(means)
    assert means[2] == pytest.approx(20 * 2 / 3 * 1 / 2 * 2 / 3)
    assert data["mean_damage"] == pytest.approx(means[-1])
    assert all("mean_slain" in row for row in data["saves"])
    text = run_cli(*args).stdout
    for word in ("Save", "Mean damage", "Mean slain", "2+", "6+"):
        assert word in text


def test_issue23_item1_odds_table_for_a_unit_shows_the_models_carrying_each_weapon(
    run_cli: RunCli,
) -> None:
    """Issue 23 §1: `aos odds attack --unit` shows the loadout per weapon, table view too
    (AoS2 §14.1: 9 Liberators with Warhammers and the Prime's 3 attacks)."""
    result = run_cli("odds", "attack", "--unit", "Liberators", "--models", "10")
    assert result.exit_code == 0, result.stderr
    assert "Warhammer: 9 models, 18 attacks." in result.stdout
    assert "Liberator-Prime: Warhammer: 1 model, 3 attacks." in result.stdout


def test_aos2_s14_with_save_a_bar_chart_and_summary(run_cli: RunCli) -> None:
    """AoS2 §14: with --save, the whole distribution with P(≥ x), mean, median and sd."""
    result = run_cli(
        "odds", "attack", "10x2/3+/4+/-1/D3", "--save", "4+", "--exploding", "6:1",
        "--ward", "6+", "--target-models", "5", "--target-wounds", "2",
    )  # fmt: skip
    assert result.exit_code == 0, result.stderr
    for word in ("P(≥)", "mean", "median", "standard deviation", "Models slain", "█"):
        assert word in result.stdout
    assert "\x1b[" not in result.stdout  # NO_COLOR is respected


def test_odds_attack_takes_exactly_the_roll_attack_flags() -> None:
    """One flag set for rolling and for odds, so the two commands cannot drift apart."""
    import typer.main

    from aos_cli.cli.odds import odds_app
    from aos_cli.cli.roll import roll_app

    def params(app: typer.Typer) -> list[str]:
        group = typer.main.get_command(app)
        command = group.commands["attack"]  # type: ignore[attr-defined]
        return sorted(p.name or "" for p in command.params)

    assert params(odds_app) == params(roll_app)


def test_odds_attack_bad_flags_are_one_line_exit_2(run_cli: RunCli) -> None:
    result = run_cli("odds", "attack", "--hit", "9+", "--attacks", "2", "--wound", "3+")
    assert result.exit_code == 2
    assert result.stderr.count("\n") == 1


def test_aos2_s10_charge_odds(run_cli: RunCli) -> None:
    """AoS2 §10: an 8" gap needs 8+ on 2D6 (5/12); a reroll makes it 1 - (7/12)^2."""
    data = json.loads(run_cli("odds", "charge", "--distance", "8", "--json").stdout)
    assert data["probability"] == pytest.approx(5 / 12)
    assert data["needed"] == 8
    assert abs(sum(data["distribution"].values()) - 1) < 1e-12
    rerolled = json.loads(run_cli("odds", "charge", "--distance", "8", "--reroll", "--json").stdout)
    assert rerolled["probability"] == pytest.approx(1 - (7 / 12) ** 2)
    assert rerolled["fraction"] == "95/144"
    text = run_cli("odds", "charge", "--distance", "8", "--mod", "1").stdout
    assert "58.3%" in text
    bad = run_cli("odds", "charge", "--reroll")
    assert bad.exit_code == 2


def test_aos2_s8_4_run_odds(run_cli: RunCli) -> None:
    """AoS2 §8.4: a D6 run roll; At the Double makes it 6."""
    data = json.loads(run_cli("odds", "run", "--distance", "4", "--json").stdout)
    assert data["probability"] == pytest.approx(1 / 2)
    assert data["distribution"] == {str(v): pytest.approx(1 / 6) for v in range(1, 7)}
    double = json.loads(run_cli("odds", "run", "--at-the-double", "--json").stdout)
    assert double["distribution"] == {"6": 1.0}
    assert "Run roll" in run_cli("odds", "run").stdout


def test_aos2_s15_cast_odds(run_cli: RunCli) -> None:
    """AoS2 §15: casting value 7 is cast 7/12 of the time; an unbind must beat the roll."""
    data = json.loads(run_cli("odds", "cast", "--value", "7", "--json").stdout)
    assert data["probability"] == pytest.approx(21 / 36)
    unbind = json.loads(run_cli("odds", "cast", "--value", "7", "--unbind", "--json").stdout)
    assert unbind["fraction"] == "581/1296"
    assert unbind["cast"] - unbind["unbound"] == pytest.approx(unbind["probability"])
    assert "not unbound" in run_cli("odds", "cast", "--value", "7", "--unbind").stdout
    assert run_cli("odds", "cast", "--value", "1").exit_code == 2


def test_aos2_s12_battleshock_odds(run_cli: RunCli) -> None:
    """AoS2 §12: Bravery 6 + 2 for 20 models against D6 + 3: one flees on a 6."""
    args = ["odds", "battleshock", "--bravery", "6", "--slain", "3", "--models", "20"]
    data = json.loads(run_cli(*args, "--json").stdout)
    assert data["probability"] == pytest.approx(5 / 6)
    assert data["distribution"] == {"0": pytest.approx(5 / 6), "1": pytest.approx(1 / 6)}
    assert "Chance to pass" in run_cli(*args).stdout
    assert (
        run_cli("odds", "battleshock", "--bravery", "0", "--slain", "1", "--models", "5").exit_code
        == 2
    )


def test_aos2_s2_rolloff_odds(run_cli: RunCli) -> None:
    """AoS2 §2/§6: ties rolled again make a roll-off even; one round ties 1/6."""
    data = json.loads(run_cli("odds", "rolloff", "--json").stdout)
    assert data["probability"] == 0.5
    assert data["first_round"]["tie"] == pytest.approx(1 / 6)
    assert data["distribution"]["1"] == pytest.approx(5 / 6)
    assert "50%" in run_cli("odds", "rolloff").stdout


def test_roll_attack_reports_its_luck(run_cli: RunCli) -> None:
    """A rolled attack says where its damage sits in the exact distribution (mid-rank)."""
    args = ["roll", "attack", "10x2/3+/4+/-1/D3", "--save", "4+", "--seed", "3"]
    data = json.loads(run_cli(*args, "--json").stdout)
    assert 0.0 <= data["percentile"] <= 100.0
    odds = json.loads(
        run_cli("odds", "attack", "10x2/3+/4+/-1/D3", "--save", "4+", "--json").stdout
    )
    below = sum(p for v, p in odds["damage"].items() if int(v) < data["damage"])
    assert data["percentile"] == pytest.approx(
        100 * (below + odds["damage"][str(data["damage"])] / 2)
    )
    assert "Luck: better than" in run_cli(*args).stdout


def test_aos1_s11_3_attack_odds_judge_dice_without_the_unmodified_one_rule(
    run_cli: RunCli,
) -> None:
    """AoS1 §11.3 (aos-differences #9): a 2+ hit roll with +1 to hit succeeds on every die in
    the 1st edition (a 1 becomes 2), while in the 2nd an unmodified 1 always fails."""
    args = ["odds", "attack", "6/2+/2+/0/1", "--hit-mod", "1", "--wound-mod", "1"]
    first = run_cli(*args, "--system", "aos1", "--save", "-", "--json")
    second = run_cli(*args, "--save", "-", "--json")
    assert first.exit_code == 0, first.stderr
    assert json.loads(first.stdout)["mean_damage"] == pytest.approx(6.0)
    assert json.loads(second.stdout)["mean_damage"] == pytest.approx(6 * 5 / 6 * 5 / 6)
