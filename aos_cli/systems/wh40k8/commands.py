"""Warhammer 40,000 8th edition's own commands (`aos advance`, `aos fall-back`, `aos embark`,
`aos disembark`, `aos intervene`, `aos morale`, `aos deny`), registered with the system and
imported only when one of them runs."""

from __future__ import annotations

from typing import Annotated

import typer

from aos_cli.cli.acting import act, unit_action
from aos_cli.cli.options import (
    AnswerOption,
    DbOption,
    DiceOption,
    GameOption,
    JsonOption,
    SeedOption,
    UnitArg,
)


def advance(
    unit: UnitArg,
    command_reroll: Annotated[
        bool, typer.Option(help="The Underdog re-rolls the dice (40k8 §17.6).")
    ] = False,
    game: GameOption = None, db: DbOption = None, json: JsonOption = False,
    dice: DiceOption = "auto", seed: SeedOption = None,
) -> None:  # fmt: skip
    """Advance: add a D6 to M; no charging, Assault weapons only (40k8 §4.6)."""
    act("advance", {"unit": unit, "command_reroll": command_reroll}, db=db, game=game,
        as_json=json, dice=dice, seed=seed)  # fmt: skip


fall_back = unit_action(
    "fall-back",
    'Fall Back from within 1" of the enemy: no shooting (unless FLY) or charging (40k8 §4.5).',
)


def embark(
    unit: UnitArg,
    transport: Annotated[str, typer.Option("--transport", help="The friendly TRANSPORT.")],
    answer: AnswerOption = None,
    game: GameOption = None, db: DbOption = None, json: JsonOption = False,
) -> None:  # fmt: skip
    """Embark a unit wholly within 3" of a friendly transport (40k8 §12.3)."""
    act("embark", {"unit": unit, "transport": transport}, db=db, game=game, as_json=json,
        answer=answer)  # fmt: skip


def disembark(
    unit: UnitArg,
    unplaced: Annotated[
        int | None, typer.Option(help="Models that cannot be set up (they are slain).")
    ] = None,
    game: GameOption = None, db: DbOption = None, json: JsonOption = False,
    dice: DiceOption = "auto", seed: SeedOption = None,
) -> None:  # fmt: skip
    """Disembark within 3" of the transport; from a wreck, a D6 per model (40k8 §12.4-§12.5)."""
    answers = {} if unplaced is None else {f"unplaced:{unit}": unplaced}
    act("disembark", {"unit": unit}, db=db, game=game, as_json=json, dice=dice, seed=seed,
        answers=answers)  # fmt: skip


intervene = unit_action(
    "intervene",
    'Heroic Intervention: a CHARACTER within 3" of the enemy moves up to 3" (40k8 §9.5).',
)


def morale(
    command_reroll: Annotated[
        str | None, typer.Option(help="The Underdog re-rolls this unit's die (40k8 §17.6).")
    ] = None,
    answer: AnswerOption = None,
    game: GameOption = None, db: DbOption = None, json: JsonOption = False,
    dice: DiceOption = "auto", seed: SeedOption = None,
) -> None:  # fmt: skip
    """Take every morale test due: D6 + slain against Leadership (40k8 §11)."""
    act("battleshock", {"command_reroll": command_reroll}, db=db, game=game, as_json=json,
        dice=dice, seed=seed, answer=answer)  # fmt: skip


def deny(
    psyker: Annotated[str | None, typer.Argument(help="The psyker who tries to deny it.")] = None,
    pass_: Annotated[bool, typer.Option("--pass", help="Let it through.")] = False,
    mod: Annotated[int, typer.Option(help="Modifier to the 2D6 roll.")] = 0,
    within_24: Annotated[
        bool | None,
        typer.Option("--within-24/--no-within-24", help='Within 24" of the manifesting psyker.'),
    ] = None,
    command_reroll: Annotated[
        bool, typer.Option(help="The Underdog re-rolls the lower die of a failing test (40k8 §17.6).")
    ] = False,
    answer: AnswerOption = None,
    game: GameOption = None, db: DbOption = None, json: JsonOption = False,
    dice: DiceOption = "auto", seed: SeedOption = None,
) -> None:  # fmt: skip
    """Deny the Witch: 2D6 must beat the Psychic test that manifested the power (40k8 §5.5)."""
    from aos_cli.core.errors import InputError
    from aos_cli.language.i18n import _

    if psyker is None and not pass_:
        raise InputError(_("name the denying psyker, or give --pass to let the power through"))
    act(
        "unbind", {"wizard": None if pass_ else psyker, "mod": mod,
                   **({"command_reroll": True} if command_reroll else {})}, db=db, game=game,
        as_json=json, dice=dice, seed=seed, answers={"within-24": within_24}, answer=answer)  # fmt: skip
