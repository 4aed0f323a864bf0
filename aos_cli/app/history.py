"""A game's history: every live action replayed in order, with where it happened, its dice
and what it did (`aos game log`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from aos_cli.core.events import Event
    from aos_cli.store import Store


@dataclass(frozen=True)
class LogEntry:
    """One recorded action: its number, round, turn and phase, what it was, its dice, notes,
    and the events the rules decided (stored with the action; replayed for older games)."""

    seq: int
    round: int
    turn: str
    phase: str
    kind: str
    payload: dict[str, Any]
    dice: list[int]
    notes: list[str] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)


def history(store: Store, game_id: int) -> list[LogEntry]:
    """Replay the game's actions with their recorded dice, noting where each one happened."""
    from aos_cli.app.games import replay
    from aos_cli.core.actions import apply_action
    from aos_cli.core.dice import ScriptedDice
    from aos_cli.core.events import events_from_data

    state = replay(store.setup(game_id), [])  # a game another engine plays is refused here
    entries: list[LogEntry] = []
    for record in store.actions(game_id):
        turn = state.sides[state.active_side].name if state.first_side is not None else ""
        where = (state.round, turn, state.phase)
        apply_action(state, record.kind, dict(record.payload), ScriptedDice(record.dice))
        stored = record.payload.get("events")
        events = events_from_data(stored) if stored is not None else list(state.events)
        payload = {k: v for k, v in record.payload.items() if k != "events"}
        entries.append(
            LogEntry(
                record.seq, *where, record.kind, payload, record.dice, list(state.notes), events
            )
        )
    return entries
