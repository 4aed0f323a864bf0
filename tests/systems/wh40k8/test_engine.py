"""Warhammer 40,000 8th edition on the shared engine (issue 8): each rule that differs from Age
of Sigmar 2nd edition has a test naming it (40k8-core.md sections)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from aos_cli.core.errors import AosError, RuleError
from aos_cli.core.state import GameState
from aos_cli.core.system import get_system
from aos_cli.core.turn import due_battleshock, new_game
from aos_cli.store import Store
from aos_cli.views.events import note_lines
from tests.systems.harness import GOLDEN, act, play_golden, snapshot, to_phase

ARMIES = "wh40k8_armies.yaml"
DG, SM = 0, 1


def armies() -> dict[str, Any]:
    """The test armies on Only War: Domination before any marker is placed (these tests are
    about the turn and the attacks; scoring has its own in tests/core/test_scoring.py)."""
    setup = snapshot(ARMIES)
    setup["battleplan_rules"] = {**setup["battleplan_rules"], "objectives": []}
    return setup


@pytest.fixture
def game() -> GameState:
    """Round one: the Underdog (Space Marines) sent the Death Guard first; Movement phase."""
    state = new_game(armies())
    act(state, "priority", [], first=DG)
    return state


def sm_turn(state: GameState) -> None:
    """On to the Space Marines' turn (nothing due in the Death Guard's morale phase)."""
    to_phase(state, "morale")
    assert not due_battleshock(state)
    act(state, "next")
    assert state.active_side == SM


# --------------------------------------------------------------------------- turn (§3, §17.7)


def test_40k8_s3_six_phases_starting_with_movement(game: GameState) -> None:
    assert get_system("wh40k8").phases == (
        "movement", "psychic", "shooting", "charge", "fight", "morale",
    )  # fmt: skip
    assert game.phase == "movement" and game.round == 1


def test_40k8_s17_7_underdog_chooses_and_the_same_player_goes_first_every_round(
    game: GameState,
) -> None:
    """40k8 §17.7, §3: the Underdog decides (no roll-off), and that first player keeps the
    first turn in every battle round (AoS2 rolls priority each round)."""
    assert "Underdog" in " ".join(note_lines(game.notes))
    sm_turn(game)
    to_phase(game, "morale")
    act(game, "next")
    assert game.round == 2 and game.first_side == DG and game.phase == "movement"
    with pytest.raises(RuleError):
        act(game, "priority", [6, 1])


def test_40k8_s17_6_no_command_points_but_underdog_command_rerolls(game: GameState) -> None:
    """40k8 §17.6: no command points; the Underdog re-rolls single dice, one per Re-roll."""
    assert [s.command_points for s in game.sides] == [0, 0]
    assert [s.command_rerolls for s in game.sides] == [0, 2]
    with pytest.raises(RuleError, match="no command abilities"):
        act(game, "command", ability="Inspiring Presence", unit="plague-marines")
    sm_turn(game)
    act(game, "advance", [1, 5], unit="tactical-squad", command_reroll=True)
    assert game.sides[SM].command_rerolls == 1
    assert '+5"' in " ".join(note_lines(game.notes))


# --------------------------------------------------------------------------- movement (§4)


def test_40k8_s4_6_advance_adds_d6_then_no_charge_and_assault_weapons_only(
    game: GameState,
) -> None:
    act(game, "advance", [4], unit="plague-marines")
    assert game.unit("plague-marines").advanced
    to_phase(game, "shooting")
    with pytest.raises(RuleError, match="cannot shoot"):
        act(game, "shoot", unit="plague-marines", target="tactical-squad",
            answers={"engaged": False})  # fmt: skip
    to_phase(game, "charge")
    with pytest.raises(RuleError, match="Advanced this turn"):
        act(game, "charge", unit="plague-marines", target="tactical-squad")


def test_40k8_s15_cataphractii_armour_halves_the_advance_dice(game: GameState) -> None:
    act(game, "advance", [5], unit="lord-of-contagion")
    assert 'rolled 5, halved: +3"' in " ".join(
        note_lines(game.notes)
    )  # the die shown (issue 27 item 10)


def test_40k8_s4_5_fall_back_then_no_shooting_or_charging(game: GameState) -> None:
    with pytest.raises(RuleError, match="Falls Back"):
        act(game, "move", unit="plague-marines", answers={"engaged": True})
    act(game, "fall-back", unit="plague-marines")
    to_phase(game, "shooting")
    with pytest.raises(RuleError, match="Fell Back"):
        act(game, "shoot", unit="plague-marines", target="tactical-squad",
            answers={"engaged": False, "half-range": False, "cover": False})  # fmt: skip
    to_phase(game, "charge")
    with pytest.raises(RuleError, match="Fell Back"):
        act(game, "charge", unit="plague-marines", target="tactical-squad")


# --------------------------------------------------------------------------- psychic (§5)


def test_40k8_s5_3_smite_d3_mortal_wounds_after_no_deny(game: GameState) -> None:
    to_phase(game, "psychic")
    act(game, "cast", [3, 3], wizard="plaguecaster", spell="Smite", target="tactical-squad")
    assert game.pending_spell is not None  # the Librarian may Deny the Witch
    act(game, "unbind", [4], wizard=None, answers={"closest-visible": True})
    assert game.unit("tactical-squad").models == 3  # D3 = 2 mortal wounds, carried over


def test_40k8_s5_3_smite_d6_mortal_wounds_on_a_test_above_10(game: GameState) -> None:
    to_phase(game, "psychic")
    act(game, "cast", [5, 6], wizard="plaguecaster", spell="Smite", target="tactical-squad")
    act(game, "deny", [5], wizard=None, answers={"closest-visible": True})
    assert game.unit("tactical-squad").models == 0  # D6 = 5 mortal wounds


def test_40k8_s5_4_perils_of_the_warp_on_a_double_one_or_six(game: GameState) -> None:
    """40k8 §5.4: a double 1 or double 6 inflicts D3 mortal wounds on the psyker; its
    Disgustingly Resilient (a 5+ roll for each wound lost) works against them too."""
    to_phase(game, "psychic")
    # D3 = 2 mortal wounds; Disgustingly Resilient rolls 1 and 5: one is ignored.
    act(game, "cast", [6, 6, 3, 1, 5], wizard="plaguecaster", spell="Smite",
        target="tactical-squad")  # fmt: skip
    assert "Perils of the Warp" in " ".join(note_lines(game.notes))
    assert game.unit("plaguecaster").wounds_on_damaged == 1
    assert game.pending_spell is not None  # a 12 still manifests while the psyker lives


def test_40k8_s5_4_each_power_once_per_psyker_per_turn(game: GameState) -> None:
    sm_turn(game)
    to_phase(game, "psychic")
    act(game, "cast", [1, 2], wizard="librarian", spell="Smite", target="plague-marines")
    with pytest.raises(RuleError, match="already attempted Smite"):
        act(game, "cast", [3, 4], wizard="librarian", spell="Smite", target="plague-marines")


def test_40k8_s5_5_deny_the_witch_within_24_must_beat_the_test(game: GameState) -> None:
    to_phase(game, "psychic")
    act(game, "cast", [3, 4], wizard="plaguecaster", spell="Smite", target="tactical-squad")
    with pytest.raises(RuleError, match='within 24"'):
        act(game, "deny", [], wizard="librarian", answers={"within-24": False})
    act(game, "deny", [3, 4, 2], wizard="librarian",
        answers={"within-24": True, "closest-visible": True})  # fmt: skip
    assert "fails to deny (7)" in " ".join(note_lines(game.notes))  # 7 does not beat 7
    state = new_game(armies())
    act(state, "priority", first=DG)
    to_phase(state, "psychic")
    act(state, "cast", [3, 4], wizard="plaguecaster", spell="Smite", target="tactical-squad")
    act(state, "deny", [4, 4], wizard="librarian", answers={"within-24": True})
    assert state.unit("tactical-squad").models == 5


def test_40k8_s5_5_deny_the_witch_asks_range_but_not_sight(game: GameState) -> None:
    """40k8 §5.5: a psyker within 24" of the manifesting psyker may deny, seen or not; the
    shared unbinding rule asks it in 40k's words (AoS1 §12 would ask for sight too)."""
    to_phase(game, "psychic")
    act(game, "cast", [3, 4], wizard="plaguecaster", spell="Smite", target="tactical-squad")
    with pytest.raises(RuleError) as asked:
        act(game, "deny", [], wizard="librarian")
    assert str(asked.value).startswith('the tool needs to know: is Librarian within 24" of ')
    assert "see" not in str(asked.value)


# --------------------------------------------------------------------------- shooting (§6-§8)


def test_40k8_s6_6_characters_are_shot_only_as_the_closest_visible_enemy(
    game: GameState,
) -> None:
    to_phase(game, "shooting")
    with pytest.raises(RuleError, match="CHARACTER"):
        act(game, "shoot", unit="plague-marines", target="librarian",
            answers={"engaged": False, "closest-visible": False})  # fmt: skip


def shoot_ten_boltguns(game: GameState) -> None:
    """Five boltguns at half range into the Tactical Squad: ten 3s hit, four 4s wound, two of
    the saves (1, 2, 3, 6) fail."""
    to_phase(game, "shooting")
    hits = [3] * 10
    wounds = [4] * 4 + [3] * 6
    saves = [1, 2, 3, 6]
    act(game, "shoot", hits + wounds + saves, unit="plague-marines", target="tactical-squad",
        answers={"engaged": False, "half-range": True, "cover": False})  # fmt: skip


def test_40k8_s7_4_rapid_fire_doubles_within_half_range_and_s8_2_wound_chart(
    game: GameState,
) -> None:
    """Five boltguns at half range make 10 shots (§7.4); S4 against T4 wounds on 4+ (§8.2)."""
    shoot_ten_boltguns(game)
    assert game.unit("tactical-squad").models == 3


def test_40k8_s8_luck_report_logs_the_exact_mean_damage_not_the_roll(game: GameState) -> None:
    """Issue 12 item 19 (40k8 §8): the luck report compares the damage rolled with the exact
    mean of that attack, as Age of Sigmar does: 10 boltgun shots, 3+ to hit, S4 v T4 4+ to
    wound, against a 3+ save: 10 × 4/6 × 3/6 × 2/6 = 10/9 expected; 2 rolled."""
    shoot_ten_boltguns(game)
    entry = game.attack_log[-1]
    assert entry["damage"] == 2
    # issue 27 item 10: the wounds the five Marines can lose, min(X, 5) for X ~ B(10, 1/9)
    from math import comb

    p = 1 / 9
    lost = sum(min(k, 5) * comb(10, k) * p**k * (1 - p) ** (10 - k) for k in range(11))
    assert entry["expected"] == pytest.approx(lost, abs=1e-12) and lost < 10 / 9


def test_40k8_s8_7_cover_only_against_shooting_and_never_for_invulnerable_saves() -> None:
    from aos_cli.systems.wh40k8.engine import SaveSetup

    assert SaveSetup(3, -3 + 1, 4, 0).uses_invulnerable  # 3+ AP-3 in cover: 5+; the 4+ is better


# --------------------------------------------------------------------------- charge and fight


def test_40k8_s9_3_overwatch_hits_only_on_sixes(game: GameState) -> None:
    """The charged unit fires Overwatch: one 6 among five shots hits (BS 3+ does not matter);
    S4 against T5 wounds on 5+; the save fails; Disgustingly Resilient's 5+ fails too."""
    to_phase(game, "charge")
    overwatch = [6, 5, 5, 5, 5, 5, 1, 1]  # hits, wound, save, 5+ roll
    act(game, "charge", [*overwatch, 6, 6], unit="plague-marines", target="tactical-squad",
        answers={"engaged": False, "within-12": True, "overwatch:tactical-squad": True,
                 "half-range:tactical-squad": False, "overwatch-cover": False,
                 "distance": 6})  # fmt: skip
    assert game.unit("plague-marines").models == 4
    assert game.unit("plague-marines").charged


def test_40k8_s9_5_heroic_intervention_by_the_enemys_characters(game: GameState) -> None:
    to_phase(game, "charge")
    with pytest.raises(RuleError, match="opponent's Charge phase"):
        act(game, "intervene", unit="lord-of-contagion", answers={"within-3": True})
    with pytest.raises(RuleError, match="not a CHARACTER"):
        act(game, "intervene", unit="tactical-squad", answers={"within-3": True})
    act(game, "intervene", unit="librarian", answers={"within-3": True})
    assert game.unit("librarian").intervened


def charge_with_lord(state: GameState) -> None:
    to_phase(state, "charge")
    act(state, "charge", [4, 4], unit="lord-of-contagion", target="tactical-squad",
        answers={"engaged": False, "within-12": True, "overwatch:tactical-squad": False,
                 "distance": 5})  # fmt: skip
    to_phase(state, "fight")


def test_40k8_s10_2_chargers_fight_first_then_the_players_alternate(game: GameState) -> None:
    charge_with_lord(game)
    with pytest.raises(RuleError, match="charged fight first"):
        act(game, "fight", unit="tactical-squad", target="lord-of-contagion",
            answers={"engaged": True})  # fmt: skip
    act(game, "fight", [2, 2, 2, 2, 1, 1, 1, 1], unit="lord-of-contagion",
        target="tactical-squad")  # fmt: skip
    # after the chargers the player whose turn it is picks, but the Death Guard have no other
    # unit in combat: the Space Marines fight on (40k8 §10.2)
    assert game.combat_to_pick == SM


def test_40k8_s8_5_excess_damage_from_an_attack_is_lost(game: GameState) -> None:
    """Damage 3 against Wounds 1: each unsaved wound slays one model (AoS2 would carry 12
    damage over and slay all five); a 4+ invulnerable save is not the Marines' (AP -3)."""
    charge_with_lord(game)
    act(game, "fight", [2, 2, 2, 2, 3, 3, 3, 3, 1, 1, 1, 1], unit="lord-of-contagion",
        target="tactical-squad")  # fmt: skip
    assert game.unit("tactical-squad").models == 1


def test_40k8_s10_4_chargers_attack_only_the_units_they_charged(game: GameState) -> None:
    charge_with_lord(game)
    with pytest.raises(RuleError, match="only units it charged"):
        act(game, "fight", unit="lord-of-contagion", target="librarian")


def test_40k8_s11_morale_against_leadership_without_a_bonus_for_size(game: GameState) -> None:
    """40k8 §11: D6 + slain against the highest Ld, one flees per point over."""
    act(game, "adjust", unit="tactical-squad", models=-3)
    to_phase(game, "morale")
    act(game, "morale", [6])  # 6 + 3 = 9 against Ld 7: 2 flee
    assert game.unit("tactical-squad").models == 0


def test_40k8_s11_underdog_may_reroll_a_morale_die(game: GameState) -> None:
    act(game, "adjust", unit="tactical-squad", models=-1)
    to_phase(game, "morale")
    act(game, "morale", [6, 2], command_reroll="tactical-squad")
    assert game.unit("tactical-squad").models == 4 and game.sides[SM].command_rerolls == 1


# --------------------------------------------------------------------------- transports (§12)


def test_40k8_s12_embark_disembark_and_a_destroyed_transport() -> None:
    state = new_game(armies())
    act(state, "priority", first=SM)
    act(state, "embark", unit="tactical-squad", transport="rhino",
        answers={"within-3-of-transport": True})  # fmt: skip
    assert not state.unit("tactical-squad").on_battlefield
    with pytest.raises(RuleError, match="embarked this turn"):
        act(state, "disembark", unit="tactical-squad", answers={"unplaced:tactical-squad": 0})
    to_phase(state, "morale")
    act(state, "next")  # the Death Guard's turn: the Rhino is wrecked
    act(state, "adjust", unit="rhino", wounds=10)
    assert state.unit("tactical-squad").must_disembark
    with pytest.raises(AosError, match="must disembark"):
        act(state, "next")
    act(state, "disembark", [1, 1, 3, 4, 5], unit="tactical-squad",
        answers={"unplaced:tactical-squad": 0})  # fmt: skip
    assert state.unit("tactical-squad").models == 3 and state.unit("tactical-squad").on_battlefield


def test_40k8_s12_2_transport_capacity_is_never_exceeded() -> None:
    setup = armies()
    rhino = next(u for u in setup["sides"][SM]["units"] if u["id"] == "rhino")
    rhino["transport_capacity"] = 5
    state = new_game(setup)
    act(state, "priority", first=SM)
    act(state, "embark", unit="tactical-squad", transport="rhino",
        answers={"within-3-of-transport": True})  # fmt: skip
    with pytest.raises(RuleError, match="room for 0 more"):
        act(state, "embark", unit="librarian", transport="rhino",
            answers={"within-3-of-transport": True})  # fmt: skip


def test_40k8_s12_disembark_before_the_transport_moves() -> None:
    state = new_game(armies())
    act(state, "priority", first=SM)
    act(state, "embark", unit="tactical-squad", transport="rhino",
        answers={"within-3-of-transport": True})  # fmt: skip
    to_phase(state, "morale")
    act(state, "next")
    to_phase(state, "morale")
    act(state, "next")  # round two, the Space Marines again
    act(state, "move", unit="rhino", answers={"engaged": False})
    with pytest.raises(RuleError, match="before it moves"):
        act(state, "disembark", unit="tactical-squad", answers={"unplaced:tactical-squad": 0})


def test_wh40k8_golden_games_play_to_their_end(tmp_path: Path) -> None:
    """Scripted 40k games played through the store with their own rules, then replayed."""
    files = sorted(GOLDEN.glob("wh40k8_game_*.yaml"))
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


# --------------------------------------------------------------------------- abilities (§15)

NEAR = {"within-1:librarian": True, "within-1:tactical-squad": True, "within-1:rhino": False}
"""The Librarian and the Tactical Squad within 1" of Death Guard models near the Lord."""


def gift_offered(state: GameState) -> bool:
    from aos_cli.systems.wh40k8.menu import turn_menu

    return any(o.label == "Lord of Contagion: Nurgle's Gift (start of your turn)" for o in
               turn_menu(state))  # fmt: skip


def test_40k8_s15_nurgles_gift_rolls_for_each_enemy_unit_near_death_guard(
    game: GameState,
) -> None:
    """40k8 §15 Nurgle's Gift: at the start of your turn a D6 for each enemy unit within 1" of a
    DEATH GUARD model within 7" of the Lord of Contagion; on a 4+ it suffers a mortal wound.
    The play menu offers it once a turn; a unit out of reach is not rolled for."""
    assert gift_offered(game)
    act(game, "ability", [3, 4], unit="lord-of-contagion", ability="nurgles-gift", answers=NEAR)
    assert game.unit("tactical-squad").models == 4  # its 4: one mortal wound, a 1-Wound model
    assert game.unit("librarian").wounds_on_damaged == 0  # its 3 does nothing
    assert game.unit("rhino").wounds_on_damaged == 0  # not within 1": no die
    assert not gift_offered(game)
    with pytest.raises(RuleError, match="already"):
        act(game, "ability", unit="lord-of-contagion", ability="nurgles-gift", answers=NEAR)


def test_40k8_s15_nurgles_gift_only_at_the_start_of_your_turn(game: GameState) -> None:
    """40k8 §15: "at the start of your turn": not once a unit has moved, not in the enemy's
    turn."""
    act(game, "move", unit="plague-marines", answers={"engaged": False})
    assert not gift_offered(game)
    with pytest.raises(RuleError, match="start of your turn"):
        act(game, "ability", unit="lord-of-contagion", ability="nurgles-gift", answers=NEAR)
    sm_turn(game)
    assert not gift_offered(game)
    with pytest.raises(RuleError):
        act(game, "ability", unit="lord-of-contagion", ability="nurgles-gift", answers=NEAR)


def test_40k8_s17_9_destroying_every_enemy_wins_at_once_not_by_victory_points(
    game: GameState,
) -> None:
    """40k8 §17.9: an army that has destroyed all its enemies wins at once, whatever the victory
    points; the result names no margin of points (it was reported as "wins by 6 VP")."""
    from aos_cli.core.scoring import decide, describe

    game.sides[DG].victory_points = 6
    for unit in game.sides[SM].units:
        unit.models = 0
    result = decide(game, final=False)
    assert (result["winner"], result["kind"], result["margin"]) == ("Death Guard", "win", 0)
    line = str(describe(result))
    assert line.startswith("Death Guard wins (") and "VP" not in line
