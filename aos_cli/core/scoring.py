"""Objectives, victory points and the result of a battle (AoS2 §5.2, §17-§19; 40k8 §17).

The scoring rules are data: the battleplan's typed rules (`aos_cli.core.battleplan`) from the
set-up snapshot, or the core rules' defaults when the set-up has none. One engine evaluates
them at their moments (a model slain, the end of a player's turn, the end of a battle round,
the end of the battle) and writes every point into a ledger, so the tool can say at any moment
who is winning, by how much and why.
"""

from __future__ import annotations

import math
import re
from typing import TYPE_CHECKING, Any

from aos_cli.core.action_types import Objective
from aos_cli.core.answers import Asker, RecordedAnswers
from aos_cli.core.battleplan import ScoringRule
from aos_cli.core.dice import DiceSource, parse_dice
from aos_cli.core.errors import InputError, RuleError
from aos_cli.core.events import (
    ArmyGone,
    FirstBlood,
    ModelsSlain,
    ObjectiveCounted,
    ObjectiveHeld,
    PointsScored,
    emit,
    say,
)
from aos_cli.core.state import (
    GameState,
    UnitState,
)
from aos_cli.core.state import (
    LedgerEntry as LedgerEntry,
)
from aos_cli.core.state import (
    ObjectiveState as ObjectiveState,
)
from aos_cli.core.state import (
    ScoringBook as ScoringBook,
)
from aos_cli.core.system import system_of
from aos_cli.language.text import Join, Num, Text, Value, text_from_data, tr, trn

if TYPE_CHECKING:
    from aos_cli.core.setup_value import SetUp

# --------------------------------------------------------------------------- values


def plan_key(battleplan: str) -> str:
    """`First_Blood` → `first-blood`: ids in set-ups and in the YAML are compared this way."""
    return re.sub(r"[^a-z0-9]+", "-", battleplan.lower()).strip("-")


def start(state: GameState, setup: SetUp) -> None:
    """Set up scoring for a new game: the book, the objectives, summoned units, generals."""
    plan = setup.battleplan_rules
    if plan.rounds is not None and setup.battle_rounds is None:
        state.battle_rounds = plan.rounds
    book = ScoringBook(plan)
    system = system_of(state)
    state.objectives = []
    for index, spec in enumerate(plan.objectives):
        objective = ObjectiveState(
            id=spec.id,
            name=spec.name,
            position=spec.position,
            control_range=spec.control_range or system.objective_control_range,
            sticky=system.objectives_sticky,
        )
        if plan.moving_objectives and index < 2:
            objective.territory = objective.moves_with = index
        state.objectives.append(objective)
    for index, side in enumerate(setup.sides):
        generals = [u for u in side.units if u.general]
        mine = [u for u in generals if side.player_of(u.id) == side.first_player]
        for unit in mine[:1] or generals[:1]:
            book.warlord_generals.add(unit.id)
        book.summoned |= set(side.summoned)
        if side.underdog:
            book.underdog = index
    territories = dict(setup.objective_territories)
    names = [s.name.lower() for s in state.sides]
    for objective, spec in zip(state.objectives, plan.objectives, strict=True):
        if spec.placed_by.lower() in names:
            objective.placed_by = names.index(spec.placed_by.lower())
    for objective in state.objectives:
        owner = territories.get(objective.id)
        if owner is not None and owner.lower() in names:
            objective.territory = names.index(owner.lower())
    state.scoring = book
    state.ledger = []
    system.scoring_rules().start(state, setup)


def book_of(state: GameState) -> ScoringBook:
    """The game's scoring book (the core rules' defaults for states made without `start`)."""
    if state.scoring is None:
        state.scoring = ScoringBook()
    return state.scoring


# --------------------------------------------------------------------------- awarding


def award(state: GameState, side: int, points: int, reason: Text, *, cp: int = 0) -> None:
    """Give a side victory (or command) points and write the line in the ledger."""
    if not points and not cp:
        return
    state.sides[side].victory_points += points
    state.sides[side].command_points += cp
    state.ledger.append(LedgerEntry(state.round, side, points, reason, cp))
    emit(state, PointsScored(state.round, side, state.sides[side].name, points, cp, reason))


def named(name: str) -> Text:
    """A name from the data (a battleplan rule's own words) as a text: nothing in it is
    translated."""
    return Text("{name}", (("name", name),))


def _roll(rule: ScoringRule, dice: DiceSource | None, purpose: str) -> tuple[int, Text | None]:
    """A scoring rule's points, rolled when they are dice, and how the roll reads (or None)."""
    expr = parse_dice(rule.points, what=tr("scoring rule {rule} points", rule=rule.id))
    if expr.is_fixed:
        return expr.constant, None
    if dice is None:
        raise RuleError(
            tr("scoring rule {rule} needs dice at a moment the tool cannot roll", rule=rule.id)
        )
    value = expr.roll(dice, purpose)
    return value, tr("({dice} rolled {n})", dice=rule.points, n=value)


def _rolled(reason: Text, rolled: Text | None) -> Text:
    """A ledger reason with its points roll after it, when the points were rolled (the two
    side by side: no words of its own to translate)."""
    return Text("{reason} {rolled}", (("reason", reason), ("rolled", rolled))) if rolled else reason


def _passes(rule: ScoringRule, unit: UnitState) -> bool:
    if rule.min_wounds is not None and unit.spec.wounds < rule.min_wounds:
        return False
    return all(unit.spec.has(k) for k in rule.keywords)


def models_slain(
    state: GameState,
    target: UnitState,
    slain: int,
    *,
    by: int | None,
    how: str = "slain",
    destroyed: bool | None = None,
    dice: DiceSource | None = None,
) -> None:
    """Score the slaying of `slain` models of `target` for the side whose attack, spell or
    ability slew them (`by`; None for terrain): an army scores only the enemy models it slays,
    and First Blood goes to the first army to slay one (AoS2 §18, §19).

    `how` is `slain`, `fled` (battleshock: they count as slain, AoS2 §12) or `reserve`
    (not set up by the end: they count as slain, AoS2 §5.2).
    """
    if slain <= 0:
        return
    book = book_of(state)
    if destroyed is None:
        destroyed = not target.alive
    credited = by if by is not None and by != target.side else None
    if target.beast:  # a monstrous beast is part of neither army (AoS2 §24.2): nobody scores
        credited = None
    state.events.append(
        ModelsSlain(
            round=state.round,
            phase=state.phase,
            unit=target.spec.id,
            unit_name=target.name,
            side=target.side,
            slain=slain,
            left=target.models,
            by_side=-1 if credited is None else credited,
            how=how,
        )
    )
    if destroyed:
        book.destroyed_by[target.spec.id] = credited
        system_of(state).scoring_rules().unit_destroyed(state, target)
    if credited is None:
        return
    enemy = credited
    first = how == "slain" and state.first_blood is None
    if first:
        state.first_blood = enemy
    subject = _slain_subject(target, slain, how)
    for rule in book.rules:
        if rule.event == "first_model_slain" and first:
            value, rolled = _roll(rule, dice, rule.id)
            cp, vp = (value, 0) if rule.award == "command_points" else (0, value)
            emit(state, FirstBlood(enemy, state.sides[enemy].name))
            award(state, enemy, vp, _rolled(tr("first blood"), rolled), cp=cp)
        elif rule.event == "model_slain" and _passes(rule, target):
            each, rolled = _roll(rule, dice, rule.id)
            if rule.per == "wounds_characteristic":
                points = slain * target.spec.wounds * each
                wounds = target.spec.wounds
                reason = (
                    tr("{what} (Wounds {wounds} each)", what=subject, wounds=wounds)
                    if slain > 1
                    else tr("{what} (Wounds {wounds})", what=subject, wounds=wounds)
                )
            else:
                points = slain * each
                said: Value = rule.text or rule.id
                if rolled is not None:
                    said = Join((said, rolled), " ")
                reason = tr("{what} ({rule})", what=subject, rule=said)
            award(state, enemy, points, reason)
        elif rule.event == "general_slain" and destroyed and _a_general(state, target, rule):
            value, rolled = _roll(rule, dice, rule.id)
            whose = (
                tr("{what}, the enemy warlord's general", what=subject)
                if rule.warlord_general
                else tr("{what}, an enemy general", what=subject)
            )
            award(state, enemy, value, _rolled(whose, rolled))


def _a_general(state: GameState, target: UnitState, rule: ScoringRule) -> bool:
    """Whether a unit destroyed scores as "an enemy general" (or the warlord's). Seed 000 p.12
    scores "an enemy general": whoever is the general when slain, a replacement chosen
    mid-battle too (p.3); the warlord's general is the general of the warlord's own army.
    Games set up before `COALITION_REVISION` count the units set up as generals, as played."""
    from aos_cli.core.guards import COALITION_REVISION

    if state.rules_revision < COALITION_REVISION:
        book = book_of(state)
        return target.spec.general and (
            not rule.warlord_general or target.spec.id in book.warlord_generals
        )
    side = state.sides[target.side]
    return target.general and (
        not rule.warlord_general or side.player_of(target) == side.first_player
    )


def _slain_subject(target: UnitState, slain: int, how: str) -> Text:
    """What a side scores for: `slew Knight of Shrouds`, `slew 2 models of Liberators`,
    `3 models of Liberators fled`, or units left in reserve (AoS2 §5.2, §12, §18)."""
    name = target.name
    if how == "reserve":
        return tr("{unit} still in reserve at the end count as slain", unit=name)
    if how == "fled":
        if target.spec.models == 1:
            return tr("{unit} fled", unit=name)
        return trn(
            "{n} model of {unit} fled", "{n} models of {unit} fled", slain, n=slain, unit=name
        )
    if target.spec.models == 1:
        return tr("slew {unit}", unit=name)
    return trn("slew {n} model of {unit}", "slew {n} models of {unit}", slain, n=slain, unit=name)


# --------------------------------------------------------------------------- objectives


def side_index(state: GameState, name: str) -> int:
    """A side by name, player name, unique prefix, number (1 or 2), or the dashed form the
    tool's own hints name it by (`player-two`)."""
    wanted = name.strip().lower()
    if wanted in ("1", "2"):
        return int(wanted) - 1
    for index, side in enumerate(state.sides):
        if wanted == side.name.lower() or wanted in (p.lower() for p in side.players):
            return index
        if wanted == plan_key(side.name):
            return index
    prefix = [i for i, s in enumerate(state.sides) if s.name.lower().startswith(wanted)]
    if len(prefix) == 1:
        return prefix[0]
    raise InputError(
        tr("no side called {name}", name=repr(name)),
        tr("use {first} or {second}", first=state.sides[0].name, second=state.sides[1].name),
    )


def find_objective(state: GameState, name: str) -> ObjectiveState:
    """An objective by id, name or unique prefix of either."""
    wanted = name.strip().lower()
    for objective in state.objectives:
        if wanted in (objective.id.lower(), objective.name.lower()):
            return objective
    prefix = [
        o
        for o in state.objectives
        if o.id.lower().startswith(wanted) or o.name.lower().startswith(wanted)
    ]
    if len(prefix) == 1:
        return prefix[0]
    known: Value = Join(tuple(o.id for o in state.objectives)) if state.objectives else tr("none")
    raise RuleError(
        tr("no objective called {name}", name=repr(name)), tr("objectives: {names}", names=known)
    )


def models_on_battlefield(state: GameState, side: int) -> int:
    return sum(u.models for u in state.sides[side].units if u.on_battlefield)


def _check_one_objective_each(state: GameState, side: int) -> None:
    """A model counts towards only one objective per turn (AoS2 §17.3; 40k8 §17.3: markers
    10" apart, control within 3")."""
    total = sum(o.counts.get(side, 0) for o in state.objectives)
    available = models_on_battlefield(state, side)
    if total > available:
        raise RuleError(
            trn(
                "{side} has {n} model on the battlefield but {total} are counted at objectives",
                "{side} has {n} models on the battlefield but {total} are counted at objectives",
                available,
                side=state.sides[side].name,
                n=available,
                total=total,
            ),
            tr(
                "a model counts towards one objective only ({section} §17.3)",
                section=system_of(state).section,
            ),
        )


def _gather_counts(state: GameState, answers: Asker) -> None:
    """Ask the model counts near each objective that the players have not given this turn."""
    for objective in state.objectives:
        for side in range(len(state.sides)):
            if side in objective.counts:
                continue
            if models_on_battlefield(state, side) == 0:
                objective.counts[side] = 0
                continue
            name = state.sides[side].name
            left = models_on_battlefield(state, side) - sum(
                o.counts.get(side, 0) for o in state.objectives
            )
            question = tr(
                'how many {side} models are within {reach}" of the centre of {objective} (at '
                "most {left}, the models not counted at another objective)? (or give it first "
                "with `aos objective {id} --models {key}=N`)",
                side=name,
                reach=objective.control_range,
                objective=objective.name,
                left=left,
                id=objective.id,
                key=plan_key(name),
            )
            key = f"models-{objective.id}-{plan_key(name)}"
            value = answers.number(key, question, left)
            if value < 0 or value != int(value):
                raise InputError(tr("{value} is not a number of models", value=value))
            objective.counts[side] = int(value)
            _check_one_objective_each(state, side)
        for side in range(len(state.sides)):
            _check_one_objective_each(state, side)


def check_control(state: GameState, answers: Asker) -> None:
    """Who controls each objective now: more models within range; in AoS control stays with
    the holder until the enemy has more (AoS2 §17.3); in 40k a tie means nobody (40k8 §17.3)."""
    if not state.objectives:
        return
    _gather_counts(state, answers)
    for objective in state.objectives:
        mine, theirs = objective.counts.get(0, 0), objective.counts.get(1, 0)
        before = objective.holder
        if mine != theirs:
            objective.holder = 0 if mine > theirs else 1
        elif not objective.sticky:
            objective.holder = None
        holder = objective.holder
        if holder != before:
            name = "" if holder is None else state.sides[holder].name
            held = ObjectiveHeld(
                objective.id, objective.name, -1 if holder is None else holder, name,
                (mine, theirs), False,
            )  # fmt: skip
            emit(state, held)
        objective.counts = {}


def _territory(state: GameState, objective: ObjectiveState, side: int, answers: Asker) -> int:
    if objective.territory is None:
        name = state.sides[side].name
        question = tr(
            "is {objective} in {side}'s territory? (or set it with "
            "`aos objective {id} --territory SIDE`)",
            objective=objective.name,
            side=name,
            id=objective.id,
        )
        inside = answers.yes_no(f"territory-{objective.id}-{plan_key(name)}", question)
        objective.territory = side if inside else 1 - side
    return objective.territory


def _score_objectives(
    state: GameState, sides: list[int], event: str, dice: DiceSource | None, answers: Asker
) -> None:
    book = book_of(state)
    for rule in book.rules:
        if rule.event != event:
            continue
        for side in sides:
            if rule.per == "objective_controlled":
                for objective in state.objectives:
                    if objective.holder != side:
                        continue
                    if rule.territory is not None:
                        own = _territory(state, objective, side, answers) == side
                        if own != (rule.territory == "own"):
                            continue
                    purpose = tr(
                        "{side} scores {objective}",
                        side=state.sides[side].name,
                        objective=objective.name,
                    )
                    value, rolled = _roll(rule, dice, str(purpose))
                    award(state, side, value, _rolled(_holds(rule, objective), rolled))
            elif rule.per == "enemy_general_slain":
                enemy_generals = [
                    u
                    for u in state.sides[1 - side].units
                    if u.spec.general and not u.alive and book.destroyed_by.get(u.spec.id) == side
                ]
                if enemy_generals:
                    value, rolled = _roll(rule, dice, f"{state.sides[side].name} {rule.id}")
                    award(state, side, value, _rolled(tr("the enemy warlord was slain"), rolled))
            elif rule.per == "once":
                value, rolled = _roll(rule, dice, rule.id)
                award(state, side, value, _rolled(named(rule.text or rule.id), rolled))


def _holds(rule: ScoringRule, objective: ObjectiveState) -> Text:
    """Why a side scores an objective it holds: in its own territory, the enemy's, or at all."""
    if rule.territory == "own":
        return tr("holds {objective} in own territory", objective=objective.name)
    if rule.territory == "enemy":
        return tr("holds {objective} in enemy territory", objective=objective.name)
    return tr("holds {objective}", objective=objective.name)


# --------------------------------------------------------------------------- the moments


def start_of_round(state: GameState, dice: DiceSource | None) -> None:
    """Start-of-round rules: the system's own first (40k8 §17.4 Ancient Relic leaves one
    marker), then moving objectives (AoS2 §19.2) and Night March (AoS2 §19.1)."""
    book = book_of(state)
    system_of(state).scoring_rules().start_of_round(state, dice)
    for objective in state.objectives:
        if objective.moves_with is not None:
            _move_objective(state, objective, dice)
    if book.plan.night_march:
        _night_march(state, dice)


def _move_objective(state: GameState, objective: ObjectiveState, dice: DiceSource | None) -> None:
    """Changing Priorities (AoS2 §19.2): the side's warlord rolls the area its objective moves
    to; an objective that moves is held by nobody."""
    book = book_of(state)
    side = state.sides[objective.moves_with or 0]
    if dice is None:
        raise RuleError(tr("the objectives move at the start of the round: dice are needed"))
    purpose = (
        tr(
            "{side}'s warlord, {player}, rolls where {objective} goes (D6)",
            side=side.name,
            player=side.warlord,
            objective=objective.name,
        )
        if side.warlord and len(side.players) > 1  # the coalition's warlord (seed 000 p.12)
        else tr(
            "{side}'s warlord rolls where {objective} goes (D6)",
            side=side.name,
            objective=objective.name,
        )
    )
    roll = dice.roll(1, str(purpose))[0]
    area = (roll - 1) * book.plan.objective_areas // 6 + 1
    if objective.area is not None and area != objective.area and objective.holder is not None:
        say(state, tr("{objective} moves: nobody holds it now.", objective=objective.name))
        objective.holder = None
    objective.area = area
    where = tr(
        "area {area} of {side}'s territory (rolled {roll})", area=area, side=side.name, roll=roll
    )
    objective.position = str(where)
    say(state, tr("{objective} is placed at {position}.", objective=objective.name, position=where))


def _night_march(state: GameState, dice: DiceSource | None) -> None:
    """Night March (AoS2 §19.1): 12" at most in round one, in round two on a 4+."""
    book = book_of(state)
    if state.round == 1:
        book.night_march_until = 1
        say(state, tr('Night March: missile weapons and spells have a range of 12" at most.'))
    elif state.round == 2:
        if dice is None:
            raise RuleError(tr("Night March needs a D6 at the start of battle round two"))
        roll = dice.roll(1, tr("Night March (D6: 4+ it lasts this round)"))[0]
        if roll >= 4:
            book.night_march_until = 2
            say(
                state,
                tr("Night March lasts until the end of this round (rolled {roll}).", roll=roll),
            )
        else:
            book.night_march_until = 0
            say(state, tr("Night March ends (rolled {roll}).", roll=roll))
    elif book.night_march_until and state.round > book.night_march_until:
        book.night_march_until = 0
        say(state, tr("Night March has ended."))


NIGHT_MARCH_RANGE = 12
"""Night March (AoS2 §19.1, seed 000 p.12): the longest reach of missile weapons and spells."""


def night_march(state: GameState) -> bool:
    """Whether Night March limits missile weapons and spells now (rules revision 4 on)."""
    from aos_cli.core.guards import by_the_book

    book = state.scoring
    return by_the_book(state) and book is not None and book.night_march_until >= state.round


def reach_now(state: GameState, reach: int | None) -> int | None:
    """A spell's or missile weapon's range as it stands: at most 12" under Night March."""
    if reach is None or not night_march(state):
        return reach
    return min(reach, NIGHT_MARCH_RANGE)


def side_out(state: GameState, side: int, *, final: bool = False) -> bool:
    """The side has no units on the battlefield (and none in reserve unless at the end)."""
    book = book_of(state)
    units = [u for u in state.sides[side].units if not u.beast]  # beasts: no army's (§24.2)
    if any(u.on_battlefield for u in units):
        return False
    if book.plan.ends_when_a_side_has == "no_units_on_battlefield" or final:
        return True
    return not any(u.alive for u in units)


def _control_kept(state: GameState) -> bool:
    """Whether the game counts objective control at the end of every turn: where control stays
    with its holder between counts (AoS2 §17.3), and in games set up before control was counted
    only when it scores (`CONTROL_WHEN_SCORED_REVISION`)."""
    from aos_cli.core.guards import CONTROL_WHEN_SCORED_REVISION

    return state.rules_revision < CONTROL_WHEN_SCORED_REVISION or any(
        objective.sticky for objective in state.objectives
    )


def _control_counts_at(state: GameState, moments: tuple[str, ...]) -> bool:
    """Whether objective control is counted now: every turn where it is kept, else only when
    a scoring rule of the battleplan scores the markers held at one of these `moments` (40k8
    §17.3: control is measured at each scoring moment, a tie holds nothing)."""
    if not state.objectives:
        return False
    return _control_kept(state) or any(
        rule.event in moments and rule.per == "objective_controlled"
        for rule in book_of(state).rules
    )


def end_of_turn(
    state: GameState, dice: DiceSource | None, answers: Asker | None, *, round_over: bool
) -> None:
    """The end of a player's turn: objective control and its scoring (AoS2 §17.3, §19), the
    end-of-round scoring, and the battle's early end (AoS2 §18 battle length)."""
    asker: Asker = answers if answers is not None else RecordedAnswers()
    moments = ("end_of_your_turn", "end_of_turn", *(("end_of_battle_round",) if round_over else ()))
    if _control_counts_at(state, moments):
        check_control(state, asker)
    active = state.active_side
    _score_objectives(state, [active], "end_of_your_turn", dice, asker)
    _score_objectives(state, [0, 1], "end_of_turn", dice, asker)
    if round_over:
        _score_objectives(state, [0, 1], "end_of_battle_round", dice, asker)
    if round_over and not state.ended:
        system_of(state).scoring_rules().end_of_round(state, asker)
    ends = book_of(state).plan.ends_when_a_side_has is not None
    out = [side for side in (0, 1) if ends and side_out(state, side)]
    if out and not state.ended:
        state.ended = True
        state.phase = "ended"
        emit(state, ArmyGone(tuple(out), tuple(side.name for side in state.sides)))
        end_of_battle(state, dice, asker)


def end_of_battle(state: GameState, dice: DiceSource | None, answers: Asker | None) -> None:
    """Score what counts at the end (reserves as slain, end-of-battle rules) and decide."""
    asker: Asker = answers if answers is not None else RecordedAnswers()
    in_army = book_of(state).plan.reserves_at_end == "slain"
    for unit in state.units():
        if in_army and unit.alive and unit.in_reserve:
            # counted as slain, and shown so (40k8 §4.7, AoS2 §5.2)
            count, unit.models, unit.wounds_on_damaged = unit.models, 0, 0
            models_slain(
                state, unit, count, by=1 - unit.side, how="reserve", destroyed=True, dice=dice
            )
    if _control_counts_at(state, ("end_of_battle",)) and not _control_kept(state):
        check_control(state, asker)
    _score_objectives(state, [0, 1], "end_of_battle", dice, asker)
    state.result = decide(state, final=True)
    say(state, describe(state.result))


# --------------------------------------------------------------------------- the result


def losses(state: GameState, side: int, *, final: bool) -> tuple[int, int]:
    """(models lost, starting size): summoned models count in losses but not in the starting
    size; at the end, reserves not on the battlefield count as lost (AoS2 §5.2, §17.2), or,
    where units not set up are not part of the army, they count for nothing and one that an
    ability brings in later counts like a summoned one (AoS1 §4, §5.1)."""
    book = book_of(state)
    left_out = book.plan.reserves_at_end == "not_in_army"
    start = lost = 0
    for unit in state.sides[side].units:
        if (left_out and unit.in_reserve) or unit.beast:
            continue
        if unit.spec.id not in book.summoned and not (left_out and unit.spec.reserve):
            start += unit.spec.models
        left = 0 if (final and unit.in_reserve) else unit.models
        lost += max(0, unit.spec.models - left)
    return lost, start


def share_lost(state: GameState, side: int, *, final: bool) -> float:
    lost, start = losses(state, side, final=final)
    return lost / start if start else 0.0


def decide(
    state: GameState, *, final: bool, points: tuple[int, int] | None = None
) -> dict[str, Any]:
    """The result by the battleplan's victory rules, the first that holds deciding; with
    `points` it answers for those victory points instead (to say what a side needs)."""
    book = book_of(state)
    vp = points or (state.sides[0].victory_points, state.sides[1].victory_points)
    leader = 0 if vp[0] > vp[1] else 1 if vp[1] > vp[0] else None
    shares = (share_lost(state, 0, final=final), share_lost(state, 1, final=final))
    for rule in book.plan.victory:
        kind = (rule.result, rule.text)
        winner: int | None = None
        winners: list[int] = []
        margin, unit = abs(vp[0] - vp[1]), "VP"
        condition = rule.condition
        if condition == "all_enemy_slain":
            out = [side_out(state, s, final=final) for s in (0, 1)]
            if out[0] != out[1]:
                winner = 0 if out[1] else 1
                margin = 0  # won at once by destroying the enemy, not by points (40k8 §17.9)
                if not _on_points(state):
                    margin = round(abs(shares[1] - shares[0]) * 100)
                    unit = "percentage points"
        elif condition == "points_at_least_ratio":
            ratio = rule.ratio or 1.5
            if leader is not None and vp[leader] >= ratio * vp[1 - leader]:
                winner = leader
        elif condition == "most_points":
            winner = leader
        elif condition in ("tied_points", "tied_points_underdog") and leader is None:
            if condition == "tied_points_underdog" and book.underdog is not None:
                winner = book.underdog
            elif rule.both:
                winners = [0, 1]
            elif rule.result == "draw":
                winners = []
            else:
                continue
            if winner is None:
                found = build_result(state, None, winners, kind, 0, unit, vp, shares)
                return found | {"condition": condition}
        elif condition == "greater_percentage_slain" and shares[0] != shares[1]:
            winner = 0 if shares[1] > shares[0] else 1
            margin, unit = round(abs(shares[1] - shares[0]) * 100), "percentage points"
        if winner is not None:
            found = build_result(state, winner, [winner], kind, margin, unit, vp, shares)
            return found | {"condition": condition, "ratio": rule.ratio}
    neither = ("draw", "neither side meets a victory condition: a draw")
    return build_result(state, None, [], neither, 0, "VP", vp, shares) | {"condition": "none"}


def build_result(
    state: GameState,
    winner: int | None,
    winners: list[int],
    kind: tuple[str, str],
    margin: int,
    unit: str,
    vp: tuple[int, int],
    shares: tuple[float, float],
) -> dict[str, Any]:
    """A result as `decide` gives it: the winner (or winners), the kind of victory and by how
    much, the points and shares lost, and the battleplan's own words for the rule."""
    return {
        "winner": None if winner is None else state.sides[winner].name,
        "winner_side": winner,
        "winners": [state.sides[w].name for w in winners],
        "kind": kind[0],
        "margin": margin,
        "margin_unit": unit,
        "victory_points": {s.name: v for s, v in zip(state.sides, vp, strict=True)},
        "share_lost": {s.name: round(v * 100, 1) for s, v in zip(state.sides, shares, strict=True)},
        "rule": kind[1],
        "round": state.round,
    }


def _margin(amount: int, unit: str) -> Text:
    """A lead or a winning margin: `8 VP`, `25 percentage points`."""
    if unit == "percentage points":
        return trn("{n} percentage point", "{n} percentage points", amount, n=amount)
    return trn("{n} VP", "{n} VP", amount, n=amount)


def _why(result: dict[str, Any]) -> Value:
    """Which victory condition decided a result (the battleplan's own words stay in the
    result's `rule`); a system that decides a result itself gives its reason as `why`."""
    condition = result.get("condition")
    if "why" in result:
        return text_from_data(result["why"])
    if condition == "points_at_least_ratio":
        ratio = result.get("ratio") or 1.5
        return tr("a score at least {ratio} times the opponent's", ratio=Num(ratio))
    texts = {
        "all_enemy_slain": tr("every enemy model destroyed"),
        "most_points": tr("the higher score"),
        "tied_points": tr("equal scores"),
        "tied_points_underdog": tr("equal scores: the underdog wins"),
        "greater_percentage_slain": tr("destroyed a greater share of the enemy than it lost"),
        "none": tr("neither side meets a victory condition"),
    }
    return texts.get(str(condition), str(result.get("rule") or ""))


def describe(result: dict[str, Any]) -> Text:
    """One line for people: `Stormcast wins a major victory by 8 VP (the higher score).`"""
    why = _why(result)
    kind = result["kind"]
    if result["winner"]:
        winner = str(result["winner"])
        if result["margin"]:
            margin = _margin(result["margin"], result["margin_unit"])
            if kind == "major":
                return tr(
                    "{winner} wins a major victory by {margin} ({why}).",
                    winner=winner,
                    margin=margin,
                    why=why,
                )
            if kind == "minor":
                return tr(
                    "{winner} wins a minor victory by {margin} ({why}).",
                    winner=winner,
                    margin=margin,
                    why=why,
                )
            return tr("{winner} wins by {margin} ({why}).", winner=winner, margin=margin, why=why)
        if kind == "major":
            return tr("{winner} wins a major victory ({why}).", winner=winner, why=why)
        if kind == "minor":
            return tr("{winner} wins a minor victory ({why}).", winner=winner, why=why)
        return tr("{winner} wins ({why}).", winner=winner, why=why)
    if kind != "draw" and len(result["winners"]) == 2:
        first, second = (str(name) for name in result["winners"])
        if kind == "major":
            return tr(
                "{first} and {second} each win a major victory ({why}).",
                first=first,
                second=second,
                why=why,
            )
        if kind == "minor":
            return tr(
                "{first} and {second} each win a minor victory ({why}).",
                first=first,
                second=second,
                why=why,
            )
        return tr("{first} and {second} each win ({why}).", first=first, second=second, why=why)
    return tr("The battle is a draw ({why}).", why=why)


def lead(state: GameState) -> dict[str, Any]:
    """Before the end: who leads by the battleplan's own measure (VP, or the share of the
    enemy destroyed) and by how much. It never names a winner: the battle goes on."""
    standing = decide(state, final=False)
    leader = standing["winner"]
    return {
        "leader": leader,
        "margin": standing["margin"] if leader else 0,
        "margin_unit": standing["margin_unit"],
        "if_it_ended_now": standing["kind"] if leader else None,
        "round": state.round,
        "battle_rounds": state.battle_rounds,
        "victory_points": standing["victory_points"],
    }


def describe_lead(lead: dict[str, Any]) -> Text:
    """One line for people: `In battle round 3 of 5 Stormcast leads by 4 VP.`"""
    round_, rounds = lead["round"], lead.get("battle_rounds") or 0
    leader = lead["leader"]
    if leader is None:
        if not round_:
            return tr("Before the battle neither side leads.")
        if rounds:
            return tr(
                "In battle round {round} of {rounds} neither side leads.",
                round=round_,
                rounds=rounds,
            )
        return tr("In battle round {round} neither side leads.", round=round_)
    if lead["margin"]:
        margin = _margin(lead["margin"], lead["margin_unit"])
        if not round_:
            return tr("Before the battle {leader} leads by {margin}.", leader=leader, margin=margin)
        if rounds:
            return tr(
                "In battle round {round} of {rounds} {leader} leads by {margin}.",
                round=round_,
                rounds=rounds,
                leader=leader,
                margin=margin,
            )
        return tr(
            "In battle round {round} {leader} leads by {margin}.",
            round=round_,
            leader=leader,
            margin=margin,
        )
    if not round_:
        return tr("Before the battle {leader} leads.", leader=leader)
    if rounds:
        return tr(
            "In battle round {round} of {rounds} {leader} leads.",
            round=round_,
            rounds=rounds,
            leader=leader,
        )
    return tr("In battle round {round} {leader} leads.", round=round_, leader=leader)


def needs(state: GameState) -> list[dict[str, Any]]:
    """What each side needs, as things stand: VP to win, and VP to make it a major victory."""
    out: list[dict[str, Any]] = []
    vp = [s.victory_points for s in state.sides]
    graded = any(
        v.result == "major" and v.condition in ("points_at_least_ratio", "most_points")
        for v in book_of(state).plan.victory
    )
    for side in (0, 1):
        entry: dict[str, Any] = {"side": state.sides[side].name, "to_win": None, "to_major": None}
        for extra in range(0, 1000 if _on_points(state) else 0):
            points = list(vp)
            points[side] += extra
            result = decide(state, final=False, points=(points[0], points[1]))
            won = result["winner_side"] == side
            if won and entry["to_win"] is None:
                entry["to_win"], entry["kind"] = extra, result["kind"]
            if won and result["kind"] == "major":
                entry["to_major"] = extra
                break
            if won and not graded:
                break
        lost, start = losses(state, 1 - side, final=False)
        entry["enemy_models_left"] = start - lost if start >= lost else 0
        entry["text"] = _needs_text(state, side, entry)
        out.append(entry)
    return out


def _on_points(state: GameState) -> bool:
    """Whether the battleplan's result turns on victory points at all."""
    return any(
        v.condition in ("points_at_least_ratio", "most_points") for v in book_of(state).plan.victory
    )


def _needs_text(state: GameState, side: int, entry: dict[str, Any]) -> Text:
    """What a side needs to win, as a phrase after its name in the score."""
    to_win, to_major = entry["to_win"], entry["to_major"]
    if to_major == 0:
        return tr("winning a major victory as things stand")
    if to_win == 0 and entry.get("kind") == "win":
        return tr("winning as things stand")
    if to_win == 0 and to_major:
        return trn(
            "winning a minor victory as things stand; {n} more VP makes it major",
            "winning a minor victory as things stand; {n} more VP makes it major",
            to_major,
            n=to_major,
        )
    if to_win == 0:
        return tr("winning a minor victory as things stand")
    book = book_of(state)
    if to_win is not None and to_win == to_major:
        return trn(
            "needs {n} more VP for a major victory",
            "needs {n} more VP for a major victory",
            to_win,
            n=to_win,
        )
    if to_win is not None and to_major is not None:
        return trn(
            "needs {n} more VP to win ({major} for a major victory)",
            "needs {n} more VP to win ({major} for a major victory)",
            to_win,
            n=to_win,
            major=to_major,
        )
    if to_win is not None:
        return trn("needs {n} more VP to win", "needs {n} more VP to win", to_win, n=to_win)
    wipe_out = next((v for v in book.plan.victory if v.condition == "all_enemy_slain"), None)
    if wipe_out is None:
        return tr("cannot win on victory points")
    enemy = 1 - side
    mine, theirs = share_lost(state, enemy, final=False), share_lost(state, side, final=False)
    destroyed = Num(math.floor(mine * 100), percent=True)
    lost = Num(math.floor(theirs * 100), percent=True)
    if wipe_out.result == "win":
        return tr(
            "destroy every enemy model for victory; it has destroyed {destroyed} of the "
            "enemy and lost {lost}",
            destroyed=destroyed,
            lost=lost,
        )
    if wipe_out.result == "major":
        return tr(
            "destroy every enemy model for a major victory; it has destroyed {destroyed} of "
            "the enemy and lost {lost}",
            destroyed=destroyed,
            lost=lost,
        )
    return tr(
        "destroy every enemy model for a minor victory; it has destroyed {destroyed} of "
        "the enemy and lost {lost}",
        destroyed=destroyed,
        lost=lost,
    )


# --------------------------------------------------------------------------- the action


def record_objective(
    state: GameState, act: Objective, dice: DiceSource, answers: RecordedAnswers
) -> None:
    """Place an objective, record the models near it, set its territory or correct its holder
    (AoS2 §17.3, 40k8 §17.3); control itself is decided at the end of each player's turn."""
    name = act.objective
    if act.place:
        _place_objective(state, act)
    objective = find_objective(state, name)
    if act.territory is not None:
        owner = act.territory
        objective.territory = None if owner.lower() == "none" else side_index(state, owner)
        if objective.territory is None:
            line = tr("{objective} is in no side's territory.", objective=objective.name)
        else:
            side = state.sides[objective.territory].name
            line = tr("{objective} is in {side}'s territory.", objective=objective.name, side=side)
        say(state, line)
    if act.models:
        if state.round < 1 or state.phase in ("priority", "ended"):
            raise RuleError(
                tr("model counts are for the turn in progress"),
                tr("give them during a player's turn"),
            )
        for side_name, count in act.models.items():
            side_at = side_index(state, side_name)
            if count < 0:
                raise InputError(tr("{value} is not a number of models", value=count))
            objective.counts[side_at] = count
            _check_one_objective_each(state, side_at)
        counts = sorted(objective.counts.items())
        emit(
            state,
            ObjectiveCounted(
                objective.id, objective.name, tuple(state.sides[s].name for s, _n in counts),
                tuple(n for _s, n in counts),
            ),
        )  # fmt: skip
    if act.holder is not None:
        holder = act.holder
        objective.holder = None if holder.lower() == "none" else side_index(state, holder)
        held_by = objective.holder
        name = "" if held_by is None else state.sides[held_by].name
        emit(
            state,
            ObjectiveHeld(
                objective.id, objective.name, -1 if held_by is None else held_by, name, (), True
            ),
        )


def _place_objective(state: GameState, act: Objective) -> None:
    """A new objective marker, where the players put it (40k8 §17.3: placed by a side)."""
    name = act.objective
    if any(name.lower() in (o.id.lower(), o.name.lower()) for o in state.objectives):
        raise RuleError(tr("there is already an objective called {name}", name=repr(name)))
    placer = act.by
    system = system_of(state)
    state.objectives.append(
        ObjectiveState(
            id=plan_key(name) or f"objective-{len(state.objectives) + 1}",
            name=name,
            position=act.position or "",
            control_range=system.objective_control_range,
            sticky=system.objectives_sticky,
            placed_by=None if placer is None else side_index(state, str(placer)),
        )
    )
    if act.position:
        say(
            state, tr("{objective} is placed at {position}.", objective=name, position=act.position)
        )
    else:
        say(state, tr("{objective} is placed.", objective=name))
