"""Start-up of `aos warscroll show/list` and `aos status` with every shared AoS2 catalogue
imported (about 280 warscrolls beside the bundled ones), warm cache.

Run: python -m pytest benchmarks/bench_imported_content.py --benchmark-only
Skipped when the shared BattleScribe data (../shared/data/bsdata-aos2) is not there. Each round
is a fresh process; compare with `python benchmarks/bare_typer_rich.py` (the start-up bound).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("pytest_benchmark")

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT.parent / "shared" / "data" / "bsdata-aos2"
ARMIES = ROOT / "warscrolls" / "armies"


@pytest.fixture(scope="module")
def imported(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """An environment whose content folder holds every shared catalogue, imported once."""
    if not DATA.is_dir():
        pytest.skip(f"no shared BattleScribe data at {DATA}")
    base = tmp_path_factory.mktemp("imported")
    env = {
        **os.environ,
        "AOS_CONTENT": str(base / "content"),
        "AOS_CACHE_DIR": str(base / "cache"),
        "AOS_DATA_DIR": str(base / "data"),
        "AOS_DB": str(base / "games.db"),
        "NO_COLOR": "1",
    }
    (base / "content").mkdir()
    _aos(env, "warscroll", "import", str(DATA), "--out", str(base / "content"))
    _aos(
        env, "game", "new", "--army", str(ARMIES / "stormcast-demo.yaml"),
        "--army", str(ARMIES / "nighthaunt-demo.yaml"), "--battleplan", "first-blood",
    )  # fmt: skip
    _aos(env, "warscroll", "list")  # the cache is warm from here on
    return env


def _aos(env: dict[str, str], *args: str) -> None:
    subprocess.run(
        [sys.executable, "-m", "aos_cli", *args],
        check=True,
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
    )


@pytest.mark.parametrize(
    "command",
    [("warscroll", "show", "Lord-Celestant"), ("warscroll", "list"), ("status",)],
    ids=["warscroll-show", "warscroll-list", "status"],
)
def test_start_up_with_imported_content(
    benchmark, imported: dict[str, str], command: tuple[str, ...]
) -> None:  # type: ignore[no-untyped-def]
    benchmark.pedantic(_aos, args=(imported, *command), rounds=5, iterations=1)


def test_bare_typer_rich(benchmark) -> None:  # type: ignore[no-untyped-def]
    """The bound the commands are held to (1.3x this)."""
    bare = [sys.executable, str(ROOT / "benchmarks" / "bare_typer_rich.py")]
    benchmark.pedantic(
        subprocess.run, args=(bare,), kwargs={"check": True, "stdout": subprocess.DEVNULL},
        rounds=5, iterations=1,
    )  # fmt: skip
