"""What the table has told `aos play`, remembered until it may have changed (issue 13).

The tool cannot see the table, so the rules ask: is this unit in cover, garrisoning, within 1"
of a Mystical feature, within 3" of an enemy? A unit's place (cover, garrison, near which
feature) holds until it moves, charges, retreats, piles in or is set up again; who is near
whom holds until something moves or dies. Whatever was told holds at least for the rest of the
phase it was told in (issue 31: one question per fact per phase): a pile-in or a slain model
in the same phase does not make the players answer it again; `c` changes it. The memory is
read back from the action log (every answer is kept with its action), so it survives quitting
`aos play` and follows `u` (undo).
"""

from __future__ import annotations

from dataclasses import field
from typing import TYPE_CHECKING, Any

from aos_cli.core.records import dataclass

if TYPE_CHECKING:
    from aos_cli.core.answers import Asker
    from aos_cli.core.state import GameState
    from aos_cli.language.text import Text
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
    phase: tuple[int, int, str] = (0, 0, "")
    """The (round, side whose turn, phase) it was told in: it holds for the rest of it."""


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

    def learn(
        self,
        kind: str,
        payload: dict[str, Any],
        state_round: int,
        phase: tuple[int, int, str] = (0, 0, ""),
    ) -> None:
        """Keep the answers an action was given (an unchanged fact keeps its first round; told
        again, it holds for the rest of this phase too)."""
        for key, value in (payload.get("answers") or {}).items():
            subject = _subject(key, kind, payload)
            if subject is None or not isinstance(value, bool):
                continue
            known = self.facts.get(subject)
            if known is None or known.value != value:
                self.facts[subject] = Fact(value, state_round, phase)
            elif known.phase != phase:
                self.facts[subject] = Fact(value, known.round, phase)

    def moved(
        self, state: GameState, unit_id: str, keep: tuple[int, int, str] | None = None
    ) -> None:
        """A unit moved (or was set up): its place is unknown, and so is who is near it; a
        fact told in the phase `keep` (a pile-in's) stays."""
        side = state.unit(unit_id).side
        for fact, subject in list(self.facts):
            if keep is not None and self.facts[(fact, subject)].phase == keep:
                continue
            units = subject.split("|")
            if unit_id in units:
                del self.facts[(fact, subject)]
            elif fact in ("engaged", "within-12", "target-engaged", "look-out-sir"):
                other = _side_of(state, units[0])
                # an enemy moving changes who is near its enemies; a friend, who is near friends
                if fact == "target-engaged" or (fact == "look-out-sir") == (other == side):
                    del self.facts[(fact, subject)]

    def died(
        self, state: GameState, unit_id: str, keep: tuple[int, int, str] | None = None
    ) -> None:
        """Models of a unit were slain: a unit that was near it (or near enough to count it)
        may be no longer; one that was not, still is not, and nobody's place changed. What
        was told in the phase `keep` holds for the rest of it."""
        before = dict(self.facts)
        self.moved(state, unit_id, keep)
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


def told_of_target(memory: TableMemory, state: GameState, kind: str, unit: str, target: str) -> str:
    """What the table told of a target of an attack that still holds, for its line in the
    target list (` · cover: yes, told this phase`); empty when nothing was told."""
    from aos_cli.language.i18n import _

    known = memory.recall("cover", kind, {"unit": unit, "target": target})
    if known is None:
        return ""
    return " · " + _("cover: {answer}").format(answer=_yes(known, phase_of(state)))


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
    from aos_cli.app.setup import read_setup
    from aos_cli.core.actions import apply_action
    from aos_cli.core.dice import ScriptedDice
    from aos_cli.core.system import get_system
    from aos_cli.core.turn import new_game

    memory = TableMemory()
    if get_system(setup.get("system")).engine != "battle":
        return memory
    state = new_game(read_setup(setup))
    for record in actions:
        flags = _placed(state)
        models = {u.spec.id: u.models for u in state.units()}
        played_round = state.round
        played = phase_of(state)
        try:
            apply_action(state, record.kind, dict(record.payload), ScriptedDice(record.dice))
        except Exception:  # a log that no longer replays: remember nothing past it
            return TableMemory()
        memory.learn(record.kind, record.payload, played_round, played)
        now = phase_of(state)
        for unit in state.units():
            before = flags.get(unit.spec.id)
            after = _placed(state)[unit.spec.id]
            turned = (
                [i for i, (a, b) in enumerate(zip(after, before, strict=True)) if a and not b]
                if before is not None
                else [-1]
            )
            if turned:
                # a pile-in (`fought`) keeps what was told this phase; a move, run, retreat,
                # charge or set-up changes the unit's place
                memory.moved(state, unit.spec.id, now if turned == [FOUGHT] else None)
            elif unit.models < models.get(unit.spec.id, unit.models):
                memory.died(state, unit.spec.id, now)
    return memory


FOUGHT = 4
"""The place of `fought` (a pile-in) among `_placed`'s flags."""


def phase_of(state: GameState) -> tuple[int, int, str]:
    """The (round, side whose turn, phase) a fact is told in."""
    return (state.round, state.active_side, state.phase)


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

    def yes_no(self, key: str, question: str | Text) -> bool:
        """A remembered answer (noted for the result line), else the players' answer."""
        known = None if key in self.forget else self.memory.recall(key, self.kind, self.payload)
        if known is None:
            return self.fallback.yes_no(key, question)
        now = phase_of(self.state)
        self.assumed.append(Assumed(key, f"{_statement(str(question))}: {_yes(known, now)}"))
        return known.value

    def number(self, key: str, question: str | Text, at_most: int | None = None) -> float:
        """Distances change with every move: always asked."""
        return self.fallback.number(key, question, at_most)


class TypedAnswers:
    """Answers typed along with another answer (`2c`: the target is in cover), given only if
    the rules ask them (so nothing is recorded that was never asked); the rest asked."""

    def __init__(self, typed: dict[str, bool], fallback: Any) -> None:
        self.typed = typed
        self.fallback = fallback

    def yes_no(self, key: str, question: str | Text) -> bool:
        """The typed answer, else the fallback's."""
        if key in self.typed:
            return self.typed[key]
        return bool(self.fallback.yes_no(key, question))

    def number(self, key: str, question: str | Text, at_most: int | None = None) -> float:
        """Numbers are never typed along: asked."""
        return float(self.fallback.number(key, question, at_most))


def _yes(fact: Fact, now: tuple[int, int, str] | None = None) -> str:
    from aos_cli.language.i18n import _

    if fact.phase == now:
        return _("yes, told this phase") if fact.value else _("no, told this phase")
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
