"""`aos hero ...`: Middle-earth's own commands (registered with the system), a game's heroes (Might, Will, Fate, Wounds), forces and powers.

A Middle-earth game is a game in the store whose system is `mesbg` (set-up
`{"system": "mesbg"}`); each change is one action of kind `mesbg_hero` whose payload the pure
model in `aos_cli.systems.mesbg` replays. A cast is recorded with its dice and outcome, so
replay never re-rolls. Nothing is written when an action fails.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from aos_cli.cli.common import console, dice_source, print_json
from aos_cli.cli.options import DbOption, DiceOption, GameOption, JsonOption, SeedOption
from aos_cli.core.errors import GameError

if TYPE_CHECKING:
    from aos_cli.app.session import Session
    from aos_cli.core.dice import DiceSource
    from aos_cli.systems.mesbg import Battle

hero_app = typer.Typer(
    help="Middle-earth heroes through a game: Might, Will, Fate, Wounds, powers, break point.",
    no_args_is_help=True,
)

KIND = "mesbg_hero"


@contextmanager
def _session(db: Path | None, game: str | None) -> Iterator[Session]:
    """A session on the named or current game, which must be a Middle-earth game."""
    from aos_cli.app.session import open_game

    with open_game(db, game, "start one with `aos hero new-force NAME`") as session:
        record = session.record()
        if record.system != "mesbg":
            raise GameError(
                f"game {record.id} ({record.name}) is a {record.system} game",
                "start a Middle-earth one with `aos hero new-force NAME --new-game`",
            )
        yield session


def _battle(session: Session) -> Battle:
    """The battle as its recorded hero actions leave it."""
    from aos_cli.systems.mesbg import replay_battle

    payloads = [a.payload for a in session.store.actions(session.game_id) if a.kind == KIND]
    try:
        return replay_battle(payloads)
    except Exception as problem:  # a recorded action that no longer applies
        raise GameError(f"the game no longer replays: {problem}", "`aos hero undo`") from None


def _act(session: Session, payload: dict[str, Any]) -> Battle:
    """Apply one action to the replayed battle and record it only if it applied."""

    from aos_cli.core.dice import ScriptedDice

    def attempt(_: DiceSource) -> tuple[dict[str, Any], Battle]:
        battle = _battle(session)
        recorded = dict(payload)
        battle.apply(recorded)
        return recorded, battle

    return session.perform_with(KIND, attempt, ScriptedDice([]))


def _show(battle: Battle, game_id: int, as_json: bool) -> None:
    from aos_cli.systems.mesbg.views import battle_json, battle_tables

    if as_json:
        print_json(battle_json(battle, game_id, notes=True))
        return
    out = console()
    for note in battle.notes:
        out.print(note, markup=False)
    for part in battle_tables(battle):
        out.print(part)


def _run(payload: dict[str, Any], db: Path | None, game: str | None, as_json: bool) -> None:
    with _session(db, game) as session:
        battle = _act(session, payload)
    _show(battle, session.game_id, as_json)


@hero_app.command("new-force")
def new_force(
    name: Annotated[str, typer.Argument(help="The force's name.")],
    models: Annotated[int, typer.Option(help="Models in the force at the start, heroes too.")],
    side: Annotated[str | None, typer.Option(help="good or evil.")] = None,
    new_game: Annotated[
        bool, typer.Option(help="Start a new Middle-earth game even if one is current.")
    ] = False,
    db: DbOption = None,
    json: JsonOption = False,
) -> None:
    """Add a force to the current Middle-earth game, or start a game (named after it)."""
    from aos_cli.core.errors import InputError

    if side is not None and side.strip().lower() not in ("good", "evil"):
        raise InputError(f"--side: {side!r}", "use good or evil")
    payload: dict[str, Any] = {
        "op": "force",
        "name": name,
        "models": models,
        "side": side.strip().lower() if side else None,
    }
    from aos_cli.app.session import Session, open_store

    with open_store(db) as store:
        current = store.current_game_id()
        usable = (
            current is not None
            and not new_game
            and store.game(current).system == "mesbg"
            and not store.game(current).ended
        )
        if usable and current is not None:
            battle = _act(Session(store, current), payload)
            game_id = current
        else:
            from aos_cli.systems.mesbg import Battle

            Battle().apply(dict(payload))  # check before anything is written
            game_id = store.create_game(name, {"system": "mesbg"}, system="mesbg")
            battle = _act(Session(store, game_id), payload)
            battle.notes.insert(0, f"Started Middle-earth game {game_id} ({name}).")
    _show(battle, game_id, json)


@hero_app.command("add")
def add(
    name: Annotated[str, typer.Argument(help="The hero's name.")],
    might: Annotated[int, typer.Option(help="Might points.")] = 0,
    will: Annotated[int, typer.Option(help="Will points.")] = 0,
    fate: Annotated[int, typer.Option(help="Fate points.")] = 0,
    wounds: Annotated[int, typer.Option(help="Wounds.")] = 1,
    force: Annotated[str | None, typer.Option(help="Its force (needed with two or more).")] = None,
    db: DbOption = None,
    game: GameOption = None,
    json: JsonOption = False,
) -> None:
    """Add a hero with its Might, Will, Fate and Wounds."""
    payload = {
        "op": "hero",
        "name": name,
        "force": force,
        "might": might,
        "will": will,
        "fate": fate,
        "wounds": wounds,
    }
    _run(payload, db, game, json)


@hero_app.command("spend")
def spend(
    name: Annotated[str, typer.Argument(help="The hero.")],
    store: Annotated[str, typer.Argument(help="might, will, fate or wounds.")],
    amount: Annotated[int, typer.Argument(help="How many points.")] = 1,
    db: DbOption = None,
    game: GameOption = None,
    json: JsonOption = False,
) -> None:
    """Spend Might, Will or Fate, or lose Wounds; Will at 0 ends its exhausting powers."""
    _run({"op": "spend", "hero": name, "store": store, "amount": amount}, db, game, json)


@hero_app.command("restore")
def restore(
    name: Annotated[str, typer.Argument(help="The hero.")],
    store: Annotated[
        str | None, typer.Argument(help="might, will, fate or wounds (default: all).")
    ] = None,
    amount: Annotated[
        int | None, typer.Argument(help="Points to add (default: back to the start).")
    ] = None,
    db: DbOption = None,
    game: GameOption = None,
    json: JsonOption = False,
) -> None:
    """Restore a hero's stores: all back to the start, or add points to one (Renew, Strengthen
    Will; Will may pass its start, the others stop there)."""
    from aos_cli.systems.mesbg import STORES

    if store is not None and store.strip().lower() not in (*STORES, "wound", "w"):
        from aos_cli.core.errors import InputError

        raise InputError(f"{store!r} is not a hero's store", f"use one of {', '.join(STORES)}")
    _run({"op": "restore", "hero": name, "store": store, "amount": amount}, db, game, json)


@hero_app.command("lose")
def lose(
    amount: Annotated[int, typer.Argument(help="Warriors (not heroes) lost.")],
    force: Annotated[str | None, typer.Option(help="The force (needed with two or more).")] = None,
    db: DbOption = None,
    game: GameOption = None,
    json: JsonOption = False,
) -> None:
    """Record warriors lost; the force is Broken once half its models are gone."""
    _run({"op": "lose", "force": force, "amount": amount}, db, game, json)


@hero_app.command("cast")
def cast(
    caster: Annotated[str, typer.Argument(help="The hero casting.")],
    power: Annotated[str, typer.Argument(help="The power (name or id).")],
    will: Annotated[int, typer.Option(help="Will spent (one D6 each).")],
    casting: Annotated[
        str | None, typer.Option(help="Casting value if not the power's (4+).")
    ] = None,
    target: Annotated[str | None, typer.Option(help="The target hero, if a hero.")] = None,
    resist_will: Annotated[int, typer.Option(help="Will the target hero spends.")] = 0,
    might: Annotated[int, typer.Option(help="Might the caster may spend.")] = 0,
    resist_might: Annotated[int, typer.Option(help="Might the target may spend.")] = 0,
    might_policy: Annotated[str, typer.Option(help="minimum or all.")] = "minimum",
    channelled: Annotated[bool, typer.Option(help="The channelled version.")] = False,
    seed: SeedOption = None,
    dice: DiceOption = "auto",
    db: DbOption = None,
    game: GameOption = None,
    json: JsonOption = False,
) -> None:
    """Cast a power with Will: the stores are checked first, the dice rolled, the Will and Might
    spent, and a lasting power put in force (mesbg §2)."""
    from aos_cli.core.errors import InputError, RuleError
    from aos_cli.systems.mesbg import CastResult, Duration, cast_payload, roll_cast
    from aos_cli.systems.mesbg.views import cast_lines
    from aos_cli.systems.mesbg_cast import cast_request, power_from_rules

    info = power_from_rules(power, channelled)
    assert info is not None
    flags = {"casting": casting, "might": might, "might_policy": might_policy}
    flags |= {"resist_will": resist_will, "resist_might": resist_might}
    request = cast_request(flags, info, will)
    if (resist_will or resist_might) and target is None:
        raise InputError("--resist-will and --resist-might need --target", "name the target hero")

    def attempt(dice: DiceSource) -> tuple[dict[str, Any], tuple[Battle, CastResult]]:
        battle = _battle(session)
        hero = battle.hero(caster)
        victim = battle.hero(target) if target else None
        for who, key, wanted in (
            (hero, "will", will),
            (hero, "might", might),
            (victim, "will", resist_will),
            (victim, "might", resist_might),
        ):
            if who is not None and wanted > who.current[key]:
                raise RuleError(f"{who.name} has {who.current[key]} {key.title()}, not {wanted}")
        result = roll_cast(dice, request)
        payload = cast_payload(
            caster=hero.name,
            target=victim.name if victim else None,
            power_id=str(info["id"]),
            name=str(info["name"]),
            duration=Duration(info["duration"]),
            channelled=channelled,
            result=result,
        )
        battle.apply(payload)
        return payload, (battle, result)

    with _session(db, game) as session:
        battle, result = session.perform_with(KIND, attempt, dice_source(dice, seed))
    if not json:
        out = console()
        for line in cast_lines(result, power=info):
            out.print(line)
    _show(battle, session.game_id, json)


@hero_app.command("end-phase")
def end_phase(db: DbOption = None, game: GameOption = None, json: JsonOption = False) -> None:
    """The End phase: temporary powers end and the next turn begins (mesbg §2.5)."""
    _run({"op": "end_phase"}, db, game, json)


@hero_app.command("list")
def list_heroes(db: DbOption = None, game: GameOption = None, json: JsonOption = False) -> None:
    """The forces with their break points, the heroes' stores and the powers in force."""
    with _session(db, game) as session:
        battle = _battle(session)
    _show(battle, session.game_id, json)


@hero_app.command("undo")
def undo(db: DbOption = None, game: GameOption = None, json: JsonOption = False) -> None:
    """Take back the last hero action of the game."""
    with _session(db, game) as session:
        store = session.store
        taken = store.undo(session.game_id, expected_revision=store.revision(session.game_id))
        battle = _battle(session)
    battle.notes.append(
        f"Took back: {taken.payload.get('op')}." if taken else "Nothing to take back."
    )
    _show(battle, session.game_id, json)
