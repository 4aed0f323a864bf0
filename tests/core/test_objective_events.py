"""Objective control, First Blood and an army gone are typed events (issue 25 item 4): their
facts are fields, and the views say them as the rules did, in any language."""

from __future__ import annotations

from aos_cli.core.events import (
    ArmyGone,
    Event,
    FirstBlood,
    ObjectiveCounted,
    ObjectiveHeld,
    event_from_data,
)
from aos_cli.language.i18n import set_language
from aos_cli.views.events import event_lines

EVENTS: tuple[Event, ...] = (
    FirstBlood(1, "Nighthaunt"),
    ObjectiveHeld("north", "North Objective", 0, "Stormcast", (5, 3), False),
    ObjectiveHeld("north", "North Objective", -1, "", (2, 2), False),
    ObjectiveHeld("north", "North Objective", 1, "Nighthaunt", (), True),
    ObjectiveHeld("north", "North Objective", -1, "", (), True),
    ObjectiveCounted("north", "North Objective", ("Stormcast", "Nighthaunt"), (5, 3)),
    ArmyGone((1,), ("Stormcast", "Nighthaunt")),
    ArmyGone((0, 1), ("Stormcast", "Nighthaunt")),
)

ENGLISH = [
    "First blood: Nighthaunt.",
    "North Objective is now held by Stormcast (5-3).",
    "North Objective is now held by nobody (2-2).",
    "North Objective is held by Nighthaunt (correction).",
    "North Objective is held by nobody (correction).",
    "North Objective: Stormcast 5, Nighthaunt 3 (control is checked at the end of the turn).",
    "The battle ends: Nighthaunt has no units left on the battlefield.",
    "The battle ends: neither Stormcast nor Nighthaunt has units left on the battlefield.",
]


def test_aos2_s17_3_s18_objective_and_battle_events_read_back_as_the_rules_said() -> None:
    """AoS2 §17.3 (control: more models in range; a correction), §18 (First Blood, a side with
    no units left): each event read back from its data says the rules' sentence; in Hungarian
    each says it differently."""
    stored = [event_from_data(e.to_data()) for e in EVENTS]
    assert stored == list(EVENTS)
    assert [line for e in stored for line in event_lines(e)] == ENGLISH
    set_language("hu")
    try:
        hungarian = [line for e in stored for line in event_lines(e)]
    finally:
        set_language("en")
    assert all(h != e for h, e in zip(hungarian, ENGLISH, strict=True))
