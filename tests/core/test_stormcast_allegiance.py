"""The Stormcast Eternals allegiance page and warscroll battalions of seed 000 as rules the
game applies (issue 26): the command traits Consummate Commander and Cunning Strategist
(p.19), the battalions' Lightning Strike and Martial Bond, and a battalion's organisation
(p.16). Each test is named after its page."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from aos_cli.app.setup import build_setup
from aos_cli.core.actions import RecordedAnswers, apply_action
from aos_cli.core.dice import ScriptedDice
from aos_cli.core.errors import RuleError
from aos_cli.core.state import GameState
from aos_cli.core.turn import new_game
from tests.core.test_unit_attacks import army

ENEMY = [
    {"id": "knight-of-shrouds", "warscroll": "Knight of Shrouds", "general": True},
    {"id": "chainrasps", "warscroll": "Chainrasp Horde", "models": 10},
]
CHAMBER = [
    {"id": "lord-relictor", "warscroll": "Lord-Relictor", "general": True},
    {"id": "lord-castellant", "warscroll": "Lord-Castellant"},
    {"id": "liberators", "warscroll": "Liberators", "models": 5},
    {"id": "judicators", "warscroll": "Judicators", "models": 5},
]


def act(state: GameState, kind: str, dice: list[int] | None = None, **payload: Any) -> None:
    """Apply one action with exactly these dice (all must be used) and answers."""
    answers = payload.pop("answers", {})
    source = ScriptedDice(dice or [])
    apply_action(state, kind, payload, source, RecordedAnswers(dict(answers)))
    assert source.remaining == 0, f"{kind} left dice unused"


def to_phase(state: GameState, phase: str, side: int) -> None:
    for _ in range(40):
        if state.phase == phase and state.active_side == side:
            return
        act(state, "next")
    raise AssertionError(f"never reached the {phase} phase")


def setup_of(
    tmp_path: Path, units: list[dict[str, Any]], content: list[Path] | None = None, **extra: Any
) -> dict[str, Any]:
    """The set-up of a Stormcast army (`extra`: allegiance, battalions ...) against Nighthaunt."""
    tmp_path.mkdir(parents=True, exist_ok=True)
    paths = [army(tmp_path, "Stormcast", units, **extra), army(tmp_path, "Ghosts", ENEMY)]
    return build_setup(paths, "first-blood", content_dirs=content or [])


def chamber(units: list[str], name: str = "Exemplar Chamber") -> dict[str, Any]:
    return {"battalions": [{"battalion": name, "units": units}]}


# --------------------------------------------------------------------------- p.16 organisation


def test_aos2_p16_a_battalion_keeping_its_organisation_gives_its_command_point(
    tmp_path: Path,
) -> None:
    """p.16: each warscroll battalion gives 1 command point at the start of the battle."""
    setup = setup_of(tmp_path, CHAMBER, **chamber([u["id"] for u in CHAMBER]))
    assert setup["sides"][0]["battalions"] == 1
    assert new_game(setup).sides[0].command_points == 1


def test_aos2_p16_understrength_units_cannot_be_in_a_battalion(tmp_path: Path) -> None:
    """p.16: an understrength unit (p.13) cannot be used in a warscroll battalion: the
    battalion gives no command point and no abilities, and the set-up says why."""
    units = [*CHAMBER[:2], {**CHAMBER[2], "models": 3}, CHAMBER[3]]
    setup = setup_of(tmp_path, units, **chamber([u["id"] for u in units]))
    side = setup["sides"][0]
    assert side["battalions"] == 0
    assert new_game(setup).sides[0].command_points == 0
    assert "understrength" in side["battalions_void"][0]["why"]
    assert not any(a["id"] == "lightning-strike" for u in side["units"] for a in u["abilities"])


def test_aos2_p16_a_battalion_is_two_or_more_units(tmp_path: Path) -> None:
    """p.16: a warscroll battalion consists of two or more units."""
    setup = setup_of(tmp_path, CHAMBER, **chamber(["liberators"]))
    assert setup["sides"][0]["battalions"] == 0
    assert setup["sides"][0]["battalions_void"][0]["battalion"] == "Exemplar Chamber"


def test_aos2_p16_a_battalions_units_fill_its_organisation(tmp_path: Path) -> None:
    """p.16: the organisation lists the titles or keywords of the units a battalion must
    include: a unit with no place in it, or an entry left short, voids the battalion."""
    content = tmp_path / "content"
    content.mkdir()
    record = {
        "schema_version": 1,
        "system": "aos2",
        "battalions": [
            {
                "id": "test-guard",
                "name": "Test Guard",
                "faction": "Stormcast Eternals",
                "organisation": [
                    {"entry": "Lord-Castellant", "min": 1, "max": 1},
                    {"entry": "Liberators", "min": 2, "max": 3},
                ],
            }
        ],
    }
    (content / "guard.yaml").write_text(yaml.safe_dump(record))
    units = [*CHAMBER, {"id": "more-liberators", "warscroll": "Liberators", "models": 5}]
    kept = setup_of(
        tmp_path / "a",
        units,
        [content],
        **chamber(["lord-castellant", "liberators", "more-liberators"], "Test Guard"),
    )
    assert kept["sides"][0]["battalions"] == 1
    short = setup_of(
        tmp_path / "b", units, [content], **chamber(["lord-castellant", "liberators"], "Test Guard")
    )
    assert "needs 2 Liberators" in short["sides"][0]["battalions_void"][0]["why"]
    stray = setup_of(
        tmp_path / "c",
        units,
        [content],
        **chamber(["lord-castellant", "liberators", "judicators"], "Test Guard"),
    )
    assert "no place" in stray["sides"][0]["battalions_void"][0]["why"]


# --------------------------------------------------------------------------- p.16 Lightning Strike


def arriving(tmp_path: Path, allegiance: str | None = "Stormcast Eternals") -> GameState:
    """The chamber's Liberators wait in the Celestial Realm; Stormcast's first movement phase."""
    extra: dict[str, Any] = chamber([u["id"] for u in CHAMBER])
    if allegiance:
        extra["allegiance"] = allegiance
    setup = setup_of(tmp_path, CHAMBER, **extra)
    next(u for u in setup["sides"][0]["units"] if u["id"] == "liberators")["reserve"] = True
    state = new_game(setup)
    act(state, "priority", [6, 1], answers={"take-first": True})
    to_phase(state, "movement", 0)
    return state


def test_aos2_p16_lightning_strike_adds_2_to_a_scions_of_the_storm_roll(tmp_path: Path) -> None:
    """p.16 Lightning Strike: with Stormcast Eternals allegiance the player may add 2 to the
    Scions of the Storm roll of the battalion's units: a 1 then arrives (3 or more, p.20)."""
    state = arriving(tmp_path)
    act(state, "arrive", [1], unit="liberators", answers={"add:lightning-strike": True})
    assert not state.unit("liberators").in_reserve


def test_aos2_p16_lightning_strike_may_subtract_2_to_stay_in_the_celestial_realm(
    tmp_path: Path,
) -> None:
    """p.16 Lightning Strike: or subtract 2: a 4 then does not arrive."""
    state = arriving(tmp_path)
    act(state, "arrive", [4], unit="liberators", answers={"subtract:lightning-strike": True})
    assert state.unit("liberators").in_reserve


def test_aos2_p16_lightning_strike_needs_the_stormcast_allegiance(tmp_path: Path) -> None:
    """p.16 Lightning Strike: without the Stormcast Eternals allegiance, no 2 either way: a 1
    stays a 1 and nothing is asked."""
    state = arriving(tmp_path, None)
    act(state, "arrive", [1], unit="liberators")
    assert state.unit("liberators").in_reserve


def test_aos2_p16_lightning_strike_asks_the_choice_it_gives(tmp_path: Path) -> None:
    """p.16 Lightning Strike: the choice is the player's; the tool asks for it."""
    state = arriving(tmp_path)
    with pytest.raises(RuleError, match="Lightning Strike: add 2"):
        act(state, "arrive", [2], unit="liberators")


def test_aos2_p16_lightning_strike_and_arcane_lineage_are_one_effect_type(
    tmp_path: Path,
) -> None:
    """p.16 Lightning Strike (2 either way, the battalion's own rolls) and §27.3's Arcane
    Lineage (1 either way, within 18") are one idea, a roll the holder's player may nudge:
    both are `nudge_roll`. A set-up stored with Lightning Strike as `roll_bonus` and
    `either_way` (before) is read as the same effect, so the game replays as played; the
    Lightning Strike of one unit nudges no other unit's roll."""
    from aos_cli.core.ability_effects import NudgeRoll, RollBonus, build_effect
    from aos_cli.core.roll_effects import nudgers

    legacy = {"type": "roll_bonus", "roll": "arrival", "amount": 2, "either_way": True}
    assert build_effect(legacy, "old") == NudgeRoll("arrival", 2, own=True)
    kept = {"type": "roll_bonus", "roll": "run", "amount": 1, "either_way": False}
    assert build_effect(kept, "old") == RollBonus("run", 1)
    extra: dict[str, Any] = {
        **chamber([u["id"] for u in CHAMBER]),
        "allegiance": "Stormcast Eternals",
    }
    setup = setup_of(tmp_path, CHAMBER, **extra)
    liberators = next(u for u in setup["sides"][0]["units"] if u["id"] == "liberators")
    liberators["reserve"] = True
    strike = next(a for a in liberators["abilities"] if a["id"] == "lightning-strike")
    assert [(e["type"], e["own"]) for e in strike["effects"]] == [("nudge_roll", True)]
    strike["effects"] = [legacy]  # as an older aos stored it
    state = new_game(setup)
    act(state, "priority", [6, 1], answers={"take-first": True})
    to_phase(state, "movement", 0)
    act(state, "arrive", [1], unit="liberators", answers={"add:lightning-strike": True})
    assert not state.unit("liberators").in_reserve
    assert [h.spec.id for h, _n, _e in nudgers(state, state.unit("chainrasps"), "arrival")] == []


# --------------------------------------------------------------------------- p.19 command traits

ORDERS = {
    "id": "orders",
    "name": "Orders",
    "kind": "command",
    "phase": "hero",
    "turn": "yours",
    "cost": 1,
    "general_only": True,
    "usage": "unlimited",
    "effects": [{"type": "command_points", "amount": 0}],
}
"""A command ability only the general may use (p.4), given to the Lord-Castellant."""


def commanding(tmp_path: Path, trait: str | None) -> GameState:
    """Stormcast's hero phase; the Lord-Castellant has a command ability only the general
    may use; the general (the Lord-Relictor) has `trait`."""
    extra: dict[str, Any] = {"allegiance": "Stormcast Eternals"}
    if trait:
        extra["command_trait"] = trait
    setup = setup_of(tmp_path, CHAMBER, **extra, **chamber([u["id"] for u in CHAMBER]))
    castellant = next(u for u in setup["sides"][0]["units"] if u["id"] == "lord-castellant")
    castellant["abilities"].append(ORDERS)
    state = new_game(setup)
    act(state, "priority", [6, 1], answers={"take-first": True})
    return state


def test_aos2_p19_consummate_commander_lets_another_hero_command_as_the_general(
    tmp_path: Path,
) -> None:
    """p.19 Consummate Commander: the other Hero picked uses its command abilities as if it
    were the general, while the general is alive; without the trait it may not."""
    plain = commanding(tmp_path / "a", None)
    with pytest.raises(RuleError, match="only the general"):
        act(plain, "ability", unit="lord-castellant", ability="orders")
    state = commanding(tmp_path / "b", "Consummate Commander")
    act(state, "ability", unit="lord-castellant", ability="orders")
    assert state.sides[0].command_points == 1  # 1 battalion + 1 hero phase - 1 spent
    state.unit("lord-relictor").models = 0  # the general slain: the trait ends with it
    state.unit("lord-relictor").general = False
    with pytest.raises(RuleError, match="only the general"):
        act(state, "ability", unit="lord-castellant", ability="orders")


def test_aos2_p19_consummate_commander_gives_the_generals_command_range(tmp_path: Path) -> None:
    """p.19 Consummate Commander with p.4's command abilities: a unit within 12" of the Hero
    picked receives At the Double as if that Hero were the general: the tool names it."""
    state = commanding(tmp_path, "Consummate Commander")
    to_phase(state, "movement", 0)
    with pytest.raises(RuleError, match="your general or Lord-Castellant"):
        act(state, "run", [2], unit="liberators", at_the_double=True)


def strategist(tmp_path: Path) -> GameState:
    """Set up, before the first battle round; the general has Cunning Strategist."""
    extra: dict[str, Any] = {
        "allegiance": "Stormcast Eternals",
        "command_trait": "Cunning Strategist",
    }
    return new_game(setup_of(tmp_path, CHAMBER, **extra))


def test_aos2_p19_cunning_strategist_moves_d3_units_before_the_first_round(tmp_path: Path) -> None:
    """p.19 Cunning Strategist: once both armies are set up, before the first battle round,
    D3 friendly Stormcast Eternals units may each move up to 5": a 3 on the dice is 2 units,
    each once; not an enemy unit; not once the first battle round has begun."""
    from aos_cli.core.guide import options

    state = strategist(tmp_path)
    offered = [o.payload.get("unit") for o in options(state) if o.kind == "pre_battle_move"]
    assert offered == ["lord-relictor", "lord-castellant", "liberators", "judicators"]
    act(state, "pre_battle_move", [3], unit="liberators")
    assert state.sides[0].pre_battle_moves == 2
    with pytest.raises(RuleError, match="already made its move"):
        act(state, "pre_battle_move", unit="liberators")
    with pytest.raises(RuleError, match="no pre-battle move"):
        act(state, "pre_battle_move", unit="chainrasps")
    act(state, "pre_battle_move", unit="judicators")
    with pytest.raises(RuleError, match="rolled 2 units"):
        act(state, "pre_battle_move", unit="lord-castellant")
    fresh = strategist(tmp_path / "b")
    act(fresh, "priority", [6, 1], answers={"take-first": True})
    with pytest.raises(RuleError, match="before the first battle round"):
        act(fresh, "pre_battle_move", unit="liberators")


def test_aos2_p19_cunning_strategist_is_not_offered_without_the_trait(tmp_path: Path) -> None:
    """p.19: only a general with Cunning Strategist gives the pre-battle moves."""
    state = new_game(setup_of(tmp_path, CHAMBER, allegiance="Stormcast Eternals"))
    with pytest.raises(RuleError, match="no pre-battle move"):
        act(state, "pre_battle_move", unit="liberators")


# --------------------------------------------------------------------------- p.16 Martial Bond


def bonded(tmp_path: Path) -> GameState:
    """An Exemplar Chamber in Stormcast's first combat phase."""
    state = new_game(setup_of(tmp_path, CHAMBER, **chamber([u["id"] for u in CHAMBER])))
    act(state, "priority", [6, 1], answers={"take-first": True})
    to_phase(state, "combat", 0)
    return state


def melee_attacks(state: GameState, unit: str) -> list[int]:
    """The extra attacks each melee weapon use of the unit makes (Attacks modifiers are
    extra attacks, one per model)."""
    from aos_cli.core.unit_attacks import unit_attacks

    attacker = state.unit(unit)
    melee = [w for w in attacker.spec.weapons if w.kind == "melee"]
    found = unit_attacks(state, attacker, state.unit("chainrasps"), melee, RecordedAnswers(), None)
    return [a.attack.rules.extra_attacks for a in found]


def test_aos2_p16_martial_bond_gives_a_slain_units_comrade_1_attack(tmp_path: Path) -> None:
    """p.16 Martial Bond: when a unit of the chamber is slain in the combat phase, another unit
    of it within 10" adds 1 to the Attacks of all its melee weapons for the rest of the battle;
    once for each unit slain, and not before one is."""
    state = bonded(tmp_path)
    with pytest.raises(RuleError, match="no other unit of the battalion"):
        act(state, "ability", unit="liberators", ability="martial-bond")
    before = melee_attacks(state, "liberators")
    act(state, "adjust", unit="judicators", models=-5, answers={"slain": True})
    assert not state.unit("judicators").alive
    act(
        state,
        "ability",
        unit="liberators",
        ability="martial-bond",
        answers={"within-10:judicators": True},
    )
    after = melee_attacks(state, "liberators")
    assert before == [0] and after == [5]  # five Liberators, one more attack each
    with pytest.raises(RuleError, match="no other unit of the battalion"):
        act(state, "ability", unit="lord-castellant", ability="martial-bond")
    to_phase(state, "combat", 1)  # the next turn, the bond lasts
    assert melee_attacks(state, "liberators") == after


def test_aos2_p19_consummate_commander_generated_in_battle_picks_another_hero() -> None:
    """p.19: a general chosen during the battle generates a trait at once; a 2 is Consummate
    Commander, and another Hero on the battlefield may then command as the general."""
    from aos_cli.app.start import bundled_armies
    from aos_cli.core.guards import commands_as_general

    state = new_game(build_setup(bundled_armies(), "first-blood"))
    act(state, "priority", [6, 1], answers={"take-first": True})
    act(state, "adjust", unit="stardrake", models=-1)
    act(state, "general", [2], unit="lord-relictor")
    assert commands_as_general(state, state.unit("lord-castellant"))
    assert not commands_as_general(state, state.unit("knight-incantor"))


def test_aos2_p19_consummate_commander_picks_the_hero_the_list_names(tmp_path: Path) -> None:
    """p.19 Consummate Commander: "choose one other Hero in your army": the army list names
    it (`command_trait_pick`); a unit that is not another HERO is refused."""
    from aos_cli.content import load_database
    from aos_cli.content.loader import load_army
    from aos_cli.content.problems import ContentProblems
    from aos_cli.core.guards import commands_as_general

    units = [*CHAMBER, {"id": "knight-incantor", "warscroll": "Knight-Incantor"}]
    extra = {"allegiance": "Stormcast Eternals", "command_trait": "Consummate Commander"}
    state = new_game(setup_of(tmp_path / "a", units, **extra, command_trait_pick="knight-incantor"))
    assert commands_as_general(state, state.unit("knight-incantor"))
    assert not commands_as_general(state, state.unit("lord-castellant"))
    (tmp_path / "b").mkdir()
    path = army(tmp_path / "b", "Stormcast", units, **extra, command_trait_pick="liberators")
    with pytest.raises(ContentProblems, match="one other HERO"):
        load_army(path, load_database([]))


# --------------------------------------------------------------------------- p.16 Celestial Nimbus


def test_aos2_p16_celestial_nimbus_adds_1_to_the_chambers_hit_rolls(tmp_path: Path) -> None:
    """p.16 Celestial Nimbus: "Add 1 to the result of any hit rolls for models from a
    Harbinger Chamber" (the seed's text stops there, mid-sentence): the +1 as far as the text
    goes, for the chamber's units in shooting and combat; another army's units get none."""
    from aos_cli.core.unit_attacks import unit_attacks

    chambered = setup_of(tmp_path / "a", CHAMBER, **chamber([u["id"] for u in CHAMBER],
                                                            "Harbinger Chamber"))  # fmt: skip
    assert not chambered["sides"][0].get("battalions_void")
    alone = setup_of(tmp_path / "b", CHAMBER)
    for setup, bonus in ((chambered, 1), (alone, 0)):
        state = new_game(setup)
        judicators = state.unit("judicators")
        for kind in ("missile", "melee"):
            weapons = [w for w in judicators.spec.weapons if w.kind == kind]
            found = unit_attacks(
                state, judicators, state.unit("chainrasps"), weapons, RecordedAnswers(), None
            )
            assert {a.attack.rules.hit_mod for a in found} == {bonus}, (kind, bonus)
