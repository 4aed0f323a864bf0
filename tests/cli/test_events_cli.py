"""A game's log for programs holds events with fields, not sentences (issue 25 item 4)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.conftest import CliResult, RunCli


def aos(run_cli: RunCli, db: Path, *args: str, input: str | None = None) -> CliResult:
    result = run_cli(*args, "--db", str(db), input=input)
    assert result.exit_code == 0, result.stderr
    return result


def _chainrasps(run_cli: RunCli, db: Path) -> int:
    data = json.loads(aos(run_cli, db, "status", "--json").stdout)
    units = {u["id"]: u for side in data["sides"] for u in side["units"]}
    return int(units["chainrasps"]["models"])


def test_a_seeded_shot_is_logged_as_an_attack_with_its_counts(
    run_cli: RunCli, tmp_path: Path
) -> None:
    """AoS2 §14: an attack's log entry gives the attacks, hits, wounds, saves, damage and
    models slain as fields, each weapon's dice beside them; the stored event and the one a
    replay makes agree."""
    db = tmp_path / "games.sqlite3"
    aos(run_cli, db, "game", "new", "--seed", "1")
    aos(run_cli, db, "priority", "--first", "Player One", "--seed", "1")
    aos(run_cli, db, "next")
    aos(run_cli, db, "next")
    before = _chainrasps(run_cli, db)
    aos(run_cli, db, "shoot", "judicators", "--target", "chainrasps", "--no-cover",
        "--no-engaged", "--seed", "1")  # fmt: skip
    after = _chainrasps(run_cli, db)
    log = json.loads(aos(run_cli, db, "game", "log", "--json").stdout)
    shot = log[-1]
    assert shot["kind"] == "shoot" and "events" not in shot["payload"]
    event, removed, *scored = shot["events"]
    assert event["kind"] == "attack" and removed["kind"] == "models-slain"
    # the battleplan's first blood: a command point, and its points for the models slain
    # (as many as the seeded shot slew: the Nighthaunt allegiance's ward saves some)
    assert [(e["kind"], e["points"], e["command_points"]) for e in scored] == [
        ("points-scored", 0, 1),
        ("points-scored", before - after, 0),
    ]
    assert (event["attacker"], event["target"]) == ("judicators", "chainrasps")
    assert (event["round"], event["phase"], event["side"]) == (1, "shooting", 0)
    assert event["attacks"] == sum(w["attacks"] for w in event["weapons"]) > 0
    assert event["hits"] == sum(w["hits"] for w in event["weapons"])
    assert (
        event["saves"] + event["unsaved"]
        == event["wounds"]
        <= event["hits"] + sum(len(w["hit_rolls"]) for w in event["weapons"])
    )
    assert all(len(w["hit_rolls"]) >= w["attacks"] for w in event["weapons"])
    assert event["slain"] == before - after == removed["slain"] > 0
    assert (removed["unit"], removed["left"], removed["by_side"]) == ("chainrasps", after, 0)
    # the event stored with the action is the one the log reads back
    from aos_cli.app.history import history
    from aos_cli.store import Store

    with Store(db) as store:
        entries = history(store, store.current_game_id() or 0)
        stored = store.actions(store.current_game_id() or 0)[-1].payload["events"]
    assert stored == [e.to_data() for e in entries[-1].events] == shot["events"]


def test_a_battleshock_test_is_logged_with_its_die_and_the_models_that_fled(
    run_cli: RunCli, tmp_path: Path
) -> None:
    """AoS2 §12: the test's die plus the models slain this turn against Bravery, as fields;
    fled models are removed as casualties (`how`: fled) for the side that caused the test."""
    db = tmp_path / "games.sqlite3"
    aos(run_cli, db, "game", "new", "--seed", "1")
    aos(run_cli, db, "priority", "--first", "Player One", "--seed", "1")
    aos(run_cli, db, "next")
    aos(run_cli, db, "next")
    aos(run_cli, db, "shoot", "judicators", "--target", "chainrasps", "--no-cover",
        "--no-engaged", "--seed", "1")  # fmt: skip
    for _ in range(3):
        aos(run_cli, db, "next")
    aos(run_cli, db, "battleshock", "--seed", "2")
    events = json.loads(aos(run_cli, db, "game", "log", "--json").stdout)[-1]["events"]
    test = next(e for e in events if e["kind"] == "battleshock")
    # the seeded shot slays 3 (the Nighthaunt allegiance's ward negates none of them)
    assert test["unit"] == "chainrasps" and test["slain"] == 3
    assert test["roll"] == max(1, test["die"] + test["slain"] + test["modifier"])
    assert test["passed"] == (test["fled"] == 0)
    fled = [e for e in events if e["kind"] == "models-slain" and e["how"] == "fled"]
    assert sum(e["slain"] for e in fled) == test["fled"]


LOGGED_GAME = (
    ("game", "new", "--battleplan", "first-blood"),
    ("priority", "--first", "Player One", "--seed", "1"),
    ("next",),
    ("move", "liberators"),
    ("run", "judicators", "--seed", "2"),
    ("next",),
    ("next",),
    ("charge", "lord-relictor", "--distance", "9", "--no-engaged", "--seed", "3"),
)
"""A game played in English whose every note is an event the views tell."""


def test_the_log_of_an_english_game_reads_in_hungarian_with_no_rule_run(
    run_cli: RunCli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 25 item 4: the log renders the stored events in the chosen language; it runs no
    rule, and reads exactly as the log a replay in Hungarian gives."""
    import sqlite3

    db = tmp_path / "games.sqlite3"
    for step in LOGGED_GAME:
        aos(run_cli, db, *step)
    english = aos(run_cli, db, "game", "log").stdout
    assert 'Liberators moves (Move 5").' in english

    def no_rules(*args: object, **kwargs: object) -> None:
        raise AssertionError("the log ran a rule")

    with monkeypatch.context() as patched:
        patched.setattr("aos_cli.core.actions.apply_action", no_rules)
        hungarian = aos(run_cli, db, "--lang", "hu", "game", "log").stdout
        assert aos(run_cli, db, "game", "log").stdout == english
    assert 'Liberators mozog (Mozgás 5").' in hungarian
    assert "Kezdés: Player One" in hungarian and "moves" not in hungarian
    with sqlite3.connect(db) as connection:  # an older game: no order of events stored
        rows = connection.execute("SELECT rowid, payload FROM actions").fetchall()
        for rowid, payload in rows:
            data = json.loads(payload)
            data.pop("told", None)
            connection.execute(
                "UPDATE actions SET payload = ? WHERE rowid = ?", (json.dumps(data), rowid)
            )
    assert aos(run_cli, db, "--lang", "hu", "game", "log").stdout == hungarian
    assert aos(run_cli, db, "game", "log").stdout == english
