"""What the engine asks of a game system, by concern: its turn, combat, magic, morale, scoring,
set-up and scenery, each a small `Protocol` (issue 25 item 2).

A `GameSystem` (`aos_cli.core.system`) holds one part per concern; code asks the part it needs
(`system.magic.unbind_range`, `system.turn.priority(...)`) rather than one interface of fifty
fields. A system without magic in the game engine has no magic part (`system.magic is None`),
not a flag. Age of Sigmar 2nd edition's parts, the reference behaviour, are the `AoS...`
classes of `aos_cli.core.system`: a system takes them as they are, subclasses them where its
rules differ, or writes its own class that has what the protocol names. The values the
protocols speak of (`SpellRule`, `UnbindWords`, `Option`) live here too.
"""

from __future__ import annotations

from dataclasses import field
from typing import TYPE_CHECKING, Any, Protocol

from aos_cli.core.errors import RuleError
from aos_cli.core.records import dataclass
from aos_cli.language.i18n import N_

if TYPE_CHECKING:
    from aos_cli.core.action_types import Priority
    from aos_cli.core.answers import RecordedAnswers
    from aos_cli.core.dice import DiceSource
    from aos_cli.core.effects import AttackRules
    from aos_cli.core.state import GameState, UnitState
    from aos_cli.core.stored_setup import StoredSide
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

    def prepare_sides(self, sides: list[StoredSide], underdog: int | None) -> None:
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
    def garrisons_before(self) -> int:
        """Games set up before this rules revision keep AoS2's garrisons (they replay as played)."""

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
