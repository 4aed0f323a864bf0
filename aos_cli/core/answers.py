"""The players' answers to what the tool cannot see (distances, terrain, line of sight).

Every answer an action needed is kept with it in the action log, so a replay never asks again.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

from aos_cli.core.errors import InputError, RuleError
from aos_cli.core.numbers import check_distance
from aos_cli.language.i18n import _, language, number

YES_NO_WORDS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "en": (("y", "yes"), ("n", "no")),
    "hu": (("i", "igen"), ("n", "nem")),
    "it": (("s", "si", "sì"), ("n", "no")),
    "tr": (("e", "evet"), ("h", "hayır")),
    "ru": (("д", "да"), ("н", "нет")),
}
"""What a player types for yes and for no, per language; English is understood in every one."""


def read_yes_no(text: str) -> bool | None:
    """A typed yes or no, in English or the chosen language, any case (`Igen`, `EVET`, `Да`);
    None when the answer is neither."""
    typed = fold(text)
    for code in dict.fromkeys(("en", language())):
        yes, no = YES_NO_WORDS.get(code, ((), ()))
        if typed in map(fold, yes):
            return True
        if typed in map(fold, no):
            return False
    return None


def fold(text: str) -> str:
    """A typed word made comparable whatever its case: case-folded, spaces tidied, and the
    Turkish dotted and dotless i read as i (`HAYIR`, `hayır` and `hayir` are one word)."""
    folded = " ".join(text.casefold().split())
    return folded.replace("i\u0307", "i").replace("ı", "i")


def yes_no_hint(default: bool | None = None) -> str:
    """The answers a yes/no prompt offers, in the chosen language: `[y/n]`, or `[Y/n]` and
    `[y/N]` with the answer Enter gives in capitals."""
    if default is None:
        return _("[y/n]")
    return _("[Y/n]") if default else _("[y/N]")


def yes_no_retry() -> str:
    """The line shown when a yes/no answer was neither."""
    return _("Please answer y or n.")


class Asker(Protocol):
    """Asks the players what the tool cannot see; every answer is kept in the action."""

    def yes_no(self, key: str, question: str) -> bool:
        """A yes-or-no answer, recorded under `key`."""
        ...

    def number(self, key: str, question: str, at_most: int | None = None) -> float:
        """A number (inches, models), recorded under `key`; a count no more than `at_most`."""
        ...


@dataclass
class RecordedAnswers:
    """Answers already given (from flags, or from the action log on replay), then the fallback."""

    answers: dict[str, Any] = field(default_factory=dict)
    fallback: Asker | None = None

    def yes_no(self, key: str, question: str) -> bool:
        """The recorded answer, else asked of the fallback (and recorded), else a RuleError."""
        if key not in self.answers:
            if self.fallback is None:
                raise RuleError(
                    _("the tool needs to know: {question}").format(question=question),
                    _("answer with --{key}").format(key=key),
                )
            self.answers[key] = self.fallback.yes_no(key, question)
        return bool(self.answers[key])

    def number(self, key: str, question: str, at_most: int | None = None) -> float:
        """The recorded number, else asked of the fallback (and recorded), else a RuleError;
        a count above `at_most` is refused in one line."""
        if key not in self.answers:
            if self.fallback is None:
                raise RuleError(
                    _("the tool needs to know: {question}").format(question=question),
                    _("answer with --{key}").format(key=key),
                )
            self.answers[key] = self.fallback.number(key, question, at_most)
        value = check_distance(float(self.answers[key]), what=key)
        if at_most is not None and value > at_most:
            raise InputError(
                _("{key}: {value} is more than the {at_most} there can be").format(
                    key=key, value=number(value), at_most=at_most
                )
            )
        return value

    def settle(self) -> None:
        """Called once the action has been applied, before it is recorded: a place to refuse
        answers given for questions the action never asks (none here)."""
