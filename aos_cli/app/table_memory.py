"""What the table has told `aos play`, remembered until it may have changed (issue 13).

The tool cannot see the table, so the rules ask: is this unit in cover, garrisoning, within 1"
of a Mystical feature, within 3" of an enemy? A unit's place (cover, garrison, near which
feature) holds until it moves, charges, retreats, piles in or is set up again; who is near
whom holds until something moves or dies. The memory is read back from the action log (every
answer is kept with its action), so it survives quitting `aos play` and follows `u` (undo).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from aos_cli.core.answers import Asker
    from aos_cli.core.state import GameState
    from aos_cli.store import ActionRecord, Store

PLACE_FACTS = {
    "cover": "wholly on or within a terrain feature",
    "garrisoned": "garrisoning a terrain feature",
    "mystical": 'within 1" of a Mystical feature',
    "arcane": 'within 1" of an Arcane feature',
    "inspiring": 'within 1" of an Inspiring feature',
    "sinister": 'within 1" of a Sinister feature',
}
"""Where a unit stands: true until that unit moves or is set up again."""

NEAR_FACTS = {
    "engaged": 'within 3" of an enemy unit',
    "within-12": 'within 12" of an enemy unit',
    "look-out-sir": 'within 3" of a friendly unit of 3 or more models',
}
"""Who is near whom: true until something moves or dies."""

TARGET_KEYS = ("cover", "garrisoned", "mystical", "look-out-sir")
"""Answer keys that are about the action's target rather than the acting unit."""


@dataclass(frozen=True)
class Fact:
    """One remembered answer: what it says, about which unit, and when the table told it."""

    value: bool
    round: int


@dataclass(frozen=True)
class Assumed:
    """A remembered fact an action used instead of asking, for the result line."""

    key: str
    text: str


def _subject(key: str, kind: str, payload: dict[str, Any]) -> tuple[str, str] | None:
    """The (fact, unit or pair) an answer key of an action is about; None if not remembered."""
    if ":" in key:
        name, _, unit = key.partition(":")
        if name == "on-terrain":
            return ("cover", unit)
        return (name, unit) if name in PLACE_FACTS else None
    if key == "target-engaged":
        actor, target = payload.get("unit"), payload.get("target")
        return (key, f"{target}|{actor}") if actor and target else None
    if key in TARGET_KEYS and kind in ("shoot", "fight"):
        target = payload.get("target")
        return (key, str(target)) if target else None
    if key in ("engaged", "within-12") and kind in ("shoot", "charge", "fight"):
        actor = payload.get("unit")
        return (key, str(actor)) if actor else None
    if key == "arcane" and kind == "cast":
        wizard = payload.get("wizard")
        return (key, str(wizard)) if wizard else None
    return None


@dataclass
class TableMemory:
    """The facts the players gave, each about one unit (or a pair), with the round told."""

    facts: dict[tuple[str, str], Fact] = field(default_factory=dict)

    def learn(self, kind: str, payload: dict[str, Any], state_round: int) -> None:
        """Keep the answers an action was given (an unchanged fact keeps its first round)."""
        for key, value in (payload.get("answers") or {}).items():
            subject = _subject(key, kind, payload)
            if subject is None or not isinstance(value, bool):
                continue
            known = self.facts.get(subject)
            if known is None or known.value != value:
                self.facts[subject] = Fact(value, state_round)

    def moved(self, state: GameState, unit_id: str) -> None:
        """A unit moved (or was set up): its place is unknown, and so is who is near it."""
        side = state.unit(unit_id).side
        for fact, subject in list(self.facts):
            units = subject.split("|")
            if unit_id in units:
                del self.facts[(fact, subject)]
            elif fact in ("engaged", "within-12", "target-engaged", "look-out-sir"):
                other = _side_of(state, units[0])
                # an enemy moving changes who is near its enemies; a friend, who is near friends
                if fact == "target-engaged" or (fact == "look-out-sir") == (other == side):
                    del self.facts[(fact, subject)]

    def died(self, state: GameState, unit_id: str) -> None:
        """Models of a unit were slain: a unit that was near it (or near enough to count it)
        may be no longer; one that was not, still is not, and nobody's place changed."""
        before = dict(self.facts)
        self.moved(state, unit_id)
        for subject, fact in before.items():
            if subject[0] in PLACE_FACTS or not fact.value:
                self.facts[subject] = fact

    def recall(self, key: str, kind: str, payload: dict[str, Any]) -> Fact | None:
        """The remembered answer to an action's question, or one that follows from another."""
        subject = _subject(key, kind, payload)
        if subject is None:
            return None
        known = self.facts.get(subject)
        if known is not None:
            return known
        fact, unit = subject
        if fact == "within-12":  # within 3" of an enemy is within 12" of one
            near = self.facts.get(("engaged", unit))
            return near if near is not None and near.value else None
        if fact == "engaged":
            far = self.facts.get(("within-12", unit))
            return far if far is not None and not far.value else None
        return None


def _side_of(state: GameState, unit_id: str) -> int | None:
    for side in state.sides:
        for unit in side.units:
            if unit.spec.id == unit_id:
                return unit.side
    return None


def _placed(state: GameState) -> dict[str, tuple[bool, ...]]:
    """Each unit's movement flags: one that turns on means the unit moved or was set up."""
    return {
        u.spec.id: (u.moved, u.ran, u.retreated, u.charged, u.fought, u.on_battlefield)
        for u in state.units()
    }


def table_memory(store: Store, game_id: int) -> TableMemory:
    """Read the game's action log back and keep what the players told that still holds."""
    return memory_of(store.setup(game_id), store.actions(game_id))


def memory_of(setup: dict[str, Any], actions: list[ActionRecord]) -> TableMemory:
    """Replay the actions, learning each one's answers and forgetting what its moves and
    deaths changed."""
    from aos_cli.app.setup import upgrade_setup
    from aos_cli.core.actions import apply_action
    from aos_cli.core.dice import ScriptedDice
    from aos_cli.core.system import get_system
    from aos_cli.core.turn import new_game

    memory = TableMemory()
    if get_system(setup.get("system")).engine != "battle":
        return memory
    state = new_game(upgrade_setup(setup))
    for record in actions:
        flags = _placed(state)
        models = {u.spec.id: u.models for u in state.units()}
        played_round = state.round
        try:
            apply_action(state, record.kind, dict(record.payload), ScriptedDice(record.dice))
        except Exception:  # a log that no longer replays: remember nothing past it
            return TableMemory()
        memory.learn(record.kind, record.payload, played_round)
        for unit in state.units():
            before = flags.get(unit.spec.id)
            after = _placed(state)[unit.spec.id]
            if before is None or any(
                now and not then for now, then in zip(after, before, strict=True)
            ):
                memory.moved(state, unit.spec.id)
            elif unit.models < models.get(unit.spec.id, unit.models):
                memory.died(state, unit.spec.id)
    return memory


class RememberingAsker:
    """Answers from the table memory what it still knows; asks the players the rest."""

    def __init__(
        self,
        memory: TableMemory,
        state: GameState,
        kind: str,
        payload: dict[str, Any],
        fallback: Asker,
        forget: tuple[str, ...] = (),
    ) -> None:
        self.memory = memory
        self.state = state
        self.kind = kind
        self.payload = payload
        self.fallback = fallback
        self.forget = forget
        self.assumed: list[Assumed] = []

    def yes_no(self, key: str, question: str) -> bool:
        """A remembered answer (noted for the result line), else the players' answer."""
        known = None if key in self.forget else self.memory.recall(key, self.kind, self.payload)
        if known is None:
            return self.fallback.yes_no(key, question)
        self.assumed.append(Assumed(key, f"{_statement(question)}: {_yes(known)}"))
        return known.value

    def number(self, key: str, question: str, at_most: int | None = None) -> float:
        """Distances change with every move: always asked."""
        return self.fallback.number(key, question, at_most)


def _yes(fact: Fact) -> str:
    from aos_cli.core.i18n import _

    said = (
        _("yes, remembered from round {round}")
        if fact.value
        else _("no, remembered from round {round}")
    )
    return said.format(round=fact.round)


def _statement(question: str) -> str:
    """'is Liberators within 3" of an enemy unit?' read as 'Liberators within 3" of ...'."""
    text = question.rstrip("?")
    for lead in ("is every model of ", "is "):
        if text.startswith(lead):
            return text[len(lead) :]
    return text
