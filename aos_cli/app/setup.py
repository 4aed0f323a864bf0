"""Turn army lists and a battleplan from the rules database into a game's set-up snapshot.

The snapshot is plain data stored with the game, so a game in progress never changes when the
YAML is edited later, and replaying it needs no content at all.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, cast

from aos_cli.core.dice import DiceSource, SeededDice
from aos_cli.core.errors import ContentError, InputError
from aos_cli.core.legality import LEGALITY_REVISION
from aos_cli.core.setup_value import SETUP_VERSION
from aos_cli.core.system import get_system
from aos_cli.language.i18n import N_, _, use_system

if TYPE_CHECKING:
    from aos_cli.content import ArmyList, Battleplan, Database, RollTable, Warscroll, Weapon
    from aos_cli.content.army import ArmyUnit
    from aos_cli.content.schema import (
        Ability,
        Allegiance,
        CommandModel,
        Rule,
        Spell,
        TableRow,
    )
    from aos_cli.core.effects import Effect
    from aos_cli.core.setup_value import SetUp
    from aos_cli.core.stored import Json, JsonObject
    from aos_cli.core.stored_setup import (
        StoredAbility,
        StoredChoice,
        StoredLoadout,
        StoredPrimary,
        StoredSetUp,
        StoredSide,
        StoredTerrain,
        StoredUnit,
        StoredVoid,
        StoredWeapon,
    )

ONCE_PER = {
    "once_per_phase": "phase",
    "once_per_turn": "turn",
    "once_per_battle_round": "round",
    "once_per_battle": "battle",
}


def slug(text: str) -> str:
    """A unit id from a name: lower case, words joined by hyphens."""
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def _effects(effects: Sequence[Effect]) -> list[JsonObject]:
    """Typed effects as the set-up keeps them (`content.effects.build_effect` reads them)."""
    from aos_cli.content.effects import effect_to_data

    return [effect_to_data(e) for e in effects]


def snapshot_weapon(weapon: Weapon, kind: str, carriers: int | None) -> StoredWeapon:
    """A warscroll weapon as a game's set-up keeps it (`carriers`: None when every model)."""
    data: StoredWeapon = {
        "id": weapon.id,
        "name": weapon.name,
        "kind": kind,
        "range": float(weapon.range),
        "min_range": float(weapon.min_range or 0),
        "attacks": str(weapon.attacks),
        "to_hit": f"{weapon.to_hit}+",
        "to_wound": f"{weapon.to_wound}+",
        "rend": int(weapon.rend),
        "damage": str(weapon.damage),
    }
    if carriers is not None:
        data["carriers"] = carriers
    if getattr(weapon, "mount", False):
        data["mount"] = True
    return data


def _loadouts(
    scroll: Warscroll, unit: ArmyUnit, champion: CommandModel | None
) -> list[StoredLoadout]:
    """What each model carries, as groups in the order models are removed when slain: ordinary
    models first, then those with special weapons (options with `one_per`), the champion last
    (the stated default of AoS2 §14.7, where the owner picks). Every model carries the weapons
    not offered as options; the army list's choices go to the ordinary models and the
    champion, which takes the option's default; a champion with its own `weapons` carries them
    instead of an ordinary model's weapons of the same kind."""
    melee = {w.id for w in scroll.melee_weapons}

    def kind(weapon_id: str) -> str:
        return "melee" if weapon_id in melee else "missile"

    optional = {c for option in scroll.weapon_options for c in option.choices}
    own = set(champion.weapons) if champion is not None else set()
    # A command model's own weapons are never an ordinary model's, fielded or not.
    leaders = {w for model in scroll.command_models for w in model.weapons}
    common = [w.id for w in scroll.weapons if w.id not in optional | own | leaders]
    specials: list[str] = []
    for option in scroll.weapon_options:
        if option.one_per is not None:
            specials += [c for c in option.choices for _ in range(unit.weapons.get(c, 0))]
    others = unit.models - len(specials)  # ordinary models and the champion
    carried: list[list[str]] = [list(common) for _ in range(max(0, others))]
    for option in scroll.weapon_options:
        if option.one_per is not None:
            continue
        default = option.default or option.choices[0]
        # Chosen weapons other than the default first: the last models (the champion) keep it.
        order = [c for c in option.choices if c != default for _ in range(unit.weapons.get(c, 0))]
        wanted = unit.weapons.get(default)
        fill = others - len(order) if wanted is None else min(wanted, others - len(order))
        order += [default] * max(0, fill)
        for index, choice in enumerate(order[:others]):
            carried[index].append(choice)
    models: list[tuple[str, list[str]]] = [("ordinary", weapons) for weapons in carried]
    if champion is not None and models:
        _, weapons = models.pop()
        if own:
            kinds = {kind(w) for w in own}
            weapons = [w for w in weapons if kind(w) not in kinds] + list(champion.weapons)
        champion_model = ("champion", weapons)
    else:
        champion_model = None
    for special in specials:
        keeps = [w for w in common if kind(w) != kind(special)]
        models.append(("special", [*keeps, special]))
    if champion_model is not None:
        models.append(champion_model)
    groups: list[StoredLoadout] = []
    for role, weapons in models:
        if groups and groups[-1]["role"] == role and groups[-1]["weapons"] == weapons:
            groups[-1]["models"] += 1
        else:
            groups.append({"role": role, "models": 1, "weapons": weapons})
    return groups


def weapon_carriers(scroll: Warscroll, unit: ArmyUnit) -> dict[str, int]:
    """Weapon name → how many of the unit's models carry it, as a game's set-up arms them
    (shown by `aos army validate`: the loadout an import gave each unit)."""
    champion = next(
        (
            m
            for m in scroll.command_models
            if m.role == "champion"
            and (m.role in unit.command_models or m.name in unit.command_models)
        ),
        None,
    )
    names = {w.id: w.name for w in scroll.weapons}
    counts: dict[str, int] = {}
    for group in _loadouts(scroll, unit, champion):
        for weapon in group["weapons"]:
            counts[names[weapon]] = counts.get(names[weapon], 0) + int(group["models"])
    return counts


def target_snapshot(record: Ability | Spell | Rule | TableRow) -> JsonObject:
    """The declared target of a spell, prayer or ability as set-up data
    (`aos_cli.core.targets.TargetRule`); its range is the record's own unless it says."""
    from aos_cli.core.targets import TargetRule

    target = getattr(record, "target", None)
    if target is None:
        return TargetRule().to_dict()
    reach = target.range if target.range is not None else getattr(record, "range", None)
    return TargetRule(
        side=target.side,
        keywords=tuple(target.keywords),
        any_keywords=tuple(target.any_keywords),
        range=None if target.side == "self" else reach,
        visible=target.visible and target.side != "self",
    ).to_dict()


def limit_keys(scroll: Warscroll) -> dict[str, str]:
    """Each ability's usage key: abilities used "instead of" one another share one key, so
    their uses count against one limit (AoS2 §21; Lightning Storm or Healing Storm)."""
    records = [*scroll.abilities, *scroll.command_abilities]
    keys: dict[str, str] = {}
    for record in records:
        group = {record.id, *record.instead_of}
        group |= {other.id for other in records if record.id in other.instead_of}
        keys[record.id] = "+".join(sorted(group))
    return keys


def _ability(ability: Ability | Spell | Rule | TableRow, kind: str) -> StoredAbility:
    """An ability, spell, battle trait or table row as the set-up keeps it."""
    timing = getattr(ability, "timing", None)
    phase = getattr(timing, "phase", "any") if timing is not None else "any"
    effects = _effects(getattr(ability, "effects", ()))
    passive = (
        kind == "ability"
        and phase == "any"
        and getattr(timing, "trigger", None) is None
        and bool(effects)
    )
    data: StoredAbility = {
        "id": ability.id,
        "name": ability.name,
        "kind": kind,
        "text": getattr(ability, "text", ""),
        "phase": None if phase == "any" else phase,
        "turn": getattr(timing, "turn", "any") if timing is not None else "any",
        "cost": int(getattr(ability, "cost", 0)),
        "once_per": ONCE_PER.get(getattr(ability, "usage", "unlimited")),
        "effects": effects,
        "passive": passive,
        "weapons": list(getattr(ability, "weapons", ())),
        "usage": getattr(ability, "usage", "unlimited"),
        "target": target_snapshot(ability),
        "general_only": bool(getattr(ability, "general_only", False)),
        "step": getattr(timing, "step", "during") if timing is not None else "during",
    }
    if kind == "spell":
        data["casting_value"] = int(getattr(ability, "casting_value", 0))
    return data


def _damage_table(scroll: Warscroll) -> list[dict[str, Json]]:
    """Damage-table rows as `{"min": wounds suffered, "<sets>": value}` (AoS2 §20.4)."""
    table = scroll.damage_table
    if table is None:
        return []
    rows: list[dict[str, Json]] = []
    for row in table.rows:
        values = table.values_for(row.low)
        rows.append({"min": row.low, **{k: str(v) for k, v in values.items()}})
    return rows


INVULNERABLE = re.compile(r"(\d)\+ invulnerable save", re.IGNORECASE)
CAPACITY = re.compile(r"(?:carry|capacity of|transport capacity of)\s+(\d+)", re.IGNORECASE)


def datasheet_snapshot(scroll: Warscroll) -> StoredUnit:
    """What a 40k8 datasheet adds to a unit's snapshot (40k8 §13): the profile (WS, BS, S, T,
    A; M, W, Ld and Sv are the shared move, wounds, bravery and save), the invulnerable save
    and transport capacity read from its abilities, and its weapons with Type, S, AP, D."""
    profile = scroll.profile
    shown: dict[str, Json] = {}
    weapons: list[StoredWeapon] = []
    data: StoredUnit = {"profile": shown, "weapons": weapons}
    if profile is not None:
        shown.update(
            {
                "ws": f"{profile.ws}+" if profile.ws < 7 else "-",
                "bs": f"{profile.bs}+" if profile.bs < 7 else "-",
                "s": profile.s,
                "t": profile.t,
                "a": str(profile.a),
            }
        )
    texts = " ".join(a.text or "" for a in scroll.abilities)
    invulnerable = INVULNERABLE.search(texts)
    if invulnerable:
        shown["invulnerable"] = int(invulnerable.group(1))
    power = getattr(scroll, "power", None)
    if power:
        shown["power"] = int(power)
    if "TRANSPORT" in (k.upper() for k in scroll.keywords):
        capacity = CAPACITY.search(texts)
        data["transport_capacity"] = int(capacity.group(1)) if capacity else 0
    for weapon in scroll.datasheet_weapons:
        melee = weapon.range == "melee"
        weapons.append(
            {
                "id": weapon.id,
                "name": weapon.name,
                "kind": "melee" if melee else "missile",
                "range": 0.0 if melee else float(weapon.range),
                "attacks": "",
                "type": weapon.type,
                "strength": str(weapon.strength),
                "ap": int(weapon.ap),
                "damage": str(weapon.damage),
                "effects": _effects(weapon_effects(scroll, weapon.id)),
            }
        )
    return data


def weapon_effects(scroll: Warscroll, weapon_id: str) -> list[Effect]:
    """The attack effects of abilities tied to one weapon (e.g. the Stormbound Blade's three
    wound rolls on a 6), which apply whenever that weapon attacks; other effects of those
    abilities stay with the ability as reminders."""
    from aos_cli.core.effects import compile_effects

    found: list[Effect] = []
    for ability in scroll.abilities:
        if weapon_id not in ability.weapons:
            continue
        for effect in ability.effects:
            try:
                compile_effects([effect])
            except TypeError:
                continue
            found.append(effect)
    return found


def unit_snapshot(db: Database, unit: ArmyUnit, used_ids: set[str]) -> StoredUnit:
    """One army-list unit as the game engine's plain set-up data (a 40k8 datasheet's profile
    and weapons too)."""
    scroll = db.warscroll(unit.warscroll_id or unit.warscroll)
    unit_id = unit.id or slug(unit.label)
    base, number = unit_id, 2
    while unit_id in used_ids:
        unit_id, number = f"{base}-{number}", number + 1
    used_ids.add(unit_id)
    champion = next(
        (
            m for m in scroll.command_models
            if m.role == "champion" and (m.role in unit.command_models or m.name in unit.command_models)
        ),
        None,
    )  # fmt: skip
    loadouts = _loadouts(scroll, unit, champion)
    carriers: dict[str, int | None] = {w.id: 0 for w in scroll.weapons}
    for group in loadouts:
        for weapon_id in group["weapons"]:
            carriers[weapon_id] = (carriers[weapon_id] or 0) + group["models"]
    carriers = {k: None if v == unit.models else v for k, v in carriers.items()}
    weapons = [
        snapshot_weapon(w, "missile", carriers.get(w.id)) for w in scroll.missile_weapons
    ] + [snapshot_weapon(w, "melee", carriers.get(w.id)) for w in scroll.melee_weapons]
    weapons = [w for w in weapons if w.get("carriers", 1) != 0]
    for weapon in weapons:
        weapon["effects"] = _effects(weapon_effects(scroll, weapon["id"]))
    abilities = [_ability(a, "ability") for a in scroll.abilities]
    abilities += [_ability(a, "command") for a in scroll.command_abilities]
    keys = limit_keys(scroll)
    for data in abilities:
        data["limit_key"] = keys[data["id"]]
    abilities += [_ability(s, "spell") for s in scroll.spells]
    for model in scroll.command_models:
        if model.role in unit.command_models or model.name in unit.command_models:
            abilities.append(
                {
                    "id": f"{model.role}",
                    "name": model.name,
                    "kind": "ability",
                    "text": model.text,
                    "effects": _effects(model.effects),
                    "passive": bool(model.effects) and model.role != "champion",
                    "champion": model.role == "champion",
                }
            )
    wizard = scroll.wizard
    extra = datasheet_snapshot(scroll) if get_system(scroll.system).datasheets else {}
    if extra:
        weapons = extra.pop("weapons") + weapons
    return {
        **extra,
        "id": unit_id,
        "name": unit.label if unit.name else scroll.name,
        "warscroll": scroll.id,
        "models": unit.models,
        "wounds": scroll.wounds,
        "save": scroll.save,
        "bravery": scroll.bravery,
        "move": str(scroll.move),
        "keywords": list(scroll.keywords),
        "weapons": weapons,
        "loadouts": [] if extra else loadouts,
        "abilities": abilities,
        "general": unit.general,
        "casts": wizard.casts if wizard else 0,
        "unbinds": wizard.unbinds if wizard else 0,
        "spells": list(wizard.spells) if wizard else [],
        "damage_table": _damage_table(scroll),
    }


DEFAULT_PLAYERS = (N_("Player One"), N_("Player Two"))
"""The players' names of the bundled demo armies: the tool's own words, so a game set up in
another language names its players in that language (a name a player wrote stays as written)."""


def player_name(name: str) -> str:
    """A player's name as the game keeps it: one of the tool's own in the chosen language."""
    return _(name) if name in DEFAULT_PLAYERS else name


def army_snapshot(db: Database, army: ArmyList, finished_first: bool) -> StoredSide:
    """A side of the set-up: its player, battalions and units, the command trait on the
    general and each artefact on its bearer (AoS2 §25)."""
    used: set[str] = set()
    units = [unit_snapshot(db, unit, used) for unit in army.units]
    allegiance = db.allegiance(army.allegiance, army.system) if army.allegiance else None
    from aos_cli.content.army import command_trait_tables

    traits = command_trait_tables(db, army, allegiance)
    for unit, snapshot in zip(army.units, units, strict=True):
        if unit.general and army.command_trait:  # AoS2 §25; 40k8 §16 Warlord Traits
            row = _row(traits, army.command_trait)
            choice = _choice("command trait", row, snapshot, army.command_trait_weapon)
            snapshot["choices"] = [*snapshot.get("choices", []), choice]
            give_pick(row, snapshot, units, army.command_trait_pick)
    if allegiance is not None:
        add_battle_traits(allegiance, units)
        for unit, snapshot in zip(army.units, units, strict=True):
            if unit.artefact:
                row = _row(allegiance.artefacts, unit.artefact)
                choice = _choice("artefact", row, snapshot, unit.artefact_weapon)
                snapshot["choices"] = [*snapshot.get("choices", []), choice]
    traits = allegiance.command_traits[:1] if allegiance is not None else []
    player = player_name(army.player) if army.player else army.name
    fielded, void = add_battalions(db, army, allegiance, units)
    return {
        "name": player,
        "players": [player],
        "army": army.name,
        "allegiance": army.allegiance,
        "command_traits": [
            {
                "low": row.rolls[0],
                "high": row.rolls[1],
                "id": row.id,
                "name": row.name,
                "text": row.text,
                "effects": _effects(row.effects),
                "weapon": row.weapon,
            }
            for table in traits
            for row in table.rows
        ],
        "battalions": fielded,
        **({"battalions_void": void} if void else {}),
        "finished_setup_first": finished_first,
        "units": units,
    }


def add_battle_traits(allegiance: Allegiance, units: list[StoredUnit]) -> None:
    """Give each unit with the allegiance's keyword its battle traits that carry effects
    (AoS2 §25: Nighthaunt's Deathless Spirits ward); the rest stay on the allegiance's card."""
    keyword = allegiance.keyword.upper()
    for snapshot in units:
        if keyword not in [k.upper() for k in snapshot["keywords"]]:
            continue
        for trait in allegiance.battle_traits:
            if trait.effects and all(a["id"] != trait.id for a in snapshot["abilities"]):
                snapshot["abilities"].append({**_ability(trait, "ability"), "limit_key": trait.id})


def add_battalions(
    db: Database, army: ArmyList, allegiance: Allegiance | None, units: list[StoredUnit]
) -> tuple[int, list[StoredVoid]]:
    """The battalions that keep their organisation (seed 000 p.16): each gives its command
    point and its abilities with effects to its units (AoS2 §23.2); one that breaks it gives
    neither and is kept as `{"battalion", "why"}` to be told. Returns how many count and
    those that do not. Effects wrapped in the `army_allegiance` condition stay only in an
    army of the battalion's faction's allegiance (Lightning Strike's +2 or -2)."""
    from aos_cli.content.army import battalion_faults

    faults = battalion_faults(army, db)
    void: list[StoredVoid] = [
        {"battalion": army.battalions[i].battalion, "why": why} for i, why in faults.items()
    ]
    by_id = {unit.id: snapshot for unit, snapshot in zip(army.units, units, strict=True)}
    for index, fielded in enumerate(army.battalions):
        if index in faults:
            continue
        try:
            battalion = db.battalion(fielded.battalion, army.system)
        except ContentError:
            continue
        sworn = allegiance is not None and allegiance.faction == battalion.faction
        for unit_id in fielded.units:
            snapshot = by_id.get(unit_id)
            if snapshot is None:
                continue
            snapshot["battalions"] = [*snapshot.get("battalions", []), battalion.id]
            for ability in battalion.abilities:
                effects = _sworn(_effects(ability.effects), sworn)
                if effects and all(a["id"] != ability.id for a in snapshot["abilities"]):
                    data = _ability(ability, "ability")
                    data["effects"], data["limit_key"] = effects, ability.id
                    snapshot["abilities"].append(data)
    return len(army.battalions) - len(faults), void


def _sworn(effects: list[JsonObject], sworn: bool) -> list[JsonObject]:
    """Effects as a battalion gives them: those under the `army_allegiance` condition
    unwrapped in an army of its faction's allegiance, left out in any other."""
    kept: list[JsonObject] = []
    for effect in effects:
        if effect.get("type") == "conditional" and effect.get("condition") == "army_allegiance":
            inner = effect.get("effects")
            inner_effects = (
                [e for e in inner if isinstance(e, dict)] if isinstance(inner, list) else []
            )
            kept += _sworn(inner_effects, sworn) if sworn else []
        else:
            kept.append(effect)
    return kept


def apply_setup_choices(side: StoredSide, allegiance: Allegiance) -> None:
    """Put the command trait and artefacts picked at set-up on the general and the bearers
    (AoS2 §25): they replace those the army list named, so the game plays what was picked."""
    kinds = ("command trait", "artefact")
    for unit in side["units"]:
        unit["choices"] = [c for c in unit.get("choices", []) if c["kind"] not in kinds]
        if not unit["choices"]:
            unit.pop("choices")
    trait = side.get("command_trait")
    general = next((u for u in side["units"] if u.get("general")), None)
    if trait and general is not None:
        row = _row(allegiance.command_traits, trait["id"])
        choice = _choice("command trait", row, general, trait.get("weapon"))
        general["choices"] = [*general.get("choices", []), choice]
        for unit in side["units"]:
            unit["abilities"] = [a for a in unit["abilities"] if not a.get("picked_by_trait")]
        give_pick(row, general, side["units"], trait.get("pick"))
    for artefact in side.get("artefacts", []):
        bearer = next(u for u in side["units"] if u["id"] == artefact["bearer"])
        row = _row(allegiance.artefacts, artefact["id"])
        choice = _choice("artefact", row, bearer, artefact.get("weapon"))
        bearer["choices"] = [*bearer.get("choices", []), choice]


def give_pick(
    row: TableRow, general: StoredUnit, units: list[StoredUnit], named: str | None
) -> StoredUnit | None:
    """The other HERO a command trait picks gets what the trait gives it (Consummate
    Commander, seed 000 p.19: it uses command abilities as if it were the general while the
    general lives): the unit named, else the first other HERO. Returns the unit picked."""
    effects = [e for e in _effects(row.effects) if e.get("type") == "acts_as_general"]
    if not effects:
        return None
    others = [u for u in units if u is not general and "HERO" in [k.upper() for k in u["keywords"]]]
    picked = next((u for u in others if named in (u["id"], u["name"])), None) if named else None
    picked = picked or (others[0] if others else None)
    if picked is not None:
        given: list[JsonObject] = [{**e, "general": general["id"]} for e in effects]
        ability = _ability(row, "ability")
        ability["effects"], ability["passive"] = given, True
        ability["limit_key"], ability["picked_by_trait"] = row.id, True
        picked["abilities"] = [*picked["abilities"], ability]
    return picked


def _row(tables: Sequence[RollTable], wanted: str) -> TableRow:
    """The row of a command trait or artefact table named by id or name (checked on load)."""
    return next(r for t in tables for r in t.rows if wanted in (r.id, r.name))


def blessed_weapon(row: TableRow, unit: StoredUnit, named: str | None) -> StoredWeapon | None:
    """The weapon of a set-up unit a command trait or artefact that blesses a weapon is given
    to (AoS2 §25): the one named, else the first the bearer carries that is its own (never a
    mount's), melee when the row says so; None when the row blesses no weapon."""
    if getattr(row, "weapon", None) is None:
        return None
    carried = {w for group in unit.get("loadouts") or () for w in group["weapons"]}
    allowed = [
        w
        for w in unit["weapons"]
        if (not carried or w["id"] in carried)
        and not w.get("mount")
        and (row.weapon == "any" or w["kind"] == "melee")
    ]
    if named is None:
        return allowed[0] if allowed else None
    wanted = named.strip().lower()
    return next((w for w in allowed if wanted in (w["id"].lower(), w["name"].lower())), None)


def _choice(kind: str, row: TableRow, unit: StoredUnit, named: str | None = None) -> StoredChoice:
    """A set-up choice as the game keeps it: its kind, name, text and effects; those of a
    command trait or artefact that blesses a weapon apply to that weapon alone (AoS2 §25:
    Strife-ender, Champion of the Realms)."""
    effects = _effects(row.effects)
    weapon = blessed_weapon(row, unit, named)
    if weapon is not None and effects:
        wrapped: list[Json] = list(effects)
        effects = [{"type": "with_weapons", "weapons": [weapon["id"]], "effects": wrapped}]
    return {"kind": kind, "id": row.id, "name": row.name, "text": row.text,
            "effects": effects, "reminder": bool(row.reminder),
            "weapon": weapon["id"] if weapon else None,
            "weapon_name": weapon["name"] if weapon else None}  # fmt: skip


def battleplan_snapshot(plan: Battleplan) -> JsonObject:
    """The battleplan's typed rules as plain data for the scoring engine."""
    return plan.rules().to_dict()


def roll_primary_objective(
    db: Database, plan: Battleplan, dice: DiceSource
) -> tuple[Battleplan, StoredPrimary | None]:
    """Only War (40k8 §17.4): before set-up, roll on the battleplan's primary objective table;
    the row's id is the battleplan played. Other battleplans are returned as they are."""
    if plan.primary_objective_table is None:
        return plan, None
    ruleset = db.ruleset(plan.system)
    table = next((t for t in ruleset.tables if t.id == plan.primary_objective_table), None)
    if table is None:
        raise ContentError(
            _("battleplan {plan}: no table {table} in the {system} ruleset").format(
                plan=plan.id, table=repr(plan.primary_objective_table), system=plan.system
            ),
            _("name a table of `aos rules list`"),
        )
    roll = table.dice.roll(
        dice,
        _("{battleplan}: primary objective ({dice})").format(
            battleplan=plan.shown(), dice=table.dice
        ),
    )
    row = table.row_for(roll)
    rolled = db.battleplan(row.id, plan.system)
    return rolled, {"table": table.id, "roll": roll, "battleplan": rolled.id, "name": row.name}


def build_setup(
    army_paths: Sequence[Path] | Sequence[ArmyList],
    battleplan: str,
    *,
    name: str | None = None,
    realm: str | None = None,
    content_dirs: Sequence[Path] = (),
    first_to_finish: int = 0,
    terrain: Sequence[str | StoredTerrain] = (),
    realmscape: str | None = None,
    dice: DiceSource | None = None,
    underdog: int | None = None,
    db: Database | None = None,
) -> StoredSetUp:
    """Load the armies and the battleplan and snapshot them for a new game.

    The armies are army-list files, or lists already read against the same content
    (`app.start.armies_for`), so that a command parses and checks each list once.
    Terrain is given as `NAME=RULE` (a scenery rule, AoS2 §4.3, or `random` to roll it) with
    `+garrison` when the feature can be garrisoned, or as a feature already parsed; in Ghur the realmscape feature is rolled
    unless chosen (AoS2 §24.2). Rolled set-up dice are kept in the set-up. `db` is the
    database the lists were read against (loaded from `content_dirs` when not given).
    """
    from aos_cli.content import ArmyList, load_army, load_database

    db = load_database(content_dirs) if db is None else db
    armies = [a if isinstance(a, ArmyList) else load_army(Path(a), db) for a in army_paths]
    systems = {a.system for a in armies}
    if len(systems) != 1:
        raise ContentError(
            _("the armies are for different game systems: {systems}").format(
                systems=", ".join(sorted(systems))
            )
        )
    system = get_system(next(iter(systems)))
    use_system(system.id)  # the game's words in its own rulebook's terms from here on
    if system.engine != "battle":
        raise ContentError(
            _("the game engine does not play {system} army lists").format(system=system.id),
            system.other_engine_hint,
        )
    source = dice or SeededDice()
    plan, primary = roll_primary_objective(db, db.battleplan(battleplan, system.id), source)
    sides = [army_snapshot(db, a, i == first_to_finish) for i, a in enumerate(armies)]
    if sides[0]["name"] == sides[1]["name"]:
        sides[1]["name"] = f"{sides[1]['name']} (2)"
    system.prepare_sides(sides, underdog)
    features = [
        parse_terrain(item, source) if isinstance(item, str) else item.copy() for item in terrain
    ]
    kept = next((f for f in features if f.get("garrison") or f.get("obstacle")), None)
    if kept is not None and not system.garrisons:  # AoS2 §4.4-§4.5 only (40k8: seed 001)
        raise InputError(
            _("--terrain: {system} has no garrisons or obstacles ({feature})").format(
                system=system.name, feature=kept["name"]
            ),
            _("leave out +garrison and +obstacle"),
        )
    return {
        "primary_objective": primary,
        "terrain": features,
        "realmscape": pick_realmscape(realm, realmscape, source),
        "name": name or _("{one} vs {two}").format(one=armies[0].name, two=armies[1].name),
        "system": system.id,
        "battleplan": plan.id.replace("-", "_"),
        "battleplan_rules": battleplan_snapshot(plan),
        "battle_rounds": plan.battle_length.rounds or system.battle_rounds,
        "realm": realm,
        "realm_spells": realm_spells(db, system.id, realm),
        "rules_revision": LEGALITY_REVISION,
        "sides": sides,
        "v": SETUP_VERSION,
    }


def realm_spells(db: Database, system_id: str, realm: str | None) -> list[StoredAbility]:
    """The realmsphere spells every wizard knows in the realm of battle (AoS2 §24.1), as
    set-up data; none without a realm."""
    if realm is None:
        return []
    ruleset = db.rulesets.get(system_id)
    found = next(
        (r for r in (ruleset.realms if ruleset else []) if realm.lower() in (r.id, r.name.lower())),
        None,
    )
    return [_ability(spell, "spell") for spell in (found.spells if found else [])]


def parse_terrain(text: str, dice: DiceSource) -> StoredTerrain:
    """`Ruined Tower=arcane+garrison` → a terrain feature (`+obstacle`: it is an obstacle,
    AoS2 §4.4); `=random` rolls its rule."""
    from aos_cli.core.terrain import SCENERY_RULES

    name, _sep, rest = text.partition("=")
    rule, *extras = (part.strip() for part in rest.strip().lower().split("+"))
    if not name.strip():
        raise InputError(
            _("--terrain: {text} has no name").format(text=repr(text)),
            _("write NAME=RULE, e.g. Tower=arcane"),
        )
    unknown = [extra for extra in extras if extra not in ("garrison", "obstacle")]
    if unknown:
        raise InputError(
            _("--terrain: {extra} is neither garrison nor obstacle").format(extra=repr(unknown[0])),
            _("write NAME=RULE+garrison or NAME=RULE+obstacle, e.g. Wall=none+obstacle"),
        )
    entry: StoredTerrain = {"name": name.strip(), "garrison": "garrison" in extras}
    if "obstacle" in extras:  # an obstacle (AoS2 §4.4); kept only when it is one
        entry["obstacle"] = True
    if rule == "random":
        roll = dice.roll(1, _("the scenery rule of {feature} (D6)").format(feature=name.strip()))[0]
        entry["rule"], entry["roll"] = SCENERY_RULES[roll - 1], roll
    elif rule in SCENERY_RULES or rule in ("", "none"):
        entry["rule"] = rule or None
    else:
        raise InputError(
            _("--terrain: {rule} is not a scenery rule").format(rule=repr(rule)),
            _("use one of {rules}, random or none").format(rules=", ".join(SCENERY_RULES)),
        )
    return entry


def pick_realmscape(realm: str | None, chosen: str | None, dice: DiceSource) -> str | None:
    """The realmscape feature: as chosen, or rolled on Ghur's table (AoS2 §24.2)."""
    from aos_cli.core.terrain import GHUR_REALMSCAPE

    if realm is None:
        if chosen:
            raise InputError(_("--realmscape needs --realm"), _("e.g. --realm ghur"))
        return None
    if realm.lower() != "ghur":
        if chosen:
            raise InputError(
                _("--realmscape: no realmscape table for {realm}").format(realm=realm),
                _("only ghur has one"),
            )
        return None
    if chosen:
        key = chosen.strip().lower().replace(" ", "-")
        if key not in GHUR_REALMSCAPE:
            raise InputError(
                _("--realmscape: {feature} is not a Ghur feature").format(feature=repr(chosen)),
                _("use {choices}").format(choices=", ".join(GHUR_REALMSCAPE)),
            )
        return key
    return GHUR_REALMSCAPE[dice.roll(1, _("Ghur's realmscape feature (D6)"))[0] - 1]


def upgrade_setup(setup: StoredSetUp) -> StoredSetUp:
    """A set-up stored before battleplans carried typed rules, given them (read on load).

    Such a set-up holds the battleplan as a dump of its YAML record (`battleplan_data`) or
    only its id. Its rules are the bundled battleplan of that id, which states the flags the
    old engine kept in code; failing that, the stored dump read through the schema."""
    if "battleplan_rules" in setup:
        return setup
    data = setup.get("battleplan_data")
    key = str((data or {}).get("id") or setup.get("battleplan") or "")
    key = re.sub(r"[^a-z0-9]+", "-", key.lower()).strip("-")
    if not key:
        return setup
    from aos_cli.content.schema import Battleplan
    from aos_cli.core.battleplan import DEFAULT_RULES

    plan = bundled_battleplan(key)
    if plan is None and data:
        plan = Battleplan.model_validate(data)
    rules = DEFAULT_RULES if plan is None else plan.rules()
    return {**setup, "battleplan_rules": rules.to_dict()}


def read_setup(stored: Mapping[str, object]) -> SetUp:
    """The set-up a game's stored JSON holds, upgraded first if an older aos stored it."""
    from aos_cli.core.setup_value import SetUp

    return SetUp.from_stored(upgrade_setup(cast("StoredSetUp", dict(stored))))


@functools.cache
def bundled_battleplan(key: str) -> Battleplan | None:
    """A bundled battleplan by id, read from the battleplan files alone (not the whole rules
    database: an old game pays this on every load), once per process."""
    from aos_cli.content.loader import bundled_dirs, validate_file, yaml_files
    from aos_cli.content.schema import Battleplan

    folders = [d for d in bundled_dirs() if d.name == "battleplans"]
    for path in yaml_files(folders):
        for loaded in validate_file(path).records:
            if isinstance(loaded.record, Battleplan) and loaded.record.id == key:
                return loaded.record
    return None


def beast_warscrolls(content_dirs: Sequence[Path], system: str | None) -> list[tuple[str, str]]:
    """The warscrolls (id, name) a player may set up as a monstrous beast of Ghur (AoS2
    §24.2, seed 000 p.16): every Monster that is not a Hero, by name."""
    from aos_cli.content import load_database

    db = load_database(content_dirs)
    found = []
    for entry in db.warscrolls.entries(system):
        keywords = {str(k).upper() for k in entry.facts.get("keywords", ())}
        if "MONSTER" in keywords and "HERO" not in keywords:
            found.append((entry.id, entry.name))
    return sorted(found, key=lambda pair: pair[1])


def beast_snapshot(
    warscroll: str, content_dirs: Sequence[Path], system: str | None, taken: set[str]
) -> StoredUnit:
    """A monstrous beast's snapshot from its warscroll, as a set-up keeps a unit's (its id
    not one of `taken`); the rules check it is a Monster that is not a Hero."""
    from aos_cli.content import load_database
    from aos_cli.content.army import ArmyUnit

    db = load_database(content_dirs)
    scroll = db.warscroll(warscroll, system)
    unit = ArmyUnit(id=scroll.id, warscroll=scroll.id, warscroll_id=scroll.id)
    return unit_snapshot(db, unit, set(taken))
