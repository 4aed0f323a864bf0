"""The dice of every step shown by the in-game commands (issue 13 item 9): the tool's dice as
`aos roll attack` shows them, and the players' dice asked for by unit, weapon and die."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import CliResult, RunCli


@pytest.fixture
def db(tmp_path: Path, run_cli: RunCli) -> Path:
    """The demo armies, Player One (Stormcast) in the shooting phase of round 1."""
    path = tmp_path / "games.sqlite3"
    aos(run_cli, path, "game", "new", "--seed", "1")
    aos(run_cli, path, "priority", "--dice", "manual", input="6 1\n")
    aos(run_cli, path, "next")
    aos(run_cli, path, "next")
    return path


def aos(run_cli: RunCli, db: Path, *args: str, input: str | None = None) -> CliResult:
    result = run_cli(*args, "--db", str(db), input=input)
    assert result.exit_code == 0, result.stderr
    return result


def test_aos_shoot_shows_the_dice_of_each_step(run_cli: RunCli, db: Path) -> None:
    """AoS2 §14: hits, wounds and saves, each with its dice and what it needed, per weapon
    (the champion's attacks apart: the Judicator-Prime hits at +1, AoS2 §20.3)."""
    out = aos(
        run_cli, db, "shoot", "judicators", "--target", "chainrasps", "--no-cover",
        "--no-engaged", "--in-range", "--seed", "4",
    ).stdout  # fmt: skip
    lines = [line.strip() for line in out.splitlines()]
    ordinary = next(line for line in lines if line.startswith("Judicators, Skybolt Bow: hit 3+:"))
    assert "; wound 3+:" in ordinary or "→ 0 hits" in ordinary
    assert any(line.startswith("Judicator-Prime, Skybolt Bow: hit 3+ +1:") for line in lines)
    assert any(line.startswith("Judicators, Shockbolt Bow: hit 3+:") for line in lines)


def test_players_dice_are_asked_for_by_unit_weapon_and_die(run_cli: RunCli, db: Path) -> None:
    """With the players' dice, each prompt says whose dice they are: the Judicator-Prime's
    +1 to hit die is asked for on its own."""
    shot = aos(
        run_cli, db, "shoot", "judicators", "--target", "chainrasps", "--no-cover",
        "--no-engaged", "--in-range", "--dice", "manual", input="1 1 1\n1\n1\n",
    )  # fmt: skip
    assert "Roll 3 dice for Judicators, Skybolt Bow: hit rolls (3+)" in shot.stderr
    assert "Roll 1 die for Judicator-Prime, Skybolt Bow: hit rolls (3+ +1)" in shot.stderr
    assert "Roll 1 die for Judicators, Shockbolt Bow: hit rolls (3+)" in shot.stderr


def test_the_save_and_battleshock_prompts_name_the_unit(run_cli: RunCli, db: Path) -> None:
    """The save rolls are the target's, against the weapon (AoS2 §14.4); the battleshock
    test names the unit that takes it (AoS2 §12)."""
    shot = aos(
        run_cli, db, "shoot", "judicators", "--target", "chainrasps", "--no-cover",
        "--no-engaged", "--in-range", "--dice", "manual", input="6 6 6\n6 6 6\n1 1 1\n1\n1\n1 1 1\n",
    )  # fmt: skip
    assert "Chainrasp Horde: save rolls against Judicators, Skybolt Bow (5+)" in shot.stderr
    # the demo's Nighthaunt army has its allegiance: Deathless Spirits' ward is rolled too
    assert "Chainrasp Horde: ward rolls (6+)" in shot.stderr
    for _ in range(3):
        aos(run_cli, db, "next")
    shock = aos(run_cli, db, "battleshock", "--dice", "manual", input="1\n")
    assert "Roll 1 die for the battleshock test of Chainrasp Horde (D6)" in shock.stderr


def test_a_reminder_shows_the_rules_text_and_what_to_record(
    run_cli: RunCli, tmp_path: Path
) -> None:
    """Issue 13 item 6 (DESIGN principle 3): an ability the tool cannot apply itself is
    shown with its warscroll text at its timing, and says what to record afterwards (the
    Knight-Incantor's Voidstorm Scroll, in the enemy's hero phase)."""
    db = tmp_path / "reminder.sqlite3"
    aos(run_cli, db, "game", "new", "--seed", "1")
    aos(run_cli, db, "priority", "--dice", "manual", input="1 6\n")
    out = aos(run_cli, db, "ability", "knight-incantor", "Voidstorm Scroll").stdout
    flat = " ".join(out.split())
    assert "Voidstorm Scroll: apply it at the table. Once per battle, when this model" in flat
    assert "Then record anything it changes" in flat
