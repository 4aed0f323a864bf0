"""The README's commands run as written (issue 13 item 17): the quick start is what CI runs, every
literal example command succeeds in order, and placeholders are marked as placeholders."""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from tests.cli.test_play_pty import Terminal

ROOT = Path(__file__).parents[1]
README = ROOT / "README.md"
PLACEHOLDER = re.compile(r"<[^<>]+>")


def shell_blocks() -> list[str]:
    """Every line of the README's ```sh blocks, in order."""
    lines: list[str] = []
    inside = False
    for line in README.read_text(encoding="utf-8").splitlines():
        if line.startswith("```"):
            inside = line.strip() == "```sh"
            continue
        if inside and line.strip():
            lines.append(line)
    return lines


def commands(line: str) -> list[list[str]]:
    """The commands of one README line: comments dropped, split at unquoted `;`."""
    lexer = shlex.shlex(line, posix=True, punctuation_chars=";")
    lexer.whitespace_split = True
    lexer.commenters = "#"
    found: list[list[str]] = [[]]
    for token in lexer:
        if token == ";":
            found.append([])
        else:
            found[-1].append(token)
    return [words for words in found if words]


def literal_aos_commands() -> list[list[str]]:
    """The `aos` commands meant to run exactly as written (no `<placeholder>` in them)."""
    return [
        words
        for line in shell_blocks()
        for words in commands(line)
        if words[0] == "aos" and not any(PLACEHOLDER.search(word) for word in words)
    ]


def test_quick_start_is_two_commands_in_a_virtual_environment_and_ci_runs_the_second() -> None:
    quick = shell_blocks()[:2]
    assert all(line.startswith("python3 -m venv .venv && .venv/bin/pip install") for line in quick)
    assert quick[0].endswith(".venv/bin/aos demo")
    assert quick[1] in (ROOT / ".ci" / "run").read_text(encoding="utf-8")


def test_placeholders_read_as_placeholders() -> None:
    """No bare `A.yaml`, `UNIT`, `move|run|retreat` or `[--optional]` in an example: what the
    reader fills in is written `<like this>`, so everything else can be typed as it stands."""
    for line in shell_blocks():
        for words in commands(PLACEHOLDER.sub("PLACEHOLDER", line)):
            for word in words[1:]:
                if word == "PLACEHOLDER" or " " in word:
                    continue
                assert not re.fullmatch(r"[A-Z][A-Z_]*(\.yaml)?", word), (line, word)
                assert "|" not in word and not word.startswith("["), (line, word)


@pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX pseudo-terminal")
def test_every_literal_readme_command_runs_as_written(tmp_path: Path) -> None:
    """In a fresh data folder and games database, each literal command of the README succeeds in
    the order the README gives them; `aos play` is opened in a terminal and left with `q`."""
    for folder in ("warscrolls", "battleplans"):
        (tmp_path / folder).symlink_to(ROOT / folder)
    env = {
        **os.environ,
        "AOS_DB": str(tmp_path / "games.sqlite3"),
        "XDG_DATA_HOME": str(tmp_path / "data"),
        "NO_COLOR": "1",
        "COLUMNS": "100",
    }
    ran = 0
    for words in literal_aos_commands():
        command = [sys.executable, "-m", "aos_cli", *words[1:]]
        if words[:2] == ["aos", "serve"]:
            _serves_until_ctrl_c(command, tmp_path, env)
        elif words[:2] == ["aos", "play"]:
            term = Terminal(command, cwd=tmp_path, env=env)
            term.expect(": ")
            term.type("q")
            assert term.close() == 0, shlex.join(words)
            assert "Traceback" not in term.seen
        else:
            done = subprocess.run(
                command, cwd=tmp_path, env=env, stdin=subprocess.DEVNULL,
                capture_output=True, text=True, timeout=60,
            )  # fmt: skip
            assert done.returncode == 0, f"{shlex.join(words)}\n{done.stdout}{done.stderr}"
            assert "Traceback" not in done.stderr
        ran += 1
    assert ran >= 40
    assert (tmp_path / "report.md").is_file()


def _serves_until_ctrl_c(command: list[str], folder: Path, env: dict[str, str]) -> None:
    """`aos serve` runs until stopped: it prints the page's address, then Ctrl-C ends it with
    one line and exit code 0."""
    import signal

    server = subprocess.Popen(
        command, cwd=folder, env=env, stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    assert server.stdout is not None and server.stderr is not None
    printed = ""
    for line in server.stdout:  # it prints a few lines, the last one saying how to stop it
        printed += line
        if "Ctrl-C" in line:
            break
    assert "http://127.0.0.1:" in printed, printed + server.stderr.read()
    server.send_signal(signal.SIGINT)
    assert server.wait(timeout=60) == 0
    assert server.stderr.read().count("\n") == 1
    server.stdout.close()
    server.stderr.close()
