"""The commands whose flags differ between game systems (`aos roll/odds attack`, `cast`,
`duel`): each is one Typer command whose flags are the union of the systems' flag groups, and
one builder that turns the flags given into the chosen system's request (its kit says which
flags it takes). Registered by `aos roll` and `aos odds`, so the two can never drift apart."""

from __future__ import annotations

import inspect
from collections.abc import Callable
from functools import cache
from typing import TYPE_CHECKING, Annotated, Any, Generic, TypeVar

import typer

from aos_cli.core.errors import InputError
from aos_cli.core.records import dataclass
from aos_cli.language.i18n import _
from aos_cli.systems.kits import attack_kit, get_kit, kit_systems, roll_kit

if TYPE_CHECKING:
    from aos_cli.core.attack_flags import Flag
    from aos_cli.core.engine import AttackSpec
    from aos_cli.systems.kits import AttackKit, RollKit

K = TypeVar("K")
"""The kit of a request: an `AttackKit` or a `RollKit`."""

Q = TypeVar("Q")
"""What the kit built from the flags: its attack spec or its request."""


@dataclass(frozen=True)
class KitRequest(Generic[K, Q]):
    """A roll command as asked: the system's kit, the request it built, the flags given and
    how to show the result."""

    kit: K
    """The system's kit (`AttackKit` for attacks, `RollKit` for casts and duels)."""
    spec: Q
    """What the kit built from the flags (`AosAttack`, `Attack40k`, a cast request...)."""
    given: frozenset[str]
    """The flags the player gave (by Python name)."""
    seed: int | None
    dice_mode: str
    as_json: bool


AttackRequest = KitRequest["AttackKit[AttackSpec]", "AttackSpec"]
"""An attack as asked (`aos roll/odds attack`)."""

RollRequest = KitRequest["RollKit[object]", object]
"""A casting roll or duel as asked (`aos roll/odds cast`, `duel`)."""


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


def _given(kind: str, command: str, system: str, values: dict[str, object]) -> frozenset[str]:
    """The flags given; a flag given that the chosen system does not understand is one line
    naming the system that does."""
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
    return given


def _understood(
    kit: AttackKit[AttackSpec] | RollKit[object], values: dict[str, object]
) -> dict[str, object]:
    """The values of the flags the kit understands (its defaults for those not given)."""
    return {f.name: values.get(f.name, f.default) for f in kit.flags}


def attack_request(
    command: str,
    system: str,
    values: dict[str, object],
    *,
    seed: int | None = None,
    dice_mode: str = "auto",
    as_json: bool = False,
) -> AttackRequest:
    """The chosen system's attack from the flag values (`_given` checks them)."""
    given = _given("attack", command, system, values)
    kit = attack_kit(system)
    return KitRequest(kit, kit.build(_understood(kit, values)), given, seed, dice_mode, as_json)


def roll_request(
    kind: str,
    command: str,
    system: str,
    values: dict[str, object],
    *,
    seed: int | None = None,
    dice_mode: str = "auto",
    as_json: bool = False,
) -> RollRequest:
    """The chosen system's casting roll or duel from the flag values (`_given` checks them)."""
    given = _given(kind, command, system, values)
    kit = roll_kit(system, kind)
    return KitRequest(kit, kit.build(_understood(kit, values)), given, seed, dice_mode, as_json)


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


def attack_command(command: str, run: Callable[[AttackRequest], None]) -> Callable[..., None]:
    """`aos roll/odds attack` (`command` is `roll` or `odds`): every system's attack flags,
    the parsed attack handed to `run` with its system's `AttackKit`."""

    def handle(
        system: str, values: dict[str, object], seed: int | None, mode: str, js: bool
    ) -> None:
        run(attack_request(command, system, values, seed=seed, dice_mode=mode, as_json=js))

    return _kit_command("attack", command, handle, dice=True)


def roll_command(
    kind: str, command: str, run: Callable[[RollRequest], None], *, dice: bool = True
) -> Callable[..., None]:
    """`aos roll/odds cast` or `duel`: every system's flags of this kind, the parsed request
    handed to `run` with its system's `RollKit`; `dice` whether it takes --seed and --dice."""

    def handle(
        system: str, values: dict[str, object], seed: int | None, mode: str, js: bool
    ) -> None:
        run(roll_request(kind, command, system, values, seed=seed, dice_mode=mode, as_json=js))

    return _kit_command(kind, command, handle, dice=dice)


def _kit_command(
    kind: str,
    command: str,
    handle: Callable[[str, dict[str, object], int | None, str, bool], None],
    *,
    dice: bool,
) -> Callable[..., None]:
    """A Typer command with every system's flags of this kind that hands the flags given to
    `handle`; `command` is `roll` or `odds` (some flags belong to one of them only)."""

    def handler(**values: object) -> None:
        system, as_json = str(values.pop("system")), bool(values.pop("json"))
        seed, dice_mode = values.pop("seed", None), str(values.pop("dice", "auto"))
        handle(system, values, seed if isinstance(seed, int) else None, dice_mode, as_json)

    systems, owners = kit_systems(kind), flag_owners(kind, command)
    parameters = [
        _parameter(flag, None if owners[name] == systems else f"--system {', '.join(owners[name])}")
        for name, flag in all_flags(kind, command).items()
    ]
    handler.__signature__ = inspect.Signature(  # type: ignore[attr-defined]
        parameters + _common_parameters(kind, dice)
    )
    return handler
