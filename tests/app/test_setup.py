"""Army lists and a battleplan snapshotted into a game's set-up (issue 5)."""

from __future__ import annotations

from aos_cli.app.setup import build_setup, weapon_effects
from aos_cli.app.start import bundled_armies
from aos_cli.content import load_database
from aos_cli.core.effects import WoundRollsOnHit


def test_demo_armies_snapshot_units_weapons_and_battleplan() -> None:
    setup = build_setup(bundled_armies(), "first-blood")
    assert setup["battleplan"] == "first_blood" and setup["battle_rounds"] == 5
    stormcast = {u["id"]: u for u in setup["sides"][0]["units"]}
    liberators = {w["id"]: w for w in stormcast["liberators"]["weapons"]}
    # 8 warhammers and 2 grandhammers as the list says; options nobody took are left out.
    assert liberators["warhammer"]["carriers"] == 8
    assert liberators["grandhammer"]["carriers"] == 2
    assert "warblade" not in liberators
    assert stormcast["stardrake"]["general"] is True
    assert stormcast["stardrake"]["damage_table"][0]["min"] == 0


def test_aos2_s20_weapon_abilities_travel_with_the_weapon() -> None:
    """The Stormbound Blade's three wound rolls on a 6 apply whenever that weapon attacks."""
    scroll = load_database().warscroll("lord-celestant on stardrake")
    assert WoundRollsOnHit(6, 3) in weapon_effects(scroll, "stormbound-blade")
    assert weapon_effects(scroll, "celestine-hammer") == []
