"""The luck report read from a game's stored events (issue 25 item 4): the attacks' expected
and actual damage come from what the rules decided, and agree with the replayed log."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from aos_cli.app.games import load
from aos_cli.app.history import history
from aos_cli.core.events import AttackResolved
from aos_cli.store import Store
from aos_cli.views.report import attack_entries, report_json
from tests.cli.test_events_cli import _attacks_game


def test_aos2_s14_the_luck_report_reads_the_stored_attacks_as_a_replay_logs_them(
    tmp_path: Path,
) -> None:
    """AoS2 §14: each attack's expected damage (its exact mean) and actual damage, stored with
    it, are the luck report's figures; the report from them is the report a replay gives."""
    db = tmp_path / "games.sqlite3"
    _attacks_game(db)
    with Store(db) as store:
        game = store.current_game_id() or 0
        events = [event for entry in history(store, game) for event in entry.events]
        state = load(store, game).state
    attacks = attack_entries(events)
    assert attacks == state.attack_log and len(attacks) == 3
    assert report_json(state, attacks) == report_json(state)
    older = [replace(e, expected=-1.0) if isinstance(e, AttackResolved) else e for e in events]
    assert attack_entries(older) is None  # stored before the expected damage was kept
