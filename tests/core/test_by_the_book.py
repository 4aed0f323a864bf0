"""Age of Sigmar 2nd edition by the book, round three (issue 26): each fault the audit of seed
000 found, named after the rule's page in the seed (`p5` is page 5 of the core rules)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from aos_cli.app.setup import build_setup
from aos_cli.app.setup_steps import general_candidates, put_in_reserve
from aos_cli.app.start import bundled_armies
from aos_cli.core.actions import RecordedAnswers, apply_action
from aos_cli.core.attack import Attack, resolve_weapon
from aos_cli.core.dice import DiceExpr, ScriptedDice, SeededDice
from aos_cli.core.effects import MortalWoundsOnRoll, TargetInfo, compile_effects
from aos_cli.core.errors import InputError, RuleError
from aos_cli.core.handlers.combat import resolve_attack
from aos_cli.core.legality import check_moment
from aos_cli.core.odds import attack_odds
from aos_cli.core.state import GameState
from aos_cli.core.turn import new_game
from aos_cli.core.unit_attacks import characteristic_bonus, unit_attacks, unwrap_for_weapon


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


def demo_game(**setup: Any) -> GameState:
    """The demo armies on First Blood, Player One taking the first turn, in its hero phase."""
    state = new_game(build_setup(bundled_armies(), "first-blood", **setup))
    act(state, "priority", [6, 1], answers={"take-first": True})
    return state


def charged(state: GameState, unit: str = "liberators") -> GameState:
    """`unit` of Player One charges in the first charge phase (5" away, rolled 6 and 6)."""
    to_phase(state, "charge", 0)
    act(state, "charge", [6, 6], unit=unit, answers={"distance": 5})
    return state


def fought(state: GameState, unit: str = "liberators", target: str = "chainrasps") -> GameState:
    """The charger fights (seeded dice) in the combat phase, so the turn may end."""
    to_phase(state, "combat", 0)
    apply_action(
        state, "fight", {"unit": unit, "target": target}, SeededDice(1),
        RecordedAnswers({"cover": False}),
    )  # fmt: skip
    to_phase(state, "battleshock", 0)
    apply_action(state, "battleshock", {}, SeededDice(2), RecordedAnswers())
    return state


# --------------------------------------------------------------------------- 1. the combat lock


def test_aos2_p5_engaged_unit_cannot_move() -> None:
    """p.5 (§8.3): a unit within 3" of an enemy unit must stay where it is or retreat; a normal
    move is refused, and after a charge the tool asks rather than assume."""
    state = fought(charged(demo_game()))
    to_phase(state, "movement", 1)
    with pytest.raises(RuleError, match="must stay where it is or retreat"):
        act(state, "move", unit="chainrasps", answers={"engaged": True})
    with pytest.raises(RuleError, match="needs to know"):
        act(state, "move", unit="chainrasps")
    act(state, "move", unit="chainrasps", answers={"engaged": False})
    assert state.unit("chainrasps").moved


def test_aos2_p5_engaged_unit_cannot_run() -> None:
    """p.5 (§8.3, §8.4): running is a normal move too: not from within 3" of an enemy."""
    state = fought(charged(demo_game()))
    to_phase(state, "movement", 1)
    with pytest.raises(RuleError, match="must stay where it is or retreat"):
        act(state, "run", unit="chainrasps", answers={"engaged": True})
    act(state, "retreat", unit="chainrasps", answers={"engaged": True})
    assert state.unit("chainrasps").retreated


# --------------------------------------------------------------------------- 2. weapons


def in_combat(unit: str = "stardrake") -> GameState:
    """`unit` charged in Player One's first turn; the combat phase has begun."""
    state = charged(demo_game(), unit)
    to_phase(state, "combat", 0)
    return state


def test_aos2_p7_a_target_for_each_weapon() -> None:
    """p.7: a target is picked for each weapon; the Stardrake's rider strikes one unit with
    its hammer and the Stardrake's claws another, and the unit has fought once both have."""
    state = in_combat()
    seeded = SeededDice(26)
    apply_action(
        state, "fight", {"unit": "stardrake", "target": "chainrasps", "weapon": "celestine-hammer"},
        seeded, RecordedAnswers({"cover": False}),
    )  # fmt: skip
    stardrake = state.unit("stardrake")
    assert not stardrake.fought and state.combat_to_pick == 0
    apply_action(
        state, "fight", {"unit": "stardrake", "target": "spirit-hosts", "weapon": "great-claws"},
        seeded, RecordedAnswers({"cover": False, "others-within-3": False}),
    )  # fmt: skip
    assert stardrake.fought and state.combat_to_pick == 1
    targets = [a["target"] for a in state.attack_log]
    assert targets == ["chainrasps", "spirit-hosts"]


def test_aos2_p6_every_melee_weapon_attacks() -> None:
    """p.6: the models attack with all their melee weapons: after the hammer alone the
    Stardrake must go on with its claws; no other unit fights, nobody passes, the phase does
    not end in between, and the hammer does not attack twice."""
    state = in_combat()
    apply_action(
        state, "fight", {"unit": "stardrake", "target": "chainrasps", "weapon": "celestine-hammer"},
        SeededDice(3), RecordedAnswers({"cover": False}),
    )  # fmt: skip
    with pytest.raises(RuleError, match="rest of its melee weapons"):
        act(state, "pass")
    with pytest.raises(RuleError, match="rest of its melee weapons"):
        act(state, "next")
    with pytest.raises(RuleError, match="already attacked with Celestine Hammer"):
        act(state, "fight", unit="stardrake", target="chainrasps", weapon="celestine-hammer")


def test_aos2_p7_a_weapons_attacks_may_be_split() -> None:
    """p.7: a weapon's attacks may be split between targets, all those at one target made
    before the next. The charging Stardrake's hammer has 7 attacks (3, Strife-ender +1,
    Inescapable Vengeance D3 rolled 6: +3): 1 at the Chainrasps (hit 6, wound 6, save 1,
    damage 1, their Deathless Spirits ward 1), the other 6 later, without rolling the extra
    attacks again; the claws wait until the hammer is done."""
    state = in_combat()
    before = state.unit("chainrasps").models
    act(
        state, "fight", [6, 6, 6, 1, 1, 1], unit="stardrake", target="chainrasps",
        weapon="celestine-hammer", attacks=1, answers={"cover": False},
    )  # fmt: skip
    assert state.unit("chainrasps").models == before - 1
    stardrake = state.unit("stardrake")
    assert stardrake.attacks_left == {"celestine-hammer": 6}
    with pytest.raises(RuleError, match="attacks left with Celestine Hammer"):
        act(state, "fight", unit="stardrake", target="spirit-hosts", weapon="great-claws")
    with pytest.raises(RuleError, match="6 attacks left, not 7"):
        act(state, "fight", unit="stardrake", target="spirit-hosts", weapon="celestine-hammer",
            attacks=7)  # fmt: skip
    act(
        state, "fight", [1] * 6, unit="stardrake", target="spirit-hosts",
        weapon="celestine-hammer", attacks=6, answers={"cover": False},
    )  # fmt: skip
    assert "celestine-hammer" in stardrake.weapons_used and not stardrake.fought
    assert not stardrake.attacks_left


# --------------------------------------------------------------------------- 5. phases owed


def test_aos2_p6_the_combat_phase_does_not_end_before_a_charger_fights() -> None:
    """p.6: a unit that charged this turn is eligible and must be picked (a player with an
    eligible unit cannot pass): `aos next` is refused as `aos pass` is."""
    state = in_combat("liberators")
    with pytest.raises(RuleError, match="charged this turn and has not fought"):
        act(state, "next")
    with pytest.raises(RuleError, match="must fight before"):
        act(state, "pass")


# --------------------------------------------------------------------------- 3. counted once


def test_aos2_s27_a_weapons_own_rule_counts_once_as_in_the_odds() -> None:
    """Retributors' Blast to Ashes (2 mortal wounds on a hit roll of 6 with a Lightning Hammer)
    and the Shockbolt Bow's Chained Lightning (D6 hits on a 6) are the weapon's own rules: the
    game's attack carries each once, as `aos odds attack --unit` does (one trigger, not two)."""
    state = in_combat("retributors")
    game = unit_attacks(
        state, state.unit("retributors"), state.unit("chainrasps"),
        [w for w in state.unit("retributors").spec.weapons if w.id == "lightning-hammer"],
        RecordedAnswers(), None,
    )  # fmt: skip
    odds = compile_effects(
        unwrap_for_weapon(state.unit("retributors").spec, game[0].use.weapon, champion=False)
    )
    assert [len(u.attack.rules.mortal_on_hit) for u in game] == [1] * len(game)
    assert odds.mortal_on_hit == game[0].attack.rules.mortal_on_hit


def test_aos2_s27_chained_lightning_rolls_one_dice_of_extra_hits() -> None:
    """Chained Lightning: an unmodified 6 to hit with the Shockbolt Bow scores D6 hits instead
    of one: one D6 for the extra hits, not two."""
    state = demo_game()
    to_phase(state, "shooting", 0)
    judicators = state.unit("judicators")
    bow = [w for w in judicators.spec.weapons if w.id == "shockbolt-bow"]
    game = unit_attacks(state, judicators, state.unit("chainrasps"), bow, RecordedAnswers(), None)
    assert [len(u.attack.rules.exploding) for u in game] == [1] * len(game)


# --------------------------------------------------------------------------- 4. effects reach rolls


def army_with(tmp_path: Path, old: str, new: str) -> list[Path]:
    """The demo armies with one line of the Stormcast list changed."""
    armies = bundled_armies()
    text = armies[0].read_text()
    assert old in text
    changed = tmp_path / armies[0].name
    changed.write_text(text.replace(old, new))
    return [changed, *armies[1:]]


def stormcast(tmp_path: Path, old: str, new: str) -> GameState:
    """The demo game with one line of the Stormcast list changed, round one begun."""
    state = new_game(build_setup(army_with(tmp_path, old, new), "first-blood"))
    act(state, "priority", [6, 1], answers={"take-first": True})
    return state


def test_aos2_p19_hammer_of_might_doubles_damage_on_wound_rolls_of_6(tmp_path: Path) -> None:
    """p.19 Hammer of Might: wound rolls of 6 or more with the weapon cause double damage. One
    attack of the Celestine Hammer (3+, 2+, -1, D3) rolling hit 6, wound 6, save 1, D3 2:
    4 damage. The exact mean at the Knight of Shrouds (Ethereal: a 4+ save, rend ignored) is
    4/6 to hit * 1/2 unsaved * (4 wound faces * 2 + the 6 * 4)/6 = 2/3 (5/9 without it),
    5/6 of which its Deathless Spirits ward (6+) lets through: 5/9 (25/54 without it)."""
    state = stormcast(tmp_path, "artefact: strife-ender", "artefact: hammer-of-might")
    stardrake = state.unit("stardrake")
    hammer = [w for w in stardrake.spec.weapons if w.id == "celestine-hammer"]
    (use,) = unit_attacks(
        state, stardrake, state.unit("knight-of-shrouds"), hammer, RecordedAnswers(), None
    )
    one = Attack(replace(use.attack.profile, attacks=DiceExpr((), 1), models=1), use.attack.rules)
    assert resolve_weapon(one, TargetInfo(4), ScriptedDice([6, 6, 1, 4])).damage == 4
    assert attack_odds([one], TargetInfo(4)).mean_damage == pytest.approx(2 / 3 * 5 / 6)


NO_AURAS = {
    "in-aura:guardian-of-souls:nightmare-lantern": False,
    "in-aura:spirit-torment:nagash-s-bidding": False,
}
"""No other Nighthaunt unit's aura reaches the attacker (asked since AUDIT_REVISION)."""


def test_aos2_p19_p8_shielded_by_faith_covers_mortal_wounds_of_an_attack(tmp_path: Path) -> None:
    """p.19 Shielded by Faith: each mortal wound the general suffers is ignored on a 5+; p.8:
    an attack's mortal wounds are mortal wounds too. One Chainrasp attack hits on a 6 for 2
    mortal wounds (the attack ends); the ward rolls 5 and 1: the Stardrake suffers 1."""
    state = stormcast(
        tmp_path, "command_trait: zealous-crusader", "command_trait: shielded-by-faith"
    )
    chainrasps, stardrake = state.unit("chainrasps"), state.unit("stardrake")
    weapons = [w for w in chainrasps.spec.weapons if w.kind == "melee"]
    source = ScriptedDice([6, 5, 1])
    resolve_attack(
        state, chainrasps, stardrake, weapons, source, RecordedAnswers({"cover": False, **NO_AURAS}),
        extra=(MortalWoundsOnRoll("hit", 6, DiceExpr((), 2)),), share=1,
    )  # fmt: skip
    assert source.remaining == 0
    assert stardrake.wounds_on_damaged == 1


def test_aos2_s27_chilling_horde_needs_10_or_more_models() -> None:
    """Chilling Horde: wound rolls of 1 are rerolled only while the unit has 10 or more
    models; Reaped Like Corn rerolls failed hits only against units of 5 or more models."""
    state = demo_game()
    chainrasps = state.unit("chainrasps")
    weapons = [w for w in chainrasps.spec.weapons if w.kind == "melee"]
    target = state.unit("liberators")

    def reroll() -> object:
        uses = unit_attacks(state, chainrasps, target, weapons, RecordedAnswers(NO_AURAS), None)
        return uses[0].attack.rules.reroll_wound

    assert reroll() is not None
    chainrasps.models = 9
    assert reroll() is None
    reapers = state.unit("grimghast-reapers")
    scythes = [w for w in reapers.spec.weapons if w.kind == "melee"]

    def rerolls_hits(against: str) -> bool:
        answers = RecordedAnswers(dict(NO_AURAS))
        uses = unit_attacks(state, reapers, state.unit(against), scythes, answers, None)
        return uses[0].attack.rules.reroll_hit is not None

    assert rerolls_hits("liberators")  # 5 models
    assert not rerolls_hits("stardrake")


def test_aos2_s27_the_dreadwardens_bravery_leads_the_battleshock_test() -> None:
    """Chainrasp Horde: while the Dreadwarden lives the unit uses its Bravery of 10 (6 + 4)."""
    state = demo_game()
    chainrasps = state.unit("chainrasps")
    assert characteristic_bonus(state, chainrasps, "bravery", RecordedAnswers()) == 4


# --------------------------------------------------------------------------- 11. corrections


def test_aos2_p12_a_correction_is_not_a_kill_unless_the_player_says_so() -> None:
    """First Blood (p.12) and victory points go to the side that slew a unit; `aos adjust`
    records what happened at the table and scores only when told who slew the models."""
    state = demo_game()
    act(state, "adjust", unit="chainrasps", wounds=2, reason="a spell the tool did not see")
    assert state.unit("chainrasps").models == 18
    assert state.first_blood is None
    assert [s.victory_points for s in state.sides] == [0, 0]
    act(state, "adjust", unit="chainrasps", models=-1, by="Player One")
    assert state.unit("chainrasps").models == 17
    assert state.first_blood == 0


# --------------------------------------------------------------------------- 7. generals


def test_aos2_p19_a_general_chosen_in_battle_generates_a_command_trait() -> None:
    """p.19: if a new general must be selected during a battle, generate a trait for them at
    once: the Stardrake falls, the Lord-Relictor is picked and rolls 1, Shielded by Faith."""
    state = demo_game()
    act(state, "adjust", unit="stardrake", models=-1)
    act(state, "general", [1], unit="lord-relictor")
    relictor = state.unit("lord-relictor")
    assert relictor.general
    assert [e.name for e in relictor.effects][-1] == "Shielded by Faith"


def test_aos2_p3_the_general_is_a_model_set_up_on_the_battlefield() -> None:
    """p.3: after set-up one of the models set up is the general; a unit in reserve is not,
    and a general slain is succeeded by a model on the battlefield, any model when no Hero
    is left (not only Heroes)."""
    setup = build_setup(bundled_armies(), "first-blood")
    with pytest.raises(InputError, match="is the general"):
        put_in_reserve(setup, ["Lord-Celestant on Stardrake"])
    assert general_candidates(setup["sides"][0])[0]["id"] == "stardrake"
    put_in_reserve(setup, ["Liberators"])
    assert "liberators" not in [u["id"] for u in general_candidates(setup["sides"][0])]
    assert "judicators" in [u["id"] for u in general_candidates(setup["sides"][0])]
    state = new_game(setup)
    act(state, "priority", [6, 1], answers={"take-first": True})
    for hero in ("lord-relictor", "lord-castellant", "knight-incantor"):
        act(state, "adjust", unit=hero, models=-1)
    act(state, "adjust", unit="stardrake", models=-1)
    successor = next(u for u in state.sides[0].units if u.general)
    assert successor.on_battlefield and successor.spec.id != "liberators"


def test_aos2_p4_an_army_without_a_hero_uses_no_command_abilities() -> None:
    """p.4: if your army has a Hero, you can use command abilities: with every Hero slain,
    At the Double is refused though a command point is in hand."""
    state = demo_game()
    for hero in ("lord-relictor", "lord-castellant", "knight-incantor", "stardrake"):
        act(state, "adjust", unit=hero, models=-1)
    to_phase(state, "movement", 0)
    assert state.sides[0].command_points >= 1
    with pytest.raises(RuleError, match="has no Hero"):
        act(
            state, "run", unit="liberators", at_the_double=True,
            answers={"in-command-range": True},
        )  # fmt: skip


# --------------------------------------------------------------------------- 9. moments


def test_aos2_p4_an_ability_at_the_end_of_a_phase_ends_it() -> None:
    """An ability used at the end of a phase (Captured Soul Energy: at the end of the combat
    phase) comes after the phase's other actions: once it is used, no unit fights."""
    state = in_combat("liberators")
    source = SeededDice(4)
    apply_action(
        state, "fight", {"unit": "liberators", "target": "chainrasps"}, source,
        RecordedAnswers({"cover": False}),
    )  # fmt: skip
    apply_action(
        state, "ability",
        {"unit": "spirit-torment", "ability": "Captured Soul Energy", "target": "knight-of-shrouds"},
        source, RecordedAnswers({"target-in-range": True}),
    )  # fmt: skip
    with pytest.raises(RuleError, match="is ending"):
        act(state, "fight", unit="chainrasps", target="liberators", answers={"engaged": True})


def test_aos2_p4_an_ability_at_the_start_of_a_phase_comes_before_any_other_action() -> None:
    """An ability used at the start of a phase is refused once another action was taken in
    it (Inspiring Presence has its own check: at the start of the battleshock phase)."""
    state = demo_game()
    to_phase(state, "movement", 0)
    relictor = state.unit("lord-relictor")
    ability = replace(relictor.spec.abilities[0], step="start", phase="movement")
    check_moment(state, ability)
    act(state, "move", unit="liberators")
    with pytest.raises(RuleError, match="at the start of the movement phase"):
        check_moment(state, ability)


# --------------------------------------------------------------------------- 6. Night March


def test_aos2_p12_night_march_limits_spells_and_missiles_to_12_inches() -> None:
    """p.12 Ill Met by Moonlight, Night March: in the first battle round missile weapons and
    spells reach 12" at most: Arcane Bolt asks about 12" (not 18"), and a shot is refused
    when the target is farther."""
    state = new_game(build_setup(bundled_armies(), "ill-met-by-moonlight"))
    act(state, "priority", [6, 1], answers={"take-first": True})
    with pytest.raises(RuleError, match='within 12"'):
        act(state, "cast", unit="knight-incantor", spell="Arcane Bolt", target="chainrasps")
    to_phase(state, "shooting", 0)
    with pytest.raises(RuleError, match='reach 12" at most'):
        act(
            state, "shoot", unit="judicators", target="chainrasps",
            answers={"within-night-march": False},
        )  # fmt: skip


# --------------------------------------------------------------------------- 8. set-up


def test_aos2_p12_coalition_reserves_arrive_from_round_two() -> None:
    """p.12 (Coalition of Death): any unit may wait in reserve and arrives in its movement
    phase from the second battle round, without a roll; arriving is its move."""
    setup = build_setup(bundled_armies(), "ill-met-by-moonlight")
    put_in_reserve(setup, ["Chainrasp Horde", "Liberators"])  # not only Scions of the Storm
    state = new_game(setup)
    act(state, "priority", [6, 1], answers={"take-first": True})
    to_phase(state, "movement", 0)
    with pytest.raises(RuleError, match="arrives from battle round 2"):
        act(state, "arrive", unit="liberators")
    state.round = 2  # the second battle round's movement phase (its turns are not the point)
    act(state, "arrive", unit="liberators")
    assert not state.unit("liberators").in_reserve and state.unit("liberators").moved
