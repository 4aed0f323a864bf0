"""Army lists: a player's YAML file, checked against the warscrolls of the database.

Checks (issue 4): unknown warscroll (with did-you-mean), too many models, a weapon the warscroll
does not offer, a command model it does not have, two generals, an ally as general, more allies
than 1 in 4 (AoS2 §25), unknown battalion, allegiance, command trait or artefact.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any

from pydantic import Field, model_validator

from aos_cli.content.schema import Base, Id, System, slug
from aos_cli.core.limits import MAX_MODELS
from aos_cli.core.system import default_id
from aos_cli.language.i18n import _, ngettext

if TYPE_CHECKING:
    from aos_cli.content.database import Database
    from aos_cli.content.schema import Allegiance, Warscroll


class ArmyUnit(Base):
    """One unit of the army: its warscroll, models, weapons carried and command models."""

    id: Id
    warscroll: str
    name: str | None = None
    models: int = Field(1, ge=1, le=MAX_MODELS)
    weapons: dict[str, Annotated[int, Field(ge=0, le=MAX_MODELS)]] = Field(default_factory=dict)
    """Weapon id → how many models carry it (only for weapons chosen from options)."""
    command_models: tuple[str, ...] = ()
    general: bool = False
    ally: bool = False
    reinforcement: bool = False
    artefact: str | None = None
    artefact_weapon: str | None = None
    """The bearer's own weapon an artefact that blesses a weapon is given to (AoS2 §25); its
    first such weapon when left out."""
    spells: tuple[str, ...] = ()
    """Spells chosen from a lore (imported rosters record them; not yet played)."""
    prayers: tuple[str, ...] = ()
    traits: tuple[str, ...] = ()
    """Other choices a roster records for the unit (mount traits, city roles ...)."""
    warscroll_id: str | None = None
    """Filled in by `load_army`: the id of the warscroll the name resolved to."""

    @model_validator(mode="before")
    @classmethod
    def _default_id(cls, data: Any) -> Any:
        if isinstance(data, dict) and "id" not in data:
            label = data.get("name") or data.get("warscroll")
            if isinstance(label, str):
                return {"id": slug(label), **data}
        return data

    @property
    def label(self) -> str:
        return self.name or self.warscroll


class ArmyBattalion(Base):
    """A battalion fielded: which battalion, and the army's unit ids in it."""

    battalion: str
    units: tuple[str, ...] = ()


class ArmyList(Base):
    """A player's army list (validated by `load_army`)."""

    name: str
    player: str | None = None
    system: System = Field(default_factory=default_id)
    allegiance: str | None = None
    command_trait: str | None = None
    command_trait_weapon: str | None = None
    """The general's own weapon a command trait that blesses a weapon is given to (Champion of
    the Realms, AoS2 §25); its first such weapon when left out."""
    command_trait_pick: str | None = None
    """The unit id of the other HERO a command trait picks (Consummate Commander, seed 000
    p.19); the first other HERO of the list when left out."""
    subfaction: str | None = None
    realm: str | None = None
    """Realm of origin, where the list names one."""
    endless_spells: tuple[str, ...] = ()
    """Endless spells taken (recorded even where the engine does not play them yet)."""
    units: list[ArmyUnit] = Field(min_length=1)
    battalions: list[ArmyBattalion] = Field(default_factory=list)
    notes: str | None = None

    @property
    def general(self) -> ArmyUnit | None:
        """The unit holding the general (None when no unit is marked `general: true`)."""
        return next((u for u in self.units if u.general), None)

    def unit(self, unit_id: str) -> ArmyUnit:
        return next(u for u in self.units if u.id == unit_id)


Found = list[tuple[tuple[str | int, ...], str]]


def check_army(army: ArmyList, db: Database) -> tuple[ArmyList, Found]:
    """Check an army against the database; returns the army with warscroll ids filled in and
    every problem as (path inside `army`, message)."""
    units, scrolls, found = _check_units(army, db)
    found += _check_generals(army)
    found += _check_allies(army)
    allegiance, said = _read_allegiance(army, db)
    found += said
    if allegiance is not None:
        found += _check_allegiance_keywords(army, allegiance, scrolls)
    found += _check_command_trait(army, db, allegiance, scrolls)
    found += _check_artefacts(army, allegiance, scrolls)
    found += _check_battalions(army, db)
    return army.model_copy(update={"units": units}), found


def _check_units(
    army: ArmyList, db: Database
) -> tuple[list[ArmyUnit], dict[str, Warscroll], Found]:
    """Each unit's id is its own and its warscroll is found and followed (models, weapons,
    command models). Returns the units with their warscroll ids filled in, the warscroll of
    each unit id whose warscroll was found, and the problems."""
    from aos_cli.core.errors import ContentError

    found: Found = []
    units: list[ArmyUnit] = []
    ids: set[str] = set()
    scrolls: dict[str, Warscroll] = {}
    for index, unit in enumerate(army.units):
        path: tuple[str | int, ...] = ("units", index)
        if unit.id in ids:
            found.append(
                (
                    (*path, "id"),
                    _("two units have the id {id}: name one of them").format(id=repr(unit.id)),
                )
            )
        ids.add(unit.id)
        try:
            scroll = db.warscroll(unit.warscroll, army.system)
        except ContentError as problem:
            found.append(((*path, "warscroll"), str(problem)))
            units.append(unit)
            continue
        scrolls[unit.id] = scroll
        units.append(unit.model_copy(update={"warscroll_id": scroll.id}))
        found.extend(_check_unit(unit, scroll, path))
    return units, scrolls, found


def _check_generals(army: ArmyList) -> Found:
    """One general, and not an ally (AoS2 §5.3, §25)."""
    found: Found = []
    generals = [i for i, u in enumerate(army.units) if u.general]
    for index in generals[1:]:
        found.append(
            (("units", index, "general"), _("two generals: only one unit may be the general"))
        )
    if not generals:
        found.append((("units",), _("no general: mark one unit `general: true` (AoS2 §5.3)")))
    for index in generals:
        if army.units[index].ally:
            found.append(
                (("units", index, "general"), _("an allied unit cannot be the general (AoS2 §25)"))
            )
    return found


def _check_allies(army: ArmyList) -> Found:
    """At most 1 in every 4 units allies, reinforcements not counted (AoS2 §25)."""
    counted = [u for u in army.units if not u.reinforcement]
    allies = sum(1 for u in counted if u.ally)
    if allies <= len(counted) // 4:
        return []
    return [
        (
            ("units",),
            ngettext(
                "{n} allied unit: at most 1 in every 4 units may be allies (AoS2 §25)",
                "{n} allied units: at most 1 in every 4 units may be allies (AoS2 §25)",
                allies,
            ).format(n=allies),
        )
    ]


def _read_allegiance(army: ArmyList, db: Database) -> tuple[Allegiance | None, Found]:
    """The army's allegiance from the database (None when it names none or an unknown one),
    and the problem of an unknown one."""
    from aos_cli.core.errors import ContentError

    if army.allegiance is None:
        return None, []
    try:
        return db.allegiance(army.allegiance, army.system), []
    except ContentError as problem:
        return None, [(("allegiance",), str(problem))]


def _check_allegiance_keywords(
    army: ArmyList, allegiance: Allegiance, scrolls: dict[str, Warscroll]
) -> Found:
    """Every unit not marked an ally has the allegiance's keyword."""
    found: Found = []
    for index, unit in enumerate(army.units):
        member = scrolls.get(unit.id)
        if member and not unit.ally and not member.has_keyword(allegiance.keyword):
            found.append(
                (
                    ("units", index, "warscroll"),
                    _("{unit} lacks the {keyword} keyword: mark it `ally: true`").format(
                        unit=member.name, keyword=allegiance.keyword
                    ),
                )
            )
    return found


def _check_command_trait(
    army: ArmyList, db: Database, allegiance: Allegiance | None, scrolls: dict[str, Warscroll]
) -> Found:
    """The command trait is one of the army's tables, its general may have one, and the
    weapon it blesses is one of the general's own; a trait's weapon needs a trait."""
    if army.command_trait is None:
        if army.command_trait_weapon is not None:
            return [(("command_trait_weapon",), _("there is no command trait to give it"))]
        return []
    found: Found = []
    traits = [r for t in command_trait_tables(db, army, allegiance) for r in t.rows]
    if not any(army.command_trait in (r.id, r.name) for r in traits):
        found.append(
            (
                ("command_trait",),
                _not_found(
                    _("no command trait {name} in the army's allegiance"),
                    army.command_trait,
                    traits,
                ),
            )
        )
    general = army.general
    found += _check_trait_bearer(army, general, scrolls)
    row = next((r for r in traits if army.command_trait in (r.id, r.name)), None)
    if general is not None and row is not None and general.id in scrolls:
        scroll = scrolls[general.id]
        named = army.command_trait_weapon
        found += _check_blessed(row, scroll, general, named, ("command_trait_weapon",))
    pick = army.command_trait_pick
    if pick is not None:
        picked = next((u for u in army.units if u.id == pick), None)
        if picked is None:
            found.append(
                (
                    ("command_trait_pick",),
                    _("no unit with id {id} in this army").format(id=repr(pick)),
                )
            )
        elif picked.general or (
            picked.id in scrolls and not scrolls[picked.id].has_keyword("HERO")
        ):
            found.append(
                (("command_trait_pick",), _("the command trait picks one other HERO (p.19)"))
            )
    return found


def _check_trait_bearer(
    army: ArmyList, general: ArmyUnit | None, scrolls: dict[str, Warscroll]
) -> Found:
    """Only a general with the system's trait keyword (a HERO in AoS2) has a command trait."""
    from aos_cli.core.system import system_info

    info = system_info(army.system)
    keyword = info.term("trait_keyword")
    if general and general.id in scrolls and not scrolls[general.id].has_keyword(keyword):
        return [
            (
                ("command_trait",),
                _("only a {keyword} {general} has a command trait ({rule})").format(
                    keyword=keyword,
                    general=_(info.term("general")),
                    rule=info.term("trait_rule"),
                ),
            )
        ]
    return []


def _check_artefacts(
    army: ArmyList, allegiance: Allegiance | None, scrolls: dict[str, Warscroll]
) -> Found:
    """Each artefact is the allegiance's, borne once, by a HERO, blessing one of its own
    weapons; a weapon needs an artefact; one artefact plus one per battalion (AoS2 §25)."""
    found: Found = []
    artefacts = [r for t in (allegiance.artefacts if allegiance else []) for r in t.rows]
    taken: dict[str, int] = {}
    for index, unit in enumerate(army.units):
        if unit.artefact is not None:
            found += _check_artefact(index, unit, unit.artefact, artefacts, taken, scrolls)
    for index, unit in enumerate(army.units):
        if unit.artefact is None and unit.artefact_weapon is not None:
            found.append((("units", index, "artefact_weapon"), _("the unit bears no artefact")))
    bearers = sum(1 for unit in army.units if unit.artefact is not None)
    if bearers > 1 + len(army.battalions):
        found.append(
            (
                ("units",),
                _("{n} artefacts: one, plus one per battalion ({allowed})").format(
                    n=bearers, allowed=1 + len(army.battalions)
                ),
            )
        )
    return found


def _check_artefact(
    index: int,
    unit: ArmyUnit,
    artefact: str,
    artefacts: list[Any],
    taken: dict[str, int],
    scrolls: dict[str, Warscroll],
) -> Found:
    """One unit's artefact: in the allegiance, not borne by an earlier unit (`taken`, which
    this notes the unit in), borne by a HERO, blessing one of its own weapons."""
    found: Found = []
    path: tuple[str | int, ...] = ("units", index, "artefact")
    if not any(artefact in (r.id, r.name) for r in artefacts):
        found.append(
            (
                path,
                _not_found(_("no artefact {name} in the army's allegiance"), artefact, artefacts),
            )
        )
    if artefact in taken:
        found.append(
            (
                path,
                _("the artefact is also borne by {unit}").format(unit=f"units[{taken[artefact]}]"),
            )
        )
    taken[artefact] = index
    bearer = scrolls.get(unit.id)
    if bearer is not None and not bearer.has_keyword("HERO"):
        found.append((path, _("only a HERO may bear an artefact (AoS2 §25)")))
    row = next((r for r in artefacts if artefact in (r.id, r.name)), None)
    if bearer is not None and row is not None:
        weapon_path: tuple[str | int, ...] = ("units", index, "artefact_weapon")
        found += _check_blessed(row, bearer, unit, unit.artefact_weapon, weapon_path)
    return found


def _check_battalions(army: ArmyList, db: Database) -> Found:
    """Each battalion is in the database, and its units are the army's, none a reinforcement."""
    from aos_cli.core.errors import ContentError

    found: Found = []
    ids = {unit.id for unit in army.units}
    for index, fielded in enumerate(army.battalions):
        path = ("battalions", index)
        try:
            db.battalion(fielded.battalion, army.system)
        except ContentError as problem:
            found.append(((*path, "battalion"), str(problem)))
        for pos, unit_id in enumerate(fielded.units):
            if unit_id not in ids:
                found.append(
                    (
                        (*path, "units", pos),
                        _("no unit with id {id} in this army").format(id=repr(unit_id)),
                    )
                )
            elif army.unit(unit_id).reinforcement:
                found.append(((*path, "units", pos), _("reinforcements cannot join a battalion")))
    return found


def battalion_faults(army: ArmyList, db: Database) -> dict[int, str]:
    """Why each fielded battalion that breaks its organisation gives nothing, by its index in
    the list (seed 000 p.16, AoS2 §23.1): a battalion is two or more units, none of them
    understrength, each matching an entry of the organisation (a warscroll title or keyword)
    as many times as the entry allows. A battalion listing no units, or made of smaller
    battalions (whose own organisations the database does not hold), is taken on trust for
    what cannot be counted."""
    from aos_cli.core.errors import ContentError

    faults: dict[int, str] = {}
    for index, fielded in enumerate(army.battalions):
        if not fielded.units:
            continue
        try:
            battalion = db.battalion(fielded.battalion, army.system)
        except ContentError:
            continue  # reported by the army check
        members = [army.unit(u) for u in fielded.units if u in {x.id for x in army.units}]
        scrolls: list[Warscroll] = []
        for member in members:
            try:
                scrolls.append(db.warscroll(member.warscroll_id or member.warscroll, army.system))
            except ContentError:
                continue
        fault = _organisation_fault(battalion, members, scrolls)
        if fault is not None:
            faults[index] = fault
    return faults


def _organisation_fault(battalion: Any, members: list[ArmyUnit], scrolls: list[Any]) -> str | None:
    """The first way a battalion's fielded units break its organisation, None when they keep it."""
    if len(members) < 2:
        return _("{battalion} is two or more units; it lists {n}").format(
            battalion=battalion.name, n=len(members)
        )
    for member, scroll in zip(members, scrolls, strict=False):
        if member.models < scroll.unit_size.min:
            return _(
                "{unit} is understrength ({n} of {min} models) and cannot be in {battalion}"
            ).format(
                unit=member.label,
                n=member.models,
                min=scroll.unit_size.min,
                battalion=battalion.name,
            )
    entries = battalion.organisation
    if not entries or any(e.battalion for e in entries):
        return None
    counts = [0] * len(entries)
    for member, scroll in zip(members, scrolls, strict=False):
        fits = [
            i
            for i, e in enumerate(entries)
            if e.entry.strip().lower() in (scroll.name.lower(), scroll.id)
            or scroll.has_keyword(e.entry)
        ]
        free = [i for i in fits if entries[i].max is None or counts[i] < entries[i].max]
        if not free:
            return _("{unit} has no place in the organisation of {battalion}").format(
                unit=member.label, battalion=battalion.name
            )
        counts[free[0]] += 1
    for entry, count in zip(entries, counts, strict=True):
        if count < entry.min:
            return _("{battalion} needs {n} {entry}; it lists {count}").format(
                battalion=battalion.name, n=entry.min, entry=entry.entry, count=count
            )
    return None


def command_trait_tables(db: Database, army: ArmyList, allegiance: Any) -> list[Any]:
    """The command trait tables the army's general draws from: its allegiance's, and the core
    rules' own (40k8 §16's Warlord Traits, open to every army of the system)."""
    from aos_cli.core.errors import ContentError

    try:
        core = list(db.ruleset(army.system).command_traits)
    except ContentError:
        core = []
    return [*(allegiance.command_traits if allegiance else []), *core]


def _check_unit(unit: ArmyUnit, scroll: Warscroll, path: tuple[str | int, ...]) -> Found:
    found: Found = []
    size = scroll.unit_size
    if unit.models > size.maximum:
        found.append(
            (
                (*path, "models"),
                _("too many models: {unit} has at most {n}").format(
                    unit=scroll.name, n=size.maximum
                ),
            )
        )
    if unit.models < size.min and not size.understrength:
        found.append(
            (
                (*path, "models"),
                ngettext(
                    "{unit} needs at least {n} model", "{unit} needs at least {n} models", size.min
                ).format(unit=scroll.name, n=size.min),
            )
        )
    offered = {w.id: w for w in scroll.weapons}
    options = {c: o for o in scroll.weapon_options for c in o.choices}
    for weapon_id, count in unit.weapons.items():
        where = (*path, "weapons", weapon_id)
        if weapon_id not in offered:
            names = ", ".join(offered) or _("none")
            found.append(
                (
                    where,
                    _("{unit} does not offer this weapon (it has: {names})").format(
                        unit=scroll.name, names=names
                    ),
                )
            )
            continue
        if count < 0 or count > unit.models:
            found.append(
                (
                    where,
                    ngettext(
                        "{n} model carries it; the unit has {models}",
                        "{n} models carry it; the unit has {models}",
                        count,
                    ).format(n=count, models=unit.models),
                )
            )
        option = options.get(weapon_id)
        if option is not None and option.one_per and count > max(1, unit.models // option.one_per):
            found.append(
                (
                    where,
                    _("at most 1 in every {n} models may take it").format(n=option.one_per),
                )
            )
    for option in scroll.weapon_options:
        chosen = sum(unit.weapons.get(c, 0) for c in option.choices)
        if option.one_per is None and chosen > unit.models:
            picked = [offered[c].name for c in option.choices if unit.weapons.get(c, 0) > 0]
            found.append(
                (
                    (*path, "weapons"),
                    _(
                        "{unit}: a model carries one of {first} and {second}, not both "
                        "({chosen} weapons chosen for {models} models)"
                    ).format(
                        unit=scroll.name,
                        first=picked[0],
                        second=picked[1] if len(picked) > 1 else picked[0],
                        chosen=chosen,
                        models=unit.models,
                    ),
                )
            )
    roles = {m.role: m for m in scroll.command_models}
    for pos, role in enumerate(unit.command_models):
        if role not in roles:
            have = ", ".join(roles) or _("none")
            found.append(
                (
                    (*path, "command_models", pos),
                    _("{unit} has no {role} (has: {have})").format(
                        unit=scroll.name, role=role, have=have
                    ),
                )
            )
    return found


def carried_weapons(scroll: Warscroll, unit: ArmyUnit) -> list[str]:
    """The ids of the weapons the unit's models carry: every weapon not offered as an option,
    and of each option the weapons chosen (its default when none is; none when the list
    gives its choices 0 models: the models took an alternative that is no weapon)."""
    optional = {c for option in scroll.weapon_options for c in option.choices}
    carried = {w.id for w in scroll.weapons if w.id not in optional}
    for option in scroll.weapon_options:
        chosen = [c for c in option.choices if unit.weapons.get(c, 0) > 0]
        if chosen:
            carried.update(chosen)
        elif option.one_per is None and not any(c in unit.weapons for c in option.choices):
            carried.add(option.default or option.choices[0])
    return [w.id for w in scroll.weapons if w.id in carried]


def blessable_weapons(row: Any, scroll: Warscroll, unit: ArmyUnit) -> list[str]:
    """The weapons a command trait or artefact that blesses a weapon (`row.weapon`) may be
    given to: the bearer's own (never a mount's, AoS2 §25), melee ones when it says so, in
    warscroll order; none when the row blesses no weapon."""
    if row.weapon is None:
        return []
    melee = {w.id for w in scroll.melee_weapons}
    mounts = {w.id for w in scroll.weapons if w.mount}
    return [
        w
        for w in carried_weapons(scroll, unit)
        if w not in mounts and (row.weapon == "any" or w in melee)
    ]


def _check_blessed(
    row: Any, scroll: Warscroll, unit: ArmyUnit, named: str | None, path: tuple[str | int, ...]
) -> Found:
    """A weapon named for a command trait or artefact is one it may bless (AoS2 §25)."""
    if row.weapon is None:
        if named is None:
            return []
        return [(path, _("{name} blesses no weapon: leave the weapon out").format(name=row.name))]
    melee = row.weapon == "melee"
    allowed = blessable_weapons(row, scroll, unit)
    if not allowed:
        none_of_its_own = (
            _("{unit} has no melee weapon of its own (not a mount's) for {name}")
            if melee
            else _("{unit} has no weapon of its own (not a mount's) for {name}")
        )
        return [(path, none_of_its_own.format(unit=scroll.name, name=row.name))]
    names = {w.id: w.name for w in scroll.weapons}
    wanted = (named or "").strip().lower()
    if named is not None and not any(wanted in (w.lower(), names[w].lower()) for w in allowed):
        choices = ", ".join(names[w] for w in allowed)
        mounted = any(w.mount for w in scroll.weapons)
        picks = {
            (True, True): _(
                "{name} picks one of {unit}'s own melee weapons (not its mount's): {choices}"
            ),
            (True, False): _("{name} picks one of {unit}'s own melee weapons: {choices}"),
            (False, True): _(
                "{name} picks one of {unit}'s own weapons (not its mount's): {choices}"
            ),
            (False, False): _("{name} picks one of {unit}'s own weapons: {choices}"),
        }[(melee, mounted)]
        return [(path, picks.format(name=row.name, unit=scroll.name, choices=choices))]
    return []


def _not_found(message: str, value: str, rows: list[Any]) -> str:
    """`message` naming `value`, with the close names of `rows` as suggestions."""
    import difflib

    names = [r.id for r in rows]
    close = difflib.get_close_matches(value, names, n=3)
    said = message.format(name=repr(value))
    if close:
        said += " (" + _("did you mean {names}?").format(names=", ".join(close)) + ")"
    return said
