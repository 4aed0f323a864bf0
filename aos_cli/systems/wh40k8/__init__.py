"""Warhammer 40,000 8th edition (40k8-core.md): the attack sequence in `engine`, the game's
rules (phases, psychic powers, morale, priority) in `rules`.

A light package: its attack kit and verbs are imported without the rules; the system itself is
built and registered by `rules` (`SYSTEM_MODULE`) when the registry is first asked for it.
"""

from enum import StrEnum

from aos_cli.core.system import SystemInfo
from aos_cli.language.i18n import N_


class Phase40k(StrEnum):
    """The 8th edition's phases, in turn order (40k8 §3): stored as their strings."""

    MOVEMENT = "movement"
    PSYCHIC = "psychic"
    SHOOTING = "shooting"
    CHARGE = "charge"
    FIGHT = "fight"
    MORALE = "morale"


SYSTEM_MODULE = "rules"
"""The module of this package that builds and registers the `GameSystem`."""

INFO = SystemInfo(
    id="wh40k8",
    name="Warhammer 40,000, 8th edition",
    rank=3,
    datasheets=True,
    command_points=False,
    commands=tuple(
        (name, f"aos_cli.systems.wh40k8.commands:{attribute}")
        for name, attribute in (
            ("advance", "advance"),
            ("fall-back", "fall_back"),
            ("embark", "embark"),
            ("disembark", "disembark"),
            ("intervene", "intervene"),
            ("morale", "morale"),
            ("deny", "deny"),
        )
    ),
    help_panel="40k 8th edition",
    phase_names=(
        (Phase40k.PSYCHIC, N_("psychic phase")),
        (Phase40k.FIGHT, N_("fight phase")),
        (Phase40k.MORALE, N_("morale phase")),
    ),
    terms=(
        ("wizard", "PSYKER"),
        ("casts", "manifests"),
        ("unbinds", "denies"),
        ("unbind_command", "deny"),
        ("unbind_attempt", N_("Deny the Witch")),
        ("bravery_short", "Ld"),
        ("round_one", N_("the Underdog chooses who goes first in every round")),
        ("general", N_("Warlord")),
        ("ward_rolls", N_("rolls to ignore wounds")),
        ("trait_keyword", "CHARACTER"),
        ("trait_rule", "40k8 §16"),
    ),
)
"""What lists, help and content validation read without importing the rules; `rules` builds
the `GameSystem` from it."""
