"""Hints said where the players are: menu keys inside `aos play`, nothing in the demo."""

from __future__ import annotations

from aos_cli.views.hints import for_demo, for_play


def test_play_names_its_keys_and_leaves_out_what_the_menu_lists() -> None:
    """Issue 13 item 14: a command `aos play` has a key for becomes the key; one the menu lists
    as an option (priority, unbind) is left out with the words that lead to it."""
    assert for_play("the fighting is over; `aos next`.") == "the fighting is over; [n] next phase."
    assert for_play("Record them with `aos adjust`.") == "Record them with [a] adjust."
    assert (
        for_play("it takes its place (pick another with `aos general UNIT`).")
        == "it takes its place (pick another with [g] new general)."
    )
    assert for_play("Battle round 1 is over; roll priority with `aos priority`.") == (
        "Battle round 1 is over."
    )
    assert for_play(
        "Arcane Bolt is waiting for an unbind attempt (use `aos unbind WIZARD` or `aos unbind --pass`)"
    ) == ("Arcane Bolt is waiting for an unbind attempt")


def test_the_demo_names_no_command() -> None:
    """Issue 13 item 14: the demo plays itself; a sentence that only names a command goes."""
    assert (
        for_demo("On a 6+ it suffers D3. Record them with `aos adjust`.")
        == "On a 6+ it suffers D3."
    )
    assert for_demo("Player One may unbind with wizard: `aos unbind`.") == (
        "Player One may unbind with wizard."
    )


def test_a_bracketed_hint_with_a_colon_goes_whole_in_any_language() -> None:
    """A hint '(lead-in: `aos cmd`)' leaves no dangling lead-in when the demo drops it or the
    play menu has no key for it, whatever the language of the lead-in."""
    english = "Mystic Shield is cast (unbind with Knight-Incantor: `aos unbind`)."
    assert for_demo(english) == for_play(english) == "Mystic Shield is cast."
    italian = "X era il generale: Y prende il suo posto (scegline un altro: `aos general UNIT`)."
    assert for_demo(italian) == "X era il generale: Y prende il suo posto."
    assert "(scegline un altro: " in for_play(italian)
