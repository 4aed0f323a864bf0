"""Is this action legal now? One check per kind of action, used by the rule that performs it
(which refuses) and by the menu of `aos play` (which lists only what passes), so the menu
never offers what the command would refuse. (Casting's is `handlers.magic.check_cast`, beside
the spells it reads.)

Each `check_*` raises a RuleError saying why not; `allowed` turns a check into yes or no. A
check passes when a fact the tool cannot see (a distance, terrain) may make the action legal;
the action itself asks for it. What the tool can work out it does not ask: a unit that has not
charged or been charged since it last moved cannot be within 3" of an enemy (`may_be_engaged`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from aos_cli.core.ability_effects import (
    BattalionUnitSlain,
    Choice,
    GainCommandPoints,
    Heal,
    IfKeywords,
    Lasting,
    MortalWounds,
    PickUnits,
    PreBattleMoves,
    RollThen,
    SlayOnRoll,
)
from aos_cli.core.after_moving import barred_after_moving
from aos_cli.core.errors import RuleError
from aos_cli.core.fight_moments import check_before_attacks, moment_of
from aos_cli.core.guards import (
    COALITION_REVISION as COALITION_REVISION,
)
from aos_cli.core.guards import (
    SMITHS_REVISION as SMITHS_REVISION,
)
from aos_cli.core.guards import (
    by_the_book as by_the_book,
)
from aos_cli.core.guards import (
    check_unused,
    commands_as_general,
    need_hero,
    need_phase,
    no_general,
    not_after_run_or_retreat,
    one_of,
    own_turn,
    present,
)
from aos_cli.core.phase_names import phase_name
from aos_cli.core.state import AbilitySpec, GameState, UnitState
from aos_cli.core.system import system_of
from aos_cli.core.weapon_kinds import WeaponKind
from aos_cli.language.i18n import N_
from aos_cli.language.text import Join, Text, tr, trn

if TYPE_CHECKING:
    from aos_cli.core.answers import RecordedAnswers

ENGAGEMENT_REVISION = 3
"""The set-up revision from which the game works out who may be within 3" of an enemy and
refuses to "use" an ability that is in force by itself; games set up earlier replay as they
were played (they ask, and accept such uses)."""

BEASTS_REVISION = 8  # after range and realm's 7 (`aos_cli.core.guards`)
"""The set-up revision from which a battle in Ghur has its monstrous beasts (AoS2 §24.2, seed
000 p.16): set up after set-up, each picking its prey at the start of every battle round and
joining the other army for that round (`aos_cli.core.beasts`); games set up earlier have none."""

AUDIT_REVISION = 10  # after the beasts' 8 and the coalitions' 9 (`aos_cli.core.guards`)
"""The set-up revision from which the auras of other units reach the attack rolls they change
(the attacker's hit and wound rolls, the target's saves: Staunch Defender), each asked whether
the unit is within range (seed 000 p.15, p.19); games set up earlier showed them as reminders
and replay so."""

LEGALITY_REVISION = SMITHS_REVISION  # after the audit's 10
"""The revision a new game is set up with: the latest."""

BOTH_PASSED = N_("both players have passed: the fighting is over this phase")

ACTION_EFFECTS = (
    RollThen,
    MortalWounds,
    Heal,
    Lasting,
    GainCommandPoints,
    IfKeywords,
    BattalionUnitSlain,
    Choice,
    PickUnits,
    SlayOnRoll,
)
"""Effects that are done when the ability is used (a roll, wounds, healing, something put in
force), as opposed to a rule that is in force by itself whenever it applies."""

ENGAGED_QUESTION = N_('is {name} within 3" of an enemy unit?')


def allowed(check: Callable[..., object], *args: Any) -> bool:
    """Whether a check passes."""
    try:
        check(*args)
    except RuleError:
        return False
    return True


def may_be_engaged(state: GameState, unit: UnitState) -> bool:
    """Whether an enemy unit can be within 3" of the unit. Normal moves and runs never end
    within 3" of an enemy and a retreat ends more than 3" away (AoS2 §8.2-8.4); units arrive
    more than 9" away (§26.1); only a charge move (§10) or a pile-in (§11) brings units that
    close. Always possible in a system that does not track it, or a game set up before."""
    if not system_of(state).combat.tracks_engagement or state.rules_revision < ENGAGEMENT_REVISION:
        return True
    return unit.may_be_engaged


def note_placed(state: GameState, unit: UnitState, how: str) -> None:
    """Keep who may be within 3" of whom after `unit` moves (`move`, `run`, `retreat`,
    `arrive`: not within 3" of an enemy now) or closes in (`charge`, `fight`: it, and every
    enemy unit, may now be)."""
    if how in ("charge", "fight"):
        unit.may_be_engaged = True
        for enemy in state.sides[1 - unit.side].units:
            enemy.may_be_engaged = True
    else:
        unit.may_be_engaged = False


def engaged(state: GameState, unit: UnitState, answers: RecordedAnswers) -> bool:
    """Whether the unit is within 3" of an enemy unit: the answer given, else no when no
    enemy can be that close, else asked."""
    if "engaged" in answers.answers or may_be_engaged(state, unit):
        return answers.yes_no("engaged", tr(ENGAGED_QUESTION, name=unit.name))
    return False


def _said_engaged(answers: RecordedAnswers | None) -> bool:
    return bool(answers is not None and answers.answers.get("engaged"))


def _acting(state: GameState, unit: UnitState, phase: str, verb: str) -> None:
    """The phase is right, it is the unit's side's turn, and the unit is on the battlefield."""
    need_phase(state, phase)
    own_turn(state, unit, verb)
    present(unit)


def check_move(state: GameState, unit: UnitState, verb: str = "move") -> None:
    """AoS2 §8: a unit of the side whose turn it is, on the battlefield, moves once a phase;
    a garrison's models do not move (§4.5)."""
    _acting(state, unit, "movement", verb)
    if unit.moved:
        raise RuleError(tr("{unit} has already moved this phase", unit=unit.name))
    check_not_garrisoned(unit)


def check_not_garrisoned(unit: UnitState) -> None:
    """AoS2 §4.5 (seed 000 p.11): the models of a garrison cannot move (no move, run, retreat
    or charge); the unit leaves the feature in its movement phase instead."""
    if unit.garrison is not None:
        raise RuleError(
            tr(
                "{unit} is garrisoning {feature}: its models cannot move (AoS2 §4.5)",
                unit=unit.name,
                feature=unit.garrison,
            ),
            tr("leave the feature in your movement phase: `aos garrison UNIT --leave`"),
        )


def garrisonable(state: GameState) -> list[dict[str, Any]]:
    """The game's terrain features whose warscroll lets units garrison them (AoS2 §4.5)."""
    return [t for t in state.terrain if t.get("garrison")]


def garrisoned_by(state: GameState, feature: str) -> list[UnitState]:
    """The units garrisoning a feature now (a slain garrison holds it no more)."""
    return [u for u in state.units() if u.alive and u.garrison == feature]


def find_feature(state: GameState, name: str) -> dict[str, Any]:
    """The feature that may be garrisoned, named as the set-up named it (any case)."""
    wanted = name.strip().lower()
    found = next((t for t in garrisonable(state) if str(t["name"]).lower() == wanted), None)
    if found is None:
        names = Join(tuple(str(t["name"]) for t in garrisonable(state)))
        raise RuleError(
            tr("no terrain feature called {name} may be garrisoned", name=name),
            tr("features that may: {features}", features=names)
            if garrisonable(state)
            else tr("name one with --terrain NAME=RULE+garrison when the game is set up"),
        )
    return found


def check_garrison(state: GameState, unit: UnitState, feature: str) -> None:
    """AoS2 §4.5 (seed 000 p.11): instead of a normal move, a unit of the side whose turn it
    is garrisons a feature its warscroll lets be garrisoned, unless an enemy unit garrisons
    it already (the 6" and 3" the action asks)."""
    scenery = system_of(state).scenery
    if not scenery.garrisons and state.rules_revision >= scenery.garrisons_before:
        raise RuleError(tr("this game system has no garrisons"))
    check_move(state, unit, "garrison")
    name = str(find_feature(state, feature)["name"])
    holders = [u for u in garrisoned_by(state, name) if u.side != unit.side]
    if holders:
        raise RuleError(
            tr("{unit} garrisons {feature} already", unit=holders[0].name, feature=name)
        )


def check_leave_garrison(state: GameState, unit: UnitState) -> None:
    """AoS2 §4.5 (seed 000 p.11): a garrison leaves its feature in its own movement phase,
    as that unit's move."""
    _acting(state, unit, "movement", "leave")
    if unit.garrison is None:
        raise RuleError(tr("{unit} is not garrisoning a terrain feature", unit=unit.name))
    if unit.moved:
        raise RuleError(tr("{unit} has already moved this phase", unit=unit.name))


def check_not_engaged(state: GameState, unit: UnitState, answers: RecordedAnswers) -> None:
    """AoS2 §8.3 (p.5): a unit within 3" of an enemy unit stays where it is or retreats; it
    makes no normal move and no run. Asked when an enemy may be that close (after a charge or
    a pile-in); a system that does not track it judges only the answer given."""
    if not by_the_book(state):
        return
    asks = system_of(state).combat.tracks_engagement and may_be_engaged(state, unit)
    if not (asks or "engaged" in answers.answers):
        return
    if answers.yes_no("engaged", tr(ENGAGED_QUESTION, name=unit.name)):
        raise RuleError(
            tr(
                '{unit} is within 3" of an enemy unit: it must stay where it is or retreat '
                "(AoS2 §8.3)",
                unit=unit.name,
            ),
            tr("use `aos retreat`"),
        )


def check_run(state: GameState, unit: UnitState, at_the_double: bool = False) -> None:
    """AoS2 §8.4: running is the unit's move; At the Double costs a command point (§7.2)."""
    check_move(state, unit, "run")
    if at_the_double:
        check_cp(state, unit.side, 1, tr("At the Double"))


def check_retreat(
    state: GameState, unit: UnitState, answers: RecordedAnswers | None = None
) -> None:
    """AoS2 §8.3: only a unit that starts its move within 3" of an enemy unit retreats."""
    check_move(state, unit, "retreat")
    if not (may_be_engaged(state, unit) or _said_engaged(answers)):
        raise RuleError(
            tr(
                '{unit} is not within 3" of an enemy unit: it moves or runs instead of '
                "retreating (AoS2 §8.3)",
                unit=unit.name,
            ),
            tr("if an enemy did come that close, answer engaged=yes"),
        )


def check_arrive(state: GameState, unit: UnitState) -> None:
    """AoS2 §26.1: a unit in reserve rolls to arrive once in each of its movement phases."""
    need_phase(state, "movement")
    own_turn(state, unit, "arrive")
    if not unit.in_reserve:
        raise RuleError(tr("{unit} is not in reserve", unit=unit.name))
    from aos_cli.core.scoring import book_of

    if book_of(state).plan.reserves_at_end == "not_in_army":
        raise RuleError(
            tr(
                "{unit} was not set up: it is not part of the army and takes no part in the "
                "battle (AoS1 §4)",
                unit=unit.name,
            ),
            tr("if an ability brings it in, add its models with `aos adjust`"),
        )
    if unit.moved:
        raise RuleError(tr("{unit} has already rolled to arrive this phase", unit=unit.name))
    first = book_of(state).plan.reserves_from_round
    if first is not None and state.round < first:
        raise RuleError(
            tr(
                "{unit} arrives from battle round {round} (the battleplan's reserves)",
                unit=unit.name,
                round=first,
            )
        )


def pre_battle_moves(state: GameState, side: int) -> tuple[str, PreBattleMoves] | None:
    """The side's ability of pre-battle moves and its name (Cunning Strategist, seed 000
    p.19), from its units' abilities and the set-up choices in force on them."""
    for unit in state.sides[side].units:
        found = [(a.name, a.effects) for a in unit.spec.abilities]
        found += [(e.name, e.effects) for e in unit.effects]
        for name, effects in found:
            for effect in effects:
                if isinstance(effect, PreBattleMoves):
                    return name, effect
    return None


def has_pre_battle_abilities(state: GameState, side: int) -> bool:
    """Whether a side's army has abilities used after set-up, before the first battle round
    (seed 000 p.14): a pre-battle move, or any ability whose timing is before the battle."""
    if pre_battle_moves(state, side) is not None:
        return True
    return any(a.phase == "pre_battle" for u in state.sides[side].units for a in u.spec.abilities)


def pre_battle_order_owed(state: GameState) -> bool:
    """Seed 000 p.14: when both armies have pre-battle abilities, a roll-off decides who uses
    all of theirs first; owed before the first battle round until it is rolled (games set up
    before `COALITION_REVISION` had none)."""
    return (
        state.rules_revision >= COALITION_REVISION
        and state.round == 0
        and state.pre_battle_first is None
        and all(has_pre_battle_abilities(state, side) for side in range(len(state.sides)))
    )


def check_pre_battle_roll_off(state: GameState) -> None:
    """The pre-battle roll-off is rolled once, before the first battle round, and only when
    both armies have pre-battle abilities (seed 000 p.14)."""
    if state.pre_battle_first is not None:
        raise RuleError(tr("the pre-battle roll-off has been rolled"))
    if not pre_battle_order_owed(state):
        raise RuleError(
            tr("no pre-battle roll-off: it is rolled before the first battle round when both "
               "armies have pre-battle abilities (AoS2 p.14)")
        )  # fmt: skip


def check_pre_battle_turn(state: GameState, side: int) -> None:
    """Seed 000 p.14: the roll-off comes before any pre-battle ability when both armies have
    them; the side sent first uses all of its own before the other uses any, and once the
    other has begun, the first has had its turn."""
    if pre_battle_order_owed(state):
        raise RuleError(
            tr("both armies have pre-battle abilities: roll off first (AoS2 p.14)"),
            tr("roll it with `aos pre-battle-roll-off`"),
        )
    first = state.pre_battle_first
    if first is not None and side == first and state.pre_battle_closed:
        raise RuleError(
            tr(
                "{side} has used its pre-battle abilities: {other} uses theirs now (AoS2 p.14)",
                side=state.sides[side].name,
                other=state.sides[1 - side].name,
            )
        )


def check_pre_battle_move(state: GameState, unit: UnitState) -> None:
    """Seed 000 p.19 (Cunning Strategist) with p.14's pre-battle abilities: once both armies
    are set up and before the first battle round begins, each of the units picked (as many
    as rolled, with the keywords named) may move once."""
    present(unit)
    found = pre_battle_moves(state, unit.side)
    if found is None:
        raise RuleError(tr("{side} has no pre-battle move", side=state.sides[unit.side].name))
    name, effect = found
    if state.round > 0 or state.phase != "priority":
        raise RuleError(tr("{ability} is used before the first battle round begins", ability=name))
    check_pre_battle_turn(state, unit.side)
    side = state.sides[unit.side]
    missing = [k for k in effect.keywords if not unit.spec.has(k)]
    if missing:
        raise RuleError(
            tr(
                "{ability} moves {keywords} units only",
                ability=name,
                keywords=Join(tuple(missing), ", "),
            )
        )
    if unit.spec.id in side.pre_battle_moved:
        raise RuleError(
            tr("{unit} has already made its move ({ability})", unit=unit.name, ability=name)
        )
    if side.pre_battle_moves is not None and len(side.pre_battle_moved) >= side.pre_battle_moves:
        raise RuleError(
            trn(
                "{ability} rolled {n} unit, and it has moved",
                "{ability} rolled {n} units, and they have moved",
                side.pre_battle_moves,
                ability=name,
                n=side.pre_battle_moves,
            )
        )


def check_shoot(state: GameState, unit: UnitState) -> None:
    """AoS2 §9: once a phase, with missile weapons, not after running or retreating."""
    _acting(state, unit, "shooting", "shoot")
    if barred_after_moving(state, unit, "shoot"):
        not_after_run_or_retreat(unit, "shoot")
    if unit.shot:
        raise RuleError(tr("{unit} has already shot this phase", unit=unit.name))
    if not any(w.kind == WeaponKind.MISSILE for w in unit.spec.weapons):
        raise RuleError(tr("{unit} has no missile weapon to shoot with", unit=unit.name))


def check_charge(state: GameState, unit: UnitState) -> None:
    """AoS2 §10: one charge roll a phase, not after running or retreating; a garrison does
    not move (§4.5)."""
    _acting(state, unit, "charge", "charge")
    check_not_garrisoned(unit)
    if barred_after_moving(state, unit, "charge"):
        not_after_run_or_retreat(unit, "charge")
    if unit.charged:
        raise RuleError(tr("{unit} has already charged this phase", unit=unit.name))
    if unit.charge_rolled:
        raise RuleError(
            tr("{unit} has already made its charge roll this phase", unit=unit.name),
            tr("a failed charge is rerolled only with --reroll (Forward to Victory or an ability)"),
        )


def check_fight(state: GameState, unit: UnitState, answers: RecordedAnswers | None = None) -> None:
    """AoS2 §11: the side whose pick it is fights with a unit that charged this turn or may be
    within 3" of an enemy, once a phase, with melee weapons."""
    need_phase(state, system_of(state).combat.phase)
    present(unit)
    if state.combat_passes >= 2:
        raise RuleError(tr(BOTH_PASSED))
    if state.combat_to_pick is not None and unit.side != state.combat_to_pick:
        raise RuleError(
            tr("it is {side}'s pick to fight", side=state.sides[state.combat_to_pick].name)
        )
    if unit.fought:
        raise RuleError(tr("{unit} has already fought this phase", unit=unit.name))
    busy = [
        u
        for u in state.units()
        if u is not unit and u.on_battlefield and u.attacking(WeaponKind.MELEE)
    ]
    if busy:
        raise finish_attacks(busy[0])
    if not any(w.kind == WeaponKind.MELEE for w in unit.spec.weapons):
        raise RuleError(tr("{unit} has no melee weapons", unit=unit.name))
    if not (unit.charged or may_be_engaged(state, unit) or _said_engaged(answers)):
        raise RuleError(
            tr(
                '{unit} did not charge and is not within 3" of an enemy: it cannot fight',
                unit=unit.name,
            )
        )


def could_fight(state: GameState, side: int) -> list[UnitState]:
    """The side's units that may be eligible to fight now (AoS2 §11)."""
    picking = state.combat_to_pick
    state.combat_to_pick = side
    try:
        return [u for u in state.sides[side].units if allowed(check_fight, state, u)]
    finally:
        state.combat_to_pick = picking


def check_pass(state: GameState, side: int) -> None:
    """AoS2 §11: a player passes only with no eligible unit; a unit that charged always is."""
    need_phase(state, system_of(state).combat.phase)
    if state.combat_passes >= 2:
        raise RuleError(tr(BOTH_PASSED))
    busy = [u for u in state.units() if u.on_battlefield and u.attacking(WeaponKind.MELEE)]
    if busy:
        raise finish_attacks(busy[0])
    waiting = [
        u for u in state.sides[side].units if u.on_battlefield and u.charged and not u.fought
    ]
    if waiting:
        raise RuleError(
            tr(
                "{unit} charged and must fight before {side} can pass",
                unit=waiting[0].name,
                side=state.sides[side].name,
            )
        )


def finish_attacks(unit: UnitState) -> RuleError:
    """The error for a unit that has begun attacking weapon by weapon: its models attack with
    all their melee weapons before anything else happens (AoS2 p.6)."""
    return RuleError(
        tr(
            "{unit} must first attack with the rest of its melee weapons (AoS2 p.6)", unit=unit.name
        ),
        tr("fight on with `aos fight`, naming --weapon and --target"),
    )


def check_phase_owed(state: GameState) -> None:
    """No phase ends past a choice the rules still owe (issue 26): in the combat phase, every
    unit that charged this turn fights as the system says (`GameSystem.combat.owed_fight`, AoS2 p.6)
    and a unit attacking weapon by weapon uses them all first."""
    if not by_the_book(state) or state.phase != system_of(state).combat.phase:
        return
    busy = [u for u in state.units() if u.on_battlefield and u.attacking(WeaponKind.MELEE)]
    if busy:
        raise finish_attacks(busy[0])
    owed = system_of(state).combat.owed_fight(state)
    if owed is not None:
        raise owed


def used_by_action(ability: AbilitySpec) -> bool:
    """Whether an ability is something a player does (a menu option) rather than a rule in
    force by itself where it applies (Chained Lightning in every shooting attack, Heralds of
    Righteousness on every charge roll): prayers and command abilities, anything with a cost
    or a usage limit, anything that picks another unit or whose effects are done when used."""
    if ability.passive:
        return False
    if ability.usage is None:  # a game set up before usage limits: only always-on apply alone
        return True
    if ability.kind != "ability" or ability.cost or ability.once_per:
        return True
    if ability.usage != "unlimited":
        return True
    if ability.target is not None and ability.target.side != "self":
        return True
    return any(isinstance(effect, ACTION_EFFECTS) for effect in ability.effects)


def in_force_here(ability: AbilitySpec, phase: str) -> bool:
    """A rule in force by itself in this phase (shown where it applies, never an option)."""
    return not used_by_action(ability) and ability.phase in (phase, None)


def fallen_comrades(
    state: GameState, unit: UnitState, effect: BattalionUnitSlain
) -> list[UnitState]:
    """The other units of the unit's battalions slain in this phase (the effect's phase),
    whose loss no unit has yet answered (Martial Bond, seed 000 p.16)."""
    if state.phase != effect.phase or not unit.spec.battalions:
        return []
    lost_now = {
        loss["unit"]
        for loss in state.losses
        if loss["round"] == state.round and loss["phase"] == state.phase
    }
    return [
        other
        for other in state.sides[unit.side].units
        if other is not unit
        and not other.alive
        and other.slain_this_turn
        and other.spec.id in lost_now
        and set(other.spec.battalions) & set(unit.spec.battalions)
        and f"avenged:{other.spec.id}" not in state.used_this_phase
    ]


def check_general_command(state: GameState, unit: UnitState) -> None:
    """AoS1 §7.2: in your hero phase your general alone may use one command ability."""
    system = system_of(state)
    need_phase(state, system.turn.command_phase)
    own_turn(state, unit, "command")
    generals = [u for u in state.sides[unit.side].units if u.general and u.on_battlefield]
    if not generals:
        raise no_general(state, unit.side)
    if unit is not generals[0] and not unit.general:
        raise RuleError(
            tr(
                "only the general commands in {system}; {unit} is not it",
                system=system.name,
                unit=unit.name,
            )
        )
    if f"general-command:{unit.side}" in state.used_this_phase:
        raise RuleError(
            tr(
                "{general} has already used its one command ability this hero phase "
                "({section} §7.2)",
                general=generals[0].name,
                section=system.section,
            )
        )


def check_moment(state: GameState, ability: AbilitySpec) -> None:
    """An ability used at a moment of its phase (issue 26 item 9): at its start, before any
    other action of the phase; at its end, after the others (once one is used, the phase is
    ending)."""
    if not by_the_book(state):
        return
    if ability.step != "end":
        check_not_ending(state, ability)
    if ability.step == "start" and state.phase_begun:
        raise RuleError(
            tr(
                "{ability} is used at the start of the {phase}, before any other action",
                ability=ability.name,
                phase=phase_name(state.phase),
            )
        )
    state.moment = ability.step


def check_not_ending(state: GameState, action: object) -> None:
    """Once an action at the end of the phase was taken, only others at its end, corrections
    and `aos next` follow (issue 26 item 9)."""
    if by_the_book(state) and state.phase_ending:
        raise RuleError(
            tr(
                "the {phase} is ending: only what is done at its end is left",
                phase=phase_name(state.phase),
            ),
            tr("use `aos next`"),
        )


def check_cp(state: GameState, side: int, cost: int, what: str | Text) -> None:
    """A command ability's cost must be in hand (AoS2 §7.1); a system without command points
    has none to spend (AoS1 §7.2)."""
    system = system_of(state)
    if not system.command_points:
        raise RuleError(
            tr(
                "{what} costs a command point, and {system} has no command points",
                what=what,
                system=system.name,
            ),
            tr(
                "{section}: see the rules of command abilities for {system}",
                section=system.section,
                system=system.id,
            ),
        )
    need_hero(state, side)
    if state.sides[side].command_points < cost:
        raise RuleError(
            tr("{side} has no command points for {what}", side=state.sides[side].name, what=what)
        )


def check_inspiring_presence(state: GameState, unit: UnitState) -> None:
    """AoS2 §7.2: Inspiring Presence, at the start of the battleshock phase, on a unit on the
    battlefield, for a command point (and a Hero in the army, p.4). Whether a Hero is near
    enough the command itself asks."""
    need_phase(state, "battleshock")
    present(unit)
    if any(u.battleshock_tested for u in state.units()):
        raise RuleError(
            tr(
                "{ability} is used at the start of the battleshock phase",
                ability=tr("Inspiring Presence"),
            )
        )
    check_cp(state, unit.side, 1, tr("Inspiring Presence"))


def check_ability(state: GameState, unit: UnitState, ability: AbilitySpec) -> None:
    """A warscroll ability, prayer or command ability used now (AoS2 §7, §21): on the
    battlefield, at its timing, by the general if only it may, with the command points in
    hand and its limit not used up; a rule in force by itself is not used."""
    present(unit)
    system = system_of(state)
    if not used_by_action(ability) and state.rules_revision >= ENGAGEMENT_REVISION:
        raise RuleError(
            tr(
                "{ability} is in force by itself wherever it applies: there is nothing to use",
                ability=ability.name,
            )
        )
    if ability.kind == "command" and system.turn.general_commands:
        check_general_command(state, unit)
    elif ability.phase and ability.phase != state.phase:
        raise RuleError(
            tr(
                "{ability} is used in the {phase}, not the {now}",
                ability=ability.name,
                phase=phase_name(ability.phase),
                now=phase_name(state.phase),
            )
        )
    elif ability.turn != "any" and (unit.side == state.active_side) != (ability.turn == "yours"):
        whose = (
            tr("{ability} is used in your own turn", ability=ability.name)
            if ability.turn == "yours"
            else tr("{ability} is used in the enemy's turn", ability=ability.name)
        )
        raise RuleError(whose)
    check_moment(state, ability)
    if moment_of(ability) == "after_pile_in":  # the unit picked to fight, before it attacks
        check_fight(state, unit)
        check_before_attacks(state, unit, ability)
    if ability.general_only and not commands_as_general(state, unit):
        raise RuleError(
            tr(
                "only the general may use {ability}; {unit} is not the general",
                ability=ability.name,
                unit=unit.name,
            )
        )
    for effect in ability.effects:
        if isinstance(effect, BattalionUnitSlain) and not fallen_comrades(state, unit, effect):
            raise RuleError(
                tr(
                    "{ability}: no other unit of the battalion of {unit} was slain in this {phase}",
                    ability=ability.name,
                    unit=unit.name,
                    phase=phase_name(effect.phase),
                )
            )
    if ability.cost and not (ability.kind == "command" and system.turn.general_commands):
        check_cp(state, unit.side, ability.cost, ability.name)
    sharing = [a.name for a in unit.spec.abilities if a.limit_key == ability.limit_key]
    check_unused(state, unit, ability.limit_key, ability.once_per, one_of(sharing))
