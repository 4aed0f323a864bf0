"""A seeded guided 40k game in the players' languages (issue 17): in the pseudo-language every
line the 40k system prints is translated, and in Hungarian the notes, menus and set-up use the
terms of the Hungarian 40k rulebook (seed 001; aos_cli/locale/glossary/hu.yaml)."""

from __future__ import annotations

import re
from pathlib import Path

from tests.cli.test_pseudo_language import strip_wrapped
from tests.conftest import RunCli

ANSWERS = [
    "",  # 40k8 §17: the mission, Only War
    "", "", "", "",  # §17.3: the objective markers placed, where not said
    "", "",  # §16: neither Warlord takes a Warlord Trait
    "1", "1", "1", "1",  # §17.5: one unit at a time (Rhino and Plague Marines go last by themselves)
    "1", "y",  # §17.7: the Underdog (the Space Marines) takes the first turn
    "2",  # Movement: the Librarian Advances
    "4", "n",  # the Tactical Squad moves (not within 1" of the enemy; Fall Back is not offered)
    "n",  # on to the Psychic phase
    "1", "2", "y",  # the Librarian manifests Smite at the Plaguecaster, the closest visible unit
    "2",  # the Plaguecaster Denies the Witch (numbered after the powers; the line says within 24")
    "n",  # on to the Shooting phase
    "3", "3", "n", "y",  # a Frag grenade and Boltguns at the Plague Marines, half range
    "4", "3", "n", "n",  # the Rhino's storm bolter (not within 1", not at half range)
    "n",  # on to the Charge phase
    "1", "3", "y", "y", "n", "n", "3",  # the squad charges through Overwatch, 3" away
    "3", "y",  # the Lord of Contagion's Heroic Intervention
    "n",  # on to the Fight phase
    "1", "3",  # the squad fights (it charged)
    # Player Two has no other unit in combat: Player One fights on (40k8 §10.2), no pass
    "2", "2",  # the Lord of Contagion fights the Tactical Squad (the line says within 1")
    "n", "y",  # on to the Morale phase
    "1",  # the Tactical Squad's morale test
    "q",
]  # fmt: skip
"""What the players type in a seeded game (`--dice auto --seed 1`): every phase of a turn."""

GIFT_ANSWERS = [
    "", "", "", "", "", "", "", "1", "1", "1", "1",  # the mission, markers, no traits and the deployment, as above
    "1", "n",  # the Underdog gives the first turn to the Death Guard
    "1", "y", "y", "n",  # 40k8 §15 Nurgle's Gift: Librarian and Tactical Squad within reach
    "q",
]  # fmt: skip
"""The Death Guard's first turn starting with Nurgle's Gift."""


def play_40k(run_cli: RunCli, tmp_path: Path, language: str, answers: list[str] = ANSWERS) -> str:
    """The screen of the seeded 40k game in `language`: what it printed, then the questions it
    asked (on stderr), one a line."""
    result = run_cli(
        "--lang", language, "play", "--db", str(tmp_path / "games.sqlite3"), "--system", "wh40k8",
        "--dice", "auto", "--seed", "1",
        input="\n".join(answers) + "\n", env={"COLUMNS": "1000"},
    )  # fmt: skip
    assert result.exit_code == 0, result.stderr
    return result.stdout + "\n" + "\n".join(re.split(r"(?<=: )", result.stderr))


OTHER_MODULES: dict[str, str] = {
    "aos_cli/cli/play.py, aos_cli/views/play.py, aos_cli/core/guide.py (play17): menu keys, the target "
    "list, the assumed answers, the unbind option, saving": (
        r"^\[[a-z?]N?\] |\(\d+ models?\)|Assumed:|\[c\] correct|Let \S+ through|can still act"
        r"|Game saved"
    ),
    "aos_cli/cli/game.py, aos_cli/app/start.py, aos_cli/views/game.py (play17, cards17): the "
    "set-up summary and the army tables": r"is set up\.|Primary objective \(rolled|│|take the first turn",
    "aos_cli/core/casualties.py (notes17): ward rolls": r"ward rolls",
    "aos_cli/core/system.py (errors17): who chooses the first turn": r"chooses: ",
    "content (datasheet abilities, shown as they are written)": r"Transport:|Cataphractii Armour:",
}
"""English other modules print in this game, by owner (issue 17 is split by file); only the 40k
system's own lines (aos_cli/systems/wh40k8) must be all translated here."""

_NAMES = re.compile(r"[A-Z][\w'-]*(?: (?:of|with|on|the|[A-Z][\w'-]*))*")


def english_left(screen: str) -> list[str]:
    """The lines of `screen` with English outside ⟦ ⟧ beyond names and numbers, save those
    of the modules listed in OTHER_MODULES."""
    known = re.compile("|".join(f"(?:{p})" for p in OTHER_MODULES.values()))
    return [
        line
        for line in strip_wrapped(screen).splitlines()
        if re.search(r"[a-z]{3,}", _NAMES.sub("", line)) and not known.search(line)
    ]


def test_pseudo_language_40k_game_leaves_no_english_of_the_40k_system(
    run_cli: RunCli, tmp_path: Path
) -> None:
    """`aos --lang xx play --system wh40k8`: set-up (40k8 §17), Advance, Smite and Deny the
    Witch, a grenade, Overwatch, a charge, a Heroic Intervention and the fights print no English
    outside ⟦ ⟧ but names and numbers, save lines of the modules listed in OTHER_MODULES."""
    screen = play_40k(run_cli, tmp_path, "xx")
    assert english_left(screen) == []
    assert "⟦Lord of Contagion Heroically Intervenes" in screen


def test_pseudo_language_nurgles_gift_is_translated(run_cli: RunCli, tmp_path: Path) -> None:
    """40k8 §15 Nurgle's Gift at the start of the Death Guard's turn: its menu line, questions
    and rolls are translated too."""
    screen = play_40k(run_cli, tmp_path, "xx", GIFT_ANSWERS)
    assert english_left(screen) == []
    assert "⟦Lord of Contagion: Nurgle's Gift (start of your turn)⟧" in screen
    assert screen.count("⟦Nurgle's Gift: ") == 2  # a die for each unit within reach


SEED_TERMS = (
    "Esélytelenebb fél",  # Underdog (001: "az Esélytelenebb fél")
    "Erőszint",  # Power Level
    "felrakási zón",  # deployment zone (felrakási zóna, zónája)
    "elsődleges cél",  # primary objective
    "objektumjelző",  # objective marker
    "előretör",  # Advance
    "Lesújtás",  # Smite
    "Boszorkányteszt",  # Deny the Witch
    "Overwatch",  # kept in English by the seed
    "rohamoz",  # charge
    "Hősies beavatkozás",  # Heroic Intervention
    "konszolidál",  # consolidate
)
"""Terms of the Hungarian 40k rulebook (seed 001) the seeded game prints."""


def test_hungarian_40k_game_speaks_the_seed_terms(run_cli: RunCli, tmp_path: Path) -> None:
    """`aos --lang hu play --system wh40k8`: the set-up, menus and notes use seed 001's words."""
    screen = play_40k(run_cli, tmp_path, "hu")
    assert [term for term in SEED_TERMS if term not in screen] == []
