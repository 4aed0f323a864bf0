"""Random command lines through the real entry point: whatever is typed, `aos` answers with
output or one error line and exits 0, 1 or 2, never a traceback (issue 16)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.conftest import RunCli

VALUES = [
    "0", "1", "3", "6", "12", "-1", "3+", "7+", "-", "²", "①", "٣", "٣D6", "9" * 5000,
    "1e308", "inf", "nan", "10000000000", "D6", "D3", "2D6+1", "+".join(["100D6"] * 30),
    "6:1", "6:1000000000000", "²:1", "①+", "6:D3", "6:1:add", "", " ", "[bold]x[/]", "[/]",
    "Evil\x1b[2J\x1b]0;PWNED\x07", "a\x00b", "10x2/3+/4+/-1/D3", "1000000x1/4+/4+",
    "5x1/4+/4+", "-" + "9" * 40, "liberators", "Chainrasp Horde", "Lord-Celestant",
    "first-blood", "aos2", "wh40k8", "mesbg", "aos1", "ones", "failed", "manual", "might",
    "/dev/null", "/dev/zero", "/", "6x", "?", "distance=inf", "distance=7",
]  # fmt: skip
INTS = ["0", "1", "6", "-1", "12", "10000000000", "1" + "0" * 400]
FLOATS = ["inf", "nan", "-inf", "1e308", "3.5", "0", "-1"]
SKIPPED = {("demo",), ("serve",)}
"""A whole demo battle is too slow to fuzz, and `aos serve` runs until stopped; both have
tests of their own."""


def _commands() -> list[tuple[tuple[str, ...], list[tuple[str, Any]], int]]:
    """Every command path with its options and how many arguments it takes."""
    import typer.main

    from aos_cli.cli.app import build_app

    found: list[tuple[tuple[str, ...], list[tuple[str, Any]], int]] = []

    def walk(command: Any, path: tuple[str, ...]) -> None:
        if hasattr(command, "commands"):
            for name, sub in sorted(command.commands.items()):
                walk(sub, (*path, name))
            return
        if path in SKIPPED:
            return
        options = [
            (flag, param)
            for param in command.params
            if type(param).__name__.endswith("Option")
            for flag in param.opts
            if flag.startswith("--") and flag not in ("--help", "--db")
        ]
        arguments = sum(1 for p in command.params if type(p).__name__.endswith("Argument"))
        found.append((path, options, arguments))

    walk(typer.main.get_command(build_app()), ())
    return found


COMMANDS = _commands()


@st.composite
def command_lines(draw: st.DrawFn) -> tuple[list[str], str]:
    """A command of `aos`, values for its arguments, a few of its options, and typed input."""
    path, options, arguments = draw(st.sampled_from(COMMANDS))
    argv = list(path)
    argv += [draw(st.sampled_from(VALUES)) for _ in range(arguments)]
    for _ in range(draw(st.integers(min_value=0, max_value=4))):
        if not options:
            break
        flag, param = draw(st.sampled_from(options))
        if param.is_flag:
            argv.append(flag)
            continue
        kind = str(param.type_descriptor.annotation)
        pool = INTS if "int" in kind else FLOATS if "float" in kind else VALUES
        argv += [flag, draw(st.sampled_from(pool))]
    typed = draw(st.sampled_from(["", "6 6 6\n", "²\n", "6:1000000000\n", "inf\n", "?²\n"]))
    return argv, typed


@pytest.fixture
def game_db(run_cli: RunCli, tmp_path_factory: pytest.TempPathFactory) -> str:
    """A games database with a demo game, so in-game commands have something to act on."""
    db = str(tmp_path_factory.mktemp("fuzz") / "games.sqlite3")
    assert run_cli("game", "new", "--system", "aos2", "--db", db).exit_code == 0
    return db


@settings(
    max_examples=120,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(command_lines())
def test_random_command_lines_never_end_in_a_traceback(
    run_cli: RunCli, game_db: str, monkeypatch: pytest.MonkeyPatch, line: tuple[list[str], str]
) -> None:
    argv, typed = line
    monkeypatch.setenv("AOS_DB", game_db)
    monkeypatch.chdir(Path(game_db).parent)  # files a command writes (--markdown, --out) land here
    result = run_cli(*argv, input=typed)
    # 130 only when the typed input ran out at a prompt: the player stopped, as Ctrl-C does.
    stopped = result.exit_code == 130 and "stopped; every action" in result.stderr
    assert result.exit_code in (0, 1, 2) or stopped, (argv, result.stderr[-500:])
    assert "Traceback" not in result.stderr, argv
    assert "\x1b" not in result.stdout + result.stderr, argv
