"""What the engine asks of a game system, by concern: its turn, combat, magic, morale, scoring,
set-up and scenery, each a small `Protocol` (issue 25 item 2).

A `GameSystem` (`aos_cli.core.system`) holds one part per concern; code asks the part it needs
(`system.magic.unbind_range`, `system.turn.priority(...)`) rather than one interface of fifty
fields. A system without magic in the game engine has no magic part (`system.magic is None`),
not a flag. The `AoS...` classes here are Age of Sigmar 2nd edition's parts, the reference
behaviour: a system takes them as they are, subclasses them where its rules differ, or writes
its own class that has what the protocol names.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from aos_cli.core.errors import RuleError
from aos_cli.core.phases import Phase
from aos_cli.core.weapon_kinds import WeaponKind
from aos_cli.language.i18n import N_
from aos_cli.language.text import tr

if TYPE_CHECKING:
    from aos_cli.core.action_types import Priority
    from aos_cli.core.answers import RecordedAnswers
    from aos_cli.core.dice import DiceSource
    from aos_cli.core.effects import AttackRules
    from aos_cli.core.state import GameState, UnitState
    from aos_cli.core.system_scoring import SystemScoring
    from aos_cli.language.text import Text


@dataclass(frozen=True)
class SpellRule:
    """A spell every wizard (psyker) of the system knows: its casting value and range."""

    name: str
    casting_value: int
    range: int = 18
    aim: str = "enemy"
    """`enemy` or `friendly`: whom the spell is cast at."""


@dataclass(frozen=True)
class UnbindWords:
    """How a system words the one unbinding rule (AoS2 §15 unbind, 40k8 §5.5 Deny the Witch):
    templates filled with {unit}, {caster}, {spell}, {total}, {how} (the modifiers in force),
    {roll} and {reach}; marked for translation, translated where they are said."""

    nothing_waiting: str = N_("there is no spell waiting to be unbound")
    passed: str = N_("No unbind attempt: {spell} takes effect.")
    own_side: str = N_("{unit} is on the caster's side")
    no_more: str = N_("{unit} cannot unbind any more spells this phase")
    question: str = N_('is {unit} within {reach}" of {caster}?')
    out_of_range: str = N_('{unit} is not within {reach}" of {caster} and cannot unbind')
    roll: str = N_("the unbinding roll of {unit} (2D6, must beat {roll})")
    success: str = N_("{unit} unbinds {spell} with {total}{how}.")
    failure: str = N_("{unit} fails to unbind ({total}{how}): {spell} takes effect.")


@dataclass(frozen=True)
class Option:
    """One thing a player may do now: a line of `aos play`'s menu and the action it performs.
    Its `label` may be a text the core means (`tr()`): views show `str(option.label)`."""

    label: str | Text
    kind: str
    payload: dict[str, Any] = field(default_factory=dict)
    target: str | None = None
    """`enemy` or `friendly` when the action needs a target unit picked."""
    side: int = 0
    """The side whose player acts."""
    target_prompt: str = ""
    """Who picks the target and how, where not the acting player (AoS1 §5.2: the enemy
    picks the unit to be assassinated)."""
    allowed: tuple[str, ...] | None = None
    """The ids of the only units it may target, where a rule narrows them."""


# ---- the protocols: what the engine asks --------------------------------------------------


class TurnRules(Protocol):
    """The turn: its phases, the battle's length, who goes first, how commands are given."""

    @property
    def phases(self) -> tuple[str, ...]:
        """The phases of a turn, in order."""

    @property
    def battle_rounds(self) -> int:
        """The battle length when the battleplan gives none."""

    @property
    def command_phase(self) -> str:
        """The phase the general's command ability is used in (AoS1)."""

    @property
    def general_commands(self) -> bool:
        """Only the general commands, once per hero phase, for free (AoS1 §7.2)."""

    @property
    def turn_start_phase(self) -> str:
        """The first phase of a turn: effects lasting "until your next ..." end here."""

    def priority_menu(self, state: GameState) -> list[Option]:
        """What `aos play` offers as a battle round starts."""

    def menu(self, state: GameState) -> list[Option] | None:
        """The system's own menu of a turn, or None for the game engine's."""

    def needs_priority_roll(self, state: GameState) -> bool:
        """Whether the next battle round starts with a priority action."""

    def priority(
        self, state: GameState, act: Priority, dice: DiceSource, answers: RecordedAnswers
    ) -> int:
        """The side that takes the first turn of the coming battle round."""

    def battle_over(self, state: GameState, answers: Any) -> bool:
        """Whether the battle ends as the battle round just played ends."""


class CombatRules(Protocol):
    """Combat: the fighting phase, engagement, how attack dice are judged, what shooting allows."""

    @property
    def phase(self) -> str:
        """The phase units fight in."""

    @property
    def engagement(self) -> int:
        """Within this many inches of an enemy a unit is engaged."""

    @property
    def tracks_engagement(self) -> bool:
        """Whether the shared rules work out who may be engaged (`core.legality`)."""

    @property
    def shooting_engaged_rule(self) -> bool:
        """A unit within 3" of the enemy may shoot only units within 3" (AoS2 §9)."""

    @property
    def look_out_sir(self) -> bool:
        """-1 to hit a Hero near a unit of 3+ models with missiles (AoS2 §9)."""

    @property
    def attack_planner(self) -> str:
        """Where the phase planner gets one unit's attack on another (`module:attribute`)."""

    def attack_rules(self, rules: AttackRules) -> AttackRules:
        """The compiled attack rules judged by this system's dice conventions."""

    def owed_fight(self, state: GameState) -> RuleError | None:
        """The error for ending the combat phase while a fight is owed, or None."""


class MagicRules(Protocol):
    """Magic: the phase spells are cast in, the generic spells, unbinding."""

    @property
    def phase(self) -> str:
        """The phase spells (psychic powers) are cast in."""

    @property
    def spells(self) -> tuple[SpellRule, ...]:
        """The spells every wizard knows."""

    @property
    def spell_limit(self) -> str:
        """`army`: each spell once per turn army-wide (AoS2 §15); `caster`: once per caster."""

    @property
    def unbind_range(self) -> int:
        """Within this many inches of the caster a wizard may unbind."""

    @property
    def unbind_verb(self) -> str:
        """The verb on a menu line: `Unbind Arcane Bolt with ...` (40k8: `Deny`)."""

    @property
    def unbind_words(self) -> UnbindWords:
        """The notes, questions and errors of an unbinding attempt in the system's terms."""

    def spell(self, name: str) -> SpellRule | None:
        """A generic spell by name or id."""

    def arcane_bolt(self, casting_roll: int, dice: DiceSource) -> int:
        """Mortal wounds of Arcane Bolt."""

    def mystic_shield(self) -> tuple[dict[str, Any], str]:
        """Mystic Shield's effect and the note it makes."""


class MoraleRules(Protocol):
    """Morale: the battleshock (morale) phase and the characteristic tested."""

    @property
    def phase(self) -> str:
        """The phase units test their morale in."""

    @property
    def bravery_name(self) -> str:
        """The characteristic's name: Bravery, Leadership, Courage, Nerve."""

    def battleshock_exempt(self, state: GameState, unit_side: int, effects: list[Any]) -> bool:
        """Whether a lasting effect spares the unit its test."""


class ScoringRules(Protocol):
    """Scoring: objectives, and the system's own scoring beside its battleplans'."""

    @property
    def objective_control_range(self) -> int:
        """Models within this many inches of an objective's centre count towards it."""

    @property
    def objectives_sticky(self) -> bool:
        """Control lasts until the enemy takes it (AoS2 §17.3)."""

    def rules(self) -> SystemScoring:
        """The system's own scoring, called by `aos_cli.core.scoring`."""


class SetUpRules(Protocol):
    """Set-up: the general, reserves, and what the system decides of the sides before battle."""

    @property
    def general_replaced(self) -> bool:
        """A slain general is replaced by another model of the army (AoS2 §5.3)."""

    @property
    def general_in_reserve(self) -> bool:
        """Whether the general may be set up off the battlefield."""

    @property
    def arrival_roll(self) -> int | None:
        """The D6 a unit in reserve needs to arrive, or None (arrives without a roll)."""

    @property
    def reserve_ability(self) -> str | None:
        """The id of the ability that lets a unit be set up off the battlefield, or None."""

    def prepare_sides(self, sides: list[dict[str, Any]], underdog: int | None) -> None:
        """Complete the sides' set-up snapshots before the battle."""


class SceneryRules(Protocol):
    """Scenery: cover, garrisons and the scenery table's rules."""

    @property
    def own_reminders(self) -> bool:
        """The system reminds the players of its scenery rules itself (`start_of_phase`)."""

    @property
    def garrisons(self) -> bool:
        """Terrain features may be garrisoned (AoS2 §4.5)."""

    @property
    def cover_question(self) -> str:
        """How the cover question is put."""

    def cover_for_monsters(self) -> bool:
        """Whether a Monster or War Machine with Wounds 8+ is denied cover."""

    def start_of_phase(self, state: GameState) -> None:
        """Rules the tool reminds the players of as a phase starts."""

    def arcane_bonus(self, state: GameState, wizard: UnitState, answers: RecordedAnswers) -> int:
        """+1 to casting and unbinding rolls near an Arcane feature."""

    def bravery_modifier(self, state: GameState, unit: UnitState, answers: RecordedAnswers) -> int:
        """Inspiring and Sinister features' Bravery modifiers."""

    def mystical_ward(
        self, state: GameState, target: UnitState, answers: RecordedAnswers
    ) -> int | None:
        """A Mystical feature's ward, or None."""

    def after_move(
        self, state: GameState, unit: UnitState, dice: DiceSource, answers: RecordedAnswers,
        how: str,
    ) -> int:  # fmt: skip
        """Deadly scenery after a move; returns the mortal wounds the unit suffers."""


# ---- Age of Sigmar 2nd edition's parts: the reference behaviour -----------------------------


def choose_first(state: GameState, decider: int, act: Priority, answers: RecordedAnswers) -> int:
    """The side the decider sends first: the action's `first`, else asked, else itself."""
    chosen = act.first
    if chosen is None and act.ask:
        keeps = answers.yes_no(
            "decider-first",
            tr(
                "{side} chooses: take the first turn (n gives it away)?",
                side=state.sides[decider].name,
            ),
        )
        chosen = decider if keeps else 1 - decider
    return decider if chosen is None else chosen


def priority_decider(state: GameState, winner: int | None) -> int:
    """Who chooses the first turn: the roll-off winner; on a tie, the side that went first last
    round, or in round one the side that finished set-up first (AoS2 §6)."""
    if winner is not None:
        return winner
    if state.first_side is not None:
        return state.first_side
    return 0 if state.sides[0].finished_setup_first else 1


AOS_PHASES: tuple[str, ...] = tuple(Phase)
"""AoS2 §6: hero, movement, shooting, charge, combat, battleshock."""


@dataclass(frozen=True)
class AoSTurn:
    """The AoS2 turn (§6): a priority roll-off each round, the winner chooses."""

    phases: tuple[str, ...] = AOS_PHASES
    battle_rounds: int = 5
    """The battle length when the battleplan gives none."""
    command_phase: str = Phase.HERO
    """The phase the general's command ability is used in (AoS1); unused where CP are spent."""
    general_commands: bool = False
    """AoS1 §7.2: only the general commands, one command ability per hero phase, for free;
    Inspiring Presence is used in the hero phase and lasts until your next hero phase."""

    @property
    def turn_start_phase(self) -> str:
        """The first phase of a turn: effects lasting "until your next ..." end here."""
        return self.phases[0]

    def priority_menu(self, state: GameState) -> list[Option]:
        """What `aos play` offers as a battle round starts: the priority roll (AoS2 §6)."""
        label = tr("Roll priority for battle round {round}", round=state.round + 1)
        return [Option(str(label), "priority", {"ask": True})]  # said: a menu label is a string

    def menu(self, state: GameState) -> list[Option] | None:
        """The system's own menu of a turn, or None for the game engine's (`aos_cli.core.guide`)."""
        return None

    def needs_priority_roll(self, state: GameState) -> bool:
        """Whether the next battle round starts with a priority action (a roll or a choice)."""
        return True

    def priority(
        self, state: GameState, act: Priority, dice: DiceSource, answers: RecordedAnswers
    ) -> int:
        """Decide who takes the first turn of the coming battle round (AoS2 §6).

        A roll-off; the winner chooses. On a tie the side that went first last round chooses,
        in round one the side that finished set-up first."""
        from aos_cli.core.dice import roll_off
        from aos_cli.core.events import PriorityRolled, emit

        names = tr("{first}, then {second}", first=state.sides[0].name, second=state.sides[1].name)
        what = tr("the priority roll-off")  # said below: a roll's purpose is a string in `dice`
        result = roll_off(dice, reroll_ties=False, what=str(what), sides=str(names))
        first, second = result.rounds[-1]
        decider = priority_decider(state, result.winner)
        rolled = PriorityRolled(
            state.round + 1, tuple(side.name for side in state.sides), (first, second),
            result.winner is None, decider, state.sides[decider].name,
        )  # fmt: skip
        emit(state, rolled)
        return choose_first(state, decider, act, answers)

    def battle_over(self, state: GameState, answers: Any) -> bool:
        """Whether the battle ends as the battle round just played ends: after the battle's
        length in rounds (AoS2 §17.1, 40k8 §17.8)."""
        return state.round >= state.battle_rounds


@dataclass(frozen=True)
class AoSCombat:
    """AoS2 combat: the 3" engagement (§8), shooting while engaged and Look Out, Sir! (§9), the
    dice judged as they are, a charger owed its fight (p.6)."""

    phase: str = Phase.COMBAT
    engagement: int = 3
    """Within this many inches of an enemy a unit is engaged (AoS 3", 40k 1")."""
    tracks_engagement: bool = False
    """Whether the shared move, charge and fight rules work out who may be engaged, so the
    tool asks only when an enemy can be that close (`aos_cli.core.legality`)."""
    shooting_engaged_rule: bool = True
    """AoS2 §9: a unit within 3" of the enemy may only shoot units within 3" (none in AoS1)."""
    look_out_sir: bool = True
    """AoS2 §9: -1 to hit a Hero near a unit of 3+ models with missiles (none in AoS1)."""
    attack_planner: str = "aos_cli.core.handlers.combat:planned_attack"
    """Where the phase planner gets one unit's attack on another as its engine takes it
    (`module:attribute`, called with state, attacker, target, `shoot` or `fight`, answers and
    extra effects; it returns (engine, spec) or None), built as the system's own shooting and
    fighting build it before their dice, so plan and dice share one model."""

    def attack_rules(self, rules: AttackRules) -> AttackRules:
        """The compiled attack rules judged by this system's dice conventions (AoS2: as is)."""
        return rules

    def owed_fight(self, state: GameState) -> RuleError | None:
        """The error for ending the combat phase while a unit that charged this turn has not
        fought, or None: AoS2 p.6, a charger is eligible and must be picked while an enemy is
        left (it attacks with 0 attacks when none is within reach)."""
        waiting = [
            u
            for u in state.units()
            if u.on_battlefield
            and u.charged
            and not u.fought
            and any(w.kind == WeaponKind.MELEE for w in u.spec.weapons)
            and any(e.on_battlefield for e in state.sides[1 - u.side].units)
        ]
        if not waiting:
            return None
        return RuleError(
            tr("{unit} charged this turn and has not fought: it must fight before the combat "
              "phase ends (AoS2 p.6)", unit=waiting[0].name),
            tr("fight with `aos fight` (with --attacks 0 when no enemy is within reach)"),
        )  # fmt: skip


@dataclass(frozen=True)
class AoSMagic:
    """AoS2 §15 magic: cast in the hero phase, each spell once per turn army-wide, unbound
    within 30"; Arcane Bolt and Mystic Shield."""

    phase: str = Phase.HERO
    spells: tuple[SpellRule, ...] = (
        SpellRule("arcane bolt", 5, 18, "enemy"),
        SpellRule("mystic shield", 6, 18, "friendly"),
    )
    spell_limit: str = "army"
    """`army`: each spell once per turn army-wide (AoS2 §15); `caster`: once per caster."""
    unbind_range: int = 30
    unbind_verb: str = "Unbind"
    """The verb on a menu line: `Unbind Arcane Bolt with ...` (40k8: `Deny`)."""
    unbind_words: UnbindWords = UnbindWords()
    """The notes, questions and errors of an unbinding attempt in the system's terms."""

    def spell(self, name: str) -> SpellRule | None:
        """A generic spell of this system by name or id (`arcane-bolt`, `Arcane Bolt`)."""
        key = name.strip().lower().replace("-", " ").replace("_", " ")
        return next((s for s in self.spells if s.name.lower() == key), None)

    def arcane_bolt(self, casting_roll: int, dice: DiceSource) -> int:
        """Mortal wounds of Arcane Bolt: 1, or D3 on a casting roll of 10+ (AoS2 §15)."""
        from aos_cli.core.dice import parse_dice

        return (
            1
            if casting_roll < 10
            else parse_dice("D3").roll(dice, tr("the mortal wounds of Arcane Bolt (D3)"))
        )

    def mystic_shield(self) -> tuple[dict[str, Any], str]:
        """Mystic Shield's effect and the note it makes, a template of {spell} and {unit}
        translated where it is said (AoS2 §15: reroll save rolls of 1)."""
        return (
            {"type": "reroll", "roll": "save", "which": "ones"},
            N_("{spell}: {unit} rerolls save rolls of 1 until your next hero phase."),
        )


@dataclass(frozen=True)
class AoSMorale:
    """AoS2 §12 battleshock: Bravery, tested in the battleshock phase."""

    phase: str = Phase.BATTLESHOCK
    bravery_name: str = "Bravery"

    def battleshock_exempt(self, state: GameState, unit_side: int, effects: list[Any]) -> bool:
        """Whether a lasting effect spares the unit its battleshock test (AoS1 §7.2)."""
        from aos_cli.core.ability_effects import NoBattleshock

        return any(isinstance(e, NoBattleshock) for effect in effects for e in effect.effects)


@dataclass(frozen=True)
class AoSScoring:
    """AoS2 §17.3 objectives: 6" from the centre, held until the enemy takes them; no scoring
    of the system's own beside the battleplans' rules."""

    objective_control_range: int = 6
    """Models within this many inches of an objective's centre count towards it (AoS2 §17.3)."""
    objectives_sticky: bool = True
    """Control lasts until the enemy takes it (AoS2 §17.3); 40k8 §17.3 checks it afresh."""

    def rules(self) -> SystemScoring:
        """The system's own scoring beside its battleplans' rules (AoS1 §5.2 Sudden Death,
        40k8 §17.4 Ancient Relic), called by `aos_cli.core.scoring`; none in AoS2."""
        from aos_cli.core.system_scoring import NO_SCORING

        return NO_SCORING


@dataclass(frozen=True)
class AoSSetUp:
    """AoS2 set-up: the general set up on the battlefield and replaced when slain (§5.3, p.3),
    reserves arriving on a 3+ (Scions of the Storm, §26.1)."""

    general_replaced: bool = True
    """AoS2 §5.3: a slain general is replaced by another model of the army."""
    general_in_reserve: bool = False
    """Whether the general may be set up off the battlefield: never in AoS2 (p.3, the general
    is a model set up on the battlefield); 40k8's Warlord may wait in a teleportarium (§4.7)."""
    arrival_roll: int | None = 3
    """The D6 a unit in reserve needs to arrive (Scions of the Storm: 3+, AoS2 §26.1); None
    when it arrives without a roll at the end of its Movement phase (Teleport Strike, 40k8
    §4.7)."""
    reserve_ability: str | None = None
    """The id of the ability that lets a unit be set up off the battlefield (40k8 §4.7:
    `teleport-strike`); None where a keyword decides (Scions of the Storm, AoS2 §26.1)."""

    def prepare_sides(self, sides: list[dict[str, Any]], underdog: int | None) -> None:
        """Complete the sides' set-up snapshots with what the system decides before the battle
        (nothing in AoS); `underdog` is the side named by `aos game new --underdog`."""


@dataclass(frozen=True)
class AoSScenery:
    """AoS2 §4.3 scenery (1") and §14.9 cover, garrisons (§4.5)."""

    own_reminders: bool = False
    """The system reminds the players of its scenery rules itself (`start_of_phase`, AoS1
    §3.4): the 2nd edition's Damned reminder is not shown beside its own."""
    garrisons: bool = True
    """Terrain features may be garrisoned (AoS2 §4.5); the 1st edition has no garrisons."""
    cover_question: str = N_("is every model of {unit} wholly on or within a terrain feature?")
    """How the cover question is put (AoS2 §14.9 "wholly"; AoS1 §11.7 "within or on")."""

    def cover_for_monsters(self) -> bool:
        """Whether a Monster or War Machine with Wounds 8+ is denied cover (AoS2 §14.9 b)."""
        return True

    def start_of_phase(self, state: GameState) -> None:
        """Rules the tool reminds the players of as a phase starts (none in AoS2)."""

    def arcane_bonus(self, state: GameState, wizard: UnitState, answers: RecordedAnswers) -> int:
        """Arcane scenery: +1 to casting and unbinding rolls near the feature (AoS2 §4.3)."""
        from aos_cli.core import terrain

        return terrain.arcane_bonus(state, wizard, answers)

    def bravery_modifier(self, state: GameState, unit: UnitState, answers: RecordedAnswers) -> int:
        """Inspiring +1 and Sinister -1 Bravery near the feature (AoS2 §4.3)."""
        from aos_cli.core import terrain

        return terrain.bravery_modifier(state, unit, answers)

    def mystical_ward(
        self, state: GameState, target: UnitState, answers: RecordedAnswers
    ) -> int | None:
        """Mystical scenery's 6+ ward within 1" (AoS2 §4.3)."""
        from aos_cli.core import terrain

        return terrain.mystical_ward(state, target, answers)

    def after_move(
        self, state: GameState, unit: UnitState, dice: DiceSource, answers: RecordedAnswers,
        how: str,
    ) -> int:  # fmt: skip
        """Deadly scenery after a move, a run or a charge (AoS2 §4.3, as the engine has always
        applied it); `how` is `move`, `run`, `retreat`, `advance`, `fall_back` or `charge`.
        Returns the mortal wounds the unit suffers (the engine allocates them)."""
        from aos_cli.core import terrain

        return terrain.deadly_check(state, unit, dice, answers)
