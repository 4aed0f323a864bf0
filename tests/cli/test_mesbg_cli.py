"""`aos roll/odds cast --system mesbg`, `aos roll/odds duel` and `aos hero ...` end to end."""

from __future__ import annotations

import json

import pytest

from tests.conftest import RunCli


def test_mesbg_s2_roll_cast_json_and_seed(run_cli: RunCli) -> None:
    """mesbg §2.2-§2.3 through the CLI: the same seed gives the same roll."""
    args = ["roll", "cast", "--system", "mesbg", "--will", "2", "--casting", "4+",
            "--resist-will", "1", "--seed", "3", "--json"]  # fmt: skip
    first, second = run_cli(*args), run_cli(*args)
    assert first.exit_code == 0, first.stderr
    assert first.stdout == second.stdout
    data = json.loads(first.stdout)
    assert len(data["dice"]) == 2 and data["highest"] == max(data["dice"])


def test_mesbg_s2_roll_cast_manual_dice_typed_in(run_cli: RunCli) -> None:
    """mesbg §2.3: typed dice 3 5 then a resist of 5 ties the caster and resists."""
    result = run_cli(
        "roll", "cast", "--system", "mesbg", "--will", "2", "--casting", "5",
        "--resist-will", "1", "--dice", "manual", "--json", input="3 5\n5\n",
    )  # fmt: skip
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["cast"] and data["resisted"] and not data["success"]


def test_mesbg_s2_roll_cast_with_a_power_from_the_rules(run_cli: RunCli) -> None:
    result = run_cli(
        "roll", "cast", "--system", "mesbg", "--will", "3", "--power", "black dart",
        "--channelled", "--seed", "1",
    )  # fmt: skip
    assert result.exit_code == 0, result.stderr
    assert "Black Dart" in result.stdout and "against 5+" in result.stdout


@pytest.mark.parametrize(
    ("args", "flag"),
    [
        (["--system", "mesbg", "--casting", "4+"], "--will"),
        (["--system", "mesbg", "--will", "2"], "--casting"),
        (["--system", "mesbg", "--will", "2", "--casting", "9+"], "--casting"),
        (["--system", "mesbg", "--will", "2", "--casting", "4", "--value", "7"], "--value"),
        (["--will", "2"], "--will"),
        ([], "--value"),
        (["--system", "nope", "--value", "7"], "--system"),
    ],
)
def test_mesbg_cast_flags_are_validated_per_system(
    run_cli: RunCli, args: list[str], flag: str
) -> None:
    result = run_cli("roll", "cast", *args)
    assert result.exit_code == 2
    assert flag in result.stderr and len(result.stderr.strip().splitlines()) == 1


def test_aos2_cast_is_unchanged(run_cli: RunCli) -> None:
    data = json.loads(run_cli("odds", "cast", "--value", "7", "--json").stdout)
    assert data["fraction"] == "7/12"


def test_mesbg_s2_odds_cast_and_will_for_a_chance(run_cli: RunCli) -> None:
    """P(highest of 2D6 >= 4) = 3/4; 0.8 needs 3 Will (7/8)."""
    data = json.loads(
        run_cli("odds", "cast", "--system", "mesbg", "--will", "2", "--casting", "4+",
                "--chance", "0.8", "--json").stdout
    )  # fmt: skip
    assert data["fraction"] == "3/4" and data["will_needed"] == 3
    text = run_cli("odds", "cast", "--system", "mesbg", "--will", "2", "--casting", "4+",
                   "--chance", "0.8").stdout  # fmt: skip
    assert "Spend 3 Will" in text


def test_mesbg_s5_roll_duel_manual_and_json(run_cli: RunCli) -> None:
    """mesbg §5 and §4.6: two-handed Good rolls 6 (counts 5) against 4; S4 vs D4 wounds on 4+,
    with +1 a 3 wounds; the Evil Fate die 2 fails."""
    result = run_cli(
        "roll", "duel", "--good-weapon", "two-handed", "--good-strength", "4",
        "--evil-fate", "1", "--dice", "manual", "--json", input="6\n4\n3\n2\n",
    )  # fmt: skip
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["winner"] == "good" and data["good_highest"] == 5
    assert data["strikes"][0]["wounded"] and data["fate_rolls"] == [[2]] and data["slain"]


def test_mesbg_s4_roll_duel_text_and_bad_flags(run_cli: RunCli) -> None:
    text = run_cli("roll", "duel", "--good-strike", "bash", "--seed", "2")
    assert text.exit_code == 0 and "wins the Fight" in text.stdout
    bad = run_cli("roll", "duel", "--good-weapon", "banana")
    assert bad.exit_code == 2 and "--good-weapon" in bad.stderr
    rule = run_cli("roll", "duel", "--evil-shielding", "--evil-weapon", "two-handed")
    assert rule.exit_code == 1 and "§4.6" in rule.stderr


def test_mesbg_s5_odds_duel(run_cli: RunCli) -> None:
    """One die each, equal Fight: Good wins 15/36 + 3/36 = 1/2."""
    data = json.loads(run_cli("odds", "duel", "--json").stdout)
    assert data["good_wins_fraction"] == "1/2"
    assert "Good wins the Fight" in run_cli("odds", "duel", "--good-attacks", "3").stdout


def test_mesbg_heroes_through_a_scripted_game(run_cli: RunCli, tmp_path: object) -> None:
    """Heroes' Will, Might and Fate tracked through a game, a power in force, break point."""
    db = f"{tmp_path}/games.sqlite3"

    def hero(*args: str, input: str | None = None) -> dict[str, object]:
        result = run_cli("hero", *args, "--db", db, "--json", input=input)
        assert result.exit_code == 0, result.stderr
        data: dict[str, object] = json.loads(result.stdout)
        return data

    hero("new-force", "Fellowship", "--models", "9", "--side", "good")
    hero("new-force", "Moria", "--models", "12", "--side", "evil")
    hero("add", "Gandalf", "--might", "3", "--will", "6", "--fate", "3", "--wounds", "3",
         "--force", "Fellowship")  # fmt: skip
    hero("add", "Shaman", "--will", "2", "--wounds", "2", "--force", "Moria")
    state = hero("cast", "Gandalf", "immobilise", "--will", "2", "--target", "Shaman",
                 "--resist-will", "1", "--dice", "manual", input="2 5\n3\n")  # fmt: skip
    heroes = {h["name"]: h for h in state["heroes"]}  # type: ignore[attr-defined]
    assert heroes["Gandalf"]["current"]["will"] == 4
    assert heroes["Shaman"]["current"]["will"] == 1
    assert [e["power"] for e in state["effects"]] == ["Immobilise"]  # type: ignore[attr-defined]
    state = hero("end-phase")
    assert state["effects"] == [] and state["turn"] == 2
    hero("spend", "Gandalf", "fate", "2")
    state = hero("lose", "6", "--force", "Moria")
    forces = {f["name"]: f for f in state["forces"]}  # type: ignore[attr-defined]
    assert forces["Moria"]["broken"] and forces["Moria"]["break_point"] == 6
    state = hero("undo")
    forces = {f["name"]: f for f in state["forces"]}  # type: ignore[attr-defined]
    assert not forces["Moria"]["broken"]
    state = hero("restore", "Gandalf")
    gandalf = next(h for h in state["heroes"] if h["name"] == "Gandalf")  # type: ignore[attr-defined]
    assert gandalf["current"] == {"might": 3, "will": 6, "fate": 3, "wounds": 3}
    too_much = run_cli("hero", "spend", "Shaman", "will", "5", "--db", db)
    assert too_much.exit_code == 1 and "Will" in too_much.stderr
    listed = run_cli("hero", "list", "--db", db)
    assert "Gandalf" in listed.stdout and "Broken at" in listed.stdout


def test_mesbg_status_shows_the_heroes(run_cli: RunCli, tmp_path: object) -> None:
    """`aos status` on a Middle-earth game shows its heroes' Might, Will, Fate and Wounds."""
    db = f"{tmp_path}/games.sqlite3"
    run_cli("hero", "new-force", "Fellowship", "--models", "9", "--side", "good", "--db", db)
    run_cli("hero", "add", "Gandalf", "--will", "6", "--force", "Fellowship", "--db", db)
    result = run_cli("status", "--json", "--db", db)
    assert result.exit_code == 0, result.stderr
    assert [h["name"] for h in json.loads(result.stdout)["heroes"]] == ["Gandalf"]


def _fellowship_against_isengard(run_cli: RunCli, db: str) -> None:
    """Two forces with a hero each (and a Shaman with Will) in a new Middle-earth game."""
    for args in (
        ("new-force", "Fellowship", "--models", "9", "--side", "good"),
        ("new-force", "Isengard", "--models", "12", "--side", "evil"),
        ("add", "Aragorn", "--might", "3", "--will", "3", "--fate", "3", "--wounds", "3",
         "--force", "Fellowship"),
        ("add", "Gandalf", "--might", "3", "--will", "6", "--fate", "3", "--wounds", "3",
         "--force", "Fellowship"),
        ("add", "Lurtz", "--might", "3", "--will", "1", "--fate", "1", "--wounds", "3",
         "--force", "Isengard"),
        ("add", "Shaman", "--will", "5", "--wounds", "2", "--force", "Isengard"),
    ):  # fmt: skip
        made = run_cli("hero", *args, "--db", db)
        assert made.exit_code == 0, made.stderr


def _heroes(run_cli: RunCli, db: str) -> dict[str, dict[str, int]]:
    listed = json.loads(run_cli("hero", "list", "--db", db, "--json").stdout)
    return {h["name"]: h["current"] for h in listed["heroes"]}


def test_mesbg_s2_1_a_hero_uses_a_magical_power_once_per_round(
    run_cli: RunCli, tmp_path: object
) -> None:
    """mesbg §2.1 (seed 004: "может использовать их один раз в раунд"): Gandalf casts
    Immobilise, then Sorcerous Blast the same turn is refused before a die is rolled (his Will
    untouched); after the End phase he may cast again. Resisting is not limited."""
    db = f"{tmp_path}/games.sqlite3"
    _fellowship_against_isengard(run_cli, db)
    first = run_cli("hero", "cast", "Gandalf", "immobilise", "--will", "1", "--target", "Lurtz",
                    "--resist-will", "0", "--seed", "1", "--db", db)  # fmt: skip
    assert first.exit_code == 0, first.stderr
    will = _heroes(run_cli, db)["Gandalf"]["will"]
    again = run_cli("hero", "cast", "Gandalf", "sorcerous-blast", "--will", "1",
                    "--target", "Lurtz", "--resist-will", "0", "--seed", "1", "--db", db)  # fmt: skip
    assert again.exit_code == 1
    assert "once per round" in again.stderr and "end-phase" in again.stderr
    assert _heroes(run_cli, db)["Gandalf"]["will"] == will
    assert run_cli("hero", "end-phase", "--db", db).exit_code == 0
    later = run_cli("hero", "cast", "Gandalf", "sorcerous-blast", "--will", "1",
                    "--target", "Lurtz", "--resist-will", "0", "--seed", "1", "--db", db)  # fmt: skip
    assert later.exit_code == 0, later.stderr


def test_mesbg_fate_rolls_a_d6_per_point_and_4_plus_ignores_the_wound(
    run_cli: RunCli, tmp_path: object
) -> None:
    """mesbg digest §5 (Fate, commonly published): a D6 per Fate point, one at a time, a 4+
    ignores the Wound and the points not needed are kept; with no 4+ the Wound is lost."""
    db = f"{tmp_path}/games.sqlite3"
    _fellowship_against_isengard(run_cli, db)
    saved = run_cli("hero", "spend", "Aragorn", "fate", "3", "--dice", "manual", "--db", db,
                    input="2\n5\n")  # fmt: skip
    assert saved.exit_code == 0, saved.stderr
    assert "Aragorn rolls Fate 2, 5: the Wound is ignored (1 Fate left)" in saved.stdout
    assert _heroes(run_cli, db)["Aragorn"] == {"might": 3, "will": 3, "fate": 1, "wounds": 3}
    failed = run_cli("hero", "spend", "Aragorn", "fate", "--dice", "manual", "--db", db,
                     input="3\n")  # fmt: skip
    assert failed.exit_code == 0, failed.stderr
    assert "no 4+, the Wound is lost" in failed.stdout
    assert _heroes(run_cli, db)["Aragorn"] == {"might": 3, "will": 3, "fate": 0, "wounds": 2}
    none_left = run_cli("hero", "spend", "Aragorn", "fate", "--db", db)
    assert none_left.exit_code == 1 and "0 Fate left" in none_left.stderr


def test_mesbg_s3_16_sap_will_takes_d3_plus_1_will_from_the_target(
    run_cli: RunCli, tmp_path: object
) -> None:
    """mesbg §3 #16 Sap Will: cast and not resisted, the target loses D3+1 Will (a 4 on the
    D3 is 2, +1: 3 Will); channelled it loses all its Will."""
    db = f"{tmp_path}/games.sqlite3"
    _fellowship_against_isengard(run_cli, db)
    cast = run_cli("hero", "cast", "Gandalf", "sap-will", "--will", "1", "--target", "Shaman",
                   "--resist-will", "0", "--dice", "manual", "--db", db,
                   input="5\n4\n")  # fmt: skip
    assert cast.exit_code == 0, cast.stderr
    assert "Shaman loses 3 Will (2 left)" in cast.stdout
    assert _heroes(run_cli, db)["Shaman"]["will"] == 2
    run_cli("hero", "end-phase", "--db", db)
    channelled = run_cli("hero", "cast", "Gandalf", "sap-will", "--will", "1", "--channelled",
                         "--target", "Shaman", "--resist-will", "0", "--dice", "manual",
                         "--db", db, input="6\n")  # fmt: skip
    assert channelled.exit_code == 0, channelled.stderr
    assert _heroes(run_cli, db)["Shaman"]["will"] == 0


def test_mesbg_s5_hero_duel_spends_might_and_fate_from_the_stores(
    run_cli: RunCli, tmp_path: object
) -> None:
    """mesbg §5 with §2.4's Might: Aragorn (F6) rolls 4 against Lurtz's (F5) 5 and spends 1
    Might to make it 5 (tied dice go to the higher Fight value); his Strike (S4 against D5,
    5+) rolls 4 and his last Might makes it 5; Lurtz's one Fate die rolls 2: he loses a Wound.
    The stores are read and updated: Aragorn Might 3 → 1, Lurtz Fate 1 → 0, Wounds 3 → 2."""
    db = f"{tmp_path}/games.sqlite3"
    _fellowship_against_isengard(run_cli, db)
    result = run_cli("hero", "duel", "Aragorn", "Lurtz", "--good-fight", "6",
                     "--good-strength", "4", "--evil-fight", "5", "--evil-defence", "5",
                     "--good-might", "2", "--dice", "manual", "--db", db, "--json",
                     input="4\n5\n4\n2\n")  # fmt: skip
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["winner"] == "good" and data["good_highest"] == 5
    assert data["strikes"][0]["might"] == 1 and data["strikes"][0]["wounded"]
    assert data["might_spent"] == {"good": 2, "evil": 0}
    heroes = _heroes(run_cli, db)
    assert heroes["Aragorn"]["might"] == 1
    assert heroes["Lurtz"] == {"might": 3, "will": 1, "fate": 0, "wounds": 2}


def test_mesbg_s5_a_slain_hero_neither_backs_away_nor_spends(
    run_cli: RunCli, tmp_path: object
) -> None:
    """mesbg §5: the loser backs away 1" only if it lives; a slain hero is out of the battle,
    so spending its Wounds (or any store) afterwards is refused, and the game is unchanged."""
    db = f"{tmp_path}/games.sqlite3"
    _fellowship_against_isengard(run_cli, db)
    run_cli("hero", "spend", "Shaman", "wounds", "1", "--db", db)
    duel = run_cli("hero", "duel", "Aragorn", "Shaman", "--good-strength", "6",
                   "--dice", "manual", "--db", db, input="6\n1\n5\n")  # fmt: skip
    assert duel.exit_code == 0, duel.stderr
    assert "slain" in duel.stdout and "backs away" not in duel.stdout
    for store in ("wounds", "will"):
        refused = run_cli("hero", "spend", "Shaman", store, "1", "--db", db)
        assert refused.exit_code == 1 and "slain" in refused.stderr
    assert _heroes(run_cli, db)["Shaman"]["wounds"] == 0


def test_mesbg_s2_3_the_target_is_asked_whether_to_resist(
    run_cli: RunCli, tmp_path: object
) -> None:
    """mesbg §2.3-§2.4: once the power is cast (caster's Might committed), the target's player
    is asked at the terminal how much Will it spends to resist; the Shaman spends 2, rolls 6:
    Sap Will is resisted, and his Will is 5 - 2."""
    import sys

    from tests.cli.test_play_pty import Terminal

    db = f"{tmp_path}/games.sqlite3"
    _fellowship_against_isengard(run_cli, db)
    term = Terminal([sys.executable, "-m", "aos_cli", "hero", "cast", "Gandalf", "sap-will",
                     "--will", "1", "--target", "Shaman", "--dice", "manual", "--db", db])  # fmt: skip
    term.expect("Roll 1 die")
    term.type("5")
    term.expect("Does Shaman resist?")
    term.type("2")
    term.expect("Roll 2 dice")
    term.type("6 1")
    term.expect("resisted by Shaman")
    assert term.close() == 0
    assert _heroes(run_cli, db)["Shaman"]["will"] == 3


def test_mesbg_game_log_shows_each_turns_hero_actions_with_their_dice(
    run_cli: RunCli, tmp_path: object
) -> None:
    """`aos game log` on a Middle-earth game (it used to refuse one: not the game engine's):
    every hero action turn by turn, a cast with its Will and resisting dice, the End phase
    starting turn 2; `--json` keeps the English keys and each roll's dice apart."""
    db = f"{tmp_path}/games.sqlite3"
    _fellowship_against_isengard(run_cli, db)
    cast = run_cli("hero", "cast", "Gandalf", "sap-will", "--will", "2", "--target", "Shaman",
                   "--resist-will", "1", "--dice", "manual", "--db", db,
                   input="2 5\n5\n")  # fmt: skip
    assert cast.exit_code == 0, cast.stderr
    run_cli("hero", "end-phase", "--db", db)
    run_cli("hero", "lose", "2", "--force", "Isengard", "--db", db)
    text = run_cli("game", "log", "--db", db)
    assert text.exit_code == 0, text.stderr
    assert "Gandalf casts Sap Will: it is resisted by Shaman." in text.stdout
    assert "dice: 2 5; 5" in text.stdout
    turns = text.stdout.index("Turn 1"), text.stdout.index("Turn 2")
    assert turns[0] < text.stdout.index("Sap Will") < turns[1] < text.stdout.index("loses 2")
    data = json.loads(run_cli("game", "log", "--db", db, "--json").stdout)
    cast_entry = next(e for e in data["entries"] if e["action"] == "cast")
    assert cast_entry["dice"] == [[2, 5], [5]] and cast_entry["turn"] == 1
    assert data["entries"][-1] == {
        "seq": len(data["entries"]),
        "turn": 2,
        "action": "lose",
        "dice": [],
        "notes": ["Isengard loses 2 warriors."],
        "events": [{"kind": "mesbg-warriors-lost", "force": "Isengard", "lost": 2}],
    }
