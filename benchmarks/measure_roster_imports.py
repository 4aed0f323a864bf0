"""Measure the roster and list importer on the shared real rosters (issue 23).

Imports the shared catalogues into a fresh content folder once, then every BattleScribe HTML
roster and every Warscroll Builder list, in one process, and counts:

- rosters refused (and tracebacks), lists refused without and with `--skip-unknown`;
- units whose loadout is right: the weapons the game gives the unit's models are exactly the
  weapons the roster lists for it (its `Weapon` profiles), counted over units whose warscroll
  offers a weapon choice, and the units that attack with two alternatives of one choice.
  A roster weapon spelt otherwise by another catalogue revision (`Corpsemaster's Goad`, the
  game's `Corpse Goad`) is the same weapon; a weapon only a fielded leader carries (the
  Extoller's Death Knell) is the warscroll's even when an older roster did not print it;
- units missing weapons (of all units): the roster prints a weapon the game does not give;
- model counts right (rosters and lists alike): where the roster's points for the unit are a
  whole multiple of the warscroll's points for its minimum size, the models must be that
  multiple of the minimum.

Run: python benchmarks/measure_roster_imports.py [--content DIR] [-v]
(`--content` reuses a folder an earlier `aos warscroll import` wrote; `-v` lists each unit.)
Skipped (exit 0 with a line) when ../shared/data (or $AOS_SHARED_DATA) is absent.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
import tempfile
import traceback
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
SHARED = Path(os.environ.get("AOS_SHARED_DATA", ROOT.parent / "shared" / "data"))


def _norm(name: str) -> str:
    """A weapon name without its `(s)`, case and punctuation."""
    name = re.sub(r"\([^)]*\)", "", name.lower())
    words = re.findall(r"[a-z0-9]+", name.replace("'", ""))
    return " ".join(w[:-1] if w.endswith("s") and len(w) > 3 else w for w in words)


def _alike(printed: str, given: str) -> bool:
    """Whether the roster's weapon (normalised) is the game's under another catalogue
    revision's spelling: the importer's own test, so the measure judges as it imports."""
    from aos_cli.content.importers.loadouts import same_weapon

    return same_weapon(printed, given)


def _leaders(scroll: Any, unit: Any) -> set[str]:
    """The weapons only the unit's fielded command models carry (the Extoller's Death Knell):
    the warscroll gives its leader them whether or not an older roster printed them."""
    optional = {c for o in scroll.weapon_options for c in o.choices}
    names = {w.id: _norm(w.name) for w in scroll.weapons}
    return {
        names[w]
        for m in scroll.command_models
        if m.role in unit.command_models or m.name in unit.command_models
        for w in m.weapons
        if w in names and w not in optional
    }


def _miscounted(items: list[str], scroll: Any, unit: Any) -> dict[str, tuple[int, int]]:
    """Weapons the roster gives a count (`2x Grandhammer`, `2x x3 Barbed Net`: 6) that the
    game's models do not carry so many times: name → (roster, game)."""
    from aos_cli.app.setup import weapon_carriers

    game = {_norm(name): count for name, count in weapon_carriers(scroll, unit).items()}
    wrong: dict[str, tuple[int, int]] = {}
    for item in items:
        match = re.fullmatch(r"\s*(\d+)\s*x\s+(?:x\s*(\d+)\s+)?(.+?)(?:\s*\[.*\])?", item)
        if not match:
            continue
        weapon = _norm(match.group(3))
        count = int(match.group(1)) * int(match.group(2) or 1)
        if weapon in game and game[weapon] != min(count, unit.models):
            wrong[weapon] = (count, game[weapon])
    return wrong


def _carried(scroll: Any, unit: Any) -> list[str]:
    """Names of the weapons the game gives the unit's models (the set-up's loadouts)."""
    from aos_cli.app.setup import _loadouts

    champion = next(
        (
            m
            for m in scroll.command_models
            if m.role == "champion"
            and (m.role in unit.command_models or m.name in unit.command_models)
        ),
        None,
    )
    names = {w.id: w.name for w in scroll.weapons}
    found: list[str] = []
    for group in _loadouts(scroll, unit, champion):
        for weapon in group["weapons"]:
            if names[weapon] not in found:
                found.append(names[weapon])
    return found


def _choices(reference: Any, scroll: Any) -> list[set[str]]:
    """The choice groups of the unit (weapon keys), from the reference import of the
    catalogues when it has the warscroll, else from the warscroll itself."""
    ref = reference.warscrolls.get(scroll.id) if scroll.id in reference.warscrolls else scroll
    names = {w.id: _norm(w.name) for w in ref.weapons}
    groups = [{names[c] for c in o.choices if c in names} for o in ref.weapon_options]
    groups += [{names[w] for w in m.weapons if w in names} for m in ref.command_models]
    return [g for g in groups if g]


def _import_one(path: Path, out: Path, extra: Path, content: Path, figures: dict[str, Any]) -> bool:
    """Import one roster or list (a list again with unknown units skipped when refused),
    counting refusals and tracebacks; whether it was imported."""
    from aos_cli.content.importers.run import import_roster
    from aos_cli.content.importers.safexml import ImportProblem
    from aos_cli.core.errors import AosError

    is_list = path.suffix == ".txt"
    skip_supported = "skip_unknown" in import_roster.__code__.co_varnames
    for skip in [False, True] if is_list else [False]:
        kwargs = {"skip_unknown": True} if skip and skip_supported else {}
        try:
            import_roster(path, out, extra, [content], **kwargs)
            return True
        except (ImportProblem, AosError) as problem:
            key = (
                "lists_refused_skip_unknown"
                if skip
                else ("lists_refused" if is_list else "rosters_refused")
            )
            figures[key] += 1
            figures["refusals"].append(f"{path.name}{' (skip)' if skip else ''}: {problem}"[:300])
        except Exception:  # a traceback is what is counted
            figures["rosters_traceback"] += 1
            figures["refusals"].append(
                f"{path.name}: TRACEBACK {traceback.format_exc(limit=2)[-300:]}"
            )
            return False
    return False


def measure(content: Path, work: Path, verbose: bool, reference_dir: Path) -> dict[str, Any]:
    """Import every shared roster and list; the figures, and one row per unit when verbose."""
    from aos_cli.content import load_army, load_database
    from aos_cli.content.importers.roster import read_roster

    figures: dict[str, Any] = {
        "rosters": 0,
        "rosters_refused": 0,
        "rosters_traceback": 0,
        "lists": 0,
        "lists_refused": 0,
        "lists_refused_skip_unknown": 0,
        "units": 0,
        "units_with_choice": 0,
        "loadout_right": 0,
        "every_option": 0,
        "missing_weapons": 0,
        "counts_checked": 0,
        "counts_right": 0,
        "refusals": [],
        "wrong_loadouts": [],
        "wrong_counts": [],
    }
    base = load_database([content])
    reference = load_database([reference_dir]) if reference_dir != content else base
    files = sorted((SHARED / "rosters-aos2").glob("*")) + sorted((SHARED / "lists-aos2").glob("*"))
    for number, path in enumerate(files):
        is_list = path.suffix == ".txt"
        figures["lists" if is_list else "rosters"] += 1
        out = work / f"{number}.yaml"
        imported = _import_one(path, out, work / f"content-{number}", content, figures)
        if not imported:
            continue
        extra = work / f"content-{number}"
        db = load_database([content, *([extra] if extra.is_dir() else [])])
        army = load_army(out, db)
        roster = read_roster(path)
        for given, unit in zip(roster.units, army.units, strict=False):
            scroll = db.warscroll(unit.warscroll_id or unit.warscroll)
            figures["units"] += 1
            carried = _carried(scroll, unit)
            printed = sorted({_norm(p.name) for p in given.profiles if p.type_name == "Weapon"})
            got = sorted({_norm(n) for n in carried})
            # The roster's names in the game's spelling where another revision spelt them
            # otherwise; what the game lacks stays as the roster wrote it.
            wanted = sorted({next((g for g in got if _alike(p, g)), p) for p in printed})
            groups = _choices(reference, scroll)
            optional = set().union(*groups) if groups else set()
            verdict = ""
            if wanted and not set(wanted) <= set(got):
                figures["missing_weapons"] += 1
                figures["wrong_loadouts"].append(
                    f"{path.name}: {given.name} x{unit.models}: lacks "
                    f"{sorted(set(wanted) - set(got))} (roster {wanted} game {got})"
                )
            if groups and wanted:
                figures["units_with_choice"] += 1
                extra = set(got) - set(wanted) - _leaders(scroll, unit)
                miscounted = _miscounted(given.items, scroll, unit)
                if set(wanted) <= set(got) and not extra & optional and not miscounted:
                    figures["loadout_right"] += 1
                    verdict = " [choice: right]"
                else:
                    verdict = " [choice: WRONG]"
                    figures["wrong_loadouts"].append(
                        f"{path.name}: {given.name} x{unit.models}: roster {wanted} game {got}"
                        + (f" miscounted {miscounted}" if miscounted else "")
                    )
                if any(len(g & set(got)) > 1 and not g & set(got) <= set(wanted) for g in groups):
                    figures["every_option"] += 1
            if (
                scroll.id in base.warscrolls
                and scroll.points
                and given.points
                and scroll.unit_size.min
            ):
                ratio = given.points / scroll.points
                if abs(ratio - round(ratio)) < 1e-9 and round(ratio) >= 1:
                    expected = round(ratio) * scroll.unit_size.min
                    if scroll.unit_size.max is not None and expected > scroll.unit_size.max:
                        continue
                    figures["counts_checked"] += 1
                    if expected == unit.models:
                        figures["counts_right"] += 1
                    else:
                        figures["wrong_counts"].append(
                            f"{path.name}: {given.name}: {unit.models} models, "
                            f"{given.points} pts says {expected}"
                        )
            if verbose:
                print(f"{path.name}: {given.name} -> {scroll.name} x{unit.models} {got}{verdict}")
    return figures


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--content", type=Path, help="an imported catalogue content folder")
    parser.add_argument(
        "--reference",
        type=Path,
        help="the catalogues imported by the current importer: whose choice groups count "
        "(default: --content)",
    )
    parser.add_argument("-v", "--verbose", action="store_true")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    if not (SHARED / "rosters-aos2").is_dir():
        print(f"no shared data at {SHARED}: nothing measured")
        return 0
    with tempfile.TemporaryDirectory() as folder:
        work = Path(folder)
        os.environ["AOS_DATA_DIR"] = str(work / "data")
        os.environ["AOS_CACHE_DIR"] = str(work / "cache")
        os.environ.pop("AOS_CONTENT", None)
        content = args.content
        if content is None:
            from aos_cli.content.importers.battlescribe import import_into

            content = work / "catalogues"
            import_into([SHARED / "bsdata-aos2"], content)
        figures = measure(content, work, args.verbose, args.reference or content)
    if args.json:
        print(json.dumps(figures, indent=1))
        return 0
    for line in figures.pop("refusals"):
        print("refused:", line)
    for line in figures.pop("wrong_loadouts"):
        print("loadout:", line)
    for line in figures.pop("wrong_counts"):
        print("count:", line)
    for key, value in figures.items():
        print(f"{key}: {value}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
