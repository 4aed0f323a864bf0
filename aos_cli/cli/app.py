"""The `aos` command: the Typer app, its sub-apps, and the one error boundary (DESIGN §5)."""

from __future__ import annotations

import functools
import sys
from typing import TYPE_CHECKING, Any, NamedTuple

import typer

from aos_cli import __version__
from aos_cli.language.i18n import ENGLISH, N_, _, language

if TYPE_CHECKING:
    from collections.abc import Mapping

HELP = "A battle assistant for Age of Sigmar at the table: rolls, odds, rules and games."

PLAY = N_("Play")
TURN = N_("Turn actions")
ROLLS = N_("Rolls and odds")
RULES = N_("Rules database")
PANELS = (PLAY, TURN, ROLLS, RULES)
"""The help panels of `aos --help`, in the order they are shown (English keys, translated where
shown); each game system's own commands follow under its own heading."""


class Verb(NamedTuple):
    """Where a top-level command or sub-app lives, and the help panel it is listed in."""

    module: str
    attribute: str
    panel: str
    wrap: str = ""
    """A decorator (`module:attribute`) that completes the command when it is registered to
    run, never when `aos --help` only lists it (the attack effect flags of shoot and fight)."""


GROUPS: dict[str, Verb] = {
    "game": Verb("aos_cli.cli.game", "game_app", PLAY),
    "roll": Verb("aos_cli.cli.roll", "roll_app", ROLLS),
    "odds": Verb("aos_cli.cli.odds", "odds_app", ROLLS),
    "warscroll": Verb("aos_cli.cli.warscroll", "warscroll_app", RULES),
    "battleplan": Verb("aos_cli.cli.battleplan", "battleplan_app", RULES),
    "rules": Verb("aos_cli.cli.rules", "rules_app", RULES),
    "army": Verb("aos_cli.cli.army", "army_app", RULES),
}
"""Sub-apps by name: module, attribute and help panel, imported only when that command runs."""

_TURN = "aos_cli.cli.turn"
_MODIFIERS = "aos_cli.cli.attack_modifiers:with_attack_modifiers"
_SCORE = "aos_cli.cli.score"
COMMANDS: dict[str, Verb] = {
    "play": Verb("aos_cli.cli.play", "play", PLAY),
    "demo": Verb("aos_cli.cli.play", "demo", PLAY),
    "status": Verb(_TURN, "status", PLAY),
    "score": Verb(_SCORE, "score", PLAY),
    "objective": Verb(_SCORE, "objective", PLAY),
    "plan": Verb("aos_cli.cli.plan", "plan", PLAY),
    "undo": Verb(_TURN, "undo", PLAY),
    "next": Verb(_TURN, "next_step", TURN),
    "priority": Verb(_TURN, "priority", TURN),
    "move": Verb(_TURN, "move", TURN),
    "run": Verb(_TURN, "run", TURN),
    "retreat": Verb(_TURN, "retreat", TURN),
    "arrive": Verb(_TURN, "arrive", TURN),
    "sacrifice": Verb(_TURN, "sacrifice", TURN),
    "pre-battle-move": Verb(_TURN, "pre_battle_move", TURN),
    "beast": Verb(_TURN, "beast", TURN),
    "pre-battle-roll-off": Verb(_TURN, "pre_battle_roll_off", TURN),
    "garrison": Verb(_TURN, "garrison", TURN),
    "shoot": Verb(_TURN, "shoot", TURN, _MODIFIERS),
    "charge": Verb(_TURN, "charge", TURN),
    "fight": Verb(_TURN, "fight", TURN, _MODIFIERS),
    "pass": Verb(_TURN, "pass_pick", TURN),
    "cast": Verb(_TURN, "cast", TURN),
    "unbind": Verb(_TURN, "unbind", TURN),
    "command": Verb(_TURN, "command", TURN),
    "ability": Verb(_TURN, "ability", TURN),
    "battleshock": Verb(_TURN, "battleshock", TURN),
    "general": Verb(_TURN, "general", TURN),
    "heal": Verb(_TURN, "heal", TURN),
    "adjust": Verb(_TURN, "adjust", TURN),
    "serve": Verb("aos_cli.cli.serve", "serve", PLAY),
}
"""Top-level commands by name: module, function and help panel, imported only when run. Each
game system adds its own (`GameSystem.commands`)."""


def system_commands() -> dict[str, Verb]:
    """Every game system's own commands (and groups), under the system's help panel."""
    from aos_cli.core.system import all_system_infos

    return {
        name: Verb(
            where.partition(":")[0], where.partition(":")[2], system.help_panel or system.name
        )
        for system in all_system_infos()
        for name, where in system.commands
    }


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


def _panel_order(panels: tuple[str, ...]) -> type:
    """The root group's class for `aos --help`: commands listed panel by panel, in PANELS order
    (Typer lists single commands before sub-apps otherwise)."""
    from typer.core import TyperGroup

    class PanelOrder(TyperGroup):
        def list_commands(self, ctx: Any) -> list[str]:
            names = super().list_commands(ctx)
            found = {name: getattr(self.commands[name], "rich_help_panel", None) for name in names}
            return sorted(names, key=lambda n: order.index(found[n]) if found[n] in order else 0)

    order = panels
    return PanelOrder


def _listed_only() -> None:
    """Stands in for a command in the outline of `aos --help`, which runs no command."""


def _outline(app: typer.Typer, name: str, verb: Verb, panel: str) -> None:
    """Add one command or group with its help text only, as `aos --help` lists it: Typer then
    reads no command's parameters (most of the cost of building every command), and the
    help text is read from the module's source, so the command's module is not imported."""
    kind, text = _help_in_source(verb.module, verb.attribute)
    if kind is None:  # not found as written: import the command and ask it
        import inspect

        found = _load(verb.module, verb.attribute)
        kind = "group" if isinstance(found, typer.Typer) else "command"
        text = found.info.help if kind == "group" else inspect.getdoc(found)
    if kind == "group":
        app.add_typer(typer.Typer(help=text), name=name, rich_help_panel=panel)
    else:
        app.command(name, help=text, rich_help_panel=panel)(_listed_only)


def _help_in_source(module: str, attribute: str) -> tuple[str | None, str | None]:
    """A command's docstring (`command`) or a sub-app's `help=` text (`group`), read from the
    module's source without importing it; (None, None) when it is not written plainly."""
    return _helps_in_source(module).get(attribute, (None, None))


@functools.cache
def _helps_in_source(module: str) -> dict[str, tuple[str | None, str | None]]:
    """Every command's and sub-app's help written plainly in a module's source, by name: one
    parse of each module however many of its commands `aos --help` lists (`cli/turn.py` holds
    twenty)."""
    import ast
    import inspect
    from importlib.util import find_spec

    spec = find_spec(module)
    if spec is None or spec.origin is None or not spec.origin.endswith(".py"):
        return {}
    with open(spec.origin, encoding="utf-8") as source:
        tree = ast.parse(source.read())
    found: dict[str, tuple[str | None, str | None]] = {}
    for node in tree.body:
        if isinstance(node, ast.FunctionDef):
            doc = ast.get_docstring(node, clean=False)
            found.setdefault(node.name, ("command", inspect.cleandoc(doc)) if doc else (None, None))
        elif isinstance(node, ast.Assign) and isinstance(node.value, ast.Call):
            for target in node.targets:
                if isinstance(target, ast.Name):
                    found.setdefault(target.id, _help_of_call(node.value))
    return found


COMMAND_MAKERS = frozenset({"unit_action", "with_help"})
"""Functions of `cli/acting.py` that make a command with its help as their last argument."""


def _help_of_call(call: Any) -> tuple[str | None, str | None]:
    """The help of `name = typer.Typer(help=...)` (a group) or `name = unit_action(kind,
    help)` (a command), as written in the source."""
    import ast

    func = call.func
    called = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
    if called not in COMMAND_MAKERS | {"Typer"}:
        return None, None
    kind = "group" if called == "Typer" else "command"
    for keyword in call.keywords:
        if keyword.arg == "help" and isinstance(keyword.value, ast.Constant):
            return kind, str(keyword.value.value)
    last = call.args[-1] if call.args and kind == "command" else None
    if isinstance(last, ast.Constant) and isinstance(last.value, str):
        return kind, last.value
    return None, None


def _register(
    app: typer.Typer, name: str, verb: Verb, subcommand: str | None, panel: str | None = None
) -> None:
    """Add one command, or one group (with just `subcommand` when it names one of its own)."""
    found = _load(verb.module, verb.attribute)
    if verb.wrap:
        found = _load(*verb.wrap.split(":", 1))(found)
    if isinstance(found, typer.Typer):
        group = found if panel is not None else _only(found, subcommand)
        app.add_typer(group, name=name, rich_help_panel=panel)
    else:
        app.command(name, rich_help_panel=panel)(found)


def build_app(
    wanted: str | None = None, subcommand: str | None = None, *, outline: bool = False
) -> typer.Typer:
    """The Typer app; with `wanted` naming a known command, only that command is built (and
    of a group, only `subcommand` when it names one of the group's commands).

    Typer builds every registered command's parameters on each run, so a command registers
    just itself to keep start-up near a bare Typer program's; otherwise all are built, grouped
    in panels, and with `outline` (`aos --help`, which runs no command) each only as far as
    the list of commands shows it.
    """
    from aos_cli.cli.coercion import install

    install()
    app = typer.Typer(
        name="aos",
        help=HELP,
        no_args_is_help=True,
        add_completion=False,
        pretty_exceptions_enable=False,
    )
    app.callback()(root)
    verb = COMMANDS.get(wanted or "") or GROUPS.get(wanted or "")
    if verb is None and wanted is not None:
        verb = system_commands().get(wanted)
    if verb is not None and wanted is not None:
        _register(app, wanted, verb, subcommand)
        return app
    # The help, or a command we do not know (Typer says so and lists them): everything.
    verbs = {**COMMANDS, **GROUPS, **system_commands()}
    panels = tuple(dict.fromkeys(_(p) for p in (*PANELS, *(v.panel for v in verbs.values()))))
    app.info.cls = _panel_order(panels)
    for name, verb in verbs.items():
        if outline:
            _outline(app, name, verb, _(verb.panel))
        else:
            _register(app, name, verb, None, panel=_(verb.panel))
    return app


def _version(value: bool) -> None:
    if value:
        print(f"aos {__version__}")
        raise typer.Exit()


def root(
    version: bool = typer.Option(
        False, "--version", callback=_version, is_eager=True, help="Print the version and exit."
    ),
    lang: str | None = typer.Option(
        None,
        "--lang",
        metavar="hu|it|tr|ru|en",
        help="Language to use, on any command (default: AOS_LANG, else your locale, else English).",
    ),
) -> None:
    """A battle assistant for Age of Sigmar at the table: rolls, odds, rules and games."""


INTERRUPTED = 130
"""The exit code of a command stopped by Ctrl-C (128 + SIGINT), as shells expect."""


def _interrupted() -> None:
    """Say what was kept when the player stops a command, then exit 130."""
    print(
        "\naos: "
        + _("stopped; every action already recorded is kept, nothing was left half-done."),
        file=sys.stderr,
    )
    sys.exit(INTERRUPTED)


def _fail(message: str, code: int) -> None:
    from aos_cli.cli.common import shown
    from aos_cli.language.grammar import articles

    said = _("error: {message}").format(message=shown(message))
    print("aos: " + articles(said), file=sys.stderr)
    sys.exit(code)


def _click_problem(problem: Exception) -> tuple[str, int] | None:
    """The one-line message and exit code of a command-line parsing error, if it is one.

    Typer raises Click's exceptions (vendored in recent Typer releases), so they are
    recognised by their interface rather than by a private import path.
    """
    format_message = getattr(problem, "format_message", None)
    exit_code = getattr(problem, "exit_code", None)
    if callable(format_message) and isinstance(exit_code, int):
        english = str(format_message()).replace("\n", " ")
        if language() == ENGLISH:
            return english, exit_code
        from aos_cli.cli.usage_errors import translated_usage_error

        return translated_usage_error(problem, english), exit_code
    return None


def _choose_language(args: list[str]) -> list[str]:
    """Take `--lang` out of the arguments (it is accepted anywhere) and switch to the language
    it, `AOS_LANG` or the locale names; warn on stderr when an asked-for one is unknown."""
    from aos_cli.language import i18n

    try:
        rest, asked = i18n.take_lang_option(args)
    except ValueError as problem:
        _fail(str(problem), 2)
    code, warning = i18n.choose(asked)
    if warning:
        print(warning, file=sys.stderr)
    i18n.set_language(code)
    from aos_cli.language.text import use_content_words

    use_content_words(_content_words)
    return rest


def _content_words(code: str) -> Mapping[str, str]:
    """The bundled content's own words in `code` (read when a text first needs them)."""
    from aos_cli.content.words import words_of

    return words_of(code)


def _in_language(app: typer.Typer, args: list[str], wanted: str | None, sub: str | None) -> Any:
    """The Click command to run, its help translated only when this run shows help: `--help`,
    or a group named without its command. Translating costs Typer's help-screen imports, which
    a command that only runs never needs."""
    import typer.main

    command = typer.main.get_command(app)
    options = args[: args.index("--")] if "--" in args else args
    group = getattr(command, "commands", {}).get(wanted or "")
    shows_help = (
        "--help" in options
        or wanted is None
        or (group is not None and hasattr(group, "commands") and sub is None)
    )
    if shows_help or "aos_cli.cli.help_i18n" in sys.modules:
        from aos_cli.cli.help_i18n import command_in_language

        return command_in_language(app)
    return command


def main(argv: list[str] | None = None) -> None:
    """Run the CLI; every error the user can cause becomes one line on stderr and an exit code.

    Exit 1 for rule, content and game errors, 2 for usage errors, 130 when interrupted.
    """
    from aos_cli.core.errors import AosError

    args = _choose_language(sys.argv[1:] if argv is None else argv)
    if any("\x00" in arg for arg in args):
        _fail(_("an argument holds a NUL character, which no file name or value can"), 2)
    broken = next((c for arg in args for c in arg if "\udc80" <= c <= "\udcff"), None)
    if broken is not None:  # bytes that are not UTF-8, kept by Python as lone surrogates
        byte = f"0x{ord(broken) - 0xDC00:02x}"
        _fail(_("an argument is not UTF-8 text (it holds the byte {byte})").format(byte=byte), 2)
    words = [a for a in args if not a.startswith("-")]
    wanted = words[0] if words else None
    subcommand = words[1] if len(words) > 1 else None
    try:
        app = build_app(wanted, subcommand, outline=wanted is None)
        if "--help" in args or wanted is None:
            from aos_cli.cli.help_i18n import bare_flags

            bare_flags()  # `--yes`, not `--yes <bool>`
        if language() == ENGLISH and "aos_cli.cli.help_i18n" not in sys.modules:
            result = app(args=args, standalone_mode=False)
        else:
            result = _in_language(app, args, wanted, subcommand)(args=args, standalone_mode=False)
    except AosError as problem:
        _fail(str(problem), problem.exit_code)
    except (typer.Abort, KeyboardInterrupt, EOFError):
        _interrupted()
    except Exception as problem:
        if type(problem).__module__ == "sqlite3":  # the store turns these into GameErrors; a
            # damaged file can still fail where no one looked: one line, never a traceback
            _fail(
                _("the games database cannot be used: {reason}").format(reason=problem)
                + " "
                + _("(restore it from a backup, or point --db at another file)"),
                1,
            )
        parsed = _click_problem(problem)
        if parsed is None:
            raise
        message, code = parsed
        if type(problem).__name__ == "NoArgsIsHelpError":
            sys.exit(0)
        _fail(message, code)
    if result == INTERRUPTED:  # Typer turns Ctrl-C into Exit(130) before it reaches us
        _interrupted()
    if isinstance(result, int) and result:
        sys.exit(result)
