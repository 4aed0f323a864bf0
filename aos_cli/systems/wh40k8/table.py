"""What the 40k8 rules and the `aos play` menu both read: a weapon's type and whether the
charges of a Charge phase are over (40k8 §7, §9.5)."""

from __future__ import annotations

import re

from aos_cli.core.errors import RuleError
from aos_cli.core.state import GameState, WeaponSpec


def weapon_type_of(weapon: WeaponSpec) -> tuple[str, str]:
    """`Rapid Fire 2` → (`rapid-fire`, `2`); `Melee` → (`melee`, ``) (40k8 §7, §13.2)."""
    text = weapon.type.strip() or ("Melee" if weapon.kind == "melee" else "Assault 1")
    match = re.fullmatch(r"(?i)(assault|heavy|rapid fire|grenade|pistol|melee)\s*(\S*)", text)
    if match is None:
        raise RuleError(f"{weapon.name}: unknown weapon type {text!r}")
    return match.group(1).lower().replace(" ", "-"), match.group(2)


CHARGES_OVER = "charges-over"
"""Marks a Charge phase whose charges are over: a Heroic Intervention has been made (40k8 §9.5)."""


def enemy_charged(state: GameState) -> bool:
    """Whether a unit of the player whose turn it is has charged this phase."""
    return any(u.charged for u in state.sides[state.active_side].units)
