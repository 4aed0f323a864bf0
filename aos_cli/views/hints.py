"""Hints that name commands, said where the players are: on the command line the rules name
the command to run (`aos adjust`); inside `aos play` the same hint names the menu key, or is
left out where the menu itself lists the option; the demo plays itself and needs none.
"""

from __future__ import annotations

import re

from aos_cli.language.i18n import N_

COMMAND = re.compile(r"`aos ([a-z][a-z-]*)[^`]*`(?: or `aos [^`]*`)*")
"""A command in a hint (`aos general UNIT`, `aos unbind WIZARD` or `aos unbind --pass`)."""

CLAUSE = re.compile(
    r"(?:\s*\([^()`]*?: |[;:,] |\s*\(|\s+)?(?:[\w ]*? with |run |use )?`aos [^`]*`"
    r"(?: or `aos [^`]*`)*\)?"
)
"""A command with the words that lead to it: '; roll priority with `aos priority`', or a
bracket whose lead-in ends in a colon, in any language: '(unbind with X: `aos unbind`)'."""

PLAY_KEYS: dict[str, str] = {
    "next": N_("next phase"),
    "adjust": N_("adjust"),
    "heal": N_("heal"),
    "general": N_("new general"),
    "status": N_("status"),
    "undo": N_("undo"),
}
"""The keys of `aos play` that do what a command does."""


def for_play(text: str) -> str:
    """A hint as `aos play` says it: a command it has a key for becomes that key; one the menu
    lists as an option (priority, unbind, battleshock ...) is left out with its lead-in."""

    from aos_cli.views.play import key_hint

    def key_or_nothing(found: re.Match[str]) -> str:
        command = COMMAND.search(found.group(0))
        action = command.group(1) if command else None
        if command is None or action not in PLAY_KEYS:
            return ""
        key = key_hint(action, PLAY_KEYS[action])
        return found.group(0)[: command.start()] + key + found.group(0)[command.end() :]

    return _tidy(CLAUSE.sub(key_or_nothing, text))


def for_demo(text: str) -> str:
    """A hint as the demo says it: the tool plays both sides, so no command is named."""
    return _tidy(CLAUSE.sub("", text))


def _tidy(text: str) -> str:
    """No space before the full stop, no empty brackets or doubled full stop a removed hint
    leaves behind."""
    text = re.sub(r"\s*\(\s*\)", "", text)
    text = re.sub(r"\s+([.;:,)])", r"\1", text)
    return re.sub(r"\.\.+", ".", text).strip()
