"""What `aos play` works out so the players answer less (issue 31): what a pick tells the
tool, one number per option per phase, same-named units, the odds against an Ethereal unit."""

from __future__ import annotations

from aos_cli.app.play import (
    PhaseNumbers,
    attack_option_odds,
    shown_names,
    told_by_picking,
)
from aos_cli.app.setup import build_setup
from aos_cli.app.start import bundled_armies
from aos_cli.app.table_memory import TableMemory
from aos_cli.core.state import GameState
from aos_cli.core.system import Option
from aos_cli.core.turn import new_game


def _demo() -> GameState:
    return new_game(build_setup(bundled_armies(), "first-blood", name="Demo"))


def test_aos2_s11_picking_a_fight_of_a_unit_that_did_not_charge_tells_it_is_within_3() -> None:
    """AoS2 §11: a unit that did not charge fights only within 3" of an enemy; the option
    says so and its pick answers the question."""
    state = _demo()
    fight = Option("Liberators: fight", "fight", {"unit": "liberators"}, "enemy", 0)
    told, said = told_by_picking(state, fight)
    assert told == {"engaged": True} and 'within 3" of an enemy' in said
    state.unit("liberators").charged = True
    assert told_by_picking(state, fight) == ({}, "")


def test_same_named_units_get_an_ordinal_in_list_order() -> None:
    """Issue 31 item 3: `Judicators #1`, `Judicators #2`; a unique name stays as it is."""
    state = _demo()
    twin = state.unit("retributors")
    twin.spec = type(twin.spec)(**{**twin.spec.__dict__, "name": "Liberators"})
    names = shown_names(state)
    assert (names["liberators"], names["retributors"]) == ("Liberators #1", "Liberators #2")
    assert names["judicators"] == "Judicators"


def test_one_number_means_one_option_in_a_phase() -> None:
    """Issue 31 item 3: an unbind menu between casts takes the next numbers, not 1 again;
    a number keeps its option when others go."""
    state = _demo()
    keys = PhaseNumbers()
    casts = [
        Option("a", "cast", {"wizard": "knight-incantor", "spell": "Arcane Bolt"}),
        Option("b", "cast", {"wizard": "knight-incantor", "spell": "Mystic Shield"}),
    ]
    assert keys.assign(state, casts) == [1, 2]
    unbind = [Option("u", "unbind", {"wizard": "x"}), Option("l", "unbind", {"wizard": None})]
    assert keys.assign(state, unbind) == [3, 4]
    assert keys.assign(state, casts[1:]) == [2]


def test_a_fact_told_this_phase_outlasts_a_pile_in() -> None:
    """Issue 31 item 1: cover told in the combat phase holds for the rest of it though the
    target piled in; a move in a later phase forgets it."""
    state = _demo()
    memory = TableMemory()
    now = (1, 0, "combat")
    fight = {"unit": "liberators", "target": "chainrasps", "answers": {"cover": True}}
    memory.learn("fight", fight, 1, now)
    memory.moved(state, "chainrasps", keep=now)
    assert memory.recall("cover", "fight", fight) is not None
    memory.moved(state, "chainrasps", keep=(1, 1, "movement"))
    assert memory.recall("cover", "fight", fight) is None


def test_aos2_s14_odds_against_an_ethereal_unit_ignore_rend() -> None:
    """Issue 31: `?N` against an Ethereal target leaves out Rend, as the roll does (the
    Celestine Hammer's Rend -2 does not lower a Bladegheist's 4+ save)."""
    from aos_cli.core.effects import Ethereal, TargetInfo
    from aos_cli.core.handlers.combat import weapon_attack
    from aos_cli.core.odds import mean_damage

    state = _demo()
    unit = state.unit("stardrake")
    fight = Option("fight", "fight", {"unit": "stardrake"}, "enemy", 0)
    odds = {o.name: o.mean_damage for o in attack_option_odds(state, fight) or []}
    melee = [w for w in unit.spec.weapons if w.kind == "melee"]
    target = state.unit("bladegheists")
    ignoring = mean_damage([weapon_attack(unit, w, [Ethereal()]) for w in melee], TargetInfo(4))
    counting = mean_damage([weapon_attack(unit, w, []) for w in melee], TargetInfo(4))
    assert counting > ignoring
    assert odds[target.name] == ignoring
