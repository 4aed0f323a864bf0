"""Weapon choices from catalogue to game (issue 23 §1): the catalogue's choice groups and their
defaults, a command model's own weapon, a roster's recorded loadout used exactly, and the
warscroll's default where a roster records none (AoS2 §5.3: each model carries what its
warscroll's options give it, one weapon of each choice)."""

from __future__ import annotations

from pathlib import Path

import pytest

from aos_cli.content import load_army, load_database
from aos_cli.content.importers.battlescribe import import_into
from aos_cli.content.importers.run import import_roster

ARMOURY = Path(__file__).resolve().parent / "armoury"


@pytest.fixture(scope="module")
def armoury(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The Armoury fixture catalogue (Guards with choice groups, Reapers with an Extoller)."""
    out = tmp_path_factory.mktemp("armoury") / "content"
    import_into([ARMOURY], out)
    return out


def _attacks(army_file: Path, content: Path, unit_id: str) -> dict[str, int]:
    """Weapon name → attacks of the unit's models with it, as a game's set-up arms them."""
    from aos_cli.app.setup import _loadouts

    written = army_file.parent / "written"
    db = load_database([content, *([written] if written.is_dir() else [])])
    army = load_army(army_file, db)
    unit = next(u for u in army.units if u.id == unit_id)
    scroll = db.warscroll(unit.warscroll_id or unit.warscroll)
    champion = next(
        (
            m
            for m in scroll.command_models
            if m.role == "champion" and m.role in unit.command_models
        ),
        None,
    )
    weapons = {w.id: w for w in scroll.weapons}
    attacks: dict[str, int] = {}
    for group in _loadouts(scroll, unit, champion):
        for weapon_id in group["weapons"]:
            name = weapons[weapon_id].name
            attacks[name] = attacks.get(name, 0) + group["models"] * int(
                str(weapons[weapon_id].attacks)
            )
    return attacks


def test_aos2_choice_group_with_its_default_and_special_weapons(armoury: Path) -> None:
    guards = load_database([armoury]).warscroll("Guards")
    options = {o.id: o for o in guards.weapon_options}
    # "Spear(s)" reached through two entries is one choice; the group's default entry leads.
    assert options["weapons"].choices == ("axe", "spear")
    assert options["weapons"].default == "axe"
    assert options["weapons"].one_per is None
    # A group with a minimum of 0 whose maximum rises by 1 per pack of 5 is one in every 5.
    assert options["grand-weapons"].choices == ("greatsword", "great-halberd")
    assert options["grand-weapons"].one_per == 5
    # A lone weapon entry with a minimum of 0 is a special weapon too (2 per 5: 1 in every 2).
    assert options["great-maul"].one_per == 2
    assert "dagger" not in {c for o in guards.weapon_options for c in o.choices}


def test_aos2_command_models_own_weapon_is_never_an_ordinary_models(armoury: Path) -> None:
    reapers = load_database([armoury]).warscroll("Reapers")
    assert reapers.command_models[0].weapons == ("knell",)
    assert not reapers.weapon_options


LIST = """Armoury Test
Allegiance: Order
BATTLELINE
10 x Guards (200)
- Paired Spears
- 2 x Greatswords
10 x Guards (200)
- Banner of Doom
10 x Reapers (160)
"""


@pytest.fixture
def imported(armoury: Path, tmp_path: Path) -> tuple[Path, dict[str, object]]:
    listing = tmp_path / "list.txt"
    listing.write_text(LIST)
    army_file = tmp_path / "army.yaml"
    report = import_roster(listing, army_file, tmp_path / "written", [armoury])
    return army_file, report


def test_aos2_recorded_loadout_is_used_exactly(
    armoury: Path, imported: tuple[Path, dict[str, object]]
) -> None:
    army_file, _report = imported
    # 8 spears (1 attack; the Guard-Prime +1 is an effect, not a count) and 2 greatswords.
    assert _attacks(army_file, armoury, "guards") == {"Dagger": 10, "Spear": 8, "Greatsword": 4}


def test_aos2_unit_without_a_recorded_choice_takes_the_default_and_the_report_says_so(
    armoury: Path, imported: tuple[Path, dict[str, object]]
) -> None:
    army_file, report = imported
    assert _attacks(army_file, armoury, "guards-2") == {"Dagger": 10, "Axe": 20}
    rows = {row["id"]: row for row in report["unit_report"]}  # type: ignore[attr-defined]
    assert any("Weapons" in d or "weapons" in d for d in rows["guards-2"]["defaulted"])
    assert not any("weapons" in d.lower() for d in rows["guards"]["defaulted"])
    # Nothing is lost without a line: an option line that is no weapon is listed as not read.
    assert rows["guards-2"]["not_read"] == ["Banner of Doom"]
    assert rows["guards"]["not_read"] == []


def test_aos2_extoller_carries_the_knell_instead_of_a_scythe(
    armoury: Path, imported: tuple[Path, dict[str, object]]
) -> None:
    army_file, _report = imported
    # 9 Reapers with Scythes (2 attacks) and the Extoller with the Knell (1): 19, never 30.
    assert _attacks(army_file, armoury, "reapers") == {"Scythe": 18, "Knell": 1}


def test_aos2_a_model_never_carries_two_alternatives_of_one_choice(
    armoury: Path, tmp_path: Path
) -> None:
    army_file = tmp_path / "army.yaml"
    army_file.write_text(
        "schema_version: 1\narmy:\n  name: Two weapons\n  units:\n"
        "  - {warscroll: Guards, models: 5, general: true, weapons: {axe: 5, spear: 5}}\n"
    )
    from aos_cli.content.loader import read_army

    _army, problems = read_army(army_file, load_database([armoury]))
    said = " ".join(p.message for p in problems)
    assert "Guards" in said and "Axe" in said and "Spear" in said
