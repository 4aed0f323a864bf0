"""`aos demo`: a whole battle with seeded dice and automatic choices (issue 6)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import RunCli


@pytest.mark.parametrize("seed", range(1, 9))
def test_demo_runs_to_the_end_for_many_seeds(run_cli: RunCli, seed: int) -> None:
    result = run_cli("demo", "--seed", str(seed), "--json")
    assert result.exit_code == 0, result.stderr
    report = json.loads(result.stdout)
    assert report["result"]["kind"] in ("major", "minor", "draw")
    assert 1 <= report["rounds_played"] <= 5
    points = report["victory_points"]
    assert report["victory_points_by_round"][-1] == list(points.values())


def test_demo_is_reproducible(run_cli: RunCli) -> None:
    first = run_cli("demo", "--seed", "3")
    second = run_cli("demo", "--seed", "3")
    assert first.stdout == second.stdout
    assert "Battle report" in first.stdout and "Round 1" in first.stdout


def test_report_counts_losses_by_phase_and_matches_the_armies(run_cli: RunCli) -> None:
    """The battle report's losses by round and phase add up to the models lost per unit."""
    report = json.loads(run_cli("demo", "--seed", "5", "--json").stdout)
    lost_by_unit: dict[str, int] = {}
    for row in report["losses_by_phase"]:
        lost_by_unit[row["unit"]] = lost_by_unit.get(row["unit"], 0) + row["models"]
        assert row["phase"] in ("hero", "movement", "shooting", "charge", "combat", "battleshock")
    for unit in report["losses"]:
        assert lost_by_unit.get(unit["unit"], 0) == unit["models_start"] - unit["models_left"]


def test_seeded_demo_is_byte_identical_under_any_hash_seed(tmp_path: Path) -> None:
    """A seeded `aos demo` prints the same bytes whatever PYTHONHASHSEED is (issue 12 item 21:
    the demo's choices once came from iterating a set of frozensets)."""
    outputs = []
    for hash_seed in ("0", "1", "12345"):
        env = {
            **os.environ,
            "PYTHONHASHSEED": hash_seed,
            "AOS_DB": str(tmp_path / f"{hash_seed}.db"),
        }
        done = subprocess.run(
            [sys.executable, "-m", "aos_cli", "demo", "--seed", "3"],
            env=env,
            capture_output=True,
            check=True,
        )
        outputs.append(done.stdout)
    assert outputs[0] == outputs[1] == outputs[2]


def test_demo_of_the_first_edition_fights_its_own_battleplan(run_cli: RunCli) -> None:
    """AoS1 demo armies fight Glorious Victory (AoS1 §5), their system's battleplan, whether
    named by --system or given as army lists: no AoS2 First Blood asked of them."""
    from aos_cli.app.start import bundled_armies

    by_system = run_cli("demo", "--system", "aos1", "--seed", "3", "--json")
    assert by_system.exit_code == 0, by_system.stderr
    lists = [str(p) for p in bundled_armies("aos1")]
    by_lists = run_cli("demo", "--army", lists[0], "--army", lists[1], "--seed", "3", "--json")
    assert by_lists.exit_code == 0, by_lists.stderr
    assert json.loads(by_system.stdout) == json.loads(by_lists.stdout)
    assert "percentage points" in run_cli("demo", "--system", "aos1", "--seed", "3").stdout


@pytest.mark.parametrize("seed", (1, 3))
def test_the_demo_names_no_command_to_run(run_cli: RunCli, seed: int) -> None:
    """Issue 13 item 14: the demo plays both sides, so its notes never tell anyone to run a
    command (`aos next`, `aos unbind`, `aos general UNIT`, `aos priority`)."""
    result = run_cli("demo", "--seed", str(seed))
    assert result.exit_code == 0, result.stderr
    assert "Battle round 1 is over." in result.stdout
    assert "`aos " not in result.stdout


def test_aos1_report_shows_no_victory_points_table(run_cli: RunCli) -> None:
    """AoS1 §5: Glorious Victory is decided by the losses, as a percentage; the report shows
    no victory points table there, while an AoS2 battleplan that awards VP keeps it."""
    aos1 = run_cli("demo", "--system", "aos1", "--seed", "3", "--quiet")
    assert aos1.exit_code == 0, aos1.stderr
    assert "percentage points" in aos1.stdout and "Victory points" not in aos1.stdout
    aos2 = run_cli("demo", "--seed", "3", "--quiet")
    assert "Victory points" in aos2.stdout


def test_a_side_that_attacked_once_has_no_luckiest_and_unluckiest_attack() -> None:
    """The luck report compares a side's attacks; one attack is both its best and its worst,
    so it is named in neither line (it stays in the luck table)."""
    from aos_cli.app.setup import build_setup
    from aos_cli.app.start import bundled_armies
    from aos_cli.core.turn import new_game
    from aos_cli.views.report import extremes

    state = new_game(build_setup(bundled_armies(), "first-blood", name="luck"))
    attack = {"side": 0, "round": 1, "phase": "shooting", "unit": "judicators",
              "target": "chainrasps", "expected": 2.0, "damage": 3}  # fmt: skip
    state.attack_log.append(attack)
    assert extremes(state) == []
    state.attack_log.append({**attack, "damage": 1})
    assert [e["which"] for e in extremes(state)] == ["luckiest", "unluckiest"]
