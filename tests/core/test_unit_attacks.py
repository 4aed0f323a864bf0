"""A unit's attacks in the game, read against the rules (issue 12, items 1-7 and 23): attacks
from the models still alive, a champion's bonus once, every structured effect reaching its
roll and only the weapons it names, set-up choices, wards against mortal wounds, abilities that
add attacks or modifiers, realmscape and scenery effects, the general and the damage table."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
import yaml

from aos_cli.app.setup import build_setup
from aos_cli.core.ability_effects import RerollOther
from aos_cli.core.actions import RecordedAnswers, apply_action
from aos_cli.core.aos_engine import AOS_ENGINE, AosAttack
from aos_cli.core.attack import Attack, WeaponProfile
from aos_cli.core.dice import Reroll, ScriptedDice, SeededDice, parse_dice
from aos_cli.core.effects import (
    Ethereal,
    ExtraAttacks,
    RerollRoll,
    RollModifier,
    TargetInfo,
    compile_effects,
)
from aos_cli.core.errors import AosError
from aos_cli.core.state import GameState
from aos_cli.core.turn import new_game
from aos_cli.views.events import note_lines

STORMCAST = "Stormcast Eternals"


def army(tmp_path: Path, name: str, units: list[dict[str, Any]], **extra: Any) -> Path:
    """Write an army list for the test and return its path."""
    path = tmp_path / f"{name}.yaml"
    data = {"schema_version": 1, "army": {"name": name, "player": name, "system": "aos2",
                                          "units": units, **extra}}  # fmt: skip
    path.write_text(yaml.safe_dump(data))
    return path


def game(
    tmp_path: Path,
    ours: list[dict[str, Any]],
    theirs: list[dict[str, Any]] | None = None,
    ours_extra: dict[str, Any] | None = None,
    **setup: Any,
) -> GameState:
    """A game of First Blood between two small armies; Stormcast (side 0) goes first."""
    enemy = theirs or [
        {"id": "knight-of-shrouds", "warscroll": "Knight of Shrouds", "general": True},
        {"id": "chainrasps", "warscroll": "Chainrasp Horde", "models": 10},
    ]
    if not any(u.get("general") for u in enemy):
        enemy = [{**enemy[0], "general": True}, *enemy[1:]]
    if not any(u.get("general") for u in ours):
        ours = [*ours, {"id": "lord-relictor", "warscroll": "Lord-Relictor", "general": True}]
    paths = [
        army(tmp_path, "Stormcast", ours, **(ours_extra or {})),
        army(tmp_path, "Ghosts", enemy),
    ]
    state = new_game(build_setup(paths, "first-blood", dice=SeededDice(3), **setup))
    act(state, "priority", [5, 2], first=0)
    return state


def act(state: GameState, kind: str, dice: list[int] | None = None, **payload: Any) -> None:
    """Apply one action with scripted dice (every die used), or seeded dice when none given."""
    answers = payload.pop("answers", {})
    source: Any = ScriptedDice(dice) if dice is not None else SeededDice(7)
    apply_action(state, kind, payload, source, RecordedAnswers(dict(answers)))
    if dice is not None:
        assert source.remaining == 0, f"{kind} left dice unused"


def to_phase(state: GameState, phase: str) -> None:
    while state.phase != phase:
        act(state, "next", [])


def attacks_made(state: GameState) -> int:
    """The attacks of the last attack, from its note."""
    line = next(n for n in reversed(note_lines(state.notes)) if "→" in n and not n.startswith(" "))
    found = re.search(r"(\d+) attacks?\b", line)
    assert found, line
    return int(found.group(1))


def fight(state: GameState, unit: str, target: str, **extra: Any) -> None:
    unit_state = state.unit(unit)
    unit_state.fought = False
    unit_state.reset_attacks()  # to fight again: every weapon attacks each time (AoS2 p.6)
    state.combat_to_pick = None
    answers = {"engaged": True, "cover": False, "others-within-3": False}  # + Sweeping Tail
    answers |= extra.pop("answers", {})
    act(state, "fight", unit=unit, target=target, answers=answers, **extra)


def expected(state: GameState) -> float:
    return float(state.attack_log[-1]["expected"])


def mean_of(*attacks: Attack, save: int) -> float:
    return AOS_ENGINE.mean(AosAttack(tuple(attacks), TargetInfo(save)))


def profile(
    models: int, attacks: str, hit: int, wound: int, rend: int, damage: str
) -> WeaponProfile:
    return WeaponProfile(parse_dice(attacks), hit, wound, rend, parse_dice(damage), models)


LIBERATORS = {"id": "liberators", "warscroll": "Liberators", "models": 10,
              "weapons": {"warhammer": 8, "grandhammer": 2}, "command_models": ["champion"]}  # fmt: skip


# --------------------------------------------------------------------------- item 1


@pytest.mark.parametrize(("models", "attacks"), [(10, 21), (8, 17), (5, 11), (1, 3)])
def test_aos2_s20_3_attacks_come_from_the_models_alive_and_the_champion_once(
    tmp_path: Path, models: int, attacks: int
) -> None:
    """AoS2 §20.3 (champions) and §14.1: each model alive attacks with what it carries, the
    Liberator-Prime's extra attack counts once; ordinary models are removed first, the
    champion and special weapons last."""
    state = game(tmp_path, [LIBERATORS])
    to_phase(state, "combat")
    state.unit("liberators").models = models
    fight(state, "liberators", "chainrasps")
    assert attacks_made(state) == attacks


@pytest.mark.parametrize(("models", "attacks"), [(10, 19), (8, 15), (1, 1)])
def test_aos2_s20_3_a_champion_attacks_with_its_own_weapon_only(
    tmp_path: Path, models: int, attacks: int
) -> None:
    """AoS2 §20.3: the Extoller of Shyish fights with a Death-knell Scythe instead of a
    Slasher Scythe; nobody else carries one."""
    theirs = [{"id": "reapers", "warscroll": "Grimghast Reapers", "models": 10,
               "command_models": ["champion"]}]  # fmt: skip
    state = game(tmp_path, [LIBERATORS], theirs)
    to_phase(state, "combat")
    state.unit("reapers").models = models
    fight(state, "reapers", "liberators")
    assert attacks_made(state) == attacks


def test_aos2_s14_1_judicators_at_three_models_shoot_three_times(tmp_path: Path) -> None:
    """AoS2 §14.1: three Judicators left (the Prime, the Shockbolt Bow and one more) shoot
    three arrows, not four."""
    judicators = {"id": "judicators", "warscroll": "Judicators", "models": 5,
                  "weapons": {"skybolt-bow": 4, "shockbolt-bow": 1}, "command_models": ["champion"]}  # fmt: skip
    state = game(tmp_path, [judicators])
    to_phase(state, "shooting")
    state.unit("judicators").models = 3
    act(state, "shoot", unit="judicators", target="chainrasps",
        answers={"engaged": False, "cover": False, "in-range": True})  # fmt: skip
    assert attacks_made(state) == 3


def test_aos2_s20_3_odds_by_warscroll_count_the_champion_and_show_the_profile(
    run_cli: Any,
) -> None:
    """AoS2 §20.3: `aos odds attack --unit` includes the champion's extra attack and says
    which models, weapons and attacks it used."""
    import json

    result = run_cli("odds", "attack", "--unit", "liberators", "--models", "10", "--save", "4+",
                     "--json")  # fmt: skip
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    used = data["profiles"]
    assert sum(p["attacks"] for p in used) == 21
    assert any(p["models"] == 1 and "Prime" in p["name"] for p in used)
    text = run_cli("odds", "attack", "--unit", "liberators", "--models", "10", "--save", "4+")
    assert "Liberator-Prime" in text.stdout and "21 attacks" in text.stdout


# --------------------------------------------------------------------------- item 2


def test_aos2_s14_4_a_triggered_save_reroll_reaches_the_save(tmp_path: Path) -> None:
    """Sigmarite Thundershield (warscroll): save rolls of 1 for the Stardrake are rerolled,
    though the ability's timing names a trigger ("when a save roll is made")."""
    stardrake = {"id": "stardrake", "warscroll": "Lord-Celestant on Stardrake", "general": True,
                 "weapons": {"celestine-hammer": 1}}  # fmt: skip
    state = game(tmp_path, [stardrake])
    to_phase(state, "combat")
    fight(state, "knight-of-shrouds", "stardrake")
    sword = Attack(
        profile(1, "4", 3, 3, -1, "2"), compile_effects([RerollRoll("save", Reroll.ONES)])
    )
    assert expected(state) == pytest.approx(mean_of(sword, save=3))


def test_aos2_s14_4_sigmarite_shields_reroll_save_rolls_of_one(tmp_path: Path) -> None:
    """Sigmarite Shields (Liberators warscroll): save rolls of 1 are rerolled."""
    state = game(tmp_path, [LIBERATORS])
    to_phase(state, "combat")
    fight(state, "knight-of-shrouds", "liberators")
    sword = Attack(
        profile(1, "4", 3, 3, -1, "2"), compile_effects([RerollRoll("save", Reroll.ONES)])
    )
    assert expected(state) == pytest.approx(mean_of(sword, save=4))


def test_aos2_s21_an_effect_the_game_cannot_apply_is_an_error_at_set_up() -> None:
    """AoS2 §21: a warscroll's structured effect is applied, never skipped; one that cannot be
    applied stops the game's set-up with a message naming the unit and the ability."""
    from tests.core.test_actions import setup as small_setup

    data = small_setup()
    unit = data["sides"][0]["units"][0]
    unit["abilities"] = [*unit.get("abilities", []), {
        "id": "broken", "name": "Broken Rule", "kind": "ability", "passive": True,
        "effects": [{"type": "reroll", "roll": "save", "which": "sometimes"}]}]  # fmt: skip
    with pytest.raises(AosError, match="Broken Rule"):
        new_game(data)


# --------------------------------------------------------------------------- item 3


def test_aos2_lord_of_the_celestial_host_rerolls_only_the_named_weapons(tmp_path: Path) -> None:
    """Lord of the Celestial Host (Lord-Celestant on Stardrake warscroll): failed wound rolls
    are rerolled for the Great Claws, not for the Celestine Hammer."""
    stardrake = {"id": "stardrake", "warscroll": "Lord-Celestant on Stardrake", "general": True,
                 "weapons": {"celestine-hammer": 1}}  # fmt: skip
    state = game(tmp_path, [stardrake])
    act(state, "command", ability="Lord of the Celestial Host", unit="stardrake")
    to_phase(state, "combat")
    fight(state, "stardrake", "knight-of-shrouds")
    hammer = Attack(profile(1, "3", 3, 2, -1, "D3"), compile_effects([Ethereal()]))
    claws = Attack(
        profile(1, "4", 3, 3, -1, "D3"),
        compile_effects([Ethereal(), RerollRoll("wound", Reroll.FAILED)]),
    )
    assert expected(state) == pytest.approx(mean_of(hammer, claws, save=4))


# --------------------------------------------------------------------------- item 4


def test_aos2_s25_strife_ender_adds_an_attack_to_the_bearers_weapon(tmp_path: Path) -> None:
    """AoS2 §25 (artefacts), Strife-ender: the Lord-Castellant's halberd gets +1 Attacks."""
    castellant = {"id": "lord-castellant", "warscroll": "Lord-Castellant", "general": True,
                  "artefact": "strife-ender"}  # fmt: skip
    state = game(tmp_path, [castellant], ours_extra={"allegiance": STORMCAST})
    to_phase(state, "combat")
    fight(state, "lord-castellant", "chainrasps")
    assert attacks_made(state) == 4


def test_aos2_s25_a_command_trait_is_in_force_on_the_general(tmp_path: Path) -> None:
    """AoS2 §25 (command traits): Zealous Crusader is in the game, on the general, with its
    reroll of charge rolls; Shielded by Faith's ward works against mortal wounds."""
    castellant = {"id": "lord-castellant", "warscroll": "Lord-Castellant", "general": True}
    state = game(tmp_path, [castellant],
                 ours_extra={"allegiance": STORMCAST, "command_trait": "zealous-crusader"})  # fmt: skip
    general = state.unit("lord-castellant")
    names = [e.name for e in general.effects]
    assert "Zealous Crusader" in names
    effects = [m for e in general.effects for m in e.effects]
    assert RerollOther("charge") in effects


def test_aos2_s25_set_up_choices_show_in_status_and_the_game(tmp_path: Path, run_cli: Any) -> None:
    """AoS2 §25: the command trait and the artefact show in `aos status` and `aos game show`."""
    castellant = {"id": "lord-castellant", "warscroll": "Lord-Castellant", "general": True,
                  "artefact": "strife-ender"}  # fmt: skip
    ours = army(tmp_path, "Stormcast", [castellant], allegiance=STORMCAST,
                command_trait="zealous-crusader")  # fmt: skip
    theirs = army(tmp_path, "Ghosts", [{"id": "knight", "warscroll": "Knight of Shrouds",
                                        "general": True}])  # fmt: skip
    made = run_cli("game", "new", "--army", str(ours), "--army", str(theirs), "--battleplan", "first-blood",
                   "--name", "choices")  # fmt: skip
    assert made.exit_code == 0, made.stderr
    for command in (("status",), ("game", "show", "--game", "choices"), ("game", "report")):
        shown = run_cli(*command)
        assert shown.exit_code == 0, shown.stderr
        assert "Strife-ender" in shown.stdout and "Zealous Crusader" in shown.stdout, command


# --------------------------------------------------------------------------- item 5


def test_aos2_s4_3_mystical_terrain_wards_mortal_wounds_from_spells(tmp_path: Path) -> None:
    """AoS2 §4.3 Mystical: each wound *or mortal wound* allocated within 1" is ignored on a 6,
    so an Arcane Bolt's mortal wounds get the roll too."""
    incantor = {"id": "knight-incantor", "warscroll": "Knight-Incantor", "general": True}
    theirs = [{"id": "chainrasps", "warscroll": "Chainrasp Horde", "models": 10}]
    state = game(tmp_path, [incantor], theirs, terrain=["Shrine=mystical"])
    # Casting 2D6 = 11 (D3 mortal wounds), D3 rolled 6 = 3, ward rolls 6, 6, 1: one gets through.
    act(state, "cast", [5, 6, 6, 6, 6, 1], unit="knight-incantor", spell="Arcane Bolt",
        target="chainrasps", answers={"mystical": True, "target-in-range": True})  # fmt: skip
    assert state.unit("chainrasps").models == 9


def test_aos2_s4_3_mystical_terrain_wards_deadly_terrain(tmp_path: Path) -> None:
    """AoS2 §4.3: Mystical protects against the mortal wounds of a Deadly feature too."""
    state = game(tmp_path, [LIBERATORS], terrain=["Shrine=mystical", "Pit=deadly"])
    to_phase(state, "movement")
    # Deadly roll 1, D3 rolled 6 = 3 mortal wounds, ward rolls 6, 6, 6: all ignored.
    act(state, "move", [1, 6, 6, 6, 6], unit="liberators",
        answers={"deadly": True, "mystical": True})  # fmt: skip
    assert state.unit("liberators").models == 10
    assert state.unit("liberators").wounds_on_damaged == 0


# --------------------------------------------------------------------------- item 6


def test_aos2_s14_fight_takes_the_attack_modifier_flags(tmp_path: Path) -> None:
    """AoS2 §14: an ability the tool cannot see is given as a flag, as with `aos roll attack`."""
    castellant = {"id": "lord-castellant", "warscroll": "Lord-Castellant", "general": True}
    state = game(tmp_path, [castellant])
    to_phase(state, "combat")
    fight(state, "lord-castellant", "chainrasps", extra_attacks=2, hit_mod=1)
    assert attacks_made(state) == 5
    halberd = Attack(profile(1, "3", 3, 3, -1, "2"),
                     compile_effects([Ethereal(), ExtraAttacks(2), RollModifier("hit", 1)]))  # fmt: skip
    assert expected(state) == pytest.approx(mean_of(halberd, save=5))


def test_inescapable_vengeance_adds_attacks_after_a_charge(tmp_path: Path) -> None:
    """Inescapable Vengeance (Lord-Celestant warscroll): after a charge move, one extra attack
    with each melee weapon; none without a charge."""
    celestant = {"id": "lord-celestant", "warscroll": "Lord-Celestant", "general": True}
    state = game(tmp_path, [celestant])
    to_phase(state, "combat")
    fight(state, "lord-celestant", "chainrasps")
    assert attacks_made(state) == 6
    state.unit("lord-celestant").charged = True
    fight(state, "lord-celestant", "chainrasps")
    assert attacks_made(state) == 8


def test_lay_low_the_tyrants_adds_one_to_hit_against_wounds_five(tmp_path: Path) -> None:
    """Lay Low the Tyrants (Liberators warscroll): +1 to hit against a unit with Wounds 5+
    (the Knight of Shrouds), not against Chainrasps."""
    liberators = {**LIBERATORS, "models": 5, "weapons": {"warhammer": 5}, "command_models": []}
    state = game(tmp_path, [liberators])
    to_phase(state, "combat")
    fight(state, "liberators", "knight-of-shrouds")
    warhammers = Attack(profile(5, "2", 4, 3, 0, "1"),
                        compile_effects([Ethereal(), RollModifier("hit", 1)]))  # fmt: skip
    assert expected(state) == pytest.approx(mean_of(warhammers, save=4))


# --------------------------------------------------------------------------- item 7


def assert_halberd_rerolls_hit_ones(state: GameState) -> None:
    """The Lord-Castellant fights the (Ethereal) Chainrasps rerolling its hit rolls of 1."""
    fight(state, "lord-castellant", "chainrasps")
    halberd = Attack(
        profile(1, "3", 3, 3, -1, "2"),
        compile_effects([Ethereal(), RerollRoll("hit", Reroll.ONES)]),
    )
    assert expected(state) == pytest.approx(mean_of(halberd, save=5))


def test_aos2_s24_2_reckless_aggression_rerolls_hit_rolls_of_one_after_a_charge(
    tmp_path: Path,
) -> None:
    """AoS2 §24.2, Ghur's Reckless Aggression: units that made a charge move this turn
    reroll hit rolls of 1."""
    castellant = {"id": "lord-castellant", "warscroll": "Lord-Castellant", "general": True}
    state = game(tmp_path, [castellant], realm="ghur", realmscape="reckless-aggression")
    to_phase(state, "charge")
    state.unit("lord-castellant").charged = True  # within 3" after its charge: no mortal wound
    to_phase(state, "combat")
    assert_halberd_rerolls_hit_ones(state)


def test_aos2_s4_3_damned_terrain_sacrifice_then_reroll_hit_rolls_of_one(tmp_path: Path) -> None:
    """AoS2 §4.3 Damned: at the start of your hero phase a unit within 1" may suffer D3
    mortal wounds to reroll hit rolls of 1 until your next hero phase."""
    castellant = {"id": "lord-castellant", "warscroll": "Lord-Castellant", "general": True}
    state = game(tmp_path, [castellant], terrain=["Altar=damned"])
    act(state, "sacrifice", [4], unit="lord-castellant", answers={"damned": True})
    assert state.unit("lord-castellant").wounds_on_damaged == 2
    to_phase(state, "combat")
    assert_halberd_rerolls_hit_ones(state)


# --------------------------------------------------------------------------- item 23


def test_aos2_s5_3_a_slain_general_is_no_longer_flagged_general(tmp_path: Path) -> None:
    """AoS2 §5.3: when the general is slain another model takes its place; the slain one is
    no longer the general."""
    castellant = {"id": "lord-castellant", "warscroll": "Lord-Castellant", "general": True}
    relictor = {"id": "lord-relictor", "warscroll": "Lord-Relictor"}
    state = game(tmp_path, [castellant, relictor])
    act(state, "adjust", unit="lord-castellant", wounds=6)
    assert not state.unit("lord-castellant").general
    assert state.unit("lord-relictor").general
    act(state, "general", unit="lord-relictor")
    assert state.unit("lord-relictor").general


def test_aos2_s20_4_the_move_note_reads_the_damage_table(tmp_path: Path) -> None:
    """AoS2 §20.4: a badly hurt Stardrake moves 8", as its damage table says, not 12"."""
    stardrake = {"id": "stardrake", "warscroll": "Lord-Celestant on Stardrake", "general": True,
                 "weapons": {"celestine-hammer": 1}}  # fmt: skip
    state = game(tmp_path, [stardrake])
    state.unit("stardrake").wounds_on_damaged = 12
    to_phase(state, "movement")
    act(state, "move", [], unit="stardrake")
    assert 'Move 8"' in note_lines(state.notes)[-1]


def test_aos2_s5_3_a_general_removed_as_whole_models_passes_on_too(tmp_path: Path) -> None:
    """AoS2 §5.3: a general removed without wounds (a correction, a model fleeing) is replaced
    as one slain by wounds is."""
    castellant = {"id": "lord-castellant", "warscroll": "Lord-Castellant", "general": True}
    relictor = {"id": "lord-relictor", "warscroll": "Lord-Relictor"}
    state = game(tmp_path, [castellant, relictor])
    act(state, "adjust", unit="lord-castellant", models=-1)
    assert not state.unit("lord-castellant").general
    assert state.unit("lord-relictor").general


def test_aos2_s12_an_abilitys_bravery_modifier_reaches_the_battleshock_test() -> None:
    """AoS2 §12: a Bravery modifier of an ability (here wrapped in a condition that holds, the
    first battle round) counts in the battleshock test, not only lasting effects' ones."""
    from tests.core.test_actions import setup as small_setup

    data = small_setup()
    chainrasps = next(u for u in data["sides"][1]["units"] if u["id"] == "chainrasps")
    chainrasps["abilities"] = [*chainrasps.get("abilities", []), {
        "id": "steadfast", "name": "Steadfast Dead", "kind": "ability", "usage": "unlimited",
        "effects": [{"type": "conditional", "condition": "first_battle_round", "effects": [
            {"type": "characteristic_modifier", "characteristic": "bravery", "amount": 2}]}]}]  # fmt: skip
    state = new_game(data)
    act(state, "priority", [5, 2])
    to_phase(state, "shooting")
    act(state, "shoot", [3, 4, 5, 6, 1, 3, 3, 3, 2, 5, 4, 4], unit="judicators",
        target="chainrasps", answers={"cover": False, "engaged": False})  # fmt: skip
    to_phase(state, "battleshock")
    # roll 6 + 2 slain = 8 against Bravery 6 + 2 + 1 (18 models) = 9: nobody flees
    act(state, "battleshock", [6])
    assert state.unit("chainrasps").models == 18


# --------------------------------------------------------------------------- issue 12 remainder


def lantern_on_liberators(tmp_path: Path) -> GameState:
    """The Lord-Castellant's Warding Lantern on the Liberators, one of them already wounded,
    and a single Chainrasp left to attack them."""
    castellant = {"id": "lord-castellant", "warscroll": "Lord-Castellant", "general": True}
    state = game(tmp_path, [castellant, LIBERATORS])
    act(state, "ability", unit="lord-castellant", ability="warding-lantern",
        target="liberators", answers={"target-in-range": True})  # fmt: skip
    state.unit("liberators").wounds_on_damaged = 1
    state.unit("chainrasps").models = 1
    to_phase(state, "combat")
    return state


def test_aos2_s27_2_warding_lantern_save_rolls_of_7_or_more_heal(tmp_path: Path) -> None:
    """AoS2 §27.2 Lord-Castellant, Warding Lantern: "each time you make a save roll of 7 or
    more for that unit, one model in the unit heals a wound". Two attacks hit (4, 4) and wound
    (5, 5); the saves are 6 (+1 = 7: saved, and the wounded Liberator heals) and 2 (failed, 1
    damage): the heal comes first, so the damaged Liberator is not slain."""
    state = lantern_on_liberators(tmp_path)
    fight(state, "chainrasps", "liberators", dice=[4, 4, 5, 5, 6, 2])
    liberators = state.unit("liberators")
    assert (liberators.models, liberators.wounds_on_damaged) == (10, 1)
    assert any("heals 1 wound" in note for note in note_lines(state.notes)), note_lines(state.notes)


def test_aos2_s27_2_warding_lantern_heals_only_on_7_after_modifiers(tmp_path: Path) -> None:
    """AoS2 §27.2: a save roll of 5 (+1 = 6) saves but heals nothing, so the failed save's
    damage slays the wounded Liberator."""
    state = lantern_on_liberators(tmp_path)
    fight(state, "chainrasps", "liberators", dice=[4, 4, 5, 5, 5, 2])
    liberators = state.unit("liberators")
    assert (liberators.models, liberators.wounds_on_damaged) == (9, 0)


STARDRAKE_WITH_BLADE = {"id": "stardrake", "warscroll": "Lord-Celestant on Stardrake",
                        "general": True, "weapons": {"stormbound-blade": 1}}  # fmt: skip


def test_aos2_s25_strife_ender_blesses_the_bearers_own_melee_weapon(tmp_path: Path) -> None:
    """AoS2 §25, Strife-ender: "Pick one of this Hero's melee weapons"; a weapon used by a mount
    cannot be picked. The Lord-Celestant with a Stormbound Blade: the blade gets +1 Attacks (4),
    not the Celestine Hammer it does not carry nor the Stardrake's Great Claws (4): 8 attacks."""
    stardrake = {**STARDRAKE_WITH_BLADE, "artefact": "strife-ender"}
    state = game(tmp_path, [stardrake], ours_extra={"allegiance": STORMCAST})
    choice = state.unit("stardrake").spec.choices[0]
    assert (choice["weapon"], choice["weapon_name"]) == ("stormbound-blade", "Stormbound Blade")
    to_phase(state, "combat")
    fight(state, "stardrake", "chainrasps")
    assert attacks_made(state) == 8


def test_aos2_s25_strife_ender_adds_two_against_a_chaos_unit(tmp_path: Path) -> None:
    """AoS2 §25, Strife-ender: "Add 2 instead if all of the weapon's attacks are directed
    against a Chaos unit": the Lord-Castellant's halberd makes 3 + 2 attacks at a CHAOS unit."""
    castellant = {"id": "lord-castellant", "warscroll": "Lord-Castellant", "general": True,
                  "artefact": "strife-ender"}  # fmt: skip
    state = game(tmp_path, [castellant], ours_extra={"allegiance": STORMCAST})
    chainrasps = state.unit("chainrasps")
    chainrasps.spec = replace(chainrasps.spec, keywords=(*chainrasps.spec.keywords, "CHAOS"))
    to_phase(state, "combat")
    fight(state, "lord-castellant", "chainrasps")
    assert attacks_made(state) == 5
    fight(state, "lord-castellant", "knight-of-shrouds")
    assert attacks_made(state) == 4


def test_aos2_s25_champion_of_the_realms_one_weapon_of_the_generals_own(tmp_path: Path) -> None:
    """AoS2 §25, Champion of the Realms: "Choose one of your general's weapon profiles (it
    cannot be a weapon used by a mount)": +1 Attacks to the Stormbound Blade named in the army
    list (4), the Great Claws keep 4 - it added 1 to every weapon (9 attacks)."""
    state = game(tmp_path, [STARDRAKE_WITH_BLADE], ours_extra={
        "allegiance": STORMCAST, "command_trait": "champion-of-the-realms",
        "command_trait_weapon": "Stormbound Blade"})  # fmt: skip
    to_phase(state, "combat")
    fight(state, "stardrake", "chainrasps")
    assert attacks_made(state) == 8


@pytest.mark.parametrize(
    ("extra", "unit_extra", "message"),
    [
        (
            {"command_trait": "champion-of-the-realms", "command_trait_weapon": "great-claws"},
            {},
            "army.command_trait_weapon: Champion of the Realms picks one of Lord-Celestant on "
            "Stardrake's own weapons (not its mount's): Celestine Hammer",
        ),
        (
            {},
            {"artefact": "strife-ender", "artefact_weapon": "Stormbound Blade"},
            "army.units[0].artefact_weapon: Strife-ender picks one of Lord-Celestant on "
            "Stardrake's own melee weapons (not its mount's): Celestine Hammer",
        ),
        (
            {"command_trait": "zealous-crusader", "command_trait_weapon": "celestine-hammer"},
            {},
            "army.command_trait_weapon: Zealous Crusader blesses no weapon",
        ),
    ],
)
def test_aos2_s25_a_blessed_weapon_is_the_bearers_own(
    tmp_path: Path, extra: dict[str, Any], unit_extra: dict[str, Any], message: str
) -> None:
    """AoS2 §25: a command trait or artefact that blesses a weapon picks one the bearer
    carries, never its mount's; a choice that blesses none takes no weapon."""
    from aos_cli.content import ContentProblems, load_army, load_database

    stardrake = {"id": "stardrake", "warscroll": "Lord-Celestant on Stardrake",
                 "general": True, **unit_extra}  # fmt: skip
    path = army(tmp_path, "Stormcast", [stardrake], allegiance=STORMCAST, **extra)
    with pytest.raises(ContentProblems) as raised:
        load_army(path, load_database())
    assert any(message in str(p) for p in raised.value.problems), raised.value.problems


def with_triumph(state: GameState, side: int, name: str) -> None:
    """Give a side a triumph as the set-up wizard records it (AoS2 §16)."""
    from aos_cli.app.setup_steps import triumph_record
    from aos_cli.content import load_database

    table = load_database().rulesets["aos2"].table("triumphs-2e")
    assert table is not None
    state.sides[side].triumph = triumph_record(next(r for r in table.rows if r.name == name))


CASTELLANT = {"id": "lord-castellant", "warscroll": "Lord-Castellant", "general": True}


def test_aos2_s16_inspired_rerolls_failed_hits_for_the_phase_once(tmp_path: Path) -> None:
    """AoS2 §16 Inspired: "once per battle, when a unit is about to shoot or fight, declare it
    inspired: it may re-roll all failed hit rolls until the end of that phase". The halberd's
    hit rolls 1, 2, 3: the 1 and 2 are rerolled (4, 5), three hits; six Chainrasps slain."""
    state = game(tmp_path, [CASTELLANT])
    with_triumph(state, 0, "Inspired")
    to_phase(state, "combat")
    fight(state, "lord-castellant", "chainrasps", triumph=True,
          dice=[1, 2, 3, 4, 5, 3, 3, 3, 1, 1, 1])  # fmt: skip
    assert state.unit("chainrasps").models == 4
    assert state.sides[0].triumph_used
    assert [e.name for e in state.unit("lord-castellant").effects] == ["Inspired"]
    with pytest.raises(AosError, match="already used its triumph, Inspired"):
        fight(state, "lord-castellant", "chainrasps", triumph=True)
    act(state, "next", [])
    assert not state.unit("lord-castellant").effects  # until the end of that phase


def test_aos2_s16_indomitable_rerolls_failed_saves_of_the_target(tmp_path: Path) -> None:
    """AoS2 §16 Indomitable: declared for a unit about to make save rolls (the target of an
    attack): the Lord-Castellant rerolls its failed saves (2, 2 -> 4, 1): one wound, 2 damage."""
    state = game(tmp_path, [CASTELLANT])
    with_triumph(state, 0, "Indomitable")
    to_phase(state, "combat")
    with pytest.raises(AosError, match="about to make save rolls"):
        fight(state, "lord-castellant", "chainrasps", triumph=True)
    assert not state.sides[0].triumph_used
    fight(state, "knight-of-shrouds", "lord-castellant", target_triumph=True,
          dice=[3, 3, 3, 3, 3, 3, 3, 3, 2, 2, 5, 6, 4, 1])  # fmt: skip
    assert state.unit("lord-castellant").wounds_on_damaged == 2


def test_aos2_s16_a_side_without_a_triumph_declares_none(tmp_path: Path) -> None:
    """AoS2 §16: only an army that won a major victory in its last battle has a triumph."""
    state = game(tmp_path, [CASTELLANT])
    to_phase(state, "combat")
    with pytest.raises(AosError, match="has no triumph"):
        fight(state, "lord-castellant", "chainrasps", triumph=True)


def test_aos2_s16_the_triumph_shows_in_status_the_game_and_the_report(
    tmp_path: Path, run_cli: Any
) -> None:
    """AoS2 §16: the triumph is shown, once per battle, then used once `aos fight --triumph`
    declares it; the unit has it in force."""
    from aos_cli.app.setup_steps import triumph_record
    from aos_cli.content import load_database
    from aos_cli.store import Store

    paths = [army(tmp_path, "Stormcast", [CASTELLANT]),
             army(tmp_path, "Ghosts", [{"id": "chainrasps", "warscroll": "Chainrasp Horde",
                                        "models": 10, "general": True}])]  # fmt: skip
    setup = build_setup(paths, "first-blood", dice=SeededDice(3))
    table = load_database().rulesets["aos2"].table("triumphs-2e")
    assert table is not None
    setup["sides"][0]["triumph"] = triumph_record(table.rows[0])
    db = str(tmp_path / "games.sqlite3")
    with Store(Path(db)) as store:
        store.create_game("triumph", setup, "aos2")
    views = (("status",), ("game", "show", "--game", "triumph"), ("game", "report"))

    def shown() -> str:
        outputs = [run_cli(*view, "--db", db) for view in views]
        assert all(o.exit_code == 0 for o in outputs), [o.stderr for o in outputs]
        return "\n".join(o.stdout for o in outputs)

    assert shown().count("Inspired") >= 3 and "once per battle" in shown()
    assert run_cli("priority", "--first", "Stormcast", "--db", db).exit_code == 0
    for _ in range(4):
        assert run_cli("next", "--db", db).exit_code == 0
    fought = run_cli("fight", "lord-castellant", "--target", "chainrasps", "--triumph",
                     "--engaged", "--no-cover", "--seed", "1", "--db", db)  # fmt: skip
    assert fought.exit_code == 0, fought.stderr
    assert "declares its triumph, Inspired, for Lord-Castellant" in fought.stdout
    assert "triumph: Inspired, used" in shown()


def test_aos2_s27_3_thundershield_peal_on_a_successful_rerolled_save(tmp_path: Path) -> None:
    """AoS2 §27.3 Sigmarite Thundershield: "If the re-rolled save is successful ... each enemy
    unit within 3" suffers a mortal wound". Saves 1, 1, 5, 2 (4+ after rend): the ones are
    rerolled (4, 2), one of them succeeds: the Knight of Shrouds that fought it suffers 1."""
    stardrake = {"id": "stardrake", "warscroll": "Lord-Celestant on Stardrake", "general": True}
    state = game(tmp_path, [stardrake])
    to_phase(state, "combat")
    fight(state, "knight-of-shrouds", "stardrake",
          dice=[3, 3, 3, 3, 3, 3, 3, 3, 1, 1, 5, 2, 4, 2])  # fmt: skip
    assert state.unit("stardrake").wounds_on_damaged == 4
    assert state.unit("knight-of-shrouds").wounds_on_damaged == 1
    assert any("1 rerolled save succeeded" in note for note in note_lines(state.notes)), note_lines(
        state.notes
    )


def test_aos2_s27_3_thundershield_asks_whether_a_shooter_is_within_3(tmp_path: Path) -> None:
    """AoS2 §27.3: a unit that shot at the Lord-Celestant suffers the peal only when within
    3" of it (asked); here it is not."""
    stardrake = {"id": "stardrake", "warscroll": "Lord-Celestant on Stardrake", "general": True}
    judicators = {"id": "judicators", "warscroll": "Judicators", "models": 1, "general": True}
    state = game(tmp_path, [judicators], [stardrake])
    to_phase(state, "shooting")
    act(state, "shoot", [3, 3, 1, 5], unit="judicators", target="stardrake",
        answers={"cover": False, "engaged": False, "look-out-sir": False,
                 "within-3-of-target": False, "in-range": True})  # fmt: skip
    assert state.unit("judicators").models == 1
    assert any("1 rerolled save succeeded" in note for note in note_lines(state.notes)), note_lines(
        state.notes
    )


def test_aos2_s26_staunch_defender_does_not_stack_with_cover(tmp_path: Path) -> None:
    """AoS2 §26 (Stormcast command traits), Staunch Defender: +1 to save rolls if the unit did
    not charge; "this modifier does not stack with the save roll modifier for being within or
    on a terrain feature". The Lord-Castellant (3+, rend -1) in cover saves on 3+, not 2+:
    four save rolls of 2 fail and its 6 wounds are lost (it added +2 and saved them all)."""
    state = game(tmp_path, [CASTELLANT], ours_extra={
        "allegiance": STORMCAST, "command_trait": "staunch-defender"})  # fmt: skip
    to_phase(state, "combat")
    fight(state, "knight-of-shrouds", "lord-castellant", answers={"cover": True},
          dice=[3, 3, 3, 3, 3, 3, 3, 3, 2, 2, 2, 2])  # fmt: skip
    assert not state.unit("lord-castellant").alive


def test_aos2_s26_staunch_defender_saves_on_a_3_after_rend(tmp_path: Path) -> None:
    """AoS2 §26 Staunch Defender: a save roll of 3 (-1 rend, +1) saves."""
    state = game(tmp_path, [CASTELLANT], ours_extra={
        "allegiance": STORMCAST, "command_trait": "staunch-defender"})  # fmt: skip
    to_phase(state, "combat")
    fight(state, "knight-of-shrouds", "lord-castellant", answers={"cover": True},
          dice=[3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3])  # fmt: skip
    assert state.unit("lord-castellant").wounds_on_damaged == 0
