"""Middle-earth Strategy Battle Game (mesbg-fragment.md): magic, duels and the heroes of a
battle, played with its own engine (`rules`) and followed with `aos hero` (`cli`).

A light package: its casting and duel kits are imported without the rules; the system itself is
built and registered by `rules` (`SYSTEM_MODULE`) when the registry is first asked for it.
"""

SYSTEM_MODULE = "rules"
"""The module of this package that builds and registers the `GameSystem`."""
