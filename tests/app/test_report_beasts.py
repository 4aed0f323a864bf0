"""The battle report of a game with Ghur's monstrous beasts (seed 000 p.16) folded from its
stored events with no rule run, as a replay gives it (issue 25 item 4)."""

from __future__ import annotations

from pathlib import Path

import pytest

from aos_cli.app.games import load
from aos_cli.app.history import report_state
from aos_cli.store import Store
from tests.app.test_report_state import _seen, no_rules
from tests.cli.test_beasts_cli import MONSTER
from tests.conftest import RunCli


def test_p16_ghur_monstrous_beast_reports_from_its_events(
    run_cli: RunCli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A beast set up, joined to the army opposing its prey and slain: the report reads it
    from the stored snapshot and events, never running a rule, and equals the replay's."""
    content = tmp_path / "content"
    content.mkdir()
    (content / "beast.yaml").write_text(MONSTER, encoding="utf-8")
    db = tmp_path / "games.sqlite3"
    steps = [
        ("game", "new", "--seed", "1", "--realm", "ghur", "--realmscape", "savage-hinterlands"),
        ("beast", "Test Beast", "--content", str(content), "--answer", "beast-clear=yes"),
        ("beast", "--none"),
        ("priority", "--seed", "2", "--answer", "take-first=yes",
         "--answer", "prey-tie:test-beast=no", "--answer", "prey-nearer:test-beast=no"),
        ("adjust", "test-beast", "--models", "-1", "--slain-by", "Player Two"),
    ]  # fmt: skip
    for step in steps:
        done = run_cli(*step, "--db", str(db))
        assert done.exit_code == 0, done.stderr
    with Store(db) as store:
        game = store.current_game_id() or 0
        replayed = load(store, game).state
        with monkeypatch.context() as patched:
            patched.setattr("aos_cli.core.actions.apply_action", no_rules)
            patched.setattr("aos_cli.app.games.apply_action", no_rules)
            folded = report_state(store, game)
    beast = next(u for u in folded.sides[0].units if u.spec.id == "test-beast")
    assert beast.beast and beast.prey == 1 and not beast.alive
    assert _seen(folded) == _seen(replayed)
