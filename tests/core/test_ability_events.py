"""The events of abilities and spells (issue 25 item 4): what an ability's or a spell's effect
did as fields (mortal wounds, healing, its dice, effects put in force, command points, a rule to
apply at the table), each read back from its stored data and told as the sentence the game
printed before the rules returned events; and an action of them read in another language from
the store, running no rule.
"""

from __future__ import annotations

from typing import Any

import pytest

from aos_cli.core.events import (
    MAX_TEXT,
    AbilityCommandPoints,
    AbilityHealed,
    AbilityInForce,
    AbilityRolled,
    AbilityToApply,
    AbilityWounded,
    Event,
    Said,
    event_from_data,
)
from aos_cli.core.handlers.abilities import to_apply
from aos_cli.core.state import GameState
from aos_cli.core.turn import new_game
from aos_cli.language.i18n import set_language
from aos_cli.views.events import event_lines, note_lines
from tests.core.test_abilities import IN_RANGE, act


@pytest.fixture
def game(setup: dict[str, Any]) -> GameState:
    """Round one, the Stormcast player's hero phase."""
    state = new_game(setup)
    act(state, "priority", [6, 1])
    return state


@pytest.fixture(scope="module")
def setup() -> dict[str, Any]:
    from aos_cli.app.setup import build_setup
    from aos_cli.app.start import bundled_armies

    return build_setup(bundled_armies(), "first-blood")


def only(state: GameState, cls: type[Event]) -> Any:
    """The one event of a kind the last action returned, after a round trip through its
    stored data."""
    found = [e for e in state.events if isinstance(e, cls)]
    assert len(found) == 1, state.events
    assert event_from_data(found[0].to_data()) == found[0]
    return found[0]


def stored(state: GameState) -> list[str]:
    """The last action's notes that are events, read back from their stored data and told in
    the language now chosen (as `aos game log` does for a game whose notes are all events;
    casualties and scoring still write sentences of their own)."""
    return note_lines([event_from_data(e.to_data()) for e in state.notes if isinstance(e, Event)])


def test_aos2_s21_a_prayer_rolls_wounds_and_lasts_as_events(game: GameState) -> None:
    """Lightning Storm (AoS2 §21, its warscroll): a D6 on 3+, then D3 mortal wounds and -1 to
    hit until your next hero phase; each step is an event with its dice and numbers."""
    act(game, "ability", [4, 6, 1, 1, 1], unit="lord-relictor", ability="lightning-storm",
        target="chainrasps", answers=IN_RANGE)  # fmt: skip
    assert only(game, AbilityRolled) == AbilityRolled(
        "Lightning Storm", "chainrasps", "Chainrasp Horde", (4,), 3, 1
    )
    assert only(game, AbilityWounded) == AbilityWounded(
        "Lightning Storm", False, "chainrasps", "Chainrasp Horde", 1, 3
    )
    in_force = only(game, AbilityInForce)
    assert (in_force.unit_names, in_force.until) == (("Chainrasp Horde",), "your_next_hero")
    lines = stored(game)
    assert lines[:2] == [
        "Lightning Storm: rolled 4 (needs 3+).",
        "Lightning Storm: Chainrasp Horde suffers 3 mortal wounds.",
    ]
    assert "Lightning Storm is in force on Chainrasp Horde until your next hero phase." in lines
    live = note_lines(note for note in game.notes if isinstance(note, Event))
    assert lines == live  # the live notes read as the stored ones


def test_aos2_s21_an_ability_put_in_force_is_an_event(game: GameState) -> None:
    """Warding Lantern: +1 to save rolls until your next hero phase, on the unit picked."""
    act(game, "ability", unit="lord-castellant", ability="warding", target="liberators",
        answers=IN_RANGE)  # fmt: skip
    assert only(game, AbilityInForce) == AbilityInForce(
        "Warding Lantern", ("liberators",), ("Liberators",), "your_next_hero"
    )
    assert stored(game) == ["Warding Lantern is in force on Liberators until your next hero phase."]


def test_an_action_of_abilities_reads_in_hungarian_from_the_store(game: GameState) -> None:
    """The stored events of an ability read in another language without running a rule."""
    act(game, "ability", [4, 6, 1, 1, 1], unit="lord-relictor", ability="lightning-storm",
        target="chainrasps", answers=IN_RANGE)  # fmt: skip
    english = stored(game)
    set_language("hu")
    hungarian = stored(game)
    assert hungarian != english and "Chainrasp Horde" in hungarian[1]


@pytest.mark.parametrize(
    ("happened", "line"),
    [
        (AbilityWounded("Arcane Bolt", True, "a", "Liberators", 0, 1),
         "Arcane Bolt: Liberators suffers 1 mortal wound."),
        (AbilityHealed("Healing Light", "a", "Liberators", 0, 3, 2),
         "Healing Light: Liberators heals 2 wounds."),
        (AbilityRolled("Storm", "a", "Liberators", (1, 5, 3), 3, 2),
         "Storm: rolled 1 5 3 (needs 3+)."),
        (AbilityInForce("Lord of the Host", (), (), "your_next_hero"),
         "Lord of the Host is in force on no unit until your next hero phase."),
        (AbilityInForce("Shield", ("a", "b"), ("A", "B"), "battle"),
         "Shield is in force on A, B for the rest of the battle."),
        (AbilityInForce("Shield", ("a",), ("A",), "edited"),
         "Shield is in force on A this phase."),
        (AbilityCommandPoints("Rousing", 0, "Stormcast", 1, 3),
         "Rousing: Stormcast gains command points (3)."),
    ],
)  # fmt: skip
def test_each_ability_event_reads_back_and_is_told(happened: Event, line: str) -> None:
    assert event_from_data(happened.to_data()) == happened
    assert event_lines(happened) == [line]


def test_a_rule_to_apply_at_the_table_keeps_a_long_text_whole() -> None:
    """DESIGN principle 3: a rule the tool cannot apply is shown whole, with what to record,
    however long its text (kept in pieces the store reads back)."""
    text = 'Roll a D6 for each enemy unit within 3". On a 4+ it suffers 1 mortal wound. ' * 12
    reminder = to_apply("Long Rule", text)
    assert len(reminder.rule) > 1 and all(len(piece) <= MAX_TEXT for piece in reminder.rule)
    assert reminder.record == ("wounds",)
    back = event_from_data(reminder.to_data())
    assert back == reminder
    assert event_lines(back) == [
        "Long Rule: apply it at the table. " + " ".join(text.split()),
        "  Then record the wounds it deals (an adjustment of the unit hit).",
    ]
    blank = AbilityToApply("Mystery", (), ())
    assert event_lines(blank) == [
        "Mystery: apply it at the table (see its warscroll).",
        "  Then record anything it changes: wounds, slain models or command points "
        "(an adjustment).",
    ]


def test_said_notes_of_commands_read_back(game: GameState) -> None:
    """A note that is a sentence with its names (Inspiring Presence, AoS2 §7.2) is stored as
    its parts and reads back as the game printed it."""
    game.unit("chainrasps").slain_this_turn = 1
    game.phase = "battleshock"
    act(game, "command", ability="inspiring presence", unit="liberators",
        answers={"in-command-range": True})  # fmt: skip
    said = only(game, Said)
    assert str(said.text) == "Inspiring Presence: Liberators takes no battleshock test this phase."
    assert stored(game)[-1] == str(said.text)


def to_their_hero_phase(game: GameState) -> None:
    """On to the Nighthaunt player's hero phase (their wizard, the Guardian of Souls)."""
    for _ in range(6):
        act(game, "next")


def test_aos2_s15_arcane_bolt_lands_as_an_event(game: GameState) -> None:
    """AoS2 §15: a cast spell waits for an unbind; let through, Arcane Bolt deals 1 mortal
    wound (D3 on a casting roll of 10+)."""
    to_their_hero_phase(game)
    act(game, "cast", [4, 3], wizard="guardian", spell="Arcane Bolt", target="liberators",
        answers=IN_RANGE)  # fmt: skip
    assert stored(game)[-1] == "Player One may unbind with Knight-Incantor: `aos unbind`."
    act(game, "unbind", wizard=None)
    assert only(game, AbilityWounded) == AbilityWounded(
        "Arcane Bolt", True, "liberators", "Liberators", 0, 1
    )
    english = stored(game)
    assert english == [
        "No unbind attempt: Arcane Bolt takes effect.",
        "Arcane Bolt: Liberators suffers 1 mortal wound.",
    ]
    set_language("hu")
    hungarian = stored(game)
    assert hungarian != english and all("Arcane Bolt" not in line for line in hungarian)


def test_aos2_s15_a_failed_unbind_is_said_in_the_systems_words(game: GameState) -> None:
    """AoS2 §15: the unbinding roll must beat the casting roll; a tie fails."""
    to_their_hero_phase(game)
    act(game, "cast", [4, 3], wizard="guardian", spell="Arcane Bolt", target="liberators",
        answers=IN_RANGE)  # fmt: skip
    act(game, "unbind", [4, 3], wizard="knight-incantor", answers={"within-30": True})
    assert stored(game)[:2] == [
        "Knight-Incantor fails to unbind (7): Arcane Bolt takes effect.",
        "Arcane Bolt: Liberators suffers 1 mortal wound.",
    ]
