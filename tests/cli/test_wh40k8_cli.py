"""`aos roll attack --system wh40k8` and `aos odds attack --system wh40k8` end to end
(40k8 = 40k8-core.md, the digest of seed 001)."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from tests.conftest import RunCli

ISSUE = [
    "--system", "wh40k8", "--bs", "3+", "--strength", "4", "--ap", "-1", "--damage", "1",
    "--toughness", "4", "--save", "3+",
]  # fmt: skip


def test_40k8_odds_attack_issue_example_json(run_cli: RunCli) -> None:
    """The issue's command: 1/6 per attack (4/6 hit, 1/2 wound, 1/2 unsaved)."""
    result = run_cli("odds", "attack", *ISSUE, "--models", "10", "--attacks", "1", "--json")
    assert result.exit_code == 0, result.stdout + result.stderr
    data = json.loads(result.stdout)
    assert data["mean_damage"] == pytest.approx(10 / 6)
    assert data["damage"]["0"] == pytest.approx((5 / 6) ** 10)
    assert "slain" not in data


def test_40k8_odds_attack_slain_and_invulnerable(run_cli: RunCli) -> None:
    """§8.6: AP -3 against 3+ with a 5+ invulnerable save: the invulnerable save is used."""
    args = [*ISSUE[:7], "-3", *ISSUE[8:], "--invuln", "5+", "--attacks", "1"]
    args += ["--target-models", "2", "--target-wounds", "1", "--json"]
    data = json.loads(run_cli("odds", "attack", *args).stdout)
    assert data["mean_damage"] == pytest.approx(4 / 6 * 1 / 2 * 2 / 3)
    assert data["mean_slain"] == pytest.approx(data["mean_damage"])
    assert set(data["slain"]) == {"0", "1"}


def test_40k8_odds_excess_damage_lost_in_slain(run_cli: RunCli) -> None:
    """§8.5: Damage 3 against 1-wound models slays at most one per attack."""
    args = [*ISSUE, "--damage", "3", "--attacks", "2", "--target-models", "5"]
    data = json.loads(run_cli("odds", "attack", *args, "--target-wounds", "1", "--json").stdout)
    assert max(int(k) for k in data["slain"]) == 2
    assert data["mean_slain"] < data["mean_damage"]


def test_40k8_odds_cover_counts_only_against_shooting(run_cli: RunCli) -> None:
    """§8.7: cover changes the shooting odds, not the Fight phase's."""
    base = ["--system", "wh40k8", "--strength", "4", "--toughness", "4", "--save", "4+"]
    base += ["--attacks", "3", "--json"]

    def mean(*extra: str) -> float:
        result = run_cli("odds", "attack", *base, *extra)
        assert result.exit_code == 0, result.stdout + result.stderr
        return float(json.loads(result.stdout)["mean_damage"])

    assert mean("--bs", "3+", "--cover") < mean("--bs", "3+")
    assert mean("--melee", "--ws", "3+", "--cover") == mean("--melee", "--ws", "3+")


def test_40k8_odds_overwatch_hits_only_on_6s(run_cli: RunCli) -> None:
    """§9.3: the same odds whatever the BS."""
    args = [*ISSUE, "--attacks", "6", "--overwatch", "--json"]
    data = json.loads(run_cli("odds", "attack", *args).stdout)
    assert data["mean_damage"] == pytest.approx(6 * 1 / 6 * 1 / 2 * 1 / 2)


def test_40k8_odds_table_over_saves_without_save(run_cli: RunCli) -> None:
    args = [*ISSUE[:-2], "--attacks", "2"]
    result = run_cli("odds", "attack", *args)
    assert result.exit_code == 0, result.stdout + result.stderr
    assert "Give --save for the whole distribution." in result.stdout


def test_40k8_roll_attack_json_keys_and_dice(run_cli: RunCli) -> None:
    args = [*ISSUE, "--models", "5", "--attacks", "2", "--target-models", "5"]
    result = run_cli("roll", "attack", *args, "--target-wounds", "2", "--seed", "8", "--json")
    assert result.exit_code == 0, result.stdout + result.stderr
    data = json.loads(result.stdout)
    for key in ("attacks", "hits", "wounds", "unsaved", "mortal_wounds", "damage", "slain"):
        assert key in data
    assert data["attacks"] == 10
    stages = data["weapons"][0]["stages"]
    assert len(stages["hit"]["dice"]) == 10
    assert stages["wound"]["needed"] == "4+"
    assert data["unsaved"] == len(data["damage_per_attack"])
    assert 0 <= data["percentile"] <= 100


def test_40k8_roll_attack_table(run_cli: RunCli) -> None:
    args = [*ISSUE, "--attacks", "4", "--target-models", "3", "--target-wounds", "1"]
    result = run_cli("roll", "attack", *args, "--seed", "1")
    assert result.exit_code == 0, result.stdout + result.stderr
    assert "Shooting" in result.stdout and "Models slain" in result.stdout
    assert "Luck:" in result.stdout


def test_40k8_s7_weapon_types_on_the_command_line(run_cli: RunCli) -> None:
    """§7.4 Rapid Fire doubles within half range; §7.2/§4.6 an Advanced unit fires only Assault
    weapons (a rule refused, exit 1); the type flags need --weapon-type."""
    args = [*ISSUE, "--attacks", "2", "--seed", "3", "--json"]
    doubled = run_cli("roll", "attack", *args, "--weapon-type", "rapid-fire", "--half-range")
    assert json.loads(doubled.stdout)["attacks"] == 4
    heavy = run_cli("roll", "attack", *args, "--weapon-type", "heavy", "--advanced")
    assert heavy.exit_code == 1
    assert "Assault" in heavy.stdout + heavy.stderr
    assault = run_cli("odds", "attack", *args, "--weapon-type", "assault", "--advanced")
    still = run_cli("odds", "attack", *args, "--weapon-type", "assault")
    assert json.loads(assault.stdout)["mean_damage"] < json.loads(still.stdout)["mean_damage"]
    missing = run_cli("odds", "attack", *args, "--moved")
    assert missing.exit_code == 2
    assert "--weapon-type" in missing.stdout + missing.stderr


@pytest.mark.parametrize(
    ("flags", "named"),
    [
        (["--rend", "-1"], "--rend"),
        (["--hit", "3+"], "--hit"),
        (["--ward", "5+"], "--ward"),
        (["--ethereal"], "--ethereal"),
    ],
)
def test_40k8_refuses_aos_only_flags(run_cli: RunCli, flags: list[str], named: str) -> None:
    result = run_cli("odds", "attack", *ISSUE, "--attacks", "1", *flags)
    assert result.exit_code == 2
    output = result.stdout + result.stderr
    assert named in output and len(output.strip().splitlines()) == 1


@pytest.mark.parametrize(
    ("flags", "named"),
    [
        (["--bs", "3+"], "--bs"),
        (["--toughness", "4"], "--toughness"),
        (["--invuln", "5+"], "--invuln"),
        (["--overwatch"], "--overwatch"),
    ],
)
def test_aos2_refuses_40k_flags(run_cli: RunCli, flags: list[str], named: str) -> None:
    result = run_cli("roll", "attack", "--attacks", "1", "--hit", "3+", "--wound", "4+", *flags)
    assert result.exit_code == 2
    assert named in result.stdout + result.stderr


def test_unknown_system_and_missing_values(run_cli: RunCli) -> None:
    unknown = run_cli("odds", "attack", "--system", "wh40k9", "--attacks", "1")
    assert unknown.exit_code == 2 and "--system" in unknown.stdout + unknown.stderr
    no_bs = run_cli("odds", "attack", "--system", "wh40k8", "--attacks", "1", "--strength", "4")
    assert no_bs.exit_code == 2 and "--bs" in no_bs.stdout + no_bs.stderr


def test_aos2_default_unchanged(run_cli: RunCli) -> None:
    """The default system is still Age of Sigmar 2nd edition, with its JSON keys."""
    result = run_cli("odds", "attack", "10x2/3+/4+/-1/1", "--save", "4+", "--json")
    data = json.loads(result.stdout)
    assert data["mean_damage"] == pytest.approx(20 * 4 / 6 * 3 / 6 * 4 / 6)
    assert "system" not in data
    assert math.isfinite(data["sd_damage"])


def test_wh40k8_objective_accepts_the_side_as_the_hint_names_it(
    run_cli: RunCli, tmp_path: Path
) -> None:
    """40k8 §17.3: `aos objective ... --models player-two=0`, the form the tool's own question
    names, is accepted (issue 18 item 1)."""
    db = tmp_path / "games.sqlite3"
    new = ("game", "new", "--system", "wh40k8", "--battleplan", "only-war-domination")
    assert run_cli(*new, "--db", str(db)).exit_code == 0
    assert run_cli("priority", "--first", "Player One", "--db", str(db)).exit_code == 0
    result = run_cli(
        "objective", "objective-1", "--models", "player-two=0", "--models", "player-one=2",
        "--db", str(db),
    )  # fmt: skip
    assert result.exit_code == 0, result.stderr


def test_40k8_17_6_power_ratings_make_the_lower_power_level_the_underdog(
    run_cli: RunCli, tmp_path: Path
) -> None:
    """40k8 §17.6: the demo datasheets carry Power Ratings; Space Marines (Librarian 6,
    Tactical Squad 5, Rhino 4 = 15) against Death Guard (7 + 5 + 7 = 19) are the Underdog."""
    db = tmp_path / "games.sqlite3"
    assert run_cli("game", "new", "--system", "wh40k8", "--db", str(db)).exit_code == 0
    result = run_cli("priority", "--first", "Player One", "--db", str(db))
    assert result.exit_code == 0, result.stderr
    assert "Player Two is the Underdog (Power Level 15 against 19)" in " ".join(
        result.stdout.split()
    )


def test_40k8_17_6_equal_power_levels_ask_who_chose_the_deployment_zones(
    run_cli: RunCli, tmp_path: Path
) -> None:
    """40k8 §17.6: on equal Power Levels the Underdog is the player who chose the deployment
    zones; the tool asks rather than taking the second list."""
    from aos_cli.app.start import bundled_armies

    marines = bundled_armies("wh40k8")[1]
    db = tmp_path / "games.sqlite3"
    made = run_cli(
        "game", "new", "--system", "wh40k8", "--army", str(marines), "--army", str(marines),
        "--db", str(db),
    )  # fmt: skip
    assert made.exit_code == 0, made.stderr
    unasked = run_cli("priority", "--first", "1", "--db", str(db))
    assert unasked.exit_code == 2
    assert "zones-chosen-by" in unasked.stderr
    asked = run_cli("priority", "--first", "1", "--zones-chosen-by", "1", "--db", str(db))
    assert asked.exit_code == 0, asked.stderr
    text = " ".join(asked.stdout.split())
    assert "Player Two is the Underdog (equal Power Levels of 15" in text


def test_40k8_4_7_teleport_strike_unit_waits_in_reserve_and_arrives_without_a_roll(
    run_cli: RunCli, tmp_path: Path
) -> None:
    """40k8 §4.7 (Teleport Strike): a unit may be set up in reserve and arrives at the end of
    a Movement phase; no AoS2 Scions of the Storm roll (manual dice, none typed)."""
    db = tmp_path / "games.sqlite3"
    made = run_cli(
        "game", "new", "--system", "wh40k8", "--reserve", "Lord of Contagion", "--db", str(db)
    )
    assert made.exit_code == 0, made.stderr
    refused = run_cli("game", "new", "--system", "wh40k8", "--reserve", "rhino", "--db", str(db))
    assert refused.exit_code == 2 and "may not be set up in reserve" in refused.stderr
    assert run_cli("priority", "--first", "Player One", "--db", str(db)).exit_code == 0
    arrived = run_cli("arrive", "lord-of-contagion", "--db", str(db), "--dice", "manual")
    assert arrived.exit_code == 0, arrived.stderr
    assert "arrives at the end of the Movement phase" in " ".join(arrived.stdout.split())
