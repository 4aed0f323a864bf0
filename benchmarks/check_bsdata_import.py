"""Check the catalogue importer against the real BattleScribe data, when it is present.

Every `Unit` profile of the shared catalogues must become a warscroll whose Move, Wounds,
Bravery and Save and whose weapons equal the catalogue's. The catalogue is read here on its
own (plain ElementTree, no importer code), then compared with what the importer wrote.

Run: python -m pytest benchmarks/check_bsdata_import.py -s   (or python benchmarks/check_bsdata_import.py)
Skipped when ../shared/data/bsdata-aos2 (or $AOS_BSDATA) is absent.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any
from xml.etree import ElementTree

import pytest

ROOT = Path(__file__).resolve().parents[1]
DATA = Path(os.environ.get("AOS_BSDATA", ROOT.parent / "shared" / "data" / "bsdata-aos2"))


def _strip(root: ElementTree.Element) -> None:
    for element in root.iter():
        element.tag = element.tag.split("}", 1)[-1]


def _chars(profile: ElementTree.Element) -> dict[str, str]:
    return {
        c.get("name", ""): " ".join((c.text or "").split()) for c in profile.iter("characteristic")
    }


def _plain(value: Any) -> str:
    text = str(value).replace('"', "").strip().rstrip("_ .").upper()
    return "-" if text in ("0", "-") else text


def catalogue_units() -> list[tuple[str, str, str, dict[str, str], list[dict[str, str]]]]:
    """(file, unit entry name, unit profile name, characteristics, weapon profiles) of every Unit profile."""
    roots = {}
    profiles: dict[str, ElementTree.Element] = {}
    for path in sorted(DATA.glob("*.[cg][as][tt]")):
        root = ElementTree.parse(path).getroot()
        _strip(root)
        roots[path.name] = root
        for profile in root.iter("profile"):
            profiles.setdefault(profile.get("id", ""), profile)
    found = []
    for file, root in roots.items():
        parents = {child: parent for parent in root.iter() for child in parent}
        for profile in root.iter("profile"):
            if profile.get("typeName") != "Unit":
                continue
            entry = parents[parents[profile]]
            node = entry
            while node in parents:
                node = parents[node]
                if node.tag == "selectionEntry" and node.get("type") in ("unit", "model"):
                    entry = node
            weapons = [p for p in entry.iter("profile") if p.get("typeName") == "Weapon"]
            for link in entry.iter("infoLink"):
                target = profiles.get(link.get("targetId", ""))
                if target is not None and target.get("typeName") == "Weapon":
                    weapons.append(target)
            found.append(
                (
                    file,
                    entry.get("name", "").strip(),
                    profile.get("name", "").strip(),
                    _chars(profile),
                    # the importer leaves out BSData's plural marker: Warhammer(s) is Warhammer
                    [
                        {"name": w.get("name", "").strip().removesuffix("(s)").strip(), **_chars(w)}
                        for w in weapons
                    ],
                )
            )
    return found


def compare(content: Path) -> dict[str, Any]:
    """Counts of Unit profiles matched, and every difference found."""
    import yaml

    scrolls: list[dict[str, Any]] = []
    for path in sorted(content.glob("*.yaml")):
        scrolls.extend(yaml.safe_load(path.read_text()).get("warscrolls", []))
    units = catalogue_units()
    differences: list[str] = []
    matched = weapons_equal = weapons_reminders = 0
    weapons_total = 0
    for file, entry, name, chars, weapons in units:
        candidates = [s for s in scrolls if s["name"] in (entry, f"{entry} ({name})")]
        chosen = None
        for scroll in candidates:
            table_move = scroll["move"] == "table" or scroll.get("random_move")
            move = (
                "*"
                if table_move and chars.get("Move", "").startswith("*")
                else (scroll.get("random_move") or scroll["move"])
            )
            ours = [
                _plain(move),
                _plain(scroll["wounds"]),
                _plain(scroll["bravery"]),
                _plain(scroll["save"]),
            ]
            theirs = [_plain(chars.get(k, "")) for k in ("Move", "Wounds", "Bravery", "Save")]
            theirs = [t if t != "*" or i != 2 else ours[2] for i, t in enumerate(theirs)]
            if i_match(ours, theirs, scroll):
                chosen = scroll
                break
        if chosen is None:
            differences.append(f"{file}: {name}: no warscroll with its characteristics {chars}")
            continue
        matched += 1
        own = {w["name"]: w for w in chosen["missile_weapons"] + chosen["melee_weapons"]}
        reminders = {a["name"] for a in chosen.get("abilities", [])}
        expected = {w["name"] for w in weapons}
        for extra in own:
            if extra not in expected and extra.split(" (", 1)[0] not in expected:
                differences.append(f"{file}: {name}: weapon {extra} is not the unit's")
        for weapon in weapons:
            weapons_total += 1
            mine = own.get(weapon["name"])
            kind = "missile" if "issile" in weapon.get("Type", "") else "melee"
            twin = own.get(f"{weapon['name']} ({kind})")
            if (
                mine is not None
                and twin is not None
                and (mine in chosen["missile_weapons"]) != (kind == "missile")
            ):
                mine = twin
            if mine is None and "(" in chosen["name"]:
                weapons_total -= 1
                continue
            if mine is None:
                if weapon["name"] in reminders:
                    weapons_reminders += 1
                else:
                    differences.append(f"{file}: {name}: weapon {weapon['name']} missing")
                continue
            pairs = [
                ("Range", mine["range"]),
                ("Attacks", mine["attacks"]),
                ("To Hit", mine["to_hit"]),
                ("To Wound", mine["to_wound"]),
                ("Rend", mine["rend"]),
                ("Damage", mine["damage"]),
            ]
            # a Range written `3+` is an inch-mark typo the importer mends (with a note); a
            # blank Rend cell is no rend, as the printed warscroll's `-`
            bad = [
                k
                for k, v in pairs
                if (
                    _plain(weapon.get(k, "")).rstrip("+'")
                    if k == "Range"
                    else _plain(weapon.get(k, "") or ("-" if k == "Rend" else ""))
                )
                != ("*" if v == "table" else _plain(v))
            ]
            if bad:
                differences.append(f"{file}: {name}: weapon {weapon['name']} differs in {bad}")
            else:
                weapons_equal += 1
    return {
        "unit_profiles": len(units),
        "warscrolls_matched": matched,
        "weapon_profiles": weapons_total,
        "weapons_equal": weapons_equal,
        "weapons_kept_as_reminders": weapons_reminders,
        "differences": differences,
    }


def i_match(ours: list[str], theirs: list[str], scroll: dict[str, Any]) -> bool:
    """Characteristics equal; a * Save or Bravery taken from the damage table's first row."""
    for index, (a, b) in enumerate(zip(ours, theirs, strict=True)):
        if a == b or (b == "*" and index in (2, 3) and scroll.get("damage_table")):
            continue
        return False
    return True


@pytest.mark.skipif(not DATA.is_dir(), reason="the shared BattleScribe data is not here")
def test_every_unit_profile_becomes_an_equal_warscroll(tmp_path: Path) -> None:
    from aos_cli.content.importers.battlescribe import import_into

    import_into([DATA], tmp_path)
    result = compare(tmp_path)
    print({k: v for k, v in result.items() if k != "differences"})
    for line in result["differences"]:
        print(" ", line)
    assert result["warscrolls_matched"] == result["unit_profiles"]
    assert not [d for d in result["differences"] if "differs" in d]


if __name__ == "__main__":
    import tempfile

    from aos_cli.content.importers.battlescribe import import_into

    with tempfile.TemporaryDirectory() as folder:
        report = import_into([DATA], Path(folder))
        result = compare(Path(folder))
    print({k: v for k, v in result.items() if k != "differences"})
    print("abilities:", report.to_json()["abilities"])
    for line in result["differences"]:
        print(" ", line)
    sys.exit(1 if result["warscrolls_matched"] != result["unit_profiles"] else 0)
