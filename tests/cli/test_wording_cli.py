"""What the in-game commands print, written for players (issue 13 item 15): unit names not
ids, plurals as a person says them, no question asked in the negative."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from aos_cli.store import Store
from tests.conftest import CliResult, RunCli

GOLDEN = Path(__file__).parents[1] / "golden"


@pytest.fixture
def db(tmp_path: Path) -> Path:
    """The golden game (Stormcast against Nighthaunt) as the current game."""
    path = tmp_path / "games.sqlite3"
    with Store(path) as store:
        store.create_game("golden", yaml.safe_load((GOLDEN / "armies_small.yaml").read_text()))
    return path


def aos(run_cli: RunCli, db: Path, *args: str, input: str | None = None) -> CliResult:
    result = run_cli(*args, "--db", str(db), input=input)
    assert result.exit_code == 0, result.stderr
    return result


def test_deny_help_is_40k_wording_only(run_cli: RunCli) -> None:
    """`aos deny --help` (40k8 §5.5) repeats nothing of the AoS unbind (AoS2 §15)."""
    shown = run_cli("deny", "--help").stdout
    assert "Deny the Witch" in shown
    assert "AoS2" not in shown and "unbinding wizard" not in shown


def test_a_retreat_names_the_unit_not_its_id(run_cli: RunCli, db: Path) -> None:
    """AoS2 §8.3: the note of a retreat says which unit by name."""
    aos(run_cli, db, "priority", "--dice", "manual", input="6 1\n")
    aos(run_cli, db, "next")
    out = aos(run_cli, db, "retreat", "liberators").stdout
    assert "Liberators retreats: it cannot shoot or charge this turn." in out


def test_one_hit_and_one_wound_are_said_in_the_singular(run_cli: RunCli, db: Path) -> None:
    """AoS2 §14: the attack line counts `1 hit, 1 wound`, never `1 hits, 1 wounds`."""
    aos(run_cli, db, "priority", "--dice", "manual", input="6 1\n")
    aos(run_cli, db, "next")
    aos(run_cli, db, "next")
    shot = aos(
        run_cli, db, "shoot", "judicators", "--target", "chainrasps", "--no-cover",
        "--no-engaged", "--in-range", "--dice", "manual", input="6 1 1 1 1\n6\n1\n",
    ).stdout  # fmt: skip
    assert "5 attacks, 1 hit, 1 wound, 1 unsaved" in shot


def test_one_mortal_wound_has_no_parenthesised_plural(run_cli: RunCli, db: Path) -> None:
    """AoS2 §15 Arcane Bolt: `suffers 1 mortal wound`, not `1 mortal wound(s)`."""
    aos(run_cli, db, "priority", "--dice", "manual", input="1 6\n")
    out = aos(
        run_cli, db, "cast", "guardian", "Arcane Bolt", "--target", "liberators",
        "--target-in-range", "--dice", "manual", input="4 4\n",
    ).stdout  # fmt: skip
    assert "Liberators suffers 1 mortal wound." in out and "(s)" not in out


def test_status_titles_each_army_without_saying_a_name_twice(run_cli: RunCli) -> None:
    """The demo armies' players are the sides: `Player One: Hammers of Azyr`, never
    `Player One (Player One)`."""
    out = run_cli("demo", "--seed", "3").stdout
    assert "Player One (Player One)" not in out
    assert "Player One: Hammers of Azyr" in out


def test_the_score_names_the_battleplan(run_cli: RunCli, db: Path) -> None:
    """The score's title is the battleplan's name, not its id."""
    out = aos(run_cli, db, "score").stdout
    assert "Score · First Blood" in out and "first_blood" not in out


def test_the_pass_question_is_asked_without_a_double_negative(run_cli: RunCli, db: Path) -> None:
    """AoS2 §11: passing is allowed when every unit that could fight has fought; the
    question says so plainly."""
    aos(run_cli, db, "priority", "--dice", "manual", input="6 1\n")
    for _ in range(4):
        aos(run_cli, db, "next")
    asked = run_cli("pass", "--db", str(db))
    assert asked.exit_code != 0
    assert 'has every unit of Stormcast within 3" of an enemy already fought' in asked.stderr
    assert "no unit left" not in asked.stderr


def test_the_luck_table_counts_shots_and_fights(run_cli: RunCli) -> None:
    """The battle report's luck table counts the times a unit shot or fought, and says so."""
    out = run_cli("demo", "--seed", "3").stdout
    luck = out.split("Luck: damage dealt")[1]
    assert "Shots/fights" in luck.splitlines()[2]


def test_a_slain_hero_is_named_not_counted(run_cli: RunCli) -> None:
    """AoS2 §18 First Blood's points: `slew Knight of Shrouds (Wounds 5)`, never
    `slew 1 Knight of Shrouds (Wounds 5 each)`; a unit's models are counted as models."""
    out = " ".join(run_cli("demo", "--seed", "3").stdout.split())
    assert "scores 5 VP: slew Knight of Shrouds (Wounds 5)." in out
    assert "(Wounds 5 each)" not in out and "slew 1 Knight" not in out
    assert "slew 2 models of Prosecutors with Stormcall Javelins (Wounds 2 each)" in out
    assert "slew 1 model of Prosecutors with Stormcall Javelins (Wounds 2)." in out
