"""Age of Sigmar 2nd edition by the book (issue 26): the seed's scenery rules the game applies,
garrisons and obstacles (seed 000 p.11, AoS2 §4.4-§4.5), each named after its page."""

from __future__ import annotations

from typing import Any

import pytest

from aos_cli.app.setup import build_setup, parse_terrain
from aos_cli.app.setup_steps import put_in_garrison, put_in_reserve
from aos_cli.app.start import bundled_armies
from aos_cli.core.actions import RecordedAnswers, apply_action
from aos_cli.core.dice import SeededDice
from aos_cli.core.errors import InputError, RuleError
from aos_cli.core.guide import options
from aos_cli.core.handlers.combat import attack_spec
from aos_cli.core.state import GameState
from aos_cli.core.turn import new_game
from tests.core.test_by_the_book import act, to_phase

TOWER = "Ruined Tower=none+garrison"
WALL = "Old Wall=none+obstacle"
ENTER = {"within-6-of-feature": True, "enemy-within-3-of-feature": False}


def game(*terrain: str, garrison: tuple[str, ...] = (), revision: int | None = None) -> GameState:
    """The demo armies on First Blood with this terrain, Player One taking the first turn."""
    built = build_setup(bundled_armies(), "first-blood", terrain=list(terrain or (TOWER,)))
    put_in_garrison(built, list(garrison))
    if revision is not None:
        built["rules_revision"] = revision
    state = new_game(built)
    act(state, "priority", [6, 1], answers={"take-first": True})
    return state


def garrisoned(feature: str = "Ruined Tower", unit: str = "judicators") -> GameState:
    """`unit` of Player One garrisons the feature in its first movement phase."""
    state = game()
    to_phase(state, "movement", 0)
    act(state, "garrison", unit=unit, feature=feature, answers=ENTER)
    return state


def next_round_movement(state: GameState) -> None:
    """On to Player One's movement phase of the next battle round (Player One first again)."""
    start = state.round
    for _step in range(60):
        if state.round > start and state.phase == "movement" and state.active_side == 0:
            return
        if state.phase == "priority":
            act(state, "priority", [6, 1], answers={"take-first": True})
        else:
            apply_action(state, "next", {}, SeededDice(3), RecordedAnswers())
    raise AssertionError("never reached the next movement phase")


def shooting_at(state: GameState, attacker: str, target: str, answers: dict[str, Any]) -> Any:
    """The attack `attacker` would make with its missile weapons on `target`."""
    shooter = state.unit(attacker)
    weapons = [w for w in shooter.spec.weapons if w.kind == "missile"][:1]
    aimed = state.unit(target)
    return attack_spec(state, shooter, aimed, weapons, RecordedAnswers(answers), SeededDice(1))


# --------------------------------------------------------------------------- garrisons


def test_aos2_p11_garrison_instead_of_a_normal_move() -> None:
    """p.11 (§4.5): instead of a normal move, a unit with all its models within 6" of a
    feature that may be garrisoned, no enemy model within 3" of it, garrisons it: that is its
    move, and `aos play` offers it."""
    state = game()
    to_phase(state, "movement", 0)
    offered = {(o.kind, o.payload.get("feature")) for o in options(state)}
    assert ("garrison", "Ruined Tower") in offered
    act(state, "garrison", unit="judicators", feature="ruined tower", answers=ENTER)
    judicators = state.unit("judicators")
    assert judicators.garrison == "Ruined Tower" and judicators.moved
    with pytest.raises(RuleError, match="already moved"):
        act(state, "move", unit="judicators")


def test_aos2_p11_garrison_needs_models_within_6_and_no_enemy_within_3() -> None:
    """p.11 (§4.5): every model within 6" of the feature, and no enemy model within 3" of it;
    only a feature whose warscroll allows it; and instead of a normal move, so not from
    within 3" of an enemy (p.5)."""
    state = game(TOWER, WALL)
    to_phase(state, "movement", 0)
    with pytest.raises(RuleError, match="within 6"):
        act(state, "garrison", unit="judicators", feature="Ruined Tower",
            answers={"within-6-of-feature": False})  # fmt: skip
    with pytest.raises(RuleError, match="enemy model within 3"):
        act(state, "garrison", unit="judicators", feature="Ruined Tower",
            answers={"within-6-of-feature": True, "enemy-within-3-of-feature": True})  # fmt: skip
    with pytest.raises(RuleError, match="may be garrisoned"):
        act(state, "garrison", unit="judicators", feature="Old Wall", answers=ENTER)
    with pytest.raises(RuleError, match="must stay where it is or retreat"):
        act(state, "garrison", unit="judicators", feature="Ruined Tower",
            answers={**ENTER, "engaged": True})  # fmt: skip
    assert state.unit("judicators").garrison is None


def test_aos2_p11_garrison_models_cannot_move_or_charge() -> None:
    """p.11 (§4.5): a garrison's models attack and are attacked but cannot move: no move, run,
    retreat or charge, and the menu offers none of them."""
    state = garrisoned()
    to_phase(state, "charge", 0)
    with pytest.raises(RuleError, match="cannot move"):
        act(state, "charge", unit="judicators", answers={"distance": 5})
    next_round_movement(state)
    kinds = {o.kind for o in options(state) if o.payload.get("unit") == "judicators"}
    assert kinds == {"garrison"}
    for kind in ("move", "run", "retreat"):
        with pytest.raises(RuleError, match="cannot move"):
            act(state, kind, [3], unit="judicators", answers={"engaged": kind == "retreat"})


def test_aos2_p11_an_enemy_garrison_holds_its_feature() -> None:
    """p.11 (§4.5): a feature garrisoned by the enemy cannot be garrisoned (it counts as an
    enemy model); a slain garrison holds it no more."""
    state = garrisoned()
    to_phase(state, "movement", 1)
    with pytest.raises(RuleError, match="garrisons Ruined Tower already"):
        act(state, "garrison", unit="chainrasps", feature="Ruined Tower", answers=ENTER)
    state.unit("judicators").models = 0
    act(state, "garrison", unit="chainrasps", feature="Ruined Tower", answers=ENTER)
    assert state.unit("chainrasps").garrison == "Ruined Tower"


def test_aos2_p11_attacks_on_a_garrison_get_cover_and_minus_1_to_hit() -> None:
    """p.11 (§4.5): an attack on a garrison counts it in cover and subtracts 1 from its hit
    rolls; the game knows who garrisons, so it asks neither whether the target garrisons nor
    whether it is in cover; a unit outside any garrison gets neither."""
    state = game(garrison=("Chainrasp Horde=Ruined Tower",))
    to_phase(state, "shooting", 0)
    on_garrison = shooting_at(state, "judicators", "chainrasps", {})
    assert on_garrison.attacks[0].rules.hit_mod == -1 and on_garrison.attacks[0].rules.cover
    plain = shooting_at(state, "judicators", "spirit-hosts", {"cover": False})
    assert plain.attacks[0].rules.hit_mod == 0 and not plain.attacks[0].rules.cover


def test_aos2_p11_garrison_leaves_in_its_movement_phase() -> None:
    """p.11 (§4.5): in its own movement phase a garrison leaves its feature, set up within 6"
    of it and more than 3" from every enemy unit; that is its move (and the menu offers it)."""
    state = garrisoned()
    to_phase(state, "movement", 1)
    with pytest.raises(RuleError, match="it is Player Two's turn"):
        act(state, "garrison", unit="judicators", leave=True, answers={"room-to-leave": True})
    next_round_movement(state)
    offered = [o for o in options(state) if o.kind == "garrison" and o.payload.get("leave")]
    assert [o.payload["unit"] for o in offered] == ["judicators"]
    with pytest.raises(RuleError, match="stays in the garrison"):
        act(state, "garrison", unit="judicators", leave=True, answers={"room-to-leave": False})
    act(state, "garrison", unit="judicators", leave=True, answers={"room-to-leave": True})
    judicators = state.unit("judicators")
    assert judicators.garrison is None and judicators.moved
    with pytest.raises(RuleError, match="already moved"):
        act(state, "move", unit="judicators")


def test_aos2_p11_garrison_set_up_at_the_start_of_the_battle() -> None:
    """p.11 (§4.5): a unit may be set up garrisoning a feature at the start of the battle (the
    feature wholly within its territory, the players' to see); never one the other army
    holds, never a unit in reserve, and only a feature that may be garrisoned."""
    state = game(garrison=("Judicators=Ruined Tower",))
    assert state.unit("judicators").garrison == "Ruined Tower"
    setup = build_setup(bundled_armies(), "first-blood", terrain=[TOWER, WALL])
    with pytest.raises(InputError, match="not a feature that may be garrisoned"):
        put_in_garrison(setup, ["Judicators=Old Wall"])
    put_in_garrison(setup, ["Judicators=Ruined Tower"])
    with pytest.raises(InputError, match="of the other army garrisons"):
        put_in_garrison(setup, ["Chainrasp Horde=Ruined Tower"])
    with pytest.raises(InputError, match="garrisons Ruined Tower"):
        put_in_reserve(setup, ["Judicators"])


def test_aos2_p11_old_games_still_ask_whether_a_target_garrisons() -> None:
    """A game set up before the game kept garrisons replays as it was played: it asks."""
    state = game(revision=5)
    state.phase = "shooting"
    with pytest.raises(RuleError, match="needs to know"):
        shooting_at(state, "judicators", "chainrasps", {"cover": False})


# --------------------------------------------------------------------------- obstacles


def test_aos2_p11_obstacle_gives_missile_targets_cover() -> None:
    """p.11 (§4.4): a missile weapon's target with all its models within 1" of an obstacle,
    the attacking model closer to the obstacle than to the target, gets the benefit of
    cover; asked only when the game has an obstacle, never for a melee attack."""
    assert parse_terrain(WALL, SeededDice(1)) == {
        "name": "Old Wall", "garrison": False, "obstacle": True, "rule": "none",
    }  # fmt: skip
    with pytest.raises(InputError, match="neither garrison nor obstacle"):
        parse_terrain("Old Wall=none+wall", SeededDice(1))
    state = game(WALL)
    state.phase = "shooting"
    behind = shooting_at(state, "judicators", "chainrasps",
                         {"cover": False, "behind-obstacle": True})  # fmt: skip
    assert behind.attacks[0].rules.cover
    open_ground = shooting_at(state, "judicators", "chainrasps",
                              {"cover": False, "behind-obstacle": False})  # fmt: skip
    assert not open_ground.attacks[0].rules.cover
    with pytest.raises(RuleError, match="needs to know"):
        shooting_at(state, "judicators", "chainrasps", {"cover": False})
    no_wall = game(TOWER)
    no_wall.phase = "shooting"
    unasked = shooting_at(no_wall, "judicators", "chainrasps", {"cover": False})
    assert not unasked.attacks[0].rules.cover
