"""The kinds of weapon a warscroll lists (AoS2 §13): stored as their strings, `missile` and
`melee`, which a `StrEnum` member is."""

from __future__ import annotations

from enum import StrEnum


class WeaponKind(StrEnum):
    """Missile weapons shoot in the shooting phase, melee weapons fight in combat (AoS2 §13)."""

    MISSILE = "missile"
    MELEE = "melee"
