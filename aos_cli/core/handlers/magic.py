"""Magic actions: casting and unbinding (AoS2 §15, AoS1 §12; 40k8 §5.5 Deny the Witch is the same
unbinding rule in its own words) and what a cast spell does.

The roll arithmetic itself is `aos_cli.core.magic` (shared with `aos roll` and `aos odds`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from aos_cli.core.ability_effects import build_effects
from aos_cli.core.action_types import Cast, Unbind
from aos_cli.core.answers import Asker, RecordedAnswers
from aos_cli.core.casualties import suffer_mortal_wounds
from aos_cli.core.dice import DiceSource
from aos_cli.core.errors import RuleError
from aos_cli.core.events import AbilityWounded, SpellAttempted, SpellUnbound, emit, say
from aos_cli.core.guards import aimed_at, enemy_unit, need_phase, own_turn, present
from aos_cli.core.handlers import action
from aos_cli.core.handlers.abilities import apply_effects
from aos_cli.core.magic import spell_text
from aos_cli.core.roll_effects import describe_text, modified, nudge, roll_modifier
from aos_cli.core.state import AbilitySpec, ActiveEffect, GameState, PendingSpell, UnitState
from aos_cli.core.system import generic_spell, generic_spells, magic_of, system_of
from aos_cli.core.targets import TargetRule
from aos_cli.language.i18n import N_
from aos_cli.language.text import Value, tr


def own_spells(state: GameState, unit: UnitState) -> list[AbilitySpec]:
    """The spells of the unit's warscroll, then the realm's that every wizard knows (AoS2
    §24.1)."""
    return [*(a for a in unit.spec.abilities if a.kind == "spell"), *state.realm_spells]


def spell_value(state: GameState, unit: UnitState, spell: str) -> tuple[str, int]:
    """A spell the unit knows (its warscroll's, the realm's or the system's generic ones): its
    name and casting value; a RuleError lists what it knows."""
    key = spell.strip().lower()
    for ability in own_spells(state, unit):
        if key in (ability.id.lower(), ability.name.lower()):
            return ability.name, int(ability.casting_value or 0)
    generic = generic_spell(system_of(state), key)
    if generic is not None:
        return generic.name.title(), generic.casting_value
    known = ", ".join(
        [
            *(a.name for a in own_spells(state, unit)),
            *(s.name.title() for s in generic_spells(system_of(state))),
        ]
    )
    raise RuleError(
        tr("{unit} does not know {spell}", unit=unit.name, spell=repr(spell)),
        tr("it knows: {spells}", spells=known),
    )


def spell_aim(state: GameState, caster: UnitState, spell: str) -> str | None:
    """Whose unit a spell the caster knows picks (`enemy`, `friendly`, `any`), None when it
    picks none but the caster (what `aos play` asks the players to choose)."""
    key = spell.lower()
    own = next((a for a in own_spells(state, caster) if a.name.lower() == key), None)
    generic = generic_spell(system_of(state), key)
    side = own.target.side if own and own.target else generic.aim if generic else None
    return None if side in (None, "self") else side


def aim_spell(
    state: GameState,
    caster: UnitState,
    spell: str,
    target: str | None,
    answers: Asker,
    *,
    ask_range: bool = False,
) -> str | None:
    """The id of the unit a spell (psychic power) is cast at, checked against what the spell
    may pick before the casting roll (AoS2 §15, 40k8 §5). A generic friendly spell named
    without a target is cast at the caster itself, as it always was. With `ask_range` the
    players are asked whether a generic spell's target is within its range and visible to
    the caster (Arcane Bolt, Mystic Shield: 18", AoS2 §15, AoS1 §12)."""
    key = spell.lower()
    own = next((a for a in own_spells(state, caster) if a.name.lower() == key), None)
    from aos_cli.core.scoring import reach_now

    if own is not None:
        rule = own.target
        if rule is not None:  # Night March: no spell reaches beyond 12" (AoS2 §19.1)
            rule = replace(rule, range=reach_now(state, rule.range))
        return aimed_at(state, caster, own.name, rule, target, answers).spec.id
    generic = generic_spell(system_of(state), key)
    if generic is None or (target is None and generic.aim == "friendly"):
        return target
    rule = TargetRule(
        side=generic.aim,
        range=reach_now(state, generic.range) if ask_range else None,
        visible=ask_range,
    )
    return aimed_at(state, caster, generic.name.title(), rule, target, answers).spec.id


def casts_this_phase(state: GameState, unit: UnitState, kind: str) -> int:
    """How many spells the unit has attempted (`cast`) or unbinds it has tried (`unbind`) this
    phase."""
    return sum(1 for key in state.used_this_phase if key.startswith(f"{kind}:{unit.spec.id}:"))


def check_cast(state: GameState, wizard: UnitState, spell: str) -> tuple[str, int, str]:
    """Whether the wizard may attempt the spell now (AoS2 §15: in its hero phase, casts left,
    each spell once a turn army-wide; AoS1 §12: once a turn by each wizard): its name, casting
    value and the key its once-a-turn limit is kept under; a RuleError says why not."""
    system, magic = system_of(state), magic_of(state)
    need_phase(state, magic.phase)
    own_turn(state, wizard, "cast")
    present(wizard)
    if not wizard.spec.is_wizard or wizard.spec.casts < 1:
        raise RuleError(tr("{unit} is not a wizard", unit=wizard.name))
    name, value = spell_value(state, wizard, spell)
    if casts_this_phase(state, wizard, "cast") >= wizard.spec.casts:
        raise RuleError(
            tr(
                "{unit} has already attempted as many spells as it may this phase ({n})",
                unit=wizard.name,
                n=wizard.spec.casts,
            )
        )
    if magic.spell_limit == "caster":
        key = f"{wizard.side}:{wizard.spec.id}:{name.lower()}"
        if key in state.spells_attempted:
            raise RuleError(
                tr(
                    "{unit} has already attempted {spell} this turn (once per turn by each "
                    "wizard, {section} §12)",
                    unit=wizard.name,
                    spell=spell_text(name),
                    section=system.section,
                )
            )
    else:
        key = f"{wizard.side}:{name.lower()}"
        if key in state.spells_attempted:
            raise RuleError(
                tr(
                    "{spell} has already been attempted this turn (once per turn, army-wide)",
                    spell=spell_text(name),
                )
            )
    return name, value, key


def check_unbind(
    state: GameState, wizard: UnitState, may_act: Callable[[UnitState], None] = lambda unit: None
) -> None:
    """AoS2 §15 (40k8 §5.5): an enemy wizard of the caster on the battlefield with an unbind
    left, in the system's words; `may_act` refuses a unit the system forbids to act."""
    words = magic_of(state).unbind_words
    pending = state.pending_spell
    if pending is None:
        raise RuleError(tr(words.nothing_waiting))
    caster = state.unit(pending.caster)
    if wizard.side == caster.side:
        raise RuleError(tr(words.own_side, unit=wizard.name))
    present(wizard)
    may_act(wizard)
    if wizard.spec.unbinds <= casts_this_phase(state, wizard, "unbind"):
        raise RuleError(tr(words.no_more, unit=wizard.name))


@action(Cast)
def _cast(state: GameState, act: Cast, dice: DiceSource, answers: RecordedAnswers) -> None:
    """AoS2 §15: 2D6 >= casting value; each spell once per turn army-wide; casts per warscroll.
    AoS1 §12: each wizard may attempt each spell once per turn."""
    system = system_of(state)
    wizard = state.unit(act.unit)
    spell, value, key = check_cast(state, wizard, act.spell)
    target = aim_spell(state, wizard, spell, act.target, answers, ask_range=True)
    state.spells_attempted.add(key)
    state.used_this_phase.add(f"cast:{wizard.spec.id}:{spell.lower()}")
    # The purpose of a roll is said as the dice are asked for.
    purpose = tr(
        "the casting roll of {unit} for {spell} (2D6, needs {value})",
        unit=wizard.name,
        spell=spell_text(spell),
        value=value,
    )
    rolled = dice.roll(2, str(purpose))
    bonus = act.mod + system.scenery.arcane_bonus(state, wizard, answers)
    bonus += nudge(
        state, wizard, "casting", sum(rolled) + bonus, act.nudge, answers, offer=act.offer_nudge
    )  # Arcane Lineage: a player's choice, once the roll is seen
    total = sum(rolled) + bonus
    cast = total >= value
    attempt = SpellAttempted(
        wizard.spec.id, wizard.name, wizard.side, spell, tuple(rolled), bonus, total, value, cast
    )
    emit(state, attempt)
    if not cast:
        wizard.used.append(f"{spell}: not cast")
        return
    wizard.used.append(f"cast {spell}")
    pending = PendingSpell(wizard.spec.id, spell, total, target)
    if not offer_unbind(state, wizard, pending, N_("unbind with {names}: `aos unbind`")):
        resolve_spell(state, pending, dice, answers)


def offer_unbind(state: GameState, caster: UnitState, pending: PendingSpell, how: str) -> bool:
    """Leave a cast spell waiting when an enemy caster may still unbind (or deny) it this
    phase; False when nobody can, so the spell takes effect at once (AoS2 §15, 40k8 psychic).
    `how` is the English template of how (`{names}`), said in the language of the moment it
    is shown (one already translated shows as it is)."""
    enemy = state.sides[1 - caster.side]
    able = [
        u for u in enemy.units
        if u.on_battlefield and u.spec.unbinds > casts_this_phase(state, u, "unbind")
    ]  # fmt: skip
    if not able:
        return False
    state.pending_spell = pending
    names = ", ".join(u.name for u in able)
    say(state, tr("{side} may {what}.", side=enemy.name, what=tr(how, names=names)))
    return True


@action(Unbind)
def _unbind(state: GameState, act: Unbind, dice: DiceSource, answers: RecordedAnswers) -> None:
    """AoS2 §15: one unbind attempt, within 30" of the caster, 2D6 must beat the casting roll.
    AoS1 §12: within 18" of the caster and able to see it."""
    attempt_unbind(state, act, dice, answers, resolve_spell)


SpellResolver = Callable[[GameState, PendingSpell, DiceSource, RecordedAnswers], None]
"""What makes a cast spell (or manifested power) take effect."""


def attempt_unbind(
    state: GameState,
    act: Unbind,
    dice: DiceSource,
    answers: RecordedAnswers,
    resolve: SpellResolver,
    may_act: Callable[[UnitState], None] = lambda unit: None,
) -> None:
    """The one unbinding rule of every system, in its words and numbers: one attempt per cast
    spell, by an enemy caster with attempts left within the system's range (AoS2 §15 30",
    AoS1 §12 18" and in sight, 40k8 §5.5 Deny the Witch 24"); 2D6 (plus the system's arcane
    bonus and the unbinding modifiers in force, 40k8's Psychic Hood) must beat the casting roll, or `resolve` makes the spell take effect. `may_act`
    refuses a unit the system forbids to act (raises RuleError)."""
    system, magic = system_of(state), magic_of(state)
    words = magic.unbind_words
    pending = state.pending_spell
    if pending is None:
        raise RuleError(tr(words.nothing_waiting))
    if act.unit is None:
        state.pending_spell = None
        say(state, tr(words.passed, spell=spell_text(pending.spell)))
        resolve(state, pending, dice, answers)
        return
    wizard = state.unit(act.unit)
    caster = state.unit(pending.caster)
    check_unbind(state, wizard, may_act)
    reach = magic.unbind_range
    where: dict[str, Value] = {"unit": wizard.name, "caster": caster.name, "reach": reach}
    if not answers.yes_no(f"within-{reach}", tr(words.question, **where)):
        raise RuleError(tr(words.out_of_range, **where))
    state.pending_spell = None
    state.used_this_phase.add(f"unbind:{wizard.spec.id}:{pending.spell.lower()}")
    modifier, effects = roll_modifier(state, wizard, "unbinding", answers, against=caster)
    purpose = tr(words.roll, unit=wizard.name, roll=pending.casting_roll)
    rolled = dice.roll(2, str(purpose))
    total = modified(
        sum(rolled) + act.mod + system.scenery.arcane_bonus(state, wizard, answers), modifier
    )
    said: dict[str, Value] = {"unit": wizard.name, "total": total}
    said |= {"spell": spell_text(pending.spell), "how": describe_text(modifier, effects)}
    tried = SpellUnbound(
        wizard.spec.id, wizard.name, wizard.side, pending.spell, tuple(rolled),
        total - sum(rolled), total, pending.casting_roll, total > pending.casting_roll,
    )  # fmt: skip
    emit(state, tried)
    if total > pending.casting_roll:
        say(state, tr(words.success, **said))
        wizard.used.append(f"stopped {pending.spell}")
        return
    say(state, tr(words.failure, **said))
    wizard.used.append(f"failed to stop {pending.spell}")
    resolve(state, pending, dice, answers)


def resolve_spell(
    state: GameState, pending: PendingSpell, dice: DiceSource, answers: RecordedAnswers
) -> None:
    """Apply a cast spell: Arcane Bolt and Mystic Shield (AoS2 §15; AoS1 §12 D3 mortal wounds
    and +1 to saves), or the warscroll's effects."""
    caster = state.unit(pending.caster)
    name = pending.spell.lower()
    if name == "arcane bolt":
        if pending.target is None:
            raise RuleError(
                tr('{spell} needs --target (an enemy unit within 18")', spell=tr("Arcane Bolt"))
            )
        target = enemy_unit(state, caster, pending.target)
        amount = magic_of(state).arcane_bolt(pending.casting_roll, dice)
        bolt = AbilityWounded("Arcane Bolt", True, target.spec.id, target.name, target.side, amount)
        emit(state, bolt)
        suffer_mortal_wounds(state, target, amount, dice, answers, slain_by=caster.side)
        return
    if name == "mystic shield":
        target = state.unit(pending.target) if pending.target else caster
        if target.side != caster.side:
            raise RuleError(tr("{spell} targets a friendly unit", spell=tr("Mystic Shield")))
        effect, reads = magic_of(state).mystic_shield()
        shield = build_effects((effect,), "Mystic Shield")
        target.effects.append(ActiveEffect("Mystic Shield", shield, "your_next_hero", caster.side))
        say(state, tr(reads, spell=tr("Mystic Shield"), unit=target.name))
        return
    spell = next(a for a in own_spells(state, caster) if a.name.lower() == name)
    apply_effects(
        state, caster, spell.name, spell.effects, pending.target, dice, answers, spell.text
    )
