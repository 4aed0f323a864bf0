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
