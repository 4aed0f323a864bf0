"""`aos score` and `aos objective` end to end on a real temporary database (issue 7)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

from aos_cli.store import Store
from tests.conftest import CliResult, RunCli

GOLDEN = Path(__file__).parents[1] / "golden"


def make_db(tmp_path: Path, armies: str) -> Path:
    path = tmp_path / "games.sqlite3"
    with Store(path) as store:
        store.create_game("golden", yaml.safe_load((GOLDEN / armies).read_text()))
    return path


@pytest.fixture
def db(tmp_path: Path) -> Path:
    """The First Blood golden game as the current game."""
    return make_db(tmp_path, "armies_small.yaml")


@pytest.fixture
def coalition_db(tmp_path: Path) -> Path:
    """The four-player Ill Met by Moonlight game as the current game."""
    return make_db(tmp_path, "scoring_coalition_armies.yaml")


def aos(run_cli: RunCli, db: Path, *args: str, input: str | None = None) -> CliResult:
    result = run_cli(*args, "--db", str(db), input=input)
    return result


def ok(run_cli: RunCli, db: Path, *args: str, input: str | None = None) -> CliResult:
    result = aos(run_cli, db, *args, input=input)
    assert result.exit_code == 0, result.stderr + result.stdout
    return result


def test_aos2_s18_score_json_reports_victory_points_and_the_ledger_per_round(
    run_cli: RunCli, db: Path
) -> None:
    """AoS2 §18: Wounds of each model slain as VP, the First Blood CP, per round in the JSON."""
    ok(run_cli, db, "priority", "--dice", "manual", input="6 1\n")
    ok(run_cli, db, "adjust", "guardian-of-souls", "--wounds", "5", "--reason", "test")
    data = json.loads(ok(run_cli, db, "score", "--json").stdout)
    assert [s["victory_points"] for s in data["sides"]] == [5, 0]
    assert data["rounds"][0]["round"] == 1
    assert data["rounds"][0]["victory_points"] == {"Stormcast": 5, "Nighthaunt": 0}
    assert [e["command_points"] for e in data["rounds"][0]["entries"]] == [1, 0]
    assert data["standing"]["kind"] == "major" and data["standing"]["winner"] == "Stormcast"
    nighthaunt = data["needs"][1]
    assert nighthaunt["to_win"] == 6 and nighthaunt["to_major"] == 8


def test_aos2_s18_score_shows_the_ledger_and_what_each_side_needs(
    run_cli: RunCli, db: Path
) -> None:
    """AoS2 §18: the ledger, the standing and the VP the trailing side needs."""
    ok(run_cli, db, "priority", "--dice", "manual", input="6 1\n")
    ok(run_cli, db, "adjust", "guardian-of-souls", "--wounds", "5")
    out = ok(run_cli, db, "score").stdout
    assert "slew Guardian of Souls" in out
    assert (
        "In battle round 1 of 2 Stormcast leads by 5 VP. If it ended now: a major victory." in out
    )
    assert "wins" not in out  # AoS2 §17.2: nobody has won before the end
    assert "Nighthaunt: needs 6 more VP to win (8 for a major victory)" in out


def test_aos2_s17_2_status_shows_the_result_at_the_end(run_cli: RunCli, db: Path) -> None:
    """AoS2 §17.2: the result is kept in the game and shown by `aos status`."""
    for _round in range(2):
        ok(run_cli, db, "priority", "--dice", "manual", input="6 1\n")
        for _ in range(12):
            ok(run_cli, db, "next")
    data = json.loads(ok(run_cli, db, "status", "--json").stdout)
    assert data["ended"] and data["result"]["kind"] == "draw"
    assert "Result: The battle is a draw" in ok(run_cli, db, "status").stdout


def test_aos2_s17_3_objective_counts_given_first_decide_control(
    run_cli: RunCli, coalition_db: Path
) -> None:
    """AoS2 §17.3 and §19.1: counts recorded with `aos objective` are used at the end of the
    turn; the holder and the VP for an objective in own territory follow."""
    db = coalition_db
    ok(run_cli, db, "objective", "objective-1", "--territory", "Order")
    ok(run_cli, db, "priority", "--dice", "manual", input="6 1\n")
    for n in range(1, 7):
        ok(run_cli, db, "objective", f"objective-{n}", "--models", "Order=0", "--models", "Death=0")
    shown = ok(run_cli, db, "objective", "objective-1", "--models", "Order=3", "--models", "Ana=3")
    assert "Order 3" in shown.stdout
    for _ in range(6):
        ok(run_cli, db, "next")
    data = json.loads(ok(run_cli, db, "objective", "--json").stdout)
    first = data["objectives"][0]
    assert first["holder"] == "Order" and first["territory"] == "Order"
    score = json.loads(ok(run_cli, db, "score", "--json").stdout)
    assert score["sides"][0]["victory_points"] == 1
    assert score["rounds"][0]["entries"][0]["reason"] == "holds Objective 1 in own territory"


def test_aos2_s17_3_next_asks_for_counts_it_was_not_given(
    run_cli: RunCli, coalition_db: Path
) -> None:
    """AoS2 §17.3: without a terminal, `next` says what it needs and writes nothing."""
    db = coalition_db
    ok(run_cli, db, "priority", "--dice", "manual", input="6 1\n")
    for _ in range(5):
        ok(run_cli, db, "next")
    refused = aos(run_cli, db, "next")
    assert refused.exit_code in (1, 2)
    assert "aos objective objective-1 --models order=N" in refused.stderr + refused.stdout
    assert json.loads(ok(run_cli, db, "status", "--json").stdout)["phase"] == "battleshock"


def test_aos2_s17_3_holder_correction_and_malformed_models(
    run_cli: RunCli, coalition_db: Path
) -> None:
    """AoS2 §17.3: `--holder` corrects who holds it; `--models` must be SIDE=N (usage error)."""
    db = coalition_db
    ok(run_cli, db, "objective", "objective-5", "--holder", "Death")
    table = ok(run_cli, db, "objective").stdout
    assert "Objective 5" in table and "Death" in table
    bad = aos(run_cli, db, "objective", "objective-5", "--models", "Death:3")
    assert bad.exit_code == 2 and "SIDE=N" in bad.stderr + bad.stdout
    unknown = aos(run_cli, db, "objective", "territory-9", "--holder", "Death")
    assert unknown.exit_code == 1 and "no objective called" in unknown.stderr + unknown.stdout


def test_aos2_s17_3_a_count_above_the_models_left_is_refused_at_once(
    run_cli: RunCli, coalition_db: Path
) -> None:
    """AoS2 §17.3 (and 40k8 §17.3): a model counts towards one objective only, so an answer
    above the models not yet counted is refused as it is given, in one line, nothing written."""
    db = coalition_db
    ok(run_cli, db, "priority", "--dice", "manual", input="6 1\n")
    for _ in range(5):
        ok(run_cli, db, "next")
    refused = aos(run_cli, db, "next", "--answer", "models-objective-1-order=999")
    assert refused.exit_code == 2
    assert "models-objective-1-order: 999 is more than the" in refused.stderr
    assert json.loads(ok(run_cli, db, "status", "--json").stdout)["phase"] == "battleshock"


def test_the_terminal_asks_again_for_a_count_above_the_most_there_can_be(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A count typed above the stated most (objective counts, AoS2/40k8 §17.3) is asked again
    at the prompt rather than refusing the whole end of turn afterwards."""
    import io

    from aos_cli.cli.acting import TerminalAsker

    monkeypatch.setattr("sys.stdin", io.StringIO("9\n4\n"))
    asker = TerminalAsker(require_terminal=False)
    assert asker.number("models", 'how many models are within 3"?', at_most=4) == 4
    assert "At most 4 here" in capsys.readouterr().err
