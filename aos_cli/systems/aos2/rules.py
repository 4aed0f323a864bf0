"""Age of Sigmar 2nd edition built and registered: core's default parts, with combat tracking
who is within 3" of an enemy (AoS2 §8.1) and the demo armies of `aos demo`."""

from __future__ import annotations

from aos_cli.core.system import AoSCombat, AoSTurn, Front, GameSystem, register
from aos_cli.systems.aos2 import INFO

AOS2 = GameSystem(
    **INFO.settings(),
    section="AoS2",
    turn=AoSTurn(),
    combat=AoSCombat(engagement=3, tracks_engagement=True),
    front=Front(
        demo_armies=("stormcast-demo.yaml", "nighthaunt-demo.yaml"),
        demo_battleplan="first-blood",
        setup_wizard=True,
    ),
)
"""AoS2 §6 phases, §7 command points, §15 magic (unbind within 30"), §4.3 scenery (1")."""

register(AOS2)
