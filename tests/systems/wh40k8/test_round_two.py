"""Warhammer 40,000 8th edition, round two (issue 27): the rules the first round left to the
players, each test citing its section of 40k8-core.md (seed 001)."""

from __future__ import annotations

from pathlib import Path

import pytest

from aos_cli.core.errors import RuleError
from aos_cli.core.state import GameState
from aos_cli.core.turn import new_game
from aos_cli.systems.wh40k8.menu import turn_menu
from aos_cli.views.events import note_lines
from tests.conftest import RunCli
from tests.systems.harness import act, to_phase
from tests.systems.wh40k8.test_engine import DG, SM, armies

CHARGE = {"engaged": False, "within-12": True, "overwatch:tactical-squad": False, "distance": 5}


@pytest.fixture
def locked() -> GameState:
    """Round one: the Lord of Contagion has charged the Tactical Squad (8 rolled, 4 needed)."""
    state = new_game(armies())
    act(state, "priority", [], first=DG)
    to_phase(state, "charge")
    act(state, "charge", [4, 4], unit="lord-of-contagion", target="tactical-squad",
        answers=CHARGE)  # fmt: skip
    assert state.unit("lord-of-contagion").charged
    return state


def to_space_marines(state: GameState, phase: str) -> None:
    """On through the Death Guard's fight (nobody fights) to the Space Marines' `phase`."""
    to_phase(state, "morale")
    act(state, "next")
    assert state.active_side == SM
    to_phase(state, phase)


def test_40k8_s6_3_no_shooting_at_an_enemy_within_1_inch_of_friendly_models(
    locked: GameState,
) -> None:
    """40k8 §6.3: the Lord charged the Tactical Squad, so the Space Marines' Rhino may not shoot
    it (the game knows, it does not ask)."""
    to_space_marines(locked, "shooting")
    with pytest.raises(RuleError, match=r"40k8 §6\.3"):
        act(locked, "shoot", unit="rhino", target="lord-of-contagion",
            answers={"engaged": False, "half-range": False, "cover": False,
                     "closest-visible": True})  # fmt: skip


def test_40k8_s6_3_asks_when_the_game_cannot_know(locked: GameState) -> None:
    to_space_marines(locked, "shooting")
    with pytest.raises(RuleError, match=r"40k8 §6\.3"):
        act(locked, "shoot", unit="rhino", target="plague-marines",
            answers={"engaged": False, "target-engaged": True})  # fmt: skip


def test_40k8_s7_6_a_pistol_from_within_1_inch_fires_at_the_closest_enemy(
    locked: GameState,
) -> None:
    """40k8 §7.6: the Tactical Squad, within 1" of the Lord, fires its Bolt pistols at the
    Lord (the closest: the one enemy it is locked with), never at the Plague Marines."""
    to_space_marines(locked, "shooting")
    with pytest.raises(RuleError, match=r"closest enemy unit.*40k8 §7\.6"):
        act(locked, "shoot", unit="tactical-squad", target="plague-marines",
            answers={"closest-enemy": False, "half-range": False, "cover": False})  # fmt: skip
    # five pistols at the Lord: 3+ to hit, S4 v T5 needs 5s, saved on 2+
    act(locked, "shoot", [1, 1, 1, 1, 1], unit="tactical-squad", target="lord-of-contagion",
        answers={"cover": False, "closest-visible": True})  # fmt: skip
    assert locked.unit("tactical-squad").shot


def test_40k8_s9_3_no_overwatch_with_enemy_models_within_1_inch(locked: GameState) -> None:
    """40k8 §9.3: the Tactical Squad is locked with the Lord and cannot fire Overwatch at the
    Plague Marines charging it too, whatever the player answers; only the charge is rolled."""
    act(locked, "charge", [3, 3], unit="plague-marines", target="tactical-squad",
        answers={**CHARGE, "overwatch:tactical-squad": True})  # fmt: skip
    assert "cannot fire Overwatch" in " ".join(note_lines(locked.notes))
    assert locked.unit("plague-marines").charged


def test_40k8_s10_2_the_other_player_fights_on_when_one_has_no_eligible_unit(
    locked: GameState,
) -> None:
    """40k8 §10.2: after the Lord (the only Death Guard unit in combat) has fought, the Space
    Marines fight on with the Tactical Squad; then the fighting is over: no pass is offered and
    no one is asked whether every unit has fought."""
    to_phase(locked, "fight")
    act(locked, "fight", [1, 1, 1, 1], unit="lord-of-contagion", target="tactical-squad")
    assert locked.combat_to_pick == SM
    kinds = [(o.kind, o.payload.get("unit")) for o in turn_menu(locked)]
    assert ("fight", "tactical-squad") in kinds and all(k != "pass" for k, _ in kinds)
    act(locked, "fight", [1] * 5, unit="tactical-squad", target="lord-of-contagion")
    assert not [o for o in turn_menu(locked) if o.kind in ("fight", "pass")]


def test_40k8_s4_5_fall_back_only_from_within_1_inch(locked: GameState) -> None:
    """40k8 §4.5: a unit within 1" of the enemy stays or Falls Back; the others move. The menu
    offers Fall Back to the Tactical Squad only, and move no more; Falling Back ends the lock."""
    to_space_marines(locked, "movement")
    options = {(o.kind, o.payload.get("unit")) for o in turn_menu(locked)}
    assert ("fall-back", "tactical-squad") in options
    assert ("move", "tactical-squad") not in options
    assert ("fall-back", "librarian") not in options
    with pytest.raises(RuleError, match=r"not within 1\".*40k8 §4\.5"):
        act(locked, "fall-back", unit="librarian", answers={"engaged": False})
    with pytest.raises(RuleError, match="Falls Back"):
        act(locked, "move", unit="tactical-squad", answers={"engaged": False})
    act(locked, "fall-back", unit="tactical-squad")
    assert not locked.unit("lord-of-contagion").locked_with


# --------------------------------------------------------------------------- 40k words (item 10)


def test_40k8_s16_the_general_is_the_warlord_and_wards_are_rolls_to_ignore_wounds(
    locked: GameState,
) -> None:
    """40k8 §16 names the Warlord; Disgustingly Resilient (§15) is a roll to ignore a wound,
    not an AoS ward; the status flags and notes say so."""
    from aos_cli.views.game import unit_flags

    assert "Warlord" in unit_flags(locked.unit("lord-of-contagion"), locked, shown=True)
    to_space_marines(locked, "psychic")
    act(locked, "cast", [3, 4], wizard="librarian", spell="Smite", target="plague-marines",
        answers={"closest-visible": True})  # fmt: skip
    act(locked, "deny", [3, 5, 1], wizard=None)  # D3 of 3: 2 mortal wounds; rolls 5 and 1
    notes = " ".join(note_lines(locked.notes))
    assert "rolls to ignore wounds 5 1 (5+) ignore 1." in notes and "ward" not in notes


def test_40k8_s5_4_the_psychic_test_and_advance_show_their_dice() -> None:
    """40k8 §5.4, §4.6: the notes show the dice behind a Psychic test and an Advance."""
    state = new_game(armies())
    act(state, "priority", [], first=DG)
    act(state, "advance", [4], unit="plague-marines")
    assert 'rolled 4: +4"' in " ".join(note_lines(state.notes))
    to_phase(state, "psychic")
    act(state, "cast", [3, 4], wizard="plaguecaster", spell="Smite", target="tactical-squad")
    assert "manifests Smite with 7 (3+4) against 5." in " ".join(note_lines(state.notes))


def test_40k8_s5_5_deny_the_witch_flag_is_24_inches(run_cli: RunCli) -> None:
    """40k8 §5.5: `aos deny` answers its range with --within-24 (Deny is 24", not AoS's 30")."""
    shown = run_cli("deny", "--help").stdout
    assert "--within-24" in shown and "--within-30" not in shown


# --------------------------------------------------------------------------- Warlord (§16)

DEMO = Path(__file__).parents[3] / "warscrolls" / "armies"


def test_40k8_s16_a_character_warlord_takes_a_warlord_trait(
    run_cli: RunCli, tmp_path: Path
) -> None:
    """40k8 §16: a CHARACTER Warlord may have one Warlord Trait from the core rules' table; the
    army list naming it is accepted and the trait is on the Warlord in the game (Tenacious
    Survivor: a 6 ignores a wound lost); a non-CHARACTER Warlord is refused in 40k's words."""
    text = (DEMO / "death-guard-wh40k8-demo.yaml").read_text(encoding="utf-8")
    good = tmp_path / "dg.yaml"
    good.write_text(
        text.replace(
            "  system: wh40k8\n", "  system: wh40k8\n  command_trait: Tenacious Survivor\n"
        ),
        encoding="utf-8",
    )
    checked = run_cli("army", "validate", str(good))
    assert checked.exit_code == 0, checked.stderr
    bad = tmp_path / "bad.yaml"
    bad.write_text(
        good.read_text(encoding="utf-8")
        .replace("warscroll: Lord of Contagion, general: true", "warscroll: Lord of Contagion")
        .replace("warscroll: Plague Marines, models: 5", "warscroll: Plague Marines, models: 5, "
                 "general: true"),
        encoding="utf-8",
    )  # fmt: skip
    refused = run_cli("army", "validate", str(bad))
    assert refused.exit_code == 1
    said = refused.stdout + refused.stderr
    assert "only a CHARACTER Warlord has a command trait (40k8 §16)" in said
    assert "HERO" not in said and "AoS2" not in said
    from aos_cli.app.setup import army_snapshot
    from aos_cli.content import load_database
    from aos_cli.content.loader import load_army

    db = load_database()
    side = army_snapshot(db, load_army(good, db), True)
    lord = next(u for u in side["units"] if u["id"] == "lord-of-contagion")
    assert [c["name"] for c in lord["choices"]] == ["Tenacious Survivor"]
    assert lord["choices"][0]["effects"] == [{"type": "ward", "on": 6}]


def test_40k8_s5_4_perils_that_slays_the_psyker_strikes_every_unit_within_6() -> None:
    """40k8 §5.4: the Plaguecaster, one wound left, rolls a double 1: Perils of the Warp slays
    it, and every unit within 6" of it (the players say which: the Plague Marines) suffers D3
    mortal wounds, rolled by the tool (no longer left to `aos adjust`)."""
    state = new_game(armies())
    act(state, "priority", [], first=DG)
    act(state, "adjust", unit="plaguecaster", wounds=3)  # one wound left
    to_phase(state, "psychic")
    # double 1: Perils D3 (die 1 → 1), its 5+ roll fails (2): slain; the blast: D3 (6 → 3) on
    # the Plague Marines, whose 5+ rolls 1 1 4 ignore none
    act(state, "cast", [1, 1, 1, 2, 6, 1, 1, 4], wizard="plaguecaster", spell="Smite",
        target="tactical-squad",
        answers={"within-6:lord-of-contagion": False, "within-6:plague-marines": True,
                 "within-6:librarian": False, "within-6:tactical-squad": False,
                 "within-6:rhino": False})  # fmt: skip
    assert not state.unit("plaguecaster").alive
    assert state.unit("plague-marines").models == 2
    assert "Perils of the Warp: Plague Marines suffers 3 mortal wounds" in " ".join(
        note_lines(state.notes)
    )


def test_40k8_s16_setup_asks_each_character_warlord_for_a_warlord_trait(
    run_cli: RunCli, tmp_path: Path
) -> None:
    """40k8 §16: immediately before either player deploys, each CHARACTER Warlord may have a
    Warlord Trait, rolled on the D3 or picked: the Space Marines roll (6: 3, Tenacious
    Survivor), the Death Guard pick Legendary Fighter. The rolled trait then works: Smite's
    three mortal wounds on the Librarian are each ignored on a 6."""
    from aos_cli.app.games import load
    from aos_cli.store import Store

    db = tmp_path / "games.sqlite3"
    typed = ["", "5 3", "6", "1 2", "", "", "", "", "2", "6", "3", "1", "1", "1", "1", "q"]
    out = run_cli("play", "--db", str(db), "--system", "wh40k8", "--dice", "manual",
                  input="\n".join(typed) + "\n")  # fmt: skip
    assert out.exit_code == 0, out.stderr
    text = out.stdout + out.stderr
    assert "Player Two's Warlord Trait for Librarian (40k8 §16)" in text
    assert "Rolled 3: Tenacious Survivor." in text
    assert (
        "Player One's Warlord, Lord of Contagion, has the Warlord Trait Legendary Fighter" in text
    )
    assert text.index("Warlord Trait for Librarian") < text.index("Player Two sets up")
    with Store(db) as store:
        state = load(store, store.list_games()[0].id).state
    assert [c["name"] for c in state.unit("librarian").spec.choices] == ["Tenacious Survivor"]
    act(state, "priority", [], first=DG)
    to_phase(state, "psychic")
    act(state, "cast", [3, 4], wizard="plaguecaster", spell="Smite", target="librarian",
        answers={"closest-visible": True})  # fmt: skip
    act(state, "deny", [5, 6, 2, 1], wizard=None)  # D3 of 5: 3 mortal wounds; one 6
    assert "rolls to ignore wounds 6 2 1 (6+) ignore 1." in " ".join(note_lines(state.notes))
    assert state.unit("librarian").wounds_suffered == 2


# --------------------------------------------------------------------------- Command Re-rolls


def test_40k8_s17_6_a_command_reroll_goes_on_a_hit_or_wound_die_or_a_damage_roll() -> None:
    """40k8 §17.6: a Command Re-roll re-rolls a single die at any point: the first failed hit
    (1 → 5), then a failed wound roll (2 → 6), then the lowest single-die Damage (D3 of 1 → 3);
    a die already re-rolled is never re-rolled again (§1.3), and none is spent with no failure."""
    from aos_cli.core.dice import ScriptedDice, parse_dice
    from aos_cli.systems.wh40k8.engine import (
        CommandReroll,
        Target40k,
        Weapon40k,
        WeaponType,
        resolve_attacks_40k,
    )

    def attack(stage: str, dice: list[int], new: int, damage: str = "1") -> tuple[int, bool]:
        source = ScriptedDice([*dice, new])
        weapon = Weapon40k(
            parse_dice("2"), 3, 4, 0, parse_dice(damage), weapon_type=WeaponType.ASSAULT
        )
        spent: list[str] = []
        command = CommandReroll(stage, lambda what: spent.append(what) or source.roll(1, what)[0])
        result = resolve_attacks_40k([weapon], Target40k(4, 7), source, command=command)
        return result.damage, bool(spent)

    # hits 1 4 (the 1 re-rolled: 5), wounds 4 4, no save possible (7+)
    assert attack("hit", [1, 4, 4, 4], 5) == (2, True)
    # hits 3 3, wounds 2 4 (the 2 re-rolled: 6)
    assert attack("wound", [3, 3, 2, 4], 6) == (2, True)
    # hits 3 3, wounds 4 4, Damage D3: dice 1 and 6 (1 and 3); the 1 re-rolled: 6 (3)
    assert attack("damage", [3, 3, 4, 4, 1, 6], 6, "D3") == (6, True)
    # nothing failed: no Command Re-roll spent (its die is left unrolled)
    source_left = ScriptedDice([3, 3, 4, 4])
    weapon = Weapon40k(parse_dice("2"), 3, 4, 0, parse_dice("1"), weapon_type=WeaponType.ASSAULT)
    unused = CommandReroll("hit", lambda what: 0)
    resolve_attacks_40k([weapon], Target40k(4, 7), source_left, command=unused)
    assert not unused.used


def test_40k8_s17_6_the_underdog_rerolls_a_save_and_the_other_player_has_none() -> None:
    """40k8 §17.6: the Space Marines (the Underdog, 2 Command Re-rolls) re-roll a failed save
    against the Plague Marines' Boltguns (1 → 6); the Death Guard have none to spend."""
    state = new_game(armies())
    act(state, "priority", [], first=DG)
    to_phase(state, "shooting")
    flags = {"half-range": False, "cover": False, "engaged": False}
    with pytest.raises(RuleError, match=r"no Command Re-rolls \(40k8 §17\.6\)"):
        act(state, "shoot", unit="plague-marines", target="tactical-squad",
            command_reroll="hit", answers=flags)  # fmt: skip
    # 5 hits (6s), 5 wounds (6s), saves 1 2 3 4 5 against 3+: the 1 is re-rolled (6), the 2
    # fails; no Disgustingly Resilient on the Tactical Squad
    act(state, "shoot", [6] * 10 + [1, 2, 3, 4, 5, 6], unit="plague-marines",
        target="tactical-squad", command_reroll="save", answers=flags)  # fmt: skip
    notes = " ".join(note_lines(state.notes))
    assert "Command Re-roll on a save roll: 6 (1 Command Re-roll left, 40k8 §17.6)." in notes
    assert "1 unsaved" in notes and state.unit("tactical-squad").models == 4
    assert state.sides[SM].command_rerolls == 1


def test_40k8_s17_6_command_rerolls_on_the_psychic_test_and_deny_the_witch(
    run_cli: RunCli,
) -> None:
    """40k8 §17.6 with §5.4 and §5.5: the Underdog re-rolls the lower die of its Psychic test
    (1 2 → 3 2: Smite manifests with 5) and of a failing Deny the Witch (2 3 → 6 3: 9 beats the
    Plaguecaster's 7); `aos cast`, `aos deny`, `aos shoot` and `aos fight` take the flag."""
    state = new_game(armies())
    act(state, "priority", [], first=SM)
    to_phase(state, "psychic")
    act(state, "cast", [1, 2, 3], wizard="librarian", spell="Smite", target="plague-marines",
        command_reroll=True, answers={"closest-visible": True})  # fmt: skip
    assert "Librarian manifests Smite with 5 (3+2) against 5." in " ".join(note_lines(state.notes))
    state = new_game(armies())
    act(state, "priority", [], first=DG)
    to_phase(state, "psychic")
    act(state, "cast", [3, 4], wizard="plaguecaster", spell="Smite", target="tactical-squad",
        answers={"closest-visible": True})  # fmt: skip
    act(state, "deny", [2, 3, 6], wizard="librarian", command_reroll=True,
        answers={"within-24": True})  # fmt: skip
    notes = " ".join(note_lines(state.notes))
    assert "Command Re-roll on a Deny the Witch die: 6" in notes
    assert "Librarian denies Smite with 9" in notes and state.sides[SM].command_rerolls == 1
    for verb in ("cast", "deny", "shoot", "fight"):
        assert "--command-reroll" in run_cli(verb, "--help").stdout, verb


# --------------------------------------------------------------------------- the end (§4.7, §17.9)


def test_40k8_s17_9_destroying_every_enemy_wins_at_once_not_at_the_turns_end() -> None:
    """40k8 §17.9: the Rhino slays the last Plague Marine, the Death Guard's last model, in the
    Shooting phase: the Space Marines win there and then, the battle ends in that phase."""
    state = new_game(armies())
    act(state, "priority", [], first=SM)
    for unit, models in (("lord-of-contagion", -1), ("plaguecaster", -1), ("plague-marines", -4)):
        act(state, "adjust", unit=unit, models=models)
    to_phase(state, "shooting")
    act(state, "shoot", [6, 6, 6, 6, 1, 1, 1, 1], unit="rhino", target="plague-marines",
        answers={"half-range": False, "cover": False, "engaged": False})  # fmt: skip
    assert state.ended and state.round == 1
    assert "Space Marines has destroyed all its enemies and wins at once (40k8 §17.9)." in (
        note_lines(state.notes)
    )
    assert state.result is not None and state.result["condition"] == "all_enemy_slain"


def test_40k8_s4_7_a_unit_still_in_reserve_at_the_end_is_lost_and_shown_lost() -> None:
    """40k8 §4.7: the Lord of Contagion never arrives from its teleportarium chamber: at the end
    of the battle it counts as destroyed (its share of the losses) and the tables show it with
    no model left and never arrived, not waiting in reserve."""
    from aos_cli.views.game import unit_flags

    setup = armies()
    lord = next(u for u in setup["sides"][DG]["units"] if u["id"] == "lord-of-contagion")
    lord["reserve"] = True
    state = new_game(setup)
    act(state, "priority", [], first=SM)
    for _ in range(80):
        if state.ended:
            break
        act(state, "next")
    assert state.ended and state.round == 5
    unit = state.unit("lord-of-contagion")
    assert unit.models == 0 and not unit.alive
    assert state.result is not None and state.result["share_lost"]["Death Guard"] > 0
    flags = unit_flags(unit, state, shown=True)
    assert "never arrived: lost" in flags and "reserve" not in flags


def test_40k8_s17_3_the_players_place_the_objective_markers_at_set_up(
    run_cli: RunCli, tmp_path: Path
) -> None:
    """40k8 §17.3: after the terrain each player places 2 objective markers, alternating from
    the winner of a roll-off (Player Two, 2 against 6): the players say where each stands,
    and the game keeps it and who placed it."""
    from aos_cli.app.games import load
    from aos_cli.store import Store

    db = tmp_path / "games.sqlite3"
    typed = ["", "5 3", "6",  # the mission, the primary objective's roll-off and D3
             "2 6", "the ruined shrine", "", "the crater", "",  # §17.3: the markers
             "", "", "1", "1", "1", "1", "q"]  # fmt: skip
    out = run_cli("play", "--db", str(db), "--system", "wh40k8", "--dice", "manual",
                  input="\n".join(typed) + "\n")  # fmt: skip
    assert out.exit_code == 0, out.stderr
    text = " ".join((out.stdout + out.stderr).split())
    assert "Player Two places the first" in text
    assert "Player Two places Objective 1: where is it?" in text
    assert "Player One places Objective 2: where is it?" in text
    with Store(db) as store:
        state = load(store, store.list_games()[0].id).state
    assert [(o.position, o.placed_by) for o in state.objectives] == [
        ("the ruined shrine, placed by Player Two", 1),
        ("placed by Player One", 0),
        ("the crater, placed by Player Two", 1),
        ("placed by Player One", 0),
    ]


def test_40k8_s17_6_play_offers_command_rerolls_as_the_dice_fall() -> None:
    """40k8 §17.6 (a single die, at any point) in `aos play`: the menu of the Underdog (the
    Space Marines, 2 Command Re-rolls) asks as its dice fall. A failed save against the
    Plague Marines' Boltguns (1 → 6) is re-rolled when the players say yes; the Death Guard,
    with none, are never asked; the Librarian's Psychic test (1 2 → 4 2), its Advance (2 → 5),
    a failing Deny the Witch and charge (1 1 → 6 1 for the 4 needed) are offered too, each
    asked only while one is left."""
    from aos_cli.core.answers import RecordedAnswers
    from aos_cli.core.guide import options
    from aos_cli.systems.wh40k8.rules import offer_command_reroll

    state = new_game(armies())
    act(state, "priority", [], first=DG)
    to_phase(state, "shooting")
    shots = [o for o in options(state) if o.kind == "shoot"]
    assert shots and all(o.payload.get("command_reroll") == "ask" for o in shots)
    flags = {"half-range": False, "cover": False, "engaged": False,
             "command-reroll:save": True}  # fmt: skip
    act(state, "shoot", [6] * 10 + [1, 2, 3, 4, 5, 6], unit="plague-marines",
        target="tactical-squad", command_reroll="ask", answers=flags)  # fmt: skip
    notes = " ".join(note_lines(state.notes))
    assert "Command Re-roll on a save roll: 6 (1 Command Re-roll left" in notes
    assert state.sides[SM].command_rerolls == 1 and state.unit("tactical-squad").models == 4

    state = new_game(armies())
    act(state, "priority", [], first=SM)
    moves = {o.payload.get("unit"): o.payload for o in options(state) if o.kind == "advance"}
    assert moves["librarian"].get("offer_reroll") is True
    act(state, "advance", [2, 5], unit="librarian", offer_reroll=True,
        answers={"command-reroll": True})  # fmt: skip
    assert "rolled 5" in " ".join(note_lines(state.notes))
    to_phase(state, "psychic")
    casts = [o for o in options(state) if o.kind == "cast"]
    assert casts and all(o.payload.get("offer_reroll") for o in casts)
    act(state, "cast", [1, 2, 4], wizard="librarian", spell="Smite", target="plague-marines",
        offer_reroll=True, answers={"closest-visible": True, "command-reroll": True})  # fmt: skip
    assert "Librarian manifests Smite with 6 (4+2)" in " ".join(note_lines(state.notes))
    assert state.sides[SM].command_rerolls == 0
    # none left: nothing is asked (an unanswered question would be refused)
    assert not offer_command_reroll(state, SM, RecordedAnswers({}), "command-reroll", "a die")
    state = new_game(armies())
    act(state, "priority", [], first=SM)
    to_phase(state, "charge")
    charge = {"engaged": False, "within-12": True, "overwatch:plague-marines": False,
              "distance": 5, "command-reroll": True}  # fmt: skip
    act(state, "charge", [1, 1, 6], unit="tactical-squad", target="plague-marines",
        offer_reroll=True, answers=charge)  # fmt: skip
    assert state.unit("tactical-squad").charged and state.sides[SM].command_rerolls == 1
    state = new_game(armies())
    act(state, "priority", [], first=DG)
    to_phase(state, "psychic")
    act(state, "cast", [3, 4], wizard="plaguecaster", spell="Smite", target="tactical-squad",
        answers={"closest-visible": True})  # fmt: skip
    denies = [o for o in options(state) if o.kind == "unbind" and o.payload.get("wizard")]
    assert denies and all(o.payload.get("offer_reroll") for o in denies)
    act(state, "deny", [2, 3, 6], wizard="librarian", offer_reroll=True,
        answers={"within-24": True, "command-reroll": True})  # fmt: skip
    assert "Librarian denies Smite with 9" in " ".join(note_lines(state.notes))
