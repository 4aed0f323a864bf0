"""The notes of the action being played, shown where they happen: whatever the action has
said so far is printed before it asks the players a question or for dice, so a result (a
scenery roll, the priority dice, Look Out, Sir!) comes before what it changes (issue 13)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from aos_cli.core.answers import Asker
    from aos_cli.core.dice import DiceSource
    from aos_cli.core.events import Note
    from aos_cli.core.state import GameState
    from aos_cli.language.text import Text


class LiveNotes:
    """Prints an action's notes as it goes: those made before each prompt first, the rest
    when the action is done (`rest`)."""

    def __init__(self, show: Callable[[Note], object]) -> None:
        self.show = show
        self._notes: list[Note] = []
        self.told = 0

    def watch(self, state: GameState) -> None:
        """Follow the notes of the state the action is applied to (a retry starts anew)."""
        self._notes = state.notes
        self.told = len(state.notes)

    def flush(self) -> None:
        """Show the notes made since the last prompt."""
        while self.told < len(self._notes):
            self.show(self._notes[self.told])
            self.told += 1

    def rest(self, state: GameState) -> list[Note]:
        """The notes of the finished action not shown yet."""
        return state.notes[self.told :] if state.notes is self._notes else list(state.notes)

    def dice(self, source: DiceSource) -> DiceSource:
        """The same dice, the notes so far shown before each roll is asked for."""
        return _FlushingDice(source, self)

    def asker(self, asker: Asker) -> Asker:
        """The same questions, the notes so far shown before each is asked."""
        return _FlushingAsker(asker, self)


class _FlushingDice:
    def __init__(self, inner: DiceSource, live: LiveNotes) -> None:
        self._inner = inner
        self._live = live

    def roll(self, count: int, purpose: str | Text) -> list[int]:
        self._live.flush()
        return self._inner.roll(count, purpose)


class _FlushingAsker:
    def __init__(self, inner: Asker, live: LiveNotes) -> None:
        self._inner = inner
        self._live = live

    def yes_no(self, key: str, question: str | Text) -> bool:
        self._live.flush()
        return self._inner.yes_no(key, question)

    def number(self, key: str, question: str | Text, at_most: int | None = None) -> float:
        self._live.flush()
        return self._inner.number(key, question, at_most)
