"""Games in the store: rebuild a game's state by replay, and perform one more action safely.

An action is checked and applied to the replayed state first; only when it succeeded is it
appended (with its dice and answers) in one transaction, guarded by the sequence number it was
checked against, so a failed or interrupted action writes nothing and two terminals never
interleave (DESIGN principle 2).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from contextlib import AbstractContextManager, nullcontext
from typing import TYPE_CHECKING, TypeVar

from aos_cli.core.actions import RecordedAnswers, apply_action
from aos_cli.core.dice import DiceSource, RecordingDice, ScriptedDice
from aos_cli.core.errors import GameError
from aos_cli.core.records import dataclass
from aos_cli.core.state import GameState
from aos_cli.core.stored import JsonObject
from aos_cli.core.system import get_system
from aos_cli.core.turn import new_game
from aos_cli.language.i18n import _, use_system
from aos_cli.language.text import Text

if TYPE_CHECKING:
    from aos_cli.store import ActionRecord, Store

T = TypeVar("T")


@dataclass
class Replayed:
    """A game's state after its live actions, with the sequence number it reflects."""

    game_id: int
    state: GameState
    seq: int
    revision: int


def replay(setup: Mapping[str, object], actions: list[ActionRecord]) -> GameState:
    """Rebuild the state from the set-up and the recorded actions, re-using recorded dice."""
    state = _set_up(setup)
    for record in actions:
        source = ScriptedDice(record.dice)
        try:
            apply_action(state, record.kind, dict(record.payload), source)
        except Exception as problem:
            raise GameError(
                _("action {seq} ({kind}) no longer replays: {problem}").format(
                    seq=record.seq, kind=record.kind, problem=problem
                ),
                _("`aos undo` back past it, or report this as a bug"),
            ) from problem
    state.notes = []
    return state


def _set_up(setup: Mapping[str, object]) -> GameState:
    """The state a stored set-up starts from; one line (GameError) for a set-up edited by hand
    into something aos never wrote (a key missing, a list for a mapping, a word for a count)."""
    from aos_cli.core.errors import AosError

    try:
        named = setup.get("system")
        system = get_system(None if named is None else str(named))
        if system.engine != "battle":
            raise GameError(
                _("this is a {system} game, not one the game engine plays").format(
                    system=system.name
                ),
                _(system.other_engine_hint) if system.other_engine_hint else None,
            )
        from aos_cli.app.setup import read_setup

        return new_game(read_setup(setup))
    except AosError:
        raise
    except (KeyError, AttributeError, ValueError, TypeError, IndexError, RecursionError) as error:
        raise GameError(
            _("the game's set-up was changed outside aos ({problem})").format(
                problem=f"{type(error).__name__}: {str(error)[:80]}"
            ),
            _("restore it from a backup, or delete that game with `aos game delete`"),
        ) from None


def load(store: Store, game_id: int) -> Replayed:
    """The current state of a game."""
    revision = store.revision(game_id)  # read first: a later change makes the append retry
    actions = store.actions(game_id)
    state = replay(store.setup(game_id), actions)
    use_system(state.system)  # the game's words in its own rulebook's terms
    return Replayed(game_id, state, actions[-1].seq if actions else 0, revision)


def perform(
    store: Store,
    game_id: int,
    kind: str,
    payload: Mapping[str, object],
    dice: DiceSource,
    asker: RecordedAnswers | None = None,
    watch: Callable[[GameState], None] | None = None,
) -> GameState:
    """Check and apply one action, then record it with the dice it rolled; returns the state.

    Nothing is written when the action is illegal, when asking is interrupted, or when another
    terminal changed the game meanwhile (the append is guarded by the sequence number).
    `watch` is given the state the action is applied to, before it is (to show its notes live).
    """

    def attempt(recorder: DiceSource) -> tuple[JsonObject, GameState]:
        current = load(store, game_id)
        if watch is not None:
            watch(current.state)
        return apply_action(current.state, kind, payload, recorder, asker).stored, current.state

    state = record(store, game_id, kind, attempt, dice)
    # A battle that has just ended stays open to `aos undo` (a mistaken last step can be
    # taken back); `aos game end` makes it final.
    return state


def record(
    store: Store,
    game_id: int,
    kind: str,
    attempt: Callable[[DiceSource], tuple[JsonObject, T]],
    dice: DiceSource,
) -> T:
    """Run `attempt` on the game as it is now, then append the payload it returns with every
    die it rolled; when another terminal changed the game meanwhile, run it again.

    `attempt` checks and applies the action to a freshly replayed game and raises when the
    action is illegal, so nothing is written then. A retried attempt gets the dice already
    rolled (or typed) first, so a retry never rolls anew what the players have seen.
    """
    from aos_cli.store import CONFLICT_MESSAGE

    rolled: list[int] = []
    for tries in range(RETRIES):
        # The last try holds the write lock from replay to append, so a busy second terminal
        # cannot make it lose again: it waits (the store's busy timeout) instead.
        locked: AbstractContextManager[object] = (
            store.transaction() if tries == RETRIES - 1 else nullcontext()
        )
        with locked:
            revision = store.revision(game_id)  # read first: a later change makes the append retry
            recorder = RecordingDice(_ThenLive(list(rolled), dice))
            payload, result = attempt(recorder)
            try:
                store.append(game_id, kind, payload, recorder.rolled, expected_revision=revision)
            except GameError as problem:
                if _(CONFLICT_MESSAGE) not in str(problem) or tries == RETRIES - 1:
                    raise
                rolled = recorder.rolled
                continue
        return result
    raise AssertionError("unreachable")


RETRIES = 3
"""Another terminal acting at the same moment makes us replay and try again; the last try
takes the write lock first, so it cannot conflict."""


def then_live(first: list[int], live: DiceSource) -> DiceSource:
    """Dice already rolled first (a step played again keeps the dice the players saw), then
    the live source."""
    return _ThenLive(list(first), live)


class _ThenLive:
    """Dice already rolled first, then the live source: a retried action keeps its dice."""

    def __init__(self, first: list[int], live: DiceSource) -> None:
        self._first = first
        self._live = live

    def roll(self, count: int, purpose: str | Text) -> list[int]:
        taken, self._first = self._first[:count], self._first[count:]
        if len(taken) < count:
            taken += self._live.roll(count - len(taken), purpose)
        return taken


def standing(state: GameState) -> JsonObject:
    """The result as it stands: the scoring engine's result, victory points and models left."""
    return {
        "result": state.result,
        "round": state.round,
        "sides": [
            {
                "name": side.name,
                "victory_points": side.victory_points,
                "models_left": sum(u.models for u in side.units),
            }
            for side in state.sides
        ],
    }
