"""Exact odds for every roll the tool makes: attack damage and models slain, charges, runs,
casts, battleshock tests and roll-offs (DESIGN principle 4).

Attacks are computed, never simulated and never by enumerating dice:

1. one attack's damage distribution is built face by face from the same `AttackRules` methods
   the rolling engine (`attack.py`) calls, so the dice and the odds share one model;
2. a weapon's damage is that distribution summed over its (random) number of attacks by
   convolution (binary powers, big-integer Kronecker products for long vectors);
3. a ward thins every point of damage independently, so it is applied per attack;
4. models slain come from a pluggable spill-over strategy (Age of Sigmar carries wounds over).

Probabilities are floats; tails below `TAIL` are dropped after each convolution, which keeps the
total error far below 1e-9 (the tests check it). Means have their own fast path by linearity.
The other rolls are small and exact (`Fraction`), computed from the rolling engine's own values.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Sequence
from dataclasses import field
from fractions import Fraction
from typing import Generic, Protocol, TypeVar

from aos_cli.core.attack import Attack, allocate_carry_over, ward_for
from aos_cli.core.dice import FACES, DiceExpr
from aos_cli.core.distributions import (
    ZERO,
    Distribution,
    Vec,
    amount_mean,
    amount_vec,
    compound,
    convolve,
    convolve_all,
    face_probabilities,
    mix,
    power,
    survives,
    thin,
    to_distribution,
    trim,
)
from aos_cli.core.effects import AttackRules, TargetInfo, Trigger
from aos_cli.core.engine import AttackOdds
from aos_cli.core.errors import InputError
from aos_cli.core.numbers import check_distance
from aos_cli.core.records import dataclass
from aos_cli.language.text import tr

# --------------------------------------------------------------------------- one attack

T = TypeVar("T")


class _Algebra(Protocol, Generic[T]):
    """What the attack traversal needs: distributions, or just their means (linearity)."""

    def zero(self) -> T: ...
    def amount(self, expr: DiceExpr, shift: int = 0) -> T: ...
    def scale(self, x: T, factor: int) -> T: ...
    def add(self, parts: Sequence[T]) -> T: ...
    def mix(self, weighted: Sequence[tuple[float, T]]) -> T: ...
    def repeat(self, x: T, n: int) -> T: ...
    def compound(self, count: T, x: T) -> T: ...
    def thin(self, x: T, keep: float) -> T: ...


class _Dists:
    """Exact distributions."""

    def zero(self) -> Vec:
        return ZERO

    def amount(self, expr: DiceExpr, shift: int = 0) -> Vec:
        return amount_vec(expr, shift)

    def scale(self, x: Vec, factor: int) -> Vec:
        offset, probs = x
        spread = [0.0] * ((len(probs) - 1) * factor + 1)
        for i, p in enumerate(probs):
            spread[i * factor] = p
        return offset * factor, spread

    def add(self, parts: Sequence[Vec]) -> Vec:
        return convolve_all(parts)

    def mix(self, weighted: Sequence[tuple[float, Vec]]) -> Vec:
        return trim(mix(weighted))

    def repeat(self, x: Vec, n: int) -> Vec:
        return power(x, n)

    def compound(self, count: Vec, x: Vec) -> Vec:
        return compound(count, x)

    def thin(self, x: Vec, keep: float) -> Vec:
        return thin(x, keep)


class _Means:
    """Means only: sums of means, products for repeats (microseconds)."""

    def zero(self) -> float:
        return 0.0

    def amount(self, expr: DiceExpr, shift: int = 0) -> float:
        return amount_mean(expr, shift)

    def scale(self, x: float, factor: int) -> float:
        return x * factor

    def add(self, parts: Sequence[float]) -> float:
        return sum(parts)

    def mix(self, weighted: Sequence[tuple[float, float]]) -> float:
        return sum(w * x for w, x in weighted)

    def repeat(self, x: float, n: int) -> float:
        return n * x

    def compound(self, count: float, x: float) -> float:
        return count * x

    def thin(self, x: float, keep: float) -> float:
        return keep * x


_DISTS = _Dists()
_MEANS = _Means()


@dataclass
class _AttackWalk(Generic[T]):
    """One attack's sequence (AoS2 §14.4) walked face by face with `AttackRules`, exactly as
    `resolve_weapon` rolls it. `mortal_only` counts only mortal wounds."""

    attack: Attack
    target: TargetInfo
    algebra: _Algebra[T]
    mortal_only: bool = False
    _wound_cache: dict[int, T] = field(default_factory=dict)
    _unsaved_cache: dict[int, float] = field(default_factory=dict)

    @property
    def rules(self) -> AttackRules:
        return self.attack.rules

    def unsaved(self, rend: int) -> float:
        """P(a wound with this rend is not saved), rerolls by the defender included."""
        cached = self._unsaved_cache.get(rend)
        if cached is not None:
            return cached
        rules, target = self.rules, self.target
        if not any(rules.save_succeeds(v, rend, target) for v in range(2, 7)):
            result = 1.0  # no roll could save: none is made (attack.py)
        else:
            faces = face_probabilities(
                rules.reroll_save, lambda v: rules.save_succeeds(v, rend, target)
            )
            result = math.fsum(
                p
                for v, p in zip(FACES, faces, strict=True)
                if not rules.save_succeeds(v, rend, target)
            )
        self._unsaved_cache[rend] = result
        return result

    def wound(
        self, rend: int, damage_bonus: int, factor: int = 1, instead: DiceExpr | None = None
    ) -> T:
        """A wound on its way to the save: Damage (the weapon's, or `instead`; plus bonus,
        never below 0; times `factor`) if unsaved."""
        alg = self.algebra
        if self.mortal_only:
            return alg.zero()
        lost = self.unsaved(rend)
        damage = alg.amount(instead or self.attack.profile.damage, damage_bonus)
        if factor != 1:
            damage = alg.scale(damage, factor)
        return alg.mix([(1.0 - lost, alg.zero()), (lost, damage)])

    def mortal(self, triggers: Sequence[Trigger]) -> T:
        """Mortal wounds from the triggers a roll set off, each amount never below 0."""
        return self.algebra.add([self.algebra.amount(t.amount) for t in triggers])

    def wound_roll(self, rend: int) -> T:
        """One wound roll of a hit whose (possibly improved) rend is `rend`."""
        cached = self._wound_cache.get(rend)
        if cached is not None:
            return cached
        result = self.algebra.mix([(p, x) for p, _ok, x in self.wound_faces(rend)])
        self._wound_cache[rend] = result
        return result

    def wound_faces(self, rend: int) -> list[tuple[float, bool, T]]:
        """Each face of a wound roll (after the reroll): its chance, whether it wounds, and
        what it then does."""
        rules, to_wound = self.rules, self.attack.profile.to_wound
        faces = face_probabilities(rules.reroll_wound, lambda w: rules.wound_succeeds(w, to_wound))
        return [
            (p, rules.wound_succeeds(w, to_wound), self.wound_face(w, rend))
            for w, p in zip(FACES, faces, strict=True)
            if p
        ]

    def wound_face(self, w: int, rend: int) -> T:
        """What a wound roll of unmodified `w` does (nothing when it fails)."""
        alg, rules = self.algebra, self.rules
        if not rules.wound_succeeds(w, self.attack.profile.to_wound):
            return alg.zero()
        mortal = rules.hit_triggers(w, rules.mortal_on_wound)
        parts = [self.mortal(mortal)] if mortal else []
        if not (mortal and not all(t.add for t in mortal)):
            parts.append(
                self.wound(rend, rules.damage_bonus(w), rules.damage_factor(w), rules.damage_for(w))
            )
        return alg.add(parts)

    def one_attack(self) -> T:
        """Everything one attack does: its hit roll, extra hits, mortal wounds and wounds."""
        return self.algebra.mix([(p, x) for p, _ok, x in self.hit_faces()])

    def hit_faces(self) -> list[tuple[float, bool, T]]:
        """Each face of a hit roll (after the reroll): its chance, whether it hits, and what
        the attack then does (extra hits, mortal wounds and wound rolls)."""
        rules, to_hit = self.rules, self.attack.profile.to_hit
        faces = face_probabilities(rules.reroll_hit, lambda v: rules.hit_succeeds(v, to_hit))
        return [
            (p, rules.hit_succeeds(v, to_hit), self.hit_face(v))
            for v, p in zip(FACES, faces, strict=True)
            if p
        ]

    def hit_face(self, v: int) -> T:
        """What a hit roll of unmodified `v` does (nothing when it misses)."""
        alg, rules, profile = self.algebra, self.rules, self.attack.profile
        if not rules.hit_succeeds(v, profile.to_hit):
            return alg.zero()
        parts: list[T] = []
        exploding = rules.hit_triggers(v, rules.exploding)
        if exploding:
            # Extra hits trigger nothing: one wound roll each, no rend bonus.
            extra_hit = self.wound_roll(profile.rend)
            count = alg.add([alg.amount(t.amount) for t in exploding])
            parts.append(alg.compound(count, extra_hit))
        mortal = rules.hit_triggers(v, rules.mortal_on_hit)
        if mortal:
            parts.append(self.mortal(mortal))
        if not (mortal and not all(t.add for t in mortal)):
            rend = profile.rend + rules.rend_bonus(v)
            if rules.auto_wounds(v):
                parts.append(self.wound(rend, 0))
            else:
                parts.append(alg.repeat(self.wound_roll(rend), rules.wound_roll_count(v)))
        return alg.add(parts)


def _attack_count(attack: Attack) -> Vec:
    """The number of attacks: Attacks rolled per model (AoS2 §20.2) plus the extra attacks."""
    profile, extra = attack.profile, attack.rules.extra_attacks
    per_model = amount_vec(profile.attacks, 0)
    total = power(per_model, profile.models)
    offset, probs = total[0] + extra, total[1]
    if offset >= 0:
        return offset, probs
    clamped: dict[int, float] = {}
    for i, p in enumerate(probs):
        key = max(0, offset + i)
        clamped[key] = clamped.get(key, 0.0) + p
    return 0, [clamped.get(v, 0.0) for v in range(max(clamped) + 1)]


def _weapon(attack: Attack, per_attack: Vec) -> Vec:
    """A weapon's damage: one attack's distribution summed over the number of attacks."""
    profile, extra = attack.profile, attack.rules.extra_attacks
    if extra < 0:
        return compound(_attack_count(attack), per_attack)
    if profile.attacks.is_fixed:
        return power(per_attack, max(0, profile.attacks.constant) * profile.models + extra)
    per_model = compound(amount_vec(profile.attacks, 0), per_attack)
    return convolve(power(per_model, profile.models), power(per_attack, extra))


# --------------------------------------------------------------------------- a unit's attack


@dataclass(frozen=True)
class WeaponDamage:
    """What a spill-over strategy may need of one weapon: its attacks and one attack's damage
    after the ward. (40k's 'excess damage is lost' walks attacks one at a time with these.)"""

    attack: Attack
    per_attack: Distribution

    @property
    def attack_count(self) -> Distribution:
        return to_distribution(_attack_count(self.attack))


@dataclass(frozen=True)
class UnitDamage:
    """A unit's attacks as the spill-over strategy sees them."""

    damage: Distribution
    """Damage allocated to the target: every wound and mortal wound the ward did not negate."""
    weapons: tuple[WeaponDamage, ...]


SpillOver = Callable[[UnitDamage, int, int, int], Distribution]
"""A system's rule for models slain: (damage, models, wounds per model, wounds suffered)."""


def carry_over(unit: UnitDamage, models: int, wounds: int, suffered: int) -> Distribution:
    """Age of Sigmar: wounds carry over from a slain model to the next (AoS2 §14.7, §14.10)."""
    return unit.damage.map(lambda d: allocate_carry_over(d, models, wounds, suffered).slain)


def _unit_vec(
    attacks: Sequence[Attack], target: TargetInfo, keep: float, *, mortal_only: bool = False
) -> tuple[Vec, list[tuple[Attack, Vec]]]:
    total = ZERO
    per_weapon: list[tuple[Attack, Vec]] = []
    for attack in attacks:
        per_attack = _AttackWalk(attack, target, _DISTS, mortal_only).one_attack()
        if keep < 1.0:
            per_attack = thin(per_attack, keep)
        per_weapon.append((attack, per_attack))
        total = convolve(total, _weapon(attack, per_attack))
    return total, per_weapon


def attack_odds(
    attacks: Sequence[Attack],
    target: TargetInfo,
    *,
    target_models: int | None = None,
    target_wounds: int | None = None,
    wounds_suffered: int = 0,
    ward: int | None = None,
    spill_over: SpillOver = carry_over,
    detail: bool = False,
) -> AttackOdds:
    """The distributions of damage (after the ward) and, given the target's models and
    Wounds, of models slain; with `detail` also damage before the ward and mortal wounds.

    Same arguments and semantics as `resolve_attacks`, so odds and rolls answer alike."""
    keep = survives(ward_for(attacks, ward))
    damage, per_weapon = _unit_vec(attacks, target, keep)
    unit = UnitDamage(
        to_distribution(damage),
        tuple(WeaponDamage(a, to_distribution(v)) for a, v in per_weapon),
    )
    slain = None
    if target_models is not None and target_wounds is not None:
        slain = spill_over(unit, target_models, target_wounds, wounds_suffered)
    before = mortal = None
    if detail:
        before = unit.damage if keep >= 1.0 else to_distribution(_unit_vec(attacks, target, 1.0)[0])
        mortal = to_distribution(_unit_vec(attacks, target, 1.0, mortal_only=True)[0])
    return AttackOdds(unit.damage, slain, before, mortal)


def _succeeded(weighted: list[tuple[float, bool, Vec]]) -> Vec:
    """What one die that succeeded does: the succeeding faces' outcomes, weighted by their
    chances given success (the dice are independent, so each success is alike)."""
    chosen = [(p, x) for p, ok, x in weighted if ok]
    total = math.fsum(p for p, _x in chosen)
    if total <= 0.0:
        return ZERO
    return trim(mix([(p / total, x) for p, x in chosen]))


def hits_change_wounds(attack: Attack) -> bool:
    """Whether a wound roll's outcome depends on the hit roll before it (a hit roll that
    improves Rend, makes several wound rolls or extra hits, or wounds by itself): then the
    wound rolls alone do not tell the damage still to come."""
    rules = attack.rules
    return bool(
        rules.rend_on_hit
        or rules.wound_rolls_on_hit is not None
        or rules.exploding
        or rules.auto_wound is not None
    )


def damage_given(
    attacks: Sequence[Attack],
    target: TargetInfo,
    counts: Sequence[int],
    *,
    stage: str,
    ward: int | None = None,
    rolls: Sequence[Sequence[int]] | None = None,
) -> Distribution:
    """The damage still to come (after the ward) once a stage's dice are rolled: `counts` the
    successful hit rolls (`stage` "hit") or wound rolls ("wound") of each weapon, in order.
    Exact given the counts alone, from the same walk as `attack_odds`: the dice are
    independent, so each success does what any success does. With `rolls` (each weapon's
    unmodified dice after rerolls, `counts` then unused) it is exact given the faces too:
    a 6 that sets off mortal wounds counts for what it does.

    A wound roll's outcome depends on its hit roll where a hit roll improves Rend or makes
    several wound rolls; such weapons are refused for the wound stage (InputError)."""
    given = rolls if rolls is not None else counts
    if len(given) != len(attacks):
        raise InputError(
            tr("give one count per weapon ({n})", n=len(attacks)),
            tr("separate the counts with commas, e.g. 3,2"),
        )
    keep = survives(ward_for(attacks, ward))
    total = ZERO
    for index, attack in enumerate(attacks):
        walk = _AttackWalk(attack, target, _DISTS)
        if stage != "hit" and hits_change_wounds(attack):
            raise InputError(
                tr("{weapon}: its hit rolls change its wound rolls", weapon=attack.profile.name),
                tr("give the hits (--hits) instead"),
            )
        if rolls is None:
            one = _succeeded(
                walk.hit_faces() if stage == "hit" else walk.wound_faces(attack.profile.rend)
            )
            total = convolve(total, power(thin(one, keep), counts[index]))
            continue
        for face in FACES:
            times = sum(1 for v in rolls[index] if v == face)
            if not times:
                continue
            one = (
                walk.hit_face(face)
                if stage == "hit"
                else walk.wound_face(face, attack.profile.rend)
            )
            total = convolve(total, power(thin(trim(one), keep), times))
    return to_distribution(total)


def damage_to_roll(
    attack: Attack, target: TargetInfo, dice: int, *, stage: str, ward: int | None = None
) -> Distribution:
    """The damage (after the ward) of `dice` hit rolls (`stage` "hit": whole attacks) or wound
    rolls ("wound") of one weapon still to be rolled: what is to come just before a stage's
    dice, once their number is known. Wound rolls are refused (InputError) where the hit
    roll changes them (`hits_change_wounds`)."""
    keep = survives(ward_for([attack], ward))
    walk = _AttackWalk(attack, target, _DISTS)
    if stage == "hit":
        one = walk.one_attack()
    elif hits_change_wounds(attack):
        raise InputError(
            tr("{weapon}: its hit rolls change its wound rolls", weapon=attack.profile.name)
        )
    else:
        one = walk.wound_roll(attack.profile.rend)
    return to_distribution(power(thin(one, keep), dice))


def mean_damage(attacks: Sequence[Attack], target: TargetInfo, *, ward: int | None = None) -> float:
    """The mean damage allocated (after the ward) by linearity: no distribution is built."""
    keep = survives(ward_for(attacks, ward))
    total = 0.0
    for attack in attacks:
        per_attack = _AttackWalk(attack, target, _MEANS).one_attack()
        profile, extra = attack.profile, attack.rules.extra_attacks
        if extra >= 0:
            count = profile.models * amount_mean(profile.attacks, 0) + extra
        else:
            offset, probs = _attack_count(attack)
            count = math.fsum((offset + i) * p for i, p in enumerate(probs))
        total += count * per_attack
    return total * keep


# --------------------------------------------------------------------------- other rolls


@dataclass(frozen=True)
class RollOdds:
    """A roll's exact outcome distribution and, when it has one, its chance of success."""

    distribution: dict[int, Fraction]
    probability: Fraction | None = None

    @property
    def mean(self) -> Fraction:
        return sum((v * p for v, p in self.distribution.items()), Fraction(0))


def _two_d6() -> Iterator[tuple[int, int]]:
    for first in FACES:
        for second in FACES:
            yield first, second


_PAIR = Fraction(1, 36)


def _add(mapping: dict[int, Fraction], key: int, p: Fraction) -> None:
    mapping[key] = mapping.get(key, Fraction(0)) + p


def charge_odds(
    *, distance: float | None = None, reroll: bool = False, modifier: int = 0
) -> RollOdds:
    """The final charge roll (2D6 + modifier, AoS2 §10) and P(it reaches `distance`), with
    the reroll of a short charge (Forward to Victory) as `roll_charge` makes it."""
    from aos_cli.core.movement import ChargeRoll, charge_roll_needed

    if reroll and distance is None:
        raise InputError(tr("--reroll needs --distance"), tr("give the gap to the enemy in inches"))
    needed = None if distance is None else charge_roll_needed(distance)
    out: dict[int, Fraction] = {}
    for first in _two_d6():
        roll = ChargeRoll(first, None, modifier, needed)
        if reroll and not roll.succeeded:
            for second in _two_d6():
                again = ChargeRoll(first, second, modifier, needed)
                _add(out, again.total, _PAIR * _PAIR)
        else:
            _add(out, roll.total, _PAIR)
    probability = None
    if needed is not None:
        probability = sum((p for v, p in out.items() if v >= needed), Fraction(0))
    return RollOdds(dict(sorted(out.items())), probability)


def run_odds(
    *, modifier: int = 0, at_the_double: bool = False, distance: float | None = None
) -> RollOdds:
    """The run roll (D6 + modifier, AoS2 §8.4; a 6 with At the Double) and P(≥ `distance`)."""
    from aos_cli.core.movement import RunRoll

    out: dict[int, Fraction] = {}
    for die in (6,) if at_the_double else FACES:
        p = Fraction(1) if at_the_double else Fraction(1, 6)
        _add(out, RunRoll(die, modifier, at_the_double).total, p)
    probability = None
    if distance is not None:
        check_distance(distance)
        probability = sum((p for v, p in out.items() if v >= distance), Fraction(0))
    return RollOdds(dict(sorted(out.items())), probability)


@dataclass(frozen=True)
class CastOdds:
    """Casting a spell (AoS2 §15): the casting roll, P(cast), P(unbound) and P(it works)."""

    casting_roll: dict[int, Fraction]
    cast: Fraction
    unbound: Fraction
    probability: Fraction
    """P(cast and not unbound)."""


def cast_odds(
    *, value: int, modifier: int = 0, unbind: bool = False, unbind_modifier: int = 0
) -> CastOdds:
    """Exact casting odds, 2D6 against 2D6 enumerated through the rolling engine's CastRoll."""
    from aos_cli.core.magic import CastRoll

    if not 2 <= value <= 20:
        raise InputError(
            tr("--value: {value} is not a casting value", value=value), tr("use 2 to 20")
        )
    casting: dict[int, Fraction] = {}
    cast = unbound = Fraction(0)
    for dice in _two_d6():
        roll = CastRoll(value, dice, modifier)
        _add(casting, roll.total, _PAIR)
        if not roll.cast:
            continue
        cast += _PAIR
        if unbind:
            for unbind_dice in _two_d6():
                if CastRoll(value, dice, modifier, unbind_dice, unbind_modifier).unbound:
                    unbound += _PAIR * _PAIR
    return CastOdds(dict(sorted(casting.items())), cast, unbound, cast - unbound)


def battleshock_odds(
    *, bravery: int, slain: int, models: int, bravery_modifier: int = 0, roll_modifier: int = 0
) -> RollOdds:
    """Models fleeing a battleshock test (AoS2 §12) and P(passing), from BattleshockTest."""
    from aos_cli.core.battleshock import (
        BattleshockTest,
        check_battleshock_inputs,
        modified_bravery,
    )

    check_battleshock_inputs(bravery, slain, models)
    brave = modified_bravery(bravery, models, bravery_modifier)
    out: dict[int, Fraction] = {}
    passed = Fraction(0)
    for die in FACES:
        test = BattleshockTest(die, slain, roll_modifier, brave, models)
        _add(out, test.fled, Fraction(1, 6))
        if test.passed:
            passed += Fraction(1, 6)
    return RollOdds(dict(sorted(out.items())), passed)


@dataclass(frozen=True)
class RollOffOdds:
    """A roll-off (AoS2 §2): one round's win/tie/lose, P(win) with ties rerolled, rounds."""

    win: Fraction
    tie: Fraction
    lose: Fraction
    probability: Fraction
    """P(the first player wins) when ties are rolled again: 1/2 by symmetry."""
    rounds: dict[int, Fraction]
    """P(the roll-off takes n rounds), up to the first n with P below 1e-12."""


def rolloff_odds() -> RollOffOdds:
    """Exact roll-off odds; the priority roll-off (AoS2 §6) stops at the first round's tie."""
    win = Fraction(sum(1 for a, b in _two_d6() if a > b), 36)
    tie = Fraction(sum(1 for a, b in _two_d6() if a == b), 36)
    lose = 1 - win - tie
    rounds: dict[int, Fraction] = {}
    n = 1
    while True:
        p = tie ** (n - 1) * (1 - tie)
        if p < Fraction(1, 10**12):
            break
        rounds[n] = p
        n += 1
    return RollOffOdds(win, tie, lose, win / (win + lose), rounds)
