"""Points scored and the scoring's notes as events and texts (issue 25 item 4): the rules say
what was scored and why; the views say it in the reader's language, from the stored event."""

from __future__ import annotations

from dataclasses import replace

import pytest

from aos_cli.core.battleplan import ScoringRule
from aos_cli.core.dice import ScriptedDice
from aos_cli.core.errors import InputError
from aos_cli.core.events import Event, FirstBlood, PointsScored, event_from_data
from aos_cli.core.scoring import decide, describe, describe_lead, lead, models_slain
from aos_cli.core.system import get_system
from aos_cli.core.system_scoring import NO_SCORING
from aos_cli.core.turn import new_game
from aos_cli.language.i18n import set_language
from aos_cli.views.events import event_lines, note_lines
from tests.core.test_scoring import act, small


def test_aos2_s18_points_scored_are_events_told_by_the_views() -> None:
    """AoS2 §18 (First Blood): slaying the first model gives its side 1 command point, and
    each model slain its Wounds in VP; each point is an event whose reason is a text."""
    state = new_game(small())
    act(state, "priority", [1, 6], first=1)
    act(state, "adjust", unit="liberators", wounds=2)
    scored = [e for e in state.events if isinstance(e, PointsScored)]
    assert [(e.side, e.points, e.command_points) for e in scored] == [(1, 0, 1), (1, 2, 0)]
    assert [event_from_data(e.to_data()) for e in scored] == scored
    assert note_lines(state.notes)[1:4] == [
        "First blood: Nighthaunt.",
        "Nighthaunt scores 1 command point: first blood.",
        "Nighthaunt scores 2 VP: slew 1 model of Liberators (Wounds 2).",
    ]
    assert [str(e.reason) for e in state.ledger] == [
        "first blood",
        "slew 1 model of Liberators (Wounds 2)",
    ]


def test_aos2_s18_the_scoring_notes_read_in_another_language_from_the_store() -> None:
    """The stored events of a scoring action say the same thing in Hungarian, with no rule
    run: the first blood line and the points' reasons are texts, not English sentences."""
    state = new_game(small())
    act(state, "priority", [1, 6], first=1)
    act(state, "adjust", unit="liberators", wounds=2)
    told = [n for n in state.notes if isinstance(n, Event)]
    blood = [n for n in told if isinstance(n, FirstBlood)]  # a typed event, with its side
    assert [(b.side, b.side_name) for b in blood] == [(1, "Nighthaunt")]
    stored = [event_from_data(n.to_data()) for n in told]
    english = [line for n in stored for line in event_lines(n)]
    set_language("hu")
    hungarian = [line for n in stored for line in event_lines(n)]
    assert len(hungarian) == len(english)
    assert all(h != e for h, e in zip(hungarian, english, strict=True))
    assert any("Liberators" in line and "Nighthaunt" in line for line in hungarian)


def test_a_points_event_stored_with_a_sentence_still_reads() -> None:
    """A game stored before the reason was a text kept it as a sentence: it reads as it was
    said; one longer than any name the tool writes is refused cleanly."""
    data = {
        "kind": "points-scored", "round": 1, "side": 0, "side_name": "Stormcast",
        "points": 2, "command_points": 0, "reason": "slew 2 models of Chainrasp Horde",
    }  # fmt: skip
    assert event_lines(event_from_data(data)) == [
        "Stormcast scores 2 VP: slew 2 models of Chainrasp Horde."
    ]
    with pytest.raises(InputError):
        event_from_data({**data, "reason": "x" * 500})
    with pytest.raises(InputError):
        event_from_data({**data, "reason": 3})


def test_aos2_s17_2_the_lead_and_result_lines_are_texts() -> None:
    """AoS2 §17.2: the lead line and the result line are texts the views say."""
    state = new_game(small())
    act(state, "priority", [6, 1])
    act(state, "adjust", unit="guardian-of-souls", wounds=5)
    line = describe_lead(lead(state))
    assert str(line) == "In battle round 1 of 2 Stormcast leads by 5 VP."
    set_language("it")
    assert str(line) != "In battle round 1 of 2 Stormcast leads by 5 VP."
    result = describe(decide(state, final=True))
    assert str(result).startswith("Stormcast ")
    set_language("en")
    assert str(result) == (
        "Stormcast wins a major victory by 5 VP (a score at least 1.5 times the opponent's)."
    )


def test_the_default_system_adds_nothing_to_its_battleplans_scoring() -> None:
    """AoS2 scores only what its battleplans say; Sudden Death (AoS1 §5.2) and Ancient Relic
    (40k8 §17.4) are their systems' own scoring, not the core's."""
    assert get_system(None).scoring_rules() is NO_SCORING


def test_every_reason_a_rule_can_give_reads_back_from_the_store() -> None:
    """A reason nests texts (a general slain, the models slain, the roll of the points): each
    kind, rolled or not, reads back from its stored event as it was said (AoS2 §18)."""
    state = new_game(small())
    act(state, "priority", [6, 1])
    book = state.scoring
    assert book is not None
    book.plan = replace(
        book.plan,
        scoring=(
            ScoringRule("models", "model_slain", per="model", points="D3", text="Slay them"),
            ScoringRule("wounds", "model_slain", per="wounds_characteristic", points="D3"),
            ScoringRule("general", "general_slain", points="D3"),
            ScoringRule("first", "first_model_slain", points="D3", award="command_points"),
        ),
    )
    general = next(u for u in state.sides[1].units if u.spec.general)
    general.models = 0
    models_slain(state, general, 1, by=0, dice=ScriptedDice([4, 4, 4, 4]))
    scored = [e for e in state.events if isinstance(e, PointsScored)]
    assert len(scored) == 4
    for event in scored:
        assert event_from_data(event.to_data()) == event
    assert [line for e in scored for line in event_lines(e)] == [
        f"Stormcast scores 2 VP: slew {general.name} (Slay them (D3 rolled 2)).",
        f"Stormcast scores {2 * general.spec.wounds} VP: slew {general.name} (Wounds "
        f"{general.spec.wounds}).",
        f"Stormcast scores 2 VP: slew {general.name}, an enemy general (D3 rolled 2).",
        "Stormcast scores 2 command points: first blood (D3 rolled 2).",
    ]
