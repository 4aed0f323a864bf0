"""Which questions an action may ask (issue 18): played on copies of the game with throwaway
dice and every yes/no tried both ways, so a command run from a script learns in one run every
answer it still needs, and a flag the action can never ask about is caught."""

from __future__ import annotations

import contextlib
from dataclasses import field
from typing import TYPE_CHECKING, Any

from aos_cli.core.answers import RecordedAnswers
from aos_cli.core.records import dataclass

if TYPE_CHECKING:
    from aos_cli.language.text import Text
    from aos_cli.store import Store

MAX_PROBES = 24
"""How many copies of the action are played at most: each yes/no asked doubles the paths, and
the longest chain of questions of one action (a 40k charge with Overwatch) is well within it."""


@dataclass(frozen=True)
class Question:
    """One question an action asks: its answer key, `yes_no` or `number`, and its text."""

    key: str
    kind: str
    text: str


@dataclass
class _Supposing:
    """Answers what was not given with a supposed value, noting every question asked."""

    supposed: dict[str, Any]
    asked: list[Question] = field(default_factory=list)

    def yes_no(self, key: str, question: str | Text) -> bool:
        self.asked.append(Question(key, "yes_no", str(question)))
        return bool(self.supposed.get(key, False))

    def number(self, key: str, question: str | Text, at_most: int | None = None) -> float:
        self.asked.append(Question(key, "number", str(question)))
        return float(self.supposed.get(key, 1))


class _Noting(RecordedAnswers):
    """Recorded answers that note every key read, given or not."""

    def __init__(self, given: dict[str, Any], fallback: _Supposing) -> None:
        super().__init__(dict(given), fallback)
        self.read: dict[str, Question] = {}

    def yes_no(self, key: str, question: str | Text) -> bool:
        self.read.setdefault(key, Question(key, "yes_no", str(question)))
        return super().yes_no(key, question)

    def number(self, key: str, question: str | Text, at_most: int | None = None) -> float:
        self.read.setdefault(key, Question(key, "number", str(question)))
        return super().number(key, question, at_most)


def questions_of(
    store: Store, game_id: int, kind: str, payload: dict[str, Any], given: dict[str, Any]
) -> dict[str, Question]:
    """Every question the action may ask with the answers `given` (given ones included), in
    the order first met; nothing is recorded and the real dice are not touched."""
    from aos_cli.app.games import load
    from aos_cli.core.actions import apply_action
    from aos_cli.core.dice import SeededDice
    from aos_cli.core.errors import AosError

    found: dict[str, Question] = {}
    waiting: list[dict[str, Any]] = [{}]
    tried: set[tuple[tuple[str, Any], ...]] = {()}
    for _ in range(MAX_PROBES):
        if not waiting:
            break
        supposed = waiting.pop(0)
        asker = _Supposing(supposed)
        answers = _Noting(given, asker)
        state = load(store, game_id).state
        with contextlib.suppress(AosError):
            apply_action(state, kind, dict(payload), SeededDice(0), answers)
        for key, question in answers.read.items():
            found.setdefault(key, question)
        for question in asker.asked:
            if question.kind != "yes_no" or question.key in supposed:
                continue
            other = {**supposed, question.key: True}
            mark = tuple(sorted(other.items()))
            if mark not in tried:
                tried.add(mark)
                waiting.append(other)
    return found
