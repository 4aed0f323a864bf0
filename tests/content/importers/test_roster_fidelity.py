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


def _html_unit_li(name: str, models: int) -> str:
    return f"""<li class="rootselection"><h4>{name} [100pts]</h4>
<p><span class="bold">Selections:</span> {models} {name} [100pts]</p>
<p class="category-names"><span class="bold">Categories:</span>
<span class="caps">ORDER, {name.upper()}</span></p>
<p class="profile-names"><span class="bold">Unit:</span> <span class="italic">{name}</span></p>
<table><tr><th>Unit</th><th>Move</th><th>Wounds</th><th>Bravery</th><th>Save</th></tr>
<tr><td>{name}</td><td>5"</td><td>1</td><td>6</td><td>4+</td></tr></table></li>"""


def _allegiance_li(value: str, extra: str = "") -> str:
    return f"""<li class="rootselection"><h4>Allegiance</h4>
<p><span class="bold">Selections:</span> Allegiance: {value}{extra}</p>
<p class="category-names"><span class="bold">Categories:</span>
<span class="caps">Allegiance</span></p></li>"""


ALLIED_HTML = f"""<html><body class="battlescribe"><div class="battlescribe">
<h1>Allied Host (Age of Sigmar) [400pts]</h1><ul>
<li class="force"><h2>**Pitched Battle** 2,000 (Order - Test Host) [300pts]</h2><ul>
{_allegiance_li("Test Host", ", Legion: Petrifex Elite")}
{_html_unit_li("Wardens", 10)}
<li class="force"><h2>Allies (Order - Wanderers) [100pts]</h2><ul>
{_html_unit_li("Glade Guard", 10)}
</ul></li>
</ul></li>
<li class="force"><h2>**Pitched Battle** (Order - Stonehold) [100pts]</h2><ul>
{_allegiance_li("ORDER")}
{_html_unit_li("Ironbreakers", 10)}
</ul></li>
</ul></div></body></html>"""


ALONE_HTML = f"""<html><body class="battlescribe"><div class="battlescribe">
<h1>Lone Host (Age of Sigmar) [100pts]</h1><ul>
<li class="force"><h2>**Pitched Battle** 2,000 (Order - Test Host) [100pts]</h2><ul>
{_allegiance_li("Test Host", ", Legion: Petrifex Elite")}
{_html_unit_li("Wardens", 10)}
</ul></li></ul></div></body></html>"""


def test_issue23_item5_an_allied_force_inside_a_force_is_read_once_as_allies(
    tmp_path: Path,
) -> None:
    from aos_cli.content.importers.roster import read_roster

    path = tmp_path / "allied.html"
    path.write_text(ALLIED_HTML)
    roster = read_roster(path)
    # The nested Allies force's Glade Guard once (not again with the force around it), and a
    # later force of another faction's Ironbreakers: both allies.
    assert [(u.name, u.ally) for u in roster.units] == [
        ("Wardens", False),
        ("Glade Guard", True),
        ("Ironbreakers", True),
    ]


def test_issue23_item3_allegiance_and_subfaction_are_the_main_forces(tmp_path: Path) -> None:
    from aos_cli.content.importers.roster import read_roster

    path = tmp_path / "allied.html"
    path.write_text(ALLIED_HTML)
    roster = read_roster(path)
    # The allied force's `Allegiance: ORDER` never replaces the army's; the sub-faction is
    # the one its allegiance selection names (`Legion: Petrifex Elite`).
    assert roster.faction == "Test Host" and roster.allegiance == "Test Host"
    assert roster.subfaction == "Petrifex Elite"


def test_issue23_item3_a_written_allegiance_is_named_by_the_faction_not_the_file(
    content: Path, tmp_path: Path
) -> None:
    from aos_cli.content.importers.run import import_roster

    path = tmp_path / "1612580630224-Battlescribe.html"
    path.write_text(ALONE_HTML)
    army_file = tmp_path / "army.yaml"
    import_roster(path, army_file, tmp_path / "written", [content])
    import yaml

    army = yaml.safe_load(army_file.read_text())["army"]
    assert army["allegiance"] in ("test-host", "roster-test-host")
    assert "1612580630224" not in army["allegiance"]
    assert army["subfaction"] == "Petrifex Elite"


NESTED_ROS = """<?xml version="1.0" encoding="UTF-8"?>
<roster id="r" name="Nested" gameSystemName="Age of Sigmar"
 xmlns="http://www.battlescribe.net/schema/rosterSchema"><forces>
<force id="f1" name="**Pitched Battle** 2,000" catalogueName="Order - Test Host"><selections>
<selection id="s1" name="Wardens" number="1" type="unit"><selections>
<selection id="s2" name="Warden" number="10" type="model"/></selections></selection>
</selections><forces>
<force id="f2" name="Allies" catalogueName="Order - Wanderers"><selections>
<selection id="s3" name="Glade Guard" number="1" type="unit"><selections>
<selection id="s4" name="Glade Guard" number="10" type="model"/></selections></selection>
</selections></force></forces></force></forces></roster>"""


def test_issue23_item5_an_xml_rosters_nested_allied_force_is_read(tmp_path: Path) -> None:
    from aos_cli.content.importers.roster import read_roster

    path = tmp_path / "nested.ros"
    path.write_text(NESTED_ROS)
    roster = read_roster(path)
    assert [(u.name, u.models, u.ally) for u in roster.units] == [
        ("Wardens", 10, False),
        ("Glade Guard", 10, True),
    ]


ARMOURY = Path(__file__).resolve().parent / "armoury"


def test_issue23_item2_a_text_lists_unit_sold_by_the_pack_counts_its_models(
    tmp_path: Path,
) -> None:
    from aos_cli.content.importers.run import import_roster

    content = tmp_path / "content"
    import_into([ARMOURY], content)
    listing = tmp_path / "list.txt"
    # Reapers come 10 to a unit for 160 points: a line without a count (or a count of the
    # packs) is as many tens as its points pay for, never 1 model.
    listing.write_text(
        "Packs\nAllegiance: Order\nBATTLELINE\nReapers (320)\n1 x Reapers (160)\n"
        "12 x Reapers (200)\n"
    )
    army_file = tmp_path / "army.yaml"
    report = import_roster(listing, army_file, tmp_path / "written", [content])
    import yaml

    units = yaml.safe_load(army_file.read_text())["army"]["units"]
    assert [u["models"] for u in units] == [20, 10, 12]
    assert any("2 × 10 models" in note for note in report["notes"])


STABBAS = _scroll(["Stabba", "Pokin' Spear", "Barbed Net"], ["stabba", "pokin-spear"], "stabba")
STABBAS.weapon_options.append(
    SimpleNamespace(id="x3-barbed-net", name=None, choices=("barbed-net",), one_per=6, default=None)
)


def test_issue23_item1_the_units_own_model_line_names_no_weapon() -> None:
    # `2x 20 Stabbas` counts the models; the Stabba weapon is the one `Stabba` names (the
    # rest of the unit), and `2x x3 Barbed Net` is two entries of three nets: 6 of 40.
    items = ["2x 20 Stabbas [260pts]", "Bad Moon Icon", "Stabba", "2x x3 Barbed Net"]
    loadout = roster_loadout(STABBAS, 40, items, ["Barbed Net", "Stabba"], "Stabbas")
    assert loadout.weapons == {"barbed-net": 6, "stabba": 34}


GRAVE = _scroll(["Wight Blade", "Great Wight Blade"], ["wight-blade", "great-wight-blade"])


def test_issue23_item1_a_longer_weapon_name_is_never_read_as_the_shorter_one_in_it() -> None:
    loadout = roster_loadout(
        GRAVE, 20, ["2x 10 Grave Guard", "Great Wight Blade"], [], "Grave Guard"
    )
    assert loadout.weapons == {"great-wight-blade": 20} and loadout.notes == []


def test_issue23_item1_an_entry_of_several_weapons_without_a_minimum_is_one_in_every_n(
    tmp_path: Path,
) -> None:
    from tests.content.importers.catxml import constraint, entry, unit_profile, weapon, write

    # `x3 Barbed Net`: no minimum, a maximum rising by 1 per 20 models, three nets each.
    nets = f"""<selectionEntry id="net" name="x3 Barbed Net" type="upgrade">
      <modifiers><modifier type="increment" field="c-max-net" value="1.0">
        <repeats><repeat field="selections" scope="parent" value="1.0" childId="pack"/></repeats>
      </modifier></modifiers>
      <constraints><constraint field="selections" scope="parent" value="0.0" type="max"
        id="c-max-net"/></constraints>
      <profiles>{weapon("Barbed Net", rng='2"')}</profiles></selectionEntry>"""
    pack = '<selectionEntry id="pack" name="20 Stabbas" type="model"/>'
    inner = f"""<selectionEntries>{pack}{nets}</selectionEntries>"""
    unit = entry(
        "stab",
        "Stabbas",
        unit_profile("Stabbas") + weapon("Stabba"),
        inner=inner,
        constraints=f"<constraints>{constraint('min', '1')}</constraints>",
    )
    out = tmp_path / "content"
    import_into([write(tmp_path / "cat", unit)], out)
    scroll = load_database([out]).warscroll("Stabbas")
    options = {o.choices: o for o in scroll.weapon_options}
    assert options[("barbed-net",)].one_per == 6  # 3 nets per 20 models


LIBERATORS = _scroll(
    ["Warhammer", "Warblade", "Grandhammer", "Grandblade"], ["warhammer", "warblade"], "warhammer"
)
LIBERATORS.weapon_options.append(
    SimpleNamespace(
        id="great-weapon", name=None, choices=("grandhammer", "grandblade"), one_per=5, default=None
    )
)


def test_issue23_item1_models_written_with_their_weapons_in_brackets() -> None:
    from aos_cli.content.importers.roster import _models, _split_items

    # The HTML export's selections as newer BattleScribe writes them: each model line with what
    # it carries in brackets, commas inside them. 9 Warhammers, and the Prime's Grandblade.
    items = _split_items("9x Liberator (Warhammer, Sigmarite Shield), Liberator-Prime (Grandblade)")
    assert items == ["9x Liberator (Warhammer, Sigmarite Shield)", "Liberator-Prime (Grandblade)"]
    assert _models("Liberators", items) == 10
    loadout = roster_loadout(LIBERATORS, 10, items, [], "Liberators")
    assert loadout.weapons == {"grandblade": 1, "warhammer": 9}
    # 4 Warblades, one Liberator with a Grandhammer and the Prime's Warblade: 5 Warblades.
    items = ["4x Liberator (Warblade)", "Liberator (Grandhammer)", "Liberator-Prime (Warblade)"]
    assert _models("Liberators", items) == 6
    assert roster_loadout(LIBERATORS, 6, items, [], "Liberators").weapons == {
        "grandhammer": 1,
        "warblade": 5,
    }


def test_issue23_item1_a_blank_rend_is_no_rend_and_keeps_the_weapon(tmp_path: Path) -> None:
    from tests.content.importers.catxml import entry, unit_profile, weapon, write

    # The Putrid Blightkings' Blighted Weapon has an empty Rend cell: the unit kept no weapon.
    unit = entry(
        "pb", "Blightkings", unit_profile("Blightkings") + weapon("Blighted Weapon", rend="")
    )
    out = tmp_path / "content"
    import_into([write(tmp_path / "cat", unit)], out)
    scroll = load_database([out]).warscroll("Blightkings")
    assert [(w.name, w.rend) for w in scroll.weapons] == [("Blighted Weapon", 0)]


def test_issue23_item1_a_unit_of_another_catalogue_revision_is_written_from_the_roster(
    content: Path,
) -> None:
    # The roster's Wardens carry a Storm Trident the database's Wardens lack (the player's
    # catalogue is another revision): the unit is written from the roster's own profiles, under
    # an id of its own, and the report says why.
    trident = {"Type": "Melee", "Range": '2"', "Attacks": "2", "To Hit": "3+", "To Wound": "3+"}
    unit = RosterUnit(
        name="Wardens",
        models=5,
        points=100,
        profiles=[
            Profile("Unit", "Warden", {"Move": '5"', "Wounds": "2", "Bravery": "7", "Save": "4+"}),
            Profile("Weapon", "Storm Trident", {**trident, "Rend": "-1", "Damage": "1"}),
        ],
    )
    roster = Roster(name="Revised", layout="BattleScribe HTML export", units=[unit])
    result = to_army(roster, load_database([content]), "test")
    written = result.warscrolls[0]
    assert written["id"] == "wardens-as-rostered"
    assert [w["name"] for w in written["melee_weapons"]] == ["Storm Trident"]
    assert result.army["units"][0]["warscroll"] == "wardens-as-rostered"
    assert any("Storm Trident" in note and "revision" in note for note in result.notes)
    Warscroll.model_validate(written)


def test_issue23_item1_an_exports_generic_damage_table_sets_its_weapons_empty_cell(
    content: Path,
) -> None:
    # The other table shape of the export: `Damage Table` rows whose first row names the
    # columns (`Variable 3: Clubbed Fists`); the Warshrine keeps its Clubbed Fists.
    rows = [
        Profile("Damage Table", "Shrine", {"Variable 1": "Wounds Suffered", "Variable 2": "Move",
                                          "Variable 3": "Clubbed Fists"}),
        Profile("Damage Table", "Shrine1", {"Variable 1": "0-5", "Variable 2": '8"', "Variable 3": "6"}),
        Profile("Damage Table", "Shrine2", {"Variable 1": "6+", "Variable 2": '4"', "Variable 3": "2"}),
    ]  # fmt: skip
    fists = {"Type": "Melee", "Range": '1"', "Attacks": "", "To Hit": "4+", "To Wound": "3+"}
    unit = RosterUnit(
        name="Odd Shrine",
        profiles=[
            Profile(
                "Unit", "Odd Shrine", {"Move": "", "Wounds": "12", "Bravery": "7", "Save": "4+"}
            ),
            Profile("Weapon", "Clubbed Fists", {**fists, "Rend": "-", "Damage": "2"}),
            *rows,
        ],
    )
    roster = Roster(name="Shrines", layout="BattleScribe HTML export", units=[unit])
    written = to_army(roster, load_database([content]), "test").warscrolls[0]
    assert [(w["name"], w["attacks"]) for w in written["melee_weapons"]] == [
        ("Clubbed Fists", "table")
    ]
