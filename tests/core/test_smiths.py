"""Gift of the Six Smiths (seed 000 p.19, Stormcast Eternals artefacts): "In each turn you can
re-roll one hit, wound or damage roll for an attack made with this weapon." Played as a rule:
one die of the blessed weapon's attack re-rolled, once per turn, by no other weapon or unit."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from aos_cli.app.setup import build_setup
from aos_cli.app.start import bundled_armies
from aos_cli.core.actions import RecordedAnswers, apply_action
from aos_cli.core.attack import Attack, OneReroll, resolve_weapon
from aos_cli.core.dice import DiceExpr, RecordingDice, Reroll, ScriptedDice, SeededDice
from aos_cli.core.effects import RerollRoll, TargetInfo, compile_effects, effect_from_mapping
from aos_cli.core.errors import ContentError, RuleError
from aos_cli.core.guards import SMITHS_REVISION
from aos_cli.core.guide import options
from aos_cli.core.legality import LEGALITY_REVISION
from aos_cli.core.smiths import can_offer
from aos_cli.core.state import GameState
from aos_cli.core.turn import new_game
from aos_cli.core.unit_attacks import unit_attacks

SMITHS = "artefact: gift-of-the-six-smiths"


def act(state: GameState, kind: str, dice: list[int] | None = None, **payload: Any) -> None:
    """Apply one action with exactly these dice (all must be used) and answers."""
    answers = payload.pop("answers", {})
    source = ScriptedDice(dice or [])
    apply_action(state, kind, payload, source, RecordedAnswers(dict(answers)))
    assert source.remaining == 0, f"{kind} left dice unused"


def to_phase(state: GameState, phase: str, side: int) -> None:
    """`next` until that phase of that side's turn."""
    for _ in range(40):
        if state.phase == phase and state.active_side == side:
            return
        act(state, "next")
    raise AssertionError(f"never reached the {phase} phase")


def setup(tmp_path: Path) -> dict[str, Any]:
    """The demo armies, the Stardrake bearing the Gift of the Six Smiths on its hammer."""
    armies = bundled_armies()
    text = armies[0].read_text()
    changed = tmp_path / armies[0].name
    changed.write_text(text.replace("artefact: strife-ender", SMITHS))
    return build_setup([changed, *armies[1:]], "first-blood")


def in_combat(tmp_path: Path, unit: str = "stardrake") -> GameState:
    """`unit` charged (5", rolled 6 and 6) in Player One's first turn; now it is the combat
    phase."""
    state = new_game(setup(tmp_path))
    act(state, "priority", [6, 1], answers={"take-first": True})
    to_phase(state, "charge", 0)
    act(state, "charge", [6, 6], unit=unit, answers={"distance": 5})
    to_phase(state, "combat", 0)
    return state


def hammer(state: GameState, attacks: int = 1) -> Attack:
    """`attacks` attacks of the Celestine Hammer (3+, 2+, -1, D3) as the game builds them."""
    stardrake = state.unit("stardrake")
    weapon = [w for w in stardrake.spec.weapons if w.id == "celestine-hammer"]
    (use,) = unit_attacks(state, stardrake, state.unit("knight-of-shrouds"), weapon,
                          RecordedAnswers(), None)  # fmt: skip
    profile = replace(use.attack.profile, attacks=DiceExpr((), attacks), models=1)
    return Attack(profile, replace(use.attack.rules, extra_attacks=0))


def test_p19_gift_of_the_six_smiths_is_an_effect_the_content_declares() -> None:
    """The artefact's row declares `reroll_one`; the effect folds into the weapon's rules."""
    effect = effect_from_mapping({"type": "reroll_one"})
    assert compile_effects([effect]).reroll_one
    assert not compile_effects([]).reroll_one
    with pytest.raises(ContentError):
        effect_from_mapping({"type": "reroll_one", "roll": "save"})


def test_p19_gift_of_the_six_smiths_rerolls_the_one_failed_hit(tmp_path: Path) -> None:
    """Three hammer attacks roll 1, 2, 5 to hit (3+): the first failed die alone is re-rolled,
    a 6; the 2 stays a miss. Then 2 wound rolls (2+) of 6, 6, saves 1, 1, Damage D3 4 and 2
    (2 and 1): 3 damage. Without the Gift the same dice give 1 hit."""
    state = new_game(setup(tmp_path))
    attack = hammer(state, 3)
    assert attack.rules.reroll_one
    one = OneReroll("hit")
    source = ScriptedDice([1, 2, 5, 6, 6, 6, 1, 1, 4, 2])
    result = resolve_weapon(attack, TargetInfo(4), source, one=one)
    assert source.remaining == 0 and one.used
    assert [(d.first, d.rerolled) for d in result.stages[0].dice] == [(1, 6), (2, None), (5, None)]
    assert (result.hits, result.wounds, result.damage) == (2, 2, 3)
    plain = resolve_weapon(attack, TargetInfo(4), ScriptedDice([1, 2, 5, 6, 1, 4]))
    assert plain.hits == 1


def test_p19_gift_of_the_six_smiths_rerolls_a_wound_or_a_damage_roll(tmp_path: Path) -> None:
    """A wound roll of 1 (2+) re-rolled 3 wounds; a Damage D3 rolled 1 (die 1) re-rolled
    (die 6) does 3. A roll named that has no die to re-roll keeps the Gift."""
    state = new_game(setup(tmp_path))
    attack = hammer(state)
    one = OneReroll("wound")
    result = resolve_weapon(attack, TargetInfo(4), ScriptedDice([4, 1, 3, 1, 4]), one=one)
    assert one.used and result.damage == 2
    one = OneReroll("damage")
    result = resolve_weapon(attack, TargetInfo(4), ScriptedDice([4, 3, 1, 1, 6]), one=one)
    assert one.used and result.damage == 3
    one = OneReroll("hit")
    result = resolve_weapon(attack, TargetInfo(4), ScriptedDice([4, 3, 1, 6]), one=one)
    assert not one.used and result.damage == 3


def test_p19_gift_of_the_six_smiths_never_rerolls_a_die_twice(tmp_path: Path) -> None:
    """AoS2 §2: a dice can never be re-rolled more than once. With failed hits re-rolled
    already, a hit of 1 re-rolled to 1 is not re-rolled by the Gift, which is kept."""
    state = new_game(setup(tmp_path))
    base = hammer(state)
    rules = replace(compile_effects([RerollRoll("hit", Reroll.FAILED)]), reroll_one=True)
    one = OneReroll("hit")
    source = ScriptedDice([1, 1])
    result = resolve_weapon(Attack(base.profile, rules), TargetInfo(4), source, one=one)
    assert source.remaining == 0 and not one.used and result.hits == 0


def test_p19_gift_of_the_six_smiths_only_for_the_blessed_weapon(tmp_path: Path) -> None:
    """Another weapon, or another unit, has no such re-roll: a weapon without the rule ignores
    the Gift in the engine, and `--smiths` is refused for the Stardrake's claws and for the
    Liberators."""
    state = in_combat(tmp_path)
    attack = hammer(state)
    plain = Attack(attack.profile, replace(attack.rules, reroll_one=False))
    one = OneReroll("hit")
    assert resolve_weapon(plain, TargetInfo(4), ScriptedDice([1]), one=one).hits == 0
    assert not one.used
    with pytest.raises(RuleError, match="no weapon that may re-roll"):
        act(state, "fight", unit="stardrake", target="chainrasps", weapon="great-claws",
            smiths="hit", answers={"cover": False})  # fmt: skip
    state = in_combat(tmp_path, "liberators")
    with pytest.raises(RuleError, match="no weapon that may re-roll"):
        act(state, "fight", unit="liberators", target="chainrasps", smiths="hit",
            answers={"cover": False})  # fmt: skip


def test_p19_gift_of_the_six_smiths_once_per_turn(tmp_path: Path) -> None:
    """The Stardrake's hammer splits its attacks (p.7): the first attack re-rolls its failed hit
    (1, then 6); the second attack at the same target in the same turn is refused the Gift;
    in the next turn it may be used again."""
    state = in_combat(tmp_path)
    stardrake = state.unit("stardrake")
    assert can_offer(state, stardrake)
    # Inescapable Vengeance D3 6, hit 1 re-rolled 6, wound 6, save 1, Damage 1, ward 1
    act(state, "fight", [6, 1, 6, 6, 1, 1, 1], unit="stardrake", target="chainrasps",
        weapon="celestine-hammer", attacks=1, smiths="hit", answers={"cover": False})  # fmt: skip
    assert not can_offer(state, stardrake)
    with pytest.raises(RuleError, match="already used Gift of the Six Smiths this turn"):
        act(state, "fight", [1], unit="stardrake", target="chainrasps",
            weapon="celestine-hammer", attacks=1, smiths="wound", answers={"cover": False})  # fmt: skip
    state.used_this_turn.clear()  # what the start of the next turn does (core.turn)
    assert can_offer(state, stardrake)


def test_p19_gift_of_the_six_smiths_replays_identically(tmp_path: Path) -> None:
    """The re-roll is stored with the action: replayed from its payload and recorded dice,
    the game comes out the same, the Gift spent alike."""
    state = in_combat(tmp_path)
    source = RecordingDice(SeededDice(11))
    applied = apply_action(
        state, "fight",
        {"unit": "stardrake", "target": "chainrasps", "weapon": "celestine-hammer",
         "smiths": "hit"},
        source, RecordedAnswers({"cover": False}),
    )  # fmt: skip
    assert applied.stored["smiths"] == "hit"
    again = in_combat(tmp_path)
    apply_action(again, "fight", applied.stored, ScriptedDice(source.rolled))
    assert again.unit("chainrasps").models == state.unit("chainrasps").models
    assert again.attack_log == state.attack_log
    assert again.used_this_turn == state.used_this_turn


def test_p19_gift_of_the_six_smiths_is_asked_in_play(tmp_path: Path) -> None:
    """`aos play` asks (`smiths: ask`) as a roll of the blessed weapon fails, while the Gift is
    unspent; the answer is stored. One attack misses (1); asked, yes: re-rolled 6; wound 6,
    save 1, Damage 2: the Chainrasps' ward (6+) rolls 1 and 1."""
    state = in_combat(tmp_path)
    fights = {o.payload["unit"]: o.payload for o in options(state) if o.kind == "fight"}
    assert fights["stardrake"].get("smiths") == "ask"
    assert "smiths" not in fights.get("liberators", {})
    source = ScriptedDice([6, 1, 6, 6, 1, 4, 1, 1])
    applied = apply_action(
        state, "fight",
        {"unit": "stardrake", "target": "chainrasps", "weapon": "celestine-hammer",
         "attacks": 1, "smiths": "ask"},
        source, RecordedAnswers({"cover": False, "smiths-hit": True}),
    )  # fmt: skip
    assert source.remaining == 0
    assert applied.stored["answers"]["smiths-hit"] is True
    assert not can_offer(state, state.unit("stardrake"))
    fights = {o.payload["unit"]: o.payload for o in options(state) if o.kind == "fight"}
    assert "smiths" not in fights.get("stardrake", {})


def test_p19_gift_of_the_six_smiths_not_in_older_games(tmp_path: Path) -> None:
    """A game set up before the rule was played replays as played: `--smiths` is refused,
    never asked."""
    assert LEGALITY_REVISION >= SMITHS_REVISION
    state = in_combat(tmp_path)
    state.rules_revision = SMITHS_REVISION - 1
    assert not can_offer(state, state.unit("stardrake"))
    with pytest.raises(RuleError, match="set up before"):
        act(state, "fight", [6], unit="stardrake", target="chainrasps", weapon="celestine-hammer",
            smiths="hit", answers={"cover": False})  # fmt: skip


def test_p19_gift_of_the_six_smiths_hit_odds_match_the_hand_value(tmp_path: Path) -> None:
    """One hammer attack (3+ to hit) with the Gift on its hit roll hits with 4/6 + 2/6 * 4/6
    = 8/9 (4/6 without): every first die and re-roll counted, 32 of 36."""
    state = new_game(setup(tmp_path))
    attack = hammer(state)
    hits = 0
    for first in range(1, 7):
        for second in range(1, 7):
            source = ScriptedDice([first, second, 2, 1, 1])
            result = resolve_weapon(attack, TargetInfo(4), source, one=OneReroll("hit"))
            hits += result.hits
    assert hits == 32
