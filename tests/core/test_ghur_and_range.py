"""Ghur's realm rules played by the game, and the Range of missile weapons (issue 26): each
test named after its rule's page in seed 000 (Realm of Battle: Ghur is p.16, the attacks p.7,
Ill Met by Moonlight's Night March p.12)."""

from __future__ import annotations

from typing import Any

import pytest

from aos_cli.app.setup import build_setup
from aos_cli.app.start import bundled_armies
from aos_cli.core.actions import RecordedAnswers, apply_action
from aos_cli.core.dice import ScriptedDice, SeededDice
from aos_cli.core.errors import RuleError
from aos_cli.core.state import GameState
from aos_cli.core.system import Option
from aos_cli.core.turn import new_game
from aos_cli.views.events import note_lines


def act(state: GameState, kind: str, dice: list[int] | None = None, **payload: Any) -> None:
    """Apply one action with exactly these dice (all must be used) and answers."""
    answers = payload.pop("answers", {})
    source = ScriptedDice(dice or [])
    apply_action(state, kind, payload, source, RecordedAnswers(dict(answers)))
    assert source.remaining == 0, f"{kind} left dice unused"


def to_phase(state: GameState, phase: str, side: int | None = None) -> None:
    """`next` until the phase (of that side's turn) is reached."""
    for _ in range(40):
        if state.phase == phase and side in (None, state.active_side):
            return
        act(state, "next")
    raise AssertionError(f"never reached the {phase} phase")


def game(plan: str = "first-blood", revision: int | None = None, **setup: Any) -> GameState:
    """The demo armies, set up now (or at an older rules `revision`), before priority."""
    snapshot = build_setup(bundled_armies(), plan, **setup)
    if revision is not None:
        snapshot["rules_revision"] = revision
    return new_game(snapshot)


def on_field(state: GameState) -> list[str]:
    return [u.spec.id for u in state.units() if u.on_battlefield]


def damage(state: GameState, unit_id: str) -> int:
    """Wounds the unit has suffered: its slain models' and its damaged model's."""
    unit = state.unit(unit_id)
    return (unit.spec.models - unit.models) * unit.spec.wounds + unit.wounds_on_damaged


def told(state: GameState) -> str:
    return " ".join(note_lines(state.notes))


# --------------------------------------------------------------------------- missile range


def test_aos2_p7_a_missile_weapon_shoots_only_within_its_range() -> None:
    """p.7 (§14.2): the attacking model must be within the weapon's Range of the target; the
    Judicators' 24" bows do not shoot a unit farther away, and are asked about 24"."""
    state = game()
    act(state, "priority", [6, 1], answers={"take-first": True})
    to_phase(state, "shooting", 0)
    with pytest.raises(RuleError, match='beyond the Range of Skybolt Bow 24", Shockbolt Bow 24"'):
        act(
            state, "shoot", unit="judicators", target="chainrasps",
            answers={"in-range": False, "cover": False},
        )  # fmt: skip
    with pytest.raises(RuleError, match=r"within range of Judicators \(Skybolt Bow 24\""):
        act(state, "shoot", unit="judicators", target="chainrasps", answers={"cover": False})
    apply_action(
        state, "shoot", {"unit": "judicators", "target": "chainrasps"}, SeededDice(3),
        RecordedAnswers({"in-range": True, "cover": False}),
    )  # fmt: skip
    assert state.unit("judicators").shot


def test_aos2_p7_a_weapon_with_no_target_in_range_makes_no_attacks() -> None:
    """p.7: the Prosecutors' 18" javelins do not reach a unit farther away; a weapon with no
    target in range makes no attacks (`--attacks 0`), and is not asked about its Range."""
    state = game()
    act(state, "priority", [6, 1], answers={"take-first": True})
    to_phase(state, "shooting", 0)
    with pytest.raises(RuleError, match='beyond the Range of Stormcall Javelin 18"'):
        act(
            state, "shoot", unit="prosecutors", target="chainrasps",
            answers={"in-range": False, "cover": False},
        )  # fmt: skip
    act(
        state, "shoot", unit="prosecutors", target="chainrasps", weapon="Stormcall Javelin",
        attacks=0,
    )  # fmt: skip
    assert state.unit("prosecutors").shot


def test_aos2_p7_the_range_is_not_asked_in_a_game_set_up_before() -> None:
    """A game set up before the Range was checked replays as it was played: no question."""
    state = game(revision=5)
    act(state, "priority", [6, 1], answers={"take-first": True})
    to_phase(state, "shooting", 0)
    apply_action(
        state, "shoot", {"unit": "judicators", "target": "chainrasps"}, SeededDice(3),
        RecordedAnswers({"cover": False}),
    )  # fmt: skip
    assert state.unit("judicators").shot


def test_aos2_p12_night_march_limits_missile_weapons_to_12_inches() -> None:
    """p.12 Night March: in the first battle round missile weapons reach 12" at most; the
    Judicators' 24" bows are asked about 12", not 24"."""
    state = game("ill-met-by-moonlight")
    act(state, "priority", [6, 1], answers={"take-first": True})
    to_phase(state, "shooting", 0)
    with pytest.raises(RuleError, match='Night March: is Chainrasp Horde within 12"'):
        act(state, "shoot", unit="judicators", target="chainrasps", answers={"in-range": True})
    with pytest.raises(RuleError, match='reach 12" at most'):
        act(
            state, "shoot", unit="judicators", target="chainrasps",
            answers={"within-night-march": False},
        )  # fmt: skip


def test_aos2_p12_night_march_play_lists_spell_targets_within_12_inches() -> None:
    """p.12 Night March: `aos play` says the target of Arcane Bolt is picked within 12", not
    the spell's 18", and picking one from its list tells the tool no more than that."""
    from aos_cli.app.play import target_told

    option = Option("Arcane Bolt", "cast", {"wizard": "knight-incantor", "spell": "Arcane Bolt"},
                    "enemy", side=0)  # fmt: skip
    state = game("ill-met-by-moonlight")
    act(state, "priority", [6, 1], answers={"take-first": True})
    _, prompt = target_told(state, option)
    assert '12"' in prompt and '18"' not in prompt
    plain = game()
    act(plain, "priority", [6, 1], answers={"take-first": True})
    assert '18"' in target_told(plain, option)[1]


# --------------------------------------------------------------------------- Ghur


def test_aos2_p16_ghur_hungering_animus_rolls_at_the_start_of_each_hero_phase() -> None:
    """p.16 Hungering Animus: at the start of the hero phase a D6; on a 6 a point is picked and
    each unit within 6" of it rolls: 4+ 1 mortal wound, 6 D3 mortal wounds instead."""
    state = game(realm="ghur", realmscape="hungering-animus")
    near = {"liberators": True, "chainrasps": True}
    answers = {f"animus:{unit}": near.get(unit, False) for unit in on_field(state)}
    # priority 6-1; Hungering Animus 6; Liberators 6 then a 4 (D3: 2); Chainrasp Horde 3
    act(state, "priority", [6, 1, 6, 6, 4, 3], answers={"take-first": True, **answers})
    liberators = state.unit("liberators")
    assert liberators.models == liberators.spec.models - 1  # 2 mortal wounds: one 2-wound model
    assert state.unit("chainrasps").models == state.unit("chainrasps").spec.models
    assert "Hungering Animus" in told(state)


def test_aos2_p16_ghur_hungering_animus_below_6_does_nothing() -> None:
    """p.16 Hungering Animus: below a 6 nothing happens and nobody is asked."""
    state = game(realm="ghur", realmscape="hungering-animus")
    act(state, "priority", [6, 1, 5], answers={"take-first": True})
    assert "rolled 5" in told(state)
    to_phase(state, "battleshock", 0)
    act(state, "next", [2])  # the second player's hero phase rolls too
    assert state.active_side == 1 and "rolled 2" in told(state)


def test_aos2_p16_ghur_hungering_animus_only_reminds_in_a_game_set_up_before() -> None:
    """A game set up before the realmscape was played replays as it was: a reminder, no roll."""
    state = game(realm="ghur", realmscape="hungering-animus", revision=5)
    act(state, "priority", [6, 1], answers={"take-first": True})
    assert "Record them with `aos adjust`" in told(state)


def reckless(revision: int | None = None) -> GameState:
    """A Ghur battle under Reckless Aggression, in Player One's first charge phase."""
    state = game(realm="ghur", realmscape="reckless-aggression", revision=revision)
    act(state, "priority", [6, 1], answers={"take-first": True})
    to_phase(state, "charge", 0)
    return state


def test_aos2_p16_ghur_reckless_aggression_wounds_a_unit_left_out_of_combat() -> None:
    """p.16 Reckless Aggression: a unit within 12" of an enemy unit at the start of its charge
    phase suffers 1 mortal wound unless it ends the phase within 3" of an enemy model: a
    failed charge suffers it, a unit that charged does not, the others are asked."""
    state = reckless()
    act(state, "charge", [1, 1], unit="liberators", answers={"distance": 10})
    act(state, "charge", [6, 6], unit="retributors", answers={"distance": 5})
    asked = {
        f"reckless:{u.spec.id}": u.spec.id == "judicators"
        for u in state.sides[0].units
        if u.on_battlefield and u.spec.id not in ("liberators", "retributors")
    }
    act(state, "next", answers=asked)
    assert state.phase == "combat"
    for unit in ("liberators", "judicators"):
        assert damage(state, unit) == 1, unit
    assert damage(state, "retributors") == 0
    assert damage(state, "stardrake") == 0


def test_aos2_p16_ghur_reckless_aggression_asks_whether_a_unit_is_in_combat() -> None:
    """p.16 Reckless Aggression: a unit that may be within 3" of an enemy is asked, and is
    spared when it is."""
    state = reckless()
    state.unit("judicators").may_be_engaged = True
    asked = {f"reckless:{u.spec.id}": u.spec.id == "judicators" for u in state.sides[0].units}
    with pytest.raises(RuleError, match='is Judicators within 3" of an enemy model now'):
        act(state, "next", answers=asked)
    act(state, "next", answers={**asked, "reckless-engaged:judicators": True})
    assert damage(state, "judicators") == 0


def test_aos2_p16_ghur_reckless_aggression_only_reminds_in_a_game_set_up_before() -> None:
    """A game set up before the realmscape was played: a reminder, no question, no wound."""
    state = reckless(revision=5)
    assert "Reckless Aggression" in told(state)
    act(state, "next")
    assert state.phase == "combat"
