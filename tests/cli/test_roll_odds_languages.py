"""`aos roll ...` and `aos odds ...` in the player's language (issue 17): every title, header,
result line, chart and error of the roll and odds commands goes through the catalogue, numbers
are written the language's way (4,5 in Hungarian, Italian, Turkish and Russian) and the rulebook
terms of the glossary appear where a player reads them."""

from __future__ import annotations

import re

import pytest

from tests.cli.test_pseudo_language import NAMES, untransformed_words
from tests.conftest import RunCli

ATTACK = ("--attacks", "10", "--hit", "3+", "--wound", "4+", "--damage", "D3")
TARGET = ("--save", "4+", "--target-models", "5", "--target-wounds", "2")
SPECIAL = ("--exploding", "6:1", "--auto-wound", "6", "--mortal-on-wound", "6:1", "--ward", "5+")
WH40K = ("--attacks", "5", "--bs", "3+", "--strength", "4", "--toughness", "4")
SHOCK = ("--bravery", "6", "--slain", "4", "--models", "10")

RUNS: list[tuple[str, ...]] = [
    ("roll", "dice", "2D6+1", "--seed", "1"),
    ("roll", "dice", "4"),
    ("roll", "rolloff", "--seed", "2"),  # a tie first, rolled again
    ("roll", "attack", *ATTACK, "--seed", "1"),
    ("roll", "attack", *ATTACK, *TARGET, "--rend", "-1", "--seed", "1"),
    ("roll", "attack", *ATTACK, *SPECIAL, *TARGET, "--seed", "4"),
    ("roll", "attack", "--system", "aos1", *ATTACK, *TARGET, "--seed", "1"),
    ("roll", "attack", "--system", "wh40k8", *WH40K, *TARGET, "--fnp", "5+", "--seed", "3"),
    ("roll", "battleshock", *SHOCK, "--seed", "2"),
    ("roll", "battleshock", *SHOCK, "--roll-mod", "1", "--seed", "3"),
    ("roll", "charge", "--distance", "7", "--reroll", "--seed", "2"),
    ("roll", "charge", "--distance", "7", "--mod", "1", "--seed", "5"),
    ("roll", "charge", "--seed", "1"),
    ("roll", "run", "--mod", "1", "--seed", "1"),
    ("roll", "run", "--at-the-double"),
    ("roll", "cast", "--value", "7", "--unbind", "--seed", "1"),
    ("odds", "attack", *ATTACK),
    ("odds", "attack", *ATTACK, *TARGET),
    ("odds", "attack", "--system", "wh40k8", *WH40K, *TARGET),
    ("odds", "attack", "--attacks", "300", "--hit", "3+", "--wound", "3+", "--save", "5+"),
    ("odds", "charge", "--distance", "7.5", "--reroll"),
    ("odds", "charge"),
    ("odds", "run", "--distance", "4"),
    ("odds", "battleshock", *SHOCK),
    ("odds", "rolloff"),
    ("odds", "cast", "--value", "7", "--unbind"),
]
"""Every roll and odds command of the default system, each result it can print, and the
attack table and charts as the other systems fill them."""

ERRORS: list[tuple[str, ...]] = [
    ("roll", "dice", "2D7"),
    ("roll", "dice", "D6-D3"),
    ("roll", "dice", "x"),
    ("roll", "dice", " "),
    ("roll", "dice", "600D6+600D3"),
    ("roll", "dice", "D6+5000"),
    ("roll", "attack", "--attacks", "2", "--hit", "9+", "--wound", "4+"),
    ("roll", "attack", "--attacks", "2", "--hit", "x", "--wound", "4+"),
    ("roll", "attack", "--attacks", "2", "--hit", "3+", "--wound", "4+", "--save", "1+"),
    ("roll", "attack", "--attacks", "2", "--hit", "3+", "--wound", "4+", "--reroll-hits", "x"),
    ("roll", "attack", "--attacks", "2", "--hit", "3+", "--wound", "4+", "--bs", "3+"),
    ("odds", "charge", "--reroll"),
    ("odds", "cast", "--value", "30"),
]
"""Bad values the files of these commands refuse."""

OTHER_KITS = {("roll", "duel"), ("odds", "duel")}
"""Commands printed wholly by a system's own views (Middle-earth's duel), checked with it."""


def _english_left(text: str) -> list[str]:
    """The English words of `text` outside ⟦ ⟧ (a span may wrap over lines, as a table title
    does)."""
    return untransformed_words(text, NAMES)


def test_the_runs_cover_every_roll_and_odds_command() -> None:
    """A new `aos roll` or `aos odds` subcommand is added here too (or to OTHER_KITS)."""
    import typer.main

    from aos_cli.cli.odds import odds_app
    from aos_cli.cli.roll import roll_app

    commands = {
        (group, name)
        for group, app in (("roll", roll_app), ("odds", odds_app))
        for name in typer.main.get_command(app).commands  # type: ignore[attr-defined]
    }
    assert commands == {run[:2] for run in RUNS} | OTHER_KITS


@pytest.mark.parametrize("args", RUNS, ids=" ".join)
def test_roll_and_odds_leave_no_english_in_the_pseudo_language(
    run_cli: RunCli, args: tuple[str, ...]
) -> None:
    """`aos --lang xx roll/odds ...`: every word a player reads is wrapped in ⟦ ⟧ but numbers,
    dice and option names (issue 17's pseudo-language check)."""
    result = run_cli("--lang", "xx", *args)
    assert result.exit_code == 0, result.stderr
    assert _english_left(result.stdout) == []


@pytest.mark.parametrize("args", ERRORS, ids=" ".join)
def test_roll_and_odds_errors_are_translated(run_cli: RunCli, args: tuple[str, ...]) -> None:
    """A bad dice expression, roll needed, reroll or limit is one translated line on stderr."""
    result = run_cli("--lang", "xx", *args)
    assert result.exit_code == 2
    assert len(result.stderr.strip().splitlines()) == 1
    assert _english_left(result.stderr.replace("aos:", "")) == []


@pytest.mark.parametrize(
    ("code", "chance", "mean"),
    [("hu", "58,3%", "7,00"), ("it", "58,3%", "7,00"), ("tr", "%58,3", "7,00"),
     ("ru", "58,3\u00a0%", "7,00")],
)  # fmt: skip
def test_odds_write_decimals_with_a_comma(
    run_cli: RunCli, code: str, chance: str, mean: str
) -> None:
    """2D6 reaches 7 in 21 of 36 rolls: 58,3% in Hungarian and Italian, %58,3 in Turkish,
    58,3 % in Russian; the mean 7,00 (AoS2 §10 charge roll)."""
    result = run_cli("--lang", code, "odds", "charge", "--distance", "7")
    assert result.exit_code == 0
    assert f"{chance} (7/12)" in result.stdout
    assert f" {mean}," in result.stdout
    assert "58.3" not in result.stdout


def test_hungarian_attack_odds_print_decimal_commas(run_cli: RunCli) -> None:
    """The means against each save and the damage chart of `aos --lang hu odds attack`: 3,33
    wounds against a 4+ save (10 attacks, 3+ to hit, 4+ to wound, D3 damage: 10·2/3·1/2·1/2·2),
    never 3.33."""
    table = run_cli("--lang", "hu", "odds", "attack", *ATTACK).stdout
    assert re.search(r"4\+ │\s+3,33 │", table)
    chart = run_cli("--lang", "hu", "odds", "attack", *ATTACK, *TARGET).stdout
    assert "átlag 3,33" in chart
    assert not re.search(r"\d\.\d", table + chart)


def test_typed_dice_are_asked_for_in_the_language(run_cli: RunCli) -> None:
    """`--dice manual` asks for the dice in the player's language (Russian: 2 кубика, the few
    form) and asks again, translated, on a face a D6 does not have."""
    result = run_cli("--lang", "ru", "roll", "dice", "2D6", "--dice", "manual", input="7\n6 6\n")
    assert result.exit_code == 0
    assert "Бросьте 2 кубика" in result.stderr
    assert "'7' не результат D6 (вводите значения от 1 до 6) - попробуйте снова" in result.stderr
    assert "2D6: 6 6 → 12" in result.stdout


def test_json_keys_and_numbers_stay_english(run_cli: RunCli) -> None:
    """`--json` is for programs: English keys and JSON numbers whatever the language."""
    import json

    data = json.loads(run_cli("--lang", "hu", "odds", "charge", "--distance", "7", "--json").stdout)
    assert data["probability"] == pytest.approx(7 / 12)
    assert data["fraction"] == "7/12"


TERMS = {
    "hu": {
        ("roll", "charge", "--distance", "7", "--seed", "2"): ["Roham", "roham"],
        ("roll", "battleshock", *SHOCK, "--seed", "2"): ["Harctéri sokk", "Bátorság"],
        ("roll", "run", "--seed", "1"): ["Futás", "Mozgás"],
        ("roll", "attack", *ATTACK, *TARGET, "--seed", "1"): ["Mentés", "Sebzés", "Találat"],
    },
    "it": {
        ("roll", "charge", "--distance", "7", "--seed", "2"): ["Carica", "la carica"],
        ("roll", "battleshock", *SHOCK, "--seed", "2"): ["Bravery"],
        ("roll", "run", "--at-the-double"): ["Corsa", "Di corsa", "Move"],
    },
    "tr": {
        ("roll", "charge", "--distance", "7", "--seed", "2"): ["Hücum", "hücum"],
        ("roll", "battleshock", *SHOCK, "--seed", "2"): ["Cesurluk"],
        ("roll", "run", "--at-the-double"): ["Koşma", "Çift Adım", "Hamle"],
    },
    "ru": {
        ("roll", "charge", "--distance", "7", "--seed", "2"): ["Натиск", "натиск"],
        ("roll", "battleshock", *SHOCK, "--seed", "2"): ["Храбрости"],
        ("roll", "run", "--at-the-double"): ["Бегом марш"],
    },
}
"""Glossary terms each language's roll and odds commands print (the seeds' roham, carica,
hücum; Bátorság, Mozgás, Mentés, Sebzés...)."""


@pytest.mark.parametrize(
    ("code", "args", "terms"),
    [(code, args, terms) for code, runs in TERMS.items() for args, terms in runs.items()],
    ids=lambda value: " ".join(value) if isinstance(value, tuple) else str(value),
)
def test_rolls_speak_the_glossary_terms(
    run_cli: RunCli, code: str, args: tuple[str, ...], terms: list[str]
) -> None:
    """Hungarian `aos roll charge` says roham, Italian carica, Turkish hücum, Russian натиск."""
    result = run_cli("--lang", code, *args)
    assert result.exit_code == 0
    for term in terms:
        assert term in result.stdout, term
