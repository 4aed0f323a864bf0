"""The terminal's questions (cli/acting.py)."""

from __future__ import annotations

import pytest

from aos_cli.cli import acting
from aos_cli.core import i18n


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
