"""What `aos play` works out between the menu and the dice: the odds of an attack option
against each target it may pick, and the time each side has spent at the table."""

from __future__ import annotations

import time
from dataclasses import field
from typing import TYPE_CHECKING, Any

from aos_cli.core.records import dataclass

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
    from aos_cli.core.effects import Ethereal
    from aos_cli.core.unit_attacks import effects_on

    unit = state.unit(option.payload["unit"])
    kind = "missile" if option.kind == "shoot" else "melee"
    found = []
    for target in targets(state, option):
        # an Ethereal target ignores Rend as the roll does (AoS2 §14: save modifiers)
        ethereal = [e for _name, e in effects_on(target, state) if isinstance(e, Ethereal)]
        attacks = [
            weapon_attack(unit, w, [*ethereal[:1]]) for w in unit.spec.weapons if w.kind == kind
        ]
        damage = mean_damage(attacks, TargetInfo(target.spec.save))
        found.append(TargetOdds(target.name, damage, target.spec.save))
    return found


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
    come and go (a unit that has moved, one that died, an unbind attempt in between), no
    number means two options in one phase, and numbering starts afresh with the next phase.
    After a resume the phase's steps are replayed, so every number is what it was."""

    phase: tuple[Any, ...] | None = None
    books: dict[str, dict[str, int]] = field(default_factory=dict)

    def assign(self, state: GameState, choices: list[Option]) -> list[int]:
        """The number of each option, the same as the last time it was shown this phase."""
        phase = (state.round, state.active_side, state.phase)
        if phase != self.phase:
            self.phase, self.books = phase, {}
        numbers = self.books.setdefault("", {})
        keys = [option_key(option) for option in choices]
        for key in keys:
            numbers.setdefault(key, len(numbers) + 1)
        return [numbers[key] for key in keys]

    @classmethod
    def resumed(cls, store: Store, game_id: int) -> PhaseNumbers:
        """The numbers of the phase the game stands in, as they were shown when its steps
        were played (the menu after each step, replayed from the log)."""
        from aos_cli.app.setup import read_setup
        from aos_cli.core.actions import apply_action
        from aos_cli.core.dice import ScriptedDice
        from aos_cli.core.guide import options
        from aos_cli.core.system import get_system
        from aos_cli.core.turn import new_game

        keys = cls()
        setup = store.setup(game_id)
        if get_system(setup.get("system")).engine != "battle":
            return keys
        records = store.actions(game_id)
        try:
            state = new_game(read_setup(setup))
            marks = []
            for record in records:
                marks.append((state.round, state.active_side, state.phase))
                apply_action(state, record.kind, dict(record.payload), ScriptedDice(record.dice))
            now = (state.round, state.active_side, state.phase)
            first = next((i for i, m in enumerate(marks) if m == now), len(records))
            state = new_game(read_setup(setup))
            for index, record in enumerate(records):
                if index >= first:
                    keys.assign(state, options(state))
                apply_action(state, record.kind, dict(record.payload), ScriptedDice(record.dice))
        except Exception:  # a log that no longer replays: number afresh
            return cls()
        return keys


def option_key(option: Option) -> str:
    """What an option is (its action and its details), whatever its label says now."""
    import json

    return f"{option.kind}:{json.dumps(option.payload, sort_keys=True, default=str)}"


def shown_names(state: GameState) -> dict[str, str]:
    """Each unit's name as the menus show it: units of the same name told apart by an
    ordinal in army-list order (`Judicators #2`), the others as they are."""
    counts: dict[str, int] = {}
    for unit in state.units():
        counts[unit.name] = counts.get(unit.name, 0) + 1
    seen: dict[str, int] = {}
    found: dict[str, str] = {}
    for unit in state.units():
        if counts[unit.name] > 1:
            seen[unit.name] = seen.get(unit.name, 0) + 1
            found[unit.spec.id] = f"{unit.name} #{seen[unit.name]}"
        else:
            found[unit.spec.id] = unit.name
    return found


def acting_unit(option: Option) -> str | None:
    """The id of the unit an option acts with, if any."""
    unit = option.payload.get("unit") or option.payload.get("wizard")
    return str(unit) if unit else None


def told_by_picking(state: GameState, option: Option) -> tuple[dict[str, bool], str]:
    """What picking an option tells the tool, and the words the menu shows it with: a unit
    that did not charge fights only within the system's engagement range of an enemy (AoS2
    §11: 3", 40k8 §10.2: 1"), an unbind is made within its range of the caster (AoS2 §15:
    30"). The option states it, so it is never asked again."""
    from aos_cli.core.system import system_of
    from aos_cli.language.i18n import _

    if option.kind == "fight":
        unit = state.unit(str(option.payload["unit"]))
        if not unit.charged:
            reach = system_of(state).engagement
            return {"engaged": True}, _(' · within {reach}" of an enemy').format(reach=reach)
    if option.kind == "unbind" and option.payload.get("wizard") and state.pending_spell:
        reach = system_of(state).unbind_range
        caster = shown_names(state)[state.pending_spell.caster]
        return {f"within-{reach}": True}, _(' · within {reach}" of {caster}').format(
            reach=reach, caster=caster
        )
    return {}, ""


def target_rule(state: GameState, option: Option) -> Any:
    """The rule a cast or ability option's target is picked by (its side, keywords, range
    and sight), None when it declares none (`aos_cli.core.targets.TargetRule`)."""
    from dataclasses import replace

    from aos_cli.core.handlers.magic import own_spells
    from aos_cli.core.scoring import reach_now
    from aos_cli.core.system import system_of
    from aos_cli.core.targets import TargetRule

    if option.kind == "cast":  # Night March: no spell reaches beyond 12" (AoS2 p.12)
        caster = state.unit(str(option.payload["wizard"]))
        name = str(option.payload["spell"]).lower()
        own = next((a for a in own_spells(state, caster) if a.name.lower() == name), None)
        if own is not None:
            if own.target is None:
                return None
            return replace(own.target, range=reach_now(state, own.target.range))
        generic = system_of(state).spell(name)
        if generic is None or generic.aim in (None, "self"):
            return None
        return TargetRule(side=generic.aim, range=reach_now(state, generic.range), visible=True)
    if option.kind == "ability":
        unit = state.unit(str(option.payload["unit"]))
        ability = next((a for a in unit.spec.abilities if a.id == option.payload["ability"]), None)
        return ability.target if ability is not None else None
    return None


def target_told(state: GameState, option: Option) -> tuple[dict[str, bool], str]:
    """What picking a target from the list tells the tool, and the prompt that says so:
    a spell's or ability's target is within its range (and seen) when the list says so."""
    from aos_cli.language.i18n import _

    if option.kind == "shoot":
        return shot_told(state, option)
    rule = target_rule(state, option)
    if rule is None or rule.range is None:
        return {}, ""
    unit = acting_unit(option)
    name = shown_names(state).get(unit or "", "")
    return {"target-in-range": True}, _("Target of {unit}: {rule}").format(
        unit=name, rule=rule.describe()
    )


def shot_told(state: GameState, option: Option) -> tuple[dict[str, bool], str]:
    """A shot's target picked from the list is within the Range of the weapons shooting (AoS2
    p.7; under Night March 12" at most, p.12), as the prompt says (games set up before the
    Range was asked: nothing)."""
    from aos_cli.core.guards import RANGE_AND_REALM_REVISION
    from aos_cli.core.scoring import night_march, reach_now
    from aos_cli.language.i18n import _

    if state.rules_revision < RANGE_AND_REALM_REVISION or "unit" not in option.payload:
        return {}, ""
    unit = state.unit(str(option.payload["unit"]))
    wanted = str(option.payload.get("weapon") or "").lower()
    weapons = [
        w for w in unit.spec.weapons
        if w.kind == "missile" and w.id not in unit.weapons_used
        and (not wanted or wanted in (w.id.lower(), w.name.lower()))
    ]  # fmt: skip
    if not weapons:
        return {}, ""
    reaches = ", ".join(
        f'{w.name} {reach_now(state, int(w.range)) if w.range == int(w.range) else w.range:g}"'
        for w in weapons
    )
    given = {"in-range": True}
    if night_march(state):
        given["within-night-march"] = True
    prompt = _("Target within range of {unit} ({weapons})").format(
        unit=shown_names(state).get(unit.spec.id, unit.name), weapons=reaches
    )
    return given, prompt


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


STEPS = ("shoot", "fight")
"""The steps a player seldom means to leave out: ending the phase with one left is asked
first (a move, a charge, a spell or an ability left out is the player's choice)."""


def still_to_act(state: GameState, choices: list[Option]) -> list[str]:
    """The units that could still take a step in this phase (by name, once each)."""
    names: list[str] = []
    shown = shown_names(state)
    for option in choices:
        unit = acting_unit(option)
        if unit is None or option.kind not in STEPS:
            continue
        name = shown.get(unit, unit)
        if name not in names:
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
        "blessed": ("b", "blessed"),
    },
    "hu": {
        "next": ("t", "tovább"), "undo": ("v", "visszavonás", "vissza"),
        "status": ("á", "állapot"), "dice": ("d", "dobókocka", "kocka"),
        "quit": ("k", "kilépés"), "adjust": ("m", "módosítás"), "heal": ("gy", "gyógyítás"),
        "general": ("ú", "új tábornok", "tábornok"), "correct": ("j", "javítás"),
        "plan": ("p", "terv"), "blessed": ("ál", "áldott"),
    },
    "it": {
        "next": ("av", "avanti", "prossima"), "undo": ("i", "indietro", "annulla"),
        "status": ("s", "stato"), "dice": ("d", "dadi"), "quit": ("e", "esci"),
        "adjust": ("m", "modifica"), "heal": ("cu", "cura", "guarisci"), "general": ("g", "generale"),
        "correct": ("c", "correggi"), "plan": ("p", "piano"), "blessed": ("b", "benedetto"),
    },
    "tr": {
        "next": ("i", "ileri", "sonraki"), "undo": ("ga", "geri al", "geri"),
        "status": ("o", "ordular", "durum"), "dice": ("z", "zar"), "quit": ("ç", "çık"),
        "adjust": ("a", "ayarla"), "heal": ("t", "tedavi", "iyileştir"),
        "general": ("y", "yeni general", "general"), "correct": ("v", "varsayım", "düzelt"),
        "plan": ("p", "plan"), "blessed": ("k", "kutsanmış"),
    },
    "ru": {
        "next": ("д", "дальше", "далее"), "undo": ("о", "отменить", "отмена"),
        "status": ("с", "состояние"), "dice": ("к", "кубики"), "quit": ("в", "выход", "выйти"),
        "adjust": ("и", "изменить"), "heal": ("л", "лечить", "лечение"),
        "general": ("г", "генерал"), "correct": ("п", "поправить"), "plan": ("пл", "план"),
        "blessed": ("б", "благословенный"),
    },
}  # fmt: skip
"""The menu's keys and words per language, the shown key first. English is understood in every
language; no language's key means something else in English."""


def menu_action(answer: str) -> str | None:
    """The menu action a typed key or word names (`n`, `next`, Hungarian `t`, `tovább`), in
    English or the chosen language, any case; None for anything else."""
    from aos_cli.core.answers import fold
    from aos_cli.language.i18n import language

    typed = fold(answer)
    for code in dict.fromkeys((language(), "en")):
        for action, words in MENU_KEYS.get(code, {}).items():
            if typed in map(fold, words):
                return action
    return None


def menu_key(action: str) -> str:
    """The key the menu shows for an action, in the chosen language (English's otherwise)."""
    from aos_cli.language.i18n import language

    keys = MENU_KEYS.get(language(), MENU_KEYS["en"])
    return keys.get(action, MENU_KEYS["en"][action])[0]


def shown_label(state: GameState, option: Option, names: dict[str, str] | None = None) -> str:
    """An option's menu label with its unit told apart from others of the same name and what
    picking it tells the tool (`Judicators #2: fight · within 3" of an enemy`)."""
    names = names if names is not None else shown_names(state)
    label = str(option.label)
    unit = acting_unit(option)
    if unit is not None and unit in names:
        plain = state.unit(unit).name
        if names[unit] != plain and plain in label:
            label = label.replace(plain, names[unit], 1)
    return label + told_by_picking(state, option)[1]


def unit_groups(
    state: GameState, choices: list[Option], labels: list[str], numbers: list[int]
) -> list[tuple[str, list[tuple[int, str]]]]:
    """The menu folded to one line per unit, for a terminal shorter than the menu: each unit
    with its options' numbers and what they do (`Liberators: [1] move [2] run`); an option
    of no unit on its own line (heading empty)."""
    names = shown_names(state)
    groups: list[tuple[str, list[tuple[int, str]]]] = []
    where: dict[str, int] = {}
    for option, label, number in zip(choices, labels, numbers, strict=True):
        unit = acting_unit(option)
        name = names.get(unit or "")
        if name is None or not label.startswith(f"{name}: "):
            groups.append(("", [(number, label)]))
            continue
        rest = label[len(name) + 2 :]
        if name in where:
            groups[where[name]][1].append((number, rest))
        else:
            where[name] = len(groups)
            groups.append((name, [(number, rest)]))
    return groups
