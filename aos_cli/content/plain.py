"""Plain frozen values of validated records, read from the content cache without pydantic.

`aos warscroll show` and `aos rules show` print a record that the cache holds already
validated (as `model_dump(mode="json")` wrote it): these dataclasses mirror the part of the
schema (`aos_cli.content.schema`) the views read, and `from_data` fills them from that data,
checking its shape only, so a warm start-up never imports the schema (DESIGN §6). Keys a value
does not declare are left out; each record keeps its whole data for `--json`. Data of the wrong
shape (a damaged cache) raises `Unreadable`: the caller then validates the record by its model.
"""

from __future__ import annotations

import dataclasses
import functools
import types
import typing
from collections.abc import Callable
from dataclasses import field
from typing import Annotated, Any, Literal, TypeVar, Union

from aos_cli.core.dice import IMPOSSIBLE
from aos_cli.core.records import dataclass

T = TypeVar("T")


class Unreadable(ValueError):
    """Data not shaped as the schema writes it."""


# --------------------------------------------------------------------------- shared behaviour


class Words:
    """What has `translations` (a schema model or a plain value): its words in the chosen
    language, else its own (English) ones; wrapped in ⟦ ⟧ in the pseudo-language."""

    def _translation(self, field: str) -> Any:
        from aos_cli.language.i18n import language

        translations: dict[Any, Any] | None = getattr(self, "translations", None)
        if not translations:
            return None
        return _word(translations.get(language()), field)

    def _pseudo(self, field: str) -> bool:
        """In the pseudo-language, whether `field` has a translation to be wrapped in."""
        from aos_cli.language.i18n import PSEUDO, language

        translations: dict[Any, Any] | None = getattr(self, "translations", None)
        return language() == PSEUDO and any(_word(t, field) for t in (translations or {}).values())

    def shown(self, field: str = "name") -> str:
        """The record's name (or another text field) in the chosen language, else its own
        (English) one; wrapped in ⟦ ⟧ in the pseudo-language when it is translated."""
        own: str = getattr(self, field, None) or ""
        if self._pseudo(field):
            return f"⟦{own}⟧"
        return self._translation(field) or own

    def shown_list(self, field: str) -> tuple[str, ...]:
        """A list of texts (a battle length's `ends_early`) in the chosen language, else its
        own; a translation with another count of texts is ignored."""
        own: tuple[str, ...] = tuple(getattr(self, field, None) or ())
        if self._pseudo(field):
            return tuple(f"⟦{text}⟧" for text in own)
        translated = self._translation(field)
        return tuple(translated) if translated and len(translated) == len(own) else own


def _word(translation: Any, field: str) -> Any:
    """One field of a translation: a schema model's attribute or a plain mapping's key."""
    if isinstance(translation, dict):
        return translation.get(field)
    return getattr(translation, field, None)


def range_text(range_: int, min_range: int | None) -> str:
    """`12"`, or `6"-48"` with a minimum range."""
    return f'{min_range}"-{range_}"' if min_range else f'{range_}"'


# --------------------------------------------------------------------------- converting


@dataclass(frozen=True)
class Parsed:
    """Marks a field whose JSON form is converted by `parse` (a roll needed `3+` → 3)."""

    parse: Callable[[Any], Any]


def _roll_needed(value: Any) -> int:
    """A roll needed as JSON writes it (`3+`, `-` for none) → the engine's number."""
    if value == "-":
        return IMPOSSIBLE
    if isinstance(value, str) and value.endswith("+") and value[:-1].isdigit():
        return int(value[:-1])
    raise Unreadable(f"{value!r} is not a roll needed")


Threshold = Annotated[int, Parsed(_roll_needed)]
"""A roll needed, written `3+` (or `-`) in the data."""
RAW = {"raw": True}
"""Metadata of the field that keeps a record's whole data."""


@functools.cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls, include_extras=True)


def from_data(cls: type[T], data: Any) -> T:
    """A plain value of `cls` filled from validated JSON data (raises `Unreadable` when the
    data is not shaped as the schema writes it)."""
    value: T = _convert(cls, data)
    return value


def _convert(kind: Any, value: Any) -> Any:
    """`value` read as a `kind` of the schema: by the kind's generic origin when it has one
    (`_GENERIC`), else as a record, anything, or an instance of the kind."""
    convert = _GENERIC.get(typing.get_origin(kind))
    if convert is not None:
        return convert(kind, value)
    return _convert_plain(kind, value)


def _convert_annotated(kind: Any, value: Any) -> Any:
    """`Annotated[base, ...]`: parsed by its `Parsed` mark (a roll needed), else as `base`."""
    base, *marks = typing.get_args(kind)
    parsers = [m for m in marks if isinstance(m, Parsed)]
    return parsers[0].parse(value) if parsers else _convert(base, value)


def _convert_union(kind: Any, value: Any) -> Any:
    """`A | B | None`: None when allowed, else the first option the value reads as."""
    options = typing.get_args(kind)
    if value is None and type(None) in options:
        return None
    for option in options:
        if option is not type(None):
            try:
                return _convert(option, value)
            except Unreadable:
                continue
    raise Unreadable(f"{value!r} is none of {kind}")


def _convert_literal(kind: Any, value: Any) -> Any:
    """`Literal[...]`: one of its values."""
    if value not in typing.get_args(kind):
        raise Unreadable(f"{value!r} is not one of {typing.get_args(kind)}")
    return value


def _convert_tuple(kind: Any, value: Any) -> Any:
    """`tuple[X, ...]`: a JSON list, each item read as an X."""
    if not isinstance(value, list | tuple):
        raise Unreadable(f"{value!r} is not a list")
    item = typing.get_args(kind)[0]
    return tuple(_convert(item, v) for v in value)


def _convert_dict(kind: Any, value: Any) -> Any:
    """`dict[str, X]`: a JSON mapping, its keys as text, each value read as an X."""
    if not isinstance(value, dict):
        raise Unreadable(f"{value!r} is not a mapping")
    item = typing.get_args(kind)[1]
    return {str(k): _convert(item, v) for k, v in value.items()}


def _convert_plain(kind: Any, value: Any) -> Any:
    """A kind with no generic origin: a record (a dataclass), anything (`Any`), or an
    instance of the kind (a bool is no number, though Python counts it an int)."""
    if dataclasses.is_dataclass(kind) and isinstance(kind, type):
        return _record(kind, value)
    if kind is Any:
        return value
    if kind is int and isinstance(value, bool):
        raise Unreadable(f"{value!r} is not a number")
    if isinstance(kind, type) and isinstance(value, kind):
        return value
    raise Unreadable(f"{value!r} is not a {kind}")


_GENERIC: dict[Any, Callable[[Any, Any], Any]] = {
    Annotated: _convert_annotated,
    Union: _convert_union,
    types.UnionType: _convert_union,
    Literal: _convert_literal,
    tuple: _convert_tuple,
    dict: _convert_dict,
}
"""How a value is read by the generic origin of its kind (`typing.get_origin`)."""


def _record(cls: type, data: Any) -> Any:
    if not isinstance(data, dict):
        raise Unreadable(f"{cls.__name__} is not a mapping")
    hints = _hints(cls)
    values: dict[str, Any] = {}
    for item in dataclasses.fields(cls):
        if item.metadata.get("raw"):
            values[item.name] = data
        elif item.name in data:
            values[item.name] = _convert(hints[item.name], data[item.name])
        elif item.default is dataclasses.MISSING and item.default_factory is dataclasses.MISSING:
            raise Unreadable(f"{cls.__name__} lacks {item.name}")
    return cls(**values)


# --------------------------------------------------------------------------- records


Translations = dict[str, dict[str, Any]]
"""A record's words by language, as the schema's `Translation` writes them (every field kept)."""


@dataclass(frozen=True, kw_only=True)
class Record(Words):
    """A named record; `data` is the whole of it as validated JSON (for `--json`)."""

    id: str
    name: str
    source: str | None = None
    translations: Translations | None = None
    data: dict[str, Any] = field(default_factory=dict, repr=False, compare=False, metadata=RAW)


@dataclass(frozen=True, kw_only=True)
class Timing:
    """When an ability is used (see the schema's `Timing`)."""

    phase: str = "any"
    turn: str = "any"
    step: str = "during"
    trigger: str | None = None


@dataclass(frozen=True, kw_only=True)
class Ability(Record):
    """An ability: its text, timing, usage limit and command point cost."""

    text: str
    timing: Timing = field(default_factory=Timing)
    usage: str = "unlimited"
    cost: int = 0
    reminder: bool = False


@dataclass(frozen=True, kw_only=True)
class CommandAbility(Ability):
    """A command ability (views name it by its class: the general's command in AoS1)."""

    cost: int = 1
    general_only: bool = False


@dataclass(frozen=True, kw_only=True)
class Spell(Record):
    """A spell (or psychic or magical power) and its casting value."""

    casting_value: int
    range: int | None = None
    text: str
    reminder: bool = False
    duration: str | None = None
    channelled: str | None = None


@dataclass(frozen=True, kw_only=True)
class Rule(Record):
    """A rule of a ruleset or realm."""

    section: str | None = None
    text: str
    range: int | None = None


@dataclass(frozen=True, kw_only=True)
class TableRow(Record):
    """One row of a roll table."""

    roll: str
    text: str


@dataclass(frozen=True, kw_only=True)
class RollTable(Record):
    """A table rolled on (or picked from); `dice` as written (`D6`)."""

    dice: str = "D6"
    text: str | None = None
    restriction: str | None = None
    rows: tuple[TableRow, ...]


@dataclass(frozen=True, kw_only=True)
class Weapon(Record):
    """A missile or melee weapon profile; dice as written (`D3`)."""

    range: int
    min_range: int | None = None
    attacks: str
    to_hit: Threshold
    to_wound: Threshold
    rend: int = 0
    damage: str
    from_damage_table: tuple[str, ...] = ()
    mount: bool = False

    @property
    def range_text(self) -> str:
        """`12"`, or `6"-48"` with a minimum range."""
        return range_text(self.range, self.min_range)


@dataclass(frozen=True, kw_only=True)
class Weapon40k(Record):
    """A Warhammer 40,000 weapon profile."""

    range: int | Literal["melee"]
    type: str
    strength: str
    ap: int = 0
    damage: str
    text: str | None = None


@dataclass(frozen=True, kw_only=True)
class Profile40k:
    """The 40,000 profile: M WS BS S T W A Ld Sv."""

    m: int
    ws: Threshold
    bs: Threshold
    s: int
    t: int
    w: int
    a: str
    ld: int
    sv: Threshold


@dataclass(frozen=True, kw_only=True)
class DamageColumn:
    """A damage-table column: its printed name and what it sets."""

    name: str
    sets: str


@dataclass(frozen=True, kw_only=True)
class DamageRow:
    """One row of a damage table."""

    wounds_suffered: str
    values: tuple[int | str, ...]


@dataclass(frozen=True, kw_only=True)
class DamageTable:
    """A damage table's columns and rows."""

    columns: tuple[DamageColumn, ...]
    rows: tuple[DamageRow, ...]


@dataclass(frozen=True, kw_only=True)
class UnitSize:
    """How many models the unit has."""

    min: int = 1
    max: int | None = None
    understrength: bool = True

    @property
    def maximum(self) -> int:
        """The largest unit (the minimum when no maximum is given)."""
        return self.max if self.max is not None else self.min


@dataclass(frozen=True, kw_only=True)
class CommandModel(Words):
    """A champion, standard bearer or musician and what it adds."""

    role: str
    name: str
    text: str
    translations: Translations | None = None


@dataclass(frozen=True, kw_only=True)
class Wizard:
    """Casts and unbinds per hero phase and the spells known (ids)."""

    casts: int = 1
    unbinds: int = 1
    spells: tuple[str, ...] = ()


@dataclass(frozen=True, kw_only=True)
class Warscroll(Record):
    """A warscroll (or a 40,000 datasheet) as its card shows it."""

    system: str
    faction: str
    text: str | None = None
    move: int
    random_move: str | None = None
    wounds: int
    bravery: int
    save: Threshold
    unit_size: UnitSize = field(default_factory=UnitSize)
    points: int | None = None
    fly: bool = False
    priest: bool = False
    wizard: Wizard | None = None
    keywords: tuple[str, ...] = ()
    command_models: tuple[CommandModel, ...] = ()
    missile_weapons: tuple[Weapon, ...] = ()
    melee_weapons: tuple[Weapon, ...] = ()
    damage_table: DamageTable | None = None
    abilities: tuple[Ability, ...] = ()
    command_abilities: tuple[CommandAbility, ...] = ()
    spells: tuple[Spell, ...] = ()
    profile: Profile40k | None = None
    power: int | None = None
    datasheet_weapons: tuple[Weapon40k, ...] = ()
    move_from_damage_table: bool = False


@dataclass(frozen=True, kw_only=True)
class Realm(Record):
    """A Realm of Battle: realmscape features, realmsphere spells, commands and rules."""

    text: str
    realmscape_features: RollTable | None = None
    spells: tuple[Spell, ...] = ()
    commands: tuple[CommandAbility, ...] = ()
    rules: tuple[Rule, ...] = ()


@dataclass(frozen=True, kw_only=True)
class PhaseInfo(Record):
    """One phase of the turn."""

    text: str


@dataclass(frozen=True, kw_only=True)
class ChartRow(Words):
    """One row of a chart: a comparison and its result."""

    when: str
    result: str
    text: str | None = None
    translations: Translations | None = None


@dataclass(frozen=True, kw_only=True)
class Chart(Record):
    """A lookup chart (the 40k8 wound chart)."""

    text: str | None = None
    inputs: dict[str, str]
    rows: tuple[ChartRow, ...]


@dataclass(frozen=True, kw_only=True)
class Ruleset(Record):
    """One game system's rules: phases, commands, spells, tables, charts, realms, rules."""

    system: str
    text: str | None = None
    phases: tuple[PhaseInfo, ...]
    command_abilities: tuple[CommandAbility, ...] = ()
    spells: tuple[Spell, ...] = ()
    tables: tuple[RollTable, ...] = ()
    charts: tuple[Chart, ...] = ()
    realms: tuple[Realm, ...] = ()
    command_traits: tuple[RollTable, ...] = ()
    artefacts: tuple[RollTable, ...] = ()
    rules: tuple[Rule, ...] = ()


@dataclass(frozen=True, kw_only=True)
class Allegiance(Record):
    """A faction's allegiance abilities: battle traits, command traits, artefacts."""

    system: str
    faction: str
    keyword: str
    text: str | None = None
    battle_traits: tuple[Ability, ...] = ()
    command_traits: tuple[RollTable, ...] = ()
    artefacts: tuple[RollTable, ...] = ()
