"""Every unit entry of a catalogue imported as the data has it, or listed with its reason
(issue 24 §1-§3), and a catalogue's links and numbers read without ever raising (issue 32)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from aos_cli.content.importers.battlescribe import ImportReport, import_catalogues
from tests.content.importers.catxml import (
    entry,
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
    """Issue 32: a nesting of 300 groups gives a clear reason, never a RecursionError."""
    inner = ""
    for depth in range(300):
        inner = f'<selectionEntryGroups><selectionEntryGroup id="g{depth}" name="G">{inner}</selectionEntryGroup></selectionEntryGroups>'
    unit = entry("e1", "Deep Ones", unit_profile("Deep Ones") + weapon("Blade"), inner=inner)
    _scrolls, report = _import(write(tmp_path, unit))
    assert "nest deeper than" in _reason(report, "Deep Ones")
