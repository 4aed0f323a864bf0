"""Rosters → army lists (issue 15 §2): the three layouts, model counts as rosters write them,
units the database lacks written from the roster's profiles, and bad rosters refused."""

from __future__ import annotations

import zipfile
from pathlib import Path

import pytest
import yaml

from aos_cli.content import load_army, load_database
from aos_cli.content.importers.battlescribe import import_into
from aos_cli.content.importers.roster import _models, read_roster, read_text
from aos_cli.content.importers.run import import_roster
from aos_cli.content.importers.safexml import ImportProblem


@pytest.fixture
def content(fixtures: Path, tmp_path: Path) -> Path:
    """The fixture catalogues imported into a content folder."""
    out = tmp_path / "content"
    import_into([fixtures], out)
    return out


@pytest.mark.parametrize(
    ("name", "items", "models"),
    [
        ("Liberators", ["2x 5 Liberators [200pts]", "Warhammer and Shield"], 10),
        ("Chainrasp Horde", ["3x 10 Chainrasps [240pts]"], 30),
        ("Mancrusher Gargants", ["3x Mancrusher Gargant [480pts]"], 3),
        ("Evocators", ["3 Evocators [300pts]"], 3),
        ("Lord-Celestant", ["General", "3. Blessed Weapon"], 1),
    ],
)
def test_model_counts_as_rosters_write_them(name: str, items: list[str], models: int) -> None:
    assert _models(name, items) == models


def test_xml_roster_gives_general_trait_artefact_and_allegiance(fixtures: Path) -> None:
    roster = read_roster(fixtures / "rosters" / "test-host.ros")
    assert roster.faction == "Test Host" and roster.allegiance == "Test Host"
    assert roster.subfaction == "Stormhost of Testing"
    assert [(u.name, u.models) for u in roster.units] == [
        ("Wardens", 10),
        ("Lord on Test Drake", 1),
        ("Storm Hawks", 3),
    ]
    lord = roster.units[1]
    assert lord.general and lord.command_trait == "Stormborn"
    assert lord.artefacts == ["Crown of Storms"]
    assert roster.endless_spells == ["Geminids of Uhl-Gysh"]


def test_html_export_splits_a_battalion_into_its_units(fixtures: Path) -> None:
    roster = read_roster(fixtures / "rosters" / "test-host.html")
    assert [(u.name, u.models) for u in roster.units] == [("Wardens", 10), ("Storm Hawks", 3)]
    assert [b.name for b in roster.battalions] == ["Test Vanguard"]
    assert roster.realm == "Ghur"
    hawks = roster.units[1]
    assert {p.name for p in hawks.profiles} == {"Storm Hawks", "Diving Strike", "Raking Talons"}


def test_plain_text_list_skips_the_column_values(fixtures: Path) -> None:
    roster = read_roster(fixtures / "rosters" / "test-host.txt")
    assert roster.name == "Storm Test" and roster.realm == "Ghyran"
    assert [(u.name, u.models, u.general) for u in roster.units] == [
        ("Lord on Test Drake", 1, True),
        ("wardens", 10, False),
    ]
    assert roster.units[0].artefacts == ["Crown of Storms"]
    assert not [n for n in roster.notes if "not read" in n]


@pytest.mark.parametrize("name", ["test-host.ros", "test-host.html", "test-host.txt"])
def test_each_layout_imports_to_a_valid_army(
    fixtures: Path, content: Path, tmp_path: Path, name: str
) -> None:
    army_file = tmp_path / "army.yaml"
    report = import_roster(fixtures / "rosters" / name, army_file, content, [])
    db = load_database([content])
    army = load_army(army_file, db)
    assert army.general is not None
    assert report["unmatched"] == []
    wardens = next(u for u in army.units if u.warscroll == "Wardens")
    assert wardens.models == 10 and wardens.weapons == {"warden-blade": 10}


def test_unit_the_database_lacks_is_written_from_the_roster(
    fixtures: Path, content: Path, tmp_path: Path
) -> None:
    report = import_roster(fixtures / "rosters" / "test-host.ros", tmp_path / "a.yaml", content, [])
    assert report["written_from_roster"] == ["Storm Hawks"]
    hawks = load_database([content]).warscroll("Storm Hawks")
    assert (hawks.move, hawks.wounds, hawks.save) == (12, 3, 5)
    assert hawks.abilities[0].effects, "the roster's ability text is read into effects too"
    army = yaml.safe_load((tmp_path / "a.yaml").read_text())["army"]
    assert army["endless_spells"] == ["Geminids of Uhl-Gysh"]
    assert army["command_trait"] == "Stormborn"


def test_unknown_unit_lists_closest_names_and_writes_nothing(content: Path, tmp_path: Path) -> None:
    listing = tmp_path / "list.txt"
    listing.write_text(
        "Allegiance: Test Host\nLord on Test Drake (320)\n- General\n10 x Wardenz (200)\n3 x Skyfire Gargoyles (90)\n"
    )
    with pytest.raises(ImportProblem) as caught:
        import_roster(listing, tmp_path / "army.yaml", content, [])
    message = str(caught.value)
    assert "1 unit not in the rules database: 'Skyfire Gargoyles'" in message
    assert not (tmp_path / "army.yaml").exists()


def test_names_match_despite_case_punctuation_and_small_misspellings(content: Path) -> None:
    from aos_cli.content.importers.roster import _lookup

    db = load_database([content])
    assert _lookup(db, "LORD ON TEST-DRAKE").name == "Lord on Test Drake"
    assert _lookup(db, "Warden").name == "Wardens"
    assert _lookup(db, "Wardenns").name == "Wardens"


@pytest.mark.parametrize(
    ("body", "message"),
    [
        (
            '<roster name="x" gameSystemName="Warhammer 40,000 9th Edition"><forces/></roster>',
            "not Age of Sigmar",
        ),
        ('<roster name="x" gameSystemName="Age of Sigmar 4.0"><forces/></roster>', "4th edition"),
        ('<roster name="x" gameSystemName="Age of Sigmar"><forces/></roster>', "no force"),
        ('<?xml version="1.0"?><roster name="x"><forces><force>', "not well-formed XML"),
    ],
)
def test_rosters_of_other_games_and_broken_files_are_refused(
    tmp_path: Path, body: str, message: str
) -> None:
    path = tmp_path / "army.ros"
    path.write_text(body)
    with pytest.raises(ImportProblem, match=message):
        read_roster(path)


def test_zip_without_a_roster_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "army.rosz"
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr("notes.txt", "no roster")
    with pytest.raises(ImportProblem, match="holds no"):
        read_roster(path)


def test_zipped_roster_reads_as_the_plain_one(fixtures: Path, tmp_path: Path) -> None:
    path = tmp_path / "army.rosz"
    with zipfile.ZipFile(path, "w") as archive:
        archive.write(fixtures / "rosters" / "test-host.ros", "army.ros")
    assert [u.name for u in read_roster(path).units] == [
        "Wardens",
        "Lord on Test Drake",
        "Storm Hawks",
    ]


def test_text_that_is_not_a_list_is_refused() -> None:
    with pytest.raises(ImportProblem, match="no units found"):
        read_text("Dear diary, today I painted.", "notes.txt")


def test_a_roster_path_too_long_for_the_system_is_one_line(tmp_path: Path) -> None:
    """An over-long roster path is "no such roster file", not an OSError traceback (hardening)."""
    with pytest.raises(ImportProblem, match="no such roster file"):
        import_roster(tmp_path / ("a" * 300 + ".ros"), tmp_path / "army.yaml", None, [])


def test_a_pipe_named_like_a_roster_is_refused(tmp_path: Path) -> None:
    """A FIFO is refused in one line, never read (hardening: read only regular files)."""
    import os

    from aos_cli.content.importers.safexml import read_bytes

    pipe = tmp_path / "waiting.ros"
    os.mkfifo(pipe)
    with pytest.raises(ImportProblem, match="not a regular file"):
        read_bytes(pipe, suffixes=(".ros",))


def test_a_hero_picked_on_a_mount_is_matched_with_that_mount_s_warscroll(tmp_path: Path) -> None:
    """A roster's `Maiden` with the pick `Winged Steed` is the catalogue's `Maiden on Winged
    Steed` (its own Move), not the Maiden on foot."""
    from aos_cli.content.importers.roster import RosterUnit, _mounted
    from tests.content.importers.catxml import write
    from tests.content.importers.test_battlescribe_units import mounted_hero

    out = tmp_path / "content"
    import_into([write(tmp_path / "cat", mounted_hero())], out)
    db = load_database([out])
    found = _mounted(db, RosterUnit("Maiden", items=["Staff of Light", "Winged Steed"]))
    assert found is not None and db.warscrolls[found.scroll.id].move == 16
    assert _mounted(db, RosterUnit("Maiden", items=["Staff of Light"])) is None
