"""Wall time of whole `aos` commands, start-up included, against the bare Typer+Rich yardstick.

Run on demand: `python -m pytest benchmarks/bench_cli.py --benchmark-columns=mean,stddev`.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).parent

COMMANDS = {
    "bare_typer_rich": [sys.executable, str(HERE / "bare_typer_rich.py")],
    "roll_attack": [
        sys.executable, "-m", "aos_cli", "roll", "attack", "10x2/3+/4+/-1/D3", "--save", "4+",
        "--target-models", "5", "--target-wounds", "2",
    ],
    "roll_attack_json": [
        sys.executable, "-m", "aos_cli", "roll", "attack", "--models", "10", "--attacks", "2",
        "--hit", "3+", "--wound", "4+", "--rend", "-1", "--damage", "1", "--save", "4+",
        "--seed", "7", "--json",
    ],
    "roll_charge": [sys.executable, "-m", "aos_cli", "roll", "charge", "--distance", "8"],
}  # fmt: skip


@pytest.mark.parametrize("name", list(COMMANDS))
def test_command_wall_time(benchmark: pytest.FixtureRequest, name: str) -> None:
    """Time one process start to finish; compare each mean with bare_typer_rich's."""
    command = COMMANDS[name]

    def run() -> None:
        subprocess.run(command, check=True, capture_output=True, env={"NO_COLOR": "1", "PATH": ""})

    benchmark.pedantic(run, rounds=15, warmup_rounds=2)  # type: ignore[attr-defined]
