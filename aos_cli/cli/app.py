"""The `aos` command: the Typer app, its sub-apps, and the one error boundary (DESIGN §5)."""

from __future__ import annotations

import sys

import typer

from aos_cli import __version__
from aos_cli.cli.army import army_app
from aos_cli.cli.battleplan import battleplan_app
from aos_cli.cli.game import IN_GAME_COMMANDS, game_app
from aos_cli.cli.odds import odds_app
from aos_cli.cli.play import demo
from aos_cli.cli.roll import roll_app
from aos_cli.cli.rules import rules_app
from aos_cli.cli.warscroll import warscroll_app

app = typer.Typer(
    name="aos",
    help="A battle assistant for Age of Sigmar at the table: rolls, odds, rules and games.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
app.add_typer(roll_app, name="roll")
app.add_typer(odds_app, name="odds")
app.add_typer(warscroll_app, name="warscroll")
app.add_typer(battleplan_app, name="battleplan")
app.add_typer(rules_app, name="rules")
app.add_typer(army_app, name="army")
app.add_typer(game_app, name="game")
app.command("demo")(demo)
for _name, _command in IN_GAME_COMMANDS.items():
    app.command(_name)(_command)


def _version(value: bool) -> None:
    if value:
        print(f"aos {__version__}")
        raise typer.Exit()


@app.callback()
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

    try:
        result = app(args=argv, standalone_mode=False)
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
