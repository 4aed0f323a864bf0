"""Click's usage errors in the player's language: Typer's vendored Click has no gettext, so the
common kinds (an unknown option or command, a missing or bad value, extra arguments) are put
again from the exception's own fields; an unknown kind keeps Click's English."""

from __future__ import annotations

import re
from typing import Any

from aos_cli.language.i18n import _, ngettext

_REQUIRES = re.compile(r"Option '(?P<option>.+)' requires (?:an argument|(?P<n>\d+) arguments)\.")
_NO_VALUE = re.compile(r"Option '(?P<option>.+)' does not take a value\.")
_EXTRA = re.compile(r"Got unexpected extra argument\(s\) \((?P<arguments>.*)\)")
_NO_COMMAND = re.compile(r"No such command '(?P<command>.*)'\.")
_NOT_ONE_OF = re.compile(r"(?P<value>'.*') is not one of (?P<choices>.*)\.")


def _hint(problem: Any) -> str:
    """The parameter a Click error is about, as Click names it ('--seed', 'NAME')."""
    hint = getattr(problem, "param_hint", None)
    if hint is None and getattr(problem, "param", None) is not None:
        hint = problem.param.get_error_hint()
    if isinstance(hint, str) or hint is None:
        return hint or ""
    return " / ".join(f"'{h}'" for h in hint)


def _bad_value(message: str) -> str:
    """What is wrong with a value, for the messages Typer's converters give."""
    if "valid integer" in message:
        return _("it is not a whole number")
    if "valid number" in message:
        return _("it is not a number")
    if "valid boolean" in message:
        return _("it is not yes or no (use true or false)")
    found = _NOT_ONE_OF.fullmatch(message)
    if found:
        return _("{value} is not one of {choices}").format(**found.groupdict())
    return message


def translated_usage_error(problem: Any, english: str) -> str:
    """The one line for a Click usage error in the chosen language (`english` when its kind is
    not one we know)."""
    kind = type(problem).__name__
    if kind == "NoSuchOption":
        line = _("No such option: {option}").format(option=problem.option_name)
        if problem.possibilities:
            options = ", ".join(sorted(problem.possibilities))
            line += " " + _("(Possible options: {options})").format(options=options)
        return line
    if kind == "MissingParameter":
        name = _hint(problem)
        if problem.param_type == "argument" or getattr(problem.param, "param_type_name", "") == (
            "argument"
        ):
            return _("Missing argument {name}.").format(name=name)
        return _("Missing option {name}.").format(name=name)
    if kind == "BadParameter":
        return _("Invalid value for {name}: {problem}").format(
            name=_hint(problem), problem=_bad_value(problem.message)
        )
    message = str(getattr(problem, "message", english))
    if found := _REQUIRES.fullmatch(message):
        count = int(found["n"] or 1)
        return ngettext(
            "Option '{option}' requires a value.", "Option '{option}' requires {n} values.", count
        ).format(option=found["option"], n=count)
    if found := _NO_VALUE.fullmatch(message):
        return _("Option '{option}' does not take a value.").format(option=found["option"])
    if found := _EXTRA.fullmatch(message):
        return _("Got unexpected extra arguments ({arguments})").format(
            arguments=found["arguments"]
        )
    if found := _NO_COMMAND.fullmatch(message):
        return _("No such command '{command}'.").format(command=found["command"])
    if message == "Missing command.":
        return _("Missing command.")
    return english
