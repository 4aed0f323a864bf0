"""What `aos play` works out between the menu and the dice: the odds of an attack option
against each target it may pick, and the time each side has spent at the table."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from aos_cli.core.guide import Option
    from aos_cli.core.state import GameState, UnitState
    from aos_cli.store import Store


@dataclass(frozen=True)
class TargetOdds:
    """The mean damage of an attack option against one target (AoS2 §14)."""

    name: str
    mean_damage: float
    save: int


def attack_option_odds(state: GameState, option: Option) -> list[TargetOdds] | None:
    """Before a roll: the mean damage of a shoot or fight option against each target it may
    pick; None when the option is not an attack of the Age of Sigmar engine."""
    from aos_cli.core.actions import weapon_attack
    from aos_cli.core.effects import TargetInfo
    from aos_cli.core.guide import targets
    from aos_cli.core.odds import mean_damage
    from aos_cli.core.system import system_of

    if option.kind not in ("shoot", "fight") or system_of(state).attack_odds_hint:
        return None
    unit = state.unit(option.payload["unit"])
    kind = "missile" if option.kind == "shoot" else "melee"
    attacks = [weapon_attack(unit, w, []) for w in unit.spec.weapons if w.kind == kind]
    return [
        TargetOdds(
            target.name, mean_damage(attacks, TargetInfo(target.spec.save)), target.spec.save
        )
        for target in targets(state, option)
    ]


def step_clock(side: int, started: float) -> dict[str, Any]:
    """The thinking time of one step, charged to the side that acted."""
    return {"side": side, "seconds": round(time.monotonic() - started, 1)}


def clock_totals(store: Store, game_id: int, sides: int) -> list[float]:
    """Each side's total time at the table, from the clock kept with every played step."""
    totals = [0.0] * sides
    for record in store.actions(game_id):
        clock = record.payload.get("clock")
        if isinstance(clock, dict) and 0 <= int(clock.get("side", -1)) < sides:
            totals[int(clock["side"])] += float(clock.get("seconds", 0))
    return totals


@dataclass
class PhaseNumbers:
    """Menu numbers that stay put within a phase: an option keeps its number while others
    come and go (a unit that has moved, one that died), and numbering starts afresh with the
    next phase."""

    phase: tuple[Any, ...] | None = None
    books: dict[str, dict[str, int]] = field(default_factory=dict)

    def assign(self, state: GameState, choices: list[Option]) -> list[int]:
        """The number of each option, the same as the last time it was shown this phase (an
        unbind attempt, which comes in between, is numbered on its own)."""
        phase = (state.round, state.active_side, state.phase)
        if phase != self.phase:
            self.phase, self.books = phase, {}
        pending = state.pending_spell
        numbers = self.books.setdefault(repr(pending) if pending else "", {})
        keys = [option_key(option) for option in choices]
        for key in keys:
            numbers.setdefault(key, len(numbers) + 1)
        return [numbers[key] for key in keys]


def option_key(option: Option) -> str:
    """What an option is (its action and its details), whatever its label says now."""
    import json

    return f"{option.kind}:{json.dumps(option.payload, sort_keys=True, default=str)}"


def target_numbers(state: GameState, aims: list[UnitState]) -> list[int]:
    """Each target's place in its army list: a unit keeps its number all battle long."""
    return [state.sides[unit.side].units.index(unit) + 1 for unit in aims]


def pick_numbered(answer: str, numbers: list[int]) -> int | None:
    """The index of the entry whose number was typed, else None."""
    from aos_cli.core.numbers import is_ascii_whole

    cleaned = answer.strip()
    if not is_ascii_whole(cleaned) or len(cleaned) > 4:
        return None
    typed = int(cleaned)
    return numbers.index(typed) if typed in numbers else None


ACTING = ("shoot", "fight")
"""The steps a player seldom means to leave out: ending the phase with one left is asked."""


def still_to_act(state: GameState, choices: list[Option]) -> list[str]:
    """The units that could still shoot or fight in this phase (by name, once each)."""
    names: list[str] = []
    for option in choices:
        if option.kind not in ACTING:
            continue
        unit = option.payload.get("unit") or option.payload.get("wizard")
        name = state.unit(str(unit)).name if unit else ""
        if unit and name not in names:
            names.append(name)
    return names


def units_to_fix(state: GameState, kind: str) -> list[UnitState]:
    """The units a correction may be made to: any unit for `adjust`, a unit on the battlefield
    with a wounded model for `heal` (AoS2 §14.12), the units that may take a slain general's
    place for `general` (§5.3)."""
    if kind == "heal":
        return [u for u in state.units() if u.on_battlefield and u.wounds_on_damaged > 0]
    if kind == "general":
        return [
            u for side in state.sides if side.general_slain for u in side.units if u.on_battlefield
        ]
    return list(state.units())


MENU_KEYS: dict[str, dict[str, tuple[str, ...]]] = {
    "en": {
        "next": ("n", "next"), "undo": ("u", "undo"), "status": ("s", "status"),
        "dice": ("d", "dice"), "quit": ("q", "quit"), "adjust": ("a", "adjust"),
        "heal": ("h", "heal"), "general": ("g", "general"), "correct": ("c", "correct"), "plan": ("p", "plan"),
    },
    "hu": {
        "next": ("t", "tovább"), "undo": ("v", "visszavonás", "vissza"),
        "status": ("á", "állapot"), "dice": ("d", "dobókocka", "kocka"),
        "quit": ("k", "kilépés"), "adjust": ("m", "módosítás"), "heal": ("gy", "gyógyítás"),
        "general": ("ú", "új tábornok", "tábornok"), "correct": ("j", "javítás"),
        "plan": ("p", "terv"),
    },
    "it": {
        "next": ("av", "avanti", "prossima"), "undo": ("i", "indietro", "annulla"),
        "status": ("s", "stato"), "dice": ("d", "dadi"), "quit": ("e", "esci"),
        "adjust": ("m", "modifica"), "heal": ("cu", "cura", "guarisci"), "general": ("g", "generale"),
        "correct": ("c", "correggi"), "plan": ("p", "piano"),
    },
    "tr": {
        "next": ("i", "ileri", "sonraki"), "undo": ("ga", "geri al", "geri"),
        "status": ("o", "ordular", "durum"), "dice": ("z", "zar"), "quit": ("ç", "çık"),
        "adjust": ("a", "ayarla"), "heal": ("t", "tedavi", "iyileştir"),
        "general": ("y", "yeni general", "general"), "correct": ("v", "varsayım", "düzelt"),
        "plan": ("p", "plan"),
    },
    "ru": {
        "next": ("д", "дальше", "далее"), "undo": ("о", "отменить", "отмена"),
        "status": ("с", "состояние"), "dice": ("к", "кубики"), "quit": ("в", "выход", "выйти"),
        "adjust": ("и", "изменить"), "heal": ("л", "лечить", "лечение"),
        "general": ("г", "генерал"), "correct": ("п", "поправить"), "plan": ("пл", "план"),
    },
}  # fmt: skip
"""The menu's keys and words per language, the shown key first. English is understood in every
language; no language's key means something else in English."""


def menu_action(answer: str) -> str | None:
    """The menu action a typed key or word names (`n`, `next`, Hungarian `t`, `tovább`), in
    English or the chosen language, any case; None for anything else."""
    from aos_cli.core.answers import fold
    from aos_cli.core.i18n import language

    typed = fold(answer)
    for code in dict.fromkeys((language(), "en")):
        for action, words in MENU_KEYS.get(code, {}).items():
            if typed in map(fold, words):
                return action
    return None


def menu_key(action: str) -> str:
    """The key the menu shows for an action, in the chosen language (English's otherwise)."""
    from aos_cli.core.i18n import language

    keys = MENU_KEYS.get(language(), MENU_KEYS["en"])
    return keys.get(action, MENU_KEYS["en"][action])[0]
