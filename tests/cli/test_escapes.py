"""Nothing from data reaches the terminal raw (issue 16 item 16): terminal escapes in names from
army lists, content and the games database are shown as text, and Rich markup in a name
prints as written."""

from __future__ import annotations

import io
from pathlib import Path

from aos_cli.views.theme import make_console, markup_safe, printable
from tests.conftest import RunCli

ROOT = Path(__file__).resolve().parents[2]
EVIL = "Evil\x1b[2J\x1b]0;PWNED\x07Army [bold]x[/]"
EVIL_YAML = "Evil\\e[2J\\e]0;PWNED\\aArmy [bold]x[/]"


def _evil_army(tmp_path: Path) -> Path:
    demo = (ROOT / "warscrolls" / "armies" / "stormcast-demo.yaml").read_text()
    army = tmp_path / "evil.yaml"
    army.write_text(demo.replace("name: Hammers of Azyr", f'name: "{EVIL_YAML}"'))
    return army


def test_an_army_named_with_escapes_prints_no_escape(run_cli: RunCli, tmp_path: Path) -> None:
    result = run_cli("army", "validate", str(_evil_army(tmp_path)))
    assert result.exit_code == 0, result.stderr
    assert "\x1b" not in result.stdout and "\x07" not in result.stdout
    assert "Evil\\x1b[2J\\x1b]0;PWNED\\x07Army [bold]x[/] is valid" in result.stdout


def test_a_game_name_with_escapes_prints_no_escape(run_cli: RunCli, tmp_path: Path) -> None:
    db = str(tmp_path / "games.sqlite3")
    army = str(_evil_army(tmp_path))
    other = str(ROOT / "warscrolls" / "armies" / "nighthaunt-demo.yaml")
    created = run_cli(
        "game", "new", "--army", army, "--army", other, "--name", EVIL, "--db", db, "--seed", "1"
    )
    assert created.exit_code == 0, created.stderr
    assert "\x1b" not in created.stdout
    assert "[bold]x[/]" in created.stdout
    for argv in (["status"], ["game", "list"], ["game", "use", "1"], ["game", "log"]):
        shown = run_cli(*argv, "--db", db)
        assert shown.exit_code == 0, shown.stderr
        assert "\x1b" not in shown.stdout + shown.stderr
        assert "\x07" not in shown.stdout + shown.stderr


def test_an_error_line_never_carries_an_escape(run_cli: RunCli, tmp_path: Path) -> None:
    result = run_cli("game", "use", EVIL, "--db", str(tmp_path / "games.sqlite3"))
    assert result.exit_code == 1
    assert "\x1b" not in result.stderr


def test_the_console_keeps_its_own_colours_but_shows_data_escapes_as_text() -> None:
    """With colour on, Rich's own styles still colour the text; the name's ESC does not."""
    out = io.StringIO()
    console = make_console()
    console.file = out
    console._force_terminal = True
    console.print(f"[bold]{markup_safe(EVIL)}[/]")
    written = out.getvalue()
    assert "\\x1b[2J" in written and "[bold]x[/]" in written
    assert "\x1b[2J" not in written and "\x07" not in written


def test_printable_keeps_newlines_and_ordinary_text() -> None:
    assert printable("Hammers of Azyr\nÉlite") == "Hammers of Azyr\nÉlite"
    assert printable("a\x1b\x9bb\rc") == "a\\x1b\\x9bb\\rc"
