"""40k attacks are typed events (issue 25 item 4): the log's `--json` gives their counts as
fields, the views tell them in the 40k rulebook's words, and the report folds them."""

from __future__ import annotations

import json
from itertools import pairwise
from pathlib import Path

import pytest

from aos_cli.app.games import load
from aos_cli.app.history import history, report_state
from aos_cli.core.events import AttackResolved, ModelsSlain
from aos_cli.language.i18n import set_language
from aos_cli.store import Store
from aos_cli.views.events import event_lines
from aos_cli.views.report import report_json
from tests.app.stored_demo import play_stored_demo


@pytest.fixture(scope="module")
def demo_40k(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The seeded 40k demo battle, stored action by action."""
    db = tmp_path_factory.mktemp("wh40k8") / "games.sqlite3"
    play_stored_demo(db, 3, "wh40k8")
    return db


def test_40k8_s8_an_attack_is_stored_with_its_counts_and_told_from_the_store(
    demo_40k: Path,
) -> None:
    """40k8 §8, §8.5: each attack stores its attacks, hits, wounds, unsaved wounds, the wounds
    the target lost (excess damage lost) and the models slain as fields; a shooting or fighting
    action's notes are its events, so its lines read from the store."""
    with Store(demo_40k) as store:
        game = store.current_game_id() or store.list_games()[0].id
        records = store.actions(game)
        entries = history(store, game)
    attacks = [e for entry in entries for e in entry.events if isinstance(e, AttackResolved)]
    assert len(attacks) > 20 and all(a.excess_lost and a.expected >= 0 for a in attacks)
    for attack in attacks:
        assert attack.attacks >= attack.hits >= 0 and attack.wounds >= attack.unsaved
        assert attack.wounds_lost <= attack.damage
    assert any(a.overwatch for a in attacks) and any(a.slain for a in attacks)
    fights = [r for r in records if r.kind in ("shoot", "fight")]
    assert sum(isinstance(r.payload.get("told"), list) for r in fights) >= len(fights) - 1
    for entry in entries:  # a slaying attack is told with the models it slew, right after it
        told = [n for n in entry.notes if not isinstance(n, str)]
        for first, second in pairwise(told):
            if isinstance(first, AttackResolved) and first.slain:
                assert isinstance(second, ModelsSlain) and second.slain == first.slain


def test_40k8_s9_3_an_overwatch_attack_is_told_in_english_and_hungarian(demo_40k: Path) -> None:
    """40k8 §9.3: Overwatch is said as such; the counts read in the player's language."""
    with Store(demo_40k) as store:
        game = store.list_games()[0].id
        events = [e for entry in history(store, game) for e in entry.events]
    shot = next(e for e in events if isinstance(e, AttackResolved) and e.overwatch)
    english = event_lines(shot)
    assert english == [
        f"{shot.attacker_name} → {shot.target_name} (Overwatch): {shot.attacks} attack"
        f"{'s' if shot.attacks != 1 else ''}, {shot.hits} hit{'s' if shot.hits != 1 else ''}, "
        f"{shot.wounds} wound{'s' if shot.wounds != 1 else ''}, {shot.unsaved} unsaved, "
        f"{shot.mortal_wounds} mortal wound{'s' if shot.mortal_wounds != 1 else ''}, "
        f"{shot.wounds_lost} wound{'s' if shot.wounds_lost != 1 else ''} lost."
    ]
    set_language("hu")
    try:
        hungarian = event_lines(shot)
    finally:
        set_language("en")
    assert "támadás" in hungarian[0] and "attack" not in hungarian[0]


def test_40k8_the_report_folds_the_attacks_with_no_rule_run(
    demo_40k: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The luck report weighs the wounds each attack's target lost against their exact mean
    (40k8 §8.5); folded from the stored events, it is the report a replay gives."""

    def no_rules(*args: object, **kwargs: object) -> None:
        raise AssertionError("the report ran a rule")

    with Store(demo_40k) as store:
        game = store.list_games()[0].id
        with monkeypatch.context() as patched:
            patched.setattr("aos_cli.core.actions.apply_action", no_rules)
            patched.setattr("aos_cli.app.games.apply_action", no_rules)
            folded = report_json(report_state(store, game))
        replayed = report_json(load(store, game).state)
    assert json.dumps(folded) == json.dumps(replayed)
    assert folded["result"]["winner"] and len(folded["luck"]) >= 4
