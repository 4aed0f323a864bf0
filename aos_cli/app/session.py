"""One command's session with a saved game: open the games database, find the game, load it,
and perform an action on it (checked first, recorded with its dice, retried on a conflict).

Every in-game command goes through here, those of the battle engine and Middle-earth's alike.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

from aos_cli.core.errors import GameError
from aos_cli.language.i18n import N_, _

if TYPE_CHECKING:
    from aos_cli.app.games import Replayed
    from aos_cli.core.actions import RecordedAnswers
    from aos_cli.core.dice import DiceSource
    from aos_cli.core.state import GameState
    from aos_cli.core.stored import JsonObject
    from aos_cli.store import GameRecord, Store

T = TypeVar("T")

NO_GAME_HINT = N_(
    "start one with `aos play` (the demo armies, or `--army <list.yaml>` twice) or `aos game new`, "
    "or pick one with `aos game use`"
)


def open_store(db: Path | None) -> Store:
    """Open the games database named by --db, AOS_DB or the default location."""
    from aos_cli.store import Store, default_db_path

    return Store(db or default_db_path())


def game_id_for(store: Store, game: str | None, hint: str | None = None) -> int:
    """The game named by --game, or the current one (`hint`: how to get one, when there is
    none; the usual one by default)."""
    if game is not None:
        return store.find_game(game).id
    current = store.current_game_id()
    if current is None:
        raise GameError(_("no current game"), _(NO_GAME_HINT) if hint is None else hint)
    return current


class Session:
    """An open games database and the game a command acts on."""

    def __init__(self, store: Store, game_id: int) -> None:
        self.store = store
        self.game_id = game_id

    def record(self) -> GameRecord:
        """The game's row in the store: name, system, whether it ended."""
        return self.store.game(self.game_id)

    def load(self) -> Replayed:
        """The game's state now, rebuilt from its set-up and its actions."""
        from aos_cli.app.games import load

        return load(self.store, self.game_id)

    def state(self) -> GameState:
        """The game's state now."""
        return self.load().state

    def perform(
        self,
        kind: str,
        payload: Mapping[str, object],
        dice: DiceSource,
        answers: RecordedAnswers | None = None,
        watch: Callable[[GameState], None] | None = None,
    ) -> GameState:
        """Check and apply one action of the battle engine, then record it with its dice
        (`watch` sees the state it is applied to, for notes shown as they come)."""
        from aos_cli.app.games import perform

        return perform(self.store, self.game_id, kind, payload, dice, answers, watch)

    def perform_with(
        self,
        kind: str,
        attempt: Callable[[DiceSource], tuple[JsonObject, T]],
        dice: DiceSource,
    ) -> T:
        """Record the payload `attempt` checks and applies (for engines of their own, such
        as Middle-earth's heroes), with the same dice recording and conflict retry."""
        from aos_cli.app.games import record

        return record(self.store, self.game_id, kind, attempt, dice)


@contextmanager
def open_game(db: Path | None, game: str | None, hint: str | None = None) -> Iterator[Session]:
    """A session on the game named by --game (or the current one), closed afterwards."""
    with open_store(db) as store:
        yield Session(store, game_id_for(store, game, hint))
