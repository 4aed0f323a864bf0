"""Rich renderables and JSON for a game: the header and one table per army."""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.table import Table
from rich.text import Text

from aos_cli.core.dice import format_threshold
from aos_cli.core.state import GameState, SideState, UnitState
from aos_cli.core.system import system_of
from aos_cli.language.i18n import N_, _, ngettext, spell_name
from aos_cli.language.text import content_word
from aos_cli.views.tables import FitTable
from aos_cli.views.theme import markup_safe, printable

FLAGS = {
    "reserve": N_("reserve"), "not set up": N_("not set up"), "moved": N_("moved"),
    "ran": N_("ran"), "retreated": N_("retreated"), "shot": N_("shot"),
    "charged": N_("charged"), "fought": N_("fought"), "general": N_("general"),
    "charge failed": N_("charge failed"), "never arrived": N_("never arrived: lost"),
}  # fmt: skip
"""The flags of a unit's turn, as `--json` keeps them (English) and the table shows them."""


def unit_flags(unit: UnitState, state: GameState | None = None, shown: bool = False) -> list[str]:
    """This turn's flags worth seeing at the table (the transport a unit rides in by name
    when the game is given); in the player's language when `shown`, else as `--json` keeps
    them."""
    waiting = "reserve"
    if state is not None and unit.in_reserve:
        from aos_cli.core.scoring import book_of

        if book_of(state).plan.reserves_at_end == "not_in_army":
            waiting = "not set up"  # not part of the army (AoS1 §4 step 4)
    flags = [
        name
        for name, on in (
            (waiting, unit.in_reserve and unit.alive),
            # still in reserve at the end: counted as destroyed (40k8 §4.7, AoS2 §5.2)
            ("never arrived", unit.in_reserve and not unit.alive and waiting == "reserve"),
            ("moved", unit.moved and not unit.ran and not unit.retreated),
            ("ran", unit.ran),
            ("retreated", unit.retreated),
            ("shot", unit.shot),
            ("charged", unit.charged),
            ("fought", unit.fought),
            ("general", unit.general),
        )
        if on
    ]
    if unit.charge_rolled and not unit.charged:
        flags.append("charge failed")
    if shown:
        general = FLAGS["general"] if state is None else system_of(state).term("general")
        flags = [_(general if flag == "general" else FLAGS[flag]) for flag in flags]
        side = state.sides[unit.side] if state is not None else None
        if unit.general and side is not None and len(side.players) > 1:  # seed 000 p.12
            at = flags.index(_(general))
            flags[at] = _("general of {player}").format(player=side.player_of(unit))
    if unit.embarked_in is not None:
        ride = state.unit(unit.embarked_in).name if state is not None else unit.embarked_in
        flags.append(_("embarked in {unit}").format(unit=ride) if shown else f"embarked in {ride}")
    if unit.beast and unit.prey is not None and state is not None:  # Ghur, AoS2 §24.2
        prey = state.sides[unit.prey].name
        flags.append(
            _("monstrous beast, hunting {side}").format(side=prey)
            if shown
            else f"monstrous beast, hunting {prey}"
        )
    if unit.garrison is not None and unit.alive:  # AoS2 §4.5
        feature = unit.garrison
        flags.append(
            _("garrisons {feature}").format(feature=feature) if shown else f"garrisons {feature}"
        )
    if unit.slain_this_turn:
        lost = unit.slain_this_turn
        flags.append(_("lost {n}").format(n=lost) if shown else f"lost {lost}")
    return flags


CHARACTERISTICS = {"to_hit": N_("To Hit"), "to_wound": N_("To Wound"), "attacks": N_("Attacks"),
                   "damage": N_("Damage"), "rend": N_("Rend"), "range": N_("Range")}  # fmt: skip


CORE_COMMANDS = (N_("At the Double"), N_("Forward to Victory"), N_("Inspiring Presence"))
"""The AoS2 core command abilities, named in the catalogues by the glossary's words."""
USED = (
    ("cast ", "", N_("cast {name}")),
    ("stopped ", "", N_("stopped {name}")),
    ("failed to stop ", "", N_("failed to stop {name}")),
    ("", ": not cast", N_("{name}: not cast")),
    ("command: ", "", N_("command: {name}")),
    ("prayer: ", "", N_("prayer: {name}")),
    ("spell: ", "", N_("spell: {name}")),
)
"""What a unit used this turn as the engine records it (English, kept by `--json`), and how
the table says it."""


def used_text(entry: str) -> str:
    """One thing a unit used this turn (`cast Arcane Bolt`) in the player's language: a core
    spell or command by the glossary's name, any other name as its warscroll writes it."""
    for prefix, suffix, message in USED:
        if (
            entry.startswith(prefix)
            and entry.endswith(suffix)
            and len(entry) > len(prefix + suffix)
        ):
            name = entry[len(prefix) : len(entry) - len(suffix)]
            shown = _(name) if name in CORE_COMMANDS else spell_name(name)
            return _(message).format(name=shown)
    return entry


def damage_row_text(unit: UnitState) -> str:
    """The damage-table row in force (AoS2 §20.4) as players read it: `Move 11", Great
    Claws To Hit 3+, Cavernous Jaws uses 2`; empty for a unit without a damage table."""
    row = unit.damage_row()
    if row is None:
        return ""
    weapons = {w.id: content_word(w.name) for w in unit.spec.weapons}
    abilities = {a.id: content_word(a.name) for a in unit.spec.abilities}
    parts = []
    for key, value in row.items():
        kind, _dot, rest = key.partition(".")
        if key == "min":
            continue
        if kind == "weapon":
            weapon, _dot, what = rest.partition(".")
            shown = (
                f"{value}+" if what in ("to_hit", "to_wound") and str(value).isdigit() else value
            )
            named = _(CHARACTERISTICS[what]) if what in CHARACTERISTICS else what
            parts.append(f"{weapons.get(weapon, weapon)} {named} {shown}")
        elif kind == "ability":
            ability, _dot, what = rest.partition(".")
            name = abilities.get(ability, ability)
            if what == "uses" and str(value).isdigit():
                times = ngettext("{ability} once", "{ability} {n} times", int(value))
                parts.append(times.format(ability=name, n=value))
            else:
                parts.append(f"{name} {what.replace('_', ' ')} {value}")
        elif key == "move":
            parts.append(_("Move") + f' {str(value).rstrip(chr(34))}"')
        else:
            parts.append(f"{key.replace('_', ' ').capitalize()} {value}")
    suffered = unit.wounds_on_damaged
    return ngettext(
        "damage table ({n} wound suffered): {row}",
        "damage table ({n} wounds suffered): {row}",
        suffered,
    ).format(n=suffered, row=", ".join(parts))


def loadout_text(unit: UnitState) -> str:
    """`8× Warhammer, 2× Grandhammer`: each weapon and how many models carry it (set-up)."""
    names = {w.id: content_word(w.name) for w in unit.spec.weapons}
    counts: dict[str, int] = {}
    for group in unit.spec.loadouts:
        for weapon in group.get("weapons", ()):
            name = names.get(str(weapon), str(weapon))
            counts[name] = counts.get(name, 0) + int(group.get("models", 0))
    return ", ".join(f"{n}× {printable(w)}" for w, n in counts.items())


def unit_details(unit: UnitState) -> str:
    """What the table does not hold: set-up choices (command trait, artefact) and the damage
    table row; empty when there is nothing to say."""
    parts = [
        f"{_(choice_kind(c.get('kind')))} {content_word(str(c.get('name') or ''))}"
        for c in unit.spec.choices
    ]
    row = damage_row_text(unit)
    if row and unit.alive:
        parts.append(row)
    return "; ".join(parts)


CHOICE_KINDS = {"command_trait": N_("command trait"), "command trait": N_("command trait"),
                "artefact": N_("artefact"), "triumph": N_("triumph"), "choice": N_("choice")}  # fmt: skip
"""The kinds of set-up choice a unit carries (AoS2 §25)."""


def choice_kind(kind: object) -> str:
    """A set-up choice's kind as the catalogues name it (`command trait`); an unknown kind
    as it is written."""
    text = str(kind or "choice")
    return CHOICE_KINDS.get(text, text)


SCENERY = {"damned": N_("Damned"), "arcane": N_("Arcane"), "inspiring": N_("Inspiring"),
           "deadly": N_("Deadly"), "mystical": N_("Mystical"), "sinister": N_("Sinister")}  # fmt: skip
"""The scenery rules of the AoS2 table by id, named by the glossary."""


REALMSCAPES = {
    "savage-hinterlands": N_("Savage Hinterlands"),
    "hungering-animus": N_("Hungering Animus"),
    "primal-violence": N_("Primal Violence"),
    "reckless-aggression": N_("Reckless Aggression"),
    "beasts-of-ghur": N_("Beasts of Ghur"),
    "territory-of-beasts": N_("Territory of Beasts"),
}
"""Ghur's realmscape features by id (AoS2 §24.2, seed 000 p.16), named in the reader's
language where the battlefield is shown."""


def battlefield_line(state: GameState) -> Text:
    """The realm of battle, its realmscape feature and the terrain with scenery rules."""
    realm = (
        _("realm {realm}").format(realm=state.realm.title())
        if state.realm
        else _("no realm of battle")
    )
    if state.realmscape:
        feature_name = (
            _(REALMSCAPES[state.realmscape])
            if state.realmscape in REALMSCAPES
            else state.realmscape.replace("-", " ").title()
        )
        realm = _("{realm} (realmscape feature: {feature})").format(
            realm=realm, feature=feature_name
        )
    features = []
    for feature in state.terrain:
        rule_id = str(feature.get("rule") or "").replace("none", "")
        rule = _(SCENERY[rule_id]) if rule_id in SCENERY else rule_id.title()
        rule = rule or _("no scenery rule")
        if feature.get("roll"):
            rule = _("{rule}, rolled {roll}").format(rule=rule, roll=feature["roll"])
        if feature.get("garrison"):
            rule = _("{rule}, may be garrisoned").format(rule=rule)
        if feature.get("obstacle"):
            rule = _("{rule}, an obstacle").format(rule=rule)
        features.append(f"{feature.get('name')} ({rule})")
    terrain = (
        _("terrain: {features}").format(features=", ".join(features))
        if features
        else _("no terrain with scenery rules")
    )
    return Text(_("Battlefield: {realm}; {terrain}.").format(realm=realm, terrain=terrain),
                style="muted")  # fmt: skip


def status_json(state: GameState, game_id: int) -> dict[str, Any]:
    """The machine-readable state: round, turn, phase, and every side's units; command
    points are null in a system without them (40k8: the Underdog's Command Re-rolls)."""
    with_cp = system_of(state).command_points
    return {
        "game": game_id,
        "name": state.name,
        "battleplan": state.battleplan,
        "round": state.round,
        "turn": state.sides[state.active_side].name if state.first_side is not None else None,
        "phase": state.phase,
        "ended": state.ended,
        "pending_spell": state.pending_spell.spell if state.pending_spell else None,
        "result": state.result,
        "realm": state.realm,
        "realmscape": state.realmscape,
        "terrain": [dict(feature) for feature in state.terrain],
        "beasts": [
            {"id": b.spec.id, "name": b.name, "models": b.models, "prey": b.prey, "side": b.side}
            for b in state.beasts
        ],
        "sides": [
            {
                "name": side.name,
                "triumph": side.triumph,
                "triumph_used": side.triumph_used,
                "players": list(side.players),
                "warlord": side.warlord,
                "command_points": side.command_points if with_cp else None,
                "command_rerolls": side.command_rerolls,
                "victory_points": side.victory_points,
                "units": [
                    {
                        "id": unit.spec.id,
                        "name": unit.name,
                        "player": side.player_of(unit),
                        "models": unit.models,
                        "models_start": unit.spec.models,
                        "wounds_suffered": unit.wounds_on_damaged,
                        "wounds": unit.spec.wounds,
                        "save": format_threshold(unit.spec.save),
                        "invulnerable": invulnerable(unit),
                        "bravery": shown_bravery(state, unit),
                        "wounds_left_on_damaged": unit.spec.wounds - unit.wounds_on_damaged
                        if unit.wounds_on_damaged
                        else None,
                        "flags": unit_flags(unit, state),
                        "used_this_turn": list(unit.used),
                        "charge_failed": unit.charge_rolled and not unit.charged,
                        "choices": [
                            {"kind": c.get("kind"), "name": c.get("name")}
                            for c in unit.spec.choices
                        ],
                        "damage_table_row": unit.damage_row(),
                        "effects": [e.name for e in unit.effects],
                    }
                    for unit in side.units
                ],
            }
            for side in state.sides
        ],
    }


def header(state: GameState) -> Text:
    """Round, whose turn, phase, command points and victory points on one line."""
    from aos_cli.views.words import phase_name

    text = Text()
    if state.ended:
        text.append(_("The battle is over.") + " ", style="heading")
    elif state.first_side is None:
        first = system_of(state).term("round_one")
        text.append(_("Set-up done: {first}.").format(first=_(ROUND_ONE.get(first, first))) + " ",
                    style="heading")  # fmt: skip
    else:
        active = state.sides[state.active_side].name
        text.append(
            _("Round {round} · {side}'s turn · {phase}").format(
                round=state.round, side=active, phase=phase_name(state.phase)
            )
            + "  ",
            style="heading",
        )
    with_cp = system_of(state).command_points
    for side in state.sides:
        points = [_("{n} CP").format(n=side.command_points)] if with_cp else []
        if side.command_rerolls:
            n = side.command_rerolls
            points.append(ngettext("{n} Command Re-roll", "{n} Command Re-rolls", n).format(n=n))
        points.append(_("{n} VP").format(n=side.victory_points))
        text.append(f"  {printable(side.name)}: {', '.join(points)}")
        if side.triumph:
            name = side.triumph.get("name")
            triumph = (
                _("triumph: {name}, used")
                if side.triumph_used
                else _("triumph: {name}, once per battle")
            ).format(name=name)
            text.append(f" ({triumph})", style="muted")
    return text


ROUND_ONE = {
    "roll priority for battle round 1": N_("roll priority for battle round 1"),
    "the Underdog chooses who goes first in every battle round": N_(
        "the Underdog chooses who goes first in every battle round"
    ),
}
"""Each system's first step once set up (`round_one` of its terms), named in the catalogues."""


def side_title(side: SideState) -> str:
    """`Player One: Hammers of Azyr`, with the players when they are not the side's name
    (a coalition), never the same name twice."""
    title = f"{side.name}: {side.army}" if side.army and side.army != side.name else side.name
    others = [p for p in side.players if p != side.name]
    if not others:
        return title
    named = [
        _("{player} (warlord)").format(player=p) if p == side.warlord else p for p in side.players
    ]
    return _("{title} (players: {players})").format(title=title, players=", ".join(named))


def army_table(state: GameState, side_index: int) -> Table:
    """One army's units: models alive/started, wounds on the damaged model, save, bravery."""
    side = state.sides[side_index]
    table = FitTable(title=markup_safe(side_title(side)), header_style="heading")
    table.add_column(_("Unit"))
    table.add_column(_("Models"), justify="right")
    table.add_column(_("Wounds lost"), justify="right")
    table.add_column(_("Save"), justify="right")
    table.add_column(_(system_of(state).bravery_name), justify="right")
    table.add_column(_("This turn"))
    table.add_column(_("Effects"))
    for unit in side.units:
        style = "muted" if not unit.alive else ""
        left = unit.spec.wounds - unit.wounds_on_damaged
        wounded = (
            _("{lost} of {wounds} ({left} left)").format(
                lost=unit.wounds_on_damaged, wounds=unit.spec.wounds, left=left
            )
            if unit.wounds_on_damaged
            else ""
        )
        save = format_threshold(unit.spec.save)
        if invulnerable(unit):
            save += _(", {value}+ invulnerable").format(value=invulnerable(unit))
        chosen = {str(c.get("name")) for c in unit.spec.choices}
        table.add_row(
            f"{markup_safe(unit.name)} [muted]({markup_safe(unit.spec.id)})[/]",
            f"{unit.models}/{unit.spec.models}",
            wounded,
            save,
            str(shown_bravery(state, unit)),
            markup_safe(
                ", ".join([*unit_flags(unit, state, shown=True), *map(used_text, unit.used)])
            ),
            ", ".join(spell_name(e.name) for e in unit.effects if e.name not in chosen),
            style=style,
        )
    return table


def invulnerable(unit: UnitState) -> int | None:
    """The unit's invulnerable save (40k8 §8.6), None without one."""
    value = unit.spec.profile.get("invulnerable")
    return int(value) if value else None


def army_details(state: GameState, side_index: int) -> list[Text]:
    """One compact line per unit with set-up choices or a damage table (under its table)."""
    lines = []
    for unit in state.sides[side_index].units:
        details = unit_details(unit)
        if state.first_side is None and state.round <= 1:
            # Before the first battle round: what each model carries, as the army set it up.
            carried = loadout_text(unit)
            details = "; ".join(p for p in (carried, details) if p)
        if details:
            lines.append(Text(f"  {unit.name}: {details}.", style="muted"))
    return lines


def status_view(state: GameState) -> Group:
    """The whole status screen: where the game stands, the battlefield, each army's table
    and under it what the table leaves out."""
    parts: list[Text | Table] = [header(state)]
    if state.result is not None:
        from aos_cli.core.scoring import describe

        parts.append(Text(_("Result: {result}").format(result=describe(state.result))))
    parts.append(battlefield_line(state))
    waiting = [b for b in state.beasts if b.prey is None]
    if waiting:  # set up, no prey picked yet (Ghur's Monstrous Beasts, AoS2 §24.2)
        names = ", ".join(
            _("{unit} (set up by {side})").format(unit=b.name, side=state.sides[b.side].name)
            for b in waiting
        )
        parts.append(
            Text(
                _("Monstrous beasts, part of neither army until they pick their prey at the "
                  "start of the battle round: {beasts}.").format(beasts=names),
                style="muted",
            )
        )  # fmt: skip
    for index in range(len(state.sides)):
        parts.append(army_table(state, index))
        parts.extend(army_details(state, index))
    return Group(*parts)


def notes_json(state: GameState, game_id: int) -> dict[str, Any]:
    """What an action did (its notes, and the events with their fields) and where the game
    stands afterwards."""
    from aos_cli.views.events import note_lines

    return {
        "notes": note_lines(state.notes),
        "events": [event.to_data() for event in state.events],
        **status_json(state, game_id),
    }


def shown_bravery(state: GameState, unit: UnitState) -> int:
    """The Bravery a unit's battleshock test starts from while its champion leads it: the
    warscroll's value and the champion's own modifier (AoS2 §20.3; a Chainrasp Horde uses its
    Dreadwarden's 10). Modifiers that depend on the moment are left to the test itself."""
    from aos_cli.core.ability_effects import CharacteristicModifier
    from aos_cli.core.guards import by_the_book
    from aos_cli.core.unit_attacks import champion_effects

    if not (by_the_book(state) and unit.alive):
        return unit.spec.bravery
    return unit.spec.bravery + sum(
        effect.amount
        for effect in champion_effects(unit)
        if isinstance(effect, CharacteristicModifier) and effect.characteristic == "bravery"
    )
