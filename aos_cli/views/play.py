"""The lines of `aos play`: the menu, the targets, the clock and an option's odds."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.text import Text

from aos_cli.core.system import system_of
from aos_cli.language.i18n import N_, _, ngettext, number, percent_sign
from aos_cli.language.text import content_word

if TYPE_CHECKING:
    from collections.abc import Sequence
    from fractions import Fraction

    from aos_cli.app.play import TargetOdds
    from aos_cli.app.roll_odds import RollOptionOdds
    from aos_cli.core.dice_odds import StageOdds
    from aos_cli.core.guide import Option
    from aos_cli.core.state import GameState, UnitState

KEY_LABELS: dict[str, str] = {
    "next": N_("next phase"),
    "undo": N_("undo"),
    "status": N_("status"),
    "dice": N_("dice auto/manual"),
    "quit": N_("quit"),
    "adjust": N_("adjust a unit"),
    "heal": N_("heal"),
    "general": N_("new general"),
    "correct": N_("correct what was assumed"),
    "plan": N_("plan of the phase"),
    "blessed": N_("Blessed: change a die of the last step"),
}
"""What each key of the menu does, named in the catalogues."""


def key_hint(action: str, label: str | None = None) -> str:
    """`[n] next phase`: an action's key in the chosen language, with what it does."""
    from aos_cli.app.play import menu_key

    return f"[{menu_key(action)}] {_(label or KEY_LABELS[action])}"


def keys_text() -> str:
    """The keys that are always there, in two lines, in the chosen language."""
    first = [key_hint(a) for a in ("next", "undo", "status", "dice")]
    first.append(_("[?N] odds of option N"))
    second = [key_hint(a) for a in ("adjust", "heal", "general", "quit")]
    return "  ".join(first) + "\n" + "  ".join(second)


def _minutes(seconds: float) -> str:
    return f"{int(seconds // 60)}:{int(seconds % 60):02d}"


def clock_line(state: GameState, totals: list[float]) -> Text:
    """Each side's time at the table so far."""
    spent = ", ".join(f"{s.name} {_minutes(t)}" for s, t in zip(state.sides, totals, strict=True))
    return Text(_("Clock: {times}").format(times=spent), style="muted")


MENU_MARGIN = 8
"""Lines of a screen the menu leaves for the heading, the clock, the keys and the prompt."""


def menu_lines(
    choices: list[Option],
    numbers: list[int] | None = None,
    labels: list[str] | None = None,
    state: GameState | None = None,
    height: int | None = None,
) -> list[Text]:
    """The numbered options, then the keys that are always there. A menu taller than the
    terminal (`height` lines) is folded to one line per unit, every number kept."""
    shown = numbers or list(range(1, len(choices) + 1))
    said = labels or [str(option.label) for option in choices]
    if state is not None and height is not None and len(choices) + MENU_MARGIN > height:
        from aos_cli.app.play import unit_groups

        lines = []
        for name, picks in unit_groups(state, choices, said, shown):
            # one line a unit: an option's details in brackets are left to its own menu
            steps = "  ".join(f"[{n}] {what.split(' (')[0]}" for n, what in picks)
            lines.append(Text(f"  {name}: {steps}" if name else f"  {steps}"))
    else:
        lines = [Text(f"  [{n}] {label}") for n, label in zip(shown, said, strict=True)]
    if any(option.kind in ("shoot", "fight") for option in choices):
        lines.append(Text(key_hint("plan"), style="muted"))  # the planner (issue 29)
    if state is not None and any(
        s.triumph and s.triumph.get("any_die") and not s.triumph_used for s in state.sides
    ):
        lines.append(Text(key_hint("blessed"), style="muted"))  # AoS1 §5.3, once per battle
    return [*lines, Text(keys_text(), style="muted")]


def target_lines(
    aims: list[UnitState],
    numbers: list[int] | None = None,
    names: dict[str, str] | None = None,
    told: list[str] | None = None,
) -> list[Text]:
    """The numbered units an option may target, with their models left (same-named units
    told apart by `names`) and what the table told of each (`told`)."""
    shown = numbers or list(range(1, len(aims) + 1))
    facts = told or [""] * len(aims)
    return [
        Text(
            f"    [{key}] "
            + models_left((names or {}).get(unit.spec.id, unit.name), unit.models)
            + fact
        )
        for key, unit, fact in zip(shown, aims, facts, strict=True)
    ]


def models_left(name: str, models: int) -> str:
    """`Liberators (5 models)`: a unit's name with the models it has left."""
    return ngettext("{unit} ({n} model)", "{unit} ({n} models)", models).format(unit=name, n=models)


def option_odds_lines(state: GameState, option: Option, odds: list[TargetOdds] | None) -> list[str]:
    """The mean damage against each target, or where the odds of this option are found."""
    if odds is None:
        hint = system_of(state).front.attack_odds_hint
        if option.kind in ("shoot", "fight") and hint:
            return [_(hint)]
        return [_("No odds are worked out for this option.")]
    return [
        "    "
        + _("{unit}: {damage} damage expected (save {save}+)").format(
            unit=o.name, damage=number(o.mean_damage, 2), save=o.save
        )
        for o in odds
    ]


def _chance(chance: Fraction, out_of: int) -> str:
    """`58.3% (21/36)`: the exact chance as a person reads it, and as a count of rolls."""
    count = chance * out_of
    exact = f"{count.numerator}/{out_of}" if count.denominator == 1 else str(chance)
    return f"{percent_sign(number(float(chance) * 100, 1))} ({exact})"


def roll_odds_lines(odds: RollOptionOdds) -> list[str]:
    """A charge's or a cast's odds: the heading, one line per outcome, then what was left to
    the table."""
    lines = [f"    {odds.heading}"]
    if odds.reroll:
        lines.append("    " + _("With a re-roll: {reroll}.").format(reroll=odds.reroll))
    for chance in odds.chances:
        line = f"      {chance.label}: {_chance(chance.chance, chance.out_of)}"
        if chance.again is not None:
            again = _chance(chance.again, chance.again_out_of)
            line += _("; with the re-roll {chance}").format(chance=again)
        lines.append(line)
    return [*lines, *(f"    {note}" for note in odds.notes)]


def dice_odds_line(odds: StageOdds) -> str:
    """During an attack, once its hit (or wound) rolls are known: `Chance to destroy Chainrasp
    Horde: 31% before the hit rolls → 12% now (4 hits; 3.2 → 2.1 models slain expected).`;
    only the models expected slain when the target cannot be destroyed either way."""
    from aos_cli.views.charts import percent

    hits = odds.stage == "hit"
    if odds.before <= 0.0 and odds.now <= 0.0:
        template = (
            _(
                "Models of {target} expected slain: {slain_before} before the hit rolls → "
                "{slain_now} now ({done})."
            )
            if hits
            else _(
                "Models of {target} expected slain: {slain_before} before the wound rolls → "
                "{slain_now} now ({done})."
            )
        )
    elif hits:
        template = _(
            "Chance to destroy {target}: {before} before the hit rolls → {now} now "
            "({done}; {slain_before} → {slain_now} models slain expected)."
        )
    else:
        template = _(
            "Chance to destroy {target}: {before} before the wound rolls → {now} now "
            "({done}; {slain_before} → {slain_now} models slain expected)."
        )
    done = (
        ngettext("{n} hit", "{n} hits", odds.successes)
        if hits
        else ngettext("{n} wound", "{n} wounds", odds.successes)
    ).format(n=odds.successes)
    if odds.weapon:
        done = _("{weapon}: {done}").format(weapon=content_word(odds.weapon), done=done)
    return template.format(
        target=odds.target,
        before=percent(odds.before),
        now=percent(odds.now),
        done=done,
        slain_before=number(odds.slain_before, 2),
        slain_now=number(odds.slain_now, 2),
    )


def step_dice_lines(kind: str, rolled: Sequence[Any]) -> list[str]:
    """The last step's dice, numbered, with what each was rolled for (AoS1 §5.3 Blessed
    changes one of them)."""
    from aos_cli.views.history import action_name

    if not rolled:
        return [_("The last step ({step}) rolled no dice.").format(step=action_name(kind))]
    lines = [_("The dice of the last step ({step}):").format(step=action_name(kind))]
    lines += [f"  {die.number}. {die.purpose}: {die.value}" for die in rolled]
    return lines
