"""The `aos` entry point: version, help and the one-line error boundary (DESIGN §5)."""

from __future__ import annotations

from tests.conftest import RunCli


def test_version(run_cli: RunCli) -> None:
    result = run_cli("--version")
    assert result.exit_code == 0
    assert result.stdout.startswith("aos ")


def test_unknown_option_is_one_line_exit_2(run_cli: RunCli) -> None:
    result = run_cli("roll", "attack", "--nope")
    assert result.exit_code == 2
    assert result.stderr.count("\n") == 1
    assert "--nope" in result.stderr
