"""A game's log for programs holds events with fields, not sentences (issue 25 item 4)."""

from __future__ import annotations

import json
import sqlite3
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
    aos(run_cli, db, "shoot", "judicators", "--target", "chainrasps", "--no-cover", "--in-range",
        "--no-engaged", "--seed", "1")  # fmt: skip
    after = _chainrasps(run_cli, db)
    log = json.loads(aos(run_cli, db, "game", "log", "--json").stdout)
    shot = log[-1]
    assert shot["kind"] == "shoot" and "events" not in shot["payload"]
    event, removed, *rest = shot["events"]
    assert event["kind"] == "attack" and removed["kind"] == "models-slain"
    scored = [e for e in rest if e["kind"] == "points-scored"]  # beside the sentences said
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
    aos(run_cli, db, "shoot", "judicators", "--target", "chainrasps", "--no-cover", "--in-range",
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
    db = tmp_path / "games.sqlite3"
    for step in LOGGED_GAME:
        aos(run_cli, db, *step)
    english = aos(run_cli, db, "game", "log").stdout
    assert 'Liberators moves (Move 5").' in english

    def no_rules(*args: object, **kwargs: object) -> None:
        raise AssertionError("the log ran a rule")

    with monkeypatch.context() as patched:
        patched.setattr("aos_cli.core.actions.apply_action", no_rules)
        patched.setattr("aos_cli.app.games.apply_action", no_rules)  # nor for its tables
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


ATTACKS = (
    ("next", {}, {}),
    ("next", {}, {}),
    (
        "shoot",
        {"unit": "judicators", "target": "chainrasps"},
        {"cover": False, "engaged": False, "in-range": True},
    ),
    ("next", {}, {}),
    ("charge", {"unit": "liberators"}, {"distance": 3, "engaged": False}),
    ("next", {}, {}),
    ("fight", {"unit": "liberators", "target": "chainrasps"}, {"cover": False, "engaged": True}),
    ("fight", {"unit": "chainrasps", "target": "liberators"}, {"cover": False, "engaged": True}),
)
"""A seeded turn of shooting, a charge and fighting on a battleplan that scores nothing."""


def _attacks_game(db: Path) -> None:
    """The small armies (open war) play `ATTACKS`, each action with its own seeded dice."""
    import yaml

    from aos_cli.app.games import perform
    from aos_cli.core.answers import RecordedAnswers
    from aos_cli.core.dice import ScriptedDice, SeededDice
    from aos_cli.store import Store

    golden = Path(__file__).parents[1] / "golden" / "armies_small.yaml"
    setup = yaml.safe_load(golden.read_text()) | {"battleplan": "open-war"}
    with Store(db) as store:
        game = store.create_game("attacks", setup)
        perform(store, game, "priority", {}, ScriptedDice([6, 1]))
        for seed, (kind, payload, answers) in enumerate(ATTACKS, start=1):
            perform(store, game, kind, dict(payload), SeededDice(seed), RecordedAnswers(answers))


def test_the_log_of_a_game_with_attacks_reads_in_hungarian_with_no_rule_run(
    run_cli: RunCli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 25 item 4, AoS2 §14: every action of a seeded game that shoots and fights stores
    the order of its told events, so its log (the attacks' totals, each weapon's dice, the
    models slain) reads in Hungarian from the store, with no rule run, as a replay says it."""
    from aos_cli.store import Store

    db = tmp_path / "games.sqlite3"
    _attacks_game(db)
    with Store(db) as store:
        actions = store.actions(store.current_game_id() or 0)
    assert all(isinstance(a.payload.get("told"), list) for a in actions)
    english = aos(run_cli, db, "game", "log").stdout
    assert "Judicators → Chainrasp Horde: 5 attacks, 3 hits, 3 wounds, 1 unsaved" in english
    assert "Chainrasp Horde: 1 slain, 19 left." in english
    log = json.loads(aos(run_cli, db, "game", "log", "--json").stdout)
    attacks = [e for entry in log for e in entry["events"] if e["kind"] == "attack"]
    assert [(a["attacker"], a["attacks"], a["hits"], a["wounds"], a["saves"], a["damage"],
             a["slain"]) for a in attacks] == [
        ("judicators", 5, 3, 3, 2, 1, 1),
        ("liberators", 10, 6, 2, 0, 2, 2),
        ("chainrasps", 34, 19, 9, 5, 4, 2),
    ]  # fmt: skip
    assert all(a["expected"] > 0 for a in attacks)

    def no_rules(*args: object, **kwargs: object) -> None:
        raise AssertionError("the log ran a rule")

    with monkeypatch.context() as patched:
        patched.setattr("aos_cli.core.actions.apply_action", no_rules)
        patched.setattr("aos_cli.app.games.apply_action", no_rules)  # nor for its tables
        hungarian = aos(run_cli, db, "--lang", "hu", "game", "log").stdout
        assert aos(run_cli, db, "game", "log").stdout == english
    assert "Judicators → Chainrasp Horde: 5 támadás, 3 találat, 3 seb, 1 nem mentett" in hungarian
    assert "Chainrasp Horde: 1 elesett, 19 maradt." in hungarian and "slain" not in hungarian
    with sqlite3.connect(db) as connection:  # the same game replayed: the same log
        rows = connection.execute("SELECT rowid, payload FROM actions").fetchall()
        for rowid, payload in rows:
            data = json.loads(payload)
            data.pop("told", None)
            connection.execute(
                "UPDATE actions SET payload = ? WHERE rowid = ?", (json.dumps(data), rowid)
            )
    assert aos(run_cli, db, "--lang", "hu", "game", "log").stdout == hungarian
    assert aos(run_cli, db, "game", "log").stdout == english


def test_the_report_of_an_english_game_reads_in_hungarian_with_no_rule_run(
    run_cli: RunCli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 25 item 4: `aos game report` folds the stored events (the attacks' damage, the
    models lost, the points) into the report and says it in the chosen language; no rule
    runs, and it reads as the report a replay gives."""
    db = tmp_path / "games.sqlite3"
    _attacks_game(db)
    english = aos(run_cli, db, "game", "report").stdout
    as_data = aos(run_cli, db, "game", "report", "--json").stdout
    with monkeypatch.context() as patched:
        patched.setattr("aos_cli.core.actions.apply_action", no_rules)
        patched.setattr("aos_cli.app.games.apply_action", no_rules)
        hungarian = aos(run_cli, db, "--lang", "hu", "game", "report").stdout
        assert aos(run_cli, db, "game", "report").stdout == english
        assert aos(run_cli, db, "game", "report", "--json").stdout == as_data
    assert "Luck: damage dealt" in english and "Losses by phase" in english
    assert "Szerencse: okozott sebzés" in hungarian and "Veszteségek fázisonként" in hungarian
    assert "Luck" not in hungarian and "Chainrasp Horde" in hungarian
    report = json.loads(as_data)
    assert [(r["unit"], r["attacks_made"], r["actual"]) for r in report["luck"]] == [
        ("Judicators", 1, 1),
        ("Liberators", 1, 2),
        ("Chainrasp Horde", 1, 4),
    ]


def no_rules(*args: object, **kwargs: object) -> None:
    """Stands for the rules where a command must run none."""
    raise AssertionError("a rule ran")
