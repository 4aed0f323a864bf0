"""Warhammer 40,000 8th edition (40k8-core.md) on the shared game engine: its strategies.

The six phases movement, psychic, shooting, charge, fight and morale (40k8 §3); the same player
first in every battle round, chosen by the Underdog in Only War (40k8 §17.7); no command points
but the Underdog's Command Re-rolls (40k8 §17.6); psychic powers tested on 2D6 and denied within
24" (40k8 §5); morale against the highest Leadership (40k8 §11). The attack sequence itself (BS
or WS, the wound chart, AP, invulnerable saves, excess damage lost) is `aos_cli.systems.wh40k8`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from aos_cli.core.errors import RuleError
from aos_cli.systems.base import GameSystem, SpellRule, choose_first

if TYPE_CHECKING:
    from aos_cli.core.actions import RecordedAnswers
    from aos_cli.core.dice import DiceSource
    from aos_cli.core.state import GameState


@dataclass(frozen=True)
class WH40K8System(GameSystem):
    """The 8th edition's strategies where they differ from Age of Sigmar's."""

    def needs_priority_roll(self, state: GameState) -> bool:
        """40k8 §3: the same player goes first in every round; only round one is decided."""
        return state.first_side is None

    def priority(
        self,
        state: GameState,
        payload: dict[str, Any],
        dice: DiceSource,
        answers: RecordedAnswers,
    ) -> int:
        """40k8 §17.7: the Underdog decides who takes the first turn; that player goes first in
        every battle round (40k8 §3). Without an Underdog the players roll off (40k8 §1.4)."""
        if state.first_side is not None:
            raise RuleError("the same player goes first in every battle round (40k8 §3)")
        from aos_cli.core.scoring import book_of

        underdog = book_of(state).underdog
        if underdog is None:
            from aos_cli.core.dice import roll_off

            result = roll_off(dice, reroll_ties=True)
            decider = 0 if result.winner == 0 else 1
            rolls = ", ".join(f"{a}-{b}" for a, b in result.rounds)
            state.notes.append(
                f"No Underdog: a roll-off ({rolls}); {state.sides[decider].name} decides who "
                "goes first in every battle round (40k8 §1.4, §3)."
            )
        else:
            decider = underdog
            state.notes.append(
                f"{state.sides[decider].name} is the Underdog and decides who goes first in every "
                "battle round (40k8 §17.7)."
            )
        return choose_first(state, decider, payload, answers)

    def battleshock_exempt(self, state: GameState, unit_side: int, effects: list[Any]) -> bool:
        return False


WH40K8 = WH40K8System(
    id="wh40k8",
    name="Warhammer 40,000, 8th edition",
    section="40k8",
    phases=("movement", "psychic", "shooting", "charge", "fight", "morale"),
    magic_phase="psychic",
    command_phase="movement",
    combat_phase="fight",
    shock_phase="morale",
    command_points=False,
    engagement=1,
    unbind_range=24,
    unbind_name="Deny the Witch",
    spell_limit="caster",
    spells=(SpellRule("smite", 5, 18, "enemy"),),
    scenery_range=0,
    bravery_per_ten=False,
    bravery_name="Leadership",
    battle_rounds=5,
    shooting_engaged_rule=False,
    look_out_sir=False,
)
"""40k8 §3 phases, §5 psychic (Smite WC 5, deny within 24"), §11 morale, §17.8 five rounds."""
