"""Middle-earth in the player's language (issue 17): `aos hero`, `aos roll/odds cast|duel
--system mesbg` and `aos play --system mesbg` leave no English unmarked in the pseudo-language,
and a seeded Russian game speaks the fragment's words (seed 004: Мощь, Воля, Судьба ...)."""

from __future__ import annotations

import re
from pathlib import Path

from tests.cli.test_pseudo_language import strip_wrapped
from tests.conftest import RunCli

NAMES = re.compile(r"[A-Z][\w'-]*(?: (?:of|with|on|the|is|[A-Z][\w'-]*))*")
"""Content names (heroes, forces, powers as their records name them) and flag values."""

OTHER_MODULES: dict[str, str] = {
    "aos_cli/rulesets/mesbg.yaml (cards17: a power's text, content without a translation yet)": (
        r"^(While it lasts|The target loses|The target|Works only|Channelled: )"
    ),
    "aos_cli/core/dice.py (odds17: the manual dice prompt)": r"Roll \d+ (?:die|dice) for ",
}
"""English other helpers' modules still print on these paths, each named by its module."""


def left_in_english(text: str) -> list[str]:
    """The lines of `text` with English words outside ⟦ ⟧ once content names, flags, numbers
    and the listed other modules' English are set aside."""
    allowed = re.compile("|".join(f"(?:{p})" for p in OTHER_MODULES.values()))
    left = []
    for line in strip_wrapped(text).splitlines():
        line = allowed.sub(" ", line) if not allowed.match(line) else ""
        bare = re.sub(r"--[\w-]+|`[^`]*`|^aos: ", " ", NAMES.sub(" ", line))
        if re.search(r"[a-z]{3,}", bare):
            left.append(line)
    return left


def _pseudo(run_cli: RunCli, *args: str, input: str | None = None, code: int = 0) -> str:
    result = run_cli("--lang", "xx", *args, input=input)
    assert result.exit_code == code, result.stdout + result.stderr
    return result.stdout + result.stderr


def test_middle_earth_hero_commands_leave_no_english_in_the_pseudo_language(
    run_cli: RunCli, tmp_path: Path
) -> None:
    """Forces, heroes, a power cast and resisted (Sap Will's store change), Fate against a
    Wound, a duel with Might spent, warriors lost to the break point, the End phase, undo, the
    tables and the errors of `aos hero`: every sentence went through the catalogue."""
    db = str(tmp_path / "games.sqlite3")
    seen = [
        _pseudo(run_cli, "hero", "new-force", "Fellowship", "--models", "4", "--side", "good",
                "--db", db),
        _pseudo(run_cli, "hero", "new-force", "Moria", "--models", "4", "--side", "evil",
                "--db", db),
        _pseudo(run_cli, "hero", "add", "Gandalf", "--might", "3", "--will", "6", "--fate",
                "3", "--wounds", "3", "--force", "Fellowship", "--db", db),
        _pseudo(run_cli, "hero", "add", "Shaman", "--might", "1", "--will", "3", "--wounds",
                "2", "--force", "Moria", "--db", db),
        _pseudo(run_cli, "hero", "cast", "Gandalf", "sap-will", "--will", "2", "--might", "1",
                "--target", "Shaman", "--resist-will", "1", "--dice", "manual", "--db", db,
                input="3 4\n1\n5\n"),
        _pseudo(run_cli, "hero", "cast", "Gandalf", "immobilise", "--will", "1", "--db", db,
                code=1),
        _pseudo(run_cli, "hero", "spend", "Gandalf", "fate", "2", "--dice", "manual",
                "--db", db, input="2\n3\n"),
        _pseudo(run_cli, "hero", "duel", "Gandalf", "Shaman", "--good-might", "1",
                "--good-strength", "6", "--dice", "manual", "--db", db, input="4\n5\n6\n1\n"),
        _pseudo(run_cli, "hero", "lose", "3", "--force", "Moria", "--db", db),
        _pseudo(run_cli, "hero", "undo", "--db", db),
        _pseudo(run_cli, "hero", "lose", "3", "--force", "Moria", "--db", db),
        _pseudo(run_cli, "hero", "end-phase", "--db", db),
        _pseudo(run_cli, "hero", "list", "--db", db),
        _pseudo(run_cli, "game", "log", "--db", db),
        _pseudo(run_cli, "hero", "spend", "Nobody", "will", "--db", db, code=1),
        _pseudo(run_cli, "hero", "spend", "Gandalf", "luck", "--db", db, code=2),
        _pseudo(run_cli, "hero", "lose", "1", "--db", db, code=1),
    ]  # fmt: skip
    assert left_in_english("\n".join(seen)) == []


def test_middle_earth_rolls_and_odds_leave_no_english_in_the_pseudo_language(
    run_cli: RunCli,
) -> None:
    """`aos roll cast --system mesbg` with a power, Might and a resist; `aos odds cast` for a
    chance; `aos roll duel` with Feint, Piercing Strike, Bash and Stun, supporters, Fury and
    Fate; `aos odds duel`; and their errors."""
    seen = [
        _pseudo(run_cli, "roll", "cast", "--system", "mesbg", "--will", "2", "--power",
                "black dart", "--might", "2", "--resist-will", "2", "--resist-might", "1",
                "--dice", "manual", input="4 2\n5 1\n"),
        _pseudo(run_cli, "odds", "cast", "--system", "mesbg", "--will", "2", "--casting", "4+",
                "--might", "1", "--resist-will", "1", "--resist-might", "1", "--chance", "0.8"),
        _pseudo(run_cli, "odds", "cast", "--system", "mesbg", "--casting", "6+",
                "--resist-will", "9", "--chance", "1"),
        _pseudo(run_cli, "roll", "duel", "--good-strike", "feint", "--evil-strike", "piercing",
                "--good-support", "1", "--evil-fury", "6", "--evil-fate", "1",
                "--evil-wounds", "3", "--seed", "4"),
        _pseudo(run_cli, "roll", "duel", "--good-strike", "bash", "--good-weapon",
                "two-handed", "--seed", "2"),
        _pseudo(run_cli, "roll", "duel", "--evil-strike", "stun", "--evil-attacks", "3",
                "--seed", "5"),
        _pseudo(run_cli, "roll", "duel", "--good-shielding", "--good-fight", "5", "--seed", "1"),
        _pseudo(run_cli, "odds", "duel", "--good-strike", "bash", "--evil-strike", "stun",
                "--evil-fate", "2"),
        _pseudo(run_cli, "roll", "cast", "--system", "mesbg", "--will", "2", code=2),
        _pseudo(run_cli, "roll", "duel", "--evil-shielding", "--evil-weapon", "two-handed",
                code=1),
        _pseudo(run_cli, "roll", "duel", "--good-strike", "kick", code=2),
    ]  # fmt: skip
    assert left_in_english("\n".join(seen)) == []


def test_middle_earth_guided_game_leaves_no_english_in_the_pseudo_language(
    run_cli: RunCli, tmp_path: Path
) -> None:
    """`aos play --system mesbg`: set-up, Priority, a power cast from the menu, the phases,
    warriors lost, a Wound against Fate, a duel, the End phase, and quitting."""
    db = str(tmp_path / "games.sqlite3")
    typed = "n\n2\n3\n2\n1\nn\n2\n0\nn\nn\n1\n3\n4\n1\n1\n1\n1\n9\nn\nq\n"  # not channelled; Gandalf adds no Might
    text = _pseudo(run_cli, "play", "--db", db, "--system", "mesbg", "--seed", "1", input=typed)
    assert "⟦" in text
    assert left_in_english(text) == []


def test_pseudo_check_spots_english_but_not_names_or_other_modules() -> None:
    """The checker itself: a sentence outside ⟦ ⟧ is caught; hero and power names, flags and
    a power's untranslated text (named in OTHER_MODULES) are not."""
    assert left_in_english("⟦Gandalf casts Sap Will⟧\nGandalf has lost") == ["Gandalf has lost"]
    assert left_in_english("Sap Will (⟦instant⟧)\nThe target loses D3+1 Will.\n--good-might") == []


SEED_TERMS = ("Мощь", "Воля", "Судьба", "Приоритет", "Свет", "Тьма", "Бой", "Поединка")
"""The Russian fragment's words (seed 004) a seeded Middle-earth game prints."""


def test_seeded_russian_game_speaks_the_fragments_terms(run_cli: RunCli, tmp_path: Path) -> None:
    """`aos --lang ru play --system mesbg --seed 1`: Priority, Might, Will and Fate in the
    heroes' table, a duel between Свет and Тьма won on the Поединок dice, as seed 004 words
    them (Мощь, Воля, Судьба, Приоритет, Бой)."""
    db = str(tmp_path / "games.sqlite3")
    typed = "n\n2\n3\n2\n1\nn\n2\n0\nn\nn\n1\n1\n1\n1\n1\nq\n"  # as above
    result = run_cli("--lang", "ru", "play", "--db", db, "--system", "mesbg", "--seed", "1",
                     input=typed)  # fmt: skip
    assert result.exit_code == 0, result.stderr
    text = result.stdout + result.stderr
    for term in SEED_TERMS:
        assert term in text, term
    assert "Ослабить Волю" in text  # the power's name from its record, as the fragment prints it
