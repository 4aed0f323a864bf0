"""Events: what the rules decided, as typed values stored with the action (issue 25 item 4)."""

from __future__ import annotations

import pytest

from aos_cli.core.errors import InputError
from aos_cli.core.events import AttackResolved, Rolls, event_from_data, events_from_data


def _attack(**overrides: object) -> AttackResolved:
    rolls = Rolls(
        weapon="Skybolt Bow", wielder="", attacks=2, hit_rolls=(3, 5), hits=1,
        wound_rolls=(4,), wounds=1, save_rolls=(2,), saves=0, unsaved=1, mortal_wounds=0,
        damage_rolls=(), damage=1,
    )  # fmt: skip
    values: dict[str, object] = dict(
        round=1, phase="shooting", side=0, attacker="judicators", attacker_name="Judicators",
        target="chainrasps", target_name="Chainrasps", weapons=(rolls,), attacks=2, hits=1,
        wounds=1, saves=0, unsaved=1, mortal_wounds=0, ward_rolls=(6,), ward_saved=1,
        damage=0, wounds_lost=0, slain=0,
    )  # fmt: skip
    values.update(overrides)
    return AttackResolved(**values)  # type: ignore[arg-type]


def test_an_attack_event_reads_back_as_it_was_stored() -> None:
    """An event's data (JSON-ready) reads back into the same typed value."""
    event = _attack()
    data = event.to_data()
    assert data["kind"] == "attack" and data["weapons"][0]["hit_rolls"] == [3, 5]
    assert event_from_data(data) == event
    assert events_from_data([data, data]) == [event, event]
    assert events_from_data(None) == []


@pytest.mark.parametrize(
    "change",
    [
        {"kind": "fireball"},
        {"hits": "1"},
        {"hits": True},
        {"hits": 10**12},
        {"target_name": "x" * 500},
        {"ward_rolls": [1] * 5000},
        {"weapons": [{"weapon": "Bow"}]},
        {"weapons": "Bow"},
    ],
)
def test_a_stored_event_edited_by_hand_is_refused_cleanly(change: dict[str, object]) -> None:
    """Every field of a stored event is checked: a wrong one is one clean error, never a
    traceback or a text of any length reaching a view."""
    data = {**_attack().to_data(), **change}
    with pytest.raises(InputError):
        event_from_data(data)


def test_too_many_events_are_refused() -> None:
    with pytest.raises(InputError):
        events_from_data([_attack().to_data()] * 201)
