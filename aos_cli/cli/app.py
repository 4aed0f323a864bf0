"""The `aos` command: the Typer app, its sub-apps, and the one error boundary (DESIGN §5)."""

from __future__ import annotations

import sys
from typing import Any

import typer

from aos_cli import __version__

HELP = "A battle assistant for Age of Sigmar at the table: rolls, odds, rules and games."

GROUPS: dict[str, tuple[str, str]] = {
    "roll": ("aos_cli.cli.roll", "roll_app"),
    "odds": ("aos_cli.cli.odds", "odds_app"),
    "warscroll": ("aos_cli.cli.warscroll", "warscroll_app"),
    "battleplan": ("aos_cli.cli.battleplan", "battleplan_app"),
    "rules": ("aos_cli.cli.rules", "rules_app"),
    "army": ("aos_cli.cli.army", "army_app"),
    "game": ("aos_cli.cli.game", "game_app"),
    "hero": ("aos_cli.cli.hero", "hero_app"),
}
"""Sub-apps by name: module and attribute, imported only when that command runs."""

COMMANDS: dict[str, tuple[str, str]] = {
    "demo": ("aos_cli.cli.play", "demo"),
    "play": ("aos_cli.cli.play", "play"),
}
"""Top-level commands outside the in-game set (those live in `aos_cli.cli.game`)."""


def _load(module: str, attribute: str) -> Any:
    from importlib import import_module

    return getattr(import_module(module), attribute)


def _only(group: typer.Typer, command: str | None) -> typer.Typer:
    """The group with just `command` registered, when it is one of the group's commands."""
    chosen = [c for c in group.registered_commands if c.name == command]
    if not chosen:
        return group
    slim = typer.Typer(help=group.info.help, no_args_is_help=True)
    slim.registered_commands = chosen
    return slim


def build_app(wanted: str | None = None, subcommand: str | None = None) -> typer.Typer:
    """The Typer app; with `wanted` naming a known command, only that command is built (and
    of a group, only `subcommand` when it names one of the group's commands).

    Typer builds every registered command's parameters on each run, so a roll or an odds
    query registers just its own command to keep start-up near a bare Typer program's.
    """
    app = typer.Typer(
        name="aos",
        help=HELP,
        no_args_is_help=True,
        add_completion=False,
        pretty_exceptions_enable=False,
    )
    app.callback()(root)
    if wanted in GROUPS:
        app.add_typer(_only(_load(*GROUPS[wanted]), subcommand), name=wanted)
        return app
    if wanted in COMMANDS:
        app.command(wanted)(_load(*COMMANDS[wanted]))
        return app
    for name, where in GROUPS.items():
        app.add_typer(_load(*where), name=name)
    for name, where in COMMANDS.items():
        app.command(name)(_load(*where))
    in_game: dict[str, Any] = _load("aos_cli.cli.game", "IN_GAME_COMMANDS")
    for name, command in in_game.items():
        app.command(name)(command)
    return app


def _version(value: bool) -> None:
    if value:
        print(f"aos {__version__}")
        raise typer.Exit()


def root(
    version: bool = typer.Option(
        False, "--version", callback=_version, is_eager=True, help="Print the version and exit."
    ),
) -> None:
    """A battle assistant for Age of Sigmar at the table: rolls, odds, rules and games."""


def _fail(message: str, code: int) -> None:
    print(f"aos: error: {message}", file=sys.stderr)
    sys.exit(code)


def _click_problem(problem: Exception) -> tuple[str, int] | None:
    """The one-line message and exit code of a command-line parsing error, if it is one.

    Typer raises Click's exceptions (vendored in recent Typer releases), so they are
    recognised by their interface rather than by a private import path.
    """
    format_message = getattr(problem, "format_message", None)
    exit_code = getattr(problem, "exit_code", None)
    if callable(format_message) and isinstance(exit_code, int):
        return str(format_message()).replace("\n", " "), exit_code
    return None


def main(argv: list[str] | None = None) -> None:
    """Run the CLI; every error the user can cause becomes one line on stderr and an exit code.

    Exit 1 for rule, content and game errors, 2 for usage errors, 130 when interrupted.
    """
    from aos_cli.core.errors import AosError

    args = sys.argv[1:] if argv is None else argv
    words = [a for a in args if not a.startswith("-")]
    wanted = words[0] if words else None
    subcommand = words[1] if len(words) > 1 else None
    try:
        result = build_app(wanted, subcommand)(args=args, standalone_mode=False)
    except AosError as problem:
        _fail(str(problem), problem.exit_code)
    except (typer.Abort, KeyboardInterrupt, EOFError):
        print("\naos: stopped; nothing was left half-done.", file=sys.stderr)
        sys.exit(130)
    except Exception as problem:
        parsed = _click_problem(problem)
        if parsed is None:
            raise
        message, code = parsed
        if type(problem).__name__ == "NoArgsIsHelpError":
            sys.exit(0)
        _fail(message, code)
    if isinstance(result, int) and result:
        sys.exit(result)
