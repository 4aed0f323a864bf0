"""A toy game system, to show (and test) that adding a system takes one module like this one
and one YAML file of its content (tests/golden/toy_system.yaml).

Toy Skirmish: two phases, one battle round, no command points or magic; the player who
finished setting up first always takes the first turn, and units test their Nerve.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from aos_cli.core.system import GameSystem, Option, register

if TYPE_CHECKING:
    from aos_cli.core.action_types import Priority
    from aos_cli.core.answers import RecordedAnswers
    from aos_cli.core.dice import DiceSource
    from aos_cli.core.state import GameState


@dataclass(frozen=True)
class ToySystem(GameSystem):
    """The toy's rules where they differ from the defaults: who goes first."""

    def priority_menu(self, state: GameState) -> list[Option]:
        """No roll: the player who finished setting up first goes first."""
        return [Option("Start the battle round", "priority", {})]

    def priority(
        self, state: GameState, act: Priority, dice: DiceSource, answers: RecordedAnswers
    ) -> int:
        """The side that finished setting up first takes the first turn; no dice."""
        first = 0 if state.sides[0].finished_setup_first else 1
        state.notes.append(f"{state.sides[first].name} finished setting up first and goes first.")
        return first


TOY = register(
    ToySystem(
        id="toy",
        name="Toy Skirmish",
        section="Toy",
        phases=("movement", "combat"),
        magic_phase="none",
        command_phase="none",
        shock_phase="nerve",
        command_points=False,
        engagement=1,
        spells=(),
        bravery_per_ten=False,
        bravery_name="Nerve",
        battle_rounds=1,
        general_replaced=False,
        demo_battleplan="toy-brawl",
    )
)
"""The toy system, registered when this module is imported."""
