"""The commands whose flags differ between game systems (`aos roll/odds attack`, `cast`,
`duel`): each is one Typer command whose flags are the union of the systems' flag groups, and
one builder that turns the flags given into the chosen system's request (its kit says which
flags it takes). Registered by `aos roll` and `aos odds`, so the two can never drift apart."""

from __future__ import annotations

import inspect
from collections.abc import Callable
from dataclasses import replace
from functools import cache
from typing import TYPE_CHECKING, Annotated, Any

import typer

from aos_cli.core.errors import InputError
from aos_cli.core.records import dataclass
from aos_cli.language.i18n import _
from aos_cli.systems.kits import get_kit, kit_systems

if TYPE_CHECKING:
    from aos_cli.core.attack_flags import Flag


@dataclass(frozen=True)
class KitRequest:
    """A roll command as asked: the system's kit, the request it built, the flags given and
    how to show the result."""

    kit: Any
    """The system's kit (`AttackKit` for attacks, `RollKit` for casts and duels)."""
    spec: Any
    """What the kit built from the flags (`AosAttack`, `Attack40k`, a cast request...)."""
    given: frozenset[str]
    """The flags the player gave (by Python name)."""
    seed: int | None
    dice_mode: str
    as_json: bool

    def with_save(self, save: int) -> KitRequest:
        """The same attack against another save (the odds table over saves)."""
        return replace(self, spec=self.spec.with_save(save), given=self.given | {"save"})


@cache
def all_flags(kind: str, command: str) -> dict[str, Flag]:
    """Every flag of every system's kit of this kind that `command` (roll or odds) takes,
    each once, in the systems' order."""
    flags: dict[str, Flag] = {}
    for system in kit_systems(kind):
        for flag in get_kit(system, kind).flags:
            if flag.only in ("", command):
                flags.setdefault(flag.name, flag)
    return flags


@cache
def flag_owners(kind: str, command: str) -> dict[str, tuple[str, ...]]:
    """Each flag's systems, in the systems' order."""
    return {
        name: tuple(
            s for s in kit_systems(kind) if name in {f.name for f in get_kit(s, kind).flags}
        )
        for name in all_flags(kind, command)
    }


def build_request(
    kind: str,
    command: str,
    system: str,
    values: dict[str, Any],
    *,
    seed: int | None = None,
    dice_mode: str = "auto",
    as_json: bool = False,
) -> KitRequest:
    """The chosen system's request from the flag values; a flag given that the system does not
    understand is one line naming the system that does."""
    kit = get_kit(system, kind)
    understood = {flag.name for flag in kit.flags}
    flags = all_flags(kind, command)
    given = frozenset(n for n, f in flags.items() if f.given(values.get(n, f.default)))
    for name in sorted(given - understood, key=list(flags).index):
        owners = flag_owners(kind, command)[name]
        raise InputError(
            _("{option} is for --system {systems}").format(
                option=flags[name].option, systems=_(" or ").join(owners)
            ),
            _("leave it out with --system {system}").format(system=kit.system),
        )
    spec = kit.build({f.name: values.get(f.name, f.default) for f in kit.flags})
    return KitRequest(kit, spec, given, seed, dice_mode, as_json)


def _parameter(flag: Flag, panel: str | None) -> inspect.Parameter:
    """A Typer parameter for one flag, listed under `panel` in the help when it has one."""
    kind: Any = list[str] if flag.argument else flag.kind
    if flag.optional:
        kind = kind | None
    info: Any = (
        typer.Argument(help=flag.help, show_default=False)
        if flag.argument
        else typer.Option(help=flag.help, rich_help_panel=panel)
    )
    return inspect.Parameter(
        flag.name,
        inspect.Parameter.KEYWORD_ONLY,
        default=flag.default,
        annotation=Annotated[kind, info],
    )


COMMON: dict[str, tuple[Any, Any, str]] = {
    "seed": (int | None, None, "Seed for repeatable dice."),
    "dice": (str, "auto", "auto (the tool rolls) or manual (you type)."),
}
"""The flags every dice command reads itself: name → (type, default, help)."""


def _common_parameters(kind: str, dice: bool) -> list[inspect.Parameter]:
    """--system (the default system first), --seed and --dice (with `dice`) and --json."""
    systems = kit_systems(kind)
    keyword = inspect.Parameter.KEYWORD_ONLY
    help_text = f"Game system: {', '.join(systems)} (default {systems[0]})."
    parameters = [
        inspect.Parameter(
            "system",
            keyword,
            default=systems[0],
            annotation=Annotated[str, typer.Option(help=help_text)],
        )
    ]
    if dice:
        parameters += [
            inspect.Parameter(
                name, keyword, default=default, annotation=Annotated[kind_, typer.Option(help=text)]
            )
            for name, (kind_, default, text) in COMMON.items()
        ]
    json_option = typer.Option("--json", help="Print JSON.")
    parameters.append(
        inspect.Parameter("json", keyword, default=False, annotation=Annotated[bool, json_option])
    )
    return parameters


def kit_command(
    kind: str, command: str, run: Callable[[KitRequest], None], *, dice: bool = True
) -> Callable[..., None]:
    """A Typer command with every system's flags of this kind that hands the parsed request
    to `run`; `command` is `roll` or `odds` (some flags belong to one of them only), `dice`
    whether it takes --seed and --dice."""

    def handler(**values: Any) -> None:
        system, as_json = values.pop("system"), values.pop("json")
        seed, dice_mode = values.pop("seed", None), values.pop("dice", "auto")
        run(
            build_request(
                kind, command, system, values, seed=seed, dice_mode=dice_mode, as_json=as_json
            )
        )

    systems, owners = kit_systems(kind), flag_owners(kind, command)
    parameters = [
        _parameter(flag, None if owners[name] == systems else f"--system {', '.join(owners[name])}")
        for name, flag in all_flags(kind, command).items()
    ]
    handler.__signature__ = inspect.Signature(  # type: ignore[attr-defined]
        parameters + _common_parameters(kind, dice)
    )
    return handler
