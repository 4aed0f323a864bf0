"""What is legal now, for `aos play`: the short menu of actions for the player to act with.

Pure: reads the game state and lists options; the play loop asks for the details (targets,
the questions the tool cannot see), performs the chosen action and comes back. The phases and
what they allow come from the game's system, which may list its own menu.
"""

from __future__ import annotations

from aos_cli.core.handlers.magic import own_spells, spell_aim
from aos_cli.core.state import GameState, UnitState
from aos_cli.core.system import Option as Option
from aos_cli.core.system import system_of
from aos_cli.core.turn import due_battleshock


def has_weapons(unit: UnitState, kind: str) -> bool:
    """Whether the unit has weapons of a kind (`missile`, `melee`)."""
    return any(w.kind == kind for w in unit.spec.weapons)


def may_cast(state: GameState, unit: UnitState, spell: str) -> bool:
    """Whether a caster has a cast left this phase and has not yet tried this spell; a spell
    another wizard of the army already tried this turn is also left out (AoS2 §15)."""
    used = [k for k in state.used_this_phase if k.startswith(f"cast:{unit.spec.id}:")]
    if len(used) >= unit.spec.casts or f"cast:{unit.spec.id}:{spell.lower()}" in used:
        return False
    return f"{unit.side}:{spell.lower()}" not in state.spells_attempted


def options(state: GameState) -> list[Option]:
    """Every action that is legal now (or may be, where it depends on the table)."""
    if state.ended:
        return []
    if state.phase == "priority":
        return system_of(state).priority_menu(state)
    waiting = [u for u in state.units() if u.must_disembark and u.alive]
    if waiting:
        return [
            Option(
                f"{u.name}: disembark from the wreck", "disembark", {"unit": u.spec.id}, side=u.side
            )
            for u in waiting
        ]
    if state.pending_spell is not None:
        caster = state.unit(state.pending_spell.caster)
        enemy = 1 - caster.side
        verb = system_of(state).unbind_verb
        found = [
            Option(
                f"{verb} {state.pending_spell.spell} with {u.name}",
                "unbind",
                {"wizard": u.spec.id},
                side=enemy,
            )
            for u in state.sides[enemy].units
            if u.on_battlefield and u.spec.unbinds
        ]
        return [
            *found,
            Option(
                f"Let {state.pending_spell.spell} through", "unbind", {"wizard": None}, side=enemy
            ),
        ]
    system = system_of(state)
    own_menu = system.menu(state)
    if own_menu is not None:
        return own_menu
    side = state.active_side
    own = [u for u in state.sides[side].units if u.alive]
    found = []
    phase = state.phase
    if phase == "hero":
        for unit in own:
            if unit.on_battlefield and unit.spec.casts:
                spells = [a.name for a in own_spells(state, unit)]
                generic = [s.name.title() for s in system.spells]
                for spell in [*generic, *spells]:
                    if not may_cast(state, unit, spell):
                        continue
                    aim = spell_aim(state, unit, spell)
                    found.append(
                        Option(
                            f"{unit.name}: cast {spell}",
                            "cast",
                            {"wizard": unit.spec.id, "spell": spell},
                            aim,
                            side,
                        )
                    )
    if phase == "hero" and system.general_commands:
        key = f"general-command:{side}"
        if key not in state.used_this_phase and any(u.general for u in own):
            for unit in own:
                if unit.on_battlefield:
                    found.append(
                        Option(
                            f"{unit.name}: Inspiring Presence (the general's command, "
                            "no battleshock until your next hero phase)",
                            "command",
                            {"ability": "Inspiring Presence", "unit": unit.spec.id},
                            side=side,
                        )
                    )
    if phase in system.phases:
        for unit in own:
            for ability in unit.spec.abilities:
                if ability.kind in ("ability", "prayer", "command") and ability.phase == phase:
                    cost = f" ({ability.cost} CP)" if ability.cost and system.command_points else ""
                    aim = ability.target.side if ability.target else None
                    found.append(
                        Option(
                            f"{unit.name}: {ability.name}{cost}",
                            "ability",
                            {"unit": unit.spec.id, "ability": ability.id},
                            None if aim == "self" else aim,
                            side=side,
                        )
                    )
    if phase == "movement":
        for unit in own:
            if unit.in_reserve and not unit.moved:
                found.append(
                    Option(
                        f"{unit.name}: roll to arrive from reserve",
                        "arrive",
                        {"unit": unit.spec.id},
                        side=side,
                    )
                )
            elif unit.on_battlefield and not unit.moved:
                found.append(
                    Option(f"{unit.name}: move", "move", {"unit": unit.spec.id}, side=side)
                )
                found.append(Option(f"{unit.name}: run", "run", {"unit": unit.spec.id}, side=side))
                found.append(
                    Option(f"{unit.name}: retreat", "retreat", {"unit": unit.spec.id}, side=side)
                )
    elif phase == "shooting":
        for unit in own:
            if (
                unit.on_battlefield
                and has_weapons(unit, "missile")
                and not (unit.shot or unit.ran or unit.retreated)
            ):
                found.append(
                    Option(f"{unit.name}: shoot", "shoot", {"unit": unit.spec.id}, "enemy", side)
                )
    elif phase == "charge":
        for unit in own:
            if unit.on_battlefield and not (unit.charged or unit.ran or unit.retreated):
                found.append(
                    Option(f"{unit.name}: charge", "charge", {"unit": unit.spec.id}, side=side)
                )
    elif phase == "combat" and state.combat_passes < 2:
        picker = state.combat_to_pick if state.combat_to_pick is not None else side
        for unit in state.sides[picker].units:
            if unit.on_battlefield and has_weapons(unit, "melee") and not unit.fought:
                found.append(
                    Option(f"{unit.name}: fight", "fight", {"unit": unit.spec.id}, "enemy", picker)
                )
        found.append(Option(f"{state.sides[picker].name}: pass", "pass", {}, side=picker))
    elif phase == "battleshock":
        due = due_battleshock(state)
        if due and system.command_points and not any(u.battleshock_tested for u in state.units()):
            for unit in due:
                if state.sides[unit.side].command_points:
                    found.append(
                        Option(
                            f"{unit.name}: Inspiring Presence (1 CP)",
                            "command",
                            {"ability": "Inspiring Presence", "unit": unit.spec.id},
                            side=unit.side,
                        )
                    )
        if due:
            found.append(
                Option(f"Take the battleshock tests ({len(due)} due)", "battleshock", {}, side=side)
            )
    return found


def targets(state: GameState, option: Option) -> list[UnitState]:
    """The units an option may target."""
    if option.target is None:
        return []
    if option.target == "any":
        return [u for u in state.units() if u.on_battlefield]
    wanted = 1 - option.side if option.target == "enemy" else option.side
    return [u for u in state.sides[wanted].units if u.on_battlefield]
