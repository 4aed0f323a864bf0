"""Dice rolled at the table and typed in at the terminal (`--dice manual`): the prompt says the
roll in the player's language, and a bad entry is asked again."""

from __future__ import annotations

from collections.abc import Callable

from aos_cli.core.dice import parse_typed_dice
from aos_cli.core.errors import InputError
from aos_cli.language.i18n import _, ngettext
from aos_cli.language.text import Text


class ManualDice:
    """Dice rolled at the table and typed in by a player; asks again on a bad entry."""

    def __init__(self, ask: Callable[[str], str], tell: Callable[[str], None]) -> None:
        self._ask = ask
        self._tell = tell

    def roll(self, count: int, purpose: str | Text) -> list[int]:
        """`count` dice for the roll `purpose` names, as the player types them."""
        question = ngettext("Roll {n} die for {purpose}", "Roll {n} dice for {purpose}", count)
        while True:
            answer = self._ask(question.format(n=count, purpose=purpose))
            try:
                return parse_typed_dice(answer, count)
            except InputError as problem:
                self._tell(_("{problem} - try again").format(problem=problem))
