"""The language floor, beneath the core: the player's language and its catalogues (`i18n`,
`catalogues`), and the sentences the rules mean before any language is chosen (`text`)."""
