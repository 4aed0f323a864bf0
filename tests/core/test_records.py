"""Deferred dataclasses behave as the standard ones, made on first use."""

from __future__ import annotations

import dataclasses
import importlib
import pkgutil
import threading

import pytest

import aos_cli
from aos_cli.core import records
from aos_cli.core.records import dataclass


def test_a_deferred_class_is_made_only_when_first_built() -> None:
    @dataclass(frozen=True)
    class Roll:
        dice: int
        kept: tuple[int, ...] = ()

    assert Roll in records._PENDING
    roll = Roll(2, (3, 4))
    assert Roll not in records._PENDING
    assert roll == Roll(2, (3, 4))
    assert roll != Roll(2)
    assert hash(roll) == hash(Roll(2, (3, 4)))
    assert repr(roll).endswith("Roll(dice=2, kept=(3, 4))")
    with pytest.raises(dataclasses.FrozenInstanceError):
        roll.dice = 3  # type: ignore[misc]
    assert dataclasses.replace(roll, dice=5) == Roll(5, (3, 4))
    assert dataclasses.asdict(roll) == {"dice": 2, "kept": (3, 4)}


def test_the_standard_look_ups_make_a_class_not_built_yet() -> None:
    @dataclass
    class Tally:
        name: str
        counts: list[int] = dataclasses.field(default_factory=list)

    assert dataclasses.is_dataclass(Tally)
    assert [f.name for f in dataclasses.fields(Tally)] == ["name", "counts"]
    first, second = Tally("a"), Tally("b")
    first.counts.append(1)
    assert second.counts == []


def test_subclasses_deferred_or_standard_inherit_their_bases_fields() -> None:
    @dataclass(frozen=True)
    class Base:
        unit: str

    @dataclass(frozen=True)
    class Deferred(Base):
        wounds: int = 0

    @dataclasses.dataclass(frozen=True)
    class Standard(Base):
        models: int = 1

    assert [f.name for f in dataclasses.fields(Deferred)] == ["unit", "wounds"]
    assert Deferred("Liberators", 2) == Deferred(unit="Liberators", wounds=2)
    assert [f.name for f in dataclasses.fields(Standard)] == ["unit", "models"]
    assert Standard("Judicators").models == 1


def test_a_wrong_call_fails_as_a_dataclass_would() -> None:
    @dataclass
    class Pair:
        left: int
        right: int

    with pytest.raises(TypeError):
        Pair(1)  # type: ignore[call-arg]


def test_threads_building_the_first_instances_make_the_class_once() -> None:
    @dataclass(frozen=True)
    class Shared:
        value: int

    built: list[Shared] = []
    threads = [threading.Thread(target=lambda n=n: built.append(Shared(n))) for n in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(s.value for s in built) == list(range(8))


def test_every_dataclass_of_the_package_can_be_made() -> None:
    """A mistake a class definition would raise at import (a field without a default after one
    with) surfaces only when the deferred class is made: make every one of them here."""
    for module in pkgutil.walk_packages(aos_cli.__path__, "aos_cli."):
        if module.name != "aos_cli.__main__":
            importlib.import_module(module.name)
    records.make_all()
    assert not records._PENDING
