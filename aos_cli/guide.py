"""What is legal now, for `aos play`: the short menu of actions for the player to act with.

Pure: reads the game state and lists options; the play loop asks for the details (targets,
the questions the tool cannot see), performs the chosen action and comes back. The phases and
what they allow come from the game's system (AoS2, AoS1, 40k8).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from aos_cli.core.state import GameState, UnitState
from aos_cli.core.system import system_of
from aos_cli.core.turn import due_battleshock


@dataclass(frozen=True)
class Option:
    """One thing a player may do now."""

    label: str
    kind: str
    payload: dict[str, Any] = field(default_factory=dict)
    target: str | None = None
    """`enemy` or `friendly` when the action needs a target unit picked."""
    side: int = 0
    """The side whose player acts."""


def _has(unit: UnitState, kind: str) -> bool:
    return any(w.kind == kind for w in unit.spec.weapons)


def _priority_options(state: GameState) -> list[Option]:
    """The start of a battle round: the priority roll (AoS2), the choice of the player who
    finished set-up first then rolls with ties rolled again (AoS1 §4, §6), the Underdog's
    choice (40k8 §17.7); before the first AoS1 round, Sudden Death and Triumphs (AoS1 §5)."""
    system = system_of(state)
    if system.id == "wh40k8":
        return [Option("The Underdog chooses who goes first in every round", "priority",
                       {"ask": True})]  # fmt: skip
    if system.id != "aos1":
        return [
            Option(f"Roll priority for battle round {state.round + 1}", "priority", {"ask": True})
        ]
    if state.round > 0:
        return [
            Option(
                f"Roll off for priority in battle round {state.round + 1} (ties rolled again)",
                "priority",
                {"ask": True},
            )
        ]
    found = [Option("Choose who takes the first turn (finished set-up first)", "priority",
                    {"ask": True})]  # fmt: skip
    from aos_cli.core.scoring import book_of, outnumbered_side

    book = book_of(state)
    small = outnumbered_side(state)
    if small is not None and book.sudden_death is None and not book.triumphs:
        name = state.sides[small].name
        for objective, aim in (("assassinate", "enemy"), ("blunt", "enemy"), ("endure", None),
                               ("seize-ground", None)):  # fmt: skip
            found.append(
                Option(
                    f"{name}: Sudden Death - {objective.replace('-', ' ').title()}",
                    "sudden-death",
                    {"side": name, "objective": objective},
                    aim,
                    small,
                )
            )
    for index, side in enumerate(state.sides):
        if index not in book.triumphs:
            found.append(
                Option(
                    f"{side.name}: roll a Triumph (won its last battle)",
                    "triumph",
                    {"side": side.name},
                    side=index,
                )
            )
    return found


def _may_cast(state: GameState, unit: UnitState, spell: str) -> bool:
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
        return _priority_options(state)
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
    if system.id == "wh40k8":
        return _options_40k(state)
    side = state.active_side
    own = [u for u in state.sides[side].units if u.alive]
    found = []
    phase = state.phase
    if phase == "hero":
        for unit in own:
            if unit.on_battlefield and unit.spec.casts:
                spells = [a.name for a in unit.spec.abilities if a.kind == "spell"]
                generic = [s.name.title() for s in system.spells]
                for spell in [*generic, *spells]:
                    if not _may_cast(state, unit, spell):
                        continue
                    aim = "enemy" if spell == "Arcane Bolt" else "friendly"
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
                    found.append(
                        Option(
                            f"{unit.name}: {ability.name}{cost}",
                            "ability",
                            {"unit": unit.spec.id, "ability": ability.id},
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
                and _has(unit, "missile")
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
            if unit.on_battlefield and _has(unit, "melee") and not unit.fought:
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


def _options_40k(state: GameState) -> list[Option]:
    """The legal options of a 40k8 turn: Movement (move, Advance, Fall Back, embark,
    disembark), Psychic (Smite), Shooting, Charge (and the enemy's Heroic Interventions),
    Fight (chargers first, then alternating), Morale (40k8 §4-§12)."""
    side = state.active_side
    own = [u for u in state.sides[side].units if u.alive]
    found: list[Option] = []
    phase = state.phase
    if phase == "movement":
        transports = [u for u in own if u.on_battlefield and u.spec.has("TRANSPORT")]
        for unit in own:
            if unit.embarked_in is not None:
                if not unit.embarked:
                    found.append(
                        Option(
                            f"{unit.name}: disembark",
                            "disembark",
                            {"unit": unit.spec.id},
                            side=side,
                        )
                    )
                continue
            if not unit.on_battlefield or unit.moved:
                continue
            for label, kind in (("move", "move"), ("Advance", "advance"),
                                ("Fall Back", "fall-back")):  # fmt: skip
                found.append(
                    Option(f"{unit.name}: {label}", kind, {"unit": unit.spec.id}, side=side)
                )
            for transport in transports:
                if transport is not unit and not unit.disembarked:
                    found.append(
                        Option(
                            f"{unit.name}: embark in {transport.name}",
                            "embark",
                            {"unit": unit.spec.id, "transport": transport.spec.id},
                            side=side,
                        )
                    )
    elif phase == "psychic":
        for unit in own:
            if unit.on_battlefield and unit.spec.casts and _may_cast(state, unit, "Smite"):
                found.append(
                    Option(
                        f"{unit.name}: manifest Smite",
                        "cast",
                        {"wizard": unit.spec.id, "spell": "Smite"},
                        "enemy",
                        side,
                    )
                )
    elif phase == "shooting":
        for unit in own:
            if unit.on_battlefield and _has(unit, "missile") and not unit.shot:
                found.append(
                    Option(f"{unit.name}: shoot", "shoot", {"unit": unit.spec.id}, "enemy", side)
                )
    elif phase == "charge":
        for unit in own:
            if unit.on_battlefield and not (unit.charged or unit.advanced or unit.fell_back):
                found.append(
                    Option(f"{unit.name}: charge", "charge", {"unit": unit.spec.id}, "enemy", side)
                )
        for unit in state.sides[1 - side].units:
            if unit.on_battlefield and unit.spec.has("CHARACTER") and not unit.intervened:
                found.append(
                    Option(
                        f"{unit.name}: Heroic Intervention",
                        "intervene",
                        {"unit": unit.spec.id},
                        side=1 - side,
                    )
                )
    elif phase == "fight" and state.combat_passes < 2:
        chargers = [u for u in own if u.on_battlefield and u.charged and not u.fought]
        if chargers:
            for unit in chargers:
                found.append(
                    Option(
                        f"{unit.name}: fight (charged)",
                        "fight",
                        {"unit": unit.spec.id},
                        "enemy",
                        side,
                    )
                )
            return found
        picker = state.combat_to_pick if state.combat_to_pick is not None else side
        for unit in state.sides[picker].units:
            if unit.on_battlefield and not unit.fought:
                found.append(
                    Option(f"{unit.name}: fight", "fight", {"unit": unit.spec.id}, "enemy", picker)
                )
        found.append(Option(f"{state.sides[picker].name}: pass", "pass", {}, side=picker))
    elif phase == "morale":
        due = due_battleshock(state)
        if due:
            found.append(
                Option(f"Take the morale tests ({len(due)} due)", "battleshock", {}, side=side)
            )
    return found


def targets(state: GameState, option: Option) -> list[UnitState]:
    """The units an option may target."""
    if option.target is None:
        return []
    wanted = 1 - option.side if option.target == "enemy" else option.side
    return [u for u in state.sides[wanted].units if u.on_battlefield]
