"""What the rules decided, told as sentences in the chosen language: each kind of event the
core returns (`aos_cli.core.events`) has its words here, so a stored game's log reads in any
language without running a rule, and the live notes of an action read the same.

An event that does not speak (`Event.speaks` false: points scored, an unbinding roll) is data
beside sentences the rules still write, and tells nothing here.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any, TypeVar

from aos_cli.core.events import (
    AbilityCommandPoints,
    AbilityHealed,
    AbilityInForce,
    AbilityRolled,
    AbilityToApply,
    AbilityWounded,
    Adjusted,
    ArmyGone,
    Arrived,
    AttackResolved,
    BattleshockTested,
    BeastRollOff,
    BeastSetUp,
    Charged,
    CommandPointGained,
    EffectEnded,
    Event,
    FirstBlood,
    GeneralSlain,
    Healed,
    ModelsSlain,
    Moved,
    NoTestsDue,
    ObjectiveCounted,
    ObjectiveHeld,
    Passed,
    PointsScored,
    PreyChosen,
    PriorityRolled,
    Ran,
    Retreated,
    Rolls,
    RoundBegun,
    RoundOver,
    Said,
    SpellAttempted,
    TriumphDeclared,
    TurnBegun,
    WardRolled,
)
from aos_cli.language.grammar import articles
from aos_cli.language.i18n import N_, _, ngettext, spell_name
from aos_cli.language.text import Join, content_word, render, tr

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
    teller = TELLERS.get(event.kind) or _system_teller(event)
    return teller(event) if teller is not None and event.speaks else []


def _system_teller(event: Event) -> Callable[[Any], list[str]] | None:
    """The teller of a system's own event (`aos_cli.systems.<id>.events`), registered by that
    system's `views` module, imported the first time one of its events is told."""
    package, _dot, module = type(event).__module__.rpartition(".")
    if not package.startswith("aos_cli.systems.") or module == "views":
        return None
    import importlib

    importlib.import_module(f"{package}.views")
    return TELLERS.get(event.kind)


def note_lines(notes: Iterable[str | Event]) -> list[str]:
    """An action's notes as the player reads them: sentences as written, events told."""
    lines: list[str] = []
    for note in notes:
        if isinstance(note, str):
            lines.append(note)
        else:
            lines.extend(event_lines(note))
    return [articles(line) for line in lines]


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


@tells(TriumphDeclared)
def _triumph(event: TriumphDeclared) -> list[str]:
    """AoS2 §16: a triumph declared, once per battle."""
    return [
        _("{side} declares its triumph, {triumph}, for {unit}.").format(
            side=event.side_name, triumph=event.triumph, unit=event.unit_name
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


# --------------------------------------------------------------------------- scoring


@tells(PointsScored)
def _points_scored(event: PointsScored) -> list[str]:
    reason = str(event.reason)
    if event.points:
        line = ngettext(
            "{side} scores {n} VP: {reason}.", "{side} scores {n} VP: {reason}.", event.points
        ).format(side=event.side_name, n=event.points, reason=reason)
    else:
        line = ngettext(
            "{side} scores {n} command point: {reason}.",
            "{side} scores {n} command points: {reason}.",
            event.command_points,
        ).format(side=event.side_name, n=event.command_points, reason=reason)
    return [line]


# --------------------------------------------------------------------------- attacks, casualties

MAX_DICE_LISTED = 60
"""Past this many dice a step's line counts the faces (`6×4 5×2 ...`) instead of every die."""


def dice_listed(values: Sequence[int], rerolled: Sequence[int] = ()) -> str:
    """Dice as they fell, a re-rolled die as `1→4` (`rerolled`: each die's first roll, 0 for
    one kept); a long roll as counts per face."""
    if len(values) > MAX_DICE_LISTED:
        faces = [(face, sum(1 for v in values if v == face)) for face in range(6, 0, -1)]
        return " ".join(f"{face}×{count}" for face, count in faces if count)
    firsts = list(rerolled) if len(rerolled) == len(values) else [0] * len(values)
    return " ".join(
        f"{first}→{value}" if first else str(value)
        for value, first in zip(values, firsts, strict=True)
    )


def _step(stage: str, needed: str, dice: str, result: str) -> str:
    """One step of a weapon's dice line: `hit 3+: 6 5 1 → 2 hits`."""
    if stage == "hit":
        return _("hit {needed}: {dice} → {result}").format(needed=needed, dice=dice, result=result)
    if stage == "wound":
        return _("wound {needed}: {dice} → {result}").format(
            needed=needed, dice=dice, result=result
        )
    return _("save {needed}: {dice} → {result}").format(needed=needed, dice=dice, result=result)


def _with_extra(result: str, extra: int, label: str) -> str:
    """A step's count with the successes that came without a die (`2 hits (+1 extra)`)."""
    if not extra:
        return result
    if label == "automatic":
        return _("{result} (+{n} automatic)").format(result=result, n=extra)
    return _("{result} (+{n} extra)").format(result=result, n=extra)


def dice_line(rolls: Rolls) -> str:
    """One weapon's dice, step by step, on one line (as `aos roll attack` shows them):
    `Judicators, Skybolt Bow: hit 3+: 6 5 1 → 2 hits; wound 3+: 4 2 → 1 wound; ...`."""
    steps: list[str] = []
    if rolls.attack_rolls:
        rolled = " ".join(str(v) for v in rolls.attack_rolls)
        steps.append(_("attacks: {dice} → {n}").format(dice=rolled, n=rolls.attacks))
    if rolls.hit_rolls or rolls.extra_hits:
        hits = ngettext("{n} hit", "{n} hits", rolls.hits).format(n=rolls.hits)
        listed = dice_listed(rolls.hit_rolls, rolls.hit_rerolled)
        steps.append(
            _step("hit", rolls.hit_needed, listed, _with_extra(hits, rolls.extra_hits, "extra"))
        )
    if rolls.wound_rolls or rolls.automatic_wounds:
        wounds = ngettext("{n} wound", "{n} wounds", rolls.wounds).format(n=rolls.wounds)
        listed = dice_listed(rolls.wound_rolls, rolls.wound_rerolled)
        counted = _with_extra(wounds, rolls.automatic_wounds, "automatic")
        steps.append(_step("wound", rolls.wound_needed, listed, counted))
    if rolls.save_rolls:
        saved = ngettext("{n} saved", "{n} saved", rolls.saves).format(n=rolls.saves)
        listed = dice_listed(rolls.save_rolls, rolls.save_rerolled)
        steps.append(_step("save", rolls.save_needed, listed, saved))
    if rolls.damage_rolls:
        rolled = " ".join(str(v) for v in rolls.damage_rolls)
        steps.append(_("damage: {dice}").format(dice=rolled))
    if rolls.mortal_wounds:
        steps.append(_("mortal wounds: {n}").format(n=rolls.mortal_wounds))
    weapon = content_word(rolls.weapon)
    name = f"{rolls.wielder}, {weapon}" if rolls.wielder else weapon
    return f"{name}: {'; '.join(steps) or _('no dice rolled')}"


def _attack_40k(event: AttackResolved) -> list[str]:
    """40k8 §8: the totals of a unit's attacks, the wounds it lost (excess damage is lost)."""
    counts = ", ".join(
        (
            ngettext("{n} attack", "{n} attacks", event.attacks).format(n=event.attacks),
            ngettext("{n} hit", "{n} hits", event.hits).format(n=event.hits),
            ngettext("{n} wound", "{n} wounds", event.wounds).format(n=event.wounds),
            ngettext("{n} unsaved", "{n} unsaved", event.unsaved).format(n=event.unsaved),
            ngettext("{n} mortal wound", "{n} mortal wounds", event.mortal_wounds).format(
                n=event.mortal_wounds
            ),
            ngettext("{n} wound lost", "{n} wounds lost", event.wounds_lost).format(
                n=event.wounds_lost
            ),
        )
    )
    line = (
        _("{attacker} → {target} (Overwatch): {counts}.")
        if event.overwatch
        else _("{attacker} → {target}: {counts}.")
    )
    return [line.format(attacker=event.attacker_name, target=event.target_name, counts=counts)]


@tells(AttackResolved)
def _attack(event: AttackResolved) -> list[str]:
    """AoS2 §14: the totals of a unit's attacks, each weapon's dice, and the ward rolls."""
    if event.excess_lost:
        return _attack_40k(event)
    lines = [
        _(
            "{attacker} → {target}: {attacks}, {hits}, {wounds}, {unsaved}, {mortal}, {damage}."
        ).format(
            attacker=event.attacker_name,
            target=event.target_name,
            attacks=ngettext("{n} attack", "{n} attacks", event.attacks).format(n=event.attacks),
            hits=ngettext("{n} hit", "{n} hits", event.hits).format(n=event.hits),
            wounds=ngettext("{n} wound", "{n} wounds", event.wounds).format(n=event.wounds),
            unsaved=ngettext("{n} unsaved", "{n} unsaved", event.unsaved).format(n=event.unsaved),
            mortal=ngettext("{n} mortal", "{n} mortal", event.mortal_wounds).format(
                n=event.mortal_wounds
            ),
            damage=ngettext("{n} damage", "{n} damage", event.damage).format(n=event.damage),
        )
    ]
    lines += [f"  {dice_line(rolls)}" for rolls in event.weapons]
    if event.ward_rolls:
        rolled = " ".join(str(v) for v in event.ward_rolls)
        lines.append(
            "  "
            + _("{unit}: ward {ward}+: {dice} → {n} negated").format(
                unit=event.target_name, ward=event.ward, dice=rolled, n=event.ward_saved
            )
        )
    return lines


@tells(ModelsSlain)
def _models_slain(event: ModelsSlain) -> list[str]:
    """AoS2 §14.7: the models removed as casualties and those left."""
    return [
        _("{unit}: {slain} slain, {left} left.").format(
            unit=event.unit_name, slain=event.slain, left=event.left
        )
    ]


@tells(WardRolled)
def _ward_rolled(event: WardRolled) -> list[str]:
    """AoS2 §14.11: ward rolls against mortal wounds, in the system's words."""
    return [
        _("{unit}: {what} {dice} ({ward}+) ignore {n}.").format(
            unit=event.unit_name,
            what=_(event.term),
            dice=" ".join(str(v) for v in event.rolls),
            ward=event.ward,
            n=event.negated,
        )
    ]


@tells(GeneralSlain)
def _general_slain(event: GeneralSlain) -> list[str]:
    """AoS2 §5.3: a slain general, and the model that takes its place."""
    if not event.successor:
        return [_("{unit}, the general, is slain.").format(unit=event.unit_name)]
    lines = [
        _(
            "{fallen} was the general: {successor} takes its place "
            "(pick another with `aos general UNIT`)."
        ).format(fallen=event.unit_name, successor=event.successor_name)
    ]
    if event.new_trait:
        lines.append(
            _(
                "The new general generates a command trait at once (AoS2 p.19); picking it "
                "rolls the trait: `aos general UNIT`."
            )
        )
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
            ability=content_word(event.source), unit=event.unit_name, wounds=wounds
        )
    return [line]


@tells(AbilityHealed)
def _ability_healed(event: AbilityHealed) -> list[str]:
    wounds = ngettext("{n} wound", "{n} wounds", event.healed).format(n=event.healed)
    return [
        _("{ability}: {unit} heals {wounds}.").format(
            ability=content_word(event.source), unit=event.unit_name, wounds=wounds
        )
    ]


@tells(AbilityRolled)
def _ability_rolled(event: AbilityRolled) -> list[str]:
    shown = " ".join(str(r) for r in event.dice)
    return [
        _("{ability}: rolled {dice} (needs {needed}+).").format(
            ability=content_word(event.source), dice=shown, needed=event.needed
        )
    ]


@tells(AbilityInForce)
def _ability_in_force(event: AbilityInForce) -> list[str]:
    units = ", ".join(event.unit_names) or _("no unit")
    template = IN_FORCE.get(event.until, IN_FORCE["phase"])
    return [_(template).format(ability=content_word(event.source), units=units)]


@tells(AbilityCommandPoints)
def _ability_command_points(event: AbilityCommandPoints) -> list[str]:
    return [
        _("{ability}: {side} gains command points ({n}).").format(
            ability=content_word(event.source), side=event.side_name, n=event.total
        )
    ]


@tells(AbilityToApply)
def _ability_to_apply(event: AbilityToApply) -> list[str]:
    rule = "".join(event.rule)
    said = (
        _("{ability}: apply it at the table. {rule}").format(
            ability=content_word(event.source), rule=content_word(rule)
        )
        if rule
        else _("{ability}: apply it at the table (see its warscroll).").format(
            ability=content_word(event.source)
        )
    )
    found = [_(TO_RECORD[key]) for key in event.record if key in TO_RECORD]
    what = "; ".join(found) or _(
        "anything it changes: wounds, slain models or command points (an adjustment)"
    )
    return [said, "  " + _("Then record {what}.").format(what=what)]


# ---- Ghur's monstrous beasts (AoS2 §24.2) ------------------------------------------------------


@tells(BeastSetUp)
def _beast_set_up(event: BeastSetUp) -> list[str]:
    if not event.unit:
        return [
            _("Monstrous Beasts: {side} sets up no monstrous beast.").format(side=event.side_name)
        ]
    return [
        _(
            'Monstrous Beasts: {side} sets up {unit}, part of neither army, more than 9" from '
            "both armies and from other monstrous beasts."
        ).format(side=event.side_name, unit=event.unit_name)
    ]


@tells(BeastRollOff)
def _beast_roll_off(event: BeastRollOff) -> list[str]:
    pairs = ", ".join(
        f"{event.rolls[i]}-{event.rolls[i + 1]}" for i in range(0, len(event.rolls) - 1, 2)
    )
    if not event.unit:
        return [
            _("Beasts of Ghur: roll-off {rolls}; {side} may set up an additional monstrous beast.")
            .format(rolls=pairs, side=event.winner_name)
        ]  # fmt: skip
    return [
        _("Monstrous Beasts: {unit} is equally close to both armies; roll-off {rolls}, {side} "
          "picks its prey.").format(unit=event.unit_name, rolls=pairs, side=event.winner_name)
    ]  # fmt: skip


@tells(PreyChosen)
def _prey_chosen(event: PreyChosen) -> list[str]:
    return [
        _(
            "Monstrous Beasts: {unit} hunts the army of {prey} this battle round and joins the "
            "army of {joined}, whose player moves and attacks with it."
        ).format(unit=event.unit_name, prey=event.prey_name, joined=event.joined_name)
    ]


# ---- objectives and the battle's course ---------------------------------------------------------


@tells(FirstBlood)
def _first_blood(event: FirstBlood) -> list[str]:
    """AoS2 §18: First Blood."""
    return [render(tr("First blood: {side}.", side=event.side_name))]


@tells(ObjectiveHeld)
def _objective_held(event: ObjectiveHeld) -> list[str]:
    """AoS2 §17.3, 40k8 §17.3: who holds an objective now, or a correction."""
    name, held = event.objective_name, event.holder >= 0
    if event.correction:
        said = (
            tr(
                "{objective} is held by {side} (correction).",
                objective=name,
                side=event.holder_name,
            )
            if held
            else tr("{objective} is held by nobody (correction).", objective=name)
        )
        return [render(said)]
    mine, theirs = (*event.counts, 0, 0)[:2]
    said = (
        tr(
            "{objective} is now held by {side} ({mine}-{theirs}).",
            objective=name, side=event.holder_name, mine=mine, theirs=theirs,
        )
        if held
        else tr(
            "{objective} is now held by nobody ({mine}-{theirs}).",
            objective=name, mine=mine, theirs=theirs,
        )
    )  # fmt: skip
    return [render(said)]


@tells(ObjectiveCounted)
def _objective_counted(event: ObjectiveCounted) -> list[str]:
    """AoS2 §17.3: the models a player gave for an objective."""
    counted = Join(tuple(f"{s} {n}" for s, n in zip(event.sides, event.counts, strict=False)))
    said = tr(
        "{objective}: {counts} (control is checked at the end of the turn).",
        objective=event.objective_name,
        counts=counted,
    )
    return [render(said)]


@tells(ArmyGone)
def _army_gone(event: ArmyGone) -> list[str]:
    """AoS2 §18: a side with no units left on the battlefield ends the battle."""
    names = (*event.side_names, "", "")
    if len(event.out) >= 2:
        said = tr(
            "The battle ends: neither {first} nor {second} has units left on the battlefield.",
            first=names[0],
            second=names[1],
        )
    else:
        side = event.out[0] if event.out else 0
        said = tr("The battle ends: {side} has no units left on the battlefield.", side=names[side])
    return [render(said)]
