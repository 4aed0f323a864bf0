"""Helpers every command shares: the console, JSON output and the dice source from flags."""

from __future__ import annotations

import json
import sys
from typing import TYPE_CHECKING, Any

from aos_cli.core.errors import InputError
from aos_cli.core.limits import MAX_TYPED_LINE
from aos_cli.language.i18n import _

if TYPE_CHECKING:
    from rich.console import Console

    from aos_cli.core.dice import DiceSource


def console() -> Console:
    """The Rich console on stdout (respects NO_COLOR and the terminal width)."""
    from aos_cli.views.theme import make_console

    return make_console()


def print_json(data: Any) -> None:
    """Print a result for programs: plain JSON, one object, no colour."""
    sys.stdout.write(json.dumps(data, indent=2, sort_keys=False) + "\n")


def ask_line(prompt: str) -> str:
    """Ask on stderr and read one line from stdin, so stdout stays clean for --json.

    End of input raises EOFError, which the CLI boundary reports as a clean stop. At a
    terminal, keys typed before the prompt appeared are dropped: they were meant for an
    earlier question, not this one (issue 31 item 4).
    """
    drop_typed_ahead()
    sys.stderr.write(f"{shown(prompt)}: ")
    sys.stderr.flush()
    line = sys.stdin.readline(MAX_TYPED_LINE + 1)
    if len(line) > MAX_TYPED_LINE and not line.endswith("\n"):
        # The rest of an overlong line is dropped in bounded pieces, not read as answers.
        while (rest := sys.stdin.readline(MAX_TYPED_LINE)) and not rest.endswith("\n"):
            pass
    if not line:
        raise EOFError
    return line.strip()


def drop_typed_ahead() -> None:
    """Forget what was typed at the terminal and not read yet (nothing off a terminal)."""
    try:
        import termios

        if sys.stdin.isatty():
            termios.tcflush(sys.stdin.fileno(), termios.TCIFLUSH)
    except (ImportError, OSError, ValueError):
        pass


def dice_source(mode: str, seed: int | None) -> DiceSource:
    """`auto` rolls with a (seeded) RNG; `manual` asks the player for the dice they rolled."""
    from aos_cli.cli.typed_dice import ManualDice
    from aos_cli.core.dice import SeededDice

    if mode == "auto":
        return SeededDice(seed)
    if mode == "manual":
        return ManualDice(ask=ask_line, tell=lambda line: print(line, file=sys.stderr))
    raise InputError(
        _("--dice: {mode} is not a dice mode").format(mode=repr(mode)), _("use auto or manual")
    )


def shown(text: str) -> str:
    """A name from a file as printed: control characters (terminal escapes) made visible."""
    from aos_cli.views.theme import printable

    return printable(str(text)).replace("\n", "\\n")
