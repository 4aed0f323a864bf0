"""Names that act (issue 32 item 4): Rich markup, ANSI and OSC sequences and C1 controls in
game, army, unit, player and objective names are shown as text on a pipe and on a
pseudo-terminal, and escaped in every file the tool writes (the Markdown report, army lists
and content files); the one escaping function (`views.theme.printable`) and its forms for
markup, Markdown and a web page are checked on their own."""

from __future__ import annotations

import json
import os
import re
import select
import subprocess
import sys
import time
from pathlib import Path

import pytest
import yaml

from aos_cli.views.theme import html_safe, markdown_safe, markup_safe, name_text, printable
from tests.conftest import RunCli

ROOT = Path(__file__).resolve().parents[2]
HOSTILE = (
    "Evil [link=http://evil.example]click[/link] [/x] [bold]b\x1b[2J\x1b]0;PWNED\x07"
    "\x1b]8;;http://evil.example\x07L\x1b]8;;\x07\u009b31mC1\u009d0;T\u009c\u202eZ"
)
"""Markup (a live link, an unmatched closing tag), ANSI (clear screen), OSC (title, hyperlink),
C1 controls (CSI, OSC, ST) and a bidi override."""
RAW = ("\x1b", "\x07", "\u009b", "\u009d", "\u009c", "\u202e")
"""What must never be written raw."""
OSC_LINK = re.compile(r"\x1b\]8;")


def _clean(text: str) -> None:
    for raw in RAW:
        assert raw not in text, f"raw {raw!r} in output"
    assert not OSC_LINK.search(text)


def _evil_army(tmp_path: Path, source: str, name: str) -> Path:
    """A demo army list with every name it has made hostile: army, player and a unit's name."""
    data = yaml.safe_load((ROOT / "warscrolls" / "armies" / source).read_text())
    data["army"]["name"] = f"{name} army"
    data["army"]["player"] = f"{name} player"
    data["army"]["units"][1]["name"] = f"{name} unit"
    path = tmp_path / f"evil-{source}"
    path.write_text(yaml.safe_dump(data, allow_unicode=False))
    return path


@pytest.fixture
def evil_game(run_cli: RunCli, tmp_path: Path) -> tuple[Path, list[str]]:
    """A game whose name, armies, players, units and one placed objective are hostile, with
    a few actions played so reports and scores have rows."""
    db = tmp_path / "games.sqlite3"
    first = _evil_army(tmp_path, "stormcast-demo.yaml", HOSTILE)
    second = _evil_army(tmp_path, "nighthaunt-demo.yaml", HOSTILE + "2")
    base = ["--db", str(db)]
    created = run_cli(
        "game", "new", "--army", str(first), "--army", str(second), "--name", HOSTILE,
        "--seed", "1", *base,
    )  # fmt: skip
    assert created.exit_code == 0, created.stderr
    placed = run_cli("objective", HOSTILE, "--place", "--position", HOSTILE, *base)
    assert placed.exit_code == 0, placed.stderr
    for argv in (["priority"], ["next"], ["next"]):
        assert run_cli(*argv, *base).exit_code == 0
    return db, base


COMMANDS = [
    ["game", "list"],
    ["game", "report"],
    ["game", "log"],
    ["score"],
    ["objective"],
    ["status"],
    ["game", "show"],
]


def test_every_name_on_a_pipe_is_text(run_cli: RunCli, evil_game: tuple[Path, list[str]]) -> None:
    _, base = evil_game
    for argv in COMMANDS:
        result = run_cli(*argv, *base)
        assert result.exit_code in (0, 2), (argv, result.stderr)
        assert "Traceback" not in result.stderr
        _clean(result.stdout + result.stderr)
    shown = run_cli("game", "list", *base).stdout
    assert "[/x]" in shown or "[/x" in shown  # the markup printed as written


def test_every_name_on_a_pseudo_terminal_is_text(
    run_cli: RunCli, evil_game: tuple[Path, list[str]]
) -> None:
    """With a terminal on the other end Rich writes colours and could write hyperlinks: the
    only escape sequences are its own colours (SGR), never the names' ones."""
    import pty

    db, _ = evil_game
    for argv in (["game", "list"], ["game", "report"], ["score"], ["objective"], ["status"]):
        master, slave = pty.openpty()
        env = {**os.environ, "AOS_DB": str(db), "COLUMNS": "200", "TERM": "xterm-256color"}
        env.pop("NO_COLOR", None)
        process = subprocess.Popen(
            [sys.executable, "-m", "aos_cli", *argv], stdin=slave, stdout=slave, stderr=slave,
            env=env, close_fds=True,
        )  # fmt: skip
        os.close(slave)
        seen = b""
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            ready, _, _ = select.select([master], [], [], 1)
            if ready:
                try:
                    chunk = os.read(master, 65536)
                except OSError:
                    chunk = b""
                if not chunk:
                    break
                seen += chunk
            elif process.poll() is not None:
                break
        process.wait(timeout=60)
        os.close(master)
        text = seen.decode(errors="replace")
        assert "Traceback" not in text, text
        own_colours = re.sub(r"\x1b\[[0-9;]*m", "", text)
        _clean(own_colours)


def test_every_file_the_tool_writes_holds_no_raw_name(
    run_cli: RunCli, evil_game: tuple[Path, list[str]], tmp_path: Path
) -> None:
    _, base = evil_game
    report = tmp_path / "report.md"
    result = run_cli("game", "report", "--markdown", str(report), *base)
    assert result.exit_code == 0, result.stderr
    text = report.read_text()
    _clean(text)
    assert "[link=" not in text and "\\[link\\=" in text
    assert "<" not in text.replace("\\<", "")


def test_imported_files_hold_no_raw_control(run_cli: RunCli, tmp_path: Path) -> None:
    """An imported roster or catalogue with hostile names is written as YAML that escapes them."""
    fixtures = ROOT / "tests" / "content" / "importers" / "fixtures"
    data = tmp_path / "data"
    source = (fixtures / "Order - Test Host - Data.cat").read_text()
    evil = source.replace('name="Wardens"', 'name="Wardens &#x1b;]0;X&#x7; &#x9b;1m [bold]"')
    cats = tmp_path / "cats"
    cats.mkdir()
    (cats / "Order - Test Host - Data.cat").write_text(evil)
    (cats / "Order - Test Host.cat").write_text((fixtures / "Order - Test Host.cat").read_text())
    (cats / "Test System.gst").write_text((fixtures / "Test System.gst").read_text())
    out = tmp_path / "content"
    result = run_cli(
        "warscroll", "import", str(cats), "--out", str(out), env={"AOS_DATA_DIR": str(data)}
    )
    assert "Traceback" not in result.stderr
    _clean(result.stdout + result.stderr)
    for written in out.glob("*.yaml"):
        _clean(written.read_text())


def test_json_keeps_names_as_data(run_cli: RunCli, evil_game: tuple[Path, list[str]]) -> None:
    """--json is for programs: the name is the name, JSON-escaped, not shown as text."""
    _, base = evil_game
    listed = run_cli("game", "list", "--json", *base)
    raw = listed.stdout
    _clean(raw)  # JSON escapes controls as \\u001b
    assert json.loads(raw)[0]["name"] == HOSTILE


@pytest.mark.parametrize("name", [HOSTILE, "[/]", "[link=x]", "\\", "a\nb", "\u0085"])
def test_each_form_of_the_one_escaping_function(name: str) -> None:
    from rich.console import Console

    shown = printable(name)
    _clean(shown)
    console = Console(record=True, force_terminal=False, width=300)
    console.print(markup_safe(name))
    console.print(name_text(name))
    _clean(console.export_text())
    assert "\n" not in markdown_safe(name)
    _clean(markdown_safe(name))
    page = html_safe(name)
    _clean(page)
    assert "<" not in page and '"' not in page
