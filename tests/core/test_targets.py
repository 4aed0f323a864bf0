"""Whom spells, prayers and abilities may pick, checked before any die is rolled (AoS2 §15,
§21, the Lord-Relictor and Lord-Castellant warscrolls; 40k8 §5), and uses "instead of" one
another sharing one limit."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from aos_cli.app.setup import ONCE_PER, build_setup
from aos_cli.app.start import bundled_armies
from aos_cli.core.actions import RecordedAnswers, apply_action
from aos_cli.core.dice import ScriptedDice
from aos_cli.core.effects import HealOnSave, RollModifier
from aos_cli.core.errors import AosError, InputError
from aos_cli.core.state import GameState
from aos_cli.core.turn import new_game
from tests.core.test_abilities import IN_RANGE, act
from tests.systems.harness import snapshot, to_phase


@pytest.fixture(scope="module")
def setup() -> dict[str, Any]:
    return build_setup(bundled_armies(), "first-blood")


def refused(state: GameState, kind: str, match: str, **payload: Any) -> None:
    """The action is refused, and before any die was rolled."""
    source = ScriptedDice([6, 6, 6, 6])
    with pytest.raises(AosError, match=match):
        apply_action(state, kind, payload, source, RecordedAnswers(payload.pop("answers", {})))
    assert source.remaining == 4, "a die was rolled before the target was checked"


def stormcast_hero_phase(setup: dict[str, Any]) -> GameState:
    state = new_game(setup)
    act(state, "priority", [6, 1])
    assert state.active_side == 0 and state.phase == "hero"
    return state


@pytest.fixture
def game(setup: dict[str, Any]) -> GameState:
    """Round one, the Stormcast player's hero phase."""
    return stormcast_hero_phase(setup)


def with_keywords(setup: dict[str, Any], unit_id: str, *keywords: str) -> dict[str, Any]:
    """The set-up with keywords added to one unit (a Chaos army is not bundled)."""
    changed = copy.deepcopy(setup)
    for side in changed["sides"]:
        for unit in side["units"]:
            if unit["id"] == unit_id:
                unit["keywords"] = [*unit["keywords"], *keywords]
    return changed


# --------------------------------------------------------------------------- prayers (item 8)


@pytest.mark.parametrize("friendly", ["lord-relictor", "liberators"])
def test_lord_relictor_warscroll_lightning_storm_picks_an_enemy_unit(
    game: GameState, friendly: str
) -> None:
    """Lord-Relictor, Lightning Storm: "pick an enemy unit within 12"" - never itself or a
    friendly unit (it struck its own Lord-Relictor and Liberators)."""
    refused(
        game, "ability", "not an enemy", unit="lord-relictor", ability="lightning-storm",
        target=friendly, answers=IN_RANGE,
    )  # fmt: skip
    assert game.unit(friendly).wounds_on_damaged == 0 and not game.unit(friendly).effects


def test_lord_relictor_warscroll_lightning_storm_asks_the_range(game: GameState) -> None:
    """Lightning Storm's enemy unit must be within 12" of the Lord-Relictor (asked)."""
    refused(
        game, "ability", "not within 12", unit="lord-relictor", ability="lightning-storm",
        target="chainrasps", answers={"target-in-range": False},
    )  # fmt: skip


def test_lord_relictor_warscroll_healing_storm_needs_the_model_picked(game: GameState) -> None:
    """Healing Storm: "pick a friendly STORMCAST ETERNAL model within 12"" - named, not the
    Lord-Relictor by default (it healed 0 while the Stardrake had 2 wounds)."""
    game.unit("stardrake").wounds_on_damaged = 2
    refused(game, "ability", "needs --target", unit="lord-relictor", ability="healing-storm")
    refused(
        game, "ability", "not friendly", unit="lord-relictor", ability="healing-storm",
        target="chainrasps", answers=IN_RANGE,
    )  # fmt: skip
    act(
        game, "ability", [4, 4], unit="lord-relictor", ability="healing-storm",
        target="stardrake", answers=IN_RANGE,
    )  # fmt: skip
    assert game.unit("stardrake").wounds_on_damaged == 0  # a 4 on the D3 heals 2


def test_lord_relictor_warscroll_lightning_storm_instead_of_healing_storm(
    game: GameState,
) -> None:
    """Lord-Relictor: it "cannot pray for a lightning storm and a healing storm in the same
    turn" - the two prayers share one limit."""
    act(
        game, "ability", [1], unit="lord-relictor", ability="lightning-storm",
        target="chainrasps", answers=IN_RANGE,
    )  # fmt: skip
    refused(
        game, "ability", "already used Lightning Storm or Healing Storm this turn",
        unit="lord-relictor", ability="healing-storm", target="lord-relictor",
    )  # fmt: skip


# --------------------------------------------------------------------------- Warding Lantern


def test_lord_castellant_warscroll_warding_lantern_picks_chaos_or_stormcast(
    game: GameState,
) -> None:
    """Warding Lantern: "pick either a CHAOS unit or a STORMCAST ETERNAL unit within 12"" (it
    gave a Chainrasp Horde +1 save)."""
    refused(
        game, "ability", "CHAOS or STORMCAST ETERNAL unit", unit="lord-castellant",
        ability="warding-lantern", target="chainrasps", answers=IN_RANGE,
    )  # fmt: skip
    assert not game.unit("chainrasps").effects


def test_lord_castellant_warscroll_warding_lantern_wounds_a_chaos_unit(
    setup: dict[str, Any],
) -> None:
    """Warding Lantern: a CHAOS unit suffers a mortal wound and is not shielded (the
    Nighthaunt's Deathless Spirits ward rolls a 1)."""
    game = stormcast_hero_phase(with_keywords(setup, "chainrasps", "CHAOS"))
    act(
        game, "ability", [1], unit="lord-castellant", ability="warding-lantern",
        target="chainrasps", answers=IN_RANGE,
    )  # fmt: skip
    chainrasps = game.unit("chainrasps")
    assert chainrasps.models == 19 and not chainrasps.effects


def test_lord_castellant_warscroll_warding_lantern_d3_on_a_chaos_daemon_unit(
    setup: dict[str, Any],
) -> None:
    """Warding Lantern: "CHAOS DAEMON units ... suffer D3 mortal wounds instead" (the
    Nighthaunt's Deathless Spirits ward rolls 1, 2 and 3: none negated)."""
    game = stormcast_hero_phase(with_keywords(setup, "chainrasps", "CHAOS", "DAEMON"))
    act(
        game, "ability", [5, 1, 2, 3], unit="lord-castellant", ability="warding-lantern",
        target="chainrasps", answers=IN_RANGE,
    )  # fmt: skip
    assert game.unit("chainrasps").models == 17  # a 5 on the D3 is 3 mortal wounds


def test_lord_castellant_warscroll_warding_lantern_shields_a_stormcast_unit(
    game: GameState,
) -> None:
    """Warding Lantern: a STORMCAST ETERNAL unit adds 1 to its save rolls."""
    act(
        game, "ability", unit="lord-castellant", ability="warding-lantern",
        target="liberators", answers=IN_RANGE,
    )  # fmt: skip
    assert [e.effects for e in game.unit("liberators").effects] == [
        (RollModifier("save", 1), HealOnSave(7))
    ]
    assert game.unit("liberators").models == 10


# --------------------------------------------------------------------------- spells (item 9)


@pytest.fixture
def nighthaunt(setup: dict[str, Any]) -> GameState:
    """Round one, the Nighthaunt player's hero phase."""
    state = new_game(setup)
    act(state, "priority", [1, 6])
    assert state.active_side == 1 and state.phase == "hero"
    return state


def test_aos2_s15_arcane_bolt_refuses_a_friendly_target_before_the_roll(
    nighthaunt: GameState,
) -> None:
    """AoS2 §15 Arcane Bolt picks an enemy unit: `aos cast guardian-of-souls "Arcane Bolt"
    --target chainrasps` (its own side) is refused before the casting roll."""
    refused(
        nighthaunt, "cast", "not an enemy", wizard="guardian-of-souls", spell="Arcane Bolt",
        target="chainrasps",
    )  # fmt: skip
    assert nighthaunt.pending_spell is None and not nighthaunt.spells_attempted


def test_aos2_s15_mystic_shield_refuses_an_enemy_target_before_the_roll(
    nighthaunt: GameState,
) -> None:
    """AoS2 §15 Mystic Shield picks a friendly unit."""
    refused(
        nighthaunt, "cast", "not friendly", wizard="guardian-of-souls", spell="Mystic Shield",
        target="liberators",
    )  # fmt: skip


@pytest.mark.parametrize(
    ("spell", "target"), [("Arcane Bolt", "liberators"), ("Mystic Shield", "chainrasps")]
)
def test_aos2_s15_arcane_bolt_and_mystic_shield_ask_the_18_inch_range(
    nighthaunt: GameState, spell: str, target: str
) -> None:
    """AoS2 §15: Arcane Bolt and Mystic Shield pick a unit "within 18" of the caster and
    visible to it": the caster is asked, and a "no" refuses the cast before the casting roll
    (no spell attempted, no die rolled)."""
    refused(
        nighthaunt, "cast", 'is not within 18" of Guardian of Souls.* or not visible to it',
        wizard="guardian-of-souls", spell=spell, target=target,
        answers={"target-in-range": False},
    )  # fmt: skip
    assert nighthaunt.pending_spell is None and not nighthaunt.spells_attempted
    refused(
        nighthaunt, "cast", 'needs to know: is .* within 18" of Guardian of Souls.* and visible to it',
        wizard="guardian-of-souls", spell=spell, target=target,
    )  # fmt: skip


def test_aos2_s15_a_spell_in_range_is_cast(nighthaunt: GameState) -> None:
    """AoS2 §15: a "yes" to the range question lets the casting roll go ahead (the spell
    then waits for the Stormcast wizards' unbind attempt)."""
    act(
        nighthaunt, "cast", [4, 3], wizard="guardian-of-souls", spell="Arcane Bolt",
        target="liberators", answers=IN_RANGE,
    )  # fmt: skip
    assert nighthaunt.pending_spell is not None
    assert nighthaunt.pending_spell.target == "liberators"


def test_nighthaunt_warscroll_spectral_lure_picks_a_friendly_summonable_unit(
    nighthaunt: GameState,
) -> None:
    """Guardian of Souls, Spectral Lure: "a friendly SUMMONABLE NIGHTHAUNT unit" - not an
    enemy, not a friendly hero."""
    for target, match in (("liberators", "not friendly"), ("spirit-torment", "is not one")):
        refused(
            nighthaunt, "cast", match, wizard="guardian-of-souls", spell="Spectral Lure",
            target=target, answers=IN_RANGE,
        )  # fmt: skip


def test_40k8_s5_3_smite_refuses_a_friendly_target_before_the_psychic_test() -> None:
    """40k8 §5.3: Smite strikes an enemy unit; a friendly target is refused before the test."""
    state = new_game(snapshot("wh40k8_armies.yaml"))
    act(state, "priority", [], first=0)
    to_phase(state, "psychic")
    refused(
        state, "cast", "not an enemy", wizard="plaguecaster", spell="Smite",
        target="plague-marines",
    )  # fmt: skip


def test_an_ability_that_picks_no_other_unit_refuses_a_target(game: GameState) -> None:
    """An ability declared for its own unit (the default) lands on no other unit."""
    with pytest.raises(AosError, match="itself"):
        act(game, "ability", unit="stardrake", ability="sigmarite-thundershield",
            target="chainrasps")  # fmt: skip


def test_a_target_must_be_named_when_the_ability_picks_one(game: GameState) -> None:
    with pytest.raises(InputError, match="an enemy unit within 12"):
        act(game, "ability", unit="lord-relictor", ability="lightning-storm")


# --------------------------------------------------------------------------- limits


def changed_ability(
    setup: dict[str, Any], unit_id: str, ability_id: str, **values: Any
) -> dict[str, Any]:
    """The set-up with one ability of one unit changed (for limits no bundled one has)."""
    changed = copy.deepcopy(setup)
    for side in changed["sides"]:
        for unit in side["units"]:
            for ability in unit["abilities"] if unit["id"] == unit_id else ():
                if ability["id"] == ability_id:
                    ability.update(values)
    return changed


def test_aos2_s21_once_per_battle_round_spans_both_turns(setup: dict[str, Any]) -> None:
    """An ability usable "once per battle round" is not used again in the other player's turn
    of the same round (the set-up counted it per turn)."""
    assert ONCE_PER["once_per_battle_round"] == "round"
    game = stormcast_hero_phase(
        changed_ability(
            setup, "lord-relictor", "lightning-storm", once_per="round", phase=None, turn="any"
        ),
    )
    storm = {"unit": "lord-relictor", "ability": "lightning-storm", "target": "chainrasps"}
    act(game, "ability", [1], **storm, answers=IN_RANGE)
    act(game, "next")
    to_phase(game, "hero", {})  # the Nighthaunt player's hero phase, same battle round
    assert game.active_side == 1 and game.round == 1
    refused(game, "ability", "this battle round", **storm, answers=IN_RANGE)


def test_aos2_s7_1_a_command_ability_for_the_general_only(setup: dict[str, Any]) -> None:
    """AoS2 §7.1: some command abilities are usable only by your general."""
    changed = changed_ability(setup, "stardrake", "lord-of-the-celestial-host", general_only=True)
    for unit in changed["sides"][0]["units"]:
        unit["general"] = unit["id"] == "lord-relictor"
    game = stormcast_hero_phase(changed)
    with pytest.raises(AosError, match="only the general"):
        act(game, "command", ability="Lord of the Celestial Host", unit="stardrake")
