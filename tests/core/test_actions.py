"""Player actions checked against the phase and applied (AoS2 §6-§15), with scripted dice."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from aos_cli.app.setup import upgrade_setup
from aos_cli.core.actions import RecordedAnswers, apply_action
from aos_cli.core.dice import ScriptedDice
from aos_cli.core.errors import RuleError
from aos_cli.core.state import GameState
from aos_cli.core.turn import new_game
from aos_cli.views.events import note_lines

GOLDEN = Path(__file__).parents[1] / "golden"


def setup() -> dict[str, Any]:
    """The small armies on First Blood, its rules from the bundled YAML."""
    data: dict[str, Any] = yaml.safe_load((GOLDEN / "armies_small.yaml").read_text())
    return upgrade_setup(data)


def act(state: GameState, kind: str, dice: list[int] | None = None, **payload: Any) -> None:
    answers = payload.pop("answers", {})
    source = ScriptedDice(dice or [])
    apply_action(state, kind, payload, source, RecordedAnswers(dict(answers)))
    assert source.remaining == 0, f"{kind} left dice unused"


def to_phase(state: GameState, phase: str) -> None:
    while state.phase != phase:
        act(state, "next")


@pytest.fixture
def game() -> GameState:
    """Round one, Stormcast (side 0) won priority and goes first; hero phase."""
    state = new_game(setup())
    act(state, "priority", [5, 2])
    return state


def test_aos2_s7_1_battalions_give_cp_at_start_and_one_per_own_hero_phase(game: GameState) -> None:
    """AoS2 §7.1: 1 CP per battalion at the start, +1 at the start of your hero phase."""
    assert game.sides[0].command_points == 2
    assert game.sides[1].command_points == 0
    to_phase(game, "battleshock")
    act(game, "next")
    assert game.active_side == 1 and game.phase == "hero"
    assert game.sides[1].command_points == 1
    assert game.sides[0].command_points == 2


def test_aos2_s6_phases_in_order_then_the_other_players_turn(game: GameState) -> None:
    seen = [game.phase]
    for _ in range(6):
        act(game, "next")
        seen.append(game.phase)
    assert seen == ["hero", "movement", "shooting", "charge", "combat", "battleshock", "hero"]
    assert game.turn_in_round == 1


def test_aos2_s6_priority_tie_in_round_one_goes_to_who_finished_setup_first() -> None:
    """AoS2 §6: on a tie in round one, the side that finished set-up first decides."""
    state = new_game(setup())
    act(state, "priority", [3, 3], first=None)
    assert state.first_side == 0


def test_aos2_s6_priority_winner_may_give_the_first_turn_away() -> None:
    state = new_game(setup())
    act(state, "priority", [1, 4], first=0)
    assert state.first_side == 0 and state.round == 1


def test_aos2_s6_priority_tie_later_goes_to_previous_first_player(game: GameState) -> None:
    for _ in range(12):
        act(game, "next")
    assert game.phase == "priority"
    act(game, "priority", [2, 2])
    assert game.round == 2 and game.first_side == 0


def test_battle_ends_after_the_battleplans_rounds(game: GameState) -> None:
    for _ in range(12):
        act(game, "next")
    act(game, "priority", [1, 6])
    for _ in range(12):
        act(game, "next")
    assert game.ended and game.phase == "ended"
    with pytest.raises(RuleError, match="over"):
        act(game, "next")


def test_an_action_in_the_wrong_phase_is_refused(game: GameState) -> None:
    with pytest.raises(RuleError, match="hero phase, not the shooting phase"):
        act(game, "shoot", unit="judicators", target="chainrasps")


def test_a_unit_of_the_other_side_cannot_act_in_your_turn(game: GameState) -> None:
    to_phase(game, "movement")
    with pytest.raises(RuleError, match="Stormcast's turn"):
        act(game, "move", unit="chainrasps")


def test_aos2_s8_4_run_then_no_shooting_or_charging(game: GameState) -> None:
    """AoS2 §8.4: units that ran cannot shoot or charge later in the turn."""
    to_phase(game, "movement")
    act(game, "run", [4], unit="judicators")
    to_phase(game, "shooting")
    with pytest.raises(RuleError, match="Judicators ran this turn and cannot shoot"):
        act(game, "shoot", unit="judicators", target="chainrasps")
    to_phase(game, "charge")
    with pytest.raises(RuleError, match="cannot charge"):
        act(game, "charge", unit="judicators")


def test_aos2_s7_2_at_the_double_costs_a_cp_and_rolls_nothing(game: GameState) -> None:
    to_phase(game, "movement")
    act(game, "run", [], unit="liberators", at_the_double=True, answers={"in-command-range": True})
    assert game.sides[0].command_points == 1
    assert "+6" in note_lines(game.notes)[-1]


def test_aos2_s8_3_retreat_then_no_shooting(game: GameState) -> None:
    to_phase(game, "movement")
    act(game, "retreat", unit="judicators")
    to_phase(game, "shooting")
    with pytest.raises(RuleError, match="retreated"):
        act(game, "shoot", unit="judicators", target="chainrasps")


def test_shooting_resolves_the_attack_sequence_and_allocates(game: GameState) -> None:
    """AoS2 §14: 5 Skybolt shots; Chainrasps are ethereal so rend -1 is ignored (save 5+)."""
    to_phase(game, "shooting")
    answers = {"cover": False, "engaged": False}
    # hits 3 4 5 6 1 → 4; wounds 3 3 3 2 → 3; saves (5+, ethereal ignores rend) 5 4 4 → 2 fail
    act(
        game,
        "shoot",
        [3, 4, 5, 6, 1, 3, 3, 3, 2, 5, 4, 4],
        unit="judicators",
        target="chainrasps",
        answers=answers,
    )
    chainrasps = game.unit("chainrasps")
    assert chainrasps.models == 18
    assert chainrasps.slain_this_turn == 2
    assert game.sides[0].victory_points == 2  # First Blood: Wounds of each model slain (§18)
    assert game.sides[0].command_points == 3  # First Blood: +1 CP for the first slayer
    with pytest.raises(RuleError, match="already shot"):
        act(game, "shoot", unit="judicators", target="chainrasps", answers=answers)


def test_look_out_sir_minus_one_to_hit_a_hero_near_a_big_unit(game: GameState) -> None:
    """AoS2 §9: -1 to hit a Hero within 3" of a friendly unit of 3+ models."""
    to_phase(game, "shooting")
    answers = {"cover": False, "engaged": False, "look-out-sir": True}
    # hits 3 3 3 3 3 → all miss at 3+ with -1; no wound rolls
    act(game, "shoot", [3, 3, 3, 3, 3], unit="judicators", target="guardian", answers=answers)
    assert game.unit("guardian-of-souls").wounds_on_damaged == 0


def test_the_tool_asks_what_it_cannot_see(game: GameState) -> None:
    to_phase(game, "shooting")
    with pytest.raises(RuleError, match="--engaged"):
        act(game, "shoot", unit="judicators", target="chainrasps")


def test_aos2_s10_charge_needs_the_distance_and_forward_to_victory(game: GameState) -> None:
    to_phase(game, "charge")
    answers = {"engaged": False, "within-12": True, "distance": 8, "in-command-range": True}
    act(game, "charge", [2, 3, 4, 4], unit="liberators", reroll=True, answers=answers)
    assert game.unit("liberators").charged
    assert game.sides[0].command_points == 1


def test_aos2_s10_no_charge_from_within_3_inches(game: GameState) -> None:
    to_phase(game, "charge")
    with pytest.raises(RuleError, match="within 3"):
        act(game, "charge", unit="liberators", answers={"engaged": True})


def test_aos2_s11_combat_alternates_active_player_first(game: GameState) -> None:
    to_phase(game, "charge")
    charge = {"engaged": False, "within-12": True, "distance": 3}
    act(game, "charge", [3, 3], unit="liberators", answers=charge)
    to_phase(game, "combat")
    with pytest.raises(RuleError, match="Stormcast's pick"):
        act(game, "fight", unit="chainrasps", target="liberators", answers={"engaged": True})
    # 10 attacks at 3+/3+: hits 3x10; wounds 3x10; chainrasp saves 5+: 1 x10 → 10 slain
    act(
        game,
        "fight",
        [3] * 10 + [3] * 10 + [1] * 10,
        unit="liberators",
        target="chainrasps",
        answers={"cover": False},
    )
    assert game.unit("chainrasps").models == 10
    with pytest.raises(RuleError, match="Nighthaunt's pick"):
        act(game, "fight", unit="lord-relictor", target="chainrasps", answers={"engaged": True})


def test_aos2_s11_cannot_pass_with_a_unit_that_charged(game: GameState) -> None:
    to_phase(game, "charge")
    act(
        game,
        "charge",
        [3, 3],
        unit="liberators",
        answers={"engaged": False, "within-12": True, "distance": 3},
    )
    to_phase(game, "combat")
    with pytest.raises(RuleError, match="must fight"):
        act(game, "pass")


def test_aos2_s12_battleshock_for_units_that_lost_models(game: GameState) -> None:
    """AoS2 §12: D6 + slain vs Bravery + 1 per 10 models; the phase cannot end before it."""
    to_phase(game, "shooting")
    act(
        game,
        "shoot",
        [3, 4, 5, 6, 1, 3, 3, 3, 2, 5, 4, 4],
        unit="judicators",
        target="chainrasps",
        answers={"cover": False, "engaged": False},
    )
    to_phase(game, "battleshock")
    with pytest.raises(RuleError, match="battleshock tests are due"):
        act(game, "next")
    # roll 6 + 2 slain = 8 against Bravery 6 + 1 (18 models) = 7: one flees
    act(game, "battleshock", [6])
    assert game.unit("chainrasps").models == 17
    act(game, "next")


def test_aos2_s7_2_inspiring_presence_exempts_a_unit(game: GameState) -> None:
    to_phase(game, "shooting")
    act(
        game,
        "shoot",
        [3, 4, 5, 6, 1, 3, 3, 3, 2, 5, 4, 4],
        unit="judicators",
        target="chainrasps",
        answers={"cover": False, "engaged": False},
    )
    to_phase(game, "battleshock")
    with pytest.raises(RuleError, match="no command points"):
        act(
            game,
            "command",
            ability="Inspiring Presence",
            unit="chainrasps",
            answers={"in-command-range": True},
        )


def test_aos2_s15_cast_unbind_and_once_per_turn(game: GameState) -> None:
    """AoS2 §15: Arcane Bolt; an unbind must beat the casting roll; a spell once per turn."""
    for _ in range(6):
        act(game, "next")  # to Nighthaunt's hero phase
    act(game, "cast", [4, 3], wizard="guardian", spell="Arcane Bolt", target="liberators",
        answers={"target-in-range": True})  # fmt: skip
    assert game.pending_spell is None  # no enemy wizard can unbind: resolved at once
    assert game.unit("liberators").wounds_on_damaged == 1
    with pytest.raises(RuleError, match="as many spells as it may this phase"):
        act(game, "cast", wizard="guardian", spell="Mystic Shield")


def test_arcane_bolt_d3_on_a_casting_roll_of_10(game: GameState) -> None:
    for _ in range(6):
        act(game, "next")
    act(game, "cast", [5, 5, 6], wizard="guardian", spell="arcane bolt", target="liberators",
        answers={"target-in-range": True})  # fmt: skip
    assert game.unit("liberators").models == 4
    assert game.unit("liberators").wounds_on_damaged == 1


def test_abilities_heal_and_once_per_turn(game: GameState) -> None:
    relictor = game.unit("lord-relictor")
    relictor.wounds_on_damaged = 3
    act(game, "ability", [6], unit="lord-relictor", ability="Healing Storm")
    assert relictor.wounds_on_damaged == 0
    with pytest.raises(RuleError, match="already used"):
        act(game, "ability", [1], unit="lord-relictor", ability="healing")


def test_unknown_unit_suggests_names(game: GameState) -> None:
    with pytest.raises(RuleError, match="did you mean"):
        game.unit("liberatorz")


def test_adjust_records_a_correction(game: GameState) -> None:
    act(game, "adjust", unit="chainrasps", models=-3, reason="fled off the table")
    assert game.unit("chainrasps").models == 17


def test_aos2_s5_3_a_slain_general_is_replaced(game: GameState) -> None:
    """AoS2 §5.3: when the general is slain another model takes its place; the player may pick."""
    act(game, "adjust", [], unit="guardian-of-souls", wounds=5, reason="slain at the table")
    assert not game.unit("guardian-of-souls").alive
    assert game.unit("chainrasps").general  # the only unit left
    act(game, "general", unit="chainrasps")
    with pytest.raises(RuleError, match="general is alive"):
        act(game, "general", unit="lord-relictor")


def test_aos2_s5_3_a_new_general_is_told_from_what_is_stored(game: GameState) -> None:
    """AoS2 §5.3: the model taking a slain general's place is named in a note kept as its
    parts (a text the core means), so the action's log reads in another language from the
    store (`told`), with no rule run; seed 000 p.19: the command trait it generates likewise,
    and a trait whose text is too long to store as a value is still said as it was."""
    from aos_cli.core.actions import told_events
    from aos_cli.core.events import Said, event_from_data
    from aos_cli.core.guards import BY_THE_BOOK_REVISION
    from aos_cli.language import i18n

    game.sides[0].general_slain = True
    act(game, "general", unit="judicators")
    assert [type(note) for note in game.notes] == [Said] and told_events(game) is not None
    stored = event_from_data(game.notes[0].to_data())
    assert note_lines([stored]) == ["Judicators is now Stormcast's general."]
    i18n.set_language("hu")
    try:
        assert note_lines([stored]) == ["Judicators lett Stormcast tábornoka."]
    finally:
        i18n.set_language("en")
    game.rules_revision = BY_THE_BOOK_REVISION
    row = {"low": 1, "high": 6, "name": "Grim", "effects": [], "weapon": None}
    for text, told in (("Re-roll hit rolls of 1.", True), ("x" * 500, True), ("x" * 20_001, False)):
        game.sides[0].command_traits = ({**row, "text": text},)
        game.sides[0].general_slain = True
        act(game, "general", [4], unit="lord-relictor")
        said = note_lines(game.notes)
        assert said[-1] == f"Lord-Relictor generates a command trait: rolled 4, Grim: {text}"
        assert (told_events(game) is not None) is told
