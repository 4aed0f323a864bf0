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


MARK = "[bold]¤[/bold]"


def _marked(node: object, key: str | None = None) -> object:
    """Every name and rules text of a content record with Rich markup appended."""
    if isinstance(node, dict):
        return {k: _marked(v, k) for k, v in node.items()}
    if isinstance(node, list):
        return [_marked(v, key) for v in node]
    if isinstance(node, str) and key in ("name", "text", "faction"):
        return f"{node} {MARK}"
    return node


def test_markup_in_every_content_name_and_text_prints_as_written(
    run_cli: RunCli, tmp_path: Path
) -> None:
    """Issue 16: content is data, never markup: a warscroll, weapon, ability or battleplan
    named with `[bold]` shows the brackets in every table cell and line, never bold text."""
    import yaml

    content = tmp_path / "content"
    content.mkdir()
    for source in (
        ROOT / "warscrolls" / "nighthaunt" / "nighthaunt.yaml",
        ROOT / "warscrolls" / "wh40k8-demo" / "datasheets.yaml",
        *sorted((ROOT / "battleplans" / "aos2").glob("*.yaml")),
    ):
        data = _marked(yaml.safe_load(source.read_text(encoding="utf-8")))
        (content / f"{source.parent.name}-{source.name}").write_text(
            yaml.safe_dump(data, allow_unicode=True), encoding="utf-8"
        )
    env = {"AOS_CONTENT": str(content), "COLUMNS": "250", "AOS_DB": str(tmp_path / "g.sqlite3")}
    commands = [
        ["warscroll", "list"],
        ["warscroll", "show", "knight-of-shrouds"],
        ["warscroll", "show", "guardian-of-souls"],
        ["battleplan", "list"],
        ["battleplan", "show", "first-blood"],
        ["demo", "--seed", "2"],
        ["game", "new", "--seed", "2"],
        ["status"],
        ["game", "report"],
    ]
    datasheets = yaml.safe_load(
        (ROOT / "warscrolls" / "wh40k8-demo" / "datasheets.yaml").read_text(encoding="utf-8")
    )
    commands += [["warscroll", "show", d["id"]] for d in datasheets["warscrolls"][:3]]
    for argv in commands:
        result = run_cli(*argv, env=env)
        assert result.exit_code == 0, (argv, result.stderr)
        shown = result.stdout + result.stderr
        assert MARK in shown or argv[:2] == ["game", "new"], argv
        assert "¤" not in shown.replace(MARK, ""), (argv, shown)
