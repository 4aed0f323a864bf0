"""Shared fixtures: run the real `aos` entry point in-process and capture what it prints."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass

import pytest
from hypothesis import settings
from typer.testing import CliRunner

settings.register_profile("fixed", derandomize=True)
settings.register_profile("explore", derandomize=False)
settings.load_profile(os.environ.get("AOS_HYPOTHESIS", "fixed"))
"""Property and fuzz tests draw the same inputs on every run, so CI never fails on an input
it has not seen before; `AOS_HYPOTHESIS=explore` searches new inputs on demand."""


@dataclass
class CliResult:
    """What one `aos` invocation printed and its exit code."""

    exit_code: int
    stdout: str
    stderr: str


RunCli = Callable[..., CliResult]


@pytest.fixture(autouse=True)
def _private_paths(
    monkeypatch: pytest.MonkeyPatch, tmp_path_factory: pytest.TempPathFactory
) -> None:
    """Tests never touch the user's games database or content cache."""
    base = tmp_path_factory.getbasetemp()
    monkeypatch.setenv("AOS_CACHE_DIR", str(base / "cache"))
    monkeypatch.setenv("AOS_DB", str(base / "default-games.sqlite3"))
    monkeypatch.setenv("AOS_DATA_DIR", str(base / "data"))
    monkeypatch.setenv("AOS_LANG", "en")  # English whatever the machine's locale says


@pytest.fixture(autouse=True)
def _english_after() -> Iterator[None]:
    """A test that switched language leaves the next one in English."""
    yield
    from aos_cli.core import i18n

    i18n.set_language(i18n.ENGLISH)


@pytest.fixture
def run_cli(monkeypatch: pytest.MonkeyPatch) -> RunCli:
    """Call `aos_cli.cli.app.main` with arguments (and typed input), as a user's shell would."""
    from aos_cli.cli.app import main

    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.setenv("COLUMNS", "120")

    def run(*args: str, input: str | None = None, env: dict[str, str] | None = None) -> CliResult:
        for key, value in (env or {}).items():
            monkeypatch.setenv(key, value)
        runner = CliRunner()
        with runner.isolation(input=input) as streams:
            out, err = streams[0], streams[1]
            code = 0
            try:
                main(list(args))
            except SystemExit as stop:
                code = stop.code if isinstance(stop.code, int) else (0 if stop.code is None else 1)
            sys.stdout.flush()
            sys.stderr.flush()
            stdout = out.getvalue().decode()
            stderr = err.getvalue().decode() if err is not None else ""
        return CliResult(code, stdout, stderr)

    return run
