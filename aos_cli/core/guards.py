"""Guards: is this action legal now? Public helpers the handlers, the systems and the guide share.

Each raises a RuleError that says why not. `use_once` is the one place per-use limits (once per
phase, turn or battle) are kept.
"""

from __future__ import annotations

from aos_cli.core.answers import Asker
from aos_cli.core.errors import InputError, RuleError
from aos_cli.core.phase_names import phase_name
from aos_cli.core.state import GameState, UnitState
from aos_cli.core.system import system_of
from aos_cli.core.targets import TargetRule
from aos_cli.language.text import Join, Text, Value, tr, trp

BY_THE_BOOK_REVISION = 4
"""The set-up revision from which the rules of the third audit of seed 000 apply (a unit within
3" of an enemy stays or retreats, every weapon attacks, a weapon's own rules count once, no
phase ends past a choice the rules owe, ...); games set up earlier replay as they were played."""


CONTROL_WHEN_SCORED_REVISION = 5
"""The set-up revision from which objective control that does not stay with its holder (40k8
§17.3) is counted only at a moment that scores it, never at the end of every turn (Ancient
Relic and Slay and Secure count once, at the battle's end); games set up earlier replay as they
were played."""


RANGE_AND_REALM_REVISION = 7  # after the scenery's 6 (`aos_cli.core.terrain`)
"""The set-up revision from which a missile weapon's Range is asked before a shot (AoS2 p.7,
under Night March 12" at most, p.12) and Ghur's realmscape is played rather than reminded:
Hungering Animus rolls at the start of each hero phase and Reckless Aggression wounds at the
end of the charge phase (seed 000 p.16); games set up earlier replay as they were played."""


COALITION_REVISION = 9  # after the range and realm's 7 (8: another branch of stop 37)
"""The set-up revision from which a coalition's players each have their own general (a slain
one replaced from the same player's units), a general chosen mid-battle scores as a general
when slain, the warlord's general is whoever leads the warlord's army now (seed 000 p.12), and
the rest of the rules of stop 37 apply; games set up earlier replay as they were played."""


SMITHS_REVISION = 11  # after the coalitions' 9 (10: another branch of stop 37)
"""The set-up revision from which the Gift of the Six Smiths is played rather than reminded
(seed 000 p.19: once per turn, one hit, wound or damage roll of an attack with the weapon
re-rolled; `aos_cli.core.smiths`); games set up earlier replay as they were played."""


def by_the_book(state: GameState) -> bool:
    """Whether the game was set up with the rules of `BY_THE_BOOK_REVISION` or later."""
    return state.rules_revision >= BY_THE_BOOK_REVISION


def need_phase(state: GameState, *phases: str) -> None:
    """It must be one of these phases."""
    if state.phase not in phases:
        allowed = Join(tuple(phase_name(phase) for phase in phases), " / ")
        raise RuleError(
            tr(
                "it is the {phase}, not the {allowed}",
                phase=phase_name(state.phase),
                allowed=allowed,
            ),
            tr("use `aos next`"),
        )


def action_verb(verb: str) -> str | Text:
    """What a unit does, as the chosen language says it after "cannot" (an infinitive): a
    word said when shown; a verb the table does not know is kept as it is."""
    verbs = {
        "move": trp("verb", "move"),
        "run": trp("verb", "run"),
        "retreat": trp("verb", "retreat"),
        "arrive": trp("verb", "arrive"),
        "shoot": trp("verb", "shoot"),
        "charge": trp("verb", "charge"),
        "fight": trp("verb", "fight"),
        "command": trp("verb", "command"),
        "cast": trp("verb", "cast"),
        "make a sacrifice": trp("verb", "make a sacrifice"),
        "manifest powers": trp("verb", "manifest powers"),
        "embark": trp("verb", "embark"),
        "disembark": trp("verb", "disembark"),
        "garrison": trp("verb", "garrison a terrain feature"),
        "leave": trp("verb", "leave its terrain feature"),
    }
    return verbs.get(verb, verb)


def one_of(names: list[str]) -> str | Text:
    """`A`, `A or B`, `A, B or C`, as the chosen language says it (when shown)."""
    if len(names) < 2:
        return "".join(names)
    return tr("{names} or {last}", names=Join(tuple(names[:-1])), last=names[-1])


def own_turn(state: GameState, unit: UnitState, verb: str) -> None:
    """The unit must belong to the side whose turn it is."""
    if unit.side != state.active_side:
        raise RuleError(
            tr(
                "{unit} cannot {verb}: it is {side}'s turn",
                unit=unit.name,
                verb=action_verb(verb),
                side=state.sides[state.active_side].name,
            )
        )


def present(unit: UnitState) -> None:
    """The unit must be alive and on the battlefield (not in reserve)."""
    if not unit.alive:
        raise RuleError(tr("{unit} has been destroyed", unit=unit.name))
    if unit.in_reserve:
        raise RuleError(tr("{unit} is not on the battlefield (in reserve)", unit=unit.name))


def not_after_run_or_retreat(unit: UnitState, verb: str) -> None:
    """A unit that ran or retreated this turn cannot shoot or charge (AoS2 §8.3, §8.4)."""
    if unit.ran:
        raise RuleError(
            tr("{unit} ran this turn and cannot {verb}", unit=unit.name, verb=action_verb(verb))
        )
    if unit.retreated:
        raise RuleError(
            tr(
                "{unit} retreated this turn and cannot {verb}",
                unit=unit.name,
                verb=action_verb(verb),
            )
        )


def acting_unit(state: GameState, name: str, phase: str, verb: str) -> UnitState:
    """The unit an action is for, checked: the right phase, its side's turn, on the table."""
    need_phase(state, phase)
    unit = state.unit(name)
    own_turn(state, unit, verb)
    present(unit)
    return unit


def spend_cp(state: GameState, side: int, what: str | Text) -> None:
    """Each command ability costs 1 command point (AoS2 §7.1); a system without command points
    has none to spend (AoS1 §7.2, aos-differences #55)."""
    system = system_of(state)
    if not system.command_points:
        raise RuleError(
            tr(
                "{what} costs a command point, and {system} has no command points",
                what=what,
                system=system.name,
            ),
            tr(
                "{section}: see `aos rules show command-ability-1e --system {system}`",
                section=system.section,
                system=system.id,
            ),
        )
    need_hero(state, side)
    if state.sides[side].command_points < 1:
        raise RuleError(
            tr("{side} has no command points for {what}", side=state.sides[side].name, what=what)
        )
    state.sides[side].command_points -= 1
    from aos_cli.core.events import CommandUsed, emit

    left = state.sides[side].command_points
    emit(state, CommandUsed(side, state.sides[side].name, str(what), 1, left))


def need_hero(state: GameState, side: int) -> None:
    """An army uses command abilities only while it has a Hero (AoS2 p.4): checked by the
    command that spends the point and by the menu that offers it (`legality.check_cp`)."""
    if by_the_book(state) and not any(u.alive and u.spec.is_hero for u in state.sides[side].units):
        raise RuleError(
            tr("{side} has no Hero: an army uses command abilities only if it has a Hero "
               "(AoS2 p.4)", side=state.sides[side].name)
        )  # fmt: skip


def commands_as_general(state: GameState, unit: UnitState) -> bool:
    """Whether the unit uses command abilities as the general: it is the general, or a
    command trait picked it to while the general whose trait it is lives (Consummate
    Commander, seed 000 p.19)."""
    from aos_cli.core.ability_effects import ActsAsGeneral

    if unit.general:
        return True
    effects = [e for a in unit.spec.abilities for e in a.effects]
    effects += [e for active in unit.effects for e in active.effects]
    for effect in effects:
        if isinstance(effect, ActsAsGeneral) and effect.general:
            general = next((u for u in state.units() if u.spec.id == effect.general), None)
            if general is not None and general.alive and general.general:
                return True
    return False


def needs_hero_in_range(answers: Asker, unit: UnitState, state: GameState | None = None) -> None:
    """Generic command abilities need a friendly Hero within 6" (general: 12") (AoS2 §7.2);
    a Hero a command trait lets command as the general gives 12" too (Consummate Commander)."""
    commander = next(
        (
            u
            for u in (state.sides[unit.side].units if state is not None else ())
            if not u.general and u.on_battlefield and commands_as_general(state, u)  # type: ignore[arg-type]
        ),
        None,
    )
    question = (
        tr('is {unit} within 6" of a friendly Hero or 12" of your general?', unit=unit.name)
        if commander is None
        else tr(
            'is {unit} within 6" of a friendly Hero or 12" of your general or {commander}?',
            unit=unit.name,
            commander=commander.name,
        )
    )
    if not answers.yes_no("in-command-range", question):
        raise RuleError(
            tr("{unit} is not in range of a Hero to receive the command", unit=unit.name)
        )


def enemy_unit(state: GameState, unit: UnitState, name: str) -> UnitState:
    """The unit named, which must be an enemy of `unit` and on the battlefield."""
    target = state.unit(name)
    if target.side == unit.side:
        raise RuleError(
            tr("{target} is not an enemy of {unit}", target=target.name, unit=unit.name),
            tr("only enemy units are targets"),
        )
    present(target)
    return target


def check_unused(
    state: GameState, unit: UnitState, limit_key: str, once_per: str | None, what: str | Text
) -> None:
    """A limited ability (`once_per` phase, turn, round or battle) not yet used in its scope."""
    key = f"{unit.spec.id}:{limit_key}"
    used = {
        "phase": state.used_this_phase,
        "turn": state.used_this_turn,
        "round": state.used_this_round,
        "battle": state.sides[unit.side].used_once_per_battle,
    }
    if once_per in used and key in used[once_per]:
        names = {"unit": unit.name, "what": what}
        said = {
            "phase": tr("{unit} has already used {what} this phase", **names),
            "turn": tr("{unit} has already used {what} this turn", **names),
            "round": tr("{unit} has already used {what} this battle round", **names),
            "battle": tr("{unit} has already used {what} this battle", **names),
        }
        raise RuleError(said[once_per])


def use_once(
    state: GameState,
    unit: UnitState,
    ability_id: str,
    once_per: str | None,
    what: str | Text | None = None,
) -> None:
    """Count one use of a limited ability (`once_per` phase, turn, round or battle; None: no
    limit), refused when the unit has already used it in that scope. Uses "instead of" one
    another pass one shared `ability_id`, so they count against one limit."""
    check_unused(state, unit, ability_id, once_per, what or tr("this ability"))
    used = {
        "phase": state.used_this_phase,
        "turn": state.used_this_turn,
        "round": state.used_this_round,
        "battle": state.sides[unit.side].used_once_per_battle,
    }
    if once_per in used:
        used[once_per].add(f"{unit.spec.id}:{ability_id}")


def general_of(state: GameState, side: int) -> UnitState:
    """The side's general, alive and on the battlefield (AoS1 §4.1)."""
    found = [u for u in state.sides[side].units if u.general and u.on_battlefield]
    if not found:
        raise no_general(state, side)
    return found[0]


def no_general(state: GameState, side: int) -> RuleError:
    """The error for a side without its general on the battlefield (AoS1 §4.1)."""
    return RuleError(
        tr("{side} has no general on the battlefield to command", side=state.sides[side].name),
        tr("the 1st edition sheet has no rule for replacing a slain general (AoS1 §4.1)"),
    )


def check_target(source: UnitState, what: str | Text, rule: TargetRule, target: UnitState) -> None:
    """Whether `what` of `source` may pick `target` by its declared rule: on the battlefield,
    the right side and keywords (the range is asked by `aimed_at`)."""
    names: dict[str, Value] = {
        "what": what, "unit": source.name, "target": target.name, "rule": rule.describe()
    }  # fmt: skip
    if rule.side == "self" and target is not source:
        raise RuleError(tr("{what} applies to {unit} itself, not to another unit", **names))
    if not target.on_battlefield:
        raise RuleError(tr("{target} is not on the battlefield and cannot be picked", **names))
    if rule.side == "enemy" and target.side == source.side:
        raise RuleError(tr("{what} picks {rule}: {target} is not an enemy of {unit}", **names))
    if rule.side == "friendly" and target.side != source.side:
        raise RuleError(tr("{what} picks {rule}: {target} is not friendly to {unit}", **names))
    missing = [k for k in rule.keywords if not target.spec.has(k)]
    if missing or (rule.any_keywords and not any(target.spec.has(k) for k in rule.any_keywords)):
        raise RuleError(tr("{what} picks {rule}: {target} is not one", **names))


def aimed_at(
    state: GameState,
    source: UnitState,
    what: str | Text,
    rule: TargetRule | None,
    target_name: str | None,
    answers: Asker,
) -> UnitState:
    """The unit `what` lands on, checked against its declared `rule` before any die is rolled:
    the right side, the keywords, on the battlefield, and within range (asked). Without a
    rule (an old game's snapshot) the named unit, or the source itself, as before."""
    if rule is None:
        return state.unit(target_name) if target_name else source
    if rule.side == "self":
        if target_name is not None and state.unit(target_name) is not source:
            raise RuleError(
                tr(
                    "{what} applies to {unit} itself, not to another unit",
                    what=what,
                    unit=source.name,
                ),
                tr("leave out --target"),
            )
        return source
    if target_name is None:
        raise InputError(tr("{what} needs --target: {rule}", what=what, rule=rule.describe()))
    target = state.unit(target_name)
    check_target(source, what, rule, target)
    if rule.range is None or target is source:
        return target
    names: dict[str, Value] = {"target": target.name, "unit": source.name, "range": rule.range}
    question = (
        tr('is {target} within {range}" of {unit} and visible to it?', **names)
        if rule.visible
        else tr('is {target} within {range}" of {unit}?', **names)
    )
    if not answers.yes_no("target-in-range", question):
        raise RuleError(
            tr('{target} is not within {range}" of {unit} or not visible to it', **names)
            if rule.visible
            else tr('{target} is not within {range}" of {unit}', **names)
        )
    return target
