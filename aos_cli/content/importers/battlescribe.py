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

import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from xml.etree.ElementTree import Element

from aos_cli.content.files import is_folder, path_exists
from aos_cli.content.importers.safexml import ImportProblem, parse_xml, read_bytes
from aos_cli.content.importers.wording import Reading, WeaponRef, read_ability
from aos_cli.content.schema import slug
from aos_cli.core.i18n import N_, _, ngettext, number

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
_WOUND_ROW = re.compile(r"\s*\d+\s*(?:[-–]\s*\d+)?\s*\+?\s*")
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
    two_sources: list[dict[str, str]] = field(default_factory=list)
    """Names a bundled and an imported warscroll now share, with both ids (issue 23 §7)."""

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


def walk(element: Element, index: Index, owner: Element, depth: int = 0) -> Iterator[Found]:
    """Every profile and rule of an entry and its nested entries, links resolved.

    Through `entryLink`s only weapon profiles are taken: those links also lead to the army's
    shared choices (general, artefacts, lores), which are not part of the warscroll.
    """
    if depth > 12:
        return
    for profile in _children(element, "profiles", "profile"):
        yield Found(profile, owner, False)
    for rule in _children(element, "rules", "rule"):
        yield Found(rule, owner, False)
    for link in _children(element, "infoLinks", "infoLink"):
        target = link.get("targetId", "")
        if link.get("type") == "profile" and target in index.profiles:
            yield Found(index.profiles[target], owner, False)
        elif link.get("type") == "rule" and target in index.rules:
            yield Found(index.rules[target], owner, False)
        elif link.get("type") == "infoGroup" and target in index.groups:
            yield from walk(index.groups[target], index, owner, depth + 1)
    for group in _children(element, "infoGroups", "infoGroup"):
        yield from walk(group, index, owner, depth + 1)
    for child in _children(element, "selectionEntries", "selectionEntry"):
        yield from walk(child, index, child, depth + 1)
    for group in _children(element, "selectionEntryGroups", "selectionEntryGroup"):
        yield from walk(group, index, owner, depth + 1)
    for link in _children(element, "entryLinks", "entryLink"):
        target = link.get("targetId", "")
        linked: Element | None = None
        if target in index.entries:
            linked = index.entries[target][0]
        elif target in index.groups:
            linked = index.groups[target]
        if linked is None:
            continue
        for found in walk(linked, index, owner, depth + 1):
            if found.element.get("typeName") == "Weapon":
                yield Found(found.element, found.owner, True)


def owns(ancestor: Element, element: Element) -> bool:
    """Whether `element` is `ancestor` or inside it."""
    return any(e is element for e in ancestor.iter())


# ---------------------------------------------------------------------- one unit


class UnitProblem(Exception):
    """A unit that cannot become a warscroll, with the reason."""


def _inches(value: str) -> str:
    return " ".join(value.split()).replace("''", '"').replace("”", '"').replace("″", '"').strip()


def _int(value: str, what: str) -> int:
    match = re.fullmatch(r"\s*(\d+)\s*\"?\s*", value)
    if not match:
        raise UnitProblem(_("{what} {value} is not a number").format(what=what, value=repr(value)))
    return int(match.group(1))


def _weapon(profile: Element, star_fields: dict[str, list[str]]) -> dict[str, Any]:
    values = characteristics(profile)
    name = profile.get("name", "").strip()
    data: dict[str, Any] = {"name": name}
    for key, label in WEAPON_KEYS.items():
        raw = _inches(values.get(label, "")).rstrip("_ .")
        if raw in ("*", "✱"):
            data[key] = "table"
            star_fields.setdefault(name, []).append(key)
            continue
        if raw == "" or (raw == "-" and key not in ("rend",)):
            raise UnitProblem(
                _("weapon {name}: {label} {value} cannot be used").format(
                    name=name, label=label, value=repr(raw) if raw else _("missing")
                )
            )
        if key == "range":
            raw = raw.replace('"', "").replace(" ", "")
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
    match = re.match(r"\s*(\d+)\s*(?:[-–]\s*(\d+))?\s*(\+)?", text)
    if not match:
        return None
    return int(match.group(1)), bool(match.group(3))


@dataclass
class Table:
    """A damage table as read: column names and rows of cells (wounds suffered first)."""

    columns: list[str]
    rows: list[list[str]]


def _tables(found: list[Found], generic: str = "Damage Table") -> list[Table]:
    """The damage tables among a unit's profiles (generic `Damage Table` profiles whose first
    row names the columns, or a profile type of its own with a `Wounds Suffered` column)."""
    tables: dict[str, Table] = {}
    for item in found:
        profile = item.element
        if profile.tag != "profile":
            continue
        type_name = profile.get("typeName", "")
        values = characteristics(profile)
        cells = list(values.values())
        if not cells:
            continue
        if type_name == generic:
            table = tables.setdefault(profile.get("typeId", generic), Table([], []))
            if not table.columns and not re.match(r"\s*\d", cells[0]):
                table.columns = cells
            elif re.match(r"\s*\d", cells[0]):
                table.rows.append(cells)
        elif any(re.search(r"wounds? (suffered|allocated)", k.lower()) for k in values):
            table = tables.setdefault(type_name, Table(list(values), []))
            table.rows.append(cells)
        elif type_name not in KNOWN_TYPES and _WOUND_ROW.fullmatch(profile.get("name", "")):
            table = tables.setdefault(type_name, Table(["Wounds Suffered", *values], []))
            table.rows.append([profile.get("name", "").strip(), *cells])
    return [t for t in tables.values() if t.columns and t.rows]


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
    if cell.isdigit():
        return int(cell)
    return cell


def _cells_fit(sets: str, cells: list[str]) -> bool:
    """Whether every cell is a value the column's characteristic can take."""
    from aos_cli.content.schema import _column_value

    try:
        for cell in cells:
            _column_value(sets, _cell(sets, cell))
    except ValueError:
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


def _size(root: Element) -> dict[str, Any]:
    """Unit size from the child entries' constraints: `5 Liberators` taken 1-6 times is 5-30."""
    sizes_min = 0
    sizes_max: int | None = 0
    counted = False
    children = _children(root, "selectionEntries", "selectionEntry")
    for group in _children(root, "selectionEntryGroups", "selectionEntryGroup"):
        children += _children(group, "selectionEntries", "selectionEntry")
    for child in children:
        name = child.get("name", "")
        numbered = re.match(r"^\s*(\d+)\s*x?\s+\S", name)
        if not numbered and child.get("type") != "model":
            continue
        per = int(numbered.group(1)) if numbered else 1
        low = high = None
        for constraint in _children(child, "constraints", "constraint"):
            if constraint.get("field") != "selections" or constraint.get("scope") != "parent":
                continue
            value = int(float(constraint.get("value", "0")))
            if constraint.get("type") == "min":
                low = value
            elif constraint.get("type") == "max":
                high = value
        counted = True
        sizes_min += per * (low or 0)
        if sizes_max is not None:
            sizes_max = None if high is None else sizes_max + per * high
    if not counted:
        return {"min": 1, "max": 1}
    minimum = max(1, sizes_min)
    maximum = sizes_max if sizes_max and sizes_max >= minimum else None
    return {"min": minimum, "max": maximum} if maximum is not None else {"min": minimum}


def _points(root: Element) -> int | None:
    for cost in _children(root, "costs", "cost"):
        if cost.get("name", "").lower() in ("pts", "points") or cost.get("typeId") == "points":
            try:
                return int(float(cost.get("value", "0")))
            except ValueError:
                return None
    return None


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
    match = re.search(r"within (\d+)\s*(?:\"|''|”|″| inches)", text)
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


def _ability(
    name: str, text: str, refs: list[WeaponRef], tally: Tally, *, command: bool = False
) -> tuple[dict[str, Any], Reading]:
    reading = read_ability(text, refs)
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


def build_unit(
    name: str,
    root: Element,
    unit_profile: Element,
    found: list[Found],
    faction: str,
    keywords: list[str],
    source: str,
    tally: Tally,
) -> tuple[dict[str, Any], list[str]]:
    """A warscroll's data from one unit entry and its `Unit` profile; notes on what was left
    as text. Raises UnitProblem when the unit cannot be played."""
    stats = characteristics(unit_profile)
    notes: list[str] = []
    data: dict[str, Any] = {"name": name, "faction": faction, "source": source}
    stars: dict[str, list[str]] = {}
    missile: list[dict[str, Any]] = []
    melee: list[dict[str, Any]] = []
    weapons: dict[str, dict[str, Any]] = {}
    extra_texts: list[tuple[str, str]] = []
    for item in found:
        element = item.element
        if element.get("typeName") != "Weapon":
            continue
        wname = re.sub(r"\(s\)$", "", element.get("name", "").strip()).strip()
        if wname in weapons:
            if _is_missile(element) == (weapons[wname] in missile):
                continue
            wname = f"{wname} ({'missile' if _is_missile(element) else 'melee'})"
            if wname in weapons:
                continue
        try:
            weapon = _weapon(element, stars)
        except UnitProblem as problem:
            extra_texts.append((wname, f"{problem}: {_text_of(element)}"))
            notes.append(str(problem))
            continue
        ident = slug(wname) or "weapon"
        taken = {w["id"] for w in weapons.values()}
        base, number = ident, 2
        while ident in taken:
            ident, number = f"{base}-{number}", number + 1
        weapon = {"id": ident, **weapon, "name": wname}
        unusable = _weapon_problem(weapon)
        if unusable:
            extra_texts.append((wname, f"Weapon ({unusable}): {_text_of(element)}"))
            notes.append(
                _("weapon {name}: {problem}: kept as a reminder").format(
                    name=wname, problem=unusable
                )
            )
            stars.pop(wname, None)
            continue
        weapons[wname] = weapon
        (missile if _is_missile(element) else melee).append(weapon)
    refs = [
        WeaponRef(
            id=w["id"],
            name=w["name"],
            melee=w in melee,
            rend=-int(str(w["rend"]).lstrip("-")) if re.fullmatch(r"-?\d+", str(w["rend"])) else 0,
            damage=int(w["damage"]) if str(w["damage"]).isdigit() else None,
        )
        for w in weapons.values()
    ]
    move = _inches(stats.get("Move", "")).rstrip('"').strip()
    data["move"] = move
    star_unit = [
        k for k in ("Move", "Save", "Bravery", "Wounds") if stats.get(k, "").strip() in ("*", "✱")
    ]
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
    data["wounds"] = _int(stats.get("Wounds", ""), "Wounds")
    bravery = stats.get("Bravery", "").strip()
    save = stats.get("Save", "").strip()
    table_data = None
    tables = _tables(found)
    if tables:
        table_data, leftover = _damage_table(tables[0], weapons, stars, data)
        for text in leftover:
            extra_texts.append(("Damage table", text))
        for table in tables[1:]:
            extra_texts.append(
                (
                    "Damage table",
                    "; ".join(", ".join(r) for r in [table.columns, *table.rows]),
                )
            )
    if table_data is not None:
        data["damage_table"] = table_data
        sets = [c["sets"] for c in table_data["columns"]]
        first = table_data["rows"][0]["values"]
        if "save" in sets and save in ("*", "✱"):
            save = str(first[sets.index("save")])
        if "bravery" in sets and bravery in ("*", "✱"):
            bravery = str(first[sets.index("bravery")])
    if data["move"] == "table" and not (
        table_data and "move" in [c["sets"] for c in table_data["columns"]]
    ):
        dice = _table_dice(tables, "move")
        if dice is None:
            raise UnitProblem(_("Move is * but no damage table column sets it"))
        data["move"] = 0
        data["random_move"] = dice
    for wname, keys in stars.items():
        starred = weapons.get(wname)
        if starred is None:
            continue
        weapon = starred
        sets = [c["sets"] for c in (table_data or {}).get("columns", [])]
        missing = [k for k in keys if f"weapon.{weapon['id']}.{k}" not in sets]
        if missing:
            for kind in (missile, melee):
                if weapon in kind:
                    kind.remove(weapon)
            labels = ", ".join(WEAPON_KEYS[k] for k in missing)
            shown = ", ".join(f"{WEAPON_KEYS[k]} {weapon[k]}" for k in WEAPON_KEYS)
            extra_texts.append(
                (wname, f"Weapon whose {labels} the warscroll gives in its rules (*): {shown}")
            )
            notes.append(
                _(
                    "weapon {name}: {labels} is * without a damage table column: kept as a reminder"
                ).format(name=wname, labels=labels)
            )
    if "Wounds" in star_unit:
        raise UnitProblem(_("Wounds is *"))
    data["bravery"] = _int(bravery, "Bravery") if bravery not in ("-", "") else 0
    typo = re.fullmatch(r"([2-6])\s*[\"'”]", save)
    if typo:
        notes.append(_("Save {save} read as {roll}+").format(save=repr(save), roll=typo.group(1)))
        save = f"{typo.group(1)}+"
    data["save"] = save if save not in ("", "*", "✱") else "-"
    data["unit_size"] = _size(root)
    points = _points(root)
    if points is not None:
        data["points"] = points
    data["keywords"] = keywords
    if "WIZARD" in keywords:
        data["wizard"] = {}
    if "PRIEST" in keywords:
        data["priest"] = True
    abilities: list[dict[str, Any]] = []
    commands: list[dict[str, Any]] = []
    spells: list[dict[str, Any]] = []
    command_models: list[dict[str, Any]] = []
    magic: dict[str, str] | None = None
    seen: set[tuple[str, str]] = set()
    for item in found:
        element = item.element
        type_name = element.get("typeName", "") if element.tag == "profile" else "Rule"
        aname = element.get("name", "").strip()
        if (type_name, aname) in seen or type_name in ("Weapon", "Unit") or item.linked:
            continue
        seen.add((type_name, aname))
        text = _text_of(element)
        if type_name == "Magic":
            magic = characteristics(element)
            continue
        if type_name == "Damage Table":
            continue
        if element.tag == "profile" and (
            any(
                re.search(r"wounds? (suffered|allocated)", k.lower())
                for k in characteristics(element)
            )
            or (type_name not in KNOWN_TYPES and _WOUND_ROW.fullmatch(aname))
        ):
            continue
        if type_name in SKIPPED_TYPES:
            continue
        if type_name == "Spell":
            values = characteristics(element)
            description = values.get("Description", text)
            try:
                casting = _int(values.get("Casting Value", "").rstrip("+"), "Casting Value")
                if not 1 <= casting <= 18:
                    raise UnitProblem(_("Casting Value {value}").format(value=casting))
            except UnitProblem as problem:
                extra_texts.append((aname, f"spell ({problem}): {description}"))
                continue
            reading = read_ability(description, refs)
            tally.count(reading)
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
            spells.append(spell)
            continue
        if type_name == "Command Abilities":
            command, _reading = _ability(aname, values_text(element), refs, tally, command=True)
            commands.append(command)
            continue
        if type_name == "Prayer":
            prayer, _reading = _ability(f"Prayer: {aname}", text, refs, tally)
            prayer.setdefault("timing", {"phase": "hero", "turn": "yours"})
            if prayer["timing"] == {"phase": "any"}:
                prayer["timing"] = {"phase": "hero", "turn": "yours"}
            abilities.append(prayer)
            continue
        role = _command_role(aname, text) if type_name in ABILITY_TYPES | {"Rule"} else None
        if type_name == "Unit Leader":
            role = role or "champion"
        if role is not None and all(m["role"] != role for m in command_models):
            reading = read_ability(text, refs)
            tally.count(reading)
            model: dict[str, Any] = {"role": role, "name": aname, "text": text or aname}
            one_per = re.search(r"1 in every (\d+) models", text.lower())
            if one_per:
                model["one_per"] = int(one_per.group(1))
            attack_effects = [e for e in reading.effects if e["type"] != "ward"]
            if attack_effects:
                model["effects"] = attack_effects
            if not reading.complete or not attack_effects:
                model["reminder"] = True
            command_models.append(model)
            continue
        ability, reading = _ability(aname, text, refs, tally)
        if reading.fly:
            data["fly"] = True
            continue
        abilities.append(ability)
    for label, text in extra_texts:
        tally.abilities += 1
        tally.reminders += 1
        abilities.append({"name": label, "text": text, "reminder": True})
    unique_ids(abilities)
    unique_ids(commands)
    unique_ids(spells)
    if magic is not None or "WIZARD" in keywords:
        data["wizard"] = _wizard(magic, spells, notes)
    data["missile_weapons"] = missile
    data["melee_weapons"] = melee
    kept = {w["id"] for w in [*missile, *melee]}
    for ability in abilities:
        if "weapons" in ability:
            ability["weapons"] = [w for w in ability["weapons"] if w in kept]
            if not ability["weapons"]:
                del ability["weapons"]
    weapons = {n: w for n, w in weapons.items() if w["id"] in kept}
    if command_models:
        data["command_models"] = command_models
    from aos_cli.content.importers.loadouts import weapon_choices

    data["weapon_options"] = weapon_choices(root, found, weapons, data["unit_size"], command_models)
    if not data["weapon_options"]:
        del data["weapon_options"]
    if abilities:
        data["abilities"] = abilities
    if commands:
        data["command_abilities"] = commands
    if spells:
        data["spells"] = spells
    return data, notes


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


def _wizard(
    magic: dict[str, str] | None, spells: list[dict[str, Any]], notes: list[str]
) -> dict[str, Any]:
    casts = unbinds = 1
    known: list[str] = []
    if magic:
        numbers = re.findall(r"\d+", magic.get("Cast/Unbind", ""))
        if len(numbers) >= 2:
            casts, unbinds = int(numbers[0]), int(numbers[1])
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
        minimum = 0
        for constraint in _children(group, "constraints", "constraint"):
            if constraint.get("type") == "min" and constraint.get("field") == "selections":
                minimum = int(float(constraint.get("value", "0")))
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
    """The outermost unit or model entries of a file that carry (or nest) a `Unit` profile."""
    roots: list[Element] = []

    def has_unit(entry: Element) -> bool:
        return any(profile.get("typeName") == "Unit" for profile in entry.iter("profile"))

    def visit(element: Element) -> None:
        for child in element:
            if (
                child.tag == "selectionEntry"
                and child.get("type") in ("unit", "model")
                and (has_unit(child) or _links_unit(child))
            ):
                roots.append(child)
                continue
            visit(child)

    visit(catalogue.root)
    return roots


_UNIT_PROFILE_IDS: set[str] = set()


def _links_unit(entry: Element) -> bool:
    return any(
        link.get("targetId") in _UNIT_PROFILE_IDS
        for box in entry.findall("infoLinks")
        for link in box.findall("infoLink")
    )


def import_catalogues(paths: Sequence[Path]) -> ImportReport:
    """Read every file given and build a validated warscroll for every unit in them."""
    from pydantic import ValidationError

    from aos_cli.content.schema import Warscroll

    report = ImportReport()
    catalogues = []
    for path in catalogue_files(paths):
        catalogues.append(read_catalogue(path))
        report.files.append(path.name)
    index = Index()
    for catalogue in catalogues:
        index.add(catalogue)
    _UNIT_PROFILE_IDS.clear()
    _UNIT_PROFILE_IDS.update(i for i, p in index.profiles.items() if p.get("typeName") == "Unit")
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
    factions = [c.faction for c in catalogues if not c.library and c.root.tag == "catalogue"]
    linking: dict[str, list[Element]] = {}
    for catalogue in catalogues:
        for link in catalogue.root.iter("entryLink"):
            linking.setdefault(link.get("targetId", ""), []).append(link)
    ids: dict[str, str] = {}
    tally = Tally()
    for catalogue in catalogues:
        for root in unit_roots(catalogue):
            found = list(walk(root, index, root))
            unit_profiles = [f for f in found if f.element.get("typeName") == "Unit"]
            keywords = _keywords([root, *linking.get(root.get("id", ""), [])], index)
            faction = catalogue.faction
            if catalogue.library or catalogue.root.tag == "gameSystem":
                faction = next(
                    (
                        f
                        for f in factions
                        if f.upper() in keywords or f.upper().rstrip("S") in keywords
                    ),
                    faction,
                )
            if faction.upper() in keywords and faction.upper().endswith("S"):
                # BSData writes the faction keyword in the plural (STORMCAST ETERNALS); the
                # warscrolls' own keyword is the singular (STORMCAST ETERNAL).
                keywords = [*keywords, faction.upper()[:-1]]
            root_name = root.get("name", "").strip()
            for item in unit_profiles:
                profile = item.element
                pname = profile.get("name", "").strip()
                name = (
                    root_name
                    if len(unit_profiles) == 1 or pname == root_name
                    else f"{root_name} ({pname})"
                )
                others = [
                    o.owner
                    for o in unit_profiles
                    if o.owner is not item.owner and o.owner is not root
                ]
                mine = [f for f in found if not any(owns(o, f.owner) for o in others)]
                source = f"BattleScribe catalogue {catalogue.name!r} (revision {catalogue.root.get('revision', '?')})"
                try:
                    data, notes = build_unit(
                        name, root, profile, mine, faction, keywords, source, tally
                    )
                except UnitProblem as problem:
                    report.skipped.append(Skipped(name, catalogue.file, str(problem)))
                    continue
                ident = slug(name)
                if ident in ids:
                    report.skipped.append(
                        Skipped(
                            name,
                            catalogue.file,
                            _("another unit of the same name was imported from {file}").format(
                                file=ids[ident]
                            ),
                        )
                    )
                    continue
                data = {"id": ident, **data}
                try:
                    Warscroll.model_validate(data)
                except ValidationError as error:
                    first = error.errors(include_url=False)[0]
                    where = ".".join(str(p) for p in first["loc"])
                    report.skipped.append(
                        Skipped(name, catalogue.file, f"{where}: {first['msg']}".removeprefix(": "))
                    )
                    continue
                ids[ident] = catalogue.file
                for note in notes:
                    report.notes.append(f"{name}: {note}")
                report.warscrolls.append(data)
                report.factions[faction] = report.factions.get(faction, 0) + 1
                report.weapons += len(data["missile_weapons"]) + len(data["melee_weapons"])
    report.abilities = tally.abilities
    report.structured = tally.structured
    report.partial = tally.partial
    report.reminders = tally.reminders
    settle_target_keywords(report.warscrolls)
    return report


def _split_keywords(phrase: str, known: set[str]) -> list[str] | None:
    """A phrase of keywords ("SOULBLIGHT GRAVELORDS SUMMONABLE") as the known keywords it is
    made of, longest first; None when some word belongs to no known keyword."""
    words = phrase.split()
    parts: list[str] = []
    start = 0
    while start < len(words):
        for end in range(len(words), start, -1):
            candidate = " ".join(words[start:end])
            if candidate in known:
                parts.append(candidate)
                start = end
                break
        else:
            return None
    return parts


def settle_target_keywords(warscrolls: list[dict[str, Any]]) -> None:
    """Turn the keyword phrases a text picks by ("REDEEMER OR SACROSANCT", "NURGLE DAEMON") into
    the imported units' own keywords, so the engine's keyword check accepts the units the text
    means; a phrase that matches no keywords is dropped (side and range are still checked)."""
    known = {k for data in warscrolls for k in data.get("keywords", [])}
    for data in warscrolls:
        for key in ("abilities", "spells", "command_abilities"):
            for record in data.get(key) or []:
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


def import_into(paths: Sequence[Path], out: Path) -> ImportReport:
    """Import catalogues and write one content file per faction into `out` (see `output`)."""
    from aos_cli.content.importers.output import file_name, taken_ids, write_files

    report = import_catalogues(paths)
    from aos_cli.content.importers.bundled import keep_bundled

    report.two_sources = keep_bundled(report.warscrolls)
    files: dict[str, dict[str, list[dict[str, Any]]]] = {}
    for data in report.warscrolls:
        files.setdefault(file_name(data["faction"]), {"warscrolls": []})["warscrolls"].append(data)
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
        files = {name: records for name, records in files.items() if records["warscrolls"]}
    header = "BattleScribe data " + ", ".join(report.files)
    report.written = write_files(out, files, header[:400])
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
