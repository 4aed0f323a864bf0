"""BattleScribe / New Recruit catalogues (`.gst`, `.cat`, zipped `.gstz`, `.catz`) → warscrolls.

The format: units are `selectionEntry` elements (in `selectionEntries` or
`sharedSelectionEntries`, possibly nested); `catalogueLink`s pull in the shared "Data"
catalogues; `entryLink`s and `infoLink`s point at shared entries, profiles and rules by id.
Every file given is indexed first, so a link resolves whichever file holds its target. A unit's
characteristics are its `Unit` profile; weapons, damage tables, abilities, spells, prayers and
command abilities are profiles of their own types; keywords are category links, unit sizes
constraints and points costs. Each warscroll is validated by the schema; what cannot be
imported is listed with its reason, never dropped silently.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import field
from pathlib import Path
from typing import Any
from xml.etree.ElementTree import Element

from aos_cli.content.files import is_folder, path_exists
from aos_cli.content.importers.safexml import ImportProblem, parse_xml, read_bytes
from aos_cli.content.importers.wording import Reading, WeaponRef, read_ability
from aos_cli.content.schema import slug
from aos_cli.core.limits import MAX_CHARACTERISTIC, MAX_CONTENT_NUMBER, MAX_MODELS
from aos_cli.core.records import dataclass
from aos_cli.language.i18n import N_, _, ngettext, number

SUFFIXES = (".gst", ".cat", ".gstz", ".catz")
MAX_FILES = 500
"""At most this many files in one import (the whole game is about 60)."""
ALLIANCES = ("Order", "Chaos", "Death", "Destruction")
WEAPON_KEYS = {
    "range": "Range",
    "attacks": "Attacks",
    "to_hit": "To Hit",
    "to_wound": "To Wound",
    "rend": "Rend",
    "damage": "Damage",
}
ABILITY_TYPES = {"Unit Abilities", "Unit Leader", "Minion Abilities"}
"""Profile types read as abilities (any other unknown type is kept as a reminder ability)."""
_WOUND_ROW = re.compile(
    r"\s*\d+\s*(?:[-–]\s*\d+)?\s*\+?\s*(?:wounds?(?:\s+(?:suffered|allocated))?\s*)?",
    re.IGNORECASE,
)
"""A damage table row's name: `0-2`, `13+`, `00-03 Wounds`, `6+ wounds suffered`."""
_LEVEL_ROW = re.compile(
    r"\s*(?:\(\d{1,2}\)\s*|\d{1,2}[.)]\s*|\d{1,2}\s*(?:[-–]\s*\d{1,2}|\+)\s+)[^\d\s]"
)
"""A numbered row of a table of levels or results (`2. Unholy Vigour`, `(3) Bloodstorm`,
`07-13 Models Slain` of a tally): in force only at that level, on that result."""
_CREW = re.compile(r"\bcrew\b", re.IGNORECASE)
"""A table type or entry naming crew (`Doom Diver Crew`, `Crew within 1\"`): its rows count crew."""
_GENERIC_COLUMNS = re.compile(r"(?:variable|col(?:umn)?)\s*\d+", re.IGNORECASE)
"""Columns named by place: the table's first row names them (a `Crew Table`'s Variable1...)."""
KNOWN_TYPES = {"Unit", "Weapon", "Spell", "Prayer", "Magic", "Command Abilities", "Unit Abilities"}
SKIPPED_TYPES = {"Artefact", "Command Trait", "Battle Trait", "Battalion Abilities"}
"""Profile types that belong to the army, not the unit: read by the roster importer."""


@dataclass
class Catalogue:
    """One parsed file: a game system (`gst`) or catalogue (`cat`)."""

    file: str
    id: str
    name: str
    library: bool
    root: Element
    game_system_id: str | None

    @property
    def faction(self) -> str:
        """`Order - Stormcast Eternals - Data` → `Stormcast Eternals`; `Chaos Data` → `Chaos`."""
        return faction_name(self.name)


def faction_name(name: str) -> str:
    """The faction a catalogue name stands for (its grand alliance and `Data` left out)."""
    parts = [p.strip() for p in re.split(r"\s+-\s+", name) if p.strip()]
    parts = [re.sub(r"\s*\bData$", "", p).strip() for p in parts]
    parts = [p for p in parts if p]
    kept = [p for p in parts if p not in ALLIANCES] or parts
    return " - ".join(kept) if kept else name.strip()


@dataclass
class Skipped:
    """An entry not imported, with where it was and why."""

    name: str
    file: str
    reason: str

    def to_json(self) -> dict[str, str]:
        """The entry for `--json`."""
        return {"name": self.name, "file": self.file, "reason": self.reason}


@dataclass
class ImportReport:
    """What an import made and left out: counts, shares and every skipped entry."""

    warscrolls: list[dict[str, Any]] = field(default_factory=list)
    factions: dict[str, int] = field(default_factory=dict)
    weapons: int = 0
    abilities: int = 0
    structured: int = 0
    partial: int = 0
    reminders: int = 0
    skipped: list[Skipped] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    files: list[str] = field(default_factory=list)
    written: list[str] = field(default_factory=list)
    allegiances: list[dict[str, Any]] = field(default_factory=list)
    two_sources: list[dict[str, str]] = field(default_factory=list)
    """Names a bundled and an imported warscroll now share, with both ids (issue 23 §7)."""

    def count_written(self) -> None:
        """Count the abilities, spells, command abilities and command models of the warscrolls
        that are written (not those read then dropped), by whether they carry effects."""
        self.abilities = self.structured = self.partial = self.reminders = 0
        for data in self.warscrolls:
            for key in ("abilities", "spells", "command_abilities", "command_models"):
                for record in data.get(key) or []:
                    self.abilities += 1
                    if not record.get("effects"):
                        self.reminders += 1
                    elif record.get("reminder"):
                        self.partial += 1
                    else:
                        self.structured += 1

    @property
    def effect_share(self) -> float:
        """The share of abilities that became structured effects (fully or in part)."""
        return (self.structured + self.partial) / self.abilities if self.abilities else 0.0

    def to_json(self) -> dict[str, Any]:
        """The report for `--json`."""
        return {
            "files_read": self.files,
            "files_written": self.written,
            "warscrolls": len(self.warscrolls),
            "allegiances": [a["name"] for a in self.allegiances],
            "factions": self.factions,
            "weapons": self.weapons,
            "abilities": {
                "total": self.abilities,
                "effects": self.structured,
                "effects_and_reminder": self.partial,
                "reminders": self.reminders,
                "share_with_effects": round(self.effect_share, 3),
            },
            "skipped": [s.to_json() for s in self.skipped],
            "notes": self.notes,
            "two_sources": self.two_sources,
        }


# ---------------------------------------------------------------------- reading files


def catalogue_files(paths: Sequence[Path]) -> list[Path]:
    """The game system and catalogue files among `paths` (folders searched), sorted."""
    found: list[Path] = []
    for path in paths:
        if is_folder(path):
            found.extend(
                sorted(p for p in path.rglob("*") if p.is_file() and p.suffix.lower() in SUFFIXES)
            )
        elif path_exists(path):
            found.append(path)
        else:
            raise ImportProblem(_("{path}: no such file or folder").format(path=path))
    if not found:
        raise ImportProblem(
            _("no BattleScribe files found"),
            _("give .gst/.cat files (or .gstz/.catz) or their folder"),
        )
    if len(found) > MAX_FILES:
        raise ImportProblem(
            _("{n} files is over the limit of {limit} in one import").format(
                n=len(found), limit=MAX_FILES
            )
        )
    return found


def read_catalogue(path: Path) -> Catalogue:
    """Parse one game system or catalogue file; another game's or edition's is refused."""
    data = read_bytes(path, suffixes=(".gst", ".cat", ".xml"))
    root = parse_xml(data, str(path))
    if root.tag not in ("catalogue", "gameSystem"):
        raise ImportProblem(
            _("{path}: a <{tag}> file is not a BattleScribe game system or catalogue").format(
                path=path, tag=root.tag
            )
        )
    check_game(root, str(path))
    return Catalogue(
        file=path.name,
        id=root.get("id", ""),
        name=root.get("name", path.stem),
        library=root.get("library") == "true",
        root=root,
        game_system_id=root.get("gameSystemId") if root.tag == "catalogue" else root.get("id"),
    )


FORTY_K_DATA = N_("{file}: this is Warhammer 40,000 data, not Age of Sigmar")


def check_game(root: Element, file: str) -> None:
    """Refuse data of another game or edition: 40k's profiles, AoS 4th's Health and Control."""
    name = (root.get("gameSystemName") or root.get("name") or "").lower()
    if re.search(r"40,?000|40k|kill ?team|horus heresy", name) and root.tag != "catalogue":
        raise ImportProblem(_(FORTY_K_DATA).format(file=file))
    names: set[str] = set()
    for profile in root.iter("profile"):
        if profile.get("typeName") == "Unit":
            names.update(c.get("name", "") for c in profile.iter("characteristic"))
            if len(names) > 3:
                break
    for profile_type in root.iter("profileType"):
        if profile_type.get("name") == "Unit":
            names.update(c.get("name", "") for c in profile_type.iter("characteristicType"))
    if {"Health", "Control"} & names:
        raise ImportProblem(
            _(
                "{file}: this is Age of Sigmar 4th edition data (Health, Control); "
                "aos reads 2nd edition"
            ).format(file=file)
        )
    if {"WS", "BS", "T", "Ld"} <= names or "Toughness" in names:
        raise ImportProblem(_(FORTY_K_DATA).format(file=file))
    if re.search(r"40,?000|40k", name):
        raise ImportProblem(_(FORTY_K_DATA).format(file=file))


# ---------------------------------------------------------------------- the index


@dataclass
class Index:
    """Every linkable element of every file, by id."""

    entries: dict[str, tuple[Element, Catalogue]] = field(default_factory=dict)
    profiles: dict[str, Element] = field(default_factory=dict)
    rules: dict[str, Element] = field(default_factory=dict)
    groups: dict[str, Element] = field(default_factory=dict)
    categories: dict[str, str] = field(default_factory=dict)

    def add(self, catalogue: Catalogue) -> None:
        """Index one file's entries, groups, profiles, rules and categories."""
        for element in catalogue.root.iter():
            ident = element.get("id")
            if ident is None:
                continue
            tag = element.tag
            if tag == "selectionEntry":
                self.entries.setdefault(ident, (element, catalogue))
            elif tag == "selectionEntryGroup":
                self.groups.setdefault(ident, element)
            elif tag == "profile":
                self.profiles.setdefault(ident, element)
            elif tag == "rule":
                self.rules.setdefault(ident, element)
            elif tag == "infoGroup":
                self.groups.setdefault(ident, element)
            elif tag == "categoryEntry":
                self.categories.setdefault(ident, element.get("name", ""))


def _children(element: Element, container: str, tag: str) -> list[Element]:
    return [c for box in element.findall(container) for c in box.findall(tag)]


def characteristics(profile: Element) -> dict[str, str]:
    """A profile's characteristics by name (text stripped, one line)."""
    return {
        c.get("name", ""): " ".join((c.text or "").split())
        for c in _children(profile, "characteristics", "characteristic")
    }


@dataclass
class Found:
    """A profile or rule met while walking a unit, with the entry that owns it."""

    element: Element
    owner: Element
    linked: bool


MAX_LINK_DEPTH = 40
"""Entries, groups and links nested deeper than this under one unit are refused (a cycle or a
broken file: the deepest real chain is under ten)."""


def _is_separate_unit(entry: Element, index: Index) -> bool:
    """Whether a linked entry is a unit of its own (it carries a `Unit` profile): its weapons
    belong to its own warscroll, never to the entry that links it (a Lord-Castellant's Gryph-hound)."""
    if entry.tag != "selectionEntry":
        return False
    if any(p.get("typeName") == "Unit" for p in _children(entry, "profiles", "profile")):
        return True
    return any(
        link.get("type") == "profile"
        and index.profiles.get(link.get("targetId", ""), entry).get("typeName") == "Unit"
        for link in _children(entry, "infoLinks", "infoLink")
    )


def _follow(
    target: str, link: Element, child: Element, owner: Element, linked: bool, path: tuple[str, ...]
) -> tuple[Element, Element, bool, tuple[str, ...]]:
    """The next step of a walk through a link, refused when the link is already on the path."""
    if target and target in path:
        raise UnitProblem(
            _("the link {name} leads back into itself: the file is broken").format(
                name=repr(link.get("name") or child.get("name") or target)
            )
        )
    return (child, owner, linked, (*path, target))


def walk(element: Element, index: Index, owner: Element) -> Iterator[Found]:
    """Every profile and rule of an entry and its nested entries, links resolved.

    Through `entryLink`s only weapon profiles are taken: those links also lead to the army's
    shared choices (general, artefacts, lores), which are not part of the warscroll; a link to
    another unit (one with a `Unit` profile) gives nothing. The walk keeps its own stack: a
    chain deeper than `MAX_LINK_DEPTH` or a link back into itself is a UnitProblem, one line.
    """
    # Each stack item: a Found to yield, or an element to open with its owner, whether it was
    # reached through an entryLink, and the ids of the links on its path (to see cycles).
    Visit = tuple[Element, Element, bool, tuple[str, ...]]
    stack: list[Found | Visit] = [(element, owner, False, ())]
    while stack:
        item = stack.pop()
        if isinstance(item, Found):
            yield item
            continue
        node, who, linked, path = item
        if len(path) > MAX_LINK_DEPTH:
            raise UnitProblem(
                _("its entries and links nest deeper than {limit}: the file is broken").format(
                    limit=MAX_LINK_DEPTH
                )
            )
        work: list[Found | Visit] = []
        profiles = [
            *_children(node, "profiles", "profile"),
            *_children(node, "rules", "rule"),
        ]
        info: list[tuple[str, Element, Element]] = []
        for link in _children(node, "infoLinks", "infoLink"):
            target = link.get("targetId", "")
            if link.get("type") == "profile" and target in index.profiles:
                profiles.append(index.profiles[target])
            elif link.get("type") == "rule" and target in index.rules:
                profiles.append(index.rules[target])
            elif link.get("type") == "infoGroup" and target in index.groups:
                info.append((target, link, index.groups[target]))
        work.extend(
            Found(p, who, linked) for p in profiles if not linked or p.get("typeName") == "Weapon"
        )
        nested = [
            *[(g, who) for g in _children(node, "infoGroups", "infoGroup")],
            *[(c, c) for c in _children(node, "selectionEntries", "selectionEntry")],
            *[(g, who) for g in _children(node, "selectionEntryGroups", "selectionEntryGroup")],
        ]
        # in the order the format gives: own profiles, info groups, entries, then entry links
        work.extend(_follow(t, link, child, who, linked, path) for t, link, child in info)
        work.extend((child, by, linked, (*path, "")) for child, by in nested)
        for link in _children(node, "entryLinks", "entryLink"):
            target = link.get("targetId", "")
            target_element = index.entries[target][0] if target in index.entries else None
            if target_element is None:
                target_element = index.groups.get(target)
            if target_element is not None and not _is_separate_unit(target_element, index):
                work.append(_follow(target, link, target_element, who, True, path))
        stack.extend(reversed(work))


def owns(ancestor: Element, element: Element) -> bool:
    """Whether `element` is `ancestor` or inside it."""
    return any(e is element for e in ancestor.iter())


# ---------------------------------------------------------------------- one unit


class UnitProblem(Exception):
    """A unit that cannot become a warscroll, with the reason."""


def _inches(value: str) -> str:
    return " ".join(value.split()).replace("''", '"').replace("”", '"').replace("″", '"').strip()


def _int(value: str, what: str) -> int:
    """A characteristic's whole number (`5`, `12"`, a doubled or curly inch mark mended),
    bounded by the one parser the command line uses: never an overflow or a traceback."""
    match = re.fullmatch(r"\s*(\d+)\s*[\"'”″“]*\s*", value)
    if not match:
        shown = value if len(value) <= 20 else value[:20] + "..."
        raise UnitProblem(_("{what} {value} is not a number").format(what=what, value=repr(shown)))
    return _bounded(match.group(1), what, MAX_CHARACTERISTIC)


def _bounded(text: str, what: str, high: int, *, low: int = 0, signed: bool = False) -> int:
    """A number from a catalogue (`120.0`, `-1.0`) through `core.numbers`: text, `inf`, `nan`,
    `1e400` or 5,000 digits are a UnitProblem naming the value, one line."""
    from aos_cli.core.errors import InputError
    from aos_cli.core.numbers import parse_decimal_whole

    try:
        return parse_decimal_whole(text, what=what, low=low, high=high, signed=signed)
    except InputError as error:
        raise UnitProblem(error.message) from None


def _weapon(
    profile: Element, star_fields: dict[str, list[str]], notes: list[str] | None = None
) -> dict[str, Any]:
    values = characteristics(profile)
    name = profile.get("name", "").strip()
    data: dict[str, Any] = {"name": name}
    for key, label in WEAPON_KEYS.items():
        raw = _inches(values.get(label, "")).rstrip("_ .")
        if raw in ("*", "✱"):
            data[key] = "table"
            star_fields.setdefault(name, []).append(key)
            continue
        if raw == "" and key == "rend" and label in values:
            # A blank Rend cell is no rend (the Putrid Blightkings' Blighted Weapon).
            data[key] = "-"
            continue
        if raw == "" or (raw == "-" and key not in ("rend",)):
            raise UnitProblem(
                _("weapon {name}: {label} {value} cannot be used").format(
                    name=name, label=label, value=repr(raw) if raw else _("missing")
                )
            )
        if key == "range":
            raw = raw.replace('"', "").replace(" ", "")
            typo = re.fullmatch(r"(\d{1,3})[+'`]", raw)
            if typo and notes is not None:
                # `3+` or `3'` for a Range is a slip of the inch mark (Chitinous Legs)
                notes.append(
                    _('weapon {name}: Range {value} read as {inches}"').format(
                        name=name, value=repr(raw), inches=typo.group(1)
                    )
                )
                raw = typo.group(1)
            data[key] = raw if "-" in raw else _int(raw, f"weapon {name}: Range")
        elif key in ("attacks", "damage"):
            data[key] = raw.replace(" ", "")
        else:
            data[key] = raw
    return data


def _weapon_problem(weapon: dict[str, Any]) -> str | None:
    """What keeps a weapon's values from the schema (None when it validates)."""
    from pydantic import ValidationError

    from aos_cli.content.schema import Weapon

    try:
        Weapon.model_validate(weapon)
    except ValidationError as error:
        first = error.errors(include_url=False)[0]
        label = WEAPON_KEYS.get(str(first["loc"][0]) if first["loc"] else "", "value")
        return f"{label} {weapon.get(str(first['loc'][0]) if first['loc'] else '', '')!r} is not a value aos can roll"
    return None


def _is_missile(profile: Element) -> bool:
    return "missile" in characteristics(profile).get("Type", "").lower()


def _wound_range(text: str) -> tuple[int, bool] | None:
    """The first wounds-suffered count of a row key (`00-03 Wounds` → 0) and whether it is `N+`;
    None when the key is no range of wounds (`3 crew` is not, nor `Doom Diver`)."""
    match = re.fullmatch(
        r"\s*(\d{1,3})\s*(?:[-–]\s*(\d{1,3}))?\s*(\+)?\s*(?:wounds?(?:\s+(?:suffered|allocated))?)?\s*",
        text,
        re.IGNORECASE,
    )
    if not match:
        return None
    return int(match.group(1)), bool(match.group(3))


@dataclass
class Table:
    """A table as read: column names and rows of cells, its key column first.

    `keyed` is empty for a damage table (rows by wounds suffered); otherwise the name of what
    the rows are keyed by (crew, model type), such a table is shown as text, never rolled by
    wounds."""

    columns: list[str]
    rows: list[list[str]]
    keyed: str = ""


def _header_typed(profile: Element, generic: str) -> bool:
    """Whether a profile is a row of a table whose first row names its columns."""
    type_name = profile.get("typeName", "")
    if type_name == generic:
        return True
    names = list(characteristics(profile))
    return bool(names) and all(_GENERIC_COLUMNS.fullmatch(n) for n in names)


def is_table_row(profile: Element, generic: str = "Damage Table") -> bool:
    """Whether a profile is one row of a damage (or other) table rather than an ability."""
    if profile.tag != "profile" or profile.get("typeName", "") in KNOWN_TYPES:
        return False
    if _header_typed(profile, generic):
        return True
    values = characteristics(profile)
    return any(re.search(r"wounds? (suffered|allocated)", k.lower()) for k in values) or bool(
        _WOUND_ROW.fullmatch(profile.get("name", ""))
    )


def _tables(found: list[Found], generic: str = "Damage Table") -> list[Table]:
    """The tables among a unit's profiles: profiles whose first row names the columns (the
    generic `Damage Table`, a `Crew Table` of Variable1...), or a profile type of its own with
    a `Wounds Suffered` column or rows named by wounds (`00-03 Wounds`). A table whose key
    column or rows are not wounds suffered is kept as keyed by what it names."""
    tables: dict[str, Table] = {}
    by_crew: set[int] = set()
    for item in found:
        profile = item.element
        if not is_table_row(profile, generic):
            continue
        type_name = profile.get("typeName", "")
        crew = _CREW.search(type_name) or _CREW.search(item.owner.get("name", ""))
        values = characteristics(profile)
        cells = list(values.values())
        if not cells:
            continue
        if _header_typed(profile, generic):
            table = tables.setdefault(profile.get("typeId") or type_name, Table([], []))
            if not table.columns and not re.match(r"\s*\d", cells[0]):
                table.columns = cells
            elif table.columns:
                table.rows.append(cells)
        elif any(re.search(r"wounds? (suffered|allocated)", k.lower()) for k in values):
            table = tables.setdefault(type_name, Table(list(values), []))
            table.rows.append(cells)
        else:
            key = "Crew" if crew else "Wounds Suffered"
            table = tables.setdefault(type_name, Table([key, *values], []))
            table.rows.append([profile.get("name", "").strip(), *cells])
        if crew:
            by_crew.add(id(table))
    found_tables = [t for t in tables.values() if t.columns and t.rows]
    for table in found_tables:
        key = table.columns[0]
        by_wounds = "wound" in key.lower() or not key.strip()
        if id(table) in by_crew:
            # rows named `0`..`4` under `Crew within 1"` count crew, not wounds suffered;
            # the full crew first (the machine as it starts the battle)
            table.keyed = "Crew" if by_wounds else key.strip()
            if all(re.fullmatch(r"\s*\d{1,2}\s*", row[0]) for row in table.rows):
                table.rows.sort(key=lambda row: -int(row[0]))
        elif not by_wounds or not all(_wound_range(row[0]) for row in table.rows):
            table.keyed = key.strip() or "row"
    # a damage table first: the one the warscroll rolls by
    return sorted(found_tables, key=lambda t: bool(t.keyed))


def _norm(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", " ", text.lower()).strip()


def _damage_table(
    table: Table,
    weapons: dict[str, dict[str, Any]],
    stars: dict[str, list[str]],
    unit: dict[str, Any],
) -> tuple[dict[str, Any] | None, list[str]]:
    """A damage table as schema data, and the columns it cannot tie to a value (as text)."""
    columns: list[dict[str, str]] = []
    keep: list[int] = []
    leftover: list[str] = []
    by_norm = {_norm(name): name for name in weapons}
    for pos, column in enumerate(table.columns[1:], start=1):
        key = _norm(column)
        sets = None
        if key in ("move", "save", "bravery"):
            sets = key
        else:
            weapon = by_norm.get(key) or next(
                (n for k, n in by_norm.items() if k.rstrip("s") == key.rstrip("s")), None
            )
            if weapon is None:
                weapon = next(
                    (n for k, n in by_norm.items() if key and (key in k or k in key)), None
                )
            if weapon is None and key:
                # A column spelled otherwise than its weapon (`Harvester Cannon` for the
                # Soul Grinder's `Harvestor Cannon`): the one starred weapon that close.
                close = difflib.get_close_matches(
                    key, [k for k, n in by_norm.items() if stars.get(n)], n=2, cutoff=0.85
                )
                weapon = by_norm[close[0]] if len(close) == 1 else None
            if weapon is not None:
                cells = [row[pos] for row in table.rows if pos < len(row)]
                key_fits = [k for k in stars.get(weapon, []) if _cells_fit(k, cells)]
                if len(key_fits) == 1:
                    sets = f"weapon.{weapons[weapon]['id']}.{key_fits[0]}"
        if sets in ("move", "save", "bravery") and not _cells_fit(
            sets, [row[pos] for row in table.rows if pos < len(row)]
        ):
            sets = None
        if sets is None or any(c["sets"] == sets for c in columns):
            leftover.append(
                f"{column}: "
                + ", ".join(
                    f"{row[0]} wounds suffered {row[pos]}" for row in table.rows if pos < len(row)
                )
            )
            continue
        columns.append({"name": column, "sets": sets})
        keep.append(pos)
    if not columns:
        return None, leftover
    parsed = []
    for row in table.rows:
        found = _wound_range(row[0])
        if found is None:
            raise UnitProblem(
                _("damage table row {row} is not a range of wounds suffered").format(
                    row=repr(row[0])
                )
            )
        parsed.append((found[0], row))
    parsed.sort(key=lambda pair: pair[0])
    rows = []
    for pos, (low, row) in enumerate(parsed):
        low = 0 if pos == 0 else low
        last = pos + 1 == len(parsed)
        wounds = f"{low}+" if last else f"{low}-{max(low, parsed[pos + 1][0] - 1)}"
        values: list[int | str] = []
        for index in keep:
            cell = row[index] if index < len(row) else ""
            values.append(_cell(columns[keep.index(index)]["sets"], cell))
        rows.append({"wounds_suffered": wounds, "values": values})
    return {"columns": columns, "rows": rows}, leftover


def _cell(sets: str, cell: str) -> int | str:
    """A damage-table cell as the schema takes it for the column's value."""
    cell = _inches(cell)
    key = sets.rsplit(".", 1)[-1]
    if key in ("move", "range"):
        return cell.replace('"', "").strip()
    if cell.isascii() and cell.isdigit():
        return _bounded(cell, "damage table", MAX_CHARACTERISTIC)
    return cell


def _cells_fit(sets: str, cells: list[str]) -> bool:
    """Whether every cell is a value the column's characteristic can take."""
    from aos_cli.content.schema import _column_value

    try:
        for cell in cells:
            _column_value(sets, _cell(sets, cell))
    except (ValueError, UnitProblem):
        return False
    return True


def _table_dice(tables: list[Table], column: str) -> str | None:
    """A column's value in the first row when it is dice (a random Move on a damage table)."""
    for table in tables:
        for pos, name in enumerate(table.columns):
            if _norm(name) == column and table.rows and pos < len(table.rows[0]):
                value = _inches(table.rows[0][pos]).rstrip('"').upper()
                if re.fullmatch(r"\d*D\d+(\+\d+)?", value):
                    return value
    return None


def _first_row(tables: list[Table], column: str) -> str | None:
    """A characteristic a table sets, as its first row gives it (the undamaged model, or the
    first row of a table keyed by crew): a Save given only by the table is not lost."""
    for table in tables:
        for pos, name in enumerate(table.columns):
            if _norm(name) == column and table.rows and pos < len(table.rows[0]):
                if table.keyed:
                    rows = table.rows
                else:
                    rows = sorted(table.rows, key=lambda r: (_wound_range(r[0]) or (0, False))[0])
                value = _inches(rows[0][pos]).strip()
                if value and value not in ("*", "✱", "-"):
                    return value
    return None


def _selections(entry: Element) -> tuple[int | None, int | None]:
    """An entry's or group's own min and max selections (scope parent; -1 is no maximum)."""
    low = high = None
    for constraint in _children(entry, "constraints", "constraint"):
        if constraint.get("field") != "selections" or constraint.get("scope") != "parent":
            continue
        value = _bounded(
            constraint.get("value", "0"), "constraint", MAX_MODELS, low=-1, signed=True
        )
        if constraint.get("type") == "min":
            low = max(0, value)
        elif constraint.get("type") == "max":
            high = None if value < 0 else value
    return low, high


def _model_entries(root: Element) -> list[tuple[Element, Element | None]]:
    """The entries of a unit that are models (`type="model"` or named `5 Judicators`), each
    with the selection group holding it (None at the unit's own level)."""
    found: list[tuple[Element, Element | None]] = []
    for child in _children(root, "selectionEntries", "selectionEntry"):
        found.append((child, None))
    for group in _children(root, "selectionEntryGroups", "selectionEntryGroup"):
        found.extend(
            (child, group) for child in _children(group, "selectionEntries", "selectionEntry")
        )
    return [
        (child, group)
        for child, group in found
        if re.match(r"^\s*\d+\s*x?\s+\S", child.get("name", "")) or child.get("type") == "model"
    ]


def _per(child: Element) -> int:
    numbered = re.match(r"^\s*(\d{1,4})\s*x?\s+\S", child.get("name", ""))
    return int(numbered.group(1)) if numbered else 1


def _size(root: Element) -> dict[str, Any]:
    """Unit size as BattleScribe counts it: each model entry's count times its selections
    (`5 Judicators` taken 1-4 times is 5-20); a selection group's own constraints bound the
    entries in it (a leader and the rest chosen from one group of 10-40)."""
    models = _model_entries(root)
    if not models:
        return {"min": 1, "max": 1}
    sizes_min = 0
    sizes_max: int | None = 0
    groups: dict[int, tuple[Element, list[Element]]] = {}
    for child, group in models:
        if group is not None:
            groups.setdefault(id(group), (group, []))[1].append(child)
            continue
        low, high = _selections(child)
        sizes_min += _per(child) * (low or 0)
        if sizes_max is not None:
            sizes_max = None if high is None else sizes_max + _per(child) * high
    for group, children in groups.values():
        low = high = 0
        unbounded = False
        for child in children:
            c_low, c_high = _selections(child)
            low += _per(child) * (c_low or 0)
            if c_high is None:
                unbounded = True
            else:
                high += _per(child) * c_high
        g_low, g_high = _selections(group)
        if g_low is not None and all(_per(c) == 1 for c in children):
            low = max(low, g_low)
        if g_high is not None and all(_per(c) == 1 for c in children):
            high, unbounded = (min(high, g_high) if not unbounded else g_high), False
        sizes_min += low
        if sizes_max is not None:
            sizes_max = None if unbounded else sizes_max + high
    minimum = max(1, sizes_min)
    maximum = sizes_max if sizes_max and sizes_max >= minimum else None
    return {"min": minimum, "max": maximum} if maximum is not None else {"min": minimum}


def _cost(element: Element) -> int | None:
    """An element's points cost (None when it names none)."""
    for cost in _children(element, "costs", "cost"):
        if cost.get("name", "").lower() in ("pts", "points") or cost.get("typeId") == "points":
            return _bounded(cost.get("value", "0"), "points", MAX_CONTENT_NUMBER)
    return None


def _points(root: Element, links: Sequence[Element] = ()) -> int | None:
    """Points as BattleScribe counts them for the smallest unit: the entry's own cost plus
    each model entry's cost times its least selections (`5 Judicators` at 140); when that is
    0, a cost the linking entry gives."""
    own = _cost(root)
    total = own or 0
    for child, _group in _model_entries(root):
        cost = _cost(child)
        low, _high = _selections(child)
        if cost:
            total += cost * max(1, low or 0)
    if total == 0:
        for link in links:
            linked = _cost(link)
            if linked:
                return linked
    return total if (own is not None or total) else None


_COMMAND_ROLES = [
    (r"standard bearer|icon bearer|banner bearer|standard|banner|icon", "standard_bearer"),
    (r"musician|hornblower|drummer|horn|bell|piper", "musician"),
    (r"prime|champion|leader|boss|chief|sergeant|master", "champion"),
]


def _command_role(name: str, text: str) -> str | None:
    lowered = text.lower()
    if re.search(r"\bthe leader of this unit is\b", lowered):
        return "champion"
    if re.search(r"models? in this unit (?:can|may) be (?:standard|icon) bearers?", lowered):
        return "standard_bearer"
    if re.search(
        r"models? in this unit (?:can|may) be (?:musicians?|hornblowers?|drummers?)", lowered
    ):
        return "musician"
    # "a unit that includes any Moon Clan Flag Bearers", "while it includes any Gong Bashers"
    if re.search(
        r"\bincludes any [a-z' -]{0,30}\b(?:banner|flag|icon|standard|totem) bearers\b", lowered
    ):
        return "standard_bearer"
    if re.search(
        r"\bincludes any [a-z' -]{0,30}\b(?:hornblowers|drummers|musicians|bashers)\b", lowered
    ):
        return "musician"
    if len(name.split()) > 3:
        return None
    for pattern, role in _COMMAND_ROLES:
        if re.search(rf"\b(?:{pattern})s?\b", name.lower()) and re.search(
            r"leader|bearer|musician|hornblower|drummer|champion", lowered
        ):
            return role
    return None


def _text_of(element: Element) -> str:
    if element.tag == "rule":
        description = element.find("description")
        return " ".join((description.text or "").split()) if description is not None else ""
    values = characteristics(element)
    if len(values) == 1:
        return next(iter(values.values()))
    return "; ".join(f"{k}: {v}" for k, v in values.items() if v)


def _range_in(text: str) -> int | None:
    match = re.search(r"within (\d{1,3})\s*(?:\"|''|”|″| inches)", text)
    return int(match.group(1)) if match else None


@dataclass
class Tally:
    """How abilities were read, for the report."""

    abilities: int = 0
    structured: int = 0
    partial: int = 0
    reminders: int = 0

    def count(self, reading: Reading) -> None:
        """Count one ability by how much of it became effects."""
        self.abilities += 1
        if reading.fly or (reading.effects and reading.complete):
            self.structured += 1
        elif reading.effects:
            self.partial += 1
        else:
            self.reminders += 1


def as_bearer(text: str, unit: str) -> str:
    """An ability's text with the unit's own name, as older warscrolls write the bearer
    ("within 7\" of Morbidex Twiceborn", "Festus the Leechlord's"), read as "this model": the
    wordings then know it. Only the reading uses it; the record keeps the text as written."""
    names = {unit, unit.split(",", 1)[0].strip()}
    for name in sorted((n for n in names if len(n) >= 5), key=len, reverse=True):
        # never a name used as a keyword ("friendly Nurglings units")
        at = rf"(?<!friendly )(?<!enemy )\b{re.escape(name)}"
        text = re.sub(rf"{at}['’]s\b", "this model's", text, flags=re.IGNORECASE)
        text = re.sub(rf"{at}\b(?! units?\b| models?\b)", "this model", text, flags=re.IGNORECASE)
    return text


def _ability(
    name: str,
    text: str,
    refs: list[WeaponRef],
    tally: Tally,
    *,
    command: bool = False,
    bearer: str = "",
) -> tuple[dict[str, Any], Reading]:
    reading = read_ability(as_bearer(text, bearer) if bearer else text, refs)
    tally.count(reading)
    data: dict[str, Any] = {"name": name, "text": text or name}
    if reading.timing:
        data["timing"] = reading.timing
    elif not command:
        data["timing"] = {"phase": "any"}
    if reading.usage != "unlimited":
        data["usage"] = reading.usage
    if reading.effects:
        data["effects"] = reading.effects
    if reading.weapons:
        data["weapons"] = reading.weapons
    if reading.target:
        data["target"] = reading.target
    if not reading.complete or not reading.effects:
        data["reminder"] = True
    if command:
        data.pop("weapons", None)
        data["effects"] = [e for e in data.get("effects", []) if True]
        if not data["effects"]:
            data.pop("effects")
    distance = _range_in(text)
    if distance is not None and not command:
        data["range"] = distance
    return data, reading


@dataclass
class _UnitBuild:
    """A warscroll being built from a unit entry: its data, the weapons read (by name, and as
    missile and melee lists), each weapon's values given as `*`, the rules read, the texts to
    keep as reminders, and the notes on what was left as text."""

    name: str
    keywords: list[str]
    tally: Tally
    data: dict[str, Any]
    notes: list[str] = field(default_factory=list)
    stars: dict[str, list[str]] = field(default_factory=dict)
    missile: list[dict[str, Any]] = field(default_factory=list)
    melee: list[dict[str, Any]] = field(default_factory=list)
    weapons: dict[str, dict[str, Any]] = field(default_factory=dict)
    extra_texts: list[tuple[str, str]] = field(default_factory=list)
    """(name, text) of what is kept as a reminder ability."""
    abilities: list[dict[str, Any]] = field(default_factory=list)
    commands: list[dict[str, Any]] = field(default_factory=list)
    spells: list[dict[str, Any]] = field(default_factory=list)
    command_models: list[dict[str, Any]] = field(default_factory=list)
    magic: dict[str, str] | None = None
    """The unit's `Magic` profile (casts and unbinds), if it has one."""


def build_unit(
    name: str,
    root: Element,
    unit_profile: Element,
    found: list[Found],
    faction: str,
    keywords: list[str],
    source: str,
    tally: Tally,
    *,
    links: Sequence[Element] = (),
) -> tuple[dict[str, Any], list[str]]:
    """A warscroll's data from one unit entry and its `Unit` profile (`links`: the entryLinks
    that reach it, which may carry its cost); notes on what was left as text. Raises
    UnitProblem when the unit cannot be played."""
    stats = characteristics(unit_profile)
    unit = _UnitBuild(
        name=name,
        keywords=keywords,
        tally=tally,
        data={"name": name, "faction": faction, "source": source},
    )
    for item in found:
        if item.element.get("typeName") == "Weapon":
            _read_weapon(unit, item.element)
    refs = _weapon_refs(unit)
    wounds_starred = stats.get("Wounds", "").strip() in ("*", "✱")
    _read_move(unit, stats.get("Move", ""), found)
    unit.data["wounds"] = _int(stats.get("Wounds", ""), "Wounds")
    bravery = stats.get("Bravery", "").strip()
    save = stats.get("Save", "").strip()
    tables = _tables(found)
    table_data = _read_tables(unit, tables)
    _move_from_tables(unit, tables, table_data)
    if save in ("*", "✱"):
        save = _first_row(tables, "save") or save
    if bravery in ("*", "✱"):
        bravery = _first_row(tables, "bravery") or bravery
    _keep_unset_weapons_as_reminders(unit, table_data)
    if wounds_starred:
        raise UnitProblem(_("Wounds is *"))
    _read_bravery_save_and_size(unit, bravery, save, root, links)
    seen: set[tuple[str, str]] = set()
    for item in found:
        _read_rule(unit, item, refs, seen)
    _finish_unit(unit, root, found)
    return unit.data, unit.notes


def _read_weapon(unit: _UnitBuild, element: Element) -> None:
    """Read one weapon profile: named once (a missile and a melee profile of one name apart),
    with a unique id; a weapon the engine cannot use is kept as a reminder."""
    weapons = unit.weapons
    wname = re.sub(r"\(s\)$", "", element.get("name", "").strip()).strip()
    if wname in weapons:
        if _is_missile(element) == (weapons[wname] in unit.missile):
            return
        wname = f"{wname} ({'missile' if _is_missile(element) else 'melee'})"
        if wname in weapons:
            return
    try:
        weapon = _weapon(element, unit.stars, unit.notes)
    except UnitProblem as problem:
        unit.extra_texts.append((wname, f"{problem}: {_text_of(element)}"))
        unit.notes.append(str(problem))
        return
    ident = slug(wname) or "weapon"
    taken = {w["id"] for w in weapons.values()}
    base, number = ident, 2
    while ident in taken:
        ident, number = f"{base}-{number}", number + 1
    weapon = {"id": ident, **weapon, "name": wname}
    unusable = _weapon_problem(weapon)
    if unusable:
        unit.extra_texts.append((wname, f"Weapon ({unusable}): {_text_of(element)}"))
        unit.notes.append(
            _("weapon {name}: {problem}: kept as a reminder").format(name=wname, problem=unusable)
        )
        unit.stars.pop(wname, None)
        return
    weapons[wname] = weapon
    (unit.missile if _is_missile(element) else unit.melee).append(weapon)


def _weapon_refs(unit: _UnitBuild) -> list[WeaponRef]:
    """The weapons read, as the ability wording finds them (kind, fixed Rend and Damage)."""
    return [
        WeaponRef(
            id=w["id"],
            name=w["name"],
            melee=w in unit.melee,
            rend=-int(str(w["rend"]).lstrip("-"))
            if re.fullmatch(r"-?[0-9]{1,3}", str(w["rend"]))
            else 0,
            damage=int(w["damage"]) if re.fullmatch(r"[0-9]{1,4}", str(w["damage"])) else None,
            damage_text=str(w["damage"]),
        )
        for w in unit.weapons.values()
    ]


def _read_move(unit: _UnitBuild, written: str, found: list[Found]) -> None:
    """The Move characteristic: inches, a roll (`2D6`), none, or `table` (from a damage table,
    settled once the tables are read)."""
    data = unit.data
    move = _inches(written).rstrip('"').strip()
    data["move"] = move
    if move in ("*", "✱"):
        data["move"] = "table"
    elif re.fullmatch(r"\d*D\d+(\+\d+)?\"?", move.upper()):
        data["move"] = 0
        data["random_move"] = move.upper().rstrip('"')
    elif move == "" and any(_norm(c) == "move" for table in _tables(found) for c in table.columns):
        data["move"] = "table"
    elif move in ("-", ""):
        data["move"] = 0
    else:
        data["move"] = _int(move, "Move")


def _read_tables(unit: _UnitBuild, tables: list[Table]) -> dict[str, Any] | None:
    """The unit's damage table (the first table by wounds) as data; its columns tied to no
    value, and every other table, kept as reminder texts."""
    table_data = None
    wound_tables = [t for t in tables if not t.keyed]
    if wound_tables:
        table_data, leftover = _damage_table(wound_tables[0], unit.weapons, unit.stars, unit.data)
        for text in leftover:
            unit.extra_texts.append(("Damage table", text))
    for table in tables:
        if table is (wound_tables[0] if wound_tables else None):
            continue
        label = f"Table by {table.keyed}" if table.keyed else "Damage table"
        unit.extra_texts.append(
            (label, "; ".join(", ".join(r) for r in [table.columns, *table.rows]))
        )
    if table_data is not None:
        unit.data["damage_table"] = table_data
    return table_data


def _move_from_tables(
    unit: _UnitBuild, tables: list[Table], table_data: dict[str, Any] | None
) -> None:
    """A Move given as `*` that no damage table column sets: a table's dice, else its first
    row (noted); neither is a UnitProblem."""
    data = unit.data
    if data["move"] != "table" or (
        table_data and "move" in [c["sets"] for c in table_data["columns"]]
    ):
        return
    dice = _table_dice(tables, "move")
    first_move = _first_row(tables, "move")
    if dice is not None:
        data["move"] = 0
        data["random_move"] = dice
    elif first_move is not None and re.fullmatch(r"\d{1,2}\"?", first_move):
        data["move"] = int(first_move.rstrip('"'))
        unit.notes.append(
            _("Move * read from the first row of its table: {value}").format(value=first_move)
        )
    else:
        raise UnitProblem(_("Move is * but no damage table column sets it"))


def _keep_unset_weapons_as_reminders(unit: _UnitBuild, table_data: dict[str, Any] | None) -> None:
    """A weapon with a `*` value that no damage table column sets leaves the profiles: its
    values are kept as a reminder text (noted)."""
    for wname, keys in unit.stars.items():
        weapon = unit.weapons.get(wname)
        if weapon is None:
            continue
        sets = [c["sets"] for c in (table_data or {}).get("columns", [])]
        missing = [k for k in keys if f"weapon.{weapon['id']}.{k}" not in sets]
        if not missing:
            continue
        for kind in (unit.missile, unit.melee):
            if weapon in kind:
                kind.remove(weapon)
        labels = ", ".join(WEAPON_KEYS[k] for k in missing)
        shown = ", ".join(f"{WEAPON_KEYS[k]} {weapon[k]}" for k in WEAPON_KEYS)
        unit.extra_texts.append(
            (wname, f"Weapon whose {labels} the warscroll gives in its rules (*): {shown}")
        )
        unit.notes.append(
            _(
                "weapon {name}: {labels} is * without a damage table column: kept as a reminder"
            ).format(name=wname, labels=labels)
        )


def _read_bravery_save_and_size(
    unit: _UnitBuild, bravery: str, save: str, root: Element, links: Sequence[Element]
) -> None:
    """Bravery, Save (a `4"` typo read as 4+, noted), the unit's size and points, its keywords
    and whether it is a WIZARD or a PRIEST."""
    data, keywords = unit.data, unit.keywords
    data["bravery"] = _int(bravery, "Bravery") if bravery not in ("-", "") else 0
    typo = re.fullmatch(r"([2-6])\s*[\"'”]", save)
    if typo:
        unit.notes.append(
            _("Save {save} read as {roll}+").format(save=repr(save), roll=typo.group(1))
        )
        save = f"{typo.group(1)}+"
    data["save"] = save if save not in ("", "*", "✱") else "-"
    data["unit_size"] = _size(root)
    points = _points(root, links)
    if points is not None:
        data["points"] = points
    data["keywords"] = keywords
    if "WIZARD" in keywords:
        data["wizard"] = {}
    if "PRIEST" in keywords:
        data["priest"] = True


def _read_rule(
    unit: _UnitBuild, item: Found, refs: list[WeaponRef], seen: set[tuple[str, str]]
) -> None:
    """Read one rule or profile of the unit (once each by type and name): its Magic, a spell,
    a command ability, a prayer, a command model's rule, a level's row, or an ability."""
    element = item.element
    type_name = element.get("typeName", "") if element.tag == "profile" else "Rule"
    aname = element.get("name", "").strip()
    if (type_name, aname) in seen or type_name in ("Weapon", "Unit") or item.linked:
        return
    seen.add((type_name, aname))
    text = _text_of(element)
    if type_name == "Magic":
        unit.magic = characteristics(element)
        return
    if _not_a_rule_of_its_own(type_name, aname, element):
        return
    if type_name == "Spell":
        _read_spell(unit, element, aname, text, refs)
        return
    if type_name == "Command Abilities":
        command, _reading = _ability(aname, values_text(element), refs, unit.tally, command=True)
        unit.commands.append(command)
        return
    if type_name == "Prayer":
        prayer, _reading = _ability(f"Prayer: {aname}", text, refs, unit.tally)
        prayer.setdefault("timing", {"phase": "hero", "turn": "yours"})
        if prayer["timing"] == {"phase": "any"}:
            prayer["timing"] = {"phase": "hero", "turn": "yours"}
        unit.abilities.append(prayer)
        return
    if _read_command_model(unit, type_name, aname, text, refs):
        return
    if type_name not in ABILITY_TYPES and _LEVEL_ROW.match(aname):
        # `2. Unholy Vigour` of an `Evocation of Death Level` table: in force only from
        # that level (or on that result), which no effect can say: its text, a reminder
        unit.tally.abilities += 1
        unit.tally.reminders += 1
        unit.abilities.append({"name": aname, "text": text or aname, "reminder": True})
        return
    data = unit.data
    one = data["unit_size"] == {"min": 1, "max": 1} or data["unit_size"] == {"min": 1}
    bearer = unit.name if one and "HERO" in unit.keywords else ""
    ability, reading = _ability(aname, text, refs, unit.tally, bearer=bearer)
    if reading.fly:
        data["fly"] = True
        return
    unit.abilities.append(ability)


def _not_a_rule_of_its_own(type_name: str, aname: str, element: Element) -> bool:
    """A damage table's row, a profile type read elsewhere, or the game's own Arcane Bolt."""
    if type_name == "Damage Table" or is_table_row(element):
        return True
    if type_name in SKIPPED_TYPES:
        return True
    # the game system's own spell: the engine casts it by its rule (1 mortal wound, D3 on a
    # casting roll of 10+); the wizard knows it by id
    return type_name == "Spell" and slug(aname) == "arcane-bolt"


def _read_spell(
    unit: _UnitBuild, element: Element, aname: str, text: str, refs: list[WeaponRef]
) -> None:
    """A spell with its casting value, range and effects (a reminder when not all read); one
    whose casting value cannot be cast is kept as a reminder text."""
    values = characteristics(element)
    description = values.get("Description", text)
    try:
        casting = _int(values.get("Casting Value", "").rstrip("+"), "Casting Value")
        if not 1 <= casting <= 18:
            raise UnitProblem(_("Casting Value {value}").format(value=casting))
    except UnitProblem as problem:
        unit.extra_texts.append((aname, f"spell ({problem}): {description}"))
        return
    reading = read_ability(description, refs)
    unit.tally.count(reading)
    spell: dict[str, Any] = {
        "name": aname,
        "casting_value": casting,
        "text": description or aname,
    }
    distance = _range_in(description)
    if distance is not None:
        spell["range"] = distance
    if reading.effects:
        spell["effects"] = reading.effects
    if reading.target:
        spell["target"] = reading.target
    if not reading.complete or not reading.effects:
        spell["reminder"] = True
    unit.spells.append(spell)


def _read_command_model(
    unit: _UnitBuild, type_name: str, aname: str, text: str, refs: list[WeaponRef]
) -> bool:
    """Whether the rule is a command model's (a champion, standard bearer or musician), read
    as one: its effects on the unit while it has the model."""
    role = _command_role(aname, text) if type_name in ABILITY_TYPES | {"Rule"} else None
    if type_name == "Unit Leader":
        role = role or "champion"
    # one champion; standard bearers or musicians of two kinds (a Flag Bearer and an Icon
    # Bearer, each with its own rule) are each a command model, known by name
    if role is None or not all(
        m["role"] != role or (role != "champion" and m["name"] != aname)
        for m in unit.command_models
    ):
        return False
    reading = read_ability(text, refs, command_model=role != "champion")
    unit.tally.count(reading)
    model: dict[str, Any] = {"role": role, "name": aname, "text": text or aname}
    one_per = re.search(r"1 in every (\d{1,3}) models", text.lower())
    if one_per:
        model["one_per"] = int(one_per.group(1))
    attack_effects = [e for e in reading.effects if e["type"] != "ward"]
    if attack_effects:
        model["effects"] = attack_effects
    if not reading.complete or not attack_effects:
        model["reminder"] = True
    unit.command_models.append(model)
    return True


def _finish_unit(unit: _UnitBuild, root: Element, found: list[Found]) -> None:
    """The texts kept as reminder abilities, ids, the wizard, the weapons kept (abilities
    naming only weapons left out name none), the weapon options and the rules, into the data."""
    data, abilities = unit.data, unit.abilities
    for label, text in unit.extra_texts:
        unit.tally.abilities += 1
        unit.tally.reminders += 1
        abilities.append({"name": label, "text": text, "reminder": True})
    unique_ids(abilities)
    unique_ids(unit.commands)
    unique_ids(unit.spells)
    if unit.magic is not None or "WIZARD" in unit.keywords:
        data["wizard"] = _wizard(
            unit.magic, unit.spells, unit.notes, [a["text"] for a in abilities]
        )
    data["missile_weapons"] = unit.missile
    data["melee_weapons"] = unit.melee
    kept = {w["id"] for w in [*unit.missile, *unit.melee]}
    for ability in abilities:
        if "weapons" in ability:
            ability["weapons"] = [w for w in ability["weapons"] if w in kept]
            if not ability["weapons"]:
                del ability["weapons"]
    weapons = {n: w for n, w in unit.weapons.items() if w["id"] in kept}
    if unit.command_models:
        data["command_models"] = unit.command_models
    from aos_cli.content.importers.loadouts import weapon_choices

    data["weapon_options"] = weapon_choices(
        root, found, weapons, data["unit_size"], unit.command_models
    )
    if not data["weapon_options"]:
        del data["weapon_options"]
    if abilities:
        data["abilities"] = abilities
    if unit.commands:
        data["command_abilities"] = unit.commands
    if unit.spells:
        data["spells"] = unit.spells


def values_text(element: Element) -> str:
    """A profile's text (its one characteristic, or every one named)."""
    return _text_of(element)


def unique_ids(records: list[dict[str, Any]]) -> None:
    """Give each record an id from its name, numbered where names repeat (id first)."""
    taken: set[str] = set()
    for record in records:
        base = slug(record["name"]) or "ability"
        ident, number = base, 2
        while ident in taken:
            ident, number = f"{base}-{number}", number + 1
        taken.add(ident)
        rest = dict(record)
        record.clear()
        record.update({"id": ident, **rest})


_ONLY_SPELL = re.compile(
    r"cannot (?:attempt to )?cast any spells? other than (?:the )?(?P<spell>[A-Za-z' -]{1,60}?)"
    r"(?: spell)?(?:[,.;]|$)"
)
"""A warscroll that limits its wizard to one spell (Evocators: "other than Empower")."""


def _wizard(
    magic: dict[str, str] | None,
    spells: list[dict[str, Any]],
    notes: list[str],
    texts: Sequence[str] = (),
) -> dict[str, Any]:
    casts = unbinds = 1
    known: list[str] = []
    if magic:
        numbers = re.findall(r"\d+", magic.get("Cast/Unbind", ""))
        if len(numbers) >= 2:
            casts = _bounded(numbers[0], "Cast", MAX_CHARACTERISTIC)
            unbinds = _bounded(numbers[1], "Unbind", MAX_CHARACTERISTIC)
        named = re.split(r",\s*|\s+and\s+|\s*&\s*", magic.get("Spells Known", ""))
        known = [slug(n) for n in named if slug(n)]
    own = {slug(s["name"]) for s in spells}
    generic = {"arcane-bolt", "mystic-shield"}
    chosen = [s for s in known if s in own or s in generic]
    for missing in [s for s in known if s not in own and s not in generic]:
        notes.append(
            _("spell known {spell} is not on the warscroll (a lore choice)").format(
                spell=repr(missing)
            )
        )
    for spell in spells:
        if slug(spell["name"]) not in chosen:
            chosen.append(slug(spell["name"]))
    if not known:
        chosen = ["arcane-bolt", "mystic-shield", *chosen]
    for text in texts:
        only = _ONLY_SPELL.search(text)
        if only and slug(only["spell"]) in chosen:
            chosen = [slug(only["spell"])]
            notes.append(
                _("the warscroll limits its wizard to {spell}").format(spell=only["spell"].strip())
            )
    return {"casts": casts, "unbinds": unbinds, "spells": list(dict.fromkeys(chosen))}


def _options(
    root: Element, weapons: dict[str, dict[str, Any]], size: dict[str, Any]
) -> list[dict[str, Any]]:
    """Weapon choices: each selection group whose entries carry different weapons."""
    options: list[dict[str, Any]] = []
    index_names = {slug(n): w["id"] for n, w in weapons.items()}
    for group in root.iter("selectionEntryGroup"):
        choices: list[str] = []
        for entry in _children(group, "selectionEntries", "selectionEntry"):
            for profile in entry.iter("profile"):
                if profile.get("typeName") == "Weapon":
                    ident = index_names.get(slug(profile.get("name", "")))
                    if ident and ident not in choices:
                        choices.append(ident)
            for link in entry.iter("infoLink"):
                ident = index_names.get(slug(link.get("name", "")))
                if ident and ident not in choices:
                    choices.append(ident)
        choices = [c for c in choices if c in set(index_names.values())]
        if len(choices) < 2:
            continue
        if any(c in o["choices"] for o in options for c in choices):
            continue
        minimum = _selections(group)[0] or 0
        option: dict[str, Any] = {
            "id": slug(group.get("name", "weapons")) or "weapons",
            "choices": choices,
        }
        if minimum >= 1:
            option["default"] = choices[0]
        else:
            option["one_per"] = 1
        if any(o["id"] == option["id"] for o in options):
            option["id"] = f"{option['id']}-{len(options) + 1}"
        options.append(option)
    return options


# ---------------------------------------------------------------------- the whole import


def _keywords(elements: Iterable[Element], index: Index) -> list[str]:
    found: list[str] = []
    for element in elements:
        for link in _children(element, "categoryLinks", "categoryLink"):
            name = index.categories.get(link.get("targetId", ""), "").strip()
            if name and name == name.upper() and re.search(r"[A-Z]", name) and name not in found:
                found.append(name)
    return found


def unit_roots(catalogue: Catalogue) -> list[Element]:
    """The outermost entries of a file that carry (or nest) a `Unit` profile, whatever their
    entry type: BSData types some units `upgrade` (most Ossiarch Bonereapers, a Freeguild
    General). The file is walked with a stack, so no nesting depth can overflow it."""
    roots: list[Element] = []

    def has_unit(entry: Element) -> bool:
        return any(profile.get("typeName") == "Unit" for profile in entry.iter("profile"))

    stack = [catalogue.root]
    while stack:
        element = stack.pop()
        children = list(element)
        for child in reversed(children):
            if child.tag == "selectionEntry" and (has_unit(child) or _links_unit(child)):
                roots.append(child)
            else:
                stack.append(child)
    # the stack visits the file depth first, as it is written; keep that order
    order = {id(e): n for n, e in enumerate(catalogue.root.iter())}
    roots.sort(key=lambda e: order[id(e)])
    return roots


_UNIT_PROFILE_IDS: set[str] = set()


def _links_unit(entry: Element) -> bool:
    return any(
        link.get("targetId") in _UNIT_PROFILE_IDS
        for box in entry.findall("infoLinks")
        for link in box.findall("infoLink")
    )


_LEGACY = re.compile(r"legacy|legends|compendium|\[legends\]", re.IGNORECASE)


@dataclass
class Candidate:
    """A warscroll read from one catalogue, waiting to be chosen among others of its name."""

    data: dict[str, Any]
    notes: list[str]
    catalogue: Catalogue
    faction: str
    order: int

    def legacy(self) -> bool:
        """Whether its catalogue is a legacy, legends or compendium one."""
        return bool(_LEGACY.search(self.catalogue.name) or _LEGACY.search(self.catalogue.file))

    def own_faction(self) -> bool:
        """Whether the unit carries its catalogue's faction keyword (the faction's own entry)."""
        keyword = self.faction.upper()
        keywords = set(self.data.get("keywords", []))
        return keyword in keywords or keyword.rstrip("S") in keywords

    def rank(self) -> tuple[bool, bool, bool, int]:
        """Lower is better: current over legacy, the faction's own entry over one borrowed from
        another catalogue, a faction's catalogue over the game system, then file order."""
        generic = self.catalogue.root.tag == "gameSystem"
        return (self.legacy(), not self.own_faction(), generic, self.order)


def _same_name_reason(keep: Candidate, drop: Candidate) -> str:
    """Why one of two units of the same name was kept, for the report."""
    if drop.legacy() and not keep.legacy():
        why = _("the current entry wins over a legacy or compendium one")
    elif keep.own_faction() and not drop.own_faction():
        why = _("that is the faction's own entry (it carries the faction keyword)")
    elif drop.catalogue.root.tag == "gameSystem" and keep.catalogue.root.tag != "gameSystem":
        why = _("a faction's catalogue wins over the game system")
    else:
        why = _("it was read first")
    return _("the unit of the same name from {file} was kept: {why}").format(
        file=keep.catalogue.file, why=why
    )


_DEFAULT_CHOICE = re.compile(r"none|on foot|foot|dismounted|unmounted", re.IGNORECASE)
_MOUNT_GROUP = re.compile(r"mount|steed|ride", re.IGNORECASE)


def _profile_name(root: Element, root_name: str, item: Found, unit_profiles: list[Found]) -> str:
    """The warscroll name of one of an entry's `Unit` profiles: the entry's own name for its
    only profile, its default choice or the profile of that name; `Damsel on Pegasus` for a
    profile of the entry's name carried by a mount choice (every profile kept: a player picks
    the Damsel on foot or on her Pegasus, each with its own Move); else `Entry (Profile)`."""
    pname = item.element.get("name", "").strip()
    if len(unit_profiles) == 1:
        return root_name
    if pname != root_name:
        return f"{root_name} ({pname})"
    same = [o for o in unit_profiles if o.element.get("name", "").strip() == root_name]
    if len(same) == 1 or item.owner is root:
        return root_name
    choice = item.owner.get("name", "").strip()
    group = next(
        (
            g
            for g in root.iter("selectionEntryGroup")
            if any(c is item.owner for c in _children(g, "selectionEntries", "selectionEntry"))
        ),
        None,
    )
    default = group is not None and group.get("defaultSelectionEntryId") == item.owner.get("id")
    if default or _DEFAULT_CHOICE.fullmatch(choice) or not choice:
        return root_name
    if group is not None and _MOUNT_GROUP.search(group.get("name", "")):
        return f"{root_name} on {choice}"
    return f"{root_name} ({choice})"


def _own_share(item: Found, unit_profiles: list[Found], found: list[Found]) -> list[Found]:
    """What one of several `Unit` profiles of an entry takes (a war machine and its crew, a
    hero and its mount): the weapons and tables an entry carrying another `Unit` profile owns
    are that unit's; a table keyed by crew is the machine's, never the crew's own Move."""
    unit_owners = [o.owner for o in unit_profiles if o.owner is not item.owner]
    crew = bool(_CREW.search(item.element.get("name", "")))
    machine_besides = any(
        not _CREW.search(o.element.get("name", "")) for o in unit_profiles if o is not item
    )

    def taken(f: Found) -> bool:
        weapon = f.element.get("typeName") == "Weapon"
        table = f.element.tag == "profile" and is_table_row(f.element)
        if (weapon or table) and any(f.owner is o for o in unit_owners):
            return False
        return not (table and crew and machine_besides)

    return [f for f in found if taken(f)]


def import_catalogues(
    paths: Sequence[Path], progress: Callable[[str], None] | None = None
) -> ImportReport:
    """Read every file given and build a validated warscroll for every unit in them;
    `progress` is told each file as it is read and as its units are built."""
    report = ImportReport()
    catalogues = []
    for path in catalogue_files(paths):
        if progress is not None:
            progress(_("reading {file}").format(file=path.name))
        catalogues.append(read_catalogue(path))
        report.files.append(path.name)
    index = Index()
    for catalogue in catalogues:
        index.add(catalogue)
    _UNIT_PROFILE_IDS.clear()
    _UNIT_PROFILE_IDS.update(i for i, p in index.profiles.items() if p.get("typeName") == "Unit")
    _note_links_not_given(catalogues, report)
    run = _CatalogueImport(
        report=report,
        index=index,
        factions=[c.faction for c in catalogues if not c.library and c.root.tag == "catalogue"],
    )
    for catalogue in catalogues:
        for link in catalogue.root.iter("entryLink"):
            run.linking.setdefault(link.get("targetId", ""), []).append(link)
    for catalogue in catalogues:
        if progress is not None:
            progress(_("building the warscrolls of {file}").format(file=catalogue.file))
        for root in unit_roots(catalogue):
            _import_unit_entry(run, catalogue, root)
    for candidate in sorted(run.chosen.values(), key=lambda c: c.order):
        data = candidate.data
        for note in candidate.notes:
            report.notes.append(f"{data['name']}: {note}")
        report.warscrolls.append(data)
        report.factions[candidate.faction] = report.factions.get(candidate.faction, 0) + 1
        report.weapons += len(data["missile_weapons"]) + len(data["melee_weapons"])
    report.allegiances = read_allegiances(catalogues, index, report)
    settle_target_keywords(report.warscrolls)
    report.count_written()
    return report


@dataclass
class _CatalogueImport:
    """An import under way: its report, the index of every file's entries, the factions of
    the army catalogues, the entryLinks by target, and the warscroll chosen for each id."""

    report: ImportReport
    index: Index
    factions: list[str]
    linking: dict[str, list[Element]] = field(default_factory=dict)
    chosen: dict[str, Candidate] = field(default_factory=dict)
    tally: Tally = field(default_factory=Tally)


def _note_links_not_given(catalogues: list[Catalogue], report: ImportReport) -> None:
    """Note each catalogue linked but not given: its units are not imported."""
    given = {c.id for c in catalogues}
    for catalogue in catalogues:
        for link in catalogue.root.iter("catalogueLink"):
            if link.get("targetId") not in given:
                report.notes.append(
                    _(
                        "{catalogue} links the catalogue {linked}, which was not given: "
                        "its units are not imported"
                    ).format(catalogue=catalogue.name, linked=repr(link.get("name")))
                )


def _import_unit_entry(run: _CatalogueImport, catalogue: Catalogue, root: Element) -> None:
    """Build the warscroll of each `Unit` profile under one unit entry (a unit whose entries
    cannot be walked is skipped, with its reason)."""
    try:
        found = list(walk(root, run.index, root))
    except UnitProblem as problem:
        name = root.get("name", "").strip()
        run.report.skipped.append(Skipped(name, catalogue.file, str(problem)))
        return
    unit_profiles = [f for f in found if f.element.get("typeName") == "Unit"]
    faction, keywords = _faction_and_keywords(run, catalogue, root)
    root_name = root.get("name", "").strip()
    for item in unit_profiles:
        name = _profile_name(root, root_name, item, unit_profiles)
        others = [
            o.owner for o in unit_profiles if o.owner is not item.owner and o.owner is not root
        ]
        mine = [f for f in found if not any(owns(o, f.owner) for o in others)]
        if len(unit_profiles) > 1:
            mine = _own_share(item, unit_profiles, mine)
        _import_profile(run, catalogue, root, item.element, name, mine, faction, keywords)


def _faction_and_keywords(
    run: _CatalogueImport, catalogue: Catalogue, root: Element
) -> tuple[str, list[str]]:
    """The unit's faction (a shared library's unit takes the army's its keywords name) and its
    keywords (with the faction keyword's singular, as the warscrolls write it)."""
    keywords = _keywords([root, *run.linking.get(root.get("id", ""), [])], run.index)
    faction = catalogue.faction
    if catalogue.library or catalogue.root.tag == "gameSystem":
        faction = next(
            (f for f in run.factions if f.upper() in keywords or f.upper().rstrip("S") in keywords),
            faction,
        )
    if faction.upper() in keywords and faction.upper().endswith("S"):
        # BSData writes the faction keyword in the plural (STORMCAST ETERNALS); the
        # warscrolls' own keyword is the singular (STORMCAST ETERNAL).
        keywords = [*keywords, faction.upper()[:-1]]
    return faction, keywords


def _import_profile(
    run: _CatalogueImport,
    catalogue: Catalogue,
    root: Element,
    profile: Element,
    name: str,
    mine: list[Found],
    faction: str,
    keywords: list[str],
) -> None:
    """Build and validate one warscroll, kept unless a better one of its name is (the one
    left out is listed as skipped, with its reason)."""
    from pydantic import ValidationError

    from aos_cli.content.schema import Warscroll

    report = run.report
    source = f"BattleScribe catalogue {catalogue.name!r} (revision {catalogue.root.get('revision', '?')})"
    try:
        data, notes = build_unit(
            name,
            root,
            profile,
            mine,
            faction,
            keywords,
            source,
            run.tally,
            links=run.linking.get(root.get("id", ""), []),
        )
    except UnitProblem as problem:
        report.skipped.append(Skipped(name, catalogue.file, str(problem)))
        return
    ident = slug(name)
    data = {"id": ident, **data}
    try:
        Warscroll.model_validate(data)
    except ValidationError as error:
        first = error.errors(include_url=False)[0]
        where = ".".join(str(p) for p in first["loc"])
        report.skipped.append(
            Skipped(name, catalogue.file, f"{where}: {first['msg']}".removeprefix(": "))
        )
        return
    chosen = run.chosen
    candidate = Candidate(data, notes, catalogue, faction, order=len(chosen))
    held = chosen.get(ident)
    if held is None:
        chosen[ident] = candidate
        return
    keep, drop = (held, candidate) if held.rank() <= candidate.rank() else (candidate, held)
    keep.order = min(keep.order, drop.order)
    chosen[ident] = keep
    report.skipped.append(
        Skipped(drop.data["name"], drop.catalogue.file, _same_name_reason(keep, drop))
    )


_ALLEGIANCE = re.compile(r"\s*allegiance\s*:\s*(?P<name>.{1,80}?)\s*", re.IGNORECASE)


def read_allegiances(
    catalogues: Sequence[Catalogue], index: Index, report: ImportReport
) -> list[dict[str, Any]]:
    """The allegiance abilities of each `Allegiance: X` entry (its Battle Trait profiles) as
    allegiance records: an army of that allegiance gives its units the traits' effects."""
    from pydantic import ValidationError

    from aos_cli.content.schema import Allegiance

    found: dict[str, dict[str, Any]] = {}
    for catalogue in catalogues:
        for entry in catalogue.root.iter("selectionEntry"):
            named = _ALLEGIANCE.fullmatch(entry.get("name", ""))
            if named is None or slug(named["name"]) in found:
                continue
            profiles = [p for p in entry.iter("profile") if p.get("typeName") == "Battle Trait"]
            for link in entry.iter("infoLink"):
                linked = index.profiles.get(link.get("targetId", ""))
                if linked is not None and linked.get("typeName") == "Battle Trait":
                    profiles.append(linked)
            traits: list[dict[str, Any]] = []
            for profile in profiles:
                text = _text_of(profile)
                reading = read_ability(text, [])
                trait: dict[str, Any] = {"name": profile.get("name", "").strip(), "text": text}
                if reading.timing:
                    trait["timing"] = reading.timing
                if reading.effects:
                    trait["effects"] = reading.effects
                if not reading.complete or not reading.effects:
                    trait["reminder"] = True
                traits.append(trait)
            if not traits:
                continue
            unique_ids(traits)
            name = named["name"]
            record = {
                "id": slug(name),
                "name": name,
                "faction": name,
                "keyword": name.upper(),
                "text": f"The allegiance abilities of a {name} army (BattleScribe {catalogue.name}).",
                "battle_traits": traits,
            }
            try:
                Allegiance.model_validate(record)
            except ValidationError as error:
                first = error.errors(include_url=False)[0]
                where = ".".join(str(p) for p in first["loc"])
                report.skipped.append(
                    Skipped(entry.get("name", ""), catalogue.file, f"{where}: {first['msg']}")
                )
                continue
            found[slug(name)] = record
    return list(found.values())


def _split_keywords(phrase: str, known: set[str]) -> list[str] | None:
    """A phrase of keywords ("SOULBLIGHT GRAVELORDS SUMMONABLE") as the known keywords it is
    made of, longest first; None when some word belongs to no known keyword."""
    words = phrase.split()
    parts: list[str] = []
    start = 0
    while start < len(words):
        for end in range(len(words), start, -1):
            candidate = " ".join(words[start:end])
            # a plural the text uses ("BLOODLETTERS unit") for a unit keyword (BLOODLETTER)
            plural = candidate[:-1] if candidate.endswith("S") else ""
            if candidate in known or (end == len(words) and plural in known):
                parts.append(candidate if candidate in known else plural)
                start = end
                break
        else:
            return None
    return parts


def _auras(effects: list[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    """Every aura among effects, nested ones (held for a while, on a roll) included."""
    for effect in effects:
        if effect.get("type") == "aura":
            yield effect
        for value in effect.values():
            if isinstance(value, list) and value and isinstance(value[0], dict):
                yield from _auras(value)


def settle_aura_keywords(record: dict[str, Any], known: set[str]) -> None:
    """An aura's keyword phrase ("STORMCAST ETERNALS", "KHORNE DAEMON", "DAUGHTERS OF KHAINE")
    as the units' own keywords, each of which a unit must have: the phrase as one keyword never
    matches a unit of two. A phrase of alternatives ("REDEEMER OR SACROSANCT"), which an aura
    cannot hold, leaves the record a reminder with its text; a phrase of unknown words stays as
    written (no imported unit carries it)."""
    effects = record.get("effects") or []
    for aura in _auras(effects):
        settled: list[str] = []
        for phrase in aura.get("keywords") or []:
            if " OR " in phrase:
                record.pop("effects", None)
                record["reminder"] = True
                return
            split = _split_keywords(phrase, known)
            settled.extend(split if split is not None else [phrase])
        if aura.get("keywords"):
            aura["keywords"] = list(dict.fromkeys(settled))


def settle_target_keywords(warscrolls: list[dict[str, Any]]) -> None:
    """Turn the keyword phrases a text picks by ("REDEEMER OR SACROSANCT", "NURGLE DAEMON") into
    the imported units' own keywords, so the engine's keyword check accepts the units the text
    means; a phrase that matches no keywords is dropped (side and range are still checked)."""
    known = {k for data in warscrolls for k in data.get("keywords", [])}
    for data in warscrolls:
        for key in ("abilities", "spells", "command_abilities"):
            for record in data.get(key) or []:
                settle_aura_keywords(record, known)
                target = record.get("target")
                if not target or not target.get("keywords"):
                    continue
                required: list[str] = []
                alternatives: list[str] = []
                for phrase in target.pop("keywords"):
                    options = phrase.split(" OR ")
                    split = [_split_keywords(option, known) for option in options]
                    if len(options) > 1 and all(s is not None and len(s) == 1 for s in split):
                        alternatives.extend(s[0] for s in split if s)
                    elif len(options) == 1 and split[0] is not None:
                        required.extend(split[0])
                    elif phrase in ("HERO", "MONSTER", "WIZARD", "PRIEST"):
                        required.append(phrase)
                if required:
                    target["keywords"] = required
                if alternatives:
                    target["any_keywords"] = alternatives


def import_into(
    paths: Sequence[Path], out: Path, progress: Callable[[str], None] | None = None
) -> ImportReport:
    """Import catalogues and write one content file per faction into `out` (see `output`),
    then cache what was written; `progress` is told each step (file by file)."""
    from aos_cli.content.importers.output import file_name, taken_ids, write_files

    report = import_catalogues(paths, progress)
    from aos_cli.content.importers.bundled import keep_bundled

    report.two_sources = keep_bundled(report.warscrolls)
    files: dict[str, dict[str, list[dict[str, Any]]]] = {}
    for data in report.warscrolls:
        files.setdefault(file_name(data["faction"]), {"warscrolls": []})["warscrolls"].append(data)
    if report.allegiances:
        files.setdefault(file_name("allegiances"), {"warscrolls": []})["allegiances"] = list(
            report.allegiances
        )
    taken = taken_ids(out, set(files))
    if taken:
        for records in files.values():
            for data in list(records["warscrolls"]):
                if data["id"] in taken:
                    records["warscrolls"].remove(data)
                    report.warscrolls.remove(data)
                    report.factions[data["faction"]] -= 1
                    report.skipped.append(
                        Skipped(data["name"], taken[data["id"]], _("your own file defines this id"))
                    )
        files = {name: records for name, records in files.items() if any(records.values())}
    report.count_written()
    header = "BattleScribe data " + ", ".join(report.files)
    report.written = write_files(out, files, header[:400])
    if progress is not None:
        progress(_("caching the warscrolls written"))
    from aos_cli.content.loader import warm_cache

    warm_cache([Path(path) for path in report.written])
    return report


def report_lines(report: ImportReport, shown: Any = str) -> list[str]:
    """The import report as lines of plain text (names passed through `shown`)."""
    total = len(report.warscrolls)
    factions = len([f for f, n in report.factions.items() if n])
    share = number(round(100 * report.effect_share))
    lines = [
        ngettext(
            "Imported {n} warscroll of {factions} factions from {files} files, with {weapons} "
            "weapons.",
            "Imported {n} warscrolls of {factions} factions from {files} files, with {weapons} "
            "weapons.",
            total,
        ).format(n=total, factions=factions, files=len(report.files), weapons=report.weapons),
        _(
            "Abilities: {abilities}; {structured} became effects, {partial} effects with a "
            "reminder, {reminders} reminders ({share}% with effects)."
        ).format(
            abilities=report.abilities,
            structured=report.structured,
            partial=report.partial,
            reminders=report.reminders,
            share=share,
        ),
    ]
    for faction, count in sorted(report.factions.items()):
        if count:
            lines.append(f"  {shown(faction)}: {count}")
    for path in report.written:
        lines.append(_("Wrote {path}").format(path=shown(path)))
    if report.skipped:
        lines.append(_("Skipped {n}:").format(n=len(report.skipped)))
        lines.extend(
            f"  {shown(s.name)} ({shown(s.file)}): {shown(s.reason)}" for s in report.skipped
        )
    if report.two_sources:
        lines.extend(_two_sources(report, shown))
    if report.notes:
        lines.append(_("Notes ({n}):").format(n=len(report.notes)))
        lines.extend(f"  {shown(note)}" for note in report.notes)
    return lines


def _two_sources(report: ImportReport, shown: Any) -> list[str]:
    from aos_cli.content.importers.bundled import two_sources_lines

    return two_sources_lines(report.two_sources, shown)
