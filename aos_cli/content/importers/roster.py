"""Players' rosters → an army list (and warscrolls for units the database lacks).

Three layouts are read into one `Roster`: BattleScribe / New Recruit XML (`.ros`, zipped
`.rosz`), BattleScribe's "Save as HTML" export, and the plain-text list of Warscroll Builder
(as copied out of its PDF, column values between the lines and all). `to_army` then matches
each unit with the rules database, writes a warscroll from the roster's own profiles where the
database lacks one, and builds the army list, validated by the schema and the army checks.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterator
from dataclasses import field
from html.parser import HTMLParser
from pathlib import Path
from typing import TYPE_CHECKING, Any
from xml.etree.ElementTree import Element, SubElement

from aos_cli.content.importers import IMPORTED_SYSTEM
from aos_cli.content.importers.battlescribe import (
    Found,
    Tally,
    UnitProblem,
    build_unit,
    check_game,
    faction_name,
    settle_target_keywords,
    unique_ids,
)
from aos_cli.content.importers.safexml import MAX_FILE_BYTES, ImportProblem, parse_xml, read_bytes
from aos_cli.content.schema import slug
from aos_cli.core.records import dataclass
from aos_cli.language.i18n import _

if TYPE_CHECKING:
    from aos_cli.content.database import Database

MAX_UNITS = 200
"""At most this many units in one roster."""
MAX_DEPTH = 100
"""Selections nested deeper than this are not read (a roster is a few levels deep)."""
MAX_MODELS = 1000
"""At most this many models in one unit of a roster."""
ROSTER_UNIT_MAX = 200
"""A unit written from a roster does not know its size limit: up to this many models."""
_INVISIBLE = dict.fromkeys(map(ord, "\ufeff\u200b\u200c\u200d\u2060\xad"), None)


def whole(text: str, what: str, where: str, high: int = 100_000) -> int:
    """A count or cost from a roster, through the one bounded parser the command line uses:
    ASCII digits only (`٣`, `²`, `inf`, `1e400` and 5,000 digits are refused in one line)."""
    from aos_cli.core.errors import InputError
    from aos_cli.core.numbers import parse_whole

    try:
        return parse_whole(text, what=what, high=high)
    except InputError as error:
        raise ImportProblem(f"{where}: {error}") from None


def decimal_whole(text: str, what: str, where: str, high: int = 100_000) -> int:
    """A cost written as BattleScribe writes it (`120.0`): its whole part, bounded."""
    cleaned = text.strip()
    match = re.fullmatch(r"([0-9]+)(?:\.[0-9]+)?", cleaned)
    return whole(match.group(1) if match else cleaned, what, where, high)


def clean(text: str) -> str:
    """A name as written, without zero-width characters and with single spaces."""
    return " ".join(text.translate(_INVISIBLE).split()).strip("*").strip()


@dataclass
class Profile:
    """One profile a roster carries: its type (Unit, Weapon, Spell ...), name and values."""

    type_name: str
    name: str
    values: dict[str, str]


@dataclass
class RosterUnit:
    """A unit as a roster gives it."""

    name: str
    models: int = 1
    profiles: list[Profile] = field(default_factory=list)
    categories: list[str] = field(default_factory=list)
    items: list[str] = field(default_factory=list)
    """The sub-selections chosen (weapons, command models, upgrades), as written."""
    general: bool = False
    points: int | None = None
    ally: bool = False
    entry_type: str = ""
    """The XML selection's type (`unit`, `model`, `upgrade`), empty in other layouts."""
    counted: int = 0
    """Models counted from the roster's model selections (0: read from the names)."""
    command_trait: str | None = None
    artefacts: list[str] = field(default_factory=list)
    spells: list[str] = field(default_factory=list)
    prayers: list[str] = field(default_factory=list)
    traits: list[str] = field(default_factory=list)


@dataclass
class Roster:
    """A roster in any layout: army name, faction and choices, units, and what else it holds."""

    name: str
    layout: str
    faction: str | None = None
    allegiance: str | None = None
    subfaction: str | None = None
    realm: str | None = None
    units: list[RosterUnit] = field(default_factory=list)
    battalions: list[RosterUnit] = field(default_factory=list)
    endless_spells: list[str] = field(default_factory=list)
    battle_traits: list[Profile] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    records: dict[int, str] = field(default_factory=dict)
    """Each unit's id in the army list built from it (filled by `to_army`): a unit left out
    leaves no gap that would give its artefact to the next unit."""


# ---------------------------------------------------------------------- reading


def read_roster(path: Path) -> Roster:
    """Read a roster file in any of the three layouts; another game's is refused."""
    try:
        data = read_bytes(path, suffixes=(".ros", ".xml"))
    except ImportProblem:
        _refuse_mangled_zip(path)
        raise
    head = data[:4096].lstrip().lower()
    if head.startswith(b"<?xml") or head.startswith(b"<roster"):
        return _read_xml(data, str(path))
    if b"<html" in head or b'class="battlescribe"' in data[:20000].lower():
        return _read_html(data.decode("utf-8", errors="replace"), str(path))
    if head.startswith(b"<"):
        return _read_xml(data, str(path))
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise ImportProblem(
            _("{path}: not a roster (neither XML, HTML nor text)").format(path=path)
        ) from None
    return read_text(text, str(path))


def _refuse_mangled_zip(path: Path) -> None:
    """A zipped roster (`.rosz`) that went through a text editor or a text download: its
    bytes became U+FFFD replacement characters, so it can never be unzipped again."""
    try:
        with path.open("rb") as handle:
            head = handle.read(4096)
    except OSError:
        return
    if head.startswith(b"PK") and b"\xef\xbf\xbd" in head:
        raise ImportProblem(
            _(
                "{path}: a zipped BattleScribe roster whose bytes were changed as text "
                "(saved or downloaded as text): save it from BattleScribe again"
            ).format(path=path)
        )


def _refuse_game(name: str, file: str) -> None:
    lowered = name.lower()
    if re.search(r"40,?000|40k|kill ?team|horus heresy|old world|middle-earth", lowered):
        raise ImportProblem(
            _("{file}: a roster of {game}, not Age of Sigmar").format(file=file, game=name)
        )
    if re.search(r"age of sigmar.*(4|four)|aos ?4|spearhead", lowered):
        raise ImportProblem(
            _("{file}: an Age of Sigmar 4th edition roster; aos reads 2nd edition").format(
                file=file
            )
        )


def _check_profiles(units: list[RosterUnit], file: str) -> None:
    names = {k for u in units for p in u.profiles if p.type_name == "Unit" for k in p.values}
    if {"Health", "Control"} & names:
        raise ImportProblem(
            _(
                "{file}: an Age of Sigmar 4th edition roster (Health, Control); "
                "aos reads 2nd edition"
            ).format(file=file)
        )
    if {"WS", "BS", "T"} <= names:
        raise ImportProblem(
            _("{file}: a Warhammer 40,000 roster, not Age of Sigmar").format(file=file)
        )


def _models(name: str, items: list[str]) -> int:
    """Models as rosters write them: `2x 5 Liberators` is 10, `3x Mancrusher Gargant` 3."""
    words = {w.rstrip("s") for w in re.findall(r"[a-z]+", name.lower()) if len(w) > 2}
    counted: list[tuple[int, bool]] = []
    for item in items:
        match = re.fullmatch(
            r"(?:([0-9]{1,4})\s*x\s*)?([0-9]{1,4})\s+([A-Za-z'].*?)(?:\s*\[.*\])?", item.strip()
        )
        if match:
            times = int(match.group(1) or 1)
            named = {w.rstrip("s") for w in re.findall(r"[a-z]+", match.group(3).lower())}
            counted.append((times * int(match.group(2)), bool(words & named)))
            continue
        match = re.fullmatch(r"([0-9]{1,4})\s*x\s+([A-Za-z'].*?)(?:\s*\[.*\])?", item.strip())
        if match:
            named = {w.rstrip("s") for w in re.findall(r"[a-z]+", match.group(2).lower())}
            if words & named:
                counted.append((int(match.group(1)), True))
            continue
        # `Liberator-Prime (Grandblade)`: one of the unit's models written with its weapon.
        match = re.fullmatch(r"([A-Za-z'][^()]*?)\s*\([^()]{2,}\)(?:\s*\[.*\])?", item.strip())
        if match:
            named = {w.rstrip("s") for w in re.findall(r"[a-z]+", match.group(1).lower())}
            if words & named:
                counted.append((1, True))
    matching = [n for n, same in counted if same]
    total = sum(matching) if matching else sum(n for n, _ in counted)
    return max(1, min(total, 1000)) if total else 1


def _classify(roster: Roster, unit: RosterUnit, nested: list[tuple[str, list[str]]]) -> None:
    """Put a root selection where it belongs: unit, allegiance, battalion, endless spell ..."""
    cats = {c.lower() for c in unit.categories}
    name = unit.name
    if "allegiance" in cats or name.lower().startswith(("allegiance", "alliegiance")):
        if unit.ally:
            # An allied force's own allegiance is not the army's (a Skaven force's `CHAOS`).
            roster.notes.append(f"allied force: {name}")
            return
        for item in unit.items:
            label, colon, value = (clean(p) for p in item.partition(":"))
            if label.lower() == "allegiance":
                roster.allegiance = roster.allegiance or value or None
            elif colon and value and roster.subfaction is None and len(label.split()) <= 3:
                # `Legion: Petrifex Elite`, `Stormhost: Hammers of Sigmar` on the selection
                roster.subfaction = value
        if name.lower().startswith("allegiance:"):
            roster.allegiance = clean(name.split(":", 1)[1])
        for title, items in nested:
            if title.lower().startswith("allegiance:") and roster.allegiance is None:
                roster.allegiance = clean(title.split(":", 1)[1])
            elif not title.lower().startswith("allegiance") and roster.allegiance is None:
                roster.allegiance = clean(title)
            picks = [i for i in items if not re.search(r"^show\b|\btable\b", i.lower())]
            if picks and roster.subfaction is None:
                roster.subfaction = clean(picks[0])
        roster.battle_traits.extend(p for p in unit.profiles if p.type_name == "Battle Trait")
        return
    if "realm of origin" in cats or name.lower() == "realm of origin":
        picked = next((i for i in unit.items), "")
        roster.realm = clean(picked.split(":", 1)[-1]) or None
        return
    if "battalion" in cats or name.lower().startswith("battalion:"):
        unit.name = clean(name.split(":", 1)[1]) if ":" in name else name
        roster.battalions.append(unit)
        return
    if (
        "endless spell" in cats
        or "malign sorcery" in cats
        or re.match(r"(endless spell|magmic invocation|invocation)s?:", name.lower())
    ):
        roster.endless_spells.append(clean(name.split(":", 1)[-1]))
        return
    keywords = [c for c in unit.categories if c == c.upper() and re.search(r"[A-Z]", c)]
    if (
        any(p.type_name == "Unit" for p in unit.profiles)
        or unit.entry_type in ("unit", "model")
        or ({"HERO", "ORDER", "CHAOS", "DEATH", "DESTRUCTION", "MONSTER"} & set(keywords))
    ):
        roster.units.append(unit)
        return
    kind = "scenery" if "scenery" in cats or name.lower().startswith("scenery") else "other"
    roster.notes.append(f"{kind}: {name}" + (f" ({', '.join(unit.items)})" if unit.items else ""))


def _finish_unit(unit: RosterUnit) -> None:
    """Read the general, command trait, artefacts, spells and prayers out of a unit."""
    for item in unit.items:
        if re.fullmatch(r"general(?:\s*[-:].*)?", item.strip().lower()):
            unit.general = True
    for profile in unit.profiles:
        if profile.type_name == "Command Trait":
            unit.command_trait = unit.command_trait or profile.name
        elif profile.type_name == "Artefact":
            unit.artefacts.append(profile.name)
        elif profile.type_name == "Spell":
            unit.spells.append(profile.name)
        elif profile.type_name == "Prayer":
            unit.prayers.append(profile.name)
        elif profile.type_name in ("Mount Trait", "Trait", "Mount Traits"):
            unit.traits.append(profile.name)
    unit.models = unit.counted or _models(unit.name, unit.items)


# ---------------------------------------------------------------------- XML rosters


def _read_xml(data: bytes, file: str) -> Roster:
    root = parse_xml(data, file)
    if root.tag != "roster":
        raise ImportProblem(
            _("{file}: a <{tag}> file is not a BattleScribe roster").format(file=file, tag=root.tag)
        )
    _refuse_game(root.get("gameSystemName", ""), file)
    check_game(root, file)
    roster = Roster(name=clean(root.get("name", "Imported army")), layout="BattleScribe roster")
    forces = [f for box in root.findall("forces") for f in box.findall("force")]
    if not forces:
        raise ImportProblem(_("{file}: the roster has no force (no units)").format(file=file))
    stack = [(force, False) for force in reversed(forces)]
    seen = 0
    while stack and seen < MAX_UNITS:
        force, within = stack.pop()
        seen += 1
        catalogue = force.get("catalogueName", "")
        ally = _is_ally(roster, force.get("name", ""), catalogue, within)
        if roster.faction is None and catalogue and not ally:
            roster.faction = faction_name(catalogue)
        # A force inside a force is an allied force: its units are read once, as allies.
        stack.extend(
            (inner, True) for box in force.findall("forces") for inner in box.findall("force")
        )
        for selection in [
            s for box in force.findall("selections") for s in box.findall("selection")
        ]:
            unit = _xml_unit(selection)
            unit.ally = ally
            nested = [
                (
                    clean(s.get("name", "")),
                    [clean(x.get("name", "")) for x in s.iter("selection") if x is not s],
                )
                for box in selection.findall("selections")
                for s in box.findall("selection")
            ]
            _finish_unit(unit)
            _classify(roster, unit, nested)
    _check_profiles(roster.units, file)
    return roster


def _is_ally(roster: Roster, heading: str, catalogue: str, nested: bool) -> bool:
    """Whether a force's units are allies: a force named Allies, a force inside another, or
    a later force of another faction than the army's (BattleScribe's allied force)."""
    if "allies" in heading.lower() or nested:
        return True
    return bool(
        roster.faction and catalogue and key(faction_name(catalogue)) != key(roster.faction)
    )


def _xml_unit(selection: Element) -> RosterUnit:
    unit = RosterUnit(name=clean(selection.get("name", "")), entry_type=selection.get("type", ""))
    seen: set[tuple[str, str]] = set()
    for profile in selection.iter("profile"):
        key = (profile.get("typeName", ""), clean(profile.get("name", "")))
        if key in seen:
            continue
        seen.add(key)
        values = {
            c.get("name", ""): " ".join((c.text or "").split())
            for c in profile.iter("characteristic")
        }
        unit.profiles.append(Profile(key[0], key[1], values))
    for rule in selection.iter("rule"):
        description = rule.find("description")
        text = " ".join((description.text or "").split()) if description is not None else ""
        unit.profiles.append(Profile("Rule", clean(rule.get("name", "")), {"Description": text}))
    unit.categories = [
        clean(c.get("name", ""))
        for box in selection.findall("categories")
        for c in box.findall("category")
    ]
    models = 0
    for child in selection.iter("selection"):
        name = clean(child.get("name", ""))
        number = whole(
            child.get("number", "1") or "1", "selection number", f"selection {name!r}", MAX_MODELS
        )
        if child is selection:
            if child.get("type") == "model":
                models += number
            continue
        unit.items.append(f"{number}x {name}" if number > 1 else name)
        if child.get("type") == "model":
            models += number
    for cost in selection.iter("cost"):
        if cost.get("name", "").lower() in ("pts", "points"):
            value = decimal_whole(cost.get("value", "0") or "0", "cost", f"selection {unit.name!r}")
            unit.points = min(100_000, (unit.points or 0) + value)
    unit.counted = models
    return unit


# ---------------------------------------------------------------------- HTML export


@dataclass
class Node:
    """An HTML element of the export: tag, class, children and text."""

    tag: str
    cls: str = ""
    children: list[Node | str] = field(default_factory=list)

    def text(self) -> str:
        """The text inside, one line (walked with a stack: no recursion on deep pages)."""
        parts: list[str] = []
        stack: list[Node | str] = list(reversed(self.children))
        while stack:
            child = stack.pop()
            if isinstance(child, str):
                parts.append(child)
            else:
                stack.extend(reversed(child.children))
        return clean(" ".join(parts))

    def find_all(self, tag: str, cls: str | None = None, *, deep: bool = True) -> Iterator[Node]:
        """Descendants (or children when not deep) with this tag and class, in page order."""
        stack: list[Node | str] = list(reversed(self.children))
        while stack:
            child = stack.pop()
            if isinstance(child, Node):
                if child.tag == tag and (cls is None or cls in child.cls.split()):
                    yield child
                if deep:
                    stack.extend(reversed(child.children))


class _Builder(HTMLParser):
    VOID = frozenset({"br", "meta", "img", "hr", "input", "link", "col", "area", "base", "wbr"})

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.root = Node("root")
        self.stack = [self.root]
        self.count = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in self.VOID:
            return
        self.count += 1
        if self.count > 500_000 or len(self.stack) > 200:
            raise ImportProblem(_("the HTML is too large or too deeply nested to be an export"))
        node = Node(tag, dict(attrs).get("class") or "")
        self.stack[-1].children.append(node)
        self.stack.append(node)

    def handle_endtag(self, tag: str) -> None:
        for depth in range(len(self.stack) - 1, 0, -1):
            if self.stack[depth].tag == tag:
                del self.stack[depth:]
                return

    def handle_data(self, data: str) -> None:
        if data.strip():
            self.stack[-1].children.append(data)


def _strip_points(text: str) -> str:
    return clean(re.sub(r"\s*\[[^\]]*\]\s*$", "", text))


def _points_of(text: str) -> int | None:
    match = re.search(r"\[([0-9,]{1,9})\s*pts\]", text)
    return int(match.group(1).replace(",", "") or 0) if match else None


def _split_items(text: str) -> list[str]:
    """A `Selections:` line's items; a comma inside brackets stays in its item (`9x Liberator
    (Warblade, Sigmarite Shield)` is one item: the models and what they carry)."""
    parts: list[str] = []
    depth, start = 0, 0
    for index, char in enumerate(text):
        if char == "(":
            depth += 1
        elif char == ")":
            depth = max(0, depth - 1)
        elif (
            char == "," and depth == 0 and re.match(r",\s+(?:\d+x\s|\d+\s|[A-Z0-9])", text[index:])
        ):
            parts.append(text[start:index])
            start = index + 1
    parts.append(text[start:])
    return [clean(i) for i in parts if clean(i)]


def _labelled(node: Node, label: str) -> str | None:
    for p in node.find_all("p", deep=False):
        spans = list(p.find_all("span", "bold", deep=False))
        if spans and spans[0].text().rstrip(":").lower() == label:
            text = p.text()
            return clean(text.split(":", 1)[1]) if ":" in text else ""
    return None


def _tables(node: Node) -> list[Profile]:
    profiles: list[Profile] = []
    for table in node.find_all("table", deep=False):
        rows = list(table.find_all("tr"))
        if not rows:
            continue
        heads = [h.text() for h in rows[0].find_all("th", deep=False)]
        if not heads or heads[0] == "":
            continue
        type_name, columns = heads[0], [h for h in heads[1:] if h != "Ref"]
        for row in rows[1:]:
            cells = [c.text() for c in row.find_all("td", deep=False)]
            if not cells:
                continue
            profiles.append(
                Profile(type_name, clean(cells[0]), dict(zip(columns, cells[1:], strict=False)))
            )
    return profiles


def _direct_items(li: Node) -> list[Node]:
    """The `li` elements of a selection's own list (its sub-selections)."""
    return [sub for ul in li.find_all("ul", deep=False) for sub in ul.find_all("li", deep=False)]


def _listed(li: Node) -> list[tuple[str, str]]:
    """(profile type, names text) pairs of a selection's `profile-names` line, nested too."""
    found: list[tuple[str, str]] = []
    for p in li.find_all("p", "profile-names"):
        label = ""
        for child in p.children:
            if isinstance(child, Node) and "bold" in child.cls.split():
                label = child.text().rstrip(":")
            elif isinstance(child, Node) and "italic" in child.cls.split() and label:
                found.append((label, f", {child.text()}, "))
    return found


def _own_types(li: Node) -> set[str]:
    """The profile types a selection lists on its own line (not its sub-selections')."""
    types: set[str] = set()
    for p in li.find_all("p", "profile-names", deep=False):
        for child in p.children:
            if isinstance(child, Node) and "bold" in child.cls.split():
                types.add(child.text().rstrip(":"))
    return types


_HEAD_COUNT = re.compile(r"(?:([0-9]{1,4})\s*x\s*)?(?:([0-9]{1,4})\s+)?\D")


def _head_count(head: str) -> int:
    """Models a selection's title counts: `2x 3 Ripperdactyl Riders` 6, `3x Skink Handler` 3,
    `10 Chainrasps` 10, `Salamander` 1."""
    match = _HEAD_COUNT.match(head.strip())
    if match is None:
        return 1
    return int(match.group(1) or 1) * int(match.group(2) or 1)


def _html_models(li: Node) -> int:
    """Models of a unit written as packs, crews or named members (a Salamander Hunting Pack:
    three packs of a Salamander and 3 Skink Handlers is 12): each sub-selection with a `Unit`
    profile of its own is that many models, times the packs around it. 0 when the unit's own
    selection has the `Unit` profile (its models are counted from the names) or none is found.
    """
    if "Unit" in _own_types(li):
        return 0
    total = 0
    stack: list[tuple[Node, int, int]] = [(sub, 1, 1) for sub in _direct_items(li)]
    while stack:
        node, times, depth = stack.pop()
        if depth > MAX_DEPTH:
            continue
        head = next((h.text() for h in node.find_all("h4", deep=False)), "")
        here = times * _head_count(head)
        if "Unit" in _own_types(node):
            total += here
        else:
            stack.extend((sub, here, depth + 1) for sub in _direct_items(node))
        if total > MAX_MODELS:
            return MAX_MODELS
    return total


def _html_unit(li: Node, pool: list[Profile], ally: bool) -> RosterUnit:
    title = next((h.text() for h in li.find_all("h4", deep=False)), "")
    unit = RosterUnit(name=_strip_points(title), points=_points_of(title), ally=ally)
    unit.items = _split_items(_labelled(li, "selections") or "")
    for sub in li.find_all("li"):
        head = next((h.text() for h in sub.find_all("h4", deep=False)), "")
        for item in [_strip_points(head), *_split_items(_labelled(sub, "selections") or "")]:
            if item and item not in unit.items:
                unit.items.append(item)
    unit.categories = [clean(c) for c in (_labelled(li, "categories") or "").split(",") if clean(c)]
    unit.counted = _html_models(li)
    listed = _listed(li)
    if listed:
        unit.profiles = [
            p
            for p in pool
            if any(t == p.type_name and f", {p.name}, " in names for t, names in listed)
        ]
    if not listed or (
        not any(p.type_name == "Unit" for p in unit.profiles)
        and any(p.type_name == "Unit" for p in pool)
    ):
        unit.profiles = list(pool)
    return unit


def _is_battalion(li: Node) -> bool:
    """Whether a selection is a battalion (by its title, categories or own profiles)."""
    title = next((h.text() for h in li.find_all("h4", deep=False)), "").lower()
    categories = (_labelled(li, "categories") or "").lower()
    return (
        title.startswith("battalion")
        or "battalion" in categories
        or any(t.startswith("Battalion") for t in _own_types(li))
    ) and "Unit" not in _own_types(li)


def _read_html(text: str, file: str) -> Roster:
    builder = _Builder()
    try:
        builder.feed(text[:MAX_FILE_BYTES])
        builder.close()
    except ImportProblem as problem:
        raise ImportProblem(f"{file}: {problem}") from None
    root = builder.root
    title = next((h.text() for h in root.find_all("h1")), "")
    if (
        not re.search(r"</html>\s*$", text[-4096:].lower())
        and "</body>" not in text[-4096:].lower()
    ):
        raise ImportProblem(
            _(
                "{file}: the export stops before its end (a truncated file); units after "
                "the cut would be lost: export it again"
            ).format(file=file)
        )
    if not title or not list(root.find_all("li", "rootselection")):
        raise ImportProblem(
            _("{file}: an HTML file, but not a BattleScribe roster export").format(file=file)
        )
    game = re.search(r"\(([^()]*)\)\s*(?:\[[^\]]*\])?\s*$", title)
    _refuse_game(game.group(1) if game else title, file)
    name = clean(re.sub(r"\s*\([^()]*\)\s*(?:\[[^\]]*\])?\s*$", "", title)) or "Imported army"
    roster = Roster(name=name, layout="BattleScribe HTML export")
    forces = list(root.find_all("li", "force"))
    inside = {id(f) for force in forces for f in force.find_all("li", "force")}
    for force in forces:
        heading = next((h.text() for h in force.find_all("h2", deep=False)), "")
        catalogue = re.findall(r"\(([^()]*)\)", heading)
        ally = _is_ally(roster, heading, catalogue[-1] if catalogue else "", id(force) in inside)
        if catalogue and roster.faction is None and not ally:
            roster.faction = faction_name(catalogue[-1])
        # A force nested in this one is read on its own (its units once, as allies).
        theirs = {
            id(li)
            for f in force.find_all("li", "force")
            for li in f.find_all("li", "rootselection")
        }
        for li in [x for x in force.find_all("li", "rootselection") if id(x) not in theirs]:
            pool = _tables(li)
            members = [
                sub for sub in _direct_items(li) if any(t == "Unit" for t, _ in _listed(sub))
            ]
            unit = _html_unit(li, pool, ally)
            nested = [
                (
                    _strip_points(next((h.text() for h in sub.find_all("h4", deep=False)), "")),
                    [
                        _strip_points(next((h.text() for h in x.find_all("h4", deep=False)), ""))
                        for x in sub.find_all("li")
                    ]
                    + _split_items(_labelled(sub, "selections") or ""),
                )
                for sub in _direct_items(li)
            ]
            battalion = (
                "battalion" in " ".join(unit.categories).lower()
                or unit.name.lower().startswith("battalion")
                or any(p.type_name.startswith("Battalion") for p in pool)
            )
            if members and battalion:
                claimed: list[Profile] = []
                stack = [(sub, unit.name) for sub in reversed(members)]
                while stack:
                    sub, owner = stack.pop()
                    inner = [
                        x for x in _direct_items(sub) if any(t == "Unit" for t, _ in _listed(x))
                    ]
                    if inner and _is_battalion(sub) and len(roster.battalions) < MAX_UNITS:
                        # A battalion inside a battalion: its units are units of the army.
                        title = _strip_points(
                            next((h.text() for h in sub.find_all("h4", deep=False)), "")
                        )
                        name = clean(title.split(":", 1)[1]) if ":" in title else title
                        roster.battalions.append(RosterUnit(name=name, categories=["Battalion"]))
                        roster.notes.append(f"{name} is in {owner}")
                        stack.extend((x, name) for x in reversed(inner))
                        continue
                    member = _html_unit(sub, pool, ally)
                    claimed.extend(member.profiles)
                    _finish_unit(member)
                    roster.units.append(member)
                    roster.notes.append(f"{member.name} is in {owner}")
                unit.profiles = [p for p in pool if p not in claimed]
                if not any(p.type_name == "Unit" for p in unit.profiles) and not unit.categories:
                    unit.categories = ["Battalion"]
            _finish_unit(unit)
            _classify(roster, unit, nested)
    _check_profiles(roster.units, file)
    return roster


# ---------------------------------------------------------------------- Warscroll Builder text

_UNIT_LINE = re.compile(r"^(?:(\d+|undefined)\s*x\s+)?(.+?)\s*\((\d+)\)\s*$")
"""`10 x Chaos Warriors (180)`; any digits are taken here, so that counts in other digits
than 0-9 are refused by `whole` with their line, never read as something else."""
_COLUMN = re.compile(r'^(?:[MSWB]|\d+"?\*?|\d\+|-|\d+"\*?|\*)$')


def read_text(text: str, file: str) -> Roster:
    """Read a Warscroll Builder plain-text list (as copied out of its PDF)."""
    lines = [clean(line) for line in text.splitlines()][:5000]
    _refuse_other_text(text, file)
    roster = Roster(name="", layout="Warscroll Builder list")
    section = ""
    unit: RosterUnit | None = None
    battalion: RosterUnit | None = None
    for number, line in enumerate(lines, start=1):
        if not line or _COLUMN.match(line) or line.upper().startswith("TOTAL:"):
            continue
        if line.lower().startswith("allegiance"):
            roster.allegiance = clean(line.split(":", 1)[1]) if ":" in line else None
            unit = None
            continue
        if line.startswith("-"):
            _wb_line_of_choice(roster, line, unit, battalion, section)
            continue
        match = _UNIT_LINE.match(line)
        if match:
            unit, battalion = _wb_entry(roster, match, section, f"{file}:{number}")
            continue
        if line == line.upper() and re.search(r"[A-Z]", line):
            section = line.lower()
            unit = battalion = None
            continue
        if not roster.units and not roster.allegiance:
            roster.name = roster.name or line
            continue
        roster.notes.append(_("line {number} not read: {line}").format(number=number, line=line))
    _refuse_no_units(roster, file)
    roster.name = roster.name or Path(file).stem
    return roster


def _refuse_other_text(text: str, file: str) -> None:
    """Refuse a BattleScribe text roster and a list of another game given as Warscroll
    Builder text."""
    lowered = text[:5000].lower()
    if "++" in text[:2000] and "roster" in lowered:
        raise ImportProblem(
            _("{file}: a BattleScribe text roster; export it as .ros or HTML").format(file=file)
        )
    _refuse_game(lowered if re.search(r"40,?000|40k|kill team", lowered) else "", file)


def _wb_line_of_choice(
    roster: Roster,
    line: str,
    unit: RosterUnit | None,
    battalion: RosterUnit | None,
    section: str,
) -> None:
    """A `- Key: value` line: the army's realm, its subfaction or a note before any unit, or
    an option of the unit above."""
    key, _colon, value = (p.strip() for p in line.lstrip("- ").partition(":"))
    value = clean(value)
    lowered_key = key.lower()
    if lowered_key in ("mortal realm", "realm of origin", "realm"):
        roster.realm = value
    elif unit is None and battalion is None and value and not section:
        roster.subfaction = roster.subfaction or value
        roster.notes.append(f"{key}: {value}")
    elif unit is None and value:
        roster.notes.append(f"{key}: {value}")
    elif unit is not None:
        _wb_option(unit, key, value)


def _wb_entry(
    roster: Roster, match: re.Match[str], section: str, where: str
) -> tuple[RosterUnit | None, RosterUnit | None]:
    """A `10 x Chaos Warriors (180)` line, put where its section says (a battalion, an
    endless spell, scenery or a unit): (the unit, the battalion) its options then belong to."""
    count, name, points = match.groups()
    models = whole(count, "model count", where, MAX_MODELS) if count and count != "undefined" else 1
    entry = RosterUnit(
        name=clean(name), models=max(1, models), points=whole(points, "points", where)
    )
    if "battalion" in section:
        roster.battalions.append(entry)
        return None, entry
    if re.search(r"endless|invocation|spell", section):
        roster.endless_spells.append(entry.name)
        return None, None
    if re.search(r"terrain|scenery", section):
        roster.notes.append(f"scenery: {entry.name}")
        return None, None
    roster.units.append(entry)
    return entry, None


def _refuse_no_units(roster: Roster, file: str) -> None:
    """Refuse a text with no unit read, or with more units than an army may hold."""
    if not roster.units:
        raise ImportProblem(
            _(
                "{file}: no units found; a Warscroll Builder list has lines such as "
                "'10 x Chaos Warriors (180)'"
            ).format(file=file)
        )
    if len(roster.units) > MAX_UNITS:
        raise ImportProblem(
            _("{file}: {n} units is over the limit of {limit}").format(
                file=file, n=len(roster.units), limit=MAX_UNITS
            )
        )


def _spell_name(value: str) -> str:
    """`Lore of Smog - Choking Fumes (Greywater Fastness Wizard)` → `Choking Fumes`."""
    name = re.sub(r"\s*\([^)]*\)\s*$", "", value)
    name = re.sub(r"^lore of [^-:]+[-:]\s*", "", name, flags=re.IGNORECASE)
    return clean(name) or clean(value)


def _wb_option(unit: RosterUnit, key: str, value: str) -> None:
    lowered = key.lower()
    if lowered == "general":
        unit.general = True
    elif lowered == "command trait":
        unit.command_trait = value
    elif lowered == "artefact":
        unit.artefacts.append(value)
    elif lowered in ("spell", "spells", "lore", "prayer") or (
        value and re.search(r"\b(spells?|lore of .*)$", lowered)
    ):
        if lowered in ("prayer",):
            unit.prayers.append(_spell_name(value))
        else:
            unit.spells.append(_spell_name(value))
    elif lowered in ("prayer", "prayers"):
        unit.prayers.append(value)
    elif lowered in ("weapon", "weapons", "weapon option", "wargear", "options") and value:
        unit.items.append(value)
    elif value:
        unit.traits.append(f"{key}: {value}")
    else:
        unit.items.append(key)


# ---------------------------------------------------------------------- to an army list


def key(name: str) -> str:
    """Names compared regardless of case, punctuation and plural endings."""
    words = re.findall(r"[a-z0-9]+", name.lower().replace("'", ""))
    return " ".join(w[:-1] if w.endswith("s") and len(w) > 3 else w for w in words)


@dataclass
class Unmatched:
    """A unit the database lacks, with the closest names it has."""

    name: str
    closest: list[str]

    def describe(self) -> str:
        """`'Chaos Warrior' (closest: Chaos Warriors, Chaos Knights)`."""
        if not self.closest:
            return repr(self.name)
        return _("{name} (closest: {names})").format(
            name=repr(self.name), names=", ".join(self.closest)
        )


@dataclass
class ArmyImport:
    """What a roster import makes: the army list data, warscrolls and other records written
    from the roster's profiles, and a report."""

    army: dict[str, Any]
    warscrolls: list[dict[str, Any]] = field(default_factory=list)
    allegiances: list[dict[str, Any]] = field(default_factory=list)
    battalions: list[dict[str, Any]] = field(default_factory=list)
    matched: list[str] = field(default_factory=list)
    unmatched: list[Unmatched] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    unit_report: list[dict[str, Any]] = field(default_factory=list)
    """One row per unit read: what it was matched to, its models and weapons, what was
    defaulted and what was left out (and why)."""

    def to_json(self) -> dict[str, Any]:
        """The report for `--json`."""
        return {
            "army": self.army.get("name"),
            "units": len(self.army.get("units", [])),
            "models": sum(u.get("models", 1) for u in self.army.get("units", [])),
            "from_database": self.matched,
            "written_from_roster": [w["name"] for w in self.warscrolls],
            "unmatched": [{"name": u.name, "closest": u.closest} for u in self.unmatched],
            "notes": self.notes,
            "unit_report": self.unit_report,
        }


def _aos2_scrolls(db: Database) -> list[Any]:
    """The warscrolls a roster's units are matched with (index entries: nothing is built)."""
    return [e for e in db.warscrolls.entries() if e.system == IMPORTED_SYSTEM]


def _match(db: Database, name: str) -> Any:
    """How a roster's unit name matches a warscroll (`names.Match`), or None."""
    from aos_cli.content.importers.names import match

    return match(_aos2_scrolls(db), name)


def _mounted(db: Database, unit: RosterUnit) -> Any:
    """A hero taken on a mount of its choices (a Damsel picked with `Pegasus`): the catalogue
    import's `Damsel on Pegasus` warscroll, matched by name only, or None."""
    for item in unit.items[:MAX_MOUNT_LOOKS]:
        found = _match(db, f"{unit.name} on {item}")
        if found is not None and found.how == "exact":
            return found
    return None


MAX_MOUNT_LOOKS = 40
"""At most this many of a unit's picks tried as its mount (a real unit has under twenty)."""


def _lookup(db: Database, name: str) -> Any:
    """The aos2 warscroll of this name (case, punctuation, plurals, forms aside), or None."""
    found = _match(db, name)
    return db.warscrolls[found.scroll.id] if found is not None else None


def _reference(db: Database, scroll: Any) -> str:
    """How the army list names a warscroll: its name, or its id when names are shared."""
    same = [s for s in db.warscrolls.values() if key(s.name) == key(scroll.name)]
    return str(scroll.name) if len(same) == 1 else str(scroll.id)


def _closest(db: Database, name: str) -> list[str]:
    from aos_cli.content.importers.names import closest

    return closest(_aos2_scrolls(db), name)


_STARRED = ("Move", "Attacks", "To Hit", "To Wound", "Rend", "Damage")


def _table_columns(unit: RosterUnit) -> set[str]:
    """The column names (keys) of the unit's damage table rows, as an export prints them
    (`(Wounds Suffered) Stegadon` rows with `Move`, `Massive Horns` columns)."""
    columns: set[str] = set()
    for profile in unit.profiles:
        kind = profile.type_name.lower()
        if "wounds suffered" in kind or re.fullmatch(r"\d+\s*-\s*\d+|\d+\+", profile.name.strip()):
            columns.update(key(c) for c in profile.values)
        elif "table" in kind and any(
            v.strip().lower() == "wounds suffered" for v in profile.values.values()
        ):
            # A generic `Damage Table` whose first row names its columns (`Variable 3`:
            # `Clubbed Fists`).
            columns.update(key(v) for v in profile.values.values())
    return columns


def _starred(profile: Profile, columns: set[str]) -> dict[str, str]:
    """A profile's values with an empty cell the unit's damage table sets written as `*`:
    the HTML export prints the catalogue's `*` as an empty cell, which would otherwise lose
    a monster's table-driven weapons (a Stegadon's Massive Horns and Crushing Stomps)."""
    values = dict(profile.values)
    if profile.type_name == "Weapon" and key(profile.name) in columns:
        blanks = [k for k in _STARRED if k in values and not values[k].strip()]
        if len(blanks) == 1:
            values[blanks[0]] = "*"
    elif profile.type_name == "Unit" and "move" in columns and not values.get("Move", "x").strip():
        values["Move"] = "*"
    return values


def _element(unit: RosterUnit) -> tuple[Element, Element | None, list[Found]]:
    entry = Element("selectionEntry", {"name": unit.name, "type": "unit"})
    box = SubElement(entry, "profiles")
    found: list[Found] = []
    unit_profile = None
    columns = _table_columns(unit)
    for profile in unit.profiles:
        if profile.type_name == "Rule":
            element = Element("rule", {"name": profile.name})
            SubElement(element, "description").text = profile.values.get("Description", "")
        else:
            element = SubElement(
                box,
                "profile",
                {"name": profile.name, "typeName": profile.type_name, "typeId": profile.type_name},
            )
            values = SubElement(element, "characteristics")
            for name, value in _starred(profile, columns).items():
                SubElement(values, "characteristic", {"name": name}).text = value
        if profile.type_name == "Unit" and unit_profile is None:
            unit_profile = element
        found.append(Found(element, entry, False))
    return entry, unit_profile, found


def to_army(
    roster: Roster, db: Database, source: str, label: str = "", *, skip_unknown: bool = False
) -> ArmyImport:
    """Match the roster's units with the database and build the army list's data.

    Units the database lacks are built from the roster's own profiles (XML and HTML rosters
    carry them); a plain-text list's unknown unit is `unmatched`, with the closest names, and
    with `skip_unknown` the rest of the army is built all the same (the report lists it).
    """
    _refuse_no_units_to_build(roster, source)
    faction = roster.allegiance or roster.faction or "Imported"
    building = _Building(db=db, source=source, faction=faction, result=ArmyImport(army={}))
    for unit in roster.units:
        chosen = _unit_warscroll(unit, building)
        if chosen is None:
            continue
        scroll, data = chosen
        if scroll is not None:
            building.result.matched.append(scroll.name)
            if roster.layout == "Warscroll Builder list":
                _packs(unit, scroll, building.result)
        _add_unit(roster, unit, scroll, data, building)
    result = building.result
    if result.unmatched and (not skip_unknown or not building.units):
        return result
    settle_target_keywords(result.warscrolls)
    _general(building.units, building.scrolls, result)
    _army_data(roster, building, label)
    return result


@dataclass
class _Building:
    """An army list being built from a roster: the database and the faction it is read
    against, the import's result, and the units written so far."""

    db: Database
    source: str
    faction: str
    result: ArmyImport
    tally: Tally = field(default_factory=Tally)
    units: list[dict[str, Any]] = field(default_factory=list)
    """The army list's unit records."""
    used: set[str] = field(default_factory=set)
    """Unit ids given."""
    scrolls: dict[str, Any] = field(default_factory=dict)
    """Unit id → its warscroll (the database's, or the data written from the roster)."""
    built: dict[tuple[str, tuple[str, ...]], dict[str, Any]] = field(default_factory=dict)
    """Warscrolls written from the roster, by unit name and weapons (written once)."""
    rostered: set[str] = field(default_factory=set)
    """Ids of warscrolls written from the roster in place of the database's (named alike)."""


def _refuse_no_units_to_build(roster: Roster, source: str) -> None:
    """Refuse a roster with no unit, or with more than an army list may hold."""
    if not roster.units:
        raise ImportProblem(
            _("{name}: the roster holds no units (only {what})").format(
                name=roster.name or source,
                what=", ".join([*(b.name for b in roster.battalions), *roster.notes][:5])
                or _("nothing that can be read"),
            )
        )
    if len(roster.units) > MAX_UNITS:
        raise ImportProblem(
            _("{n} units: a roster may hold at most {limit}").format(
                n=len(roster.units), limit=MAX_UNITS
            )
        )


def _unit_warscroll(
    unit: RosterUnit, building: _Building
) -> tuple[Any, dict[str, Any] | None] | None:
    """The unit's warscroll: the database's (with None), or the data written from the
    roster's profiles (None and the data); None when the unit is left out (the report says
    why)."""
    db, result = building.db, building.result
    how = _mounted(db, unit) or _match(db, unit.name)
    scroll = db.warscrolls[how.scroll.id] if how is not None else None
    if scroll is not None and how is not None and how.how == "close":
        result.notes.append(
            _("{name} read as {scroll} (a close name: check it)").format(
                name=repr(unit.name), scroll=scroll.name
            )
        )
    signature = (
        unit.name,
        tuple(sorted(p.name for p in unit.profiles if p.type_name == "Weapon")),
    )
    revised = _not_on_warscroll(unit, scroll)
    revised_from = scroll if revised else None
    if revised:
        # Another catalogue revision: the roster's own profiles are the army as built.
        scroll = None
    if scroll is None and signature in building.built:
        return None, building.built[signature]
    if scroll is None:
        return _from_roster_profiles(unit, building, signature, revised, revised_from)
    return scroll, None


def _from_roster_profiles(
    unit: RosterUnit,
    building: _Building,
    signature: tuple[str, tuple[str, ...]],
    revised: list[str],
    revised_from: Any,
) -> tuple[Any, dict[str, Any] | None] | None:
    """Write the unit's warscroll from the roster's own profiles (as `_unit_warscroll`
    answers); the database's warscroll `revised_from` when that fails or loses a weapon."""
    result = building.result
    entry, unit_profile, found = _element(unit)
    if unit_profile is None:
        closest = _closest(building.db, unit.name)
        result.unmatched.append(Unmatched(unit.name, closest))
        result.unit_report.append(
            {
                "read": unit.name,
                "matched": None,
                "models": unit.models,
                "left_out": _("not in the rules database"),
                "closest": closest,
                "options": list(unit.items),
            }
        )
        return None
    keywords = [c for c in unit.categories if c == c.upper() and re.search(r"[A-Z]", c)]
    scroll: Any = None
    data: dict[str, Any] | None
    try:
        data, _notes = build_unit(
            unit.name,
            entry,
            unit_profile,
            found,
            building.faction,
            keywords,
            building.source,
            building.tally,
        )
    except UnitProblem as problem:
        if revised_from is None:
            result.unmatched.append(Unmatched(f"{unit.name} ({problem})", []))
            result.unit_report.append(
                {"read": unit.name, "matched": None, "left_out": str(problem)}
            )
            return None
        scroll, data, revised = revised_from, None, []  # the database's, said below
    if data is not None and revised_from is not None and not _keeps_weapons(data, unit):
        # The roster's profiles lose a weapon of their own (a `*` no table sets):
        # the database's warscroll is nearer; the report lists what it lacks.
        scroll, data, revised = revised_from, None, []
    if data is not None:
        data = _written(data, unit, result, bool(revised))
        building.built[signature] = data
        if revised:
            building.rostered.add(str(data["id"]))
            result.notes.append(
                _(
                    "{unit}: written from the roster's profiles: its {weapons} is not "
                    "on the database's warscroll (another catalogue revision)"
                ).format(unit=unit.name, weapons=", ".join(revised))
            )
    return scroll, data


def _add_unit(
    roster: Roster,
    unit: RosterUnit,
    scroll: Any,
    data: dict[str, Any] | None,
    building: _Building,
) -> None:
    """Write the unit's record in the army list (a unique id, its warscroll, its options and
    choices) and its row in the report."""
    ident = slug(unit.name) or "unit"
    base, number = ident, 2
    while ident in building.used:
        ident, number = f"{base}-{number}", number + 1
    building.used.add(ident)
    record: dict[str, Any] = {
        "id": ident,
        "warscroll": _reference(building.db, scroll)
        if scroll is not None
        else str(data["id"] if data["id"] in building.rostered else data["name"])
        if data
        else unit.name,
        "models": unit.models,
    }
    building.scrolls[ident] = scroll if scroll is not None else data
    row: dict[str, Any] = {
        "id": ident,
        "read": unit.name,
        "matched": scroll.name if scroll is not None else None,
        "source": "database" if scroll is not None else "roster",
        "models": unit.models,
        "defaulted": [],
        "capped": [],
    }
    if scroll is not None:
        row.update(_options_from_items(record, unit, scroll, building.result))
    else:
        roles = [m["role"] for m in (data or {}).get("command_models", [])]
        if roles:
            record["command_models"] = roles
    _unit_choices(record, unit)
    roster.records[id(unit)] = ident
    row["weapons"] = dict(record.get("weapons", {}))
    row["command_models"] = list(record.get("command_models", []))
    building.result.unit_report.append(row)
    building.units.append(record)


def _unit_choices(record: dict[str, Any], unit: RosterUnit) -> None:
    """The unit's general, ally, spells, prayers and traits, as the roster gives them."""
    if unit.general:
        record["general"] = True
    if unit.ally:
        record["ally"] = True
    if unit.spells:
        record["spells"] = list(dict.fromkeys(unit.spells))
    if unit.prayers:
        record["prayers"] = list(dict.fromkeys(unit.prayers))
    if unit.traits:
        record["traits"] = list(dict.fromkeys(unit.traits))


def _army_data(roster: Roster, building: _Building, label: str) -> None:
    """The army list around its units: name, allegiance, subfaction, realm, endless spells,
    battalions and notes, put in the result."""
    result, faction = building.result, building.faction
    army: dict[str, Any] = {"name": roster.name or "Imported army", "system": IMPORTED_SYSTEM}
    _allegiance(
        army,
        roster,
        building.units,
        building.scrolls,
        building.db,
        result,
        faction,
        label or roster.name,
    )
    army["units"] = building.units
    if roster.subfaction:
        army["subfaction"] = roster.subfaction
    if roster.realm:
        army["realm"] = roster.realm
    if roster.endless_spells:
        army["endless_spells"] = list(dict.fromkeys(roster.endless_spells))
    _battalions(army, roster, building.db, result, faction)
    notes = [f"Imported from a {roster.layout}.", f"Allegiance: {faction}.", *roster.notes]
    army["notes"] = " ".join(notes)[:4000]
    result.notes.extend(roster.notes)
    result.army = army


def _not_on_warscroll(unit: RosterUnit, scroll: Any) -> list[str]:
    """The weapons a roster prints for a unit (with its own `Unit` profile) that the
    database's warscroll lacks under any spelling: the roster's catalogue is another
    revision (a Lord of Change with a Staff of Tzeentch)."""
    from aos_cli.content.importers.loadouts import _key, same_weapon

    if scroll is None or not any(p.type_name == "Unit" for p in unit.profiles):
        return []
    keys = [_key(w.name) for w in scroll.weapons]
    return [
        p.name
        for p in unit.profiles
        if p.type_name == "Weapon" and not any(same_weapon(_key(p.name), k) for k in keys)
    ]


def _keeps_weapons(data: dict[str, Any], unit: RosterUnit) -> bool:
    """Whether a warscroll written from the roster kept every weapon the roster prints."""
    kept = {key(w["name"]) for kind in ("missile_weapons", "melee_weapons") for w in data[kind]}
    return all(key(p.name) in kept for p in unit.profiles if p.type_name == "Weapon")


def _written(
    data: dict[str, Any], unit: RosterUnit, result: ArmyImport, revised: bool
) -> dict[str, Any]:
    """A warscroll written from a roster's unit: an id of its own (never the database's,
    whose name it may share), its size open, its points the roster's."""
    ident = slug(unit.name) or "unit"
    if revised:
        ident = f"{ident}-as-rostered"
    taken_ids = {w["id"] for w in result.warscrolls}
    base_id, number = ident, 2
    while ident in taken_ids:
        ident, number = f"{base_id}-{number}", number + 1
    if ident != base_id:
        data["name"] = f"{unit.name} ({number - 1})"
    data = {"id": ident, **data}
    data["unit_size"] = {"min": 1, "max": 1 if unit.models <= 1 else ROSTER_UNIT_MAX}
    if unit.points is not None:
        data["points"] = unit.points
    result.warscrolls.append(data)
    return data


def _packs(unit: RosterUnit, scroll: Any, result: ArmyImport) -> None:
    """A text list's count of a unit sold by the pack, crew or mount (`Salamander Hunting Pack
    (90)`, `2 x Salamander Hunting Pack (180)`, `Thundrik's Profiteers (120)`): fewer models
    than the warscroll's minimum, with points a whole number of its minimum units', is that
    many minimum units of models."""
    smallest = scroll.unit_size.min or 1
    if unit.models >= smallest or smallest <= 1 or not scroll.points or not unit.points:
        return
    packs, rest = divmod(unit.points, scroll.points)
    if rest or packs < 1:
        return
    models = packs * smallest
    if scroll.unit_size.max is not None and models > scroll.unit_size.max:
        return
    result.notes.append(
        _("{unit}: {points} points are {packs} × {size} models: {models} models").format(
            unit=unit.name, points=unit.points, packs=packs, size=smallest, models=models
        )
    )
    unit.models = models


def _options_from_items(
    record: dict[str, Any], unit: RosterUnit, scroll: Any, result: ArmyImport
) -> dict[str, Any]:
    """Weapon choices and command models the roster records for a unit of a database
    warscroll; the report's row for the unit (what was read, defaulted and capped)."""
    from aos_cli.content.importers.loadouts import roster_loadout

    weapons = [p.name for p in unit.profiles if p.type_name == "Weapon"]
    loadout = roster_loadout(scroll, unit.models, unit.items, weapons, unit.name)
    if loadout.weapons:
        record["weapons"] = loadout.weapons
    items = [key(i) for i in unit.items]
    roles: list[str] = []
    for model in scroll.command_models:
        wanted = key(model.name)
        if any(wanted and wanted in item for item in items) and model.role not in roles:
            roles.append(model.role)
    defaulted = [
        _("weapons: {option} (the warscroll's default)").format(option=o) for o in loadout.defaulted
    ]
    champion = next((m for m in scroll.command_models if m.role == "champion"), None)
    if champion is not None and "champion" not in roles and unit.models > 1:
        roles.insert(0, "champion")
        defaulted.append(_("{model} leads the unit").format(model=champion.name))
    if roles:
        record["command_models"] = roles
    for note in loadout.notes:
        result.notes.append(f"{unit.name}: {note}")
    row: dict[str, Any] = {"defaulted": defaulted, "capped": loadout.notes}
    if loadout.without:
        row["no_weapon_of"] = loadout.without
    if loadout.unknown:
        row["not_in_warscroll"] = loadout.unknown
    if unit.entry_type == "" and not unit.profiles:
        # A text list's option lines: each one read, or listed as not read.
        named = {key(m.name) for m in scroll.command_models}
        row["not_read"] = [
            item
            for index, item in enumerate(unit.items)
            if index not in loadout.used and not any(n and n in key(item) for n in named)
        ]
    return row


def _is_hero(scroll: Any) -> bool:
    if scroll is None:
        return False
    keywords = scroll.keywords if hasattr(scroll, "keywords") else scroll.get("keywords", [])
    return "HERO" in [k.upper() for k in keywords]


def _general(units: list[dict[str, Any]], scrolls: dict[str, Any], result: ArmyImport) -> None:
    generals = [u for u in units if u.get("general")]
    for extra in generals[1:]:
        extra.pop("general")
        result.notes.append(
            _("{unit} was also marked general: only one may be").format(unit=extra["warscroll"])
        )
    if not generals and units:
        choice = next(
            (u for u in units if _is_hero(scrolls.get(u["id"])) and not u.get("ally")), None
        )
        choice = choice or next((u for u in units if not u.get("ally")), units[0])
        choice["general"] = True
        result.notes.append(
            _("the roster names no general: {unit} is the general").format(unit=choice["warscroll"])
        )


def _allegiance(
    army: dict[str, Any],
    roster: Roster,
    units: list[dict[str, Any]],
    scrolls: dict[str, Any],
    db: Database,
    result: ArmyImport,
    faction: str,
    label: str,
) -> None:
    """The army's allegiance, command trait and artefacts: the database's allegiance when it
    holds what the roster chose, else one written from the roster (its own choices as rows)."""
    general = next((u for u in units if u.get("general")), None)
    if general is None:
        result.notes.append(_("the roster leaves no unit to be the general"))
        return
    trait = next((u.command_trait for u in roster.units if u.general and u.command_trait), None)
    by_id = {record["id"]: record for record in units}
    keyword = _common_keyword(units, scrolls, faction)
    if keyword is None:
        result.notes.append(
            _(
                "no keyword is shared by every unit: the allegiance ({faction}) is kept in the notes"
            ).format(faction=faction)
        )
        return
    army["allegiance"] = faction
    chosen_artefacts = _borne_artefacts(roster, by_id, scrolls, result)
    if trait and not _is_hero(scrolls.get(general["id"])):
        result.notes.append(
            _("command trait {trait}: the general is not a HERO").format(trait=trait)
        )
        trait = None
    existing = None
    try:
        existing = db.allegiance(faction, IMPORTED_SYSTEM)
    except Exception:  # no allegiance of that faction in the database
        existing = None
    if existing is not None:
        rows = {r.name for t in [*existing.command_traits, *existing.artefacts] for r in t.rows}
        wanted = {n for _, n in chosen_artefacts} | ({trait} if trait else set())
        if wanted <= rows and existing.keyword in keyword_set(units, scrolls):
            army["allegiance"] = existing.id
            _set_choices(army, chosen_artefacts, trait, by_id)
            return
    written = _written_allegiance(roster, db, faction, label, keyword, trait, chosen_artefacts)
    army["allegiance"] = written["id"]
    result.allegiances.append(written)
    _set_choices(army, chosen_artefacts, trait, by_id)


def _borne_artefacts(
    roster: Roster,
    by_id: dict[str, dict[str, Any]],
    scrolls: dict[str, Any],
    result: ArmyImport,
) -> list[tuple[dict[str, Any], str]]:
    """The artefacts the roster's units bear, as (unit record, artefact): one each, borne by
    a HERO, no more than the army is allowed (one, and one a battalion); notes say the rest."""
    bearers = [(u, list(dict.fromkeys(u.artefacts))) for u in roster.units if u.artefacts]
    unit_of = {u: by_id[r] for u, r in roster.records.items() if r in by_id}
    chosen_artefacts: list[tuple[dict[str, Any], str]] = []
    taken: set[str] = set()
    for unit, names in bearers:
        record = unit_of.get(id(unit))
        if record is None:
            continue
        names = [n for n in names if n not in taken]
        if not names:
            result.notes.append(
                _("{unit}: its artefact is borne by another unit").format(unit=record["warscroll"])
            )
            continue
        taken.add(names[0])
        if not _is_hero(scrolls.get(record["id"])):
            result.notes.append(
                _("{unit} bears {artefact} but is not a HERO").format(
                    unit=record["warscroll"], artefact=names[0]
                )
            )
            continue
        chosen_artefacts.append((record, names[0]))
        for other in names[1:]:
            result.notes.append(
                _("{unit} also bears {artefact}: one artefact a HERO").format(
                    unit=record["warscroll"], artefact=other
                )
            )
    limit = 1 + len(roster.battalions)
    for record, name in chosen_artefacts[limit:]:
        result.notes.append(
            _("{artefact} on {unit}: over the artefacts allowed").format(
                artefact=name, unit=record["warscroll"]
            )
        )
    return chosen_artefacts[:limit]


def _written_allegiance(
    roster: Roster,
    db: Database,
    faction: str,
    label: str,
    keyword: str,
    trait: str | None,
    chosen_artefacts: list[tuple[dict[str, Any], str]],
) -> dict[str, Any]:
    """An allegiance written from the roster: its battle traits as reminders, and the command
    trait and artefacts it chose, each a one-row table."""
    # Named by the roster's own faction (the file's name says nothing of the army); a
    # number only where another roster of that faction already wrote one.
    base = f"roster-{slug(faction) or slug(label) or 'army'}"
    ident, number = base, 2
    while ident in db.allegiances:
        ident, number = f"{base}-{number}", number + 1
    written: dict[str, Any] = {
        "id": ident,
        "name": f"{faction} ({roster.name})",
        "faction": faction,
        "keyword": keyword,
        "text": f"Written from the roster {roster.name!r}: the choices it made.",
    }
    traits: dict[str, dict[str, Any]] = {}
    for profile in roster.battle_traits:
        text = " ".join(v for v in profile.values.values() if v) or profile.name
        traits.setdefault(profile.name, {"name": profile.name, "text": text, "reminder": True})
    if traits:
        written["battle_traits"] = list(traits.values())
    if trait:
        text = _profile_text(roster, "Command Trait", trait)
        written["command_traits"] = [_one_row(f"Command trait: {trait}", trait, text)]
    if chosen_artefacts:
        written["artefacts"] = [
            _one_row(f"Artefact: {name}", name, _profile_text(roster, "Artefact", name))
            for _, name in chosen_artefacts
        ]
    return written


def keyword_set(units: list[dict[str, Any]], scrolls: dict[str, Any]) -> set[str]:
    """The keywords every non-allied unit of the army has."""
    sets = []
    for unit in units:
        if unit.get("ally"):
            continue
        scroll = scrolls.get(unit["id"])
        if scroll is None:
            continue
        keywords = scroll.keywords if hasattr(scroll, "keywords") else scroll.get("keywords", [])
        sets.append({k.upper() for k in keywords})
    return set.intersection(*sets) if sets else set()


def _common_keyword(
    units: list[dict[str, Any]], scrolls: dict[str, Any], faction: str
) -> str | None:
    shared = keyword_set(units, scrolls)
    if not shared:
        return None
    wanted = key(faction)
    ranked = sorted(
        shared, key=lambda k: difflib.SequenceMatcher(None, key(k), wanted).ratio(), reverse=True
    )
    return ranked[0]


def _profile_text(roster: Roster, type_name: str, name: str) -> str:
    for unit in roster.units:
        for profile in unit.profiles:
            if profile.type_name == type_name and profile.name == name:
                return " ".join(v for v in profile.values.values() if v) or name
    return name


def _one_row(title: str, name: str, text: str) -> dict[str, Any]:
    return {
        "name": title,
        "dice": "1",
        "restriction": "As chosen in the roster.",
        "rows": [{"roll": 1, "name": name, "text": text or name, "reminder": True}],
    }


def _set_choices(
    army: dict[str, Any],
    artefacts: list[tuple[dict[str, Any], str]],
    trait: str | None,
    by_id: dict[str, Any],
) -> None:
    if trait:
        army["command_trait"] = trait
    for record, name in artefacts:
        by_id[record["id"]]["artefact"] = name


def _battalions(
    army: dict[str, Any], roster: Roster, db: Database, result: ArmyImport, faction: str
) -> None:
    fielded = []
    for battalion in roster.battalions:
        try:
            found = db.battalion(battalion.name, IMPORTED_SYSTEM)
            if key(found.name) != key(battalion.name):
                raise LookupError
            fielded.append({"battalion": found.id})
            continue
        except Exception:  # not in the database: written from the roster
            pass
        abilities = [
            {
                "name": p.name,
                "text": " ".join(v for v in p.values.values() if v) or p.name,
                "reminder": True,
            }
            for p in battalion.profiles
            if p.type_name in ("Battalion Abilities", "Rule")
        ]
        record: dict[str, Any] = {
            "id": slug(battalion.name) or "battalion",
            "name": battalion.name,
            "faction": faction,
            "text": "Written from the roster; its organisation is as the roster fielded it.",
            "organisation": [],
        }
        unique_ids(abilities)
        if abilities:
            record["abilities"] = abilities
        if all(b["id"] != record["id"] for b in result.battalions):
            result.battalions.append(record)
        fielded.append({"battalion": record["id"]})
    if fielded:
        army["battalions"] = fielded
