"""Rosters imported as the player built them (issue 23): the classes of loadout mismatch found
on real exports, each on a small fixture of its own. AoS2 §5.3 (core rules 2nd edition, "Weapons"):
a model attacks with the weapons its warscroll's options gave it, one of each choice."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from aos_cli.content import load_database
from aos_cli.content.army import ArmyUnit, carried_weapons
from aos_cli.content.importers.battlescribe import Table, _damage_table, import_into
from aos_cli.content.importers.loadouts import roster_loadout
from aos_cli.content.importers.roster import Profile, Roster, RosterUnit, to_army
from aos_cli.content.schema import Warscroll


def _scroll(weapons: list[str], choices: list[str], default: str | None = None) -> Any:
    """A warscroll stand-in: weapons by name (ids are names lower-cased), one choice group."""
    option = SimpleNamespace(
        id="weapon-choice", name=None, choices=tuple(choices), one_per=None, default=default
    )
    return SimpleNamespace(
        weapons=[SimpleNamespace(id=w.lower().replace(" ", "-"), name=w) for w in weapons],
        weapon_options=[option],
    )


KEEPER = _scroll(
    ["Elegant Greatblade", "Ritual Knife", "Living Whip"],
    ["ritual-knife", "living-whip"],
    default="ritual-knife",
)


def test_issue23_item1_a_printed_loadout_without_the_choice_takes_no_weapon_of_it() -> None:
    # A Keeper of Secrets with a Shining Aegis: the export prints its Elegant Greatblade and no
    # weapon of the choice; the model must not be given the default Ritual Knife.
    loadout = roster_loadout(KEEPER, 1, ["1. Song of Secrets"], ["Elegant Greatblade"])
    assert loadout.weapons == {"ritual-knife": 0}
    assert loadout.without == ["weapon-choice"] and loadout.defaulted == []


def test_issue23_item1_a_list_that_prints_no_weapons_still_takes_the_default() -> None:
    # A Warscroll Builder list prints no profiles: the choice is defaulted, and said so.
    loadout = roster_loadout(KEEPER, 1, [], [])
    assert loadout.weapons == {} and loadout.defaulted == ["weapon-choice"]


def test_issue23_item1_zero_models_of_a_choice_carry_none_of_it() -> None:
    scroll = Warscroll.model_validate(
        {
            "id": "keeper",
            "name": "Keeper",
            "faction": "Test",
            "move": 12,
            "wounds": 12,
            "bravery": 10,
            "save": "4+",
            "melee_weapons": [
                {"id": w, "name": w, "range": 1, "attacks": "2", "to_hit": "3+"}
                | {"to_wound": "3+", "damage": "1"}
                for w in ("blade", "knife", "whip")
            ],
            "weapon_options": [{"id": "choice", "choices": ["knife", "whip"], "default": "knife"}],
        }
    )
    none = ArmyUnit.model_validate({"id": "k", "warscroll": "Keeper", "weapons": {"knife": 0}})
    assert carried_weapons(scroll, none) == ["blade"]
    unset = ArmyUnit.model_validate({"id": "k", "warscroll": "Keeper"})
    assert carried_weapons(scroll, unset) == ["blade", "knife"]


CART = _scroll(["Corpse Goad", "Corpse Lash", "Rusty Blades"], ["corpse-goad", "corpse-lash"])


def test_issue23_item1_a_weapon_spelt_by_another_revision_is_the_same_weapon() -> None:
    # The export prints `Corpsemaster's Goad` where the catalogue says `Corpse Goad`.
    loadout = roster_loadout(CART, 1, [], ["Corpsemaster's Goad", "Zombies' Rusty Blades"])
    assert loadout.weapons == {"corpse-goad": 1} and loadout.unknown == []


def test_issue23_item1_a_selection_naming_a_weapon_by_its_last_word_alone() -> None:
    # `Goad` (a short word) names the Corpse Lash's alternative when no other weapon ends so.
    loadout = roster_loadout(CART, 1, ["Cryptsword", "Lash"], [])
    assert loadout.weapons == {"corpse-lash": 1}


def test_issue23_item1_a_weapon_the_database_lacks_is_reported() -> None:
    loadout = roster_loadout(CART, 1, ["Goad"], ["Corpse Goad", "Staff of Tzeentch"])
    assert loadout.unknown == ["Staff of Tzeentch"]


def test_issue23_item1_a_table_column_spelt_otherwise_still_sets_its_weapon() -> None:
    # The Soul Grinder's `Harvestor Cannon` (Attacks *) and its table's `Harvester Cannon`.
    weapons = {"Harvestor Cannon": {"id": "harvestor-cannon"}}
    table = Table(["Wounds Suffered", "Harvester Cannon"], [["0-3", "6"], ["4-6", "4"]])
    data, leftover = _damage_table(table, weapons, {"Harvestor Cannon": ["attacks"]}, {})
    assert data is not None and leftover == []
    assert data["columns"] == [
        {"name": "Harvester Cannon", "sets": "weapon.harvestor-cannon.attacks"}
    ]


@pytest.fixture
def content(fixtures: Path, tmp_path: Path) -> Path:
    out = tmp_path / "content"
    import_into([fixtures], out)
    return out


def test_issue23_item1_an_exports_empty_cell_the_damage_table_sets_keeps_the_weapon(
    content: Path,
) -> None:
    # The HTML export prints a `*` characteristic as an empty cell; the unit's own table rows
    # (`(Wounds Suffered) Beast`) set it: the monster keeps its Horns, its Move from the table.
    rows = [
        Profile("(Wounds Suffered) Beast", "0-3", {"Move": '8"', "Horns": "4"}),
        Profile("(Wounds Suffered) Beast", "4+", {"Move": '5"', "Horns": "2"}),
    ]
    horns = {"Type": "Melee", "Range": '2"', "Attacks": "2", "To Hit": "3+", "To Wound": "3+"}
    unit = RosterUnit(
        name="Odd Beast",
        profiles=[
            Profile("Unit", "Odd Beast", {"Move": "", "Wounds": "8", "Bravery": "6", "Save": "4+"}),
            Profile("Weapon", "Horns", {**horns, "Rend": "-1", "Damage": ""}),
            *rows,
        ],
    )
    roster = Roster(name="Beasts", layout="BattleScribe HTML export", units=[unit])
    result = to_army(roster, load_database([content]), "test")
    written = result.warscrolls[0]
    assert [w["name"] for w in written["melee_weapons"]] == ["Horns"]
    assert written["melee_weapons"][0]["damage"] == "table"
    assert written["move"] == "table"
