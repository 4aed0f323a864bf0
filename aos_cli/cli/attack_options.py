"""The one attack command, registered by `aos roll attack` and `aos odds attack` so the two can
never drift apart: every system's flag group in one Typer signature, and the one builder that
turns the flags given into the chosen system's attack (its kit says which flags it takes)."""

from __future__ import annotations

import inspect
from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import cache
from typing import TYPE_CHECKING, Annotated, Any

import typer

from aos_cli.core.errors import InputError
from aos_cli.systems.attack_kits import attack_kit, attack_systems

if TYPE_CHECKING:
    from aos_cli.core.attack_flags import Flag
    from aos_cli.systems.attack_kits import AttackKit


@dataclass(frozen=True)
class AttackRequest:
    """An attack command as asked: the system's kit, its engine's spec and how to show it."""

    kit: AttackKit
    spec: Any
    """The kit's engine spec (`AosAttack`, `Attack40k`...)."""
    save_given: bool
    seed: int | None
    dice_mode: str
    as_json: bool

    def with_save(self, save: int) -> AttackRequest:
        """The same request against another save (the odds table over saves)."""
        return replace(self, spec=self.spec.with_save(save), save_given=True)


@cache
def all_flags() -> dict[str, Flag]:
    """Every attack flag of every system, each once, in the systems' order."""
    flags: dict[str, Flag] = {}
    for system in attack_systems():
        for flag in attack_kit(system).flags:
            flags.setdefault(flag.name, flag)
    return flags


def build_request(
    system: str, values: dict[str, Any], *, seed: int | None, dice_mode: str, as_json: bool
) -> AttackRequest:
    """The chosen system's attack from the flag values; a flag given that the system does not
    understand is one line naming the system that does."""
    kit = attack_kit(system)
    understood = {flag.name for flag in kit.flags}
    for name, flag in all_flags().items():
        if name not in understood and flag.given(values.get(name, flag.default)):
            owners = [s for s in attack_systems() if name in {f.name for f in attack_kit(s).flags}]
            raise InputError(
                f"{flag.option} is for --system {' or '.join(owners)}",
                f"leave it out with --system {kit.system}",
            )
    spec = kit.build({flag.name: values.get(flag.name, flag.default) for flag in kit.flags})
    return AttackRequest(kit, spec, values.get("save") is not None, seed, dice_mode, as_json)


def _parameter(flag: Flag) -> inspect.Parameter:
    """A Typer parameter for one flag."""
    kind: Any = list[str] if flag.argument else flag.kind
    if flag.optional:
        kind = kind | None
    info: Any = (
        typer.Argument(help=flag.help, show_default=False)
        if flag.argument
        else typer.Option(help=flag.help)
    )
    return inspect.Parameter(
        flag.name,
        inspect.Parameter.KEYWORD_ONLY,
        default=flag.default,
        annotation=Annotated[kind, info],
    )


def _common_parameters() -> list[inspect.Parameter]:
    """--system, --seed, --dice and --json: read by the command itself, not by a system."""
    systems = attack_systems()
    keyword = inspect.Parameter.KEYWORD_ONLY
    return [
        inspect.Parameter(
            "system",
            keyword,
            default=systems[0],
            annotation=Annotated[
                str,
                typer.Option(help=f"Game system: {', '.join(systems)} (the first is the default)."),
            ],
        ),
        inspect.Parameter(
            "seed",
            keyword,
            default=None,
            annotation=Annotated[int | None, typer.Option(help="Seed for repeatable dice.")],
        ),
        inspect.Parameter(
            "dice",
            keyword,
            default="auto",
            annotation=Annotated[
                str, typer.Option(help="auto (the tool rolls) or manual (you type).")
            ],
        ),
        inspect.Parameter(
            "json",
            keyword,
            default=False,
            annotation=Annotated[bool, typer.Option("--json", help="Print JSON.")],
        ),
    ]


def attack_command(run: Callable[[AttackRequest], None]) -> Callable[..., None]:
    """A Typer command with every system's attack flags that hands the parsed request to
    `run`; the flags are the union of the systems' flag groups."""

    def command(**values: Any) -> None:
        system, seed = values.pop("system"), values.pop("seed")
        dice, as_json = values.pop("dice"), values.pop("json")
        run(build_request(system, values, seed=seed, dice_mode=dice, as_json=as_json))

    parameters = [_parameter(flag) for flag in all_flags().values()]
    command.__signature__ = inspect.Signature(parameters + _common_parameters())  # type: ignore[attr-defined]
    return command
