"""What a game system adds to the shared scoring engine (`aos_cli.core.scoring`).

The engine scores what a battleplan's rules say (rules as data); a system whose core rules
score something more (AoS1 §5.2 Sudden Death, 40k8 §17.4 Ancient Relic) gives the engine a
`SystemScoring` through its `GameSystem.scoring.rules()`, and the engine calls it at its
moments. The defaults (Age of Sigmar 2nd edition's) add nothing, so the core names no system.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from aos_cli.core.answers import Asker
    from aos_cli.core.dice import DiceSource
    from aos_cli.core.setup_value import SetUp
    from aos_cli.core.state import GameState, UnitState


class SystemScoring:
    """A system's own scoring rules, called by the engine at its moments; each does nothing
    unless a system overrides it."""

    def start(self, state: GameState, setup: SetUp) -> None:
        """A new game's scoring is set up: keep what the system's set-up decided."""

    def start_of_round(self, state: GameState, dice: DiceSource | None) -> None:
        """A battle round begins, before the battleplan's own start-of-round rules."""

    def unit_destroyed(self, state: GameState, unit: UnitState) -> None:
        """The last model of `unit` was removed (scored already by the battleplan's rules)."""

    def end_of_round(self, state: GameState, answers: Asker) -> None:
        """A battle round ends, after the battleplan's end-of-round scoring, the battle going
        on (a system may end it here)."""


NO_SCORING = SystemScoring()
"""The scoring of a system that adds nothing to its battleplans' rules."""
