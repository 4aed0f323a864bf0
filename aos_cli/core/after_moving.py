"""Whether a unit that ran or retreated may still shoot or charge (AoS2 §8.3, §8.4): only when
an effect in force on it says so ("this unit can run and still charge later in the same turn").
"""

from __future__ import annotations

from aos_cli.core.ability_effects import ActAfterMoving, Aura, build_effect, inner_effects
from aos_cli.core.effects import Effect
from aos_cli.core.state import GameState, UnitState


def _found(effect: Effect, move: str, then: str) -> bool:
    if isinstance(effect, ActAfterMoving):
        return (effect.move, effect.then) == (move, then)
    if isinstance(effect, Aura):
        return False  # other units' within range: the table's, not this rule's
    return any(_found(inner, move, then) for inner in inner_effects(effect))


def may_act_after(state: GameState, unit: UnitState, move: str, then: str) -> bool:
    """Whether the unit's own always-on abilities, or an effect in force on it (a spell's
    "until your next hero phase, that unit can run and still shoot"), let it `then` (shoot,
    charge) after it made a `move` (run, retreat) this turn."""
    found: list[Effect] = []
    for ability in unit.spec.abilities:
        if (
            ability.kind == "ability"
            and ability.phase is None
            and not (ability.cost or ability.champion)
        ):
            found += [build_effect(m, ability.name) for m in ability.effects]
    for active in unit.effects:
        found += [build_effect(m, active.name) for m in active.effects]
    return any(_found(effect, move, then) for effect in found)


def barred_after_moving(state: GameState, unit: UnitState, then: str) -> bool:
    """Whether the unit's run or retreat this turn bars it from `then` (shoot, charge)."""
    if unit.ran and not may_act_after(state, unit, "run", then):
        return True
    return unit.retreated and not may_act_after(state, unit, "retreat", then)
