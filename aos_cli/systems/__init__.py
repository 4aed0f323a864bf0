"""The game systems: one package each, registering its `GameSystem` with core's registry.

A package's name is its system's id (`aos_cli.core.system.get_system` imports it by that name).
"""

DEFAULT = "aos2"
"""The system a game, an army list or a content file is of when it names none."""
