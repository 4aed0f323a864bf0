"""Warhammer 40,000 8th edition for people: the rolled attack sequence as a Rich table (every
die shown, as for Age of Sigmar), with Damage per attack, feel-no-pain and wounds lost; and the
40k rules' own events (`aos_cli.systems.wh40k8.events`) told in the chosen language."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from aos_cli.language.i18n import _, ngettext
from aos_cli.systems.wh40k8.events import (
    AbilityNoTarget,
    AbilityStruck,
    Advanced,
    ArmyDestroyed,
    Charged40k,
    ChargerDestroyed,
    CommandRerolled,
    CommandRerollKept,
    Disembarked,
    Embarked,
    FellBack,
    FirstTurnDecided,
    Intervened,
    MayConsolidate,
    MoraleTested,
    Moved40k,
    NoMoraleDue,
    OverwatchBarred,
    PerilsSlew,
    PerilsSuffered,
    PsychicTested,
    RelicKept,
    SmiteStruck,
)
from aos_cli.views.dice import attack_table
from aos_cli.views.events import tells

if TYPE_CHECKING:
    from rich.table import Table

    from aos_cli.systems.wh40k8.engine import Result40k, WeaponResult40k


def _damage_per_attack(weapon: WeaponResult40k) -> tuple[Sequence[int], str] | None:
    """The Damage of each unsaved wound and their sum (40k8 §8.5)."""
    per_attack = weapon.damage_per_attack
    return (per_attack, str(sum(per_attack))) if per_attack else None


def attack_table_40k(result: Result40k, *, show_slain: bool, title: str | None = None) -> Table:
    """One row per stage with its dice, then Damage per attack, feel-no-pain and the totals
    with the wounds lost once excess damage is lost."""
    return attack_table(
        result,
        show_slain=show_slain,
        title=_("Attack") if title is None else title,
        ward=(_("Feel no pain"), _("ignored")),
        damage_row=_damage_per_attack,
        wounds_lost=True,
    )


# ---- the 40k rules' own events, told (issue 25 item 4) ----------------------------------------


def _how(modifier: int, names: tuple[str, ...]) -> str:
    """` (+1 Name)` after a roll, as the rules' modifiers read; empty without one."""
    from aos_cli.core.roll_effects import describe_text
    from aos_cli.language.text import render

    return render(describe_text(modifier, list(names)))


@tells(FirstTurnDecided)
def _first_turn(event: FirstTurnDecided) -> list[str]:
    """40k8 §1.4, §3, §17.7: who decides the first turn of every round."""
    if not event.underdog:
        pairs = zip(event.rolls[::2], event.rolls[1::2], strict=False)
        rolls = ", ".join(f"{a}-{b}" for a, b in pairs)
        return [
            _(
                "No Underdog: a roll-off ({rolls}); {side} decides who goes first in every "
                "round (40k8 §1.4, §3)."
            ).format(rolls=rolls, side=event.side_name)
        ]
    ours, theirs = (*event.levels, 0, 0)[:2]
    why = (
        _("equal Power Levels of {level}: it chose the deployment zones").format(level=ours)
        if ours == theirs and ours > 0
        else _("Power Level {ours} against {theirs}").format(ours=ours, theirs=theirs)
    )
    return [
        _(
            "{side} is the Underdog ({why}) and decides who goes first in every round "
            "(40k8 §17.6, §17.7)."
        ).format(side=event.side_name, why=why)
    ]


@tells(CommandRerollKept)
def _reroll_kept(event: CommandRerollKept) -> list[str]:
    """40k8 §17.6: a declared re-roll kept."""
    from aos_cli.systems.wh40k8.rules import COMMAND_ROLLS

    roll = _(COMMAND_ROLLS.get(event.stage, event.stage))
    return [_("No {roll} roll failed: the Command Re-roll is kept (40k8 §17.6).").format(roll=roll)]


@tells(CommandRerolled)
def _command_rerolled(event: CommandRerolled) -> list[str]:
    """40k8 §17.6: a Command Re-roll spent."""
    return [
        ngettext(
            "Command Re-roll on {what}: {value} ({n} Command Re-roll left, 40k8 §17.6).",
            "Command Re-roll on {what}: {value} ({n} Command Re-rolls left, 40k8 §17.6).",
            event.left,
        ).format(what=str(event.what), value=event.value, n=event.left)
    ]


@tells(Moved40k)
def _moved(event: Moved40k) -> list[str]:
    """40k8 §4.2."""
    return [_('{unit} moves (M {inches}").').format(unit=event.unit_name, inches=event.inches)]


@tells(Advanced)
def _advanced(event: Advanced) -> list[str]:
    """40k8 §4.6, §15."""
    line = (
        _('{unit} Advances: rolled {roll}, halved: +{inches}"{how}; it cannot charge and fires '
          "only Assault weapons this turn (40k8 §4.6).")
        if event.halved
        else _('{unit} Advances: rolled {roll}: +{inches}"{how}; it cannot charge and fires only '
               "Assault weapons this turn (40k8 §4.6).")
    )  # fmt: skip
    how = _how(event.modifier, event.modifiers)
    return [line.format(unit=event.unit_name, roll=event.roll, inches=event.inches, how=how)]


@tells(FellBack)
def _fell_back(event: FellBack) -> list[str]:
    """40k8 §4.5."""
    line = (
        _("{unit} Falls Back: it cannot charge this turn (it can FLY, so it may still shoot; "
          "40k8 §4.5).")
        if event.fly
        else _("{unit} Falls Back: it cannot charge or shoot this turn (40k8 §4.5).")
    )  # fmt: skip
    return [line.format(unit=event.unit_name)]


@tells(Embarked)
def _embarked(event: Embarked) -> list[str]:
    """40k8 §12.3."""
    return [
        _("{unit} embarks in {transport} (40k8 §12.3).").format(
            unit=event.unit_name, transport=event.transport_name
        )
    ]


@tells(Disembarked)
def _disembarked(event: Disembarked) -> list[str]:
    """40k8 §12.4-§12.5."""
    if not event.wreck:
        return [
            _("{unit} disembarks from {transport}; it counts as having moved (40k8 §12.4).").format(
                unit=event.unit_name, transport=event.transport_name
            )
        ]
    return [
        _(
            "{unit} disembarks from the wreck of {transport}: rolled {rolls}, {slain} slain "
            "(40k8 §12.5)."
        ).format(
            unit=event.unit_name,
            transport=event.transport_name,
            rolls=", ".join(map(str, event.rolls)) or _("nothing"),
            slain=event.slain,
        )
    ]


@tells(PsychicTested)
def _psychic(event: PsychicTested) -> list[str]:
    """40k8 §5.2-§5.4."""
    from aos_cli.systems.wh40k8.rules import power_name

    shown = "+".join(map(str, event.dice)) + (f"{event.modifier:+d}" if event.modifier else "")
    line = (
        _("{unit} manifests {power} with {total} ({dice}) against {value}.")
        if event.manifested
        else _("{unit} fails to manifest {power}: {total} ({dice}) against {value}.")
    )
    return [
        line.format(
            unit=event.unit_name, power=power_name(event.power), total=event.total, dice=shown,
            value=event.value,
        )
    ]  # fmt: skip


@tells(PerilsSuffered)
def _perils(event: PerilsSuffered) -> list[str]:
    """40k8 §5.4."""
    if event.double:
        return [
            ngettext(
                "Perils of the Warp (double {double}): {unit} suffers {n} mortal wound "
                "(40k8 §5.4).",
                "Perils of the Warp (double {double}): {unit} suffers {n} mortal wounds "
                "(40k8 §5.4).",
                event.wounds,
            ).format(double=event.double, unit=event.unit_name, n=event.wounds)
        ]
    return [
        ngettext(
            "Perils of the Warp: {unit} suffers {n} mortal wound (40k8 §5.4).",
            "Perils of the Warp: {unit} suffers {n} mortal wounds (40k8 §5.4).",
            event.wounds,
        ).format(unit=event.unit_name, n=event.wounds)
    ]


@tells(PerilsSlew)
def _perils_slew(event: PerilsSlew) -> list[str]:
    """40k8 §5.4."""
    from aos_cli.systems.wh40k8.rules import power_name

    return [
        _('{unit} is slain: {power} fails and every unit within 6" suffers D3 mortal '
          "wounds (40k8 §5.4).").format(unit=event.unit_name, power=power_name(event.power))
    ]  # fmt: skip


@tells(SmiteStruck)
def _smite(event: SmiteStruck) -> list[str]:
    """40k8 §5.3."""
    return [
        ngettext(
            "Smite: {unit} suffers {n} mortal wound (40k8 §5.3).",
            "Smite: {unit} suffers {n} mortal wounds (40k8 §5.3).",
            event.wounds,
        ).format(unit=event.unit_name, n=event.wounds)
    ]


@tells(OverwatchBarred)
def _no_overwatch(event: OverwatchBarred) -> list[str]:
    """40k8 §9.3."""
    return [
        _('{target} cannot fire Overwatch: enemy models are within 1" of it '
          "(40k8 §9.3).").format(target=event.unit_name)
    ]  # fmt: skip


@tells(ChargerDestroyed)
def _charger_destroyed(event: ChargerDestroyed) -> list[str]:
    """40k8 §9.3."""
    return [
        _("{unit} is destroyed by Overwatch before it can charge.").format(unit=event.unit_name)
    ]


@tells(Charged40k)
def _charged(event: Charged40k) -> list[str]:
    """40k8 §9.4."""
    line = (
        _('{unit} charges: rolled {roll}{how}, needed {needed} to end within 1" (40k8 §9.4).')
        if event.charged
        else _("{unit} fails to charge: rolled {roll}{how}, needed {needed}; no model moves.")
    )
    how = _how(event.modifier, event.modifiers)
    return [line.format(unit=event.unit_name, roll=event.roll, how=how, needed=event.needed)]


@tells(Intervened)
def _intervened(event: Intervened) -> list[str]:
    """40k8 §9.5."""
    return [
        _(
            '{unit} Heroically Intervenes: up to 3", ending closer to the nearest enemy model.'
        ).format(unit=event.unit_name)
    ]


@tells(MayConsolidate)
def _consolidate(event: MayConsolidate) -> list[str]:
    """40k8 §10.6."""
    from aos_cli.language.text import render, tr

    said = tr(
        '{unit} may consolidate up to 3" towards the nearest enemy (40k8 §10.6).',
        unit=event.unit_name,
    )
    return [render(said)]


@tells(NoMoraleDue)
def _no_morale(event: NoMoraleDue) -> list[str]:
    """40k8 §11."""
    return [_("No morale tests are due.")]


@tells(MoraleTested)
def _morale(event: MoraleTested) -> list[str]:
    """40k8 §11."""
    verdict = (
        _("{unit}: rolled {die} + {slain} = {total} against Leadership {leadership}, passes "
          "(40k8 §11).")
        if not event.fled
        else ngettext(
            "{unit}: rolled {die} + {slain} = {total} against Leadership {leadership}, fails: "
            "{n} model flees (40k8 §11).",
            "{unit}: rolled {die} + {slain} = {total} against Leadership {leadership}, fails: "
            "{n} models flee (40k8 §11).",
            event.fled,
        )
    )  # fmt: skip
    return [
        verdict.format(
            unit=event.unit_name, die=event.die, slain=event.slain, total=event.total,
            leadership=event.leadership, n=event.fled,
        )
    ]  # fmt: skip


@tells(AbilityStruck)
def _ability_struck(event: AbilityStruck) -> list[str]:
    """40k8 §15."""
    if not event.struck:
        return [
            _("{ability}: {enemy} rolled {roll}, needs {on}+: unharmed.").format(
                ability=event.ability, enemy=event.unit_name, roll=event.roll, on=event.needed
            )
        ]
    return [
        ngettext(
            "{ability}: {enemy} rolled {roll}: it suffers {n} mortal wound (40k8 §15).",
            "{ability}: {enemy} rolled {roll}: it suffers {n} mortal wounds (40k8 §15).",
            event.wounds,
        ).format(ability=event.ability, enemy=event.unit_name, roll=event.roll, n=event.wounds)
    ]


@tells(AbilityNoTarget)
def _ability_no_target(event: AbilityNoTarget) -> list[str]:
    """40k8 §15."""
    return [
        _("{ability}: no enemy unit is close enough; nothing is rolled.").format(
            ability=event.ability
        )
    ]


@tells(ArmyDestroyed)
def _army_destroyed(event: ArmyDestroyed) -> list[str]:
    """40k8 §17.8-§17.9."""
    if event.side < 0:
        return [_("Both armies are destroyed: the battle ends (40k8 §17.8).")]
    return [
        _("{side} has destroyed all its enemies and wins at once (40k8 §17.9).").format(
            side=event.side_name
        )
    ]


@tells(RelicKept)
def _relic(event: RelicKept) -> list[str]:
    """40k8 §17.4 Ancient Relic."""
    from aos_cli.language.text import Join, render, tr

    said = tr(
        "Ancient Relic: {kept} is the relic; {removed} are removed.",
        kept=event.kept,
        removed=Join(event.removed),
    )
    return [render(said)]
