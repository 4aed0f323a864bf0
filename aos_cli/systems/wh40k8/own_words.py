"""The words 40k's own rulebook says differently from the words all systems share.

The catalogues hold them within the system's id as context (`msgctxt "wh40k8"`); while a game
of this system is shown (`i18n.use_system`, set when a game is set up or loaded) they win over
the shared translation. Hungarian 40k (seed 001) says "csatakör" for the battle round,
"győzelempont", "objektumjelző" and "Roham fázis" where Age of Sigmar's Hungarian rulebook (seed
000) says "forduló", "győzelmi pont", "stratégiai pont" and "rohamozási fázis". A language whose
words do not differ gives the shared translation again.
"""

from __future__ import annotations

from aos_cli.language.i18n import npgettext, pgettext


def own_words() -> list[str]:
    """40k's own words in the chosen language (what its rulebook says); marks each message
    for the catalogues within the system's context."""
    return [
        pgettext("wh40k8", "Round"),
        pgettext("wh40k8", "Rounds"),
        pgettext("wh40k8", "Round {round} · {side} · {phase}"),
        pgettext("wh40k8", "Round {round} · {side}'s turn · {phase}"),
        pgettext("wh40k8", "Battle round {round}: {side} takes the first turn."),
        pgettext("wh40k8", "The battle ends after battle round {round}."),
        pgettext("wh40k8", "In battle round {round} neither side leads."),
        pgettext("wh40k8", "In battle round {round} of {rounds} neither side leads."),
        pgettext("wh40k8", "In battle round {round} of {rounds} {leader} leads by {margin}."),
        pgettext("wh40k8", "In battle round {round} of {rounds} {leader} leads."),
        pgettext("wh40k8", "In battle round {round} {leader} leads by {margin}."),
        pgettext("wh40k8", "In battle round {round} {leader} leads."),
        pgettext("wh40k8", "once per battle round"),
        pgettext("wh40k8", "start of the battle round"),
        pgettext("wh40k8", "{unit} has already used {what} this battle round"),
        pgettext("wh40k8", "the automatic player cannot leave the {phase} of round {round}"),
        pgettext(
            "wh40k8",
            "{side}'s luckiest attack: {unit} against {target} in round {round} ({phase}), "
            "{actual} damage where {expected} was expected.",
        ),
        pgettext(
            "wh40k8",
            "{side}'s unluckiest attack: {unit} against {target} in round {round} ({phase}), "
            "{actual} damage where {expected} was expected.",
        ),
        pgettext("wh40k8", "movement phase"),
        pgettext("wh40k8", "psychic phase"),
        pgettext("wh40k8", "shooting phase"),
        pgettext("wh40k8", "charge phase"),
        pgettext("wh40k8", "fight phase"),
        pgettext("wh40k8", "morale phase"),
        pgettext("wh40k8", "Victory points"),
        npgettext(
            "wh40k8", "{side} scores {n} VP: {reason}.", "{side} scores {n} VP: {reason}.", 2
        ),
        pgettext("wh40k8", "cannot win on victory points"),
        npgettext("wh40k8", "{n} VP", "{n} VP", 2),
        npgettext("wh40k8", "needs {n} more VP to win", "needs {n} more VP to win", 2),
        npgettext(
            "wh40k8",
            "needs {n} more VP for a major victory",
            "needs {n} more VP for a major victory",
            2,
        ),
        npgettext(
            "wh40k8",
            "needs {n} more VP to win ({major} for a major victory)",
            "needs {n} more VP to win ({major} for a major victory)",
            2,
        ),
        npgettext(
            "wh40k8",
            "winning a minor victory as things stand; {n} more VP makes it major",
            "winning a minor victory as things stand; {n} more VP makes it major",
            2,
        ),
        pgettext("wh40k8", "Objective"),
        pgettext("wh40k8", "Objectives"),
        pgettext("wh40k8", "objective"),
        pgettext("wh40k8", "objectives: {names}"),
        pgettext("wh40k8", "name the objective"),
        pgettext("wh40k8", "no objective called {name}"),
        pgettext("wh40k8", "there is already an objective called {name}"),
        pgettext(
            "wh40k8",
            "This battleplan has no objectives (place some with `aos objective NAME --place`).",
        ),
        pgettext("wh40k8", "a model counts towards one objective only ({section} §17.3)"),
        pgettext(
            "wh40k8",
            'how many {side} models are within {reach}" of the centre of {objective} (at most '
            "{left}, the models not counted at another objective)? (or give it first with `aos "
            "objective {id} --models {key}=N`)",
        ),
    ]
