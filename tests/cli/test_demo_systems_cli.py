"""`aos demo` of the systems whose phases are not Age of Sigmar 2nd edition's (issue 27): 40k
8th edition and Middle-earth play whole seeded battles, the same bytes under any hash seed."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import RunCli

ONLY_WAR = ("only-war", "only-war-slay-and-secure", "only-war-ancient-relic", "only-war-domination")


@pytest.mark.parametrize("battleplan", ONLY_WAR)
@pytest.mark.parametrize("seed", (1, 4))
def test_40k8_s17_8_demo_plays_only_war_to_its_end(
    run_cli: RunCli, battleplan: str, seed: int
) -> None:
    """40k8 §17.8: five battle rounds, or until one army has destroyed all of its enemies; the
    demo plays every phase of 40k8 §3 and ends with the report (`aos demo --help` lists wh40k8)."""
    result = run_cli(
        "demo", "--system", "wh40k8", "--battleplan", battleplan, "--seed", str(seed), "--json"
    )
    assert result.exit_code == 0, result.stderr
    report = json.loads(result.stdout)
    assert report["result"]["kind"] in ("win", "major", "minor", "draw")
    assert 1 <= report["rounds_played"] <= 5


def test_40k8_s3_demo_walks_the_six_phases(run_cli: RunCli) -> None:
    out = run_cli("demo", "--system", "wh40k8", "--seed", "3").stdout
    for phase in ("movement", "psychic", "shooting", "charge", "fight", "morale"):
        assert f"· {phase} phase" in out
    assert "Battle report" in out and "`aos " not in out


@pytest.mark.parametrize("system", ("aos2", "aos1", "wh40k8", "mesbg"))
def test_seeded_demo_of_every_system_is_the_same_under_any_hash_seed(
    tmp_path: Path, system: str
) -> None:
    outputs = []
    for hash_seed in ("0", "4242"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed, "AOS_DB": str(tmp_path / "x.db")}
        done = subprocess.run(
            [sys.executable, "-m", "aos_cli", "demo", "--system", system, "--seed", "7"],
            env=env,
            capture_output=True,
            check=True,
        )
        outputs.append(done.stdout)
    assert outputs[0] == outputs[1] and b"Battle report" in outputs[0]


@pytest.mark.parametrize("seed", (1, 2, 3))
def test_mesbg_s2_demo_casts_duels_and_ends(run_cli: RunCli, seed: int) -> None:
    """Item 20: `aos demo --system mesbg` plays the demo forces turn by turn: the heroes with
    magical powers cast them in the Move phase (mesbg §2.1; Aragorn and Lurtz know none), the
    heroes duel in the Fight phase (§5), until a force is reduced to a quarter."""
    result = run_cli("demo", "--system", "mesbg", "--seed", str(seed))
    assert result.exit_code == 0, result.stderr
    out = result.stdout
    assert "Turn 1 · Move phase" in out and "Battle report" in out
    assert "Aragorn casts" not in out and "Lurtz casts" not in out
    assert "wins the Fight" in out and "The battle ends" in out
    data = json.loads(run_cli("demo", "--system", "mesbg", "--seed", str(seed), "--json").stdout)
    assert {h["name"] for h in data["heroes"]} == {"Aragorn", "Gandalf", "Lurtz", "Saruman"}
