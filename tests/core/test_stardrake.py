"""The Lord-Celestant on Stardrake's warscroll rules, from seed 000 (AoS2 §27.3, the
warscroll page after the Lord-Castellant's): Cavernous Jaws, Sweeping Tail, Lord of the
Heavens and Arcane Lineage are rules the game applies, or options it offers at their timing,
with their dice typed (issue 26). Each test fails where the ability was a reminder only."""

from __future__ import annotations

from typing import Any

import pytest

from aos_cli.content.effects import build_effect
from aos_cli.core.ability_effects import NudgeRoll, RollThen, RollUnderModels, WhenFighting
from aos_cli.core.actions import RecordedAnswers, apply_action
from aos_cli.core.dice import ScriptedDice
from aos_cli.core.errors import RuleError
from aos_cli.core.events import AbilityRolled, AbilityWounded, ModelsSlain, SpellAttempted
from aos_cli.core.guide import options
from aos_cli.core.state import GameState
from tests.core.test_by_the_book import act, charged, demo_game, to_phase


class Purposeful:
    """Dice that roll 1 for every roll but those whose purpose names one of `scripted`: those
    take the given dice in order (a fight's attacks miss; the ability's dice are the test's)."""

    def __init__(self, scripted: dict[str, list[int]]) -> None:
        self.scripted = {k: list(v) for k, v in scripted.items()}
        self.purposes: list[str] = []

    def roll(self, count: int, purpose: object) -> list[int]:
        said = str(purpose)
        self.purposes.append(said)
        for key, values in self.scripted.items():
            if key in said:
                taken, self.scripted[key] = values[:count], values[count:]
                assert len(taken) == count, f"ran out of {key} dice at {said}"
                return taken
        return [1] * count

    def used_up(self) -> bool:
        return all(not v for v in self.scripted.values())


def in_combat() -> GameState:
    """The Stardrake charged the Chainrasp Horde in Player One's first turn; combat phase."""
    state = charged(demo_game(), "stardrake")
    to_phase(state, "combat", 0)
    return state


def events(state: GameState, kind: type) -> list[Any]:
    return [e for e in state.events if isinstance(e, kind)]


# --------------------------------------------------------------------------- Cavernous Jaws


def test_aos2_s27_3_cavernous_jaws_swallows_a_model_when_the_roll_beats_its_wounds() -> None:
    """Cavernous Jaws: after piling in, before attacking, pick an enemy model within 3" and
    roll a dice; greater than its Wounds characteristic (a Chainrasp's 1), it is slain."""
    state = in_combat()
    chainrasps = state.unit("chainrasps")
    before = chainrasps.models
    act(state, "ability", [2], unit="stardrake", ability="cavernous-jaws", target="chainrasps",
        answers={"target-in-range": True})  # fmt: skip
    assert chainrasps.models == before - 1
    rolled = events(state, AbilityRolled)[0]
    assert (rolled.dice, rolled.needed, rolled.successes) == ((2,), 2, 1)
    assert events(state, ModelsSlain)
    act(state, "ability", [1], unit="stardrake", ability="cavernous-jaws", target="chainrasps",
        answers={"target-in-range": True})  # fmt: skip
    assert chainrasps.models == before - 1  # a 1 does not beat Wounds 1


def test_aos2_s27_3_cavernous_jaws_needs_more_than_the_models_wounds() -> None:
    """A roll equal to the model's Wounds characteristic is not greater: the Knight of
    Shrouds (Wounds 5) is swallowed on a 6 only."""
    state = in_combat()
    knight = state.unit("knight-of-shrouds")
    act(state, "ability", [5], unit="stardrake", ability="cavernous-jaws",
        target="knight-of-shrouds", answers={"target-in-range": True})  # fmt: skip
    assert knight.models == 1
    act(state, "ability", [6], unit="stardrake", ability="cavernous-jaws",
        target="knight-of-shrouds", answers={"target-in-range": True})  # fmt: skip
    assert not knight.alive


def test_aos2_s27_3_cavernous_jaws_as_many_times_as_the_damage_table_shows() -> None:
    """ "You can do this as many times as shown on the damage table": 3 with no wounds
    suffered, 1 with 12 or more (the table's last rows)."""
    state = in_combat()
    for _ in range(3):
        act(state, "ability", [1], unit="stardrake", ability="cavernous-jaws",
            target="chainrasps", answers={"target-in-range": True})  # fmt: skip
    with pytest.raises(RuleError, match="as many times this phase as its damage table allows"):
        act(state, "ability", [1], unit="stardrake", ability="cavernous-jaws",
            target="chainrasps", answers={"target-in-range": True})  # fmt: skip
    hurt = in_combat()
    hurt.unit("stardrake").wounds_on_damaged = 12
    act(hurt, "ability", [1], unit="stardrake", ability="cavernous-jaws", target="chainrasps",
        answers={"target-in-range": True})  # fmt: skip
    with pytest.raises(RuleError, match=r"damage table allows \(1\)"):
        act(hurt, "ability", [1], unit="stardrake", ability="cavernous-jaws",
            target="chainrasps", answers={"target-in-range": True})  # fmt: skip


def test_aos2_s27_3_cavernous_jaws_comes_before_the_attacks_of_the_unit_picked() -> None:
    """After this model piles in, before it attacks: not once it has attacked this phase, not
    in the enemy's pick; once used, the Stardrake has piled in and attacks before anything
    else happens (no pass, no end of the phase)."""
    state = in_combat()
    act(state, "ability", [1], unit="stardrake", ability="cavernous-jaws", target="chainrasps",
        answers={"target-in-range": True})  # fmt: skip
    with pytest.raises(RuleError, match="must first attack"):
        act(state, "pass")
    with pytest.raises(RuleError, match="must first attack"):
        act(state, "next")
    apply_action(
        state, "fight", {"unit": "stardrake", "target": "chainrasps"}, Purposeful({}),
        RecordedAnswers({"cover": False, "others-within-3": False}),
    )  # fmt: skip
    assert state.unit("stardrake").fought
    with pytest.raises(RuleError):
        act(state, "ability", [1], unit="stardrake", ability="cavernous-jaws",
            target="chainrasps", answers={"target-in-range": True})  # fmt: skip


def test_aos2_s27_3_cavernous_jaws_picks_a_model_within_3_inches() -> None:
    """ "Pick an enemy model within 3"": a unit the players say is further away is refused
    before any die is rolled."""
    state = in_combat()
    with pytest.raises(RuleError, match='not within 3"'):
        act(state, "ability", unit="stardrake", ability="cavernous-jaws", target="bladegheists",
            answers={"target-in-range": False})  # fmt: skip


def test_aos2_s27_3_cavernous_jaws_is_offered_to_the_unit_picked_to_fight() -> None:
    """`aos play` offers Cavernous Jaws at its moment (the Stardrake may fight now), and no
    longer once it has fought."""
    state = in_combat()
    labels = [str(o.label) for o in options(state)]
    assert "Lord-Celestant on Stardrake: Cavernous Jaws" in labels
    apply_action(
        state, "fight", {"unit": "stardrake", "target": "chainrasps"}, Purposeful({}),
        RecordedAnswers({"cover": False, "others-within-3": False}),
    )  # fmt: skip
    assert "Cavernous Jaws" not in " ".join(str(o.label) for o in options(state))


# --------------------------------------------------------------------------- Sweeping Tail


def test_aos2_s27_3_sweeping_tail_wounds_each_unit_whose_models_outnumber_the_roll() -> None:
    """Sweeping Tail: after all its attacks in the combat phase, a dice for each enemy unit
    within 3"; less than the number of its models, it suffers D3 mortal wounds. The unit it
    fought is within 3" (its weapons reach 2"); the others are asked."""
    state = in_combat()
    chainrasps, hosts = state.unit("chainrasps"), state.unit("spirit-hosts")
    dice = Purposeful({"Sweeping Tail against": [5, 3], "Sweeping Tail: mortal": [6]})
    answers = {"cover": False, "others-within-3": True, "within-3:spirit-hosts": True}
    answers |= {f"within-3:{u.spec.id}": False for u in state.sides[1].units
                if u.spec.id not in ("chainrasps", "spirit-hosts")}  # fmt: skip
    before = chainrasps.models
    apply_action(
        state,
        "fight",
        {"unit": "stardrake", "target": "chainrasps"},
        dice,
        RecordedAnswers(answers),
    )
    assert dice.used_up()
    wounded = events(state, AbilityWounded)
    assert [(w.source, w.unit, w.wounds) for w in wounded] == [("Sweeping Tail", "chainrasps", 3)]
    assert chainrasps.models < before  # 5 is less than 20 models; 3 is not less than 3
    assert hosts.models == 3 and hosts.wounds_on_damaged == 0


def test_aos2_s27_3_sweeping_tail_waits_for_all_the_attacks() -> None:
    """Only once the Stardrake has attacked with every melee weapon (AoS2 p.6) does its tail
    sweep: after the hammer alone nothing is rolled for it."""
    state = in_combat()
    dice = Purposeful({})
    apply_action(
        state, "fight",
        {"unit": "stardrake", "target": "chainrasps", "weapon": "celestine-hammer"},
        dice, RecordedAnswers({"cover": False}),
    )  # fmt: skip
    assert not any("Sweeping Tail" in p for p in dice.purposes)
    apply_action(
        state, "fight", {"unit": "stardrake", "target": "chainrasps", "weapon": "great-claws"},
        dice, RecordedAnswers({"cover": False, "others-within-3": False}),
    )  # fmt: skip
    assert any("Sweeping Tail" in p for p in dice.purposes)


def test_aos2_s27_3_sweeping_tail_is_in_force_not_an_option() -> None:
    """The tool applies Sweeping Tail itself: the fight option shows it in force and using
    it is refused."""
    state = in_combat()
    fight = next(
        o for o in options(state) if o.kind == "fight" and o.payload["unit"] == "stardrake"
    )
    assert "Sweeping Tail" in str(fight.label)
    with pytest.raises(RuleError, match="in force by itself"):
        act(state, "ability", unit="stardrake", ability="sweeping-tail")


# --------------------------------------------------------------------------- Lord of the Heavens


def shooting() -> GameState:
    state = demo_game()
    to_phase(state, "shooting", 0)
    return state


def test_aos2_s27_3_roiling_thunderhead_a_dice_per_model_within_18_inches() -> None:
    """Roiling Thunderhead: pick an enemy unit, a dice for each of its models within 18" of the
    Stardrake and visible to it (counted at the table); each 6 is a mortal wound."""
    state = shooting()
    # then the Nighthaunt's 6+ ward against each of the 3 mortal wounds: 1, 1, 1
    act(state, "ability", [6, 6, 1, 2, 6, 1, 1, 1], unit="stardrake",
        ability="Roiling Thunderhead", target="chainrasps",
        answers={"models-within-18:chainrasps": 5})  # fmt: skip
    rolled = events(state, AbilityRolled)[0]
    assert (rolled.dice, rolled.needed, rolled.successes) == ((6, 6, 1, 2, 6), 6, 3)
    assert sum(w.wounds for w in events(state, AbilityWounded)) == 3


def test_aos2_s27_3_rain_of_stars_a_dice_sets_how_many_units_are_picked() -> None:
    """Rain of Stars: roll a dice and choose that many enemy units on the battlefield, a dice
    for each: on 4 or more, D3 mortal wounds."""
    state = shooting()
    answers = {"pick:knight-of-shrouds": False, "pick:guardian-of-souls": True,
               "pick:spirit-torment": True}  # fmt: skip
    # 2 units; the first rolls 4, D3 is 3 (three 6+ ward rolls: 1, 1, 1); the second rolls 3
    act(state, "ability", [2, 4, 6, 1, 1, 1, 3], unit="stardrake", ability="rain-of-stars",
        answers=answers)  # fmt: skip
    rolled = events(state, AbilityRolled)
    assert [(r.unit, r.dice) for r in rolled] == [
        ("guardian-of-souls", (4,)),
        ("spirit-torment", (3,)),
    ]
    wounded = events(state, AbilityWounded)
    assert [(w.unit, w.wounds) for w in wounded] == [("guardian-of-souls", 3)]


def test_aos2_s27_3_rain_of_stars_picks_every_unit_when_the_roll_is_more() -> None:
    """With a roll as high as the enemy units left, every one is picked without asking."""
    state = shooting()
    for unit in state.sides[1].units[2:]:
        unit.models = 0
    act(state, "ability", [5, 1, 1], unit="stardrake", ability="rain-of-stars")
    assert len(events(state, AbilityRolled)) == 2


def test_aos2_s27_3_lord_of_the_heavens_one_way_once_in_your_shooting_phase() -> None:
    """Either Roiling Thunderhead or Rain of Stars, in your shooting phase: named without a
    way it is refused, and after one way the other is refused."""
    state = shooting()
    with pytest.raises(RuleError, match="one way at a time"):
        act(state, "ability", unit="stardrake", ability="lord-of-the-heavens")
    labels = [str(o.label) for o in options(state)]
    assert "Lord-Celestant on Stardrake: Lord of the Heavens: Rain of Stars" in labels
    assert "Lord-Celestant on Stardrake: Lord of the Heavens: Roiling Thunderhead" in labels
    act(state, "ability", [1], unit="stardrake", ability="Roiling Thunderhead",
        target="chainrasps", answers={"models-within-18:chainrasps": 1})  # fmt: skip
    with pytest.raises(RuleError):
        act(state, "ability", [1], unit="stardrake", ability="rain-of-stars")


def test_aos2_s27_3_roiling_thunderhead_picks_an_enemy_unit() -> None:
    state = shooting()
    with pytest.raises(RuleError):
        act(state, "ability", [1], unit="stardrake", ability="Roiling Thunderhead",
            target="liberators", answers={"models-within-18:liberators": 1})  # fmt: skip


# --------------------------------------------------------------------------- Arcane Lineage


def cast(state: GameState, dice: list[int], answers: dict[str, Any], **payload: Any) -> None:
    body = {"unit": "knight-incantor", "spell": "Arcane Bolt", "target": "chainrasps", **payload}
    act(state, "cast", dice, answers={"target-in-range": True, **answers}, **body)


def test_aos2_s27_3_arcane_lineage_adds_one_to_a_casting_roll_within_18_inches() -> None:
    """Arcane Lineage: each time a casting roll is made for a WIZARD within 18" of a
    Stardrake, its player may increase the result by 1: a 4 casts Arcane Bolt (5)."""
    state = demo_game()
    cast(state, [2, 2], {"in-aura:stardrake:arcane-lineage": True}, nudge=1)
    attempt = events(state, SpellAttempted)[0]
    assert (attempt.total, attempt.cast) == (5, True)
    assert state.pending_spell is not None and state.pending_spell.casting_roll == 5


def test_aos2_s27_3_arcane_lineage_only_within_18_inches() -> None:
    """A wizard further than 18" from every Stardrake: the change is refused."""
    with pytest.raises(RuleError, match="no ability in force"):
        cast(demo_game(), [2, 2], {"in-aura:stardrake:arcane-lineage": False}, nudge=1)
    with pytest.raises(RuleError, match="no ability in force"):
        cast(demo_game(), [2, 2], {"in-aura:stardrake:arcane-lineage": True}, nudge=2)


def test_aos2_s27_3_arcane_lineage_is_offered_once_the_roll_is_seen() -> None:
    """In `aos play` the casting option asks the Stardrake's player after the roll: add 1,
    or subtract 1 (here they subtract, and a 6 no longer casts a 6)."""
    state = demo_game()
    option = next(
        o for o in options(state) if o.kind == "cast" and o.payload["wizard"] == "knight-incantor"
    )
    assert option.payload.get("offer_nudge") is True
    answers = {"in-aura:stardrake:arcane-lineage": True, "nudge-up:0": False, "nudge-down:0": True}
    cast(state, [3, 2], answers, offer_nudge=True)
    attempt = events(state, SpellAttempted)[0]
    assert (attempt.total, attempt.cast) == (4, False)


def test_aos2_s27_3_arcane_lineage_reaches_enemy_wizards_too() -> None:
    """ "A WIZARD within 18"" of any Stardrake in your army, friend or foe: the Stardrake's
    player may subtract 1 from the enemy's casting roll."""
    state = demo_game()
    to_phase(state, "hero", 1)
    enemy = next(u for u in state.sides[1].units if u.spec.casts)
    answers = {"in-aura:stardrake:arcane-lineage": True, "nudge-up:0": False,
               "nudge-down:0": True, "target-in-range": True}  # fmt: skip
    act(state, "cast", [3, 2], unit=enemy.spec.id, spell="Arcane Bolt", target="liberators",
        offer_nudge=True, answers=answers)  # fmt: skip
    attempt = events(state, SpellAttempted)[0]
    assert (attempt.total, attempt.cast) == (4, False)


# --------------------------------------------------------------------------- the content


@pytest.mark.parametrize(
    "data",
    [
        {"type": "when_fighting", "moment": "sometime", "effects": []},
        {"type": "roll_under_models"},
        {"type": "choice", "effects": []},
        {"type": "nudge_roll", "roll": "hit"},
        {"type": "pick_units", "count": "lots", "effects": []},
    ],
)
def test_content_that_misuses_the_stardrakes_effect_types_is_refused(data: dict[str, Any]) -> None:
    """Content validation names the problem of each misused new effect type."""
    effect, problems = build_effect(data)
    assert effect is None and problems


def test_the_stardrakes_abilities_are_structured_effects_not_reminders() -> None:
    """What the warscroll's YAML declares: each of the four is now built of effects."""
    state = demo_game()
    found = {a.id: a.effects for a in state.unit("stardrake").spec.abilities}
    assert isinstance(found["cavernous-jaws"][0], WhenFighting)
    tail = found["sweeping-tail"][0]
    assert isinstance(tail, WhenFighting) and isinstance(tail.effects[0], RollUnderModels)
    assert found["arcane-lineage"] == (NudgeRoll("casting", 1, 18),)
    ways = found["lord-of-the-heavens"]
    assert isinstance(ways[0].effects[0], RollThen)  # type: ignore[attr-defined]
    assert ScriptedDice  # the dice of every roll above are typed
