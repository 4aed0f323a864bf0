"""Structured effects in YAML: check each mapping against the registry, then build it.

Every effect type lives in `aos_cli.core.effects.EFFECTS` (attack effects) and
`aos_cli.core.ability_effects` (the rest). This module checks a mapping's keys and value types
field by field, so an unknown type or key is a problem naming its exact path, and then builds
the value with `effect_from_mapping`.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Callable
from typing import Any

import aos_cli.core.ability_effects  # noqa: F401  (registers the non-attack effects)
from aos_cli.core.dice import DiceExpr, Reroll, parse_dice, parse_threshold
from aos_cli.core.effects import EFFECTS, Effect, effect_from_mapping
from aos_cli.core.errors import AosError
from aos_cli.language.i18n import _

Found = list[tuple[tuple[str | int, ...], str]]
"""Problems found: (path inside the effect, message)."""


_HINTS: dict[str, dict[str, Any]] = {}


def _hints(cls: type[Effect]) -> dict[str, Any]:
    """Field name → resolved type of an effect class (ClassVars left out), memoised."""
    if cls.type_name not in _HINTS:
        hints = typing.get_type_hints(cls)
        fields = dataclasses.fields(cls)  # type: ignore[arg-type]
        _HINTS[cls.type_name] = {f.name: hints[f.name] for f in fields}
    return _HINTS[cls.type_name]


def _required(cls: type[Effect]) -> list[str]:
    return [
        f.name
        for f in dataclasses.fields(cls)  # type: ignore[arg-type]
        if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING
    ]


def _check(value: Any, hint: Any, key: str, path: tuple[str | int, ...], found: Found) -> Any:
    """Check one value against its field type; return the value normalised for the dataclass."""
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        if value is None and type(None) in args:
            return None
        inner = [a for a in args if a is not type(None)]
        return _check(value, inner[0], key, path, found)
    if origin is typing.Literal:
        return _check_literal(value, args, path, found)
    if origin is tuple:
        return _check_list(value, args, path, found)
    for plain, check in _PLAIN_CHECKS:
        if hint is plain:
            return check(value, key, path, found)
    return value


def _check_literal(
    value: Any, allowed: tuple[Any, ...], path: tuple[str | int, ...], found: Found
) -> Any:
    """A `Literal[...]` field: the value must be one of the words it names."""
    if value not in allowed:
        listed = ", ".join(str(a) for a in allowed)
        found.append(
            (
                path,
                _("{value} is not one of: {allowed}").format(value=repr(value), allowed=listed),
            )
        )
    return value


def _check_list(
    value: Any, args: tuple[Any, ...], path: tuple[str | int, ...], found: Found
) -> tuple[Any, ...]:
    """A tuple field, written as a YAML list: of nested effects (each built) or of words."""
    if not isinstance(value, list):
        found.append((path, _("must be a list")))
        return ()
    if args and args[0] is Effect:
        return tuple(_build(item, (*path, index), found) for index, item in enumerate(value))
    bad = [item for item in value if not isinstance(item, str)]
    if bad:
        found.append((path, _("must be a list of words, not {value}").format(value=repr(bad[0]))))
    return tuple(str(item) for item in value)


def _check_dice(value: Any, key: str, path: tuple[str | int, ...], found: Found) -> Any:
    """A dice expression (`D6`, `2D3+1`, `3`): kept as its text, parsed here to find mistakes."""
    if isinstance(value, bool) or not isinstance(value, int | str):
        found.append((path, _("{value} is not a dice expression").format(value=repr(value))))
        return value
    try:
        parse_dice(str(value), what=key)
    except AosError as problem:
        found.append((path, _message(problem, key)))
    return str(value)


def _check_reroll(value: Any, key: str, path: tuple[str | int, ...], found: Found) -> Any:
    """Which dice a reroll takes: ones, failed or all."""
    if value not in {r.value for r in Reroll}:
        found.append(
            (
                path,
                _("{value} is not a reroll (use ones, failed or all)").format(value=repr(value)),
            )
        )
    return value


def _check_bool(value: Any, key: str, path: tuple[str | int, ...], found: Found) -> Any:
    """A yes/no field: YAML's true or false only."""
    if not isinstance(value, bool):
        found.append((path, _("{value} is not true or false").format(value=repr(value))))
    return value


def _check_int(value: Any, key: str, path: tuple[str | int, ...], found: Found) -> Any:
    """A whole number; the `on` field is a D6 roll needed, written `4` or `4+`."""
    if key == "on" and isinstance(value, str):
        try:
            return parse_threshold(value, what=key)
        except AosError as problem:
            found.append((path, _message(problem, key)))
            return value
    if isinstance(value, bool) or not isinstance(value, int):
        found.append((path, _("{value} is not a whole number").format(value=repr(value))))
    elif key == "on" and not 2 <= value <= 6:
        found.append(
            (path, _("{value}+ is not a roll a D6 can need (use 2+ to 6+)").format(value=value))
        )
    return value


def _check_str(value: Any, key: str, path: tuple[str | int, ...], found: Found) -> Any:
    """A text field."""
    if not isinstance(value, str):
        found.append((path, _("{value} is not text").format(value=repr(value))))
    return value


_PLAIN_CHECKS: tuple[tuple[Any, Callable[[Any, str, tuple[str | int, ...], Found], Any]], ...] = (
    (DiceExpr, _check_dice),
    (Reroll, _check_reroll),
    (bool, _check_bool),
    (int, _check_int),
    (str, _check_str),
)
"""The plain field types and their checks, tried in this order by identity."""


def _message(problem: AosError, key: str) -> str:
    """A core error's text without the leading `key: ` it names itself with."""
    text = str(problem)
    return text[len(key) + 2 :] if text.startswith(f"{key}: ") else text


def _build(data: Any, path: tuple[str | int, ...], found: Found) -> Effect | None:
    """Check one effect mapping, recording problems; build it when it has none."""
    if not isinstance(data, dict):
        found.append(
            (
                path,
                _("an effect must be a mapping with a type, not {value}").format(value=repr(data)),
            )
        )
        return None
    type_name = data.get("type")
    cls = EFFECTS.get(str(type_name))
    if cls is None:
        known = ", ".join(sorted(EFFECTS))
        found.append(
            (
                (*path, "type"),
                _("unknown effect type {type} (known: {known})").format(
                    type=repr(type_name), known=known
                ),
            )
        )
        return None
    hints = _hints(cls)
    before = len(found)
    normalised: dict[str, Any] = {"type": type_name}
    for raw_key, value in data.items():
        # YAML 1.1 reads a bare `on:` key as the boolean True.
        key = "on" if raw_key is True else raw_key
        if key == "type":
            continue
        if key not in hints:
            allowed = ", ".join(hints) or _("none")
            found.append(
                (
                    (*path, key),
                    _("unknown key for effect {type} (keys: {allowed})").format(
                        type=type_name, allowed=allowed
                    ),
                )
            )
            continue
        normalised[key] = _check(value, hints[key], key, (*path, key), found)
    for key in _required(cls):
        if key not in normalised and not (key == "on" and True in data):
            found.append(
                (
                    (*path, key),
                    _("missing: effect {type} needs {key}").format(type=type_name, key=key),
                )
            )
    if len(found) > before:
        return None
    try:
        return effect_from_mapping(normalised, where=".".join(str(p) for p in path))
    except (AosError, TypeError, ValueError) as problem:
        found.append((path, str(problem)))
        return None


def build_effect(data: Any) -> tuple[Effect | None, Found]:
    """Build one effect from YAML data; returns it (or None) and every problem found."""
    found: Found = []
    effect = _build(data, (), found)
    return effect, found


def effect_to_data(effect: Effect) -> dict[str, Any]:
    """An effect as plain data for JSON (the inverse of `build_effect`)."""
    data: dict[str, Any] = {"type": effect.type_name}
    for f in dataclasses.fields(effect):  # type: ignore[arg-type]
        value = getattr(effect, f.name)
        if isinstance(value, tuple):
            value = [effect_to_data(v) if isinstance(v, Effect) else v for v in value]
        elif isinstance(value, DiceExpr):
            value = str(value)
        elif isinstance(value, Reroll):
            value = value.value
        data[f.name] = value
    return data
