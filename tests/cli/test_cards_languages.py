"""Warscroll cards, lists, battleplans, rules, army tables and the score in the player's
language (issue 17 items 2 and 3): the glossary's rulebook terms on a card, and in the
pseudo-language no English outside ⟦ ⟧ but content names, ids and numbers."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from tests.cli.test_pseudo_language import NAMES, strip_wrapped, untransformed_words
from tests.conftest import RunCli

CARD_TERMS = {
    "hu": ["Mozgás", "Sebek", "Bátorság", "Mentés", "Hatótáv", "Támadások", "Hasítás", "Sebzés",
           "közelharci fázis"],
    "it": ["Move", "Save", "Bravery", "Range", "Rend", "fase di combattimento"],
    "tr": ["Hamle", "Yaralamalar", "Cesurluk", "Kurtarma", "Saldırılar", "Bölme", "Hasar",
           "savaş aşaması"],
    "ru": ["Раны", "Храбрость", "Атаки", "фаза боя", "Оружие ближнего боя"],
}  # fmt: skip
"""Glossary terms (aos_cli/locale/glossary) a Lord-Celestant's card prints: the warscroll
characteristics and weapon headings as the seeds name them (AoS2 core rules, "Warscrolls")."""


@pytest.mark.parametrize("code", sorted(CARD_TERMS))
def test_warscroll_card_speaks_the_rulebook_terms(run_cli: RunCli, code: str) -> None:
    """`aos --lang CODE warscroll show lord-celestant`: the Hungarian seed's Mozgás, Sebek,
    Bátorság, Mentés; the Turkish seed's Hamle, Cesurluk; the Italian book's own Move, Save."""
    result = run_cli("--lang", code, "warscroll", "show", "lord-celestant")
    assert result.exit_code == 0, result.stderr
    for term in CARD_TERMS[code]:
        assert term in result.stdout, term


def content_words(data: Any, texts: bool = True) -> list[str]:
    """Every text a content record holds (names, keywords, sources and, with `texts`, rules
    text), longest first: what a card may print in the record's own language."""
    found: list[str] = []
    if isinstance(data, dict):
        for key, value in data.items():
            if key != "translations" and (texts or key != "text"):
                found += content_words(value, texts)
    elif isinstance(data, list | tuple):
        for value in data:
            found += content_words(value, texts)
    elif isinstance(data, str):
        found.append(data)
    return sorted(set(found), key=len, reverse=True)


CONTENT_NAMES = re.compile(r"[A-Z][\w'-]*(?: (?:of|with|on|the|[A-Z][\w'-]*))*")
"""Names of units, weapons and places as content writes them (capitalised words)."""


def english_left(text: str, content: list[str], names: bool = False) -> list[str]:
    """The English words `text` prints outside ⟦ ⟧, once the content's own texts, ids in
    brackets and (with `names`) capitalised names are taken out."""
    for own in content:
        text = text.replace(own, " ")
    text = re.sub(r"\([a-z0-9][\w.-]*\)", " ", text)
    if names:
        text = CONTENT_NAMES.sub(" ", strip_wrapped(text))
    return untransformed_words(text, NAMES)


def pseudo(run_cli: RunCli, *args: str) -> str:
    result = run_cli("--lang", "xx", *args, env={"COLUMNS": "1000"})
    assert result.exit_code == 0, result.stderr
    return result.stdout


@pytest.mark.parametrize(
    ("name", "system"),
    [
        ("lord-celestant", "aos2"),
        ("lord-celestant-on-stardrake", "aos2"),
        ("knight-incantor", "aos2"),
        ("liberators", "aos2"),
        ("chainrasp-horde", "aos2"),
        ("lord-celestant", "aos1"),
        ("lord-of-contagion", "wh40k8"),
    ],
)
def test_pseudo_language_warscroll_card(run_cli: RunCli, name: str, system: str) -> None:
    """Every heading, characteristic, timing and note of a card is translated, and so is the
    bundled warscroll's rules text; what is left are its names, keywords and source note."""
    import json

    data = json.loads(run_cli("warscroll", "show", name, "--system", system, "--json").stdout)
    out = pseudo(run_cli, "warscroll", "show", name, "--system", system)
    assert english_left(out, content_words(data, texts=False)) == []


@pytest.mark.parametrize(
    ("code", "ability", "weapon", "words"),
    [("hu", "Elkerülhetetlen bosszú", "Szigmarita rúnapenge", "rohammozgást"),
     ("it", "Vendetta ineluttabile", "Lama runica sigmarita", "movimento di carica"),
     ("tr", "Kaçınılmaz İntikam", "Sigmarit Rün Kılıcı", "hücum hamlesi"),
     ("ru", "Неотвратимое возмездие", "Сигмаритский рунный клинок", "натиск")],
)  # fmt: skip
def test_a_bundled_warscroll_ability_reads_in_the_language(
    run_cli: RunCli, code: str, ability: str, weapon: str, words: str
) -> None:
    """The Lord-Celestant's Inescapable Vengeance reads in the language with its translated
    name and the glossary's charge (Hungarian roham, Turkish hücum, Russian натиск), and its
    weapon table names the Sigmarite Runeblade as the card's text does (issue 28: "a weapon
    translated in a card's text and English in its table")."""
    out = run_cli("--lang", code, "warscroll", "show", "lord-celestant", env={"COLUMNS": "300"})
    assert ability in out.stdout and words in out.stdout
    assert weapon in out.stdout and "Sigmarite Runeblade" not in out.stdout
    assert "Inescapable Vengeance" not in out.stdout


def test_pseudo_language_warscroll_and_battleplan_lists(run_cli: RunCli) -> None:
    """`aos warscroll list` and `aos battleplan list`: headings and counts translated."""
    import json

    for kind in ("warscroll", "battleplan"):
        data = json.loads(run_cli(kind, "list", "--json").stdout)
        assert english_left(pseudo(run_cli, kind, "list"), content_words(data)) == []


def test_pseudo_language_status_and_score(run_cli: RunCli, tmp_path: Path) -> None:
    """`aos status` and `aos score` after a cast and a failed charge: the army tables, flags,
    what was used, the battlefield line and the score table are translated."""
    db = str(tmp_path / "games.sqlite3")

    def aos(*args: str, input: str | None = None) -> None:
        assert run_cli(*args, "--db", db, input=input).exit_code == 0

    aos("game", "new", "--seed", "1", "--realm", "ghur", "--terrain", "Old Ruins=arcane+garrison")
    aos("priority", "--dice", "manual", input="6 1\n2\n")  # and Hungering Animus (AoS2 p.16)
    aos("cast", "knight-incantor", "Arcane Bolt", "--target", "chainrasps", "--target-in-range",
        "--dice", "manual", "--answer", "arcane=no", input="4 4\n")  # fmt: skip
    aos("unbind", "--pass", "--dice", "manual", input="1\n")
    for _ in range(3):
        aos("next")
    aos("charge", "liberators", "--distance", "9", "--no-engaged", "--within-12", "--no-reroll",
        "--dice", "manual", input="1 2\n")  # fmt: skip
    aos("adjust", "stardrake", "--wounds", "6", "--reason", "a test")
    status = pseudo(run_cli, "status", "--db", db)
    names = [
        "Player One", "Player Two", "Hammers of Azyr", "The Shrouded Procession", "Ghur",
        "Old Ruins", "Zealous Crusader", "Strife-ender", "Stardrake's Great Claws",
        "Cavernous Jaws",
    ]  # fmt: skip
    assert english_left(status, names, names=True) == []
    assert "⟦charge failed⟧" in status and "⟦cast ⟦Arcane Bolt⟧⟧" in status
    score = pseudo(run_cli, "score", "--db", db).split("\n")
    table = "\n".join(line for line in score if "│" in line or "┃" in line or "⟦Total" in line)
    reasons = ["first blood", "slew 1 model of"]  # the ledger's reasons (aos_cli/core/scoring.py)
    assert english_left(table, [*names, *reasons], names=True) == []


SYSTEM_TOPICS = [
    *(("aos2", t) for t in ("phases", "command-abilities", "spells", "scenery", "triumphs",
                            "realms", "rules")),
    *(("aos1", t) for t in ("phases", "command-abilities", "spells", "scenery", "triumphs",
                            "realms", "rules", "terrain density")),
    *(("wh40k8", t) for t in ("phases", "spells", "rules", "command-traits", "wound chart",
                              "only-war-primary-objectives")),
    *(("mesbg", t) for t in ("phases", "spells", "rules", "stun", "fate roll",
                             "duel tie roll-off")),
]  # fmt: skip
"""Every part of the bundled rulesets `aos rules show` prints (the AoS2 allegiances' command
traits and artefacts are warscroll content and keep their own words)."""


@pytest.mark.parametrize(("system", "topic"), SYSTEM_TOPICS, ids=lambda v: str(v))
def test_pseudo_language_rules_show(run_cli: RunCli, system: str, topic: str) -> None:
    """`aos --lang xx rules show TOPIC --system S`: headings and every bundled record's name
    and text are translated (issue 17 item 4); rule sections are references, not prose."""
    import json

    data = json.loads(run_cli("rules", "show", topic, "--system", system, "--json").stdout)
    records = data if isinstance(data, list) else [data]
    sections = [r["section"] for r in records if isinstance(r, dict) and r.get("section")]
    out = pseudo(run_cli, "rules", "show", topic, "--system", system)
    assert english_left(out, [*sections, system]) == []


@pytest.mark.parametrize(
    "plan",
    ["first-blood", "ill-met-by-moonlight", "changing-priorities", "glorious-victory",
     "only-war", "only-war-slay-and-secure", "only-war-ancient-relic", "only-war-domination"],
)  # fmt: skip
def test_pseudo_language_battleplan_card(run_cli: RunCli, plan: str) -> None:
    """`aos --lang xx battleplan show PLAN`: set-up, reserves, battle length, objectives,
    special rules, scoring and victory of every bundled battleplan are translated."""
    out = pseudo(run_cli, "battleplan", "show", plan)
    assert english_left(out, ["wh40k8"]) == []
