"""The event of a resolved attack (`AttackResolved`), built from the engine's result and the
units in the game: one place for every system's attack handler."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from aos_cli.core.events import AttackResolved, Rolls

if TYPE_CHECKING:
    from collections.abc import Sequence

    from aos_cli.core.engine import AttackResult, Stage, WeaponCounts
    from aos_cli.core.state import GameState, UnitState


def _stage(weapon: WeaponCounts, name: str) -> Stage | None:
    """The weapon's stage of that name (`hit`, `wound`, `save`), if it rolled one."""
    return next((stage for stage in weapon.stages if stage.name == name), None)


def _stage_rolls(weapon: WeaponCounts, name: str) -> tuple[int, ...]:
    """The values of the dice a weapon rolled in one stage, after any re-roll."""
    stage = _stage(weapon, name)
    return tuple(die.value for die in stage.dice) if stage else ()


def _rerolled(weapon: WeaponCounts, name: str) -> tuple[int, ...]:
    """The first roll of each re-rolled die of a stage (0 for a die kept); empty when none
    was re-rolled."""
    stage = _stage(weapon, name)
    if stage is None or all(die.rerolled is None for die in stage.dice):
        return ()
    return tuple(die.first if die.rerolled is not None else 0 for die in stage.dice)


def weapon_rolls(weapon: WeaponCounts, wielder: str = "") -> Rolls:
    """One weapon's rolled result as the event stores it."""
    hit, wound, save = (_stage(weapon, name) for name in ("hit", "wound", "save"))
    return Rolls(
        weapon=weapon.weapon,
        wielder=wielder,
        attacks=weapon.attacks,
        hit_rolls=_stage_rolls(weapon, "hit"),
        hits=weapon.hits,
        wound_rolls=_stage_rolls(weapon, "wound"),
        wounds=weapon.wounds,
        save_rolls=_stage_rolls(weapon, "save"),
        saves=save.count if save else 0,
        unsaved=weapon.unsaved,
        mortal_wounds=weapon.mortal_wounds,
        damage_rolls=weapon.damage_rolls,
        damage=weapon.damage,
        attack_rolls=weapon.attack_rolls,
        hit_needed=hit.needed if hit else "",
        hit_rerolled=_rerolled(weapon, "hit"),
        extra_hits=hit.extra if hit else 0,
        wound_needed=wound.needed if wound else "",
        wound_rerolled=_rerolled(weapon, "wound"),
        automatic_wounds=wound.extra if wound else 0,
        save_needed=save.needed if save else "",
        save_rerolled=_rerolled(weapon, "save"),
    )


def attack_resolved(
    state: GameState,
    attacker: UnitState,
    target: UnitState,
    result: AttackResult[Any],
    slain: int,
    wounds_lost: int,
    wielders: Sequence[str] = (),
    *,
    ward: int = 0,
    expected: float = -1.0,
    overwatch: bool = False,
    excess_lost: bool = False,
) -> AttackResolved:
    """The event of one unit's attacks on a target, from the engine's result; `slain` and
    `wounds_lost` are what the allocation did, `wielders` the model wielding each weapon,
    `ward` the roll its ward rolls needed, `expected` its exact mean damage; `overwatch` and
    `excess_lost` as the event keeps them (40k8 §9.3, §8.5)."""
    named = list(wielders) + [""] * (len(result.weapons) - len(wielders))
    weapons = tuple(weapon_rolls(w, n) for w, n in zip(result.weapons, named, strict=True))
    return AttackResolved(
        round=state.round,
        phase=state.phase,
        side=attacker.side,
        attacker=attacker.spec.id,
        attacker_name=attacker.name,
        target=target.spec.id,
        target_name=target.name,
        weapons=weapons,
        attacks=result.attacks,
        hits=result.hits,
        wounds=result.wounds,
        saves=sum(w.saves for w in weapons),
        unsaved=result.unsaved,
        mortal_wounds=result.mortal_wounds,
        ward_rolls=tuple(result.ward_rolls),
        ward_saved=result.ward_saved,
        damage=result.damage,
        wounds_lost=wounds_lost,
        slain=slain,
        ward=ward if result.ward_rolls else 0,
        expected=expected,
        overwatch=overwatch,
        excess_lost=excess_lost,
    )
