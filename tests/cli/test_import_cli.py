"""`aos warscroll import` (issue 15 §1): report, --json, every command sees the units, and bad
input as one line on stderr."""

from __future__ import annotations

import json
from pathlib import Path

from tests.conftest import RunCli

FIXTURES = Path(__file__).resolve().parents[1] / "content" / "importers" / "fixtures"


def test_import_report_and_the_units_in_every_command(run_cli: RunCli, tmp_path: Path) -> None:
    out = tmp_path / "content"
    result = run_cli("warscroll", "import", str(FIXTURES), "--out", str(out))
    assert result.exit_code == 0, result.stderr
    assert "Imported 2 warscrolls of 1 factions" in result.stdout
    assert "with effects" in result.stdout
    listed = run_cli("warscroll", "list", "--faction", "test host", "--content", str(out), "--json")
    assert sorted(w["name"] for w in json.loads(listed.stdout)) == [
        "Lord on Test Drake",
        "Wardens",
    ]
    shown = run_cli("warscroll", "show", "wardens", "--content", str(out))
    assert shown.exit_code == 0 and "Warden Hammer" in shown.stdout


def test_default_out_is_the_data_folder_every_command_reads(
    run_cli: RunCli, tmp_path: Path
) -> None:
    data = tmp_path / "data"
    result = run_cli(
        "warscroll", "import", str(FIXTURES), "--json", env={"AOS_DATA_DIR": str(data)}
    )
    assert result.exit_code == 0, result.stderr
    report = json.loads(result.stdout)
    assert report["warscrolls"] == 2 and report["skipped"] == []
    assert report["abilities"]["total"] >= report["abilities"]["effects"]
    shown = run_cli("warscroll", "show", "lord on test drake", env={"AOS_DATA_DIR": str(data)})
    assert shown.exit_code == 0, shown.stderr


def test_bad_input_is_one_line_on_stderr(run_cli: RunCli, tmp_path: Path) -> None:
    truncated = tmp_path / "truncated.cat"
    truncated.write_text((FIXTURES / "Order - Test Host.cat").read_text()[:300])
    for path in (truncated, tmp_path / "missing.cat"):
        result = run_cli("warscroll", "import", str(path), "--out", str(tmp_path / "out"))
        assert result.exit_code == 1
        assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr
    assert not (tmp_path / "out").exists()


ROSTERS = FIXTURES / "rosters"


def test_army_import_then_validate_and_demo(run_cli: RunCli, tmp_path: Path) -> None:
    """Issue 15 §2-3: an imported roster validates and plays a whole seeded battle."""
    env = {"AOS_DATA_DIR": str(tmp_path / "data")}
    assert run_cli("warscroll", "import", str(FIXTURES), env=env).exit_code == 0
    first, second = tmp_path / "ros.yaml", tmp_path / "txt.yaml"
    result = run_cli(
        "army", "import", str(ROSTERS / "test-host.ros"), "-o", str(first), "--json", env=env
    )
    assert result.exit_code == 0, result.stderr
    report = json.loads(result.stdout)
    assert report["written_from_roster"] == ["Storm Hawks"] and report["models"] == 14
    text = run_cli("army", "import", str(ROSTERS / "test-host.txt"), "-o", str(second), env=env)
    assert text.exit_code == 0, text.stderr
    assert "Wrote" in text.stdout
    assert run_cli("army", "validate", str(first), env=env).exit_code == 0
    battle = run_cli(
        "demo", "--army", str(first), "--army", str(second), "--seed", "3", "--json", env=env
    )
    assert battle.exit_code == 0, battle.stderr
    assert json.loads(battle.stdout)["result"]["kind"] in ("major", "minor", "draw")


def test_army_import_bad_rosters_are_one_line(run_cli: RunCli, tmp_path: Path) -> None:
    env = {"AOS_DATA_DIR": str(tmp_path / "data")}
    forty = tmp_path / "forty.ros"
    forty.write_text(
        '<roster name="x" gameSystemName="Warhammer 40,000 9th Edition"><forces/></roster>'
    )
    unknown = tmp_path / "unknown.txt"
    unknown.write_text("Allegiance: Test Host\n10 x Skyfire Gargoyles (90)\n")
    for path in (forty, unknown, tmp_path / "missing.ros"):
        result = run_cli("army", "import", str(path), "-o", str(tmp_path / "army.yaml"), env=env)
        assert result.exit_code == 1, result.stdout
        assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr
    assert not (tmp_path / "army.yaml").exists()
