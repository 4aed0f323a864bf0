"""Issue 26 item 10: every roll can be seeded and typed, `aos next` and `aos move` included."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from aos_cli.store import Store
from tests.conftest import RunCli

GOLDEN = Path(__file__).parents[1] / "golden"


@pytest.fixture
def db(tmp_path: Path) -> Path:
    """The golden small armies fighting in Ghur, whose Primal Violence rolls after combat."""
    path = tmp_path / "games.sqlite3"
    setup = yaml.safe_load((GOLDEN / "armies_small.yaml").read_text())
    setup.update(realm="ghur", realmscape="primal-violence")
    with Store(path) as store:
        store.create_game("ghur", setup)
    return path


def test_aos2_p12_next_and_move_take_seeded_or_typed_dice(run_cli: RunCli, db: Path) -> None:
    """The dice `aos next` rolls (Primal Violence here; coalition objective points, Deadly
    terrain) are typed with `--dice manual` or repeated with `--seed`; `aos move` the same."""
    base = ("--db", str(db))
    assert run_cli("priority", "--seed", "1", "--first", "Stormcast", *base).exit_code == 0
    assert run_cli("next", "--seed", "3", *base).exit_code == 0
    moved = run_cli("move", "liberators", "--seed", "4", *base)
    assert moved.exit_code == 0, moved.stderr
    for _ in range(3):
        assert run_cli("next", "--seed", "5", *base).exit_code == 0
    typed = run_cli("next", "--dice", "manual", *base, input="6\n")
    assert typed.exit_code == 0, typed.stderr
    assert "Primal Violence: rolled a 6" in typed.stdout
