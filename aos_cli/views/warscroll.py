"""Rich renderables for the rules database: warscroll cards, battleplans, tables, armies."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from aos_cli.language.i18n import N_, _, language, ngettext, spell_name
from aos_cli.language.text import content_word

if TYPE_CHECKING:
    from aos_cli.content import ArmyList, Battleplan, Database, plain
    from aos_cli.content.database import Entry
    from aos_cli.content.schema import Ability
    from aos_cli.core.system import SystemInfo


def _threshold(value: int) -> str:
    return "-" if value >= 7 else f"{value}+"


def _rend(value: int) -> str:
    return "-" if value == 0 else str(value)


WEAPON_COLUMNS = (N_("Weapon"), N_("Range"), N_("Attacks"), N_("To Hit"), N_("To Wound"),
                  N_("Rend"), N_("Damage"))  # fmt: skip
"""A warscroll's weapon table headings (AoS2 §2), named in the catalogues by the glossary."""
USAGES = {"once_per_phase": N_("once per phase"), "once_per_turn": N_("once per turn"),
          "once_per_battle_round": N_("once per battle round"),
          "once_per_battle": N_("once per battle")}  # fmt: skip
"""How often an ability may be used, as the card says it."""
ROLES = {"champion": N_("champion"), "standard_bearer": N_("standard bearer"),
         "musician": N_("musician")}  # fmt: skip
"""The command models of a unit (AoS2 §21)."""
RESULTS = {"major": N_("major victory"), "minor": N_("minor victory"), "win": N_("win"),
           "draw": N_("draw")}  # fmt: skip
"""The results a battleplan's victory conditions give."""
PROFILE_40K = (N_("M"), N_("WS"), N_("BS"), N_("S"), N_("T"), N_("W"), N_("A"), N_("Ld"), N_("Sv"))
"""A datasheet's profile headings (40k8 datasheets), abbreviated as the rulebooks print them."""
DATASHEET_COLUMNS = (N_("Weapon"), N_("Range"), N_("Type"), N_("S"), N_("AP"), N_("D"),
                     N_("Abilities"))  # fmt: skip
"""A datasheet's weapon table headings (40k8 datasheets)."""
MORALE_SHORT = (N_("Br"), N_("Ld"))
"""The short morale headings of the warscroll list (Bravery, Leadership)."""
TIMINGS = {
    ("yours", "during"): N_("your {phase}"),
    ("enemy", "during"): N_("the enemy's {phase}"),
    ("any", "during"): N_("the {phase}"),
    ("yours", "start"): N_("start of your {phase}"),
    ("enemy", "start"): N_("start of the enemy's {phase}"),
    ("any", "start"): N_("start of the {phase}"),
    ("yours", "end"): N_("end of your {phase}"),
    ("enemy", "end"): N_("end of the enemy's {phase}"),
    ("any", "end"): N_("end of the {phase}"),
}
"""When an ability is used, by whose turn and which step of its phase."""


def timing_text(timing: plain.Timing, trigger: bool = True) -> str:
    """When an ability is used, as players say it: `start of your hero phase`, `any time`;
    with its trigger (the content's own words, English) when `trigger` is true."""
    from aos_cli.views.words import phase_name

    if timing.phase == "any":
        text = _("any time")
    elif timing.phase in ("pre_battle", "start_of_battle_round", "end_of_turn"):
        text = phase_name(timing.phase)
    else:
        text = _(TIMINGS[(timing.turn, timing.step)]).format(phase=phase_name(timing.phase))
    return f"{text}: {timing.trigger}" if trigger and timing.trigger else text


def _says_when(record: plain.Ability | plain.Spell) -> bool:
    """Whether the card adds an ability's trigger (English content words): only where its
    text is shown untranslated, so a translated card reads in one language."""
    return language() == "en" or record.shown("text") == record.text


def weapon_table(title: str, weapons: Sequence[plain.Weapon]) -> Table:
    """A weapon table as printed: Range, Attacks, To Hit, To Wound, Rend, Damage (✱: table)."""
    table = Table(title=title, title_justify="left", expand=False)
    for column in WEAPON_COLUMNS:
        table.add_column(_(column), justify="left" if column == "Weapon" else "center")
    for weapon in weapons:
        marked = set(weapon.from_damage_table)

        def cell(key: str, text: str, marked: set[str] = marked) -> str:
            return "✱" if key in marked else text

        table.add_row(
            Text(weapon.shown()),
            cell("range", weapon.range_text),
            cell("attacks", str(weapon.attacks)),
            cell("to_hit", _threshold(weapon.to_hit)),
            cell("to_wound", _threshold(weapon.to_wound)),
            cell("rend", _rend(weapon.rend)),
            cell("damage", str(weapon.damage)),
        )
    return table


def _ability_text(
    ability: Ability | plain.Ability | plain.Spell, command_points: bool = True
) -> Text:
    """An ability as a line: its name, what it costs and how often (a command ability in a
    system without command points is the general's command, AoS1 §7.2), and its text."""
    text = Text()
    text.append(ability.shown(), style="bold")
    extra = []
    cost = getattr(ability, "cost", 0)
    if cost and command_points:
        extra.append(_("{cost} CP").format(cost=cost))
    elif type(ability).__name__ == "CommandAbility" and not command_points:
        extra.append(_("the general's command"))
    usage = getattr(ability, "usage", "unlimited")
    if usage != "unlimited":
        extra.append(_(USAGES[usage]))
    if extra:
        text.append(f" ({', '.join(extra)})", style="muted")
    text.append(f": {ability.shown('text')}")
    if ability.reminder:
        text.append("  [" + _("reminder") + "]", style="muted")
    return text


def warscroll_card(scroll: plain.Warscroll) -> RenderableType:
    """A warscroll card: characteristics, weapons, damage table, abilities by timing, keywords."""
    parts: list[RenderableType] = [_characteristics(scroll), _card_facts(scroll)]
    if scroll.text:
        parts.append(Text(scroll.shown("text")))
    if scroll.missile_weapons:
        parts.append(weapon_table(_("Missile weapons"), scroll.missile_weapons))
    if scroll.melee_weapons:
        parts.append(weapon_table(_("Melee weapons"), scroll.melee_weapons))
    if scroll.datasheet_weapons:
        parts.append(_datasheet_weapons(scroll.datasheet_weapons))
    if scroll.damage_table is not None:
        parts.append(_damage_table(scroll.damage_table))
    parts += _command_models(scroll)
    parts += _abilities_by_timing(scroll)
    parts += _spells(scroll)
    parts.append(Text(_("Keywords: {keywords}").format(keywords=", ".join(scroll.keywords)),
                      style="muted"))  # fmt: skip
    if scroll.source:
        parts.append(Text(_("Source: {source}").format(source=scroll.source), style="muted"))
    return Panel(Group(*parts), title=Text(scroll.name, style="heading"), expand=False)


def _characteristics(scroll: plain.Warscroll) -> Table:
    """The card's characteristics, headings above values: a 40k8 datasheet's profile (§1.2),
    else Move (a damage table's ✱, or the random move), Wounds, Bravery and Save."""
    stats = Table.grid(padding=(0, 3))
    heads: tuple[str, ...]
    values: tuple[str, ...]
    if scroll.profile is not None:
        p = scroll.profile
        heads = tuple(_(h) for h in PROFILE_40K)
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
        heads = (_("Move"), _("Wounds"), _("Bravery"), _("Save"))
        move = "✱" if scroll.move_from_damage_table else f'{scroll.move}"'
        if scroll.random_move is not None:
            move = f'{scroll.random_move}"'
        values = (move, str(scroll.wounds), str(scroll.bravery), _threshold(scroll.save))
    for _head in heads:
        stats.add_column(justify="center")
    stats.add_row(*(Text(h, style="heading") for h in heads))
    stats.add_row(*values)
    return stats


def _card_facts(scroll: plain.Warscroll) -> Text:
    """The line under the characteristics: faction, system, unit size, FLY, PRIEST and what
    a wizard (a psyker in 40k8) casts, unbinds and knows."""
    facts = [scroll.faction, scroll.system]
    size = scroll.unit_size
    if size.maximum > 1:
        facts.append(_("unit of {low}-{high}").format(low=size.min, high=size.maximum))
    if scroll.fly:
        facts.append("FLY")
    if scroll.priest:
        facts.append("PRIEST")
    if scroll.wizard is not None:
        w = scroll.wizard
        psyker = _system(scroll.system).term("wizard") == "PSYKER"
        wizard = (
            _("PSYKER: manifests {casts}, denies {unbinds}, knows {spells}")
            if psyker
            else _("WIZARD: casts {casts}, unbinds {unbinds}, knows {spells}")
        )
        known = ", ".join(spell_name(s.replace("-", " ").title()) for s in w.spells)
        facts.append(wizard.format(casts=w.casts, unbinds=w.unbinds, spells=known))
    return Text(" · ".join(facts), style="muted")


def _datasheet_weapons(weapons: Sequence[plain.Weapon40k]) -> Table:
    """A 40k8 datasheet's weapons (§1.2): range, type, strength, AP, damage, abilities."""
    table = Table(title=_("Weapons"), title_justify="left")
    for column in DATASHEET_COLUMNS:
        table.add_column(_(column))
    for weapon in weapons:
        rng = _("Melee") if weapon.range == "melee" else f'{weapon.range}"'
        table.add_row(
            Text(weapon.shown()),
            rng,
            Text(weapon.type),
            Text(str(weapon.strength)),
            _rend(weapon.ap),
            str(weapon.damage),
            Text(weapon.shown("text") or "-"),
        )
    return table


def _damage_table(damage: plain.DamageTable) -> Table:
    """A warscroll's damage table: the characteristics that fall as wounds are suffered."""
    table = Table(title=_("Damage table"), title_justify="left")
    table.add_column(_("Wounds suffered"))
    for damage_column in damage.columns:
        heading = _("Move") if damage_column.sets == "move" else content_word(damage_column.name)
        table.add_column(heading, justify="center")
    for row in damage.rows:
        table.add_row(Text(row.wounds_suffered), *(Text(str(v)) for v in row.values))
    return table


def _command_models(scroll: plain.Warscroll) -> list[RenderableType]:
    """The unit's command models (AoS2 §21), each with its role and what it does."""
    if not scroll.command_models:
        return []
    parts: list[RenderableType] = [Text(_("Command models"), style="heading")]
    for model in scroll.command_models:
        parts.append(Text(f"  {model.name} ({_(ROLES[model.role])}): {model.shown('text')}"))
    return parts


def _abilities_by_timing(scroll: plain.Warscroll) -> list[RenderableType]:
    """The abilities and command abilities under a heading for each time they are used, in
    the order first met (a system without command points says the general's command)."""
    points = _system(scroll.system).command_points
    grouped: dict[str, list[plain.Ability]] = {}
    for ability in [*scroll.abilities, *scroll.command_abilities]:
        grouped.setdefault(timing_text(ability.timing, _says_when(ability)), []).append(ability)
    parts: list[RenderableType] = []
    for timing, abilities in grouped.items():
        parts.append(Text(_("Abilities — {timing}").format(timing=timing), style="heading"))
        parts.extend(_ability_text(a, points) for a in abilities)
    return parts


def _spells(scroll: plain.Warscroll) -> list[RenderableType]:
    """The warscroll's own spells, each with its casting value."""
    if not scroll.spells:
        return []
    parts: list[RenderableType] = [Text(_("Spells"), style="heading")]
    for spell in scroll.spells:
        line = _ability_text(spell)
        line.append(
            " (" + _("casting value {value}").format(value=spell.casting_value) + ")",
            style="muted",
        )
        parts.append(line)
    return parts


def warscroll_list(scrolls: list[Entry]) -> Table:
    """One line per warscroll, from the database's index (no warscroll is validated for it)."""
    title = ngettext("{n} warscroll", "{n} warscrolls", len(scrolls)).format(n=len(scrolls))
    table = Table(title=title, title_justify="left")
    shorts = sorted({_system(s.system).term("bravery_short") for s in scrolls}) or ["Br"]
    bravery = "/".join(_(short) for short in shorts)
    for column in (_("Name"), _("Faction"), _("System"), _("Move"), _("W"), bravery, _("Sv"),
                   _("Size")):  # fmt: skip
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


def roll_table(table: plain.RollTable) -> Table:
    """A roll table: roll, name, what it does."""
    out = Table(title=f"{table.shown()} ({table.dice})", title_justify="left")
    out.add_column(_("Roll"), justify="center")
    out.add_column(_("Result"))
    out.add_column(_("Effect"))
    for row in table.rows:
        out.add_row(Text(row.roll), Text(row.shown()), Text(row.shown("text")))
    return out


def abilities_table(
    title: str, abilities: Sequence[plain.Ability] | Sequence[plain.Spell]
) -> Table:
    """Command abilities or spells with their timing or casting value."""
    out = Table(title=title, title_justify="left")
    out.add_column(_("Name"))
    out.add_column(_("When / casting"))
    out.add_column(_("Rule"))
    for item in abilities:
        when = getattr(item, "timing", None)
        casting = getattr(item, "casting_value", None)
        info = (
            timing_text(when, _says_when(item))
            if when is not None
            else _("casting value {value}").format(value=casting)
        )
        out.add_row(Text(item.shown()), info, Text(item.shown("text")))
    return out


def battleplan_card(plan: Battleplan) -> RenderableType:
    """A battleplan: set-up, special rules, length, objectives, scoring and victory."""
    parts: list[RenderableType] = [Text(plan.shown("text"))]
    players = _("two players") if not plan.players.coalitions else _("3+ players in two coalitions")
    parts.append(Text(f"{plan.system} · {players}", style="muted"))
    parts.append(Text(_("Set-up"), style="heading"))
    parts.append(Text(plan.deployment.shown("text")))
    if plan.deployment.reserves:
        reserves = plan.deployment.shown("reserves")
        parts.append(Text(_("Reserves: {reserves}").format(reserves=reserves)))
    length = plan.battle_length
    rounds = length.rounds or 0
    ends = (
        ngettext("{n} battle round", "{n} battle rounds", rounds).format(n=rounds)
        if rounds
        else _("as described")
    )
    if length.ends_early:
        early = _("; or ").join(length.shown_list("ends_early"))
        ends = _("{length}; ends early when {early}").format(length=ends, early=early)
    parts.append(Text(_("Battle length: {length}").format(length=ends)))
    if plan.objectives or plan.objective_text:
        parts.append(Text(_("Objectives"), style="heading"))
        if plan.objective_text:
            parts.append(Text(plan.shown("objective_text")))
        for objective in plan.objectives:
            where = objective.shown("position")
            parts.append(Text(f'  {objective.shown()}: {where} ({objective.control_range}")'))
    if plan.special_rules:
        parts.append(Text(_("Special rules"), style="heading"))
        parts.extend(_ability_text(rule) for rule in plan.special_rules)
    if plan.scoring:
        parts.append(Text(_("Victory points"), style="heading"))
        for score in plan.scoring:
            parts.append(Text(f"  {score.points}: {score.shown('text')}"))
    parts.append(Text(_("Glorious Victory"), style="heading"))
    parts.append(Text(plan.shown("victory_text")))
    for condition in plan.victory:
        parts.append(Text(f"  {_(RESULTS[condition.result])}: {condition.shown('text')}"))
    return Panel(Group(*parts), title=Text(plan.shown(), style="heading"), expand=False)


def army_table(army: ArmyList, db: Database) -> RenderableType:
    """An army list: units, models, weapons, and the points of interest (general, wizards...)."""
    table = Table(title=f"{army.name} ({army.system})", title_justify="left")
    for column in (_("Unit"), _("Warscroll"), _("Models"), _("Weapons"), _("Notes")):
        table.add_column(column)
    wounds = 0
    for unit in army.units:
        scroll = db.warscrolls.get(unit.warscroll_id or "")
        notes = []
        if unit.general:
            notes.append(_("general"))
        if unit.ally:
            notes.append(_("ally"))
        if unit.artefact:
            notes.append(_("artefact: {artefact}").format(artefact=unit.artefact))
        if unit.command_models:
            notes.append(", ".join(_(ROLES.get(m, m)) for m in unit.command_models))
        if scroll is not None:
            wounds += scroll.wounds * unit.models
            if scroll.wizard:
                notes.append(_("wizard"))
            if scroll.priest:
                notes.append(_("priest"))
        weapons = ", ".join(f"{n}×{w}" for w, n in unit.weapons.items()) or _("as the warscroll")
        table.add_row(
            Text(unit.id),
            Text(scroll.name if scroll else unit.warscroll),
            str(unit.models),
            Text(weapons),
            Text("; ".join(notes)),
        )
    facts = [
        _("player: {player}").format(player=army.player or "-"),
        _("allegiance: {allegiance}").format(allegiance=army.allegiance or _("none")),
    ]
    if army.command_trait:
        facts.append(_("command trait: {trait}").format(trait=army.command_trait))
    if army.battalions:
        battalions = ", ".join(b.battalion for b in army.battalions)
        facts.append(_("battalions: {battalions}").format(battalions=battalions))
    models = sum(u.models for u in army.units)
    facts.append(
        ", ".join(
            (
                ngettext("{n} unit", "{n} units", len(army.units)).format(n=len(army.units)),
                ngettext("{n} model", "{n} models", models).format(n=models),
                ngettext("{n} wound", "{n} wounds", wounds).format(n=wounds),
            )
        )
    )
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
    title = ngettext("{n} battleplan", "{n} battleplans", len(plans)).format(n=len(plans))
    table = Table(title=title, title_justify="left")
    for column in (_("Name"), _("System"), _("Players"), _("Rounds")):
        table.add_column(column)
    for p in plans:
        players = _("coalitions (3+)") if p.facts["coalitions"] else "2"
        table.add_row(Text(p.name), p.system, players, str(p.facts["rounds"] or "-"))
    return table


def _system(system_id: str | None) -> SystemInfo:
    """What the views read of the game system a warscroll is for (the default one when it
    names none), without importing its rules."""
    from aos_cli.core.system import system_info

    return system_info(system_id)
