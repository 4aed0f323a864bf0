"""40k8's scoring beside its battleplans' rules: Ancient Relic's one marker left (40k8 §17.4)
and the side that chose the deployment zones (40k8 §17.5). The shared scoring engine calls
these rules through `WH40K8System.scoring_rules()`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from aos_cli.core.errors import RuleError
from aos_cli.core.events import emit
from aos_cli.core.scoring import book_of
from aos_cli.core.system_scoring import SystemScoring
from aos_cli.language.text import tr
from aos_cli.systems.wh40k8.events import RelicKept

if TYPE_CHECKING:
    from aos_cli.core.dice import DiceSource
    from aos_cli.core.setup_value import SetUp
    from aos_cli.core.state import GameState

MAX_PICK = 36
"""Markers a random pick can choose among with two D6 (Ancient Relic has four)."""


def random_pick(dice: DiceSource, count: int, purpose: str) -> int:
    """A fair random index below `count` from D6s: one die (rerolling what is too high) up to
    six, two dice (as 36 outcomes) up to MAX_PICK."""
    if not 1 <= count <= MAX_PICK:
        raise RuleError(
            tr("cannot pick at random among {n}", n=count), tr("at most {n}", n=MAX_PICK)
        )
    if count == 1:
        return 0
    while True:
        if count <= 6:
            asked = tr("{purpose} (D6, 1-{n})", purpose=purpose, n=count)
            value = dice.roll(1, str(asked))[0] - 1
            limit = count
        else:
            tens, units = dice.roll(2, str(tr("{purpose} (two D6)", purpose=purpose)))
            value = (tens - 1) * 6 + units - 1
            limit = 36 - 36 % count
        if value < limit:
            return value % count


def keep_one_objective(state: GameState, dice: DiceSource | None) -> None:
    """Ancient Relic (40k8 §17.4): before the first turn one marker is picked at random and
    every other one is removed."""
    if dice is None:
        raise RuleError(
            tr("Ancient Relic picks a marker at the start of the round: dice are needed")
        )
    picked = random_pick(dice, len(state.objectives), str(tr("Ancient Relic marker")))
    kept = state.objectives[picked]
    gone = tuple(o.name for o in state.objectives if o is not kept)
    state.objectives = [kept]
    emit(state, RelicKept(kept.name, gone))


class FortyKScoring(SystemScoring):
    """40k8 §17.4-§17.5 as the scoring engine's moments see them."""

    def start(self, state: GameState, setup: SetUp) -> None:
        """Keep the side that chose the deployment zones, when the set-up asked it (40k8 §17.5:
        the Underdog's tie-break)."""
        book_of(state).zones_chosen_by = setup.zones_chosen_by

    def start_of_round(self, state: GameState, dice: DiceSource | None) -> None:
        """Ancient Relic: at the start of the first battle round one marker is left."""
        plan = book_of(state).plan
        if plan.one_objective_left and state.round == 1 and len(state.objectives) > 1:
            keep_one_objective(state, dice)


FORTY_K_SCORING = FortyKScoring()
"""40k8's scoring beside its battleplans' rules."""
