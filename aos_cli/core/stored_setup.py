"""The stored set-up's shapes as TypedDicts: what `app.setup` and the wizards write and what
the store keeps as JSON (`core.setup_value.SetUp` reads it back as one frozen value).

They describe the JSON aos has always written, key for key, so old and new games open alike;
a key is optional when a set-up written before it existed lacks it (`total=False`)."""

from __future__ import annotations

from typing import TypedDict

from aos_cli.core.stored import Json, JsonObject


class StoredWeapon(TypedDict, total=False):
    """A weapon as a unit's snapshot keeps it (AoS2 warscroll, or a 40k8 datasheet's)."""

    id: str
    name: str
    kind: str
    """`missile` or `melee`."""
    range: float
    min_range: float
    attacks: str
    to_hit: str
    to_wound: str
    rend: int
    damage: str
    carriers: int | None
    """Models carrying a weapon option; absent when every model does."""
    mount: bool
    effects: list[JsonObject]
    type: str
    """40k8 §7: the weapon's Type (`Rapid Fire 1` ...)."""
    strength: str
    ap: int


class StoredAbility(TypedDict, total=False):
    """An ability, command ability, spell, battle trait or command model's rule as set up."""

    id: str
    name: str
    kind: str
    text: str
    phase: str | None
    turn: str
    cost: int
    once_per: str | None
    effects: list[JsonObject]
    passive: bool
    weapons: list[str]
    usage: str | None
    target: JsonObject | None
    general_only: bool
    step: str
    casting_value: int | None
    limit_key: str
    champion: bool
    picked_by_trait: bool


class StoredLoadout(TypedDict):
    """A group of a unit's models carrying the same weapons (`app.setup._loadouts`)."""

    role: str
    models: int
    weapons: list[str]


class StoredChoice(TypedDict, total=False):
    """A command trait or artefact on its unit (AoS2 §25, 40k8 §16)."""

    kind: str
    id: str
    name: str
    text: str
    effects: list[JsonObject]
    reminder: bool
    weapon: str | None
    weapon_name: str | None


class StoredUnit(TypedDict, total=False):
    """A unit as set up: its warscroll's snapshot and where set-up put it."""

    id: str
    name: str
    warscroll: str
    models: int
    wounds: int
    save: int
    bravery: int
    move: str
    keywords: list[str]
    weapons: list[StoredWeapon]
    loadouts: list[StoredLoadout]
    abilities: list[StoredAbility]
    general: bool
    casts: int
    unbinds: int
    spells: list[str]
    damage_table: list[dict[str, Json]]
    profile: dict[str, Json]
    """A 40k8 datasheet's WS, BS, S, T, A (and invulnerable save, power)."""
    transport_capacity: int
    choices: list[StoredChoice]
    battalions: list[str]
    reserve: bool
    garrison: str | None
    contingent: str | None
    embarked_in: str | None
    player: str
    """The coalition player who brought it (AoS2 §26.2)."""
    summoned: bool
    ally: bool


class StoredRow(TypedDict, total=False):
    """A table row the set-up keeps: a triumph, command trait or artefact picked or rolled."""

    id: str
    name: str
    text: str
    roll: int
    effects: list[JsonObject]
    low: int
    high: int
    weapon: str | None
    bearer: str
    pick: str | None


class StoredVoid(TypedDict):
    """A battalion that broke its organisation (seed 000 p.16), told at `aos game new`."""

    battalion: str
    why: str


class StoredSide(TypedDict, total=False):
    """One side as set up: its player(s), army and units and what set-up gave it."""

    name: str
    players: list[str]
    army: str
    allegiance: str | None
    command_traits: list[StoredRow]
    battalions: int
    battalions_void: list[StoredVoid]
    finished_setup_first: bool
    units: list[StoredUnit]
    command_trait: StoredRow | None
    """The command trait the wizard picked (AoS2 §25)."""
    artefacts: list[StoredRow]
    triumph: StoredRow | None
    warlord: str | None
    command_rerolls: int
    power_level: int
    underdog: bool


class StoredTerrain(TypedDict, total=False):
    """A terrain feature: its name, scenery rule (rolled or chosen) and whether units may
    garrison it or it is an obstacle (AoS2 §4.3-§4.5)."""

    name: str
    rule: str | None
    roll: int
    garrison: bool
    obstacle: bool


class StoredRollOff(TypedDict, total=False):
    """A set-up roll-off: its rolls (ties rolled again) and the side that won or went first."""

    rolls: list[list[int]]
    winner: int | None
    first: int


class StoredPrimary(TypedDict, total=False):
    """Only War's primary objective, rolled on its table (40k8 §17.4)."""

    table: str
    roll: int
    battleplan: str
    name: str
    rolled_by: str


class StoredSetUp(TypedDict, total=False):
    """A game's set-up as the store keeps it (`SETUP_VERSION` in `v`)."""

    v: int
    name: str
    system: str
    battleplan: str
    battleplan_rules: JsonObject
    battleplan_data: JsonObject
    """The YAML dump an aos before typed battleplan rules kept (read by `upgrade_setup`)."""
    battle_rounds: int | None
    primary_objective: StoredPrimary | None
    terrain: list[StoredTerrain]
    realm: str | None
    realmscape: str | None
    realm_spells: list[StoredAbility]
    rules_revision: int
    sides: list[StoredSide]
    deployment: StoredRollOff
    objective_placement: StoredRollOff
    objective_territories: dict[str, str]
    zones_chosen_by: int
