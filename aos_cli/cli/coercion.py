"""Plain command-line values converted without pydantic, so a command starts as fast as a bare
Typer program (DESIGN §6).

Typer (0.2x) builds a pydantic `TypeAdapter` for every parameter of the command being run, the
unused ones included, which imports pydantic: tens of milliseconds a bare program never pays.
The values our commands take are plain text, whole numbers, numbers, flags and paths (and lists
of them); those are converted here the way Typer would. Anything else (constraints, choices,
custom parsers), and any value not plainly of its type, still goes through Typer's own adapter,
so an accepted value and an error message are exactly Typer's. If Typer's internals move, the
hook is left out and Typer works as it always did.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, get_args, get_origin

from aos_cli.core.records import dataclass

_INTEGER = re.compile(r"[+-]?[0-9]{1,18}")
_NUMBER = re.compile(r"[+-]?([0-9]{1,18}\.?[0-9]{0,18}|\.[0-9]{1,18})")
"""ASCII digits only, and not too many (`٣` and 5,000-digit numbers go to Typer's adapter,
which refuses them with one line)."""
_PLAIN = (str, int, float, bool, Path)

_NOT_PLAIN = object()


def _convert(annotation: Any, value: Any) -> Any:
    """The value as `annotation`, or `_NOT_PLAIN` when Typer's adapter must decide."""
    if type(value) is annotation:  # a default, or text for text
        return value
    if annotation is float and type(value) is int:
        return float(value)
    if annotation is int and isinstance(value, str) and _INTEGER.fullmatch(value):
        return int(value)
    if annotation is float and isinstance(value, str) and _NUMBER.fullmatch(value):
        return float(value)
    return _NOT_PLAIN


def _plain(annotation: Any) -> bool:
    if get_origin(annotation) is list:
        (item,) = get_args(annotation) or (None,)
        return item in _PLAIN
    return annotation in _PLAIN


def _unconstrained(info: Any) -> bool:
    """No parser, bounds, formats, custom click type or path checks beyond Typer's defaults."""
    return (
        getattr(info, "parser", None) is None
        and getattr(info, "click_type", None) is None
        and getattr(info, "min", None) is None
        and getattr(info, "max", None) is None
        and not getattr(info, "formats", None)
        and getattr(info, "path_type", None) is None
    )


def install() -> None:
    """Make Typer convert plain values without building pydantic adapters."""
    try:
        from typer import _coercion, _param_types, core

        parameter = core._TyperParameter
        runtime = _coercion.RuntimeParam
        build = _coercion.build_runtime_param
        coerce_path = _param_types.coerce_cli_path
    except (ImportError, AttributeError):
        return
    if getattr(parameter, "_aos_plain", False) or not hasattr(parameter, "get_runtime_param"):
        return

    @dataclass(frozen=True)
    class PlainRuntimeParam(runtime):  # type: ignore[misc, valid-type]
        """Converts plain values itself; hands anything else to Typer's adapter."""

        descriptor: Any

        def _coerce_value(self, value: Any, param: Any, ctx: Any) -> Any:
            annotation: Any = self.annotation
            if get_origin(annotation) is list and isinstance(value, (list, tuple)):
                (item,) = get_args(annotation)
                items = [self._one(item, v, param, ctx) for v in value]
                if all(i is not _NOT_PLAIN for i in items):
                    return items
            elif get_origin(annotation) is not list:
                converted = self._one(annotation, value, param, ctx)
                if converted is not _NOT_PLAIN:
                    return converted
            return build(self.descriptor)._coerce_value(value, param=param, ctx=ctx)

        def _one(self, annotation: Any, value: Any, param: Any, ctx: Any) -> Any:
            if annotation is Path and isinstance(value, str) and value:
                return coerce_path(
                    Path(value), self.parameter_info, path_type=Path, param=param, ctx=ctx
                )
            return _convert(annotation, value)

    original = parameter.get_runtime_param

    def get_runtime_param(self: Any) -> Any:
        descriptor = self.type_descriptor
        if (
            self._runtime_param is None
            and descriptor.file_annotation is None
            and not descriptor.is_choice
            and _plain(descriptor.annotation)
            and _unconstrained(descriptor.parameter_info)
        ):
            self._runtime_param = PlainRuntimeParam(
                parameter_info=descriptor.parameter_info,
                annotation=descriptor.annotation,
                descriptor=descriptor,
            )
        return original(self)

    parameter.get_runtime_param = get_runtime_param  # type: ignore[method-assign]
    parameter._aos_plain = True  # type: ignore[attr-defined]
