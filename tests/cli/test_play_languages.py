"""`aos play` in the players' languages (issue 17): one battle round through a pseudo-terminal
in the pseudo-language leaves no English outside ⟦ ⟧ but content names and numbers, and one
round in Hungarian, Italian, Turkish and Russian speaks the glossary's rulebook terms, taking
yes/no answers and menu keys in the language as well as in English."""

from __future__ import annotations

import os
import re
import select
import sys
import time
from pathlib import Path
from typing import Any

import pytest
import yaml

from aos_cli.store import Store
from tests.cli.test_play_pty import GOLDEN, Terminal
from tests.cli.test_pseudo_language import untransformed_words
from tests.conftest import RunCli

OTHER_MODULES: dict[str, str] = {
    "aos_cli/systems/aos2 (the priority option; notes17)": r"Roll priority for battle round",
    "aos_cli/core/turn.py (who takes the first turn; notes17)": r"take the first turn",
    "aos_cli/core (an attack's question of range; notes17)": r"within 3\" of an enemy unit\?",
}
"""Lines printed by modules other helpers are translating at the same time, each with the
English it may still print; shrink this as those modules land their translations."""


def _golden_game(tmp_path: Path) -> tuple[Path, set[str]]:
    """The golden two-army game saved in a fresh database, and every word of its content
    names (units, weapons, abilities, sides, players), which stay as written."""
    db = tmp_path / "games.sqlite3"
    setup = yaml.safe_load((GOLDEN / "armies_small.yaml").read_text())
    with Store(db) as store:
        store.create_game("golden", setup)
    names: set[str] = set()

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            for key, value in node.items():
                if key in ("name", "id", "army", "allegiance", "players") and value:
                    for text in value if isinstance(value, list) else [value]:
                        names.update(re.findall(r"[A-Za-z][A-Za-z']+", str(text)))
                walk(value)
        elif isinstance(node, list):
            for item in node:
                walk(item)

    walk(setup)
    return db, names


def _until_prompt(term: Terminal, shown: list[str], timeout: float = 30.0) -> str:
    """Read until the program waits at a prompt (`...: `); keep what it printed; the prompt."""
    deadline = time.monotonic() + timeout
    while not term.seen.endswith(": "):
        left = deadline - time.monotonic()
        ready, _, _ = select.select([term.master], [], [], max(left, 0))
        if not ready:
            raise AssertionError(f"no prompt; saw:\n{term.seen[-2000:]}")
        chunk = os.read(term.master, 4096)
        if not chunk:
            raise AssertionError(f"ended early:\n{term.seen[-2000:]}")
        term.seen += chunk.decode(errors="replace")
    shown.append(term.seen)
    return term.seen.rstrip().splitlines()[-1]


def _unwrapped(lines: list[str]) -> list[str]:
    """The lines as printed before the terminal's width cut them: a line that opens a ⟦ it
    does not close goes on in the next."""
    whole: list[str] = []
    for line in lines:
        if whole and whole[-1].count("⟦") > whole[-1].count("⟧"):
            whole[-1] += " " + line
        else:
            whole.append(line)
    return whole


ONE_ROUND = [
    "1",  # roll priority (seed 1: Nighthaunt wins and goes first)
    "",  # Enter alone: asked again, nothing happens
    "n",  # Nighthaunt's hero phase ends
    "u",  # ... taken back
    "n", "n", "n", "n", "n",  # to the battleshock phase, ending combat
    "n",  # Stormcast's turn
    "n", "n",  # to the shooting phase
    ("Judicators: shoot", "Chainrasp Horde"),
    "n", "n", "n",  # charge, combat (ended early): to the battleshock phase
    ("Take the battleshock test", None),  # the Chainrasps lost models to the Judicators
    "n",  # the round is over
]  # fmt: skip
"""The steps of battle round one: menu keys, or an option and its target by name."""


def test_pseudo_language_play_round_leaves_no_english_outside_the_brackets(
    tmp_path: Path,
) -> None:
    """`aos --lang xx play` on a pseudo-terminal for a whole AoS2 battle round (priority, both
    turns' six phases, an undo, a shooting attack with its target and questions, a phase
    ended early): every line is wrapped in ⟦ ⟧, or is content names and numbers, or comes
    from a module listed in OTHER_MODULES (issue 17 done-when)."""
    db, names = _golden_game(tmp_path)
    term = Terminal(
        [sys.executable, "-m", "aos_cli", "--lang", "xx", "play", "--db", str(db),
         "--dice", "auto", "--seed", "1"]
    )  # fmt: skip
    shown: list[str] = []
    steps = list(ONE_ROUND)
    while steps:
        prompt = _until_prompt(term, shown)
        if "⟦Choose⟧" in prompt:
            step = steps.pop(0)
            if isinstance(step, tuple):
                option, target = step
                found = re.search(rf"\[(\d+)\] ⟦{re.escape(option)}", term.seen)
                assert found, term.seen[-2000:]
                term.type(found.group(1))
                if target is not None:
                    _until_prompt(term, shown)
                    found = re.search(rf"\[(\d+)\] ⟦?{re.escape(target)}", term.seen)
                    assert found, term.seen[-2000:]
                    term.type(found.group(1))
            else:
                term.type(step)
        elif "[y/n]" in prompt:
            term.type("n" if re.search(r'within 3"|terrain feature', prompt) else "y")
        else:
            raise AssertionError(f"unexpected prompt {prompt!r}")
    _until_prompt(term, shown)
    assert "Roll priority for battle round 2" in term.seen  # the round is over
    term.type("q")
    assert term.close() == 0
    text = re.sub(r"\x1b\[[0-9;]*m", "", "".join(shown))
    assert "⟦Took back: ⟦end of the phase⟧.⟧" in text
    assert "⟦Judicators: shoot⟧" in text
    others = re.compile("|".join(f"(?:{p})" for p in OTHER_MODULES.values()))
    left = [
        line
        for line in _unwrapped(text.splitlines())
        if untransformed_words(line, names) and not others.search(line)
    ]
    assert left == [], text


TERMS = {
    "hu": ["hősi fázis", "közelharci fázis", "lövési fázis", "roham", "futás", "Futólépés",
           "tábornok"],
    "it": ["fase degli eroi", "fase di combattimento", "fase di tiro", "carica", "corsa",
           "Di corsa", "generale"],
    "tr": ["hero figürü aşaması", "savaş aşaması", "ateş etme aşaması", "hücum", "koşma",
           "Çift Adım", "general"],
    "ru": ["фаза героев", "фаза боя", "фаза стрельбы", "натиск", "бег", "Бегом марш", "генерал"],
}  # fmt: skip
"""Glossary terms (aos_cli/locale/glossary) one AoS2 battle round shows in its turn headers,
its menus and the prompts ending a phase early."""

YES_NEXT = {
    "hu": ("Igen", "igen", "t", "Tovább", "q"),
    "it": ("Sì", "si", "av", "prossima", "e"),
    "tr": ("EVET", "evet", "i", "İleri", "ç"),
    "ru": ("Да", "д", "д", "Дальше", "в"),
}
"""Per language: two ways of saying yes, two of going on to the next phase, and quitting."""


@pytest.mark.parametrize("code", sorted(TERMS))
def test_one_round_of_play_reads_in_the_language(
    run_cli: RunCli, tmp_path: Path, code: str
) -> None:
    """`aos --lang CODE play`: a whole battle round with the language's yes and next keys (and
    English ones mixed in), its menus naming the rulebook's terms (Hungarian roham, Italian
    fase degli eroi, Turkish hücum, Russian натиск)."""
    db, _names = _golden_game(tmp_path)
    yes, yes2, key, word, quit_key = YES_NEXT[code]
    answers = [
        "1", yes,  # priority; the winner takes the first turn
        key, word, "n", key,  # Nighthaunt: hero, movement, shooting, charge phases end
        word, yes2,  # combat ends early (two units could still fight)
        key, key, "n",  # Stormcast: battleshock over; hero, movement
        key, "y",  # shooting ends early, answered in English
        key, word, yes,  # charge; combat ends early
        key,  # battleshock: the round is over
        quit_key,
    ]  # fmt: skip
    result = run_cli(
        "--lang", code, "play", "--db", str(db), "--dice", "auto", "--seed", "1",
        input="\n".join(answers) + "\n",
    )  # fmt: skip
    assert result.exit_code == 0, result.stderr
    with Store(db) as store:
        kinds = [action.kind for action in store.actions(1)]
    assert kinds == ["priority"] + ["next"] * 12
    for term in TERMS[code]:
        assert term in result.stdout + result.stderr, term
