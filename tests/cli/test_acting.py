"""The terminal's questions (cli/acting.py)."""

from __future__ import annotations

import pytest

from aos_cli.cli import acting
from aos_cli.language import i18n


def test_a_count_question_in_another_language_takes_whole_models_only(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """AoS1 Deadly terrain counts models: in Hungarian too, '3.5' is refused and asked again,
    since a question with an upper bound is a count, whatever language it is worded in."""
    i18n.set_language("hu")
    typed = iter(["3.5", "9", "2"])
    monkeypatch.setattr(acting, "ask_line", lambda question: next(typed))
    asker = acting.TerminalAsker(require_terminal=False)
    assert asker.number("deadly-models:x", "hány modell…?", at_most=5) == 2.0
    assert capsys.readouterr().err.count("\n") == 2


def test_a_question_is_shown_as_a_sentence_in_every_language(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Issue 31 (wording): the rules' questions begin in lower case so they can sit inside
    other text; at the prompt they begin with a capital, the Turkish dotted İ for i."""
    asked: list[str] = []

    def ask(question: str) -> str:
        asked.append(question)
        return "y"

    monkeypatch.setattr(acting, "ask_line", ask)
    asker = acting.TerminalAsker(require_terminal=False)
    try:
        asker.yes_no("within-3", 'is Judicators within 3" of an enemy unit?')
        i18n.set_language("tr")
        asker.yes_no("within-3", "içinde mi?")
    finally:
        i18n.set_language("en")
    assert asked[0].startswith('Is Judicators within 3" of an enemy unit?')
    assert asked[1].startswith("İçinde mi?")
    assert acting.as_question("") == "" and acting.as_question("3 models?") == "3 models?"
