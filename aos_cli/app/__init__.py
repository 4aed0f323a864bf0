"""The use cases between the command line and the core: open a game, act on it, set it up."""
