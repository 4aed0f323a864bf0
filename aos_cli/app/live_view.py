"""The game as `aos serve` shows it (issue 30): read from the games database opened read-only,
rebuilt only when the game changes, with its last actions and what each side may do now.

Nothing here writes: the database is opened with SQLite's `mode=ro` while `aos play` goes on
writing in another process. The texts (notes, option labels, odds headings) are built in the
language a viewer reads, which `speaking` switches for one read at a time.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

from aos_cli.core.errors import GameError
from aos_cli.core.records import dataclass
from aos_cli.language.i18n import _

if TYPE_CHECKING:
    from aos_cli.app.roll_odds import Chance
    from aos_cli.core.events import Note
    from aos_cli.core.guide import Option
    from aos_cli.core.state import GameState
    from aos_cli.store import Store

MAX_EVENTS = 12
"""The last actions the page lists (with their dice and notes)."""
MAX_PENDING = 12
"""The options listed per side; the rest are counted (a turn may offer every unit's move)."""
ODDS_KINDS = frozenset({"unbind", "battleshock", "cast", "charge", "run", "arrive"})
"""The options whose exact odds are shown beside them (`aos play`'s `?N`)."""

Version = tuple[int | None, int]
"""Which game is shown and its revision: a change of either means the page is rebuilt."""


@dataclass(frozen=True)
class Pending:
    """Something a side may or must do now, with its odds when it rolls dice."""

    side: int
    label: str
    heading: str = ""
    chances: tuple[Chance, ...] = ()
    reroll: str = ""
    """What gives the re-roll whose chance each `Chance.again` holds."""
    notes: tuple[str, ...] = ()


@dataclass(frozen=True)
class Event:
    """One recorded action: where it happened, what it was, its dice and what it did."""

    seq: int
    round: int
    turn: str
    phase: str
    kind: str
    dice: tuple[int, ...]
    notes: tuple[Note, ...]


@dataclass(frozen=True)
class LiveGame:
    """A game as the page shows it now."""

    game_id: int
    revision: int
    name: str
    ended: bool
    state: GameState
    events: tuple[Event, ...]
    pending: tuple[Pending, ...]
    more_pending: tuple[int, ...]
    """Per side, the options left out of `pending` (beyond MAX_PENDING)."""


_LANGUAGE = threading.Lock()


@contextmanager
def speaking(code: str) -> Iterator[None]:
    """Build texts in `code` for the length of the block, then speak as before.

    The chosen language is one value for the process, so blocks take turns: one viewer's read
    in Hungarian never mixes with another's in Italian, nor with the terminal's lines.
    """
    from aos_cli.language import i18n

    with _LANGUAGE:
        before = i18n.language()
        i18n.set_language(code)
        try:
            yield
        finally:
            i18n.set_language(before)


class Watch:
    """The games database opened read-only and the game to show: the one named, or whichever
    is current (so `aos game use` elsewhere switches the page too)."""

    def __init__(self, db: Path, game: str | None = None) -> None:
        from aos_cli.store import Store

        self._lock = threading.Lock()
        self.store: Store = Store(db, read_only=True)
        try:
            self.fixed = None if game is None else self.store.find_game(game).id
        except GameError:
            self.store.close()
            raise

    def close(self) -> None:
        """Close the database."""
        with self._lock:
            self.store.close()

    def game_id(self) -> int | None:
        """The game shown now; None when there is no current game."""
        with self._lock:
            return self.fixed if self.fixed is not None else self.store.current_game_id()

    def version(self) -> Version:
        """Which game is shown and its revision: two cheap reads, made every tick."""
        with self._lock:
            game_id = self.fixed if self.fixed is not None else self.store.current_game_id()
            if game_id is None:
                return None, 0
            try:
                return game_id, self.store.revision(game_id)
            except GameError:  # deleted meanwhile
                return None, 0

    def read(self) -> LiveGame | None:
        """The game shown, rebuilt from its set-up and its actions (texts in the language
        spoken now); None when there is no game to show."""
        with self._lock:
            game_id = self.fixed if self.fixed is not None else self.store.current_game_id()
            if game_id is None:
                return None
            return live_game(self.store, game_id)


def live_game(store: Store, game_id: int) -> LiveGame:
    """Replay the game once, keeping the notes of its last actions, then list what each side
    may do now."""
    from aos_cli.app.games import replay
    from aos_cli.core.actions import apply_action
    from aos_cli.core.dice import ScriptedDice

    record = store.game(game_id)
    revision = store.revision(game_id)
    actions = store.actions(game_id)
    state = replay(store.setup(game_id), [])
    events: list[Event] = []
    first_kept = len(actions) - MAX_EVENTS
    for index, action in enumerate(actions):
        turn = state.sides[state.active_side].name if state.first_side is not None else ""
        where = (state.round, turn, state.phase)
        try:
            apply_action(state, action.kind, dict(action.payload), ScriptedDice(action.dice))
        except Exception as problem:
            raise GameError(
                _("action {seq} ({kind}) no longer replays: {problem}").format(
                    seq=action.seq, kind=action.kind, problem=problem
                ),
                _("`aos undo` back past it, or report this as a bug"),
            ) from problem
        if index >= first_kept:
            notes = tuple(state.notes)
            events.append(Event(action.seq, *where, action.kind, tuple(action.dice), notes))
    state.notes = []
    pending, more = pending_for_sides(state)
    return LiveGame(
        game_id,
        revision,
        record.name,
        record.ended or state.ended,
        state,
        tuple(reversed(events)),
        pending,
        more,
    )


def pending_for_sides(state: GameState) -> tuple[tuple[Pending, ...], tuple[int, ...]]:
    """What is legal now (the guide of `aos play`) by the side whose choice it is, with the
    odds of the options that roll; a battleshock test due is the business of every side that
    has a unit taking it."""
    from aos_cli.core.guide import options
    from aos_cli.core.turn import due_battleshock

    if state.ended:
        return (), tuple(0 for _side in state.sides)
    by_side: list[list[Option]] = [[] for _side in state.sides]
    for option in options(state):
        sides = {option.side}
        if option.kind == "battleshock":
            sides |= {unit.side for unit in due_battleshock(state)}
        for side in sorted(s for s in sides if 0 <= s < len(by_side)):
            by_side[side].append(option)
    found: list[Pending] = []
    more: list[int] = []
    for side, listed in enumerate(by_side):
        found.extend(_pending(state, side, option) for option in listed[:MAX_PENDING])
        more.append(max(0, len(listed) - MAX_PENDING))
    return tuple(found), tuple(more)


def _pending(state: GameState, side: int, option: Option) -> Pending:
    """One option for one side, with its exact odds when it rolls dice."""
    if option.kind not in ODDS_KINDS:
        return Pending(side, str(option.label))
    from aos_cli.app.roll_odds import roll_option_odds

    odds = roll_option_odds(state, option)
    if odds is None:
        return Pending(side, str(option.label))
    return Pending(
        side,
        str(option.label),
        odds.heading,
        tuple(odds.chances),
        odds.reroll,
        tuple(odds.notes),
    )
