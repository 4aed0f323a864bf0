"""`aos plan` in a game (issue 29): text with bar charts, `--json` with the full
distributions, one attacker equal to `aos odds attack`, errors in one line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

from aos_cli.store import Store
from tests.conftest import RunCli

GOLDEN = Path(__file__).parents[1] / "golden"


def _shooting_phase(run_cli: RunCli, tmp_path: Path) -> Path:
    """The golden game in the Stormcast's shooting phase of round one."""
    db = tmp_path / "games.sqlite3"
    with Store(db) as store:
        store.create_game("golden", yaml.safe_load((GOLDEN / "armies_small.yaml").read_text()))
    assert run_cli("priority", "--first", "Stormcast", "--db", str(db)).exit_code == 0
    for _ in range(2):
        assert run_cli("next", "--db", str(db)).exit_code == 0
    return db


def test_plan_json_agrees_with_aos_odds_attack(run_cli: RunCli, tmp_path: Path) -> None:
    """AoS2 §14: the Judicators' Skybolt Bows (5 × 1/3+/3+/-1/1) at the Guardian of Souls
    (1 model, 5 Wounds, 4+) and at the Ethereal Chainrasps (20 × 1 Wound, 5+): `aos plan
    --json` gives the same distributions as `aos odds attack --json`, value for value."""
    db = _shooting_phase(run_cli, tmp_path)
    result = run_cli("plan", "--json", "--db", str(db))
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    pairs = {(p["unit"], p["target"]): p for p in data["pairs"]}
    for target, flags in (
        ("guardian-of-souls", ["--save", "4+", "--target-models", "1", "--target-wounds", "5"]),
        ("chainrasps", ["--save", "5+", "--ethereal", "--target-models", "20",
                        "--target-wounds", "1"]),
    ):  # fmt: skip
        odds = run_cli("odds", "attack", "5x1/3+/3+/-1/1", *flags, "--json")
        assert odds.exit_code == 0, odds.stderr
        expected = json.loads(odds.stdout)
        pair = pairs[("judicators", target)]
        assert pair["slain"] == expected["slain"]
        assert pair["damage"] == expected["damage"]
        assert pair["mean_slain"] == expected["mean_slain"]
    guardian = pairs[("judicators", "guardian-of-souls")]
    assert guardian["destroyed"] == guardian["slain"]["1"]
    assert data["plans"][0]["targets"][0]["units"] == ["judicators"]
    assert data["measure"] == "wounds"
    assert any("terrain feature" in q for q in data["assumed_no"])


def test_plan_text_has_the_table_the_bars_and_the_chart(run_cli: RunCli, tmp_path: Path) -> None:
    db = _shooting_phase(run_cli, tmp_path)
    result = run_cli(
        "plan", "--db", str(db), "--unit", "Judicators", "--target", "Guardian of Souls"
    )
    assert result.exit_code == 0, result.stderr
    out = result.stdout
    assert "Plan for the shooting phase of Stormcast" in out
    assert "Chance to destroy (models slain expected)" in out
    assert "Judicators on Guardian of Souls, in this order:" in out
    assert "after Judicators: 0.2% destroyed" in out
    assert "Models slain" in out and "█" in out
    assert "Best plans" in out


def test_plan_errors_are_one_line(run_cli: RunCli, tmp_path: Path) -> None:
    db = _shooting_phase(run_cli, tmp_path)
    result = run_cli("plan", "--db", str(db), "--target", "Nobody")
    assert result.exit_code == 2  # a usage error
    assert "--target: 'Nobody' is not a unit these may attack now" in result.stderr
    assert "Traceback" not in result.stderr
    assert run_cli("next", "--db", str(db)).exit_code == 0
    assert run_cli("next", "--db", str(db)).exit_code == 0  # past the charge phase, to combat
    fight = run_cli("plan", "--db", str(db), "--unit", "Judicators")
    assert fight.exit_code == 0 and "Plan for the combat phase of Stormcast" in fight.stdout
    assert run_cli("next", "--db", str(db)).exit_code == 0  # the battleshock phase
    outside = run_cli("plan", "--db", str(db))
    assert outside.exit_code == 1
    assert outside.stderr.strip().splitlines()[0].startswith("aos: error: no unit may shoot")


def test_plan_after_the_dice_follows_the_rolls(run_cli: RunCli, tmp_path: Path) -> None:
    """Issue 29 item 4 with dice rolled at the table: 5 Skybolt Bows at the Guardian of Souls
    (5 Wounds, 4+, Rend -1: unsaved on 1-4): before the roll all five must hit, wound and go
    unsaved, (2/3)^3^5; after 5 wound rolls succeed, only the saves are left, (2/3)^5."""
    db = _shooting_phase(run_cli, tmp_path)
    base = ("plan", "--db", str(db), "--unit", "judicators", "--target", "guardian-of-souls")
    result = run_cli(*base, "--wounds", "5", "--json")
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["destroyed_before"] == pytest.approx((2 / 3) ** 15, abs=1e-12)
    assert data["destroyed_now"] == pytest.approx((2 / 3) ** 5, abs=1e-12)
    text = run_cli(*base, "--hits", "4")
    assert "0.2% before the roll, 0% after 4 hits" in text.stdout
    both = run_cli(*base, "--hits", "4", "--wounds", "3")
    assert both.exit_code == 2 and "give --hits or --wounds, not both" in both.stderr
