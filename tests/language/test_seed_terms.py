"""Each seed's language as a native player writes it (issue 28): the seed's key terms appear
where the seed uses them, the wrong ones the issue names are gone, and the tool's own names
(the demo's players, Smite) are said in the chosen language.

Seeds: 000 Age of Sigmar 2 in Hungarian, 001 Warhammer 40,000 8th edition in Hungarian, 002
and 003 Age of Sigmar 1 in Italian and Turkish, 004 Middle-earth in Russian.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from aos_cli.language.catalogues import parse_po, po_path
from tests.conftest import RunCli

ROOT = Path(__file__).resolve().parents[2]


def translations(code: str, *files: str) -> str:
    """Every `code` translation (names and texts) of the bundled rules files, as one text."""
    found: list[str] = []

    def walk(node: object) -> None:
        if isinstance(node, dict):
            own = node.get("translations", {}).get(code) if "translations" in node else None
            if isinstance(own, dict):
                found.extend(str(v) for v in own.values())
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    for name in files:
        walk(yaml.safe_load((ROOT / name).read_text(encoding="utf-8")))
    return "\n".join(found)


def catalogue(code: str, context: str | None = None) -> dict[str, list[str]]:
    """A language's translations by English message, within `context` (none by default)."""
    return {
        e.msgid: e.msgstr
        for e in parse_po(po_path(code).read_text(encoding="utf-8"), code)
        if e.msgid and e.msgctxt == context
    }


def test_001_hungarian_40k_demo_speaks_the_seed(run_cli: RunCli) -> None:
    """Seed 001: csatakör, the six phases as it names them, Lesújtás, the Esélytelenebb fél;
    never Age of Sigmar's forduló, rohamozási fázis, győzelmi pont, stratégiai pont, tábornok
    (40k8 §2, §17), and no English player names or Smite."""
    result = run_cli("--lang", "hu", "demo", "--seed", "1", "--system", "wh40k8")
    assert result.exit_code == 0
    shown = " ".join(result.stdout.split())
    for term in ("csatakör", "Mozgási fázis", "Pszi fázis", "Lövési fázis", "Roham fázis",
                 "Küzdelem fázis", "Morál fázis", "Lesújtás", "Esélytelenebb fél", "Hadúr",
                 "Első játékos", "Második játékos"):  # fmt: skip
        assert term in shown, term
    for wrong in ("forduló", "rohamozási fázis", "győzelmi pont", "stratégiai pont",
                  "tábornok", "Player One", "Player Two", "Smite"):  # fmt: skip
        assert wrong not in shown, wrong


def test_001_hungarian_40k_catalogue_and_mission() -> None:
    """The 40k words of the catalogue (msgctxt wh40k8) and the mission Only War use seed
    001's győzelempont, objektumjelző and csatakör, and its primary objectives' names."""
    own = catalogue("hu", "wh40k8")
    assert own["Victory points"] == ["Győzelempontok"]
    assert own["charge phase"] == ["Roham fázis"]
    assert own["Objective"] == ["Objektumjelző"]
    assert own["Round"] == ["Csatakör"]
    assert catalogue("hu")["Warlord"] == ["Hadúr"]
    mission = translations("hu", "battleplans/wh40k8/only-war.yaml", "aos_cli/rulesets/wh40k8.yaml")
    for term in ("Csak a háború", "Ölj és birtokolj", "Ősi relikvia", "Dominálás",
                 "objektumjelző", "győzelempont", "csatakör"):  # fmt: skip
        assert term in mission, term
    for wrong in ("stratégiai pont", "győzelmi pont", "forduló", "Uralom", "Ősi ereklye"):
        assert wrong not in mission, wrong


def test_000_hungarian_aos2_keeps_its_own_words(run_cli: RunCli) -> None:
    """Seed 000: Age of Sigmar keeps forduló, győzelmi pont, rohamozási fázis and Mágikus
    lövedék; 40k's words do not leak into it."""
    result = run_cli("--lang", "hu", "demo", "--seed", "1")
    assert result.exit_code == 0
    shown = " ".join(result.stdout.split())
    for term in ("forduló", "rohamozási fázis", "Mágikus lövedék", "Első játékos"):
        assert term in shown, term
    for wrong in ("csatakör", "Roham fázis", "Player One", "a(z)"):
        assert wrong not in shown, wrong


def test_004_russian_middle_earth_names_as_the_fragment_prints_them() -> None:
    """Seed 004: Магический удар, Фаза Ближнего Боя, Фаза Завершения, Повышение параметра;
    not Колдовской взрыв, Конечная Фаза, Фаза Боя, Усиленная версия; one word for a save."""
    names = translations("ru", "aos_cli/rulesets/mesbg.yaml")
    for term in ("Магический удар", "Фаза Ближнего Боя", "Фаза Завершения", "Фаза Движения",
                 "Фаза Стрельбы", "Повышение параметра"):  # fmt: skip
        assert term in names, term
    said = "\n".join(s for forms in catalogue("ru").values() for s in forms)
    for wrong in ("Колдовской взрыв", "Конечная Фаза", "Конечная фаза", "Усиленная версия",
                  "спасени", "у стороны"):  # fmt: skip
        assert wrong not in names + said, wrong


def test_002_italian_keeps_the_seed_characteristics_and_idiom() -> None:
    """Seed 002 keeps the characteristics in English (Damage); ties are rolled again, not
    withdrawn; no articled preposition before a number."""
    own = catalogue("it")
    assert own["Damage"] == ["Damage"]
    said = "\n".join(s for forms in own.values() for s in forms)
    for wrong in ("pareggi ritirati", "del {", "tirate la priorità", "il {n} potere"):
        assert wrong not in said, wrong


def test_003_turkish_retreat_is_geri_hamle_told_in_the_past() -> None:
    """Seed 003: geri hamle for the Age of Sigmar retreat; the log says what happened in the
    past tense; Cesurluğa, not Cesurluk'a."""
    own = catalogue("tr")
    assert own["retreat"] == ["geri hamle"]
    assert own["{unit} retreats: it cannot shoot or charge this turn."][0].startswith(
        "{unit} geri hamle yaptı"
    )
    assert own["{side} passes."] == ["{side} pas geçti."]
    assert own['{unit} moves (Move {inches}").'] == ['{unit} hamle yaptı (Hamle {inches}").']
    said = "\n".join(s for forms in own.values() for s in forms)
    assert "Cesurluk'a" not in said
    assert "hâlâ hareket edebilir" not in said


@pytest.mark.parametrize(
    ("code", "one", "two"),
    [
        ("hu", "Első játékos", "Második játékos"),
        ("it", "Giocatore Uno", "Giocatore Due"),
        ("tr", "Birinci Oyuncu", "İkinci Oyuncu"),
        ("ru", "Первый игрок", "Второй игрок"),
    ],
)
def test_the_demo_players_are_named_in_the_language(
    run_cli: RunCli, code: str, one: str, two: str
) -> None:
    """Player One and Player Two are the tool's own names: a third of the demo's lines showed
    them in English (issue 28)."""
    result = run_cli("--lang", code, "demo", "--seed", "1", "--quiet")
    assert result.exit_code == 0
    assert one in result.stdout and two in result.stdout
    assert "Player One" not in result.stdout and "Player Two" not in result.stdout
