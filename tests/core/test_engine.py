"""The one attack protocol (core/engine.py): Age of Sigmar's and 40k's engines both answer
`resolve`, `odds` and `mean`, with the shared result types, and agree with hand values."""

from __future__ import annotations

import pytest

from aos_cli.core.aos_engine import AOS_ENGINE, AosAttack
from aos_cli.core.attack import Attack, WeaponProfile
from aos_cli.core.dice import IMPOSSIBLE, ScriptedDice, parse_dice
from aos_cli.core.effects import TargetInfo
from aos_cli.core.engine import AttackEngine, AttackOdds, AttackResult
from aos_cli.systems.wh40k8.engine import ENGINE_40K, Attack40k, Target40k, Weapon40k


def aos_attack(save: int = 4) -> AosAttack:
    """AoS2 §14.4: 10 models, 2 attacks each, 3+ to hit, 4+ to wound, rend -1, Damage 1."""
    profile = WeaponProfile(parse_dice("2"), 3, 4, -1, parse_dice("1"), models=10)
    return AosAttack((Attack(profile),), TargetInfo(save), target_models=5, target_wounds=2)


def boltguns(save: int = 3) -> Attack40k:
    """40k8 §8: 10 boltgun shots, BS 3+, S4 against T4 (4+ to wound), AP 0, Damage 1."""
    weapon = Weapon40k(parse_dice("10"), 3, 4, 0, parse_dice("1"))
    return Attack40k((weapon,), Target40k(4, save, models=5, wounds=1))


ENGINES = [
    pytest.param(AOS_ENGINE, aos_attack(), 20 * 4 / 6 * 3 / 6 * 4 / 6, id="aos2-s14-4"),
    pytest.param(ENGINE_40K, boltguns(), 10 * 4 / 6 * 3 / 6 * 2 / 6, id="40k8-s8"),
]


@pytest.mark.parametrize(("engine", "spec", "hand"), ENGINES)
def test_engines_satisfy_the_attack_protocol_and_agree_with_hand_values(
    engine: AttackEngine[object], spec: object, hand: float
) -> None:
    """Each engine is an `AttackEngine`; its exact mean, its odds and the mean of its
    distribution all equal the hand-computed mean damage."""
    assert isinstance(engine, AttackEngine)
    odds = engine.odds(spec)
    assert isinstance(odds, AttackOdds)
    assert engine.mean(spec) == pytest.approx(hand, abs=1e-12)
    assert odds.mean_damage == pytest.approx(hand, abs=1e-9)
    assert odds.damage.total == pytest.approx(1.0, abs=1e-9)
    assert odds.slain is not None and odds.slain.high <= 5


def test_aos2_s14_4_engine_rolls_the_sequence_into_the_shared_result() -> None:
    """Two attacks: 6 and 2 to hit (3+), the hit wounds on a 5 (4+), the 4+ save with rend -1
    fails on a 4: one damage, one of two wounds lost on a 2-wound model."""
    profile = WeaponProfile(parse_dice("2"), 3, 4, -1, parse_dice("1"))
    spec = AosAttack((Attack(profile),), TargetInfo(4), target_models=1, target_wounds=2)
    result = AOS_ENGINE.resolve(spec, ScriptedDice([6, 2, 5, 4]))
    assert isinstance(result, AttackResult)
    assert (result.hits, result.wounds, result.unsaved, result.damage) == (1, 1, 1, 1)
    assert result.wounds_lost == 1 and result.wounds_left_on_damaged == 1


def test_40k8_s8_engine_rolls_the_sequence_into_the_shared_result() -> None:
    """Two shots at BS 3+ (6, 2), S4 v T4 wounds on a 4, the 3+ save fails on a 2; a
    feel-no-pain 5+ roll of 5 ignores the wound: no damage (40k8 §8.1-§8.5)."""
    weapon = Weapon40k(parse_dice("2"), 3, 4, 0, parse_dice("1"))
    spec = Attack40k((weapon,), Target40k(4, 3, feel_no_pain=5))
    result = ENGINE_40K.resolve(spec, ScriptedDice([6, 2, 4, 2, 5]))
    assert isinstance(result, AttackResult)
    assert (result.hits, result.wounds, result.unsaved) == (1, 1, 1)
    assert (result.damage_before_ward, result.ward_saved, result.damage) == (1, 1, 0)


def test_the_two_engines_agree_where_the_rules_agree() -> None:
    """A 4+ to hit, 4+ to wound attack with no rend or AP against no save: both systems give
    the same exact distribution (AoS2 §14.4, 40k8 §8 with S = T)."""
    aos = AosAttack(
        (Attack(WeaponProfile(parse_dice("6"), 4, 4, 0, parse_dice("D3"))),),
        TargetInfo(IMPOSSIBLE),
    )
    forty = Attack40k(
        (Weapon40k(parse_dice("6"), 4, 4, 0, parse_dice("D3")),), Target40k(4, IMPOSSIBLE)
    )
    a, b = AOS_ENGINE.odds(aos).damage, ENGINE_40K.odds(forty).damage
    assert a.low == b.low and a.high == b.high
    for value in range(a.low, a.high + 1):
        assert a.p(value) == pytest.approx(b.p(value), abs=1e-12)
    assert AOS_ENGINE.mean(aos) == pytest.approx(ENGINE_40K.mean(forty), abs=1e-12)
