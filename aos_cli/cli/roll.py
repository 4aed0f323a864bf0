"""`aos roll ...`: roll dice, roll-offs, attack sequences, charges, runs, casts, battleshock."""

from __future__ import annotations

from typing import Annotated

import typer

from aos_cli.cli.attack_options import AttackRequest, RollRequest, attack_command, roll_command
from aos_cli.cli.common import console, dice_source, print_json
from aos_cli.cli.options import DiceOption, JsonOption, SeedOption
from aos_cli.language.i18n import _, ngettext

roll_app = typer.Typer(
    help="Roll dice the rules ask for, with every die shown.", no_args_is_help=True
)


@roll_app.command("dice")
def roll_dice(
    expression: Annotated[str, typer.Argument(help="Dice such as D6, 2D6+1, D3+D6.")],
    seed: SeedOption = None,
    dice: DiceOption = "auto",
    json: JsonOption = False,
) -> None:
    """Roll a dice expression (D3 is a D6 halved, rounded up)."""
    from aos_cli.core.dice import parse_dice

    expr = parse_dice(expression, what=_("expression"))
    rolled = dice_source(dice, seed).roll(expr.d6_count, str(expr)) if expr.d6_count else []
    total = expr.value_from(rolled)
    if json:
        print_json({"expression": str(expr), "dice": rolled, "total": total})
        return
    shown = " ".join(str(v) for v in rolled) or _("no dice")
    console().print(f"[heading]{expr}[/]: {shown} → [total]{total}[/]")


@roll_app.command("rolloff")
def roll_rolloff(
    seed: SeedOption = None,
    dice: DiceOption = "auto",
    json: JsonOption = False,
) -> None:
    """Each player rolls a D6, ties rolled again; never rerolled or modified (AoS2 §2)."""
    from aos_cli.core.dice import roll_off

    result = roll_off(dice_source(dice, seed))
    winner = "first" if result.winner == 0 else "second"
    if json:
        print_json({"rounds": [list(r) for r in result.rounds], "winner": winner})
        return
    out = console()
    for first, second in result.rounds:
        line = _("first player {first}  second player {second}").format(first=first, second=second)
        out.print(line + ("  " + _("tie, roll again") if first == second else ""))
    out.print(
        _("[total]The first player wins the roll-off.[/]")
        if result.winner == 0
        else _("[total]The second player wins the roll-off.[/]")
    )


def show_attack_roll(request: AttackRequest) -> None:
    """Roll the chosen system's attack sequence and show it, with where its damage sits."""
    kit, spec = request.kit, request.spec
    result = kit.engine.resolve(spec, dice_source(request.dice_mode, request.seed))
    # The damage distribution does not depend on the target's models: skip the allocation.
    damage = kit.engine.odds(spec.unallocated()).damage
    if request.as_json:
        print_json(kit.result_json(spec, result) | {"percentile": damage.percentile(result.damage)})
        return
    from aos_cli.views.charts import luck_line

    out = console()
    out.print(kit.table(spec, result))
    out.print(luck_line(damage, result.damage))
    for note in kit.notes(spec):
        out.print(f"[muted]{note}[/]")
    if "save" not in request.given:
        out.print(_("[muted]No --save given: the target had no save (-).[/]"))


roll_app.command("attack")(attack_command("roll", show_attack_roll))
roll_app.registered_commands[-1].help = (
    "Roll an attack sequence: hit, wound, save, damage, ward and models slain (AoS2 §14); "
    "with --system wh40k8 the 40k sequence (BS/WS, S vs T, AP, invulnerable saves, 40k8 §8)."
)


@roll_app.command("battleshock")
def roll_battleshock(
    bravery: Annotated[int, typer.Option(help="The unit's Bravery.")],
    slain: Annotated[int, typer.Option(help="Models from the unit slain this turn.")],
    models: Annotated[int, typer.Option(help="Models left in the unit.")],
    mod: Annotated[int, typer.Option(help="Modifier to Bravery.")] = 0,
    roll_mod: Annotated[int, typer.Option(help="Modifier to the battleshock roll.")] = 0,
    seed: SeedOption = None,
    dice: DiceOption = "auto",
    json: JsonOption = False,
) -> None:
    """A battleshock test: D6 + slain against Bravery + 1 per 10 models (AoS2 §12)."""
    from aos_cli.core.battleshock import battleshock_test

    test = battleshock_test(
        dice_source(dice, seed),
        bravery=bravery,
        slain=slain,
        models=models,
        bravery_modifier=mod,
        roll_modifier=roll_mod,
    )
    if json:
        print_json(
            {
                "die": test.die,
                "roll": test.roll,
                "bravery": test.bravery,
                "passed": test.passed,
                "fled": test.fled,
            }
        )
        return
    verdict = (
        _("[success]passed[/]")
        if test.passed
        else ngettext("[fail]failed: {n} flees[/]", "[fail]failed: {n} flee[/]", test.fled).format(
            n=test.fled
        )
    )
    console().print(
        _(
            "Battleshock: rolled {die} + {slain} slain{modifier} = [total]{roll}[/] "
            "against Bravery [total]{bravery}[/] - {verdict}"
        ).format(
            die=test.die,
            slain=slain,
            modifier=f" {roll_mod:+d}" if roll_mod else "",
            roll=test.roll,
            bravery=test.bravery,
            verdict=verdict,
        )
    )


@roll_app.command("charge")
def roll_charge_command(
    distance: Annotated[
        float | None, typer.Option(help="Gap to the nearest enemy model, in inches.")
    ] = None,
    reroll: Annotated[
        bool, typer.Option(help="Reroll the charge if it falls short (Forward to Victory).")
    ] = False,
    mod: Annotated[int, typer.Option(help="Modifier to the charge roll.")] = 0,
    seed: SeedOption = None,
    dice: DiceOption = "auto",
    json: JsonOption = False,
) -> None:
    """A 2D6 charge roll; the charger must end within 1/2" of an enemy model (AoS2 §10)."""
    from aos_cli.core.movement import roll_charge

    charge = roll_charge(dice_source(dice, seed), distance=distance, reroll=reroll, modifier=mod)
    if json:
        print_json(
            {
                "dice": list(charge.first),
                "reroll_dice": list(charge.rerolled) if charge.rerolled else None,
                "total": charge.total,
                "needed": charge.needed,
                "success": charge.succeeded,
            }
        )
        return
    dice = f"{charge.first[0]} {charge.first[1]}"
    if charge.rerolled:
        dice = _("{dice}, rerolled {again}").format(
            dice=dice, again=f"{charge.rerolled[0]} {charge.rerolled[1]}"
        )
    line = _('Charge: {dice}{modifier} → [total]{total}"[/]').format(
        dice=dice, modifier=f" {mod:+d}" if mod else "", total=charge.total
    )
    if charge.needed is not None:
        line += (
            _(" - [success]the charge reaches[/] (needed {needed})")
            if charge.succeeded
            else _(" - [fail]the charge fails[/] (needed {needed})")
        ).format(needed=charge.needed)
    console().print(line)


@roll_app.command("run")
def roll_run_command(
    mod: Annotated[int, typer.Option(help="Modifier to the run roll.")] = 0,
    at_the_double: Annotated[
        bool, typer.Option(help="At the Double: the run roll counts as a 6.")
    ] = False,
    seed: SeedOption = None,
    dice: DiceOption = "auto",
    json: JsonOption = False,
) -> None:
    """A D6 run roll added to Move (AoS2 §8.4)."""
    from aos_cli.core.movement import roll_run

    run = roll_run(dice_source(dice, seed), modifier=mod, at_the_double=at_the_double)
    if json:
        print_json({"die": run.die, "total": run.total, "at_the_double": at_the_double})
        return
    text = (
        _('Run: {die} (At the Double){modifier} → [total]+{total}"[/] to Move')
        if at_the_double
        else _('Run: {die}{modifier} → [total]+{total}"[/] to Move')
    )
    console().print(text.format(die=run.die, modifier=f" {mod:+d}" if mod else "", total=run.total))


def show_roll(request: RollRequest) -> None:
    """Roll the chosen system's cast or duel and show it."""
    shown = request.kit.roll(request.spec, dice_source(request.dice_mode, request.seed))
    if request.as_json:
        print_json(shown.data)
        return
    out = console()
    for line in shown.lines:
        out.print(line)


roll_app.command("cast")(roll_command("cast", "roll", show_roll))
roll_app.registered_commands[-1].help = (
    "Cast a spell with the system's casting roll: Age of Sigmar 2D6 against the casting value, "
    "an unbind must beat it (AoS2 §15); Middle-earth one D6 per Will point, the highest against "
    "the casting value, resisted on a tie or better (mesbg §2.2-§2.4)."
)

roll_app.command("duel")(roll_command("duel", "roll", show_roll))
roll_app.registered_commands[-1].help = (
    "Roll a Middle-earth Fight: the Duel roll, ties, special strikes, wound rolls and Fate "
    "(mesbg §4, §5)."
)
