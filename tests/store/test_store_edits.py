"""A games database that aos cannot write, or that was edited by hand, ends in one line naming
the game and the row, exit 1 (issue 16 item 13); Ctrl-C says what was kept (item 15)."""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

import pytest

from aos_cli.core.errors import GameError
from aos_cli.store import Store
from tests.conftest import RunCli


@pytest.fixture
def db(run_cli: RunCli, tmp_path: Path) -> Path:
    """A database with one demo game and one action (a priority roll-off)."""
    path = tmp_path / "games.sqlite3"
    assert run_cli("game", "new", "--system", "aos2", "--db", str(path)).exit_code == 0
    assert run_cli("priority", "--db", str(path), "--seed", "1").exit_code == 0
    return path


def _edit(path: Path, sql: str, *params: object) -> None:
    with sqlite3.connect(path) as conn:
        conn.execute(sql, params)


def test_a_store_that_cannot_write_says_read_only(db: Path) -> None:
    with Store(db) as store:
        store._conn.execute("PRAGMA query_only = ON")
        with pytest.raises(GameError, match="read-only: nothing was recorded"):
            store.append(1, "next", {}, [])
        with pytest.raises(GameError, match="read-only"):
            store.undo(1)
        assert len(store.actions(1)) == 1


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() == 0, reason="root writes anyway")
def test_a_read_only_file_says_so(run_cli: RunCli, db: Path) -> None:
    db.chmod(0o444)
    try:
        result = run_cli("undo", "--db", str(db))
    finally:
        db.chmod(0o644)
    assert result.exit_code == 1
    assert "read-only" in result.stderr


@pytest.mark.parametrize(
    ("sql", "params", "named"),
    [
        ("UPDATE actions SET payload = ?", ("{not json",), "game 1, action 1: its payload"),
        ("UPDATE actions SET payload = ?", ("[1, 2]",), "game 1, action 1: its payload"),
        ("UPDATE actions SET dice = ?", ("[7]",), "game 1, action 1: its dice"),
        ("UPDATE actions SET dice = ?", (b"\x1b[2J\xff",), "game 1, action 1: its dice"),
        ("UPDATE actions SET created_at = ?", ("yesterday",), "game 1, action 1"),
        ("UPDATE games SET setup = ?", ('"a string"',), "game 1: its set-up"),
        ("UPDATE games SET created_at = ?", ("\x1b[2J",), "game 1 has a timestamp"),
        ("UPDATE games SET name = ?", (b"\x1b[2J\xff\x00",), "game 1 has a name"),
    ],
)
def test_a_hand_edited_row_is_one_line_naming_it(
    run_cli: RunCli, db: Path, sql: str, params: tuple[object, ...], named: str
) -> None:
    _edit(db, sql, *params)
    result = run_cli("status", "--db", str(db), "--game", "1")
    assert result.exit_code == 1, result.stderr
    assert result.stderr.count("\n") == 1
    assert named in result.stderr
    assert "changed outside aos" in result.stderr
    assert "\x1b" not in result.stderr and "\xff" not in result.stderr


def test_ctrl_c_exits_130_saying_what_was_kept(
    run_cli: RunCli, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Item 15: Typer turned Ctrl-C into a silent Exit(130)."""

    def interrupted(*args: object, **kwargs: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr("aos_cli.core.dice.parse_dice", interrupted)
    result = run_cli("roll", "dice", "D6")
    assert result.exit_code == 130
    assert "stopped; every action already recorded is kept" in result.stderr
