"""Check the roster importer against the shared rosters and lists, when they are present.

Imports the shared catalogues, then every roster (BattleScribe HTML) and plain-text list into a
fresh data folder; each army must validate and play a seeded `aos demo` to a result against
the previous imported army. Prints one line per roster, with the reason for any that fail.
The bundled demo armies must still validate with the catalogues imported.

Run: python benchmarks/check_roster_imports.py   (or python -m pytest benchmarks/check_roster_imports.py -s)
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
SHARED = Path(os.environ.get("AOS_SHARED_DATA", ROOT.parent / "shared" / "data"))


def _aos(env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "aos_cli", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=900,
        check=False,
    )


def check(folder: Path, seed: int = 7) -> list[dict[str, Any]]:
    """Import, validate and play every shared roster; one result per roster."""
    env = {
        **os.environ,
        "AOS_DATA_DIR": str(folder / "data"),
        "AOS_CACHE_DIR": str(folder / "cache"),
        "AOS_DB": str(folder / "games.sqlite3"),
        "NO_COLOR": "1",
    }
    env.pop("AOS_CONTENT", None)
    imported = _aos(env, "warscroll", "import", str(SHARED / "bsdata-aos2"))
    assert imported.returncode == 0, imported.stderr
    results: list[dict[str, Any]] = []
    for demo_army in sorted((ROOT / "warscrolls" / "armies").glob("*-demo.yaml")):
        if "wh40k8" in demo_army.name or "aos1" in demo_army.name:
            continue
        valid = _aos(env, "army", "validate", str(demo_army))
        results.append(
            {
                "roster": f"bundled {demo_army.name}",
                "imported": True,
                "valid": valid.returncode == 0,
                "played": None,
                "why": valid.stderr.strip()[:300],
            }
        )
    previous: Path | None = None
    rosters = sorted((SHARED / "rosters-aos2").glob("*")) + sorted(
        (SHARED / "lists-aos2").glob("*")
    )
    for roster in rosters:
        army = folder / f"{roster.stem}.yaml"
        entry: dict[str, Any] = {
            "roster": roster.name,
            "imported": False,
            "valid": False,
            "played": None,
        }
        made = _aos(env, "army", "import", str(roster), "-o", str(army))
        if made.returncode != 0:
            entry["why"] = made.stderr.strip()[:300]
            results.append(entry)
            continue
        entry["imported"] = True
        valid = _aos(env, "army", "validate", str(army))
        entry["valid"] = valid.returncode == 0
        if not entry["valid"]:
            entry["why"] = (valid.stdout + valid.stderr).strip()[:300]
        elif previous is not None:
            battle = _aos(
                env,
                "demo",
                "--army",
                str(army),
                "--army",
                str(previous),
                "--seed",
                str(seed),
                "--json",
            )
            entry["played"] = battle.returncode == 0
            if battle.returncode == 0:
                result = json.loads(battle.stdout)["result"]
                entry["result"] = f"{result['kind']} for {result['winner']} against {previous.stem}"
            else:
                entry["why"] = battle.stderr.strip()[:300]
        if entry["valid"]:
            previous = army
        results.append(entry)
    return results


@pytest.mark.skipif(not (SHARED / "rosters-aos2").is_dir(), reason="the shared rosters are absent")
def test_every_shared_roster_imports_validates_and_plays(tmp_path: Path) -> None:
    results = check(tmp_path)
    for entry in results:
        print(entry)
    assert all(e["valid"] for e in results if e["imported"])
    assert all(e["played"] is not False for e in results)


if __name__ == "__main__":
    with tempfile.TemporaryDirectory() as folder:
        found = check(Path(folder))
    for entry in found:
        state = "played" if entry.get("played") else "valid" if entry["valid"] else "FAILED"
        print(
            f"{entry['roster']}: {state} {entry.get('result', '')} {entry.get('why', '')}".strip()
        )
    imported = [e for e in found if e["imported"]]
    print(
        f"{len(imported)} of {len(found)} imported, {sum(e['valid'] for e in imported)} valid, "
        f"{sum(bool(e.get('played')) for e in found)} played"
    )
