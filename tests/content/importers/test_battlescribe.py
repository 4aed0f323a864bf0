"""BattleScribe catalogues → warscrolls (issue 15 §1): links resolved, every field the schema
holds, a report, and re-import replacing only what an import wrote."""

from __future__ import annotations

import shutil
import zipfile
from pathlib import Path
from typing import Any

import pytest

from aos_cli.content import load_database
from aos_cli.content.importers.battlescribe import (
    faction_name,
    import_catalogues,
    import_into,
)
from aos_cli.content.importers.output import MARKER
from aos_cli.content.importers.safexml import ImportProblem
from aos_cli.content.schema import Warscroll


def _by_name(fixtures: Path) -> dict[str, dict[str, Any]]:
    report = import_catalogues([fixtures])
    return {w["name"]: w for w in report.warscrolls}


def test_faction_names_leave_out_the_grand_alliance_and_data() -> None:
    assert faction_name("Order - Stormcast Eternals - Data") == "Stormcast Eternals"
    assert faction_name("Death - Nighthaunt") == "Nighthaunt"
    assert faction_name("Chaos Data") == "Chaos"


def test_unit_reached_through_links_has_its_characteristics(fixtures: Path) -> None:
    """The faction catalogue links the Data catalogue; the unit is a shared selection entry
    whose weapons come by infoLink to a shared profile and from a nested group."""
    wardens = Warscroll.model_validate(_by_name(fixtures)["Wardens"])
    assert (wardens.move, wardens.wounds, wardens.bravery, wardens.save) == (5, 2, 7, 4)
    assert wardens.faction == "Test Host"
    assert [w.name for w in wardens.melee_weapons] == ["Warden Hammer", "Warden Blade"]
    hammer = wardens.weapon("warden hammer")
    assert (hammer.attacks.maximum, hammer.to_hit, hammer.to_wound, hammer.rend) == (2, 4, 3, 0)
    assert wardens.keywords == ("ORDER", "TEST HOST", "WARDENS")
    assert (wardens.unit_size.min, wardens.unit_size.max) == (5, 20)
    assert wardens.points == 100
    assert wardens.weapon_options[0].choices == ("warden-hammer", "warden-blade")
    assert wardens.command_models[0].role == "champion"


def test_damage_table_wizard_spells_fly_and_command_ability(fixtures: Path) -> None:
    """AoS2 §20.4: the Move and the Great Claws' To Hit marked * come from the damage table."""
    drake = Warscroll.model_validate(_by_name(fixtures)["Lord on Test Drake"])
    assert drake.move_from_damage_table and drake.move == 12
    assert drake.at_wounds(5).move == 10
    assert drake.at_wounds(9).weapon("great claws").to_hit == 5
    assert drake.fly and drake.wizard is not None
    assert drake.wizard.spells == ("arcane-bolt", "mystic-shield", "lightning-bolt")
    bolt = drake.spells[0]
    assert (bolt.casting_value, bolt.range) == (6, 18)
    assert [type(e).__name__ for e in bolt.effects] == ["MortalWounds"]
    command = drake.command_abilities[0]
    assert (command.timing.phase, command.timing.step, command.reminder) == (
        "combat",
        "start",
        False,
    )
    # "add 1 to hit rolls for friendly TEST HOST units wholly within 12" of this model until
    # the end of that phase": an aura the model holds for the phase (AoS2 §21)
    assert [type(e).__name__ for e in command.effects] == ["Lasting"]
    assert "Fly" not in [a.name for a in drake.abilities]
    assert "Crown of Storms" not in [a.name for a in drake.abilities]


def test_imported_spells_and_abilities_pick_whom_their_text_names(fixtures: Path) -> None:
    """AoS2 §19.1/§11: a spell's or ability's target is the unit its text picks (enemy within
    18" of the caster), not the caster itself: an imported Lightning Bolt must never land its
    mortal wounds on the wizard that cast it."""
    by_name = _by_name(fixtures)
    bolt = Warscroll.model_validate(by_name["Lord on Test Drake"]).spells[0]
    assert (bolt.target.side, bolt.target.range) == ("enemy", 18)
    zeal = next(
        a
        for a in Warscroll.model_validate(by_name["Wardens"]).abilities
        if a.name == "Zealous Charge"
    )
    assert (zeal.target.side, zeal.target.range) == ("enemy", 12)
    shields = next(
        a
        for a in Warscroll.model_validate(by_name["Wardens"]).abilities
        if a.name == "Warden Shields"
    )
    assert shields.target.side == "self"


def test_report_counts_abilities_and_their_effects(fixtures: Path) -> None:
    report = import_catalogues([fixtures])
    assert len(report.warscrolls) == 2 and report.weapons == 4
    assert report.abilities == report.structured + report.partial + report.reminders
    assert 0 < report.effect_share <= 1
    data = report.to_json()
    assert data["factions"] == {"Test Host": 2}
    assert data["skipped"] == []


def test_written_files_load_and_reimport_replaces_only_imports(
    fixtures: Path, tmp_path: Path
) -> None:
    out = tmp_path / "content"
    out.mkdir()
    own = out / "my-units.yaml"
    own.write_text("schema_version: 1\nwarscrolls: []\n")
    stale = out / "imported-old.yaml"
    first = import_into([fixtures], out)
    assert [Path(p).name for p in first.written] == ["imported-test-host.yaml"]
    text = (out / "imported-test-host.yaml").read_text()
    assert text.startswith(MARKER)
    stale.write_text(
        f"{MARKER}: an earlier import\n"
        + text.split("\n", 1)[1].replace("faction: Test Host", "faction: Old", 1)
    )
    import_into([fixtures], out)
    assert own.read_text() == "schema_version: 1\nwarscrolls: []\n"
    assert not stale.exists(), "the earlier import's copies of the same units are taken out"
    db = load_database([out])
    assert db.warscroll("Wardens").faction == "Test Host"


def test_a_players_own_file_of_the_same_name_is_never_overwritten(
    fixtures: Path, tmp_path: Path
) -> None:
    (tmp_path / "imported-test-host.yaml").write_text("schema_version: 1\n")
    with pytest.raises(ImportProblem, match="not written by an import"):
        import_into([fixtures], tmp_path)


def test_zipped_catalogues_import_as_the_plain_ones(fixtures: Path, tmp_path: Path) -> None:
    for path in fixtures.glob("*.[cg]*"):
        if path.suffix in (".cat", ".gst"):
            with zipfile.ZipFile(tmp_path / f"{path.name}z", "w") as archive:
                archive.write(path, path.name)
    assert set(_by_name(tmp_path)) == set(_by_name(fixtures))


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b'<?xml version="1.0"?>\n<catalogue id="x" name="X"><profiles>', "not well-formed XML"),
        (b"Just some notes, not XML at all.", "not well-formed XML"),
        (
            b'<?xml version="1.0"?><!DOCTYPE lol [<!ENTITY lol "lol">]><catalogue>&lol;</catalogue>',
            "DOCTYPE or ENTITY",
        ),
        (b"<roster/>", "not a BattleScribe game system or catalogue"),
    ],
)
def test_bad_files_are_refused_with_one_reason(
    tmp_path: Path, content: bytes, message: str
) -> None:
    bad = tmp_path / "bad.cat"
    bad.write_bytes(content)
    with pytest.raises(ImportProblem, match=message):
        import_catalogues([bad])


def test_other_games_and_editions_are_refused(fixtures: Path, tmp_path: Path) -> None:
    source = (fixtures / "Order - Test Host - Data.cat").read_text()
    forty = tmp_path / "forty.cat"
    forty.write_text(
        source.replace('name="Move"', 'name="M"')
        .replace('name="Wounds"', 'name="WS"')
        .replace('name="Bravery"', 'name="BS"')
        .replace('name="Save"', 'name="T"')
        .replace('characteristic name="M"', 'characteristic name="Ld"', 1)
    )
    with pytest.raises(ImportProblem, match="Warhammer 40,000"):
        import_catalogues([forty])
    fourth = tmp_path / "fourth.cat"
    fourth.write_text(source.replace('name="Wounds"', 'name="Health"'))
    with pytest.raises(ImportProblem, match="4th edition"):
        import_catalogues([fourth])


def test_zip_without_a_catalogue_is_refused(tmp_path: Path) -> None:
    archive = tmp_path / "empty.catz"
    with zipfile.ZipFile(archive, "w") as handle:
        handle.writestr("readme.txt", "nothing here")
    with pytest.raises(ImportProblem, match="holds no"):
        import_catalogues([archive])


def test_a_unit_that_cannot_be_played_is_skipped_with_its_reason(
    fixtures: Path, tmp_path: Path
) -> None:
    shutil.copytree(fixtures, tmp_path / "data")
    data = tmp_path / "data" / "Order - Test Host - Data.cat"
    data.write_text(data.read_text().replace(">12</characteristic>", ">*</characteristic>", 1))
    report = import_catalogues([tmp_path / "data"])
    assert [s.name for s in report.skipped] == ["Lord on Test Drake"]
    assert "Wounds '*' is not a number" in report.skipped[0].reason


def test_a_pipe_named_like_a_catalogue_is_refused_not_waited_on(tmp_path: Path) -> None:
    """A FIFO is never read (hardening: read only regular files); the import refuses it in one
    line instead of blocking for ever. Run in a subprocess with a timeout in the harness."""
    import os
    import subprocess
    import sys

    pipe = tmp_path / "waiting.cat"
    os.mkfifo(pipe)
    done = subprocess.run(
        [sys.executable, "-m", "aos_cli", "warscroll", "import", str(pipe), "--out", str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 1
    assert "not a regular file" in done.stderr and "Traceback" not in done.stderr


def test_a_file_name_too_long_for_the_system_is_one_line(tmp_path: Path) -> None:
    """An over-long path is "no such file", not an OSError traceback (hardening)."""
    with pytest.raises(ImportProblem, match="no such file"):
        import_catalogues([tmp_path / ("a" * 300 + ".cat")])


def test_keyword_phrases_a_text_picks_by_become_the_units_own_keywords() -> None:
    """AoS2 §1.3 keywords: "pick 1 friendly REDEEMER or SACROSANCT unit" picks a unit with one of
    the two; "NURGLE DAEMON" needs both; words that are nobody's keyword restrict nothing."""
    from aos_cli.content.importers.battlescribe import settle_target_keywords

    def picking(*phrases: str) -> dict[str, Any]:
        return {"abilities": [{"target": {"side": "friendly", "keywords": list(phrases)}}]}

    warscrolls = [
        {"keywords": ["REDEEMER", "SACROSANCT", "NURGLE", "DAEMON", "HERO", "BLOODLETTER"]},
        picking("REDEEMER OR SACROSANCT"),
        picking("NURGLE DAEMON", "HERO"),
        picking("HORRORS OF TZEENTCH"),
        # "pick 1 friendly BLOODLETTERS unit": the plural of the unit's own keyword
        picking("BLOODLETTERS"),
    ]
    settle_target_keywords(warscrolls)
    targets = [w["abilities"][0]["target"] for w in warscrolls[1:]]
    assert targets == [
        {"side": "friendly", "any_keywords": ["REDEEMER", "SACROSANCT"]},
        {"side": "friendly", "keywords": ["NURGLE", "DAEMON", "HERO"]},
        {"side": "friendly"},
        {"side": "friendly", "keywords": ["BLOODLETTER"]},
    ]


def _recount(out: Path) -> dict[str, int]:
    """The abilities of the files written, counted again from the YAML (as the benchmark does)."""
    import yaml

    counts = {"total": 0, "effects": 0, "effects_and_reminder": 0, "reminders": 0}
    for path in sorted(out.glob("imported-*.yaml")):
        for scroll in yaml.safe_load(path.read_text()).get("warscrolls", []):
            for key in ("abilities", "spells", "command_abilities", "command_models"):
                for record in scroll.get(key) or []:
                    counts["total"] += 1
                    if not record.get("effects"):
                        counts["reminders"] += 1
                    elif record.get("reminder"):
                        counts["effects_and_reminder"] += 1
                    else:
                        counts["effects"] += 1
    return counts


def test_issue24_the_report_counts_the_abilities_written(tmp_path: Path) -> None:
    """Issue 24 §6: the report's count of abilities with effects is a count of the files
    written: an aura the import turns back into a reminder after reading it, and a unit left
    out because the player's own file defines its id, are counted as written, not as read."""
    from tests.content.importers.catxml import ability, entry, unit_profile, weapon, write

    aura = (
        "You can re-roll hit rolls of 1 for attacks made by friendly Order or Test Host units "
        'within 9" of this model.'
    )
    units = (
        entry(
            "u1",
            "Aura Keeper",
            unit_profile("Aura Keeper") + weapon("Staff") + ability("Either Aura", aura),
        )
        + entry(
            "u2",
            "Shield Bearers",
            unit_profile("Shield Bearers")
            + weapon("Blade")
            + ability("Shields", "Add 1 to save rolls for attacks that target this unit."),
        )
        + entry(
            "u3",
            "Taken Ones",
            unit_profile("Taken Ones")
            + weapon("Blade")
            + ability("Hardy", "You can re-roll save rolls for attacks that target this unit."),
        )
    )
    folder = write(tmp_path / "cat", units)
    out = tmp_path / "content"
    out.mkdir()
    (out / "mine.yaml").write_text(
        "schema_version: 1\nwarscrolls:\n- {id: taken-ones, name: Taken Ones, move: 5, wounds: 1,"
        " bravery: 6, save: 4+, melee_weapons: [{id: b, name: B, range: 1, attacks: 1,"
        " to_hit: 4+, to_wound: 4+, rend: 0, damage: 1}]}\n"
    )
    report = import_into([folder], out)
    assert any(s.name == "Taken Ones" for s in report.skipped)
    said = report.to_json()["abilities"]
    assert {k: said[k] for k in _recount(out)} == _recount(out)
    assert _recount(out) == {"total": 2, "effects": 1, "effects_and_reminder": 0, "reminders": 1}
