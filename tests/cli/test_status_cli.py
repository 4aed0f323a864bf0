"""What `aos status`, `aos game show` and `aos game log` show (issue 13 item 7): what players
ask about at the table, the army tables kept readable with one line per unit beneath."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.conftest import CliResult, RunCli


def aos(run_cli: RunCli, db: Path, *args: str, input: str | None = None) -> CliResult:
    result = run_cli(*args, "--db", str(db), input=input)
    assert result.exit_code == 0, result.stderr
    return result


@pytest.fixture
def db(tmp_path: Path, run_cli: RunCli) -> Path:
    """The demo armies in Ghur with a rolled terrain feature; Player One's charge phase after
    a spell cast and a failed charge, the Stardrake wounded."""
    path = tmp_path / "games.sqlite3"
    aos(run_cli, path, "game", "new", "--seed", "1", "--realm", "ghur", "--realmscape",
        "primal-violence", "--terrain", "Old Ruins=arcane+garrison")  # fmt: skip
    aos(run_cli, path, "priority", "--dice", "manual", input="6 1\n")
    aos(run_cli, path, "cast", "knight-incantor", "Arcane Bolt", "--target", "chainrasps",
        "--target-in-range", "--dice", "manual", "--answer", "arcane=no",
        input="4 4\n")  # fmt: skip
    aos(run_cli, path, "unbind", "--pass", "--dice", "manual", input="1\n")
    for _ in range(3):
        aos(run_cli, path, "next")
    aos(run_cli, path, "charge", "liberators", "--distance", "9", "--no-engaged",
        "--within-12", "--no-reroll", "--dice", "manual", input="1 2\n")  # fmt: skip
    aos(run_cli, path, "adjust", "stardrake", "--wounds", "6", "--reason", "a test")
    return path


def test_status_shows_what_was_used_failed_charges_and_the_battlefield(
    run_cli: RunCli, db: Path
) -> None:
    """Casts and failed charges this turn (AoS2 §15, §10), wounds left on the damaged model
    and the damage-table row in force (AoS2 §20.4), set-up choices (§25), realm and terrain."""
    for command in (("status",), ("game", "show")):
        out = " ".join(aos(run_cli, db, *command).stdout.split())
        assert "Battlefield: realm Ghur (realmscape feature: Primal Violence); terrain: " in out
        assert "Old Ruins (Arcane, may be garrisoned)" in out
        assert "cast Arcane Bolt" in out
        assert "charge failed" in out
        assert "Wounds lost" in out and "6 of 16 (10 left)" in out
        assert "command trait Zealous Crusader; artefact Strife-ender" in out
        assert 'damage table (6 wounds suffered): Move 11", ' in out


def test_status_json_carries_the_same_facts(run_cli: RunCli, db: Path) -> None:
    data = json.loads(aos(run_cli, db, "status", "--json").stdout)
    assert data["realm"] == "ghur" and data["terrain"][0]["name"] == "Old Ruins"
    units = {u["id"]: u for u in data["sides"][0]["units"]}
    assert units["knight-incantor"]["used_this_turn"] == ["cast Arcane Bolt"]
    assert units["liberators"]["charge_failed"] is True
    assert units["stardrake"]["wounds_left_on_damaged"] == 10
    assert units["stardrake"]["damage_table_row"]["move"] == "11"


def test_the_game_log_opens_with_the_battlefield_and_set_up_choices(
    run_cli: RunCli, db: Path
) -> None:
    out = " ".join(aos(run_cli, db, "game", "log").stdout.split())
    assert out.startswith("Battlefield: realm Ghur")
    assert "Lord-Celestant on Stardrake: command trait Zealous Crusader" in out
    assert "Knight-Incantor casts Arcane Bolt" in out


def test_aos2_first_status_shows_each_units_loadout(run_cli: RunCli, tmp_path: Path) -> None:
    """Before the first battle round the status says what each model carries (issue 23 §1):
    per weapon, how many models carry it, the champion's own weapon apart (AoS2 §5.3)."""
    path = tmp_path / "games.sqlite3"
    aos(run_cli, path, "game", "new", "--seed", "1")
    out = " ".join(aos(run_cli, path, "status").stdout.split())
    assert "Liberators: 8× Warhammer, 2× Grandhammer." in out
    assert "Grimghast Reapers: 9× Slasher Scythe, 1× Death-knell Scythe." in out
    aos(run_cli, path, "priority", "--dice", "manual", input="6 1\n")
    assert "8× Warhammer" not in aos(run_cli, path, "status").stdout
