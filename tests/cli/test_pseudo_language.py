"""The pseudo-language `xx` wraps every translated string in ⟦ ⟧, so English that never went
through the catalogue stands out (issue 17: "a pseudo-language test ... finds no line of
English left untransformed outside content names and numbers")."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from tests.conftest import RunCli

_BOX = re.compile(r"[│╭╮╰╯─┃┏┓┗┛━┡┩╇┳┻╋┣┫┠┨]")
_INNERMOST = re.compile(r"⟦[^⟦⟧]*⟧")
_NOT_WORDS = re.compile(r"--?[\w-]+|<[^>]*>|\[[A-Z]+\]|\b[A-Z_]{2,}\b|\S*\|\S*|\d+")


def _paths(command: Any, prefix: tuple[str, ...] = ()) -> Iterator[tuple[str, ...]]:
    yield prefix
    for name, sub in getattr(command, "commands", {}).items():
        yield from _paths(sub, (*prefix, name))


def _tree() -> tuple[list[tuple[str, ...]], set[str]]:
    """Every command path of `aos`, and the words that are names rather than English: command
    names and parameter names (shown as metavars)."""
    import typer.main

    from aos_cli.cli.app import build_app

    root = typer.main.get_command(build_app())
    paths = list(_paths(root))
    names = {"aos", "python", "pytest"}  # the program name Click reads from how Python started
    stack = [root]
    while stack:
        command = stack.pop()
        names.update(p.name or "" for p in command.params)
        names.update(getattr(command, "commands", {}))
        stack.extend(getattr(command, "commands", {}).values())
    return paths, names | {part for name in names for part in name.split("-")}


def strip_wrapped(text: str) -> str:
    """`text` without its ⟦ ⟧ spans, nested ones too (a translated phase inside a sentence)."""
    while True:
        shorter = _INNERMOST.sub("", text)
        if shorter == text:
            return text
        text = shorter


def untransformed_words(text: str, names: set[str]) -> list[str]:
    """The words of `text` outside ⟦ ⟧ that are not option names, metavars, numbers or names."""
    text = _NOT_WORDS.sub(" ", strip_wrapped(_BOX.sub(" ", text)))
    return sorted({w for w in re.findall(r"[A-Za-z][A-Za-z']+", text) if w not in names})


PATHS, NAMES = _tree()


@pytest.mark.parametrize("path", PATHS, ids=lambda p: " ".join(p) or "aos")
def test_help_of_every_command_is_all_translated(run_cli: RunCli, path: tuple[str, ...]) -> None:
    """`aos --lang xx <command> --help`: every help text, panel title and Typer word is wrapped;
    what is left are option names, metavars and command names."""
    result = run_cli("--lang", "xx", *path, "--help")
    assert result.exit_code == 0
    assert "⟦" in result.stdout
    assert untransformed_words(result.stdout, NAMES) == []


def test_pseudo_check_spots_english_outside_the_brackets() -> None:
    """The checker itself: English outside ⟦ ⟧ is reported, names and options are not."""
    assert untransformed_words("⟦Usage:⟧ aos roll --seed <int>\n left over", {"aos", "roll"}) == [
        "left",
        "over",
    ]
