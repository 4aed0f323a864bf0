"""The event of a resolved attack (`AttackResolved`), built from the engine's result and the
units in the game: one place for every system's attack handler."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from aos_cli.core.events import AttackResolved, Rolls

if TYPE_CHECKING:
    from collections.abc import Sequence

    from aos_cli.core.engine import AttackResult, WeaponCounts
    from aos_cli.core.state import GameState, UnitState


def _stage_rolls(weapon: WeaponCounts, name: str) -> tuple[int, ...]:
    """The values of the dice a weapon rolled in one stage (`hit`, `wound`, `save`), after any
    re-roll."""
    for stage in weapon.stages:
        if stage.name == name:
            return tuple(die.value for die in stage.dice)
    return ()


def weapon_rolls(weapon: WeaponCounts, wielder: str = "") -> Rolls:
    """One weapon's rolled result as the event stores it."""
    return Rolls(
        weapon=weapon.weapon,
        wielder=wielder,
        attacks=weapon.attacks,
        hit_rolls=_stage_rolls(weapon, "hit"),
        hits=weapon.hits,
        wound_rolls=_stage_rolls(weapon, "wound"),
        wounds=weapon.wounds,
        save_rolls=_stage_rolls(weapon, "save"),
        saves=weapon.wounds - weapon.unsaved,
        unsaved=weapon.unsaved,
        mortal_wounds=weapon.mortal_wounds,
        damage_rolls=weapon.damage_rolls,
        damage=weapon.damage,
    )


def attack_resolved(
    state: GameState,
    attacker: UnitState,
    target: UnitState,
    result: AttackResult[Any],
    slain: int,
    wounds_lost: int,
    wielders: Sequence[str] = (),
) -> AttackResolved:
    """The event of one unit's attacks on a target, from the engine's result; `slain` and
    `wounds_lost` are what the allocation did, `wielders` the model wielding each weapon."""
    named = list(wielders) + [""] * (len(result.weapons) - len(wielders))
    return AttackResolved(
        round=state.round,
        phase=state.phase,
        side=attacker.side,
        attacker=attacker.spec.id,
        attacker_name=attacker.name,
        target=target.spec.id,
        target_name=target.name,
        weapons=tuple(weapon_rolls(w, n) for w, n in zip(result.weapons, named, strict=True)),
        attacks=result.attacks,
        hits=result.hits,
        wounds=result.wounds,
        saves=result.wounds - result.unsaved,
        unsaved=result.unsaved,
        mortal_wounds=result.mortal_wounds,
        ward_rolls=tuple(result.ward_rolls),
        ward_saved=result.ward_saved,
        damage=result.damage,
        wounds_lost=wounds_lost,
        slain=slain,
    )
