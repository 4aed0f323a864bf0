"""Weapon choices as a catalogue offers them, and the default loadout BattleScribe gives.

A unit entry of a BattleScribe catalogue says what its models carry by the shape of its
selections: a weapon entry with a minimum of 1 is carried by every model; a selection group
with a minimum of 1 is a choice every model makes (its `defaultSelectionEntryId`, else its
first entry, is what a new unit gets); a group or a weapon entry with a minimum of 0 is a
special weapon some models may take instead (its maximum rises by so many per so many
models); a weapon inside a command model's entry (the Extoller of Shyish's Death Knell) is that
model's own. This module reads those shapes into the warscroll's `weapon_options` and its
command models' `weapons`; the catalogue importer calls it once per unit.
"""

from __future__ import annotations

import re
from dataclasses import field
from typing import Any
from xml.etree.ElementTree import Element

from aos_cli.content.schema import slug
from aos_cli.core.records import dataclass

MAX_DEPTH = 64
"""Selections nested deeper than this under one unit are not read for choices."""


def _key(name: str) -> str:
    words = re.findall(r"[a-z0-9]+", re.sub(r"\([^)]*\)", " ", name.lower()).replace("'", ""))
    return " ".join(w[:-1] if w.endswith("s") and len(w) > 3 else w for w in words)


def _number(text: str | None) -> float:
    """A constraint's or modifier's value; 0 for anything not a plain small number."""
    match = re.fullmatch(r"\s*([0-9]{1,6})(?:\.[0-9]{1,6})?\s*", text or "")
    return float(match.group(0)) if match else 0.0


def _constraint(entry: Element, kind: str) -> Element | None:
    for box in entry.findall("constraints"):
        for constraint in box.findall("constraint"):
            if constraint.get("type") == kind and constraint.get("field") == "selections":
                return constraint
    return None


def _minimum(entry: Element) -> float | None:
    constraint = _constraint(entry, "min")
    return None if constraint is None else _number(constraint.get("value"))


def _per_models(entry: Element, root: Element, size: dict[str, Any]) -> int:
    """`one_per` of an optional weapon: the maximum's rise per pack of models (1 every 5)."""
    limit = _constraint(entry, "max")
    if limit is None:
        return 1
    step = 0.0
    pack = float(size.get("min") or 1)
    for box in entry.findall("modifiers"):
        for modifier in box.findall("modifier"):
            if modifier.get("type") != "increment" or modifier.get("field") != limit.get("id"):
                continue
            step = _number(modifier.get("value"))
            for repeat in modifier.iter("repeat"):
                child = repeat.get("childId", "")
                per = _number(repeat.get("value")) or 1.0
                for model in root.iter("selectionEntry"):
                    if model.get("id") == child:
                        counted = re.match(r"\s*(\d{1,4})\s", model.get("name", ""))
                        pack = float(counted.group(1)) * per if counted else per * pack
    # An entry that is itself several weapons (`x3 Barbed Net`) gives so many per step.
    each = re.match(r"\s*x\s*([0-9]{1,3})\s", entry.get("name", ""))
    many = float(each.group(1)) if each else 1.0
    if step <= 0:
        fixed = _number(limit.get("value")) * many
        biggest = float(size.get("max") or size.get("min") or 1)
        return max(1, int(biggest // fixed)) if fixed >= 1 else 1
    return max(1, int(pack // (step * many)))


def _weapon_of(element: Element, weapons: dict[str, dict[str, Any]]) -> str | None:
    name = re.sub(r"\(s\)$", "", element.get("name", "").strip()).strip()
    for candidate in (name, f"{name} (melee)", f"{name} (missile)"):
        if candidate in weapons:
            return str(weapons[candidate]["id"])
    return None


@dataclass
class _Placed:
    """Where a unit's weapon entries sit: in a choice group (group → its alternatives, each an
    entry and the weapons it gives), in an optional entry of its own, carried by every model
    (`fixed`), or by one command model (its index → weapons)."""

    groups: dict[int, tuple[Element, dict[int, tuple[Element, list[str]]]]] = field(
        default_factory=dict
    )
    singles: dict[int, tuple[Element, list[str]]] = field(default_factory=dict)
    fixed: set[str] = field(default_factory=set)
    own: dict[int, list[str]] = field(default_factory=dict)


def weapon_choices(
    root: Element,
    found: list[Any],
    weapons: dict[str, dict[str, Any]],
    size: dict[str, Any],
    command_models: list[dict[str, Any]],
) -> list[dict[str, Any]]:
    """The unit's weapon options (default first where a group has one); the weapons of a
    command model's own entry are put on that command model (`weapons`)."""
    parents = _parents(root)
    models = {_key(m["name"]): index for index, m in enumerate(command_models)}
    placed = _Placed()
    for item in found:
        element: Element = item.element
        if element.get("typeName") != "Weapon":
            continue
        weapon = _weapon_of(element, weapons)
        if weapon is None:
            continue
        _place(placed, weapon, item.owner, root, parents, models)
    for index, carried in placed.own.items():
        command_models[index]["weapons"] = list(dict.fromkeys(carried))
    kept: set[str] = {w for ws in placed.own.values() for w in ws}
    options = _group_options(placed, kept, root, size)
    options.extend(_single_options(placed, kept, root, size))
    taken: set[str] = set()
    for number, option in enumerate(options, start=1):
        if option["id"] in taken:
            option["id"] = f"{option['id']}-{number}"
        taken.add(option["id"])
    return options


def _parents(root: Element) -> dict[int, Element]:
    """Each element's parent under the unit (by the child's id), down to MAX_DEPTH."""
    parents: dict[int, Element] = {}
    stack: list[tuple[Element, int]] = [(root, 0)]
    while stack:
        node, depth = stack.pop()
        if depth >= MAX_DEPTH:
            continue
        for child in node:
            parents[id(child)] = node
            stack.append((child, depth + 1))
    return parents


def _place(
    placed: _Placed,
    weapon: str,
    owner: Element,
    root: Element,
    parents: dict[int, Element],
    models: dict[str, int],
) -> None:
    """Put one weapon where the selections above its entry (`owner` and up) say it belongs."""
    if owner is root or id(owner) not in parents:
        placed.fixed.add(weapon)
        return
    chain: list[Element] = []
    up: Element | None = owner
    while up is not None and up is not root and len(chain) < MAX_DEPTH:
        chain.append(up)
        up = parents.get(id(up))
    entries = [e for e in chain if e.tag == "selectionEntry"]
    keeper = next(
        (
            models[k]
            for e in entries
            for k in models
            if k and f" {k} " in f" {_key(e.get('name', ''))} "
        ),
        None,
    )
    if keeper is not None:
        if all((_minimum(e) or 0) >= 1 for e in entries):
            placed.own.setdefault(keeper, []).append(weapon)
        return
    group = next((e for e in chain if e.tag == "selectionEntryGroup"), None)
    if group is not None:
        below = chain[: chain.index(group)]
        choice = next((e for e in reversed(below) if e.tag == "selectionEntry"), owner)
        _, alternatives = placed.groups.setdefault(id(group), (group, {}))
        alternatives.setdefault(id(choice), (choice, []))[1].append(weapon)
        return
    optional = _optional_entries(entries)
    if optional:
        placed.singles.setdefault(id(optional[-1]), (optional[-1], []))[1].append(weapon)
    else:
        placed.fixed.add(weapon)


def _optional_entries(entries: list[Element]) -> list[Element]:
    """The upgrade entries a model may leave out.

    A weapon entry is optional with a minimum of 0, or with no minimum but a maximum (the
    Stabbas' `x3 Barbed Net`, up to 1 per 20 models): never every model's."""
    return [
        e
        for e in entries
        if e.get("type") == "upgrade"
        and (_minimum(e) == 0 or (_minimum(e) is None and _constraint(e, "max") is not None))
    ]


def _group_options(
    placed: _Placed, kept: set[str], root: Element, size: dict[str, Any]
) -> list[dict[str, Any]]:
    """The options of the choice groups: a group every model chooses from (its default
    first), or one some models may take (`one_per`). A weapon every alternative gives, and a
    required group's lone weapon, become every model's (`placed.fixed`); `kept` gathers the
    weapons offered."""
    options: list[dict[str, Any]] = []
    fixed = placed.fixed
    for group, alternatives in placed.groups.values():
        listed = [list(dict.fromkeys(ws)) for _, ws in alternatives.values()]
        everywhere = set.intersection(*(set(ws) for ws in listed)) if listed else set()
        fixed |= everywhere if len(listed) > 1 else set()
        choices = [w for ws in listed for w in ws if w not in everywhere or len(listed) == 1]
        choices = [c for c in dict.fromkeys(choices) if c not in fixed and c not in kept]
        if not choices:
            continue
        option: dict[str, Any] = {"id": slug(group.get("name", "")) or "weapons"}
        if (_minimum(group) or 0) >= 1:
            if len(choices) < 2:
                fixed.update(choices)
                continue
            chosen = group.get("defaultSelectionEntryId", "")
            default = next(
                (ws[0] for e, ws in alternatives.values() if e.get("id") == chosen and ws),
                choices[0],
            )
            option["choices"] = [default, *[c for c in choices if c != default]]
            option["default"] = default
        else:
            option["choices"] = choices
            option["one_per"] = _per_models(group, root, size)
        kept.update(choices)
        options.append(option)
    return options


def _single_options(
    placed: _Placed, kept: set[str], root: Element, size: dict[str, Any]
) -> list[dict[str, Any]]:
    """The options of the optional entries outside any group: special weapons some models
    may take (`one_per`), each weapon offered once."""
    options: list[dict[str, Any]] = []
    for entry, carried in placed.singles.values():
        choices = [c for c in dict.fromkeys(carried) if c not in placed.fixed and c not in kept]
        if not choices:
            continue
        kept.update(choices)
        options.append(
            {
                "id": slug(entry.get("name", "")) or "weapon",
                "choices": choices,
                "one_per": _per_models(entry, root, size),
            }
        )
    return options


# ---------------------------------------------------------------------- a roster's choices

_COUNTED = re.compile(r"\s*([0-9]{1,4})\s*x\s*(.*)", re.IGNORECASE)


_TIMES_ENTRY = re.compile(r"\s*(?:([0-9]{1,4})\s*x\s*)?x\s*([0-9]{1,4})\s+(.*)", re.IGNORECASE)
"""`2x x3 Barbed Net`: two of an entry that is itself three nets (`x3 Barbed Net`)."""
_MODEL_LINE = re.compile(
    r"\s*(?:[0-9]{1,4}\s*x\s*)?[0-9]{1,4}\s+(?!x\b)([A-Za-z].*)", re.IGNORECASE
)
"""`2x 20 Stabbas [260pts]`, `10 Grimghast Reapers`: the unit's models, no weapon."""


def _split_count(item: str) -> tuple[int | None, str]:
    """`2x Grandhammer` → (2, `Grandhammer`); `2x x3 Barbed Net` → (6, `Barbed Net`);
    `Warhammer and Shield` → (None, ...)."""
    times = _TIMES_ENTRY.fullmatch(item)
    if times and times.group(3):
        return int(times.group(1) or 1) * int(times.group(2)), times.group(3)
    match = _COUNTED.fullmatch(item)
    if match and match.group(2):
        return int(match.group(1)), match.group(2)
    return None, item


def _says(text: str, name: str) -> bool:
    """Whether `name` (a key) is among the words of `text` (a key)."""
    return bool(name) and f" {name} " in f" {text} "


def same_weapon(printed: str, name: str) -> bool:
    """Whether a roster's printed weapon name (a key) is the warscroll's `name` (a key) as
    another catalogue revision spells it: `zombie rusty blade` for `rusty blade`,
    `corpsemaster goad` for `corpse goad` (same last word, one first word begins the other)."""
    if printed == name:
        return True
    mine, theirs = printed.split(), name.split()
    if not mine or not theirs or mine[-1] != theirs[-1]:
        return False
    if mine[-len(theirs) :] == theirs or theirs[-len(mine) :] == mine:
        return True
    return len(mine) == len(theirs) and (
        mine[0].startswith(theirs[0]) or theirs[0].startswith(mine[0])
    )


@dataclass
class Loadout:
    """What a roster gives a unit's models: weapon id → models carrying it (only the choices
    it records), the options it left to the warscroll's default, and what it capped."""

    weapons: dict[str, int] = field(default_factory=dict)
    defaulted: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    used: set[int] = field(default_factory=set)
    """Indexes of the items read as a weapon choice."""
    without: list[str] = field(default_factory=list)
    """Choices the roster shows the models took no weapon of (none of its weapons printed)."""
    unknown: list[str] = field(default_factory=list)
    """Weapons the roster prints that the database's warscroll lacks (another revision)."""


_CARRIES = re.compile(r"(.*?)\s*\(([^()]{2,})\)\s*(?:\[[^\]]*\])?\s*")
"""`9x Liberator (Warhammer)`, `Liberator-Prime (Grandblade)`: models and what they carry."""


def _read_item(item: str) -> tuple[int | None, str]:
    """An item's count and key. A model written with its weapon in brackets (`Liberator-Prime
    (Grandblade)`) is one model with that weapon, so many with a count (`9x Liberator
    (Warhammer)`); a bare weapon (`Warblade`) has no count: the unit's choice."""
    count, text = _split_count(item)
    carries = _CARRIES.fullmatch(text)
    if carries and carries.group(2).strip().lower() not in ("s", "melee", "missile"):
        return (count if count is not None else 1), _key(f"{carries.group(1)} {carries.group(2)}")
    return count, _key(text)


def _is_model_line(item: str, unit: str) -> bool:
    """Whether an item counts the unit's own models (`2x 20 Stabbas`), which names no
    weapon even where a weapon shares the unit's name (the Stabbas' Stabba)."""
    match = _MODEL_LINE.fullmatch(item)
    if match is None or not unit:
        return False
    own = set(_key(unit).split())
    return bool(own & set(_key(match.group(1)).split()))


def roster_loadout(
    scroll: Any, models: int, items: list[str], profiles: list[str], unit: str = ""
) -> Loadout:
    """The weapons a roster records for a unit of the database's warscroll `scroll`.

    `items` are the roster's selections and option lines as written (`2x Grandhammer`,
    `Warhammer and Shield`, `1 x Grandhammers`); `profiles` the names of the weapon profiles
    it prints for the unit. Special weapons (`one_per`) are read first, then each model's
    choice: the recorded one for the rest of the models, else the warscroll's default."""
    loadout = Loadout()
    roster = _RosterItems.read_items(scroll, items, profiles, unit, loadout)
    specials = _read_special_weapons(scroll, models, roster, loadout)
    rest = max(0, models - specials)
    for option in [o for o in scroll.weapon_options if o.one_per is None]:
        _read_model_choice(option, rest, roster, loadout)
    return loadout


@dataclass
class _RosterItems:
    """A roster's items for one unit as (count, key), the weapon names it prints (keys), and
    the warscroll's weapons by id (their names and keys); what is read is marked in `loadout`."""

    read: list[tuple[int | None, str]]
    shown: set[str]
    names: dict[str, str]
    keys: dict[str, str]
    loadout: Loadout

    @classmethod
    def read_items(
        cls, scroll: Any, items: list[str], profiles: list[str], unit: str, loadout: Loadout
    ) -> _RosterItems:
        """Read the items and printed profiles; note the printed weapons the warscroll lacks."""
        read = [(None, "") if _is_model_line(item, unit) else _read_item(item) for item in items]
        shown = {_key(p) for p in profiles}
        names = {w.id: w.name for w in scroll.weapons}
        keys = {w.id: _key(w.name) for w in scroll.weapons}
        # A printed weapon the warscroll spells otherwise is its weapon when no other has that
        # last word (`Corpsemaster's Goad` for `Corpse Goad`; never a guess between two).
        for printed in list(shown):
            if printed in keys.values():
                continue
            like = [k for k in keys.values() if same_weapon(printed, k)]
            if len(like) == 1:
                shown.add(like[0])
        loadout.unknown = sorted(
            p for p in profiles if not any(same_weapon(_key(p), k) for k in keys.values())
        )
        return cls(read, shown, names, keys, loadout)

    def mentions(self, choice: str, loose: bool) -> list[int | None]:
        """The counts of the items naming the weapon `choice` (None: named without a count);
        `loose`: its last word alone may name it. Marks the items read as used."""
        keys, read = self.keys, self.read
        wanted = _key(self.names.get(choice, choice))
        # `Great Wight Blade` names that weapon, not the `Wight Blade` its words hold.
        longer = [k for k in keys.values() if k != wanted and _says(k, wanted)]
        hits = [
            i
            for i, (_n, text) in enumerate(read)
            if _says(text, wanted) and not any(_says(text, k) for k in longer)
        ]
        if not hits and loose:
            last = wanted.split()[-1] if wanted else ""
            alike = [k for k in keys.values() if k.split()[-1:] == [last]]
            if len(last) > 4 or len(alike) == 1:
                # `Goad` alone names the Corpse Goad when no other weapon ends so.
                hits = [
                    i
                    for i, (_n, text) in enumerate(read)
                    if (len(last) > 4 and last in text.split()) or text == last
                ]
        self.loadout.used.update(hits)
        found = [read[i][0] for i in hits]
        if not found and wanted in self.shown:
            found = [None]
        return found

    def read_choice(self, option: Any) -> bool:
        """Whether any item names one of the option's weapons by any word of it."""
        words = {w for c in option.choices for w in self.keys.get(c, "").split() if len(w) > 3}
        return any(words & set(text.split()) for _n, text in self.read)

    def name(self, weapon_id: str) -> str:
        """The warscroll's name of a weapon (its id when it has none)."""
        return self.names.get(weapon_id, weapon_id)


def _read_special_weapons(scroll: Any, models: int, roster: _RosterItems, loadout: Loadout) -> int:
    """The special weapons (`one_per`) recorded, each capped at what the unit's size allows:
    how many models carry one."""
    specials = 0
    for option in [o for o in scroll.weapon_options if o.one_per is not None]:
        allowed = max(1, models // option.one_per)
        for choice in option.choices:
            found = roster.mentions(choice, loose=False)
            if not found:
                continue
            count = sum(n if n is not None else 1 for n in found)
            if count > allowed:
                loadout.notes.append(
                    f"{roster.name(choice)}: {count} recorded, at most {allowed} allowed"
                )
                count = allowed
            count = min(count, models - specials)
            if count > 0:
                loadout.weapons[choice] = count
                specials += count
    return specials


def _recorded_choices(option: Any, roster: _RosterItems) -> tuple[dict[str, int], list[str]]:
    """The option's weapons the roster names: with a count, and without one (read strictly
    first, then by last word when strictly none is)."""
    counted: dict[str, int] = {}
    open_choices: list[str] = []
    for loose in (False, True):
        for choice in option.choices:
            found = roster.mentions(choice, loose)
            if not found:
                continue
            if all(n is None for n in found):
                open_choices.append(choice)
            else:
                counted[choice] = sum(n or 0 for n in found)
        if counted or open_choices:
            break
    return counted, open_choices


def _read_model_choice(option: Any, rest: int, roster: _RosterItems, loadout: Loadout) -> None:
    """The choice every model makes, for the `rest` of the models (those without a special
    weapon): the counted weapons first, one named without a count takes who is left."""
    counted, open_choices = _recorded_choices(option, roster)
    if not counted and not open_choices:
        if roster.shown and not roster.read_choice(option):
            # The roster prints its weapons and none of this choice's: the models took
            # an alternative that is no weapon (a Keeper of Secrets' Shining Aegis).
            loadout.weapons[option.default or option.choices[0]] = 0
            loadout.without.append(option.name or option.id)
            return
        loadout.defaulted.append(option.name or option.id)
        return
    left = rest
    for choice, count in counted.items():
        count = min(count, left)
        if count > 0:
            loadout.weapons[choice] = count
            left -= count
    if open_choices and left > 0:
        loadout.weapons[open_choices[0]] = left
        for other in open_choices[1:]:
            loadout.notes.append(
                f"{roster.name(other)}: not given a count; "
                f"{roster.name(open_choices[0])} takes the rest"
            )
