"""Warhammer 40,000 8th edition (40k8-core.md): the attack sequence in `engine`, the game's
rules (phases, psychic powers, morale, priority) in `rules`.

A light package: its attack kit and verbs are imported without the rules; the system itself is
built and registered by `rules` (`SYSTEM_MODULE`) when the registry is first asked for it.
"""

SYSTEM_MODULE = "rules"
"""The module of this package that builds and registers the `GameSystem`."""
