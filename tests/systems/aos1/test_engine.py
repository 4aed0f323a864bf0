"""Age of Sigmar 1st edition on the shared engine (issue 8): every rule that differs from the
2nd edition has a test naming it (aos1-core.md sections, aos-differences.md rows)."""

from __future__ import annotations

from pathlib import Path

import pytest

from aos_cli.core.effects import AttackRules, RollModifier, TargetInfo
from aos_cli.core.errors import AosError, RuleError
from aos_cli.core.state import GameState
from aos_cli.core.system import get_system
from aos_cli.core.turn import due_battleshock, new_game
from aos_cli.store import Store
from aos_cli.systems.aos1.rules import AOS1, AttackRules1e
from aos_cli.systems.aos1.sudden_death import outnumbered_side
from aos_cli.views.events import note_lines
from tests.systems.harness import GOLDEN, act, play_golden, snapshot, to_phase

IN_RANGE = {"target-in-range": True}
"""The players' answer that a spell's target is within 18" and visible (AoS1 §12)."""

ARMIES = "aos1_armies.yaml"


@pytest.fixture
def game() -> GameState:
    """Round one, hero phase of Stormcast, who finished set-up first and chose to go first."""
    state = new_game(snapshot(ARMIES))
    act(state, "priority", first=0)
    return state


def to_next_turn(state: GameState) -> None:
    """End the turn in progress (taking no battleshock tests is an error if any are due)."""
    to_phase(state, "battleshock")
    if due_battleshock(state):
        raise AssertionError("battleshock tests are due")
    act(state, "next")


# --------------------------------------------------------------------------- turn order


def test_aos1_s6_phases_are_the_six_age_of_sigmar_phases() -> None:
    assert AOS1.phases == ("hero", "movement", "shooting", "charge", "combat", "battleshock")


def test_aos1_s4_round_one_first_turn_is_chosen_without_a_roll() -> None:
    """AoS1 §4 step 6: the player who finished set-up first chooses who goes first in round
    one; no dice are rolled (AoS2 rolls priority in round one too)."""
    state = new_game(snapshot(ARMIES))
    act(state, "priority", [], first=1)  # Stormcast finished first and sends Nighthaunt first
    assert state.round == 1 and state.first_side == 1
    assert "finished setting up first" in " ".join(note_lines(state.notes))


def test_aos1_s6_priority_roll_off_ties_are_rolled_again(game: GameState) -> None:
    """AoS1 §6: from round two both roll, ties rolled again; the higher roller decides (AoS2
    instead gives a tie to the player who went first last round)."""
    to_next_turn(game)
    to_next_turn(game)
    assert game.phase == "priority" and game.round == 1
    act(game, "priority", [4, 4, 2, 2, 1, 5])  # two ties, then Nighthaunt wins and goes first
    assert game.round == 2 and game.first_side == 1
    assert "ties rolled again" in " ".join(note_lines(game.notes))


# --------------------------------------------------------------------------- commands


def test_aos1_s7_2_there_are_no_command_points(game: GameState) -> None:
    """AoS1 §7.2 (aos-differences #55): no command points are gained, so At the Double and
    Forward to Victory cannot be paid for."""
    assert [s.command_points for s in game.sides] == [0, 0]
    to_phase(game, "movement")
    with pytest.raises(RuleError, match="no command points"):
        act(game, "run", unit="liberators", at_the_double=True, answers={"in-command-range": True})


def test_aos1_s7_2_general_uses_one_command_ability_per_hero_phase(game: GameState) -> None:
    """AoS1 §7.2: only the general commands, once in your hero phase, for free."""
    act(game, "command", ability="Inspiring Presence", unit="liberators",
        answers={"within-12-of-general": True})  # fmt: skip
    with pytest.raises(RuleError, match="one command ability"):
        act(game, "ability", unit="lord-celestant", ability="lord-of-the-host")
    with pytest.raises(RuleError, match="only the general"):
        act(game, "ability", unit="knight-incantor", ability="arcane-command")
    to_phase(game, "movement")
    with pytest.raises(RuleError, match="hero phase"):
        act(game, "command", ability="Inspiring Presence", unit="judicators",
            answers={"within-12-of-general": True})  # fmt: skip


def test_aos1_s7_2_inspiring_presence_lasts_until_your_next_hero_phase(game: GameState) -> None:
    """AoS1 §7.2 (aos-differences #58, #80): used in the hero phase, free, on a unit within 12"
    of the general: no battleshock tests until your next hero phase (AoS2: that phase only)."""
    act(game, "command", ability="Inspiring Presence", unit="liberators",
        answers={"within-12-of-general": True})  # fmt: skip
    assert game.sides[0].command_points == 0
    act(game, "adjust", unit="liberators", models=-2)
    to_phase(game, "battleshock")
    assert due_battleshock(game) == []
    act(game, "next")  # Nighthaunt's turn: still spared
    act(game, "adjust", unit="liberators", models=-1)
    to_phase(game, "battleshock")
    assert due_battleshock(game) == []
    act(game, "next")
    act(game, "priority", [6, 1], first=0)  # Stormcast's next hero phase: it ends
    assert not any(e.name == "Inspiring Presence" for e in game.unit("liberators").effects)
    act(game, "adjust", unit="liberators", models=-1)
    to_phase(game, "battleshock")
    assert [u.spec.id for u in due_battleshock(game)] == ["liberators"]


def test_aos1_s7_2_inspiring_presence_needs_the_unit_within_12_of_the_general(
    game: GameState,
) -> None:
    with pytest.raises(RuleError, match='within 12"'):
        act(game, "command", ability="Inspiring Presence", unit="liberators",
            answers={"within-12-of-general": False})  # fmt: skip


# --------------------------------------------------------------------------- magic


def test_aos1_s12_arcane_bolt_d3_after_no_unbind(game: GameState) -> None:
    act(game, "cast", [2, 3], wizard="knight-incantor", spell="Arcane Bolt", target="chainrasps",
        answers=IN_RANGE)  # fmt: skip
    act(game, "unbind", [6], wizard=None)  # the D3 roll: 6 -> 3 mortal wounds
    assert game.unit("chainrasps").models == 12


def test_aos1_s12_mystic_shield_adds_one_to_saves(game: GameState) -> None:
    """AoS1 §12 (#92): +1 to save rolls until your next hero phase (AoS2: reroll 1s)."""
    act(game, "cast", [3, 3], wizard="knight-incantor", spell="Mystic Shield", target="liberators",
        answers=IN_RANGE)  # fmt: skip
    act(game, "unbind", [], wizard=None)
    shield = game.unit("liberators").effects[0]
    assert shield.effects == (RollModifier("save", 1),)
    assert shield.expires == "your_next_hero"


def test_aos1_s12_unbinding_needs_the_wizard_within_18_inches(game: GameState) -> None:
    """AoS1 §12 (#90): unbind within 18" of the caster that it can see (AoS2: 30")."""
    act(game, "cast", [3, 3], wizard="knight-incantor", spell="Mystic Shield")
    with pytest.raises(RuleError, match='within 18"'):
        act(game, "unbind", [], wizard="guardian-of-souls", answers={"within-18": False})
    game = new_game(snapshot(ARMIES))
    act(game, "priority", first=0)
    act(game, "cast", [3, 3], wizard="knight-incantor", spell="Mystic Shield")
    act(game, "unbind", [6, 1], wizard="guardian-of-souls", answers={"within-18": True})
    assert "unbinds Mystic Shield" in " ".join(note_lines(game.notes))


def test_aos1_s12_each_wizard_may_attempt_each_spell_once_per_turn() -> None:
    """AoS1 §12 (#89): the limit is per wizard, so two wizards may each attempt Arcane Bolt in
    one turn (AoS2: each spell once per turn army-wide)."""
    state = new_game(snapshot(ARMIES))
    act(state, "priority", first=1)
    act(state, "cast", [1, 2], wizard="guardian-of-souls", spell="Arcane Bolt",
        target="liberators", answers=IN_RANGE)  # fmt: skip
    act(state, "cast", [1, 2], wizard="spirit-torment", spell="Arcane Bolt",
        target="liberators", answers=IN_RANGE)  # fmt: skip
    with pytest.raises(RuleError, match="once per turn by each wizard"):
        state.used_this_phase.clear()
        act(
            state, "cast", [1, 2], wizard="spirit-torment", spell="Arcane Bolt",
            target="liberators", answers=IN_RANGE,
        )  # fmt: skip


# --------------------------------------------------------------------------- attacks


def test_aos1_s11_3_no_unmodified_roll_rules() -> None:
    """AoS1 §11.3 (aos-differences #9-#11): no unmodified 6 that always hits or wounds and no
    unmodified 1 that always fails; the modified roll decides."""
    rules = AOS1.attack_rules(AttackRules(hit_mod=-1, wound_mod=1, save_mod=1))
    assert isinstance(rules, AttackRules1e)
    assert not rules.hit_succeeds(6, 6)  # 6 - 1 = 5 misses a 6+ (AoS2: a 6 always hits)
    assert rules.wound_succeeds(1, 2)  # 1 + 1 = 2 wounds on a 2+ (AoS2: a 1 always fails)
    assert rules.save_succeeds(1, 0, TargetInfo(2))  # 1 + 1 saves on a 2+ (AoS2: fails)
    aos2 = get_system("aos2").attack_rules(AttackRules(hit_mod=-1))
    assert aos2.hit_succeeds(6, 6)


def test_aos1_s11_7_cover_has_no_monster_exception() -> None:
    """AoS1 §11.7 (#88): every unit wholly in or on terrain gets cover (AoS2 §14.9: not a
    Monster or War Machine with Wounds 8+)."""
    assert not AOS1.cover_for_monsters() and get_system("aos2").cover_for_monsters()


def test_aos1_s9_no_shooting_restriction_when_engaged_and_no_look_out_sir(game: GameState) -> None:
    """AoS1 §9 (#69, #70): the 1st edition asks neither question (AoS2 asks both)."""
    to_phase(game, "shooting")
    act(game, "shoot", [1] * 5, unit="judicators", target="guardian-of-souls",
        answers={"cover": False})  # fmt: skip
    assert "Look Out" not in " ".join(note_lines(game.notes))


# --------------------------------------------------------------------------- scenery


def test_aos1_s3_4_deadly_slays_models_that_run_across_it() -> None:
    """AoS1 §3.4 (#25): a D6 per model making a run or charge move across it, each 1 slays the
    model; a normal move is safe (AoS2: a unit ending a normal or charge move takes D3 MW)."""
    state = new_game(snapshot(ARMIES, terrain=[{"name": "Bone Pit", "rule": "deadly"}]))
    act(state, "priority", first=0)
    to_phase(state, "movement")
    act(state, "move", unit="judicators")
    assert state.unit("judicators").models == 5
    act(state, "run", [3, 1, 4, 1], unit="liberators", answers={"deadly-models:liberators": 3})
    assert state.unit("liberators").models == 3


def test_aos1_s3_4_arcane_reaches_3_inches() -> None:
    """AoS1 §3.4 (#21, #23): scenery ranges are 3" (AoS2: 1")."""
    state = new_game(snapshot(ARMIES, terrain=[{"name": "Stones", "rule": "arcane"}]))
    act(state, "priority", first=0)
    act(state, "cast", [2, 2], wizard="knight-incantor", spell="Arcane Bolt", target="chainrasps",
        answers={"arcane": True, **IN_RANGE})  # fmt: skip
    assert "casts Arcane Bolt with 5" in " ".join(note_lines(state.notes))


def test_aos1_s3_4_hero_phase_reminds_of_damned_mystical_sinister() -> None:
    state = new_game(snapshot(ARMIES, terrain=[{"name": "Altar", "rule": "sinister"}]))
    act(state, "priority", first=0)
    assert any("Sinister" in n and "AoS1 §3.4" in n for n in note_lines(state.notes))


# --------------------------------------------------------------------------- victory


def test_aos1_s5_2_outnumbered_by_a_third() -> None:
    """AoS1 §5.2: 17 against 12 is a third more (ceil(12 x 4/3) = 16); 15 against 12 is not."""
    assert outnumbered_side(new_game(snapshot(ARMIES))) == 0
    setup = snapshot(ARMIES)
    setup["sides"][1]["units"][0]["models"] = 13
    assert outnumbered_side(new_game(setup)) is None


def test_aos1_s5_2_sudden_death_assassinate_is_an_immediate_major_victory() -> None:
    state = new_game(snapshot(ARMIES))
    with pytest.raises(RuleError, match="not outnumbered"):
        act(state, "sudden-death", side="Nighthaunt", objective="endure")
    with pytest.raises(RuleError, match="HERO, WIZARD"):
        act(state, "sudden-death", side="Stormcast", objective="assassinate", unit="chainrasps")
    act(state, "sudden-death", side="Stormcast", objective="assassinate", unit="spirit-torment")
    act(state, "priority", first=0)
    act(state, "adjust", unit="spirit-torment", wounds=5)
    assert state.ended and state.result is not None
    assert state.result["winner"] == "Stormcast" and state.result["kind"] == "major"
    assert "Sudden Death: Assassinate" in state.result["rule"]


def test_aos1_s5_2_blunt_needs_five_models_and_seize_ground_is_asked_after_round_4() -> None:
    state = new_game(snapshot(ARMIES))
    with pytest.raises(RuleError, match="five or more"):
        act(state, "sudden-death", side="Stormcast", objective="blunt", unit="guardian-of-souls")
    act(state, "sudden-death", side="Stormcast", objective="seize-ground", feature="Old Tower")
    act(state, "priority", first=0)
    for round_number in range(1, 5):
        to_next_turn(state)
        to_phase(state, "battleshock")
        answers = {"seize-ground": True} if round_number == 4 else {}
        act(state, "next", answers=answers)
        if round_number < 4:
            assert not state.ended
            act(state, "priority", [6, 1], first=0)
    assert state.ended and state.result is not None
    assert "Seize Ground" in state.result["rule"] and state.round == 4


def test_aos1_s5_3_triumphs_come_after_sudden_death_and_empowered_adds_a_wound() -> None:
    """AoS1 §5.3 (#49, #50): rolled after Sudden Death objectives are chosen; 5-6 Empowered
    adds 1 to the general's Wounds (the 2e table has Inspired, Bloodthirsty, Indomitable)."""
    state = new_game(snapshot(ARMIES))
    act(state, "triumph", [5], side="Nighthaunt")
    assert state.unit("guardian-of-souls").spec.wounds == 6
    with pytest.raises(RuleError, match="before Triumphs"):
        act(state, "sudden-death", side="Stormcast", objective="endure")
    with pytest.raises(AosError):
        act(state, "triumph", [1], side="Nighthaunt")


def test_aos1_golden_games_play_to_their_end(tmp_path: Path) -> None:
    """Scripted 1st edition games played through the store with its own rules, then replayed."""
    files = sorted(GOLDEN.glob("aos1_game_*.yaml"))
    assert files
    for path in files:
        with Store(tmp_path / f"{path.stem}.sqlite3") as store:
            state, doc = play_golden(path, store)
        expect = doc["expect"]
        assert state.ended and state.round == expect["ended_in_round"]
        assert state.result is not None
        for key, value in expect["result"].items():
            assert state.result[key] == value, (key, state.result)
        for unit, models in expect.get("models", {}).items():
            assert state.unit(unit).models == models, unit
