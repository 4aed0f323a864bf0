"""Several attackers on one target in an order (issue 29 item 2), the target's state carried by
each system's rule: Age of Sigmar wounds carry over from model to model (AoS2 §14.7, §14.10);
in 40k the excess Damage of a normal attack is lost and mortal wounds carry over (40k8 §8.5,
§8.8). Checked against an exact enumeration written here from the rules (small cases) and
against Monte Carlo runs of the rolling engines, within a bound; and the best assignment
against brute force over every assignment."""

from __future__ import annotations

import itertools
import math
import random

import pytest

from aos_cli.core.aos_engine import AOS_ENGINE, AosAttack
from aos_cli.core.attack import Attack, WeaponProfile
from aos_cli.core.dice import SeededDice, parse_dice
from aos_cli.core.effects import TargetInfo, compile_effects
from aos_cli.core.effects import Trigger as _Trigger  # noqa: F401  (the effects' vocabulary)
from aos_cli.core.plan import Track, best_assignments, carry_damage
from aos_cli.systems.wh40k8.engine import (
    ENGINE_40K,
    Attack40k,
    Target40k,
    Weapon40k,
    WeaponType,
)

# --------------------------------------------------------------------------- helpers

FACES = range(1, 7)


def aos_attack(attacks: int, hit: int, wound: int, damage: str, save: int = 7) -> AosAttack:
    """A one-weapon Age of Sigmar attack on a target with `save` (7: none)."""
    profile = WeaponProfile(parse_dice(str(attacks)), hit, wound, 0, parse_dice(damage))
    return AosAttack((Attack(profile, compile_effects([])),), TargetInfo(save))


def w40k(attacks: int, skill: int, strength: int, damage: str) -> Weapon40k:
    return Weapon40k(
        parse_dice(str(attacks)), skill, strength, 0, parse_dice(damage),
        weapon_type=WeaponType.HEAVY,
    )  # fmt: skip


def attack40k(weapon: Weapon40k, models: int, wounds: int, save: int = 7) -> Attack40k:
    return Attack40k((weapon,), Target40k(4, save, models=models, wounds=wounds))


def per_attack_aos(hit: int, wound: int, damage: str, save: int) -> dict[int, float]:
    """One Age of Sigmar attack's damage by enumerating its dice (AoS2 §14.4: a 1 always fails
    to hit or wound, a 6 always succeeds; no save roll when none could save)."""
    out: dict[int, float] = {}
    dmg = parse_dice(damage).distribution()
    for h, w, s in itertools.product(FACES, FACES, FACES):
        p = 1 / 216
        hits = h != 1 and (h == 6 or h >= hit)
        wounds = hits and w != 1 and (w == 6 or w >= wound)
        saved = save <= 6 and s != 1 and s >= save
        if not wounds or saved:
            out[0] = out.get(0, 0.0) + p
            continue
        for d, q in dmg.items():
            out[d] = out.get(d, 0.0) + p * float(q)
    return out


def per_attack_40k(skill: int, strength: int, damage: str, save: int) -> dict[int, float]:
    """One 40k attack's Damage against Toughness 4 by enumerating its dice (40k8 §8: a 1 always
    fails, the wound chart S against T)."""
    needed = 2 if strength >= 8 else 3 if strength > 4 else 4 if strength == 4 else 5
    needed = 6 if strength * 2 <= 4 else needed
    out: dict[int, float] = {}
    dmg = parse_dice(damage).distribution()
    for h, w, s in itertools.product(FACES, FACES, FACES):
        p = 1 / 216
        ok = h != 1 and h >= skill and w != 1 and w >= needed and not (save <= 6 and s >= save)
        if not ok:
            out[0] = out.get(0, 0.0) + p
            continue
        for d, q in dmg.items():
            out[d] = out.get(d, 0.0) + p * float(q)
    return out


def destroy_carry_over(per_attack: list[dict[int, float]], models: int, wounds: int) -> float:
    """Age of Sigmar by enumeration: every sequence of the attacks' outcomes; the target is
    destroyed when the damage reaches models × Wounds (wounds carry over, AoS2 §14.10)."""
    total = 0.0
    for outcome in itertools.product(*(d.items() for d in per_attack)):
        p = math.prod(q for _, q in outcome)
        if sum(v for v, _ in outcome) >= models * wounds:
            total += p
    return total


def destroy_excess_lost(per_attack: list[dict[int, float]], models: int, wounds: int) -> float:
    """40k by enumeration: the attacks in order, each slaying at most the model it is
    allocated to (the damaged model first), its excess Damage lost (40k8 §8.5)."""
    total = 0.0
    for outcome in itertools.product(*(d.items() for d in per_attack)):
        p = math.prod(q for _, q in outcome)
        left = [wounds] * models
        for damage, _q in outcome:
            if left and damage:
                left[0] -= damage
                if left[0] <= 0:
                    left.pop(0)
        if not left:
            total += p
    return total


# --------------------------------------------------------------------------- the state


def test_track_starts_where_the_target_stands() -> None:
    """A damaged model's wounds are part of the state (AoS2 §14.7): 3 models of 2 Wounds with
    1 wound suffered need 5 more."""
    track = Track.start(3, 2, 1)
    assert track.probs.index(1.0) == 1 and track.full == 6
    from aos_cli.core.distributions import Distribution

    after = carry_damage(track, Distribution.point(5))
    assert after.destroyed == 1.0 and after.slain.p(3) == 1.0


def test_aos2_s14_one_attacker_track_matches_the_odds_of_aos_odds_attack() -> None:
    """One attacker: the carried state gives the same models slain as `attack_odds` (the
    engine of `aos odds attack`), to rounding."""
    spec = aos_attack(10, 3, 4, "D3", 4)
    allocated = AosAttack(spec.attacks, spec.target, target_models=5, target_wounds=3)
    slain = AOS_ENGINE.odds(allocated).slain
    assert slain is not None
    track = AOS_ENGINE.advance(spec, Track.start(5, 3))
    for k in range(6):
        assert track.slain.p(k) == pytest.approx(slain.p(k), abs=1e-12)


def test_40k8_s8_one_attacker_track_matches_odds_40k() -> None:
    """40k: the advanced state is `odds_40k`'s own chain (excess lost), to rounding."""
    weapon = w40k(6, 3, 5, "D3")
    spec = attack40k(weapon, 4, 2, 5)
    slain = ENGINE_40K.odds(spec).slain
    assert slain is not None
    track = ENGINE_40K.advance(spec, Track.start(4, 2))
    for k in range(5):
        assert track.slain.p(k) == pytest.approx(slain.p(k), abs=1e-12)


# --------------------------------------------------------------------------- several attackers

SPILL = [(2, 2, 2, "3"), (2, 3, 3, "3"), (1, 2, 2, "D3")]
"""Three small attackers (attacks, to hit, to wound, Damage) with Damage above the target's
Wounds: the editions part ways."""


@pytest.mark.parametrize("count", [2, 3])
def test_aos2_s14_10_attackers_in_sequence_carry_wounds_over_exactly(count: int) -> None:
    """AoS2 §14.10: 2 and 3 attackers on 3 models of 2 Wounds, no save: the chance to destroy
    equals the enumeration over every attack's outcome with wounds carried over."""
    chosen = SPILL[:count]
    track = Track.start(3, 2)
    for attacks, hit, wound, damage in chosen:
        track = AOS_ENGINE.advance(aos_attack(attacks, hit, wound, damage), track)
    per_attack = [
        per_attack_aos(hit, wound, damage, 7)
        for attacks, hit, wound, damage in chosen
        for _ in range(attacks)
    ]
    assert track.destroyed == pytest.approx(destroy_carry_over(per_attack, 3, 2), abs=1e-12)


@pytest.mark.parametrize("count", [2, 3])
def test_40k8_s8_5_attackers_in_sequence_lose_excess_damage_exactly(count: int) -> None:
    """40k8 §8.5: the same attackers as 40k weapons (BS = to hit, S 8 wounds on 2+ ... here by
    the chart against T4) on 3 models of 2 Wounds: the chance to destroy equals the
    enumeration with each attack's excess Damage lost, and is lower than Age of Sigmar's."""
    chosen = [(a, h, 8 if w == 2 else 5, d) for a, h, w, d in SPILL[:count]]
    track = Track.start(3, 2)
    for attacks, skill, strength, damage in chosen:
        track = ENGINE_40K.advance(attack40k(w40k(attacks, skill, strength, damage), 3, 2), track)
    per_attack = [
        per_attack_40k(skill, strength, damage, 7)
        for attacks, skill, strength, damage in chosen
        for _ in range(attacks)
    ]
    exact = destroy_excess_lost(per_attack, 3, 2)
    assert track.destroyed == pytest.approx(exact, abs=1e-12)
    carried = destroy_carry_over(per_attack, 3, 2)
    assert exact < carried - 0.05  # the editions part ways on the same dice


def test_40k8_s8_3_either_order_follows_the_damaged_model() -> None:
    """A big gun and small arms against 2 models of 3 Wounds, in both orders: in 40k the
    damaged model takes the next attack first (§8.3), whichever unit left it damaged, and the
    chain agrees with the enumeration either way; in Age of Sigmar the order cannot matter."""
    big = w40k(1, 2, 8, "3")
    small = w40k(3, 2, 8, "1")
    one = ENGINE_40K.advance(attack40k(small, 2, 3), ENGINE_40K.advance(attack40k(big, 2, 3),
                             Track.start(2, 3)))  # fmt: skip
    two = ENGINE_40K.advance(attack40k(big, 2, 3), ENGINE_40K.advance(attack40k(small, 2, 3),
                             Track.start(2, 3)))  # fmt: skip
    per_big, per_small = per_attack_40k(2, 8, "3", 7), per_attack_40k(2, 8, "1", 7)
    assert one.destroyed == pytest.approx(
        destroy_excess_lost([per_big, per_small, per_small, per_small], 2, 3), abs=1e-12
    )
    assert two.destroyed == pytest.approx(
        destroy_excess_lost([per_small, per_small, per_small, per_big], 2, 3), abs=1e-12
    )
    a = AOS_ENGINE.advance(aos_attack(3, 2, 2, "1"), AOS_ENGINE.advance(aos_attack(1, 2, 2, "3"),
                           Track.start(2, 3)))  # fmt: skip
    b = AOS_ENGINE.advance(aos_attack(1, 2, 2, "3"), AOS_ENGINE.advance(aos_attack(3, 2, 2, "1"),
                           Track.start(2, 3)))  # fmt: skip
    assert a.destroyed == pytest.approx(b.destroyed, abs=1e-12)


def test_40k8_s8_8_mortal_wounds_carry_over_between_attackers() -> None:
    """40k8 §8.8: mortal wounds (here 2 on each hit roll of 6, the attack ending) carry over,
    so two attackers of mortal wounds alone destroy 1 model of 3 Wounds exactly when their
    sum reaches 3."""
    from aos_cli.core.effects import MortalWoundsOnRoll

    rules = compile_effects([MortalWoundsOnRoll("hit", 6, parse_dice("2"))])
    weapon = Weapon40k(parse_dice("1"), 6, 4, 0, parse_dice("1"), weapon_type=WeaponType.HEAVY,
                       rules=rules)  # fmt: skip
    track = Track.start(1, 3)
    for _ in range(2):
        track = ENGINE_40K.advance(attack40k(weapon, 1, 3), track)
    assert track.destroyed == pytest.approx((1 / 6) ** 2, abs=1e-12)


def _monte_carlo_aos(specs: list[AosAttack], models: int, wounds: int, runs: int) -> float:
    """The rolling engine: each attacker's damage rolled, carried over (AoS2 §14.10)."""
    from aos_cli.core.attack import allocate_carry_over

    dice = SeededDice(29)
    destroyed = 0
    for _ in range(runs):
        total = sum(AOS_ENGINE.resolve(spec, dice).damage for spec in specs)
        destroyed += allocate_carry_over(total, models, wounds).models_left == 0
    return destroyed / runs


def _monte_carlo_40k(weapons: list[Weapon40k], models: int, wounds: int, runs: int) -> float:
    """The rolling engine: each attacker rolled against the target as the last one left it."""
    from dataclasses import replace

    dice = SeededDice(29)
    destroyed = 0
    for _ in range(runs):
        left, suffered = models, 0
        for weapon in weapons:
            if left == 0:
                break
            target = Target40k(4, 5, models=left, wounds=wounds, wounds_suffered=suffered)
            allocation = ENGINE_40K.resolve(Attack40k((weapon,), target), dice).allocation
            assert allocation is not None
            left, suffered = allocation.models_left, allocation.wounds_on_damaged
        destroyed += left == 0
    _ = replace
    return destroyed / runs


RUNS = 6000
BOUND = 4.5
"""Standard errors allowed: a false alarm about once in 150,000 runs of the suite."""


def _within(exact: float, estimate: float) -> None:
    sigma = math.sqrt(max(exact * (1 - exact), 1e-4) / RUNS)
    assert abs(exact - estimate) <= BOUND * sigma, (exact, estimate)


def test_aos2_three_attackers_against_monte_carlo() -> None:
    """Three Age of Sigmar units with random Damage on 4 models of 3 Wounds with a 5+ save."""
    specs = [aos_attack(6, 3, 3, "D3", 5), aos_attack(4, 4, 3, "2", 5),
             aos_attack(3, 3, 2, "D6", 5)]  # fmt: skip
    track = Track.start(4, 3)
    for spec in specs:
        track = AOS_ENGINE.advance(spec, track)
    _within(track.destroyed, _monte_carlo_aos(specs, 4, 3, RUNS))


def test_40k8_three_attackers_against_monte_carlo() -> None:
    """Three 40k units with random Damage on 4 models of 3 Wounds with a 5+ save."""
    weapons = [w40k(6, 3, 5, "D3"), w40k(4, 4, 8, "2"), w40k(3, 3, 8, "D6")]
    track = Track.start(4, 3)
    for weapon in weapons:
        target = Target40k(4, 5, models=4, wounds=3)
        track = ENGINE_40K.advance(Attack40k((weapon,), target), track)
    _within(track.destroyed, _monte_carlo_40k(weapons, 4, 3, RUNS))


# --------------------------------------------------------------------------- the best plan


def test_best_assignments_agree_with_brute_force() -> None:
    """The dynamic programme's top three are the top three of every assignment (idle
    included), for random worths that are not additive over attackers."""
    rng = random.Random(7)
    attackers, targets = 5, 3
    worth = {(t, m): rng.random() * bin(m).count("1") ** 0.7 for t in range(targets)
             for m in range(1 << attackers)}  # fmt: skip
    banned = {(0, 2), (3, 1)}

    def may(a: int, t: int) -> bool:
        return (a, t) not in banned

    def score(t: int, mask: int) -> tuple[float, float]:
        return (0.0, worth[(t, mask)] if mask else 0.0)

    got = best_assignments(attackers, targets, may, score)
    every = []
    for choice in itertools.product([None, *range(targets)], repeat=attackers):
        if any(c is not None and not may(a, c) for a, c in enumerate(choice)):
            continue
        total = 0.0
        for t in range(targets):
            mask = sum(1 << a for a, c in enumerate(choice) if c == t)
            total += score(t, mask)[1]
        every.append(total)
    every.sort(reverse=True)
    assert [a.score[1] for a in got] == pytest.approx(every[:3], abs=1e-12)
    for plan in got:
        assert all(c is None or may(a, c) for a, c in enumerate(plan.targets))


# --------------------------------------------------------------------------- odds after the dice


def test_aos2_s14_damage_given_the_hits_matches_an_enumeration() -> None:
    """Issue 29 item 4: after the hit rolls, what is still to come depends only on how many
    hit (the dice are independent). 3 hits of 3+/4+/-/D3 on a 4+ save: each wounds on 4+, is
    unsaved on 1-3, deals D3; enumerated over every wound, save and Damage die."""
    from aos_cli.core.odds import damage_given

    spec = aos_attack(5, 3, 4, "D3", 4)
    got = damage_given(spec.attacks, spec.target, [3], stage="hit")
    expected: dict[int, float] = {}
    per = {0: 1 - 0.25, 1: 0.25 / 3, 2: 0.25 / 3, 3: 0.25 / 3}
    for outcome in itertools.product(per.items(), repeat=3):
        total = sum(d for d, _ in outcome)
        expected[total] = expected.get(total, 0.0) + math.prod(p for _, p in outcome)
    for value, p in expected.items():
        assert got.p(value) == pytest.approx(p, abs=1e-12)


def test_aos2_s14_exploding_hits_given_the_hits() -> None:
    """A 6 to hit scores an extra hit (AoS2 §14 abilities): given one hit of 4+ (faces 4, 5,
    6 alike), the extra hit comes with chance 1/3; every hit wounds and goes unsaved here."""
    from aos_cli.core.effects import ExplodingHits
    from aos_cli.core.odds import damage_given

    profile = WeaponProfile(parse_dice("1"), 4, 2, 0, parse_dice("1"))
    attack = Attack(profile, compile_effects([ExplodingHits(6, parse_dice("1"))]))
    got = damage_given([attack], TargetInfo(7), [1], stage="hit")
    wound = 5 / 6
    one_extra = 1 / 3
    assert got.p(2) == pytest.approx(one_extra * wound * wound, abs=1e-12)
    assert got.mean == pytest.approx(wound * (1 + one_extra), abs=1e-12)


def test_aos2_s14_damage_given_the_wounds_and_the_ward() -> None:
    """After the wound rolls: each wound is saved on 5+ or deals 2, and a 6+ ward negates each
    point (AoS2 §14.11)."""
    from aos_cli.core.odds import damage_given

    spec = aos_attack(5, 3, 4, "2", 5)
    got = damage_given(spec.attacks, spec.target, [2], stage="wound", ward=6)
    unsaved = 4 / 6
    point = 5 / 6
    per = {0: (1 - unsaved) + unsaved * (1 - point) ** 2,
           1: unsaved * 2 * point * (1 - point), 2: unsaved * point**2}  # fmt: skip
    expected: dict[int, float] = {}
    for a, b in itertools.product(per.items(), repeat=2):
        expected[a[0] + b[0]] = expected.get(a[0] + b[0], 0.0) + a[1] * b[1]
    for value, p in expected.items():
        assert got.p(value) == pytest.approx(p, abs=1e-12)


def test_damage_given_refuses_a_wound_count_its_hits_decide() -> None:
    """A hit roll that improves Rend changes the wound's save: the wounds alone do not say."""
    from aos_cli.core.effects import RendBonusOnHit
    from aos_cli.core.errors import InputError
    from aos_cli.core.odds import damage_given

    profile = WeaponProfile(parse_dice("2"), 3, 3, 0, parse_dice("1"))
    attack = Attack(profile, compile_effects([RendBonusOnHit(6, 1)]))
    with pytest.raises(InputError, match="hit rolls change its wound rolls"):
        damage_given([attack], TargetInfo(4), [1], stage="wound")


def test_aos2_s14_damage_given_the_faces_of_the_dice() -> None:
    """With the dice themselves: a 6 to hit scores an extra hit, so the faces 6 4 1 (two hits,
    one of them a 6) leave exactly one extra hit, where two hits counted alone leave one
    with chance 1 - (2/3)² = 5/9. Without such a rule the faces say what the count says."""
    from aos_cli.core.effects import ExplodingHits
    from aos_cli.core.odds import damage_given

    profile = WeaponProfile(parse_dice("3"), 4, 2, 0, parse_dice("1"))
    attack = Attack(profile, compile_effects([ExplodingHits(6, parse_dice("1"))]))
    faces = damage_given([attack], TargetInfo(7), [0], stage="hit", rolls=[[6, 4, 1]])
    wound = 5 / 6
    assert faces.p(3) == pytest.approx(wound**3, abs=1e-12)
    assert faces.mean == pytest.approx(3 * wound, abs=1e-12)
    counted = damage_given([attack], TargetInfo(7), [2], stage="hit")
    assert counted.mean == pytest.approx(wound * (2 + 2 / 3), abs=1e-12)
    spec = aos_attack(5, 3, 4, "D3", 4)
    by_faces = damage_given(spec.attacks, spec.target, [0], stage="wound", rolls=[[5, 4, 2]])
    by_count = damage_given(spec.attacks, spec.target, [2], stage="wound")
    assert by_faces.probs == pytest.approx(by_count.probs, abs=1e-12)
