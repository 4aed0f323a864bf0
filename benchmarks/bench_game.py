"""Speed of a game's commands: `aos status` on 1,000 models per side, and one action.

Run on demand: `python -m pytest benchmarks/bench_game.py --benchmark-columns=mean,min`.
"""

from __future__ import annotations

import copy
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml

from aos_cli.app.games import load, perform
from aos_cli.core.dice import SeededDice
from aos_cli.store import Store
from aos_cli.views.game import status_json

GOLDEN = Path(__file__).parents[1] / "tests" / "golden" / "armies_small.yaml"


def big_setup() -> dict[str, Any]:
    """Each side: 50 units of 20 models (1,000 models), from the golden profiles."""
    setup: dict[str, Any] = yaml.safe_load(GOLDEN.read_text())
    for side in setup["sides"]:
        template = side["units"][0]
        units = []
        for number in range(50):
            unit = copy.deepcopy(template)
            unit["id"] = f"{template['id']}-{number}"
            unit["name"] = f"{template['name']} {number}"
            unit["models"] = 20
            units.append(unit)
        side["units"] = units
    return setup


@pytest.fixture(scope="module")
def big_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    db = tmp_path_factory.mktemp("bench") / "games.sqlite3"
    with Store(db) as store:
        game = store.create_game("big", big_setup())
        perform(store, game, "priority", {}, SeededDice(1))
        for _ in range(20):
            perform(store, game, "adjust", {"unit": "liberators-1", "wounds": 1}, SeededDice(1))
    return db


def test_status_in_process(benchmark: Any, big_db: Path) -> None:
    """Open the store, replay the game and build the status JSON."""

    def status() -> dict[str, Any]:
        with Store(big_db) as store:
            return status_json(load(store, 1).state, 1)

    data = benchmark(status)
    assert sum(u["models"] for u in data["sides"][0]["units"]) > 900


def test_status_command_wall_time(benchmark: Any, big_db: Path) -> None:
    """`aos status` end to end on 1,000 models per side, Rich tables included."""
    command = [sys.executable, "-m", "aos_cli", "status", "--db", str(big_db)]

    def run() -> None:
        subprocess.run(command, check=True, capture_output=True, env={"NO_COLOR": "1", "PATH": ""})

    benchmark.pedantic(run, rounds=8, warmup_rounds=1)
