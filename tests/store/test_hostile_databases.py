"""A games database from someone else (issue 32 items 3 and 5): planted triggers and views,
foreign tables, indexes and columns, damaged pages and headers, and rows edited by hand are
each refused in one line on stderr, exit 1, no traceback; nothing planted ever runs."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from aos_cli.core.errors import GameError
from aos_cli.store import Store
from tests.conftest import RunCli


def _one_line(result: object) -> None:
    code, stderr = result.exit_code, result.stderr  # type: ignore[attr-defined]
    assert code == 1, stderr
    assert stderr.count("\n") == 1 and "Traceback" not in stderr, stderr


@pytest.fixture
def played(run_cli: RunCli, tmp_path: Path) -> Path:
    """A database with one game and a few actions, closed (checkpointed) after."""
    db = tmp_path / "games.sqlite3"
    assert run_cli("game", "new", "--seed", "1", "--db", str(db)).exit_code == 0
    for argv in (["priority"], ["next"], ["next"], ["next"]):
        result = run_cli(*argv, "--db", str(db))
        assert result.exit_code == 0, result.stderr
    return db


def _edit(db: Path, *statements: str) -> None:
    conn = sqlite3.connect(db)
    with conn:
        for statement in statements:
            conn.execute(statement)
    conn.close()


def _live_actions(db: Path) -> int:
    conn = sqlite3.connect(db)
    count = int(conn.execute("SELECT COUNT(*) FROM actions").fetchone()[0])
    conn.close()
    return count


PLANTED = {
    "trigger": "CREATE TRIGGER wipe AFTER INSERT ON actions BEGIN DELETE FROM actions; END",
    "update trigger": "CREATE TRIGGER wipe2 AFTER UPDATE ON games BEGIN DELETE FROM actions; END",
    "view": "CREATE VIEW everything AS SELECT * FROM actions",
    "table": "CREATE TABLE extra (x TEXT)",
    "index": "CREATE INDEX mine ON games (name)",
    "column": "ALTER TABLE games ADD COLUMN note TEXT",
    "dropped index": "DROP INDEX actions_live_seq",
}


@pytest.mark.parametrize("kind", list(PLANTED))
def test_a_planted_schema_object_is_refused_and_never_runs(
    run_cli: RunCli, played: Path, kind: str
) -> None:
    """The `aos adjust` that exited 0 while a trigger deleted the whole history: now every
    command refuses the file in one line before writing, and the actions are all there."""
    before = _live_actions(played)
    _edit(played, PLANTED[kind])
    for argv in (["next"], ["adjust", "judicators", "--wounds", "1"], ["status"], ["game", "list"]):
        result = run_cli(*argv, "--db", str(played))
        _one_line(result)
        assert "is not an aos database" in result.stderr
    assert _live_actions(played) == before


def test_schema_functions_are_not_trusted(tmp_path: Path) -> None:
    with Store(tmp_path / "g.sqlite3") as store:
        assert store._conn.execute("PRAGMA trusted_schema").fetchone()[0] == 0


def _corrupt(db: Path, offset: int, length: int) -> None:
    data = bytearray(db.read_bytes())
    data[offset : offset + length] = b"\xa5" * length
    db.write_bytes(bytes(data))


@pytest.mark.parametrize(
    ("offset", "length"), [(16, 84), (100, 400), (4096, 4096), (8192, 2048), (4096 * 3, 4096)]
)
def test_a_damaged_header_or_page_is_one_line(
    run_cli: RunCli, played: Path, offset: int, length: int
) -> None:
    """DatabaseError ("database disk image is malformed") once passed the OperationalError
    handlers as a traceback."""
    if played.stat().st_size < offset + 1:
        pytest.skip("the database is smaller than this page")
    _corrupt(played, offset, length)
    for argv in (["status"], ["game", "list"], ["game", "log"], ["next"], ["undo"]):
        result = run_cli(*argv, "--db", str(played))
        assert result.exit_code in (0, 1), result.stderr
        assert "Traceback" not in result.stderr
        if result.exit_code:
            assert result.stderr.count("\n") == 1


HAND_EDITS = [
    "UPDATE games SET setup = '{}'",
    "UPDATE games SET setup = '{\"sides\": 5}'",
    "UPDATE games SET setup = '{\"system\": []}'",
    'UPDATE games SET setup = \'{"sides": [{"units": 3}, {}]}\'',
    'UPDATE games SET setup = \'{"system": "aos2", "battleplan": {"x": 1}}\'',
    "UPDATE games SET revision = 'abc'",
    "UPDATE games SET revision = 1.5",
    "UPDATE games SET created_at = 'yesterday', name = 5",
    "UPDATE actions SET seq = 'two' WHERE seq = 2",
    "UPDATE actions SET payload = '[]' WHERE seq = 1",
    "UPDATE meta SET value = 'v2' WHERE key = 'schema_version'",
    "UPDATE meta SET value = '" + "9" * 40 + "' WHERE key = 'schema_version'",
    "UPDATE meta SET value = 'x' WHERE key = 'current_game'",
]


@pytest.mark.parametrize("statement", HAND_EDITS)
def test_a_row_edited_by_hand_is_one_line(run_cli: RunCli, played: Path, statement: str) -> None:
    """Hand-edited set-up or revision rows once raised KeyError, AttributeError, ValueError."""
    _edit(played, statement)
    for argv in (["status"], ["game", "list"], ["next"], ["game", "report"], ["undo"]):
        result = run_cli(*argv, "--db", str(played))
        assert "Traceback" not in result.stderr
        assert result.exit_code in (0, 1), result.stderr
        if result.exit_code:
            assert result.stderr.count("\n") == 1, result.stderr


def test_a_fresh_and_a_migrated_database_pass_the_schema_check(tmp_path: Path) -> None:
    with Store(tmp_path / "new.sqlite3") as store:
        store.create_game("one", {"system": "aos2"})
    with Store(tmp_path / "new.sqlite3") as store:
        assert [g.name for g in store.list_games()] == ["one"]


def test_a_planted_trigger_is_refused_by_the_store_itself(tmp_path: Path) -> None:
    db = tmp_path / "g.sqlite3"
    Store(db).close()
    _edit(db, PLANTED["trigger"])
    with pytest.raises(GameError, match="holds a trigger aos did not make"):
        Store(db)


@pytest.mark.parametrize("kind", ["fifo", "device", "folder"])
def test_a_db_path_that_is_not_a_file_is_one_line(
    run_cli: RunCli, tmp_path: Path, kind: str
) -> None:
    """A FIFO, /dev/zero or a folder as --db is refused before SQLite opens it."""
    import os

    path = {"fifo": tmp_path / "pipe.db", "device": Path("/dev/zero"), "folder": tmp_path}[kind]
    if kind == "fifo":
        os.mkfifo(path)
    result = run_cli("status", "--db", str(path))
    _one_line(result)
    assert "not a games database" in result.stderr
