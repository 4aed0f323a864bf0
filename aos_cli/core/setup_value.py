"""A game's set-up as one frozen, versioned value: what the battle starts from.

The store keeps a set-up as JSON (`to_stored`); the rules read it only through `SetUp`
(`from_stored`), so each field's default is written here once. Set-ups stored before this
value carry no version: `SETUP_VERSION` 1, read with the same defaults (their battleplan's
rules are put in by the app's `upgrade_setup` first, as they always were)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, cast

from aos_cli.core.battleplan import DEFAULT_RULES, BattleplanRules
from aos_cli.core.errors import GameError
from aos_cli.core.records import dataclass
from aos_cli.core.state import AbilitySpec, UnitSpec
from aos_cli.core.stored import Json
from aos_cli.language.text import tr

if TYPE_CHECKING:
    from aos_cli.core.stored_setup import StoredAbility, StoredSetUp, StoredUnit

SETUP_VERSION = 2
"""The shape of a new set-up: 1 had no `v` key (read alike); 2 tags it."""

MAX_SIDES = 2
"""A battle has two sides; a set-up naming more was not written by aos."""


def _mapping(value: object, what: str) -> Mapping[str, object]:
    """A stored mapping; a TypeError naming the part of a set-up edited into something else
    (the app turns it into one line, `app.games`)."""
    if not isinstance(value, Mapping):
        raise TypeError(f"{what}: {type(value).__name__}, not a mapping")
    return value


def _sequence(value: object, what: str) -> Sequence[object]:
    """A stored list (absent: empty); a TypeError naming a part that is something else."""
    if value is None:
        return ()
    if not isinstance(value, list | tuple):
        raise TypeError(f"{what}: {type(value).__name__}, not a list")
    return value


def _json_mapping(value: object) -> dict[str, Json]:
    """A stored JSON object, kept as it was stored (a deep copy is not needed: the set-up
    is read from JSON each time and never changed)."""
    return dict(_mapping(value, "entry"))  # type: ignore[arg-type]


@dataclass(frozen=True)
class SideSetUp:
    """One side as set up: its player (or players), army, units and what set-up gave it."""

    name: str
    players: tuple[str, ...]
    army: str
    units: tuple[UnitSpec, ...]
    finished_setup_first: bool
    battalions: int = 0
    """Its warscroll battalions: one command point each at the start (AoS2 §7.1)."""
    allegiance: str | None = None
    warlord: str | None = None
    """In a coalition, the player whose general is the side's general (AoS2 §26.2)."""
    command_rerolls: int = 0
    """40k8 §17.6: the Underdog's Command Re-rolls."""
    power_level: int = 0
    underdog: bool = False
    triumph: dict[str, Json] | None = None
    command_traits: tuple[dict[str, Json], ...] = ()
    players_of_units: tuple[tuple[str, str], ...] = ()
    """(unit id, player) for units a coalition's players brought (AoS2 §26.2)."""
    summoned: tuple[str, ...] = ()
    """Ids of units summoned during the battle rather than set up (AoS2 §20.5 scoring)."""

    @classmethod
    def from_stored(cls, data: Mapping[str, object], index: int) -> SideSetUp:
        """A stored side, with the defaults of sides stored before a field existed."""
        name = str(data["name"])
        units = [_mapping(u, "unit") for u in _sequence(data.get("units"), "units")]
        triumph = data.get("triumph")
        return cls(
            name=name,
            players=tuple(str(p) for p in _sequence(data.get("players") or [name], "players")),
            army=str(data.get("army", name)),
            units=tuple(UnitSpec.from_dict(cast("StoredUnit", dict(u))) for u in units),
            finished_setup_first=bool(data.get("finished_setup_first", index == 0)),
            battalions=int(str(data.get("battalions", 0))),
            allegiance=None if data.get("allegiance") is None else str(data["allegiance"]),
            warlord=None if data.get("warlord") is None else str(data["warlord"]),
            command_rerolls=int(str(data.get("command_rerolls", 0))),
            power_level=int(str(data.get("power_level", 0))),
            underdog=bool(data.get("underdog", False)),
            triumph=_json_mapping(triumph) if triumph else None,
            command_traits=tuple(
                _json_mapping(t) for t in _sequence(data.get("command_traits"), "command traits")
            ),
            players_of_units=tuple(
                (str(u["id"]), str(u["player"])) for u in units if u.get("player") is not None
            ),
            summoned=tuple(str(u["id"]) for u in units if u.get("summoned")),
        )

    @property
    def first_player(self) -> str:
        """The player who leads the side: its warlord, else the first named."""
        return self.warlord or (self.players[0] if self.players else self.name)

    def player_of(self, unit_id: str) -> str:
        """The player who brought a unit (the side's first player unless a coalition says)."""
        return dict(self.players_of_units).get(unit_id, self.first_player)


@dataclass(frozen=True)
class SetUp:
    """A game's set-up: the system, the battleplan and its rules, the realm, terrain and the
    two sides. Read from what the store keeps; `stored` is that JSON, written back unchanged."""

    stored: StoredSetUp
    version: int
    system: str | None
    name: str
    battleplan: str
    battleplan_rules: BattleplanRules
    battle_rounds: int | None
    """The rounds the set-up fixed; None leaves them to the battleplan or the system."""
    sides: tuple[SideSetUp, ...]
    terrain: tuple[dict[str, Json], ...] = ()
    realm: str | None = None
    realmscape: str | None = None
    realm_spells: tuple[AbilitySpec, ...] = ()
    rules_revision: int = 1
    """The rules the game was set up under (`core.legality.LEGALITY_REVISION`): a game
    keeps playing by the rules it began with."""
    objective_territories: tuple[tuple[str, str], ...] = ()
    """(objective id, side name) of objectives in a side's territory (AoS2 §17)."""
    zones_chosen_by: int | None = None
    """40k8 §17.5: the side that chose the deployment zones, when the set-up asked it."""

    @classmethod
    def from_stored(cls, data: Mapping[str, object]) -> SetUp:
        """The set-up a stored JSON object holds (any version aos wrote); a KeyError,
        TypeError or ValueError for one edited into something aos never wrote."""
        version = data.get("v", 1)
        if not isinstance(version, int) or not 1 <= version <= SETUP_VERSION:
            raise GameError(
                tr("the set-up was stored by a newer aos (version {v})", v=repr(version)),
                tr("upgrade aos-cli"),
            )
        sides = _sequence(data["sides"], "sides")
        if len(sides) > MAX_SIDES:
            raise GameError(tr("a game needs two sides, this set-up has {n}", n=len(sides)))
        rules = data.get("battleplan_rules")
        rounds = data.get("battle_rounds")
        realm = data.get("realm")
        scape = data.get("realmscape")
        chooser = data.get("zones_chosen_by")
        territories = _mapping(data.get("objective_territories") or {}, "objective territories")
        return cls(
            stored=cast("StoredSetUp", dict(data)),
            version=version,
            system=None if data.get("system") is None else str(data["system"]),
            name=str(data.get("name", "game")),
            battleplan=str(data.get("battleplan", "")),
            battleplan_rules=DEFAULT_RULES
            if rules is None
            else BattleplanRules.from_dict(dict(_mapping(rules, "battleplan rules"))),
            battle_rounds=None if rounds is None else int(str(rounds)),
            sides=tuple(
                SideSetUp.from_stored(_mapping(side, "side"), index)
                for index, side in enumerate(sides)
            ),
            terrain=tuple(_json_mapping(t) for t in _sequence(data.get("terrain"), "terrain")),
            realm=None if realm is None else str(realm),
            realmscape=None if scape is None else str(scape),
            realm_spells=tuple(
                AbilitySpec.from_dict(cast("StoredAbility", dict(_mapping(s, "realm spell"))))
                for s in _sequence(data.get("realm_spells"), "realm spells")
            ),
            rules_revision=int(str(data.get("rules_revision", 1))),
            objective_territories=tuple(
                (str(key), str(owner)) for key, owner in territories.items() if owner is not None
            ),
            zones_chosen_by=chooser if chooser in (0, 1) and isinstance(chooser, int) else None,
        )

    def to_stored(self) -> StoredSetUp:
        """The JSON the store keeps, as it was read (a new set-up is written tagged with
        `SETUP_VERSION` by the app that builds it)."""
        return self.stored.copy()
