"""The SQLite event store: round trips, undo, conflicts, schema versions, crashes, concurrency.

Every test uses a real database file under tmp_path; the crash and concurrency tests run the
store in separate Python processes and kill or race them for real.
"""

from __future__ import annotations

import hashlib
import itertools
import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from aos_cli.core.errors import GameError
from aos_cli.store import (
    CONFLICT_MESSAGE,
    SCHEMA_VERSION,
    ActionRecord,
    Store,
    default_db_path,
)

REPO = Path(__file__).resolve().parents[2]
SETUP: dict[str, Any] = {"battleplan": "Take and Hold", "armies": ["a.yaml", "b.yaml"]}


def _child_env() -> dict[str, str]:
    """The environment for a child Python that imports this checkout's aos_cli."""
    env = dict(os.environ)
    env["PYTHONPATH"] = str(REPO) + os.pathsep + env.get("PYTHONPATH", "")
    return env


def _spawn(code: str, *args: object) -> subprocess.Popen[str]:
    """Start `python -c code args...` with pipes for stdin, stdout and stderr."""
    return subprocess.Popen(
        [sys.executable, "-c", code, *map(str, args)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=_child_env(),
        cwd=REPO,
    )


def _read_line(proc: subprocess.Popen[str]) -> str:
    """One line from a child, failing with its stderr if it died instead."""
    assert proc.stdout is not None
    line = proc.stdout.readline()
    if not line:
        proc.wait(5)
        assert proc.stderr is not None
        pytest.fail(f"child exited {proc.returncode}: {proc.stderr.read()}")
    return line.rstrip("\n")


def _finish(proc: subprocess.Popen[str], timeout: float) -> int:
    """Close the child's stdin, wait for it to end and close its pipes; its exit code."""
    proc.communicate(timeout=timeout)
    return proc.returncode


def _send(proc: subprocess.Popen[str], line: str) -> None:
    """Write one command line to a child's stdin."""
    assert proc.stdin is not None
    proc.stdin.write(line + "\n")
    proc.stdin.flush()


def _integrity(db: Path) -> None:
    """The file passes SQLite's own integrity and foreign-key checks."""
    conn = sqlite3.connect(db)
    try:
        assert conn.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
        assert conn.execute("PRAGMA foreign_key_check").fetchall() == []
    finally:
        conn.close()


def _live(store: Store, game: int) -> list[tuple[str, dict[str, Any], list[int]]]:
    """A game's live actions reduced to what a model list holds."""
    return [(a.kind, a.payload, a.dice) for a in store.actions(game)]


@pytest.fixture
def store(tmp_path: Path) -> Any:
    """A fresh store in a nested folder that does not exist yet."""
    with Store(tmp_path / "nested" / "dir" / "games.sqlite3") as opened:
        yield opened


# ----------------------------------------------------------------------------- round trips


def test_games_round_trip(store: Store) -> None:
    """create/list/game/find/setup/current agree with what was created, ids never reused."""
    assert store.list_games() == []
    assert store.current_game_id() is None
    first = store.create_game("Border War", SETUP)
    second = store.create_game("Gnarlwood ambush", {"x": [1, 2, {"y": None}]}, system="aos1")
    assert store.current_game_id() == second
    games = store.list_games()
    assert [(g.id, g.name, g.system, g.ended, g.action_count) for g in games] == [
        (first, "Border War", "aos2", False, 0),
        (second, "Gnarlwood ambush", "aos1", False, 0),
    ]
    assert store.game(first) == games[0]
    assert games[0].created_at.tzinfo is not None
    assert store.setup(first) == SETUP
    assert store.setup(second) == {"x": [1, 2, {"y": None}]}
    assert store.find_game(str(first)).id == first
    assert store.find_game("border WAR").id == first
    assert store.find_game("  gnarlwood AMBUSH ").id == second
    store.set_current_game(first)
    assert store.current_game_id() == first
    store.set_current_game(None)
    assert store.current_game_id() is None
    store.set_current_game(second)
    store.delete_game(second)
    assert store.current_game_id() is None
    assert [g.id for g in store.list_games()] == [first]
    third = store.create_game("Later", {})
    assert third > second


def test_missing_games_are_game_errors(store: Store) -> None:
    """Unknown ids and names give one-line GameErrors, with suggestions when a name is close."""
    store.create_game("Border War", SETUP)
    store.create_game("Twin", {})
    store.create_game("twin", {})
    with pytest.raises(GameError, match=r"^no game 99; see `aos game list`$"):
        store.game(99)
    for call in (store.setup, store.actions, store.last_seq, store.undo, store.delete_game):
        with pytest.raises(GameError, match="no game 99"):
            call(99)
    with pytest.raises(GameError, match="no game 99"):
        store.append(99, "move", {}, [])
    with pytest.raises(GameError, match="no game 99"):
        store.set_current_game(99)
    with pytest.raises(GameError, match="did you mean 'Border War'"):
        store.find_game("border wra")
    with pytest.raises(GameError, match=r"^no game 'zzz'; see `aos game list`$"):
        store.find_game("zzz")
    with pytest.raises(GameError, match=r"^no game 42; see `aos game list`$"):
        store.find_game("42")
    with pytest.raises(GameError, match=r"2 games are named 'TWIN' \(ids 2, 3\)"):
        store.find_game("TWIN")


def test_append_actions_undo_round_trip(store: Store) -> None:
    """Appended actions come back in order with payload and dice; undo returns and removes the last."""
    game = store.create_game("g", SETUP)
    assert store.last_seq(game) == 0
    assert store.append(game, "move", {"unit": "Liberators"}, []) == 1
    assert store.append(game, "shoot", {"unit": "Judicators", "n": 1.5}, [6, 1, 3]) == 2
    acts = store.actions(game)
    assert [(a.seq, a.kind, a.payload, a.dice) for a in acts] == [
        (1, "move", {"unit": "Liberators"}, []),
        (2, "shoot", {"unit": "Judicators", "n": 1.5}, [6, 1, 3]),
    ]
    assert store.game(game).action_count == 2
    undone = store.undo(game)
    assert isinstance(undone, ActionRecord)
    assert (undone.seq, undone.kind, undone.dice, undone.undone) == (2, "shoot", [6, 1, 3], True)
    assert store.last_seq(game) == 1
    assert store.append(game, "charge", {}, [4, 5]) == 2
    assert [(a.seq, a.kind) for a in store.actions(game)] == [(1, "move"), (2, "charge")]
    history = store.actions(game, include_undone=True)
    assert [(a.seq, a.kind, a.undone) for a in history] == [
        (1, "move", False),
        (2, "shoot", True),
        (2, "charge", False),
    ]


def test_undo_is_repeatable_down_to_nothing(store: Store) -> None:
    """Undo walks back one action at a time, then returns None and changes nothing."""
    game = store.create_game("g", SETUP)
    for n in range(5):
        store.append(game, "act", {"n": n}, [n + 1])
    for n in reversed(range(5)):
        record = store.undo(game)
        assert record is not None and record.payload == {"n": n}
        assert [a.payload["n"] for a in store.actions(game)] == list(range(n))
    assert store.undo(game) is None
    assert store.undo(game) is None
    assert store.actions(game) == [] and store.last_seq(game) == 0
    assert store.append(game, "again", {}, []) == 1


def test_expected_seq_conflict_writes_nothing(store: Store) -> None:
    """An append with a stale expected_seq raises the conflict GameError and leaves the game as it was."""
    game = store.create_game("g", SETUP)
    store.append(game, "a", {}, [1], expected_seq=0)
    store.append(game, "b", {}, [2], expected_seq=1)
    before = store.actions(game, include_undone=True)
    updated = store.game(game).updated_at
    for stale in (0, 1, 3):
        with pytest.raises(GameError) as caught:
            store.append(game, "c", {"x": 1}, [3], expected_seq=stale)
        assert str(caught.value) == CONFLICT_MESSAGE
    assert store.actions(game, include_undone=True) == before
    assert store.game(game).updated_at == updated
    assert store.append(game, "c", {}, [3], expected_seq=2) == 3


def test_revision_catches_undo_then_append(tmp_path: Path) -> None:
    """After another terminal undoes and appends, the last seq is back where it was (so
    expected_seq cannot tell) but the revision has moved on, so expected_revision refuses."""
    db = tmp_path / "games.sqlite3"
    with Store(db) as mine, Store(db) as theirs:
        game = mine.create_game("g", SETUP)
        mine.append(game, "a", {}, [1])
        mine.append(game, "b", {}, [2])
        seen_seq, seen_revision = mine.last_seq(game), mine.revision(game)
        assert mine.game(game).revision == seen_revision == 2
        theirs.undo(game)
        theirs.append(game, "c", {}, [3])
        assert mine.last_seq(game) == seen_seq  # the ABA case
        with pytest.raises(GameError, match="changed while you were acting"):
            mine.append(game, "d", {}, [4], expected_revision=seen_revision)
        with pytest.raises(GameError, match="changed while you were acting"):
            mine.undo(game, expected_revision=seen_revision)
        assert [a.kind for a in mine.actions(game)] == ["a", "c"]
        assert mine.revision(game) == 4
        mine.append(game, "d", {}, [4], expected_seq=2, expected_revision=4)
        assert mine.revision(game) == 5


def test_guarded_undo_takes_back_one_action(tmp_path: Path) -> None:
    """Two terminals that both saw seq 3 and both undo with expected_seq take back one action."""
    db = tmp_path / "games.sqlite3"
    with Store(db) as one, Store(db) as two:
        game = one.create_game("g", SETUP)
        for n in range(3):
            one.append(game, "a", {"n": n}, [])
        record = one.undo(game, expected_seq=3)
        assert record is not None and record.seq == 3
        with pytest.raises(GameError, match="changed while you were acting"):
            two.undo(game, expected_seq=3)
        assert two.last_seq(game) == 2


def test_games_are_independent(store: Store) -> None:
    """Each game has its own seq numbering; deleting one removes only its actions."""
    one = store.create_game("one", {})
    two = store.create_game("two", {})
    store.append(one, "a", {}, [])
    store.append(two, "b", {}, [])
    store.append(one, "c", {}, [])
    assert [a.seq for a in store.actions(one)] == [1, 2]
    assert [a.seq for a in store.actions(two)] == [1]
    store.delete_game(one)
    assert [a.kind for a in store.actions(two)] == ["b"]
    with store.transaction() as conn:
        assert conn.execute("SELECT COUNT(*) FROM actions").fetchone() == (1,)


def test_ended_game_takes_no_more_actions(store: Store) -> None:
    """end_game records the result; afterwards append and undo are refused and write nothing."""
    game = store.create_game("g", SETUP)
    store.append(game, "a", {}, [])
    assert store.result(game) is None
    store.end_game(game, {"winner": "Stormcast", "vp": [7, 3]})
    assert store.game(game).ended is True
    assert store.result(game) == {"winner": "Stormcast", "vp": [7, 3]}
    with pytest.raises(GameError, match="has ended"):
        store.append(game, "b", {}, [])
    with pytest.raises(GameError, match="has ended"):
        store.undo(game)
    assert [a.kind for a in store.actions(game)] == ["a"]


def test_transaction_rolls_back_everything(store: Store) -> None:
    """An exception inside transaction() undoes every write in it, nested ones included."""
    game = store.create_game("g", SETUP)
    store.append(game, "kept", {}, [])
    with pytest.raises(RuntimeError), store.transaction():
        store.append(game, "lost-1", {}, [1])
        store.set_current_game(None)
        raise RuntimeError("boom")
    assert [a.kind for a in store.actions(game)] == ["kept"]
    assert store.current_game_id() == game
    with store.transaction():
        store.append(game, "both-1", {}, [])
        with pytest.raises(GameError):
            store.append(game, "inner", {}, [], expected_seq=0)  # rolls back its savepoint only
        store.append(game, "both-2", {}, [])
    assert [a.kind for a in store.actions(game)] == ["kept", "both-1", "both-2"]


def test_unserialisable_payload_writes_nothing(store: Store) -> None:
    """A payload that is not JSON (or holds NaN) fails before the transaction starts."""
    game = store.create_game("g", SETUP)
    with pytest.raises(TypeError):
        store.append(game, "bad", {"x": object()}, [])
    with pytest.raises(ValueError):
        store.append(game, "bad", {"x": float("nan")}, [])
    assert store.actions(game, include_undone=True) == []


def test_connection_settings(store: Store) -> None:
    """The store runs in WAL mode with synchronous=FULL (2) and foreign keys on."""
    with store.transaction() as conn:
        assert conn.execute("PRAGMA journal_mode").fetchone() == ("wal",)
        assert conn.execute("PRAGMA synchronous").fetchone() == (2,)
        assert conn.execute("PRAGMA foreign_keys").fetchone() == (1,)
        assert conn.execute("SELECT value FROM meta WHERE key = 'schema_version'").fetchone() == (
            str(SCHEMA_VERSION),
        )


def test_busy_database_is_a_game_error(tmp_path: Path) -> None:
    """A writer that cannot get the lock within the busy timeout gets a GameError, not a traceback."""
    db = tmp_path / "games.sqlite3"
    with Store(db) as holder, Store(db, busy_timeout=0.2) as waiter:
        game = holder.create_game("g", {})
        with holder.transaction():
            started = time.monotonic()
            with pytest.raises(GameError, match="busy"):
                waiter.append(game, "a", {}, [])
            assert time.monotonic() - started >= 0.15
            assert waiter.actions(game) == []  # WAL readers are not blocked by the writer
        assert waiter.append(game, "a", {}, []) == 1


def test_default_db_path(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """AOS_DB wins; otherwise the file lives in the user data directory for aos-cli."""
    monkeypatch.setenv("AOS_DB", str(tmp_path / "x.db"))
    assert default_db_path() == tmp_path / "x.db"
    monkeypatch.delenv("AOS_DB")
    path = default_db_path()
    assert path.name == "games.sqlite3" and "aos-cli" in str(path.parent)


def test_import_is_light() -> None:
    """Importing the store pulls in none of the heavy libraries (it runs on every command)."""
    code = (
        "import sys, aos_cli.store; "
        "print(sorted(m for m in sys.modules if m.split('.')[0] in "
        "{'platformdirs', 'typer', 'rich', 'pydantic', 'yaml', 'hypothesis'}))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=_child_env(), check=True
    )
    assert out.stdout.strip() == "[]"


# ----------------------------------------------------------------------------- model-based

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(2**63), 2**63)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=8),
    lambda children: (
        st.lists(children, max_size=3) | st.dictionaries(st.text(max_size=5), children, max_size=3)
    ),
    max_leaves=6,
)
operations = st.lists(
    st.one_of(
        st.tuples(
            st.just("append"),
            st.text(min_size=1, max_size=6),
            st.dictionaries(st.text(max_size=5), json_values, max_size=3),
            st.lists(st.integers(1, 6), max_size=6),
        ),
        st.tuples(st.just("expect"), st.integers(-1, 1)),
        st.tuples(st.just("revision"), st.integers(-1, 1)),
        st.tuples(st.just("undo")),
        st.tuples(st.just("reopen")),
    ),
    max_size=25,
)


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(ops=operations)
def test_appends_and_undos_match_a_list_model(tmp_path: Path, ops: list[tuple[Any, ...]]) -> None:
    """Any sequence of appends, expected-seq appends, undos and reopenings leaves actions() equal
    to a plain list that appends, pops and refuses stale expectations."""
    db = tmp_path / "model.sqlite3"
    store = Store(db)
    game = store.create_game("model", {})
    model: list[tuple[str, dict[str, Any], list[int]]] = []
    writes = 0  # the model of the revision: one per successful append or undo
    try:
        for op in ops:
            if op[0] == "append":
                _, kind, payload, dice = op
                assert store.append(game, kind, payload, dice) == len(model) + 1
                model.append((kind, payload, dice))
                writes += 1
            elif op[0] == "expect":
                guess = len(model) + op[1]
                entry = ("expect", {"guess": guess}, [op[1] + 2])
                if guess == len(model):
                    store.append(game, *entry, expected_seq=guess)
                    model.append(entry)
                    writes += 1
                else:
                    with pytest.raises(GameError, match="changed while you were acting"):
                        store.append(game, *entry, expected_seq=guess)
            elif op[0] == "revision":
                guess = writes + op[1]
                entry = ("revision", {"guess": guess}, [])
                if guess == writes:
                    store.append(game, *entry, expected_revision=guess)
                    model.append(entry)
                    writes += 1
                else:
                    with pytest.raises(GameError, match="changed while you were acting"):
                        store.append(game, *entry, expected_revision=guess)
            elif op[0] == "undo":
                record = store.undo(game)
                if model:
                    assert record is not None
                    assert (record.kind, record.payload, record.dice) == model.pop()
                    writes += 1
                else:
                    assert record is None
            else:
                store.close()
                store = Store(db)
            assert _live(store, game) == model
            assert [a.seq for a in store.actions(game)] == list(range(1, len(model) + 1))
            assert store.last_seq(game) == len(model) == store.game(game).action_count
            assert store.revision(game) == writes
    finally:
        store.close()


# ----------------------------------------------------------------------------- schema versions

V1_SCHEMA = (
    "CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
    "CREATE TABLE games (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT NOT NULL, "
    "system TEXT NOT NULL, setup TEXT NOT NULL, created_at TEXT NOT NULL, "
    "ended INTEGER NOT NULL DEFAULT 0)",
    "CREATE TABLE actions (game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE, "
    "seq INTEGER NOT NULL, kind TEXT NOT NULL, payload TEXT NOT NULL, dice TEXT NOT NULL, "
    "created_at TEXT NOT NULL, PRIMARY KEY (game_id, seq))",
)
V1_TIME = "2024-01-02T03:04:05.000+00:00"


def _build_v1(db: Path, actions_per_game: int = 3) -> None:
    """Write a schema-1 database by hand: two games, the second current, a few actions each."""
    conn = sqlite3.connect(db)
    with conn:
        for statement in V1_SCHEMA:
            conn.execute(statement)
        conn.execute("INSERT INTO meta VALUES ('schema_version', '1'), ('current_game', '2')")
        for game in (1, 2):
            conn.execute(
                "INSERT INTO games (name, system, setup, created_at) VALUES (?, 'aos2', ?, ?)",
                (f"old {game}", json.dumps({"game": game}), V1_TIME),
            )
            conn.executemany(
                "INSERT INTO actions VALUES (?, ?, 'act', ?, ?, ?)",
                [
                    (game, seq, json.dumps({"seq": seq, "pad": "x" * 200}), "[6]", V1_TIME)
                    for seq in range(1, actions_per_game + 1)
                ],
            )
    conn.close()


def _assert_migrated(db: Path, actions_per_game: int = 3) -> None:
    """The database is at the current schema with every v1 game and action intact and usable."""
    with Store(db) as store:
        with store.transaction() as conn:
            version = conn.execute("SELECT value FROM meta WHERE key = 'schema_version'").fetchone()
        assert version == (str(SCHEMA_VERSION),)
        assert [(g.id, g.name, g.action_count) for g in store.list_games()] == [
            (1, "old 1", actions_per_game),
            (2, "old 2", actions_per_game),
        ]
        assert store.game(1).updated_at == store.game(1).created_at
        assert store.revision(1) == actions_per_game
        assert store.current_game_id() == 2
        assert store.setup(2) == {"game": 2}
        acts = store.actions(2)
        assert [a.seq for a in acts] == list(range(1, actions_per_game + 1))
        assert all(a.payload["seq"] == a.seq and a.dice == [6] for a in acts)
    _integrity(db)


def test_older_schema_is_migrated(tmp_path: Path) -> None:
    """A schema-1 database opens, is upgraded in place with its games and actions intact,
    and then supports undo and append like a new one."""
    db = tmp_path / "old.sqlite3"
    _build_v1(db)
    _assert_migrated(db)
    _assert_migrated(db)  # opening again is a no-op
    with Store(db) as store:
        assert store.undo(2) is not None
        assert store.append(2, "new", {}, [1]) == 3
        assert store.append(1, "new", {}, [1]) == 4
        assert store.result(1) is None


def test_newer_schema_is_refused(tmp_path: Path) -> None:
    """A database stamped with a later schema is refused with the upgrade message and left alone."""
    db = tmp_path / "new.sqlite3"
    with Store(db) as store:
        store.create_game("g", {})
    conn = sqlite3.connect(db)
    with conn:
        conn.execute(
            "UPDATE meta SET value = ? WHERE key = 'schema_version'", (SCHEMA_VERSION + 1,)
        )
    conn.close()
    with pytest.raises(GameError) as caught:
        Store(db)
    assert str(caught.value) == (
        f"this database was written by a newer aos (schema {SCHEMA_VERSION + 1}); upgrade aos-cli"
    )
    conn = sqlite3.connect(db)
    assert conn.execute("SELECT value FROM meta WHERE key = 'schema_version'").fetchone() == (
        str(SCHEMA_VERSION + 1),
    )
    conn.close()
    with pytest.raises(GameError, match="newer aos"):
        Store(db)  # and again: refusing changed nothing


@pytest.mark.parametrize(
    "content",
    [b"this is not a database\n" * 200, b"SQLite format 3\x00" + b"\xff" * 4000],
    ids=["text", "bad-header"],
)
def test_garbage_file_is_refused(tmp_path: Path, content: bytes) -> None:
    """A file that is not SQLite gives a one-line GameError naming it, and is not modified."""
    db = tmp_path / "notes.txt"
    db.write_bytes(content)
    with pytest.raises(GameError) as caught:
        Store(db)
    message = str(caught.value)
    assert "\n" not in message
    assert message.startswith(f"{db} is not an aos database: ")
    assert message.endswith("; point --db at another file")
    assert db.read_bytes() == content


def test_foreign_sqlite_database_is_refused(tmp_path: Path) -> None:
    """A real SQLite database from another program is refused rather than written into."""
    db = tmp_path / "other.sqlite3"
    conn = sqlite3.connect(db)
    with conn:
        conn.execute("CREATE TABLE songs (title TEXT)")
    conn.close()
    before = db.read_bytes()
    with pytest.raises(GameError, match="is not an aos database: it has tables but no aos meta"):
        Store(db)
    assert db.read_bytes() == before  # not even switched to WAL


def test_empty_file_becomes_a_store(tmp_path: Path) -> None:
    """An empty file (as `touch` makes) is an empty SQLite database, so it is initialised."""
    db = tmp_path / "empty.sqlite3"
    db.touch()
    with Store(db) as store:
        assert store.list_games() == []


# ----------------------------------------------------------------------------- crash safety

CRASH_CHILD = """
import hashlib, json, os, random, sys
from pathlib import Path
from aos_cli.store import Store

def checksum(body, dice):
    return hashlib.sha256(json.dumps([body, dice], sort_keys=True).encode()).hexdigest()

store = Store(Path(sys.argv[1]))
game = int(sys.argv[2])
rng = random.Random(int(sys.argv[3]))
print("ready", flush=True)
while True:
    last = store.last_seq(game)
    if last and rng.random() < 0.2:
        store.undo(game)
        print("undo", last, flush=True)
        continue
    body = {"seq": last + 1, "blob": os.urandom(rng.randint(1, 12000)).hex()}
    dice = [rng.randint(1, 6) for _ in range(rng.randint(0, 60))]
    body["sha"] = checksum(body, dice)
    store.append(game, "stress", body, dice, expected_seq=last)
    print("append", last + 1, flush=True)
"""


def _checksum(body: dict[str, Any], dice: list[int]) -> str:
    """The digest the crash child stores in each payload (over the payload without it)."""
    return hashlib.sha256(json.dumps([body, dice], sort_keys=True).encode()).hexdigest()


def _kill(proc: subprocess.Popen[str]) -> str:
    """SIGKILL a child and return everything it printed before dying."""
    proc.send_signal(signal.SIGKILL)
    out, err = proc.communicate(timeout=10)
    assert proc.returncode == -signal.SIGKILL, err
    return out


CRASH_KILLS = 30


def test_killed_writer_never_corrupts_the_game(tmp_path: Path) -> None:
    """SIGKILL a process appending and undoing at random moments (30 times): every time the
    database passes integrity_check, live actions are gapless 1..N with intact checksummed
    payloads and dice, and N is what the child last confirmed, give or take its unconfirmed op."""
    db = tmp_path / "crash.sqlite3"
    with Store(db) as store:
        game = store.create_game("crash", {})
    rng = random.Random(20240501)
    confirmed_ops = unconfirmed_commits = 0
    for kill in range(CRASH_KILLS):
        proc = _spawn(CRASH_CHILD, db, game, kill)
        assert _read_line(proc) == "ready"
        time.sleep(rng.uniform(0.005, 0.080))
        out = _kill(proc)
        lines = [line.split() for line in out.split("\n")[:-1]]  # drop a torn last line
        with Store(db) as store:
            acts = store.actions(game)
        _integrity(db)
        assert [a.seq for a in acts] == list(range(1, len(acts) + 1))
        for action in acts:
            body = dict(action.payload)
            digest = body.pop("sha")
            assert body["seq"] == action.seq
            assert _checksum(body, action.dice) == digest
        if lines:
            verb, seq = lines[-1][0], int(lines[-1][1])
            confirmed = seq if verb == "append" else seq - 1
            assert abs(len(acts) - confirmed) <= 1, (lines[-1], len(acts))
            unconfirmed_commits += len(acts) != confirmed
        confirmed_ops += len(lines)
    print(
        f"\n{CRASH_KILLS} kills, {confirmed_ops} confirmed operations, "
        f"{unconfirmed_commits} kills landed between a commit and its confirmation"
    )
    assert confirmed_ops > CRASH_KILLS  # the kills really landed mid-loop


OPEN_CHILD = """
import sys
from pathlib import Path
from aos_cli.store import Store
print("start", flush=True)
Store(Path(sys.argv[1])).close()
print("opened", flush=True)
"""


def test_killed_migration_leaves_old_or_new_schema(tmp_path: Path) -> None:
    """SIGKILL a process while it migrates a large v1 database: the next open always finds a
    consistent database (still v1 and then migrated, or already v2) with every action."""
    template = tmp_path / "template.sqlite3"
    _build_v1(template, actions_per_game=4000)
    rng = random.Random(7)
    outcomes: dict[str, int] = {}
    for attempt in range(8):
        db = tmp_path / f"migrate-{attempt}.sqlite3"
        db.write_bytes(template.read_bytes())
        proc = _spawn(OPEN_CHILD, db)
        assert _read_line(proc) == "start"
        time.sleep(rng.uniform(0.0, 0.06))
        out = _kill(proc) if proc.poll() is None else proc.communicate()[0]
        conn = sqlite3.connect(db)
        version = conn.execute("SELECT value FROM meta WHERE key = 'schema_version'").fetchone()
        conn.close()
        key = "done" if "opened" in out else f"killed at v{version[0]}"
        outcomes[key] = outcomes.get(key, 0) + 1
        _assert_migrated(db, actions_per_game=4000)
    print(f"\nmigration kills: {outcomes}")


# ----------------------------------------------------------------------------- concurrency

RACE_CHILD = """
import random, sys, time
from pathlib import Path
from aos_cli.store import Store
store = Store(Path(sys.argv[1]))
game, who, pause = int(sys.argv[2]), sys.argv[3], float(sys.argv[4])
print("ready", flush=True)
sys.stdin.readline()
seqs = []
for i in range(200):
    seqs.append(store.append(game, "tick", {"who": who, "i": i}, [i % 6 + 1]))
    if pause:
        time.sleep(random.uniform(0, pause))
print(" ".join(map(str, seqs)), flush=True)
"""


@pytest.mark.parametrize("pause", [0.0, 0.002], ids=["back-to-back", "with-think-time"])
def test_two_processes_appending_lose_nothing(tmp_path: Path, pause: float) -> None:
    """Two processes each append 200 actions to one game at once: 400 actions, seqs 1..400
    gapless, each process's actions all present in its own order with the seqs it was told.

    Back to back, SQLite's busy handler lets one writer run ahead (the other waits, loses
    nothing); with a little think time between actions, as at the table, they interleave."""
    db = tmp_path / "race.sqlite3"
    with Store(db) as store:
        game = store.create_game("race", {})
    procs = {who: _spawn(RACE_CHILD, db, game, who, pause) for who in ("A", "B")}
    for proc in procs.values():
        assert _read_line(proc) == "ready"
    for proc in procs.values():
        _send(proc, "go")
    told = {who: [int(s) for s in _read_line(proc).split()] for who, proc in procs.items()}
    for proc in procs.values():
        assert _finish(proc, 30) == 0
    with Store(db) as store:
        acts = store.actions(game)
    assert [a.seq for a in acts] == list(range(1, 401))
    for who in ("A", "B"):
        mine = [a for a in acts if a.payload["who"] == who]
        assert [a.payload["i"] for a in mine] == list(range(200))
        assert [a.seq for a in mine] == told[who]
        assert all(a.dice == [a.payload["i"] % 6 + 1] for a in mine)
    _integrity(db)
    switches = sum(a.payload["who"] != b.payload["who"] for a, b in itertools.pairwise(acts))
    print(f"\n{pause=}: the writers took turns {switches} times")
    if pause:
        assert switches >= 2


DUEL_CHILD = """
import sys
from pathlib import Path
from aos_cli.core.errors import GameError
from aos_cli.store import Store
store = Store(Path(sys.argv[1]))
game, who = int(sys.argv[2]), sys.argv[3]
print("ready", flush=True)
last = 0
for line in sys.stdin:
    if line == "read\\n":
        last = store.last_seq(game)
        print("read", last, flush=True)
    else:
        try:
            seq = store.append(game, "duel", {"who": who, "after": last}, [6], expected_seq=last)
            print("won", seq, flush=True)
        except GameError as exc:
            print("lost", exc, flush=True)
"""


def test_two_processes_with_expected_seq_one_loses_cleanly(tmp_path: Path) -> None:
    """Two processes read the same last seq, then both append with expected_seq: in every round
    exactly one wins, the other gets the conflict GameError, and only the winner's action exists."""
    db = tmp_path / "duel.sqlite3"
    with Store(db) as store:
        game = store.create_game("duel", {})
    procs = {who: _spawn(DUEL_CHILD, db, game, who) for who in ("A", "B")}
    for proc in procs.values():
        assert _read_line(proc) == "ready"
    winners = []
    for round_ in range(10):
        for proc in procs.values():
            _send(proc, "read")
        assert {_read_line(proc) for proc in procs.values()} == {f"read {round_}"}
        for proc in procs.values():
            _send(proc, "append")
        results = {who: _read_line(proc) for who, proc in procs.items()}
        won = [who for who, line in results.items() if line == f"won {round_ + 1}"]
        lost = [who for who, line in results.items() if line == f"lost {CONFLICT_MESSAGE}"]
        assert len(won) == 1 and len(lost) == 1, results
        winners.append(won[0])
    for proc in procs.values():
        assert _finish(proc, 10) == 0
    with Store(db) as store:
        history = store.actions(game, include_undone=True)
    assert [(a.seq, a.payload) for a in history] == [
        (n + 1, {"who": who, "after": n}) for n, who in enumerate(winners)
    ]
