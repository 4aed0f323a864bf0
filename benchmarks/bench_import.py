"""Start-up with every catalogue of the game imported (issue 15): `aos warscroll show` and
`aos status` against the bundled content alone, warm cache, each round a fresh process.

The shared BattleScribe data holds 283 units; it is imported three times over (ids and names
made distinct) to stand for the ~900 units of the whole game. Skipped when the data is absent.

Run: python -m pytest benchmarks/bench_import.py --benchmark-only
By hand: /usr/bin/time -f %e aos warscroll show "Lord of Change" with AOS_CONTENT set to the
imported folder (see `_imported`).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("pytest_benchmark")

ROOT = Path(__file__).resolve().parents[1]
DATA = Path(os.environ.get("AOS_BSDATA", ROOT.parent / "shared" / "data" / "bsdata-aos2"))
pytestmark = pytest.mark.skipif(not DATA.is_dir(), reason="the shared BattleScribe data is absent")


@pytest.fixture(scope="module")
def imported(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """About 850 imported warscrolls in one content folder."""
    import yaml

    from aos_cli.content.importers.battlescribe import import_into

    out = tmp_path_factory.mktemp("content")
    import_into([DATA], out)
    for copy in (2, 3):
        for path in sorted(out.glob("imported-*.yaml")):
            if "-copy" in path.name:
                continue
            data = yaml.safe_load(path.read_text(encoding="utf-8"))
            for scroll in data["warscrolls"]:
                scroll["id"] = f"{scroll['id']}-copy{copy}"
                scroll["name"] = f"{scroll['name']} (copy {copy})"
            target = out / f"{path.stem}-copy{copy}.yaml"
            target.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    return out


def _env(tmp: Path, content: Path | None) -> dict[str, str]:
    env = {
        **os.environ,
        "AOS_CACHE_DIR": str(tmp / "cache"),
        "AOS_DATA_DIR": str(tmp / "data"),
        "AOS_DB": str(tmp / "games.sqlite3"),
        "NO_COLOR": "1",
    }
    env.pop("AOS_CONTENT", None)
    if content is not None:
        env["AOS_CONTENT"] = str(content)
    return env


def _run(env: dict[str, str], *args: str) -> None:
    subprocess.run(
        [sys.executable, "-m", "aos_cli", *args],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        check=False,
    )


def _game(env: dict[str, str]) -> None:
    armies = ROOT / "warscrolls" / "armies"
    _run(
        env,
        "game",
        "new",
        "--army",
        str(armies / "stormcast-demo.yaml"),
        "--army",
        str(armies / "nighthaunt-demo.yaml"),
        "--battleplan",
        "first-blood",
    )


@pytest.mark.parametrize("with_imports", [False, True], ids=["bundled", "imported-850"])
def test_warscroll_show_warm(benchmark, tmp_path: Path, imported: Path, with_imports: bool) -> None:  # type: ignore[no-untyped-def]
    env = _env(tmp_path, imported if with_imports else None)
    _run(env, "warscroll", "show", "Lord-Celestant on Stardrake")
    benchmark.pedantic(
        _run, args=(env, "warscroll", "show", "Lord-Celestant on Stardrake"), rounds=5
    )


@pytest.mark.parametrize("with_imports", [False, True], ids=["bundled", "imported-850"])
def test_status_warm(benchmark, tmp_path: Path, imported: Path, with_imports: bool) -> None:  # type: ignore[no-untyped-def]
    env = _env(tmp_path, imported if with_imports else None)
    _game(env)
    _run(env, "status")
    benchmark.pedantic(_run, args=(env, "status"), rounds=5)
