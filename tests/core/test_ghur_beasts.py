"""Ghur's monstrous beasts played by the game (issue 26): Monstrous Beasts, Beasts of Ghur and
Territory of Beasts, each test named after the seed's page (seed 000 p.16, Realm of Battle:
Ghur; AoS2 §24.2 in the digest)."""

from __future__ import annotations

from typing import Any

import pytest

from aos_cli.app.setup import build_setup
from aos_cli.app.start import bundled_armies
from aos_cli.core.actions import RecordedAnswers, apply_action
from aos_cli.core.dice import ScriptedDice, SeededDice
from aos_cli.core.errors import RuleError
from aos_cli.core.events import BeastRollOff, BeastSetUp, PreyChosen, event_from_data
from aos_cli.core.guide import options
from aos_cli.core.state import GameState
from aos_cli.core.turn import new_game
from aos_cli.views.events import note_lines

BEAST: dict[str, Any] = {
    "id": "test-beast",
    "name": "Test Beast",
    "warscroll": "test-beast",
    "models": 1,
    "wounds": 10,
    "save": 4,
    "bravery": 6,
    "move": "10",
    "keywords": ["DESTRUCTION", "MONSTER"],
    "weapons": [
        {
            "id": "jaws",
            "name": "Jaws",
            "kind": "melee",
            "range": 2,
            "attacks": "3",
            "to_hit": "4+",
            "to_wound": "3+",
            "rend": -1,
            "damage": "2",
        },
    ],
}
"""A Monster that is not a Hero, as its warscroll's snapshot."""


def beast(name: str = "Test Beast", **changes: Any) -> dict[str, Any]:
    """The test Monster under another id and name, or with other fields."""
    slug = name.lower().replace(" ", "-")
    return {**BEAST, "id": slug, "name": name, **changes}


def act(state: GameState, kind: str, dice: list[int] | None = None, **payload: Any) -> None:
    """Apply one action with exactly these dice (all must be used) and answers."""
    answers = payload.pop("answers", {})
    source = ScriptedDice(dice or [])
    apply_action(state, kind, payload, source, RecordedAnswers(dict(answers)))
    assert source.remaining == 0, f"{kind} left dice unused"


def game(realmscape: str = "savage-hinterlands", revision: int | None = None) -> GameState:
    """The demo armies in a battle in Ghur, before the first battle round."""
    snapshot = build_setup(bundled_armies(), "first-blood", realm="ghur", realmscape=realmscape)
    if revision is not None:
        snapshot["rules_revision"] = revision
    return new_game(snapshot)


def told(state: GameState) -> str:
    return " ".join(note_lines(state.notes))


CLEAR = {"beast-clear": True}


def test_p16_ghur_monstrous_beast_is_set_up_after_set_up_in_turn() -> None:
    """p.16 Monstrous Beasts: after set-up each player can set up a Monster that is not a Hero,
    starting with the player that finished setting up their army first; it is part of neither
    army until the battle round begins."""
    state = game()
    first = next(i for i, s in enumerate(state.sides) if s.finished_setup_first)
    with pytest.raises(RuleError, match="sets up the next monstrous beast first"):
        act(state, "beast", unit=beast(), side=1 - first, answers=CLEAR)
    act(state, "beast", unit=beast(), answers=CLEAR)
    assert [b.spec.id for b in state.beasts] == ["test-beast"]
    assert "test-beast" not in [u.spec.id for u in state.units()]  # part of neither army
    assert "sets up Test Beast, part of neither army" in told(state)
    act(state, "beast", none=True)
    assert "sets up no monstrous beast" in told(state)
    with pytest.raises(RuleError, match="every monstrous beast allowed has been set up"):
        act(state, "beast", unit=beast("Other Beast"), answers=CLEAR)


def test_p16_ghur_monstrous_beast_must_be_a_monster_that_is_not_a_hero() -> None:
    """p.16: a monstrous beast is a Monster that is not a Hero."""
    state = game()
    with pytest.raises(RuleError, match="must be a Monster that is not a Hero"):
        act(state, "beast", unit=beast(keywords=["MONSTER", "HERO"]), answers=CLEAR)
    with pytest.raises(RuleError, match="must be a Monster that is not a Hero"):
        act(state, "beast", unit=beast(keywords=["DESTRUCTION"]), answers=CLEAR)
    with pytest.raises(RuleError, match="already a unit with the id"):
        act(state, "beast", unit=beast(id="liberators"), answers=CLEAR)


def test_p16_ghur_monstrous_beast_is_set_up_more_than_9_inches_away() -> None:
    """p.16: more than 9" from any other monstrous beast and from models of either army."""
    state = game()
    with pytest.raises(RuleError, match='more than 9"'):
        act(state, "beast", unit=beast(), answers={"beast-clear": False})
    assert state.beasts == []


def test_p16_ghur_monstrous_beast_only_before_the_first_battle_round() -> None:
    """p.16: "after set-up" - once the first battle round has begun no beast is set up."""
    state = game()
    act(state, "priority", [6, 1], answers={"take-first": True})
    with pytest.raises(RuleError, match="before the first battle round"):
        act(state, "beast", unit=beast(), answers=CLEAR)


def test_p16_ghur_monstrous_beast_not_outside_ghur_nor_in_older_games() -> None:
    """Monstrous Beasts are Ghur's; a game set up before BEASTS_REVISION has none."""
    plain = new_game(build_setup(bundled_armies(), "first-blood"))
    with pytest.raises(RuleError, match="only in battles in Ghur"):
        act(plain, "beast", unit=beast(), answers=CLEAR)
    older = game(revision=7)
    with pytest.raises(RuleError, match="only in battles in Ghur"):
        act(older, "beast", unit=beast(), answers=CLEAR)
    assert not [o for o in options(older) if o.kind == "beast"]


def with_beast(realmscape: str = "savage-hinterlands") -> GameState:
    """A Ghur battle with one monstrous beast set up by the first player, the other declined."""
    state = game(realmscape)
    act(state, "beast", unit=beast(), answers=CLEAR)
    act(state, "beast", none=True)
    return state


def test_p16_ghur_monstrous_beast_joins_the_army_opposing_its_prey() -> None:
    """p.16: at the start of each battle round the beast's prey is the army with the unit
    closest to it; for the rest of the round it joins the opposing army."""
    state = with_beast()
    answers = {"take-first": True, "prey-tie:test-beast": False, "prey-nearer:test-beast": True}
    act(state, "priority", [6, 1], answers=answers)
    monster = state.unit("test-beast")
    assert monster.beast and monster.prey == 0 and monster.side == 1
    assert monster in state.sides[1].units and monster not in state.sides[0].units
    said = told(state)
    assert f"hunts the army of {state.sides[0].name}" in said
    assert f"joins the army of {state.sides[1].name}" in said
    chosen = [e for e in state.events if isinstance(e, PreyChosen)]
    assert chosen and event_from_data(chosen[0].to_data()) == chosen[0]


def test_p16_ghur_monstrous_beast_swaps_sides_each_battle_round() -> None:
    """p.16: the prey can change each battle round and the beast swaps sides with it."""
    state = with_beast()
    act(state, "priority", [6, 1], answers={
        "take-first": True, "prey-tie:test-beast": False, "prey-nearer:test-beast": True,
    })  # fmt: skip
    for _ in range(12):
        if state.phase == "priority":
            break
        act(state, "next")
    act(state, "priority", [6, 1], answers={
        "take-first": True, "prey-tie:test-beast": False, "prey-nearer:test-beast": False,
    })  # fmt: skip
    monster = state.unit("test-beast")
    assert monster.prey == 1 and monster.side == 0
    assert monster in state.sides[0].units and monster not in state.sides[1].units
    # the army it left may stand within 3" of it: the game asks rather than assumes
    assert monster.may_be_engaged
    assert all(u.may_be_engaged for u in state.sides[1].units)


def test_p16_ghur_monstrous_beast_equally_close_is_a_roll_off() -> None:
    """p.16: both armies equally close: roll off; the winner picks the beast's prey."""
    state = with_beast()
    answers = {"take-first": True, "prey-tie:test-beast": True, "prey-pick:test-beast": False}
    # priority 6-1, then the prey roll-off 3-3 (again) 2-5: the second side picks
    act(state, "priority", [6, 1, 3, 3, 2, 5], answers=answers)
    monster = state.unit("test-beast")
    assert monster.prey == 1 and monster.side == 0
    rolled = [e for e in state.events if isinstance(e, BeastRollOff)]
    assert rolled[0].rolls == (3, 3, 2, 5) and rolled[0].winner == 1
    assert "3-3, 2-5" in told(state)


def test_p16_ghur_monstrous_beast_attacks_its_prey_not_its_own_army() -> None:
    """p.16: the beast may attack any unit of its prey's army, and cannot be attacked or
    charged by units of the army it has joined."""
    state = with_beast()
    act(state, "priority", [6, 1], answers={
        "take-first": True, "prey-tie:test-beast": False, "prey-nearer:test-beast": False,
    })  # fmt: skip
    monster = state.unit("test-beast")
    assert monster.side == state.active_side  # joined the side whose turn it is
    shooter = next(
        u for u in state.sides[monster.side].units
        if not u.beast and any(w.kind == "missile" for w in u.spec.weapons)
    )  # fmt: skip
    enemy = next(u for u in state.sides[monster.prey or 0].units if u.on_battlefield)
    for _ in range(6):
        if state.phase == "shooting":
            break
        act(state, "next")
    with pytest.raises(RuleError, match="not an enemy"):
        act(state, "shoot", unit=shooter.spec.id, target="test-beast",
            answers={"in-range": True, "cover": False})  # fmt: skip
    act(state, "next")
    act(state, "charge", [6, 6], unit="test-beast", answers={"distance": 5})
    assert monster.charged
    act(state, "next")
    fought = [e for e in state.events if e.kind == "attack"]
    assert not fought
    apply_action(state, "fight", {"unit": "test-beast", "target": enemy.spec.id},
                 SeededDice(1), RecordedAnswers({"cover": False}))  # fmt: skip
    assert monster.fought


def test_p16_ghur_monstrous_beast_slain_scores_for_nobody() -> None:
    """p.16: a monstrous beast is part of neither army: slaying it gives no First Blood, no
    victory points, and it never becomes an army's general."""
    state = with_beast()
    act(state, "priority", [6, 1], answers={
        "take-first": True, "prey-tie:test-beast": False, "prey-nearer:test-beast": True,
    })  # fmt: skip
    monster = state.unit("test-beast")
    act(state, "adjust", unit="test-beast", models=-1, by=state.sides[0].name)
    assert not monster.alive
    assert state.first_blood is None
    assert all(s.victory_points == 0 for s in state.sides)


def test_p16_ghur_beasts_of_ghur_roll_off_gives_the_winner_another_beast() -> None:
    """p.16 Beasts of Ghur (5): roll off; the winner can set up an additional monstrous beast
    using the Monstrous Beasts rule."""
    state = game("beasts-of-ghur")
    act(state, "beast", unit=beast(), answers=CLEAR)
    act(state, "beast", [2, 2, 1, 4], none=True)  # then the roll-off: 2-2, again 1-4
    assert state.beasts_winner == 1
    assert next(e for e in state.events if isinstance(e, BeastRollOff)).rolls == (2, 2, 1, 4)
    assert "Beasts of Ghur: roll-off 2-2, 1-4" in told(state)
    with pytest.raises(RuleError, match="sets up the next monstrous beast first"):
        act(state, "beast", unit=beast("Second Beast"), side=0, answers=CLEAR)
    act(state, "beast", unit=beast("Second Beast"), answers=CLEAR)
    assert [b.side for b in state.beasts] == [0, 1]
    with pytest.raises(RuleError, match="every monstrous beast allowed"):
        act(state, "beast", none=True)


def test_p16_ghur_territory_of_beasts_gives_each_player_another_beast() -> None:
    """p.16 Territory of Beasts (6): both players can set up an additional monstrous beast."""
    state = game("territory-of-beasts")
    for name in ("One", "Two", "Three", "Four"):
        act(state, "beast", unit=beast(f"Beast {name}"), answers=CLEAR)
    assert [b.side for b in state.beasts] == [0, 1, 0, 1]
    with pytest.raises(RuleError, match="every monstrous beast allowed"):
        act(state, "beast", none=True)


def test_p16_ghur_savage_hinterlands_still_has_one_beast_each() -> None:
    """p.16: Monstrous Beasts is a rule of every battle in Ghur; results 1-4 add no beast."""
    state = game("hungering-animus")
    act(state, "beast", unit=beast(), answers=CLEAR)
    act(state, "beast", unit=beast("Beast Two"), answers=CLEAR)
    with pytest.raises(RuleError, match="every monstrous beast allowed"):
        act(state, "beast", none=True)


def test_p16_ghur_monstrous_beast_offered_by_the_guide_in_turn() -> None:
    """The guide lists setting up a beast (or none) to the player whose turn it is, before
    the priority roll, and no longer once every beast allowed is set up."""
    state = game()
    first = next(i for i, s in enumerate(state.sides) if s.finished_setup_first)
    offered = [o for o in options(state) if o.kind == "beast"]
    assert [o.side for o in offered] == [first, first]
    assert any(o.payload.get("none") for o in offered)
    act(state, "beast", none=True)
    act(state, "beast", none=True)
    assert not [o for o in options(state) if o.kind == "beast"]
    assert [o for o in options(state) if o.kind == "priority"]


def test_p16_ghur_beast_events_read_back() -> None:
    """The beast's events are stored with their fields and read back the same."""
    state = game()
    act(state, "beast", unit=beast(), answers=CLEAR)
    found = [e for e in state.events if isinstance(e, BeastSetUp)]
    assert found and event_from_data(found[0].to_data()) == found[0]


def test_p16_ghur_monstrous_beast_counts_in_no_army_losses_nor_as_general() -> None:
    """p.16: "They are not part of either army": a slain beast is not counted in its joined
    army's losses (the share of models lost decides a battle), nor picked as a new general."""
    from aos_cli.core.scoring import losses

    state = with_beast()
    act(state, "priority", [6, 1], answers={
        "take-first": True, "prey-tie:test-beast": False, "prey-nearer:test-beast": True,
    })  # fmt: skip
    state.sides[1].general_slain = True
    with pytest.raises(RuleError, match="part of neither army"):
        act(state, "general", unit="test-beast")
    before = losses(state, 1, final=False)
    act(state, "adjust", unit="test-beast", models=-1, by=state.sides[0].name)
    assert losses(state, 1, final=False) == before
