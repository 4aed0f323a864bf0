"""What the rules decided, as typed values: the events an action's handler returns.

A handler appends events to `GameState.events` (cleared before each action, as the notes are);
`apply_action` stores them with the action, and views render them in the chosen language:
`aos game log --json` gives their fields, not sentences. Each kind is one frozen dataclass
registered by its `kind`; `event_from_data` reads a stored one back, checking every field, so
a hand-edited database cannot put anything but numbers and short texts into a view.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import MISSING, fields
from typing import Any, ClassVar, Protocol, TypeVar

from aos_cli.core.errors import InputError
from aos_cli.core.records import dataclass
from aos_cli.language.text import BadText, Text, text_from_data, tr

EVENTS_VERSION = 2
"""What an action's stored events hold, stored beside them as `events_version`: 2, every
change the battle report reads (models, wounds, points, a triumph, the result) is an event, so the
report folds them with no rule run; an action stored before it is replayed."""
MAX_EVENTS = 200
"""The most events one stored action may hold (a whole phase of attacks is far fewer)."""
MAX_DICE = 2_000
"""The most dice one stored roll list may hold (the limits on attacks keep it far lower)."""
MAX_TEXT = 400
"""The longest name, label or reason an event stores."""

E = TypeVar("E", bound="Event")

EVENT_KINDS: dict[str, type[Event]] = {}
"""Every kind of event by its `kind`, filled by `@event`."""


def event(cls: type[E]) -> type[E]:
    """Register an event class under its `kind`, so a stored one can be read back."""
    EVENT_KINDS[cls.kind] = cls
    return cls


@dataclass(frozen=True)
class Event:
    """Something the rules decided. Subclasses are frozen dataclasses of numbers, texts and
    tuples of them (or of `Rolls`), named by `kind`."""

    kind: ClassVar[str] = ""
    speaks: ClassVar[bool] = False
    """Whether the views tell the event as sentences of its own (it stands in the notes, in
    order); an event that does not is data beside sentences the rules still write."""

    def to_data(self) -> dict[str, Any]:
        """The event as plain JSON-ready data, tagged with its kind."""
        data: dict[str, Any] = {"kind": self.kind}
        for spec in fields(self):
            data[spec.name] = _plain(getattr(self, spec.name))
        return data


Note = str | Event
"""One of an action's notes: a sentence the rules still write, or an event the views tell."""


def _plain(value: object) -> Any:
    """A field's value as JSON-ready data."""
    if isinstance(value, Text):
        return value.to_data()
    if isinstance(value, Rolls):
        return {spec.name: _plain(getattr(value, spec.name)) for spec in fields(value)}
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    return value


@dataclass(frozen=True)
class Rolls:
    """One weapon's dice in an attack: how many attacks, and each stage's rolls and successes.
    `saves` counts the save rolls that succeeded; `unsaved` the wounds that went through.

    The fields after `damage` (added with the views' dice lines, issue 25) let a view write the
    weapon's line as the game printed it: the roll each stage needed, the first roll of each
    rerolled die (0 for a die not rerolled; empty when none was), the hits and wounds that came
    without a die. A game stored before them reads them as their defaults."""

    weapon: str
    wielder: str
    attacks: int
    hit_rolls: tuple[int, ...]
    hits: int
    wound_rolls: tuple[int, ...]
    wounds: int
    save_rolls: tuple[int, ...]
    saves: int
    unsaved: int
    mortal_wounds: int
    damage_rolls: tuple[int, ...]
    damage: int
    attack_rolls: tuple[int, ...] = ()
    """The random Attacks rolled, one value per model (empty for a fixed Attacks)."""
    hit_needed: str = ""
    hit_rerolled: tuple[int, ...] = ()
    extra_hits: int = 0
    wound_needed: str = ""
    wound_rerolled: tuple[int, ...] = ()
    automatic_wounds: int = 0
    save_needed: str = ""
    save_rerolled: tuple[int, ...] = ()


@event
@dataclass(frozen=True)
class AttackResolved(Event):
    """A unit's attacks on one target unit (AoS2 §14, AoS1 §11, 40k8 §8): the totals and each
    weapon's dice, the ward (feel-no-pain) rolls, the damage, the wounds lost and the models
    slain; told by the views in the words of the system's rulebook (`excess_lost`)."""

    kind: ClassVar[str] = "attack"
    speaks: ClassVar[bool] = True

    round: int
    phase: str
    side: int
    attacker: str
    attacker_name: str
    target: str
    target_name: str
    weapons: tuple[Rolls, ...]
    attacks: int
    hits: int
    wounds: int
    saves: int
    unsaved: int
    mortal_wounds: int
    ward_rolls: tuple[int, ...]
    ward_saved: int
    damage: int
    wounds_lost: int
    """Wounds the target lost: the damage in Age of Sigmar, where it carries over from model to
    model; less in 40k, where a normal attack's excess damage is lost (40k8 §8.5)."""
    slain: int
    ward: int = 0
    """The roll the ward rolls needed (0: none rolled, or a game stored before it was kept)."""
    expected: float = -1.0
    """The exact mean damage of the attack before its dice (the luck report's measure; -1 in
    a game stored before it was kept)."""
    overwatch: bool = False
    """Fired as Overwatch at a unit that declared a charge (40k8 §9.3)."""
    excess_lost: bool = False
    """A normal attack's damage past a model's wounds is lost, not carried over (40k8 §8.5):
    told as the wounds the target lost, not the damage."""


@event
@dataclass(frozen=True)
class ModelsSlain(Event):
    """Models of a unit removed as casualties (AoS2 §14.7, §12), by an attack, a spell, an
    ability, a battleshock test (`how`: `fled`) or terrain; `by_side` is the side credited with
    them (-1: nobody, as for terrain or the unit's own side). Told where the casualties of
    an attack, a spell or an ability put it among the notes (`core.casualties`); a test's or a
    system's own removal is data beside its own sentence."""

    kind: ClassVar[str] = "models-slain"
    speaks: ClassVar[bool] = True

    round: int
    phase: str
    unit: str
    unit_name: str
    side: int
    slain: int
    left: int
    by_side: int
    how: str


@event
@dataclass(frozen=True)
class WardRolled(Event):
    """Ward rolls against mortal wounds from a spell, an ability or terrain (AoS2 §14.11, §4.3;
    40k8's rolls to ignore a wound): one die per mortal wound against `ward`, and how many
    they negated. `term` is the system's English words for the rolls (`ward rolls`)."""

    kind: ClassVar[str] = "ward-rolled"
    speaks: ClassVar[bool] = True

    unit: str
    unit_name: str
    side: int
    term: str
    ward: int
    rolls: tuple[int, ...]
    negated: int


@event
@dataclass(frozen=True)
class GeneralSlain(Event):
    """A side's general is slain (AoS2 §5.3): the model that takes its place (`successor`,
    empty when none does), and whether the new general generates a command trait at once
    (AoS2 p.19)."""

    kind: ClassVar[str] = "general-slain"
    speaks: ClassVar[bool] = True

    unit: str
    unit_name: str
    side: int
    successor: str
    successor_name: str
    new_trait: bool


@event
@dataclass(frozen=True)
class BattleshockTested(Event):
    """A battleshock test (AoS2 §12, AoS1 §13): the die, the models slain this turn and the
    other modifiers added to it, against the unit's Bravery; how many models fled."""

    kind: ClassVar[str] = "battleshock"
    speaks: ClassVar[bool] = True

    round: int
    unit: str
    unit_name: str
    side: int
    die: int
    slain: int
    modifier: int
    roll: int
    bravery: int
    passed: bool
    fled: int


@event
@dataclass(frozen=True)
class PointsScored(Event):
    """Victory points (or command points) a battleplan's rule gave a side (AoS2 §18-§19), and
    why (a game stored before the reason was a text kept it as a sentence: read as a name)."""

    kind: ClassVar[str] = "points-scored"
    speaks: ClassVar[bool] = True

    round: int
    side: int
    side_name: str
    points: int
    command_points: int
    reason: Text


@event
@dataclass(frozen=True)
class PhaseBegun(Event):
    """Where the battle stands after an action that moved it on (AoS2 §6, AoS1 §6, 40k8 §3): the
    battle round, the side whose turn it is (-1 before the first turn) and the phase. The log
    places the actions that follow under it without replaying the rules."""

    kind: ClassVar[str] = "phase-begun"

    round: int
    side: int
    side_name: str
    phase: str


@event
@dataclass(frozen=True)
class RoundBegun(Event):
    """A battle round begins with the side that takes the first turn (AoS2 §6)."""

    kind: ClassVar[str] = "round-begun"
    speaks: ClassVar[bool] = True

    round: int
    side: int
    side_name: str


@event
@dataclass(frozen=True)
class TurnBegun(Event):
    """The second player's turn of a battle round begins (AoS2 §6)."""

    kind: ClassVar[str] = "turn-begun"
    speaks: ClassVar[bool] = True

    round: int
    side: int
    side_name: str


@event
@dataclass(frozen=True)
class RoundOver(Event):
    """A battle round is over and the next starts with a priority roll (AoS2 §6); `ended`: the
    battle ends after it (AoS2 §18)."""

    kind: ClassVar[str] = "round-over"
    speaks: ClassVar[bool] = True

    round: int
    ended: bool


@event
@dataclass(frozen=True)
class CommandPointGained(Event):
    """A side gains a command point at the start of its hero phase (AoS2 §7.1)."""

    kind: ClassVar[str] = "command-point"
    speaks: ClassVar[bool] = True

    side: int
    side_name: str
    points: int
    total: int


@event
@dataclass(frozen=True)
class EffectEnded(Event):
    """An effect in force on a unit ends with its duration (a phase, a turn, a round)."""

    kind: ClassVar[str] = "effect-ended"
    speaks: ClassVar[bool] = True

    unit: str
    unit_name: str
    effect: str


@event
@dataclass(frozen=True)
class PriorityRolled(Event):
    """The priority roll-off (AoS2 §6): each side's die in side order, whether it was a tie
    (the earlier first player then decides) and the side that chose who goes first."""

    kind: ClassVar[str] = "priority"
    speaks: ClassVar[bool] = True

    round: int
    side_names: tuple[str, ...]
    rolls: tuple[int, ...]
    tie: bool
    decider: int
    decider_name: str


@event
@dataclass(frozen=True)
class Moved(Event):
    """A unit's normal move (AoS2 §8.2), with its Move characteristic in inches."""

    kind: ClassVar[str] = "moved"
    speaks: ClassVar[bool] = True

    unit: str
    unit_name: str
    side: int
    inches: str
    """Its Move as it stands (a damage table's row may change it)."""


@event
@dataclass(frozen=True)
class Retreated(Event):
    """A unit retreats (AoS2 §8.3): it cannot shoot or charge later in the turn."""

    kind: ClassVar[str] = "retreated"
    speaks: ClassVar[bool] = True

    unit: str
    unit_name: str
    side: int


@event
@dataclass(frozen=True)
class Ran(Event):
    """A unit runs (AoS2 §8.4): the die (6 with At the Double), the modifiers in force by name,
    and the inches added to its Move."""

    kind: ClassVar[str] = "ran"
    speaks: ClassVar[bool] = True

    unit: str
    unit_name: str
    side: int
    die: int
    at_the_double: bool
    modifier: int
    modifiers: tuple[str, ...]
    roll: int


@event
@dataclass(frozen=True)
class Arrived(Event):
    """A unit set up from reserve, or not (AoS2 §26.1): `how` is `roll` (a D6 against
    `needed`), `edge` (a battleplan's reserves, by its table edge) or `teleport` (40k8 §4.7,
    at the end of the Movement phase)."""

    kind: ClassVar[str] = "arrived"
    speaks: ClassVar[bool] = True

    unit: str
    unit_name: str
    side: int
    how: str
    roll: int
    needed: int
    arrived: bool


@event
@dataclass(frozen=True)
class Charged(Event):
    """A charge roll (AoS2 §10): the 2D6, a re-roll of a failed one (`rerolled_from`, by
    `reroll_by`), the modifiers, the roll against the distance's need, and whether it charged."""

    kind: ClassVar[str] = "charged"
    speaks: ClassVar[bool] = True

    unit: str
    unit_name: str
    side: int
    distance: float
    """Inches to the nearest enemy unit, as measured."""
    dice: tuple[int, ...]
    rerolled_from: int
    reroll_by: str
    modifier: int
    modifiers: tuple[str, ...]
    roll: int
    needed: int
    charged: bool


@event
@dataclass(frozen=True)
class SpellAttempted(Event):
    """A casting roll (AoS2 §15): the wizard, the spell, the 2D6, the bonuses, the total
    against the casting value, and whether it was cast."""

    kind: ClassVar[str] = "spell-attempted"
    speaks: ClassVar[bool] = True

    unit: str
    unit_name: str
    side: int
    spell: str
    dice: tuple[int, ...]
    bonus: int
    total: int
    value: int
    cast: bool


@event
@dataclass(frozen=True)
class SpellUnbound(Event):
    """An unbinding roll (AoS2 §15, AoS1 §12, 40k8 §5.5 Deny the Witch): the caster that tried
    it, its 2D6 and modifier and total against the casting roll, and whether the spell was
    unbound. The system words the sentence, so the note stays beside this event."""

    kind: ClassVar[str] = "spell-unbound"

    unit: str
    unit_name: str
    side: int
    spell: str
    dice: tuple[int, ...]
    modifier: int
    total: int
    casting_roll: int
    unbound: bool


@event
@dataclass(frozen=True)
class CommandUsed(Event):
    """A command point spent on a command ability (AoS2 §7.1-§7.2), with the points left."""

    kind: ClassVar[str] = "command-used"

    side: int
    side_name: str
    command: str
    spent: int
    left: int


@event
@dataclass(frozen=True)
class Healed(Event):
    """Wounds healed on a unit by a correction (AoS2 §14.12: slain models are never healed)."""

    kind: ClassVar[str] = "healed"
    speaks: ClassVar[bool] = True

    unit: str
    unit_name: str
    side: int
    asked: int
    healed: int


@event
@dataclass(frozen=True)
class Adjusted(Event):
    """A manual correction of a unit: models and wounds added (negative: taken away), the side
    credited (`by`, as typed) and the reason given."""

    kind: ClassVar[str] = "adjusted"
    speaks: ClassVar[bool] = True

    unit: str
    unit_name: str
    side: int
    models: int
    wounds: int
    by: str
    reason: str


@event
@dataclass(frozen=True)
class NoTestsDue(Event):
    """No unit lost models this turn: no battleshock (AoS2 §12) or morale tests are due."""

    kind: ClassVar[str] = "no-tests-due"
    speaks: ClassVar[bool] = True

    round: int
    phase: str


@event
@dataclass(frozen=True)
class Passed(Event):
    """A player passes in the combat phase (AoS2 §11); two passes in a row end the fighting."""

    kind: ClassVar[str] = "passed"
    speaks: ClassVar[bool] = True

    side: int
    side_name: str
    passes: int
    over: bool


@event
@dataclass(frozen=True)
class UnitCounted(Event):
    """A unit's models (and the wounds on its damaged model) after an action that changed
    them, however it did (attacks, spells, tests, healing, corrections, a system's own rules):
    the models before and after, with the round and phase the action was taken in. Data for
    the battle report's losses and the log's tables, read from the store."""

    kind: ClassVar[str] = "unit-counted"

    round: int
    phase: str
    unit: str
    unit_name: str
    side: int
    before: int
    after: int
    damaged: int
    """Wounds allocated to the unit's damaged model after the action (AoS2 §14.7)."""


@event
@dataclass(frozen=True)
class TriumphDeclared(Event):
    """A side declares its triumph for a unit, once per battle (AoS2 §16)."""

    kind: ClassVar[str] = "triumph-declared"
    speaks: ClassVar[bool] = True

    side: int
    side_name: str
    triumph: str
    unit: str
    unit_name: str


@event
@dataclass(frozen=True)
class BattleDecided(Event):
    """The result of the battle by its victory conditions (AoS2 §18, AoS1 §5, 40k8 §17.9):
    the winner (-1: none) or both winners, the kind of victory, the margin, each side's points
    and share of models lost, and the rule that decided it. Data beside the sentence that says
    it; `result()` gives it back as `scoring.decide` made it."""

    kind: ClassVar[str] = "battle-decided"

    round: int
    winner_side: int
    winners: tuple[int, ...]
    victory: str
    margin: int
    margin_unit: str
    side_names: tuple[str, ...]
    victory_points: tuple[int, ...]
    share_lost: tuple[float, ...]
    rule: tuple[str, ...]
    """The battleplan's words for the rule, in pieces of at most `MAX_TEXT` characters."""
    condition: str
    ratio: float = -1.0
    """The ratio of points the rule asked for (0: the rule named none; -1: not a ratio)."""
    objective: str = ""
    why: Text | None = None
    """The reason a system gave for a result it decided itself (AoS1 Sudden Death)."""

    @classmethod
    def of(cls, result: dict[str, Any]) -> BattleDecided:
        """The event of a result as `scoring.decide` (or a system) made it."""
        names = tuple(str(name) for name in result["victory_points"])
        rule = str(result.get("rule") or "")
        why = result.get("why")
        ratio = result.get("ratio", -1.0)
        return cls(
            int(result["round"]),
            -1 if result["winner_side"] is None else int(result["winner_side"]),
            tuple(names.index(str(name)) for name in result["winners"]),
            str(result["kind"]),
            int(result["margin"]),
            str(result["margin_unit"]),
            names,
            tuple(int(v) for v in result["victory_points"].values()),
            tuple(float(v) for v in result["share_lost"].values()),
            tuple(rule[i : i + MAX_TEXT] for i in range(0, len(rule), MAX_TEXT)),
            str(result.get("condition", "")),
            0.0 if ratio is None else float(ratio),
            str(result.get("objective", "")),
            None if why is None else text_from_data(why),
        )

    def result(self) -> dict[str, Any]:
        """The result as `scoring.decide` made it, key for key."""
        names = self.side_names
        found: dict[str, Any] = {
            "winner": names[self.winner_side] if 0 <= self.winner_side < len(names) else None,
            "winner_side": self.winner_side if self.winner_side >= 0 else None,
            "winners": [names[w] for w in self.winners if 0 <= w < len(names)],
            "kind": self.victory,
            "margin": self.margin,
            "margin_unit": self.margin_unit,
            "victory_points": dict(zip(names, self.victory_points, strict=False)),
            "share_lost": dict(zip(names, self.share_lost, strict=False)),
            "rule": "".join(self.rule),
            "round": self.round,
            "condition": self.condition,
        }
        if self.ratio >= 0:
            found["ratio"] = self.ratio or None
        if self.objective:
            found["objective"] = self.objective
        if self.why is not None:
            found["why"] = self.why.to_data()
        return found


@event
@dataclass(frozen=True)
class Said(Event):
    """A sentence the rules mean, with its names and numbers, in no language yet: what the
    rules tell that no typed event of its own holds (a reminder, a rule's effect, a result
    line). Views render it in the chosen language."""

    kind: ClassVar[str] = "said"
    speaks: ClassVar[bool] = True

    text: Text


class Records(Protocol):
    """What an action's events and notes are kept in (the game's state)."""

    events: list[Event]
    notes: list[Note]


def emit(state: Records, happened: Event) -> None:
    """Record what the rules decided: in the action's events, and in its notes, in order, when
    the views tell it."""
    state.events.append(happened)
    if happened.speaks:
        state.notes.append(happened)


def say(state: Records, text: Text) -> None:
    """Tell a sentence in the action's notes (rendered when shown, stored as its parts)."""
    emit(state, Said(text))


def _bad(kind: str, name: str) -> InputError:
    """A stored event that cannot be read back, naming the field."""
    return InputError(
        tr("a stored event {kind} has a bad field {field}", kind=repr(kind), field=name),
        tr("the games database was edited by hand: restore it from a copy"),
    )


def _read_int(kind: str, name: str, value: object) -> object:
    """A whole number within bounds (never a bool)."""
    if isinstance(value, bool) or not isinstance(value, int) or abs(value) > 10**9:
        raise _bad(kind, name)
    return value


def _read_float(kind: str, name: str, value: object) -> object:
    """A finite number within bounds, as a float."""
    if isinstance(value, bool) or not isinstance(value, int | float) or not abs(value) <= 10**6:
        raise _bad(kind, name)
    return float(value)


def _read_bool(kind: str, name: str, value: object) -> object:
    """True or false."""
    if not isinstance(value, bool):
        raise _bad(kind, name)
    return value


def _read_str(kind: str, name: str, value: object) -> object:
    """A short text (a name, a label, a reason)."""
    if not isinstance(value, str) or len(value) > MAX_TEXT:
        raise _bad(kind, name)
    return value


def _read_text(kind: str, name: str, value: object) -> object:
    """A text to be said (a plain string: stored before the field was a text, a sentence
    already said, shown as it was)."""
    if isinstance(value, str):
        return Text("{text}", (("text", str(_read_str(kind, name, value))),))
    try:
        return text_from_data(value)
    except BadText:
        raise _bad(kind, name) from None


def _read_optional_text(kind: str, name: str, value: object) -> object:
    """A text, or none."""
    return None if value is None else _read_text(kind, name, value)


def _tuple_of(
    read: Callable[[str, str, object], object], most: int
) -> Callable[[str, str, object], object]:
    """A reader of a stored list of at most `most` items, each read by `read`, as a tuple."""

    def read_all(kind: str, name: str, value: object) -> object:
        if not isinstance(value, list) or len(value) > most:
            raise _bad(kind, name)
        return tuple(read(kind, name, v) for v in value)

    return read_all


def _read_weapons(kind: str, name: str, value: object) -> object:
    """Each weapon's dice of an attack."""
    if not isinstance(value, list) or len(value) > MAX_EVENTS:
        raise _bad(kind, name)
    return tuple(_read_rolls(kind, v) for v in value)


READERS: dict[str, Callable[[str, str, object], object]] = {
    "int": _read_int,
    "float": _read_float,
    "bool": _read_bool,
    "str": _read_str,
    "Text": _read_text,
    "Text | None": _read_optional_text,
    "tuple[str, ...]": _tuple_of(_read_str, MAX_EVENTS),
    "tuple[int, ...]": _tuple_of(_read_int, MAX_DICE),
    "tuple[float, ...]": _tuple_of(_read_float, MAX_EVENTS),
    "tuple[Rolls, ...]": _read_weapons,
}
"""How a stored field is read back and checked, by the type its event declares (the
annotation's text: the events module uses postponed annotations)."""


def _read(kind: str, name: str, annotation: str, value: object) -> object:
    """One stored field checked against its declared type (numbers, short texts, dice); a type
    no reader knows is a bad field, never read unchecked."""
    reader = READERS.get(annotation)
    if reader is None:
        raise _bad(kind, name)
    return reader(kind, name, value)


def _read_rolls(kind: str, value: object) -> Rolls:
    """A stored weapon's dice."""
    if not isinstance(value, dict):
        raise _bad(kind, "weapons")
    read = {
        spec.name: _read(kind, spec.name, str(spec.type), value.get(spec.name))
        for spec in fields(Rolls)
        if spec.name in value or spec.default is MISSING
    }
    return Rolls(**read)  # type: ignore[arg-type]


def event_from_data(data: object) -> Event:
    """A stored event read back, every field checked (a wrong one is a clean error)."""
    if not isinstance(data, dict) or data.get("kind") not in EVENT_KINDS:
        raise _bad(str(data.get("kind") if isinstance(data, dict) else "")[:40], "kind")
    kind = str(data["kind"])
    cls = EVENT_KINDS[kind]
    read = {  # a field added after the game was stored takes its default
        spec.name: _read(kind, spec.name, str(spec.type), data.get(spec.name))
        for spec in fields(cls)
        if spec.name in data or spec.default is MISSING
    }
    return cls(**read)


def events_from_data(data: object) -> list[Event]:
    """The events stored with an action (none when it stored none)."""
    if data is None:
        return []
    if not isinstance(data, list) or len(data) > MAX_EVENTS:
        raise _bad("", "events")
    return [event_from_data(item) for item in data]


# ---- abilities and spells: what their effects did (AoS2 §15, §21) -----------------------------


@event
@dataclass(frozen=True)
class AbilityWounded(Event):
    """Mortal wounds an ability's or a spell's effect inflicts on a unit (AoS2 §21; Arcane Bolt,
    AoS2 §15), before any ward; `spell` when the source is a spell the views may translate."""

    kind: ClassVar[str] = "ability-wounds"
    speaks: ClassVar[bool] = True

    source: str
    spell: bool
    unit: str
    unit_name: str
    side: int
    wounds: int


@event
@dataclass(frozen=True)
class AbilityHealed(Event):
    """Wounds an ability's effect heals on a unit (AoS2 §21): `rolled` asked, `healed` as many
    as the unit had lost (AoS2 §14.12: slain models are not healed)."""

    kind: ClassVar[str] = "ability-healed"
    speaks: ClassVar[bool] = True

    source: str
    unit: str
    unit_name: str
    side: int
    rolled: int
    healed: int


@event
@dataclass(frozen=True)
class AbilityRolled(Event):
    """An ability's roll, "roll a D6; on a 3+ ..." (AoS2 §21): its dice (one per model when it
    says so) against the roll needed, and how many succeeded."""

    kind: ClassVar[str] = "ability-rolled"
    speaks: ClassVar[bool] = True

    source: str
    unit: str
    unit_name: str
    dice: tuple[int, ...]
    needed: int
    successes: int


@event
@dataclass(frozen=True)
class AbilityInForce(Event):
    """An ability's or spell's effect put in force on units for as long as `until` says
    (`phase`, `turn`, `round`, `your_next_hero`, `battle`)."""

    kind: ClassVar[str] = "ability-in-force"
    speaks: ClassVar[bool] = True

    source: str
    units: tuple[str, ...]
    unit_names: tuple[str, ...]
    until: str


@event
@dataclass(frozen=True)
class AbilityCommandPoints(Event):
    """Command points an ability gives its side (AoS2 §7.1), with the side's total after."""

    kind: ClassVar[str] = "ability-command-points"
    speaks: ClassVar[bool] = True

    source: str
    side: int
    side_name: str
    points: int
    total: int


@event
@dataclass(frozen=True)
class AbilityToApply(Event):
    """A rule the tool cannot apply itself (DESIGN principle 3): its text, to apply at the
    table (`rule`, in pieces of at most `MAX_TEXT` characters), and what the game must be told
    afterwards (`record`: `wounds`, `slain`, `healed`, `command-points`; none: anything)."""

    kind: ClassVar[str] = "ability-to-apply"
    speaks: ClassVar[bool] = True

    source: str
    rule: tuple[str, ...]
    record: tuple[str, ...]


# ---- Ghur's monstrous beasts (AoS2 §24.2, seed 000 p.16; `aos_cli.core.beasts`) ---------------


@event
@dataclass(frozen=True)
class BeastSetUp(Event):
    """A player sets up a monstrous beast after set-up, or declines to (`unit` empty)."""

    kind: ClassVar[str] = "beast-set-up"
    speaks: ClassVar[bool] = True

    side: int
    side_name: str
    unit: str
    unit_name: str


@event
@dataclass(frozen=True)
class BeastRollOff(Event):
    """A roll-off for a monstrous beast: Beasts of Ghur's for an additional beast (`unit`
    empty), or for who picks a beast's prey when both armies are equally close. `rolls` are
    the dice in pairs (side one's, side two's), ties rolled again."""

    kind: ClassVar[str] = "beast-roll-off"
    speaks: ClassVar[bool] = True

    unit: str
    unit_name: str
    side_names: tuple[str, ...]
    rolls: tuple[int, ...]
    winner: int
    winner_name: str


@event
@dataclass(frozen=True)
class PreyChosen(Event):
    """At the start of a battle round a monstrous beast picks its prey, the army with the unit
    closest to it, and joins the other army for the round."""

    kind: ClassVar[str] = "beast-prey"
    speaks: ClassVar[bool] = True

    round: int
    unit: str
    unit_name: str
    prey: int
    prey_name: str
    joined: int
    joined_name: str


# ---- objectives and the battle's course (AoS2 §17-§18, 40k8 §17.3) ---------------------------


@event
@dataclass(frozen=True)
class FirstBlood(Event):
    """The first model slain in the battle (AoS2 §18, battleplans' First Blood): the side
    credited with it; the points it scores follow as `PointsScored`."""

    kind: ClassVar[str] = "first-blood"
    speaks: ClassVar[bool] = True

    side: int
    side_name: str


@event
@dataclass(frozen=True)
class ObjectiveHeld(Event):
    """Who holds an objective now (AoS2 §17.3, 40k8 §17.3): the holder (-1: nobody) and the
    models each side had in range (`counts`, side order); `correction`: a player set it by
    hand (no counts)."""

    kind: ClassVar[str] = "objective-held"
    speaks: ClassVar[bool] = True

    objective: str
    objective_name: str
    holder: int
    holder_name: str
    counts: tuple[int, ...]
    correction: bool


@event
@dataclass(frozen=True)
class ObjectiveCounted(Event):
    """The models each side has within range of an objective, as a player gave them (AoS2
    §17.3): `sides` and `counts` pair up; control is checked at the end of the turn."""

    kind: ClassVar[str] = "objective-counted"
    speaks: ClassVar[bool] = True

    objective: str
    objective_name: str
    sides: tuple[str, ...]
    counts: tuple[int, ...]


@event
@dataclass(frozen=True)
class ArmyGone(Event):
    """The battle ends because a side has no units left on the battlefield (AoS2 §18): the
    sides that have none (`out`), with every side's name."""

    kind: ClassVar[str] = "army-gone"
    speaks: ClassVar[bool] = True

    out: tuple[int, ...]
    side_names: tuple[str, ...]
