"""Run and charge rolls in a game: one charge roll per unit per phase (AoS2 §10), rerolled
once at most (§7.2 Forward to Victory, or an ability such as Heralds of Righteousness), and
every bonus or penalty in force on the roll (Ghur's Wildform §24.1, Spirit Storm), never below
1 (§1.4)."""

from __future__ import annotations

from typing import Any

import pytest

from aos_cli.app.setup import build_setup
from aos_cli.app.start import bundled_armies
from aos_cli.core.actions import RecordedAnswers, apply_action
from aos_cli.core.dice import ScriptedDice
from aos_cli.core.errors import RuleError
from aos_cli.core.movement import roll_charge, roll_run
from aos_cli.core.state import GameState
from aos_cli.core.turn import new_game
from aos_cli.views.events import note_lines

CHARGE = {"engaged": False, "within-12": True}
"""Answers every charge below needs: not within 3", within 12" of the enemy."""


@pytest.fixture(scope="module")
def ghur() -> dict[str, Any]:
    """The bundled armies fighting in Ghur, whose realmscape feature does nothing."""
    return build_setup(
        bundled_armies(), "first-blood", realm="ghur", realmscape="savage-hinterlands"
    )


def act(state: GameState, kind: str, dice: list[int] | None = None, **payload: Any) -> None:
    source = ScriptedDice(dice or [])
    apply_action(state, kind, payload, source, RecordedAnswers(payload.pop("answers", {})))
    assert source.remaining == 0, f"{kind} left dice unused"


def to(state: GameState, side: int, phase: str) -> None:
    """On with `next` to a phase of a side's turn (no casualties, so no battleshock tests)."""
    for _ in range(20):
        if state.active_side == side and state.phase == phase:
            return
        act(state, "next")
    raise AssertionError(f"never reached {phase}")


@pytest.fixture
def game(ghur: dict[str, Any]) -> GameState:
    """Round one, the Stormcast player's hero phase, in Ghur."""
    state = new_game(ghur)
    act(state, "priority", [6, 1])
    return state


def cast_through(state: GameState, dice: list[int], **payload: Any) -> None:
    """Cast a spell and let it through without an unbinding attempt."""
    act(state, "cast", dice, **payload)
    if state.pending_spell is not None:
        act(state, "unbind")


def wildform(state: GameState, dice: list[int], target: str) -> None:
    """The Knight-Incantor casts Wildform at a unit within range, and it goes through."""
    cast_through(state, dice, wizard="knight-incantor", spell="Wildform", target=target,
                 answers={"target-in-range": True})  # fmt: skip


# --------------------------------------------------------------------------- one charge roll


def test_aos2_s10_a_failed_charge_is_not_rolled_again(game: GameState) -> None:
    """AoS2 §10: a unit makes one charge roll in the charge phase; a failed charge could be
    rolled again as often as you liked."""
    to(game, 0, "charge")
    act(game, "charge", [1, 2], unit="liberators", answers={**CHARGE, "distance": 6})
    assert not game.unit("liberators").charged
    with pytest.raises(RuleError, match="already made its charge roll"):
        act(game, "charge", [6, 6], unit="liberators", answers={**CHARGE, "distance": 6})


def test_aos2_s7_2_forward_to_victory_rerolls_the_charge_once(game: GameState) -> None:
    """AoS2 §7.2: Forward to Victory rerolls the charge roll - once, for a command point."""
    to(game, 0, "charge")
    points = game.sides[0].command_points
    act(
        game, "charge", [1, 2, 1, 1], unit="liberators", reroll=True,
        answers={**CHARGE, "distance": 6, "in-command-range": True},
    )  # fmt: skip
    assert not game.unit("liberators").charged
    assert game.sides[0].command_points == points - 1
    with pytest.raises(RuleError, match="already made its charge roll"):
        act(game, "charge", [6, 6], unit="liberators", reroll=True,
            answers={**CHARGE, "distance": 6, "in-command-range": True})  # fmt: skip


def test_prosecutors_warscroll_heralds_of_righteousness_reroll_the_charge_for_free(
    game: GameState,
) -> None:
    """Prosecutors, Heralds of Righteousness: the unit may reroll charge rolls - a reroll
    ability, used instead of spending a command point on Forward to Victory."""
    to(game, 0, "charge")
    points = game.sides[0].command_points
    act(game, "charge", [1, 1, 5, 4], unit="prosecutors", reroll=True,
        answers={**CHARGE, "distance": 8})  # fmt: skip
    assert game.unit("prosecutors").charged
    assert game.sides[0].command_points == points
    assert "Heralds of Righteousness: the charge roll of 2 is rerolled: 9." in note_lines(
        game.notes
    )


# --------------------------------------------------------------------------- Wildform (item 12)


def test_aos2_s24_1_ghur_wildform_is_known_with_casting_value_5(game: GameState) -> None:
    """AoS2 §24.1 Realm of Battle: Ghur: every wizard knows Wildform, casting value 5 (it was
    "does not know 'Wildform'")."""
    act(
        game, "cast", [3, 2], wizard="knight-incantor", spell="Wildform", target="prosecutors",
        answers={"target-in-range": True},
    )  # fmt: skip
    assert "Knight-Incantor casts Wildform with 5." in note_lines(game.notes)
    act(game, "unbind")
    assert [e.name for e in game.unit("prosecutors").effects] == ["Wildform"]


def test_aos2_s24_1_wildform_adds_2_to_run_and_charge_rolls(game: GameState) -> None:
    """Wildform: +2 to the unit's run and charge rolls until your next hero phase."""
    wildform(game, [3, 3], "prosecutors")
    to(game, 0, "charge")
    act(game, "charge", [2, 2], unit="prosecutors", answers={**CHARGE, "distance": 6.5})
    assert game.unit("prosecutors").charged  # 4 + 2 reaches 6
    assert note_lines(game.notes)[0] == (
        "Prosecutors with Stormcall Javelins charges: rolled 6 (+2 Wildform), needed 6."
    )


def test_aos2_s24_1_wildform_on_a_run(game: GameState) -> None:
    wildform(game, [4, 3], "liberators")
    to(game, 0, "movement")
    act(game, "run", [3], unit="liberators")
    assert note_lines(game.notes)[0].startswith('Liberators runs: +5" (+2 Wildform)')


def test_aos2_s15_wildform_picks_a_friendly_unit(game: GameState) -> None:
    with pytest.raises(RuleError, match="not friendly"):
        act(game, "cast", [], wizard="knight-incantor", spell="Wildform", target="chainrasps",
            answers={"target-in-range": True})  # fmt: skip


# --------------------------------------------------------------------------- Spirit Storm


def test_knight_incantor_warscroll_spirit_storm_takes_2_from_enemy_charge_rolls(
    game: GameState,
) -> None:
    """Knight-Incantor, Spirit Storm: enemy units within 18" of the caster subtract 2 from
    their run and charge rolls until your next hero phase (it did nothing)."""
    cast_through(game, [4, 3], wizard="knight-incantor", spell="Spirit Storm")
    to(game, 1, "charge")
    aura = {"in-aura:knight-incantor:spirit-storm": True}
    act(game, "charge", [4, 4], unit="chainrasps", answers={**CHARGE, **aura, "distance": 7})
    assert not game.unit("chainrasps").charged  # 8 - 2 falls short of 7
    assert "Chainrasp Horde fails to charge: rolled 6 (-2 Spirit Storm), needed 7." in note_lines(
        game.notes
    )


def test_knight_incantor_warscroll_spirit_storm_on_a_run_never_below_1(game: GameState) -> None:
    """Spirit Storm's -2 on an enemy run roll of 1 leaves 1 (AoS2 §1.4); a unit outside its
    18" runs as usual."""
    cast_through(game, [5, 3], wizard="knight-incantor", spell="Spirit Storm")
    to(game, 1, "movement")
    act(game, "run", [1], unit="chainrasps",
        answers={"in-aura:knight-incantor:spirit-storm": True})  # fmt: skip
    assert note_lines(game.notes)[0].startswith('Chainrasp Horde runs: +1" (-2 Spirit Storm)')
    act(game, "run", [4], unit="grimghast-reapers",
        answers={"in-aura:knight-incantor:spirit-storm": False})  # fmt: skip
    assert note_lines(game.notes)[0].startswith('Grimghast Reapers runs: +4" (it cannot')


def test_knight_incantor_warscroll_spirit_storm_spares_friendly_units(game: GameState) -> None:
    cast_through(game, [5, 3], wizard="knight-incantor", spell="Spirit Storm")
    to(game, 0, "movement")
    act(game, "run", [4], unit="liberators")
    assert note_lines(game.notes)[0].startswith('Liberators runs: +4" (it cannot')


# --------------------------------------------------------------------------- the roll tools


def test_aos2_s1_4_a_modified_run_or_charge_roll_is_never_below_1() -> None:
    """AoS2 §1.4: modifiers never take a roll below 1 (`aos roll run --mod -2` gave 0)."""
    assert roll_run(ScriptedDice([1]), modifier=-2).total == 1
    assert roll_charge(ScriptedDice([1, 1]), modifier=-3).total == 1
