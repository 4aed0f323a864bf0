"""`aos game ...`: start, pick, list, review and end saved games."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer

from aos_cli.cli.common import console, print_json, shown
from aos_cli.cli.options import ContentOption, DbOption, GameOption, JsonOption, SeedOption
from aos_cli.core.errors import InputError
from aos_cli.language.i18n import _, ngettext
from aos_cli.views.theme import markup_safe

game_app = typer.Typer(help="Start, pick, list and review saved games.", no_args_is_help=True)


@game_app.command("new")
def game_new(
    army: Annotated[
        list[Path] | None,
        typer.Option(help="Army list file (give two; default: the --system's demo armies)."),
    ] = None,
    battleplan: Annotated[
        str | None, typer.Option(help="Battleplan name or id (default: the system's first).")
    ] = None,
    system: Annotated[
        str | None,
        typer.Option(help="Game system: aos2 (default), aos1 or wh40k8."),
    ] = None,
    name: Annotated[str | None, typer.Option(help="A name for the game.")] = None,
    realm: Annotated[str | None, typer.Option(help="Realm of battle (ghur has rules).")] = None,
    realmscape: Annotated[
        str | None, typer.Option(help="Ghur realmscape feature (rolled when not given).")
    ] = None,
    terrain: Annotated[
        list[str] | None,
        typer.Option(
            help="Terrain NAME=RULE[+garrison][+obstacle]; RULE a scenery rule, random or none."
        ),
    ] = None,
    reserve: Annotated[
        list[str] | None,
        typer.Option(help="A unit set up in reserve (Teleport Strike, Scions of the Storm)."),
    ] = None,
    garrison: Annotated[
        list[str] | None,
        typer.Option(help="AoS2: a unit set up garrisoning a feature, UNIT=FEATURE (§4.5)."),
    ] = None,
    contingent: Annotated[
        list[str] | None,
        typer.Option(
            help="A coalition's contingent and its territory, TERRITORY=UNIT,UNIT... "
            "(Ill Met by Moonlight: three a coalition)."
        ),
    ] = None,
    player: Annotated[
        list[str] | None,
        typer.Option(
            help="A coalition's player and the units they bring, PLAYER=UNIT,UNIT... "
            "(coalition battleplans: three or more players)."
        ),
    ] = None,
    general: Annotated[
        list[str] | None,
        typer.Option(help="A player's general, UNIT (one for each player of a coalition)."),
    ] = None,
    warlord: Annotated[
        list[str] | None,
        typer.Option(help="A coalition's warlord, PLAYER (default: its first player named)."),
    ] = None,
    seed: SeedOption = None,
    content: ContentOption = None,
    db: DbOption = None,
    json: JsonOption = False,
) -> None:
    """Start a game between two army lists on a battleplan; it becomes the current game."""
    from aos_cli.app.session import open_store
    from aos_cli.app.setup import build_setup
    from aos_cli.app.start import first_step, save_game, starting_armies
    from aos_cli.core.dice import SeededDice

    if army and len(army) != 2:
        raise InputError(
            ngettext(
                "--army: {n} army list given", "--army: {n} army lists given", len(army)
            ).format(n=len(army)),
            _("give --army twice, one per side"),
        )
    start = starting_armies(army, system, battleplan, content or [])
    setup = build_setup(
        start.armies, start.battleplan, name=name, realm=realm, db=start.db,
        terrain=terrain or [], realmscape=realmscape, dice=SeededDice(seed),
    )  # fmt: skip
    if garrison:
        from aos_cli.app.setup_steps import put_in_garrison

        put_in_garrison(setup, garrison)
    if contingent:
        from aos_cli.app.setup_steps import put_in_contingents

        put_in_contingents(setup, contingent)
    if player or general or warlord:
        from aos_cli.app.setup_steps import put_in_coalitions

        put_in_coalitions(setup, player or [], general or [], warlord or [])
    if reserve:
        from aos_cli.app.setup_steps import put_in_reserve

        put_in_reserve(setup, reserve)
    with open_store(db) as store:
        game_id = save_game(store, setup)
    if json:
        print_json({"game": game_id, "name": setup["name"]})
        return
    for side in setup["sides"]:
        for void in side.get("battalions_void", ()):
            console().print(
                _("{battalion} gives no abilities and no command point: {why} (p.16)").format(
                    battalion=markup_safe(void["battalion"]), why=markup_safe(void["why"])
                )
            )
    console().print(
        _("Game {id} ({name}) is set up. {next}").format(
            id=game_id, name=markup_safe(setup["name"]), next=markup_safe(_(first_step(setup)))
        )
    )


@game_app.command("list")
def game_list(db: DbOption = None, json: JsonOption = False) -> None:
    """List saved games."""
    from aos_cli.app.session import open_store
    from aos_cli.views.history import games_json, games_table

    with open_store(db) as store:
        games = store.list_games()
        current = store.current_game_id()
    if json:
        print_json(games_json(games, current))
        return
    console().print(games_table(games, current))


@game_app.command("use")
def game_use(
    game: Annotated[str, typer.Argument(help="Game id or name.")], db: DbOption = None
) -> None:
    """Make a game the current one."""
    from aos_cli.app.session import open_store

    with open_store(db) as store:
        record = store.find_game(game)
        store.set_current_game(record.id)
    console().print(
        _("Game {id} ({name}) is now the current game.").format(
            id=record.id, name=markup_safe(record.name)
        )
    )


@game_app.command("show")
def game_show(game: GameOption = None, db: DbOption = None, json: JsonOption = False) -> None:
    """Show a game's state (the same as `aos status --game`)."""
    from aos_cli.cli.turn import status

    status(game=game, db=db, json=json)


@game_app.command("delete")
def game_delete(
    game: Annotated[str, typer.Argument(help="Game id or name.")],
    yes: Annotated[bool, typer.Option("--yes", help="Do not ask for confirmation.")] = False,
    db: DbOption = None,
) -> None:
    """Delete a game and its history."""
    from aos_cli.app.session import open_store

    with open_store(db) as store:
        record = store.find_game(game)
        if not yes and not sys.stdin.isatty():
            raise InputError(
                _(
                    "deleting game {id} asks for confirmation, and there is no terminal to ask"
                ).format(id=record.id),
                _("add --yes to delete it"),
            )
        if not yes and not typer.confirm(
            _("Delete game {id} ({name})?").format(id=record.id, name=shown(record.name)), err=True
        ):
            raise typer.Abort()
        store.delete_game(record.id)
    console().print(_("Game {id} deleted.").format(id=record.id))


@game_app.command("log")
def game_log(game: GameOption = None, db: DbOption = None, json: JsonOption = False) -> None:
    """The history by round and phase, with the dice of every action."""
    from aos_cli.app.history import history, report_state
    from aos_cli.app.session import open_game
    from aos_cli.views.history import log_json, log_view

    with open_game(db, game) as session:
        from aos_cli.core.system import get_system

        own = get_system(session.record().system).log_command
        if own:  # a system with its own engine shows its games' history itself
            from importlib import import_module

            module, _colon, attribute = own.partition(":")
            show = getattr(import_module(module), attribute)
            return show(db=db, game=str(session.game_id), json=json)  # type: ignore[no-any-return]
        entries = history(session.store, session.game_id)
        state = None if json else report_state(session.store, session.game_id)
    if state is None:
        print_json(log_json(entries))
        return
    from aos_cli.views.game import army_details, battlefield_line

    out = console()
    out.print(battlefield_line(state))
    for index in range(len(state.sides)):
        for line in army_details(state, index):
            out.print(line)
    out.print(log_view(entries))


@game_app.command("report")
def game_report(
    markdown: Annotated[
        Path | None, typer.Option(help="Also write the report as Markdown to this file.")
    ] = None,
    game: GameOption = None,
    db: DbOption = None,
    json: JsonOption = False,
) -> None:
    """The battle report: result, victory points per round, losses and the luck report."""
    from aos_cli.app.history import report_state
    from aos_cli.app.session import open_game
    from aos_cli.views.report import report_json, report_markdown, report_view

    with open_game(db, game) as session:
        state = report_state(session.store, session.game_id)
    if markdown is not None:
        from aos_cli.content.files import output_problem

        refused = output_problem(markdown)
        if refused is not None:
            raise InputError(
                _("--markdown: cannot write {path}: {reason}").format(
                    path=repr(str(markdown)), reason=refused
                )
            )
        try:
            markdown.write_text(report_markdown(state), encoding="utf-8")
        except OSError as problem:
            raise InputError(
                _("--markdown: cannot write {path}: {reason}").format(
                    path=markdown, reason=problem.strerror
                )
            ) from None
    if json:
        print_json(report_json(state))
        return
    console().print(report_view(state))


@game_app.command("end")
def game_end(game: GameOption = None, db: DbOption = None, json: JsonOption = False) -> None:
    """End a game now (conceded or out of time); its actions become final."""
    from aos_cli.app.games import standing
    from aos_cli.app.session import open_game

    with open_game(db, game) as session:
        result = standing(session.state())
        session.store.end_game(session.game_id, result)
    if json:
        print_json(result)
        return
    console().print(_("Game {id} ended.").format(id=session.game_id))
