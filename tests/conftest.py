"""Shared fixtures: run the real `aos` entry point in-process and capture what it prints."""

from __future__ import annotations

import os
import re
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
    """A test that switched language (or a game system's own words, or the content's) leaves
    the next one in English with the words all systems share and no content's words."""
    yield
    from aos_cli.language import i18n
    from aos_cli.language.text import use_content_words

    i18n.set_language(i18n.ENGLISH)
    i18n.use_system(None)
    use_content_words(None)


@pytest.fixture
def run_cli(monkeypatch: pytest.MonkeyPatch) -> RunCli:
    """Call `aos_cli.cli.app.main` with arguments (and typed input), as a user's shell would."""
    from aos_cli.cli.app import main

    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.setenv("COLUMNS", "120")

    def invoke(args: tuple[str, ...], input: str | None) -> CliResult:
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

    def run(*args: str, input: str | None = None, env: dict[str, str] | None = None) -> CliResult:
        for key, value in (env or {}).items():
            monkeypatch.setenv(key, value)
        result = invoke(args, input)
        if result.exit_code not in (0, INTERRUPTED) and not _chooses_language(args, env) and CHECK:
            again = invoke(("--lang", "xx", *args), input)
            _assert_error_translated(args, result, again)
        return result

    return run


CHECK = os.environ.get("AOS_CHECK_ERROR_PATHS", "1") != "0"
"""`AOS_CHECK_ERROR_PATHS=0` skips the pseudo-language re-run of failed commands (to measure
what it costs)."""
INTERRUPTED = 130
"""A stopped command keeps what it recorded, so running it again is not the same command."""


def _chooses_language(args: tuple[str, ...], env: dict[str, str] | None) -> bool:
    """Whether the test itself picks a language (its run is then checked as it is)."""
    asked = (env or {}).get("AOS_LANG", "en")
    return asked != "en" or any(a == "--lang" or a.startswith("--lang=") for a in args)


def _assert_error_translated(args: tuple[str, ...], first: CliResult, again: CliResult) -> None:
    """Issue 17's check of every error path: the same failing command in the pseudo-language
    fails the same way (a failed command left the game as it was) and its stderr has no English
    outside ⟦ ⟧ but names, quoted values, paths, options and numbers."""
    from tests.cli.test_pseudo_language import NAMES, strip_wrapped, untransformed_words

    assert again.exit_code == first.exit_code, (args, first.stderr, again.stderr)
    left = []
    for line in again.stderr.splitlines():
        line = _ERROR_PREFIX.sub(r"aos: \1", line)  # the message itself is what is checked
        words = untransformed_words(_NAMES_IN_ERRORS.sub(" ", strip_wrapped(line)), NAMES)
        if words:
            left.append(line)
    assert left == [], args


_ERROR_PREFIX = re.compile(r"^aos: ⟦error: (.*)⟧$")
_NAMES_IN_ERRORS = re.compile(
    r"'[^']*'|\"[^\"]*\"|`[^`]*`|\S*[/\\]\S*|\S+\.(?:yaml|yml|json|ros|rosz|sqlite3|db|cat|gst)\b"
    r"|\b\w+(?:\[\d+\])?(?:\.\w+(?:\[\d+\])?)+:"
)
"""What an error line names rather than says: quoted values, file paths and file names, and
a field's path in a content file (`army.units[1].warscroll:`)."""
