"""Objectives, victory points and results scored by the battleplans' rules (issue 7).

Golden games (tests/golden/scoring_*.yaml) are played through the real store with scripted dice
and recorded answers, then replayed: every ledger line, the totals and the result must match.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from aos_cli.app.games import load, perform, standing
from aos_cli.app.setup import upgrade_setup
from aos_cli.core.actions import RecordedAnswers, apply_action
from aos_cli.core.battleplan import BattleplanRules
from aos_cli.core.dice import ScriptedDice
from aos_cli.core.errors import AosError, RuleError
from aos_cli.core.scoring import decide, needs, plan_key
from aos_cli.core.setup_value import SetUp
from aos_cli.core.state import GameState
from aos_cli.core.turn import due_battleshock, new_game
from aos_cli.store import Store
from aos_cli.views.events import note_lines

GOLDEN = Path(__file__).parents[1] / "golden"
GOLDEN_GAMES = sorted(p.name for p in GOLDEN.glob("scoring_*.yaml") if "armies" not in p.name)


# --------------------------------------------------------------------------- golden harness


def golden_setup(doc: dict[str, Any]) -> dict[str, Any]:
    """The base armies of a golden game with its overrides applied."""
    setup: dict[str, Any] = yaml.safe_load((GOLDEN / doc["armies"]).read_text())
    setup.update(doc.get("set", {}))
    for side in setup["sides"]:
        side["units"] += doc.get("add_units", {}).get(side["name"], [])
        for unit in side["units"]:
            if unit["id"] in doc.get("reserve", ()):
                unit["reserve"] = True
            unit["models"] = doc.get("set_models", {}).get(unit["id"], unit["models"])
    return upgrade_setup(setup)


def count_answers(state: GameState, counts: dict[str, list[int]]) -> dict[str, int]:
    """`{objective: [side 0, side 1]}` as the answers `next` asks for; the rest are 0."""
    answers = {}
    for objective in state.objectives:
        pair = counts.get(objective.id, [0, 0])
        for index, side in enumerate(state.sides):
            answers[f"models-{objective.id}-{plan_key(side.name)}"] = pair[index]
    return answers


def play(store: Store, game: int, step: dict[str, Any]) -> None:
    """Perform one scripted step through the store (dice and answers recorded)."""

    def do(kind: str, payload: dict[str, Any], dice: list[int], answers: dict[str, Any]) -> None:
        source = ScriptedDice(dice)
        perform(store, game, kind, payload, source, RecordedAnswers(answers))
        assert source.remaining == 0, f"{kind} left dice unused"

    if "priority" in step:
        do("priority", {}, step["priority"], {})
    elif "adjust" in step:
        do("adjust", {"unit": step["adjust"], "wounds": step["wounds"]}, [], {})
    elif "objective" in step:
        do("objective", {k: v for k, v in step.items()}, [], {})
    elif "end_turn" in step:
        end = step["end_turn"]
        while load(store, game).state.phase != "battleshock":
            do("next", {}, [], {})
        if due_battleshock(load(store, game).state):
            do("battleshock", {}, end.get("battleshock", []), {})
        state = load(store, game).state
        do("next", {}, end.get("dice", []), count_answers(state, end.get("counts", {})))
    else:
        raise AssertionError(f"unknown step {step}")


@pytest.mark.parametrize("name", GOLDEN_GAMES)
def test_golden_game_scores_every_point(name: str, tmp_path: Path) -> None:
    """Each battleplan's golden games (rule named in the file): ledger, totals and result."""
    doc = yaml.safe_load((GOLDEN / name).read_text())
    assert doc["rule"].startswith("AoS2 §")
    with Store(tmp_path / "games.sqlite3") as store:
        game = store.create_game(name, golden_setup(doc))
        for step in doc["script"]:
            play(store, game, step)
        state = load(store, game).state  # rebuilt by replay: recorded dice and answers
        store.end_game(game, standing(state))  # what `aos game end` records
        stored = store.result(game)
    expect = doc["expect"]
    assert state.ended and state.round == expect["ended_in_round"]
    assert [s.victory_points for s in state.sides] == expect["victory_points"]
    if "command_points" in expect:
        assert [s.command_points for s in state.sides] == expect["command_points"]
    assert len(state.ledger) == len(expect["ledger"]), [str(e.reason) for e in state.ledger]
    for entry, wanted in zip(state.ledger, expect["ledger"], strict=True):
        assert (entry.round, entry.side, entry.points) == tuple(wanted[:3]), entry
        assert wanted[3] in str(entry.reason), entry.reason
        assert entry.command_points == (wanted[4] if len(wanted) > 4 else 0)
    for side in state.sides:  # the ledger accounts for every victory point
        index = state.sides.index(side)
        assert side.victory_points == sum(e.points for e in state.ledger if e.side == index)
    result = state.result
    assert result is not None
    for key, value in expect["result"].items():
        assert result[key] == value, (key, result)
    for objective, holder in expect.get("holders", {}).items():
        found = next(o for o in state.objectives if o.id == objective)
        assert (None if found.holder is None else state.sides[found.holder].name) == holder
    if "share_lost" in expect:
        assert result["share_lost"] == expect["share_lost"]
    assert stored is not None and stored["result"] == result  # the store keeps the result


def test_golden_games_cover_each_kind_of_result_per_battleplan() -> None:
    """Issue 7: one golden game per battleplan ending in each kind of result it can give."""
    kinds: dict[str, set[str]] = {}
    for name in GOLDEN_GAMES:
        doc = yaml.safe_load((GOLDEN / name).read_text())
        setup = golden_setup(doc)
        kinds.setdefault(plan_key(setup["battleplan"]), set()).add(doc["expect"]["result"]["kind"])
    assert kinds["first-blood"] == {"major", "minor", "draw"}
    assert kinds["open-war"] == {"major", "minor", "draw"}
    # AoS2 §19: coalitions win major on most VP, both minor on a tie; there is no draw.
    assert kinds["ill-met-by-moonlight"] == {"major", "minor"}
    assert "major" in kinds["changing-priorities"]


# --------------------------------------------------------------------------- engine rules


def small(**overrides: Any) -> dict[str, Any]:
    """The small armies on their battleplan, its rules from the bundled YAML."""
    setup: dict[str, Any] = yaml.safe_load((GOLDEN / "armies_small.yaml").read_text())
    setup.update(overrides)
    return upgrade_setup(setup)


def coalition(**overrides: Any) -> dict[str, Any]:
    """Two coalitions on Ill Met by Moonlight, its rules from the bundled YAML."""
    setup: dict[str, Any] = yaml.safe_load((GOLDEN / "scoring_coalition_armies.yaml").read_text())
    setup.update(overrides)
    return upgrade_setup(setup)


def act(state: GameState, kind: str, dice: list[int] | None = None, **payload: Any) -> None:
    answers = payload.pop("answers", {})
    source = ScriptedDice(dice or [])
    apply_action(state, kind, payload, source, RecordedAnswers(dict(answers)))
    assert source.remaining == 0, f"{kind} left dice unused"


def to_end_of_turn(state: GameState) -> None:
    while state.phase != "battleshock":
        act(state, "next")


def test_aos2_s18_first_blood_cp_goes_once_to_the_first_side_to_slay() -> None:
    """AoS2 §18: the first side to slay an enemy model gains 1 command point, once."""
    state = new_game(small())
    act(state, "priority", [1, 6], first=1)  # Nighthaunt goes first: 1 CP in its hero phase
    act(state, "adjust", unit="liberators", wounds=2)
    act(state, "adjust", unit="guardian-of-souls", wounds=5)
    assert state.first_blood == 1
    assert [s.command_points for s in state.sides] == [1, 2]
    assert [s.victory_points for s in state.sides] == [5, 2]
    assert [(e.side, e.command_points) for e in state.ledger if e.command_points] == [(1, 1)]


def test_aos2_s18_no_first_blood_cp_in_other_battleplans() -> None:
    """AoS2 §18: the command point is First Blood's special rule, not a general rule."""
    state = new_game(small(battleplan="open-war"))
    act(state, "priority", [6, 1])
    act(state, "adjust", unit="chainrasps", wounds=3)
    assert state.first_blood == 0
    assert state.sides[0].command_points == 2 and state.sides[0].victory_points == 0


def test_aos2_s17_3_control_is_kept_until_the_enemy_has_more_models() -> None:
    """AoS2 §17.3: more models within 6" take control; a tie or no models keeps the holder."""
    state = new_game(coalition(objective_territories={"objective-1": "Order"}))
    act(state, "priority", [6, 1])
    act(state, "objective", objective="objective-1", models={"Order": 2, "Death": 1})
    to_end_of_turn(state)
    act(state, "next", answers=count_answers(state, {"objective-1": [2, 1]}))
    assert state.objectives[0].holder == 0
    assert state.sides[0].victory_points == 1  # own territory, end of its turn (AoS2 §19.1)
    to_end_of_turn(state)
    act(state, "next", answers=count_answers(state, {"objective-1": [3, 3]}))
    assert state.objectives[0].holder == 0  # tie: the holder keeps it
    act(state, "priority", [6, 1, 2])  # and the Night March D6 (AoS2 §19.1)
    to_end_of_turn(state)
    act(state, "next", answers=count_answers(state, {}))
    assert state.objectives[0].holder == 0  # no models near it: still held
    to_end_of_turn(state)
    act(state, "next", [1], answers=count_answers(state, {"objective-1": [1, 2]}))
    assert state.objectives[0].holder == 1  # taken by the enemy: D3 in enemy territory
    assert str(state.ledger[-1].reason) == "holds Objective 1 in enemy territory (D3 rolled 1)"


@pytest.fixture
def coalition_in_turn() -> GameState:
    state = new_game(coalition())
    act(state, "priority", [6, 1])
    for objective in state.objectives:
        act(state, "objective", objective=objective.id, models={"Order": 0, "Death": 0})
    return state


def test_aos2_s17_3_a_model_counts_towards_one_objective_only(
    coalition_in_turn: GameState,
) -> None:
    """AoS2 §17.3: Order has 8 models, so 5 + 4 at two objectives is refused."""
    act(coalition_in_turn, "objective", objective="objective-1", models={"Order": 5})
    with pytest.raises(RuleError, match="one objective only"):
        act(coalition_in_turn, "objective", objective="objective-2", models={"Order": 4})


def test_aos2_s17_3_end_of_turn_asks_for_counts_not_given() -> None:
    """AoS2 §17.3: the tool cannot see the table, so `next` asks instead of assuming."""
    state = new_game(coalition())
    act(state, "priority", [6, 1])
    to_end_of_turn(state)
    with pytest.raises(RuleError, match=r"aos objective objective-1 --models order=N"):
        act(state, "next")
    assert state.phase == "battleshock" or state.turn_in_round == 0


def test_aos2_s19_1_territory_is_asked_when_unknown() -> None:
    """AoS2 §19.1: 1 VP in own territory, D3 in enemy territory: the tool asks which it is."""
    state = new_game(coalition())
    act(state, "priority", [6, 1])
    act(state, "objective", objective="objective-3", models={"Order": 1, "Death": 0})
    to_end_of_turn(state)
    answers = {f"models-objective-{n}-{s}": 0 for n in (1, 2, 4, 5, 6) for s in ("order", "death")}
    answers["territory-objective-3-order"] = False
    act(state, "next", [6], answers=answers)
    assert state.objectives[2].territory == 1
    assert state.ledger[-1].points == 3 and "enemy territory (D3 rolled 3)" in str(
        state.ledger[-1].reason
    )


def test_aos2_s19_1_night_march_ends_on_a_1_to_3() -> None:
    """AoS2 §19.1 Night March: 12" in round one; a D6 at the start of round two, 1-3 ends it."""
    state = new_game(coalition(objective_territories={}))
    act(state, "priority", [6, 1])
    assert state.scoring is not None and state.scoring.night_march_until == 1
    assert any("Night March" in n for n in note_lines(state.notes))


def test_aos2_s17_2_needs_say_what_turns_a_minor_into_a_major() -> None:
    """AoS2 §18: 5 against 2 is major for the leader; the other needs 4 to lead, 6 for major."""
    state = new_game(small())
    act(state, "priority", [6, 1])
    act(state, "adjust", unit="guardian-of-souls", wounds=5)
    act(state, "adjust", unit="liberators", wounds=2)
    stormcast, nighthaunt = needs(state)
    assert stormcast["to_major"] == 0 and stormcast["to_win"] == 0
    assert nighthaunt["to_win"] == 4 and nighthaunt["to_major"] == 6  # 8 >= 1.5 x 5
    assert decide(state, final=False)["kind"] == "major"


def forty_k(**overrides: Any) -> dict[str, Any]:
    """The 40k8 test armies on Only War (Domination unless given), rules from the YAML."""
    setup: dict[str, Any] = yaml.safe_load((GOLDEN / "wh40k8_armies.yaml").read_text())
    setup.update(overrides)
    return upgrade_setup(setup)


def test_40k8_s17_3_control_is_not_sticky_and_domination_scores_every_turn() -> None:
    """40k8 §17.3-17.4: more models within 3" control; a tie means nobody; Domination scores
    1 VP per marker held at the end of every turn, for both players."""
    state = new_game(forty_k())
    act(state, "priority", first=0)
    assert [o.control_range for o in state.objectives] == [3, 3, 3, 3]
    while state.phase != "morale":
        act(state, "next")
    act(state, "next", answers=count_answers(state, {"objective-1": [2, 1]}))
    assert state.objectives[0].holder == 0
    assert [s.victory_points for s in state.sides] == [1, 0]
    while state.phase != "morale":
        act(state, "next")
    act(state, "next", answers=count_answers(state, {"objective-1": [1, 1]}))
    assert state.objectives[0].holder is None
    assert [s.victory_points for s in state.sides] == [1, 0]


def test_aos2_s17_2_rules_are_read_from_the_battleplan_data() -> None:
    """AoS2 §18 as data: a `Battleplan` record's typed rules in the set-up drive the scoring,
    the First Blood command point included."""
    from aos_cli.content.schema import Battleplan

    plan = Battleplan.model_validate(
        {
            "id": "first-blood",
            "name": "First Blood",
            "text": "Two armies meet.",
            "deployment": {"text": "Alternate units."},
            "battle_length": {"rounds": 3, "ends_when_a_side_has": "no_units_on_battlefield"},
            "scoring": [
                {"name": "Slain", "text": "Wounds of each enemy model slain", "event": "model_slain", "per": "wounds_characteristic"},
                {"name": "First Blood", "text": "1 extra command point", "event": "first_model_slain", "award": "command_points"},
            ],
            "victory": [
                {"result": "major", "condition": "points_at_least_ratio", "ratio": 1.5, "text": "50% more"},
                {"result": "minor", "condition": "most_points", "text": "more"},
            ],
            "victory_text": "Most points.",
        }
    )  # fmt: skip
    setup = small(battleplan_rules=plan.rules().to_dict())
    del setup["battle_rounds"]
    state = new_game(setup)
    assert state.battle_rounds == 3
    assert state.scoring is not None and state.scoring.plan.source == "battleplan"
    act(state, "priority", [6, 1])
    act(state, "adjust", unit="chainrasps", wounds=3)
    assert state.sides[0].victory_points == 3 and state.sides[0].command_points == 3


def test_aos2_s17_3_holder_correction_and_unknown_objective() -> None:
    """AoS2 §17.3: `--holder` sets the holder directly; an unknown objective is an error."""
    state = new_game(coalition())
    act(state, "objective", objective="objective-6", holder="Death")
    assert state.objectives[5].holder == 1
    with pytest.raises(AosError, match="no objective called"):
        act(state, "objective", objective="nowhere", holder="Death")


# --------------------------------------------------------------------------- stored before


def legacy_setup() -> dict[str, Any]:
    """First Blood as the set-up of a game stored before typed battleplan rules."""
    setup: dict[str, Any] = yaml.safe_load((GOLDEN / "legacy_setup_first_blood.yaml").read_text())
    assert "battleplan_data" in setup and "battleplan_rules" not in setup
    return setup


def test_aos2_s18_a_game_stored_before_typed_rules_still_loads_and_scores(tmp_path: Path) -> None:
    """AoS2 §18 in a stored game of the earlier format: First Blood's command point, VP per
    Wounds slain, and the early end when a side has no units on the battlefield."""
    with Store(tmp_path / "games.sqlite3") as store:
        game = store.create_game("old", legacy_setup())
        perform(store, game, "priority", {}, ScriptedDice([6, 1]), RecordedAnswers({}))
        perform(store, game, "adjust", {"unit": "chainrasps", "wounds": 20}, ScriptedDice([]))
        state = load(store, game).state
        assert state.sides[0].command_points == 3  # 1 battalion, 1 hero phase, First Blood
        assert state.sides[0].victory_points == 20
        perform(store, game, "adjust", {"unit": "guardian-of-souls", "wounds": 5}, ScriptedDice([]))
        while not load(store, game).state.ended:
            perform(store, game, "next", {}, ScriptedDice([]), RecordedAnswers({}))
        state = load(store, game).state
    assert state.round == 1 and state.result is not None
    assert (state.result["winner"], state.result["kind"]) == ("Stormcast", "major")


def test_aos2_s17_2_an_old_dump_of_an_unknown_battleplan_is_read_through_the_schema() -> None:
    """AoS2 §17.2 as data: a stored dump whose battleplan is no longer in the database still
    gives its own victory conditions and scoring."""
    setup = legacy_setup()
    setup["battleplan"] = "custom"
    setup["battleplan_data"]["id"] = "custom"
    plan = SetUp.from_stored(upgrade_setup(setup)).battleplan_rules
    assert plan.id == "custom" and plan.source == "battleplan"
    assert [r.per for r in plan.scoring] == ["wounds_characteristic"]
    assert [v.condition for v in plan.victory] == [
        "points_at_least_ratio",
        "most_points",
        "tied_points",
    ]


def test_aos2_s17_2_a_set_up_without_battleplan_rules_plays_by_the_core_defaults() -> None:
    """AoS2 §17.2: no victory conditions given: every enemy model destroyed is a major
    victory, else the greater share destroyed a minor one."""
    plan = SetUp.from_stored({"battleplan": "open-war", "sides": []}).battleplan_rules
    assert plan.source == "default" and plan.scoring == ()
    assert [v.condition for v in plan.victory] == ["all_enemy_slain", "greater_percentage_slain"]


def test_battleplan_rules_round_trip_through_plain_data() -> None:
    """Every bundled battleplan's typed rules survive the set-up snapshot unchanged."""
    from aos_cli.content import load_database

    for plan in load_database().battleplans.values():
        rules = plan.rules()
        assert BattleplanRules.from_dict(rules.to_dict()) == rules


def test_malformed_battleplan_rules_are_a_rule_error() -> None:
    """A damaged snapshot is one clear error, not a traceback."""
    with pytest.raises(RuleError, match="battleplan rules cannot be read"):
        BattleplanRules.from_dict({"scoring": [{"id": "x"}]})
    with pytest.raises(RuleError, match="event 'later' is unknown"):
        BattleplanRules.from_dict({"scoring": [{"id": "x", "event": "later"}]})


# --------------------------------------------------------------------------- battle length


def test_aos2_s19_coalition_battles_are_decided_after_round_five_not_on_a_wipe_out() -> None:
    """AoS2 §19: most VP at the end of the fifth battle round wins; a coalition wiped out in
    round one while ahead is not beaten at once (only battleplans that say so end early)."""
    setup = coalition(objective_territories={"objective-1": "Order"})
    del setup["battle_rounds"]
    state = new_game(setup)
    assert state.battle_rounds == 5
    act(state, "priority", [6, 1])
    act(state, "adjust", unit="terrorgheist", wounds=14)  # Order: 1 VP
    act(state, "adjust", unit="ben-lord", wounds=5)  # Order: 2 VP, the warlord's general
    act(state, "adjust", unit="dee-lord", wounds=5)  # Order: 1 VP
    to_end_of_turn(state)
    act(state, "next", answers=count_answers(state, {"objective-1": [3, 0]}))  # Order: 1 VP
    for unit in ("liberators", "stardrake", "ana-lord", "cy-lord"):
        act(state, "adjust", unit=unit, wounds=20)  # Death: 1 + 2 + 1 VP
    assert [s.victory_points for s in state.sides] == [5, 4]
    to_end_of_turn(state)
    act(state, "next", answers=count_answers(state, {}))
    assert not state.ended and state.result is None and state.phase == "priority"
    assert decide(state, final=False)["winner"] == "Order"  # still ahead, four rounds to go


def test_aos2_s18_only_battleplans_that_say_so_end_when_a_side_is_gone() -> None:
    """AoS2 §18 First Blood and AoS1 §5.1 end when a side has no units on the battlefield,
    40k8 §17.8 when an army is destroyed; the coalition battleplans last five rounds."""
    from aos_cli.content import load_database

    ends = {p.id: p.rules().ends_when_a_side_has for p in load_database().battleplans.values()}
    assert ends["first-blood"] == ends["glorious-victory"] == "no_units_on_battlefield"
    assert ends["only-war-domination"] == "no_models"
    assert ends["ill-met-by-moonlight"] is None and ends["changing-priorities"] is None


# --------------------------------------------------------------------------- who slew them


def test_aos2_s18_deadly_terrain_gives_nobody_first_blood() -> None:
    """AoS2 §18, §4.3: First Blood (CP and VP) goes to the army that slays the first enemy
    model; Liberators slain by Deadly scenery give the Nighthaunt neither."""
    state = new_game(small(terrain=[{"name": "Thorns", "rule": "deadly"}]))
    act(state, "priority", [6, 1])
    while state.phase != "movement":
        act(state, "next")
    act(state, "move", [1, 3], unit="liberators", answers={"deadly": True})  # D3 = 2: 1 slain
    assert state.unit("liberators").models == 4
    assert state.first_blood is None
    assert [s.victory_points for s in state.sides] == [0, 0]
    assert state.sides[1].command_points == 0 and state.ledger == []


def test_aos2_s18_a_unit_slain_by_its_own_side_gives_the_enemy_nothing() -> None:
    """AoS2 §18: a unit killed by its own side's spell or prayer (Lightning Storm on its own
    Liberators) is not slain by the enemy army: no First Blood, no VP for the enemy; the
    first model the enemy does slay then gives the enemy First Blood."""
    from aos_cli.core.actions import inflict

    state = new_game(small())
    act(state, "priority", [6, 1])
    inflict(state, state.unit("liberators"), 4, slain_by=0)  # the Stormcast's own storm
    assert state.unit("liberators").models == 3
    assert state.first_blood is None and state.ledger == []
    act(state, "adjust", unit="chainrasps", wounds=2, by="Nighthaunt")  # their own doing too
    assert state.first_blood is None and state.ledger == []
    act(state, "adjust", unit="liberators", wounds=2)  # the Nighthaunt's attack
    assert state.first_blood == 1
    assert [s.victory_points for s in state.sides] == [0, 2]
    assert [(e.side, e.command_points) for e in state.ledger if e.command_points] == [(1, 1)]


def test_aos2_s18_first_blood_goes_to_the_attacking_army() -> None:
    """AoS2 §18: the Judicators' volley slays the first Chainrasps: the Stormcast gain the
    command point and a VP per Wounds of each model slain."""
    state = new_game(small())
    act(state, "priority", [6, 1])
    while state.phase != "shooting":
        act(state, "next")
    answers = {"cover": False, "engaged": False}
    # 5 Skybolt Bows: five hits, five wounds, five failed saves: 5 Chainrasps slain.
    act(state, "shoot", [6] * 5 + [6] * 5 + [1] * 5, unit="judicators", target="chainrasps",
        answers=answers)  # fmt: skip
    assert state.unit("chainrasps").models == 15 and state.first_blood == 0
    assert [(e.side, e.points, e.command_points) for e in state.ledger] == [(0, 0, 1), (0, 5, 0)]


def test_40k8_s17_4_slay_and_secure_counts_only_a_warlord_the_enemy_slew() -> None:
    """40k8 §17.4 Slay and Secure: D3 VP to "a player whose army slew the enemy Warlord"; a
    Warlord slain by its own Perils of the Warp gives the enemy nothing."""
    from aos_cli.core.actions import inflict
    from aos_cli.core.scoring import end_of_battle

    setup = forty_k(battleplan="only-war-slay-and-secure")
    setup["battleplan_rules"] = {**setup["battleplan_rules"], "objectives": []}
    state = new_game(setup)
    act(state, "priority", first=0)
    warlord = next(u for u in state.sides[0].units if u.spec.general)
    inflict(state, warlord, 99, slain_by=0)  # its own power went wrong
    end_of_battle(state, ScriptedDice([]), RecordedAnswers({}))
    assert [s.victory_points for s in state.sides] == [0, 0]


# --------------------------------------------------------------------------- AoS1 losses


def aos1(reserve: tuple[str, ...] = ()) -> GameState:
    """The AoS1 test armies on Glorious Victory with some units never set up."""
    setup: dict[str, Any] = yaml.safe_load((GOLDEN / "aos1_armies.yaml").read_text())
    for side in setup["sides"]:
        for unit in side["units"]:
            unit["reserve"] = unit["id"] in reserve
    state = new_game(upgrade_setup(setup))
    act(state, "priority", first=0)
    return state


def test_aos1_s4_s5_1_units_not_set_up_are_not_part_of_the_army() -> None:
    """AoS1 §4, §5.1: what is not set up takes no part: with no casualties on either side
    nobody has lost a share of its army and nobody wins a minor victory."""
    from aos_cli.core.scoring import end_of_battle

    state = aos1(reserve=("liberators", "judicators"))
    end_of_battle(state, ScriptedDice([]), RecordedAnswers({}))
    result = state.result
    assert result is not None and result["winner"] is None and result["kind"] == "draw"
    assert result["share_lost"] == {"Stormcast": 0.0, "Nighthaunt": 0.0}
    assert state.unit("liberators").models == 5  # not counted as slain either


def test_aos1_s5_1_the_share_lost_is_of_the_models_set_up() -> None:
    """AoS1 §5.1: 50% lost beats 75% lost, of the models each player set up."""
    from aos_cli.core.scoring import share_lost

    state = aos1(reserve=("judicators",))
    act(state, "adjust", unit="liberators", wounds=4)  # 2 of the 7 Stormcast set up
    assert share_lost(state, 0, final=True) == pytest.approx(2 / 7)


# --------------------------------------------------------------------------- Only War


def test_40k8_s17_4_only_war_rolls_its_primary_objective_before_set_up() -> None:
    """40k8 §17.4: plain Only War is not silently Domination: a D3 before set-up picks the
    primary objective (1 Slay and Secure, 2 Ancient Relic, 3 Domination), kept in the set-up."""
    from aos_cli.app.setup import build_setup
    from aos_cli.app.start import bundled_armies

    for die, plan in ((1, "only-war-slay-and-secure"), (4, "only-war-ancient-relic"),
                      (6, "only-war-domination")):  # fmt: skip
        setup = build_setup(bundled_armies("wh40k8"), "only-war", dice=ScriptedDice([die]))
        assert setup["primary_objective"]["battleplan"] == plan
        assert setup["primary_objective"]["roll"] == (die + 1) // 2
        assert setup["battleplan_rules"]["id"] == plan


def test_40k8_s17_4_ancient_relic_leaves_one_random_marker_at_the_start() -> None:
    """40k8 §17.4 Ancient Relic: at the start of the first battle round one marker is picked
    at random (a D6, rerolling 5 and 6 for four markers) and the others are removed."""
    state = new_game(forty_k(battleplan="only-war-ancient-relic"))
    assert len(state.objectives) == 4
    act(state, "priority", [5, 2], first=0)
    assert [o.id for o in state.objectives] == ["objective-2"]
    assert any("Ancient Relic" in n for n in note_lines(state.notes))


def test_40k8_s17_9_more_victory_points_is_a_victory_not_a_major_one() -> None:
    """40k8 §17.9: at the end the player with more VP wins; the rules grade no major or minor
    victory (only the Underdog's tie-break is a minor one)."""
    from aos_cli.core.scoring import describe

    state = new_game(forty_k())
    state.sides[0].victory_points = 5
    state.sides[1].victory_points = 3
    result = decide(state, final=True)
    assert (result["winner"], result["kind"], result["margin"]) == ("Death Guard", "win", 2)
    assert str(describe(result)).startswith("Death Guard wins by 2 VP (")
    state.sides[1].victory_points = 5
    assert decide(state, final=True)["kind"] == "minor"  # the Underdog's tie-break


def test_aos2_s17_2_before_the_end_the_report_says_who_leads_not_who_won() -> None:
    """AoS2 §17.2: the battle is won when it ends; in round one of two the report says who
    leads and by how much, and names no winner."""
    from aos_cli.views.report import report_json, result_line

    state = new_game(small())
    act(state, "priority", [6, 1])
    act(state, "adjust", unit="guardian-of-souls", wounds=5)
    line = result_line(state).plain
    assert line == "In battle round 1 of 2 Stormcast leads by 5 VP."
    data = report_json(state)
    assert data["result"] is None
    assert data["lead"]["leader"] == "Stormcast" and data["lead"]["margin"] == 5


def test_the_schema_and_the_engine_know_the_same_scoring_words() -> None:
    """The schema's literals and the engine's vocabulary (aos_cli.core.battleplan) agree, so
    every battleplan the schema accepts the engine can score."""
    from typing import get_args

    from aos_cli.content.schema import ScoringRule, VictoryCondition
    from aos_cli.core import battleplan

    def words(model: Any, name: str) -> set[str]:
        return set(get_args(model.model_fields[name].annotation))

    assert words(ScoringRule, "event") == set(battleplan.EVENTS)
    assert words(ScoringRule, "per") == set(battleplan.PER)
    assert words(ScoringRule, "award") == set(battleplan.AWARDS)
    assert words(VictoryCondition, "result") == set(battleplan.RESULTS)
    assert words(VictoryCondition, "condition") == {*battleplan.CONDITIONS, "as_described"}


def test_40k8_s17_3_ancient_relic_counts_control_at_the_end_only() -> None:
    """40k8 §17.3-17.4: control is measured at each scoring moment, and Ancient Relic scores
    only at the end of the battle: no turn ends with a question about models near the marker
    (an unanswered question would refuse `next`); the battle's end asks and scores 6 VP."""
    from aos_cli.core.legality import LEGALITY_REVISION

    state = new_game(forty_k(battleplan="only-war-ancient-relic", rules_revision=LEGALITY_REVISION))
    act(state, "priority", [5, 2], first=0)
    for _turn in range(9):  # every turn of five rounds but the last
        while state.phase != "morale":
            act(state, "next")
        act(state, "next")
        if state.phase == "priority":
            act(state, "priority", first=0)
    assert state.round == 5 and not state.ended
    while state.phase != "morale":
        act(state, "next")
    act(state, "next", answers=count_answers(state, {"objective-2": [3, 1]}))
    assert state.ended
    assert [s.victory_points for s in state.sides] == [6, 0]


def test_40k8_s17_3_games_set_up_before_count_control_every_turn() -> None:
    """A game set up before control was counted only when it scores replays as it was played:
    it is asked at the end of every turn."""
    from aos_cli.core.errors import RuleError

    state = new_game(forty_k(battleplan="only-war-ancient-relic"))
    act(state, "priority", [5, 2], first=0)
    while state.phase != "morale":
        act(state, "next")
    with pytest.raises(RuleError):
        act(state, "next")
