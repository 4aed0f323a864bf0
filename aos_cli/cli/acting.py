"""How an in-game command acts: the answers given as flags, the questions asked at the
terminal, one action performed through the game session, and what it did shown."""

from __future__ import annotations

import functools
import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from aos_cli.cli.common import ask_line, console, dice_source, print_json
from aos_cli.cli.options import (
    AnswerOption,
    DbOption,
    DiceOption,
    GameOption,
    JsonOption,
    SeedOption,
    UnitArg,
)
from aos_cli.core.answers import RecordedAnswers
from aos_cli.core.errors import InputError
from aos_cli.core.numbers import is_ascii_whole, parse_distance
from aos_cli.language.i18n import _, ngettext, number
from aos_cli.views.words import read_yes_no

if TYPE_CHECKING:
    from aos_cli.app.questions import Question
    from aos_cli.core.events import Note
    from aos_cli.core.state import GameState
    from aos_cli.language.text import Text


class MissingAnswer(InputError):
    """A question a command run without a terminal cannot ask: its key and kind travel with
    it, so every answer still missing is reported at once."""

    def __init__(self, key: str, kind: str, question: str) -> None:
        super().__init__(
            _("the tool needs to know: {question}").format(question=question),
            answer_hint(key, kind),
        )
        self.key = key
        self.kind = kind
        self.question = question


def _command_options() -> set[str] | None:
    """The options of the command running now (None outside one)."""
    import typer.main

    get = getattr(typer.main, "get_current_context", None)
    context = get(silent=True) if callable(get) else None
    if context is None:
        return None
    return {o for p in context.command.params for o in (*p.opts, *p.secondary_opts)}


def answer_way(key: str, kind: str) -> str | None:
    """The flags the running command takes the answer to `key` with: its own flag when it has
    one, else `--answer`; never a flag the command lacks (None when it has no way)."""
    options = _command_options()
    yes_no = kind == "yes_no"
    general = options is None or "--answer" in options
    if options is not None and f"--{key}" in options:
        if not yes_no:
            return f"--{key} N"
        way = _("--{key} or --no-{key}").format(key=key) if f"--no-{key}" in options else f"--{key}"
        if general:
            way += " " + _("(or --answer {key}=yes / {key}=no)").format(key=key)
        return way
    if general:
        return _("--answer {key}=yes (or =no)").format(key=key) if yes_no else f"--answer {key}=N"
    return None


def answer_hint(key: str, kind: str) -> str:
    """How the running command takes the answer to `key` (see `answer_way`)."""
    way = answer_way(key, kind)
    if way is None:
        return _("answer it in `aos play`, which asks it")
    return _("answer with {flags}").format(flags=way)


def as_question(text: str) -> str:
    """A question shown as a sentence: its first letter a capital (Turkish dotted İ for i);
    the rules write questions to be embedded in other text as well, so they begin in lower
    case."""
    from aos_cli.language.i18n import language

    if not text or not text[0].islower():
        return text
    first = "İ" if text[0] == "i" and language() == "tr" else text[0].upper()
    return first + text[1:]


class TerminalAsker:
    """Asks the players at the terminal. Without a terminal, when `require_terminal`, it says
    which flag answers the question instead (a command run from a script must not hang)."""

    def __init__(self, *, require_terminal: bool = True) -> None:
        self.require_terminal = require_terminal

    def _check(self, key: str, kind: str, question: str) -> None:
        if self.require_terminal and not sys.stdin.isatty():
            raise MissingAnswer(key, kind, question)

    def yes_no(self, key: str, question: str | Text) -> bool:
        """A yes or no answer (the question said here, in the chosen language), asked until
        one is given."""
        question = str(question)
        self._check(key, "yes_no", question)
        from aos_cli.views.words import yes_no_hint, yes_no_retry

        while (answer := read_yes_no(ask_line(f"{as_question(question)} {yes_no_hint()}"))) is None:
            print(yes_no_retry(), file=sys.stderr)
        return answer

    def number(self, key: str, question: str | Text, at_most: int | None = None) -> float:
        """A number of 0 or more: inches, or a whole count of models when the question has an
        upper bound (`at_most`), in any language; asked until one is given."""
        question = str(question)
        self._check(key, "number", question)
        counting = at_most is not None
        while True:
            text = ask_line(as_question(question))
            if counting:
                cleaned = text.strip()
                if is_ascii_whole(cleaned) and len(cleaned) <= 4:
                    if at_most is not None and int(cleaned) > at_most:
                        print(
                            _("At most {n} here; please type 0 to {n}.").format(n=at_most),
                            file=sys.stderr,
                        )
                        continue
                    return float(int(cleaned))
                print(_("Please type a whole number, such as 0 or 3."), file=sys.stderr)
                continue
            try:
                return parse_distance(text)
            except InputError as problem:
                print(
                    _("{problem}; please type a number, such as 7 or {decimal}.").format(
                        problem=problem, decimal=number(8.5)
                    ),
                    file=sys.stderr,
                )


RANGE_KEY = re.compile(r"within-([0-9]+)")
"""A question about a distance the rules set (`within-12`); the flags answering one carry the
distance of the system they were written for (`--within-30`, AoS unbinding)."""


class FlagAnswers(RecordedAnswers):
    """The answers given on the command line. A range flag written for another system's
    distance (the AoS `--within-30` on a 40k Deny the Witch, whose range is 24") is refused,
    not silently ignored; other flags an action does not ask about do no harm."""

    def __init__(self, given: dict[str, Any], flags: set[str], possible: Callable[[], set[str]]):
        super().__init__(dict(given), TerminalAsker())
        self.flags = flags
        self.read: set[str] = set()
        self.possible = possible

    def yes_no(self, key: str, question: str | Text) -> bool:
        self.read.add(key)
        return super().yes_no(key, question)

    def number(self, key: str, question: str | Text, at_most: int | None = None) -> float:
        self.read.add(key)
        return super().number(key, question, at_most)

    def settle(self) -> None:
        """Refuse a range flag no path of this action asks while it asks another range."""
        unread = {k for k in self.flags - self.read if RANGE_KEY.fullmatch(k)}
        if unread:
            check_ranges_apply(unread, self.possible())


def check_ranges_apply(unread: set[str], possible: set[str]) -> None:
    """One line for a range flag the action never asks while it asks another distance."""
    asked = sorted(k for k in possible if RANGE_KEY.fullmatch(k))
    wrong = sorted(k for k in unread if k not in possible)
    if wrong and asked:
        inches = ", ".join(f'{RANGE_KEY.fullmatch(k).group(1)}"' for k in asked)  # type: ignore[union-attr]
        raise InputError(
            _("--{flag} does not apply here: this game measures {inches}").format(
                flag=wrong[0], inches=inches
            ),
            answer_hint(asked[0], "yes_no"),
        )


def parse_answers(items: list[str] | None) -> dict[str, Any]:
    """Read `--answer KEY=VALUE` items: yes/no become booleans, numbers numbers."""
    answers: dict[str, Any] = {}
    for item in items or []:
        key, sep, value = item.partition("=")
        text = value.strip().lower()
        if not sep or not key.strip():
            raise InputError(
                _("--answer: {item} is not KEY=VALUE").format(item=repr(item)),
                _("e.g. --answer mystical=yes"),
            )
        said = True if text == "true" else False if text == "false" else read_yes_no(text)
        if said is not None:
            answers[key.strip()] = said
        else:
            answers[key.strip()] = parse_distance(text, what=f"--answer {key.strip()}")
    return answers


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
    from aos_cli.app.live_notes import LiveNotes
    from aos_cli.app.questions import questions_of
    from aos_cli.app.session import open_game
    from aos_cli.views.events import note_lines

    flags = {k: v for k, v in (answers or {}).items() if v is not None}
    given = {**parse_answers(answer), **flags}  # a flag not given leaves --answer's value
    source = dice_source(dice, seed)

    def show(note: Note) -> None:
        for line in note_lines([note]):
            console().print(line, markup=False)

    live = LiveNotes(show)
    with open_game(db, game) as session:

        def possible() -> dict[str, Question]:
            return questions_of(session.store, session.game_id, kind, payload, given)

        asked = FlagAnswers(given, set(flags), lambda: set(possible()))
        if not as_json:  # each result shown before the next question or dice it comes before
            source, asked.fallback = (
                live.dice(source),
                live.asker(asked.fallback or TerminalAsker()),
            )
        try:
            state = session.perform(
                kind, dict(payload), source, asked, None if as_json else live.watch
            )
        except MissingAnswer as first:
            raise every_missing_answer(first, possible(), given, set(flags)) from None
    show_notes(state, session.game_id, as_json, live.rest(state))


def every_missing_answer(
    first: MissingAnswer, questions: dict[str, Question], given: dict[str, Any], flags: set[str]
) -> InputError:
    """One error naming every answer the action may still need (issue 18 item 10: a script
    learns them all from one run), and a range flag it never asks about."""
    from aos_cli.app.questions import Question

    missing = [q for q in questions.values() if q.key not in given] or [
        Question(first.key, first.kind, first.question)
    ]
    never = sorted(k for k in flags - set(questions) if RANGE_KEY.fullmatch(k))
    texts = "; ".join(q.text for q in missing)
    ways = [answer_way(q.key, q.kind) for q in missing]
    hint = _("answer with {flags}").format(flags="; ".join(w for w in ways if w))
    if None in ways:
        hint = _("answer it in `aos play`, which asks it") if len(missing) == 1 else hint
    if never:
        unused = _("{flags} not asked here").format(flags=", ".join(f"--{k}" for k in never))
        hint = f"{hint}; {unused}"
    if len(missing) == 1:
        return InputError(_("the tool needs to know: {question}").format(question=texts), hint)
    told = ngettext(
        "the tool needs to know {n} thing: {questions}",
        "the tool needs to know {n} things: {questions}",
        len(missing),
    )
    return InputError(told.format(n=len(missing), questions=texts), hint)


def show_notes(
    state: GameState, game_id: int, as_json: bool, notes: list[Note] | None = None
) -> None:
    """What the action did (the `notes` not shown yet, else all), then where the game stands."""
    from aos_cli.views.events import note_lines
    from aos_cli.views.game import header, notes_json

    if as_json:
        print_json(notes_json(state, game_id))
        return
    out = console()
    for note in note_lines(state.notes if notes is None else notes):
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
        dice: DiceOption = "auto",
        seed: SeedOption = None,
    ) -> None:
        # Every roll can be seeded or typed (deadly terrain after a move, a new general's trait).
        act(kind, {"unit": unit}, db=db, game=game, as_json=json, answer=answer, dice=dice,
            seed=seed)  # fmt: skip

    command.__doc__ = help
    command.__name__ = kind.replace("-", "_")
    return command
