"""Warhammer 40,000 8th edition (40k8-core.md): the attack sequence in `engine`, the game's
rules (phases, psychic powers, morale, priority) in `rules`.

A light package: its attack kit and verbs are imported without the rules; the system itself is
built and registered by `rules` (`SYSTEM_MODULE`) when the registry is first asked for it.
"""

from aos_cli.core.system import SystemInfo
from aos_cli.language.i18n import N_

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
