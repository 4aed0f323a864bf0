"""Every player action as a typed value, and the tagged payload it is stored as.

An action is one frozen dataclass per kind (`Shoot(unit, target, weapon)`, `Cast(unit, spell,
target)`, ...), checked once when it is decoded from the command line or the action log. The
store keeps the kind in its own column and the fields as a JSON object (`encode_action`), plus
the envelope the engine adds: the answers the action needed and the player's clock.

Payloads written before actions were typed carry no `v`; `migrate_payload` brings them to the
current shape on read (the store's rows are never rewritten). A game system adds its own kinds
with `register_action_type` (40k8 `embark`, AoS1 `triumph`, ...).

Only dataclasses and the error types are imported: this runs on every in-game command.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import MISSING, fields
from typing import ClassVar, TypeVar

from aos_cli.core.errors import InputError, RuleError
from aos_cli.core.records import dataclass
from aos_cli.core.stored import Json, JsonObject
from aos_cli.language.text import Value, tr

PAYLOAD_VERSION = 3
"""The shape `encode_action` writes; payloads without `v` are the untyped shape (1). Version 3
casts record whether a generic spell's target was within range (asked since then)."""

ENVELOPE = ("answers", "clock")
"""Payload keys the engine keeps beside the action's own fields."""


@dataclass(frozen=True)
class Action:
    """One player action; subclasses name their `kind` (the stored tag) and their fields."""

    kind: ClassVar[str] = ""
    aliases: ClassVar[tuple[str, ...]] = ()
    """Other kinds stored or typed for the same action (a system's own word for it)."""


A = TypeVar("A", bound=Action)

ACTION_TYPES: dict[str, type[Action]] = {}
"""Every known action kind (and alias) to its value class."""


def register_action_type(cls: type[A]) -> type[A]:
    """Make an action kind known to the codec (a class decorator; systems add their own)."""
    for kind in (cls.kind, *cls.aliases):
        ACTION_TYPES[kind] = cls
    return cls


# --------------------------------------------------------------------------- the turn


@register_action_type
@dataclass(frozen=True)
class Priority(Action):
    """Decide who takes the first turn of the round: `first` names the side sent first, `ask`
    asks the deciding player (AoS2 §6, AoS1 §6, 40k8 §17.7)."""

    kind: ClassVar[str] = "priority"
    first: int | None = None
    ask: bool = False


@register_action_type
@dataclass(frozen=True)
class Next(Action):
    """Go on to the next phase, turn or battle round."""

    kind: ClassVar[str] = "next"


@register_action_type
@dataclass(frozen=True)
class General(Action):
    """Pick the unit that takes a slain general's place (AoS2 §5.3)."""

    kind: ClassVar[str] = "general"
    unit: str


@register_action_type
@dataclass(frozen=True)
class Beast(Action):
    """After set-up, a player sets up a monstrous beast, a Monster that is not a Hero, or
    declines to (`none`); Ghur's Monstrous Beasts (AoS2 §24.2, seed 000 p.16). `unit` is
    its warscroll's snapshot, as a set-up keeps a unit's."""

    kind: ClassVar[str] = "beast"
    unit: JsonObject | None = None
    side: int | None = None
    """The side setting it up (None: the side whose turn to set one up it is)."""
    none: bool = False
    """The player sets up no monstrous beast."""


# --------------------------------------------------------------------------- movement


@register_action_type
@dataclass(frozen=True)
class Move(Action):
    """A normal move (AoS2 §8, 40k8 §4.2)."""

    kind: ClassVar[str] = "move"
    unit: str


@register_action_type
@dataclass(frozen=True)
class Retreat(Action):
    """Retreat from combat (AoS2 §8.3); 40k8 Falls Back (§4.5)."""

    kind: ClassVar[str] = "retreat"
    aliases: ClassVar[tuple[str, ...]] = ("fall-back",)
    unit: str


@register_action_type
@dataclass(frozen=True)
class Run(Action):
    """Run, a D6 added to Move (AoS2 §8.4; At the Double §7.2); 40k8 Advances (§4.6)."""

    kind: ClassVar[str] = "run"
    aliases: ClassVar[tuple[str, ...]] = ("advance",)
    unit: str
    at_the_double: bool = False
    command_reroll: bool = False
    offer_reroll: bool = False
    """`aos play`: after the roll, ask whether to spend a Command Re-roll on it (40k8 §17.6)."""


@register_action_type
@dataclass(frozen=True)
class Garrison(Action):
    """Garrison a terrain feature instead of a normal move, or `leave` it as the unit's move
    (AoS2 §4.5, seed 000 p.11)."""

    kind: ClassVar[str] = "garrison"
    unit: str
    feature: str | None = None
    leave: bool = False


@register_action_type
@dataclass(frozen=True)
class Sacrifice(Action):
    """A unit near a Damned feature suffers D3 mortal wounds to reroll hit rolls of 1 until
    your next hero phase (AoS2 §4.3)."""

    kind: ClassVar[str] = "sacrifice"
    unit: str


@register_action_type
@dataclass(frozen=True)
class Arrive(Action):
    """Roll for a unit in reserve to arrive (Scions of the Storm, AoS2 §26.1)."""

    kind: ClassVar[str] = "arrive"
    unit: str
    mod: int = 0


@register_action_type
@dataclass(frozen=True)
class PreBattleMove(Action):
    """Once both armies are set up, before the first battle round, a unit makes the move an
    ability allows (Cunning Strategist: D3 Stormcast Eternals units, up to 5"; seed 000 p.19)."""

    kind: ClassVar[str] = "pre_battle_move"
    unit: str


@register_action_type
@dataclass(frozen=True)
class PreBattleRollOff(Action):
    """When both armies have pre-battle abilities, the roll-off whose winner decides who uses
    all of theirs first (`first` names that side; else the winner is asked; seed 000 p.14)."""

    kind: ClassVar[str] = "pre_battle_roll_off"
    first: int | None = None


# --------------------------------------------------------------------------- combat


@dataclass(frozen=True, kw_only=True)
class AttackModifiers(Action):
    """What the player gives for an attack that the tool cannot see (an ability's extra
    attacks, modifiers, rerolls, mortal wounds): the effect flags of `aos roll attack`
    (`aos_cli.core.attack_flags.EFFECT_FLAGS`), by the same names."""

    extra_attacks: int = 0
    hit_mod: int = 0
    wound_mod: int = 0
    save_mod: int = 0
    reroll_hits: str | None = None
    reroll_wounds: str | None = None
    reroll_saves: str | None = None
    mortal_on_hit: str | None = None
    mortal_on_wound: str | None = None
    exploding: str | None = None
    auto_wound: str | None = None
    rend_on_hit: str | None = None
    damage_on_wound: str | None = None
    wound_rolls_on_hit: str | None = None
    """The trigger flags of `aos roll attack` (`TRIGGER_FLAGS`: D6 hits on a 6, damage on a
    6 ...), given in `aos play`'s modifiers."""
    extra_attacks_roll: str | None = None
    """Extra attacks for the unit rolled as the attack is made (`D3`)."""
    modifiers_weapon: str | None = None
    """The one weapon (name or id) the modifiers given apply to; without it they apply to
    every weapon and extra attacks go to the first."""
    triumph: bool = False
    """The attacking side declares its triumph for the unit about to shoot or fight (AoS2 §16:
    Inspired, Bloodthirsty)."""
    target_triumph: bool = False
    """The target's side declares its triumph for it, about to make save rolls (AoS2 §16:
    Indomitable)."""


@register_action_type
@dataclass(frozen=True)
class Shoot(AttackModifiers):
    """Shoot at `target` with the unit's missile weapons, or only `weapon` (AoS2 §9)."""

    kind: ClassVar[str] = "shoot"
    unit: str
    target: str
    weapon: str | None = None
    attacks: int | None = None
    """With `weapon`: how many of its attacks go at this target; the rest at others (p.7)."""
    command_reroll: str | None = None
    """40k8 §17.6: the Underdog re-rolls one die of this roll (`hit`, `wound`, `save`, `damage`;
    `ask` in `aos play`: asked as a stage has a die to re-roll)."""
    smiths: str | None = None
    """AoS2 (seed 000 p.19, Gift of the Six Smiths): once per turn one die of this roll of the
    blessed weapon is re-rolled (`hit`, `wound`, `damage`; `ask` in `aos play`)."""


@register_action_type
@dataclass(frozen=True)
class Charge(Action):
    """Charge (AoS2 §10); `reroll` is Forward to Victory; 40k8 names its `target`s (§9.2).
    `offer_reroll`: after a failed roll, ask whether to re-roll it (`aos play`)."""

    kind: ClassVar[str] = "charge"
    unit: str
    target: str | None = None
    reroll: bool = False
    command_reroll: bool = False
    offer_reroll: bool = False


@register_action_type
@dataclass(frozen=True)
class Fight(AttackModifiers):
    """Pile in and attack `target` with the unit's melee weapons (AoS2 §11)."""

    kind: ClassVar[str] = "fight"
    unit: str
    target: str
    weapon: str | None = None
    attacks: int | None = None
    """With `weapon`: how many of its attacks go at this target; the rest at others (p.7)."""
    command_reroll: str | None = None
    """40k8 §17.6: the Underdog re-rolls one die of this roll (`hit`, `wound`, `save`, `damage`;
    `ask` in `aos play`: asked as a stage has a die to re-roll)."""
    smiths: str | None = None
    """AoS2 (seed 000 p.19, Gift of the Six Smiths): once per turn one die of this roll of the
    blessed weapon is re-rolled (`hit`, `wound`, `damage`; `ask` in `aos play`)."""


@register_action_type
@dataclass(frozen=True)
class Pass(Action):
    """Pass the pick to fight, with no eligible unit left (AoS2 §11)."""

    kind: ClassVar[str] = "pass"


# --------------------------------------------------------------------------- battleshock


@register_action_type
@dataclass(frozen=True)
class Battleshock(Action):
    """Take every battleshock (morale) test due; `reroll_unit` spends a 40k8 Command Re-roll on
    that unit's die (§17.6)."""

    kind: ClassVar[str] = "battleshock"
    aliases: ClassVar[tuple[str, ...]] = ("morale",)
    reroll_unit: str | None = None
    offer_reroll: bool = False
    """`aos play`: ask for each test that fails whether to spend a Command Re-roll on it."""


# --------------------------------------------------------------------------- magic


@register_action_type
@dataclass(frozen=True)
class Cast(Action):
    """A wizard (psyker) attempts `spell` at `target` (AoS2 §15, 40k8 §5)."""

    kind: ClassVar[str] = "cast"
    unit: str
    spell: str
    target: str | None = None
    mod: int = 0
    command_reroll: bool = False
    offer_reroll: bool = False
    """`aos play`: after a failed test, ask whether to spend a Command Re-roll on it."""
    nudge: int = 0
    """What a player adds to or subtracts from the casting roll with an ability that lets them
    choose (Arcane Lineage: 1 or -1); `offer_nudge` asks after the roll instead (`aos play`)."""
    offer_nudge: bool = False


@register_action_type
@dataclass(frozen=True)
class Unbind(Action):
    """Try to unbind (deny) the spell waiting; no `unit` lets it through (AoS2 §15)."""

    kind: ClassVar[str] = "unbind"
    aliases: ClassVar[tuple[str, ...]] = ("deny",)
    unit: str | None = None
    mod: int = 0
    command_reroll: bool = False
    """40k8 §17.6: the Underdog re-rolls one die of the Deny the Witch test."""
    offer_reroll: bool = False
    """`aos play`: after a failed test, ask whether to spend a Command Re-roll on it."""


# --------------------------------------------------------------------------- abilities and commands


@register_action_type
@dataclass(frozen=True)
class UseAbility(Action):
    """Use a warscroll ability or prayer of `unit` (at `target`) at its timing (AoS2 §21)."""

    kind: ClassVar[str] = "ability"
    unit: str
    ability: str
    target: str | None = None


@register_action_type
@dataclass(frozen=True)
class UseCommand(Action):
    """Use a command ability: a generic one (AoS2 §7.2) or one of `unit`'s warscroll."""

    kind: ClassVar[str] = "command"
    ability: str
    unit: str | None = None
    target: str | None = None


# --------------------------------------------------------------------------- corrections


@register_action_type
@dataclass(frozen=True)
class Heal(Action):
    """Heal wounds on a unit's damaged model (AoS2 §14.12)."""

    kind: ClassVar[str] = "heal"
    unit: str
    amount: int


@register_action_type
@dataclass(frozen=True)
class Adjust(Action):
    """Correct a unit for what happened at the table that the tool did not see; `by` names the
    side whose wounds they were ("none" for terrain; the enemy when not given)."""

    kind: ClassVar[str] = "adjust"
    unit: str
    models: int = 0
    wounds: int = 0
    reason: str | None = None
    by: str | None = None


@register_action_type
@dataclass(frozen=True)
class Objective(Action):
    """Place an objective, record the models near it, set its territory or correct its holder
    (`holder` "none" for nobody) (AoS2 §17.3)."""

    kind: ClassVar[str] = "objective"
    objective: str
    place: bool = False
    position: str | None = None
    by: str | None = None
    territory: str | None = None
    models: dict[str, int] | None = None
    holder: str | None = None


# --------------------------------------------------------------------------- the codec


MAX_TEXT = 200
"""The longest name or free text a payload field may hold."""


def _field_value(kind: str, name: str, annotation: str, value: object) -> Json:
    """One payload value checked against its field's type (the annotation as written)."""
    optional = annotation.endswith("| None")
    if value is None:
        if optional:
            return None
        raise InputError(tr("the {action} action needs {field}", action=kind, field=name))
    said: dict[str, Value] = {"action": kind, "field": name, "value": repr(value)}
    base = annotation.removesuffix("| None").strip()
    if base == "str":
        if isinstance(value, bool | dict | list):
            raise InputError(tr("{action}: {field} must be a name, not {value}", **said))
        text = str(value)
        if len(text) > MAX_TEXT:
            raise InputError(
                tr("{action}: {field} is longer than {n} characters", **said, n=MAX_TEXT)
            )
        return text
    if base == "bool":
        if not isinstance(value, bool | int):
            raise InputError(tr("{action}: {field} must be true or false, not {value}", **said))
        return bool(value)
    whole = tr("{action}: {field} must be a whole number, not {value}", **said)
    if base == "int":
        if not isinstance(value, str | int | float):
            raise InputError(whole)
        try:
            number = int(value)
        except (ValueError, OverflowError):
            raise InputError(whole) from None
        if isinstance(value, float) and number != value:
            raise InputError(whole)
        return number
    if base.startswith("dict[str, ") or base == "JsonObject":
        return _mapping_value(kind, name, base, value, said)
    raise TypeError(f"no codec for {annotation!r} ({kind}.{name})")


def _mapping_value(kind: str, name: str, base: str, value: object, said: dict[str, Value]) -> Json:
    """A mapping field: counts by name (`dict[str, int]`), or a step carried inside another
    action as it is stored (`JsonObject`, AoS1 §5.3 Blessed)."""
    if base == "dict[str, int]":
        if not isinstance(value, dict):
            raise InputError(tr("{action}: {field} must map names to numbers, not {value}", **said))
        counts: dict[object, object] = value
        return {
            str(key): _field_value(kind, f"{name}.{key}", "int", count)
            for key, count in counts.items()
        }
    if base == "JsonObject":
        if not isinstance(value, dict):
            raise InputError(tr("{action}: {field} must be a mapping, not {value}", **said))
        step: dict[str, Json] = {str(key): item for key, item in value.items()}
        return step
    raise TypeError(f"no codec for {base!r} ({kind}.{name})")


def action_type(kind: str) -> type[Action]:
    """The value class of a kind (or alias); a RuleError names the kinds there are."""
    cls = ACTION_TYPES.get(kind)
    if cls is None:
        known = ", ".join(sorted({c.kind for c in ACTION_TYPES.values()}))
        raise RuleError(
            tr("there is no action {action}", action=repr(kind)),
            tr("actions: {names}", names=known),
        )
    return cls


def decode_action(kind: str, payload: Mapping[str, object]) -> Action:
    """The typed action of a stored or typed payload (migrated first if it is an old one)."""
    cls = action_type(kind)
    data = migrate_payload(kind, payload)
    values: dict[str, Json] = {}
    for spec in fields(cls):
        if spec.name in data:
            values[spec.name] = _field_value(kind, spec.name, str(spec.type), data[spec.name])
        elif spec.default is MISSING:
            raise InputError(tr("the {action} action needs {field}", action=kind, field=spec.name))
    return cls(**values)


def encode_action(action: Action) -> JsonObject:
    """The payload stored for an action: its fields that differ from their defaults, tagged with
    the payload version (the kind is stored beside it)."""
    payload: JsonObject = {"v": PAYLOAD_VERSION}
    for spec in fields(action):
        value = getattr(action, spec.name)
        if spec.default is MISSING or value != spec.default:
            payload[spec.name] = dict(value) if isinstance(value, dict) else value
    return payload


_RENAMED_V1: dict[str, dict[str, str]] = {
    "cast": {"wizard": "unit"},
    "unbind": {"wizard": "unit"},
    "deny": {"wizard": "unit"},
    "battleshock": {"command_reroll": "reroll_unit"},
    "morale": {"command_reroll": "reroll_unit"},
    "sudden-death": {"target": "unit"},
}
"""Fields the untyped payloads named differently, per kind: old name to new name."""


IMPLIED_BEFORE_V3: dict[str, dict[str, Json]] = {"cast": {"target-in-range": True}}
"""Answers a payload stored before version 3 gave without being asked, per kind: a cast was
accepted without the range question (Arcane Bolt, Mystic Shield), so it replays as "yes"."""


def stored_answers(kind: str, payload: Mapping[str, object]) -> dict[str, Json]:
    """The answers a stored payload replays with: those it recorded, and those its version
    implies (`IMPLIED_BEFORE_V3`), so a game saved before a question was asked replays to the
    same state. Only for stored payloads: a new action is asked."""
    recorded = payload.get("answers")
    answers: dict[str, Json] = dict(recorded) if isinstance(recorded, dict) else {}
    version = payload.get("v", 1)
    if isinstance(version, int) and version < 3:
        for key, value in IMPLIED_BEFORE_V3.get(kind, {}).items():
            answers.setdefault(key, value)
    return answers


def migrate_payload(kind: str, payload: Mapping[str, object]) -> Mapping[str, object]:
    """A payload in the current shape: untyped (v1) payloads have fields renamed, and an
    objective's `holder: null` (nobody) becomes "none". Payloads of version 2 have the
    current fields (only their answers differ, `stored_answers`) and pass unchanged, as do
    current ones."""
    version = payload.get("v", 1)
    if version in (2, PAYLOAD_VERSION):
        return payload
    if version != 1:
        raise InputError(
            tr(
                "the {action} action was stored by a newer aos (payload version {version})",
                action=kind,
                version=repr(version),
            ),
            tr("upgrade aos-cli"),
        )
    data = {key: value for key, value in payload.items() if key not in ENVELOPE}
    for old, new in _RENAMED_V1.get(kind, {}).items():
        if old in data:
            moved = data.pop(old)
            if data.get(new) is None:
                data[new] = moved
    if kind == "objective" and "holder" in data and data["holder"] is None:
        data["holder"] = "none"
    return data
