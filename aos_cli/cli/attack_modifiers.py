"""The effect flags of `aos roll attack` (`--extra-attacks`, `--hit-mod`, `--reroll-hits` ...)
on the in-game attacks, `aos shoot` and `aos fight`: one list of flags
(`aos_cli.core.attack_flags.EFFECT_FLAGS`), so the commands can never drift apart."""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Annotated, Any

import typer

from aos_cli.core.attack_flags import EFFECT_FLAGS

PANEL = "What the tool cannot see (abilities)"


def with_attack_modifiers(func: Callable[..., None]) -> Callable[..., None]:
    """Add the effect flags to a command; the ones given reach `func` as `modifiers`, a dict by
    the flags' Python names (the action's field names)."""
    signature = inspect.signature(func, eval_str=True)
    own = [p for p in signature.parameters.values() if p.name != "modifiers"]
    extra = []
    for flag in EFFECT_FLAGS:
        kind: Any = flag.kind | None if flag.optional else flag.kind
        option = typer.Option(help=flag.help, rich_help_panel=PANEL)
        extra.append(
            inspect.Parameter(
                flag.name, inspect.Parameter.KEYWORD_ONLY, default=flag.default,
                annotation=Annotated[kind, option],
            )
        )  # fmt: skip

    def command(**values: Any) -> None:
        given = {f.name: values.pop(f.name) for f in EFFECT_FLAGS}
        func(**values, modifiers={k: v for k, v in given.items() if v not in (None, 0)})

    command.__name__ = func.__name__
    command.__doc__ = func.__doc__
    command.__signature__ = signature.replace(parameters=own + extra)  # type: ignore[attr-defined]
    return command


def parse_modifiers(text: str) -> dict[str, Any]:
    """`extra-attacks=1 hit-mod=1 reroll-hits=ones` as the flags' values by Python name; the
    engine checks the values as it does the flags'."""
    from aos_cli.core.errors import InputError
    from aos_cli.core.i18n import _
    from aos_cli.core.limits import MAX_ATTACKS, MAX_MODIFIER
    from aos_cli.core.numbers import parse_whole

    flags = {f.name: f for f in EFFECT_FLAGS}
    values: dict[str, Any] = {}
    for word in text.split():
        name, _equals, value = word.partition("=")
        key = name.strip().lstrip("-").replace("-", "_")
        if key not in flags or not value:
            known = " ".join(f"{n.replace('_', '-')}=" for n in flags)
            raise InputError(
                _("{text} is not a modifier").format(text=repr(word)),
                _("write NAME=VALUE with {known}").format(known=known),
            )
        flag = flags[key]
        if key == "extra_attacks":
            values[key] = parse_whole(value, what=name, high=MAX_ATTACKS)
        elif flag.kind is int:
            values[key] = parse_whole(
                value, what=name, low=-MAX_MODIFIER, high=MAX_MODIFIER, signed=True
            )
        else:
            values[key] = value
    return values


def ask_modifiers(state: Any, unit: Any) -> dict[str, Any]:
    """In `aos play`, before an attack: show the attacker's rules the tool cannot apply and
    ask for the modifiers they give (nothing asked when there are none)."""
    from aos_cli.cli.common import ask_line, console
    from aos_cli.core.i18n import _
    from aos_cli.core.unit_attacks import attack_reminders

    reminders = attack_reminders(state, unit)
    if not reminders:
        return {}
    out = console()
    for name, text in reminders:
        out.print(f"  [muted]{name}:[/] {text}")
    line = ask_line(_("Modifiers from these (e.g. extra-attacks=1 hit-mod=1; Enter for none)"))
    return parse_modifiers(line)
