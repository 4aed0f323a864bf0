"""`aos odds ...`: exact odds (computed, not simulated) for every roll the game makes."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any

import typer

from aos_cli.cli.attack_options import AttackRequest, RollRequest, attack_command, roll_command
from aos_cli.cli.common import console, print_json
from aos_cli.cli.options import JsonOption
from aos_cli.language.i18n import _, number
from aos_cli.views.charts import chance, fraction_map

if TYPE_CHECKING:
    from aos_cli.core.distributions import Distribution
    from aos_cli.core.stored import Json

odds_app = typer.Typer(help="Exact odds for every roll the game makes.", no_args_is_help=True)

SAVES = (2, 3, 4, 5, 6, 7)
"""The saves of the table shown when no --save is given (7 is '-')."""


def show_attack_odds(request: AttackRequest) -> None:
    """A table of means against every save, or with --save the whole distribution."""
    from aos_cli.core.dice import format_threshold
    from aos_cli.views.charts import bar_width_for, distribution_chart, means_table, summary_text

    kit, spec, engine = request.kit, request.spec, request.kit.engine
    show_slain = spec.allocates
    if "save" not in request.given:
        rows: list[tuple[str, float, float | None]] = []
        as_given: Any = None
        for save in SAVES:
            against = spec.with_save(save)
            slain = None
            if show_slain or save == spec.save:
                odds = engine.odds(against)
                slain = odds.mean_slain
                if save == spec.save:
                    as_given = odds
            rows.append((format_threshold(save), engine.mean(against), slain))
        if request.as_json:
            saves: list[Json] = []
            for threshold, mean, slain in rows:
                entry: dict[str, Json] = {"save": threshold, "mean_damage": mean}
                if show_slain:
                    entry["mean_slain"] = slain
                saves.append(entry)
            print_json(kit.odds_json(spec, as_given) | {"saves": saves})
            return
        out = console()
        title = _("Exact mean against each save")
        out.print(means_table(rows, title=title, show_slain=show_slain))
        # With --unit, the loadout the table is for: each weapon and the models carrying it.
        for note in kit.notes(spec):
            out.print(f"[muted]{note}[/]")
        out.print(_("[muted]Give --save for the whole distribution.[/]"))
        return

    odds = engine.odds(spec, detail=True)
    if request.as_json:
        print_json(kit.odds_json(spec, odds))
        return
    out = console()
    width = bar_width_for(out.width)
    title = kit.damage_title(spec)
    damage = _("Damage")
    out.print(distribution_chart(odds.damage, title=title, value_label=damage, bar_width=width))
    out.print(summary_text(odds.damage, damage))
    if odds.mortal_wounds is not None and odds.mortal_wounds.mean > 0:
        out.print(f"[muted]{_(kit.mortal_label)}: {number(odds.mortal_wounds.mean, 2)}[/]")
    if odds.slain is not None:
        out.print()
        out.print(
            distribution_chart(
                odds.slain, title=kit.slain_title(), value_label=_("Slain"), bar_width=width
            )
        )
        out.print(summary_text(odds.slain, _("Models slain")))
    for note in kit.notes(spec):
        out.print(f"[muted]{note}[/]")


odds_app.command("attack")(attack_command("odds", show_attack_odds))
odds_app.registered_commands[-1].help = (
    "Exact odds of an attack sequence: damage and models slain (AoS2 §14; with --system wh40k8 "
    "40k8 §8). Same flags as `aos roll attack`; --seed and --dice are ignored."
)


def _print_roll(
    title: str, noun: str, dist: Distribution, headline: str | None, verdict: str | None
) -> None:
    """A roll's chart with its summary and, when it has one, the chance of success."""
    from aos_cli.views.charts import roll_chart_lines

    out = console()
    for line in roll_chart_lines(
        title, noun, dist, width=out.width, headline=headline, verdict=verdict
    ):
        out.print(line)


@odds_app.command("charge")
def odds_charge(
    distance: Annotated[
        float | None, typer.Option(help="Gap to the nearest enemy model, in inches.")
    ] = None,
    reroll: Annotated[
        bool, typer.Option(help="Reroll the charge if it falls short (Forward to Victory).")
    ] = False,
    mod: Annotated[int, typer.Option(help="Modifier to the charge roll.")] = 0,
    json: JsonOption = False,
) -> None:
    """Odds of a 2D6 charge roll reaching within 1/2" of the enemy (AoS2 §10)."""
    from aos_cli.core.distributions import Distribution
    from aos_cli.core.movement import charge_roll_needed
    from aos_cli.core.odds import charge_odds

    odds = charge_odds(distance=distance, reroll=reroll, modifier=mod)
    needed = None if distance is None else charge_roll_needed(distance)
    if json:
        data: dict[str, Any] = {"needed": needed, "distribution": fraction_map(odds.distribution)}
        data["mean"] = float(odds.mean)
        if odds.probability is not None:
            data["probability"] = float(odds.probability)
            data["fraction"] = str(odds.probability)
        print_json(data)
        return
    verdict = None
    if odds.probability is not None:
        verdict = (
            _(
                'Chance to reach {distance}" (a roll of {needed}+): {chance} with a reroll of a '
                "short charge"
            )
            if reroll
            else _('Chance to reach {distance}" (a roll of {needed}+): {chance}')
        ).format(distance=number(distance or 0.0), needed=needed, chance=chance(odds.probability))
    _print_roll(
        _("Charge roll (short rolls rerolled)") if reroll else _("Charge roll"),
        _("Roll"),
        Distribution.from_mapping(odds.distribution),
        None,
        verdict,
    )


@odds_app.command("run")
def odds_run(
    mod: Annotated[int, typer.Option(help="Modifier to the run roll.")] = 0,
    at_the_double: Annotated[
        bool, typer.Option(help="At the Double: the run roll counts as a 6.")
    ] = False,
    distance: Annotated[
        float | None, typer.Option(help="Inches the run roll must add to Move.")
    ] = None,
    json: JsonOption = False,
) -> None:
    """Odds of a D6 run roll (AoS2 §8.4), and of it adding at least --distance inches."""
    from aos_cli.core.distributions import Distribution
    from aos_cli.core.odds import run_odds

    odds = run_odds(modifier=mod, at_the_double=at_the_double, distance=distance)
    if json:
        data: dict[str, Any] = {"distribution": fraction_map(odds.distribution)}
        data["mean"] = float(odds.mean)
        if odds.probability is not None:
            data["probability"] = float(odds.probability)
            data["fraction"] = str(odds.probability)
        print_json(data)
        return
    verdict = None
    if odds.probability is not None:
        verdict = _('Chance the run adds {distance}" or more: {chance}').format(
            distance=number(distance or 0.0), chance=chance(odds.probability)
        )
    _print_roll(
        _("Run roll"), _("Inches"), Distribution.from_mapping(odds.distribution), None, verdict
    )


def show_odds(request: RollRequest) -> None:
    """The exact odds of the chosen system's cast or duel."""
    out = console()
    shown = request.kit.odds(request.spec, out.width)
    if request.as_json:
        print_json(shown.data)
        return
    for line in shown.lines:
        out.print(line)


odds_app.command("cast")(roll_command("cast", "odds", show_odds, dice=False))
odds_app.registered_commands[-1].help = (
    "Odds of casting with the system's casting roll: Age of Sigmar 2D6 and the unbind "
    "(AoS2 §15); Middle-earth Will dice, the resist and Might, and with --chance the least Will "
    "to spend (mesbg §2.2-§2.4)."
)


@odds_app.command("battleshock")
def odds_battleshock(
    bravery: Annotated[int, typer.Option(help="The unit's Bravery.")],
    slain: Annotated[int, typer.Option(help="Models from the unit slain this turn.")],
    models: Annotated[int, typer.Option(help="Models left in the unit.")],
    mod: Annotated[int, typer.Option(help="Modifier to Bravery.")] = 0,
    roll_mod: Annotated[int, typer.Option(help="Modifier to the battleshock roll.")] = 0,
    json: JsonOption = False,
) -> None:
    """Odds of passing a battleshock test and how many models flee (AoS2 §12)."""
    from aos_cli.core.distributions import Distribution
    from aos_cli.core.odds import battleshock_odds

    odds = battleshock_odds(
        bravery=bravery, slain=slain, models=models, bravery_modifier=mod, roll_modifier=roll_mod
    )
    assert odds.probability is not None
    if json:
        print_json(
            {
                "probability": float(odds.probability),
                "fraction": str(odds.probability),
                "mean": float(odds.mean),
                "distribution": fraction_map(odds.distribution),
            }
        )
        return
    _print_roll(
        _("Models fleeing"),
        _("Flee"),
        Distribution.from_mapping(odds.distribution),
        None,
        _("Chance to pass: {chance}").format(chance=chance(odds.probability)),
    )


@odds_app.command("rolloff")
def odds_rolloff(json: JsonOption = False) -> None:
    """Odds of a roll-off (AoS2 §2, ties rolled again) and of one priority round (AoS2 §6)."""
    from aos_cli.core.odds import rolloff_odds
    from aos_cli.views.charts import percent

    odds = rolloff_odds()
    if json:
        print_json(
            {
                "probability": float(odds.probability),
                "fraction": str(odds.probability),
                "first_round": {
                    "win": float(odds.win),
                    "tie": float(odds.tie),
                    "lose": float(odds.lose),
                },
                "distribution": fraction_map(odds.rounds),
            }
        )
        return
    out = console()
    out.print(
        _("Chance to win a roll-off (ties rolled again): {chance}").format(
            chance=chance(odds.probability)
        )
    )
    out.print(
        _(
            "One round: win {win} ({win_fraction}), tie {tie} ({tie_fraction}), lose {lose} "
            "({lose_fraction})"
        ).format(
            win=percent(float(odds.win)),
            win_fraction=odds.win,
            tie=percent(float(odds.tie)),
            tie_fraction=odds.tie,
            lose=percent(float(odds.lose)),
            lose_fraction=odds.lose,
        )
    )
    out.print(
        _(
            "[muted]A tied priority roll-off is not rolled again: the player who went first in "
            "the previous round decides (AoS2 §6).[/]"
        )
    )
    rounds = ", ".join(f"{n}: {percent(float(p))}" for n, p in list(odds.rounds.items())[:4])
    out.print(_("Rounds needed: {rounds}, ...").format(rounds=rounds))


odds_app.command("duel")(roll_command("duel", "odds", show_odds))
odds_app.registered_commands[-1].help = (
    "Exact odds of a Middle-earth Fight: who wins, Wounds lost after Fate, slain (mesbg §4, §5). "
    "Same flags as `aos roll duel`; --seed and --dice are ignored."
)
