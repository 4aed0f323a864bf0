"""A game's history: every live action in order, with where it happened, its dice and what it
did (`aos game log`). A game whose actions stored their notes as events is read from the
store, in any language, with no rule run; an older one is replayed."""

from __future__ import annotations

from dataclasses import field, replace
from typing import TYPE_CHECKING, Any, cast

from aos_cli.core.records import dataclass

if TYPE_CHECKING:
    from aos_cli.core.events import Event, Note
    from aos_cli.core.state import GameState, UnitState
    from aos_cli.core.stored_setup import StoredUnit
    from aos_cli.store import ActionRecord, Store

STORED_ONLY = ("events", "told", "events_version")
"""What an action stores beside its payload: what the rules decided, its notes' order, and
what its events hold (`aos_cli.core.events.EVENTS_VERSION`)."""


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


class NotFolded(Exception):
    """The stored events do not say all the report needs (a unit the set-up did not have)."""


def report_state(store: Store, game_id: int) -> GameState:
    """The game's state as the battle report and the log's tables read it: the set-up with
    the stored events of its actions folded in (models and wounds, points, attacks, the
    result), no rule run, so a game played in English reports in any language from the store
    (issue 25 item 4). Only what those views read is folded: it is no state to play on.

    Actions stored before their events held every change the report reads (`events_version`
    below `EVENTS_VERSION`: old games, tests/golden) are replayed by the rules instead, up to
    the last of them; the events of the actions after it are folded on that state. Should the
    events name a unit the set-up does not have, the whole game is replayed."""
    from aos_cli.app.games import replay
    from aos_cli.core.events import EVENTS_VERSION, events_from_data
    from aos_cli.language.i18n import use_system

    setup = store.setup(game_id)
    records = store.actions(game_id)
    replayed = max(
        (
            index + 1
            for index, record in enumerate(records)
            if record.payload.get("events_version") != EVENTS_VERSION
        ),
        default=0,
    )
    state = replay(setup, records[:replayed])  # no action replayed: the set-up only
    try:
        for record in records[replayed:]:
            _fold(state, events_from_data(record.payload.get("events")), record.payload)
    except NotFolded:
        state = replay(setup, records)
    use_system(state.system)
    return state


def _fold_beast(
    state: GameState, event: Event, payload: dict[str, Any], units: dict[str, UnitState]
) -> None:
    """Ghur's monstrous beasts in the report (AoS2 §24.2): one set up from the snapshot its
    action stored, and each round the army it joined, as the events say."""
    from aos_cli.core.events import BeastSetUp, PreyChosen
    from aos_cli.core.state import UnitSpec, UnitState

    if isinstance(event, BeastSetUp) and event.unit:
        snapshot = payload.get("unit")
        if not isinstance(snapshot, dict):
            raise NotFolded(event.unit)
        spec = UnitSpec.from_dict(cast("StoredUnit", snapshot))
        state.beasts.append(UnitState(spec, event.side, spec.models, beast=True))
    elif isinstance(event, PreyChosen):
        beast = next((b for b in state.beasts if b.spec.id == event.unit), None)
        if beast is None:
            raise NotFolded(event.unit)
        if beast in state.sides[beast.side].units:
            state.sides[beast.side].units.remove(beast)
        beast.side, beast.prey = event.joined, event.prey
        state.sides[event.joined].units.append(beast)
        units[beast.spec.id] = beast


def _fold(state: GameState, events: list[Event], payload: dict[str, Any]) -> None:
    """One stored action's events applied to the report's state: what it changed as the
    rules decided it (never the rules run again), and the time it took at the table."""
    from aos_cli.core.events import (
        Arrived,
        AttackResolved,
        BattleDecided,
        PhaseBegun,
        PointsScored,
        RoundBegun,
        TriumphDeclared,
        TurnBegun,
        UnitCounted,
    )
    from aos_cli.core.state import TRIUMPH_USED, LedgerEntry

    units = {unit.spec.id: unit for unit in state.units()}
    for event in events:
        _fold_beast(state, event, payload, units)
        if isinstance(event, UnitCounted | Arrived) and event.unit not in units:
            raise NotFolded(event.unit)
        if isinstance(event, UnitCounted):
            units[event.unit].models = event.after
            units[event.unit].wounds_on_damaged = event.damaged
            if event.after < event.before:
                state.losses.append(
                    {"round": event.round, "phase": event.phase, "side": event.side,
                     "unit": event.unit, "models": event.before - event.after}
                )  # fmt: skip
        elif isinstance(event, PointsScored):
            scorer = state.sides[event.side]
            scorer.victory_points += event.points
            scorer.command_points += event.command_points
            entry = LedgerEntry(event.round, event.side, event.points, event.reason)
            state.ledger.append(replace(entry, command_points=event.command_points))
        elif isinstance(event, AttackResolved):
            if event.expected < 0:  # stored before the luck report's measure was kept
                raise NotFolded(event.attacker)
            state.attack_log.append(
                {"round": event.round, "phase": event.phase, "side": event.side,
                 "unit": event.attacker, "target": event.target, "expected": event.expected,
                 "damage": event.wounds_lost, "slain": event.slain}
            )  # fmt: skip
        elif isinstance(event, Arrived) and event.arrived:
            units[event.unit].in_reserve = False
        elif isinstance(event, TriumphDeclared):
            state.sides[event.side].used_once_per_battle.add(TRIUMPH_USED)
        elif isinstance(event, RoundBegun):
            state.round, state.first_side, state.turn_in_round = event.round, event.side, 0
        elif isinstance(event, TurnBegun):
            state.turn_in_round = 1
        elif isinstance(event, PhaseBegun):
            state.round, state.phase = event.round, event.phase
        elif isinstance(event, BattleDecided):
            state.result, state.ended = event.result(), True
    clock = payload.get("clock")
    if isinstance(clock, dict) and clock.get("side") in (0, 1):
        timed = int(clock["side"])
        state.clock[timed] = state.clock.get(timed, 0.0) + float(clock.get("seconds", 0))
