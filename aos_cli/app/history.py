"""A game's history: every live action in order, with where it happened, its dice and what it
did (`aos game log`). A game whose actions stored their notes as events is read from the
store, in any language, with no rule run; an older one is replayed."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from aos_cli.core.events import Event, Note
    from aos_cli.core.state import GameState
    from aos_cli.store import ActionRecord, Store

STORED_ONLY = ("events", "told")
"""What an action stores beside its payload: what the rules decided, and its notes' order."""


@dataclass(frozen=True)
class LogEntry:
    """One recorded action: its number, round, turn and phase, what it was, its dice, notes
    (sentences, and events the views tell), and the events the rules decided (stored with the
    action; replayed for older games)."""

    seq: int
    round: int
    turn: str
    phase: str
    kind: str
    payload: dict[str, Any]
    dice: list[int]
    notes: list[Note] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)


def history(store: Store, game_id: int) -> list[LogEntry]:
    """The game's actions with where each one happened and what it did: read from the store
    when every action stored its notes as events, else replayed with their recorded dice."""
    from aos_cli.app.games import replay

    state = replay(store.setup(game_id), [])  # a game another engine plays is refused here
    records = store.actions(game_id)
    if all(isinstance(r.payload.get("told"), list) for r in records):
        return _stored(state, records)
    return _replayed(state, records)


def _where(state: GameState) -> tuple[int, str, str]:
    """The round, the side whose turn it is (none before the first) and the phase."""
    turn = state.sides[state.active_side].name if state.first_side is not None else ""
    return (state.round, turn, state.phase)


def _plain(payload: dict[str, Any]) -> dict[str, Any]:
    """An action's payload without what it stores beside it."""
    return {k: v for k, v in payload.items() if k not in STORED_ONLY}


def _replayed(state: GameState, records: list[ActionRecord]) -> list[LogEntry]:
    """Replay the game's actions with their recorded dice, noting where each one happened."""
    from aos_cli.core.actions import apply_action
    from aos_cli.core.dice import ScriptedDice
    from aos_cli.core.events import events_from_data

    entries: list[LogEntry] = []
    for record in records:
        where = _where(state)
        apply_action(state, record.kind, dict(record.payload), ScriptedDice(record.dice))
        stored = record.payload.get("events")
        events = events_from_data(stored) if stored is not None else list(state.events)
        entries.append(
            LogEntry(
                record.seq, *where, record.kind, _plain(record.payload), record.dice,
                list(state.notes), events,
            )
        )  # fmt: skip
    return entries


def _stored(state: GameState, records: list[ActionRecord]) -> list[LogEntry]:
    """The actions as stored: their notes are their events, and where the battle stands
    follows the events that moved it on (`PhaseBegun`); no rule runs."""
    from aos_cli.core.errors import InputError
    from aos_cli.core.events import PhaseBegun, events_from_data
    from aos_cli.language.i18n import _

    where = _where(state)
    entries: list[LogEntry] = []
    for record in records:
        events = events_from_data(record.payload.get("events"))
        told = record.payload["told"]
        if not all(type(i) is int and 0 <= i < len(events) for i in told):
            raise InputError(
                _("a stored event {kind} has a bad field {field}").format(
                    kind=repr(record.kind), field="told"
                ),
                _("the games database was edited by hand: restore it from a copy"),
            )
        notes: list[Note] = [events[i] for i in told]
        entries.append(
            LogEntry(
                record.seq, *where, record.kind, _plain(record.payload), record.dice, notes,
                events,
            )
        )  # fmt: skip
        for event in events:
            if isinstance(event, PhaseBegun):
                where = (event.round, event.side_name, event.phase)
    return entries
