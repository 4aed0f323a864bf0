"""Age of Sigmar 1st edition's own commands (`aos sudden-death`, `aos triumph`, `aos mystical`), registered
with the system and imported only when one of them runs."""

from __future__ import annotations

from typing import Annotated

import typer

from aos_cli.cli.acting import act
from aos_cli.cli.options import (
    AnswerOption,
    DbOption,
    DiceOption,
    GameOption,
    JsonOption,
    SeedOption,
)


def sudden_death(
    side: Annotated[str, typer.Argument(help="The outnumbered side.")],
    objective: Annotated[
        str, typer.Argument(help="assassinate, blunt, endure or seize-ground.")
    ],
    unit: Annotated[
        str | None, typer.Option(help="Assassinate/Blunt: the unit the enemy picks.")
    ] = None,
    feature: Annotated[str | None, typer.Option(help="Seize Ground: the feature.")] = None,
    game: GameOption = None, db: DbOption = None, json: JsonOption = False,
) -> None:  # fmt: skip
    """Pick a Sudden Death objective when outnumbered by a third (AoS1 §5.2)."""
    act("sudden-death", {"side": side, "objective": objective, "unit": unit, "feature": feature},
        db=db, game=game, as_json=json)  # fmt: skip


def triumph(
    side: Annotated[str, typer.Argument(help="The side that won its last battle.")],
    game: GameOption = None, db: DbOption = None, json: JsonOption = False,
    dice: DiceOption = "auto", seed: SeedOption = None,
) -> None:  # fmt: skip
    """Roll on the 1st edition Triumphs table (AoS1 §5.3)."""
    act("triumph", {"side": side}, db=db, game=game, as_json=json, dice=dice, seed=seed)


def mystical(
    unit: Annotated[str, typer.Argument(help='Your unit within 3" of a Mystical feature.')],
    answer: AnswerOption = None,
    game: GameOption = None, db: DbOption = None, json: JsonOption = False,
    dice: DiceOption = "auto", seed: SeedOption = None,
) -> None:  # fmt: skip
    """Roll for a unit near a Mystical feature in your hero phase: 1 befuddled, 2-6
    ensorcelled (AoS1 §3.4)."""
    act("mystical", {"unit": unit}, db=db, game=game, as_json=json, dice=dice, seed=seed,
        answer=answer)  # fmt: skip


def blessed(
    die: Annotated[
        int | None, typer.Option(help="The die of the last step to change (from 1).")
    ] = None,
    to: Annotated[int | None, typer.Option(help="The result it shows instead (1 to 6).")] = None,
    side: Annotated[str | None, typer.Option(help="The side using Blessed.")] = None,
    game: GameOption = None, db: DbOption = None, json: JsonOption = False,
    dice: DiceOption = "auto", seed: SeedOption = None,
) -> None:  # fmt: skip
    """Blessed, once per battle: change one die of the last step to any result (AoS1 §5.3).
    Without --die, list the last step's dice."""
    from aos_cli.app.blessed import bless, step_dice
    from aos_cli.app.session import open_game
    from aos_cli.cli.acting import TerminalAsker, show_notes
    from aos_cli.cli.common import console, dice_source, print_json
    from aos_cli.core.errors import InputError
    from aos_cli.language.i18n import _

    with open_game(db, game) as session:
        if die is None:
            record, rolled = step_dice(session)
            if json:
                print_json({"step": record.kind, "dice": [
                    {"die": d.number, "for": d.purpose, "value": d.value} for d in rolled]})  # fmt: skip
                return
            from aos_cli.views.play import step_dice_lines

            for line in step_dice_lines(record.kind, rolled):
                console().print(line, markup=False)
            if rolled:
                console().print(
                    _("Change one with `aos blessed --die N --to RESULT`."), markup=False
                )
            return
        if to is None:
            raise InputError(_("give the result the die shows instead with --to (1 to 6)"))
        state = bless(session, die, to, dice_source(dice, seed), side, TerminalAsker())
    show_notes(state, session.game_id, json)
