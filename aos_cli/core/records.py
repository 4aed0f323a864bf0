"""Dataclasses whose methods are written when the first one is built, so start-up stays fast.

Python writes a dataclass's `__init__`, `__repr__`, `__eq__`, `__hash__` and frozen guards by
compiling source as the class is created: about a millisecond a class on a small machine, and
the package holds well over a hundred that most commands never build (an event that was not
rolled, an effect no unit has). `dataclass` here is the standard decorator, deferred: the class
is handed to `dataclasses.dataclass` with the same options just before its first instance is
made, or when `dataclasses.fields` or `is_dataclass` look into the class. Type checkers see the standard
decorator, so every class is checked as the dataclass it becomes.
"""

from __future__ import annotations

import dataclasses
import threading
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

_PENDING: dict[type, dict[str, Any]] = {}
"""Classes decorated but not yet made into dataclasses, with the options they were given."""

_LOCK = threading.RLock()
"""`aos serve` answers from threads: a class is made a dataclass once, by one of them."""


def _lazy_dataclass(cls: type[Any] | None = None, /, **options: Any) -> Any:
    """`@dataclass` / `@dataclass(frozen=True, ...)`, made on first use (see the module)."""

    def wrap(klass: type[Any]) -> type[Any]:
        return _defer(klass, options)

    return wrap if cls is None else wrap(cls)


def _defer(cls: type[Any], options: dict[str, Any]) -> type[Any]:
    """Remember the class and its options; a stand-in `__init__` makes it on first build."""
    _ready(cls)  # a class made now inherits from made classes only
    own = cls.__dict__
    if options.get("slots") or "__init__" in own or "__init_subclass__" in own:
        # A slotted dataclass is a new class; own __init__ or subclass hooks: made now.
        made: type[Any] = dataclasses.dataclass(cls, **options)
        return made
    _PENDING[cls] = options

    def __init__(self: object, *args: Any, **kwargs: Any) -> None:
        _make(cls)
        cls.__init__(self, *args, **kwargs)

    def __init_subclass__(sub: type[Any], /, **kwargs: Any) -> None:
        # A subclass, deferred or not, reads its bases' fields as it is made: make them first.
        _make(cls)
        super(cls, sub).__init_subclass__(**kwargs)

    __init__.__qualname__ = f"{cls.__qualname__}.__init__"
    cls.__init__ = __init__
    setattr(cls, _FIELDS, _FieldsOnLookUp())
    cls.__init_subclass__ = classmethod(__init_subclass__)  # type: ignore[assignment]
    return cls


def _make(cls: type) -> None:
    """Make `cls` (and any deferred class it inherits from, first) a dataclass, once."""
    with _LOCK:
        options = _PENDING.pop(cls, None)
        if options is None:
            return
        for base in reversed(cls.__mro__[1:]):
            if base in _PENDING:
                _make(base)
        del cls.__init__  # type: ignore[misc]  # the stand-ins: the dataclass writes its own
        delattr(cls, _FIELDS)
        dataclasses.dataclass(cls, **options)


def _ready(cls: type) -> None:
    """Make every deferred class behind `cls` (its own and its bases) before it is looked into."""
    for klass in reversed(cls.__mro__):
        if klass in _PENDING:
            _make(klass)


_FIELDS = "__dataclass_fields__"


class _FieldsOnLookUp:
    """Stands in for a deferred class's `__dataclass_fields__`: the standard `fields()`,
    `is_dataclass()` and `asdict()` look it up, which makes the class first."""

    def __get__(self, instance: object, owner: type) -> Any:
        _ready(owner)
        for klass in owner.__mro__:
            found = klass.__dict__.get(_FIELDS)
            if found is not None and not isinstance(found, _FieldsOnLookUp):
                return found
        raise AttributeError(_FIELDS)


def make_all() -> int:
    """Make every deferred class now (tests compare them with eager dataclasses); how many."""
    with _LOCK:
        waiting = list(_PENDING)
        for cls in waiting:
            _make(cls)
    return len(waiting)


if TYPE_CHECKING:
    from dataclasses import dataclass as dataclass
else:
    dataclass: Callable[..., Any] = _lazy_dataclass
