"""Age of Sigmar 1st edition (aos1-core.md, aos-differences.md).

A light package: its attack kit and verbs are imported without the rules; the system itself is
built and registered by `rules` (`SYSTEM_MODULE`) when the registry is first asked for it.
"""

from enum import StrEnum

from aos_cli.core.system import SystemInfo


class PhaseAoS1(StrEnum):
    """The 1st edition's phases, in turn order (AoS1 §6): stored as their strings, named as
    Age of Sigmar's are (`core.phase_names`)."""

    HERO = "hero"
    MOVEMENT = "movement"
    SHOOTING = "shooting"
    CHARGE = "charge"
    COMBAT = "combat"
    BATTLESHOCK = "battleshock"


SYSTEM_MODULE = "rules"
"""The module of this package that builds and registers the `GameSystem`."""

INFO = SystemInfo(
    id="aos1",
    name="Warhammer Age of Sigmar, 1st edition",
    rank=2,
    command_points=False,
    commands=(
        ("sudden-death", "aos_cli.systems.aos1.commands:sudden_death"),
        ("triumph", "aos_cli.systems.aos1.commands:triumph"),
        ("mystical", "aos_cli.systems.aos1.commands:mystical"),
        ("blessed", "aos_cli.systems.aos1.commands:blessed"),
    ),
    help_panel="Age of Sigmar 1st edition",
)
"""What lists, help and content validation read without importing the rules; `rules` builds
the `GameSystem` from it."""
