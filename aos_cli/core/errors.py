"""One error vocabulary: every failure the user can cause is an AosError with a fix in it."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from aos_cli.language.text import Text


class AosError(Exception):
    """A problem the user can fix; printed as one plain line by the CLI boundary."""

    exit_code = 1

    def __init__(self, message: str | Text, hint: str | Text | None = None) -> None:
        """`message` and `hint` may be sentences the core means (`Text`): they are said in the
        player's language when the error is raised, which is when it is shown."""
        super().__init__(str(message))
        self.message = str(message)
        self.hint = None if hint is None else str(hint)

    def __str__(self) -> str:
        return f"{self.message} ({self.hint})" if self.hint else self.message


class InputError(AosError):
    """A malformed value on the command line (a usage error, exit code 2)."""

    exit_code = 2


class RuleError(AosError):
    """An action the rules do not allow now (exit code 1)."""


class ContentError(AosError):
    """Rules content (YAML) that is missing, malformed or inconsistent (exit code 1)."""


class GameError(AosError):
    """A saved game that is missing, unreadable or in the wrong state (exit code 1)."""
