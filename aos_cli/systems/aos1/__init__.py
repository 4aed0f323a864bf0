"""Age of Sigmar 1st edition (aos1-core.md, aos-differences.md).

A light package: its attack kit and verbs are imported without the rules; the system itself is
built and registered by `rules` (`SYSTEM_MODULE`) when the registry is first asked for it.
"""

SYSTEM_MODULE = "rules"
"""The module of this package that builds and registers the `GameSystem`."""
