"""Age of Sigmar 1st edition, round two (issue 27): the sheet's own scenery, Triumphs, battle
length and questions, each test citing its section of aos1-core.md (seeds 002, 003)."""

from __future__ import annotations

import copy
from pathlib import Path

import pytest

from aos_cli.core.actions import RecordedAnswers, apply_action
from aos_cli.core.dice import Reroll, ScriptedDice, SeededDice
from aos_cli.core.effects import RerollRoll, RollModifier
from aos_cli.core.errors import GameError, RuleError
from aos_cli.core.state import GameState
from aos_cli.core.turn import new_game
from aos_cli.views.events import note_lines
from tests.conftest import RunCli
from tests.systems.harness import act, snapshot, to_phase

ARMIES = "aos1_armies.yaml"


def game(**overrides: object) -> GameState:
    state = new_game(snapshot(ARMIES, **overrides))
    act(state, "priority", first=0)
    return state


def test_aos1_s3_4_damned_is_3_inches_and_plus_one_to_hit() -> None:
    """AoS1 §3.4 Damned: a unit within 3" sacrifices: D3 mortal wounds and +1 to all its hit
    rolls until your next hero phase (AoS2: 1" and a reroll of 1s); only the 1st edition's
    reminder is shown."""
    state = game(terrain=[{"name": "Altar", "rule": "damned"}])
    notes = " ".join(note_lines(state.notes))
    assert "AoS1 §3.4" in notes and 'within 1"' not in notes
    with pytest.raises(RuleError) as asked:
        act(state, "sacrifice", unit="liberators")
    assert 'within 3"' in str(asked.value)
    act(state, "sacrifice", [2], unit="liberators", answers={"damned": True})
    effect = state.unit("liberators").effects[-1]
    assert list(effect.effects) == [RollModifier("hit", 1)]
    assert "adds 1 to all its hit rolls" in " ".join(note_lines(state.notes))


def test_aos1_s5_3_inspired_rerolls_failed_hits_in_one_combat_phase() -> None:
    """AoS1 §5.3: Inspired (3-4) is declared for one unit in one combat phase (--triumph); it
    rerolls that unit's failed hit rolls."""
    state = new_game(snapshot(ARMIES))
    act(state, "triumph", [3], side="Stormcast")
    assert state.sides[0].triumph is not None
    act(state, "priority", first=0)
    to_phase(state, "shooting")
    with pytest.raises(RuleError, match="combat phase"):
        act(state, "shoot", unit="judicators", target="chainrasps", triumph=True,
            answers={"cover": False})  # fmt: skip
    to_phase(state, "combat")
    apply_action(state, "fight", {"unit": "liberators", "target": "chainrasps", "triumph": True},
                 SeededDice(1), RecordedAnswers({"engaged": True, "cover": False}))  # fmt: skip
    inspired = [e for e in state.unit("liberators").effects if e.name == "Inspired"]
    assert inspired and list(inspired[0].effects) == [RerollRoll("hit", Reroll.FAILED)]
    assert state.sides[0].triumph_used


def test_aos1_s5_1_the_players_say_when_the_battle_ends() -> None:
    """AoS1 §5.1: the sheet sets no battle length; as a round ends the players are asked."""
    state = game()
    to_phase(state, "battleshock")
    act(state, "next")
    to_phase(state, "battleshock")
    act(state, "next", answers={"battle-over": True})
    assert state.ended and state.round == 1


def test_aos1_s11_7_cover_question_has_no_wholly_and_there_are_no_garrisons() -> None:
    """AoS1 §11.7: all models "within or on" a terrain feature (no "wholly", AoS2 §14.9); the
    sheet has no garrisons (AoS2 §4.5), so none is asked even of a feature marked for one."""
    state = game(terrain=[{"name": "Tower", "rule": "none", "garrison": True}])
    to_phase(state, "shooting")
    with pytest.raises(RuleError) as asked:
        act(state, "shoot", unit="judicators", target="chainrasps")
    assert "within or on a terrain feature" in str(asked.value)
    assert "wholly" not in str(asked.value) and "garrison" not in str(asked.value)


def test_aos1_s3_4_mystical_befuddles_on_a_1_and_ensorcels_on_2_to_6() -> None:
    """AoS1 §3.4 Mystical: in your hero phase a D6 for a unit within 3": on a 1 the Judicators
    are befuddled (no moving, shooting or casting until your next hero phase), on a 4 the
    Liberators are ensorcelled (failed wound rolls re-rolled); each unit rolls once a phase."""
    state = game(terrain=[{"name": "Standing Stones", "rule": "mystical"}])
    act(state, "mystical", [1], unit="judicators", answers={"mystical:judicators": True})
    act(state, "mystical", [4], unit="liberators", answers={"mystical:liberators": True})
    notes = " ".join(note_lines(state.notes))
    assert "Liberators rolled 4 and is ensorcelled" in notes
    with pytest.raises(RuleError, match="already rolled"):
        act(state, "mystical", [2], unit="liberators", answers={"mystical:liberators": True})
    with pytest.raises(RuleError, match=r"not within 3\""):
        act(state, "mystical", [2], unit="lord-celestant",
            answers={"mystical:lord-celestant": False})  # fmt: skip
    ensorcelled = [e for e in state.unit("liberators").effects if e.name == "Ensorcelled"]
    assert list(ensorcelled[0].effects) == [RerollRoll("wound", Reroll.FAILED)]
    to_phase(state, "movement")
    with pytest.raises(RuleError, match=r"befuddled.*AoS1 §3\.4"):
        act(state, "move", unit="judicators")
    act(state, "move", unit="liberators")
    to_phase(state, "shooting")
    with pytest.raises(RuleError, match="befuddled"):
        act(state, "shoot", unit="judicators", target="chainrasps", answers={"cover": False})


def test_aos1_s8_2_only_a_unit_within_3_inches_of_an_enemy_retreats() -> None:
    """AoS1 §8.2: a unit that starts its move within 3" of an enemy stays or retreats; no
    other unit retreats. At the start of the battle no enemy is that close: the movement menu
    offers no retreat, and one asked for is refused (after a charge it is offered again)."""
    from aos_cli.core.guide import options
    from aos_cli.core.legality import LEGALITY_REVISION

    state = game(rules_revision=LEGALITY_REVISION)
    to_phase(state, "movement")
    offered = {(o.kind, o.payload.get("unit")) for o in options(state)}
    assert ("move", "liberators") in offered
    assert not [k for k, _ in offered if k == "retreat"]
    with pytest.raises(RuleError, match=r"not within 3\""):
        act(state, "retreat", unit="liberators")


def test_aos1_s5_1_a_battle_may_go_on_past_round_six() -> None:
    """AoS1 §5.1: the sheet sets no battle length. Told nothing, the battle ends after the six
    rounds set up and says how to play on; answered "no", round seven begins."""
    state = game()
    for _ in range(200):
        if state.round == 6 and state.phase == "battleshock" and state.turn_in_round == 1:
            break
        act(state, "next", answers={"battle-over": False} if state.phase == "battleshock" else {})
        if state.phase == "priority":
            act(state, "priority", [4, 2], first=0)
    ended = copy.deepcopy(state)
    act(state, "next", answers={"battle-over": False})
    assert not state.ended and state.phase == "priority"
    act(ended, "next")
    assert ended.ended
    assert "`aos next --answer battle-over=no`" in " ".join(note_lines(ended.notes))


def test_aos1_s5_3_blessed_changes_one_die_of_the_last_step_once_per_battle(
    tmp_path: Path,
) -> None:
    """AoS1 §5.3 Blessed (1-2): once per battle a single die becomes any result. The
    Liberators' ten hit rolls all miss (1s); Blessed makes the third a 6: the fight is played
    again with that hit, its wound (3) and the Chainrasps' save (1) rolled, and one Chainrasp
    slain; the other dice stay as rolled. The triumph is spent; the game replays the same."""
    from aos_cli.app.blessed import bless, blessed_sides, step_dice
    from aos_cli.app.games import load, perform
    from aos_cli.app.session import Session
    from aos_cli.store import Store

    with Store(tmp_path / "g.sqlite3") as store:
        game_id = store.create_game("blessed", snapshot(ARMIES), "aos1")
        session = Session(store, game_id)

        def step(kind: str, dice: list[int], **payload: object) -> None:
            answers = payload.pop("answers", {})
            perform(store, game_id, kind, dict(payload), ScriptedDice(dice),
                    RecordedAnswers(dict(answers)))  # type: ignore[arg-type]  # fmt: skip

        step("triumph", [2], side="Stormcast")
        state = session.state()
        assert blessed_sides(state) == [0]
        step("priority", [], first=0)
        for _ in range(4):
            step("next", [])
        assert session.state().phase == "combat"
        step("fight", [1] * 10, unit="liberators", target="chainrasps",
             answers={"engaged": True, "cover": False})  # fmt: skip
        assert session.state().unit("chainrasps").models == 15
        record, rolled = step_dice(session)
        assert record.kind == "fight" and len(rolled) == 10
        assert "hit" in rolled[2].purpose and rolled[2].value == 1
        state = bless(session, 3, 6, ScriptedDice([3, 1]))
        assert state.unit("chainrasps").models == 14
        assert state.sides[0].triumph_used and blessed_sides(state) == []
        assert "the 1 is made a 6" in " ".join(note_lines(state.notes))
        assert load(store, game_id).state.unit("chainrasps").models == 14
        with pytest.raises(GameError, match="no side has Blessed"):
            bless(session, 1, 6, ScriptedDice([]))


def test_aos1_s5_3_play_offers_inspired_in_a_combat_phase_only() -> None:
    """AoS1 §5.3 Inspired: `aos play` offers it before an attack in the combat phase, with the
    chance to destroy the target without and with it, and not before shooting (where the
    fight's `--triumph` would be refused)."""
    from aos_cli.app.planner import triumph_offer

    state = new_game(snapshot(ARMIES))
    act(state, "triumph", [4], side="Stormcast")
    act(state, "priority", first=0)
    to_phase(state, "shooting")
    judicators, liberators = state.unit("judicators"), state.unit("liberators")
    assert triumph_offer(state, judicators, state.unit("chainrasps"), "shoot") is None
    to_phase(state, "combat")
    offer = triumph_offer(state, liberators, state.unit("chainrasps"), "fight")
    assert offer is not None and offer[0] == "Inspired"
    assert offer[1].mean_with > offer[1].mean_without


def test_aos1_s5_3_blessed_on_the_command_line(run_cli: RunCli, tmp_path: Path) -> None:
    """AoS1 §5.3 Blessed with `aos blessed`: alone it lists the last step's dice; `--die 1
    --to 6` turns the Judicators' first hit roll (a 2) into a 6, keeping the saves rolled;
    once used it is refused."""
    db = str(tmp_path / "g.sqlite3")
    assert run_cli("game", "new", "--system", "aos1", "--db", db).exit_code == 0
    rolled = run_cli("triumph", "Player One", "--db", db, "--seed", "1")
    assert "Blessed" in rolled.stdout, rolled.stdout
    run_cli("priority", "--first", "Player One", "--db", db)
    for _ in range(2):
        run_cli("next", "--db", db)
    shot = run_cli("shoot", "judicators", "--target", "chainrasps", "--db", db, "--seed", "3",
                   "--answer", "cover=no", "--in-range")  # fmt: skip
    assert "hit 3+: 2 5 5 2 3" in shot.stdout and "save 5+ -1: 5 1 5" in shot.stdout
    listed = run_cli("blessed", "--db", db)
    assert "1. Judicators, Skybolt Bow: hit rolls (3+): 2" in listed.stdout
    changed = run_cli("blessed", "--die", "1", "--to", "6", "--db", db, "--seed", "4")
    assert changed.exit_code == 0, changed.stderr
    assert "hit 3+: 6 5 5 2 3 → 4 hits" in changed.stdout
    assert "save 5+ -1: 5 1 5" in changed.stdout and "the 2 is made a 6" in changed.stdout
    again = run_cli("blessed", "--die", "2", "--to", "6", "--db", db)
    assert again.exit_code == 1 and "no side has Blessed" in again.stderr


def test_aos1_s10_2_a_charger_attacks_before_the_combat_phase_ends_in_the_sheets_words() -> None:
    """AoS1 §10.2: the combat phase goes on until every eligible unit has attacked once; the
    Liberators charged (6 6 from 5") and have not: ending the phase is refused, citing the
    1st edition sheet, not the 2nd edition's p.6."""
    from aos_cli.core.legality import LEGALITY_REVISION

    state = game(rules_revision=LEGALITY_REVISION)
    to_phase(state, "charge")
    act(state, "charge", [6, 6], unit="liberators",
        answers={"engaged": False, "within-12": True, "distance": 5})  # fmt: skip
    assert state.unit("liberators").charged
    to_phase(state, "combat")
    with pytest.raises(RuleError) as refused:
        act(state, "next")
    assert "AoS1 §10.2" in str(refused.value) and "AoS2" not in str(refused.value)


def test_aos1_s5_3_play_offers_blessed_with_b_after_a_step(run_cli: RunCli, tmp_path: Path) -> None:
    """AoS1 §5.3 Blessed in `aos play`: while a side holds it the menu shows `[b]`; `b` lists
    the last step's dice (the Judicators' shooting), the first hit roll (2) becomes a 6 and
    the step is played again with one more wound roll typed (5): 4 Skeleton Archers slain,
    not 3, and the key is gone once used."""
    typed = ["6", "1",  # Player One rolls a Triumph: 1, Blessed
             "1", "y", "n", "n",  # Player One takes the first turn; on to the shooting phase
             "1", "3", "2 5 5 2 3", "5 4 6",  # the Judicators shoot the Skeleton Archers
             "b", "1", "6", "5", "q"]  # fmt: skip
    out = run_cli("play", "--db", str(tmp_path / "g.sqlite3"), "--system", "aos1", "--quick",
                  "--dice", "manual", input="\n".join(typed) + "\n")  # fmt: skip
    assert out.exit_code == 0, out.stderr
    text = out.stdout
    assert "[b] Blessed: change a die of the last step" in text
    assert "1. Judicators, Skybolt Bow: hit rolls (3+): 2" in text
    assert "Skeleton Archers: 4 slain, 6 left." in text and "the 2 is made a 6" in text
    assert "triumph: Blessed, used" in text
    assert "[b] Blessed" not in text[text.index("the 2 is made a 6") :]
