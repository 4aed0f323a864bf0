"""Abilities and spells in a game's log (issue 25 item 4): their notes are events stored with
the action, so a game played in English reads in Hungarian from the store, running no rule."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.conftest import CliResult, RunCli

GAME = (
    ("game", "new", "--battleplan", "first-blood"),
    ("priority", "--first", "Player One", "--seed", "1"),
    ("ability", "lord-castellant", "warding", "--target", "liberators", "--target-in-range"),
    ("cast", "knight-incantor", "Mystic Shield", "--target", "liberators", "--target-in-range",
     "--seed", "1"),
    ("unbind", "--pass"),
)  # fmt: skip
"""Warding Lantern (AoS2 §21), Mystic Shield cast (AoS2 §15) and let through."""


def aos(run_cli: RunCli, db: Path, *args: str) -> CliResult:
    result = run_cli(*args, "--db", str(db))
    assert result.exit_code == 0, result.stderr
    return result


def test_abilities_and_spells_read_in_hungarian_from_the_store(
    run_cli: RunCli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The log of the ability and the spell reads in another language with no rule run, and
    as the replay of the same game in that language reads."""
    import sqlite3

    db = tmp_path / "games.sqlite3"
    for step in GAME:
        aos(run_cli, db, *step)
    english = aos(run_cli, db, "game", "log").stdout
    assert "Warding Lantern is in force on Liberators until your next hero phase." in english
    assert "Knight-Incantor casts Mystic Shield with 7." in english
    assert "No unbind attempt: Mystic Shield takes effect." in english
    assert "Mystic Shield: Liberators rerolls save rolls of 1 until your next hero phase." in (
        english
    )
    log = json.loads(aos(run_cli, db, "game", "log", "--json").stdout)
    assert next(e for e in log if e["kind"] == "ability")["events"] == [
        {"kind": "ability-in-force", "source": "Warding Lantern", "units": ["liberators"],
         "unit_names": ["Liberators"], "until": "your_next_hero"},
    ]  # fmt: skip

    def no_rules(*args: object, **kwargs: object) -> None:
        raise AssertionError("the log ran a rule")

    with monkeypatch.context() as patched:
        patched.setattr("aos_cli.core.actions.apply_action", no_rules)
        hungarian = aos(run_cli, db, "--lang", "hu", "game", "log").stdout
        assert aos(run_cli, db, "game", "log").stdout == english
    assert "Mystic Shield" not in hungarian and "Liberators" in hungarian
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
