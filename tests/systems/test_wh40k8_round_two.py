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
from tests.systems.test_wh40k8_engine import DG, SM, armies

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

DEMO = Path(__file__).parents[2] / "warscrolls" / "armies"


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
