"""Speed of the exact odds (issue 3): the mean path, a full unit distribution, how the time grows
with the number of attacks, and whole `aos odds attack` commands against a bare Typer+Rich one.

Run on demand: `python -m pytest benchmarks/bench_odds.py --benchmark-columns=mean,stddev`.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from aos_cli.core.attack import Attack, WeaponProfile
from aos_cli.core.dice import Reroll, parse_dice
from aos_cli.core.effects import (
    Effect,
    ExplodingHits,
    RerollRoll,
    TargetInfo,
    Ward,
    compile_effects,
)
from aos_cli.core.odds import attack_odds, mean_damage

HERE = Path(__file__).parent


def weapon(
    attacks: str, hit: int, wound: int, rend: int, damage: str, models: int, *effects: Effect
) -> Attack:
    profile = WeaponProfile(parse_dice(attacks), hit, wound, rend, parse_dice(damage), models)
    return Attack(profile, compile_effects(effects))


TARGET = TargetInfo(4)
UNIT_20 = [weapon("2", 3, 4, -1, "1", 20, RerollRoll("hit", Reroll.ONES))]
UNIT_40 = [
    weapon("2", 3, 4, -1, "D3", 40, RerollRoll("hit", Reroll.ONES), ExplodingHits(6, parse_dice("1")), Ward(6)),
    weapon("1", 4, 3, -2, "D3", 40, RerollRoll("wound", Reroll.FAILED), Ward(6)),
]  # fmt: skip


def test_mean_of_a_20_model_unit(benchmark: pytest.FixtureRequest) -> None:
    """The linear mean of a 20-model unit's attack: microseconds."""
    result = benchmark(mean_damage, UNIT_20, TARGET)  # type: ignore[operator]
    assert result > 0


def test_full_distribution_of_a_40_model_unit(benchmark: pytest.FixtureRequest) -> None:
    """Damage and models-slain distributions: 40 models, two profiles, D3 damage, rerolls,
    exploding hits and a 6+ ward against 2-wound models (target: well under 5 ms)."""
    odds = benchmark(  # type: ignore[operator]
        attack_odds, UNIT_40, TARGET, target_models=40, target_wounds=2
    )
    assert odds.slain is not None


@pytest.mark.parametrize("count", [10, 100, 1_000, 10_000])
def test_scaling_with_the_number_of_attacks(benchmark: pytest.FixtureRequest, count: int) -> None:
    """The full damage distribution of `count` attacks (D3 damage, rerolls, exploding, ward):
    the growth from 10 to 1,000 attacks must stay near-quadratic at worst."""
    unit = [
        weapon(str(count), 3, 4, -1, "D3", 1, RerollRoll("hit", Reroll.ONES), ExplodingHits(6, parse_dice("1")), Ward(6))
    ]  # fmt: skip
    odds = benchmark(attack_odds, unit, TARGET)  # type: ignore[operator]
    assert abs(odds.damage.total - 1.0) < 1e-9


COMMANDS = {
    "bare_typer_rich": [sys.executable, str(HERE / "bare_typer_rich.py")],
    "odds_attack_table": [
        sys.executable, "-m", "aos_cli", "odds", "attack", "10x2/3+/4+/-1/D3",
        "--target-models", "10", "--target-wounds", "2",
    ],
    "odds_attack_chart": [
        sys.executable, "-m", "aos_cli", "odds", "attack", "10x2/3+/4+/-1/D3", "--save", "4+",
        "--reroll-hits", "ones", "--exploding", "6:1", "--ward", "6+",
        "--target-models", "10", "--target-wounds", "2",
    ],
    "odds_attack_json": [
        sys.executable, "-m", "aos_cli", "odds", "attack", "--models", "10", "--attacks", "2",
        "--hit", "4+", "--wound", "4+", "--rend", "0", "--damage", "1", "--extra-attacks", "1",
        "--save", "4+", "--json",
    ],
    "odds_charge": [sys.executable, "-m", "aos_cli", "odds", "charge", "--distance", "8"],
}  # fmt: skip


@pytest.mark.parametrize("name", list(COMMANDS))
def test_odds_command_wall_time(benchmark: pytest.FixtureRequest, name: str) -> None:
    """One process start to finish; compare each mean with bare_typer_rich's (budget 1.3x)."""
    command = COMMANDS[name]

    def run() -> None:
        subprocess.run(command, check=True, capture_output=True, env={"NO_COLOR": "1", "PATH": ""})

    benchmark.pedantic(run, rounds=15, warmup_rounds=2)  # type: ignore[attr-defined]
