"""A toy game system, to show (and test) that adding a system takes one module like this one
and one YAML file of its content (tests/golden/toy_system.yaml).

Toy Skirmish: two phases, one battle round, no command points or magic; the player who
finished setting up first always takes the first turn, and units test their Nerve. It gives
the parts whose rules differ from Age of Sigmar's (`aos_cli.core.system_parts`): its own turn
(a class of its own, having what `TurnRules` names), combat and morale; it has no magic part.
"""

from __future__ import annotations

from enum import StrEnum
from typing import TYPE_CHECKING, Any

from aos_cli.core.records import dataclass
from aos_cli.core.system import AoSCombat, AoSMorale, AoSSetUp, Front, GameSystem, Option, register

if TYPE_CHECKING:
    from aos_cli.core.action_types import Priority
    from aos_cli.core.answers import RecordedAnswers
    from aos_cli.core.dice import DiceSource
    from aos_cli.core.state import GameState


class ToyPhase(StrEnum):
    """The toy's two phases, stored as their strings."""

    MOVEMENT = "movement"
    COMBAT = "combat"


@dataclass(frozen=True)
class ToyTurn:
    """The toy's turn, written from nothing: no roll, the player who finished setting up
    first goes first, one battle round, no commands."""

    phases: tuple[str, ...] = tuple(ToyPhase)
    battle_rounds: int = 1
    command_phase: str = "none"
    general_commands: bool = False

    @property
    def turn_start_phase(self) -> str:
        """Effects lasting "until your next ..." end as the movement phase starts."""
        return self.phases[0]

    def priority_menu(self, state: GameState) -> list[Option]:
        """No roll: the player who finished setting up first goes first."""
        return [Option("Start the battle round", "priority", {})]

    def menu(self, state: GameState) -> list[Option] | None:
        """The game engine's menu."""
        return None

    def needs_priority_roll(self, state: GameState) -> bool:
        """Every round starts with its (diceless) priority action."""
        return True

    def priority(
        self, state: GameState, act: Priority, dice: DiceSource, answers: RecordedAnswers
    ) -> int:
        """The side that finished setting up first takes the first turn; no dice."""
        first = 0 if state.sides[0].finished_setup_first else 1
        state.notes.append(f"{state.sides[first].name} finished setting up first and goes first.")
        return first

    def battle_over(self, state: GameState, answers: Any) -> bool:
        """The battle ends after its rounds."""
        return state.round >= state.battle_rounds


TOY = register(
    GameSystem(
        id="toy",
        name="Toy Skirmish",
        section="Toy",
        turn=ToyTurn(),
        combat=AoSCombat(phase=ToyPhase.COMBAT, engagement=1),
        magic=None,
        morale=AoSMorale(phase="nerve", bravery_name="Nerve"),
        setup=AoSSetUp(general_replaced=False),
        command_points=False,
        front=Front(
            demo_battleplan="toy-brawl",
        ),
    )
)
"""The toy system, registered when this module is imported."""
