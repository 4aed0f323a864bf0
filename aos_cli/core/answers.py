"""The players' answers to what the tool cannot see (distances, terrain, line of sight).

Every answer an action needed is kept with it in the action log, so a replay never asks again.
"""

from __future__ import annotations

from dataclasses import field
from typing import Any, Protocol

from aos_cli.core.errors import InputError, RuleError
from aos_cli.core.numbers import check_distance
from aos_cli.core.records import dataclass
from aos_cli.language.text import Num, Text, tr


def fold(text: str) -> str:
    """A typed word made comparable whatever its case: case-folded, spaces tidied, and the
    Turkish dotted and dotless i read as i (`HAYIR`, `hayır` and `hayir` are one word)."""
    folded = " ".join(text.casefold().split())
    return folded.replace("i\u0307", "i").replace("ı", "i")


class Asker(Protocol):
    """Asks the players what the tool cannot see; every answer is kept in the action. The
    question is a text the core means (or a sentence already said): the asker says it."""

    def yes_no(self, key: str, question: str | Text) -> bool:
        """A yes-or-no answer, recorded under `key`."""
        ...

    def number(self, key: str, question: str | Text, at_most: int | None = None) -> float:
        """A number (inches, models), recorded under `key`; a count no more than `at_most`."""
        ...


@dataclass
class RecordedAnswers:
    """Answers already given (from flags, or from the action log on replay), then the fallback."""

    answers: dict[str, Any] = field(default_factory=dict)
    fallback: Asker | None = None

    def yes_no(self, key: str, question: str | Text) -> bool:
        """The recorded answer, else asked of the fallback (and recorded), else a RuleError."""
        if key not in self.answers:
            if self.fallback is None:
                raise RuleError(
                    tr("the tool needs to know: {question}", question=question),
                    tr("answer with --{key}", key=key),
                )
            self.answers[key] = self.fallback.yes_no(key, question)
        return bool(self.answers[key])

    def number(self, key: str, question: str | Text, at_most: int | None = None) -> float:
        """The recorded number, else asked of the fallback (and recorded), else a RuleError;
        a count above `at_most` is refused in one line."""
        if key not in self.answers:
            if self.fallback is None:
                raise RuleError(
                    tr("the tool needs to know: {question}", question=question),
                    tr("answer with --{key}", key=key),
                )
            self.answers[key] = self.fallback.number(key, question, at_most)
        value = check_distance(float(self.answers[key]), what=key)
        if at_most is not None and value > at_most:
            raise InputError(
                tr(
                    "{key}: {value} is more than the {at_most} there can be",
                    key=key,
                    value=Num(value),
                    at_most=at_most,
                )
            )
        return value

    def settle(self) -> None:
        """Called once the action has been applied, before it is recorded: a place to refuse
        answers given for questions the action never asks (none here)."""
