"""Each light system package's `INFO` (read by lists, `aos --help` and content validation
without importing the rules) says what its `GameSystem` says (issue 14: fast start-up)."""

from __future__ import annotations

import importlib

import pytest

from aos_cli.core.system import SYSTEMS_PACKAGE, SystemInfo, get_system, system_ids, system_info


@pytest.mark.parametrize("system_id", system_ids())
def test_a_packages_info_matches_its_system(system_id: str) -> None:
    """`INFO` and the system built by its rules agree field by field."""
    package = importlib.import_module(f"{SYSTEMS_PACKAGE}.{system_id}")
    info = getattr(package, "INFO", None)
    if getattr(package, "SYSTEM_MODULE", None):
        assert isinstance(info, SystemInfo), f"{package.__name__} names no INFO"
    if info is not None:
        assert info == SystemInfo.of(get_system(system_id)), (
            f"update INFO in {package.__name__} to match its GameSystem"
        )
    assert system_info(system_id) == SystemInfo.of(get_system(system_id))
