"""The Lord-Celestant on Stardrake's seed rules through the commands (AoS2 §27.3, seed 000;
issue 26): Arcane Lineage with `aos cast --nudge`, Lord of the Heavens and Cavernous Jaws with
`aos ability`, their dice typed at the table (`--dice manual`) like every other roll."""

from __future__ import annotations

import json
from pathlib import Path

from tests.conftest import CliResult, RunCli


def aos(run_cli: RunCli, db: Path, *args: str, stdin: str | None = None) -> CliResult:
    result = (
        run_cli(*args, "--db", str(db), input=stdin) if stdin else run_cli(*args, "--db", str(db))
    )
    assert result.exit_code == 0, result.stderr
    return result


def new_game(run_cli: RunCli, tmp_path: Path) -> Path:
    db = tmp_path / "games.sqlite3"
    aos(run_cli, db, "game", "new", "--battleplan", "first-blood")
    aos(run_cli, db, "priority", "--first", "Player One", "--seed", "1")
    return db


def test_aos2_s27_3_arcane_lineage_with_aos_cast_nudge(run_cli: RunCli, tmp_path: Path) -> None:
    """`aos cast --nudge 1`: a typed 2 and 2 is a casting roll of 5 for the Knight-Incantor
    within 18" of the Stardrake, enough for Arcane Bolt; further away it is refused."""
    db = new_game(run_cli, tmp_path)
    base = ("cast", "knight-incantor", "Arcane Bolt", "--target", "chainrasps",
            "--target-in-range", "--nudge", "1", "--dice", "manual")  # fmt: skip
    far = run_cli(*base, "--answer", "in-aura:stardrake:arcane-lineage=no", "--db", str(db),
                  input="2 2\n")  # fmt: skip
    assert far.exit_code != 0 and "no ability in force" in far.stderr
    cast = aos(run_cli, db, *base, "--answer", "in-aura:stardrake:arcane-lineage=yes",
               stdin="2 2\n")  # fmt: skip
    assert "Arcane Lineage: Player One changes the roll of Knight-Incantor by +1." in cast.stdout
    assert "casts Arcane Bolt with 5" in cast.stdout


def test_aos2_s27_3_rain_of_stars_with_aos_ability(run_cli: RunCli, tmp_path: Path) -> None:
    """`aos ability stardrake "Rain of Stars"` in your shooting phase: a typed 1 picks one
    unit (the one answered), whose 3 misses the 4+."""
    db = new_game(run_cli, tmp_path)
    for _ in range(2):
        aos(run_cli, db, "next")
    status = json.loads(aos(run_cli, db, "status", "--json").stdout)
    assert status["phase"] == "shooting"
    rained = aos(run_cli, db, "ability", "stardrake", "Rain of Stars", "--answer",
                 "pick:knight-of-shrouds=yes", "--dice", "manual", stdin="1\n3\n")  # fmt: skip
    assert "Rain of Stars: rolled 1, units picked: Knight of Shrouds." in rained.stdout
    again = run_cli("ability", "stardrake", "Roiling Thunderhead", "--target", "chainrasps",
                    "--db", str(db))  # fmt: skip
    assert again.exit_code != 0  # one way, once in the phase
