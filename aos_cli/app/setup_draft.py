"""A set-up in progress, kept answer by answer (issue 13): an interrupted set-up wizard goes
on where it stopped, with the same rolls, the next time `aos play` runs."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from aos_cli.language.text import Text

if TYPE_CHECKING:
    from aos_cli.core.dice import DiceSource
    from aos_cli.store import Store

DRAFT = "setup-draft"
"""The setting that holds the set-up in progress (one at a time)."""

MAX_DRAFT_STEPS = 500
"""A set-up has a few dozen answers and rolls; a longer draft is not one we wrote."""


class SetupDraft:
    """The armies, battleplan, typed answers and dice of a set-up not yet finished; saved
    after every answer and every roll."""

    def __init__(
        self, store: Store, armies: list[str], battleplan: str, content: list[str] | None = None
    ) -> None:
        self.store = store
        self.armies = armies
        self.battleplan = battleplan
        self.content = content or []
        """The content folders the set-up was started with (`aos play --content`)."""
        self.answers: list[str] = []
        self.dice: list[int] = []
        self._replay_answers: list[str] = []
        self._replay_dice: list[int] = []

    @classmethod
    def saved(cls, store: Store) -> SetupDraft | None:
        """The set-up that was stopped, if any (an unreadable one is dropped)."""
        text = store.setting(DRAFT)
        if text is None:
            return None
        try:
            data = json.loads(text)
            folders = [str(c) for c in data.get("content", [])]
            draft = cls(store, [str(a) for a in data["armies"]], str(data["battleplan"]), folders)
            answers = [str(a) for a in data["answers"]][:MAX_DRAFT_STEPS]
            dice = [int(d) for d in data["dice"]][:MAX_DRAFT_STEPS]
        except (ValueError, KeyError, TypeError):
            store.set_setting(DRAFT, None)
            return None
        draft.answers, draft.dice = list(answers), list(dice)
        draft._replay_answers, draft._replay_dice = answers, dice
        return draft

    @property
    def army_paths(self) -> list[Path]:
        """The army list files the set-up was started with."""
        return [Path(a) for a in self.armies]

    @property
    def content_paths(self) -> list[Path]:
        """The content folders the army lists were read against."""
        return [Path(c) for c in self.content]

    def save(self) -> None:
        """Keep the set-up so far in the database."""
        data: dict[str, list[str] | list[int] | str] = {
            "armies": self.armies,
            "battleplan": self.battleplan,
            "answers": self.answers,
            "dice": self.dice,
        }
        if self.content:  # kept only when given: a draft without reads as before
            data["content"] = self.content
        self.store.set_setting(DRAFT, json.dumps(data))

    def finish(self) -> None:
        """The set-up is a game now: drop the draft."""
        self.store.set_setting(DRAFT, None)

    def asker(self, ask: Callable[[str], str]) -> Callable[[str], str]:
        """Answers given before first (without asking again), then the players, each answer
        saved at once."""

        def asking(prompt: str) -> str:
            if self._replay_answers:
                return self._replay_answers.pop(0)
            answer = ask(prompt)
            self.answers.append(answer)
            self.save()
            return answer

        return asking

    def roller(self, live: DiceSource) -> DiceSource:
        """The dice rolled before first (the same realmscape, scenery and deployment rolls),
        then live dice, each roll saved at once."""
        draft = self

        class Rolls:
            def roll(self, count: int, purpose: str | Text) -> list[int]:
                taken = draft._replay_dice[:count]
                del draft._replay_dice[:count]
                if len(taken) < count:
                    fresh = live.roll(count - len(taken), purpose)
                    draft.dice.extend(fresh)
                    draft.save()
                    taken += fresh
                return taken

        return Rolls()
