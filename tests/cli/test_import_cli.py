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
