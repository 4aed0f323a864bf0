"""The SQLite event store: games, their set-up and their append-only action log.

A game is its set-up plus its actions (DESIGN principle 2). Each action is written in one
`BEGIN IMMEDIATE` transaction together with the dice it rolled, so a process killed at any
moment leaves the game as it was before or after the action, and replay never re-rolls.

Durability: WAL journal with `synchronous=FULL`, so a committed action survives even a power
cut (an action is one small commit per command; the extra fsync costs well under a
millisecond). A 5 s busy timeout serialises two terminals writing to the same database.

Undo marks the last live action `undone = 1` instead of deleting it, so the full history
(including what was taken back) stays readable; a partial unique index keeps live sequence
numbers unique per game, and live sequence numbers are always gapless 1..N.

Only `json` and `sqlite3` are imported at module level: the store opens on every command.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager, suppress
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from aos_cli.core.errors import GameError
from aos_cli.core.numbers import is_ascii_whole
from aos_cli.core.records import dataclass
from aos_cli.language.i18n import N_, _

SCHEMA_VERSION = 2
"""The schema this code writes. Older databases are migrated on open; newer ones refused."""

DEFAULT_BUSY_TIMEOUT = 5.0
"""Seconds a writer waits for another terminal's transaction before giving up."""

CONFLICT_MESSAGE = N_(
    "the game changed while you were acting (another terminal?); try the command again"
)
"""In English: a GameError carrying it (translated) tells `games.act` to replay and retry."""

# The current schema (v2), one statement per entry: `executescript` would COMMIT the open
# transaction first, and schema creation must be atomic with its version stamp.
_SCHEMA_V2: tuple[str, ...] = (
    "CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
    """CREATE TABLE games (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        name TEXT NOT NULL,
        system TEXT NOT NULL,
        setup TEXT NOT NULL,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        ended INTEGER NOT NULL DEFAULT 0 CHECK (ended IN (0, 1)),
        result TEXT,
        revision INTEGER NOT NULL DEFAULT 0
    )""",
    """CREATE TABLE actions (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        seq INTEGER NOT NULL CHECK (seq >= 1),
        kind TEXT NOT NULL,
        payload TEXT NOT NULL,
        dice TEXT NOT NULL,
        created_at TEXT NOT NULL,
        undone INTEGER NOT NULL DEFAULT 0 CHECK (undone IN (0, 1))
    )""",
    "CREATE UNIQUE INDEX actions_live_seq ON actions (game_id, seq) WHERE undone = 0",
    "CREATE INDEX actions_game ON actions (game_id, id)",
)


def _migrate_v1_to_v2(conn: sqlite3.Connection) -> None:
    """v1 had no `updated_at`/`result`/`revision` on games and deleted undone actions.

    SQLite cannot change a primary key in place, so `actions` is rebuilt and copied over.
    """
    conn.execute("ALTER TABLE games ADD COLUMN updated_at TEXT NOT NULL DEFAULT ''")
    conn.execute("UPDATE games SET updated_at = created_at")
    conn.execute("ALTER TABLE games ADD COLUMN result TEXT")
    conn.execute("ALTER TABLE games ADD COLUMN revision INTEGER NOT NULL DEFAULT 0")
    conn.execute(
        "UPDATE games SET revision = (SELECT COUNT(*) FROM actions WHERE game_id = games.id)"
    )
    conn.execute(_SCHEMA_V2[2].replace("CREATE TABLE actions", "CREATE TABLE actions_v2"))
    conn.execute(
        "INSERT INTO actions_v2 (game_id, seq, kind, payload, dice, created_at, undone) "
        "SELECT game_id, seq, kind, payload, dice, created_at, 0 FROM actions "
        "ORDER BY game_id, seq"
    )
    conn.execute("DROP TABLE actions")
    conn.execute("ALTER TABLE actions_v2 RENAME TO actions")
    for statement in _SCHEMA_V2[3:]:
        conn.execute(statement)


MIGRATIONS: dict[int, Callable[[sqlite3.Connection], None]] = {1: _migrate_v1_to_v2}

_COLUMNS: dict[int, dict[str, tuple[str, ...]]] = {
    1: {
        "meta": ("key", "value"),
        "games": ("id", "name", "system", "setup", "created_at", "ended"),
        "actions": ("game_id", "seq", "kind", "payload", "dice", "created_at"),
    },
    2: {
        "meta": ("key", "value"),
        "games": (
            "id", "name", "system", "setup", "created_at", "updated_at", "ended", "result",
            "revision",
        ),
        "actions": ("id", "game_id", "seq", "kind", "payload", "dice", "created_at", "undone"),
    },
}  # fmt: skip
"""The columns of each table, by schema version: an opened database must have exactly these."""
_INDEXES: dict[int, tuple[str, ...]] = {1: (), 2: ("actions_live_seq", "actions_game")}
"""The indexes aos makes, by schema version (besides SQLite's own `sqlite_autoindex_*`)."""
"""`MIGRATIONS[n]` upgrades a schema-n database to n + 1, inside the caller's transaction."""


def default_db_path() -> Path:
    """Where games live: `$AOS_DB` if set, else the user's data directory for aos-cli."""
    import os

    override = os.environ.get("AOS_DB")
    if override:
        return Path(override).expanduser()
    import platformdirs

    return Path(platformdirs.user_data_dir("aos-cli")) / "games.sqlite3"


@dataclass(frozen=True)
class GameRecord:
    """One saved game as listed: identity, system, times, whether it ended, live action count."""

    id: int
    name: str
    system: str
    created_at: datetime
    updated_at: datetime
    ended: bool
    action_count: int
    revision: int = 0
    """Bumped by every append, undo and end: unlike the last seq it never comes back."""


@dataclass(frozen=True)
class ActionRecord:
    """One recorded action with the dice it rolled; `undone` only shows in the full history."""

    seq: int
    kind: str
    payload: dict[str, Any]
    dice: list[int]
    created_at: datetime
    undone: bool = False


def _not_a_file(path: Path) -> str | None:
    """What `path` is when it is there and not a regular file (a folder, a device such as
    /dev/zero, a pipe), so SQLite never opens it; None for a regular file or nothing."""
    import os
    import stat

    try:
        mode = os.stat(path).st_mode
    except (OSError, ValueError):
        return None  # absent (SQLite creates it) or unreachable (SQLite says why)
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISDIR(mode):
        return _("a folder")
    return _("a device, pipe or socket")


def printable_name(value: object) -> str:
    """A name from the database file as shown in an error: control characters made visible,
    and cut short (it may be anything)."""
    text = str(value)[:60]
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)


def _now() -> str:
    """A UTC timestamp as ISO-8601 text with milliseconds (sorts as text)."""
    return datetime.now(UTC).isoformat(timespec="milliseconds")


def _edited(what: str) -> GameError:
    """The one line for a row that aos could not have written (the file was edited by hand)."""
    return GameError(
        _("{what}: the games database was changed outside aos").format(what=what),
        _("restore it from a backup, or delete that game with `aos game delete`"),
    )


def _no_game(which: object) -> GameError:
    """The one line for a game id or name that is not in the database."""
    return GameError(_("no game {game}; see `aos game list`").format(game=which))


def _when(text: Any, where: str = "a game") -> datetime:
    """Parse a stored timestamp back into an aware datetime."""
    try:
        return datetime.fromisoformat(text)
    except (TypeError, ValueError):
        raise _edited(_("{where} has a timestamp that is not a date").format(where=where)) from None


def _loaded(text: Any, where: str, expected: type) -> Any:
    """A stored JSON value of the expected type (dict or list); GameError naming the row."""
    try:
        value = json.loads(text)
    except (TypeError, ValueError, RecursionError):
        raise _edited(_("{where} is not valid JSON").format(where=where)) from None
    if not isinstance(value, expected):
        if expected is dict:
            raise _edited(_("{where} is not a mapping").format(where=where))
        raise _edited(_("{where} is not a list").format(where=where))
    return value


def _dump(value: Any) -> str:
    """Strict, compact JSON: NaN and non-JSON values fail before anything is written."""
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False, allow_nan=False)


_GAME_COLUMNS = (
    "g.id, g.name, g.system, g.created_at, g.updated_at, g.ended, "
    "(SELECT COUNT(*) FROM actions a WHERE a.game_id = g.id AND a.undone = 0), g.revision"
)


def _game_record(row: tuple[Any, ...]) -> GameRecord:
    """Build a GameRecord from a row selected with `_GAME_COLUMNS`."""
    where = _("game {id}").format(id=row[0])
    if not isinstance(row[1], str) or not isinstance(row[2], str):
        raise _edited(_("{where} has a name or system that is not text").format(where=where))
    if not all(type(value) is int for value in (row[0], row[6], row[7])) or row[5] not in (0, 1):
        raise _edited(_("{where} has a count that is not a whole number").format(where=where))
    return GameRecord(
        id=row[0],
        name=row[1],
        system=row[2],
        created_at=_when(row[3], where),
        updated_at=_when(row[4], where),
        ended=bool(row[5]),
        action_count=row[6],
        revision=row[7],
    )


def _action_record(row: tuple[Any, ...], game_id: int) -> ActionRecord:
    """Build an ActionRecord from (seq, kind, payload, dice, created_at, undone)."""
    where = _("game {id}, action {seq}").format(id=game_id, seq=row[0])
    dice = _loaded(row[3], _("{where}: its dice").format(where=where), list)
    if not all(type(die) is int and 1 <= die <= 6 for die in dice):
        raise _edited(_("{where}: its dice are not D6 results").format(where=where))
    if not isinstance(row[1], str):
        raise _edited(_("{where}: its kind is not text").format(where=where))
    if type(row[0]) is not int or row[5] not in (0, 1):
        raise _edited(_("{where} has a count that is not a whole number").format(where=where))
    return ActionRecord(
        seq=row[0],
        kind=row[1],
        payload=_loaded(row[2], _("{where}: its payload").format(where=where), dict),
        dice=dice,
        created_at=_when(row[4], where),
        undone=bool(row[5]),
    )


class Store:
    """A games database: open it, read and append actions, close it (or use `with`)."""

    def __init__(
        self, path: Path, *, busy_timeout: float = DEFAULT_BUSY_TIMEOUT, read_only: bool = False
    ) -> None:
        """Open (creating or migrating) the database at `path`; refuse foreign or newer files.

        `read_only` opens an existing database for reading alone (`aos serve`): SQLite refuses
        every write on that connection, nothing is created or migrated, and a writer in another
        process goes on as usual (WAL readers never block it).
        """
        self.path = Path(path)
        self._depth = 0
        if read_only:
            self._open_read_only(busy_timeout)
            return
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise GameError(
                _(
                    "cannot create the folder for {path}: {reason}; point --db at another file"
                ).format(path=self.path, reason=exc.strerror or exc)
            ) from None
        kind = _not_a_file(self.path)
        if kind is not None:
            raise GameError(
                _("{path} is {kind}, not a games database; point --db at a file").format(
                    path=self.path, kind=kind
                )
            )
        try:
            self._conn = sqlite3.connect(str(self.path), timeout=busy_timeout, isolation_level=None)
        except sqlite3.Error as exc:
            raise GameError(
                _("cannot open {path}: {reason}; point --db at another file").format(
                    path=self.path, reason=exc
                )
            ) from None
        # Look before touching: a foreign or newer file is refused before WAL is switched on,
        # since changing the journal mode rewrites the file header.
        self._checked(self._open_for_writing)

    def _open_for_writing(self) -> None:
        """Check the file is ours (or new), then configure and create or migrate its schema."""
        self._conn.execute("PRAGMA trusted_schema = OFF")
        version = self._schema_version()
        self._refuse_newer(version)
        self._configure()
        self._ensure_schema(version)

    def _checked(self, steps: Callable[[], None]) -> None:
        """Run the opening steps on the new connection; on any failure close it and raise the
        one clean line for what went wrong (the same for writing and read-only opens)."""
        try:
            steps()
        except GameError:
            self._conn.close()
            raise
        except sqlite3.OperationalError as exc:
            self._conn.close()
            raise self._operational(exc) from None
        except sqlite3.DatabaseError as exc:
            self._conn.close()
            raise self._not_ours(str(exc)) from None
        except (ValueError, TypeError, OverflowError) as exc:  # rows of no type SQLite knows
            self._conn.close()
            raise self._not_ours(str(exc)) from None

    # ------------------------------------------------------------------ lifecycle

    def _open_read_only(self, busy_timeout: float) -> None:
        """Connect with `mode=ro` and check the schema is this aos's own, writing nothing."""
        if not self.path.is_file():
            raise GameError(
                _("no games database at {path}; play a game first, or point --db at one").format(
                    path=self.path
                )
            )
        uri = self.path.resolve().as_uri() + "?mode=ro"
        try:
            self._conn = sqlite3.connect(
                uri, uri=True, timeout=busy_timeout, isolation_level=None, check_same_thread=False
            )
        except sqlite3.Error as exc:
            raise GameError(
                _("cannot open {path}: {reason}; point --db at another file").format(
                    path=self.path, reason=exc
                )
            ) from None
        self._checked(self._check_read_only)

    def _check_read_only(self) -> None:
        """Read-only: the file must already hold this aos's current schema."""
        self._conn.execute("PRAGMA query_only = ON")
        self._conn.execute("PRAGMA trusted_schema = OFF")
        version = self._schema_version()
        self._refuse_newer(version)
        if version != SCHEMA_VERSION:
            raise GameError(
                _(
                    "{path} holds no games of this aos yet; open it once with any game command"
                ).format(path=self.path)
            )

    def _configure(self) -> None:
        """Per-connection settings: WAL, full fsync on commit, foreign keys."""
        self._conn.execute("PRAGMA trusted_schema = OFF")
        mode = self._conn.execute("PRAGMA journal_mode = WAL").fetchone()[0]
        if str(mode).lower() != "wal":
            raise GameError(
                _("cannot use write-ahead logging on {path} (journal mode {mode})").format(
                    path=self.path, mode=mode
                )
            )
        self._conn.execute("PRAGMA synchronous = FULL")
        self._conn.execute("PRAGMA foreign_keys = ON")

    def _not_ours(self, why: str) -> GameError:
        """The one-line refusal for a file that is not an aos database."""
        return GameError(
            _("{path} is not an aos database: {why}; point --db at another file").format(
                path=self.path, why=why
            )
        )

    def _operational(self, exc: sqlite3.Error) -> GameError:
        """Turn SQLite's locking and I/O failures, and a damaged file, into a GameError the
        user can act on."""
        text = str(exc)
        if not isinstance(exc, sqlite3.OperationalError):
            return GameError(
                _("the games database {path} is damaged: {reason}").format(
                    path=self.path, reason=text
                ),
                _("restore it from a backup, or point --db at another file"),
            )
        if "readonly" in text or "read-only" in text:
            return GameError(
                _("the database {path} is read-only: nothing was recorded").format(path=self.path),
                _("make the file writable, or point --db at another file"),
            )
        if "locked" in text or "busy" in text:
            return GameError(
                _("the database {path} is busy (another aos is writing?); try again").format(
                    path=self.path
                )
            )
        return GameError(
            _("cannot use the database {path}: {reason}").format(path=self.path, reason=text)
        )

    def _schema_version(self) -> int | None:
        """The stored schema version, None for an empty database; refuse a foreign one."""
        tables = {
            row[0]
            for row in self._conn.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
            )
        }
        if not tables:
            return None
        if "meta" not in tables:
            raise self._not_ours(_("it has tables but no aos meta table"))
        row = self._conn.execute("SELECT value FROM meta WHERE key = 'schema_version'").fetchone()
        if row is None:
            raise self._not_ours(_("its meta table has no schema_version"))
        text = str(row[0])
        if not (is_ascii_whole(text) and len(text) <= 6):
            raise self._not_ours(_("its schema_version is {version}").format(version=repr(row[0])))
        version = int(text)
        if version in _COLUMNS:
            self._check_schema(version)
        return version

    def _check_schema(self, version: int) -> None:
        """Refuse a database whose tables, columns or indexes are not exactly the ones aos
        makes, or that holds a trigger or a view: a planted trigger would run on our next
        write (and `trusted_schema` off keeps functions out of what remains)."""
        allowed_tables = {*_COLUMNS[version], "sqlite_sequence"}
        indexes: set[str] = set()
        for kind, name, table in self._conn.execute(
            "SELECT type, name, tbl_name FROM sqlite_master"
        ).fetchall():
            if kind == "table" and name in allowed_tables:
                continue
            if kind == "index" and table in _COLUMNS[version]:
                if name in _INDEXES[version]:
                    indexes.add(name)
                    continue
                if str(name).startswith("sqlite_autoindex_"):
                    continue
            raise self._not_ours(
                _("it holds a {kind} aos did not make ({name})").format(
                    kind=kind, name=repr(printable_name(name))
                )
            )
        for table, columns in _COLUMNS[version].items():
            found = [row[1] for row in self._conn.execute(f"PRAGMA table_info({table})")]
            if sorted(found) != sorted(columns):  # a migrated table has its new columns last
                raise self._not_ours(
                    _("its {table} table does not have the columns aos makes").format(table=table)
                )
        missing = [name for name in _INDEXES[version] if name not in indexes]
        if missing:
            raise self._not_ours(_("the index {name} is missing").format(name=missing[0]))

    @staticmethod
    def _refuse_newer(version: int | None) -> None:
        """A database from a newer aos could hold what this one would misread: refuse it."""
        if version is not None and version > SCHEMA_VERSION:
            raise GameError(
                _(
                    "this database was written by a newer aos (schema {version}); upgrade aos-cli"
                ).format(version=version)
            )

    def _ensure_schema(self, version: int | None) -> None:
        """Create or migrate the schema; free when the database is already current."""
        if version == SCHEMA_VERSION:
            return
        with self.transaction() as conn:
            version = self._schema_version()  # re-read under the write lock: another may have won
            if version is None:
                for statement in _SCHEMA_V2:
                    conn.execute(statement)
                conn.execute(
                    "INSERT INTO meta (key, value) VALUES ('schema_version', ?)",
                    (str(SCHEMA_VERSION),),
                )
                return
            self._refuse_newer(version)
            while version < SCHEMA_VERSION:
                step = MIGRATIONS.get(version)
                if step is None:
                    raise GameError(
                        _(
                            "{path} has schema {version}, which this aos cannot migrate; "
                            "point --db at another file"
                        ).format(path=self.path, version=version)
                    )
                step(conn)
                version += 1
            conn.execute(
                "UPDATE meta SET value = ? WHERE key = 'schema_version'", (str(SCHEMA_VERSION),)
            )

    def close(self) -> None:
        """Close the connection (the last one out checkpoints the WAL)."""
        self._conn.close()

    def __enter__(self) -> Store:
        """Use the store as a context manager that closes it on exit."""
        return self

    def __exit__(self, *exc: object) -> None:
        """Close the store."""
        self.close()

    @contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        """BEGIN IMMEDIATE … COMMIT, or ROLLBACK on any exception; nests as a savepoint.

        Taking the write lock up front serialises writers, so a read-check-write inside the
        block (such as the expected-seq check) cannot race another terminal.
        """
        conn = self._conn
        outer = self._depth == 0
        savepoint = f"aos_sp_{self._depth}"
        try:
            conn.execute("BEGIN IMMEDIATE" if outer else f"SAVEPOINT {savepoint}")
        except sqlite3.Error as exc:
            raise self._operational(exc) from None
        self._depth += 1
        try:
            yield conn
        except BaseException as problem:
            self._depth -= 1
            try:
                if outer:
                    if conn.in_transaction:
                        conn.execute("ROLLBACK")
                else:
                    conn.execute(f"ROLLBACK TO {savepoint}")
                    conn.execute(f"RELEASE {savepoint}")
            except sqlite3.Error:
                pass  # the first problem is the one to report; SQLite rolls back on close
            if isinstance(problem, sqlite3.Error):
                raise self._operational(problem) from None
            raise
        self._depth -= 1
        try:
            conn.execute("COMMIT" if outer else f"RELEASE {savepoint}")
        except sqlite3.Error as exc:
            if outer and conn.in_transaction:
                with suppress(sqlite3.Error):
                    conn.execute("ROLLBACK")
            raise self._operational(exc) from None

    def _rows(self, sql: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        """Run one read query, turning locking and I/O failures into GameError."""
        try:
            return self._conn.execute(sql, params).fetchall()
        except sqlite3.Error as exc:
            raise self._operational(exc) from None

    # ------------------------------------------------------------------ games

    def create_game(self, name: str, setup: Mapping[str, object], system: str | None = None) -> int:
        """Save a new game with its set-up, make it the current game and return its id; the
        game is of `system`, else of the set-up's system, else of the default system."""
        if system is None:
            from aos_cli.core.system import default_id

            system = str(setup.get("system") or default_id())
        setup_json = _dump(setup)
        now = _now()
        with self.transaction() as conn:
            cursor = conn.execute(
                "INSERT INTO games (name, system, setup, created_at, updated_at) "
                "VALUES (?, ?, ?, ?, ?)",
                (name, system, setup_json, now, now),
            )
            game_id = cursor.lastrowid
            assert game_id is not None
            self._write_current(conn, game_id)
        return game_id

    def list_games(self) -> list[GameRecord]:
        """Every saved game, oldest first."""
        return [
            _game_record(row)
            for row in self._rows(f"SELECT {_GAME_COLUMNS} FROM games g ORDER BY g.id")
        ]

    def game(self, game_id: int) -> GameRecord:
        """One game by id; GameError if there is none."""
        rows = self._rows(f"SELECT {_GAME_COLUMNS} FROM games g WHERE g.id = ?", (game_id,))
        if not rows:
            raise _no_game(game_id)
        return _game_record(rows[0])

    def find_game(self, name_or_id: str) -> GameRecord:
        """A game by id or by name (case-insensitive); GameError with suggestions otherwise."""
        text = name_or_id.strip()
        games = self.list_games()
        if is_ascii_whole(text) and len(text) <= 18:
            for record in games:
                if record.id == int(text):
                    return record
        wanted = text.casefold()
        named = [record for record in games if record.name.casefold() == wanted]
        if len(named) == 1:
            return named[0]
        if named:
            ids = ", ".join(str(record.id) for record in named)
            raise GameError(
                _("{count} games are named {name} (ids {ids}); give the id").format(
                    count=len(named), name=repr(text), ids=ids
                )
            )
        import difflib

        names = {record.name.casefold(): record.name for record in games}
        close = difflib.get_close_matches(wanted, list(names), n=3, cutoff=0.6)
        close += [key for key in names if wanted and wanted in key and key not in close]
        if close:
            suggestions = ", ".join(repr(names[key]) for key in close[:3])
            raise GameError(
                _("no game {name}; did you mean {suggestions}? see `aos game list`").format(
                    name=repr(text), suggestions=suggestions
                )
            )
        shown = text if is_ascii_whole(text) and len(text) <= 18 else repr(text[:40])
        raise _no_game(shown)

    def setup(self, game_id: int) -> dict[str, Any]:
        """The set-up a game was created with."""
        rows = self._rows("SELECT setup FROM games WHERE id = ?", (game_id,))
        if not rows:
            raise _no_game(game_id)
        setup: dict[str, Any] = _loaded(
            rows[0][0], _("game {id}: its set-up").format(id=game_id), dict
        )
        return setup

    def result(self, game_id: int) -> dict[str, Any] | None:
        """The result recorded by `end_game`, or None while the game is still being played."""
        rows = self._rows("SELECT result FROM games WHERE id = ?", (game_id,))
        if not rows:
            raise _no_game(game_id)
        if rows[0][0] is None:
            return None
        result: dict[str, Any] = _loaded(
            rows[0][0], _("game {id}: its result").format(id=game_id), dict
        )
        return result

    def current_game_id(self) -> int | None:
        """The game commands act on when no `--game` is given (None if unset or deleted)."""
        rows = self._rows(
            "SELECT g.id FROM meta m JOIN games g ON g.id = CAST(m.value AS INTEGER) "
            "WHERE m.key = 'current_game'"
        )
        return int(rows[0][0]) if rows else None

    def set_current_game(self, game_id: int | None) -> None:
        """Make `game_id` the current game, or clear the choice with None."""
        with self.transaction() as conn:
            if game_id is not None:
                self._require_game(conn, game_id)
            self._write_current(conn, game_id)

    def setting(self, name: str) -> str | None:
        """A value kept for the next command (a game's dice mode, a set-up in progress)."""
        rows = self._rows("SELECT value FROM meta WHERE key = ?", (f"setting:{name}",))
        return str(rows[0][0]) if rows else None

    def set_setting(self, name: str, value: str | None) -> None:
        """Keep a value for the next command; None drops it."""
        with self.transaction() as conn:
            if value is None:
                conn.execute("DELETE FROM meta WHERE key = ?", (f"setting:{name}",))
            else:
                conn.execute(
                    "INSERT INTO meta (key, value) VALUES (?, ?) "
                    "ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                    (f"setting:{name}", value),
                )

    @staticmethod
    def _write_current(conn: sqlite3.Connection, game_id: int | None) -> None:
        """Record the current game in `meta` (inside the caller's transaction)."""
        if game_id is None:
            conn.execute("DELETE FROM meta WHERE key = 'current_game'")
        else:
            conn.execute(
                "INSERT INTO meta (key, value) VALUES ('current_game', ?) "
                "ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                (str(game_id),),
            )

    @staticmethod
    def _require_game(conn: sqlite3.Connection, game_id: int) -> tuple[str, bool]:
        """The game's (name, ended) under the caller's lock; GameError if it does not exist."""
        row = conn.execute("SELECT name, ended FROM games WHERE id = ?", (game_id,)).fetchone()
        if row is None:
            raise _no_game(game_id)
        return str(row[0]), bool(row[1])

    def end_game(self, game_id: int, result: dict[str, Any]) -> None:
        """Mark a game ended with its result; it takes no more actions or undos after this."""
        result_json = _dump(result)
        with self.transaction() as conn:
            self._require_game(conn, game_id)
            conn.execute(
                "UPDATE games SET ended = 1, result = ?, updated_at = ?, revision = revision + 1 "
                "WHERE id = ?",
                (result_json, _now(), game_id),
            )

    def delete_game(self, game_id: int) -> None:
        """Delete a game and all its actions; if it was current, no game is current."""
        with self.transaction() as conn:
            self._require_game(conn, game_id)
            conn.execute("DELETE FROM games WHERE id = ?", (game_id,))  # actions cascade
            conn.execute(
                "DELETE FROM meta WHERE key = 'current_game' AND value = ?", (str(game_id),)
            )

    # ------------------------------------------------------------------ actions

    def append(
        self,
        game_id: int,
        kind: str,
        payload: dict[str, Any],
        dice: list[int],
        *,
        expected_seq: int | None = None,
        expected_revision: int | None = None,
    ) -> int:
        """Record one action and its dice atomically; return its seq (last seq + 1).

        With `expected_seq`, the write happens only if the game's last seq is still that
        value, so an action decided on stale state is refused instead of silently stacked.
        `expected_revision` is the stricter guard: an undo followed by an append elsewhere
        brings the last seq back to what it was, but never the revision.
        """
        payload_json = _dump(payload)
        dice_json = _dump([int(die) for die in dice])
        now = _now()
        with self.transaction() as conn:
            last = self._writable(conn, game_id, expected_seq, expected_revision)
            seq = last + 1
            conn.execute(
                "INSERT INTO actions (game_id, seq, kind, payload, dice, created_at) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                (game_id, seq, kind, payload_json, dice_json, now),
            )
            self._touch(conn, game_id, now)
        return seq

    def _writable(
        self,
        conn: sqlite3.Connection,
        game_id: int,
        expected_seq: int | None,
        expected_revision: int | None,
    ) -> int:
        """Check, under the write lock, that the game exists, is not ended and is as expected.

        Returns the game's last live seq.
        """
        row = conn.execute(
            "SELECT name, ended, revision FROM games WHERE id = ?", (game_id,)
        ).fetchone()
        if row is None:
            raise _no_game(game_id)
        if row[1]:
            raise GameError(
                _("game {id} ({name}) has ended; its actions are final").format(
                    id=game_id, name=row[0]
                )
            )
        last = self._last_seq(conn, game_id)
        if (expected_seq is not None and last != expected_seq) or (
            expected_revision is not None and row[2] != expected_revision
        ):
            raise GameError(_(CONFLICT_MESSAGE))
        return last

    @staticmethod
    def _touch(conn: sqlite3.Connection, game_id: int, now: str) -> None:
        """Note a change to the game's log: new updated_at, next revision."""
        conn.execute(
            "UPDATE games SET updated_at = ?, revision = revision + 1 WHERE id = ?",
            (now, game_id),
        )

    def revision(self, game_id: int) -> int:
        """The game's revision, to pass back as `expected_revision` when acting on what was read."""
        rows = self._rows("SELECT revision FROM games WHERE id = ?", (game_id,))
        if not rows:
            raise _no_game(game_id)
        if type(rows[0][0]) is not int:
            where = _("game {id}").format(id=game_id)
            raise _edited(_("{where} has a count that is not a whole number").format(where=where))
        return int(rows[0][0])

    @staticmethod
    def _last_seq(conn: sqlite3.Connection, game_id: int) -> int:
        """The highest live seq of a game (0 when it has no live actions)."""
        row = conn.execute(
            "SELECT COALESCE(MAX(seq), 0) FROM actions WHERE game_id = ? AND undone = 0",
            (game_id,),
        ).fetchone()
        if type(row[0]) is not int:
            where = _("game {id}").format(id=game_id)
            raise _edited(_("{where} has a count that is not a whole number").format(where=where))
        return int(row[0])

    def actions(self, game_id: int, *, include_undone: bool = False) -> list[ActionRecord]:
        """The game's live actions in order; with `include_undone`, the whole history as written."""
        self._exists(game_id)
        where = "" if include_undone else " AND undone = 0"
        rows = self._rows(
            "SELECT seq, kind, payload, dice, created_at, undone FROM actions "
            f"WHERE game_id = ?{where} ORDER BY id",
            (game_id,),
        )
        return [_action_record(row, game_id) for row in rows]

    def last_seq(self, game_id: int) -> int:
        """The seq of the game's last live action, 0 when there is none."""
        self._exists(game_id)
        try:
            return self._last_seq(self._conn, game_id)
        except sqlite3.Error as exc:
            raise self._operational(exc) from None

    def _exists(self, game_id: int) -> None:
        """GameError unless the game exists (a cheap read for callers that only need that)."""
        if not self._rows("SELECT 1 FROM games WHERE id = ?", (game_id,)):
            raise _no_game(game_id)

    def undo(
        self,
        game_id: int,
        *,
        expected_seq: int | None = None,
        expected_revision: int | None = None,
    ) -> ActionRecord | None:
        """Take back the last live action and return it, or None if there is nothing to undo.

        The guards work as for `append`, so two terminals typing `aos undo` at once take back
        one action, not two, when they pass what they saw.
        """
        now = _now()
        with self.transaction() as conn:
            self._writable(conn, game_id, expected_seq, expected_revision)
            row = conn.execute(
                "SELECT id, seq, kind, payload, dice, created_at FROM actions "
                "WHERE game_id = ? AND undone = 0 ORDER BY seq DESC LIMIT 1",
                (game_id,),
            ).fetchone()
            if row is None:
                return None
            conn.execute("UPDATE actions SET undone = 1 WHERE id = ?", (row[0],))
            self._touch(conn, game_id, now)
        return _action_record((*row[1:], 1), game_id)
