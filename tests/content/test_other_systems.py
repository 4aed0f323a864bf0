"""The content of the other game systems (issue 4 §2): Age of Sigmar 1st edition and
Warhammer 40,000 8th edition, their rulesets, battleplans and the Lord of Contagion datasheet.

Each test names the rule it checks (system and section of the digests in ../shared/rules/).
The cache and data folders are temporary (tests/content/conftest.py).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import yaml

from aos_cli.content import load_database
from aos_cli.content.database import Database
from aos_cli.content.schema import Chart, Rule, ScoringRule, VictoryCondition
from tests.conftest import RunCli

GOLDEN = Path(__file__).parents[1] / "golden"

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> Database:
    """The bundled database, loaded once for the module with its own temporary cache."""
    base = tmp_path_factory.mktemp("other-systems")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("AOS_CACHE_DIR", str(base / "cache"))
        patch.setenv("AOS_DATA_DIR", str(base / "data"))
        patch.delenv("AOS_CONTENT", raising=False)
        return load_database()


# --------------------------------------------------------------------------- the whole database


def test_bundled_database_loads_and_validates(run_cli: RunCli) -> None:
    """Issue 4 "Done when": the bundled content, with aos1 and wh40k8, validates."""
    paths = [ROOT / "aos_cli" / "rulesets", ROOT / "warscrolls", ROOT / "battleplans"]
    result = run_cli("rules", "validate", *map(str, paths), "--json")
    assert result.exit_code == 0, result.stdout + result.stderr
    report = json.loads(result.stdout)
    assert report["valid"] is True and report["problems"] == []


def test_every_system_but_mesbg_has_its_ruleset(db: Database) -> None:
    """Issue 4 §1 Ruleset: one per system in aos_cli/rulesets/."""
    assert {"aos2", "aos1", "wh40k8"} <= set(db.rulesets)
    assert db.ruleset("aos1").system == "aos1"
    assert db.ruleset("wh40k8").system == "wh40k8"


# --------------------------------------------------------------------------- AoS 1st edition


def test_aos1_phases(db: Database) -> None:
    """aos1 §6: hero, movement, shooting, charge, combat, battleshock."""
    phases = [p.id for p in db.ruleset("aos1").phases]
    assert phases == ["hero", "movement", "shooting", "charge", "combat", "battleshock"]


def test_aos1_scenery_table_has_3_inch_ranges(db: Database) -> None:
    """aos1 §3.4 scenery table (1st edition): every range is 3", not 2nd edition's 1"."""
    table = db.ruleset("aos1").table("scenery-1e")
    assert table is not None and str(table.dice) == "D6"
    names = [table.row_for(roll).name for roll in range(1, 7)]
    assert names == ["Damned", "Arcane", "Inspiring", "Deadly", "Mystical", "Sinister"]
    for roll in (1, 2, 3, 5, 6):
        text = table.row_for(roll).text
        assert 'within 3"' in text and '1"' not in text, text
    assert 'is 3"' in (table.text or "")
    damned = [e.type_name for e in table.row_for(1).effects]
    assert damned == ["mortal_wounds", "lasting"]
    assert "slain" in table.row_for(4).text and table.row_for(4).reminder


def test_aos1_terrain_density_table(db: Database) -> None:
    """aos1 §3.2 terrain density: 2D6 per 24" area, 2-3 none, 4-5 two, 6-8 one, 9-10 two,
    11-12 choose 0 to 3."""
    table = db.ruleset("aos1").table("terrain-density-1e")
    assert table is not None and str(table.dice) == "2D6"
    assert [row.roll for row in table.rows] == ["2-3", "4-5", "6-8", "9-10", "11-12"]
    assert "2 terrain" in table.row_for(5).text and "1 terrain" in table.row_for(7).text
    assert "0 to 3" in table.row_for(12).text


def test_aos1_triumphs_table(db: Database) -> None:
    """aos1 §5.3 triumphs: 1-2 Blessed, 3-4 Inspired, 5-6 Empowered (+1 Wounds to the general)."""
    table = db.ruleset("aos1").table("triumphs-1e")
    assert table is not None
    assert [table.row_for(r).name for r in (1, 3, 5)] == ["Blessed", "Inspired", "Empowered"]
    empowered = table.row_for(6).effects[0]
    assert empowered.type_name == "characteristic_modifier"
    assert (empowered.characteristic, empowered.amount) == ("wounds", 1)  # type: ignore[attr-defined]


def test_aos1_arcane_bolt_and_mystic_shield(db: Database) -> None:
    """aos1 §12: Arcane Bolt CV 5, 18", D3 mortal wounds; Mystic Shield CV 6, 18", +1 save."""
    ruleset = db.ruleset("aos1")
    bolt, shield = ruleset.spell("arcane-bolt"), ruleset.spell("mystic-shield")
    assert bolt is not None and shield is not None
    assert (bolt.casting_value, bolt.range) == (5, 18)
    assert str(bolt.effects[0].amount) == "D3"  # type: ignore[attr-defined]
    assert not bolt.reminder
    assert (shield.casting_value, shield.range) == (6, 18)
    inner = shield.effects[0].effects[0]  # type: ignore[attr-defined]
    assert (inner.type_name, inner.roll, inner.amount) == ("modifier", "save", 1)


def test_aos1_inspiring_presence_and_unbinding(db: Database) -> None:
    """aos1 §7.2 Inspiring Presence: the general, your hero phase, 12", free, until your next
    hero phase; aos1 §12 unbinding within 18"."""
    ruleset = db.ruleset("aos1")
    (presence,) = ruleset.command_abilities
    assert presence.general_only and presence.cost == 0 and presence.range == 12
    assert (presence.timing.phase, presence.timing.turn) == ("hero", "yours")
    assert presence.effects[0].until == "your_next_hero_phase"  # type: ignore[attr-defined]
    unbind = next(r for r in ruleset.rules if r.id == "unbinding-1e")
    assert unbind.range == 18


def test_aos1_sudden_death_objectives(db: Database) -> None:
    """aos1 §5.2 Sudden Death: Assassinate, Blunt, Endure (round 6), Seize Ground (3", round 4)."""
    rules = {r.id: r for r in db.ruleset("aos1").rules}
    for key in ("sudden-death-1e", "assassinate", "blunt", "endure", "seize-ground"):
        assert rules[key].section == "aos1 §5.2"
    assert "sixth battle round" in rules["endure"].text
    assert rules["seize-ground"].range == 3 and "fourth battle round" in rules["seize-ground"].text
    assert "five or more" in rules["blunt"].text


def test_aos1_realm_of_fire(db: Database) -> None:
    """aos1 §3.1: the seven Mortal Realms, of which the sheet names the Realm of Fire."""
    (realm,) = db.ruleset("aos1").realms
    assert realm.name == "Realm of Fire" and realm.source


def test_aos1_default_battle(db: Database) -> None:
    """aos1 §4-§5: set-up by halves more than 12" from enemy territory, alternating units;
    Glorious Victory by the share of models lost; Sudden Death; Triumphs; no fixed length."""
    plan = db.battleplan("glorious victory", "aos1")
    assert plan.system == "aos1"
    assert plan.deployment.order == "alternate_units"
    assert plan.deployment.min_distance_from_enemy_territory == 12
    assert "halves" in plan.deployment.text
    assert plan.battle_length.rounds is None
    assert [v.condition for v in plan.victory] == [
        "all_enemy_slain",
        "as_described",
        "greater_percentage_slain",
    ]
    assert [v.result for v in plan.victory] == ["major", "major", "minor"]
    assert {r.id for r in plan.special_rules} >= {"sudden-death", "triumphs"}


# --------------------------------------------------------------------------- 40k 8th edition


def test_wh40k8_phases(db: Database) -> None:
    """wh40k8 §3: movement, psychic, shooting, charge, fight, morale."""
    phases = [p.id for p in db.ruleset("wh40k8").phases]
    assert phases == ["movement", "psychic", "shooting", "charge", "fight", "morale"]


def test_wh40k8_smite(db: Database) -> None:
    """wh40k8 §5.3 Smite: warp charge 5, closest visible enemy within 18", D3 mortal wounds,
    D6 on a Psychic test above 10."""
    smite = db.ruleset("wh40k8").spell("smite")
    assert smite is not None
    assert (smite.casting_value, smite.range) == (5, 18)
    assert str(smite.effects[0].amount) == "D3"  # type: ignore[attr-defined]
    assert "D6 mortal wounds" in smite.text and "more than 10" in smite.text
    assert smite.reminder


def test_wh40k8_perils_and_deny_the_witch(db: Database) -> None:
    """wh40k8 §5.4 Perils of the Warp (double 1 or 6: D3 mortal wounds, 6" if slain) and
    §5.5 Deny the Witch (24", 2D6 beating the Psychic test)."""
    rules = {r.id: r for r in db.ruleset("wh40k8").rules}
    perils = rules["perils-of-the-warp"]
    assert perils.range == 6 and "double 1 or a double 6" in perils.text
    (wounds,) = perils.effects
    assert str(wounds.amount) == "D3" and wounds.target == "self"  # type: ignore[attr-defined]
    deny = rules["deny-the-witch"]
    assert deny.range == 24 and "2D6" in deny.text


@pytest.mark.parametrize(
    ("strength", "toughness", "needed"),
    [
        (8, 4, "2+"),
        (10, 4, "2+"),
        (5, 4, "3+"),
        (7, 4, "3+"),
        (4, 4, "4+"),
        (3, 4, "5+"),
        (4, 7, "5+"),
        (2, 4, "6+"),
        (3, 6, "6+"),
        (1, 8, "6+"),
    ],
)
def test_wh40k8_wound_chart(db: Database, strength: int, toughness: int, needed: str) -> None:
    """wh40k8 §8.2 wound chart: 2+ when S >= 2T, 3+ when S > T, 4+ when equal, 5+ when S < T,
    6+ when 2S <= T (rows checked in order)."""
    chart = db.ruleset("wh40k8").chart("wound-chart")
    assert chart is not None
    assert chart.result_for(S=strength, T=toughness) == needed


def test_wh40k8_weapon_types(db: Database) -> None:
    """wh40k8 §7: the five ranged weapon types, each with its rules text."""
    rules = {r.id: r for r in db.ruleset("wh40k8").rules}
    for key in ("assault", "heavy", "rapid-fire", "grenade", "pistol"):
        assert rules[key].section and rules[key].section.startswith("wh40k8 §7"), key
    assert "subtracting 1" in rules["assault"].text and "Advanced" in rules["assault"].text
    assert "half" in rules["rapid-fire"].text
    assert rules["pistol"].range == 1


def test_wh40k8_warlord_traits(db: Database) -> None:
    """wh40k8 §16 Warlord Traits (D3): Legendary Fighter, Inspiring Leader, Tenacious Survivor."""
    table = db.ruleset("wh40k8").table("warlord-traits")
    assert table is not None and str(table.dice) == "D3"
    names = [table.row_for(r).name for r in (1, 2, 3)]
    assert names == ["Legendary Fighter", "Inspiring Leader", "Tenacious Survivor"]
    assert table.row_for(3).effects[0].on == 6  # type: ignore[attr-defined]


def test_wh40k8_primary_objectives_table_names_the_battleplans(db: Database) -> None:
    """wh40k8 §17.4 Only War primary objectives (D3): each row is a battleplan of that id."""
    table = db.ruleset("wh40k8").table("only-war-primary-objectives")
    assert table is not None and str(table.dice) == "D3"
    assert [table.row_for(r).name for r in (1, 2, 3)] == [
        "Slay and Secure",
        "Ancient Relic",
        "Domination",
    ]
    for row in table.rows:
        assert db.battleplan(row.id, "wh40k8").id == row.id


def test_lord_of_contagion_found_by_name(db: Database) -> None:
    """wh40k8 §15 Lord of Contagion: M 4" (seed), the commonly published profile, the
    Plaguereaper, Nurgle's Gift 7" aura, the keywords."""
    scroll = db.warscroll("lord of contagion")
    assert scroll.system == "wh40k8" and scroll.faction == "Death Guard"
    assert scroll.profile is not None
    profile = scroll.profile
    row = (profile.m, profile.ws, profile.bs, profile.s, profile.t, profile.w)
    assert row == (4, 2, 2, 4, 5, 6)
    assert (str(profile.a), profile.ld, profile.sv) == ("4", 9, 2)
    assert (scroll.move, scroll.wounds, scroll.bravery, scroll.save) == (4, 6, 9, 2)
    (reaper,) = scroll.datasheet_weapons
    assert (reaper.name, reaper.range, reaper.type) == ("Plaguereaper", "melee", "Melee")
    assert reaper.source
    gift = next(a for a in scroll.abilities if a.id == "nurgles-gift")
    assert gift.range == 7 and gift.effects[0].keywords == ("DEATH GUARD",)  # type: ignore[attr-defined]
    assert {"DEATH GUARD", "CHARACTER", "LORD OF CONTAGION"} <= set(scroll.keywords)
    names = {a.name for a in scroll.abilities}
    assert names == {
        "Disgustingly Resilient",
        "Nurgle's Gift",
        "Cataphractii Armour",
        "Teleport Strike",
        "Plague weapon",
    }


def test_only_war_found_by_name(db: Database) -> None:
    """wh40k8 §17 Only War: 2 markers per player (3" control), 5 battle rounds, set-up by
    halves more than 12" from the enemy zone, Underdog and Command Re-rolls."""
    plan = db.battleplan("Only War", "wh40k8")
    assert plan.id == "only-war" and plan.system == "wh40k8"
    assert plan.battle_length.rounds == 5
    assert len(plan.objectives) == 4 and {o.control_range for o in plan.objectives} == {3}
    assert "2 objective markers" in (plan.objective_text or "")
    assert '10"' in (plan.objective_text or "")
    assert plan.deployment.min_distance_from_enemy_territory == 12
    rules = {r.id: r for r in plan.special_rules}
    assert {"primary-objective", "underdog", "command-rerolls"} <= set(rules)
    assert "10-19 gives 1" in rules["command-rerolls"].text
    assert not plan.scoring  # scored by the primary objective rolled


def test_only_war_victory_conditions(db: Database) -> None:
    """wh40k8 §17.9: all enemies destroyed, else more VP (a victory, neither major nor minor);
    a tie goes to the Underdog (minor)."""
    plan = db.battleplan("only-war", "wh40k8")
    conditions = [(v.result, v.condition) for v in plan.victory]
    assert conditions == [
        ("win", "all_enemy_slain"),
        ("win", "most_points"),
        ("minor", "tied_points_underdog"),
    ]


@pytest.mark.parametrize(
    ("plan_id", "expected"),
    [
        (
            "only-war-slay-and-secure",
            [
                ("end_of_battle", "objective_controlled", "2"),
                ("end_of_battle", "enemy_general_slain", "D3"),
            ],
        ),
        ("only-war-ancient-relic", [("end_of_battle", "objective_controlled", "6")]),
        ("only-war-domination", [("end_of_turn", "objective_controlled", "1")]),
    ],
)
def test_only_war_primary_objective_scoring(
    db: Database, plan_id: str, expected: list[tuple[str, str, str]]
) -> None:
    """wh40k8 §17.4: Slay and Secure 2 VP per marker and D3 for the Warlord at the end; Ancient
    Relic 6 VP for the one marker left; Domination 1 VP per marker at the end of every turn."""
    plan = db.battleplan(plan_id, "wh40k8")
    assert plan.battle_length.rounds == 5
    assert [(r.event, r.per, str(r.points)) for r in plan.scoring] == expected
    assert plan.victory == db.battleplan("only-war", "wh40k8").victory


def test_only_war_scoring_reads_into_the_engine(db: Database) -> None:
    """wh40k8 §17.3-§17.9: the scoring engine takes each primary objective's data as it is
    (events and counts it knows, 4 markers of 3" that are not held once left, 5 rounds)."""
    from aos_cli.app.setup import battleplan_snapshot
    from aos_cli.core.state import GameState
    from aos_cli.core.turn import new_game

    base: dict[str, Any] = yaml.safe_load((GOLDEN / "wh40k8_armies.yaml").read_text())
    for plan_id in ("only-war-slay-and-secure", "only-war-ancient-relic", "only-war-domination"):
        plan = db.battleplan(plan_id, "wh40k8")
        setup = {**base, "battleplan_rules": battleplan_snapshot(plan)}
        del setup["battle_rounds"]
        state: GameState = new_game(setup)
        assert state.scoring is not None and state.scoring.plan.source == "battleplan"
        assert [r.id for r in state.scoring.rules] == [r.id for r in plan.scoring]
        assert [v.condition for v in state.scoring.plan.victory][-1] == "tied_points_underdog"
        assert state.battle_rounds == 5 and len(state.objectives) == 4
        assert {o.control_range for o in state.objectives} == {3}
        assert not state.objectives[0].sticky


# --------------------------------------------------------------------------- the commands


@pytest.mark.parametrize(
    ("system", "topic", "expect"),
    [
        ("aos1", "scenery-1e", "Sinister"),
        ("aos1", "terrain-density-1e", "11-12"),
        ("aos1", "triumphs", "Empowered"),
        ("aos1", "spells", "Mystic Shield"),
        ("aos1", "command abilities", "Inspiring Presence"),
        ("aos1", "phases", "Battleshock"),
        ("aos1", "realms", "Realm of Fire"),
        ("aos1", "seize ground", 'within 3"'),
        ("wh40k8", "phases", "Morale"),
        ("wh40k8", "spells", "Smite"),
        ("wh40k8", "command traits", "Tenacious Survivor"),
        ("wh40k8", "only-war-primary-objectives", "Domination"),
        ("wh40k8", "wound chart", "2S <= T"),
        ("wh40k8", "deny the witch", '24"'),
        ("wh40k8", "rapid fire weapons", "half"),
    ],
)
def test_rules_show_for_other_systems(
    run_cli: RunCli, system: str, topic: str, expect: str
) -> None:
    """`aos rules show TOPIC --system S` (issue 4 §4) for the aos1 and wh40k8 tables and rules."""
    result = run_cli("rules", "show", topic, "--system", system)
    assert result.exit_code == 0, result.stderr
    assert expect in result.stdout


def test_rules_show_json_for_aos1_scenery(run_cli: RunCli) -> None:
    """aos1 §3.4 scenery table as JSON: six rows, the first Damned with its D3 mortal wounds."""
    result = run_cli("rules", "show", "scenery-1e", "--system", "aos1", "--json")
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert len(data["rows"]) == 6
    assert data["rows"][0]["effects"][0] == {
        "type": "mortal_wounds",
        "amount": "D3",
        "target": "self",
        "range": None,
        "keyword": None,
    }


def test_warscroll_and_battleplan_commands(run_cli: RunCli) -> None:
    """Issue 4 §4: the datasheet and the missions are found by name from the command line."""
    card = run_cli("warscroll", "show", "lord of contagion", "--json")
    assert card.exit_code == 0, card.stderr
    assert json.loads(card.stdout)["profile"]["sv"] == "2+"
    listed = run_cli("warscroll", "list", "--system", "wh40k8", "--json")
    # The demo armies' datasheets (issue 8) are listed too.
    assert "Lord of Contagion" in [w["name"] for w in json.loads(listed.stdout)]
    plans = run_cli("battleplan", "list", "--system", "wh40k8", "--json")
    assert "Only War" in [p["name"] for p in json.loads(plans.stdout)]
    shown = run_cli("battleplan", "show", "glorious victory")
    assert shown.exit_code == 0 and "Sudden Death" in shown.stdout


# --------------------------------------------------------------------------- the schema additions


def test_schema_rule_range_and_scoring_literals() -> None:
    """Schema additions for these systems: a rule's range (aos1 §12 unbinding 18", wh40k8 §5.5
    Deny the Witch 24"), the `end_of_turn` event and `enemy_general_slain` count (wh40k8 §17.4)
    and the Underdog's tie (wh40k8 §17.9), as the scoring engine names them."""
    rule = Rule.model_validate({"name": "Deny the Witch", "text": "...", "range": '24"'})
    assert rule.range == 24 and rule.id == "deny-the-witch"
    assert Rule.model_validate({"name": "Plain", "text": "..."}).range is None
    scoring = ScoringRule.model_validate(
        {"name": "Domination", "text": "...", "event": "end_of_turn", "per": "objective_controlled"}
    )
    assert scoring.event == "end_of_turn"
    slay = ScoringRule.model_validate(
        {"name": "Slay", "text": "...", "event": "end_of_battle", "per": "enemy_general_slain"}
    )
    assert slay.per == "enemy_general_slain"
    tie = VictoryCondition.model_validate(
        {"result": "minor", "condition": "tied_points_underdog", "text": "..."}
    )
    assert tie.condition == "tied_points_underdog"


def test_schema_chart_checks_its_rows() -> None:
    """Schema addition: a Chart's comparisons must parse and use its declared inputs."""
    from pydantic import ValidationError

    chart = Chart.model_validate(
        {
            "name": "Test chart",
            "inputs": {"S": "Strength", "T": "Toughness"},
            "rows": [{"when": "S >= 2T", "result": "2+"}, {"when": "S == T", "result": "4+"}],
        }
    )
    assert chart.result_for(S=4, T=2) == "2+" and chart.result_for(S=2, T=2) == "4+"
    with pytest.raises(KeyError):
        chart.result_for(S=3, T=2)
    with pytest.raises(ValidationError) as bad:
        Chart.model_validate(
            {
                "name": "Broken",
                "inputs": {"S": "Strength"},
                "rows": [{"when": "S is big", "result": "2+"}, {"when": "S > X", "result": "3+"}],
            }
        )
    problems = [message for _, message in bad.value.errors()[0]["ctx"]["problems"]]
    assert problems == [
        "'S is big' is not a comparison such as S >= 2T",
        "'X' is not one of the inputs",
    ]
