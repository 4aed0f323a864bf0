"""What the rules decided, told as sentences in the chosen language: each kind of event the
core returns (`aos_cli.core.events`) has its words here, so a stored game's log reads in any
language without running a rule, and the live notes of an action read the same.

An event that does not speak (`Event.speaks` false: an attack, models slain) is data beside
sentences the rules still write, and tells nothing here.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, TypeVar

from aos_cli.core.events import (
    AbilityCommandPoints,
    AbilityHealed,
    AbilityInForce,
    AbilityRolled,
    AbilityToApply,
    AbilityWounded,
    Adjusted,
    Arrived,
    BattleshockTested,
    Charged,
    CommandPointGained,
    EffectEnded,
    Event,
    Healed,
    Moved,
    NoTestsDue,
    Passed,
    PriorityRolled,
    Ran,
    Retreated,
    RoundBegun,
    RoundOver,
    Said,
    SpellAttempted,
    TurnBegun,
)
from aos_cli.language.i18n import N_, _, ngettext, spell_name

E = TypeVar("E", bound=Event)

TELLERS: dict[str, Callable[[Any], list[str]]] = {}
"""The sentences of each kind of event that speaks, by its `kind`."""


def tells(cls: type[E]) -> Callable[[Callable[[E], list[str]]], Callable[[E], list[str]]]:
    """Register the function that tells an event of `cls` as sentences."""

    def register(teller: Callable[[E], list[str]]) -> Callable[[E], list[str]]:
        TELLERS[cls.kind] = teller
        return teller

    return register


def event_lines(event: Event) -> list[str]:
    """The sentences of one event in the chosen language (none for an event that is data)."""
    teller = TELLERS.get(event.kind)
    return teller(event) if teller is not None and event.speaks else []


def note_lines(notes: Iterable[str | Event]) -> list[str]:
    """An action's notes as the player reads them: sentences as written, events told."""
    lines: list[str] = []
    for note in notes:
        if isinstance(note, str):
            lines.append(note)
        else:
            lines.extend(event_lines(note))
    return lines


def _modifiers(modifier: int, names: Iterable[str]) -> str:
    """` (+2 Wildform)` after a roll; empty without a modifier."""
    shown = list(names)
    return f" ({modifier:+d} {', '.join(shown)})" if shown else ""


@tells(Said)
def _said(event: Said) -> list[str]:
    return [str(event.text)]


@tells(RoundBegun)
def _round_begun(event: RoundBegun) -> list[str]:
    return [
        _("Battle round {round}: {side} takes the first turn.").format(
            round=event.round, side=event.side_name
        )
    ]


@tells(TurnBegun)
def _turn_begun(event: TurnBegun) -> list[str]:
    return [_("Turn of {side}.").format(side=event.side_name)]


@tells(RoundOver)
def _round_over(event: RoundOver) -> list[str]:
    if event.ended:
        return [_("The battle ends after battle round {round}.").format(round=event.round)]
    return [
        _("Battle round {round} is over; roll priority with `aos priority`.").format(
            round=event.round
        )
    ]


@tells(CommandPointGained)
def _command_point(event: CommandPointGained) -> list[str]:
    return [
        _("{side} gains 1 command point ({total}).").format(side=event.side_name, total=event.total)
    ]


@tells(EffectEnded)
def _effect_ended(event: EffectEnded) -> list[str]:
    from aos_cli.core.turn import effect_name

    return [
        _("{effect} on {unit} ends.").format(effect=effect_name(event.effect), unit=event.unit_name)
    ]


@tells(PriorityRolled)
def _priority(event: PriorityRolled) -> list[str]:
    tie = _(" (a tie: the earlier first player decides)") if event.tie else ""
    names = (*event.side_names, "", "")[:2]
    rolls = (*event.rolls, 0, 0)[:2]
    return [
        _("Priority: {side_one} {first}, {side_two} {second}{tie}; {decider} chooses.").format(
            side_one=names[0],
            first=rolls[0],
            side_two=names[1],
            second=rolls[1],
            tie=tie,
            decider=event.decider_name,
        )
    ]


@tells(Moved)
def _moved(event: Moved) -> list[str]:
    return [_('{unit} moves (Move {inches}").').format(unit=event.unit_name, inches=event.inches)]


@tells(Retreated)
def _retreated(event: Retreated) -> list[str]:
    return [_("{unit} retreats: it cannot shoot or charge this turn.").format(unit=event.unit_name)]


@tells(Ran)
def _ran(event: Ran) -> list[str]:
    return [
        _('{unit} runs: +{roll}"{modifiers} (it cannot shoot or charge this turn).').format(
            unit=event.unit_name,
            roll=event.roll,
            modifiers=_modifiers(event.modifier, event.modifiers),
        )
    ]


@tells(Arrived)
def _arrived(event: Arrived) -> list[str]:
    if event.how == "edge":
        line = _(
            "{unit} arrives: set it up within 3\" of its territory's table edge and more "
            'than 9" from every enemy model; arriving is its move.'
        )
    elif event.how == "teleport":
        line = _(
            '{unit} arrives at the end of the Movement phase: set it up more than 9" from '
            "every enemy model; it counts as having moved (40k8 §4.7)."
        )
    elif event.arrived:
        line = _('{unit} arrives (rolled {roll}): set it up more than 9" from the enemy.')
    else:
        line = _("{unit} does not arrive (rolled {roll}); roll again next turn.")
    return [line.format(unit=event.unit_name, roll=event.roll)]


@tells(Charged)
def _charged(event: Charged) -> list[str]:
    lines = []
    if event.reroll_by:
        ability = (
            _("Forward to Victory") if event.reroll_by == "Forward to Victory" else event.reroll_by
        )
        lines.append(
            _("{ability}: the charge roll of {failed} is rerolled: {roll}.").format(
                ability=ability, failed=event.rerolled_from, roll=event.roll
            )
        )
    line = (
        _("{unit} charges: rolled {roll}{modifiers}, needed {needed}.")
        if event.charged
        else _("{unit} fails to charge: rolled {roll}{modifiers}, needed {needed}.")
    )
    modifiers = _modifiers(event.modifier, event.modifiers)
    lines.append(
        line.format(unit=event.unit_name, roll=event.roll, modifiers=modifiers, needed=event.needed)
    )
    return lines


@tells(SpellAttempted)
def _spell(event: SpellAttempted) -> list[str]:
    if not event.cast:
        return [
            _("{wizard} fails to cast {spell}: {total} against {value}.").format(
                wizard=event.unit_name,
                spell=spell_name(event.spell),
                total=event.total,
                value=event.value,
            )
        ]
    return [
        _("{wizard} casts {spell} with {total}.").format(
            wizard=event.unit_name, spell=spell_name(event.spell), total=event.total
        )
    ]


@tells(Healed)
def _healed(event: Healed) -> list[str]:
    wounds = ngettext("{n} wound", "{n} wounds", event.healed).format(n=event.healed)
    return [_("{unit} heals {wounds}.").format(unit=event.unit_name, wounds=wounds)]


@tells(Adjusted)
def _adjusted(event: Adjusted) -> list[str]:
    if event.reason:
        return [_("{unit} adjusted ({reason}).").format(unit=event.unit_name, reason=event.reason)]
    return [_("{unit} adjusted (no reason given).").format(unit=event.unit_name)]


@tells(BattleshockTested)
def _battleshock(event: BattleshockTested) -> list[str]:
    verdict = (
        _("passes")
        if event.passed
        else ngettext("fails: {fled} flees", "fails: {fled} flee", event.fled).format(
            fled=event.fled
        )
    )
    return [
        _("{unit}: rolled {die} + {slain} = {roll} against Bravery {bravery}, {verdict}.").format(
            unit=event.unit_name,
            die=event.die,
            slain=event.slain,
            roll=event.roll,
            bravery=event.bravery,
            verdict=verdict,
        )
    ]


@tells(NoTestsDue)
def _no_tests(event: NoTestsDue) -> list[str]:
    return [_("No battleshock tests are due.")]


@tells(Passed)
def _passed(event: Passed) -> list[str]:
    lines = [_("{side} passes.").format(side=event.side_name)]
    if event.over:
        lines.append(_("Both players passed: the fighting is over; `aos next`."))
    return lines


# ---- abilities and spells: what their effects did ---------------------------------------------

IN_FORCE = {
    "phase": N_("{ability} is in force on {units} this phase."),
    "turn": N_("{ability} is in force on {units} this turn."),
    "round": N_("{ability} is in force on {units} this battle round."),
    "your_next_hero": N_("{ability} is in force on {units} until your next hero phase."),
    "battle": N_("{ability} is in force on {units} for the rest of the battle."),
}
"""How long an effect in force lasts, by its expiry scope, as its note says it."""

TO_RECORD = {
    "wounds": N_("the wounds it deals (an adjustment of the unit hit)"),
    "slain": N_("any models slain (an adjustment)"),
    "healed": N_("the wounds healed or models returned (an adjustment)"),
    "command-points": N_("command points gained or spent"),
}
"""What a rule applied at the table may change, by the key `what_to_record` gives."""


@tells(AbilityWounded)
def _ability_wounded(event: AbilityWounded) -> list[str]:
    wounds = ngettext("{n} mortal wound", "{n} mortal wounds", event.wounds).format(n=event.wounds)
    if event.spell:
        line = _("{spell}: {unit} suffers {wounds}.").format(
            spell=spell_name(event.source), unit=event.unit_name, wounds=wounds
        )
    else:
        line = _("{ability}: {unit} suffers {wounds}.").format(
            ability=event.source, unit=event.unit_name, wounds=wounds
        )
    return [line]


@tells(AbilityHealed)
def _ability_healed(event: AbilityHealed) -> list[str]:
    wounds = ngettext("{n} wound", "{n} wounds", event.healed).format(n=event.healed)
    return [
        _("{ability}: {unit} heals {wounds}.").format(
            ability=event.source, unit=event.unit_name, wounds=wounds
        )
    ]


@tells(AbilityRolled)
def _ability_rolled(event: AbilityRolled) -> list[str]:
    shown = " ".join(str(r) for r in event.dice)
    return [
        _("{ability}: rolled {dice} (needs {needed}+).").format(
            ability=event.source, dice=shown, needed=event.needed
        )
    ]


@tells(AbilityInForce)
def _ability_in_force(event: AbilityInForce) -> list[str]:
    units = ", ".join(event.unit_names) or _("no unit")
    template = IN_FORCE.get(event.until, IN_FORCE["phase"])
    return [_(template).format(ability=event.source, units=units)]


@tells(AbilityCommandPoints)
def _ability_command_points(event: AbilityCommandPoints) -> list[str]:
    return [
        _("{ability}: {side} gains command points ({n}).").format(
            ability=event.source, side=event.side_name, n=event.total
        )
    ]


@tells(AbilityToApply)
def _ability_to_apply(event: AbilityToApply) -> list[str]:
    rule = "".join(event.rule)
    said = (
        _("{ability}: apply it at the table. {rule}").format(ability=event.source, rule=rule)
        if rule
        else _("{ability}: apply it at the table (see its warscroll).").format(ability=event.source)
    )
    found = [_(TO_RECORD[key]) for key in event.record if key in TO_RECORD]
    what = "; ".join(found) or _(
        "anything it changes: wounds, slain models or command points (an adjustment)"
    )
    return [said, "  " + _("Then record {what}.").format(what=what)]
