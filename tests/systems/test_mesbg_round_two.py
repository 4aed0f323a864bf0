"""Middle-earth, round two (issue 27): the heroes' own magical powers (mesbg §2.1), each test
citing the fragment's section (seed 004)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from aos_cli.core.errors import RuleError
from aos_cli.systems.mesbg.play import DEMO_FORCES, _menu
from aos_cli.systems.mesbg.rules import Battle
from tests.conftest import RunCli


def demo_battle() -> Battle:
    battle = Battle()
    for force in DEMO_FORCES:
        battle.apply({"op": "force", "name": force["name"], "models": force["models"],
                      "side": force["side"]})  # fmt: skip
        for hero in force["heroes"]:
            battle.apply({"op": "hero", "force": force["name"], **hero})
    return battle


def test_mesbg_s2_1_only_heroes_with_magical_powers_are_offered_a_cast() -> None:
    """mesbg §2.1: "a Hero with magical powers" casts them; Aragorn and Lurtz have none."""
    labels = [label for label, _step in _menu(demo_battle(), "move")]
    assert labels == ["Gandalf: cast a magical power", "Saruman: cast a magical power"]


def test_mesbg_s2_1_a_hero_casts_only_the_powers_it_knows() -> None:
    battle = demo_battle()
    cast = {"op": "cast", "caster": "Aragorn", "target": "Saruman", "power": "sap-will",
            "name": "Sap Will", "duration": "instant", "channelled": False, "will": 1,
            "casting": 4, "dice": [6], "might_spent": 0, "resist_will": 0, "resist_dice": [],
            "resist_might_spent": 0, "cast": True, "resisted": False}  # fmt: skip
    with pytest.raises(RuleError, match=r"Aragorn does not know Sap Will \(mesbg §2\.1\)"):
        battle.apply(dict(cast))
    with pytest.raises(RuleError, match="does not know"):
        battle.apply({**cast, "caster": "Gandalf"})
    battle.apply({**cast, "caster": "Saruman", "target": "Gandalf"})
    assert battle.heroes["Gandalf"].current["will"] == 6  # no store change recorded here


def test_mesbg_s2_2_the_casting_value_is_the_heros_own(run_cli: RunCli, tmp_path: Path) -> None:
    """mesbg §2.2 (casting values are per Hero profile): a Shaman with Sap Will 3+ casts it on a
    highest die of 3, though the rules' own table says 4+."""
    db = str(tmp_path / "games.sqlite3")
    for args in (
        ("new-force", "Moria", "--models", "9", "--side", "evil"),
        ("add", "Shaman", "--will", "2", "--wounds", "2", "--power", "Sap Will=3"),
    ):
        made = run_cli("hero", *args, "--db", db)
        assert made.exit_code == 0, made.stderr
    refused = run_cli("hero", "cast", "Shaman", "immobilise", "--will", "1", "--db", db)
    assert refused.exit_code == 1 and "does not know" in refused.stderr
    done = run_cli("hero", "cast", "Shaman", "sap-will", "--will", "1", "--dice", "manual",
                   "--db", db, "--json", input="3\n")  # fmt: skip
    assert done.exit_code == 0, done.stderr
    assert "Shaman casts Sap Will: it takes effect." in json.loads(done.stdout)["notes"]
    bad = run_cli("hero", "add", "Orc", "--power", "Sap Will", "--db", db)
    assert bad.exit_code != 0 and "sap-will=4" in bad.stderr
