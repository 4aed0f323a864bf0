"""Every unit entry of a catalogue imported as the data has it, or listed with its reason
(issue 24 §1-§3), and a catalogue's links and numbers read without ever raising (issue 32)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from aos_cli.content import load_database
from aos_cli.content.importers.battlescribe import ImportReport, import_catalogues
from aos_cli.content.schema import Warscroll
from tests.content.importers.catxml import (
    ability,
    constraint,
    entry,
    row,
    unit_profile,
    weapon,
    write,
)


def _import(folder: Path) -> tuple[dict[str, dict[str, Any]], ImportReport]:
    report = import_catalogues([folder])
    return {w["name"]: w for w in report.warscrolls}, report


def _reason(report: ImportReport, name: str) -> str:
    return next(s.reason for s in report.skipped if s.name.startswith(name))


def test_a_unit_typed_upgrade_is_imported(tmp_path: Path) -> None:
    """BSData types some units `upgrade` (Ossiarch Bonereapers): a Unit profile makes a unit."""
    folder = write(
        tmp_path,
        entry(
            "e1",
            "Mortek Guard",
            unit_profile("Mortek Guard") + weapon("Nadirite Blade"),
            kind="upgrade",
        ),
    )
    scrolls, _report = _import(folder)
    assert scrolls["Mortek Guard"]["melee_weapons"][0]["name"] == "Nadirite Blade"


def test_a_linked_separate_unit_lends_the_hero_no_weapons(tmp_path: Path) -> None:
    """A hero's entryLink to another unit (the Lord-Castellant's Faithful Gryph-hound) gives the
    hero its own weapons only: the hound's Beak and Claws are the hound's warscroll's."""
    hound = entry(
        "hound",
        "Faithful Gryph-hound",
        unit_profile("Gryph-hound", move='9"') + weapon("Beak and Claws"),
    )
    hero = entry(
        "hero",
        "Lord-Castellant",
        unit_profile("Lord-Castellant") + weapon("Castellant's Halberd"),
        inner='<entryLinks><entryLink id="l1" name="Faithful Gryph-hound" targetId="hound" type="selectionEntry"/></entryLinks>',
    )
    scrolls, _report = _import(write(tmp_path, hound + hero))
    assert [w["name"] for w in scrolls["Lord-Castellant"]["melee_weapons"]] == [
        "Castellant's Halberd"
    ]
    assert [w["name"] for w in scrolls["Faithful Gryph-hound"]["melee_weapons"]] == [
        "Beak and Claws"
    ]


def test_issue32_a_link_cycle_is_one_reason_not_a_recursion_error(tmp_path: Path) -> None:
    """Issue 32: entryLinks that lead back to themselves give the unit a skip reason."""
    loop = '<selectionEntryGroup id="g1" name="Loop"><entryLinks><entryLink id="l2" name="Loop" targetId="g1" type="selectionEntryGroup"/></entryLinks></selectionEntryGroup>'
    unit = entry(
        "e1",
        "Loopers",
        unit_profile("Loopers") + weapon("Blade"),
        inner=f"<selectionEntryGroups>{loop}</selectionEntryGroups>",
    )
    scrolls, report = _import(write(tmp_path, unit))
    assert "Loopers" not in scrolls
    assert "leads back into itself" in _reason(report, "Loopers")


def test_issue32_a_chain_deeper_than_the_bound_is_one_reason(tmp_path: Path) -> None:
    """Issue 32: a nesting of 60 groups (120 elements: within the XML reader's bound of 200,
    tested in test_safexml) gives a clear reason, never a RecursionError."""
    inner = ""
    for depth in range(60):
        inner = f'<selectionEntryGroups><selectionEntryGroup id="g{depth}" name="G">{inner}</selectionEntryGroup></selectionEntryGroups>'
    unit = entry("e1", "Deep Ones", unit_profile("Deep Ones") + weapon("Blade"), inner=inner)
    _scrolls, report = _import(write(tmp_path, unit))
    assert "nest deeper than" in _reason(report, "Deep Ones")


def test_aos2_s20_4_damage_table_rows_named_00_03_wounds(tmp_path: Path) -> None:
    """AoS2 §20.4: a table whose rows are named like `00-03 Wounds` (Stonehorns) is the damage
    table; the Save only the table gives comes from its first row (Bastiladon)."""
    rows = "".join(
        row("Stonehorn Wounds", name, Move=move, Save=save, Horns=horns)
        for name, move, save, horns in [
            ("00-03 Wounds", '12"', "3+", "4"),
            ("04-06 Wounds", '10"', "4+", "3"),
            ("07+ Wounds", '8"', "5+", "2"),
        ]
    )
    unit = entry(
        "e1",
        "Stonehorn Beastriders",
        unit_profile("Stonehorn Beastriders", move="*", wounds="12", save="*")
        + weapon("Horns", attacks="*")
        + rows,
    )
    scrolls, report = _import(write(tmp_path, unit))
    beast = Warscroll.model_validate(scrolls["Stonehorn Beastriders"])
    assert beast.save == 3
    assert beast.at_wounds(0).move == 12 and beast.at_wounds(8).move == 8
    assert beast.at_wounds(5).weapon("horns").attacks.maximum == 3
    assert not report.skipped


def test_a_table_keyed_by_crew_is_no_wound_table(tmp_path: Path) -> None:
    """A table whose rows are crew, not wounds suffered, is kept as text, and the Move it sets
    comes from its first row: an undamaged war machine does not get Move 0."""
    rows = "".join(
        row("Crew Table", f"Row{n}", Variable1=a, Variable2=b)
        for n, (a, b) in enumerate(
            [("Crew", "Move"), ("3 crew", '4"'), ("2 crew", '3"'), ("1 crew", '2"')]
        )
    )
    unit = entry(
        "e1",
        "Doom Diver Catapult",
        unit_profile("Doom Diver Catapult", move="*", wounds="5")
        + weapon("Doom Diver", kind="Missile", rng='6-40"')
        + rows,
    )
    scrolls, _report = _import(write(tmp_path, unit))
    diver = scrolls["Doom Diver Catapult"]
    assert diver["move"] == 4
    assert "damage_table" not in diver
    table = next(a for a in diver["abilities"] if a["name"] == "Table by Crew")
    assert "3 crew" in table["text"] and table["reminder"]


def _crew_rows(type_name: str) -> str:
    """A table of the machine's Move and its weapon's To Hit by crew within 1" (rows `0`..`3`,
    in no order), as an upgrade entry named for the crew."""
    rows = "".join(
        row(type_name, name, Move=move, Big_Stone=hit)
        for name, move, hit in [
            ("0", "0", "0"),
            ("2", '2"', "4+"),
            ("3", '3"', "3+"),
            ("1", '1"', "5+"),
        ]
    )
    return entry("crew-table", "Crew within 1&quot;", rows, kind="upgrade", points="0.0")


def test_a_machine_linked_to_its_crew_is_two_units_with_their_own_moves(tmp_path: Path) -> None:
    """A war machine whose entry links a crew entry of its own (`Unit` profile each): two
    warscrolls. The machine's Move (*) comes from the full crew's row of its table by crew
    (rows named `0`..`3` count crew, not wounds: never Move 0); the crew keeps its own Move."""
    crew = entry(
        "grot-crew",
        "Lobber Crew",
        unit_profile("Lobber Crew", move='5"', wounds="1") + weapon("Crew Knives"),
        kind="upgrade",
        points="0.0",
    )
    machine = entry(
        "lobber",
        "Stone Lobber",
        unit_profile("Stone Lobber", move="*", wounds="4", bravery="-", save="5+")
        + weapon("Big Stone", kind="Missile", rng='6-40"', hit="*"),
        inner=f"<selectionEntries>{_crew_rows('Stone Lobber')}</selectionEntries>"
        '<entryLinks><entryLink id="l-crew" name="Crew" targetId="grot-crew" type="selectionEntry"/></entryLinks>',
    )
    scrolls, report = _import(write(tmp_path, crew + machine))
    lobber, grots = scrolls["Stone Lobber"], scrolls["Lobber Crew"]
    assert lobber["move"] == 3 and "damage_table" not in lobber
    table = next(a for a in lobber["abilities"] if a["name"] == "Table by Crew")
    assert table["text"].startswith('Crew, Move, Big Stone; 3, 3", 3+') and table["reminder"]
    assert grots["move"] == 5 and [w["name"] for w in grots["melee_weapons"]] == ["Crew Knives"]
    assert "Big Stone" not in str(grots) and "Table by Crew" not in str(grots)
    assert not report.skipped


def test_a_machine_and_crew_in_one_entry_share_out_weapons_and_table(tmp_path: Path) -> None:
    """One entry holding the machine's `Unit` profile and a crew model entry with its own: the
    machine keeps its weapon and its table by crew, the crew only its own weapons and Move."""
    crew_model = entry(
        "crew-model",
        "Lobber Crew",
        unit_profile("Lobber Crew", move='5"', wounds="1") + weapon("Crew Knives"),
        kind="model",
        points="0.0",
    )
    machine = entry(
        "lobber",
        "Stone Lobber",
        unit_profile("Stone Lobber", move="*", wounds="4", bravery="-", save="5+")
        + weapon("Big Stone", kind="Missile", rng='6-40"', hit="*"),
        inner=f"<selectionEntries>{_crew_rows('Lobber Crew Table')}{crew_model}</selectionEntries>",
    )
    scrolls, _report = _import(write(tmp_path, machine))
    lobber, grots = scrolls["Stone Lobber"], scrolls["Stone Lobber (Lobber Crew)"]
    assert lobber["move"] == 3
    assert [w["name"] for w in grots["melee_weapons"]] == ["Crew Knives"]
    assert grots["move"] == 5 and not grots.get("missile_weapons")
    assert all(a["name"] != "Table by Crew" for a in grots.get("abilities", []))


def mounted_hero() -> str:
    """A hero whose `Mount` choices each carry a `Unit` profile of the hero's name (none, the
    default; a horse; a flying steed), each mount with its own weapon."""

    def choice(ident: str, name: str, move: str, extra: str = "") -> str:
        return entry(
            ident,
            name,
            unit_profile("Maiden", move=move, wounds="5") + extra,
            kind="upgrade",
            points="0.0",
        )

    group = (
        '<selectionEntryGroups><selectionEntryGroup id="g-mount" name="Mount" defaultSelectionEntryId="c-none">'
        "<selectionEntries>"
        + choice("c-none", "None", '5"')
        + choice("c-horse", "Swift Horse", '12"', weapon("Hooves"))
        + choice("c-wing", "Winged Steed", '16"', weapon("Wing Hooves"))
        + "</selectionEntries></selectionEntryGroup></selectionEntryGroups>"
    )
    return entry("maiden", "Maiden", weapon("Staff of Light"), kind="model", inner=group)


def test_every_mount_choice_of_a_hero_is_kept_as_its_own_warscroll(tmp_path: Path) -> None:
    """A hero whose mount choices each carry a `Unit` profile of its name (the Damsel): every
    profile kept. The default choice keeps the name; each mount is `Hero on Mount`, with its
    own Move and its mount's weapons only."""
    hero = mounted_hero()
    scrolls, report = _import(write(tmp_path, hero))
    foot, horse, wing = (
        scrolls["Maiden"],
        scrolls["Maiden on Swift Horse"],
        scrolls["Maiden on Winged Steed"],
    )
    assert (foot["move"], horse["move"], wing["move"]) == (5, 12, 16)
    assert [w["name"] for w in foot["melee_weapons"]] == ["Staff of Light"]
    assert [w["name"] for w in horse["melee_weapons"]] == ["Staff of Light", "Hooves"]
    assert [w["name"] for w in wing["melee_weapons"]] == ["Staff of Light", "Wing Hooves"]
    assert not report.skipped


def test_a_numbered_row_of_a_level_table_stays_a_reminder(tmp_path: Path) -> None:
    """A warscroll's ability by level (`2. Grim Haste` of a table of levels of power, a type
    of its own; `07-13 Models Slain` of a tally) is in force only from that level: its text stays a reminder, never an effect
    the unit has from the start. An ability of an ability type keeps its effects."""
    unit = entry(
        "coach",
        "Grim Coach",
        unit_profile("Grim Coach", move='14"', wounds="10")
        + weapon("Scythe")
        + ability(
            "2. Grim Haste",
            "This model can run and still charge later in the same turn.",
            type_name="Level of Dread",
        )
        + ability(
            "07-13 Models Slain",
            "Re-roll hit rolls of 1.",
            type_name="Tally of the Fallen",
        )
        + ability("Swift Wheels", "This model can run and still shoot in the same turn."),
    )
    scrolls, _report = _import(write(tmp_path, unit))
    by_name = {a["name"]: a for a in scrolls["Grim Coach"]["abilities"]}
    assert by_name["2. Grim Haste"]["reminder"] and "effects" not in by_name["2. Grim Haste"]
    assert (
        by_name["07-13 Models Slain"]["reminder"] and "effects" not in by_name["07-13 Models Slain"]
    )
    assert by_name["Swift Wheels"]["effects"]


def test_two_kinds_of_standard_bearer_are_each_a_command_model(tmp_path: Path) -> None:
    """AoS2 §20.3: a unit whose standard bearers come in two kinds, each with its own rule
    (a Flag Bearer's Bravery, an Icon Bearer's), has both as command models, whose effects
    the set-up gives only to a unit that includes one: never an ability always in force."""
    unit = entry(
        "u1",
        "Spear Gits",
        unit_profile("Spear Gits")
        + weapon("Spear")
        + ability(
            "Bad Icon",
            "Add 1 to save rolls for attacks made with missile weapons that target a unit "
            "that includes any Bad Icon Bearers.",
        )
        + ability(
            "Dark Flag",
            "Add 1 to the Bravery characteristic of a unit that includes any Dark Flag Bearers.",
        ),
    )
    scrolls, _report = _import(write(tmp_path, unit))
    gits = scrolls["Spear Gits"]
    bearers = [m for m in gits["command_models"] if m["role"] == "standard_bearer"]
    assert [m["name"] for m in bearers] == ["Bad Icon", "Dark Flag"]
    assert bearers[1]["effects"] == [
        {"type": "characteristic_modifier", "characteristic": "bravery", "amount": 1}
    ]
    assert all(a["name"] != "Dark Flag" for a in gits.get("abilities", []))


def test_points_and_size_as_battlescribe_counts_them(tmp_path: Path) -> None:
    """Points on the model entry (`5 Judicators` at 140, taken 1-4 times) are the unit's
    140 for 5-20 models, not the entry's own 0."""
    models = entry(
        "m1",
        "5 Judicators",
        kind="model",
        points="140.0",
        constraints=f"<constraints>{constraint('min', '1.0')}{constraint('max', '4.0')}</constraints>",
    )
    unit = entry(
        "e1",
        "Judicators",
        unit_profile("Judicators") + weapon("Skybolt Bow", kind="Missile", rng='24"'),
        points="0.0",
        inner=f"<selectionEntries>{models}</selectionEntries>",
    )
    scrolls, _report = _import(write(tmp_path, unit))
    judicators = scrolls["Judicators"]
    assert judicators["points"] == 140
    assert judicators["unit_size"] == {"min": 5, "max": 20}


def test_a_group_constraint_bounds_the_models_in_it(tmp_path: Path) -> None:
    """A leader (1) and the rest (9-40) chosen from one group of 10-40 models are 10-40
    models in all, not 10-41: the group's own maximum bounds the entries in it."""
    group_limits = (
        f"<constraints>{constraint('min', '10.0')}{constraint('max', '40.0')}</constraints>"
    )
    alpha = entry(
        "m1",
        "Skink Alpha",
        kind="model",
        points=None,
        constraints=f"<constraints>{constraint('min', '1.0')}{constraint('max', '1.0')}</constraints>",
    )
    skink = entry(
        "m2",
        "Skink",
        kind="model",
        points=None,
        constraints=f"<constraints>{constraint('min', '9.0')}{constraint('max', '40.0')}</constraints>",
    )
    group = f'<selectionEntryGroups><selectionEntryGroup id="g1" name="Models">{group_limits}<selectionEntries>{alpha}{skink}</selectionEntries></selectionEntryGroup></selectionEntryGroups>'
    unit = entry("e1", "Skinks", unit_profile("Skinks") + weapon("Meteoric Javelin"), inner=group)
    scrolls, _report = _import(write(tmp_path, unit))
    assert scrolls["Skinks"]["unit_size"] == {"min": 10, "max": 40}


def test_issue32_hostile_numbers_in_a_catalogue_are_reasons(tmp_path: Path) -> None:
    """Issue 32: `inf`, `nan`, `1e400`, text and 5,000 digits in a cost, a constraint, a
    characteristic or a damage table cell give each unit a skip reason, never a traceback."""
    huge = "9" * 5000
    units = [
        entry("e1", "Costly", unit_profile("Costly") + weapon("Blade"), points="inf"),
        entry("e2", "Nan Unit", unit_profile("Nan Unit") + weapon("Blade"), points="nan"),
        entry("e3", "Huge Wounds", unit_profile("Huge Wounds", wounds=huge) + weapon("Blade")),
        entry(
            "e4",
            "Odd Models",
            unit_profile("Odd Models") + weapon("Blade"),
            inner="<selectionEntries>"
            + entry(
                "m4",
                "Model",
                kind="model",
                constraints=f"<constraints>{constraint('max', '1e400')}</constraints>",
            )
            + "</selectionEntries>",
        ),
        entry("e5", "Wordy", unit_profile("Wordy", bravery="brave") + weapon("Blade")),
    ]
    table = "".join(
        row("Beast Wounds", name, Move=move) for name, move in [("0-3", huge + '"'), ("4+", '6"')]
    )
    units.append(
        entry("e6", "Beast", unit_profile("Beast", move="*", wounds="8") + weapon("Claws") + table)
    )
    scrolls, report = _import(write(tmp_path, "".join(units)))
    reasons = {s.name: s.reason for s in report.skipped}
    assert "far too large" in reasons["Huge Wounds"]
    assert "not a whole number" in reasons["Costly"] and "'inf'" in reasons["Costly"]
    assert "'nan'" in reasons["Nan Unit"]
    assert "'1e400'" in reasons["Odd Models"]
    assert "'brave'" in reasons["Wordy"]
    assert "Beast" in reasons or "Beast" in scrolls
    assert all(len(reason) < 200 for reason in reasons.values())


def test_the_same_name_in_two_catalogues_keeps_the_factions_own_current_entry(
    tmp_path: Path,
) -> None:
    """Furies in a legacy compendium (read first) and in the faction's own catalogue: the
    faction's current entry is written, and the report says which was kept and why."""
    old = entry(
        "old",
        "Furies",
        unit_profile("Furies", move='12"', save="5+") + weapon("Razor-sharp Claws"),
        keywords=("k-order",),
    )
    new = entry(
        "new",
        "Furies",
        unit_profile("Furies", move='12"', save="6+") + weapon("Razor-sharp Claws", attacks="4"),
    )
    write(tmp_path, old, name="Order - A Legacy Compendium", ident="cat-a")
    write(tmp_path, new, name="Order - Test Host", ident="cat-b")
    scrolls, report = _import(tmp_path)
    assert scrolls["Furies"]["save"] == "6+"
    reason = _reason(report, "Furies")
    assert "Order - Test Host.cat" in reason and "legacy" in reason


def test_the_report_counts_the_abilities_written(tmp_path: Path) -> None:
    """Issue 24 §6: the report's abilities are those of the warscrolls written: a unit dropped
    for its name adds none."""
    text = "Add 1 to hit rolls for attacks made by this unit."
    one = entry("a1", "Twins", unit_profile("Twins") + weapon("Blade") + ability("Drill", text))
    two = entry(
        "a2",
        "Twins",
        unit_profile("Twins") + weapon("Blade") + ability("Drill", text),
        keywords=("k-order",),
    )
    write(tmp_path, one, name="Order - Test Host", ident="cat-b")
    write(tmp_path, two, name="Order - Other Host", ident="cat-c")
    _scrolls, report = _import(tmp_path)
    assert len(report.warscrolls) == 1
    assert (report.abilities, report.structured) == (1, 1)


def test_an_inch_mark_typo_in_a_range_is_mended_with_a_note(tmp_path: Path) -> None:
    """`3+` for a Range is a slip of the inch mark: the weapon is kept at 3", with a note."""
    unit = entry(
        "e1",
        "Arachnarok",
        unit_profile("Arachnarok", wounds="14") + weapon("Chitinous Legs", rng="3+"),
    )
    scrolls, report = _import(write(tmp_path, unit))
    assert scrolls["Arachnarok"]["melee_weapons"][0]["range"] == 3
    assert any("Chitinous Legs" in note and "3+" in note for note in report.notes)


def test_a_warscroll_that_limits_its_wizard_is_followed(tmp_path: Path) -> None:
    """Evocators "cannot attempt to cast any spells other than Empower": the wizard knows
    Empower alone, not every core spell."""
    spell = row("Spell", "Empower", Casting_Value="6", Description="Pick 1 friendly unit.")
    limit = ability(
        "Celestial Lightning Arc",
        "A unit of Evocators is a WIZARD while it has 2 or more models. It cannot attempt to "
        "cast any spells other than Empower, but any number of units can cast it.",
    )
    unit = entry(
        "e1",
        "Evocators",
        unit_profile("Evocators") + weapon("Tempest Blade") + spell + limit,
        keywords=("k-order", "k-host", "k-wizard"),
    )
    scrolls, _report = _import(write(tmp_path, unit))
    assert scrolls["Evocators"]["wizard"]["spells"] == ["empower"]


def test_issue24_s6_the_import_caches_what_it_wrote_and_tells_its_steps(tmp_path: Path) -> None:
    """Issue 24 §6: the import tells each file it reads (for a terminal's progress line) and
    caches the files it wrote, so the first command after it reads them from the cache."""
    from aos_cli.content.importers.battlescribe import import_into
    from aos_cli.content.loader import _VALIDATED, Cache

    folder = write(
        tmp_path / "in", entry("e1", "Wardens", unit_profile("Wardens") + weapon("Blade"))
    )
    steps: list[str] = []
    report = import_into([folder], tmp_path / "out", steps.append)
    assert any("Order - Test Host.cat" in s for s in steps)
    assert any("Test.gst" in s for s in steps)
    _VALIDATED.clear()  # a new process: only the cache file knows the import's files
    cache = Cache()
    cache.result(Path(report.written[0]))
    assert (cache.hits, cache.misses) == (1, 0)


def test_issue24_s5_allegiance_battle_traits_are_imported(tmp_path: Path) -> None:
    """Issue 24 §5: an `Allegiance: Nighthaunt` entry's battle traits become an allegiance
    record; Deathless Spirits is a ward on a 6 for a unit near its general or a HERO."""
    from aos_cli.content.importers.battlescribe import import_into

    trait = row(
        "Battle Trait",
        "Deathless Spirits",
        Battle_Trait_Details="Roll a dice for each wound or mortal wound inflicted on a friendly "
        "NIGHTHAUNT unit wholly within 12&quot; of your general or a friendly NIGHTHAUNT HERO "
        "from your army. On a 6+ the wound is negated.",
    )
    allegiance = entry("al", "Allegiance: Nighthaunt", trait, kind="upgrade", points=None)
    unit = entry(
        "e1", "Chainrasp Horde", unit_profile("Chainrasp Horde") + weapon("Malignant Weapon")
    )
    folder = write(tmp_path / "in", allegiance + unit, name="Death - Nighthaunt")
    report = import_into([folder], tmp_path / "out")
    (record,) = report.allegiances
    assert (record["name"], record["keyword"]) == ("Nighthaunt", "NIGHTHAUNT")
    assert record["battle_traits"][0]["effects"] == [
        {
            "type": "conditional",
            "condition": "near_general_or_hero",
            "effects": [{"type": "ward", "on": 6}],
        }
    ]
    db = load_database([tmp_path / "out"])
    assert db.allegiance("Nighthaunt").battle_traits[0].name == "Deathless Spirits"
