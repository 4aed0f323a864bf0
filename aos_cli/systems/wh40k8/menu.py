"""What `aos play` offers in a 40k8 turn: the menu of the phases (40k8 §4-§12)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from aos_cli.core.guide import has_weapons, may_cast
from aos_cli.core.state import GameState, UnitState, WeaponSpec
from aos_cli.core.system import Option
from aos_cli.core.turn import due_battleshock
from aos_cli.language.i18n import N_, _, ngettext
from aos_cli.language.text import content_word
from aos_cli.systems.wh40k8.table import (
    CHARGES_OVER,
    enemy_charged,
    fight_picker,
    known_foes,
    may_fight,
    turn_start_aura,
    turn_start_key,
    weapon_type_of,
)

UNDERDOG_CHOICE_LABEL = N_("The Underdog chooses who goes first in every round")
"""40k8 §17.7: the Underdog decides who takes the first turn (the same in every round)."""


def underdog_choice() -> Option:
    """The priority menu's one line, in the player's language (40k8 §17.7)."""
    return Option(_(UNDERDOG_CHOICE_LABEL), "priority", {"ask": True})


def turn_menu(state: GameState) -> list[Option]:
    """The legal options of a 40k8 turn: Movement (move, Advance, Fall Back, embark,
    disembark), Psychic (Smite), Shooting, Charge (and the enemy's Heroic Interventions),
    Fight (chargers first, then alternating), Morale (40k8 §4-§12). An option that must pick
    an enemy unit is offered only while one is on the battlefield to pick (not all embarked
    or in reserve)."""
    from aos_cli.core.guide import ability_options, targets

    found = [*_options(state), *ability_options(state)]
    return [offer_rerolls(state, o) for o in found if o.target is None or targets(state, o)]


REROLLED = {"advance": "own", "cast": "own", "charge": "own", "shoot": "both", "fight": "both",
            "battleshock": "both"}  # fmt: skip
"""The steps whose dice a Command Re-roll may go on (40k8 §17.6), and whose: the acting
side's, or either side's (a save is the target's player's, a morale test each side's)."""


def offer_rerolls(state: GameState, option: Option) -> Option:
    """The option asking, as its dice fall, whether to spend a Command Re-roll (40k8 §17.6: a
    single die, at any point), when a side that could has one left."""
    whose = REROLLED.get(option.kind)
    sides = (option.side,) if whose == "own" else (0, 1)
    if whose is None or not any(state.sides[s].command_rerolls for s in sides):
        return option
    flag = (
        {"command_reroll": "ask"} if option.kind in ("shoot", "fight") else {"offer_reroll": True}
    )
    return replace(option, payload={**option.payload, **flag})


def _unit_option(
    label: str, kind: str, unit: UnitState, side: int, target: str | None = None
) -> Option:
    """A menu line of one unit's action: `label` (holding `{unit}`) with the unit's name."""
    return Option(label.format(unit=unit.name), kind, {"unit": unit.spec.id}, target, side)


def _options(state: GameState) -> list[Option]:
    side = state.active_side
    own = [u for u in state.sides[side].units if u.alive]
    steps = _PHASE_STEPS.get(state.phase)
    return steps(state, own, side) if steps is not None else []


def _movement_options(state: GameState, own: list[UnitState], side: int) -> list[Option]:
    """The Movement phase: the auras of the turn's start, disembarking, arriving from
    reserve, then each unit's move, Advance or Fall Back, and embarking."""
    found = turn_start_options(state, own, side)
    transports = [u for u in own if u.on_battlefield and u.spec.has("TRANSPORT")]
    for unit in own:
        if unit.embarked_in is not None:
            if not unit.embarked:
                found.append(_unit_option(_("{unit}: disembark"), "disembark", unit, side))
            continue
        if unit.in_reserve and not unit.moved:
            label = _("{unit}: arrive (Teleport Strike, end of the Movement phase)")
            found.append(_unit_option(label, "arrive", unit, side))
            continue
        if not unit.on_battlefield or unit.moved:
            continue
        # 40k8 §4.5: a unit within 1" of the enemy stays put or Falls Back; the others move
        # or Advance (the game knows who is in combat from the charges and fights)
        moves = (
            ((_("{unit}: Fall Back"), "fall-back"),)
            if known_foes(state, unit)
            else ((_("{unit}: move"), "move"), (_("{unit}: Advance"), "advance"))
        )
        for label, kind in moves:
            found.append(_unit_option(label, kind, unit, side))
        for transport in transports:
            if transport is not unit and not unit.disembarked:
                found.append(
                    Option(
                        _("{unit}: embark in {transport}").format(
                            unit=unit.name, transport=transport.name
                        ),
                        "embark",
                        {"unit": unit.spec.id, "transport": transport.spec.id},
                        side=side,
                    )
                )
    return found


def _psychic_options(state: GameState, own: list[UnitState], side: int) -> list[Option]:
    """The Psychic phase: each PSYKER that may still manifest Smite."""
    return [
        Option(
            _("{unit}: manifest Smite").format(unit=unit.name),
            "cast",
            {"wizard": unit.spec.id, "spell": "Smite"},
            "enemy",
            side,
        )
        for unit in own
        if unit.on_battlefield and unit.spec.casts and may_cast(state, unit, "Smite")
    ]


def _shooting_options(state: GameState, own: list[UnitState], side: int) -> list[Option]:
    """The Shooting phase: each unit's ways to shoot, at the enemies that may be targeted."""
    found: list[Option] = []
    # 40k8 §6.3: an enemy the game knows to be within 1" of friendly models is no target
    shootable = tuple(
        e.spec.id
        for e in state.sides[1 - side].units
        if not any(f.side == side for f in known_foes(state, e))
    )
    for unit in own:
        if unit.on_battlefield and has_weapons(unit, "missile") and not unit.shot:
            options = shooting_options(unit, side, engaged=bool(known_foes(state, unit)))
            found += [replace(o, allowed=shootable) for o in options]
    return found


def _charge_options(state: GameState, own: list[UnitState], side: int) -> list[Option]:
    """The Charge phase: each unit that may charge, then the enemy's Heroic Interventions."""
    found: list[Option] = []
    over = CHARGES_OVER in state.used_this_phase
    for unit in own:
        if over or not unit.on_battlefield:
            continue
        # 40k8 §9.2: a unit the game knows to be within 1" of an enemy cannot charge
        if not (unit.charged or unit.advanced or unit.fell_back or known_foes(state, unit)):
            found.append(_unit_option(_("{unit}: charge"), "charge", unit, side, "enemy"))
    # 40k8 §9.5: Heroic Interventions come once the enemy has made all its charges
    if not enemy_charged(state):
        return found
    for unit in state.sides[1 - side].units:
        if unit.on_battlefield and unit.spec.has("CHARACTER") and not unit.intervened:
            label = (
                _("{unit}: Heroic Intervention")
                if over
                else _("{unit}: Heroic Intervention (ends the charges)")
            )
            found.append(_unit_option(label, "intervene", unit, 1 - side))
    return found


def _fight_options(state: GameState, own: list[UnitState], side: int) -> list[Option]:
    """The Fight phase: the units that charged fight first, then the players alternate."""
    if state.combat_passes >= 2:
        return []
    found: list[Option] = []
    chargers = [u for u in own if u.on_battlefield and u.charged and not u.fought]
    if chargers:
        for unit in chargers:
            option = _unit_option(_("{unit}: fight (charged)"), "fight", unit, side, "enemy")
            # 40k8 §10.4: a charger attacks only the units it charged
            found.append(replace(option, allowed=unit.charge_targets))
        return found
    # 40k8 §10.2: the players alternate; once one has no eligible unit the other fights
    # on; when neither has, the fighting is over (no pass to make)
    picker = fight_picker(state)
    for unit in state.sides[picker].units:
        if may_fight(state, unit):
            found.append(_unit_option(_("{unit}: fight"), "fight", unit, picker, "enemy"))
    return found


def _morale_options(state: GameState, own: list[UnitState], side: int) -> list[Option]:
    """The Morale phase: the tests due, taken together."""
    due = due_battleshock(state)
    if not due:
        return []
    label = ngettext(
        "Take the morale tests ({n} due)", "Take the morale tests ({n} due)", len(due)
    ).format(n=len(due))
    return [Option(label, "battleshock", {}, side=side)]


_PHASE_STEPS: dict[str, Callable[[GameState, list[UnitState], int], list[Option]]] = {
    "movement": _movement_options,
    "psychic": _psychic_options,
    "shooting": _shooting_options,
    "charge": _charge_options,
    "fight": _fight_options,
    "morale": _morale_options,
}
"""Each phase's menu for the side whose turn it is (40k8 §4 to §11)."""


def turn_start_options(state: GameState, own: list[UnitState], side: int) -> list[Option]:
    """40k8 §15: the auras rolled for at the start of your turn (Nurgle's Gift) of the units on
    the battlefield, each once, offered until a unit of the side has moved."""
    if any(u.moved for u in own):
        return []
    return [
        Option(
            _("{unit}: {ability} (start of your turn)").format(
                unit=unit.name, ability=ability.name
            ),
            "ability",
            {"unit": unit.spec.id, "ability": ability.id},
            side=side,
        )
        for unit in own
        if unit.on_battlefield
        for ability in unit.spec.abilities
        if turn_start_aura(ability) is not None
        and turn_start_key(unit.spec.id, ability.id) not in state.used_this_turn
    ]


def shooting_options(unit: UnitState, side: int, engaged: bool = False) -> list[Option]:
    """A unit's ways to shoot, one line each when it has a choice (40k8 §7.5, §7.6): its main
    weapons, its Pistols (the only ones within 1" of an enemy), or a grenade thrown by one
    model while the others fire; after Advancing only Assault weapons, none after Falling
    Back unless it can FLY, only Pistols from within 1" of the enemy (40k8 §4.5, §4.6, §7.6)."""
    if unit.fell_back and not unit.spec.has("FLY"):
        return []
    ranged = [w for w in unit.spec.weapons if weapon_type_of(w)[0] != "melee"]
    kinds = {w.id: weapon_type_of(w)[0] for w in ranged}
    main = [w for w in ranged if kinds[w.id] not in ("pistol", "grenade")]
    pistols = [w for w in ranged if kinds[w.id] == "pistol"]
    grenades = [w for w in ranged if kinds[w.id] == "grenade"]
    if unit.advanced:
        main, pistols, grenades = [w for w in main if kinds[w.id] == "assault"], [], []
    if engaged:  # within 1" of the enemy: Pistols only (40k8 §6.2, §7.6)
        main, grenades = [], []
    name = unit.name
    groups: list[tuple[str, list[WeaponSpec]]] = []
    if main:
        label = _("{unit}: shoot {weapons}").format(unit=name, weapons=_names(main))
        groups.append((label, main))
    if pistols:
        label = _('{unit}: shoot {weapons} (also within 1" of an enemy)')
        groups.append((label.format(unit=name, weapons=_names(pistols)), pistols))
    for grenade in grenades:
        label = (
            _("{unit}: throw a {grenade} (one model, the others fire {weapons})")
            if main
            else _("{unit}: throw a {grenade} (one model)")
        )
        said = {"unit": name, "grenade": content_word(grenade.name), "weapons": _names(main)}
        groups.append((label.format(**said), [grenade, *main]))
    if len(groups) == 1 and not grenades:
        label = _("{unit}: shoot").format(unit=name)
        return [Option(label, "shoot", {"unit": unit.spec.id}, "enemy", side)]
    return [
        Option(
            label,
            "shoot",
            {"unit": unit.spec.id, "weapon": ",".join(w.id for w in weapons)},
            "enemy",
            side,
        )
        for label, weapons in groups
    ]


def _names(weapons: list[WeaponSpec]) -> str:
    """`Boltgun`, `Boltgun and Frag grenade`: the weapons of one menu line."""
    names = [content_word(w.name) for w in weapons]
    if len(names) == 1:
        return names[0]
    return _("{first} and {last}").format(first=", ".join(names[:-1]), last=names[-1])
