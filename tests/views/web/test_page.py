"""What the page of `aos serve` shows (issue 30 item 1), built in one function from the game as
it stands, in the viewer's language (item 2)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from aos_cli.app.live_view import LiveGame, Watch, speaking
from aos_cli.language.i18n import LANGUAGES
from aos_cli.views.web.page import LABELS, page_data
from tests.app.test_live_view import README_START, seeded
from tests.conftest import RunCli


@pytest.fixture
def watch(run_cli: RunCli, tmp_path: Path) -> Iterator[Watch]:
    found = Watch(seeded(run_cli, tmp_path / "games.sqlite3", *README_START))
    yield found
    found.close()


def live(watch: Watch) -> LiveGame:
    found = watch.read()
    assert found is not None
    return found


def test_the_page_holds_where_the_game_stands_both_armies_and_the_last_dice(
    watch: Watch,
) -> None:
    data = page_data(live(watch))
    json.dumps(data)  # plain data: the script puts each value in as text
    game = data["game"]
    assert game["name"] == "Hammers of Azyr vs The Shrouded Procession"
    assert game["battleplan"] == "First Blood"
    assert game["where"] == "Round 1 · Player One's turn · hero phase"
    one, two = game["sides"]
    assert (one["title"], two["title"]) == (
        "Player One: Hammers of Azyr",
        "Player Two: The Shrouded Procession",
    )
    assert one["points"] == ["1 CP", "0 VP"]
    incantor = next(u for u in one["units"] if u["id"] == "knight-incantor")
    assert incantor["this_turn"] == ["cast Arcane Bolt"]
    chainrasps = next(u for u in two["units"] if u["id"] == "chainrasps")
    assert chainrasps["models"] == "20/20" and chainrasps["save"] == "5+"
    assert game["standing"][0] == "In battle round 1 of 5 neither side leads."
    cast = game["events"][0]
    assert (cast["where"], cast["action"], cast["dice"]) == (
        "Round 1 · Player One · hero phase",
        "casting",
        "dice: 2 5",
    )
    notes = [note for event in game["events"] for note in event["notes"]]
    assert any("Arcane Bolt" in note for note in notes)
    assert not any("`aos" in note for note in notes)  # nothing to type on a phone


def test_aos2_s15_the_unbind_is_offered_to_its_side_with_its_exact_odds(watch: Watch) -> None:
    """AoS2 §15: 2D6 must beat the casting roll of 7: 15/36, 41.7%."""
    pending = page_data(live(watch))["game"]["pending"]
    unbind = next(p for p in pending if p["label"].startswith("Unbind"))
    assert unbind["side"] == 1
    assert unbind["chances"] == ["unbound: 41.7% (15/36)"]
    with speaking("hu"):
        hungarian = page_data(live(watch))["game"]["pending"]
    assert "41,7% (15/36)" in hungarian[0]["chances"][0]


@pytest.mark.parametrize("code", [c for c in LANGUAGES if c != "en"])
def test_every_word_of_the_page_is_in_the_viewer_s_language(watch: Watch, code: str) -> None:
    english = page_data(live(watch))
    with speaking(code):
        other = page_data(live(watch))
    assert other["lang"] == code
    assert sum(other["labels"][k] != english["labels"][k] for k in LABELS) >= len(LABELS) - 1
    assert other["game"]["where"] != english["game"]["where"]
    assert other["game"]["events"][0]["action"] != "casting"


def test_every_word_of_the_page_goes_through_the_catalogues(watch: Watch) -> None:
    """In the pseudo-language every translated text is wrapped in ⟦ ⟧."""
    with speaking("xx"):
        data = page_data(live(watch))
    assert all(text.startswith("⟦") for text in data["labels"].values())
    game = data["game"]
    assert game["where"].startswith("⟦") and game["events"][0]["action"].startswith("⟦")
    assert all(points.startswith("⟦") for side in game["sides"] for points in side["points"])


def test_with_no_game_the_page_says_how_to_start_one() -> None:
    data = page_data(None)
    assert data["game"] is None and "aos play" in data["message"]
    with speaking("it"):
        assert "aos play" in page_data(None)["message"]
    assert page_data(None, "the games database is busy")["message"] == (
        "the games database is busy"
    )


def test_the_page_is_the_same_for_the_same_game(watch: Watch) -> None:
    assert page_data(live(watch)) == page_data(live(watch))
