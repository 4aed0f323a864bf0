"""Rich renderables for the rules database: warscroll cards, battleplans, tables, armies."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from aos_cli.core.i18n import _

if TYPE_CHECKING:
    from aos_cli.content import ArmyList, Battleplan, Database, RollTable, Warscroll
    from aos_cli.content.database import Entry
    from aos_cli.content.schema import Ability, Spell, Weapon
    from aos_cli.core.system import SystemInfo


def _threshold(value: int) -> str:
    return "-" if value >= 7 else f"{value}+"


def _rend(value: int) -> str:
    return "-" if value == 0 else str(value)


def weapon_table(title: str, weapons: list[Weapon]) -> Table:
    """A weapon table as printed: Range, Attacks, To Hit, To Wound, Rend, Damage (✱: table)."""
    table = Table(title=title, title_justify="left", expand=False)
    for column in ("Weapon", "Range", "Attacks", "To Hit", "To Wound", "Rend", "Damage"):
        table.add_column(column, justify="left" if column == "Weapon" else "center")
    for weapon in weapons:
        marked = set(weapon.from_damage_table)

        def cell(key: str, text: str, marked: set[str] = marked) -> str:
            return "✱" if key in marked else text

        table.add_row(
            Text(weapon.name),
            cell("range", weapon.range_text),
            cell("attacks", str(weapon.attacks)),
            cell("to_hit", _threshold(weapon.to_hit)),
            cell("to_wound", _threshold(weapon.to_wound)),
            cell("rend", _rend(weapon.rend)),
            cell("damage", str(weapon.damage)),
        )
    return table


def _ability_text(ability: Ability | Spell, command_points: bool = True) -> Text:
    """An ability as a line: its name, what it costs and how often (a command ability in a
    system without command points is the general's command, AoS1 §7.2), and its text."""
    text = Text()
    text.append(ability.name, style="bold")
    extra = []
    cost = getattr(ability, "cost", 0)
    if cost and command_points:
        extra.append(f"{cost} CP")
    elif type(ability).__name__ == "CommandAbility" and not command_points:
        extra.append("the general's command")
    usage = getattr(ability, "usage", "unlimited")
    if usage != "unlimited":
        extra.append(usage.replace("_", " "))
    if extra:
        text.append(f" ({', '.join(extra)})", style="muted")
    text.append(f": {ability.text}")
    if ability.reminder:
        text.append("  [reminder]", style="muted")
    return text


def warscroll_card(scroll: Warscroll) -> RenderableType:
    """A warscroll card: characteristics, weapons, damage table, abilities by timing, keywords."""
    parts: list[RenderableType] = []
    stats = Table.grid(padding=(0, 3))
    heads: tuple[str, ...]
    values: tuple[str, ...]
    if scroll.profile is not None:
        p = scroll.profile
        heads = ("M", "WS", "BS", "S", "T", "W", "A", "Ld", "Sv")
        values = (
            f'{p.m}"',
            _threshold(p.ws),
            _threshold(p.bs),
            str(p.s),
            str(p.t),
            str(p.w),
            str(p.a),
            str(p.ld),
            _threshold(p.sv),
        )
    else:
        heads = ("Move", "Wounds", "Bravery", "Save")
        move = "✱" if scroll.move_from_damage_table else f'{scroll.move}"'
        if scroll.random_move is not None:
            move = f'{scroll.random_move}"'
        values = (move, str(scroll.wounds), str(scroll.bravery), _threshold(scroll.save))
    for _head in heads:
        stats.add_column(justify="center")
    stats.add_row(*(Text(h, style="heading") for h in heads))
    stats.add_row(*values)
    parts.append(stats)
    facts = [scroll.faction, scroll.system]
    size = scroll.unit_size
    if size.maximum > 1:
        facts.append(f"unit of {size.min}-{size.maximum}")
    if scroll.fly:
        facts.append("FLY")
    if scroll.priest:
        facts.append("PRIEST")
    if scroll.wizard is not None:
        w = scroll.wizard
        say = _system(scroll.system).term
        facts.append(
            f"{say('wizard')}: {say('casts')} {w.casts}, {say('unbinds')} {w.unbinds}, "
            f"knows {', '.join(w.spells)}"
        )
    parts.append(Text(" · ".join(facts), style="muted"))
    if scroll.text:
        parts.append(Text(scroll.text))
    if scroll.missile_weapons:
        parts.append(weapon_table("Missile weapons", scroll.missile_weapons))
    if scroll.melee_weapons:
        parts.append(weapon_table("Melee weapons", scroll.melee_weapons))
    if scroll.datasheet_weapons:
        table = Table(title="Weapons", title_justify="left")
        for column in ("Weapon", "Range", "Type", "S", "AP", "D", "Abilities"):
            table.add_column(column)
        for weapon in scroll.datasheet_weapons:
            rng = "Melee" if weapon.range == "melee" else f'{weapon.range}"'
            table.add_row(
                Text(weapon.name),
                rng,
                Text(weapon.type),
                Text(str(weapon.strength)),
                _rend(weapon.ap),
                str(weapon.damage),
                Text(weapon.text or "-"),
            )
        parts.append(table)
    if scroll.damage_table is not None:
        table = Table(title="Damage table", title_justify="left")
        table.add_column("Wounds suffered")
        for damage_column in scroll.damage_table.columns:
            table.add_column(damage_column.name, justify="center")
        for row in scroll.damage_table.rows:
            table.add_row(Text(row.wounds_suffered), *(Text(str(v)) for v in row.values))
        parts.append(table)
    if scroll.command_models:
        parts.append(Text("Command models", style="heading"))
        for model in scroll.command_models:
            parts.append(Text(f"  {model.name} ({model.role.replace('_', ' ')}): {model.text}"))
    from aos_cli.core.system import system_info

    points = system_info(scroll.system).command_points
    for timing, abilities in scroll.abilities_by_timing().items():
        parts.append(Text(f"Abilities — {timing}", style="heading"))
        parts.extend(_ability_text(a, points) for a in abilities)
    if scroll.spells:
        parts.append(Text("Spells", style="heading"))
        for spell in scroll.spells:
            line = _ability_text(spell)
            line.append(f" (casting value {spell.casting_value})", style="muted")
            parts.append(line)
    parts.append(Text("Keywords: " + ", ".join(scroll.keywords), style="muted"))
    if scroll.source:
        parts.append(Text(f"Source: {scroll.source}", style="muted"))
    return Panel(Group(*parts), title=Text(scroll.name, style="heading"), expand=False)


def warscroll_list(scrolls: list[Entry]) -> Table:
    """One line per warscroll, from the database's index (no warscroll is validated for it)."""
    table = Table(title=f"{len(scrolls)} warscrolls", title_justify="left")
    bravery = "/".join(sorted({_system(s.system).term("bravery_short") for s in scrolls}))
    for column in ("Name", "Faction", "System", "Move", "W", bravery or "Br", "Sv", "Size"):
        table.add_column(column)
    for s in scrolls:
        facts = s.facts
        low, high = facts["size_min"], facts["size_max"]
        size = f"{low}-{high}" if high > 1 else "1"
        move = "✱" if facts["move_from_damage_table"] else f'{facts["move"]}"'
        table.add_row(
            Text(s.name),
            Text(s.faction),
            s.system or "",
            move,
            str(facts["wounds"]),
            str(facts["bravery"]),
            _threshold(facts["save"]),
            size,
        )
    return table


def roll_table(table: RollTable) -> Table:
    """A roll table: roll, name, what it does."""
    out = Table(title=f"{table.shown()} ({table.dice})", title_justify="left")
    out.add_column(_("Roll"), justify="center")
    out.add_column(_("Result"))
    out.add_column(_("Effect"))
    for row in table.rows:
        out.add_row(Text(row.roll), Text(row.shown()), Text(row.shown("text")))
    return out


def abilities_table(title: str, abilities: Sequence[Ability] | Sequence[Spell]) -> Table:
    """Command abilities or spells with their timing or casting value."""
    out = Table(title=title, title_justify="left")
    out.add_column(_("Name"))
    out.add_column(_("When / casting"))
    out.add_column(_("Rule"))
    for item in abilities:
        when = getattr(item, "timing", None)
        casting = getattr(item, "casting_value", None)
        info = (
            when.describe()
            if when is not None
            else _("casting value {value}").format(value=casting)
        )
        out.add_row(Text(item.shown()), info, Text(item.shown("text")))
    return out


def battleplan_card(plan: Battleplan) -> RenderableType:
    """A battleplan: set-up, special rules, length, objectives, scoring and victory."""
    parts: list[RenderableType] = [Text(plan.shown("text"))]
    players = "two players" if not plan.players.coalitions else "3+ players in two coalitions"
    parts.append(Text(f"{plan.system} · {players}", style="muted"))
    parts.append(Text("Set-up", style="heading"))
    parts.append(Text(plan.deployment.text))
    if plan.deployment.reserves:
        parts.append(Text(f"Reserves: {plan.deployment.reserves}"))
    length = plan.battle_length
    ends = f"{length.rounds} battle rounds" if length.rounds else "as described"
    if length.ends_early:
        ends += "; ends early when " + "; or ".join(length.ends_early)
    parts.append(Text(f"Battle length: {ends}"))
    if plan.objectives or plan.objective_text:
        parts.append(Text("Objectives", style="heading"))
        if plan.objective_text:
            parts.append(Text(plan.objective_text))
        for objective in plan.objectives:
            parts.append(
                Text(f'  {objective.name}: {objective.position} ({objective.control_range}")')
            )
    if plan.special_rules:
        parts.append(Text("Special rules", style="heading"))
        parts.extend(_ability_text(rule) for rule in plan.special_rules)
    if plan.scoring:
        parts.append(Text("Victory points", style="heading"))
        for score in plan.scoring:
            parts.append(Text(f"  {score.points}: {score.text}"))
    parts.append(Text("Glorious Victory", style="heading"))
    parts.append(Text(plan.victory_text))
    for condition in plan.victory:
        parts.append(Text(f"  {condition.result}: {condition.text}"))
    return Panel(Group(*parts), title=Text(plan.shown(), style="heading"), expand=False)


def army_table(army: ArmyList, db: Database) -> RenderableType:
    """An army list: units, models, weapons, and the points of interest (general, wizards...)."""
    table = Table(title=f"{army.name} ({army.system})", title_justify="left")
    for column in ("Unit", "Warscroll", "Models", "Weapons", "Notes"):
        table.add_column(column)
    wounds = 0
    for unit in army.units:
        scroll = db.warscrolls.get(unit.warscroll_id or "")
        notes = []
        if unit.general:
            notes.append("general")
        if unit.ally:
            notes.append("ally")
        if unit.artefact:
            notes.append(f"artefact: {unit.artefact}")
        if unit.command_models:
            notes.append(", ".join(m.replace("_", " ") for m in unit.command_models))
        if scroll is not None:
            wounds += scroll.wounds * unit.models
            if scroll.wizard:
                notes.append("wizard")
            if scroll.priest:
                notes.append("priest")
        weapons = ", ".join(f"{n}×{w}" for w, n in unit.weapons.items()) or "as the warscroll"
        table.add_row(
            Text(unit.id),
            Text(scroll.name if scroll else unit.warscroll),
            str(unit.models),
            Text(weapons),
            Text("; ".join(notes)),
        )
    facts = [f"player: {army.player or '-'}", f"allegiance: {army.allegiance or 'none'}"]
    if army.command_trait:
        facts.append(f"command trait: {army.command_trait}")
    if army.battalions:
        facts.append("battalions: " + ", ".join(b.battalion for b in army.battalions))
    models = sum(u.models for u in army.units)
    facts.append(f"{len(army.units)} units, {models} models, {wounds} wounds")
    return Group(table, Text(" · ".join(facts), style="muted"))


def warscroll_list_json(scrolls: list[Entry]) -> list[dict[str, Any]]:
    """The warscrolls' characteristics, for programs (from the database's index)."""
    return [
        {
            "id": s.id, "name": s.name, "faction": s.faction, "system": s.system,
            "move": s.facts["move"], "wounds": s.facts["wounds"], "bravery": s.facts["bravery"],
            "save": s.facts["save_json"], "keywords": list(s.facts["keywords"]),
        }
        for s in scrolls
    ]  # fmt: skip


def battleplan_list_json(plans: list[Entry]) -> list[dict[str, Any]]:
    """The battleplans (from the content index), for programs."""
    return [
        {
            "id": p.id, "name": p.name, "system": p.system,
            "coalitions": p.facts["coalitions"], "rounds": p.facts["rounds"],
        }
        for p in plans
    ]  # fmt: skip


def battleplans_table(plans: list[Entry]) -> Table:
    """The battleplans (from the content index) as a table: name, system, players and battle
    length."""
    table = Table(title=f"{len(plans)} battleplans", title_justify="left")
    for column in ("Name", "System", "Players", "Rounds"):
        table.add_column(column)
    for p in plans:
        players = "coalitions (3+)" if p.facts["coalitions"] else "2"
        table.add_row(Text(p.name), p.system, players, str(p.facts["rounds"] or "-"))
    return table


def _system(system_id: str | None) -> SystemInfo:
    """What the views read of the game system a warscroll is for (the default one when it
    names none), without importing its rules."""
    from aos_cli.core.system import system_info

    return system_info(system_id)
