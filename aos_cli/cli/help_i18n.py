"""`--help` in the chosen language: the built command tree's help texts translated where shown.

Typer reads a command's help from its docstring and an option's from its declaration, both at
import time; translating the built Click command tree instead keeps every command module
unchanged and the translation independent of import order. The English texts themselves are
the message ids: `help_messages()` lists them for the catalogues (see docs/translating.md).
Typer's own words ("Usage:", "Options", the `--help` line) are set from the same catalogue.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from aos_cli.language.i18n import ENGLISH, N_, _, language

if TYPE_CHECKING:
    from collections.abc import Iterator

    import typer
    from typer._click.core import Command

_RICH_UTILS_TEXTS = {
    "DEPRECATED_STRING": N_("(deprecated) "),
    "DEFAULT_STRING": N_("[default: {}]"),
    "ENVVAR_STRING": N_("[env var: {}]"),
    "REQUIRED_LONG_STRING": N_("[required]"),
    "ARGUMENTS_PANEL_TITLE": N_("Arguments"),
    "OPTIONS_PANEL_TITLE": N_("Options"),
    "COMMANDS_PANEL_TITLE": N_("Commands"),
    "ERRORS_PANEL_TITLE": N_("Error"),
    "ABORTED_TEXT": N_("Aborted."),
    "RICH_HELP": N_("Try [blue]'{command_path} {help_option}'[/] for help."),
}
"""Typer's help-screen words, fixed when its module was imported; set again for every run."""
HELP_OPTION_TEXT = N_("Show this message and exit.")
USAGE_PREFIX = N_("Usage:")
_installed = False


def install_toolkit_language() -> None:
    """Give Typer's own help-screen words (panel titles, "Usage:", the `--help` line) in the
    chosen language; Typer's vendored Click has them as plain strings, so they are set here."""
    global _installed
    import typer._click.core as click_core
    import typer._click.decorators as click_decorators
    import typer.rich_utils as rich_utils

    for attribute, english in _RICH_UTILS_TEXTS.items():
        setattr(rich_utils, attribute, _(english))
    if not _installed:
        _installed = True
        english_help_option = click_decorators.help_option
        english_formatter = click_core.Context.formatter_class

        def help_option(*args: Any, **kwargs: Any) -> Any:
            decorate = english_help_option(*args, **kwargs)

            def apply(target: Any) -> Any:
                result = decorate(target)
                if getattr(target, "params", None):
                    target.params[-1].help = _(HELP_OPTION_TEXT)
                return result

            return apply

        class Formatter(english_formatter):  # type: ignore[misc, valid-type]
            def write_usage(self, prog: str, args: str = "", prefix: str | None = None) -> None:
                prefix = f"{_(USAGE_PREFIX)} " if prefix is None else prefix
                super().write_usage(prog, args, prefix)

        click_decorators.help_option = help_option
        click_core.Context.formatter_class = Formatter


def _translate(text: str | None) -> str | None:
    return _(text) if text else text


def translate_tree(command: Command) -> None:
    """Translate, in place, the help of a freshly built command and of everything under it."""
    command.help = _translate(command.help)
    command.short_help = _translate(command.short_help)
    for parameter in command.params:
        if getattr(parameter, "help", None):
            parameter.help = _(parameter.help)  # type: ignore[attr-defined]
        panel = getattr(parameter, "rich_help_panel", None)
        if panel:
            parameter.rich_help_panel = _(panel)  # type: ignore[attr-defined]
    for sub in getattr(command, "commands", {}).values():
        translate_tree(sub)


def command_in_language(app: typer.Typer) -> Any:
    """The Click command of `app`, its help translated when the language is not English."""
    import typer.main

    if language() != ENGLISH or _installed:
        install_toolkit_language()  # (again in English after an earlier run in this process)
    command = typer.main.get_command(app)
    if language() != ENGLISH:
        translate_tree(command)
    bare_flags()
    return command


def bare_flags() -> None:
    """Show a flag in `--help` as a flag (`--yes`), not as an option taking a value
    (`--yes <bool>`, Typer's own display), in every command (patched once, on Typer's
    option class, since sub-commands are built when they are reached)."""
    from typer.core import TyperOption

    shown = TyperOption.display_type_rich
    if getattr(shown, "bare_flags", False):
        return

    def display_type_rich(self: TyperOption, ctx: Any) -> str | None:
        return None if self.is_flag and self.metavar is None else shown(self, ctx)

    display_type_rich.bare_flags = True  # type: ignore[attr-defined]
    TyperOption.display_type_rich = display_type_rich  # type: ignore[method-assign]


def _walk(command: Command) -> Iterator[str]:
    yield from (text for text in (command.help, command.short_help) if text)
    panel = getattr(command, "rich_help_panel", None)
    if panel:
        yield panel
    for parameter in command.params:
        for text in (getattr(parameter, "help", None), getattr(parameter, "rich_help_panel", None)):
            if text:
                yield text
    for sub in getattr(command, "commands", {}).values():
        yield from _walk(sub)


def help_messages(app: typer.Typer) -> list[str]:
    """Every English help text of every command, option and panel of `app` (built in English),
    in a stable order: the message ids `--help` looks up, for the catalogues."""
    import typer.main

    return list(dict.fromkeys(_walk(typer.main.get_command(app))))
