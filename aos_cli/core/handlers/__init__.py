"""The rules that apply each kind of action, grouped by topic, and the registry they join.

`combat` (shoot, charge, fight, pass), `movement` (move, retreat, run, arrive), `magic` (cast,
unbind), `battleshock`, `abilities` (abilities, prayers, command abilities). A handler takes the
state, its typed action, the dice and the answers; `@action(ActionType)` registers it, and a game
system registers its own with `@action(ActionType, system=ID)`, preferred for its games.
`aos_cli.core.actions.apply` finds and runs them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from aos_cli.core.action_types import A, Action
    from aos_cli.core.answers import RecordedAnswers
    from aos_cli.core.dice import DiceSource
    from aos_cli.core.state import GameState

Handler = Callable[["GameState", Any, "DiceSource", "RecordedAnswers"], None]
"""Applies one kind of action: (state, the typed action, dice, answers)."""

HANDLERS: dict[type[Action], Handler] = {}
"""The shared rules of each action type."""

SYSTEM_HANDLERS: dict[tuple[str, type[Action]], Handler] = {}
"""Handlers of one game system, `(system, action type)`, preferred over `HANDLERS[type]`."""


def action(
    kind: type[A], system: str | None = None
) -> Callable[
    [Callable[[GameState, A, DiceSource, RecordedAnswers], None]],
    Callable[[GameState, A, DiceSource, RecordedAnswers], None],
]:
    """Register the rules of one kind of action (for one game system only, if given)."""

    def register(
        handler: Callable[[GameState, A, DiceSource, RecordedAnswers], None],
    ) -> Callable[[GameState, A, DiceSource, RecordedAnswers], None]:
        if system is None:
            HANDLERS[kind] = handler
        else:
            SYSTEM_HANDLERS[(system, kind)] = handler
        return handler

    return register
