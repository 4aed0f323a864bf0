"""`aos warscroll list` over the whole bundled database: cold cache and warm cache.

Run: python -m pytest benchmarks/bench_content.py --benchmark-only
Each round is a fresh process (what a player waits for); the cold rounds delete the cache first.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("pytest_benchmark")

ROOT = Path(__file__).resolve().parents[1]


def _run(cache: Path) -> None:
    env = {**os.environ, "AOS_CACHE_DIR": str(cache), "NO_COLOR": "1"}
    subprocess.run(
        [sys.executable, "-m", "aos_cli", "warscroll", "list"],
        check=True,
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
    )


def test_warscroll_list_cold_cache(benchmark, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    cache = tmp_path / "cache"

    def cold() -> None:
        shutil.rmtree(cache, ignore_errors=True)
        _run(cache)

    benchmark.pedantic(cold, rounds=5, iterations=1)


def test_warscroll_list_warm_cache(benchmark, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    cache = tmp_path / "cache"
    _run(cache)
    benchmark.pedantic(_run, args=(cache,), rounds=5, iterations=1)
