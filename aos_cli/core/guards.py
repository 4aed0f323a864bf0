"""Guards: is this action legal now? Public helpers the handlers, the systems and the guide share.

Each raises a RuleError that says why not. `use_once` is the one place per-use limits (once per
phase, turn or battle) are kept.
"""

from __future__ import annotations

from aos_cli.core.answers import Asker
from aos_cli.core.errors import InputError, RuleError
from aos_cli.core.state import GameState, UnitState
from aos_cli.core.system import system_of
from aos_cli.core.targets import TargetRule


def need_phase(state: GameState, *phases: str) -> None:
    """It must be one of these phases."""
    if state.phase not in phases:
        allowed = " or ".join(phases)
        raise RuleError(f"it is the {state.phase} phase, not the {allowed} phase", "use `aos next`")


def own_turn(state: GameState, unit: UnitState, verb: str) -> None:
    """The unit must belong to the side whose turn it is."""
    if unit.side != state.active_side:
        raise RuleError(
            f"{unit.name} cannot {verb}: it is {state.sides[state.active_side].name}'s turn"
        )


def present(unit: UnitState) -> None:
    """The unit must be alive and on the battlefield (not in reserve)."""
    if not unit.alive:
        raise RuleError(f"{unit.name} has been destroyed")
    if unit.in_reserve:
        raise RuleError(f"{unit.name} is not on the battlefield (in reserve)")


def not_after_run_or_retreat(unit: UnitState, verb: str) -> None:
    """A unit that ran or retreated this turn cannot shoot or charge (AoS2 §8.3, §8.4)."""
    if unit.ran or unit.retreated:
        raise RuleError(
            f"{unit.name} {'ran' if unit.ran else 'retreated'} this turn and cannot {verb}"
        )


def acting_unit(state: GameState, name: str, phase: str, verb: str) -> UnitState:
    """The unit an action is for, checked: the right phase, its side's turn, on the table."""
    need_phase(state, phase)
    unit = state.unit(name)
    own_turn(state, unit, verb)
    present(unit)
    return unit


def spend_cp(state: GameState, side: int, what: str) -> None:
    """Each command ability costs 1 command point (AoS2 §7.1); a system without command points
    has none to spend (AoS1 §7.2, aos-differences #55)."""
    system = system_of(state)
    if not system.command_points:
        raise RuleError(
            f"{what} costs a command point, and {system.name} has no command points",
            f"{system.section}: see `aos rules show command-ability-1e --system {system.id}`",
        )
    if state.sides[side].command_points < 1:
        raise RuleError(f"{state.sides[side].name} has no command points for {what}")
    state.sides[side].command_points -= 1


def needs_hero_in_range(answers: Asker, unit: UnitState) -> None:
    """Generic command abilities need a friendly Hero within 6" (general: 12") (AoS2 §7.2)."""
    if not answers.yes_no(
        "in-command-range",
        f'is {unit.name} within 6" of a friendly Hero or 12" of your general?',
    ):
        raise RuleError(f"{unit.name} is not in range of a Hero to receive the command")


def enemy_unit(state: GameState, unit: UnitState, name: str) -> UnitState:
    """The unit named, which must be an enemy of `unit` and on the battlefield."""
    target = state.unit(name)
    if target.side == unit.side:
        raise RuleError(
            f"{target.name} is not an enemy of {unit.name}", "only enemy units are targets"
        )
    present(target)
    return target


def check_unused(
    state: GameState, unit: UnitState, limit_key: str, once_per: str | None, what: str
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
        scope = "battle round" if once_per == "round" else once_per
        raise RuleError(f"{unit.name} has already used {what} this {scope}")


def use_once(
    state: GameState,
    unit: UnitState,
    ability_id: str,
    once_per: str | None,
    what: str = "this ability",
) -> None:
    """Count one use of a limited ability (`once_per` phase, turn, round or battle; None: no
    limit), refused when the unit has already used it in that scope. Uses "instead of" one
    another pass one shared `ability_id`, so they count against one limit."""
    check_unused(state, unit, ability_id, once_per, what)
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
        raise RuleError(
            f"{state.sides[side].name} has no general on the battlefield to command",
            "the 1st edition sheet has no rule for replacing a slain general (AoS1 §4.1)",
        )
    return found[0]


def check_target(source: UnitState, what: str, rule: TargetRule, target: UnitState) -> None:
    """Whether `what` of `source` may pick `target` by its declared rule: on the battlefield,
    the right side and keywords (the range is asked by `aimed_at`)."""
    if rule.side == "self" and target is not source:
        raise RuleError(f"{what} applies to {source.name} itself, not to another unit")
    if not target.on_battlefield:
        raise RuleError(f"{target.name} is not on the battlefield and cannot be picked")
    if rule.side == "enemy" and target.side == source.side:
        raise RuleError(
            f"{what} picks {rule.describe()}: {target.name} is not an enemy of {source.name}"
        )
    if rule.side == "friendly" and target.side != source.side:
        raise RuleError(
            f"{what} picks {rule.describe()}: {target.name} is not friendly to {source.name}"
        )
    missing = [k for k in rule.keywords if not target.spec.has(k)]
    if missing or (rule.any_keywords and not any(target.spec.has(k) for k in rule.any_keywords)):
        raise RuleError(f"{what} picks {rule.describe()}: {target.name} is not one")


def aimed_at(
    state: GameState,
    source: UnitState,
    what: str,
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
                f"{what} applies to {source.name} itself, not to another unit",
                "leave out --target",
            )
        return source
    if target_name is None:
        raise InputError(f"{what} needs --target: {rule.describe()}")
    target = state.unit(target_name)
    check_target(source, what, rule, target)
    seen = " and visible to it" if rule.visible else ""
    question = f'is {target.name} within {rule.range}" of {source.name}{seen}?'
    asked = rule.range is not None and target is not source
    if asked and not answers.yes_no("target-in-range", question):
        unseen = " or not visible to it" if rule.visible else ""
        raise RuleError(f'{target.name} is not within {rule.range}" of {source.name}{unseen}')
    return target
