"""Abilities at a moment of a unit's fight (AoS2 §11): after it piles in and before it
attacks (Cavernous Jaws, an option of the unit picked to fight, used with its ability), and
once it has made all its attacks in the combat phase (Sweeping Tail, applied by the tool).

A damage table column `ability.<id>.uses` says how many times a phase the ability is used
(AoS2 §20.4: "as many times as shown on the damage table"); one use otherwise. Pure rules:
what is allowed now and what is owed; the handlers apply the effects.
"""

from __future__ import annotations

from aos_cli.core.ability_effects import WhenFighting
from aos_cli.core.effects import Effect
from aos_cli.core.errors import RuleError
from aos_cli.core.state import AbilitySpec, GameState, UnitState, WeaponSpec
from aos_cli.core.weapon_kinds import WeaponKind
from aos_cli.language.text import tr


def moment_of(ability: AbilitySpec) -> str | None:
    """The moment of its fight the ability belongs to (`after_pile_in`, `after_attacks`),
    None for an ability of no such moment."""
    found = [e.moment for e in ability.effects if isinstance(e, WhenFighting)]
    return found[0] if found else None


def uses_allowed(unit: UnitState, ability: AbilitySpec) -> int:
    """How many times a phase the unit may use the ability: its damage table's row for the
    wounds it has suffered when a column sets it, else once."""
    row = unit.damage_row() or {}
    return int(row.get(f"ability.{ability.id}.uses", 1))


def _uses_key(unit: UnitState, ability: AbilitySpec) -> str:
    return f"uses:{unit.spec.id}:{ability.id}:"


def uses_made(state: GameState, unit: UnitState, ability: AbilitySpec) -> int:
    """How many times the unit has used the ability this phase."""
    key = _uses_key(unit, ability)
    return sum(1 for used in state.used_this_phase if used.startswith(key))


def check_before_attacks(state: GameState, unit: UnitState, ability: AbilitySpec) -> None:
    """An ability used after the unit piles in and before it attacks: not once it has begun
    attacking this phase, and no more times than its damage table allows."""
    if unit.fought or unit.weapons_used or unit.attacks_left:
        raise RuleError(
            tr(
                "{ability} is used after {unit} piles in and before it attacks; it has already "
                "attacked this phase",
                ability=ability.name,
                unit=unit.name,
            )
        )
    allowed = uses_allowed(unit, ability)
    if uses_made(state, unit, ability) >= allowed:
        raise RuleError(
            tr(
                "{unit} has used {ability} as many times this phase as its damage table allows "
                "({n})",
                unit=unit.name,
                ability=ability.name,
                n=allowed,
            )
        )


def record_use(state: GameState, unit: UnitState, ability: AbilitySpec) -> None:
    """Count one use; the unit has piled in, so it attacks before any other unit fights."""
    state.used_this_phase.add(f"{_uses_key(unit, ability)}{uses_made(state, unit, ability)}")
    unit.piled_in = True


def after_attacks(unit: UnitState) -> list[tuple[str, tuple[Effect, ...]]]:
    """(name, effects) of the unit's abilities that happen once it has made all its attacks in
    the combat phase."""
    found = []
    for ability in unit.spec.abilities:
        for effect in ability.effects:
            if isinstance(effect, WhenFighting) and effect.moment == "after_attacks":
                found.append((ability.name, effect.effects))
    return found


def note_fought_at(
    state: GameState, unit: UnitState, target: UnitState, weapons: list[WeaponSpec]
) -> None:
    """Keep, for the phase, that the unit attacked `target` with melee weapons of this reach:
    the target had a model within that distance of it (AoS2 §11)."""
    reach = max((w.range for w in weapons if w.kind == WeaponKind.MELEE), default=None)
    if reach is not None:
        state.used_this_phase.add(f"fought-at:{unit.spec.id}:{target.spec.id}:{reach:g}")


def known_within(state: GameState, unit: UnitState, reach: int) -> list[str]:
    """The ids of the enemy units it attacked this phase with melee weapons reaching no
    further than `reach` inches: within that distance of it without asking."""
    found = []
    prefix = f"fought-at:{unit.spec.id}:"
    for used in sorted(state.used_this_phase):
        if used.startswith(prefix):
            target, _, inches = used[len(prefix) :].rpartition(":")
            if float(inches) <= reach:
                found.append(target)
    return found
