"""`aos game new --garrison`, `aos garrison` and obstacles at the command line (issue 26;
AoS2 §4.4-§4.5, seed 000 p.11)."""

from __future__ import annotations

import json
from pathlib import Path

from tests.conftest import CliResult, RunCli

ENTER = ("--answer", "within-6-of-feature=yes", "--answer", "enemy-within-3-of-feature=no")


def aos(run_cli: RunCli, db: Path, *args: str, input: str | None = None) -> CliResult:
    return run_cli(*args, "--db", str(db), input=input)


def test_aos2_p11_garrisons_and_obstacles_at_the_command_line(
    run_cli: RunCli, tmp_path: Path
) -> None:
    """p.11: a unit set up garrisoning a feature holds it (the enemy cannot garrison it);
    another unit garrisons a feature instead of its move; `aos status` shows both and the
    obstacle; a missile attack asks whether the target is behind the obstacle."""
    db = tmp_path / "games.sqlite3"
    made = aos(run_cli, db, "game", "new", "--seed", "1",
               "--terrain", "Old Tower=none+garrison", "--terrain", "Keep=none+garrison",
               "--terrain", "Old Wall=none+obstacle", "--garrison", "Chainrasp Horde=Old Tower")  # fmt: skip
    assert made.exit_code == 0, made.stderr
    assert aos(run_cli, db, "priority", "--dice", "manual", input="6 1\n").exit_code == 0
    assert aos(run_cli, db, "next").exit_code == 0  # the movement phase
    held = aos(run_cli, db, "garrison", "judicators", "--feature", "Old Tower", *ENTER)
    assert held.exit_code == 1 and "Chainrasp Horde garrisons Old Tower already" in held.stderr
    took = aos(run_cli, db, "garrison", "judicators", "--feature", "keep", *ENTER)
    assert took.exit_code == 0, took.stderr
    assert "Judicators garrisons Keep" in " ".join(took.stdout.split())
    moved = aos(run_cli, db, "move", "judicators")
    assert moved.exit_code == 1 and "already moved" in moved.stderr
    out = " ".join(aos(run_cli, db, "status").stdout.split())
    assert "garrisons Keep" in out and "garrisons Old Tower" in out
    assert "Old Wall (no scenery rule, an obstacle)" in out
    units = json.loads(aos(run_cli, db, "status", "--json").stdout)["sides"][1]["units"]
    assert "garrisons Old Tower" in next(u for u in units if u["id"] == "chainrasps")["flags"]
    assert aos(run_cli, db, "next").exit_code == 0  # the shooting phase
    shot = aos(run_cli, db, "shoot", "prosecutors", "--target", "spirit-hosts", "--no-cover")
    assert shot.exit_code == 2 and "behind-obstacle" in shot.stderr
