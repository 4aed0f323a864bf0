"""Abilities, prayers and command abilities (AoS2 §7, §21): their timing, cost and per-use
limits, and applying their structured effects.
"""

from __future__ import annotations

from aos_cli.core.ability_effects import (
    Aura,
    BattalionUnitSlain,
    Choice,
    Conditional,
    GainCommandPoints,
    Heal,
    IfKeywords,
    Lasting,
    MortalWounds,
    NoBattleshock,
    PickUnits,
    RollThen,
    RollUnderModels,
    SlayOnRoll,
    WhenFighting,
)
from aos_cli.core.action_types import UseAbility, UseCommand
from aos_cli.core.answers import RecordedAnswers
from aos_cli.core.casualties import slay_models, suffer_mortal_wounds
from aos_cli.core.dice import DiceExpr, DiceSource
from aos_cli.core.each_in_range import reach_of, strike_each, under_models
from aos_cli.core.effects import (
    Effect,
    Ethereal,
    ExplodingHits,
    ExtraAttacks,
    RerollRoll,
    RollModifier,
    Ward,
)
from aos_cli.core.errors import InputError, RuleError
from aos_cli.core.events import (
    MAX_EVENTS,
    MAX_TEXT,
    AbilityCommandPoints,
    AbilityHealed,
    AbilityInForce,
    AbilityRolled,
    AbilityToApply,
    AbilityWounded,
    emit,
    say,
)
from aos_cli.core.fight_moments import after_attacks, known_within, moment_of, record_use
from aos_cli.core.guards import (
    aimed_at,
    general_of,
    need_phase,
    needs_hero_in_range,
    present,
    spend_cp,
    use_once,
)
from aos_cli.core.handlers import action
from aos_cli.core.legality import (
    check_ability,
    check_general_command,
    check_inspiring_presence,
    fallen_comrades,
)
from aos_cli.core.state import AbilitySpec, ActiveEffect, GameState, UnitState
from aos_cli.core.system import system_of
from aos_cli.core.targets import TargetRule
from aos_cli.core.unit_attacks import holds
from aos_cli.language.text import Join, Text, tr

DURATIONS = {
    "end_of_phase": "phase",
    "end_of_turn": "turn",
    "end_of_battle_round": "round",
    "your_next_hero_phase": "your_next_hero",
    "end_of_battle": "battle",
}
"""Ability durations (`lasting.until`) as the expiry scopes effects in force use."""


ATTACK_EFFECTS = (RerollRoll, RollModifier, Ward, Ethereal, ExplodingHits, ExtraAttacks)
"""Effects an ability puts in force on its target for the phase (they change attacks)."""


def apply_effects(
    state: GameState,
    source: UnitState,
    name: str,
    effects: tuple[Effect, ...],
    target_name: str | None,
    dice: DiceSource,
    answers: RecordedAnswers,
    text: str = "",
) -> None:
    """Apply what the tool can of an ability's structured effects; for the rest, show its
    rules `text` and what to record once the table has applied it."""
    target = state.unit(target_name) if target_name else source
    if not _apply_each(state, source, target, name, effects, dice, answers):
        emit(state, to_apply(name, text))


def to_apply(name: str, text: str) -> AbilityToApply:
    """A rule the tool cannot apply itself (DESIGN principle 3): its text, to apply at the
    table, and what the game must be told afterwards; a long text is kept in pieces, so the
    store reads it back whole (up to `MAX_EVENTS` pieces: 80,000 characters)."""
    rule = " ".join(text.split())
    pieces = tuple(rule[i : i + MAX_TEXT] for i in range(0, len(rule), MAX_TEXT))[:MAX_EVENTS]
    return AbilityToApply(name, pieces, what_to_record(rule))


def what_to_record(text: str) -> tuple[str, ...]:
    """What a rule's outcome changes in the game, as far as its words say (the rule's own
    words, English or translated content, are searched in English): `wounds`, `slain`,
    `healed`, `command-points`; none when its words say nothing of these."""
    words = text.lower()
    found = []
    if "mortal wound" in words or ("wound" in words and "suffer" in words):
        found.append("wounds")
    if "slain" in words or "flee" in words:
        found.append("slain")
    if "heal" in words or "return" in words:
        found.append("healed")
    if "command point" in words:
        found.append("command-points")
    return tuple(found)


def _apply_each(
    state: GameState,
    source: UnitState,
    target: UnitState,
    name: str,
    effects: tuple[Effect, ...],
    dice: DiceSource,
    answers: RecordedAnswers,
) -> bool:
    """Apply effects in order (recursing into roll-then and lasting effects); False when none
    of them is something the tool can apply itself."""
    applied = False
    immediate: list[Effect] = []
    for effect in effects:
        if strike_each(
            state,
            source,
            name,
            effect,
            dice,
            answers,
            lambda unit, inner: _apply_each(state, source, unit, name, inner, dice, answers),
        ):
            applied = True
            continue
        aim = source if getattr(effect, "target", None) in ("self", "bearer") else target
        done = _apply_nested(state, source, aim, name, effect, dice, answers)
        if done is None:
            done = _apply_direct(state, source, aim, name, effect, dice, answers)
        if done is None and isinstance(effect, ATTACK_EFFECTS):
            immediate.append(effect)
        elif not done:
            continue
        applied = True
    if immediate:
        target.effects.append(ActiveEffect(name, tuple(immediate), "phase", source.side))
        emit(state, in_force(name, [target], "phase"))
    return applied


def _apply_nested(
    state: GameState,
    source: UnitState,
    aim: UnitState,
    name: str,
    effect: Effect,
    dice: DiceSource,
    answers: RecordedAnswers,
) -> bool | None:
    """Apply an effect that holds others (by keyword, condition, moment, roll or pick) on the
    unit `aim`: whether any applied; None when it holds none."""
    match effect:
        case IfKeywords(keywords=keywords, effects=when, otherwise=otherwise):
            # One branch or the other by the keywords of the unit picked (Warding Lantern).
            branch = when if all(aim.spec.has(k) for k in keywords) else otherwise
            if not (branch and _apply_each(state, source, aim, name, branch, dice, answers)):
                return False
        case Conditional(condition="slew_this_phase" as condition, effects=inner):
            # "if any enemy models were slain by this model's attacks, heal ...": asked
            if not holds(condition, state, source, answers) or not _apply_each(
                state, source, aim, name, inner, dice, answers
            ):
                return False
        case WhenFighting(effects=inner):
            # At its moment of the fight (its ability used, or the fight over): applied.
            if not _apply_each(state, source, aim, name, inner, dice, answers):
                return False
        case RollUnderModels(then=then):
            if under_models(state, name, aim, effect, dice):
                _apply_each(state, source, aim, name, then, dice, answers)
        case PickUnits(count=count, effects=inner, side=whose):
            for picked in _picked(state, source, name, count, whose, answers, dice):
                _apply_each(state, source, picked, name, inner, dice, answers)
        case RollThen():
            _roll_then(state, source, aim, name, effect, dice, answers)
        case BattalionUnitSlain():
            _avenge(state, source, aim, name, effect, dice, answers)
        case _:
            return None
    return True


def _apply_direct(
    state: GameState,
    source: UnitState,
    aim: UnitState,
    name: str,
    effect: Effect,
    dice: DiceSource,
    answers: RecordedAnswers,
) -> bool | None:
    """Apply an effect the tool carries out itself on the unit `aim` (mortal wounds, healing,
    a swallow, lasting effects, command points): whether it applied; None when it is none of
    these."""
    match effect:
        case MortalWounds(keyword=str(keyword)) if not aim.spec.has(keyword):
            return False
        case MortalWounds(amount=amount_expr):
            # The purpose of a roll is said as the dice are asked for.
            amount = amount_expr.roll(dice, tr("{ability}: mortal wounds", ability=name))
            wounded = AbilityWounded(name, False, aim.spec.id, aim.name, aim.side, amount)
            emit(state, wounded)
            suffer_mortal_wounds(state, aim, amount, dice, answers, slain_by=source.side)
        case Heal(amount=amount_expr):
            amount = amount_expr.roll(dice, tr("{ability}: healing", ability=name))
            healed = min(amount, aim.wounds_on_damaged)
            aim.wounds_on_damaged -= healed
            emit(state, AbilityHealed(name, aim.spec.id, aim.name, aim.side, amount, healed))
        case SlayOnRoll(dice=expr):
            _swallow(state, source, aim, name, expr, dice)
        case Lasting(until=until_name, effects=(Aura() as aura,)) if any(
            isinstance(e, NoBattleshock) for e in aura.effects
        ):
            # "Until your next hero phase, friendly X units within N" do not take
            # battleshock tests" (Lord of the Host, AoS1): the units in range when it is
            # used keep it (auras on rolls are read from their holder when rolled).
            until = DURATIONS.get(until_name, "phase")
            covered = _in_aura(state, source, aura, answers)
            for unit in covered:
                unit.effects.append(ActiveEffect(name, aura.effects, until, source.side))
            emit(state, in_force(name, covered, until))
        case Lasting(until=until_name, effects=inner):
            until = DURATIONS.get(until_name, "phase")
            aim.effects.append(ActiveEffect(name, inner, until, source.side))
            emit(state, in_force(name, [aim], until))
        case GainCommandPoints(amount=amount):
            side = state.sides[source.side]
            side.command_points += amount
            gained = AbilityCommandPoints(name, source.side, side.name, amount, side.command_points)
            emit(state, gained)
        case _:
            return None
    return True


def _roll_then(
    state: GameState,
    source: UnitState,
    aim: UnitState,
    name: str,
    effect: RollThen,
    dice: DiceSource,
    answers: RecordedAnswers,
) -> None:
    """ "Roll a D6; on a 3+ ..." (AoS2 §21): once for the unit, or once per model (those within
    reach and in sight when it says so, counted at the table); the effects once per success."""
    needed, then, expr, per = effect.on, effect.then, effect.dice, effect.per
    times = aim.models if per == "model" else 1
    if per == "model" and effect.models_within is not None:
        times = _models_within(source, aim, effect.models_within, answers)
    purpose = tr("{ability} (needs {needed}+)", ability=name, needed=needed)
    rolls = [expr.roll(dice, purpose) for _model in range(times)]
    hits = sum(1 for r in rolls if r >= needed)
    rolled = AbilityRolled(name, aim.spec.id, aim.name, tuple(rolls), needed, hits)
    emit(state, rolled)
    for _hit in range(hits):
        _apply_each(state, source, aim, name, then, dice, answers)


def _avenge(
    state: GameState,
    source: UnitState,
    aim: UnitState,
    name: str,
    effect: BattalionUnitSlain,
    dice: DiceSource,
    answers: RecordedAnswers,
) -> None:
    """Martial Bond (seed 000 p.16): the unit within range of a comrade slain in the phase
    takes up its fight; once for each comrade slain (refused when none was within range)."""
    reach, inner = effect.range, effect.effects
    fallen = fallen_comrades(state, aim, effect)
    near = [
        u
        for u in fallen
        if answers.yes_no(
            f"within-{reach}:{u.spec.id}",
            tr(
                'was {unit} within {reach}" of {other} when it was slain?',
                unit=aim.name,
                reach=reach,
                other=u.name,
            ),
        )
    ]
    if not near:
        raise RuleError(
            tr('{unit} was not within {reach}" of a slain unit of its battalion',
               unit=aim.name, reach=reach)
        )  # fmt: skip
    state.used_this_phase.add(f"avenged:{near[0].spec.id}")
    _apply_each(state, source, aim, name, inner, dice, answers)


def _swallow(
    state: GameState,
    source: UnitState,
    aim: UnitState,
    name: str,
    expr: DiceExpr,
    dice: DiceSource,
) -> None:
    """A model of the unit picked is slain when the roll beats its Wounds characteristic
    (Cavernous Jaws: "swallowed whole and slain")."""
    needed = aim.spec.wounds + 1
    purpose = tr("{ability} against {enemy} (needs {on}+)", ability=name, enemy=aim.name, on=needed)
    rolled = expr.roll(dice, purpose)
    slain = 1 if rolled >= needed else 0
    emit(state, AbilityRolled(name, aim.spec.id, aim.name, (rolled,), needed, slain))
    if slain:
        slay_models(state, aim, 1, slain_by=source.side)


def _models_within(source: UnitState, aim: UnitState, reach: int, answers: RecordedAnswers) -> int:
    """How many of the unit's models are within `reach` inches of the source and visible to
    it (Roiling Thunderhead: a dice for each), counted at the table."""
    return int(
        answers.number(
            f"models-within-{reach}:{aim.spec.id}",
            tr(
                'how many models of {unit} are within {reach}" of {source} and visible to it?',
                unit=aim.name,
                reach=reach,
                source=source.name,
            ),
            at_most=aim.models,
        )
    )


def _picked(
    state: GameState,
    source: UnitState,
    name: str,
    count: DiceExpr,
    side: str,
    answers: RecordedAnswers,
    dice: DiceSource,
) -> list[UnitState]:
    """Roll how many units to pick and pick that many of the side on the battlefield (every
    one when there are no more), each asked in turn under `pick:<unit id>` (Rain of Stars)."""
    wanted = count.roll(dice, tr("{ability}: how many units are picked", ability=name))
    owner = 1 - source.side if side == "enemy" else source.side
    left = [u for u in state.sides[owner].units if u.on_battlefield]
    picked: list[UnitState] = []
    for number, unit in enumerate(left):
        still = wanted - len(picked)
        if still <= 0:
            break
        if still >= len(left) - number or answers.yes_no(
            f"pick:{unit.spec.id}",
            tr("pick {unit} for {ability}?", unit=unit.name, ability=name),
        ):
            picked.append(unit)
    names = Join(tuple(u.name for u in picked)) if picked else tr("none")
    say(
        state,
        tr(
            "{ability}: rolled {roll}, units picked: {units}.",
            ability=name,
            roll=wanted,
            units=names,
        ),
    )
    return picked


def fight_over(
    state: GameState, unit: UnitState, dice: DiceSource, answers: RecordedAnswers
) -> None:
    """Once the unit has made all its attacks in the combat phase, what its abilities do then
    (Sweeping Tail): the enemy units it attacked with weapons of no greater reach are within
    range without asking (AoS2 §11); the others are asked."""
    if not unit.alive:
        return
    for name, effects in after_attacks(unit):
        for effect in effects:
            reach = reach_of(effect)
            if reach is not None:
                _close_by(state, unit, reach, answers)
        _apply_each(state, unit, unit, name, effects, dice, answers)


def _close_by(state: GameState, unit: UnitState, reach: int, answers: RecordedAnswers) -> None:
    """Which enemy units are within `reach` of the unit that fought: those it attacked with
    weapons of no greater reach are; whether any other one is, is asked once before each is
    (`others-within-<reach>`), so a unit fighting alone needs one answer."""
    known = known_within(state, unit, reach)
    for target in known:
        answers.answers.setdefault(f"within-{reach}:{target}", True)
    others = [
        u for u in state.sides[1 - unit.side].units
        if u.on_battlefield and f"within-{reach}:{u.spec.id}" not in answers.answers
    ]  # fmt: skip
    if not others:
        return
    question = (
        tr(
            'is any enemy unit other than {units} within {reach}" of {unit}?',
            units=Join(tuple(state.unit(t).name for t in known)),
            reach=reach,
            unit=unit.name,
        )
        if known
        else tr('is any enemy unit within {reach}" of {unit}?', reach=reach, unit=unit.name)
    )
    if not answers.yes_no(f"others-within-{reach}", question):
        for other in others:
            answers.answers[f"within-{reach}:{other.spec.id}"] = False


def _in_aura(
    state: GameState, source: UnitState, aura: Aura, answers: RecordedAnswers
) -> list[UnitState]:
    """The units an aura takes in as it is used: its side and keywords (the holder itself
    when friendly), each other one asked whether it is within range of the holder."""
    sides = {"friendly": (source.side,), "enemy": (1 - source.side,), "all": (0, 1)}[aura.side]
    found = []
    for side in sides:
        for unit in state.sides[side].units:
            if not unit.on_battlefield or not all(unit.spec.has(k) for k in aura.keywords):
                continue
            if unit is source:
                if aura.include_self:
                    found.append(unit)
            elif answers.yes_no(
                f"within-{aura.range}:{unit.spec.id}",
                tr(
                    'is {unit} within {reach}" of {target}?',
                    unit=unit.name,
                    reach=aura.range,
                    target=source.name,
                ),
            ):
                found.append(unit)
    return found


def in_force(ability: str, units: list[UnitState], scope: str) -> AbilityInForce:
    """An ability put in force on units for as long as its expiry scope says."""
    ids = tuple(u.spec.id for u in units)
    return AbilityInForce(ability, ids, tuple(u.name for u in units), scope)


@action(UseAbility)
def _use_ability(
    state: GameState, act: UseAbility, dice: DiceSource, answers: RecordedAnswers
) -> None:
    """Use a warscroll ability (prayers, once-per-battle abilities) at its timing (AoS2 §21)."""
    unit = state.unit(act.unit)
    present(unit)
    wanted = act.ability.lower()
    matches = [
        a for a in unit.spec.abilities
        if a.kind in ("ability", "prayer", "command") and (a.id.lower() == wanted or a.name.lower().startswith(wanted))
    ]  # fmt: skip
    chosen = None if matches else chosen_way(unit, wanted)
    if chosen is not None:
        matches = [chosen[0]]
    if not matches:
        known = ", ".join(a.name for a in unit.spec.abilities if a.kind != "spell") or tr("none")
        raise RuleError(
            tr("{unit} has no ability {ability}", unit=unit.name, ability=repr(act.ability)),
            tr("its abilities: {abilities}", abilities=known),
        )
    ability = matches[0]
    ways = ways_of(ability)
    if ways and chosen is None:
        raise RuleError(
            tr("{ability} is used one way at a time", ability=ability.name),
            tr("name one of them: {ways}", ways=Join(tuple(w.name for w in ways))),
        )
    system = system_of(state)
    check_ability(state, unit, ability)
    if ability.kind == "command" and system.general_commands:
        _general_command(state, unit, ability.name)
    rule = ability.target
    if chosen is not None and chosen[1].aim != "self":  # whom the way picks (AoS2 §21)
        rule = TargetRule(side=chosen[1].aim)
    target = aimed_at(state, unit, ability.name, rule, act.target, answers)
    if ability.cost and not (ability.kind == "command" and system.general_commands):
        spend_cp(state, unit.side, ability.name)
    sharing = [a.name for a in unit.spec.abilities if a.limit_key == ability.limit_key]
    use_once(state, unit, ability.limit_key, ability.once_per, " or ".join(sharing))
    unit.used.append(
        f"{ability.kind}: {ability.name}" if ability.kind != "ability" else ability.name
    )
    if moment_of(ability) == "after_pile_in":
        record_use(state, unit, ability)
    if chosen is not None:
        way = chosen[1]
        apply_effects(
            state, unit, way.name, way.effects, target.spec.id, dice, answers, ability.text
        )
        return
    apply_effects(
        state, unit, ability.name, ability.effects, target.spec.id, dice, answers, ability.text
    )


def ways_of(ability: AbilitySpec) -> list[Choice]:
    """The ways an ability "can either" be used (Lord of the Heavens: Roiling Thunderhead or
    Rain of Stars); none for an ability used one way."""
    return [e for e in ability.effects if isinstance(e, Choice)]


def chosen_way(unit: UnitState, wanted: str) -> tuple[AbilitySpec, Choice] | None:
    """The ability and the way of it a player named (`rain-of-stars`, `Rain of Stars`)."""
    key = wanted.strip().lower().replace("-", " ")
    for ability in unit.spec.abilities:
        for way in ways_of(ability):
            if way.name.lower().replace("-", " ") == key:
                return ability, way
    return None


def _general_command(state: GameState, unit: UnitState, what: str | Text) -> None:
    """AoS1 §7.2: in your hero phase your general alone may use one command ability, free."""
    check_general_command(state, unit)
    general = general_of(state, unit.side)
    state.used_this_phase.add(f"general-command:{unit.side}")
    say(
        state,
        tr(
            "{unit} uses {ability}, its one command ability of the phase.",
            unit=general.name,
            ability=what,
        ),
    )


@action(UseCommand)
def _command(state: GameState, act: UseCommand, dice: DiceSource, answers: RecordedAnswers) -> None:
    """Generic command abilities (AoS2 §7.2): Inspiring Presence here; At the Double and Forward
    to Victory are used with `aos run --at-the-double` and `aos charge --reroll`. In the 1st
    edition the general uses Inspiring Presence in the hero phase (AoS1 §7.2)."""
    name = act.ability.strip().lower().replace("-", " ")
    system = system_of(state)
    if name == "inspiring presence" and system.general_commands:
        _inspiring_presence_1e(state, act, answers)
        return
    if name == "inspiring presence":
        need_phase(state, "battleshock")
        unit = state.unit(_commanded(state, act))
        check_inspiring_presence(state, unit)
        needs_hero_in_range(answers, unit, state)
        spend_cp(state, unit.side, "Inspiring Presence")
        unit.battleshock_exempt = True
        unit.used.append("command: Inspiring Presence")
        said = tr(
            "{ability}: {unit} takes no battleshock test this phase.",
            ability=tr("Inspiring Presence"),
            unit=unit.name,
        )
        say(state, said)
        return
    if name in ("at the double", "forward to victory"):
        ability = tr("At the Double") if name == "at the double" else tr("Forward to Victory")
        if not system.command_points:
            raise RuleError(
                tr(
                    "{system} has no {ability}: its generals have {presence} and the command "
                    "abilities on their warscrolls ({section} §7.2)",
                    system=system.name,
                    ability=ability,
                    presence=tr("Inspiring Presence"),
                    section=system.section,
                ),
                tr("see the general's warscroll with `aos warscroll show`"),
            )
        flag = (
            "aos run UNIT --at-the-double"
            if name == "at the double"
            else "aos charge UNIT --reroll"
        )
        raise RuleError(
            tr("use {ability} with the roll it changes", ability=ability),
            tr("use `{command}`", command=flag),
        )
    unit = state.unit(_commanded(state, act))
    _use_ability(state, UseAbility(unit.spec.id, act.ability, act.target), dice, answers)


def _commanded(state: GameState, act: UseCommand) -> str:
    """The unit a command ability is used by or on; it must be named, except where only the
    general commands (AoS1 §7.2): then it is the general of the side whose turn it is."""
    if act.unit is None:
        if system_of(state).general_commands:
            return general_of(state, state.active_side).spec.id
        raise InputError(tr("name the unit for {ability} with --unit", ability=act.ability))
    return act.unit


def _inspiring_presence_1e(state: GameState, act: UseCommand, answers: RecordedAnswers) -> None:
    """AoS1 §7.2: in your hero phase the general picks one unit of your army within 12" of it;
    that unit takes no battleshock test until your next hero phase. Free, but it is the
    general's one command ability of the phase."""
    unit = state.unit(_commanded(state, act))
    present(unit)
    general = general_of(state, unit.side)
    if unit is not general and not answers.yes_no(
        "within-12-of-general",
        tr(
            'is {unit} within 12" of your general, {general}?',
            unit=unit.name,
            general=general.name,
        ),
    ):
        raise RuleError(
            tr('{unit} is not within 12" of {general}', unit=unit.name, general=general.name)
        )
    _general_command(state, general, tr("Inspiring Presence"))
    unit.effects.append(
        ActiveEffect("Inspiring Presence", (NoBattleshock(),), "your_next_hero", unit.side)
    )
    said = tr(
        "{ability}: {unit} takes no battleshock test until your next hero phase.",
        ability=tr("Inspiring Presence"),
        unit=unit.name,
    )
    say(state, said)
