"""`aos serve` as a process of its own (issue 30): the game read-only on a loopback port by
default, an action taken in another process sent to the page, the token required, a bounded
number of viewers, `--lan` printing the address with a QR code, Ctrl-C stopping it with one
line. The browser's side is in test_serve_browser.py."""

from __future__ import annotations

import http.client
import json
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

from tests.cli.serving import SHOOT, STARTED, aos, seed_game, serving
from tests.conftest import RunCli

STOPPED = "aos: stopped showing the game; the game itself is as it was.\n"


@pytest.fixture(scope="module")
def cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.getbasetemp() / "cache"


@pytest.fixture
def db(tmp_path: Path, cache: Path) -> Path:
    return seed_game(tmp_path, cache)


DIRECT = urllib.request.build_opener(urllib.request.ProxyHandler({}))
"""Straight to the loopback server, whatever proxy the environment names."""


def get(url: str, **headers: str) -> tuple[int, bytes]:
    try:
        with DIRECT.open(urllib.request.Request(url, headers=headers)) as answer:
            return answer.status, answer.read()
    except urllib.error.HTTPError as refused:
        return refused.code, refused.read()


class Stream:
    """A page's event stream, read message by message."""

    def __init__(self, url: str) -> None:
        parts = urlsplit(url)
        self.connection = http.client.HTTPConnection(parts.netloc, timeout=STARTED)
        self.connection.request("GET", parts.path + "events")
        self.answer = self.connection.getresponse()

    def next(self) -> dict[str, Any]:
        while True:
            line = self.answer.readline().decode()
            assert line, "the stream ended"
            if line.startswith("data: "):
                data: dict[str, Any] = json.loads(line[len("data: ") :])
                return data

    def close(self) -> None:
        self.connection.close()


@pytest.fixture
def stream() -> Iterator[list[Stream]]:
    opened: list[Stream] = []
    yield opened
    for one in opened:
        one.close()


def test_it_shows_the_game_on_loopback_only_and_ctrl_c_stops_it_with_one_line(
    db: Path, cache: Path
) -> None:
    with serving(db, cache) as served:
        assert served.url.startswith("http://127.0.0.1:")
        assert "this machine only" in served.printed
        status, body = get(served.url + "state")
        assert status == 200
        game = json.loads(body)["game"]
        assert game["where"] == "Round 1 · Player One's turn · shooting phase"
        assert [side["name"] for side in game["sides"]] == ["Player One", "Player Two"]
        code, err = served.stop()
    assert (code, err) == (0, STOPPED)


def test_without_the_token_every_request_is_refused(db: Path, cache: Path) -> None:
    with serving(db, cache) as served:
        parts = urlsplit(served.url)
        base = f"{parts.scheme}://{parts.netloc}"
        token = parts.path.strip("/")
        assert len(token) >= 22
        for path in ("/", "/state", "/events", "/app.js", f"/{token[:-2]}/state"):
            status, body = get(base + path)
            assert status == 403, path
            assert b"Player" not in body


def test_an_action_in_another_process_is_sent_to_the_page(
    db: Path, cache: Path, stream: list[Stream]
) -> None:
    with serving(db, cache) as served:
        stream.append(Stream(served.url))
        before = stream[0].next()["game"]
        aos(db, cache, SHOOT)
        after = stream[0].next()["game"]
    assert after["revision"] == before["revision"] + 1
    assert after["events"][0]["action"] == "shooting"
    assert after["events"][0]["dice"].startswith("dice: ")
    left = [
        int(next(u for u in game["sides"][1]["units"] if u["id"] == "chainrasps")["models"][:2])
        for game in (before, after)
    ]
    assert left[1] < left[0]


def test_the_viewers_are_bounded(db: Path, cache: Path, stream: list[Stream]) -> None:
    with serving(db, cache, "--max-viewers", "1") as served:
        stream.append(Stream(served.url))
        stream[0].next()
        status, body = get(served.url + "events")
        assert (status, body) == (503, b"too many viewers")
        stream[0].close()  # the place is free again once the server sees it closed
        for _attempt in range(200):
            again = Stream(served.url)
            stream.append(again)
            if again.answer.status == 200:
                break
            again.close()
        assert again.answer.status == 200 and again.next()["game"]["id"] == 1


def test_a_request_too_big_is_refused(db: Path, cache: Path) -> None:
    with serving(db, cache) as served:
        parts = urlsplit(served.url)
        connection = http.client.HTTPConnection(parts.netloc, timeout=STARTED)
        connection.putrequest("GET", parts.path + "state")
        connection.putheader("X-Filler", "x" * 20_000)
        connection.endheaders()
        assert connection.getresponse().status in (400, 431)
        connection.close()
        status, _body = get(served.url + "state?lang=" + "x" * 500)
        assert status == 414


@pytest.fixture
def no_server(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """`aos serve` in this process, its server stopped by a Ctrl-C at once; the LAN address
    is the loopback one (the tests send nothing to any other address)."""
    import uvicorn

    from aos_cli.cli import serve

    bound: list[str] = []

    def interrupted(self: uvicorn.Server, sockets: list[Any]) -> None:
        bound.append(sockets[0].getsockname()[0])
        raise KeyboardInterrupt

    monkeypatch.setattr(uvicorn.Server, "run", interrupted)
    monkeypatch.setattr(serve, "lan_address", lambda: "127.0.0.1")
    return bound


def test_lan_prints_the_address_and_a_qr_code_of_it(
    run_cli: RunCli, db: Path, no_server: list[str]
) -> None:
    import io

    import segno

    done = run_cli("serve", "--lan", "--port", "0", "--db", str(db))
    assert done.exit_code == 0, done.stderr
    assert done.stderr == STOPPED
    assert no_server == ["127.0.0.1"]
    url = next(word for word in done.stdout.split() if word.startswith("http://"))
    drawn = io.StringIO()
    segno.make(url, error="m", micro=False).terminal(out=drawn, compact=True)
    assert drawn.getvalue() in done.stdout
    assert "Scan this with a phone on the same Wi-Fi:" in done.stdout
    assert "on your network" in done.stdout


def test_loopback_is_the_default_and_prints_no_qr_code(
    run_cli: RunCli, db: Path, no_server: list[str]
) -> None:
    done = run_cli("serve", "--port", "0", "--db", str(db), "--game", "1")
    assert done.exit_code == 0, done.stderr
    assert no_server == ["127.0.0.1"]
    assert "█" not in done.stdout and "game 1 (Hammers of Azyr vs" in done.stdout


@pytest.mark.parametrize(
    ("args", "code", "says"),
    [
        (("--host", "my-laptop"), 2, "--host: 'my-laptop' is not an IP address"),
        (("--port", "70000"), 2, "65535"),
        (("--game", "42"), 1, "no game 42"),
    ],
)
def test_bad_options_are_one_line(
    run_cli: RunCli, db: Path, no_server: list[str], args: tuple[str, ...], code: int, says: str
) -> None:
    done = run_cli("serve", "--db", str(db), *args)
    assert done.exit_code == code
    assert says in done.stderr and len(done.stderr.strip().splitlines()) == 1
    assert no_server == []


def test_a_missing_database_is_one_line_and_not_created(
    run_cli: RunCli, tmp_path: Path, no_server: list[str]
) -> None:
    done = run_cli("serve", "--db", str(tmp_path / "none.sqlite3"))
    assert done.exit_code == 1 and "no games database at" in done.stderr
    assert not (tmp_path / "none.sqlite3").exists()


def test_a_port_taken_is_one_line(run_cli: RunCli, db: Path, no_server: list[str]) -> None:
    import socket

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        done = run_cli("serve", "--db", str(db), "--port", str(port))
    assert done.exit_code == 1
    assert f"cannot listen on 127.0.0.1 port {port}" in done.stderr
