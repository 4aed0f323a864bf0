"""40k's own results are typed events (issue 25 item 4): moves, Advances, charges, psychic
tests, morale, Command Re-rolls and the first-turn decision store their facts as fields, the 40k
views tell them in the rulebook's words, and a stored 40k game's log and report read in
Hungarian with no rule run."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from aos_cli.core.events import event_from_data
from aos_cli.language.i18n import set_language
from aos_cli.language.text import tr
from aos_cli.store import Store
from aos_cli.systems.wh40k8.events import (
    Advanced,
    Charged40k,
    CommandRerolled,
    FirstTurnDecided,
    MayConsolidate,
    MoraleTested,
    Moved40k,
    PsychicTested,
)
from aos_cli.views.events import event_lines
from tests.app.stored_demo import play_stored_demo
from tests.conftest import CliResult, RunCli


@pytest.fixture(scope="module")
def stored_40k(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The seeded 40k demo battle (seed 3), stored action by action as `aos play` stores it."""
    db = tmp_path_factory.mktemp("wh40k8-told") / "games.sqlite3"
    play_stored_demo(db, 3, "wh40k8")
    return db


def _copy(stored: Path, tmp_path: Path) -> Path:
    db = tmp_path / "games.sqlite3"
    shutil.copy(stored, db)
    return db


def aos(run_cli: RunCli, db: Path, *args: str) -> CliResult:
    result = run_cli(*args, "--db", str(db))
    assert result.exit_code == 0, result.stderr
    return result


def _events(db: Path) -> list[dict[str, object]]:
    with Store(db) as store:
        game = store.list_games()[0].id
        return [e for r in store.actions(game) for e in r.payload.get("events", [])]


def test_40k8_every_action_of_a_seeded_battle_is_told_by_its_events(stored_40k: Path) -> None:
    """Issue 25 item 4: no 40k rule writes a sentence of its own any more: every stored action
    of a whole seeded battle keeps the order of its told events, so its log needs no replay."""
    with Store(stored_40k) as store:
        game = store.list_games()[0].id
        records = store.actions(game)
    assert len(records) > 100
    assert [r.seq for r in records if not isinstance(r.payload.get("told"), list)] == []


def test_40k8_s4_s9_s11_s5_the_log_json_gives_the_facts_as_fields(
    run_cli: RunCli, tmp_path: Path, stored_40k: Path
) -> None:
    """40k8 §4.2 (a move, M inches), §4.6 (an Advance's D6 and inches), §9.4 (the charge's 2D6
    against the distance less 1"), §11 (morale: D6 + models slain against Leadership, one model
    flees per point over), §5.2 (a Psychic test's 2D6 against the warp charge), §17.7 (who
    decides the first turn): `aos game log --json` gives them as fields, consistent with the
    rules."""
    db = _copy(stored_40k, tmp_path)
    log = json.loads(aos(run_cli, db, "game", "log", "--json").stdout)
    found: dict[str, list[dict[str, object]]] = {}
    for entry in log:
        for event in entry["events"]:
            found.setdefault(str(event["kind"]), []).append(event)
    first = found["40k-first-turn"][0]
    assert first["side_name"] and (first["levels"] or first["rolls"])
    assert all(m["inches"] for m in found["40k-moved"])
    for advance in found.get("40k-advanced", []):
        assert 1 <= int(str(advance["roll"])) <= 6
    charges = found["40k-charged"]
    assert charges and all(len(c["dice"]) == 2 for c in charges)  # type: ignore[arg-type]
    for charge in charges:
        assert charge["charged"] == (charge["roll"] >= charge["needed"])  # type: ignore[operator]
    morale = found["40k-morale"]
    for test in morale:
        total = int(str(test["die"])) + int(str(test["slain"]))
        assert test["total"] == total
        assert test["fled"] == max(0, total - int(str(test["leadership"])))
    for tested in found["40k-psychic-test"]:
        dice = tested["dice"]
        assert isinstance(dice, list) and len(dice) == 2
        assert tested["total"] == sum(dice) + int(str(tested["modifier"]))
        assert tested["manifested"] == (tested["total"] >= tested["value"])  # type: ignore[operator]


def test_40k8_the_events_read_back_and_are_told_in_the_rulebooks_words() -> None:
    """40k8 §4.2, §4.6, §9.4, §11, §5.2, §17.6-§17.7: each event, stored and read back, is told
    in English as the rules wrote it, and in Hungarian with no English sentence left."""
    events = [
        FirstTurnDecided(1, "Orks", True, (), (50, 62)),
        FirstTurnDecided(0, "Marines", False, (3, 3, 5, 2), ()),
        Moved40k("boyz", "Boyz", 1, "5"),
        Advanced("boyz", "Boyz", 1, 4, False, 0, (), 4),
        Charged40k("boyz", "Boyz", 1, 7.0, (3, 4), 0, (), 7, 6, True),
        MoraleTested(2, "boyz", "Boyz", 1, 5, 4, 9, 6, 3),
        PsychicTested("weirdboy", "Weirdboy", 1, "Smite", (2, 3), 0, 5, 5, True),
        CommandRerolled(0, tr("a charge die"), 5, 1),
        MayConsolidate("boyz", "Boyz", 1),
    ]
    english = [line for e in events for line in event_lines(event_from_data(e.to_data()))]
    assert english == [
        "Orks is the Underdog (Power Level 50 against 62) and decides who goes first in every "
        "round (40k8 §17.6, §17.7).",
        "No Underdog: a roll-off (3-3, 5-2); Marines decides who goes first in every round "
        "(40k8 §1.4, §3).",
        'Boyz moves (M 5").',
        'Boyz Advances: rolled 4: +4"; it cannot charge and fires only Assault weapons this turn '
        "(40k8 §4.6).",
        'Boyz charges: rolled 7, needed 6 to end within 1" (40k8 §9.4).',
        "Boyz: rolled 5 + 4 = 9 against Leadership 6, fails: 3 models flee (40k8 §11).",
        "Weirdboy manifests Smite with 5 (2+3) against 5.",
        "Command Re-roll on a charge die: 5 (1 Command Re-roll left, 40k8 §17.6).",
        'Boyz may consolidate up to 3" towards the nearest enemy (40k8 §10.6).',
    ]
    set_language("hu")
    try:
        hungarian = [line for e in events for line in event_lines(e)]
    finally:
        set_language("en")
    assert len(hungarian) == len(english)
    for said, english_line in zip(hungarian, english, strict=True):
        assert said != english_line
    assert not any(word in " ".join(hungarian) for word in ("rolled", "charges", "moves"))


def test_40k8_the_log_and_report_of_an_english_game_read_in_hungarian_with_no_rule_run(
    run_cli: RunCli, tmp_path: Path, stored_40k: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 25 item 4: `aos game log --lang hu` and `aos game report --lang hu` of a 40k game
    played in English render its stored events and run no rule; the log reads as the one a
    replay in Hungarian gives."""
    db = _copy(stored_40k, tmp_path)
    english = aos(run_cli, db, "game", "log").stdout
    english_report = aos(run_cli, db, "game", "report").stdout
    assert "Advances: rolled" in english or "moves (M " in english

    def no_rules(*args: object, **kwargs: object) -> None:
        raise AssertionError("a rule ran")

    with monkeypatch.context() as patched:
        patched.setattr("aos_cli.core.actions.apply_action", no_rules)
        patched.setattr("aos_cli.app.games.apply_action", no_rules)
        hungarian = aos(run_cli, db, "--lang", "hu", "game", "log").stdout
        report = aos(run_cli, db, "--lang", "hu", "game", "report").stdout
        assert aos(run_cli, db, "game", "log").stdout == english
        assert aos(run_cli, db, "game", "report").stdout == english_report
    for english_words in ("moves (M ", "charges: rolled", "against Leadership", "manifests"):
        assert english_words not in hungarian
    assert report != english_report and "Luck" not in report
    with Store(db) as store:  # the same game with no order of events stored: replayed, alike
        game = store.list_games()[0].id
    import sqlite3

    with sqlite3.connect(db) as connection:
        for rowid, payload in connection.execute("SELECT rowid, payload FROM actions").fetchall():
            data = json.loads(payload)
            data.pop("told", None)
            connection.execute(
                "UPDATE actions SET payload = ? WHERE rowid = ?", (json.dumps(data), rowid)
            )
    assert game and aos(run_cli, db, "--lang", "hu", "game", "log").stdout == hungarian
