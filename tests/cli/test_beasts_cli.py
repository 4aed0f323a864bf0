"""`aos beast`, the prey each battle round and `aos status` at the command line: Ghur's
Monstrous Beasts (issue 26; seed 000 p.16, AoS2 §24.2)."""

from __future__ import annotations

import json
from pathlib import Path

from tests.conftest import CliResult, RunCli

MONSTER = """\
schema_version: 1
system: aos2
warscrolls:
  - id: test-beast
    name: Test Beast
    faction: Monsters
    move: 10
    wounds: 10
    bravery: 6
    save: 4+
    melee_weapons:
      - {id: jaws, name: Jaws, range: 2, attacks: 3, to_hit: 4+, to_wound: 3+, rend: -1, damage: 2}
    keywords: [DESTRUCTION, MONSTER]
"""
"""A Monster that is not a Hero, in a content folder of its own."""


def aos(run_cli: RunCli, db: Path, *args: str, input: str | None = None) -> CliResult:
    return run_cli(*args, "--db", str(db), input=input)


def test_p16_ghur_monstrous_beast_at_the_command_line(run_cli: RunCli, tmp_path: Path) -> None:
    """p.16: `aos beast` sets up a Monster that is not a Hero after set-up; `aos status` shows
    it as part of neither army, then, once the priority roll begins the round, in the army
    opposing its prey; a Hero is refused in one line."""
    content = tmp_path / "content"
    content.mkdir()
    (content / "beast.yaml").write_text(MONSTER, encoding="utf-8")
    db = tmp_path / "games.sqlite3"
    made = aos(run_cli, db, "game", "new", "--seed", "1", "--realm", "ghur",
               "--realmscape", "savage-hinterlands")  # fmt: skip
    assert made.exit_code == 0, made.stderr
    both = aos(run_cli, db, "beast", "Test Beast", "--none")
    assert both.exit_code == 2 and "not both" in both.stderr
    hero = aos(run_cli, db, "beast", "Lord-Celestant on Stardrake", "--answer", "beast-clear=yes")
    assert hero.exit_code == 1 and "must be a Monster that is not a Hero" in hero.stderr
    missing = aos(run_cli, db, "beast", "Test Beast", "--content", str(content))
    assert missing.exit_code == 2 and "beast-clear" in missing.stderr
    placed = aos(run_cli, db, "beast", "Test Beast", "--content", str(content),
                 "--answer", "beast-clear=yes")  # fmt: skip
    assert placed.exit_code == 0, placed.stderr
    assert "sets up Test Beast, part of neither army" in " ".join(placed.stdout.split())
    assert aos(run_cli, db, "beast", "--none").exit_code == 0
    waiting = " ".join(aos(run_cli, db, "status").stdout.split())
    assert "Monstrous beasts, part of neither army" in waiting and "Test Beast" in waiting
    italian = " ".join(aos(run_cli, db, "status", "--lang", "it").stdout.split())
    assert "Entroterra selvaggio" in italian and "Bestie mostruose, di nessun esercito" in italian
    rolled = aos(run_cli, db, "priority", "--dice", "manual",
                 "--answer", "prey-tie:test-beast=no", "--answer", "prey-nearer:test-beast=yes",
                 input="6 1\n")  # fmt: skip
    assert rolled.exit_code == 0, rolled.stderr
    assert "Test Beast hunts the army of" in " ".join(rolled.stdout.split())
    shown = json.loads(aos(run_cli, db, "status", "--json").stdout)
    assert shown["beasts"][0]["prey"] == 0 and shown["beasts"][0]["side"] == 1
    units = shown["sides"][1]["units"]
    beast = next(u for u in units if u["id"] == "test-beast")
    assert any(f.startswith("monstrous beast, hunting") for f in beast["flags"])
    table = " ".join(aos(run_cli, db, "status").stdout.split())
    assert "monstrous beast, hunting" in table
    log = " ".join(aos(run_cli, db, "game", "log", "--lang", "hu").stdout.split())
    assert "Test Beast" in log and "hunts the army" not in log


def test_p16_ghur_monstrous_beast_offered_in_play(run_cli: RunCli, tmp_path: Path) -> None:
    """p.16: `aos play` offers the player who finished setting up first a monstrous beast
    before the priority roll, lists the Monsters that are not Heroes in the rules database and
    asks the 9" question; then the other player; then the priority roll, whose round asks the
    beast's prey."""
    content = tmp_path / "content"
    content.mkdir()
    (content / "beast.yaml").write_text(MONSTER, encoding="utf-8")
    db = tmp_path / "games.sqlite3"
    made = aos(run_cli, db, "game", "new", "--seed", "1", "--realm", "ghur",
               "--realmscape", "savage-hinterlands")  # fmt: skip
    assert made.exit_code == 0, made.stderr
    answers = [
        "1",  # Player One: set up a monstrous beast
        "1",  # the first (only) Monster: Test Beast
        "y",  # more than 9" away
        "5",  # Player Two: set up none (the menu keeps each option's number)
        "q",
    ]
    played = run_cli("play", "--db", str(db), "--dice", "manual",
                     input="\n".join(answers) + "\n", env={"AOS_CONTENT": str(content)})  # fmt: skip
    assert played.exit_code == 0, played.stderr
    out = " ".join(played.stdout.split())
    assert "set up a monstrous beast (a Monster that is not a Hero)" in out
    assert "1. Test Beast" in out
    assert "sets up Test Beast, part of neither army" in out
    assert "sets up no monstrous beast" in out
    shown = json.loads(aos(run_cli, db, "status", "--json").stdout)
    assert [b["id"] for b in shown["beasts"]] == ["test-beast"]
