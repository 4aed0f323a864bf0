"""Structured effects of abilities beyond one attack: mortal wounds, healing, roll-then-effect,
lasting modifiers, characteristic and other-roll modifiers, auras and conditions.

They register into the same `EFFECTS` registry as the attack effects (aos_cli/core/effects.py),
so content validation knows one vocabulary. Wrappers (`roll_then`, `lasting`, `aura`, `against`,
`conditional`, `if_keywords`) hold further effects; the attack engine folds only attack effects
(`compile_effects`), the game engine reads the rest. Pure values: no dice are rolled here.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import field, fields
from typing import Any, ClassVar, Literal

from aos_cli.core.dice import DiceExpr, Reroll, parse_dice, parse_threshold
from aos_cli.core.effects import EFFECTS, Effect, register
from aos_cli.core.errors import AosError, ContentError
from aos_cli.core.records import dataclass
from aos_cli.language.text import Text, concat, tr

UnitTarget = Literal["target", "self", "bearer", "each_enemy_in_range", "each_friendly_in_range"]
"""Who an effect lands on: the unit the ability picked, its own unit, or every unit in range."""

Duration = Literal[
    "end_of_phase",
    "end_of_turn",
    "end_of_battle_round",
    "your_next_hero_phase",
    "end_of_battle",
]
"""How long a lasting effect stays in force (AoS2 §7.2, §15: "until your next hero phase")."""

OtherRoll = Literal[
    "charge", "run", "casting", "unbinding", "battleshock", "arrival", "priority", "prayer"
]
"""Rolls outside the attack sequence that abilities modify, reroll or set."""

Characteristic = Literal["move", "wounds", "bravery", "save", "attacks", "damage", "rend", "range"]

Condition = Literal[
    "charged_this_turn",
    "not_charged_this_turn",
    "general_alive",
    "wholly_on_terrain",
    "first_battle_round",
    "near_general_or_hero",
    "ten_or_more_models",
    "slew_this_phase",
    "army_allegiance",
]
"""Situations an ability's effects depend on, asked of the players when the tool cannot see."""


@register
@dataclass(frozen=True)
class MortalWounds(Effect):
    """A unit suffers `amount` mortal wounds (AoS2 §14.8), optionally only if it has `keyword`."""

    type_name: ClassVar[str] = "mortal_wounds"
    amount: DiceExpr
    target: UnitTarget = "target"
    range: int | None = None
    keyword: str | None = None


@register
@dataclass(frozen=True)
class Heal(Effect):
    """Heal up to `amount` wounds allocated to a model (AoS2 §14.12: slain models never heal)."""

    type_name: ClassVar[str] = "heal"
    amount: DiceExpr
    target: UnitTarget = "target"


@register
@dataclass(frozen=True)
class RollThen(Effect):
    """Roll `dice` (a D6 unless told); on `on`+ the `then` effects happen (e.g. "on a 3+ ...").

    `per` says whether one roll is made for the unit or one for each of its models.
    """

    type_name: ClassVar[str] = "roll_then"
    on: int
    then: tuple[Effect, ...]
    dice: DiceExpr = field(default_factory=lambda: DiceExpr(((1, 6),), 0))
    per: Literal["unit", "model"] = "unit"
    models_within: int | None = None
    """With `per: model`, only the unit's models within this many inches of the one using the
    ability and visible to it are rolled for (Roiling Thunderhead: 18"); the players count
    them."""


@register
@dataclass(frozen=True)
class RollUnderModels(Effect):
    """Roll `dice` (a D6 unless told) for the unit: when the result is less than the number of
    models in it, the `then` effects land on it (Sweeping Tail, AoS2 §27.3)."""

    type_name: ClassVar[str] = "roll_under_models"
    then: tuple[Effect, ...]
    dice: DiceExpr = field(default_factory=lambda: DiceExpr(((1, 6),), 0))


@register
@dataclass(frozen=True)
class SlayOnRoll(Effect):
    """Pick a model of the unit and roll `dice`: when the result is greater than its Wounds
    characteristic the model is slain (Cavernous Jaws: "swallowed whole and slain")."""

    type_name: ClassVar[str] = "slay_on_roll"
    dice: DiceExpr = field(default_factory=lambda: DiceExpr(((1, 6),), 0))


@register
@dataclass(frozen=True)
class WhenFighting(Effect):
    """The wrapped effects happen at a moment of the unit's fight (AoS2 §11): `after_pile_in`,
    before it attacks (an option of the unit picked to fight, used with its ability), or
    `after_attacks`, once it has made all its attacks in the combat phase (applied by the
    tool). A damage table column `ability.<id>.uses` says how many times a phase."""

    type_name: ClassVar[str] = "when_fighting"
    moment: Literal["after_pile_in", "after_attacks"]
    effects: tuple[Effect, ...]


@register
@dataclass(frozen=True)
class Choice(Effect):
    """One way of an ability that "can either ... or ...": its `name`, whom it picks (`aim`)
    and its effects. An ability whose effects are choices is used one choice at a time, named
    by the player (Lord of the Heavens: Roiling Thunderhead or Rain of Stars)."""

    type_name: ClassVar[str] = "choice"
    name: str
    effects: tuple[Effect, ...]
    aim: Literal["enemy", "friendly", "self"] = "self"


@register
@dataclass(frozen=True)
class PickUnits(Effect):
    """Roll `count` and pick that many units of `side` on the battlefield (every one when
    there are no more); the effects land on each unit picked (Rain of Stars)."""

    type_name: ClassVar[str] = "pick_units"
    count: DiceExpr
    effects: tuple[Effect, ...]
    side: Literal["enemy", "friendly"] = "enemy"


@register
@dataclass(frozen=True)
class NudgeRoll(Effect):
    """The holder's player may add `amount` to a `roll` or subtract it, or neither: the one
    effect type of that idea. Each time the roll is made for a unit within `range` inches of
    the holder (either army's, with `keywords`; Arcane Lineage: a casting roll of a WIZARD
    within 18" of a Stardrake, by 1), one choice per army however many holders reach it; with
    `own`, the holder's own rolls only (Lightning Strike: 2 either way on the battalion's
    Scions of the Storm rolls, seed 000 p.16, asked only when it changes the outcome)."""

    type_name: ClassVar[str] = "nudge_roll"
    roll: OtherRoll
    amount: int = 1
    range: int | None = None
    keywords: tuple[str, ...] = ()
    own: bool = False


@register
@dataclass(frozen=True)
class Lasting(Effect):
    """The wrapped effects stay in force on the target `until` a later point of the battle."""

    type_name: ClassVar[str] = "lasting"
    until: Duration
    effects: tuple[Effect, ...]
    target: UnitTarget = "target"


@register
@dataclass(frozen=True)
class CharacteristicModifier(Effect):
    """Add `amount` to a characteristic (Bravery, Save, Move, a weapon's Attacks ...)."""

    type_name: ClassVar[str] = "characteristic_modifier"
    characteristic: Characteristic
    amount: int
    melee_only: bool = False


@register
@dataclass(frozen=True)
class RollBonus(Effect):
    """Add `amount` to a roll outside the attack sequence (charge, run, casting ...)."""

    type_name: ClassVar[str] = "roll_bonus"
    roll: OtherRoll
    amount: int
    within: int | None = None
    """Only against a unit within this many inches (the psyker a Deny the Witch test is taken
    against: Psychic Hood, 12"); the players are asked."""


@register
@dataclass(frozen=True)
class RerollOther(Effect):
    """Reroll a roll outside the attack sequence (all its dice, AoS2 §2)."""

    type_name: ClassVar[str] = "reroll_other"
    roll: OtherRoll


@register
@dataclass(frozen=True)
class SetRoll(Effect):
    """Treat a roll as having the result `value` (At the Double: a run roll of 6)."""

    type_name: ClassVar[str] = "set_roll"
    roll: OtherRoll
    value: int


@register
@dataclass(frozen=True)
class NoBattleshock(Effect):
    """The unit does not take battleshock tests (Inspiring Presence, AoS2 §7.2)."""

    type_name: ClassVar[str] = "no_battleshock"


@register
@dataclass(frozen=True)
class ActAfterMoving(Effect):
    """The unit can `move` (run or retreat) and still `then` (shoot or charge) later in the
    same turn, which AoS2 §8.3 and §8.4 otherwise forbid."""

    type_name: ClassVar[str] = "act_after_moving"
    move: Literal["run", "retreat"]
    then: Literal["shoot", "charge"]


@register
@dataclass(frozen=True)
class MortalWard(Effect):
    """Each mortal wound allocated is negated on `on`+ (a ward against mortal wounds only)."""

    type_name: ClassVar[str] = "mortal_ward"
    on: int


@register
@dataclass(frozen=True)
class GainCommandPoints(Effect):
    """The player gains `amount` command points (AoS2 §7.1)."""

    type_name: ClassVar[str] = "command_points"
    amount: int = 1


@register
@dataclass(frozen=True)
class ExtraMove(Effect):
    """The unit may make a move of up to `distance` inches outside its movement phase."""

    type_name: ClassVar[str] = "extra_move"
    distance: int


@register
@dataclass(frozen=True)
class PreBattleMoves(Effect):
    """Once both armies are set up, before the first battle round, `units` friendly units
    (with every one of `keywords`) may each make a move of up to `distance` inches (Cunning
    Strategist: D3 STORMCAST ETERNAL units, 5")."""

    type_name: ClassVar[str] = "pre_battle_moves"
    units: DiceExpr
    distance: int
    keywords: tuple[str, ...] = ()


@register
@dataclass(frozen=True)
class ActsAsGeneral(Effect):
    """The unit may use its command abilities as if it were the general while the general
    that gave it this lives (Consummate Commander)."""

    type_name: ClassVar[str] = "acts_as_general"
    general: str = ""
    """The id of the general whose trait it is (set when the trait's pick is made)."""


@register
@dataclass(frozen=True)
class BattalionUnitSlain(Effect):
    """When another unit of its battalion is slain in `phase`, the unit using this ability,
    within `range` inches of it, gets the `effects` (Martial Bond: +1 Attacks to its melee
    weapons for the rest of the battle); once for each unit slain."""

    type_name: ClassVar[str] = "battalion_unit_slain"
    range: int
    effects: tuple[Effect, ...]
    phase: str = "combat"


@register
@dataclass(frozen=True)
class Aura(Effect):
    """Units within `range` inches (friendly, enemy or all, with a keyword) get the effects.

    An aura on friendly units also covers the unit that has it (AoS2 §21).
    """

    type_name: ClassVar[str] = "aura"
    range: int
    side: Literal["friendly", "enemy", "all"]
    effects: tuple[Effect, ...]
    keywords: tuple[str, ...] = ()
    include_self: bool = True


@register
@dataclass(frozen=True)
class Against(Effect):
    """The wrapped attack effects apply only to attacks on units with one of the `keywords`
    (any unit when none are named) and, with `min_wounds`, a Wounds characteristic of at least
    that many (Lay Low the Tyrants: Wounds 5 or more)."""

    type_name: ClassVar[str] = "against"
    effects: tuple[Effect, ...]
    keywords: tuple[str, ...] = ()
    min_wounds: int | None = None
    min_models: int | None = None
    """Only against a unit of at least this many models (Reaped Like Corn: 5 or more)."""


@register
@dataclass(frozen=True)
class ExtraAttacksRoll(Effect):
    """`amount` (dice, rolled as the attack is made) extra attacks with the weapon: the D3
    extra attacks of Inescapable Vengeance."""

    type_name: ClassVar[str] = "extra_attacks_roll"
    amount: DiceExpr


@register
@dataclass(frozen=True)
class WithWeapons(Effect):
    """The wrapped attack effects apply only to attacks made with the named weapons (ids or
    names, of any warscroll: "Claws and Fangs or Great Claws")."""

    type_name: ClassVar[str] = "with_weapons"
    weapons: tuple[str, ...]
    effects: tuple[Effect, ...]


@register
@dataclass(frozen=True)
class Conditional(Effect):
    """The wrapped effects apply only while `condition` holds (the tool asks when unsure)."""

    type_name: ClassVar[str] = "conditional"
    condition: Condition
    effects: tuple[Effect, ...]


@register
@dataclass(frozen=True)
class IfKeywords(Effect):
    """The `effects` land when the unit picked has every one of `keywords`, the `otherwise`
    effects when it has not (Warding Lantern: CHAOS units are wounded, others shielded)."""

    type_name: ClassVar[str] = "if_keywords"
    keywords: tuple[str, ...]
    effects: tuple[Effect, ...]
    otherwise: tuple[Effect, ...] = ()


WRAPPERS: tuple[type[Effect], ...] = (
    BattalionUnitSlain,
    RollThen,
    Lasting,
    Aura,
    Against,
    Conditional,
    WithWeapons,
    IfKeywords,
    RollUnderModels,
    WhenFighting,
    Choice,
    PickUnits,
)
"""Effect types that hold further effects (in `then` or `effects`)."""


def inner_effects(effect: Effect) -> tuple[Effect, ...]:
    """The effects a wrapper holds (none for a plain effect)."""
    if isinstance(effect, RollThen | RollUnderModels):
        return effect.then
    if isinstance(
        effect,
        Lasting
        | Aura
        | Against
        | Conditional
        | WithWeapons
        | BattalionUnitSlain
        | WhenFighting
        | Choice
        | PickUnits,
    ):
        return effect.effects
    if isinstance(effect, IfKeywords):
        return (*effect.effects, *effect.otherwise)
    return ()


# --------------------------------------------------------------------------- building effects


def build_effect(data: Mapping[str, Any] | Effect, where: str | Text) -> Effect:
    """An effect (with the effects it wraps) from its stored mapping; anything the game cannot
    build is a ContentError naming `where`. Effects the state already holds typed (built once
    at set-up) pass through."""
    if isinstance(data, Effect):
        return data
    if not isinstance(data, Mapping):
        raise ContentError(
            tr(
                "{where}: an effect must be a mapping with a type, not {value}",
                where=where,
                value=repr(data),
            )
        )
    data = _one_nudge(data)
    kind = str(data.get("type"))
    cls = EFFECTS.get(kind)
    if cls is None:
        raise ContentError(
            tr("{where}: unknown effect type {kind}", where=where, kind=repr(kind)),
            tr("known types: {names}", names=", ".join(sorted(EFFECTS))),
        )
    hints = {f.name: str(f.type) for f in fields(cls)}  # type: ignore[arg-type]
    unknown = sorted(set(data) - set(hints) - {"type"})
    if unknown:
        raise ContentError(
            tr(
                "{where}: unknown key(s) {keys} for effect {kind}",
                where=where,
                keys=str(unknown),
                kind=kind,
            )
        )
    values: dict[str, Any] = {}
    try:
        for key, value in data.items():
            if key == "type":
                continue
            hint = hints[key]
            if "Effect" in hint:
                values[key] = tuple(build_effect(v, concat(where, ".", key)) for v in value)
            elif hint == "DiceExpr":
                values[key] = parse_dice(str(value), what=concat(where, ".", key))
            elif hint == "Reroll":
                values[key] = Reroll(value)
            elif key == "on" and isinstance(value, str):
                values[key] = parse_threshold(value, what=concat(where, ".", key))
            elif hint.startswith("tuple"):
                values[key] = tuple(value)
            else:
                values[key] = value
        return cls(**values)
    except AosError as problem:
        raise ContentError(concat(where, ": ", problem.message), problem.hint) from problem
    except (TypeError, ValueError) as problem:
        raise ContentError(
            tr(
                "{where}: effect {kind} cannot be applied ({problem})",
                where=where,
                kind=kind,
                problem=str(problem),
            )
        ) from problem


def _one_nudge(data: Mapping[str, Any]) -> Mapping[str, Any]:
    """A `roll_bonus` stored with `either_way` (Lightning Strike, before `nudge_roll` held
    both ideas) as the `nudge_roll` it is now, so older games replay as they were played."""
    if data.get("type") != "roll_bonus" or "either_way" not in data:
        return data
    kept = {k: v for k, v in data.items() if k != "either_way"}
    if not data["either_way"]:
        return kept
    return {**{k: v for k, v in kept.items() if k != "within"}, "type": "nudge_roll", "own": True}


def build_effects(items: Any, where: str | Text) -> tuple[Effect, ...]:
    """A list of stored effect mappings built once into typed effects (the game state holds
    these, so no roll re-reads a mapping); `where` names their owner in errors."""
    return tuple(
        build_effect(item, concat(where, "[", n, "]")) for n, item in enumerate(items or ())
    )
