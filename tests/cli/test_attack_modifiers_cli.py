"""`aos fight` and `aos shoot` take the effect flags of `aos roll attack` (issue 12, item 6)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.conftest import RunCli


def test_aos2_s14_fight_takes_the_roll_attack_flags(run_cli: RunCli, tmp_path: Path) -> None:
    """AoS2 §14: what the tool cannot see (an ability's extra attacks, a modifier) is given
    with the flags of `aos roll attack`; a bad value is one line, exit 2, nothing recorded."""
    db = str(tmp_path / "games.sqlite3")
    made = run_cli("game", "new", "--system", "aos2", "--name", "flags", "--seed", "1", "--db", db)
    assert made.exit_code == 0, made.stderr
    run_cli("priority", "--seed", "1", "--first", "Player One", "--db", db)
    for _ in range(4):
        assert run_cli("next", "--db", db).exit_code == 0
    bad = run_cli("fight", "liberators", "--target", "chainrasps", "--engaged", "--no-cover",
                  "--reroll-hits", "sometimes", "--db", db)  # fmt: skip
    assert bad.exit_code == 2 and len(bad.stderr.strip().splitlines()) == 1, bad.stderr
    done = run_cli("fight", "liberators", "--target", "chainrasps", "--engaged", "--no-cover",
                   "--extra-attacks", "3", "--hit-mod", "1", "--json", "--db", db)  # fmt: skip
    assert done.exit_code == 0, done.stderr
    notes = " ".join(json.loads(done.stdout)["notes"])
    # Ten Liberators (the Prime's extra attack once) and three more given by the flag.
    assert "24 attacks" in notes
    log = json.loads(run_cli("game", "log", "--json", "--db", db).stdout)
    assert log[-1]["payload"]["extra_attacks"] == 3 and log[-1]["payload"]["hit_mod"] == 1


def test_aos2_s21_play_asks_for_what_the_attackers_reminders_give(tmp_path: Path) -> None:
    """AoS2 §21: before an attack `aos play` shows the attacker's rules it cannot apply (Reaped
    Like Corn) and reads the modifiers they give, as the flags would."""
    import pytest

    from aos_cli.cli.attack_modifiers import parse_modifiers
    from aos_cli.core.errors import InputError
    from aos_cli.core.unit_attacks import attack_reminders
    from tests.core.test_unit_attacks import game

    reapers = [{"id": "reapers", "warscroll": "Grimghast Reapers", "models": 10, "general": True},
               {"id": "torment", "warscroll": "Spirit Torment"}]  # fmt: skip
    state = game(tmp_path, [{"id": "lord-castellant", "warscroll": "Lord-Castellant"}], reapers)
    # The aura of a friendly unit whose range only the table can see (Reaped Like Corn is
    # applied now: it rerolls failed hits against units of 5 or more models, issue 26) is
    # asked and applied by the attack since AUDIT_REVISION (seed 000 p.15); a game set up
    # before shows it as a reminder.
    assert attack_reminders(state, state.unit("reapers")) == []
    state.rules_revision = 7
    assert [str(name) for name, _ in attack_reminders(state, state.unit("reapers"))] == [
        "Nagash's Bidding (Spirit Torment)"]  # fmt: skip
    assert parse_modifiers("reroll-hits=failed hit-mod=-1 extra-attacks=2") == {
        "reroll_hits": "failed", "hit_mod": -1, "extra_attacks": 2}  # fmt: skip
    with pytest.raises(InputError, match="not a modifier"):
        parse_modifiers("attacks+2")


def test_aos2_s14_extra_attacks_for_the_unit_are_made_once(run_cli: RunCli) -> None:
    """AoS2 §14.1: `--extra-attacks 1` for a unit with two weapons is one more attack, not one
    per weapon: three attacks that each do 25/36 damage on average."""
    result = run_cli("odds", "attack", "1x1/2+/2+/0/1", "1x1/2+/2+/0/1", "--extra-attacks", "1",
                     "--save", "-", "--json")  # fmt: skip
    assert result.exit_code == 0, result.stderr
    assert json.loads(result.stdout)["mean_damage"] == pytest.approx(75 / 36)


def _weapons() -> list[object]:
    from aos_cli.app.setup import build_setup
    from aos_cli.app.start import bundled_armies
    from aos_cli.core.turn import new_game

    state = new_game(build_setup(bundled_armies(), "first-blood", name="Demo"))
    return [w for w in state.unit("stardrake").spec.weapons if w.kind == "melee"]


def test_issue_31_extra_attacks_are_per_model_unless_said_for_the_unit() -> None:
    """Issue 31 item 2: `extra-attacks=1` for ten models is ten attacks; `2u` is two for the
    unit; `D3` is rolled for the unit as the attack is made."""
    from aos_cli.cli.attack_modifiers import read_modifier

    assert read_modifier("extra-attacks", "1", 10, []) == ({"extra_attacks": 10}, None)
    assert read_modifier("extra-attacks", "2u", 10, []) == ({"extra_attacks": 2}, None)
    assert read_modifier("extra-attacks", "d3", 10, []) == ({"extra_attacks_roll": "D3"}, None)


def test_issue_31_every_flag_of_roll_attack_and_a_weapon_are_modifiers() -> None:
    """Issue 31 item 2: D6 hits on a 6 (`exploding=6:D6`), damage on a 6, a weapon by number
    or name; a typo is one plain problem, and nothing is taken from it."""
    from aos_cli.cli.attack_modifiers import read_modifier

    weapons = _weapons()
    assert read_modifier("exploding", "6:D6", 1, weapons) == ({"exploding": "6:D6"}, None)
    assert read_modifier("damage-on-wound", "6:1", 1, weapons)[1] is None
    named = read_modifier("weapon", "2", 1, weapons)[0]["modifiers_weapon"]
    assert named == weapons[1].id
    for name, value in (("hit-mod", "one"), ("reroll-hits", "sometimes"), ("hitmod", "1")):
        found, problem = read_modifier(name, value, 1, weapons)
        assert found == {} and problem and "\n" not in problem


def test_issue_31_a_typo_asks_that_field_again_and_keeps_the_rest(monkeypatch: object) -> None:
    """Issue 31 item 2: one wrong field of the modifiers line is asked again alone."""
    import aos_cli.cli.common as common
    from aos_cli.app.setup import build_setup
    from aos_cli.app.start import bundled_armies
    from aos_cli.cli.attack_modifiers import ask_modifiers
    from aos_cli.core.turn import new_game

    state = new_game(build_setup(bundled_armies(), "first-blood", name="Demo"))
    asked: list[str] = []
    answers = iter(["1"])

    def ask(prompt: str) -> str:
        asked.append(prompt)
        return next(answers)

    monkeypatch._x = None
    monkeypatch.setattr(common, "ask_line", ask)  # type: ignore[attr-defined]
    given = ask_modifiers(state, state.unit("judicators"), "shoot", "hit-mod=x wound-mod=1")
    assert given == {"hit_mod": 1, "wound_mod": 1}
    assert asked == ["hit-mod= (Enter to leave it out)"]
