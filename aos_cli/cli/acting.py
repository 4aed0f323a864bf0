"""How an in-game command acts: the answers given as flags, the questions asked at the
terminal, one action performed through the game session, and what it did shown."""

from __future__ import annotations

import functools
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from aos_cli.cli.common import ask_line, console, dice_source, print_json
from aos_cli.cli.options import AnswerOption, DbOption, GameOption, JsonOption, UnitArg
from aos_cli.core.errors import InputError
from aos_cli.core.numbers import parse_distance

if TYPE_CHECKING:
    from aos_cli.core.actions import RecordedAnswers
    from aos_cli.core.state import GameState

FLAG_ANSWERS = {
    "cover", "engaged", "target-engaged", "look-out-sir", "in-command-range", "within-12",
    "none-eligible", "within-30", "target-in-range",
}  # fmt: skip
"""Questions with a flag of their own; the rest are answered with `--answer KEY=VALUE`."""


class TerminalAsker:
    """Asks the players at the terminal. Without a terminal, when `require_terminal`, it says
    which flag answers the question instead (a command run from a script must not hang)."""

    def __init__(self, *, require_terminal: bool = True) -> None:
        self.require_terminal = require_terminal

    def _check(self, question: str, hint: str) -> None:
        if self.require_terminal and not sys.stdin.isatty():
            raise InputError(f"the tool needs to know: {question}", hint)

    def yes_no(self, key: str, question: str) -> bool:
        """A yes or no answer, asked until one is given."""
        self._check(
            question,
            f"answer with --{key} or --no-{key} (or --answer {key}=yes / {key}=no)"
            if key in FLAG_ANSWERS
            else f"answer with --answer {key}=yes (or =no)",
        )
        while True:
            answer = ask_line(f"{question} [y/n]").lower()
            if answer in ("y", "yes", "n", "no"):
                return answer.startswith("y")
            print("Please answer y or n.", file=sys.stderr)

    def number(self, key: str, question: str) -> float:
        """A number of 0 or more (inches, mostly), asked until one is given."""
        self._check(
            question,
            f"answer with --{key} N" if key == "distance" else f"answer with --answer {key}=N",
        )
        while True:
            try:
                return parse_distance(ask_line(question))
            except InputError as problem:
                print(f"{problem}; please type a number, such as 7 or 8.5.", file=sys.stderr)


def parse_answers(items: list[str] | None) -> dict[str, Any]:
    """Read `--answer KEY=VALUE` items: yes/no become booleans, numbers numbers."""
    answers: dict[str, Any] = {}
    for item in items or []:
        key, sep, value = item.partition("=")
        text = value.strip().lower()
        if not sep or not key.strip():
            raise InputError(f"--answer: {item!r} is not KEY=VALUE", "e.g. --answer mystical=yes")
        if text in ("y", "yes", "true"):
            answers[key.strip()] = True
        elif text in ("n", "no", "false"):
            answers[key.strip()] = False
        else:
            answers[key.strip()] = parse_distance(text, what=f"--answer {key.strip()}")
    return answers


def answers_from(flags: dict[str, Any]) -> RecordedAnswers:
    """The answers given as flags; anything missing is asked at the terminal."""
    from aos_cli.core.actions import RecordedAnswers

    return RecordedAnswers({k: v for k, v in flags.items() if v is not None}, TerminalAsker())


def act(
    kind: str,
    payload: dict[str, Any],
    *,
    db: Path | None,
    game: str | None,
    as_json: bool,
    dice: str = "auto",
    seed: int | None = None,
    answers: dict[str, Any] | None = None,
    answer: list[str] | None = None,
) -> None:
    """Perform one action on a game and show what it did."""
    from aos_cli.app.session import open_game

    flags = {k: v for k, v in (answers or {}).items() if v is not None}
    given = {**parse_answers(answer), **flags}  # a flag not given leaves --answer's value
    from aos_cli.app.live_notes import LiveNotes

    source, asked = dice_source(dice, seed), answers_from(given)
    live = LiveNotes(lambda note: console().print(note, markup=False))
    if not as_json:  # each result shown before the next question or dice it comes before
        source, asked.fallback = live.dice(source), live.asker(asked.fallback or TerminalAsker())
    with open_game(db, game) as session:
        state = session.perform(kind, payload, source, asked, None if as_json else live.watch)
    show_notes(state, session.game_id, as_json, live.rest(state))


def show_notes(
    state: GameState, game_id: int, as_json: bool, notes: list[str] | None = None
) -> None:
    """What the action did (the `notes` not shown yet, else all), then where the game stands."""
    from aos_cli.views.game import header, notes_json

    if as_json:
        print_json(notes_json(state, game_id))
        return
    out = console()
    for note in state.notes if notes is None else notes:
        out.print(note, markup=False)
    out.print(header(state))


def with_help(command: Callable[..., None], help: str) -> Callable[..., None]:
    """The same command under another help text (one command serving two names, such as
    `aos unbind` and 40k's `aos deny`)."""

    @functools.wraps(command)
    def same(*args: Any, **kwargs: Any) -> None:
        command(*args, **kwargs)

    same.__doc__ = help
    return same


def unit_action(kind: str, help: str) -> Callable[..., None]:
    """An in-game command that acts with one unit and needs nothing else (`aos move UNIT`)."""

    def command(
        unit: UnitArg,
        answer: AnswerOption = None,
        game: GameOption = None,
        db: DbOption = None,
        json: JsonOption = False,
    ) -> None:
        act(kind, {"unit": unit}, db=db, game=game, as_json=json, answer=answer)

    command.__doc__ = help
    command.__name__ = kind.replace("-", "_")
    return command
