"""The schema of the rules database: pydantic v2 models over the YAML (DESIGN "Rules are data").

Every record has a stable `id` (kebab-case; derived from `name` when a nested record leaves it
out) and a display `name`. Characteristics are stored as the numbers the engine uses: a roll
needed `3+` is the int 3, a Save of `-` is 7, a Range of `12"` is 12, dice expressions are
`DiceExpr`. JSON output (`model_dump(mode="json")`) writes them back as printed (`3+`, `D3`).
Checks that span several fields (damage table gaps, weapon references) raise one
`PydanticCustomError` carrying every problem with its path, so none is lost.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import (
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    PlainSerializer,
    PlainValidator,
    model_validator,
)
from pydantic_core import PydanticCustomError

from aos_cli.content.effects import build_effect, effect_to_data
from aos_cli.content.plain import Words, range_text
from aos_cli.core import battleplan as plan_rules
from aos_cli.core.dice import IMPOSSIBLE, DiceExpr, format_threshold, parse_dice, parse_threshold
from aos_cli.core.effects import Effect
from aos_cli.core.errors import AosError
from aos_cli.core.limits import MAX_MODELS
from aos_cli.core.numbers import is_ascii_whole
from aos_cli.core.system import all_system_infos, default_id, system_ids, system_info

if TYPE_CHECKING:
    from aos_cli.core.attack import WeaponProfile

SCHEMA_VERSION = 1
"""The `schema_version` every content file must carry."""


def system_choices() -> str:
    """The registered game systems' ids, for a message saying which ones there are."""
    return ", ".join(s.id for s in all_system_infos())


def _system(value: Any) -> str:
    """A registered game system's id (`aos_cli.core.system`)."""
    if not isinstance(value, str) or value not in system_ids():
        raise PydanticCustomError("system", "use one of {ids}", {"ids": system_choices()})
    return value


System = Annotated[str, PlainValidator(_system)]
"""The id of a game system in the registry; a record naming none is of the default system."""

Found = list[tuple[tuple[str | int, ...], str]]


def raise_found(found: Found) -> None:
    """Raise every problem of a cross-field check at once (the loader expands `problems`)."""
    if found:
        raise PydanticCustomError(
            "content", "{message}", {"message": found[0][1], "problems": found}
        )


def slug(text: str) -> str:
    """`Lord-Celestant on Stardrake` → `lord-celestant-on-stardrake`."""
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


# --------------------------------------------------------------------------- value types


def _datasheets(system: Any) -> bool:
    """Whether a raw record's system (None: the default) has datasheets (M, W, Ld, Sv)."""
    return (system is None or system in system_ids()) and system_info(system).datasheets


def _core_message(problem: AosError) -> str:
    text = str(problem)
    return text.split(": ", 1)[1] if ": " in text else text


def _threshold(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int | str):
        raise ValueError(f"{value!r} is not a roll needed such as 3+")
    try:
        return parse_threshold(str(value), what="value")
    except AosError as problem:
        raise ValueError(_core_message(problem)) from None


def _save(value: Any) -> int:
    if value in ("-", None):
        return IMPOSSIBLE
    return _threshold(value)


def _dice(value: Any) -> DiceExpr:
    if isinstance(value, DiceExpr):
        return value
    if isinstance(value, bool) or not isinstance(value, int | str):
        raise ValueError(f"{value!r} is not a number or dice expression")
    try:
        return parse_dice(str(value), what="value")
    except AosError as problem:
        raise ValueError(_core_message(problem)) from None


def _inches(value: Any) -> int:
    if isinstance(value, bool):
        raise ValueError(f"{value!r} is not a distance")
    if isinstance(value, int):
        if value < 0:
            raise ValueError(f"{value} is a negative distance")
        return value
    if isinstance(value, str):
        text = value.strip().rstrip('"').strip()
        if is_ascii_whole(text) and len(text) <= 4:
            return int(text)
    raise ValueError(f'{value!r} is not a distance in inches such as 12 or 12"')


def _rend(value: Any) -> int:
    if value in ("-", 0, "0"):
        return 0
    if isinstance(value, str) and re.fullmatch(r"-[0-9]{1,4}", value.strip()):
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{value!r} is not a rend such as -, -1 or -2")
    if value > 0:
        raise ValueError(f"rend {value} is positive: write -{value}")
    return value


def _casting(value: Any) -> int:
    if isinstance(value, str) and re.fullmatch(r"[0-9]{1,4}\+?", value.strip()):
        value = int(value.strip().rstrip("+"))
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 18:
        raise ValueError(f"{value!r} is not a casting value such as 5 or 6")
    return value


def _effects(value: Any) -> tuple[Effect, ...]:
    if isinstance(value, tuple) and all(isinstance(v, Effect) for v in value):
        return value
    if not isinstance(value, list):
        raise ValueError("effects must be a list of mappings, each with a type")
    built: list[Effect] = []
    found: Found = []
    for index, item in enumerate(value):
        effect, problems = build_effect(item)
        found.extend(((index, *path), message) for path, message in problems)
        if effect is not None:
            built.append(effect)
    raise_found(found)
    return tuple(built)


def _keywords(value: Any) -> tuple[str, ...]:
    if not isinstance(value, list | tuple) or not all(isinstance(k, str) for k in value):
        raise ValueError("keywords must be a list of words")
    return tuple(k.strip().upper() for k in value)


Threshold = Annotated[
    int, BeforeValidator(_threshold), PlainSerializer(format_threshold, when_used="json")
]
SaveValue = Annotated[
    int, BeforeValidator(_save), PlainSerializer(format_threshold, when_used="json")
]
Dice = Annotated[DiceExpr, PlainValidator(_dice), PlainSerializer(str, return_type=str)]
Inches = Annotated[int, BeforeValidator(_inches)]
Rend = Annotated[int, BeforeValidator(_rend)]
Casting = Annotated[int, BeforeValidator(_casting)]
Effects = Annotated[
    tuple[Effect, ...],
    PlainValidator(_effects),
    PlainSerializer(lambda t: [effect_to_data(e) for e in t], return_type=list[dict[str, Any]]),
]
Keywords = Annotated[tuple[str, ...], BeforeValidator(_keywords)]
Id = Annotated[str, Field(pattern=r"^[a-z0-9][a-z0-9_.-]*$")]


class Base(BaseModel):
    """Every model: unknown keys are errors, values are frozen once validated."""

    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)


TranslatedLanguage = Literal["hu", "it", "tr", "ru"]
"""The languages a record may carry its own name and text in (English is the record itself)."""


TranslatedText = Annotated[str, Field(min_length=1, max_length=20_000)]


class Translation(Base):
    """A record's words in one language: its name and text, and the other player-facing texts
    its kind has (a battleplan's `victory_text`, an objective's `position`, a chart row's
    `when`...); what is left out shows in English."""

    name: str | None = Field(default=None, min_length=1, max_length=200)
    text: TranslatedText | None = None
    position: TranslatedText | None = None
    reserves: TranslatedText | None = None
    objective_text: TranslatedText | None = None
    victory_text: TranslatedText | None = None
    when: TranslatedText | None = None
    result: TranslatedText | None = None
    ends_early: tuple[TranslatedText, ...] | None = Field(default=None, max_length=20)


Translations = dict[TranslatedLanguage, Translation]


class Translatable(Base, Words):
    """What has `translations` (declared by each kind, so its fields keep their order): its
    words in the chosen language (`Words`); a translation may only give words its record has."""

    @model_validator(mode="after")
    def _translates_own_fields(self) -> Any:
        translations: Translations | None = getattr(self, "translations", None)
        found: Found = []
        for code, translation in (translations or {}).items():
            for field in sorted(translation.model_fields_set):
                if getattr(translation, field) is None:
                    continue
                if field not in type(self).model_fields or getattr(self, field) is None:
                    found.append(
                        (("translations", code, field), f"this record has no {field} to translate")
                    )
                elif field == "ends_early" and len(getattr(translation, field)) != len(
                    getattr(self, field)
                ):
                    found.append(
                        (("translations", code, field), "give as many texts as the record has")
                    )
        raise_found(found)
        return self


class Record(Translatable):
    """A named record; `id` defaults to the name in kebab-case. `source` notes where numbers
    not in the transcripts came from (issue 4: "mark the field with a source: note").
    `translations` may give its name and text per language (issue 17 item 4)."""

    id: Id
    name: str
    source: str | None = None
    translations: Translations | None = None

    @model_validator(mode="before")
    @classmethod
    def _default_id(cls, data: Any) -> Any:
        if isinstance(data, dict) and "id" not in data and isinstance(data.get("name"), str):
            return {"id": slug(data["name"]), **data}
        return data


# --------------------------------------------------------------------------- abilities

Phase = Literal[
    "pre_battle",
    "start_of_battle_round",
    "hero",
    "movement",
    "psychic",
    "shooting",
    "charge",
    "combat",
    "battleshock",
    "end_of_turn",
    "any",
]
Usage = Literal[
    "unlimited", "once_per_phase", "once_per_turn", "once_per_battle_round", "once_per_battle"
]


class Timing(Base):
    """When an ability is used: phase, whose turn, start/during/end, or a trigger in words."""

    phase: Phase = "any"
    turn: Literal["yours", "enemy", "any"] = "any"
    step: Literal["start", "during", "end"] = "during"
    trigger: str | None = None

    def describe(self) -> str:
        """`start of your hero phase`, `any phase: after this model piles in` ..."""
        phase = self.phase.replace("_", " ")
        owner = {"yours": "your ", "enemy": "the enemy ", "any": "the " if phase != "any" else ""}
        text = f"{owner[self.turn]}{phase} phase" if self.phase != "any" else "any time"
        if self.phase in ("pre_battle", "start_of_battle_round", "end_of_turn"):
            text = phase
        if self.step != "during":
            text = f"{self.step} of {text}"
        return f"{text}: {self.trigger}" if self.trigger else text


class Target(Base):
    """Whom a spell, prayer or ability picks, checked by the engine before any die is rolled:
    `enemy`, `friendly` (the unit itself included), `self` (no other unit: the default) or
    `any` unit; with every one of `keywords` and one of `any_keywords`; within `range` inches
    (asked at the table; the record's own range when left out) and, with `visible`, visible
    to the one using it (asked with the range)."""

    side: Literal["enemy", "friendly", "self", "any"] = "self"
    keywords: Keywords = ()
    any_keywords: Keywords = ()
    range: Inches | None = None
    visible: bool = False


class Ability(Record):
    """An ability: rules text (our words), timing, usage limit, CP cost, structured effects.

    When the effects vocabulary cannot say it all, `reminder` is true and the engine shows the
    text at its timing; an ability without effects is always a reminder (never dropped).
    """

    text: str
    timing: Timing = Field(default_factory=Timing)
    usage: Usage = "unlimited"
    cost: int = Field(0, ge=0)
    range: Inches | None = None
    weapons: tuple[str, ...] = ()
    """Weapon ids of this warscroll whose attacks the effects apply to (empty: all)."""
    target: Target = Field(default_factory=Target)
    instead_of: tuple[str, ...] = ()
    """Ids of this warscroll's abilities it is used instead of: they share one usage limit."""
    effects: Effects = ()
    reminder: bool = False

    @model_validator(mode="after")
    def _reminder_when_empty(self) -> Ability:
        if not self.effects and not self.reminder:
            object.__setattr__(self, "reminder", True)
        return self


class CommandAbility(Ability):
    """A command ability: costs 1 CP unless told, used in your hero phase by default (§7.1)."""

    cost: int = Field(1, ge=0)
    timing: Timing = Field(default_factory=lambda: Timing(phase="hero", turn="yours"))
    general_only: bool = False


class Spell(Record):
    """A spell (or psychic power, or magical power): casting value, range, effects.

    `duration` and `channelled` serve the Middle-earth powers (mesbg §2.5, §2.6).
    """

    casting_value: Casting
    range: Inches | None = None
    text: str
    target: Target = Field(default_factory=Target)
    effects: Effects = ()
    reminder: bool = False
    duration: str | None = None
    channelled: str | None = None

    @model_validator(mode="after")
    def _reminder_when_empty(self) -> Spell:
        if not self.effects and not self.reminder:
            object.__setattr__(self, "reminder", True)
        return self


class Rule(Record):
    """A rule of a ruleset or battleplan, for `aos rules show` and the engines' reminders.

    `range` is the rule's distance when it has one (unbinding 18" in AoS1 §12, Deny the Witch
    24" in 40k8 §5.5).
    """

    section: str | None = None
    text: str
    range: Inches | None = None
    effects: Effects = ()


# --------------------------------------------------------------------------- tables


def _roll_range(value: Any) -> tuple[int, int]:
    if isinstance(value, int) and not isinstance(value, bool):
        return value, value
    if isinstance(value, str):
        match = re.fullmatch(r"\s*([0-9]{1,6})\s*(?:[-–]\s*([0-9]{1,6})|(\+))?\s*", value)
        if match:
            low = int(match.group(1))
            high = int(match.group(2)) if match.group(2) else (99 if match.group(3) else low)
            if high >= low:
                return low, high
    raise ValueError(f"{value!r} is not a roll or range of rolls such as 3 or 1-2")


class TableRow(Record):
    """One row of a roll table: the rolls that give it, and what it does."""

    roll: Annotated[str, BeforeValidator(lambda v: str(v) if isinstance(v, int) else v)]
    text: str
    effects: Effects = ()
    reminder: bool = False
    weapon: Literal["melee", "any"] | None = None
    """The row blesses one of its bearer's own weapons (never a mount's, AoS2 §25): a `melee`
    weapon or `any` weapon profile, picked in the army list; its effects apply to it alone."""

    @model_validator(mode="after")
    def _check_roll(self) -> TableRow:
        try:
            _roll_range(self.roll)
        except ValueError as problem:
            raise_found([(("roll",), str(problem))])
        if not self.effects and not self.reminder:
            object.__setattr__(self, "reminder", True)
        return self

    @property
    def rolls(self) -> tuple[int, int]:
        """The lowest and highest roll that give this row."""
        return _roll_range(self.roll)


class RollTable(Record):
    """A table rolled on (or picked from): scenery, triumphs, realmscape, traits, artefacts.

    Its rows must cover every result of `dice` exactly once.
    """

    dice: Dice = Field(default_factory=lambda: parse_dice("D6"))
    text: str | None = None
    restriction: str | None = None
    rows: list[TableRow]

    @model_validator(mode="after")
    def _no_gaps(self) -> RollTable:
        found: Found = []
        covered: dict[int, int] = {}
        for index, row in enumerate(self.rows):
            low, high = row.rolls
            high = min(high, self.dice.maximum)
            for value in range(low, high + 1):
                if value in covered:
                    found.append(
                        (
                            ("rows", index, "roll"),
                            f"{value} is also given by rows[{covered[value]}]",
                        )
                    )
                covered[value] = index
            if low < self.dice.minimum or low > self.dice.maximum:
                found.append(
                    (("rows", index, "roll"), f"{row.roll} cannot be rolled on {self.dice}")
                )
        missing = [v for v in range(self.dice.minimum, self.dice.maximum + 1) if v not in covered]
        if missing:
            found.append((("rows",), f"gap: no row for a roll of {', '.join(map(str, missing))}"))
        raise_found(found)
        return self

    def row_for(self, roll: int) -> TableRow:
        """The row a roll gives."""
        for row in self.rows:
            low, high = row.rolls
            if low <= roll <= high:
                return row
        raise KeyError(roll)


# --------------------------------------------------------------------------- warscrolls

WEAPON_VALUES = ("attacks", "to_hit", "to_wound", "rend", "damage", "range")
_PLACEHOLDER: dict[str, Any] = {
    "attacks": 0,
    "to_hit": 6,
    "to_wound": 6,
    "rend": 0,
    "damage": 0,
    "range": 0,
}
FROM_TABLE = ("table", "damage_table", "*")
"""How a weapon or Move value written on the damage table is marked in YAML."""


class Weapon(Record):
    """A missile or melee weapon profile (AoS2 §20.1). A value written as `table` comes from
    the damage table (its first row here; `Warscroll.at_wounds` applies the others)."""

    range: Inches
    min_range: Inches | None = None
    attacks: Dice
    to_hit: Threshold
    to_wound: Threshold
    rend: Rend = 0
    damage: Dice
    from_damage_table: tuple[str, ...] = ()
    mount: bool = False
    """The model's mount attacks with it: command traits and artefacts never bless it (AoS2
    §25)."""

    @model_validator(mode="before")
    @classmethod
    def _table_values(cls, data: Any) -> Any:
        if not isinstance(data, dict):
            return data
        data = dict(data)
        marked = [k for k in WEAPON_VALUES if data.get(k) in FROM_TABLE]
        if marked:
            for key in marked:
                data[key] = _PLACEHOLDER[key]
            data["from_damage_table"] = tuple(marked)
        ranged = data.get("range")
        if isinstance(ranged, str) and re.fullmatch(
            r'\s*[0-9]{1,6}"?\s*[-–]\s*[0-9]{1,6}"?\s*', ranged
        ):
            low, high = re.split(r"[-–]", ranged)
            data["min_range"], data["range"] = low, high
        return data

    @model_validator(mode="after")
    def _check(self) -> Weapon:
        found: Found = []
        if self.attacks.minimum < 0:
            found.append((("attacks",), f"{self.attacks} can be negative"))
        for key in ("to_hit", "to_wound"):
            if getattr(self, key) < 2 and key not in self.from_damage_table:
                found.append(((key,), "a roll needed is 2+ at best (an unmodified 1 fails)"))
        if self.min_range is not None and self.min_range >= self.range:
            found.append((("min_range",), "the minimum range must be below the range"))
        raise_found(found)
        return self

    def to_profile(self, models: int) -> WeaponProfile:
        """The attack engine's profile for `models` models using this weapon."""
        from aos_cli.core.attack import WeaponProfile

        return WeaponProfile(
            attacks=self.attacks,
            to_hit=self.to_hit,
            to_wound=self.to_wound,
            rend=self.rend,
            damage=self.damage,
            models=models,
            name=self.name,
        )

    @property
    def range_text(self) -> str:
        """`12"`, or `6"-48"` with a minimum range."""
        return range_text(self.range, self.min_range)


class Weapon40k(Record):
    """A Warhammer 40,000 weapon profile (40k8 §13.2): Range, Type, S, AP, D."""

    range: Annotated[
        int | Literal["melee"], BeforeValidator(lambda v: v if v == "melee" else _inches(v))
    ]
    type: str
    strength: Annotated[str, BeforeValidator(lambda v: str(v))]
    ap: Rend = 0
    damage: Dice
    text: str | None = None


class Profile40k(Base):
    """The 40,000 profile: M WS BS S T W A Ld Sv (40k8 §13.1)."""

    m: Inches
    ws: SaveValue
    bs: SaveValue
    s: int
    t: int
    w: int
    a: Dice
    ld: int
    sv: SaveValue


class DamageColumn(Base):
    """A damage-table column: its printed name and what it sets: `move`, `bravery`, `save`,
    `weapon.<id>.<attacks|to_hit|to_wound|rend|damage>` or `ability.<id>.uses`."""

    name: str
    sets: str


class DamageRow(Base):
    """One row of a damage table: wounds suffered (`0-4`, `14+`) and a value per column."""

    wounds_suffered: Annotated[str, BeforeValidator(lambda v: str(v) if isinstance(v, int) else v)]
    values: tuple[int | str, ...]

    @property
    def low(self) -> int:
        return _roll_range(self.wounds_suffered)[0]

    @property
    def high(self) -> int | None:
        """The most wounds suffered of this row; None for an open row (`14+`)."""
        high = _roll_range(self.wounds_suffered)[1]
        return None if high == 99 else high


class DamageTable(Base):
    """Rows by wounds suffered = allocated and not healed (AoS2 §20.4)."""

    columns: list[DamageColumn]
    rows: list[DamageRow]

    def row_for(self, wounds_suffered: int) -> DamageRow:
        """The row for a number of wounds suffered (the last row covers anything beyond)."""
        for row in self.rows:
            if row.low <= wounds_suffered and (row.high is None or wounds_suffered <= row.high):
                return row
        return self.rows[-1] if wounds_suffered >= self.rows[-1].low else self.rows[0]

    def values_for(self, wounds_suffered: int) -> dict[str, Any]:
        """Column `sets` → typed value for a number of wounds suffered."""
        row = self.row_for(wounds_suffered)
        return {
            col.sets: _column_value(col.sets, value)
            for col, value in zip(self.columns, row.values, strict=True)
        }


def _column_value(sets: str, value: int | str) -> Any:
    """A damage-table cell as the number the engine uses (raises ValueError when wrong)."""
    key = sets.rsplit(".", 1)[-1]
    if key in ("move", "range"):
        return _inches(value)
    if key in ("to_hit", "to_wound"):
        return _threshold(value)
    if key == "save":
        return _save(value)
    if key == "rend":
        return _rend(value)
    if key in ("attacks", "damage"):
        return _dice(value)
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{value!r} is not a whole number")
    return value


class UnitSize(Base):
    """How many models the unit has (AoS2 §20.3); fewer is an understrength unit."""

    min: int = Field(1, ge=1, le=MAX_MODELS)
    max: int | None = Field(None, ge=1, le=MAX_MODELS)
    understrength: bool = True

    @property
    def maximum(self) -> int:
        return self.max if self.max is not None else self.min


class CommandModel(Translatable):
    """A champion, standard bearer or musician and what it adds (AoS2 §20.3); `translations`
    may give its text per language (its name stays as the warscroll writes it)."""

    role: Literal["champion", "standard_bearer", "musician"]
    name: str
    text: str
    one_per: int | None = Field(None, ge=1)
    """At most one in every `one_per` models (none: one per unit)."""
    weapons: tuple[str, ...] = ()
    """Weapon ids it carries instead of an ordinary model's weapons of the same kind (the
    Extoller of Shyish's Death-knell Scythe); none: it carries what an ordinary model does."""
    effects: Effects = ()
    reminder: bool = False
    translations: Translations | None = None

    @model_validator(mode="after")
    def _reminder_when_empty(self) -> CommandModel:
        if not self.effects and not self.reminder:
            object.__setattr__(self, "reminder", True)
        return self


class WeaponOption(Base):
    """A choice of weapons: each model (or one in every `one_per`) takes one of `choices`."""

    id: Id
    name: str | None = None
    choices: tuple[str, ...]
    one_per: int | None = Field(None, ge=1)
    default: str | None = None


class Wizard(Base):
    """Casts and unbinds per hero phase and the spells known (ids; AoS2 §15)."""

    casts: int = Field(1, ge=0)
    unbinds: int = Field(1, ge=0)
    spells: tuple[str, ...] = ("arcane-bolt", "mystic-shield")


class Warscroll(Record):
    """A warscroll (or a 40,000 datasheet when `system` is wh40k8).

    `move`, `wounds`, `bravery`, `save` are the engine's numbers (Save `-` is 7); for a
    datasheet they come from its `profile` (M, W, Ld, Sv). Values marked `table` come from the
    damage table; `at_wounds(n)` gives the warscroll as it stands after n wounds suffered.
    """

    system: System = Field(default_factory=default_id)
    faction: str
    text: str | None = None
    move: Inches
    random_move: Dice | None = None
    wounds: int = Field(ge=1)
    bravery: int = Field(ge=0)
    save: SaveValue
    unit_size: UnitSize = Field(default_factory=UnitSize)
    points: int | None = Field(None, ge=0)
    """Points for a unit of the minimum size, where the source gives them (imports)."""
    fly: bool = False
    priest: bool = False
    wizard: Wizard | None = None
    keywords: Keywords = ()
    command_models: list[CommandModel] = []
    weapon_options: list[WeaponOption] = []
    missile_weapons: list[Weapon] = []
    melee_weapons: list[Weapon] = []
    damage_table: DamageTable | None = None
    abilities: list[Ability] = []
    command_abilities: list[CommandAbility] = []
    spells: list[Spell] = []
    profile: Profile40k | None = None
    power: int | None = Field(None, ge=1, le=100)
    """A 40k8 datasheet's Power Rating (40k8 §13), for the unit sizes the demo armies field;
    the Power Level and the Underdog are summed from it (40k8 §17.6)."""
    datasheet_weapons: list[Weapon40k] = []
    move_from_damage_table: bool = False

    @model_validator(mode="before")
    @classmethod
    def _fill(cls, data: Any) -> Any:
        if not isinstance(data, dict):
            return data
        data = dict(data)
        if data.get("move") in FROM_TABLE:
            data["move"] = 0
            data["move_from_damage_table"] = True
        profile = data.get("profile")
        if isinstance(profile, dict) and _datasheets(data.get("system")):
            for ours, theirs in (("move", "m"), ("wounds", "w"), ("bravery", "ld"), ("save", "sv")):
                if ours not in data and theirs in profile:
                    data[ours] = profile[theirs]
        return data

    @model_validator(mode="after")
    def _check(self) -> Warscroll:
        found: Found = []
        weapons = {w.id: w for w in self.weapons}
        found.extend(self._check_profile(weapons))
        found.extend(self._check_weapon_choices(weapons))
        found.extend(self._check_ability_references(weapons))
        found.extend(self._check_damage_table(weapons))
        raise_found(found)
        if self.damage_table is not None and not found:
            fresh = self.at_wounds(0)
            for key in ("move", "missile_weapons", "melee_weapons"):
                object.__setattr__(self, key, getattr(fresh, key))
        return self

    def _check_profile(self, weapons: dict[str, Weapon]) -> Found:
        """Weapon ids once each, a datasheet's profile present, the unit size's bounds in order."""
        found: Found = []
        seen: set[str] = set()
        for kind in ("missile_weapons", "melee_weapons"):
            for index, weapon in enumerate(getattr(self, kind)):
                if weapon.id in seen:
                    found.append(((kind, index, "id"), f"duplicate weapon id {weapon.id!r}"))
                seen.add(weapon.id)
        if self.profile is None and system_info(self.system).datasheets:
            found.append(
                (("profile",), f"a {self.system} datasheet needs its profile (M WS BS ...)")
            )
        if self.unit_size.max is not None and self.unit_size.max < self.unit_size.min:
            found.append((("unit_size", "max"), "max is below min"))
        return found

    def _check_weapon_choices(self, weapons: dict[str, Weapon]) -> Found:
        """Weapon options and command models name weapons of this warscroll."""
        found: Found = []
        for index, option in enumerate(self.weapon_options):
            for pos, choice in enumerate(option.choices):
                if choice not in weapons:
                    found.append(
                        (
                            ("weapon_options", index, "choices", pos),
                            _unknown("weapon", choice, weapons),
                        )
                    )
            if option.default is not None and option.default not in option.choices:
                found.append((("weapon_options", index, "default"), "not one of the choices"))
        for index, model in enumerate(self.command_models):
            for pos, weapon_id in enumerate(model.weapons):
                if weapon_id not in weapons:
                    found.append(
                        (
                            ("command_models", index, "weapons", pos),
                            _unknown("weapon", weapon_id, weapons),
                        )
                    )
        return found

    def _check_ability_references(self, weapons: dict[str, Weapon]) -> Found:
        """An ability's `instead_of` names another ability, its `weapons` a weapon it has."""
        found: Found = []
        ability_ids = {a.id for a in [*self.abilities, *self.command_abilities]}
        datasheet = {w.id for w in self.datasheet_weapons}
        for kind in ("abilities", "command_abilities"):
            for index, ability in enumerate(getattr(self, kind)):
                for pos, other in enumerate(ability.instead_of):
                    if other not in ability_ids or other == ability.id:
                        found.append(
                            (
                                (kind, index, "instead_of", pos),
                                _unknown("other ability", other, ability_ids - {ability.id}),
                            )
                        )
                for pos, weapon_id in enumerate(ability.weapons):
                    if weapon_id not in weapons and weapon_id not in datasheet:
                        found.append(
                            ((kind, index, "weapons", pos), _unknown("weapon", weapon_id, weapons))
                        )
        return found

    def _check_damage_table(self, weapons: dict[str, Weapon]) -> Found:
        """A damage table present when values come from one, its columns and rows well made."""
        table = self.damage_table
        needs = {f"weapon.{w.id}.{k}" for w in weapons.values() for k in w.from_damage_table}
        if self.move_from_damage_table:
            needs.add("move")
        if table is None:
            if needs:
                return [((), f"values come from a damage table it lacks: {sorted(needs)}")]
            return []
        found = self._check_damage_columns(table, weapons, needs)
        if not table.rows:
            found.append((("damage_table", "rows"), "a damage table needs rows"))
            return found
        found.extend(self._check_damage_rows(table))
        return found

    def _check_damage_columns(
        self, table: DamageTable, weapons: dict[str, Weapon], needs: set[str]
    ) -> Found:
        """Every value taken from the table has a column; each column sets a value that exists."""
        found: Found = []
        abilities = {a.id for a in self.abilities}
        sets = {c.sets for c in table.columns}
        for missing in sorted(needs - sets):
            found.append((("damage_table", "columns"), f"no column sets {missing}"))
        for index, column in enumerate(table.columns):
            parts = column.sets.split(".")
            path: tuple[str | int, ...] = ("damage_table", "columns", index, "sets")
            if parts[0] == "weapon" and len(parts) == 3:
                if parts[1] not in weapons:
                    found.append((path, _unknown("weapon", parts[1], weapons)))
                elif parts[2] not in WEAPON_VALUES:
                    found.append((path, f"{parts[2]!r} is not a weapon characteristic"))
            elif parts[0] == "ability" and len(parts) == 3:
                if parts[1] not in abilities:
                    found.append((path, _unknown("ability", parts[1], abilities)))
            elif column.sets not in ("move", "bravery", "save", "wounds"):
                found.append(
                    (path, "use move, bravery, save, weapon.<id>.<value> or ability.<id>.uses")
                )
        return found

    def _check_damage_rows(self, table: DamageTable) -> Found:
        """The rows run from 0 wounds suffered without gap or overlap to the model's Wounds,
        each with one readable value per column (stops at a row whose range cannot be read)."""
        found: Found = []
        expected = 0
        for index, row in enumerate(table.rows):
            path = ("damage_table", "rows", index)
            try:
                low, high = row.low, row.high
            except ValueError as problem:
                found.append(((*path, "wounds_suffered"), str(problem)))
                return found
            if low != expected:
                what = "gap" if low > expected else "overlap"
                found.append(
                    (
                        (*path, "wounds_suffered"),
                        f"{what}: this row starts at {low} wounds suffered, expected {expected}",
                    )
                )
            if high is None and index != len(table.rows) - 1:
                found.append(((*path, "wounds_suffered"), "only the last row may be open (N+)"))
            expected = (high if high is not None else 99) + 1
            if len(row.values) != len(table.columns):
                found.append(
                    (
                        (*path, "values"),
                        f"{len(row.values)} values for {len(table.columns)} columns",
                    )
                )
                continue
            for pos, (column, value) in enumerate(zip(table.columns, row.values, strict=True)):
                try:
                    _column_value(column.sets, value)
                except ValueError as problem:
                    found.append(((*path, "values", pos), str(problem)))
        last = table.rows[-1].high
        if last is not None and last < self.wounds - 1:
            found.append(
                (
                    ("damage_table", "rows", len(table.rows) - 1, "wounds_suffered"),
                    f"gap: rows end at {last} wounds suffered; the model has {self.wounds} Wounds",
                )
            )
        return found

    # ---- the API the engine codes against --------------------------------------------

    @property
    def weapons(self) -> list[Weapon]:
        """Missile then melee weapons."""
        return [*self.missile_weapons, *self.melee_weapons]

    def weapon(self, name_or_id: str) -> Weapon:
        """A weapon by id or name (case-insensitive, unique prefix)."""
        from aos_cli.content.lookup import find

        return find(self.weapons, name_or_id, "weapon")

    def has_keyword(self, keyword: str) -> bool:
        return keyword.strip().upper() in self.keywords

    def damage_row(self, wounds_suffered: int) -> DamageRow | None:
        """The damage-table row for a number of wounds suffered (None without a table)."""
        return self.damage_table.row_for(wounds_suffered) if self.damage_table else None

    def at_wounds(self, wounds_suffered: int) -> Warscroll:
        """This warscroll with the damage-table row for `wounds_suffered` applied."""
        if self.damage_table is None:
            return self
        values = self.damage_table.values_for(wounds_suffered)
        update: dict[str, Any] = {}
        for key in ("move", "bravery", "save"):
            if key in values:
                update[key] = values[key]
        for kind in ("missile_weapons", "melee_weapons"):
            changed = []
            for weapon in getattr(self, kind):
                new = {
                    part: values[f"weapon.{weapon.id}.{part}"]
                    for part in WEAPON_VALUES
                    if f"weapon.{weapon.id}.{part}" in values
                }
                changed.append(weapon.model_copy(update=new) if new else weapon)
            update[kind] = changed
        return self.model_copy(update=update)

    def ability_uses(self, ability_id: str, wounds_suffered: int = 0) -> int | None:
        """How many times the damage table lets an ability be used (None if it does not say)."""
        if self.damage_table is None:
            return None
        value = self.damage_table.values_for(wounds_suffered).get(f"ability.{ability_id}.uses")
        return int(value) if value is not None else None

    def abilities_by_timing(self) -> dict[str, list[Ability]]:
        """Abilities and command abilities grouped by their timing's description."""
        grouped: dict[str, list[Ability]] = {}
        for ability in [*self.abilities, *self.command_abilities]:
            grouped.setdefault(ability.timing.describe(), []).append(ability)
        return grouped


def _unknown(what: str, value: str, known: Any) -> str:
    import difflib

    close = difflib.get_close_matches(value, list(known), n=3)
    hint = f" (did you mean {', '.join(close)}?)" if close else ""
    return f"no {what} {value!r} on this warscroll{hint}"


# --------------------------------------------------------------------------- battalions, allegiances


class OrganisationEntry(Base):
    """A battalion slot: a warscroll title or a keyword, with how many units."""

    entry: str
    min: int = Field(1, ge=0)
    max: int | None = None
    battalion: bool = False
    """The entry names a smaller battalion (Exemplar Chamber: 3 Devastation Brotherhoods)."""


class Battalion(Record):
    """A warscroll battalion (AoS2 §23): organisation and abilities for its member units."""

    system: System = Field(default_factory=default_id)
    faction: str
    text: str | None = None
    organisation: list[OrganisationEntry]
    abilities: list[Ability] = []
    keywords: Keywords = ()


class Allegiance(Record):
    """Allegiance abilities of a faction (AoS2 §25): battle traits, command traits, artefacts."""

    system: System = Field(default_factory=default_id)
    faction: str
    keyword: str
    text: str | None = None
    battle_traits: list[Ability] = []
    command_traits: list[RollTable] = []
    artefacts: list[RollTable] = []


# --------------------------------------------------------------------------- battleplans


class Players(Base):
    """How many players: two, or coalitions of three or more (AoS2 §19)."""

    min: int = Field(2, ge=2)
    max: int | None = 2
    coalitions: bool = False


class Deployment(Translatable):
    """How the armies set up (AoS2 §17.2): territories, distances, order, reserves."""

    text: str
    territories: tuple[str, ...] = ()
    map: str | None = None
    order: Literal[
        "alternate_units", "alternate_contingents", "one_army_then_the_other", "as_described"
    ] = "alternate_units"
    first: str | None = None
    wholly_within_territory: bool = True
    min_distance_from_enemy_territory: Inches | None = None
    min_distance_from_enemy_units: Inches | None = None
    reserves: str | None = None
    contingents: int = Field(0, ge=0)
    """Each coalition splits into this many contingents, each in its own territory (Ill Met by
    Moonlight: 3, seed 000 p.12); 0: no contingents."""
    translations: Translations | None = None


class BattleLength(Translatable):
    """When the battle ends: a number of battle rounds, or earlier on conditions in words."""

    rounds: int | None = Field(5, ge=1)
    ends_early: tuple[str, ...] = ()
    ends_when_a_side_has: Literal["no_models", "no_units_on_battlefield"] | None = None
    """The battle ends at once when a side has no models left (`no_models`; reserves still
    count) or no unit on the battlefield; left out, it lasts its rounds (AoS2 §19)."""
    text: str | None = None
    translations: Translations | None = None


class Objective(Record):
    """An objective: where it is (as described), control range and how it is controlled."""

    position: str
    control_range: Inches = 6
    rule: Literal["most_models", "model_within", "as_described"] = "most_models"
    territory: str | None = None
    """The map territory it lies in, one of the deployment's `territories`."""


class ScoreFilter(Base):
    """Which slain models or objectives score."""

    min_wounds: int | None = None
    territory: Literal["own", "enemy"] | None = None
    keywords: Keywords = ()
    warlord_general: bool = False


class ScoringRule(Record):
    """Victory points: `points` for each `per` when `event` happens (AoS2 §18, §19)."""

    text: str
    event: Literal[
        "end_of_your_turn",
        "end_of_turn",
        "end_of_battle_round",
        "end_of_battle",
        "model_slain",
        "general_slain",
        "first_model_slain",
    ]
    """`end_of_your_turn` scores for the side whose turn ends, `end_of_turn` for both sides at
    the end of every turn (40k8 §17.4 Domination), as in `aos_cli.core.battleplan.EVENTS`."""
    per: Literal[
        "objective_controlled", "model", "wounds_characteristic", "once", "enemy_general_slain"
    ] = "once"
    points: Dice = Field(default_factory=lambda: parse_dice("1"))
    award: Literal["victory_points", "command_points"] = "victory_points"
    """What the points are: First Blood's bonus is a command point (AoS2 §18)."""
    filter: ScoreFilter = Field(default_factory=ScoreFilter)

    def rule(self) -> plan_rules.ScoringRule:
        """The engine's value of this rule (aos_cli.core.battleplan)."""
        return plan_rules.ScoringRule(
            id=self.id,
            event=self.event,
            per=self.per,
            points=str(self.points),
            award=self.award,
            min_wounds=self.filter.min_wounds,
            territory=self.filter.territory,
            keywords=tuple(k.upper() for k in self.filter.keywords),
            warlord_general=self.filter.warlord_general,
            text=self.text,
        )


class VictoryCondition(Translatable):
    """Who wins and how much (AoS2 §17.2): checked in order, the first that holds decides."""

    result: Literal["major", "minor", "win", "draw"]
    """`win`: a victory the rules do not grade as major or minor (40k8 §17.9)."""
    condition: Literal[
        "all_enemy_slain",
        "most_points",
        "points_at_least_ratio",
        "tied_points",
        "tied_points_underdog",
        "greater_percentage_slain",
        "as_described",
    ]
    ratio: float | None = None
    both: bool = False
    """On a tie both sides (or coalitions) get this result."""
    text: str
    translations: Translations | None = None


class Battleplan(Record):
    """A battleplan or mission: set-up, special rules, length, objectives, how to win."""

    system: System = Field(default_factory=default_id)
    text: str
    players: Players = Field(default_factory=Players)
    deployment: Deployment
    battle_length: BattleLength = Field(default_factory=BattleLength)
    objectives: list[Objective] = []
    objective_text: str | None = None
    special_rules: list[Ability] = []
    scoring: list[ScoringRule] = []
    victory: list[VictoryCondition]
    victory_text: str
    night_march: bool = False
    """Night March (AoS2 §19.1): missiles and spells reach 12" in round one, perhaps two."""
    moving_objectives: bool = False
    """Changing Priorities (AoS2 §19.2): each side's objective (the first for the first side,
    the second for the second) moves to the area its warlord rolls at the start of each round."""
    objective_areas: int = Field(3, ge=1, le=6)
    one_objective_left: bool = False
    """Ancient Relic (40k8 §17.4): at the start of the first battle round all objective
    markers but one picked at random are removed."""
    primary_objective_table: str | None = None
    """Only War (40k8 §17.4): the ruleset table rolled before set-up; the row's id is the
    battleplan that is played."""
    reserves_at_end: Literal["slain", "not_in_army"] = "slain"
    """Units never set up by the end count as slain (AoS2 §5.2), or were never part of the
    army (AoS1 §4)."""
    reserves_from_round: int | None = Field(None, ge=1, le=10)
    """Any unit may wait in reserve and arrives, without a roll, in its movement phase from
    this battle round on (the Coalition of Death battleplans: round 2, seed 000 p.12)."""

    @model_validator(mode="after")
    def _check_territories(self) -> Battleplan:
        """An objective lies in a territory of the map; contingents need territories enough
        for both coalitions' (seed 000 p.12: three each, six territories)."""
        known = set(self.deployment.territories)
        for objective in self.objectives:
            if objective.territory is not None and objective.territory not in known:
                raise ValueError(
                    f"objective {objective.id}: territory {objective.territory!r} is not one of "
                    f"the deployment's territories {sorted(known)}"
                )
        if len(known) < 2 * self.deployment.contingents:
            raise ValueError(
                f"deployment: {self.deployment.contingents} contingents a side need "
                f"{2 * self.deployment.contingents} territories, not {len(known)}"
            )
        return self

    def rules(self) -> plan_rules.BattleplanRules:
        """The engine's typed rules of this battleplan (aos_cli.core.battleplan)."""
        return plan_rules.BattleplanRules(
            id=self.id,
            name=self.name,
            rounds=self.battle_length.rounds,
            ends_when_a_side_has=self.battle_length.ends_when_a_side_has,
            scoring=tuple(r.rule() for r in self.scoring),
            victory=tuple(
                plan_rules.VictoryRule(v.result, v.condition, v.ratio, v.both, v.text)
                for v in self.victory
                if v.condition != "as_described"
            ),
            objectives=tuple(
                plan_rules.ObjectiveSpec(o.id, o.name, o.position, o.control_range, o.territory)
                for o in self.objectives
            ),
            contingents=self.deployment.contingents,
            territories=tuple(self.deployment.territories),
            moving_objectives=self.moving_objectives,
            objective_areas=self.objective_areas,
            night_march=self.night_march,
            one_objective_left=self.one_objective_left,
            reserves_at_end=self.reserves_at_end,
            reserves_from_round=self.reserves_from_round,
            coalitions=self.players.coalitions,
        )


# --------------------------------------------------------------------------- rulesets


class Realm(Record):
    """A Realm of Battle (AoS2 §24): realmscape features, realmsphere spells, commands."""

    text: str
    realmscape_features: RollTable | None = None
    spells: list[Spell] = []
    commands: list[CommandAbility] = []
    rules: list[Rule] = []


class PhaseInfo(Record):
    """One phase of the turn, in order."""

    text: str


_COMPARISON = re.compile(
    r"^\s*([0-9]{0,6})\s*([A-Z])\s*(>=|<=|==|=|>|<)\s*([0-9]{0,6})\s*([A-Z])\s*$"
)
_COMPARE = {
    ">=": lambda a, b: a >= b,
    "<=": lambda a, b: a <= b,
    "==": lambda a, b: a == b,
    "=": lambda a, b: a == b,
    ">": lambda a, b: a > b,
    "<": lambda a, b: a < b,
}


class ChartRow(Translatable):
    """One row of a chart: a comparison such as `S >= 2T` and the result it gives (`2+`)."""

    when: str
    result: str
    text: str | None = None
    translations: Translations | None = None

    def holds(self, values: dict[str, int]) -> bool:
        """Whether the comparison holds for these values (`{"S": 8, "T": 4}`)."""
        match = _COMPARISON.match(self.when)
        if match is None:
            raise ValueError(f"{self.when!r} is not a comparison such as S >= 2T")
        left_k, left, op, right_k, right = match.groups()
        a = int(left_k or 1) * values[left]
        b = int(right_k or 1) * values[right]
        return bool(_COMPARE[op](a, b))


class Chart(Record):
    """A lookup chart that is not rolled on (40k8 §8.2 the wound chart, Strength against
    Toughness): the first row whose comparison holds gives the result. `inputs` names the
    letters the comparisons use."""

    text: str | None = None
    inputs: dict[str, str]
    rows: list[ChartRow]

    @model_validator(mode="after")
    def _check_rows(self) -> Chart:
        found: Found = []
        for index, row in enumerate(self.rows):
            match = _COMPARISON.match(row.when)
            if match is None:
                found.append(
                    (("rows", index, "when"), f"{row.when!r} is not a comparison such as S >= 2T")
                )
                continue
            for letter in (match.group(2), match.group(5)):
                if letter not in self.inputs:
                    found.append((("rows", index, "when"), f"{letter!r} is not one of the inputs"))
        if not self.rows:
            found.append((("rows",), "a chart needs rows"))
        raise_found(found)
        return self

    def result_for(self, **values: int) -> str:
        """The result of the first row that holds (`result_for(S=8, T=4)` → `2+`)."""
        for row in self.rows:
            if row.holds(values):
                return row.result
        raise KeyError(values)


class Ruleset(Record):
    """One game system's rules as data: phases, generic commands and spells, tables, realms."""

    system: System
    text: str | None = None
    phases: list[PhaseInfo]
    command_abilities: list[CommandAbility] = []
    spells: list[Spell] = []
    tables: list[RollTable] = []
    charts: list[Chart] = []
    realms: list[Realm] = []
    command_traits: list[RollTable] = []
    artefacts: list[RollTable] = []
    rules: list[Rule] = []

    def spell(self, spell_id: str) -> Spell | None:
        """A generic or realm spell of this system by id."""
        for spell in [*self.spells, *(s for realm in self.realms for s in realm.spells)]:
            if spell.id == spell_id:
                return spell
        return None

    def table(self, table_id: str) -> RollTable | None:
        for table in [*self.tables, *self.command_traits, *self.artefacts]:
            if table.id == table_id:
                return table
        return None

    def chart(self, chart_id: str) -> Chart | None:
        """A lookup chart of this system by id (the 40k8 wound chart)."""
        return next((c for c in self.charts if c.id == chart_id), None)
