"""Exact odds (core/odds.py) against hand-computed values and Monte-Carlo runs of the rolling
engine (AoS2 §2 dice, §10 charge, §12 battleshock, §14 attacks, §15 magic)."""

from __future__ import annotations

from aos_cli.core.attack import Attack, WeaponProfile, resolve_weapon
from aos_cli.core.dice import Reroll, ScriptedDice, parse_dice
from aos_cli.core.effects import (
    Effect,
    RendBonusOnHit,
    RerollRoll,
    TargetInfo,
    compile_effects,
)


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


def test_aos2_s2_reroll_failed_saves_judges_each_wounds_own_rend() -> None:
    """AoS2 §2 re-rolls + §14.4 save: a save that fails against the wound's improved rend is a
    failed save and is rerolled (the rolling engine used to judge it at the weapon's rend)."""
    attack = weapon("1", 2, 2, 0, "1", 1, RendBonusOnHit(6, 2), RerollRoll("save", Reroll.FAILED))
    # hit 6 (rend -2), wound 4, save 4 vs 3+ at rend -2 → 2: failed, rerolled to 6 → saved
    source = ScriptedDice([6, 4, 4, 6])
    result = resolve_weapon(attack, TargetInfo(3), source)
    assert source.remaining == 0
    assert result.unsaved == 0
