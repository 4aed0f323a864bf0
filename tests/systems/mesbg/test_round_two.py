"""Middle-earth, round two (issue 27): the heroes' own magical powers (mesbg §2.1), each test
citing the fragment's section (seed 004)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from aos_cli.core.errors import RuleError
from aos_cli.systems.mesbg.play import DEMO_FORCES, _menu
from aos_cli.systems.mesbg.rules import Battle
from aos_cli.systems.mesbg.views import told_notes
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


# --------------------------------------------------------------------------- powers applied (§3)


def _with_witch_king() -> Battle:
    battle = demo_battle()
    battle.apply({"op": "hero", "force": "Isengard", "name": "Witch-king", "might": 2,
                  "will": 6, "fate": 2, "wounds": 3,
                  "profile": {"fight": 5, "strength": 5, "defence": 8, "attacks": 2},
                  "powers": {"black-dart": 5, "paralyse": 5, "drain-courage": 4}})  # fmt: skip
    return battle


def _cast(battle: Battle, power: str, name: str, change: dict | None) -> None:
    payload = {"op": "cast", "caster": "Witch-king", "target": "Aragorn", "power": power,
               "name": name, "duration": "instant", "channelled": False, "will": 1,
               "casting": 5, "dice": [6], "might_spent": 0, "resist_will": 0,
               "resist_dice": [], "resist_might_spent": 0, "cast": True, "resisted": False}  # fmt: skip
    if change is not None:
        payload["store_change"] = change
    battle.apply(payload)
    battle.cast_this_turn.clear()


def test_mesbg_s3_4_black_dart_rolls_its_strength_9_hit_and_channelled_d3_wounds() -> None:
    """mesbg §3 #4 Black Dart: one Strength 9 hit on the target, rolled on the wound chart
    against Aragorn's Defence 6 (3+: a 5 wounds, 1 Wound); channelled a wounding hit does D3
    (a 4: 2 Wounds); a 2 does not wound."""
    from aos_cli.core.dice import ScriptedDice
    from aos_cli.systems.mesbg.rules import roll_power_effect

    battle = _with_witch_king()
    aragorn = battle.hero("Aragorn")
    change = roll_power_effect("black-dart", False, ScriptedDice([5]), aragorn)
    assert change == {"hit": {"strength": 9, "need": "3+", "dice": [5], "wounds": 1}}
    _cast(battle, "black-dart", "Black Dart", change)
    assert aragorn.current["wounds"] == 2
    assert (
        "a Strength 9 hit on Aragorn (3+: 5): 1 Wound lost (2 left)" in told_notes(battle.notes)[-1]
    )
    channelled = roll_power_effect("black-dart", True, ScriptedDice([5, 4]), aragorn)
    assert channelled is not None and channelled["hit"]["wounds"] == 2
    missed = roll_power_effect("black-dart", False, ScriptedDice([2]), aragorn)
    assert missed is not None and missed["hit"]["wounds"] == 0


def test_mesbg_s3_21_paralyse_knocks_down_and_recovery_is_rolled_as_the_fight_phase_ends() -> None:
    """mesbg §3 #21 Paralyse: the target falls and is paralysed; at the end of each Fight
    phase it rolls a D6 and recovers, standing up, on a 6. §3 #9 Drain Courage: 1 Courage lost
    for the rest of the battle, and losses add up."""
    from aos_cli.core.dice import ScriptedDice
    from aos_cli.systems.mesbg.rules import paralysed, roll_power_effect
    from aos_cli.systems.mesbg.views import battle_json

    battle = _with_witch_king()
    aragorn = battle.hero("Aragorn")
    _cast(
        battle,
        "paralyse",
        "Paralyse",
        roll_power_effect("paralyse", False, ScriptedDice([]), aragorn),
    )
    assert aragorn.conditions == ["paralysed", "knocked down"] and paralysed(battle) == [aragorn]
    battle.apply({"op": "phase", "phase": "fight"})
    battle.apply({"op": "phase", "phase": "end", "recovery": {"Aragorn": [3]}})
    assert "no 6, it stays paralysed" in told_notes(battle.notes)[-2]
    battle.apply({"op": "phase", "phase": "end", "recovery": {"Aragorn": [6]}})
    assert aragorn.conditions == [] and "a 6, it stands up" in told_notes(battle.notes)[-2]
    battle.phase = "move"
    for _ in range(2):
        change = roll_power_effect("drain-courage", False, ScriptedDice([]), aragorn)
        _cast(battle, "drain-courage", "Drain Courage", change)
    assert aragorn.courage_lost == 2
    shown = next(h for h in battle_json(battle, 1)["heroes"] if h["name"] == "Aragorn")
    assert shown["courage_lost"] == 2 and shown["conditions"] == []


def test_mesbg_s2_4_s2_6_play_offers_the_channelled_power_and_the_resisters_might(
    run_cli: RunCli, tmp_path: Path
) -> None:
    """mesbg §2.6: every power has a channelled version; §2.4: once the caster's Might is
    committed the target may add its own to the resist roll. `aos play` asks both: Gandalf's
    Sorcerous Blast at Lurtz, who spends 1 Might resisting."""
    typed = ["n", "1", "3", "2", "0", "n", "2", "1", "q"]
    out = run_cli("play", "--db", str(tmp_path / "g.sqlite3"), "--system", "mesbg",
                  "--dice", "auto", "--seed", "4", input="\n".join(typed) + "\n")  # fmt: skip
    assert out.exit_code == 0, out.stderr
    said = out.stdout + out.stderr
    assert "Cast its channelled version" in said
    assert "Might Lurtz may spend to resist it" in said
    assert "Gandalf casts Sorcerous Blast" in said


def test_mesbg_s1_a_monster_that_wins_a_fight_may_barge_instead_of_striking(
    run_cli: RunCli, tmp_path: Path
) -> None:
    """mesbg §1 Barge: the Troll (a Monster) wins the Fight 6 against 2 and Barges: no strikes,
    no Wounds; Théoden cannot back away the full 3" and is knocked to the ground; the Troll may
    move D6" (4) and charge again, but its second Fight has no Brutal Power Attack. A hero that
    is no Monster never Barges."""
    db = str(tmp_path / "g.sqlite3")
    for args in (
        ("new-force", "Rohan", "--models", "5", "--side", "good"),
        ("new-force", "Mordor", "--models", "5", "--side", "evil"),
        ("add", "Theoden", "--might", "1", "--fate", "1", "--wounds", "2", "--force", "Rohan"),
        ("add", "Troll", "--wounds", "3", "--force", "Mordor", "--monster"),
    ):
        assert run_cli("hero", *args, "--db", db).exit_code == 0
    barged = run_cli("hero", "duel", "Theoden", "Troll", "--barge", "evil",
                     "--barge-knocks-down", "--dice", "manual", "--db", db,
                     input="2\n6\n4\n")  # fmt: skip
    assert barged.exit_code == 0, barged.stderr
    said = " ".join(barged.stdout.split())
    assert "Troll wins the Fight against Theoden and Barges: no strikes" in said
    assert 'Theoden cannot back away the full 3" and is knocked to the ground' in said
    assert 'Troll may move 4" and charge again' in said and 'backs away 1"' not in said
    listed = json.loads(run_cli("hero", "list", "--json", "--db", db).stdout)
    theoden = next(h for h in listed["heroes"] if h["name"] == "Theoden")
    assert theoden["current"]["wounds"] == 2 and theoden["conditions"] == ["knocked down"]
    again = run_cli("hero", "duel", "Theoden", "Troll", "--barge", "evil", "--dice", "manual",
                    "--db", db, input="2\n6\n4\n")  # fmt: skip
    assert again.exit_code == 1 and "no Brutal Power Attack" in again.stderr
    not_monster = run_cli("hero", "duel", "Theoden", "Troll", "--barge", "good", "--db", db)
    assert not_monster.exit_code == 1 and "only a Monster Barges" in not_monster.stderr
