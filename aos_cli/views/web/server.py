"""The web app of `aos serve` (issue 30): one read-only page of the game, on Starlette.

Every request must carry the access token as the first part of its path (`/TOKEN/`), compared
in constant time; anything else is refused before it reaches a route. Only GET and HEAD, no
request body, a short query; a bounded number of live viewers. Every answer carries a strict
Content-Security-Policy: the page loads its one script and style sheet from this server and
nothing from anywhere else, and the script puts every name in as text.

The page is told the game's state by server-sent events: the server looks at the game's
revision every tick and sends the page's data again when it changed.
"""

from __future__ import annotations

import json
import secrets
import threading
from collections.abc import AsyncIterator, Callable
from importlib import resources
from typing import TYPE_CHECKING

from aos_cli.language.i18n import ENGLISH, LANGUAGES

if TYPE_CHECKING:
    from starlette.applications import Starlette
    from starlette.requests import Request
    from starlette.responses import Response
    from starlette.types import ASGIApp, Message, Receive, Scope, Send

    from aos_cli.app.live_view import Version, Watch

TICK = 0.25
"""Seconds between two looks at the game's revision: a change shows within a second."""
KEEP_ALIVE_TICKS = 60
"""Ticks between two comments on a quiet stream, so a phone's connection is not dropped."""
MAX_VIEWERS = 8
"""Pages open at once, by default (`aos serve --max-viewers`)."""
MAX_QUERY = 200
"""Bytes of query string a request may carry (`?lang=hu` needs 7)."""
MAX_HEADER_BYTES = 8192
"""Bytes of headers a request may carry: uvicorn refuses more while they arrive, the guard
once they are read."""
MAX_ACCEPT_LANGUAGE = 256
"""Characters of Accept-Language looked at."""

SECURITY_HEADERS: tuple[tuple[bytes, bytes], ...] = (
    (
        b"content-security-policy",
        b"default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; "
        b"connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    ),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"DENY"),
    (b"cross-origin-resource-policy", b"same-origin"),
    (b"cache-control", b"no-store"),
)
"""Sent with every answer, a refusal too: nothing from elsewhere, no framing, no caching, and
the address (which holds the token) never sent on as a referrer."""

STATIC: dict[str, str] = {
    "": "text/html; charset=utf-8",
    "app.js": "text/javascript; charset=utf-8",
    "app.css": "text/css; charset=utf-8",
    "icon.svg": "image/svg+xml",
}
"""The page's files (package data beside this module) by the path they are served at."""


def new_token() -> str:
    """A random access token for the address: 128 bits, URL-safe."""
    return secrets.token_urlsafe(16)


def asked_language(query: str | None, accept: str | None) -> str:
    """The language the page is shown in: `?lang=` when it names one the tool speaks, else the
    browser's first such in Accept-Language (by its weights), else English."""
    if query in LANGUAGES:
        return str(query)
    ranked: list[tuple[float, int, str]] = []
    for position, part in enumerate((accept or "")[:MAX_ACCEPT_LANGUAGE].split(",")):
        tag, _semicolon, params = part.strip().partition(";")
        weight = 1.0
        for param in params.split(";"):
            key, _equals, value = param.strip().partition("=")
            if key == "q":
                try:
                    weight = float(value)
                except ValueError:
                    weight = 0.0
        code = tag.strip().split("-")[0].lower()
        if code in LANGUAGES and 0 < weight <= 1:
            ranked.append((-weight, position, code))
    return min(ranked)[2] if ranked else ENGLISH


class Pages:
    """The page's data for each language, rebuilt only when the game shown changes."""

    def __init__(self, watch: Watch) -> None:
        self.watch = watch
        self._lock = threading.Lock()
        self._built: dict[str, tuple[Version, str]] = {}

    def now(self, lang: str) -> tuple[Version, str]:
        """The game's version and the page's data in `lang` as JSON text (blocking: run it in
        a worker thread)."""
        from aos_cli.app.live_view import speaking
        from aos_cli.core.errors import AosError
        from aos_cli.views.web.page import page_data

        with self._lock:
            version = self.watch.version()
            built = self._built.get(lang)
            if built is not None and built[0] == version:
                return built
            with speaking(lang):
                try:
                    data = page_data(self.watch.read())
                except AosError as problem:
                    data = page_data(None, str(problem))
            text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
            self._built = {
                code: value for code, value in self._built.items() if value[0] == version
            }
            self._built[lang] = (version, text)
            return version, text


class Guard:
    """ASGI middleware in front of every route: the token, the method, the size of what is
    asked; and the security headers on every answer."""

    def __init__(self, app: ASGIApp, token: str) -> None:
        self.app = app
        self.token = token.encode("ascii")

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            return  # no websockets, no lifespan events

        async def secured(message: Message) -> None:
            if message["type"] == "http.response.start":
                message = {**message, "headers": [*message.get("headers", []), *SECURITY_HEADERS]}
            await send(message)

        path: str = scope["path"]
        segment, slash, _rest = path[1:].partition("/")
        given = segment.encode("utf-8", "surrogateescape")
        if not secrets.compare_digest(given, self.token):
            return await _plain(secured, 403, "refused: this address needs the access token")
        if scope["method"] not in ("GET", "HEAD"):
            return await _plain(secured, 405, "this page only shows the game", (b"allow", b"GET"))
        if sum(len(k) + len(v) for k, v in scope["headers"]) > MAX_HEADER_BYTES:
            return await _plain(secured, 431, "the request's headers are too large")
        headers = dict(scope["headers"])
        if headers.get(b"content-length", b"0") != b"0" or b"transfer-encoding" in headers:
            return await _plain(secured, 413, "a request here carries no body")
        if len(scope["query_string"]) > MAX_QUERY:
            return await _plain(secured, 414, "the address is too long")
        if not slash:  # `/TOKEN`: the page's own files are found beside `/TOKEN/`
            query = scope["query_string"].decode("latin-1")
            where = f"{segment}/" + (f"?{query}" if query else "")
            return await _plain(secured, 307, "", (b"location", where.encode("latin-1")))
        await self.app({**scope, "root_path": f"/{segment}"}, receive, secured)


async def _plain(
    send: Send, status: int, text: str, header: tuple[bytes, bytes] | None = None
) -> None:
    """A short plain-text answer, sent without reaching the app."""
    body = text.encode()
    headers = [
        (b"content-type", b"text/plain; charset=utf-8"),
        (b"content-length", str(len(body)).encode()),
    ]
    if header is not None:
        headers.append(header)
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})


def build_app(
    watch: Watch,
    token: str,
    *,
    max_viewers: int = MAX_VIEWERS,
    stopping: Callable[[], bool] = lambda: False,
) -> Starlette:
    """The Starlette app serving the game `watch` reads, behind the token.

    `stopping` says when the server is shutting down, so open streams end at once.
    """
    import anyio
    from starlette.applications import Starlette
    from starlette.middleware import Middleware
    from starlette.responses import PlainTextResponse, Response, StreamingResponse
    from starlette.routing import Route

    pages = Pages(watch)
    files = resources.files("aos_cli.views.web") / "static"
    viewers = [0]

    def language_of(request: Request) -> str:
        return asked_language(
            request.query_params.get("lang"), request.headers.get("accept-language")
        )

    async def static(request: Request) -> Response:
        name = request.url.path.rsplit("/", 1)[-1]
        body = (files / (name or "index.html")).read_bytes()
        return Response(body, media_type=STATIC[name])

    async def state(request: Request) -> Response:
        _version, text = await anyio.to_thread.run_sync(pages.now, language_of(request))
        return Response(text, media_type="application/json")

    async def events(request: Request) -> Response:
        if viewers[0] >= max_viewers:
            return PlainTextResponse("too many viewers", status_code=503)
        lang = language_of(request)

        async def stream() -> AsyncIterator[str]:
            if viewers[0] >= max_viewers:
                yield "event: full\ndata: \n\n"
                return
            viewers[0] += 1
            try:
                shown: object = None
                quiet = 0
                while not stopping():
                    version, text = await anyio.to_thread.run_sync(pages.now, lang)
                    if version != shown:
                        shown, quiet = version, 0
                        yield f"data: {text}\n\n"
                    elif quiet >= KEEP_ALIVE_TICKS:
                        quiet = 0
                        yield ": still here\n\n"
                    quiet += 1
                    await anyio.sleep(TICK)
            finally:
                viewers[0] -= 1

        return StreamingResponse(stream(), media_type="text/event-stream")

    routes = [Route(f"/{name}", static, methods=["GET"]) for name in STATIC]
    routes += [
        Route("/state", state, methods=["GET"]),
        Route("/events", events, methods=["GET"]),
    ]
    return Starlette(routes=routes, middleware=[Middleware(Guard, token=token)])
