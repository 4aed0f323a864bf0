"""Fixtures of the importer tests: the small catalogue and roster files written for them."""

from __future__ import annotations

from pathlib import Path

import pytest

FIXTURES = Path(__file__).resolve().parent / "fixtures"


@pytest.fixture
def fixtures() -> Path:
    """The folder of trimmed BattleScribe files (a game system, a Data catalogue, a faction)."""
    return FIXTURES
