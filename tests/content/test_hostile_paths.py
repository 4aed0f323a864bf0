"""Paths a player could type or be sent, and numbers past the digit guard (issue 32 item 3 and
item 6): each is one line on stderr, exit 1 or 2, no traceback, nothing waited on or read
without bound; a killed import's temporary file is cleaned up by the next import."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from aos_cli.content.files import UnreadableFile, check_output, read_regular_file
from aos_cli.core.errors import InputError
from aos_cli.core.numbers import file_count, file_number, parse_whole
from tests.conftest import RunCli

FIXTURES = Path(__file__).resolve().parent / "importers" / "fixtures"
ROSTER = FIXTURES / "rosters" / "test-host.ros"


def _one_line(stderr: str) -> None:
    assert stderr.count("\n") == 1, stderr
    assert "Traceback" not in stderr


# --------------------------------------------------------------------------- parsers


@pytest.mark.parametrize("zeros", [17, 4_300, 5_000, 100_000])
def test_leading_zeros_never_reach_int(zeros: int) -> None:
    """More than 4,300 leading zeros once passed the 18-digit guard into int() (ValueError)."""
    assert parse_whole("0" * zeros + "7", what="--models", high=10) == 7
    assert parse_whole("-" + "0" * zeros + "3", what="x", low=-5, high=5, signed=True) == -3
    assert parse_whole("0" * zeros, what="x", high=5) == 0
    with pytest.raises(InputError, match="far too large"):
        parse_whole("0" * zeros + "1" * 19, what="x", high=10)


@pytest.mark.parametrize(
    "text",
    ["inf", "nan", "-inf", "1e400", "9" * 5000, "٣", "३", "²", "1_000", "0x10", "", " ", "--1"],
)
def test_a_number_from_a_file_that_is_not_one_is_none(text: str) -> None:
    assert file_number(text, high=1_000_000) is None
    assert file_count(text, high=1_000_000) is None


def test_numbers_from_files_within_bounds() -> None:
    assert file_count(" 12 ", high=100) == 12
    assert file_count("12.0", high=100) == 12
    assert file_count("12.5", high=100) is None
    assert file_number("12.5", high=100) == 12.5
    assert file_count("101", high=100) is None
    assert file_count("-1", high=100) is None
    assert file_count("-1", low=-5, high=100) == -1
    assert file_count(float("inf"), high=100) is None
    assert file_count(True, high=100) is None


# --------------------------------------------------------------------------- files


def test_a_regular_file_that_errors_on_read_is_one_line() -> None:
    """/proc/self/mem is a regular file by stat, and reading it raises EIO."""
    if not Path("/proc/self/mem").exists():
        pytest.skip("no /proc here")
    with pytest.raises(UnreadableFile, match="cannot be read"):
        read_regular_file(Path("/proc/self/mem"))


def test_proc_mem_as_an_army_list_is_one_line(run_cli: RunCli) -> None:
    if not Path("/proc/self/mem").exists():
        pytest.skip("no /proc here")
    result = run_cli("army", "validate", "/proc/self/mem")
    assert result.exit_code in (1, 2)
    _one_line(result.stderr)


@pytest.mark.parametrize("folder", ["/", "/proc"])
def test_rules_validate_of_a_whole_disk_stops_at_the_limit(folder: str) -> None:
    """`aos rules validate /` once walked 8,600 files for a minute: the walk now stops at its
    entry limit with one line (run in a subprocess with a hang guard, not a speed assertion)."""
    done = subprocess.run(
        [sys.executable, "-m", "aos_cli", "rules", "validate", folder],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode in (1, 2)
    assert done.stderr.count("\n") <= 1 and "Traceback" not in done.stderr


def test_outputs_that_are_not_regular_files_are_refused(tmp_path: Path) -> None:
    pipe = tmp_path / "pipe.yaml"
    os.mkfifo(pipe)
    for path in (pipe, Path("/dev/zero"), Path("/dev/null"), tmp_path):
        with pytest.raises(UnreadableFile):
            check_output(path)
    check_output(tmp_path / "new.yaml")
    (tmp_path / "old.yaml").write_text("x")
    check_output(tmp_path / "old.yaml")


def _hang_guarded(*argv: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "aos_cli", *argv],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, **env},
    )


@pytest.mark.parametrize("kind", ["fifo", "zero"])
def test_army_import_to_a_fifo_or_a_device_is_one_line(tmp_path: Path, kind: str) -> None:
    """`-o /dev/zero` was read without bound (3.9 GB, then MemoryError) and `-o FIFO` blocked."""
    env = {"AOS_DATA_DIR": str(tmp_path / "data"), "AOS_CACHE_DIR": str(tmp_path / "cache")}
    assert _hang_guarded("warscroll", "import", str(FIXTURES), env=env).returncode == 0
    target = Path("/dev/zero")
    if kind == "fifo":
        target = tmp_path / "army.yaml"
        os.mkfifo(target)
    done = _hang_guarded("army", "import", str(ROSTER), "-o", str(target), env=env)
    assert done.returncode in (1, 2)
    _one_line(done.stderr)
    assert "not a regular file" in done.stderr


@pytest.mark.parametrize("kind", ["fifo", "zero"])
def test_a_markdown_report_to_a_fifo_or_a_device_is_one_line(tmp_path: Path, kind: str) -> None:
    db = str(tmp_path / "games.sqlite3")
    env = {"AOS_DB": db, "AOS_CACHE_DIR": str(tmp_path / "cache")}
    assert _hang_guarded("game", "new", "--seed", "1", env=env).returncode == 0
    target = Path("/dev/zero")
    if kind == "fifo":
        target = tmp_path / "report.md"
        os.mkfifo(target)
    done = _hang_guarded("game", "report", "--markdown", str(target), env=env)
    assert done.returncode in (1, 2)
    _one_line(done.stderr)


# --------------------------------------------------------------------------- left-overs


def test_the_next_import_deletes_what_a_killed_import_left(run_cli: RunCli, tmp_path: Path) -> None:
    """Issue 32 item 6: a temporary file a killed import left in the output folder is gone
    after the next import into that folder; a player's own files stay."""
    out = tmp_path / "content"
    out.mkdir()
    left = out / ".aos-import-abc123.tmp"
    left.write_text("half a file")
    own = out / "notes.tmp"
    own.write_text("mine")
    result = run_cli("warscroll", "import", str(FIXTURES), "--out", str(out))
    assert result.exit_code == 0, result.stderr
    assert not left.exists() and own.exists()
    assert not list(out.glob(".aos-import-*.tmp"))


def test_a_failed_write_removes_its_temporary_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from aos_cli.content.importers import output

    def interrupted(source: str, target: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(output.os, "replace", interrupted)
    with pytest.raises(KeyboardInterrupt):
        output.write_atomic(tmp_path / "army.yaml", "army: {}\n")
    assert list(tmp_path.iterdir()) == []
