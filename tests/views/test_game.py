"""The army table and its JSON: characteristics as the game uses them."""

from __future__ import annotations

import json
from pathlib import Path

from tests.conftest import RunCli


def test_status_shows_the_bravery_a_champion_lends(run_cli: RunCli, tmp_path: Path) -> None:
    """AoS2 §20.3 (champions): a Chainrasp Horde led by its Dreadwarden uses his Bravery of 10
    in its battleshock test, so the army table says 10, not the warscroll's 6."""
    db = str(tmp_path / "games.sqlite3")
    assert run_cli("game", "new", "--seed", "1", "--db", db).exit_code == 0
    shown = run_cli("status", "--json", "--db", db)
    assert shown.exit_code == 0, shown.stderr
    units = {
        unit["id"]: unit for side in json.loads(shown.stdout)["sides"] for unit in side["units"]
    }
    assert units["chainrasps"]["bravery"] == 10
    assert units["liberators"]["bravery"] == 7
