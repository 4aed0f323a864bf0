"""Age of Sigmar 1st edition's attack command: the 2nd edition's flags and engine, with the dice
judged as the 1st edition does (no unmodified 1 that always fails nor 6 that always succeeds,
AoS1 §11.3)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from aos_cli.core.effects import AttackRules
from aos_cli.systems.aos2.attack import AosAttackKit

if TYPE_CHECKING:
    from aos_cli.core.aos_engine import AosAttack
    from aos_cli.systems.kits import AttackKit


def _judge(rules: AttackRules) -> AttackRules:
    """The compiled rules as the 1st edition judges dice (loads that system only when used)."""
    from aos_cli.core.system import get_system

    return get_system("aos1").attack_rules(rules)


KIT: AttackKit[AosAttack] = AosAttackKit("aos1", judge=_judge)
"""Age of Sigmar 1st edition's attack command."""
