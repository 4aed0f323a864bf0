"""40k at the table through the real command line (issue 18 items 4-10): the demo armies of
`aos game new --system wh40k8`, typed dice and typed answers (40k8 = 40k8-core.md, the digest
of seed 001)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.conftest import CliResult, RunCli


def new_game(run_cli: RunCli, db: Path, first: str, phase: str, *plan: str) -> None:
    """A game of the demo armies with `first` taking the first turn, on to `phase` (`plan`:
    `--battleplan ID` for one primary objective, else Only War's roll picks it)."""
    assert run_cli("game", "new", "--system", "wh40k8", *plan, "--db", str(db)).exit_code == 0
    assert run_cli("priority", "--first", first, "--db", str(db)).exit_code == 0
    for _ in range(("movement", "psychic", "shooting", "charge", "fight").index(phase)):
        assert run_cli("next", "--db", str(db)).exit_code == 0


def aos(run_cli: RunCli, db: Path, *args: str, typed: str | None = None) -> CliResult:
    """One command on the game; `typed` are the dice typed in (manual dice)."""
    dice = ("--dice", "manual") if typed is not None else ()
    return run_cli(*args, *dice, "--db", str(db), input=typed)


def kinds(run_cli: RunCli, db: Path) -> list[str]:
    log = json.loads(run_cli("game", "log", "--json", "--db", str(db)).stdout)
    return [entry["kind"] for entry in log]


def one_line(text: str) -> str:
    return " ".join(text.split())


def test_40k8_hint_names_only_flags_the_command_has(run_cli: RunCli, tmp_path: Path) -> None:
    """Issue 18 item 8: `aos move` has no --engaged flag, so its hint names `--answer`, and
    the answer named works (40k8 §4.4: a unit within 1" of the enemy cannot move)."""
    db = tmp_path / "games.sqlite3"
    new_game(run_cli, db, "Player One", "movement")
    asked = aos(run_cli, db, "move", "plague-marines")
    assert asked.exit_code == 2
    assert "--answer engaged=yes" in asked.stderr
    assert "--no-engaged" not in asked.stderr and "--engaged" not in asked.stderr
    moved = aos(run_cli, db, "move", "plague-marines", "--answer", "engaged=no")
    assert moved.exit_code == 0, moved.stderr


def _smite_waiting(run_cli: RunCli, db: Path) -> None:
    """The Plaguecaster manifests Smite on 7 (3 and 4) at the Tactical Squad."""
    new_game(run_cli, db, "Player One", "psychic")
    cast = aos(
        run_cli, db, "cast", "plaguecaster", "Smite", "--target", "tactical-squad",
        "--answer", "closest-visible=yes", typed="3 4\n",
    )  # fmt: skip
    assert cast.exit_code == 0, cast.stderr
    assert "manifests Smite with 7" in one_line(cast.stdout)
    assert "`aos deny PSYKER`" in one_line(cast.stdout)


def test_40k8_5_5_deny_refuses_the_aos_unbind_range_flag(run_cli: RunCli, tmp_path: Path) -> None:
    """Issue 18 item 8: Deny the Witch is taken within 24" (40k8 §5.5); `--within-30`, the AoS
    unbinding range, answers nothing in 40k and is refused rather than ignored."""
    db = tmp_path / "games.sqlite3"
    _smite_waiting(run_cli, db)
    before = kinds(run_cli, db)
    alone = aos(run_cli, db, "deny", "librarian", "--within-30")
    assert alone.exit_code == 2 and "--within-30" in alone.stderr  # deny's flag is --within-24
    shared = aos(run_cli, db, "unbind", "librarian", "--within-30")
    assert shared.exit_code == 2
    assert "within-24" in shared.stderr and "--within-30 not asked here" in shared.stderr
    both = aos(
        run_cli, db, "unbind", "librarian", "--within-30", "--answer", "within-24=yes",
        "--answer", "within-12:plaguecaster=no",
    )  # fmt: skip
    assert both.exit_code == 2
    assert '--within-30 does not apply here: this game measures 24"' in both.stderr
    assert kinds(run_cli, db) == before


@pytest.mark.parametrize(
    ("within_12", "typed", "said"),
    [
        ("yes", "3 4\n", "Librarian denies Smite with 8 (+1 Psychic Hood)"),
        ("no", "3 4\n2\n", "Librarian fails to deny (7): Smite takes effect"),
    ],
)
def test_40k8_psychic_hood_adds_1_to_deny_within_12(
    run_cli: RunCli, tmp_path: Path, within_12: str, typed: str, said: str
) -> None:
    """Issue 18 item 6: the Librarian's Psychic Hood adds 1 to its Deny the Witch test against
    a psyker within 12": 3 and 4 is 8, which beats the Psychic test of 7; beyond 12" it adds
    nothing and 7 does not beat 7 (40k8 §5.5)."""
    db = tmp_path / "games.sqlite3"
    _smite_waiting(run_cli, db)
    denied = aos(
        run_cli, db, "deny", "librarian", "--answer", "within-24=yes",
        "--answer", f"within-12:plaguecaster={within_12}", typed=typed,
    )  # fmt: skip
    assert denied.exit_code == 0, denied.stderr
    assert said in one_line(denied.stdout)


def test_40k8_5_3_smite_target_is_checked_before_the_psychic_test(
    run_cli: RunCli, tmp_path: Path
) -> None:
    """Issue 18 item 4: Smite strikes the closest visible enemy unit within 18" (40k8 §5.3);
    the caster's player says so when the power is chosen, so a "no" records nothing, rolls
    no die and leaves no power waiting for Deny the Witch."""
    db = tmp_path / "games.sqlite3"
    new_game(run_cli, db, "Player One", "psychic")
    before = kinds(run_cli, db)
    refused = aos(
        run_cli, db, "cast", "plaguecaster", "Smite", "--target", "rhino",
        "--answer", "closest-visible=no", typed="",
    )  # fmt: skip
    assert refused.exit_code == 1
    assert "closest visible enemy unit" in refused.stderr
    assert kinds(run_cli, db) == before
    status = json.loads(aos(run_cli, db, "status", "--json").stdout)
    assert status.get("pending_spell") is None


def test_40k8_charge_names_every_missing_answer_in_one_run(run_cli: RunCli, tmp_path: Path) -> None:
    """Issue 18 item 10: one run of `aos charge` from a script names every answer the charge
    may need (40k8 §9.2 eligibility, §9.3 Overwatch with half range and cover, §9.4 distance),
    and one run with them all charges."""
    db = tmp_path / "games.sqlite3"
    new_game(run_cli, db, "Player One", "charge")
    asked = aos(run_cli, db, "charge", "plague-marines", "--target", "tactical-squad")
    assert asked.exit_code == 2
    text = one_line(asked.stderr)
    for needed in (
        "--engaged or --no-engaged", "--within-12 or --no-within-12",
        "overwatch:tactical-squad=yes", "half-range:tactical-squad=yes", "overwatch-cover=yes",
        "--distance N",
    ):  # fmt: skip
        assert needed in text, text
    assert text.count("aos: error") == 1
    charged = aos(
        run_cli, db, "charge", "plague-marines", "--target", "tactical-squad", "--no-engaged",
        "--within-12", "--answer", "overwatch:tactical-squad=no", "--distance", "4",
        typed="3 4\n",
    )  # fmt: skip
    assert charged.exit_code == 0, charged.stderr
    assert "Plague Marines charges" in one_line(charged.stdout)


def test_40k8_9_5_heroic_intervention_only_after_the_charges(
    run_cli: RunCli, tmp_path: Path
) -> None:
    """Issue 18 item 5: `aos play` offers the Librarian's Heroic Intervention only once the
    enemy has charged, and the first intervention ends the charges (40k8 §9.5: after the
    opponent has made all its charge moves)."""
    db = tmp_path / "games.sqlite3"
    new_game(run_cli, db, "Player One", "charge")
    before = run_cli("play", "--db", str(db), input="q\n")
    assert "Heroic Intervention" not in before.stdout
    charged = aos(
        run_cli, db, "charge", "plague-marines", "--target", "tactical-squad", "--no-engaged",
        "--within-12", "--answer", "overwatch:tactical-squad=no", "--distance", "4",
        typed="3 4\n",
    )  # fmt: skip
    assert charged.exit_code == 0, charged.stderr
    after = run_cli("play", "--db", str(db), input="q\n")
    assert "Librarian: Heroic Intervention (ends the charges)" in after.stdout
    assert "Lord of Contagion: charge" in after.stdout
    intervened = aos(run_cli, db, "intervene", "librarian", "--answer", "within-3=yes")
    assert intervened.exit_code == 0, intervened.stderr
    late = aos(run_cli, db, "charge", "lord-of-contagion", "--target", "tactical-squad")
    assert late.exit_code == 1
    assert "the charges of this phase are over" in late.stderr
    menu = run_cli("play", "--db", str(db), input="q\n").stdout
    assert "Lord of Contagion: charge" not in menu


def test_40k8_plaguereaper_rerolls_wound_rolls_of_1(run_cli: RunCli, tmp_path: Path) -> None:
    """Issue 18 item 6: the Plaguereaper's weapon ability (re-roll wound rolls of 1) reaches
    the wound roll: wound dice 1 1 5 4 re-roll the two 1s (40k8 §1.3, §8.2)."""
    db = tmp_path / "games.sqlite3"
    new_game(run_cli, db, "Player One", "charge")
    charged = aos(
        run_cli, db, "charge", "lord-of-contagion", "--target", "tactical-squad",
        "--no-engaged", "--within-12", "--answer", "overwatch:tactical-squad=no",
        "--distance", "3", typed="3 4\n",
    )  # fmt: skip
    assert charged.exit_code == 0, charged.stderr
    assert aos(run_cli, db, "next").exit_code == 0
    # 4 attacks hit on 2+; S6 against T4 wounds on 3+: 1 1 5 4, the 1s re-rolled to 6 and 2
    fought = aos(
        run_cli, db, "fight", "lord-of-contagion", "--target", "tactical-squad", "--json",
        typed="3 3 3 3\n1 1 5 4\n6 2\n1 1 1\n",
    )  # fmt: skip
    assert fought.exit_code == 0, fought.stderr
    assert "4 attacks, 4 hits, 3 wounds" in json.loads(fought.stdout)["notes"][0]


def test_40k8_7_tactical_squad_throws_a_grenade_in_play(run_cli: RunCli, tmp_path: Path) -> None:
    """Issue 18 item 7: in `aos play` the Tactical Squad chooses its weapons: one model throws
    a frag grenade (Grenade D6: rolled 3) while the four others fire boltguns (Rapid Fire 1,
    beyond half range: 4), 7 attacks (40k8 §7.5)."""
    db = tmp_path / "games.sqlite3"
    new_game(run_cli, db, "Player Two", "shooting")
    typed = [
        "4",
        "3",  # throw a frag grenade at the Plague Marines
        "n",
        "n",
        "n",  # not within 1"; not within half range; not in cover
        "3",  # the grenade's D6 attacks
        "1 1 1",  # the grenade's 3 hit rolls, all missing
        "1 1 1 1",  # the boltguns' 4 hit rolls, all missing
        "q",
    ]
    out = run_cli("play", "--db", str(db), "--dice", "manual", input="\n".join(typed) + "\n")
    assert out.exit_code == 0, out.stderr
    assert "Tactical Squad: shoot Boltgun" in out.stdout
    assert "Tactical Squad: shoot Bolt pistol" in out.stdout
    assert "Tactical Squad: throw a Frag grenade (one model, the others fire Boltgun)" in out.stdout
    assert "Tactical Squad → Plague Marines: 7 attacks, 0 hits" in one_line(out.stdout)


def test_40k8_words_on_the_datasheet_and_the_list(run_cli: RunCli) -> None:
    """Issue 18 item 9: a 40k datasheet speaks of a PSYKER that manifests and denies powers
    (40k8 §5.2), and the list's column is Leadership (40k8 §13.1)."""
    card = one_line(run_cli("warscroll", "show", "librarian").stdout)
    assert "PSYKER: manifests 2, denies 1" in card and "WIZARD" not in card
    listed = run_cli("warscroll", "list", "--system", "wh40k8").stdout
    assert " Ld " in listed and " Br " not in listed


def test_40k8_17_7_status_says_the_underdog_chooses_who_goes_first(
    run_cli: RunCli, tmp_path: Path
) -> None:
    """Issue 18 item 9: once set up, a 40k game waits for the Underdog's choice of the first
    turn (40k8 §17.7), not for a priority roll."""
    db = tmp_path / "games.sqlite3"
    assert run_cli("game", "new", "--system", "wh40k8", "--db", str(db)).exit_code == 0
    shown = one_line(aos(run_cli, db, "status").stdout)
    assert "Set-up done: the Underdog chooses who goes first in every round" in shown
    assert "roll priority" not in shown


def test_40k8_words_in_the_help_and_the_deny_hint(run_cli: RunCli, tmp_path: Path) -> None:
    """Issue 18 item 9: `aos shoot --help` cites 40k8 §6 and the 1" engagement of 40k, not
    only AoS2 §9 and 3"; a power waiting to be denied points at `aos deny` (40k8 §5.5)."""
    shown = one_line(run_cli("shoot", "--help").stdout)
    assert "40k8 §6" in shown and '40k 1"' in shown
    db = tmp_path / "games.sqlite3"
    _smite_waiting(run_cli, db)
    moved_on = aos(run_cli, db, "next")
    assert moved_on.exit_code == 1
    assert "waiting for Deny the Witch" in moved_on.stderr
    assert "`aos deny PSYKER` or `aos deny --pass`" in moved_on.stderr


def test_40k8_status_shows_wounds_lost_invulnerable_saves_and_command_rerolls(
    run_cli: RunCli, tmp_path: Path
) -> None:
    """Issue 18 item 9: the status says wounds lost ("3 of 4"), shows invulnerable saves
    (Cataphractii Armour 4+, 40k8 §8.6) and the Underdog's Command Re-rolls (40k8 §17.6); the
    JSON has no command points in 40k but the Command Re-rolls."""
    import yaml

    from aos_cli.store import Store

    db = tmp_path / "games.sqlite3"
    golden = Path(__file__).parents[1] / "golden" / "wh40k8_armies.yaml"
    with Store(db) as store:
        store.create_game("golden", yaml.safe_load(golden.read_text()))
    assert aos(run_cli, db, "adjust", "librarian", "--wounds", "3").exit_code == 0
    shown = one_line(aos(run_cli, db, "status").stdout)
    assert "Wounds lost" in shown and "3 of 4" in shown
    assert "2+, 4+ invulnerable" in shown
    assert "2 Command Re-rolls" in shown
    data = json.loads(aos(run_cli, db, "status", "--json").stdout)
    assert [s["command_points"] for s in data["sides"]] == [None, None]
    assert [s["command_rerolls"] for s in data["sides"]] == [0, 2]


def test_40k8_17_4_17_5_roll_off_winner_rolls_the_primary_and_chooses_the_zones(
    run_cli: RunCli, tmp_path: Path
) -> None:
    """Issue 18 item 2 (40k8 §17.4-§17.5): the roll-off winner (Player Two, 5 against 2) rolls
    the D3 primary objective and chooses the zones; the other player divided the battlefield
    and sets up first, then one unit at a time in turn; the Lord of Contagion may wait in a
    teleportarium (Teleport Strike, 40k8 §4.7) and the Tactical Squad ride in the Rhino."""
    db = tmp_path / "games.sqlite3"
    typed = [
        "",  # the mission: Only War
        "2 5",  # the roll-off: Player Two wins
        "2",  # its D3: 1, Slay and Secure
        "1 2",
        "",
        "",
        "",
        "",  # 40k8 §17.3: the objective markers placed, where not said
        "",  # 40k8 §16: Player One's Warlord takes no Warlord Trait
        "",  # nor Player Two's
        "2",  # Player One: the Lord of Contagion in a teleportarium chamber
        "3",  # Player Two: the Rhino
        "1",  # Player One: the Malignant Plaguecaster (the Plague Marines come last by themselves)
        "4",  # Player Two: the Tactical Squad embarked in the Rhino
        "1",  # Player Two: the Librarian (the Plague Marines were set up by themselves)
        "q",
    ]
    out = run_cli("play", "--db", str(db), "--system", "wh40k8", "--dice", "manual",
                  input="\n".join(typed) + "\n")  # fmt: skip
    assert out.exit_code == 0, out.stderr
    text = one_line(out.stdout + out.stderr)
    assert "Player Two rolls the D3" in text and "Rolled 1: Slay and Secure" in text
    assert "Player One divides the battlefield" in text
    assert "Player Two chooses which is whose deployment zone" in text
    assert text.index("Player One sets up") < text.index("Player Two sets up")
    status = json.loads(aos(run_cli, db, "status", "--json").stdout)
    flags = {u["id"]: u["flags"] for s in status["sides"] for u in s["units"]}
    assert any("reserve" in f for f in flags["lord-of-contagion"]), flags
    assert any("embarked" in f for f in flags["tactical-squad"]), flags


def test_40k8_17_6_equal_power_levels_the_zone_chooser_is_the_underdog_unasked(
    run_cli: RunCli, tmp_path: Path
) -> None:
    """Issue 18 item 2 (40k8 §17.6): on equal Power Levels the player who chose the zones is
    the Underdog; the set-up knows who did (the roll-off winner), so nothing more is asked."""
    from aos_cli.app.start import bundled_armies

    marines = str(bundled_armies("wh40k8")[1])
    db = tmp_path / "games.sqlite3"
    typed = [
        "",
        "6 1",
        "6",
        "1 2",
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        "1",
        "y",
        "q",
    ]  # §16: no traits
    out = run_cli(
        "play", "--db", str(db), "--army", marines, "--army", marines, "--dice", "manual",
        input="\n".join(typed) + "\n",
    )  # fmt: skip
    assert out.exit_code == 0, out.stderr
    text = one_line(out.stdout + out.stderr)
    assert "Player Two (2) divides the battlefield" in text
    assert "Player Two is the Underdog (equal Power Levels: it chose the deployment zones" in text
    assert "did Player Two choose the deployment zones" not in text


def test_40k8_a_model_count_is_asked_as_a_whole_number(run_cli: RunCli, tmp_path: Path) -> None:
    """Issue 18 (met playing): the objective question in `aos play` asks for a number of
    models; a wrong answer is met with "a whole number", not "a number of inches". Domination
    scores at the end of every turn, so the models are counted then (40k8 §17.3)."""
    db = tmp_path / "games.sqlite3"
    new_game(run_cli, db, "Player One", "fight", "--battleplan", "only-war-domination")
    assert aos(run_cli, db, "next").exit_code == 0  # to the morale phase
    typed = ["n", "2.5", "0", "0", "0", "0", "0", "0", "0", "0", "q"]
    out = run_cli("play", "--db", str(db), input="\n".join(typed) + "\n")
    assert out.exit_code == 0, out.stderr
    assert "Please type a whole number" in out.stderr
    assert "number of inches" not in out.stderr + out.stdout
