"""The game as `aos serve` reads it (issue 30 item 1): from the games database opened
read-only, following the game as another process plays it, with the last actions' dice and
what each side may do now with its exact odds."""

from __future__ import annotations

import hashlib
from fractions import Fraction
from pathlib import Path

import pytest

from aos_cli.app.live_view import Watch, speaking
from aos_cli.core.errors import GameError
from aos_cli.language import i18n
from aos_cli.store import Store
from aos_cli.views.events import note_lines
from tests.conftest import RunCli

README_START = (
    ("game", "new", "--battleplan", "first-blood"),
    ("priority", "--first", "Player One", "--seed", "1"),
    ("cast", "knight-incantor", "Arcane Bolt", "--target", "chainrasps", "--target-in-range",
     "--seed", "1"),
)  # fmt: skip
"""The README's game between the demo armies, up to the Arcane Bolt waiting to be unbound."""
TO_BATTLESHOCK = (
    ("unbind", "--pass", "--seed", "1"),
    ("next",),
    ("move", "liberators"),
    ("next",),
    ("shoot", "judicators", "--target", "chainrasps", "--no-cover", "--no-engaged",
     "--in-range", "--seed", "1"),
    ("next",),
    ("next",),
    ("next",),
)  # fmt: skip
"""Then through the shooting (3 Chainrasps slain) to the battleshock phase."""


def seeded(run_cli: RunCli, db: Path, *steps: tuple[str, ...]) -> Path:
    for step in steps:
        done = run_cli(*step, "--db", str(db))
        assert done.exit_code == 0, (step, done.stderr)
    return db


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_the_store_opened_read_only_writes_nothing_and_sees_another_writer(
    run_cli: RunCli, tmp_path: Path
) -> None:
    db = seeded(run_cli, tmp_path / "games.sqlite3", *README_START)
    store = Store(db, read_only=True)
    try:
        revision = store.revision(1)
        with pytest.raises(GameError, match="read-only"):
            store.append(1, "next", {}, [])
        seeded(run_cli, db, ("unbind", "--pass"))  # another writer, while the reader is open
        assert store.revision(1) == revision + 1
        assert [a.kind for a in store.actions(1)][-1] == "unbind"
    finally:
        store.close()
    with Store(db) as writer:
        assert writer.revision(1) == revision + 1


def test_reading_a_game_for_the_page_leaves_the_file_as_it_was(
    run_cli: RunCli, tmp_path: Path
) -> None:
    db = seeded(run_cli, tmp_path / "games.sqlite3", *README_START)
    before = digest(db)
    watch = Watch(db)
    try:
        assert watch.read() is not None and watch.version()[0] == 1
    finally:
        watch.close()
    assert digest(db) == before


def test_a_missing_database_is_not_created(tmp_path: Path) -> None:
    with pytest.raises(GameError, match="no games database"):
        Store(tmp_path / "none.sqlite3", read_only=True)
    assert not (tmp_path / "none.sqlite3").exists()


def test_a_database_never_used_by_aos_is_refused_unchanged(tmp_path: Path) -> None:
    empty = tmp_path / "empty.sqlite3"
    empty.write_bytes(b"")
    with pytest.raises(GameError, match="open it once with any game command"):
        Store(empty, read_only=True)
    assert empty.read_bytes() == b""


def test_the_watch_follows_the_current_game_and_its_revision(
    run_cli: RunCli, tmp_path: Path
) -> None:
    db = seeded(run_cli, tmp_path / "games.sqlite3", *README_START)
    watch = Watch(db)
    try:
        first = watch.version()
        assert first[0] == 1
        seeded(run_cli, db, ("unbind", "--pass"))
        assert watch.version() == (1, first[1] + 1)
        seeded(run_cli, db, ("game", "new", "--battleplan", "first-blood", "--name", "Two"))
        assert watch.version()[0] == 2
        live = watch.read()
        assert live is not None and live.name == "Two" and live.events == ()
    finally:
        watch.close()


def test_a_named_game_stays_shown_and_an_unknown_one_is_refused(
    run_cli: RunCli, tmp_path: Path
) -> None:
    db = seeded(run_cli, tmp_path / "games.sqlite3", *README_START)
    seeded(run_cli, db, ("game", "new", "--battleplan", "first-blood", "--name", "Two"))
    watch = Watch(db, "1")
    try:
        assert watch.version()[0] == 1
    finally:
        watch.close()
    with pytest.raises(GameError, match="no game"):
        Watch(db, "42")


def test_no_current_game_shows_nothing(run_cli: RunCli, tmp_path: Path) -> None:
    db = seeded(
        run_cli, tmp_path / "games.sqlite3", *README_START, ("game", "delete", "1", "--yes")
    )
    watch = Watch(db)
    try:
        assert watch.version() == (None, 0)
        assert watch.read() is None
    finally:
        watch.close()


def test_the_last_actions_keep_their_dice_and_notes(run_cli: RunCli, tmp_path: Path) -> None:
    db = seeded(run_cli, tmp_path / "games.sqlite3", *README_START)
    watch = Watch(db)
    try:
        live = watch.read()
    finally:
        watch.close()
    assert live is not None
    cast, priority = live.events  # newest first
    assert (cast.kind, priority.kind) == ("cast", "priority")
    assert cast.round == 1 and cast.turn == "Player One" and cast.phase == "hero"
    assert cast.dice == (2, 5) and len(priority.dice) == 2
    assert any("Arcane Bolt" in note for note in note_lines(cast.notes))


def test_aos2_s15_the_side_that_may_unbind_sees_its_wizard_and_the_exact_odds(
    run_cli: RunCli, tmp_path: Path
) -> None:
    """AoS2 §15: an unbind must beat the casting roll (7 here) with 2D6: 15 of 36 rolls."""
    db = seeded(run_cli, tmp_path / "games.sqlite3", *README_START)
    watch = Watch(db)
    try:
        live = watch.read()
    finally:
        watch.close()
    assert live is not None
    theirs = [p for p in live.pending if p.side == 1]
    unbind = next(p for p in theirs if "Guardian of Souls" in p.label)
    assert [(c.chance, c.out_of) for c in unbind.chances] == [(Fraction(15, 36), 36)]
    assert "7" in unbind.heading
    assert any("through" in p.label for p in theirs)  # letting it through is their choice too
    assert not [p for p in live.pending if p.side == 0]


def test_aos2_s12_a_battleshock_test_due_is_shown_to_the_side_taking_it(
    run_cli: RunCli, tmp_path: Path
) -> None:
    """AoS2 §12: 4 Chainrasps slain this turn (the bolt's and 3 shot), 16 left; the Dreadwarden
    lends the unit Bravery 10, +1 for 10 or more models: D6 + 4 never beats 11, it passes (1)."""
    db = seeded(run_cli, tmp_path / "games.sqlite3", *README_START, *TO_BATTLESHOCK)
    watch = Watch(db)
    try:
        live = watch.read()
    finally:
        watch.close()
    assert live is not None and live.state.phase == "battleshock"
    theirs = [p for p in live.pending if p.side == 1 and p.chances]
    assert [(c.label, c.chance) for p in theirs for c in p.chances] == [
        ("Chainrasp Horde passes", Fraction(1))
    ]


def test_speaking_builds_texts_in_another_language_then_speaks_as_before(
    run_cli: RunCli, tmp_path: Path
) -> None:
    db = seeded(run_cli, tmp_path / "games.sqlite3", *README_START)
    watch = Watch(db)
    try:
        with speaking("hu"):
            hungarian = watch.read()
            assert hungarian is not None
            told_hu = note_lines(hungarian.events[0].notes)
        english = watch.read()
    finally:
        watch.close()
    assert i18n.language() == "en"
    assert english is not None
    assert told_hu != note_lines(english.events[0].notes)
    assert "Mágikus lövedék" in " ".join(told_hu)
