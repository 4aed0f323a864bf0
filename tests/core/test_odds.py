"""Exact odds (core/odds.py) against hand-computed values and Monte-Carlo runs of the rolling
engine (AoS2 §2 dice, §10 charge, §12 battleshock, §14 attacks, §15 magic).

The Monte-Carlo corpus runs MC_TRIALS seeded trials per profile (8,000 by default, so CI stays
within its time budget) plus one 200,000-trial run of a cheap profile with stacked triggers.
Set AOS_MC_TRIALS=200000 to run the whole corpus at the issue's full size.
"""

from __future__ import annotations

import math
import os
import random
from collections import Counter
from dataclasses import dataclass
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from aos_cli.core.attack import Attack, WeaponProfile, resolve_attacks, resolve_weapon
from aos_cli.core.dice import IMPOSSIBLE, Reroll, ScriptedDice, SeededDice, parse_dice
from aos_cli.core.distributions import (
    Distribution,
    _conv_direct,
    _conv_kronecker,
    face_probabilities,
)
from aos_cli.core.effects import (
    AutoWound,
    DamageBonusOnWound,
    Effect,
    Ethereal,
    ExplodingHits,
    ExtraAttacks,
    InCover,
    MortalWoundsOnRoll,
    RendBonusOnHit,
    RerollRoll,
    RollModifier,
    TargetInfo,
    Ward,
    WoundRollsOnHit,
    compile_effects,
)
from aos_cli.core.errors import InputError
from aos_cli.core.odds import (
    attack_odds,
    battleshock_odds,
    cast_odds,
    charge_odds,
    mean_damage,
    rolloff_odds,
    run_odds,
)

MC_TRIALS = int(os.environ.get("AOS_MC_TRIALS", "8000"))
Z = 5.0
"""Standard errors (or chi-square z) a Monte-Carlo statistic may stray: p ≈ 3e-7 per check."""


def weapon(
    attacks: str = "1",
    hit: int = 4,
    wound: int = 4,
    rend: int = 0,
    damage: str = "1",
    models: int = 1,
    *effects: Effect,
) -> Attack:
    """A weapon profile with its effects compiled, as the CLI builds it."""
    profile = WeaponProfile(parse_dice(attacks), hit, wound, rend, parse_dice(damage), models)
    return Attack(profile, compile_effects(effects))


def d(text: str) -> object:
    return parse_dice(text)


def mean_of(attacks: list[Attack], save: int = IMPOSSIBLE, **kwargs: object) -> float:
    """The exact mean damage, checked against the fast linear mean on the way."""
    target = TargetInfo(save)
    exact = attack_odds(attacks, target, **kwargs).mean_damage  # type: ignore[arg-type]
    fast = mean_damage(attacks, target, ward=kwargs.get("ward"))  # type: ignore[arg-type]
    assert fast == pytest.approx(exact, abs=1e-9)
    return exact


# --------------------------------------------------------------------------- hand values


def test_aos2_s2_two_d6_seven_or_more_is_21_in_36() -> None:
    """AoS2 §2/§15: P(2D6 ≥ 7) = 21/36, as a cast of value 7 and as a 7" charge roll."""
    assert cast_odds(value=7).cast == Fraction(21, 36)
    assert charge_odds(distance=7.5).probability == Fraction(21, 36)


def test_aos2_s14_4_issue_example_mean_is_2_625() -> None:
    """AoS2 §14.4: 21 attacks (10 models x 2 + 1 extra), 4+/4+ against 4+: 21/8 = 2.625."""
    attacks = [weapon("2", 4, 4, 0, "1", 10, ExtraAttacks(1))]
    assert mean_of(attacks, 4) == pytest.approx(2.625, abs=1e-9)


def test_aos2_s14_4_textbook_profiles_per_attack() -> None:
    """AoS2 §14.4: 3+/3+ against 4+ is 2/3·2/3·1/2; with Rend -1 the save needs 5+ (2/3 fail)."""
    assert mean_of([weapon("1", 3, 3, 0)], 4) == pytest.approx(2 / 3 * 2 / 3 * 1 / 2)
    assert mean_of([weapon("1", 3, 3, -1)], 4) == pytest.approx(2 / 3 * 2 / 3 * 2 / 3)
    assert mean_of([weapon("1", 3, 3, -1, "2")], 4) == pytest.approx(2 * 8 / 27)
    assert mean_of([weapon("1", 3, 3, -1, "D3")], 4) == pytest.approx(2 * 8 / 27)
    assert mean_of([weapon("1", 3, 3, -1, "D6")], 4) == pytest.approx(3.5 * 8 / 27)


def test_aos2_s2_exact_distribution_of_two_attacks_by_hand() -> None:
    """AoS2 §14.4: two 4+/4+ attacks, no save: each deals 1 with p 1/4, so Binomial(2, 1/4)."""
    odds = attack_odds([weapon("2", 4, 4)], TargetInfo(IMPOSSIBLE))
    assert odds.damage.as_dict() == pytest.approx({0: 9 / 16, 1: 6 / 16, 2: 1 / 16})


def test_aos2_s2_reroll_ones_and_failed_hits() -> None:
    """AoS2 §2 re-rolls: 4+ to hit is 1/2; rerolling 1s gives 1/2 + 1/6·1/2 = 7/12,
    rerolling failures 1/2 + 1/2·1/2 = 3/4 ('all' rerolls the failures too)."""
    base = (4, 2)  # hit 4+, wound 2+ then no save: damage = hits · 5/6
    assert mean_of([weapon("1", *base, 0, "1", 1, RerollRoll("hit", Reroll.ONES))]) == (
        pytest.approx(7 / 12 * 5 / 6)
    )
    assert mean_of([weapon("1", *base, 0, "1", 1, RerollRoll("hit", Reroll.FAILED))]) == (
        pytest.approx(3 / 4 * 5 / 6)
    )
    assert mean_of([weapon("1", *base, 0, "1", 1, RerollRoll("hit", Reroll.ALL))]) == (
        pytest.approx(3 / 4 * 5 / 6)
    )


def test_aos2_s2_reroll_wounds_and_saves() -> None:
    """AoS2 §2: wound 3+ rerolling 1s is 2/3 + 1/6·2/3 = 7/9; a 4+ save rerolling failures
    saves 3/4, so 1/4 gets through."""
    wound = weapon("1", 2, 3, 0, "1", 1, RerollRoll("wound", Reroll.ONES))
    assert mean_of([wound]) == pytest.approx(5 / 6 * 7 / 9)
    save = weapon("1", 2, 2, 0, "1", 1, RerollRoll("save", Reroll.FAILED))
    assert mean_of([save], 4) == pytest.approx(25 / 36 * 1 / 4)


def test_aos2_s2_reroll_policy_faces() -> None:
    """AoS2 §2: a die is rerolled once, before modifiers: after rerolling 1s each face 2-6 has
    1/6 + 1/36 and a 1 has 1/36."""
    faces = face_probabilities(Reroll.ONES, lambda v: v >= 4)
    assert faces == pytest.approx([1 / 36] + [7 / 36] * 5)
    assert sum(faces) == pytest.approx(1.0)


def test_exploding_hits_score_extra_hits() -> None:
    """Exploding hits: a 6 to hit (4+) scores 1 extra hit: hits per attack 1/2 + 1/6 = 2/3;
    with D3 extra hits, 1/2 + 1/6·2 = 5/6."""
    assert mean_of([weapon("1", 4, 2, 0, "1", 1, ExplodingHits(6, d("1")))]) == pytest.approx(
        2 / 3 * 5 / 6
    )
    assert mean_of([weapon("1", 4, 2, 0, "1", 1, ExplodingHits(6, d("D3")))]) == pytest.approx(
        5 / 6 * 5 / 6
    )


def test_mortal_wounds_on_a_six_instead_versus_in_addition() -> None:
    """Mortal wounds on an unmodified 6 to hit (4+/4+, no save): instead, 1/3·1/2 + 1/6 = 1/3;
    in addition, 1/2·1/2 + 1/6 = 5/12."""
    instead = weapon("1", 4, 4, 0, "1", 1, MortalWoundsOnRoll("hit", 6, d("1")))
    add = weapon("1", 4, 4, 0, "1", 1, MortalWoundsOnRoll("hit", 6, d("1"), add=True))
    assert mean_of([instead]) == pytest.approx(1 / 3)
    assert mean_of([add]) == pytest.approx(5 / 12)
    odds = attack_odds([instead], TargetInfo(IMPOSSIBLE), detail=True)
    assert odds.mortal_wounds is not None
    assert odds.mortal_wounds.mean == pytest.approx(1 / 6)


def test_aos2_s14_11_ward_six_on_one_damage_is_five_sixths() -> None:
    """AoS2 §14.11: a 6+ ward negates each wound and mortal wound on a 6: damage x 5/6."""
    attacks = [weapon("10", 3, 3, 0, "1", 1, MortalWoundsOnRoll("hit", 6, d("D3"), add=True))]
    bare = mean_of(attacks, 4)
    assert mean_of(attacks, 4, ward=6) == pytest.approx(bare * 5 / 6)
    warded = [
        weapon("10", 3, 3, 0, "1", 1, MortalWoundsOnRoll("hit", 6, d("D3"), add=True), Ward(6))
    ]
    assert mean_of(warded, 4) == pytest.approx(bare * 5 / 6)
    one = attack_odds([weapon("1", 2, 2, 0, "1")], TargetInfo(IMPOSSIBLE), ward=6).damage
    assert one.as_dict() == pytest.approx({0: 11 / 36 + 25 / 36 / 6, 1: 25 / 36 * 5 / 6})


def test_aos2_s14_9_cover_and_its_exceptions() -> None:
    """AoS2 §14.9: cover adds 1 to saves (4+ → 3+), never for a Wounds 8+ Monster, nor in
    combat for a unit that charged; ethereal ignores it with every other modifier."""
    attacks = [weapon("1", 2, 2, -1, "1", 1, InCover())]
    per = 25 / 36
    assert mean_of(attacks, 4) == pytest.approx(per * 1 / 2)
    for target in (
        TargetInfo(4, monster_wounds_8=True),
        TargetInfo(4, charged_this_turn_in_combat=True),
    ):
        assert mean_damage(attacks, target) == pytest.approx(per * 2 / 3)
    ethereal = [weapon("1", 2, 2, -2, "1", 1, InCover(), Ethereal(), RollModifier("save", -1))]
    assert mean_of(ethereal, 4) == pytest.approx(per * 1 / 2)


def test_aos2_s14_4_unmodified_one_and_six_with_modifiers() -> None:
    """AoS2 §14.4: +3 to hit still misses on a 1; -3 to wound still wounds on a 6; a '-' save
    with +1 saves only on a 6; an unmodified save of 1 fails even at +5."""
    assert mean_of([weapon("1", 2, 2, 0, "1", 1, RollModifier("hit", 3))]) == pytest.approx(25 / 36)
    assert mean_of([weapon("1", 2, 4, 0, "1", 1, RollModifier("wound", -3))]) == pytest.approx(
        5 / 6 * 1 / 6
    )
    assert mean_of([weapon("1", 2, 2, 0, "1", 1, RollModifier("save", 1))], IMPOSSIBLE) == (
        pytest.approx(25 / 36 * 5 / 6)
    )
    assert mean_of([weapon("1", 2, 2, 0, "1", 1, RollModifier("save", 5))], 2) == pytest.approx(
        25 / 36 / 6
    )


def test_auto_wound_rend_and_damage_bonuses_extra_wound_rolls() -> None:
    """Triggers on an unmodified 6 (3+/4+, no save, Damage 1), term by term: auto-wound,
    three wound rolls, +2 Damage on a wound roll of 6, Rend improved by 2 on a hit roll of 6."""
    hit_not_six, six = 1 / 2, 1 / 6  # 3+ to hit: faces 3, 4, 5 and 6
    auto = weapon("1", 3, 4, 0, "1", 1, AutoWound(6))
    assert mean_of([auto]) == pytest.approx(hit_not_six * 1 / 2 + six)
    three = weapon("1", 3, 4, 0, "1", 1, WoundRollsOnHit(6, 3))
    assert mean_of([three]) == pytest.approx(hit_not_six * 1 / 2 + six * 3 / 2)
    bonus = weapon("1", 3, 4, 0, "1", 1, DamageBonusOnWound(6, 2))
    assert mean_of([bonus]) == pytest.approx(2 / 3 * (1 / 3 * 1 + 1 / 6 * 3))
    rend = weapon("1", 3, 4, 0, "1", 1, RendBonusOnHit(6, 2))
    # against 4+: a 6 to hit makes the save 6+ (5/6 fail), else 4+ (1/2 fail)
    assert mean_of([rend], 4) == pytest.approx(1 / 2 * (hit_not_six * 1 / 2 + six * 5 / 6))


def test_stacked_triggers_on_the_same_six() -> None:
    """Mortal wound on a 6 (instead) and exploding on a 6 stack: the extra hit still rolls to
    wound. 4+/4+, no save: 1/3·1/2 + 1/6·(1 + 1/2) = 5/12."""
    attack = weapon(
        "1", 4, 4, 0, "1", 1, MortalWoundsOnRoll("hit", 6, d("1")), ExplodingHits(6, d("1"))
    )
    assert mean_of([attack]) == pytest.approx(5 / 12)


def test_aos2_s14_7_models_slain_carry_over() -> None:
    """AoS2 §14.7/§14.10: damage carries over; slain = min(models, (suffered + damage) // W)."""
    odds = attack_odds(
        [weapon("2", 2, 2, 0, "1")], TargetInfo(IMPOSSIBLE), target_models=3, target_wounds=2,
        wounds_suffered=1,
    )  # fmt: skip
    p = 25 / 36
    damage = {0: (1 - p) ** 2, 1: 2 * p * (1 - p), 2: p * p}
    assert odds.slain is not None
    assert odds.slain.as_dict() == pytest.approx({0: damage[0], 1: damage[1] + damage[2]})


def test_aos2_s10_charge_with_reroll_is_one_minus_miss_squared() -> None:
    """AoS2 §10 and Forward to Victory (§7.2): a reroll of a short charge gives 1 - (1 - p)^2."""
    for distance in (3.0, 7.0, 8.0, 9.5, 12.0):
        p = charge_odds(distance=distance).probability
        assert p is not None
        assert charge_odds(distance=distance, reroll=True).probability == 1 - (1 - p) ** 2
    assert charge_odds(distance=8, modifier=2).probability == Fraction(26, 36)
    assert sum(charge_odds(distance=8, reroll=True).distribution.values()) == 1
    with pytest.raises(InputError):
        charge_odds(reroll=True)


def test_aos2_s8_4_run_and_at_the_double() -> None:
    """AoS2 §8.4/§7.2: a run roll is a D6 (+ modifier); At the Double makes it a 6."""
    assert run_odds(distance=5).probability == Fraction(2, 6)
    assert run_odds(modifier=1, distance=5).probability == Fraction(3, 6)
    assert run_odds(at_the_double=True).distribution == {6: Fraction(1)}
    # AoS2 §1.4: a modified roll is never below 1 (rolls of 1, 2 and 3 all make 1).
    assert run_odds(modifier=-2).distribution[1] == Fraction(3, 6)
    assert 0 not in run_odds(modifier=-2).distribution


def test_aos2_s15_unbind_must_beat_the_casting_roll_by_hand() -> None:
    """AoS2 §15: cast on 2D6 ≥ value; the unbind succeeds only when greater than the casting
    roll. Enumerated here over every pair of 2D6 totals, independently of the engine."""
    ways = Counter(a + b for a in range(1, 7) for b in range(1, 7))
    for value, mod, unbind_mod in ((7, 0, 0), (5, 1, 0), (9, 0, 2), (12, -1, -1)):
        works = Fraction(0)
        for cast_total, cast_ways in ways.items():
            if cast_total + mod < value:
                continue
            beaten = sum(w for t, w in ways.items() if t + unbind_mod > cast_total + mod)
            works += Fraction(cast_ways, 36) * Fraction(36 - beaten, 36)
        odds = cast_odds(value=value, modifier=mod, unbind=True, unbind_modifier=unbind_mod)
        assert odds.probability == works
    assert cast_odds(value=7, unbind=True).probability == Fraction(581, 1296)


def test_aos2_s12_battleshock_flee_distribution() -> None:
    """AoS2 §12: D6 + slain against Bravery + 1 per 10 models; one flees per point over."""
    odds = battleshock_odds(bravery=6, slain=3, models=20)  # Bravery 8, roll 4-9
    assert odds.distribution == {0: Fraction(5, 6), 1: Fraction(1, 6)}
    assert odds.probability == Fraction(5, 6)
    odds = battleshock_odds(bravery=5, slain=6, models=9)  # Bravery 5, roll 7-12, 9 models
    assert odds.distribution == {v: Fraction(1, 6) for v in range(2, 8)}
    capped = battleshock_odds(bravery=1, slain=10, models=3)
    assert capped.distribution == {3: Fraction(1)}
    assert battleshock_odds(bravery=6, slain=0, models=5, roll_modifier=-3).probability == 1


def test_aos2_s2_rolloff_is_even_with_ties_rerolled() -> None:
    """AoS2 §2: a roll-off rerolls ties, so each player wins 1/2; one round ties 1/6 (§6)."""
    odds = rolloff_odds()
    assert odds.probability == Fraction(1, 2)
    assert (odds.win, odds.tie, odds.lose) == (Fraction(5, 12), Fraction(1, 6), Fraction(5, 12))
    assert odds.rounds[1] == Fraction(5, 6)
    assert odds.rounds[2] == Fraction(5, 36)


def test_aos2_s2_reroll_failed_saves_judges_each_wounds_own_rend() -> None:
    """AoS2 §2 re-rolls + §14.4 save: a save that fails against the wound's improved rend is a
    failed save and is rerolled (the rolling engine used to judge it at the weapon's rend)."""
    attack = weapon("1", 2, 2, 0, "1", 1, RendBonusOnHit(6, 2), RerollRoll("save", Reroll.FAILED))
    # hit 6 (rend -2), wound 4, save 4 vs 3+ at rend -2 → 2: failed, rerolled to 6 → saved
    source = ScriptedDice([6, 4, 4, 6])
    result = resolve_weapon(attack, TargetInfo(3), source)
    assert source.remaining == 0
    assert result.unsaved == 0


# --------------------------------------------------------------------------- precision, speed


def test_kronecker_convolution_matches_direct_convolution() -> None:
    """The big-integer convolution agrees with the plain one to far below 1e-12."""
    rng = random.Random(5)
    for size in (9, 40, 300):
        a = [rng.random() for _ in range(size)]
        b = [rng.random() for _ in range(size + 7)]
        total_a, total_b = sum(a), sum(b)
        a = [x / total_a for x in a]
        b = [x / total_b for x in b]
        direct, fast = _conv_direct(a, b), _conv_kronecker(a, b)
        assert len(direct) == len(fast)
        assert max(abs(x - y) for x, y in zip(direct, fast, strict=True)) < 1e-15


def test_aos2_s14_thousands_of_attacks_keep_their_mass() -> None:
    """AoS2 §14.5: a 1,000-attack distribution still sums to 1 within 1e-9 and its mean
    agrees with the linear mean, despite tail truncation."""
    attacks = [
        weapon("D6", 3, 4, -1, "D3", 300, RerollRoll("hit", Reroll.ONES), ExplodingHits(6, d("1")))
    ]
    odds = attack_odds(attacks, TargetInfo(4), ward=6)
    assert odds.damage.total == pytest.approx(1.0, abs=1e-9)
    assert odds.mean_damage == pytest.approx(mean_damage(attacks, TargetInfo(4), ward=6), rel=1e-9)


# --------------------------------------------------------------------------- Monte Carlo


@dataclass(frozen=True)
class Case:
    """One profile of the Monte-Carlo corpus, what it covers, and its target."""

    name: str
    attacks: tuple[Attack, ...]
    save: int = 4
    models: int | None = None
    wounds: int | None = None
    suffered: int = 0
    ward: int | None = None
    monster: bool = False
    charged: bool = False


CORPUS = [
    Case("plain", (weapon("3", 3, 4, -1, "1", 3),), models=5, wounds=2),
    Case("random attacks and damage", (weapon("D3", 4, 3, 0, "D3", 3),), models=4, wounds=3),
    Case("2D6 attacks, D6+1 damage, extra", (weapon("2D6", 4, 4, -2, "D6+1", 1, ExtraAttacks(2)),)),
    Case(
        "reroll ones everywhere",
        (weapon("4", 4, 4, 0, "1", 2, *(RerollRoll(r, Reroll.ONES) for r in ("hit", "wound", "save"))),),  # type: ignore[arg-type]
    ),
    Case(
        "reroll failed everywhere",
        (weapon("4", 4, 5, -1, "1", 2, RerollRoll("hit", Reroll.FAILED), RerollRoll("wound", Reroll.ALL), RerollRoll("save", Reroll.FAILED)),),
    ),
    Case("exploding D3", (weapon("3", 4, 4, 0, "2", 3, ExplodingHits(5, d("D3"))),), models=3, wounds=3),
    Case("mortal on hit instead", (weapon("6", 3, 3, -1, "1", 2, MortalWoundsOnRoll("hit", 6, d("D3"))),)),
    Case("mortal on hit add", (weapon("6", 3, 3, -1, "1", 2, MortalWoundsOnRoll("hit", 6, d("2"), add=True)),)),
    Case("mortal on wound both", (weapon("6", 3, 3, 0, "1", 2, MortalWoundsOnRoll("wound", 6, d("1")), MortalWoundsOnRoll("wound", 5, d("1"), add=True)),)),
    Case("extra wound rolls", (weapon("4", 3, 4, 0, "1", 2, WoundRollsOnHit(6, 3)),)),
    Case(
        "rend bonus with reroll failed saves",
        (weapon("6", 3, 3, 0, "1", 2, RendBonusOnHit(5, 2), RerollRoll("save", Reroll.FAILED)),),
        save=3,
    ),
    Case("damage bonus and auto-wound", (weapon("6", 3, 5, 0, "D3", 2, DamageBonusOnWound(6, 2), AutoWound(6)),)),
    Case("modifiers and unmodified 1/6", (weapon("6", 2, 5, 0, "1", 2, RollModifier("hit", 2), RollModifier("wound", -3), RollModifier("save", 2)),), save=5),
    Case("save - with modifier", (weapon("6", 3, 3, 0, "1", 2, RollModifier("save", 1)),), save=IMPOSSIBLE),
    Case("cover", (weapon("6", 3, 3, -1, "1", 2, InCover()),)),
    Case("cover against a big monster", (weapon("6", 3, 3, -1, "1", 2, InCover()),), monster=True),
    Case("cover against chargers in combat", (weapon("6", 3, 3, -1, "1", 2, InCover()),), charged=True),
    Case("ethereal", (weapon("6", 3, 3, -2, "2", 2, Ethereal(), RollModifier("save", -1)),)),
    Case("ward on rules with mortals", (weapon("6", 3, 3, -1, "D3", 2, Ward(5), MortalWoundsOnRoll("hit", 6, d("1"), add=True)),), models=4, wounds=3, suffered=2),
    Case(
        "stacked sixes, two profiles, ward flag",
        (
            weapon("2", 4, 3, -1, "D3", 4, MortalWoundsOnRoll("hit", 6, d("1")), ExplodingHits(6, d("1")), AutoWound(6), RerollRoll("hit", Reroll.ONES)),
            weapon("1", 3, 3, -2, "2", 2, RerollRoll("wound", Reroll.FAILED)),
        ),
        models=6, wounds=2, ward=6,
    ),
]  # fmt: skip


def chi_square_bound(df: int, z: float = Z) -> float:
    """The chi-square quantile z standard deviations up (Wilson-Hilferty; p ≈ 3e-7 at z=5)."""
    k = 2.0 / (9.0 * df)
    return df * (1.0 - k + z * math.sqrt(k)) ** 3


def chi_square(dist: Distribution, observed: Counter[int], trials: int) -> tuple[float, int]:
    """Pearson's statistic over bins of consecutive values holding ≥ 5 expected outcomes."""
    bins: list[tuple[float, int]] = []
    expected = seen = 0.0
    values = sorted(set(v for v, _ in dist.items()) | set(observed))
    for value in values:
        expected += dist.p(value) * trials
        seen += observed.get(value, 0)
        if expected >= 5.0:
            bins.append((expected, int(seen)))
            expected = seen = 0.0
    if bins and (expected or seen):
        last_expected, last_seen = bins.pop()
        bins.append((last_expected + expected, last_seen + int(seen)))
    statistic = sum((o - e) ** 2 / e for e, o in bins)
    return statistic, max(1, len(bins) - 1)


def assert_matches(dist: Distribution, samples: list[int], what: str) -> None:
    """The sample mean within Z standard errors and the histogram within the chi-square bound."""
    trials = len(samples)
    mean = sum(samples) / trials
    error = dist.sd / math.sqrt(trials)
    assert abs(mean - dist.mean) <= Z * error + 1e-12, f"{what}: mean {mean} vs {dist.mean}"
    statistic, df = chi_square(dist, Counter(samples), trials)
    assert statistic <= chi_square_bound(df), f"{what}: chi-square {statistic:.1f} on {df} df"


def simulate(case: Case, trials: int, seed: int) -> tuple[list[int], list[int]]:
    """Damage and models slain from `trials` seeded runs of the rolling engine."""
    target = TargetInfo(case.save, case.monster, case.charged)
    source = SeededDice(seed)
    damage: list[int] = []
    slain: list[int] = []
    for _ in range(trials):
        result = resolve_attacks(
            case.attacks, target, source, target_models=case.models,
            target_wounds=case.wounds, wounds_suffered=case.suffered, ward=case.ward,
        )  # fmt: skip
        damage.append(result.damage)
        slain.append(result.slain)
    return damage, slain


def exact(case: Case) -> tuple[Distribution, Distribution | None]:
    odds = attack_odds(
        case.attacks, TargetInfo(case.save, case.monster, case.charged),
        target_models=case.models, target_wounds=case.wounds,
        wounds_suffered=case.suffered, ward=case.ward,
    )  # fmt: skip
    return odds.damage, odds.slain


@pytest.mark.parametrize("case", CORPUS, ids=[c.name for c in CORPUS])
def test_aos2_s14_exact_odds_agree_with_the_rolling_engine(case: Case) -> None:
    """AoS2 §14 (every effect of the vocabulary): the exact distributions of damage and
    models slain match a seeded Monte-Carlo run of `resolve_attacks` (mean within 5 standard
    errors, histogram within a chi-square bound at p ≈ 3e-7)."""
    damage, slain = exact(case)
    assert damage.total == pytest.approx(1.0, abs=1e-9)
    rolled_damage, rolled_slain = simulate(case, MC_TRIALS, seed=sum(map(ord, case.name)))
    assert_matches(damage, rolled_damage, f"{case.name} damage")
    if slain is not None:
        assert_matches(slain, rolled_slain, f"{case.name} slain")


def test_aos2_s14_200000_trials_of_stacked_triggers() -> None:
    """AoS2 §14.4 at the issue's full size: 200,000 seeded trials of a cheap profile whose 6s
    set off mortal wounds (instead), an extra hit and a rend bonus at once, rerolling 1s."""
    case = Case(
        "stacked",
        (
            weapon(
                "2",
                4,
                4,
                0,
                "1",
                1,
                MortalWoundsOnRoll("hit", 6, d("1")),
                ExplodingHits(6, d("1")),
                RendBonusOnHit(6, 1),
                RerollRoll("hit", Reroll.ONES),
            ),
        ),
        save=5,
    )
    damage, _ = exact(case)
    rolled, _ = simulate(case, 200_000, seed=2026)
    assert_matches(damage, rolled, "stacked damage")


def test_the_monte_carlo_check_cannot_pass_by_accident() -> None:
    """The bound has power: the samples of a 4+ to-wound profile reject the exact odds of the
    same profile wounding on 5+, or with its 6s not exploding."""
    truth = Case("truth", (weapon("3", 3, 4, 0, "1", 3, ExplodingHits(6, d("1"))),))
    rolled, _ = simulate(truth, MC_TRIALS, seed=11)
    assert_matches(exact(truth)[0], rolled, "truth")
    for wrong in (
        Case("wound 5+", (weapon("3", 3, 5, 0, "1", 3, ExplodingHits(6, d("1"))),)),
        Case("no exploding", (weapon("3", 3, 4, 0, "1", 3),)),
    ):
        with pytest.raises(AssertionError):
            assert_matches(exact(wrong)[0], rolled, wrong.name)


# --------------------------------------------------------------------------- properties

EFFECTS = st.lists(
    st.one_of(
        st.builds(RerollRoll, st.sampled_from(["hit", "wound", "save"]), st.sampled_from(list(Reroll))),
        st.builds(RollModifier, st.sampled_from(["hit", "wound", "save"]), st.integers(-2, 2)),
        st.builds(ExplodingHits, st.integers(5, 6), st.sampled_from([d("1"), d("D3")])),
        st.builds(MortalWoundsOnRoll, st.sampled_from(["hit", "wound"]), st.integers(5, 6), st.sampled_from([d("1"), d("D3")]), st.booleans()),
        st.builds(AutoWound, st.integers(5, 6)),
        st.builds(RendBonusOnHit, st.integers(5, 6), st.integers(1, 2)),
        st.builds(DamageBonusOnWound, st.integers(5, 6), st.integers(1, 2)),
        st.builds(WoundRollsOnHit, st.integers(5, 6), st.integers(2, 3)),
        st.builds(Ward, st.integers(4, 6)),
        st.just(InCover()),
        st.just(Ethereal()),
    ),
    max_size=4,
)  # fmt: skip
PROFILES = st.tuples(
    st.sampled_from(["1", "2", "D3", "D6"]),
    st.integers(2, 6),
    st.integers(2, 6),
    st.integers(-3, 0),
    st.sampled_from(["1", "2", "D3", "D6+1"]),
    st.integers(1, 10),
)


def build(profile: tuple[str, int, int, int, str, int], effects: list[Effect]) -> Attack:
    attacks, hit, wound, rend, damage, models = profile
    return weapon(attacks, hit, wound, rend, damage, models, *effects)


@settings(max_examples=60, deadline=None)
@given(PROFILES, EFFECTS, st.integers(2, 7))
def test_aos2_s2_probabilities_sum_to_one(profile: tuple, effects: list[Effect], save: int) -> None:  # type: ignore[type-arg]
    """AoS2 §2/§14: every distribution sums to 1 (within 1e-9) and its mean is the linear mean."""
    attacks = [build(profile, effects)]
    odds = attack_odds(attacks, TargetInfo(save), target_models=5, target_wounds=2, detail=True)
    for dist in (odds.damage, odds.slain, odds.damage_before_ward, odds.mortal_wounds):
        assert dist is not None
        assert dist.total == pytest.approx(1.0, abs=1e-9)
        assert min(dist.probs) >= 0.0
    assert odds.mean_damage == pytest.approx(mean_damage(attacks, TargetInfo(save)), abs=1e-9)


@settings(max_examples=100, deadline=None)
@given(PROFILES, EFFECTS, st.integers(3, 7))
def test_aos2_s14_4_better_save_never_increases_mean_damage(
    profile: tuple,
    effects: list[Effect],
    save: int,  # type: ignore[type-arg]
) -> None:
    """AoS2 §14.4: a save one better never lets more damage through on average."""
    attacks = [build(profile, effects)]
    worse = mean_damage(attacks, TargetInfo(save))
    better = mean_damage(attacks, TargetInfo(save - 1))
    assert better <= worse + 1e-12


@settings(max_examples=100, deadline=None)
@given(PROFILES, EFFECTS, st.integers(2, 7))
def test_aos2_s14_4_more_rend_never_reduces_mean_damage(
    profile: tuple,
    effects: list[Effect],
    save: int,  # type: ignore[type-arg]
) -> None:
    """AoS2 §14.4: one more point of Rend never lets less damage through on average."""
    less = mean_damage([build(profile, effects)], TargetInfo(save))
    more_profile = (*profile[:3], profile[3] - 1, *profile[4:])
    more = mean_damage([build(more_profile, effects)], TargetInfo(save))  # type: ignore[arg-type]
    assert more >= less - 1e-12
