"""The web app of `aos serve` (issue 30 items 2 to 4): the token on every route, compared in
constant time; GET and HEAD only, no body, a short query; a strict Content-Security-Policy on
every answer; the page in the viewer's language."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from aos_cli.app.live_view import Watch
from aos_cli.views.web import server
from aos_cli.views.web.server import asked_language, build_app
from tests.app.test_live_view import README_START, seeded
from tests.conftest import RunCli

TOKEN = "t0ken-for-the-tests_0123"
STATIC = Path(server.__file__).parent / "static"


@pytest.fixture
def watch(run_cli: RunCli, tmp_path: Path) -> Iterator[Watch]:
    found = Watch(seeded(run_cli, tmp_path / "games.sqlite3", *README_START))
    yield found
    found.close()


@pytest.fixture
def client(watch: Watch) -> TestClient:
    return TestClient(build_app(watch, TOKEN))


@pytest.mark.parametrize(
    "path",
    ["/", "/app.js", "/state", "/events", "/favicon.ico", f"/{TOKEN[:-1]}/", f"/{TOKEN}x/state",
     f"/x{TOKEN}/", f"/{TOKEN.upper()}/", "/%00/", f"//{TOKEN}/"],
)  # fmt: skip
def test_every_route_is_refused_without_the_token(client: TestClient, path: str) -> None:
    answer = client.get(path)
    assert answer.status_code == 403
    assert "game" not in answer.text.lower() and "Player" not in answer.text


def test_the_token_is_compared_in_constant_time(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    compared: list[tuple[bytes, bytes]] = []
    real = server.secrets.compare_digest

    def spy(a: bytes, b: bytes) -> bool:
        compared.append((a, b))
        return real(a, b)

    monkeypatch.setattr(server.secrets, "compare_digest", spy)
    assert client.get("/wrong/state").status_code == 403
    assert client.get(f"/{TOKEN}/state").status_code == 200
    assert compared == [(b"wrong", TOKEN.encode()), (TOKEN.encode(), TOKEN.encode())]


def test_the_page_and_its_files_are_served_with_the_token(client: TestClient) -> None:
    page = client.get(f"/{TOKEN}/")
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    for name, kind in (("app.js", "text/javascript"), ("app.css", "text/css"),
                       ("icon.svg", "image/svg+xml")):  # fmt: skip
        answer = client.get(f"/{TOKEN}/{name}")
        assert answer.status_code == 200 and answer.headers["content-type"].startswith(kind)
        assert answer.content == (STATIC / name).read_bytes()
    assert client.head(f"/{TOKEN}/").status_code == 200


def test_the_address_without_its_last_slash_leads_to_the_page(client: TestClient) -> None:
    answer = client.get(f"/{TOKEN}?lang=hu", follow_redirects=False)
    assert answer.status_code == 307 and answer.headers["location"] == f"{TOKEN}/?lang=hu"


@pytest.mark.parametrize("path", ["/", f"/{TOKEN}/", f"/{TOKEN}/state", f"/{TOKEN}/nothing"])
def test_every_answer_carries_a_policy_allowing_nothing_from_elsewhere(
    client: TestClient, path: str
) -> None:
    headers = client.get(path).headers
    policy = dict(
        part.strip().split(" ", 1) for part in headers["content-security-policy"].split(";")
    )
    assert policy["default-src"] == "'none'"
    assert {policy[k] for k in ("script-src", "style-src", "img-src", "connect-src")} == {"'self'"}
    assert policy["frame-ancestors"] == "'none'" and policy["base-uri"] == "'none'"
    assert "unsafe" not in headers["content-security-policy"]
    assert headers["referrer-policy"] == "no-referrer"  # the address holds the token
    assert headers["x-content-type-options"] == "nosniff"
    assert headers["cache-control"] == "no-store"


@pytest.mark.parametrize("method", ["POST", "PUT", "DELETE", "PATCH", "OPTIONS"])
def test_no_route_changes_anything(client: TestClient, method: str) -> None:
    answer = client.request(method, f"/{TOKEN}/state")
    assert answer.status_code == 405 and answer.headers["allow"] == "GET"


def test_a_request_with_a_body_or_a_long_address_is_refused(client: TestClient) -> None:
    assert client.request("GET", f"/{TOKEN}/state", content=b"x" * 10).status_code == 413
    assert client.get(f"/{TOKEN}/state?lang=" + "x" * server.MAX_QUERY).status_code == 414


def test_the_state_is_the_game_in_the_browser_s_language(client: TestClient) -> None:
    english = client.get(f"/{TOKEN}/state").json()
    assert english["lang"] == "en" and english["game"]["name"].startswith("Hammers of Azyr")
    hungarian = client.get(
        f"/{TOKEN}/state", headers={"accept-language": "hu-HU,hu;q=0.9,en;q=0.8"}
    ).json()
    assert hungarian["lang"] == "hu"
    assert hungarian["game"]["where"].startswith("1. forduló")
    chosen = client.get(f"/{TOKEN}/state?lang=it", headers={"accept-language": "hu"}).json()
    assert chosen["lang"] == "it"


@pytest.mark.parametrize(
    ("query", "header", "expected"),
    [
        (None, None, "en"),
        (None, "de-DE,de;q=0.9", "en"),
        (None, "de-DE,ru;q=0.5,hu;q=0.7", "hu"),
        (None, "tr;q=0, it;q=0.1", "it"),
        (None, "RU", "ru"),
        (None, "hu;q=x,it", "it"),
        ("tr", "hu", "tr"),
        ("xx", "hu", "hu"),
        ("../../etc", None, "en"),
        (None, "hu;" * 500, "hu"),
    ],
)
def test_the_language_is_the_page_s_choice_else_the_browser_s(
    query: str | None, header: str | None, expected: str
) -> None:
    assert asked_language(query, header) == expected


def test_the_stream_sends_the_game_as_it_is(watch: Watch) -> None:
    looks = iter([False])
    app = build_app(watch, TOKEN, stopping=lambda: next(looks, True))
    body = TestClient(app).get(f"/{TOKEN}/events?lang=ru").text
    messages = [line[len("data: ") :] for line in body.splitlines() if line.startswith("data: ")]
    assert len(messages) == 1
    data = json.loads(messages[0])
    assert data["lang"] == "ru" and data["game"]["id"] == 1


def test_the_page_has_no_inline_code_and_the_script_never_writes_markup() -> None:
    """A strict policy blocks inline code anyway; the script builds every node with
    `textContent`, so a name is always shown as text."""
    page = (STATIC / "index.html").read_text()
    assert not re.search(r"<script(?![^>]*\bsrc=)", page)
    assert not re.search(r"\son\w+\s*=|\sstyle\s*=|javascript:", page, re.IGNORECASE)
    assert not re.search(r"https?://", page + (STATIC / "app.css").read_text())
    script = (STATIC / "app.js").read_text()
    for sink in ("innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "eval(",
                 "Function(", "setAttribute(\"on", "srcdoc"):  # fmt: skip
        assert sink not in script
    assert not re.search(r"https?://", script)


def test_a_game_that_cannot_be_read_is_one_line_on_the_page(
    watch: Watch, monkeypatch: pytest.MonkeyPatch
) -> None:
    from aos_cli.core.errors import GameError

    def broken() -> None:
        raise GameError("action 3 (shoot) no longer replays: boom")

    monkeypatch.setattr(watch, "read", broken)
    _version, text = server.Pages(watch).now("en")
    data = json.loads(text)
    assert data["game"] is None
    assert data["message"] == "action 3 (shoot) no longer replays: boom"


def test_the_page_is_rebuilt_only_when_the_game_changes(
    run_cli: RunCli, watch: Watch, monkeypatch: pytest.MonkeyPatch
) -> None:
    pages = server.Pages(watch)
    reads: list[int] = []
    real = watch.read

    def counted() -> object:
        reads.append(1)
        return real()

    monkeypatch.setattr(watch, "read", counted)
    first = pages.now("en")
    assert pages.now("en") == first and len(reads) == 1
    pages.now("hu")
    assert len(reads) == 2
    db = watch.store.path
    assert run_cli("unbind", "--pass", "--db", str(db)).exit_code == 0
    assert pages.now("en")[0] == (1, first[0][1] + 1) and len(reads) == 3
