"""Age of Sigmar 2nd edition, the default system: the engine's reference behaviour (AoS2).

Its parts are core's defaults (`aos_cli.core.system_parts`): the AoS2 turn (§6), combat (§8,
§9), magic (§15), battleshock (§12), objectives (§17.3), set-up (§5) and scenery (§4.3)."""

from __future__ import annotations

from aos_cli.core.system import IMPORT_FORMAT, AoSCombat, AoSTurn, Front, GameSystem, register

AOS2 = GameSystem(
    id="aos2",
    name="Warhammer Age of Sigmar, 2nd edition",
    section="AoS2",
    turn=AoSTurn(),
    combat=AoSCombat(engagement=3, tracks_engagement=True),
    rank=1,
    command_points=True,
    imports=(IMPORT_FORMAT,),
    front=Front(
        demo_armies=("stormcast-demo.yaml", "nighthaunt-demo.yaml"),
        demo_battleplan="first-blood",
        setup_wizard=True,
    ),
)
"""AoS2 §6 phases, §7 command points, §15 magic (unbind within 30"), §4.3 scenery (1")."""

register(AOS2)
