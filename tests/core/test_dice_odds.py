"""Odds that follow the dice (issue 29 item 4): the chance to destroy the target just before a
weapon's hit and wound rolls and once they are known, checked against hand-computed values
(AoS2 §14.4 the attack sequence, §14.7/§14.10 wounds carried over, §14.11 wards)."""

from __future__ import annotations

import pytest

from aos_cli.core.aos_engine import AOS_ENGINE, AosAttack
from aos_cli.core.attack import Attack, WeaponProfile, resolve_attacks
from aos_cli.core.dice import IMPOSSIBLE, ScriptedDice, fixed, parse_dice
from aos_cli.core.dice_odds import StageOdds, following
from aos_cli.core.effects import (
    Effect,
    ExplodingHits,
    MortalWoundsOnRoll,
    TargetInfo,
    compile_effects,
)


def weapon(attacks: int, hit: int, wound: int, *effects: Effect, name: str = "Bow") -> Attack:
    """A Damage 1, Rend 0 weapon of one model."""
    profile = WeaponProfile(parse_dice(str(attacks)), hit, wound, 0, fixed(1), 1, name)
    return Attack(profile, compile_effects(effects))


def follow(spec: AosAttack, dice: list[int]) -> list[StageOdds]:
    """Roll the attack with scripted dice and keep the odds told at each stage."""
    told: list[StageOdds] = []
    source = ScriptedDice(dice)
    resolve_attacks(
        spec.attacks, spec.target, source, target_models=spec.target_models,
        target_wounds=spec.target_wounds, ward=spec.ward, watch=following(spec, told.append),
    )  # fmt: skip
    assert source.remaining == 0
    return told


def test_one_model_with_two_wounds_left_hit_then_wound_rolls() -> None:
    """3 attacks hitting and wounding on 4+, a 6+ save, Damage 1, at 1 model of 2 Wounds: an
    attack does a damage with 1/2 · 1/2 · 5/6 = 5/24, two are needed. Hits 4 2 6 leave two
    hits (5/12 each to do a damage); wound rolls 5 1 leave one wound: it cannot be done."""
    spec = AosAttack((weapon(3, 4, 4),), TargetInfo(6, name="Knight"), 1, 2)
    assert AOS_ENGINE.odds(spec).slain is not None
    hit, wound = follow(spec, [4, 2, 6, 5, 1, 3])
    p = 5 / 24
    assert hit.stage == "hit" and hit.successes == 2 and hit.target == "Knight"
    assert hit.before == pytest.approx(3 * p * p * (1 - p) + p**3, abs=1e-12)
    assert hit.before == pytest.approx(AOS_ENGINE.odds(spec).slain.p(1), abs=1e-12)  # type: ignore[union-attr]
    assert hit.now == pytest.approx(25 / 144, abs=1e-12)
    assert hit.slain_before == pytest.approx(hit.before) and hit.slain_now == pytest.approx(hit.now)
    assert wound.stage == "wound" and wound.successes == 1
    assert wound.before == pytest.approx(25 / 144, abs=1e-12)
    assert wound.now == 0.0
    assert hit.weapon == wound.weapon == ""  # one weapon: not named


def test_the_faces_count_not_only_the_hits() -> None:
    """A hit roll of 6 inflicting 2 mortal wounds instead: before, an attack does 2 (1/6),
    1 (2/6 · 1/2) or 0, so P(2 attacks do 2+) = 1 - (4/6)² - 2 · 4/6 · 1/6 = 1/3; a 6 rolled
    destroys the 2-Wound model for sure (2 hits counted alone would say less)."""
    six = MortalWoundsOnRoll("hit", 6, fixed(2))
    spec = AosAttack((weapon(2, 4, 4, six),), TargetInfo(IMPOSSIBLE), 1, 2)
    (hit,) = follow(spec, [6, 1])  # no wound roll is left to make: no wound line
    assert hit.before == pytest.approx(1 / 3, abs=1e-12)
    assert hit.now == pytest.approx(1.0, abs=1e-12)
    assert hit.successes == 1


def test_the_weapons_rolled_before_count_what_they_did() -> None:
    """A 2+/2+ weapon then a 4+/4+ one, one attack each, at 1 model of 2 Wounds, no save: the
    first lands 1 damage with 25/36, the second with 1/4; once the first did 1, the second
    alone decides. Each weapon is named: the attack has two."""
    first, second = weapon(1, 2, 2, name="Sword"), weapon(1, 4, 4, name="Bow")
    spec = AosAttack((first, second), TargetInfo(IMPOSSIBLE), 1, 2)
    sword_hit, sword_wound, bow_hit, bow_wound = follow(spec, [5, 5, 4, 3])
    assert sword_hit.before == pytest.approx(25 / 36 * 1 / 4, abs=1e-12)
    assert sword_hit.now == pytest.approx(5 / 6 * 1 / 4, abs=1e-12)
    assert sword_wound.now == pytest.approx(1 / 4, abs=1e-12)
    assert bow_hit.weapon == "Bow" and sword_hit.weapon == "Sword"
    assert bow_hit.before == pytest.approx(1 / 4, abs=1e-12)
    assert bow_hit.now == pytest.approx(1 / 2, abs=1e-12)
    assert bow_wound.before == pytest.approx(1 / 2, abs=1e-12)
    assert bow_wound.now == 0.0  # the wound roll of 3 failed


def test_a_ward_thins_every_damage_still_to_come() -> None:
    """AoS2 §14.11: a 5+ ward keeps a damage with 4/6. One attack on 4+/4+, no save, at a
    1-Wound model: 1/2 · 1/2 · 2/3 before, 1/2 · 2/3 after a hit, 2/3 after a wound."""
    spec = AosAttack((weapon(1, 4, 4),), TargetInfo(IMPOSSIBLE), 1, 1, ward=5)
    hit, wound = follow(spec, [4, 6, 1])  # the ward roll of 1 fails
    assert hit.before == pytest.approx(1 / 6, abs=1e-12)
    assert hit.now == pytest.approx(1 / 3, abs=1e-12)
    assert wound.before == pytest.approx(1 / 3, abs=1e-12)
    assert wound.now == pytest.approx(2 / 3, abs=1e-12)


def test_wound_rolls_that_depend_on_their_hit_rolls_are_not_told() -> None:
    """Extra hits on a 6 make the wound rolls depend on the hit rolls: the wound line is left
    out (not an error), the hit line stays."""
    spec = AosAttack((weapon(2, 4, 4, ExplodingHits(6, fixed(1))),), TargetInfo(IMPOSSIBLE), 1, 3)
    told = follow(spec, [6, 2, 5, 5])
    assert [t.stage for t in told] == ["hit"]


def test_nothing_is_told_without_the_target_models_or_without_dice() -> None:
    """No models to count: nothing; a weapon whose hits all miss makes no wound rolls."""
    spec = AosAttack((weapon(2, 4, 4),), TargetInfo(IMPOSSIBLE))
    assert follow(spec, [5, 5, 1, 1]) == []
    counted = AosAttack((weapon(2, 4, 4),), TargetInfo(IMPOSSIBLE), 1, 3)
    assert [t.stage for t in follow(counted, [1, 2])] == ["hit"]
