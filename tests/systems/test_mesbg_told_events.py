"""Middle-earth's hero actions are typed events (issue 25 item 4): forces, heroes, stores,
powers cast, Fate, Fights, Priority and the end of the battle keep their facts as fields; the
views tell them in the same words in English, and in Hungarian with no English left; the log's
`--json` gives the fields."""

from __future__ import annotations

import json
from pathlib import Path

from aos_cli.core.events import Event, event_from_data
from aos_cli.language.i18n import set_language
from aos_cli.systems.mesbg.events import (
    BattleEnded,
    FateRolled,
    FightWon,
    ForceAdded,
    HeroJoined,
    PowerCast,
    PriorityRolledMesbg,
    StoreSpent,
)
from aos_cli.systems.mesbg.views import told_notes
from tests.cli.test_mesbg_cli import _fellowship_against_isengard
from tests.conftest import RunCli

EVENTS: tuple[Event, ...] = (
    ForceAdded("Fellowship", 9, 5),
    HeroJoined("Aragorn", "Fellowship", (3, 3, 3, 3)),
    StoreSpent("Aragorn", "might", 1, 2),
    PowerCast("Gandalf", "Sap Will", "effect", "Lurtz", store="will", change=-1, store_left=0),
    PowerCast(
        "Saruman",
        "Black Dart",
        "effect",
        "Aragorn",
        effects=True,
        hit_strength=9,
        hit_need="3+",
        hit_dice=(5,),
        hit_lost=1,
        wounds_left=2,
    ),
    PowerCast("Gandalf", "Sap Will", "resisted", "Shaman"),
    FateRolled("Aragorn", (2, 5), 4, True, 3, 1),
    FightWon("Aragorn", "Lurtz", ("Aragorn",), (1,), 2, True),
    PriorityRolledMesbg((3, 3, 5, 2), "good"),
    BattleEnded(("Fellowship", "Isengard"), (2, 9), (9, 12), "Fellowship"),
)
"""One event of each of the common kinds, as the rules record them."""

ENGLISH = [
    "Force Fellowship: 9 models, Broken at 5 lost.",
    "Aragorn joins Fellowship: Might 3, Will 3, Fate 3, Wounds 3",
    "Aragorn spends 1 Might: 2 left.",
    "Gandalf casts Sap Will: it takes effect: Lurtz loses 1 Will (0 left).",
    "Saruman casts Black Dart: it takes effect: a Strength 9 hit on Aragorn (3+: 5): 1 Wound "
    "lost (2 left).",
    "Gandalf casts Sap Will: it is resisted by Shaman.",
    "Aragorn rolls Fate 2, 5: the Wound is ignored (1 Fate left).",
    "Aragorn wins the Fight against Lurtz; Might spent: Aragorn 1; Lurtz loses 2 Wounds; "
    'Lurtz backs away 1".',
    "Priority (Good 3, Evil 3, Good 5, Evil 2): Good has Priority this turn.",
    "The battle ends: Fellowship lost 2 of 9, Isengard lost 9 of 12; Fellowship wins.",
]
"""What each says, as the rules wrote it before they were events."""


def test_mesbg_s2_s5_the_events_read_back_and_say_what_the_rules_said() -> None:
    """mesbg §2.2-§2.5 (powers), §5 (Fights, Fate), digest §5 (Priority): each event read back
    from its stored data is told as the rules' own sentence was; in Hungarian every line
    differs."""
    read = [event_from_data(e.to_data()) for e in EVENTS]
    assert read == list(EVENTS)
    assert told_notes(read) == ENGLISH
    set_language("hu")
    try:
        hungarian = told_notes(read)
    finally:
        set_language("en")
    assert all(h != e for h, e in zip(hungarian, ENGLISH, strict=True))


def test_mesbg_the_hero_log_json_gives_each_actions_events_with_their_fields(
    run_cli: RunCli, tmp_path: Path
) -> None:
    """Issue 25 item 4: `aos game log --json` of a Middle-earth game gives, beside each
    action's sentences, its events with their fields (a cast's caster, power, outcome and
    target; a force's models and break point); `--lang hu` tells them in Hungarian."""
    db = str(tmp_path / "games.sqlite3")
    _fellowship_against_isengard(run_cli, db)
    cast = run_cli("hero", "cast", "Gandalf", "sap-will", "--will", "2", "--target", "Shaman",
                   "--resist-will", "1", "--dice", "manual", "--db", db,
                   input="2 5\n5\n")  # fmt: skip
    assert cast.exit_code == 0, cast.stderr
    data = json.loads(run_cli("game", "log", "--db", db, "--json").stdout)
    events = [e for entry in data["entries"] for e in entry["events"]]
    forces = [e for e in events if e["kind"] == "mesbg-force"]
    assert [(f["force"], f["models"], f["broken_at"]) for f in forces] == [
        ("Fellowship", 9, 5),
        ("Isengard", 12, 6),
    ]
    casts = [e for e in events if e["kind"] == "mesbg-cast"]
    assert [(c["caster"], c["power"], c["outcome"], c["target"]) for c in casts] == [
        ("Gandalf", "Sap Will", "resisted", "Shaman")
    ]
    hungarian = run_cli("--lang", "hu", "game", "log", "--db", db)
    assert hungarian.exit_code == 0, hungarian.stderr
    assert "it is resisted by" not in hungarian.stdout and "Shaman" in hungarian.stdout
