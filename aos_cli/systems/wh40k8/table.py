"""What the 40k8 rules and the `aos play` menu both read: a weapon's type, whether the
charges of a Charge phase are over and the auras rolled for at the start of a turn (40k8 §7,
§9.5, §15)."""

from __future__ import annotations

import re

from aos_cli.core.ability_effects import Aura, MortalWounds, RollThen
from aos_cli.core.errors import RuleError
from aos_cli.core.state import AbilitySpec, GameState, UnitState, WeaponSpec
from aos_cli.language.i18n import _


def weapon_type_of(weapon: WeaponSpec) -> tuple[str, str]:
    """`Rapid Fire 2` → (`rapid-fire`, `2`); `Melee` → (`melee`, ``) (40k8 §7, §13.2)."""
    text = weapon.type.strip() or ("Melee" if weapon.kind == "melee" else "Assault 1")
    match = re.fullmatch(r"(?i)(assault|heavy|rapid fire|grenade|pistol|melee)\s*(\S*)", text)
    if match is None:
        raise RuleError(
            _("{weapon}: unknown weapon type {type}").format(weapon=weapon.name, type=repr(text)),
            _("use Assault, Heavy, Rapid Fire, Grenade or Pistol with a number, or Melee"),
        )
    return match.group(1).lower().replace(" ", "-"), match.group(2)


CHARGES_OVER = "charges-over"
"""Marks a Charge phase whose charges are over: a Heroic Intervention has been made (40k8 §9.5)."""


def turn_start_aura(ability: AbilitySpec) -> tuple[Aura, RollThen, MortalWounds] | None:
    """The parts of an aura rolled for at the start of your turn, as Nurgle's Gift (40k8 §15):
    friendly models within the aura's range of its holder each threaten the enemy units within
    the mortal wounds' range of them, a die rolled for each such unit. None for any other
    ability (a game set up before abilities kept whose turn they are used in reads `any`)."""
    if ability.phase != "movement" or ability.turn == "enemy":
        return None
    for aura in ability.effects:
        if not isinstance(aura, Aura) or aura.side != "friendly":
            continue
        for roll in aura.effects:
            if not isinstance(roll, RollThen):
                continue
            for wounds in roll.then:
                if isinstance(wounds, MortalWounds) and wounds.target == "each_enemy_in_range":
                    return aura, roll, wounds
    return None


def turn_start_key(unit_id: str, ability_id: str) -> str:
    """How `used_this_turn` remembers that a start-of-turn aura has been rolled for."""
    return f"turn-start:{unit_id}:{ability_id}"


def enemy_charged(state: GameState) -> bool:
    """Whether a unit of the player whose turn it is has charged this phase."""
    return any(u.charged for u in state.sides[state.active_side].units)


def lock(first: UnitState, second: UnitState) -> None:
    """Record that two enemy units are within 1" of each other (a charge, a fight, 40k8 §9.4,
    §10.3): the game knows it until one of them Falls Back (§4.5) or is gone."""
    if second.spec.id not in first.locked_with:
        first.locked_with = (*first.locked_with, second.spec.id)
    if first.spec.id not in second.locked_with:
        second.locked_with = (*second.locked_with, first.spec.id)


def unlock(state: GameState, unit: UnitState) -> None:
    """The unit has Fallen Back: no enemy is within 1" of it any more (40k8 §4.5)."""
    for other in state.units():
        if unit.spec.id in other.locked_with:
            other.locked_with = tuple(i for i in other.locked_with if i != unit.spec.id)
    unit.locked_with = ()


def known_foes(state: GameState, unit: UnitState) -> list[UnitState]:
    """The enemy units on the battlefield the game knows to be within 1" of the unit."""
    if not unit.on_battlefield:
        return []
    found = [state.unit(i) for i in unit.locked_with]
    return [u for u in found if u.on_battlefield and u.side != unit.side]


def may_fight(state: GameState, unit: UnitState) -> bool:
    """40k8 §10.2: a unit that has not fought this phase and charged, or is known to be within
    1" of an enemy unit, or Heroically Intervened (it may have ended that close)."""
    return (
        unit.on_battlefield
        and not unit.fought
        and (unit.charged or unit.intervened or bool(known_foes(state, unit)))
    )


def fight_picker(state: GameState) -> int:
    """40k8 §10.2: the players alternate picking units to fight; once one has no eligible unit
    left the other fights on with all of theirs."""
    side = state.combat_to_pick if state.combat_to_pick is not None else state.active_side
    mine = any(may_fight(state, u) for u in state.sides[side].units)
    theirs = any(may_fight(state, u) for u in state.sides[1 - side].units)
    return 1 - side if theirs and not mine else side
