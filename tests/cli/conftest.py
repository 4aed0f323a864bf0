"""What every command-line test shares: no pseudo-terminal child outlives its test."""

from __future__ import annotations

from collections.abc import Iterator

import pytest


@pytest.fixture(autouse=True)
def _stop_terminals() -> Iterator[None]:
    """Stop the children of terminals a test left open (a failed one never closes them), so
    the next test is not blamed for them (warnings are errors)."""
    from tests.cli.test_play_pty import OPEN_TERMINALS

    yield
    while OPEN_TERMINALS:
        OPEN_TERMINALS.pop().stop()
