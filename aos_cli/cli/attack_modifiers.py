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
    from aos_cli.core.limits import MAX_ATTACKS, MAX_MODIFIER
    from aos_cli.core.numbers import parse_whole
    from aos_cli.language.i18n import _

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


PLAY_NAMES = ("weapon",)
"""Words of the modifiers prompt of `aos play` beyond the flags: the weapon they apply to."""


def is_modifier_name(name: str) -> bool:
    """Whether a word of the modifiers prompt names a modifier (`hit-mod`, `weapon`)."""
    from aos_cli.core.attack_flags import EFFECT_FLAGS, TRIGGER_FLAGS

    key = name.strip().lstrip("-").lower().replace("-", "_")
    return key in {f.name for f in (*EFFECT_FLAGS, *TRIGGER_FLAGS)} or key in PLAY_NAMES


def read_modifier(
    name: str, value: str, models: int, weapons: list[Any]
) -> tuple[dict[str, Any], str | None]:
    """One `NAME=VALUE` of the modifiers prompt as action fields, and the problem with it
    (None when it is right). `extra-attacks=1` is per model (times `models`), `1u` for the
    unit, `D3` rolled for the unit; `weapon=` names one of `weapons` by number or name; the
    other names are the flags of `aos roll attack`, checked as they are."""
    from aos_cli.core.attack_flags import (
        EFFECT_FLAGS,
        TRIGGER_FLAGS,
        extra_attacks_roll,
        shared_effects,
        trigger_effects,
    )
    from aos_cli.core.errors import AosError
    from aos_cli.core.limits import MAX_ATTACKS, MAX_MODIFIER
    from aos_cli.core.numbers import parse_whole
    from aos_cli.language.i18n import _

    key = name.strip().lstrip("-").lower().replace("-", "_")
    text = value.strip()
    if is_modifier_name(name) and not text:
        return {}, _("{name} needs a value, such as {name}=1").format(name=name.strip())
    try:
        if key == "weapon":
            found = next(
                (
                    w for i, w in enumerate(weapons, start=1)
                    if text.lower() in (str(i), w.id.lower(), w.name.lower())
                ),
                None,
            )  # fmt: skip
            if found is None:
                listed = ", ".join(f"{i} {w.name}" for i, w in enumerate(weapons, start=1))
                return {}, _("no weapon {typed}: type one of {weapons}").format(
                    typed=repr(text), weapons=listed
                )
            return {"modifiers_weapon": found.id}, None
        if key == "extra_attacks":
            if "D" in text.upper():
                extra_attacks_roll(text)
                return {"extra_attacks_roll": text.upper()}, None
            whole_unit = text[-1:].lower() == "u"
            amount = parse_whole(text.rstrip("uU"), what=name, high=MAX_ATTACKS)
            total = amount if whole_unit else amount * models
            shared_effects({"extra_attacks": total})
            return {"extra_attacks": total}, None
        flags = {f.name: f for f in (*EFFECT_FLAGS, *TRIGGER_FLAGS)}
        flag = flags.get(key)
        if flag is None:
            known = " ".join(f"{n.replace('_', '-')}=" for n in (*flags, *PLAY_NAMES))
            return {}, _("{text} is not a modifier: write NAME=VALUE with {known}").format(
                text=repr(name), known=known
            )
        if flag.kind is int:
            amount = parse_whole(text, what=name, low=-MAX_MODIFIER, high=MAX_MODIFIER, signed=True)
            shared_effects({key: amount})
            return {key: amount}, None
        if key in {f.name for f in EFFECT_FLAGS}:
            shared_effects({key: text})
        trigger_effects({key: text})
        return {key: text}, None
    except AosError as problem:
        return {}, str(problem)


def ask_modifiers(state: Any, unit: Any, kind: str = "fight", typed: str = "m") -> dict[str, Any]:
    """In `aos play`, for an attack the players asked modifiers for (`2 m` at the target, or
    `2 hit-mod=1`): read them field by field; a field with a typo is asked again alone, the
    rest kept. Extra attacks are per model unless said for the unit; with extra attacks and
    several weapons, the weapon is the one the unit's rules name, else asked."""
    from aos_cli.cli.common import ask_line, console
    from aos_cli.language.i18n import _

    out = console()
    wanted = "missile" if kind == "shoot" else "melee"
    weapons = [w for w in unit.spec.weapons if w.kind == wanted]
    models = max(1, int(unit.models))
    line = typed.strip()
    if line.lower() in ("m", "+", ""):
        out.print(
            "  "
            + _(
                "extra-attacks=1 adds 1 per model ({n} models: {n} attacks), 1u adds 1 for "
                "the unit, D3 rolls for the unit; also hit-mod= wound-mod= save-mod= "
                "reroll-hits= (ones, failed, all) mortal-on-hit=6:1 exploding=6:1 "
                "damage-on-wound=6:1 weapon=N"
            ).format(n=models),
            markup=False,
        )
        line = ask_line(_("Modifiers (Enter for none)"))
    values: dict[str, Any] = {}
    for word in line.split():
        name, _equals, value = word.partition("=")
        found, problem = read_modifier(name, value, models, weapons)
        while problem is not None:
            out.print(f"  {problem}", markup=False)
            if is_modifier_name(name):
                value = ask_line(_("{name}= (Enter to leave it out)").format(name=name))
            else:
                again = ask_line(
                    _("{field}: type NAME=VALUE again (Enter to leave it out)").format(field=word)
                )
                name, _equals, value = again.strip().partition("=")
            if not (name.strip() and value.strip()):
                break
            found, problem = read_modifier(name, value, models, weapons)
        if problem is None:
            values.update(found)
    if len(weapons) > 1 and "modifiers_weapon" not in values and values:
        values["modifiers_weapon"] = _named_weapon(state, unit, weapons, values, ask_line, out)
        if values["modifiers_weapon"] is None:
            del values["modifiers_weapon"]
    return values


def _named_weapon(
    state: Any, unit: Any, weapons: list[Any], values: dict[str, Any], ask: Any, out: Any
) -> str | None:
    """The weapon extra attacks go to: the one the unit's rules name, else the one the
    players pick (Enter: every weapon, extra attacks with the first)."""
    from aos_cli.core.unit_attacks import attack_reminders
    from aos_cli.language.i18n import _

    texts = " ".join(str(text).lower() for _name, text in attack_reminders(state, unit))
    named = [w for w in weapons if w.name.lower() in texts]
    if len(named) == 1:
        out.print("  " + _("For {weapon}, as the rule says.").format(weapon=named[0].name))
        return str(named[0].id)
    if not ("extra_attacks" in values or "extra_attacks_roll" in values):
        return None
    for number, weapon in enumerate(weapons, start=1):
        out.print(f"    [{number}] {weapon.name}", markup=False)
    while True:
        typed = ask(
            _("Weapon for the extra attacks (Enter: {weapon})").format(weapon=weapons[0].name)
        )
        if not typed.strip():
            return str(weapons[0].id)
        found, problem = read_modifier("weapon", typed, 1, weapons)
        if problem is None:
            return str(found["modifiers_weapon"])
        out.print(f"  {problem}", markup=False)
