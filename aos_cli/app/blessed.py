"""A die changed after it was rolled (AoS1 §5.3 Blessed: once per battle, a single die to any
result): the last step's dice listed with what each was rolled for, and the step taken back and
played again inside a `blessed` action with that die changed and its other dice kept, roll by
roll."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from aos_cli.core.errors import GameError, InputError
from aos_cli.core.records import dataclass
from aos_cli.language.i18n import _

if TYPE_CHECKING:
    from aos_cli.app.session import Session
    from aos_cli.core.dice import DiceSource
    from aos_cli.core.state import GameState
    from aos_cli.language.text import Text
    from aos_cli.store import ActionRecord

STEP_ENVELOPE = ("answers", "events", "told", "clock")
"""What the engine keeps beside a stored step's own fields; not carried into the step again."""


@dataclass(frozen=True)
class RolledDie:
    """One die of a step: its number in the step (from 1), what it was rolled for, its face."""

    number: int
    purpose: str
    value: int


class _Purposes:
    """The recorded dice handed out again, each noted with what it is rolled for."""

    def __init__(self, inner: DiceSource) -> None:
        self.inner = inner
        self.dice: list[RolledDie] = []
        self.rolls: list[tuple[str, list[int]]] = []

    def roll(self, count: int, purpose: str | Text) -> list[int]:
        values = self.inner.roll(count, purpose)
        self.rolls.append((str(purpose), list(values)))
        for value in values:
            self.dice.append(RolledDie(len(self.dice) + 1, str(purpose), value))
        return values


class _SameRolls:
    """The step's dice handed out again roll by roll: a roll for the same purpose as one
    rolled before takes those dice (as many as it needs), so a changed hit roll leaves the
    saves the players saw as they were; dice beyond them come from `live`."""

    def __init__(self, rolls: list[tuple[str, list[int]]], live: DiceSource) -> None:
        self.groups = [(purpose, list(values)) for purpose, values in rolls]
        self.live = live

    def roll(self, count: int, purpose: str | Text) -> list[int]:
        said = str(purpose)
        found = next((i for i, (p, _v) in enumerate(self.groups) if p == said), None)
        taken: list[int] = []
        if found is not None:
            taken = self.groups.pop(found)[1][:count]
        if len(taken) < count:
            taken += self.live.roll(count - len(taken), purpose)
        return taken


def blessed_sides(state: GameState) -> list[int]:
    """The sides holding a triumph that changes a die, still to use (AoS1 §5.3 Blessed)."""
    return [
        i
        for i, side in enumerate(state.sides)
        if side.triumph and side.triumph.get("any_die") and not side.triumph_used
    ]


def last_step(session: Session) -> ActionRecord:
    """The game's last step, the one whose die Blessed may change."""
    actions = session.store.actions(session.game_id)
    if not actions:
        raise GameError(_("no step has been played yet: there is no die to change"))
    return actions[-1]


def step_dice(session: Session) -> tuple[ActionRecord, list[RolledDie]]:
    """The last step and its dice, each with what it was rolled for (the step replayed on the
    state before it)."""
    record, told = _replayed_step(session)
    return record, told.dice


def _replayed_step(session: Session) -> tuple[ActionRecord, _Purposes]:
    """The last step replayed on the state before it, its dice told roll by roll."""
    from aos_cli.app.games import replay
    from aos_cli.core.actions import apply_action
    from aos_cli.core.dice import ScriptedDice

    actions = session.store.actions(session.game_id)
    record = last_step(session)
    state = replay(session.store.setup(session.game_id), actions[:-1])
    told = _Purposes(ScriptedDice(record.dice))
    apply_action(state, record.kind, dict(record.payload), told)
    return record, told


def bless(
    session: Session,
    die: int,
    value: int,
    live: DiceSource,
    side: str | None = None,
    asker: Any = None,
) -> GameState:
    """Take the last step back and play it again inside `blessed`, its `die`-th die made
    `value` and its other dice as rolled (more dice, if it needs them, from `live`); if that
    fails, the step stands as it was and the error is raised."""
    from aos_cli.core.answers import RecordedAnswers
    from aos_cli.core.dice import FACES, ScriptedDice

    state = session.state()
    holding = blessed_sides(state)
    if side is None:
        if not holding:
            raise GameError(_("no side has Blessed to use (AoS1 §5.3: once per battle)"))
        if len(holding) > 1:
            raise InputError(_("both sides hold Blessed: say whose it is with --side"))
        side = state.sides[holding[0]].name
    if value not in FACES:
        raise InputError(_("a die shows 1 to 6, not {value}").format(value=value), _("give 1 to 6"))
    record, told = _replayed_step(session)
    dice = told.dice
    if record.kind == "blessed":
        raise GameError(_("Blessed changes a die of another step"))
    if not 1 <= die <= len(dice):
        raise InputError(
            _("the last step rolled {n} dice: give a die from 1 to {n}").format(n=len(dice))
            if dice
            else _("the last step rolled no dice")
        )
    inner = {k: v for k, v in record.payload.items() if k not in STEP_ENVELOPE}
    answers = dict(record.payload.get("answers") or {})
    payload = {"side": side, "die": die, "value": value, "step": record.kind, "payload": inner}
    session.store.undo(session.game_id)
    try:
        return session.perform(
            "blessed", payload, _SameRolls(told.rolls, live), RecordedAnswers(answers, asker)
        )
    except BaseException:
        session.perform(record.kind, dict(record.payload), ScriptedDice(record.dice))
        raise
