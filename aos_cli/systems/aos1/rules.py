"""Age of Sigmar 1st edition (aos1-core.md, aos-differences.md): the four-page rules of 2015.

What differs from the 2nd edition and lives here: the priority roll-off each round with ties
rolled again (in round one the player who finished set-up first chooses, AoS1 §4 step 6, §6);
no command points, the general's one free command ability per hero phase (AoS1 §7.2); Arcane
Bolt of D3 mortal wounds and Mystic Shield of +1 to saves, unbinding within 18", each wizard
attempting each spell once per turn (AoS1 §12); no unmodified-roll rules (aos-differences
#9-#11); cover without the Monster exception (AoS1 §11.7); the 3" scenery table (AoS1 §3.4).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any, ClassVar

from aos_cli.core.action_types import Action, Priority, Sacrifice, register_action_type
from aos_cli.core.answers import RecordedAnswers
from aos_cli.core.casualties import slay_models
from aos_cli.core.effects import AttackRules, TargetInfo
from aos_cli.core.errors import InputError, RuleError
from aos_cli.core.events import emit
from aos_cli.core.handlers import action
from aos_cli.core.records import dataclass
from aos_cli.core.stored import JsonObject
from aos_cli.core.system import (
    GameSystem,
    Option,
    SpellRule,
    UnbindWords,
    choose_first,
    rebuild_rules,
    register,
)
from aos_cli.core.terrain import scenery_name
from aos_cli.language.i18n import N_, _, ngettext, spell_name
from aos_cli.language.text import Text, tr
from aos_cli.systems.aos1 import INFO
from aos_cli.systems.aos1.events import (
    BattleLengthReached,
    BlessedChanged,
    DeadlyTerrain,
    MysticalRolled,
    PriorityRolledOff,
    Sacrificed,
    SceneryReminder,
    SetUpFirst,
    SuddenDeathPicked,
    TriumphRolled,
)

if TYPE_CHECKING:
    from aos_cli.core.dice import DiceSource
    from aos_cli.core.state import GameState, UnitState
    from aos_cli.core.system_scoring import SystemScoring


@dataclass(frozen=True)
class AttackRules1e(AttackRules):
    """Dice judged as the 1st edition does: the modified roll against the characteristic, with
    no unmodified 1 that always fails nor 6 that always succeeds (AoS1 §11.3; aos-differences
    #9-#11)."""

    def hit_succeeds(self, unmodified: int, to_hit: int) -> bool:
        return unmodified + self.hit_mod >= to_hit

    def wound_succeeds(self, unmodified: int, to_wound: int) -> bool:
        return unmodified + self.wound_mod >= to_wound

    def save_succeeds(self, unmodified: int, rend: int, target: TargetInfo) -> bool:
        return unmodified + self.save_modifier(rend, target) >= target.save


@dataclass(frozen=True)
class AoS1System(GameSystem):
    """The 1st edition's strategies where they differ from the 2nd edition's."""

    def attack_rules(self, rules: AttackRules) -> AttackRules:
        return rebuild_rules(AttackRules1e, rules)

    def owed_fight(self, state: GameState) -> RuleError | None:
        """AoS1 §10.2: the combat phase goes on until every eligible unit on both sides has
        attacked once; a unit that charged this turn is eligible (in the sheet's words)."""
        owed = super().owed_fight(state)
        if owed is None:
            return None
        waiting = next(u for u in state.units() if u.on_battlefield and u.charged and not u.fought)
        return RuleError(
            _(
                "{unit} charged this turn and has not attacked: every eligible unit attacks "
                "once before the combat phase ends (AoS1 §10.2)"
            ).format(unit=waiting.name),
            _("fight with `aos fight` (with --attacks 0 when no enemy is within reach)"),
        )

    def scoring_rules(self) -> SystemScoring:
        """Sudden Death: an objective of the outnumbered side that wins at once (AoS1 §5.2)."""
        from aos_cli.systems.aos1.sudden_death import SUDDEN_DEATH_SCORING

        return SUDDEN_DEATH_SCORING

    def priority_menu(self, state: GameState) -> list[Option]:
        """The choice of the player who finished set-up first, then a roll-off with ties rolled
        again (AoS1 §4, §6); before the first round, Sudden Death and Triumphs (AoS1 §5)."""
        if state.round > 0:
            return [
                Option(
                    _("Roll off for priority in battle round {round} (ties rolled again)").format(
                        round=state.round + 1
                    ),
                    "priority",
                    {"ask": True},
                )
            ]
        decider = state.sides[0 if state.sides[0].finished_setup_first else 1].name
        found = [Option(_("{side} (finished set-up first): choose who takes the first turn")
                        .format(side=decider), "priority", {"ask": True})]  # fmt: skip
        from aos_cli.core.scoring import book_of
        from aos_cli.systems.aos1.sudden_death import outnumbered_side, sudden_death_name

        book = book_of(state)
        small = outnumbered_side(state)
        if small is not None and book.sudden_death is None and not book.triumphs:
            name, enemy = state.sides[small].name, state.sides[1 - small]
            for objective in ("assassinate", "blunt", "endure", "seize-ground"):
                title = sudden_death_name(objective)
                allowed = tuple(
                    u.spec.id
                    for u in enemy.units
                    if u.on_battlefield and sudden_death_unit(objective, u) is None
                )
                if objective in ("assassinate", "blunt") and not allowed:
                    continue
                picks = _(
                    "{side} picks one of its own HERO, WIZARD, PRIEST or MONSTER units "
                    "({objective}, AoS1 §5.2)"
                ) if objective == "assassinate" else _(
                    "{side} picks one of its own units of five or more models "
                    "({objective}, AoS1 §5.2)"
                )  # fmt: skip
                found.append(
                    Option(
                        _("{side}: Sudden Death - {objective}").format(side=name, objective=title),
                        "sudden-death",
                        {"side": name, "objective": objective},
                        "enemy" if objective in ("assassinate", "blunt") else None,
                        small,
                        picks.format(side=enemy.name, objective=title),
                        allowed,
                    )
                )
        for index, side in enumerate(state.sides):
            if index not in book.triumphs:
                found.append(
                    Option(
                        _("{side}: roll a Triumph (won its last battle)").format(side=side.name),
                        "triumph",
                        {"side": side.name},
                        side=index,
                    )
                )
        return found

    def battle_over(self, state: GameState, answers: Any) -> bool:
        """AoS1 §5.1: the sheet sets no battle length: as each battle round ends the players
        say whether the battle ends (Endure and Seize Ground look to rounds four and six). A
        round ended before the question was asked ends the battle after the set-up's rounds."""
        recorded = getattr(answers, "answers", None)
        if answers is None or (
            getattr(answers, "fallback", None) is None and "battle-over" not in (recorded or {})
        ):
            over = bool(state.round >= state.battle_rounds)
            if over and answers is not None:
                emit(state, BattleLengthReached(state.round, state.battle_rounds))
            return over
        if state.round >= MAX_ROUNDS:
            return True
        return bool(
            answers.yes_no(
                "battle-over",
                tr(
                    "battle round {round} is over: do the players end the battle now (the "
                    "sheet sets no length, AoS1 §5.1)?",
                    round=state.round,
                ),
            )
        )

    def cover_for_monsters(self) -> bool:
        """AoS1 §11.7: cover has no Monster or War Machine exception."""
        return False

    def priority(
        self,
        state: GameState,
        act: Priority,
        dice: DiceSource,
        answers: RecordedAnswers,
    ) -> int:
        """AoS1 §4 step 6, §6: in round one the player who finished setting up first chooses
        who goes first (no roll); from round two a roll-off, ties rolled again, the winner
        chooses."""
        from aos_cli.core.dice import roll_off

        if state.round == 0:
            decider = 0 if state.sides[0].finished_setup_first else 1
            emit(state, SetUpFirst(decider, state.sides[decider].name))
            return choose_first(state, decider, act, answers)
        result = roll_off(dice, reroll_ties=True)
        decider = 0 if result.winner == 0 else 1
        emit(
            state,
            PriorityRolledOff(
                state.round,
                tuple(side.name for side in state.sides),
                tuple(die for pair in result.rounds for die in pair),
                decider,
                state.sides[decider].name,
            ),
        )
        return choose_first(state, decider, act, answers)

    def arcane_bolt(self, casting_roll: int, dice: DiceSource) -> int:
        """AoS1 §12: Arcane Bolt always inflicts D3 mortal wounds."""
        from aos_cli.core.dice import parse_dice

        return parse_dice("D3").roll(
            dice, _("{spell} D3 (AoS1)").format(spell=spell_name("Arcane Bolt"))
        )

    def mystic_shield(self) -> tuple[dict[str, Any], str]:
        """AoS1 §12: add 1 to the unit's save rolls until your next hero phase."""
        return (
            {"type": "modifier", "roll": "save", "amount": 1},
            N_("{spell}: {unit} adds 1 to its save rolls until your next hero phase (AoS1 §12)."),
        )


# --------------------------------------------------------------------------- the 1e scenery


def _near(
    state: GameState, answers: RecordedAnswers, rule: str, unit: UnitState, per_unit: bool = False
) -> bool:
    """Ask whether `unit` is within 3" of a feature with the 1e scenery `rule` (AoS1 §3.4)."""
    found = [t for t in state.terrain if t.get("rule") == rule]
    if not found:
        return False
    names = ", ".join(str(t["name"]) for t in found)
    key = f"{rule}:{unit.spec.id}" if per_unit else rule
    return answers.yes_no(
        key,
        _('is {unit} within 3" of {features} ({rule}, AoS1)?').format(
            unit=unit.name, features=names, rule=scenery_name(rule)
        ),
    )


@dataclass(frozen=True)
class AoS1Scenery(AoS1System):
    """The 1st edition scenery table: every range 3", most rules taken in your hero phase and
    lasting until your next hero phase (AoS1 §3.4, aos-differences #21-#27)."""

    def start_of_phase(self, state: GameState) -> None:
        """Remind the player whose hero phase it is of Damned, Mystical and Sinister."""
        if state.phase != "hero":
            return
        for rule in ("damned", "mystical", "sinister"):  # their words: systems.aos1.views
            names = [str(t["name"]) for t in state.terrain if t.get("rule") == rule]
            if names:
                emit(state, SceneryReminder(rule, tuple(names)))

    def arcane_bonus(self, state: GameState, wizard: UnitState, answers: RecordedAnswers) -> int:
        """Arcane: +1 to casting and unbinding within 3" (AoS1 §3.4)."""
        return 1 if _near(state, answers, "arcane", wizard) else 0

    def bravery_modifier(self, state: GameState, unit: UnitState, answers: RecordedAnswers) -> int:
        """Inspiring: +1 Bravery within 3"; Sinister: -1 within 3" of a unit causing fear."""
        bonus = 1 if _near(state, answers, "inspiring", unit, per_unit=True) else 0
        if any(t.get("rule") == "sinister" for t in state.terrain) and answers.yes_no(
            f"fear:{unit.spec.id}",
            _('is {unit} within 3" of an enemy unit that causes fear (Sinister, AoS1)?').format(
                unit=unit.name
            ),
        ):
            bonus -= 1
        return bonus

    def mystical_ward(
        self, state: GameState, target: UnitState, answers: RecordedAnswers
    ) -> int | None:
        """The 1e Mystical feature gives no ward (it befuddles or ensorcels, AoS1 §3.4)."""
        return None

    def after_move(
        self,
        state: GameState,
        unit: UnitState,
        dice: DiceSource,
        answers: RecordedAnswers,
        how: str,
    ) -> int:
        """Deadly: a D6 for each model making a run or charge move across or onto the feature;
        each 1 slays that model (AoS1 §3.4; 2e instead deals D3 mortal wounds to a unit). No
        mortal wounds are left for the engine to allocate."""
        if how not in ("run", "charge"):
            return 0
        if not any(t.get("rule") == "deadly" for t in state.terrain):
            return 0
        crossing = int(
            answers.number(
                f"deadly-models:{unit.spec.id}",
                _(
                    "how many models of {unit} ran or charged across or onto the Deadly "
                    "feature (AoS1)?"
                ).format(unit=unit.name),
                at_most=unit.models,
            )
        )
        crossing = max(0, min(crossing, unit.models))
        if not crossing:
            return 0
        rolls = dice.roll(
            crossing,
            ngettext(
                "Deadly terrain: a D6 for each of {n} model",
                "Deadly terrain: a D6 for each of {n} models",
                crossing,
            ).format(n=crossing),
        )
        slain = sum(1 for r in rolls if r == 1)
        emit(state, DeadlyTerrain(unit.spec.id, unit.name, unit.side, tuple(rolls), slain))
        if slain:
            slay_models(state, unit, slain, slain_by=None)  # deadly terrain: no army slew them
        return 0


@action(Sacrifice, system="aos1")
def _sacrifice_1e(
    state: GameState, act: Sacrifice, dice: DiceSource, answers: RecordedAnswers
) -> None:
    """AoS1 §3.4 Damned: in your hero phase one of your units within 3" of a Damned feature
    may make a sacrifice: D3 mortal wounds, and +1 to all its hit rolls until your next hero
    phase (the 2nd edition's is 1" and a reroll of hit rolls of 1)."""
    from aos_cli.core.ability_effects import build_effects
    from aos_cli.core.casualties import suffer_mortal_wounds
    from aos_cli.core.dice import parse_dice
    from aos_cli.core.guards import acting_unit
    from aos_cli.core.state import ActiveEffect
    from aos_cli.core.terrain import features, scenery_name

    found = features(state, "damned")
    if not found:
        raise RuleError(
            _("this game has no Damned terrain feature"), _("add one with --terrain NAME=damned")
        )
    unit = acting_unit(state, act.unit, "hero", "make a sacrifice")
    key = f"damned:{unit.side}"
    if key in state.used_this_phase:
        raise RuleError(_("one unit makes a sacrifice at a Damned feature each hero phase"))
    names = ", ".join(str(t["name"]) for t in found)
    question = _('is {unit} within 3" of {features} ({rule})?').format(
        unit=unit.name, features=names, rule=scenery_name("damned")
    )
    if not answers.yes_no("damned", question):
        raise RuleError(
            _('{unit} is not within 3" of a Damned feature (AoS1 §3.4)').format(unit=unit.name)
        )
    state.used_this_phase.add(key)
    amount = parse_dice("D3").roll(
        dice, _("the sacrifice of {unit} (D3 mortal wounds)").format(unit=unit.name)
    )
    plus_one = {"type": "modifier", "roll": "hit", "amount": 1}
    unit.effects.append(
        ActiveEffect(
            "Damned sacrifice",
            build_effects((plus_one,), "Damned sacrifice"),
            "your_next_hero",
            unit.side,
        )
    )
    emit(state, Sacrificed(unit.spec.id, unit.name, unit.side, amount))
    suffer_mortal_wounds(state, unit, amount, dice, answers, slain_by=None)


@register_action_type
@dataclass(frozen=True)
class Mystical(Action):
    """In your hero phase, a D6 for one of your units within 3" of a Mystical feature (AoS1
    §3.4): 1 befuddled, 2-6 ensorcelled, until your next hero phase."""

    kind: ClassVar[str] = "mystical"
    unit: str


BEFUDDLED = "Befuddled"
"""The lasting effect of a Mystical roll of 1 (AoS1 §3.4): no casting, moving or attacking."""
ENSORCELLED = "Ensorcelled"
"""The lasting effect of a Mystical roll of 2-6 (AoS1 §3.4): failed wound rolls re-rolled."""


@action(Mystical, system="aos1")
def _mystical(state: GameState, act: Mystical, dice: DiceSource, answers: RecordedAnswers) -> None:
    """AoS1 §3.4 Mystical: in your hero phase roll a D6 for each of your units within 3" of the
    feature: on a 1 it is befuddled (it cannot be picked to cast spells, move or attack), on
    2-6 ensorcelled (it re-rolls failed wound rolls), until your next hero phase."""
    from aos_cli.core.ability_effects import build_effects
    from aos_cli.core.guards import acting_unit
    from aos_cli.core.state import ActiveEffect
    from aos_cli.core.terrain import features

    if not features(state, "mystical"):
        raise RuleError(
            _("this game has no Mystical terrain feature"),
            _("add one with --terrain NAME=mystical"),
        )
    unit = acting_unit(state, act.unit, "hero", "roll for a Mystical feature")
    key = f"mystical:{unit.spec.id}"
    if key in state.used_this_phase:
        raise RuleError(
            _("{unit} has already rolled for the Mystical feature this hero phase").format(
                unit=unit.name
            )
        )
    if not _near(state, answers, "mystical", unit, per_unit=True):
        raise RuleError(
            _('{unit} is not within 3" of a Mystical feature (AoS1 §3.4)').format(unit=unit.name)
        )
    state.used_this_phase.add(key)
    roll = dice.roll(1, _("Mystical terrain: {unit} (D6)").format(unit=unit.name))[0]
    unit.effects = [e for e in unit.effects if e.name not in (BEFUDDLED, ENSORCELLED)]
    if roll == 1:
        unit.effects.append(ActiveEffect(BEFUDDLED, (), "your_next_hero", unit.side))
    else:
        reroll = {"type": "reroll", "roll": "wound", "which": "failed"}
        effects = build_effects((reroll,), ENSORCELLED)
        unit.effects.append(ActiveEffect(ENSORCELLED, effects, "your_next_hero", unit.side))
    emit(state, MysticalRolled(unit.spec.id, unit.name, unit.side, roll))


def _not_befuddled(kind: type[Action], field: str) -> None:
    """Refuse a befuddled unit the actions AoS1 §3.4 forbids it (casting, moving, attacking),
    then play the shared rule (looked up when it runs: the shared handlers register later)."""
    from aos_cli.core.handlers import HANDLERS, SYSTEM_HANDLERS

    def run(state: GameState, act: Any, dice: DiceSource, answers: RecordedAnswers) -> None:
        name = getattr(act, field, None)
        if name:
            unit = state.unit(str(name))
            if any(e.name == BEFUDDLED for e in unit.effects):
                raise RuleError(
                    _(
                        "{unit} is befuddled by a Mystical feature: it cannot cast spells, move "
                        "or attack until your next hero phase (AoS1 §3.4)"
                    ).format(unit=unit.name)
                )
        HANDLERS[kind](state, act, dice, answers)

    SYSTEM_HANDLERS[("aos1", kind)] = run


def _befuddle_guards() -> None:
    """Put the befuddled check in front of the shared move, run, retreat, charge, shooting,
    fighting and casting rules of the 1st edition."""
    from aos_cli.core.action_types import Cast, Charge, Fight, Move, Retreat, Run, Shoot

    for kind in (Move, Run, Retreat, Charge, Shoot, Fight, Cast):
        _not_befuddled(kind, "unit")


_befuddle_guards()


# --------------------------------------------------------------------------- before the battle


MAX_ROUNDS = 20
"""However long the players make an AoS1 battle, it ends after this many battle rounds."""

TRIUMPHS_1E = ((1, 2, "Blessed"), (3, 4, "Inspired"), (5, 6, "Empowered"))
"""The 1st edition Triumphs table, D6 (AoS1 §5.3)."""


@register_action_type
@dataclass(frozen=True)
class SuddenDeath(Action):
    """The outnumbered side picks a Sudden Death objective (AoS1 §5.2); Assassinate and Blunt
    name the enemy `unit`, Seize Ground a terrain `feature`."""

    kind: ClassVar[str] = "sudden-death"
    side: str
    objective: str
    unit: str | None = None
    feature: str | None = None


@register_action_type
@dataclass(frozen=True)
class Triumph(Action):
    """A side that won a major victory in its previous battle rolls a Triumph (AoS1 §5.3)."""

    kind: ClassVar[str] = "triumph"
    side: str


def _pre_battle(state: GameState, what: str) -> None:
    """Sudden Death and Triumphs belong before the first battle round (AoS1 §5); `what` is a
    whole sentence saying so."""
    if state.round != 0 or state.phase != "priority":
        raise RuleError(what)


def sudden_death_unit(objective: str, unit: UnitState) -> str | None:
    """Why the enemy may not pick `unit` for Assassinate or Blunt (AoS1 §5.2), or None."""
    from aos_cli.systems.aos1.sudden_death import sudden_death_name

    heroic = ("HERO", "WIZARD", "PRIEST", "MONSTER")
    if objective == "assassinate" and not any(unit.spec.has(k) for k in heroic):
        return _("{objective} needs a HERO, WIZARD, PRIEST or MONSTER; not {unit}").format(
            objective=sudden_death_name(objective), unit=unit.name
        )
    if objective == "blunt" and unit.models < 5:
        return _("{objective} needs a unit of five or more models; {unit} has fewer").format(
            objective=sudden_death_name(objective), unit=unit.name
        )
    return None


@action(SuddenDeath, system="aos1")
def _sudden_death(
    state: GameState, act: SuddenDeath, dice: DiceSource, answers: RecordedAnswers
) -> None:
    """AoS1 §5.2: the side outnumbered by a third picks one Sudden Death objective once the
    generals are chosen; Assassinate and Blunt name a unit the enemy picks from its own army,
    Seize Ground a terrain feature in enemy territory."""
    from aos_cli.core.scoring import book_of, side_index
    from aos_cli.systems.aos1.sudden_death import (
        SUDDEN_DEATH,
        outnumbered_side,
        sudden_death_name,
    )

    _pre_battle(
        state, _("A Sudden Death objective is chosen before the first battle round (AoS1 §5)")
    )
    book = book_of(state)
    side = side_index(state, act.side)
    if outnumbered_side(state) != side:
        raise RuleError(
            _(
                "{side} is not outnumbered by a third and has no Sudden Death objective (AoS1 §5.2)"
            ).format(side=state.sides[side].name)
        )
    if book.sudden_death is not None:
        raise RuleError(_("the Sudden Death objective has already been chosen"))
    if book.triumphs:
        raise RuleError(
            _("Sudden Death objectives are chosen before Triumphs are rolled (AoS1 §5.3)")
        )
    objective = act.objective.strip().lower().replace(" ", "-")
    if objective not in SUDDEN_DEATH:
        raise InputError(
            _("{name} is not a Sudden Death objective").format(name=repr(act.objective)),
            _("pick one of {names}").format(names=", ".join(SUDDEN_DEATH)),
        )
    chosen: dict[str, Any] = {"side": side, "objective": objective}
    if objective in ("assassinate", "blunt"):
        picked = act.unit
        if not picked:
            raise InputError(
                _("{objective} needs the enemy unit its player picks: give --unit").format(
                    objective=sudden_death_name(objective)
                )
            )
        unit = state.unit(str(picked))
        if unit.side == side:
            raise RuleError(
                _("{unit} is in your own army; the enemy picks one of its units").format(
                    unit=unit.name
                )
            )
        refused = sudden_death_unit(objective, unit)
        if refused:
            raise RuleError(refused)
        chosen["unit"] = unit.spec.id
    if objective == "seize-ground":
        chosen["feature"] = act.feature or _("a terrain feature in enemy territory")
    book.sudden_death = chosen
    seize = objective == "seize-ground"
    target = (
        state.unit(chosen["unit"]).name if "unit" in chosen else str((seize and act.feature) or "")
    )
    told = SuddenDeathPicked(
        side, state.sides[side].name, objective, target, seize and not act.feature
    )
    emit(state, told)


@action(Triumph, system="aos1")
def _triumph(state: GameState, act: Triumph, dice: DiceSource, answers: RecordedAnswers) -> None:
    """AoS1 §5.3: after Sudden Death objectives are chosen, a side that won a major victory in
    its previous battle rolls a D6: 1-2 Blessed (one die changed, `Blessed`), 3-4 Inspired
    (declared with a fight), 5-6 Empowered (+1 Wounds for the general, applied here)."""
    from aos_cli.core.scoring import book_of, side_index

    _pre_battle(state, _("A Triumph is rolled before the first battle round (AoS1 §5)"))
    book = book_of(state)
    side = side_index(state, act.side)
    if side in book.triumphs:
        raise RuleError(
            _("{side} has already rolled its Triumph").format(side=state.sides[side].name)
        )
    roll = dice.roll(1, _("{side}'s Triumph (D6)").format(side=state.sides[side].name))[0]
    name = next(n for low, high, n in TRIUMPHS_1E if low <= roll <= high)
    book.triumphs.add(side)
    if name == "Empowered":
        general = next((u for u in state.sides[side].units if u.general), None)
        if general is None:
            raise RuleError(
                _("{side} has no general for Empowered").format(side=state.sides[side].name)
            )
        general.spec = replace(general.spec, wounds=general.spec.wounds + 1)
        emit(
            state,
            TriumphRolled(
                side, state.sides[side].name, roll, name, general.spec.id, general.name,
                general.spec.wounds,
            ),
        )  # fmt: skip
    elif name == "Blessed":
        state.sides[side].triumph = {
            "name": "Blessed",
            "text": "Once per battle change the result of a single die to any result.",
            "any_die": True,
        }
        emit(state, TriumphRolled(side, state.sides[side].name, roll, name, "", "", 0))
    else:
        # declared like the 2nd edition's triumphs, with `--triumph` on a fight (AoS1 §5.3)
        state.sides[side].triumph = {
            "name": "Inspired",
            "text": "In one combat phase one unit rerolls all its failed hit rolls.",
            "phase": "combat",
            "effects": [
                {
                    "type": "lasting",
                    "until": "end_of_phase",
                    "target": "self",
                    "effects": [{"type": "reroll", "roll": "hit", "which": "failed"}],
                }
            ],
        }
        emit(state, TriumphRolled(side, state.sides[side].name, roll, name, "", "", 0))


@register_action_type
@dataclass(frozen=True)
class Blessed(Action):
    """AoS1 §5.3 Blessed: once per battle `side` changes one die to any result. The step that
    rolled it (`step`, its `payload`) is played again with its `die`-th die (counted from 1
    over the step's rolls) turned to `value`; its other dice stay as they were rolled."""

    kind: ClassVar[str] = "blessed"
    side: str
    die: int
    value: int
    step: str
    payload: JsonObject


class BlessedDice:
    """The step's dice with one die changed to the chosen result (AoS1 §5.3): the `die`-th
    die rolled (from 1) reads `value`; `changed` keeps what it was rolled as, and why."""

    def __init__(self, inner: DiceSource, die: int, value: int) -> None:
        self.inner, self.die, self.value = inner, die, value
        self.seen = 0
        self.changed: tuple[str, int] | None = None
        self.purpose: Text | None = None
        """What the changed die was rolled for, to be said in any language."""

    def roll(self, count: int, purpose: Any) -> list[int]:
        values = list(self.inner.roll(count, purpose))
        if self.seen < self.die <= self.seen + count:
            place = self.die - self.seen - 1
            self.changed = (str(purpose), values[place])
            self.purpose = purpose if isinstance(purpose, Text) else tr("{text}", text=purpose)
            values[place] = self.value
        self.seen += count
        return values


def blessed_side(state: GameState, named: str | None) -> int:
    """The side using Blessed: the one named, else the only side holding it unused."""
    from aos_cli.core.scoring import side_index

    holding = [
        i
        for i, s in enumerate(state.sides)
        if s.triumph and s.triumph.get("any_die") and not s.triumph_used
    ]
    if named:
        side = side_index(state, named)
        if side not in holding:
            raise RuleError(
                _("{side} has no Blessed to use (AoS1 §5.3: once per battle)").format(
                    side=state.sides[side].name
                )
            )
        return side
    if not holding:
        raise RuleError(_("no side has Blessed to use (AoS1 §5.3: once per battle)"))
    if len(holding) > 1:
        raise InputError(_("both sides hold Blessed: say whose it is with --side"))
    return holding[0]


@action(Blessed, system="aos1")
def _blessed(state: GameState, act: Blessed, dice: DiceSource, answers: RecordedAnswers) -> None:
    """AoS1 §5.3 Blessed: the step is played again with one of its dice changed to any
    result (1 to 6) and the side's Triumph is spent."""
    from aos_cli.core.actions import handler_for, read_action
    from aos_cli.core.dice import FACES
    from aos_cli.core.state import TRIUMPH_USED

    side = blessed_side(state, act.side)
    if act.value not in FACES:
        raise InputError(
            _("a die shows 1 to 6, not {value}").format(value=act.value), _("give 1 to 6")
        )
    if act.step == Blessed.kind:
        raise RuleError(_("Blessed changes a die of another step"))
    inner = read_action(state, act.step, dict(act.payload))
    handler = handler_for(state, type(inner))
    if handler is None:
        raise RuleError(_("there is no step {step} to play again").format(step=repr(act.step)))
    changed = BlessedDice(dice, act.die, act.value)
    handler(state, inner, changed, answers)
    if changed.changed is None:
        raise RuleError(
            ngettext(
                "that step rolled {n} die, not a die number {die}",
                "that step rolled {n} dice, not a die number {die}",
                changed.seen,
            ).format(n=changed.seen, die=act.die)
        )
    state.sides[side].used_once_per_battle.add(TRIUMPH_USED)
    _purpose, was = changed.changed
    what = changed.purpose or tr("{text}", text=_purpose)
    emit(state, BlessedChanged(side, state.sides[side].name, what, was, act.value))


AOS1 = AoS1Scenery(
    **INFO.settings(),
    section="AoS1",
    phases=("hero", "movement", "shooting", "charge", "combat", "battleshock"),
    demo_armies=("stormcast-aos1-demo.yaml", "nighthaunt-aos1-demo.yaml"),
    demo_battleplan="glorious-victory",
    general_commands=True,
    engagement=3,
    tracks_engagement=True,  # AoS1 §8.2: only a unit that starts within 3" of an enemy retreats
    unbind_range=18,
    spell_limit="caster",
    unbind_needs_sight=True,
    unbind_words=UnbindWords(
        question=N_('is {unit} within {reach}" of {caster} and able to see it?'),
        out_of_range=N_(
            '{unit} is not within {reach}" of {caster} or cannot see it, and cannot unbind'
        ),
    ),
    general_replaced=False,
    spells=(
        SpellRule("arcane bolt", 5, 18, "enemy"),
        SpellRule("mystic shield", 6, 18, "friendly"),
    ),
    scenery_range=3,
    own_scenery_reminders=True,
    garrisons=False,
    cover_question=N_("is every model of {unit} within or on a terrain feature?"),
    battle_rounds=6,
    shooting_engaged_rule=False,
    look_out_sir=False,
    setup_wizard=True,
    setup_steps="aos_cli.systems.aos1.setup_wizard:run_wizard",
    first_step=N_(
        "The player who finished set-up first chooses who goes first with "
        "`aos priority --first SIDE`."
    ),
)
"""The sheet sets no battle length (AoS1 §5.1); six rounds lets Endure (end of round six) be
decided, and a battleplan or `battle_rounds` in the set-up can say otherwise."""

register(AOS1)
