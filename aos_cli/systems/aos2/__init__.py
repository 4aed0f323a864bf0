"""Age of Sigmar 2nd edition, the default system: the engine's reference behaviour (AoS2)."""

from __future__ import annotations

from aos_cli.core.system import IMPORT_FORMAT, GameSystem, SpellRule, register

AOS2 = GameSystem(
    id="aos2",
    name="Warhammer Age of Sigmar, 2nd edition",
    section="AoS2",
    phases=("hero", "movement", "shooting", "charge", "combat", "battleshock"),
    rank=1,
    demo_armies=("stormcast-demo.yaml", "nighthaunt-demo.yaml"),
    demo_battleplan="first-blood",
    command_points=True,
    engagement=3,
    tracks_engagement=True,
    unbind_range=30,
    spell_limit="army",
    spells=(
        SpellRule("arcane bolt", 5, 18, "enemy"),
        SpellRule("mystic shield", 6, 18, "friendly"),
    ),
    scenery_range=1,
    setup_wizard=True,
    imports=(IMPORT_FORMAT,),
)
"""AoS2 §6 phases, §7 command points, §15 magic (unbind within 30"), §4.3 scenery (1")."""

register(AOS2)
