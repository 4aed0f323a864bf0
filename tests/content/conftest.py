"""Content tests read and write their cache in a temporary folder, never the user's."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def _cache_in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("AOS_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setenv("AOS_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.delenv("AOS_CONTENT", raising=False)
