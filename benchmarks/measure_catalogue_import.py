"""Measure the catalogue importer on the real BattleScribe data, when it is present.

Counted from the files the import writes (not from the importer's own report):
- warscrolls written and the import's time;
- unit entries of the XML (any entry type) that carry a `Unit` profile, directly or through an
  `infoLink`, with no warscroll: with a reason in the report, and without one;
- characteristics and weapons agreeing with the XML (the check of `check_bsdata_import`);
- the share of abilities (abilities, spells, command abilities, command models) with effects;
- a seeded sample of effects with their text, to judge by hand (`--sample N`).

Run: python benchmarks/measure_catalogue_import.py [--sample 30] [--seed 1]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import tempfile
import time
from pathlib import Path
from typing import Any
from xml.etree import ElementTree

ROOT = Path(__file__).resolve().parents[1]
DATA = Path(os.environ.get("AOS_BSDATA", ROOT.parent / "shared" / "data" / "bsdata-aos2"))
sys.path.insert(0, str(ROOT / "benchmarks"))


def _strip(root: ElementTree.Element) -> None:
    for element in root.iter():
        element.tag = element.tag.split("}", 1)[-1]


def unit_entries() -> list[tuple[str, str]]:
    """(file, name) of every outermost entry carrying a Unit profile, of any entry type."""
    roots = {}
    unit_profiles: set[str] = set()
    for path in sorted(DATA.glob("*.[cg][as][tt]")):
        root = ElementTree.parse(path).getroot()
        _strip(root)
        roots[path.name] = root
        for profile in root.iter("profile"):
            if profile.get("typeName") == "Unit":
                unit_profiles.add(profile.get("id", ""))
    found: list[tuple[str, str]] = []

    def has_unit(entry: ElementTree.Element) -> bool:
        return any(p.get("typeName") == "Unit" for p in entry.iter("profile")) or any(
            link.get("targetId") in unit_profiles for link in entry.iter("infoLink")
        )

    def visit(file: str, element: ElementTree.Element) -> None:
        for child in element:
            if child.tag == "selectionEntry" and has_unit(child):
                found.append((file, child.get("name", "").strip()))
                continue
            visit(file, child)

    for file, root in roots.items():
        visit(file, root)
    return found


def _records(scroll: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    kinds = ("abilities", "spells", "command_abilities", "command_models")
    return [(kind, record) for kind in kinds for record in scroll.get(kind) or []]


def measure(sample: int, seed: int) -> dict[str, Any]:
    """Import into a temporary folder and count what was written."""
    import yaml
    from check_bsdata_import import compare

    from aos_cli.content.importers.battlescribe import import_into

    with tempfile.TemporaryDirectory() as folder:
        start = time.perf_counter()
        report = import_into([DATA], Path(folder))
        seconds = time.perf_counter() - start
        scrolls: list[dict[str, Any]] = []
        for path in sorted(Path(folder).glob("*.yaml")):
            scrolls.extend(yaml.safe_load(path.read_text()).get("warscrolls", []))
        checked = compare(Path(folder))
    names = {s["name"] for s in scrolls}
    prefixes = {s["name"].split(" (", 1)[0] for s in scrolls}
    reasons = {s.name.split(" (", 1)[0]: s.reason for s in report.skipped}
    missing_with: list[str] = []
    missing_without: list[str] = []
    seen: set[str] = set()
    for file, name in unit_entries():
        if name in names or name in prefixes or name in seen:
            continue
        seen.add(name)
        if name in reasons:
            missing_with.append(f"{file}: {name}: {reasons[name]}")
        else:
            missing_without.append(f"{file}: {name}")
    records = [(s, kind, r) for s in scrolls for kind, r in _records(s)]
    with_effects = [(s, k, r) for s, k, r in records if r.get("effects")]
    fly = sum(1 for s in scrolls if s.get("fly"))
    rng = random.Random(seed)
    picked = rng.sample(with_effects, min(sample, len(with_effects)))
    return {
        "seconds": round(seconds, 2),
        "warscrolls_written": len(scrolls),
        "points_zero_or_missing": sum(1 for s in scrolls if not s.get("points")),
        "unit_entries_missing_with_reason": missing_with,
        "unit_entries_missing_without_reason": missing_without,
        "unit_profiles": checked["unit_profiles"],
        "characteristics_agree": checked["warscrolls_matched"],
        "weapon_profiles": checked["weapon_profiles"],
        "weapons_equal": checked["weapons_equal"],
        "weapons_kept_as_reminders": checked["weapons_kept_as_reminders"],
        "differences": checked["differences"],
        "ability_records": len(records),
        "with_effects": len(with_effects),
        "share_with_effects": round(len(with_effects) / len(records), 3) if records else 0,
        "fly_abilities_folded": fly,
        "report_says": report.to_json()["abilities"],
        "sample": [
            {
                "unit": s["name"],
                "kind": k,
                "name": r["name"],
                "text": r.get("text"),
                "effects": r.get("effects"),
                "target": r.get("target"),
                "weapons": r.get("weapons"),
                "reminder": r.get("reminder", False),
            }
            for s, k, r in picked
        ],
    }


def main() -> int:
    """Print the figures (and the sample, with `--sample`)."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--sample", type=int, default=0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--details", action="store_true", help="list missing units, differences")
    args = parser.parse_args()
    if not DATA.is_dir():
        print(f"no data at {DATA}")
        return 0
    result = measure(args.sample, args.seed)
    summary = {
        k: (len(v) if isinstance(v, list) else v) for k, v in result.items() if k not in ("sample",)
    }
    print(json.dumps(summary, indent=1))
    if args.details:
        for key in (
            "unit_entries_missing_without_reason",
            "unit_entries_missing_with_reason",
            "differences",
        ):
            print(f"== {key}")
            for line in result[key]:
                print("  ", line)
    for item in result["sample"]:
        print("----")
        print(yaml_dump(item))
    return 0


def yaml_dump(item: dict[str, Any]) -> str:
    """One sample entry, readable."""
    import yaml

    return str(yaml.safe_dump(item, sort_keys=False, allow_unicode=True, width=110))


if __name__ == "__main__":
    sys.exit(main())
