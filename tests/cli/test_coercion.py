"""Plain command-line values are converted without pydantic, exactly as Typer would (DESIGN §6)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from aos_cli.cli.coercion import _NOT_PLAIN, _convert
from tests.conftest import RunCli

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(
    ("annotation", "text", "value"),
    [(int, "3", 3), (int, "-2", -2), (int, "+4", 4), (int, "08", 8), (float, "8", 8.0),
     (float, "8.5", 8.5), (float, ".5", 0.5), (float, "-1.", -1.0), (str, "D3", "D3"),
     (int, 0, 0), (float, 2, 2.0), (bool, True, True)],
)  # fmt: skip
def test_plain_values_convert_as_typer_would(annotation: type, text: str, value: object) -> None:
    assert _convert(annotation, text) == value
    assert type(_convert(annotation, text)) is annotation


@pytest.mark.parametrize(
    ("annotation", "text"), [(int, "x"), (int, "1.5"), (int, " 3"), (float, "1e3"), (float, "")]
)
def test_anything_else_is_left_to_typer(annotation: type, text: str) -> None:
    assert _convert(annotation, text) is _NOT_PLAIN


def test_a_bad_number_gets_typers_own_message(run_cli: RunCli) -> None:
    result = run_cli("roll", "dice", "2D6", "--seed", "x")
    assert result.exit_code == 2
    assert "Invalid value for '--seed'" in result.stderr and "integer" in result.stderr


def test_values_reach_the_command(run_cli: RunCli) -> None:
    first = run_cli("roll", "charge", "--distance", "7.6", "--seed", "4", "--json")
    second = run_cli("roll", "charge", "--distance", "7.6", "--seed", "4", "--json")
    assert first.exit_code == 0, first.stderr
    assert first.stdout == second.stdout and '"needed": 8,' in first.stdout


def test_a_roll_with_values_imports_no_pydantic() -> None:
    """Typer would import pydantic to convert `--seed 3`; the plain conversion does not."""
    result = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "aos_cli", "roll", "charge", "--distance",
         "8", "--seed", "3"],
        capture_output=True, text=True, check=True, cwd=ROOT,
    )  # fmt: skip
    imported = {line.split("|")[-1].strip() for line in result.stderr.splitlines() if "|" in line}
    assert "pydantic" not in imported
