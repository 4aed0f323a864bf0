"""The loaded rules database and its lookups: case-insensitive, unique prefix, did-you-mean."""

from __future__ import annotations

from collections.abc import Callable, Iterator, MutableMapping
from dataclasses import field
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from aos_cli.content.lookup import find as find
from aos_cli.content.lookup import normalised
from aos_cli.core.errors import ContentError
from aos_cli.core.records import dataclass

if TYPE_CHECKING:
    import aos_cli.content.plain as plain
    from aos_cli.content.schema import Allegiance, Battalion, Battleplan, Ruleset, Warscroll

T = TypeVar("T")
P = TypeVar("P")


@dataclass(frozen=True)
class Origin:
    """Where a record was read: file shown to the user, line, and its path in the file."""

    file: str
    line: int | None
    path: str


@dataclass(frozen=True)
class Entry:
    """The light index of one record: what lookups, lists and cross-checks read without
    validating the record itself. `facts` are kind-specific (see `index_facts`)."""

    id: str
    name: str
    system: str | None
    faction: str
    facts: dict[str, Any] = field(default_factory=dict, compare=False)


def index_facts(record: Any) -> dict[str, Any]:
    """What the index keeps of a record beyond its names: a warscroll's line in
    `aos warscroll list` and the spells it needs from its ruleset; a battleplan's line in
    `aos battleplan list`; a ruleset's spell ids."""
    from aos_cli.content.schema import Battleplan, Ruleset, Warscroll  # built already: imported

    if isinstance(record, Warscroll):
        own = {spell.id for spell in record.spells}
        wizard = record.wizard.spells if record.wizard is not None else []
        return {
            "move": record.move,
            "move_from_damage_table": record.move_from_damage_table,
            "wounds": record.wounds,
            "bravery": record.bravery,
            "save": record.save,
            "save_json": record.model_dump(mode="json", include={"save"})["save"],
            "size_min": record.unit_size.min,
            "size_max": record.unit_size.maximum,
            "keywords": list(record.keywords),
            "needs_spells": [[i, s] for i, s in enumerate(wizard) if s not in own],
        }
    if isinstance(record, Battleplan):
        return {"coalitions": record.players.coalitions, "rounds": record.battle_length.rounds}
    if isinstance(record, Ruleset):
        spells = [*record.spells, *(s for realm in record.realms for s in realm.spells)]
        return {"spells": sorted({s.id for s in spells})}
    return {}


def entry_of(key: str, record: Any) -> Entry:
    """The index entry of a record already built."""
    return Entry(
        key,
        str(getattr(record, "name", key)),
        getattr(record, "system", None),
        str(getattr(record, "faction", "")),
        index_facts(record),
    )


class Records(MutableMapping[str, T], Generic[T]):
    """Records by id, each built (validated) only the first time it is used.

    A record read from the cache sits here as its index entry and a builder; `entries()`
    answers lookups and lists without building anything, `[id]` builds the one asked for."""

    def __init__(self, records: dict[str, T] | None = None) -> None:
        self._built: dict[str, T] = dict(records or {})
        self._pending: dict[str, tuple[Entry, Callable[[], T], dict[str, Any]]] = {}
        self._entries: dict[str, Entry] = {}

    def put_pending(self, entry: Entry, build: Callable[[], T], data: dict[str, Any]) -> None:
        """Add a record known by its index entry and its cached (validated) `data`, built by
        `build` when first used."""
        self._built.pop(entry.id, None)
        self._entries[entry.id] = entry
        self._pending[entry.id] = (entry, build, data)

    def plain(self, key: str, kind: type[P]) -> P:
        """A record as a plain value (`aos_cli.content.plain`), filled from its cached data
        without validating it again; one not cached, or cached damaged, is validated."""
        from aos_cli.content.plain import Unreadable, from_data

        pending = self._pending.get(key)
        if pending is not None:
            try:
                return from_data(kind, pending[2])
            except Unreadable:
                pass
        record: Any = self[key]
        return from_data(kind, record.model_dump(mode="json"))

    def data(self, key: str) -> dict[str, Any]:
        """A record's validated data as JSON writes it (its cached data when not yet built)."""
        pending = self._pending.get(key)
        if pending is not None:
            return pending[2]
        record: Any = self[key]
        found: dict[str, Any] = record.model_dump(mode="json")
        return found

    def entries(self, system: str | None = None) -> list[Entry]:
        """The index of every record (of one system when given), in insertion order."""
        found: list[Entry] = []
        for key in self:
            entry = self.entry(key)
            if system is None or entry.system == system:
                found.append(entry)
        return found

    def entry(self, key: str) -> Entry:
        """The index entry of one record, built or not."""
        entry = self._entries.get(key)
        if entry is None:
            entry = entry_of(key, self._built[key])
            self._entries[key] = entry
        return entry

    def copy(self) -> Records[T]:
        """A shallow copy that keeps records not yet built unbuilt."""
        other: Records[T] = Records(self._built)
        other._pending = dict(self._pending)
        other._entries = dict(self._entries)
        return other

    def __getitem__(self, key: str) -> T:
        if key in self._built:
            return self._built[key]
        _, build, _ = self._pending[key]
        record = build()
        self._built[key] = record
        del self._pending[key]
        return record

    def __setitem__(self, key: str, record: T) -> None:
        self._pending.pop(key, None)
        self._entries.pop(key, None)
        self._built[key] = record

    def __delitem__(self, key: str) -> None:
        if key not in self:
            raise KeyError(key)
        self._pending.pop(key, None)
        self._entries.pop(key, None)
        self._built.pop(key, None)

    def __contains__(self, key: object) -> bool:
        return key in self._built or key in self._pending

    def __iter__(self) -> Iterator[str]:
        # a snapshot: building a record while iterating (`values()`) moves it between dicts
        keys = [*self._built, *(key for key in self._pending if key not in self._built)]
        yield from keys

    def __len__(self) -> int:
        return len(self._built) + len(self._pending)


@dataclass
class Database:
    """Every record loaded, keyed by id (later content folders override earlier ones)."""

    warscrolls: Records[Warscroll] = field(default_factory=Records)
    battalions: Records[Battalion] = field(default_factory=Records)
    allegiances: Records[Allegiance] = field(default_factory=Records)
    battleplans: Records[Battleplan] = field(default_factory=Records)
    rulesets: Records[Ruleset] = field(default_factory=Records)
    """Keyed by system (aos2, aos1, wh40k8, mesbg)."""
    origins: dict[tuple[str, str], Origin] = field(default_factory=dict)
    """(kind, id) → where the record in force was read."""
    army_files: list[str] = field(default_factory=list)
    """Army lists found among the content (validated by `load_army`, not loaded here)."""

    def warscroll(self, name_or_id: str, system: str | None = None) -> Warscroll:
        """A warscroll by id or name (case-insensitive, unique prefix), optionally of a system."""
        return self.warscrolls[find(self.warscrolls.entries(system), name_or_id, "warscroll").id]

    def plain_warscroll(self, name_or_id: str, system: str | None = None) -> plain.Warscroll:
        """A warscroll as a plain value for its card, validated already (no schema needed)."""
        from aos_cli.content.plain import Warscroll as Card

        found = find(self.warscrolls.entries(system), name_or_id, "warscroll")
        return self.warscrolls.plain(found.id, Card)

    def battleplan(self, name_or_id: str, system: str | None = None) -> Battleplan:
        """A battleplan (or mission) by id or name."""
        entries = self.battleplans.entries(system)
        return self.battleplans[find(entries, name_or_id, "battleplan").id]

    def battalion(self, name_or_id: str, system: str | None = None) -> Battalion:
        """A warscroll battalion by id or name."""
        return self.battalions[find(self.battalions.entries(system), name_or_id, "battalion").id]

    def allegiance(self, name_or_id: str, system: str | None = None) -> Allegiance:
        """An allegiance by id, name or faction."""
        entries = self.allegiances.entries(system)
        for entry in entries:
            if normalised(entry.faction) == normalised(name_or_id):
                return self.allegiances[entry.id]
        return self.allegiances[find(entries, name_or_id, "allegiance").id]

    def ruleset(self, system: str) -> Ruleset:
        """The ruleset of a game system (aos2, aos1, wh40k8, mesbg)."""
        try:
            return self.rulesets[system.strip().lower()]
        except KeyError:
            from aos_cli.language.text import tr

            known = ", ".join(sorted(self.rulesets)) or tr("none loaded")
            raise ContentError(
                tr("no ruleset for system {system}", system=repr(system)),
                tr("systems: {systems}", systems=known),
            ) from None

    def plain_ruleset(self, system: str) -> plain.Ruleset:
        """The ruleset of a game system as a plain value (`aos rules show`)."""
        from aos_cli.content.plain import Ruleset as Rules

        key = system.strip().lower()
        if key not in self.rulesets:
            self.ruleset(system)  # says which systems there are
        return self.rulesets.plain(key, Rules)

    def plain_allegiances(self, system: str | None = None) -> list[plain.Allegiance]:
        """Every allegiance (of one system when given) as plain values."""
        from aos_cli.content.plain import Allegiance as Plain

        return [self.allegiances.plain(e.id, Plain) for e in self.allegiances.entries(system)]

    def factions(self) -> list[str]:
        """Every faction with a warscroll, sorted."""
        return sorted({entry.faction for entry in self.warscrolls.entries()})
