"""Odds that follow the dice (issue 29 item 4): while an attack is rolled, the chance to
destroy the target just before a weapon's hit (or wound) rolls and once they are known, exact,
from the walk the plan uses (`core.odds`), never a second model of the attack.

The target's state is carried as the plan carries it (`core.plan.Track`, AoS2 §14.7, §14.10):
the damage of the weapons already rolled is known, the rolling weapon's is what its dice leave
to come (`damage_given`, `damage_to_roll`), the later weapons' is their whole distribution
(`attack_odds`); the ward thins every point (§14.11). As in the plan, a ward against mortal
wounds alone is not counted."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from aos_cli.core.attack import AttackWatch, WeaponResult, ward_for
from aos_cli.core.distributions import (
    Distribution,
    Vec,
    convolve,
    survives,
    thin,
    to_distribution,
)
from aos_cli.core.odds import attack_odds, damage_given, damage_to_roll, hits_change_wounds
from aos_cli.core.plan import Track, carry_damage
from aos_cli.core.records import dataclass

if TYPE_CHECKING:
    from aos_cli.core.aos_engine import AosAttack


@dataclass(frozen=True)
class StageOdds:
    """The chance to destroy the target (and the models expected slain) just before a stage's
    dice and now that they are known."""

    target: str
    stage: str
    """`hit` or `wound`."""
    successes: int
    """The hit rolls that hit, or the wound rolls that wounded."""
    before: float
    now: float
    slain_before: float
    slain_now: float
    weapon: str = ""
    """The weapon rolling, named when the attack has more than one."""


DiceOddsSink = Callable[[StageOdds], None]
"""Where `aos play` takes the odds of each stage as the dice fall."""


def stage_odds(
    spec: AosAttack,
    index: int,
    stage: str,
    dice: tuple[int, ...],
    results: list[WeaponResult],
) -> StageOdds | None:
    """The odds once weapon `index`'s `stage` dice (unmodified, after rerolls) are known,
    `results` the weapons done and the one rolling; None where they cannot be told from the
    dice (no models to count, no dice, or wound rolls that depend on their hit rolls)."""
    if spec.target_models is None or spec.target_wounds is None or not dice:
        return None
    attacks = spec.attacks
    attack = attacks[index]
    if stage == "wound" and hits_change_wounds(attack):
        return None
    ward = ward_for(attacks, spec.ward)
    current = results[-1]
    known = sum(r.damage for r in results[:-1]) + current.mortal_wounds
    rest = thin((known, [1.0]), survives(ward))
    if index + 1 < len(attacks):
        later = attack_odds(attacks[index + 1 :], spec.target, ward=ward).damage
        rest = convolve(rest, (later.offset, list(later.probs)))
    coming = damage_to_roll(attack, spec.target, len(dice), stage=stage, ward=ward)
    rolled = damage_given([attack], spec.target, [0], stage=stage, ward=ward, rolls=[dice])
    start = Track.start(spec.target_models, spec.target_wounds, spec.wounds_suffered)
    before = carry_damage(start, _plus(rest, coming))
    now = carry_damage(start, _plus(rest, rolled))
    rules, profile = attack.rules, attack.profile
    if stage == "hit":
        successes = sum(1 for v in dice if rules.hit_succeeds(v, profile.to_hit))
    else:
        successes = sum(1 for v in dice if rules.wound_succeeds(v, profile.to_wound))
    return StageOdds(
        spec.target.name,
        stage,
        successes,
        before.destroyed,
        now.destroyed,
        before.mean_slain,
        now.mean_slain,
        profile.name if len(attacks) > 1 else "",
    )


def _plus(vec: Vec, damage: Distribution) -> Distribution:
    """The sum of known damage and damage still to come."""
    return to_distribution(convolve(vec, (damage.offset, list(damage.probs))))


def following(spec: AosAttack, sink: DiceOddsSink) -> AttackWatch:
    """The watcher `resolve_attacks` tells each stage's dice, handing `sink` their odds."""

    def watch(index: int, stage: str, dice: tuple[int, ...], results: list[WeaponResult]) -> None:
        odds = stage_odds(spec, index, stage, dice, results)
        if odds is not None:
            sink(odds)

    return watch
