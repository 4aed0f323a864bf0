"""Age of Sigmar 2nd edition's phases as a `StrEnum` (AoS2 §6): the default turn's
(`aos_cli.core.system_parts.AoSTurn`). Other systems name theirs in their own packages (AoS1's
`PhaseAoS1`, 40k8's `Phase40k`, MESBG's `PhaseMESBG`); each member is its string, as stored."""

from __future__ import annotations

from enum import StrEnum


class Phase(StrEnum):
    """Age of Sigmar 2nd edition's phases, in turn order (AoS2 §6)."""

    HERO = "hero"
    MOVEMENT = "movement"
    SHOOTING = "shooting"
    CHARGE = "charge"
    COMBAT = "combat"
    BATTLESHOCK = "battleshock"
