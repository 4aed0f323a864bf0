"""Middle-earth Strategy Battle Game (mesbg-fragment.md): magic, duels and the heroes of a
battle, played with its own engine (`rules`) and followed with `aos hero` (`cli`).

A light package: its casting and duel kits are imported without the rules; the system itself is
built and registered by `rules` (`SYSTEM_MODULE`) when the registry is first asked for it.
"""

from enum import StrEnum

from aos_cli.core.system import SystemInfo
from aos_cli.language.i18n import N_


class PhaseMESBG(StrEnum):
    """The Middle-earth turn's phases, in order (digest §5: Priority, Move, Shoot, Fight,
    End): stored as their strings."""

    PRIORITY = "priority"
    MOVE = "move"
    SHOOT = "shoot"
    FIGHT = "fight"
    END = "end"


SYSTEM_MODULE = "rules"
"""The module of this package that builds and registers the `GameSystem`."""

INFO = SystemInfo(
    id="mesbg",
    name="Middle-earth Strategy Battle Game",
    rank=4,
    command_points=False,
    commands=(("hero", "aos_cli.systems.mesbg.cli:hero_app"),),
    help_panel="Middle-earth",
    phase_names=(
        (PhaseMESBG.PRIORITY, N_("priority phase")),
        (PhaseMESBG.MOVE, N_("move phase")),
        (PhaseMESBG.SHOOT, N_("shoot phase")),
        (PhaseMESBG.FIGHT, N_("fight phase")),
        (PhaseMESBG.END, N_("end phase")),
    ),
)
"""What lists, help and content validation read without importing the rules; `rules` builds
the `GameSystem` from it."""
