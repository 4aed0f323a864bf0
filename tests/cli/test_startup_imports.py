"""What whole `aos` commands import (DESIGN §6: fast at the table). Speed itself is measured in
benchmarks/ (startup_ratios.py), never asserted here; these tests keep the heavy libraries out
of the commands that do not need them, checked in a fresh process's `sys.modules`."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]

HEAVY = (
    "pydantic",
    "yaml",
    "aos_cli.content.schema",
    "aos_cli.core.action_types",
    "aos_cli.cli.attack_modifiers",
)
"""The content schema and its libraries, the game engine's actions, and the attack effect
flags that only `aos shoot` and `aos fight` take."""

RUN = (
    "import json, sys\n"
    "from aos_cli.cli.app import main\n"
    "try:\n"
    "    main(sys.argv[1:])\n"
    "except SystemExit:\n"
    "    pass\n"
    "heavy = {heavy!r}\n"
    "rules = [m for m in sys.modules if m.startswith('aos_cli.systems.') and m.endswith('.rules')]\n"
    "print(json.dumps(sorted([m for m in heavy if m in sys.modules] + rules)), file=sys.stderr)\n"
)


def imported_by(tmp_path: Path, *args: str, heavy: tuple[str, ...] = HEAVY) -> list[str]:
    """The `heavy` modules (and system rules) a whole `aos ARGS` run imports."""
    env = {
        **os.environ,
        "PYTHONPATH": str(REPO) + os.pathsep + os.environ.get("PYTHONPATH", ""),
        "AOS_CACHE_DIR": str(tmp_path / "cache"),
        "AOS_DATA_DIR": str(tmp_path / "data"),
        "AOS_DB": str(tmp_path / "games.db"),
        "NO_COLOR": "1",
    }
    env.pop("AOS_CONTENT", None)
    done = subprocess.run(
        [sys.executable, "-c", RUN.format(heavy=heavy), *args],
        capture_output=True,
        text=True,
        env=env,
        check=True,
    )
    found: list[str] = json.loads(done.stderr.strip().splitlines()[-1])
    return found


@pytest.mark.parametrize(
    "args",
    [
        ("warscroll", "list"),
        ("battleplan", "list"),
        ("--help",),
        ("warscroll", "show", "Lord-Celestant"),
        ("warscroll", "show", "liberators", "--json"),
        ("rules", "show", "phases"),
        ("rules", "show", "command-traits"),
        ("rules", "show", "triumphs", "--json"),
    ],
    ids=" ".join,
)
def test_lists_cards_and_help_import_no_schema_once_the_cache_is_warm(
    tmp_path: Path, args: tuple[str, ...]
) -> None:
    """Lists are read from the content cache's index, warscroll cards and rules as plain
    values from its validated data, and `aos --help` from each system's light `INFO`: none
    imports pydantic, yaml, the schema or any system's rules."""
    imported_by(tmp_path, "warscroll", "list")  # fills the cache
    assert imported_by(tmp_path, *args) == []


def test_a_cold_cache_validates_with_the_schema(tmp_path: Path) -> None:
    """The first run reads the YAML and validates it: the light path is the cache's."""
    assert {"pydantic", "yaml"} <= set(imported_by(tmp_path, "warscroll", "list"))


@pytest.mark.parametrize(
    ("args", "shows_help"),
    [
        (("--lang", "hu", "roll", "dice", "2D6"), False),
        (("--lang", "ru", "odds", "charge", "7"), False),
        (("--lang", "it", "battleplan", "list"), False),
        (("--lang", "hu", "roll", "--help"), True),
        (("--lang", "tr", "game"), True),
    ],
    ids=lambda v: " ".join(v) if isinstance(v, tuple) else str(v),
)
def test_another_language_loads_the_help_screen_words_only_to_show_help(
    tmp_path: Path, args: tuple[str, ...], shows_help: bool
) -> None:
    """Issue 17 item 5 (loading a catalogue keeps start-up within the other commands' bound):
    Typer's help-screen module is translated, and so imported, only when a run shows help."""
    found = imported_by(tmp_path, *args, heavy=("typer.rich_utils",))
    assert ("typer.rich_utils" in found) == shows_help


def test_the_help_lists_every_command_without_importing_the_commands(tmp_path: Path) -> None:
    """`aos --help` reads each command's help from its module's source: no command module,
    and none of the engine they import, is loaded to list them."""
    commands = ("aos_cli.cli.turn", "aos_cli.cli.roll", "aos_cli.cli.play", "aos_cli.core.attack")
    assert imported_by(tmp_path, "--help", heavy=commands) == []


def test_the_help_read_from_source_is_the_commands_own() -> None:
    """Every command and group's help as the source gives it is what importing it gives."""
    import inspect

    import typer

    from aos_cli.cli.app import COMMANDS, GROUPS, _help_in_source, _load, system_commands

    for name, verb in {**COMMANDS, **GROUPS, **system_commands()}.items():
        kind, text = _help_in_source(verb.module, verb.attribute)
        found = _load(verb.module, verb.attribute)
        if kind is None:
            continue  # written some other way: the outline imports it and asks
        own = found.info.help if isinstance(found, typer.Typer) else inspect.getdoc(found)
        assert (kind, text) == ("group" if isinstance(found, typer.Typer) else "command", own), name


WEB = (
    "starlette",
    "uvicorn",
    "anyio",
    "segno",
    "aos_cli.views.web",
    "aos_cli.views.web.server",
    "aos_cli.app.live_view",
)
"""The web stack of `aos serve` (issue 30 item 3): imported only when that command runs."""


@pytest.mark.parametrize(
    "args",
    [("--help",), ("status",), ("roll", "dice", "2D6"), ("warscroll", "list"), ("serve", "--help")],
    ids=" ".join,
)
def test_only_aos_serve_imports_the_web_stack(tmp_path: Path, args: tuple[str, ...]) -> None:
    assert imported_by(tmp_path, *args, heavy=WEB) == []


@pytest.mark.parametrize(
    "args",
    [
        ("shoot", "judicators", "--target", "chainrasps", "--attacks", "1", "--in-range"),
        ("fight", "liberators", "--target", "chainrasps", "--attacks", "1", "--smiths", "hit"),
        ("move", "liberators"),
        ("status",),
    ],
    ids=" ".join,
)
def test_the_commands_at_the_table_convert_their_values_without_pydantic(
    tmp_path: Path, args: tuple[str, ...]
) -> None:
    """A constrained option (`min=`, a choice) makes Typer build a pydantic adapter for every
    run of its command: tens of milliseconds on each shot. The commands played at the table
    take plain values and check them themselves (whether the action is then legal is beside
    the point: the values are converted before it is asked)."""
    imported_by(tmp_path, "game", "new", "--system", "aos2", "--seed", "1")
    assert "pydantic" not in imported_by(tmp_path, *args, heavy=("pydantic",))
