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
    assert run_cli("game", "new", "--system", "wh40k8", "--db", str(db)).exit_code == 0
    assert run_cli("priority", "--first", "Player One", "--db", str(db)).exit_code == 0
    result = run_cli(
        "objective", "objective-1", "--models", "player-two=0", "--models", "player-one=2",
        "--db", str(db),
    )  # fmt: skip
    assert result.exit_code == 0, result.stderr
