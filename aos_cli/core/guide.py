"""What is legal now, for `aos play`: the short menu of actions for the player to act with.

Pure: reads the game state and lists options; the play loop asks for the details (targets,
the questions the tool cannot see), performs the chosen action and comes back. The phases and
what they allow come from the game's system, which may list its own menu.
"""

from __future__ import annotations

from collections.abc import Callable

from aos_cli.core.ability_effects import Choice
from aos_cli.core.guards import check_target
from aos_cli.core.handlers.magic import check_cast, check_unbind, own_spells, spell_aim
from aos_cli.core.legality import (
    allowed,
    check_ability,
    check_arrive,
    check_charge,
    check_fight,
    check_garrison,
    check_inspiring_presence,
    check_leave_garrison,
    check_move,
    check_pass,
    check_pre_battle_move,
    check_retreat,
    check_run,
    check_shoot,
    garrisonable,
    in_force_here,
    pre_battle_moves,
    pre_battle_order_owed,
)
from aos_cli.core.magic import spell_text
from aos_cli.core.roll_effects import nudgers
from aos_cli.core.smiths import can_offer
from aos_cli.core.state import GameState, PendingSpell, UnitState
from aos_cli.core.system import Option as Option
from aos_cli.core.system import generic_spells, magic_of, system_of
from aos_cli.core.targets import TargetRule
from aos_cli.core.turn import due_battleshock
from aos_cli.language.i18n import N_
from aos_cli.language.text import Join, Text, Value, concat, tr, trn

UNBIND_LABELS = {
    "Unbind": N_("Unbind {spell} with {wizard}"),
    "Deny": N_("Deny {spell} with {wizard}"),
    "Resist": N_("Resist {spell} with {wizard}"),
}
"""Each system's word for stopping a spell, as a menu option."""

UNIT_STEPS = {
    "move": N_("{unit}: move"),
    "run": N_("{unit}: run"),
    "retreat": N_("{unit}: retreat"),
    "shoot": N_("{unit}: shoot"),
    "charge": N_("{unit}: charge"),
    "fight": N_("{unit}: fight"),
}
"""A unit's plain steps as menu options."""


def step_label(kind: str, unit: UnitState, extra: Value = "") -> Text:
    """`Liberators: run`: a unit's plain step (said in the language chosen when the menu is
    shown), with what is in force."""
    step = tr(UNIT_STEPS[kind], unit=unit.name)
    return followed(step, extra) if extra else step


def followed(text: Text, extra: Value) -> Text:
    """A text with names after it that no language words (` · Chained Lightning`)."""
    return Text("{text}{extra}", (("text", text), ("extra", extra)))


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


def in_force(state: GameState, unit: UnitState) -> Value:
    """The unit's rules in force by themselves now, for its option's label (` · Chained
    Lightning`): shown where they apply, never offered as options (AoS2 §21); each name a
    value of its own, so a view says it as the content's translation does."""
    yours = unit.side == state.active_side
    names = [
        a.name
        for a in unit.spec.abilities
        if a.phase == state.phase
        and in_force_here(a, state.phase)
        and (a.turn == "any" or (a.turn == "yours") == yours)
    ]
    return concat(" · ", Join(tuple(names))) if names else ""


def pre_battle_options(state: GameState) -> list[Option]:
    """Before the first battle round: each unit that may make a pre-battle move (Cunning
    Strategist, seed 000 p.19), offered to its own side."""
    found: list[Option] = []
    if pre_battle_order_owed(state):  # both armies have pre-battle abilities (p.14)
        found.append(Option(tr("pre-battle roll-off"), "pre_battle_roll_off", {}))
    for side in range(len(state.sides)):
        ability = pre_battle_moves(state, side) if state.round == 0 else None
        if ability is None:
            continue
        for unit in state.sides[side].units:
            if allowed(check_pre_battle_move, state, unit):
                label = tr(
                    '{unit}: move up to {inches}" ({ability})',
                    unit=unit.name,
                    inches=ability[1].distance,
                    ability=ability[0],
                )
                found.append(Option(label, "pre_battle_move", {"unit": unit.spec.id}, side=side))
    return found


def beast_options(state: GameState) -> list[Option]:
    """After set-up, before the first battle round in Ghur: the player whose turn it is may set
    up a monstrous beast or decline (Monstrous Beasts, AoS2 §24.2, seed 000 p.16); `aos play`
    asks which Monster."""
    from aos_cli.core.beasts import next_beast_side

    side = next_beast_side(state)
    if side is None:
        return []
    name = state.sides[side].name
    return [
        Option(
            tr("{side}: set up a monstrous beast (a Monster that is not a Hero)", side=name),
            "beast",
            {"side": side},
            side=side,
        ),
        Option(
            tr("{side}: set up no monstrous beast", side=name),
            "beast",
            {"side": side, "none": True},
            side=side,
        ),
    ]


def options(state: GameState) -> list[Option]:
    """Every action that is legal now (or may be, where it depends on the table)."""
    if state.ended:
        return []
    if state.phase == "priority":
        return [
            *beast_options(state),
            *pre_battle_options(state),
            *system_of(state).turn.priority_menu(state),
        ]
    waiting = [u for u in state.units() if u.must_disembark and u.alive]
    if waiting:
        return [
            Option(
                tr("{unit}: disembark from the wreck", unit=u.name),
                "disembark",
                {"unit": u.spec.id},
                side=u.side,
            )
            for u in waiting
        ]
    if state.pending_spell is not None:
        return _unbind_options(state, state.pending_spell)
    system = system_of(state)
    own_menu = system.turn.menu(state)
    if own_menu is not None:
        return own_menu
    side = state.active_side
    own = [u for u in state.sides[side].units if u.alive]
    found: list[Option] = []
    phase = state.phase
    if phase == "hero":
        found += _cast_options(state, own, side)
    if phase == "hero" and system.turn.general_commands:
        found += _general_command_options(state, own, side)
    if phase in system.turn.phases:
        found += ability_options(state)
    steps = _PHASE_STEPS.get(phase)
    if steps is not None:
        found += steps(state, own, side)
    return found


def _unbind_options(state: GameState, pending: PendingSpell) -> list[Option]:
    """A spell cast waits: each enemy WIZARD that may unbind it, or let it through."""
    caster = state.unit(pending.caster)
    enemy = 1 - caster.side
    verb = magic_of(state).unbind_verb
    spell = spell_text(pending.spell)
    wording = UNBIND_LABELS.get(verb, "{verb} {spell} with {wizard}")
    # 40k8 §17.6: a side with Command Re-rolls is asked whether to re-roll a failed test
    offer = {"offer_reroll": True} if state.sides[enemy].command_rerolls else {}
    found = [
        Option(
            tr(wording, verb=verb, spell=spell, wizard=u.name),
            "unbind",
            {"wizard": u.spec.id, **offer},
            side=enemy,
        )
        for u in state.sides[enemy].units
        if allowed(check_unbind, state, u)
    ]
    return [
        *found,
        Option(tr("Let {spell} through", spell=spell), "unbind", {"wizard": None}, side=enemy),
    ]


def _cast_options(state: GameState, own: list[UnitState], side: int) -> list[Option]:
    """The hero phase's casts: each spell each WIZARD on the battlefield may cast (its own and
    the system's, each once)."""
    system = system_of(state)
    found: list[Option] = []
    for unit in own:
        if not (unit.on_battlefield and unit.spec.casts):
            continue
        spells = [a.name for a in own_spells(state, unit)]
        generic = [s.name.title() for s in generic_spells(system)]
        known = {s.lower(): s for s in [*generic, *spells]}  # each spell once
        for spell in known.values():
            if not allowed(check_cast, state, unit, spell):
                continue
            aim = spell_aim(state, unit, spell)
            payload: dict[str, object] = {"wizard": unit.spec.id, "spell": spell}
            if nudgers(state, unit, "casting"):  # Arcane Lineage: asked once rolled
                payload["offer_nudge"] = True
            found.append(
                Option(
                    tr("{unit}: cast {spell}", unit=unit.name, spell=spell_text(spell)),
                    "cast",
                    payload,
                    aim,
                    side,
                )
            )
    return found


def _general_command_options(state: GameState, own: list[UnitState], side: int) -> list[Option]:
    """The general's Inspiring Presence in the hero phase, once a phase, on a unit on the
    battlefield (systems whose general gives commands)."""
    key = f"general-command:{side}"
    if key in state.used_this_phase or not any(u.general for u in own):
        return []
    return [
        Option(
            tr(
                "{unit}: Inspiring Presence (the general's command, "
                "no battleshock until your next hero phase)",
                unit=unit.name,
            ),
            "command",
            {"ability": "Inspiring Presence", "unit": unit.spec.id},
            side=side,
        )
        for unit in own
        if unit.on_battlefield
    ]


def _movement_options(state: GameState, own: list[UnitState], side: int) -> list[Option]:
    """The movement phase: arrive from reserve, move, run (At the Double too), retreat, and
    the garrison steps."""
    found: list[Option] = []
    for unit in own:
        if allowed(check_arrive, state, unit):
            found.append(
                Option(
                    tr("{unit}: roll to arrive from reserve", unit=unit.name),
                    "arrive",
                    {"unit": unit.spec.id},
                    side=side,
                )
            )
        for kind, check in (
            ("move", check_move),
            ("run", check_run),
            ("retreat", check_retreat),
        ):
            if allowed(check, state, unit):
                found.append(
                    Option(step_label(kind, unit), kind, {"unit": unit.spec.id}, side=side)
                )
        if allowed(check_run, state, unit, True):
            found.append(
                Option(
                    tr(
                        "{unit}: run with At the Double (1 CP: the run roll is a 6)",
                        unit=unit.name,
                    ),
                    "run",
                    {"unit": unit.spec.id, "at_the_double": True},
                    side=side,
                )
            )
        found += garrison_options(state, unit)
    return found


def _shooting_options(state: GameState, own: list[UnitState], side: int) -> list[Option]:
    """The shooting phase: each unit that may shoot."""
    return [
        Option(
            step_label("shoot", unit, in_force(state, unit)),
            "shoot",
            {"unit": unit.spec.id},
            "enemy",
            side,
        )
        for unit in own
        if allowed(check_shoot, state, unit)
    ]


def _charge_options(state: GameState, own: list[UnitState], side: int) -> list[Option]:
    """The charge phase: each unit that may charge (a re-roll offered once rolled)."""
    return [
        Option(
            step_label("charge", unit, in_force(state, unit)),
            "charge",
            {"unit": unit.spec.id, "offer_reroll": True},
            side=side,
        )
        for unit in own
        if allowed(check_charge, state, unit)
    ]


def _combat_options(state: GameState, own: list[UnitState], side: int) -> list[Option]:
    """The combat phase, until both sides pass in turn: the side to pick fights with a unit,
    or passes."""
    if state.combat_passes >= 2:
        return []
    found: list[Option] = []
    picker = state.combat_to_pick if state.combat_to_pick is not None else side
    for unit in state.sides[picker].units:
        if allowed(check_fight, state, unit):
            payload: dict[str, object] = {"unit": unit.spec.id}
            if can_offer(state, unit):  # Gift of the Six Smiths: asked as a roll fails
                payload["smiths"] = "ask"
            found.append(
                Option(step_label("fight", unit, in_force(state, unit)), "fight", payload,
                       "enemy", picker)
            )  # fmt: skip
    if allowed(check_pass, state, picker):
        label = tr("{side}: pass", side=state.sides[picker].name)
        found.append(Option(label, "pass", {}, side=picker))
    return found


def _battleshock_options(state: GameState, own: list[UnitState], side: int) -> list[Option]:
    """The battleshock phase: Inspiring Presence on a unit due a test, then the tests due."""
    due = due_battleshock(state)
    found = [
        Option(
            tr("{unit}: Inspiring Presence (1 CP)", unit=unit.name),
            "command",
            {"ability": "Inspiring Presence", "unit": unit.spec.id},
            side=unit.side,
        )
        for unit in due
        if allowed(check_inspiring_presence, state, unit)
    ]
    if due:
        label = trn(
            "Take the battleshock test ({n} due)",
            "Take the battleshock tests ({n} due)",
            len(due),
            n=len(due),
        )
        found.append(Option(label, "battleshock", {}, side=side))
    return found


_PHASE_STEPS: dict[str, Callable[[GameState, list[UnitState], int], list[Option]]] = {
    "movement": _movement_options,
    "shooting": _shooting_options,
    "charge": _charge_options,
    "combat": _combat_options,
    "battleshock": _battleshock_options,
}
"""The steps each phase offers the side whose turn it is (after its abilities)."""


def garrison_options(state: GameState, unit: UnitState) -> list[Option]:
    """A unit's garrison steps in its movement phase (AoS2 §4.5): garrison each feature that
    may be garrisoned instead of a normal move, or leave the one it garrisons."""
    side = state.active_side
    if allowed(check_leave_garrison, state, unit):
        label = tr("{unit}: leave {feature}", unit=unit.name, feature=unit.garrison or "")
        return [Option(label, "garrison", {"unit": unit.spec.id, "leave": True}, side=side)]
    return [
        Option(
            tr(
                "{unit}: garrison {feature} (instead of a normal move)",
                unit=unit.name,
                feature=str(feature["name"]),
            ),
            "garrison",
            {"unit": unit.spec.id, "feature": str(feature["name"])},
            side=side,
        )
        for feature in garrisonable(state)
        if allowed(check_garrison, state, unit, str(feature["name"]))
    ]


def ability_options(state: GameState) -> list[Option]:
    """The abilities, prayers and command abilities of either side usable in this phase
    (their timing and usage limits checked), each a menu option."""
    system = system_of(state)
    side = state.active_side
    found: list[Option] = []
    own = [u for u in state.sides[side].units if u.alive]
    for unit in [*own, *(u for u in state.sides[1 - side].units if u.alive)]:
        for ability in unit.spec.abilities:
            if (
                ability.kind in ("ability", "prayer", "command")
                and ability.phase == state.phase
                and ability.id != system.setup.reserve_ability
                and allowed(check_ability, state, unit, ability)
            ):
                label: str | Text = concat(unit.name, ": ", ability.name)
                if ability.cost and system.command_points:
                    label = tr(
                        "{unit}: {ability} ({cost} CP)",
                        unit=unit.name,
                        ability=ability.name,
                        cost=ability.cost,
                    )
                aim = ability.target.side if ability.target else None
                ways = [e for e in ability.effects if isinstance(e, Choice)]
                for way in ways:  # "can either ... or ...": each way its own option
                    found.append(
                        Option(
                            f"{label}: {way.name}"
                            if isinstance(label, str)
                            else followed(label, f": {way.name}"),
                            "ability",
                            {"unit": unit.spec.id, "ability": way.name},
                            None if way.aim == "self" else way.aim,
                            side=unit.side,
                        )
                    )
                if ways:
                    continue
                found.append(
                    Option(
                        label,
                        "ability",
                        {"unit": unit.spec.id, "ability": ability.id},
                        None if aim == "self" else aim,
                        side=unit.side,
                    )
                )
    return found


def targets(state: GameState, option: Option) -> list[UnitState]:
    """The units an option may target: on the battlefield, on the side it picks, and of the
    keywords its spell or ability declares (the same check its rule makes, AoS2 §15, §21)."""
    if option.target is None:
        return []
    if option.target == "any":
        found = [u for u in state.units() if u.on_battlefield]
    else:
        wanted = 1 - option.side if option.target == "enemy" else option.side
        found = [u for u in state.sides[wanted].units if u.on_battlefield]
    if option.allowed is not None:
        found = [u for u in found if u.spec.id in option.allowed]
    aim = _target_rule(state, option)
    if aim is None:
        return found
    source, what, rule = aim
    return [u for u in found if allowed(check_target, source, what, rule, u)]


def _target_rule(state: GameState, option: Option) -> tuple[UnitState, str, TargetRule] | None:
    """The acting unit, the name and the declared target rule of a cast or ability option."""
    if option.kind == "cast":
        caster = state.unit(option.payload["wizard"])
        name = str(option.payload["spell"]).lower()
        own = next((a for a in own_spells(state, caster) if a.name.lower() == name), None)
        return (caster, own.name, own.target) if own and own.target else None
    if option.kind == "ability":
        unit = state.unit(option.payload["unit"])
        ability = next((a for a in unit.spec.abilities if a.id == option.payload["ability"]), None)
        return (unit, ability.name, ability.target) if ability and ability.target else None
    return None
