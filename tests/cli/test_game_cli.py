"""The in-game commands end to end on a real temporary database (issue 5)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

from aos_cli.store import Store
from tests.conftest import CliResult, RunCli

GOLDEN = Path(__file__).parents[1] / "golden"


@pytest.fixture
def db(tmp_path: Path) -> Path:
    """A database holding the golden game as the current game."""
    path = tmp_path / "games.sqlite3"
    with Store(path) as store:
        store.create_game("golden", yaml.safe_load((GOLDEN / "armies_small.yaml").read_text()))
    return path


def aos(run_cli: RunCli, db: Path, *args: str, input: str | None = None) -> CliResult:
    return run_cli(*args, "--db", str(db), input=input)


def status(run_cli: RunCli, db: Path) -> dict:
    result = aos(run_cli, db, "status", "--json")
    assert result.exit_code == 0, result.stderr
    return json.loads(result.stdout)


def test_status_json_has_the_documented_fields(run_cli: RunCli, db: Path) -> None:
    data = status(run_cli, db)
    assert data["round"] == 0 and data["phase"] == "priority"
    side = data["sides"][0]
    assert {"name", "command_points", "victory_points", "units"} <= set(side)
    assert {"name", "models", "models_start", "wounds_suffered"} <= set(side["units"][0])


def test_a_turn_played_with_commands_and_walked_back_with_undo(run_cli: RunCli, db: Path) -> None:
    assert aos(run_cli, db, "priority", "--dice", "manual", input="6 1\n").exit_code == 0
    assert aos(run_cli, db, "next").exit_code == 0
    assert aos(run_cli, db, "run", "liberators", "--dice", "manual", input="3\n").exit_code == 0
    aos(run_cli, db, "next")
    shot = aos(
        run_cli, db, "shoot", "judicators", "--target", "chainrasps", "--no-cover",
        "--no-engaged", "--in-range", "--dice", "manual", input="3 4 5 6 1\n3 3 3 2\n5 4 4\n",
    )  # fmt: skip
    assert shot.exit_code == 0, shot.stderr
    assert "2 slain" in shot.stdout
    after = status(run_cli, db)
    assert after["phase"] == "shooting"
    assert after["sides"][1]["units"][0]["models"] == 18
    assert after["sides"][0]["victory_points"] == 2
    for _ in range(3):
        assert aos(run_cli, db, "undo").exit_code == 0
    back = status(run_cli, db)
    assert back["phase"] == "movement"
    assert back["sides"][1]["units"][0]["models"] == 20
    log = aos(run_cli, db, "game", "log", "--json")
    assert [e["kind"] for e in json.loads(log.stdout)] == ["priority", "next"]


def test_illegal_actions_are_one_line_and_write_nothing(run_cli: RunCli, db: Path) -> None:
    aos(run_cli, db, "priority", "--seed", "1", "--first", "Stormcast")
    aos(run_cli, db, "next")
    aos(run_cli, db, "run", "liberators", "--seed", "2")
    before = aos(run_cli, db, "game", "log", "--json").stdout
    aos(run_cli, db, "next")
    ran = aos(
        run_cli, db, "shoot", "liberators", "--target", "chainrasps", "--no-cover", "--no-engaged"
    )
    assert ran.exit_code == 1
    assert ran.stderr.strip() == "aos: error: Liberators ran this turn and cannot shoot"
    unknown = aos(run_cli, db, "shoot", "judicatorz", "--target", "chainrasps")
    assert unknown.exit_code == 1 and "did you mean" in unknown.stderr
    aos(run_cli, db, "undo")
    assert aos(run_cli, db, "game", "log", "--json").stdout == before


def test_a_question_the_tool_cannot_answer_names_its_flag(run_cli: RunCli, db: Path) -> None:
    aos(run_cli, db, "priority", "--seed", "1", "--first", "Stormcast")
    aos(run_cli, db, "next")
    aos(run_cli, db, "next")
    result = aos(run_cli, db, "shoot", "judicators", "--target", "chainrasps")
    assert result.exit_code == 2
    assert "--engaged" in result.stderr and result.stderr.count("\n") == 1


def test_game_list_use_and_missing_game(run_cli: RunCli, db: Path) -> None:
    listed = json.loads(aos(run_cli, db, "game", "list", "--json").stdout)
    assert listed[0]["name"] == "golden" and listed[0]["current"]
    missing = aos(run_cli, db, "status", "--game", "99")
    assert missing.exit_code == 1 and "no game 99" in missing.stderr


def test_no_current_game_says_how_to_start(run_cli: RunCli, tmp_path: Path) -> None:
    result = run_cli("status", "--db", str(tmp_path / "empty.sqlite3"))
    assert result.exit_code == 1 and "aos game new" in result.stderr


def test_aos_db_environment_variable(run_cli: RunCli, db: Path) -> None:
    result = run_cli("status", "--json", env={"AOS_DB": str(db)})
    assert json.loads(result.stdout)["name"] == "golden"


def test_answer_works_for_a_question_that_has_a_flag_too(run_cli: RunCli, db: Path) -> None:
    """Issue 13 item 12: `--answer engaged=no` answers the question `--no-engaged` answers;
    the hint for an unanswered question names both ways, with the key."""
    aos(run_cli, db, "priority", "--seed", "1", "--first", "Stormcast")
    for _ in range(2):
        aos(run_cli, db, "next")
    unanswered = aos(run_cli, db, "shoot", "judicators", "--target", "chainrasps")
    assert unanswered.exit_code == 2
    assert "--answer engaged=yes" in unanswered.stderr
    assert "--engaged" in unanswered.stderr
    aos(run_cli, db, "next")
    charged = aos(
        run_cli, db, "charge", "liberators", "--answer", "engaged=no", "--answer",
        "within-12=yes", "--answer", "distance=5", "--seed", "3",
    )  # fmt: skip
    assert charged.exit_code == 0, charged.stderr
    assert "charge" in charged.stdout


WARDENS = """schema_version: 1
system: aos2
warscrolls:
  - name: Test Wardens
    faction: Stormcast Eternals
    keywords: [ORDER, CELESTIAL, HUMAN, STORMCAST ETERNAL]
    move: 5
    wounds: 2
    bravery: 7
    save: 4+
    unit_size: {min: 5, max: 30}
    melee_weapons:
      - {name: Warden Mace, range: 1, attacks: 2, to_hit: 4+, to_wound: 3+, rend: "-", damage: 1}
"""


def test_game_new_reads_army_lists_against_the_content_given(
    run_cli: RunCli, tmp_path: Path
) -> None:
    """`aos game new --content D` accepts a list `aos army validate --content D` accepts: the
    lists are read once, against the bundled content and the folders given (issue 25)."""
    content = tmp_path / "content"
    content.mkdir()
    (content / "wardens.yaml").write_text(WARDENS, encoding="utf-8")
    army = tmp_path / "wardens-army.yaml"
    army.write_text(
        "schema_version: 1\narmy:\n  name: Wardens of Azyr\n  player: Player One\n"
        "  allegiance: Stormcast Eternals\n  units:\n"
        "    - {id: lord, warscroll: Lord-Castellant, general: true}\n"
        "    - {id: wardens, warscroll: Test Wardens, models: 5}\n",
        encoding="utf-8",
    )
    other = Path(__file__).parents[2] / "warscrolls" / "armies" / "nighthaunt-demo.yaml"
    checked = run_cli("army", "validate", str(army), "--content", str(content))
    assert checked.exit_code == 0, checked.stderr
    db = tmp_path / "games.sqlite3"
    new = run_cli(
        "game", "new", "--army", str(army), "--army", str(other),
        "--content", str(content), "--db", str(db), "--json",
    )  # fmt: skip
    assert new.exit_code == 0, new.stderr
    shown = run_cli("status", "--db", str(db), "--json")
    assert "Test Wardens" in shown.stdout
    without = run_cli("game", "new", "--army", str(army), "--army", str(other), "--db", str(db))
    assert without.exit_code == 1 and "Test Wardens" in without.stderr
