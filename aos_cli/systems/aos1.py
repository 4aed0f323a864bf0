"""Age of Sigmar 1st edition (aos1-core.md, aos-differences.md): the four-page rules of 2015.

What differs from the 2nd edition and lives here: the priority roll-off each round with ties
rolled again (in round one the player who finished set-up first chooses, AoS1 §4 step 6, §6);
no command points, the general's one free command ability per hero phase (AoS1 §7.2); Arcane
Bolt of D3 mortal wounds and Mystic Shield of +1 to saves, unbinding within 18", each wizard
attempting each spell once per turn (AoS1 §12); no unmodified-roll rules (aos-differences
#9-#11); cover without the Monster exception (AoS1 §11.7); the 3" scenery table (AoS1 §3.4).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from aos_cli.core.effects import AttackRules, TargetInfo
from aos_cli.systems.base import GameSystem, SpellRule, choose_first, rebuild_rules

if TYPE_CHECKING:
    from aos_cli.core.actions import RecordedAnswers
    from aos_cli.core.dice import DiceSource
    from aos_cli.core.state import GameState


@dataclass(frozen=True)
class AttackRules1e(AttackRules):
    """Dice judged as the 1st edition does: the modified roll against the characteristic, with
    no unmodified 1 that always fails nor 6 that always succeeds (AoS1 §11.3; aos-differences
    #9-#11)."""

    def hit_succeeds(self, unmodified: int, to_hit: int) -> bool:
        return unmodified + self.hit_mod >= to_hit

    def wound_succeeds(self, unmodified: int, to_wound: int) -> bool:
        return unmodified + self.wound_mod >= to_wound

    def save_succeeds(self, unmodified: int, rend: int, target: TargetInfo) -> bool:
        return unmodified + self.save_modifier(rend, target) >= target.save


@dataclass(frozen=True)
class AoS1System(GameSystem):
    """The 1st edition's strategies where they differ from the 2nd edition's."""

    def attack_rules(self, rules: AttackRules) -> AttackRules:
        return rebuild_rules(AttackRules1e, rules)

    def cover_for_monsters(self) -> bool:
        """AoS1 §11.7: cover has no Monster or War Machine exception."""
        return False

    def priority(
        self,
        state: GameState,
        payload: dict[str, Any],
        dice: DiceSource,
        answers: RecordedAnswers,
    ) -> int:
        """AoS1 §4 step 6, §6: in round one the player who finished setting up first chooses
        who goes first (no roll); from round two a roll-off, ties rolled again, the winner
        chooses."""
        from aos_cli.core.dice import roll_off

        if state.round == 0:
            decider = 0 if state.sides[0].finished_setup_first else 1
            state.notes.append(
                f"{state.sides[decider].name} finished setting up first and chooses who takes "
                "the first turn (AoS1 §4)."
            )
            return choose_first(state, decider, payload, answers)
        result = roll_off(dice, reroll_ties=True)
        rolls = ", ".join(f"{a}-{b}" for a, b in result.rounds)
        decider = 0 if result.winner == 0 else 1
        ties = " (ties rolled again)" if len(result.rounds) > 1 else ""
        state.notes.append(
            f"Priority: {state.sides[0].name} against {state.sides[1].name} {rolls}{ties}; "
            f"{state.sides[decider].name} chooses (AoS1 §6)."
        )
        return choose_first(state, decider, payload, answers)

    def arcane_bolt(self, casting_roll: int, dice: DiceSource) -> int:
        """AoS1 §12: Arcane Bolt always inflicts D3 mortal wounds."""
        from aos_cli.core.dice import parse_dice

        return parse_dice("D3").roll(dice, "Arcane Bolt D3 (AoS1)")

    def mystic_shield(self) -> tuple[dict[str, Any], str]:
        """AoS1 §12: add 1 to the unit's save rolls until your next hero phase."""
        return (
            {"type": "modifier", "roll": "save", "amount": 1},
            "adds 1 to its save rolls until your next hero phase (AoS1 §12)",
        )


AOS1 = AoS1System(
    id="aos1",
    name="Warhammer Age of Sigmar, 1st edition",
    section="AoS1",
    phases=("hero", "movement", "shooting", "charge", "combat", "battleshock"),
    command_points=False,
    general_commands=True,
    engagement=3,
    unbind_range=18,
    spell_limit="caster",
    spells=(
        SpellRule("arcane bolt", 5, 18, "enemy"),
        SpellRule("mystic shield", 6, 18, "friendly"),
    ),
    scenery_range=3,
    battle_rounds=6,
    shooting_engaged_rule=False,
    look_out_sir=False,
)
"""The sheet sets no battle length (AoS1 §5.1); six rounds lets Endure (end of round six) be
decided, and a battleplan or `battle_rounds` in the set-up can say otherwise."""
