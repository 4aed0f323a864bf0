"""The odds `?N` gives in `aos play` for an option that rolls 2D6 outside the attack
sequence: a charge (AoS2 §10, by the gap to the enemy, with the re-roll in reach) and a
casting (AoS2 §15, with the chance an enemy wizard unbinds it). Exact, from `core.odds`."""

from __future__ import annotations

from dataclasses import field
from fractions import Fraction
from typing import TYPE_CHECKING

from aos_cli.core.records import dataclass
from aos_cli.language.i18n import _, number, spell_name

if TYPE_CHECKING:
    from aos_cli.core.guide import Option
    from aos_cli.core.state import GameState
    from aos_cli.language.text import Text

CHARGE_GAPS = tuple(range(3, 13))
"""The gaps shown for a charge: from just outside 3" to the 12" a charge may start from."""


@dataclass(frozen=True)
class Chance:
    """One outcome the players may weigh: what it is, and its exact chance (over `out_of`
    equally likely rolls, for a count such as 21/36)."""

    label: str
    chance: Fraction
    out_of: int
    again: Fraction | None = None
    """The chance with the re-roll in reach, when there is one."""
    again_out_of: int = 0


@dataclass
class RollOptionOdds:
    """An option's odds: a heading, one line per outcome, and what was left out."""

    heading: str
    chances: list[Chance]
    reroll: str = ""
    """What gives the re-roll shown in `Chance.again` (`Forward to Victory, 1 CP`)."""
    notes: list[str] = field(default_factory=list)


class _TableDecides:
    """Answers every question the tool would ask at the roll with no, and keeps what it was
    asked: an aura whose range the table decides is not counted, and the players are told."""

    def __init__(self) -> None:
        self.asked: list[str] = []

    def yes_no(self, key: str, question: str | Text) -> bool:
        self.asked.append(str(question))
        return False

    def number(self, key: str, question: str | Text, at_most: int | None = None) -> float:
        self.asked.append(str(question))
        return 0.0


def roll_option_odds(state: GameState, option: Option) -> RollOptionOdds | None:
    """The odds of a charge or cast option of the Age of Sigmar engine; None for others."""
    from aos_cli.core.system import system_of

    if system_of(state).attack_odds_hint:
        return None
    chosen = {
        "charge": charge_option_odds,
        "cast": cast_option_odds,
        "run": run_option_odds,
        "arrive": arrive_option_odds,
        "unbind": unbind_option_odds,
        "battleshock": battleshock_option_odds,
    }.get(option.kind)
    return None if chosen is None else chosen(state, option)


def charge_option_odds(state: GameState, option: Option) -> RollOptionOdds:
    """P(2D6 + the modifiers in force >= the roll each gap needs), and with a re-roll when
    the unit has one (an ability, or Forward to Victory with a command point: AoS2 §7.2)."""
    from aos_cli.core.odds import charge_odds
    from aos_cli.core.roll_effects import describe, reroll_source, roll_modifier
    from aos_cli.core.system import system_of

    unit = state.unit(option.payload["unit"])
    asker = _TableDecides()
    modifier, names = roll_modifier(state, unit, "charge", asker)
    free = reroll_source(state, unit, "charge", asker)
    side = state.sides[unit.side]
    reroll = ""
    if free is not None:
        reroll = free
    elif system_of(state).command_points and side.command_points >= 1:
        reroll = _("Forward to Victory, 1 CP, a Hero in command range")
    chances = []
    for gap in CHARGE_GAPS:
        plain = charge_odds(distance=gap, modifier=modifier).probability or Fraction(0)
        again = (
            charge_odds(distance=gap, modifier=modifier, reroll=True).probability
            if reroll
            else None
        )
        chances.append(Chance(_('{gap}" away').format(gap=gap), plain, 36, again, 36 * 36))
    odds = RollOptionOdds(
        _(
            "Charge of {unit}: 2D6{modifiers} must reach the gap to the nearest enemy unit "
            '(to within ½").'
        ).format(unit=unit.name, modifiers=describe(modifier, names)),
        chances,
        reroll,
    )
    odds.notes += _not_counted(asker)
    return odds


def cast_option_odds(state: GameState, option: Option) -> RollOptionOdds:
    """P(2D6 >= the casting value), and P(it is cast and not unbound) when an enemy wizard
    on the battlefield may try to unbind it (2D6 must beat the casting roll, AoS2 §15)."""
    from aos_cli.core.handlers.magic import spell_value
    from aos_cli.core.odds import cast_odds

    wizard = state.unit(option.payload["wizard"])
    name, value = spell_value(state, wizard, option.payload["spell"])
    unbinders = [u.name for u in state.sides[1 - wizard.side].units
                 if u.on_battlefield and u.spec.unbinds]  # fmt: skip
    plain = cast_odds(value=value)
    chances = [Chance(_("cast (casting value {value})").format(value=value), plain.cast, 36)]
    if unbinders:
        unbound = cast_odds(value=value, unbind=True)
        label = _('cast and not unbound, if {wizards} tries (within 30")').format(
            wizards=", ".join(unbinders)
        )
        chances.append(Chance(label, unbound.probability, 1296))
    odds = RollOptionOdds(
        _("{wizard} casting {spell}: 2D6 must reach {value}.").format(
            wizard=wizard.name, spell=spell_name(name), value=value
        ),
        chances,
    )
    if not unbinders:
        odds.notes.append(_("No enemy wizard on the battlefield can try to unbind it."))
    return odds


def run_option_odds(state: GameState, option: Option) -> RollOptionOdds:
    """A run adds a D6 (with the modifiers in force) to Move (AoS2 §8.4): the chance of at
    least each distance; At the Double makes it 6 for a command point (§7.2)."""
    from aos_cli.core.odds import run_odds
    from aos_cli.core.roll_effects import describe, roll_modifier
    from aos_cli.core.system import system_of

    unit = state.unit(option.payload["unit"])
    asker = _TableDecides()
    modifier, names = roll_modifier(state, unit, "run", asker)
    double = bool(option.payload.get("at_the_double"))
    odds = run_odds(modifier=modifier, at_the_double=double)
    chances = [
        Chance(_('at least +{inches}"').format(inches=inches),
               sum((p for v, p in odds.distribution.items() if v >= inches), Fraction(0)), 6)
        for inches in sorted(odds.distribution)
    ]  # fmt: skip
    shown = {
        "unit": unit.name,
        "move": unit.move_now,
        "modifiers": describe(modifier, names),
    }
    result = RollOptionOdds(
        _('Run of {unit}: Move {move}" plus D6{modifiers}.').format(**shown), chances
    )
    if double:
        result.heading = _(
            'Run of {unit} with At the Double: Move {move}" plus a 6{modifiers}, no die rolled.'
        ).format(**shown)
    elif system_of(state).command_points and state.sides[unit.side].command_points >= 1:
        result.notes.append(_('At the Double (1 CP, a Hero in command range): +6" for sure.'))
    result.notes += _not_counted(asker)
    return result


def arrive_option_odds(state: GameState, option: Option) -> RollOptionOdds:
    """Scions of the Storm (AoS2 §26.1): a D6 of 3 or more brings the unit down."""
    from aos_cli.core.system import system_of

    unit = state.unit(option.payload["unit"])
    needed = system_of(state).arrival_roll or 0
    chance = Fraction(max(0, 7 - max(needed, 1)), 6)
    return RollOptionOdds(
        _("Arrival of {unit}: a D6 of {needed} or more.").format(unit=unit.name, needed=needed),
        [Chance(_("it arrives"), chance, 6)],
    )


def unbind_option_odds(state: GameState, option: Option) -> RollOptionOdds | None:
    """An unbind must beat the casting roll with 2D6 (AoS2 §15)."""
    from aos_cli.core.odds import cast_odds

    pending = state.pending_spell
    if pending is None or option.payload.get("wizard") is None:
        return None
    wizard = state.unit(option.payload["wizard"])
    beaten = sum(
        (p for total, p in cast_odds(value=2).casting_roll.items() if total > pending.casting_roll),
        Fraction(0),
    )
    return RollOptionOdds(
        _("{wizard} unbinding {spell}: 2D6 must beat {roll}.").format(
            wizard=wizard.name, spell=spell_name(pending.spell), roll=pending.casting_roll
        ),
        [Chance(_("unbound"), beaten, 36)],
    )


def battleshock_option_odds(state: GameState, option: Option) -> RollOptionOdds:
    """Each test due (AoS2 §12): the chance it passes and the models expected to flee, with
    the Bravery modifiers in force that the table need not decide."""
    from aos_cli.core.answers import RecordedAnswers
    from aos_cli.core.odds import battleshock_odds
    from aos_cli.core.turn import due_battleshock
    from aos_cli.core.unit_attacks import characteristic_bonus

    asker = _TableDecides()
    chances = []
    notes = []
    for unit in due_battleshock(state):
        bonus = characteristic_bonus(state, unit, "bravery", RecordedAnswers({}, asker))
        odds = battleshock_odds(
            bravery=unit.spec.bravery, slain=unit.slain_this_turn, models=unit.models,
            bravery_modifier=bonus,
        )  # fmt: skip
        chances.append(
            Chance(_("{unit} passes").format(unit=unit.name), odds.probability or Fraction(0), 6)
        )
        notes.append(
            _("{unit}: {mean} models expected to flee.").format(
                unit=unit.name, mean=number(float(odds.mean), 2)
            )
        )
    result = RollOptionOdds(
        _("Battleshock tests: D6 + models slain this turn against Bravery."), chances, notes=notes
    )
    result.notes += _not_counted(asker)
    return result


def _not_counted(asker: _TableDecides) -> list[str]:
    """What the odds leave to the table (an aura in range or not)."""
    return [_("Not counted, the table decides: {question}").format(question=q) for q in asker.asked]
