"""Seed 000 (the Hungarian AoS2 core rules and the Stormcast warscrolls), page by page: each
rule a player meets, played through the real commands with typed dice against a temporary
database, and the outcome the book gives (issue 26, "Done when"). Test names carry the seed's
page (the transcript's first number: p.5 is "MOZGÁSI FÁZIS")."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
import yaml

from tests.conftest import CliResult, RunCli

ARMIES = Path(__file__).parents[2] / "warscrolls" / "armies"
NIGHTHAUNT_AURAS = (
    "--answer", "in-aura:guardian-of-souls:nightmare-lantern=no",
    "--answer", "in-aura:spirit-torment:nagash-s-bidding=no",
)  # fmt: skip
"""Nighthaunt attacks: no other unit's aura reaches the attacker (asked since AUDIT_REVISION)."""


class Table:
    """One game at the table: commands run against its own database."""

    def __init__(self, run_cli: RunCli, tmp_path: Path) -> None:
        self.run_cli = run_cli
        self.tmp_path = tmp_path
        self.db = tmp_path / "games.sqlite3"

    def run(self, *args: str, stdin: str | None = None) -> CliResult:
        """The command's result, whatever its exit code."""
        if stdin is None:
            return self.run_cli(*args, "--db", str(self.db))
        return self.run_cli(*args, "--db", str(self.db), input=stdin)

    def ok(self, *args: str, stdin: str | None = None) -> str:
        """What an accepted command printed."""
        result = self.run(*args, stdin=stdin)
        assert result.exit_code == 0, (args, result.stdout, result.stderr)
        return result.stdout

    def refused(self, *args: str, stdin: str | None = None) -> str:
        """The one line a refused command gave (a rule: exit 1)."""
        result = self.run(*args, stdin=stdin)
        assert result.exit_code == 1, (args, result.stdout, result.stderr)
        return result.stderr

    def roll(self, *args: str, stdin: str) -> str:
        """A roll command (no game): what it printed."""
        result = self.run_cli(*args, input=stdin)
        assert result.exit_code == 0, (args, result.stdout, result.stderr)
        return result.stdout

    def status(self) -> dict[str, Any]:
        """`aos status --json`."""
        data: dict[str, Any] = json.loads(self.ok("status", "--json"))
        return data

    def unit(self, unit_id: str) -> dict[str, Any]:
        """One unit's line of the status."""
        for side in self.status()["sides"]:
            for unit in side["units"]:
                if unit["id"] == unit_id:
                    found: dict[str, Any] = unit
                    return found
        raise AssertionError(unit_id)

    def side(self, name: str) -> dict[str, Any]:
        """One side's line of the status."""
        found: dict[str, Any] = next(s for s in self.status()["sides"] if s["name"] == name)
        return found

    def to_phase(self, phase: str, turn: str | None = None) -> None:
        """`aos next` until the phase (of the turn's player) is reached."""
        for _ in range(20):
            now = self.status()
            if now["phase"] == phase and (turn is None or now["turn"] == turn):
                return
            self.ok("next", "--seed", "1")
        raise AssertionError(f"never reached {phase}")


def army_file(tmp_path: Path, name: str, edit: dict[str, Any]) -> Path:
    """A demo army with its army fields replaced (`units` replaced whole)."""
    data = yaml.safe_load((ARMIES / f"{name}.yaml").read_text())
    data["army"].update(edit)
    path = tmp_path / f"{name}-edited.yaml"
    path.write_text(yaml.safe_dump(data))
    return path


@pytest.fixture
def table(run_cli: RunCli, tmp_path: Path) -> Table:
    """The demo armies on First Blood, Player One's turn, round 1, hero phase."""
    game = Table(run_cli, tmp_path)
    game.ok("game", "new", "--battleplan", "first-blood")
    game.ok("priority", "--first", "Player One", "--seed", "1")
    return game


def new_table(run_cli: RunCli, tmp_path: Path, *armies: Path) -> Table:
    """A game of First Blood between the given armies, Player One first."""
    game = Table(run_cli, tmp_path)
    flags = [part for army in armies for part in ("--army", str(army))]
    game.ok("game", "new", "--battleplan", "first-blood", *flags)
    game.ok("priority", "--first", "Player One", "--seed", "1")
    return game


# ---------------------------------------------------------------- p.2: dice, rerolls, roll-offs


def test_p2_d3_is_a_d6_halved_rounding_up(table: Table) -> None:
    """p.2: a D3 is a D6 halved, rounding up: 5 is 3, 1 is 1."""
    assert "5 → 3" in table.roll("roll", "dice", "D3", "--dice", "manual", stdin="5\n")
    assert "1 → 1" in table.roll("roll", "dice", "D3", "--dice", "manual", stdin="1\n")


def test_p2_a_roll_off_tie_is_rolled_again(table: Table) -> None:
    """p.2: a tied roll-off is rolled again, unmodified."""
    out = table.roll("roll", "rolloff", "--dice", "manual", stdin="3 3\n4 2\n")
    assert "tie, roll again" in out and "first player wins" in out


def test_p2_a_die_is_rerolled_once_only(table: Table) -> None:
    """p.2: a die may be rerolled once: a hit roll of 1 rerolled into a 1 stays a miss."""
    out = table.roll("roll", "attack", "1x1/3+/3+/-/1", "--reroll-hits", "ones", "--dice",
                     "manual", "--json", stdin="1\n1\n")  # fmt: skip
    assert json.loads(out)["hits"] == 0


# ------------------------------------------------------ p.3: set-up, reserves, the general


def test_p3_the_general_is_a_model_set_up(run_cli: RunCli, tmp_path: Path) -> None:
    """p.3: once the army is set up, one of the models set up is the general: the demo's
    general cannot wait in reserve (one line saying to pick another)."""
    game = Table(run_cli, tmp_path)
    out = game.run("game", "new", "--battleplan", "first-blood", "--reserve", "stardrake")
    assert out.exit_code == 2 and "pick another general" in out.stderr


# ---------------------------------------------------- p.4: battle rounds, command abilities


def test_p4_a_command_point_at_the_start_of_each_hero_phase(table: Table) -> None:
    """p.4: a command point at the start of each of your hero phases; unspent ones carry
    over."""
    assert table.side("Player One")["command_points"] == 1
    table.to_phase("hero", turn="Player Two")
    assert table.side("Player Two")["command_points"] == 1
    assert table.side("Player One")["command_points"] == 1


def test_p4_at_the_double_makes_the_run_roll_a_6(table: Table) -> None:
    """p.4 (At the Double): 1 CP, the run roll counts as a 6."""
    table.to_phase("movement")
    out = table.ok("run", "liberators", "--at-the-double", "--in-command-range")
    assert '+6"' in out
    assert table.side("Player One")["command_points"] == 0


def test_p4_a_command_ability_costs_a_command_point(table: Table) -> None:
    """p.4: using a command ability costs 1 command point; without one it is refused."""
    table.to_phase("movement")
    table.ok("run", "liberators", "--at-the-double", "--in-command-range")
    table.refused("run", "judicators", "--at-the-double", "--in-command-range")


def test_p4_the_same_command_ability_twice_in_a_phase(table: Table) -> None:
    """p.4: the same command ability may be used more than once in a phase while command
    points last (First Blood's first kill gives one more here)."""
    table.ok("cast", "knight-incantor", "Arcane Bolt", "--target", "chainrasps",
             "--target-in-range", "--dice", "manual", stdin="3 3\n")  # fmt: skip
    table.ok("unbind", "--pass", "--dice", "manual", stdin="1\n6\n6\n")
    assert table.side("Player One")["command_points"] == 2
    table.to_phase("movement")
    table.ok("run", "liberators", "--at-the-double", "--in-command-range")
    table.ok("run", "judicators", "--at-the-double", "--in-command-range")
    assert table.side("Player One")["command_points"] == 0


def test_p4_at_the_double_needs_a_hero_in_reach(table: Table) -> None:
    """p.4: At the Double for a unit within 6" of a Hero or 12" of the general only."""
    table.to_phase("movement")
    table.refused("run", "liberators", "--at-the-double", "--no-in-command-range")


def test_p4_forward_to_victory_rerolls_the_charge(table: Table) -> None:
    """p.4 (Forward to Victory): 1 CP, reroll the charge roll."""
    table.to_phase("charge")
    out = table.ok("charge", "liberators", "--distance", "9", "--within-12", "--reroll",
                   "--in-command-range", "--dice", "manual", stdin="1 2\n5 5\n")  # fmt: skip
    assert "Liberators charges" in out
    assert table.side("Player One")["command_points"] == 0


def test_p4_an_army_with_no_hero_has_no_command_abilities(run_cli: RunCli, tmp_path: Path) -> None:
    """p.4: "if your army has a Hero, you can use command abilities": an army of no Hero
    cannot use At the Double."""
    units = [
        {"id": "liberators", "warscroll": "Liberators", "models": 10, "general": True,
         "weapons": {"warhammer": 8, "grandhammer": 2}, "command_models": ["champion"]},
        {"id": "judicators", "warscroll": "Judicators", "models": 5,
         "weapons": {"skybolt-bow": 4, "shockbolt-bow": 1}, "command_models": ["champion"]},
    ]  # fmt: skip
    mine = army_file(tmp_path, "stormcast-demo", {"units": units, "command_trait": None})
    game = new_table(run_cli, tmp_path, mine, ARMIES / "nighthaunt-demo.yaml")
    game.to_phase("movement")
    game.refused("run", "judicators", "--at-the-double", "--in-command-range")


def test_p4_priority_tie_the_first_of_last_round_chooses(table: Table) -> None:
    """p.4: a tied priority roll: the player who took the first turn of the last battle
    round chooses."""
    table.to_phase("battleshock", turn="Player Two")
    table.ok("next", "--seed", "1")
    out = table.ok("priority", "--dice", "manual", "--first", "Player Two", stdin="4 4\n")
    assert "Player One chooses" in out


# ------------------------------------------------------------- p.5: moving, retreat, running


def test_p5_a_unit_moves_once_a_phase(table: Table) -> None:
    """p.5: a unit is moved once in a phase."""
    table.to_phase("movement")
    table.ok("move", "liberators")
    table.refused("move", "liberators")


def test_p5_a_unit_within_3_must_stay_or_retreat(table: Table) -> None:
    """p.5: a unit within 3" of an enemy stays put or retreats: no normal move, no run."""
    table.to_phase("movement")
    table.refused("move", "liberators", "--answer", "engaged=yes")
    table.refused("run", "liberators", "--answer", "engaged=yes")
    table.ok("retreat", "liberators", "--answer", "engaged=yes")


def test_p5_a_unit_that_retreated_neither_shoots_nor_charges(table: Table) -> None:
    """p.5: models that retreated cannot shoot or charge later in the turn."""
    table.to_phase("movement")
    table.ok("retreat", "judicators", "--answer", "engaged=yes")
    table.to_phase("shooting")
    table.refused("shoot", "judicators", "--target", "chainrasps", "--in-range")
    table.to_phase("charge")
    table.refused("charge", "judicators", "--distance", "5", "--within-12")


def test_p5_a_unit_that_ran_neither_shoots_nor_charges(table: Table) -> None:
    """p.5: a unit that ran adds a D6 to its Move, and cannot shoot or charge."""
    table.to_phase("movement")
    assert '+4"' in table.ok("run", "judicators", "--dice", "manual", stdin="4\n")
    table.to_phase("shooting")
    table.refused("shoot", "judicators", "--target", "chainrasps", "--in-range")
    table.to_phase("charge")
    table.refused("charge", "judicators", "--distance", "5", "--within-12")


# ------------------------------------------------- p.6: shooting, charging, combat, battleshock


def test_p6_a_unit_within_3_shoots_only_at_units_within_3(table: Table) -> None:
    """p.6: a unit within 3" of an enemy may shoot, but only at enemy units within 3"."""
    table.to_phase("shooting")
    table.refused("shoot", "judicators", "--target", "chainrasps", "--in-range", "--engaged",
                  "--no-target-engaged", "--no-cover")  # fmt: skip


def test_p6_look_out_sir_takes_1_from_hit_rolls(table: Table) -> None:
    """p.6 (Look Out, Sir!): -1 to missile hit rolls against a Hero within 3" of a friendly
    unit of 3 or more models: a typed 3 misses the Skybolt Bows' 3+ (the Judicator-Prime's
    own +1 makes up for it: its 2 misses)."""
    table.to_phase("shooting")
    out = table.ok("shoot", "judicators", "--target", "knight-of-shrouds", "--in-range",
                   "--look-out-sir", "--no-cover", "--weapon", "skybolt-bow", "--dice", "manual",
                   stdin="3 3 3\n2\n")  # fmt: skip
    assert "4 attacks, 0 hits" in out


def test_p6_a_charge_needs_an_enemy_within_12(table: Table) -> None:
    """p.6: a unit charges only with an enemy within 12"."""
    table.to_phase("charge")
    table.refused("charge", "liberators", "--distance", "13")


def test_p6_a_unit_within_3_cannot_charge(table: Table) -> None:
    """p.6: a unit within 3" of an enemy cannot charge."""
    table.to_phase("charge")
    table.refused("charge", "liberators", "--engaged", "--distance", "2")


def test_p6_a_charge_ends_within_half_an_inch(table: Table) -> None:
    """p.6: the first model must end within 1/2" of an enemy model: 7" away, a 2D6 of 7 is
    enough (6.5") and a 6 is not."""
    table.to_phase("charge")
    failed = table.ok("charge", "liberators", "--distance", "7", "--within-12", "--dice",
                      "manual", stdin="3 3\n")  # fmt: skip
    assert "fails to charge" in failed
    out = table.ok("charge", "judicators", "--distance", "7", "--within-12", "--dice", "manual",
                   stdin="3 4\n")  # fmt: skip
    assert "Judicators charges" in out


def test_p6_no_pass_with_a_unit_able_to_fight(table: Table) -> None:
    """p.6: you may pass only when none of your units can fight."""
    table.to_phase("charge")
    table.ok("charge", "liberators", "--distance", "3.5", "--within-12", "--dice", "manual",
             stdin="5 5\n")  # fmt: skip
    table.to_phase("combat")
    table.refused("pass")


def test_p6_a_unit_fights_once_a_phase(table: Table) -> None:
    """p.6: a unit fights only once in a combat phase."""
    table.to_phase("charge")
    table.ok("charge", "liberators", "--distance", "3.5", "--within-12", "--dice", "manual",
             stdin="5 5\n")  # fmt: skip
    table.to_phase("combat")
    table.ok("fight", "liberators", "--target", "chainrasps", "--no-cover", "--seed", "2")
    table.ok("fight", "chainrasps", *NIGHTHAUNT_AURAS, "--target", "liberators", "--engaged", "--no-cover",
             "--seed", "3")  # fmt: skip
    table.refused("fight", "liberators", "--target", "chainrasps", "--no-cover", "--seed", "3")


def test_p6_a_charger_must_fight_before_the_phase_ends(table: Table) -> None:
    """p.6: a unit that charged fights; the phase does not end past it."""
    table.to_phase("charge")
    table.ok("charge", "liberators", "--distance", "3.5", "--within-12", "--dice", "manual",
             stdin="5 5\n")  # fmt: skip
    table.to_phase("combat")
    table.refused("next")


def test_p6_battleshock_one_flees_for_each_point_over(table: Table) -> None:
    """p.6: a D6 plus the models slain this turn against Bravery, +1 for each 10 models: 20
    Chainrasps (Bravery 10 with their Dreadwarden) lose 3 and have 17 left: a 6 is 9, below
    11: none flee."""
    table.ok("cast", "knight-incantor", "Arcane Bolt", "--target", "chainrasps",
             "--target-in-range", "--dice", "manual", stdin="5 5\n")  # fmt: skip
    table.ok("unbind", "--pass", "--dice", "manual", stdin="6\n1 1 1\n")
    assert table.unit("chainrasps")["models"] == 17
    table.to_phase("battleshock")
    out = table.ok("battleshock", "--dice", "manual", stdin="6\n")
    assert table.unit("chainrasps")["models"] == 17, out


def test_p7_missile_weapons_need_the_target_in_range(table: Table) -> None:
    """p.7: a missile weapon attacks a unit within its Range only."""
    table.to_phase("shooting")
    table.refused("shoot", "judicators", "--target", "chainrasps", "--no-in-range")


def test_p7_a_weapon_s_attacks_may_be_split(table: Table) -> None:
    """p.7: a weapon's attacks may be split between targets: 4 Skybolt Bows at one unit with
    `--attacks 2` and the other 2 at another; the unit has shot once all its weapons have."""
    table.to_phase("shooting")
    table.ok("shoot", "judicators", "--target", "chainrasps", "--in-range", "--weapon",
             "skybolt-bow", "--attacks", "2", "--seed", "1", "--no-cover")  # fmt: skip
    table.ok("shoot", "judicators", "--target", "grimghast-reapers", "--in-range", "--weapon",
             "skybolt-bow", "--attacks", "2", "--seed", "2", "--no-cover")  # fmt: skip
    table.refused("shoot", "judicators", "--target", "chainrasps", "--in-range", "--weapon",
                  "skybolt-bow", "--seed", "3", "--no-cover")  # fmt: skip


# ----------------------------------------------------------------- p.8: making attacks


def test_p8_an_unmodified_6_always_hits(table: Table) -> None:
    """p.8: an unmodified hit roll of 6 always hits, whatever the modifiers."""
    out = table.roll("roll", "attack", "1x1/3+/3+/-/1", "--hit-mod", "-3", "--dice", "manual",
                   "--json", stdin="6\n1\n")  # fmt: skip
    assert json.loads(out)["hits"] == 1


def test_p8_an_unmodified_1_always_fails_a_save(table: Table) -> None:
    """p.8: an unmodified save roll of 1 always fails, whatever the modifiers."""
    out = table.roll("roll", "attack", "1x1/3+/3+/-/1", "--save", "2+", "--save-mod", "3",
                   "--dice", "manual", "--json", stdin="4\n4\n1\n")  # fmt: skip
    assert json.loads(out)["damage"] == 1


def test_p8_rend_worsens_the_save(table: Table) -> None:
    """p.8: Rend -1 takes 1 from the save roll: a 4 fails a 4+ save."""
    out = table.roll("roll", "attack", "1x1/3+/3+/-1/1", "--save", "4+", "--dice", "manual",
                   "--json", stdin="4\n4\n4\n")  # fmt: skip
    assert json.loads(out)["damage"] == 1


def test_p8_cover_adds_1_to_the_save(table: Table) -> None:
    """p.8: every model of the target on or in terrain: +1 to its save rolls: the Knight of
    Shrouds' sword (Rend -1) against Liberators (4+) in cover: 4s save."""
    table.to_phase("combat", turn="Player Two")
    out = table.ok("fight", "knight-of-shrouds", *NIGHTHAUNT_AURAS, "--target", "liberators", "--engaged",
                   "--cover", "--dice", "manual", stdin="6 6 6 6\n6 6 6 6\n4 4 4 4\n")  # fmt: skip
    assert table.unit("liberators")["wounds_suffered"] == 0, out
    assert table.unit("liberators")["models"] == 10, out


def test_p8_no_cover_for_a_monster_of_8_wounds_or_more(table: Table) -> None:
    """p.8: cover never helps a unit with a Monster or War Machine of Wounds 8 or more: the
    Stardrake saves a 3 against Rend -1 with no +1 (it needs 3+ as 4+)."""
    table.to_phase("combat", turn="Player Two")
    out = table.run("fight", "knight-of-shrouds", *NIGHTHAUNT_AURAS, "--target", "stardrake",
                    "--cover", "--engaged", "--dice", "manual",
                    stdin="6 6 6 6\n6 6 6 6\n3 3 3 3\n")  # fmt: skip
    assert out.exit_code == 0, out.stderr
    assert table.unit("stardrake")["wounds_suffered"] == 8, out.stdout


def test_p8_mortal_wounds_ignore_saves(table: Table) -> None:
    """p.8: mortal wounds need no hit, wound or save roll."""
    table.ok("ability", "lord-relictor", "Lightning Storm", "--target", "grimghast-reapers",
             "--target-in-range", "--dice", "manual", stdin="3\n6\n1 1 1\n")  # fmt: skip
    assert table.unit("grimghast-reapers")["models"] == 7  # 3 wounds on Wounds 1 models


def test_p8_healed_wounds_never_bring_back_slain_models(table: Table) -> None:
    """p.8: healing removes wounds from a model; slain models are not healed."""
    table.ok("adjust", "liberators", "--models", "-2", "--reason", "slain")
    table.ok("adjust", "liberators", "--wounds", "1", "--reason", "hurt")
    table.ok("ability", "lord-relictor", "Healing Storm", "--target", "liberators",
             "--target-in-range", "--dice", "manual", stdin="6\n6\n")  # fmt: skip
    unit = table.unit("liberators")
    assert unit["models"] == 8 and unit["wounds_suffered"] == 0


# --------------------------------------------------------------------- p.9: wizards


def test_p9_a_spell_is_attempted_once_a_turn(table: Table) -> None:
    """p.9: a spell is attempted once in a turn, even by another wizard."""
    table.ok("cast", "knight-incantor", "Arcane Bolt", "--target", "chainrasps",
             "--target-in-range", "--dice", "manual", stdin="1 1\n")  # fmt: skip
    table.refused("cast", "stardrake", "Arcane Bolt", "--target", "chainrasps",
                  "--target-in-range", "--dice", "manual", stdin="6 6\n")  # fmt: skip


def test_p9_unbinding_must_beat_the_casting_roll(table: Table) -> None:
    """p.9: an unbinding roll must beat the casting roll; equal is not enough."""
    table.ok("cast", "knight-incantor", "Arcane Bolt", "--target", "chainrasps",
             "--target-in-range", "--dice", "manual", stdin="3 4\n")  # fmt: skip
    out = table.ok("unbind", "guardian-of-souls", "--within-30", "--dice", "manual",
                   stdin="3 4\n1\n")  # fmt: skip
    assert "fails to unbind" in out


def test_p9_unbinding_needs_a_wizard_within_30(table: Table) -> None:
    """p.9: only wizards within 30" of the caster may unbind."""
    table.ok("cast", "knight-incantor", "Arcane Bolt", "--target", "chainrasps",
             "--target-in-range", "--dice", "manual", stdin="3 4\n")  # fmt: skip
    table.refused("unbind", "guardian-of-souls", "--no-within-30", "--dice", "manual",
                  stdin="6 6\n")  # fmt: skip


def test_p9_arcane_bolt_does_d3_on_a_casting_roll_of_10(table: Table) -> None:
    """p.9: Arcane Bolt (5): 1 mortal wound, D3 on a casting roll of 10 or more."""
    table.ok("cast", "knight-incantor", "Arcane Bolt", "--target", "grimghast-reapers",
             "--target-in-range", "--dice", "manual", stdin="4 5\n")  # fmt: skip
    table.ok("unbind", "--pass", "--dice", "manual", stdin="1\n")
    assert table.unit("grimghast-reapers")["models"] == 9


def test_p9_mystic_shield_rerolls_save_rolls_of_1(table: Table) -> None:
    """p.9: Mystic Shield (6): the unit rerolls save rolls of 1 until your next hero phase."""
    table.to_phase("hero", turn="Player Two")
    table.ok("cast", "guardian-of-souls", "Mystic Shield", "--target", "chainrasps",
             "--target-in-range", "--dice", "manual", stdin="3 3\n")  # fmt: skip
    table.ok("unbind", "--pass")
    assert "Mystic Shield" in table.unit("chainrasps")["effects"]


def test_p15_lightning_storm_or_healing_storm_not_both(table: Table) -> None:
    """Lord-Relictor: Lightning Storm instead of Healing Storm, one prayer a hero phase."""
    table.ok("ability", "lord-relictor", "Lightning Storm", "--target", "grimghast-reapers",
             "--target-in-range", "--dice", "manual", stdin="2\n")  # fmt: skip
    table.refused("ability", "lord-relictor", "Healing Storm", "--target", "liberators",
                  "--target-in-range", "--dice", "manual", stdin="6\n6\n")  # fmt: skip


def test_p15_lightning_storm_takes_1_from_hit_rolls(table: Table) -> None:
    """p.15 (Lightning Storm): the unit prayed against subtracts 1 from its hit rolls until
    your next hero phase: the Knight of Shrouds hits on 3+ -1 in its own turn."""
    table.ok("ability", "lord-relictor", "Lightning Storm", "--target", "knight-of-shrouds",
             "--target-in-range", "--dice", "manual", stdin="3\n1\n1\n")  # fmt: skip
    table.to_phase("combat", turn="Player Two")
    out = table.run("fight", "knight-of-shrouds", *NIGHTHAUNT_AURAS, "--target", "liberators",
                    "--engaged", "--no-cover", "--dice", "manual",
                    stdin="3 3 2 2\n")  # fmt: skip
    assert "Sword of Stolen Hours: hit rolls (3+ -1)" in out.stderr
    assert "4 attacks, 0 hits" in out.stdout


def test_p9_mystic_shield_rerolls_save_rolls_of_1_in_an_attack(table: Table) -> None:
    """p.9 (Mystic Shield): the unit rerolls save rolls of 1 until your next hero phase:
    Judicators' 1 is rerolled into a 5 and saved (4+ with Rend -1 is 5+)."""
    table.ok("cast", "knight-incantor", "Mystic Shield", "--target", "judicators",
             "--target-in-range", "--dice", "manual", stdin="3 3\n")  # fmt: skip
    table.ok("unbind", "--pass")
    table.to_phase("combat", turn="Player Two")
    out = table.ok("fight", "knight-of-shrouds", *NIGHTHAUNT_AURAS, "--target", "judicators",
                   "--engaged", "--no-cover", "--dice", "manual",
                   stdin="6 6 6 6\n6 6 6 6\n1 5 5 5\n5\n")  # fmt: skip
    assert table.unit("judicators")["models"] == 5, out


def test_p15_an_aura_on_friendly_units_covers_its_own_unit(run_cli: RunCli, tmp_path: Path) -> None:
    """p.15: an ability on friendly units within a range affects its own unit too: Staunch
    Defender's general adds 1 to its own saves, nothing asked: a 3 saves against Rend -1."""
    mine = army_file(tmp_path, "stormcast-demo", {"command_trait": "staunch-defender"})
    game = new_table(run_cli, tmp_path, mine, ARMIES / "nighthaunt-demo.yaml")
    game.to_phase("combat", turn="Player Two")
    out = game.ok("fight", "knight-of-shrouds", *NIGHTHAUNT_AURAS, "--target", "stardrake",
                  "--engaged", "--no-cover", "--dice", "manual",
                  stdin="6 6 6 6\n6 6 6 6\n3 3 3 3\n")  # fmt: skip
    assert game.unit("stardrake")["wounds_suffered"] == 0, out


def test_p15_warding_lantern_save_of_7_heals(table: Table) -> None:
    """p.15 (Warding Lantern): +1 to the unit's saves, and each save roll of 7 or more heals
    a wound on one of its models: the Guardian of Souls' Maddening Cackle (Rend -) against
    Liberators with a wounded model: a 6 saves as 7 and heals it."""
    table.ok("ability", "lord-castellant", "Warding Lantern", "--target", "liberators",
             "--target-in-range")  # fmt: skip
    table.ok("adjust", "liberators", "--wounds", "1", "--reason", "hurt earlier")
    table.to_phase("combat", turn="Player Two")
    out = table.ok("fight", "guardian-of-souls", *NIGHTHAUNT_AURAS, "--target", "liberators", "--engaged",
                   "--no-cover", "--weapon", "maddening-cackle", "--dice", "manual",
                   stdin="6\n6\n6\n")  # fmt: skip
    assert table.unit("liberators")["wounds_suffered"] == 0, out


def test_p15_lord_of_the_celestial_host_rerolls_failed_claw_wounds(table: Table) -> None:
    """p.15 (Lord of the Celestial Host): until your next hero phase, failed wound rolls of
    the Great Claws are rerolled (and the rider's hammer's are not)."""
    table.ok("command", "Lord of the Celestial Host", "--unit", "stardrake")
    table.to_phase("charge")
    table.ok("charge", "stardrake", "--distance", "3.5", "--within-12", "--dice", "manual",
             stdin="3 3\n")  # fmt: skip
    table.to_phase("combat")
    out = table.ok("fight", "stardrake", "--target", "chainrasps", "--no-cover", "--seed", "5",
                   "--answer", "others-within-3=no")  # fmt: skip
    claws = next(line for line in out.splitlines() if "Great Claws: hit" in line)
    hammer = next(line for line in out.splitlines() if "Celestine Hammer: hit" in line)
    assert re.search(r"wound 3\+: [^;]*\d→\d", claws)  # a failed wound roll rerolled
    assert not re.search(r"wound 2\+: [^;]*\d→\d", hammer)


def test_p15_inescapable_vengeance_d3_extra_attacks_after_a_charge(table: Table) -> None:
    """p.15 (Inescapable Vengeance): a Stardrake that charged makes D3 extra attacks with its
    Celestine Hammer: a typed 5 is 3 more (3, +1 Strife-ender, +3: 7)."""
    table.to_phase("charge")
    table.ok("charge", "stardrake", "--distance", "3.5", "--within-12", "--dice", "manual",
             stdin="3 3\n")  # fmt: skip
    table.to_phase("combat")
    out = table.run("fight", "stardrake", "--target", "chainrasps", "--no-cover", "--dice",
                    "manual", "--answer", "others-within-3=no",
                    stdin="5\n1 1 1 1 1 1 1\n1 1 1 1\n")  # fmt: skip
    assert "Roll 7 dice for Lord-Celestant on Stardrake, Celestine Hammer: hit" in out.stderr


def test_p15_no_extra_attacks_without_a_charge(table: Table) -> None:
    """p.15 (Inescapable Vengeance): no charge, no extra attacks: 4 hammer attacks."""
    table.to_phase("combat")
    out = table.run("fight", "stardrake", "--target", "chainrasps", "--no-cover", "--engaged",
                    "--dice", "manual", "--answer", "others-within-3=no",
                    stdin="1 1 1 1\n1 1 1 1\n")  # fmt: skip
    assert "Roll 4 dice for Lord-Celestant on Stardrake, Celestine Hammer: hit" in out.stderr


def test_p15_stormbound_blade_6_to_hit_makes_three_wound_rolls(
    run_cli: RunCli, tmp_path: Path
) -> None:
    """p.15 (Stormbound Blade): a hit roll of 6 makes three wound rolls instead of one."""
    data = yaml.safe_load((ARMIES / "stormcast-demo.yaml").read_text())
    data["army"]["units"][0]["weapons"] = {"stormbound-blade": 1}
    data["army"]["units"][0].pop("artefact")
    mine = tmp_path / "blade.yaml"
    mine.write_text(yaml.safe_dump(data))
    game = new_table(run_cli, tmp_path, mine, ARMIES / "nighthaunt-demo.yaml")
    game.to_phase("combat")
    out = game.run("fight", "stardrake", "--target", "chainrasps", "--no-cover", "--engaged",
                   "--weapon", "stormbound-blade", "--dice", "manual",
                   "--answer", "others-within-3=no",
                   stdin="6 1 1\n1 1 1\n")  # fmt: skip
    assert "Roll 3 dice for Lord-Celestant on Stardrake, Stormbound Blade: wound" in out.stderr


def test_p15_thundershield_rerolled_save_strikes_back(table: Table) -> None:
    """p.15 (Sigmarite Thundershield): save rolls of 1 are rerolled; a rerolled save that
    succeeds gives each enemy unit within 3" a mortal wound."""
    table.to_phase("combat", turn="Player Two")
    out = table.ok("fight", "knight-of-shrouds", *NIGHTHAUNT_AURAS, "--target", "stardrake", "--engaged",
                   "--no-cover", "--answer", "within-3:knight-of-shrouds=yes",
                   "--answer", "others-within-3=no", "--dice", "manual",
                   stdin="6 1 1 1\n6\n1\n6\n1\n")  # fmt: skip
    assert table.unit("stardrake")["wounds_suffered"] == 0, out
    assert table.unit("knight-of-shrouds")["wounds_suffered"] == 1, out


def test_p15_the_damage_table_follows_wounds_suffered(table: Table) -> None:
    """p.15 (damage tables): the row is that of the wounds suffered: 9 on the Stardrake is
    Move 10" and Great Claws 4+."""
    table.ok("adjust", "stardrake", "--wounds", "9", "--reason", "hurt")
    row = table.unit("stardrake")["damage_table_row"]
    assert row["move"] == "10" and row["weapon.great-claws.to_hit"] == "4"


def test_p19_a_new_general_generates_a_command_trait(table: Table) -> None:
    """p.19: a general picked during the battle generates a command trait at once."""
    table.ok("adjust", "stardrake", "--models", "-1", "--reason", "slain", "--slain-by",
             "Player Two")  # fmt: skip
    out = table.ok("general", "lord-castellant", "--dice", "manual", stdin="1\n")
    assert "Shielded by Faith" in out


def test_p19_shielded_by_faith_against_mortal_wounds_of_an_attack(
    run_cli: RunCli, tmp_path: Path
) -> None:
    """p.19 (Shielded by Faith) and p.8: each mortal wound the general suffers is ignored on
    a 5+, mortal wounds caused by an attack too (Spirit Hosts' Frightful Touch)."""
    mine = army_file(tmp_path, "stormcast-demo", {"command_trait": "shielded-by-faith"})
    game = new_table(run_cli, tmp_path, mine, ARMIES / "nighthaunt-demo.yaml")
    game.to_phase("combat", turn="Player Two")
    out = game.run("fight", "spirit-hosts", *NIGHTHAUNT_AURAS, "--target", "stardrake", "--engaged", "--no-cover",
                   "--seed", "11")  # fmt: skip
    assert out.exit_code == 0, out.stderr
    assert "1 mortal" in out.stdout  # Frightful Touch's mortal wound
    assert "Lord-Celestant on Stardrake: ward 5+: 5 → 1 negated" in out.stdout


def test_p19_staunch_defender_adds_1_to_saves(run_cli: RunCli, tmp_path: Path) -> None:
    """p.19 (Staunch Defender): the general and Stormcast units within 6" add 1 to their
    saves if they did not charge: a 4 saves for Liberators (4+) against Rend -1."""
    mine = army_file(tmp_path, "stormcast-demo", {"command_trait": "staunch-defender"})
    game = new_table(run_cli, tmp_path, mine, ARMIES / "nighthaunt-demo.yaml")
    game.to_phase("combat", turn="Player Two")
    out = game.ok("fight", "knight-of-shrouds", *NIGHTHAUNT_AURAS, "--target", "liberators", "--engaged",
                  "--no-cover", "--answer", "in-aura:stardrake:staunch-defender=yes",
                  "--dice", "manual", stdin="6 6 6 6\n6 6 6 6\n4 4 4 4\n")  # fmt: skip
    assert game.unit("liberators")["models"] == 10, out


# ----------------------------------------------------------- more of pp.3-13, one rule each


def test_p3_a_unit_arriving_from_reserve_has_made_its_move(run_cli: RunCli, tmp_path: Path) -> None:
    """p.3 and p.19 (Scions of the Storm): arriving is the unit's move for that phase."""
    game = Table(run_cli, tmp_path)
    game.ok("game", "new", "--battleplan", "first-blood", "--reserve", "liberators")
    game.ok("priority", "--first", "Player One", "--seed", "1")
    game.to_phase("movement")
    assert "arrives" in game.ok("arrive", "liberators", "--dice", "manual", stdin="3\n")
    game.refused("move", "liberators")


def test_p4_round_one_tie_the_player_who_finished_set_up_first_chooses(table: Table) -> None:
    """p.4: a tied roll-off in the first battle round: the player who finished setting up
    first chooses (Player One in `aos game new`)."""
    game = Table(table.run_cli, table.tmp_path / "tie")
    game.tmp_path.mkdir()
    game.db = game.tmp_path / "games.sqlite3"
    game.ok("game", "new", "--battleplan", "first-blood")
    out = game.ok("priority", "--dice", "manual", stdin="3 3\n")
    assert "Player One chooses" in out


def test_p4_inspiring_presence_spares_the_battleshock_test(table: Table) -> None:
    """p.4 (Inspiring Presence): at the start of the battleshock phase, 1 CP: the unit takes
    no battleshock test this phase."""
    table.ok("adjust", "liberators", "--models", "-3", "--reason", "slain", "--slain-by",
             "Player Two")  # fmt: skip
    table.to_phase("battleshock")
    table.ok("command", "Inspiring Presence", "--unit", "liberators", "--in-command-range")
    out = table.ok("battleshock", "--dice", "manual", stdin="")
    assert table.unit("liberators")["models"] == 7, out


def test_p6_battleshock_models_slain_add_to_the_roll(table: Table) -> None:
    """p.6: 14 Chainrasps (Bravery 10, +1 for ten models) that lost 6 roll a 6: 12 is one
    over 11: one flees, and it counts as slain (First Blood's victory points, p.13)."""
    table.ok("adjust", "chainrasps", "--models", "-6", "--reason", "slain", "--slain-by",
             "Player One")  # fmt: skip
    assert table.side("Player One")["victory_points"] == 6
    table.to_phase("battleshock")
    out = table.ok("battleshock", "--dice", "manual", stdin="6\n")
    assert "1 flees" in out
    assert table.unit("chainrasps")["models"] == 13
    assert table.side("Player One")["victory_points"] == 7


def test_p6_look_out_sir_never_shields_a_monster(run_cli: RunCli, tmp_path: Path) -> None:
    """p.6: Look Out, Sir! is not for a Hero that is a Monster: the Stardrake is hit on the
    Skybolt Bows' 3+ even near a unit of 3 or more."""
    data = yaml.safe_load((ARMIES / "stormcast-demo.yaml").read_text())
    data["army"].update(player="Player Two", name="Anvils")
    for unit in data["army"]["units"]:
        unit["id"] = f"foe-{unit['id']}"
    foe = tmp_path / "foe.yaml"
    foe.write_text(yaml.safe_dump(data))
    game = new_table(run_cli, tmp_path, ARMIES / "stormcast-demo.yaml", foe)
    game.to_phase("shooting")
    out = game.run("shoot", "judicators", "--target", "foe-stardrake", "--in-range", "--no-cover",
                   "--look-out-sir", "--weapon", "skybolt-bow", "--dice", "manual",
                   stdin="3 3 3\n")  # fmt: skip
    assert "Skybolt Bow: hit rolls (3+):" in out.stderr
    assert "Roll 3 dice for Judicators, Skybolt Bow: wound rolls" in out.stderr  # 3 hits


def test_p8_no_cover_in_combat_for_a_unit_that_charged_typed(table: Table) -> None:
    """p.8: cover does not help in the combat phase a unit that charged this turn: the
    Liberators charged, so 4s fail against the Knight of Shrouds' Rend -1 (4+ is 5+)."""
    table.to_phase("charge")
    table.ok("charge", "liberators", "--distance", "3.5", "--within-12", "--dice", "manual",
             stdin="5 5\n")  # fmt: skip
    table.to_phase("combat")
    table.ok("fight", "liberators", "--target", "chainrasps", "--no-cover", "--seed", "2")
    out = table.ok("fight", "knight-of-shrouds", *NIGHTHAUNT_AURAS, "--target", "liberators",
                   "--engaged", "--cover", "--dice", "manual",
                   stdin="6 6 6 6\n6 6 6 6\n4 4 4 4\n")  # fmt: skip
    assert table.unit("liberators")["models"] == 6, out


def test_p9_a_wizard_casts_in_its_own_hero_phase_only(table: Table) -> None:
    """p.9: wizards cast in their own hero phase (and unbind in the enemy's)."""
    table.to_phase("hero", turn="Player Two")
    table.refused("cast", "knight-incantor", "Arcane Bolt", "--target", "chainrasps",
                  "--target-in-range", "--dice", "manual", stdin="6 6\n")  # fmt: skip


def test_p9_a_spell_is_unbound_once(table: Table) -> None:
    """p.9: only one attempt may be made to unbind a spell: after a failed one the spell takes
    effect and nothing is left to unbind."""
    table.ok("cast", "knight-incantor", "Arcane Bolt", "--target", "chainrasps",
             "--target-in-range", "--dice", "manual", stdin="3 4\n")  # fmt: skip
    table.ok("unbind", "guardian-of-souls", "--within-30", "--dice", "manual", stdin="1 1\n1\n")
    table.refused("unbind", "spirit-torment", "--within-30", "--dice", "manual", stdin="6 6\n")


def test_p13_first_blood_a_command_point_and_wounds_as_points(table: Table) -> None:
    """p.13 (First Blood): the first to slay an enemy model gains a command point; each side
    scores the Wounds characteristic of the enemy models it slays."""
    table.ok("adjust", "liberators", "--models", "-2", "--reason", "slain", "--slain-by",
             "Player Two")  # fmt: skip
    two = table.side("Player Two")
    assert two["victory_points"] == 4 and two["command_points"] == 1


def test_p19_hammer_of_might_doubles_damage_on_a_wound_roll_of_6(
    run_cli: RunCli, tmp_path: Path
) -> None:
    """p.19 (Hammer of Might): a wound roll of 6 with the weapon does double damage: a D3 of
    3 is 6 wounds; Champion of the Realms adds 1 to its Attacks (4 dice)."""
    mine = army_file(tmp_path, "stormcast-demo", {"command_trait": "champion-of-the-realms"})
    data = yaml.safe_load(mine.read_text())
    data["army"]["units"][0]["artefact"] = "hammer-of-might"
    mine.write_text(yaml.safe_dump(data))
    game = new_table(run_cli, tmp_path, mine, ARMIES / "nighthaunt-demo.yaml")
    game.to_phase("combat")
    out = game.run("fight", "stardrake", "--target", "knight-of-shrouds", "--engaged",
                   "--no-cover", "--weapon", "celestine-hammer", "--dice", "manual",
                   "--answer", "others-within-3=no",
                   stdin="6 1 1 1\n6\n1\n5\n1 1 1 1 1 1\n")  # fmt: skip
    assert "Roll 4 dice for Lord-Celestant on Stardrake, Celestine Hammer: hit" in out.stderr
    assert "Roll 6 dice for Knight of Shrouds: ward rolls" in out.stderr
    assert game.unit("knight-of-shrouds")["models"] == 0, out.stdout
