"""aos-cli: a command-line battle assistant for Age of Sigmar and related wargames."""

__version__ = "0.1.0"
