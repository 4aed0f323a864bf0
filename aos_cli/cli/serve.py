"""`aos serve`: the game live and read-only on the other player's phone (issue 30).

The web stack (Starlette, uvicorn) and the QR code library are imported only when this
command runs, so no other command's start-up changes.
"""

from __future__ import annotations

import contextlib
import sys
from typing import TYPE_CHECKING, Annotated

import typer

from aos_cli.cli.options import DbOption, GameOption
from aos_cli.core.errors import GameError, InputError
from aos_cli.language.i18n import _

if TYPE_CHECKING:
    import socket
    from collections.abc import Iterator

    import uvicorn

    from aos_cli.app.live_view import Watch

LOOPBACK = "127.0.0.1"
DEFAULT_PORT = 0
"""Any free port: the address changes with every run anyway (a new token each time)."""
NO_ROUTE_PROBE = ("192.0.2.1", 9)
"""A documentation address (TEST-NET-1): connecting a UDP socket to it sends nothing, it only
asks the routing table which local address would be used, i.e. the machine's LAN address."""

LanOption = Annotated[
    bool,
    typer.Option(
        "--lan",
        help="Listen on this machine's local network address and print it with a QR code, "
        "for a phone on the same Wi-Fi (default: this machine only).",
    ),
]
HostOption = Annotated[
    str | None,
    typer.Option("--host", help="Listen on this IP address instead (one of this machine's)."),
]
PortOption = Annotated[
    int, typer.Option("--port", min=0, max=65535, help="The port to listen on (0: any free one).")
]
ViewersOption = Annotated[
    int, typer.Option("--max-viewers", min=1, max=64, help="Pages that may be open at once.")
]


def serve(
    game: GameOption = None,
    db: DbOption = None,
    lan: LanOption = False,
    host: HostOption = None,
    port: PortOption = DEFAULT_PORT,
    max_viewers: ViewersOption = 8,
) -> None:
    """Show the game live and read-only in a browser: the other player's phone, say."""
    from aos_cli.app.live_view import Watch
    from aos_cli.store import default_db_path

    address = _address(host) if host is not None else (lan_address() if lan else LOOPBACK)
    watch = Watch(db or default_db_path(), game)
    try:
        listening = _bind(address, port)
    except GameError:
        watch.close()
        raise
    try:
        _run(watch, listening, address, lan or host is not None, max_viewers)
    finally:
        watch.close()
        listening.close()


def _run(
    watch: Watch, listening: socket.socket, address: str, shared: bool, max_viewers: int
) -> None:
    """Print where the page is, then serve it until Ctrl-C."""
    import uvicorn

    from aos_cli.views.web.server import MAX_HEADER_BYTES, build_app, new_token

    token = new_token()
    server: uvicorn.Server | None = None

    def stopping() -> bool:
        return server is not None and server.should_exit

    config = uvicorn.Config(
        build_app(watch, token, max_viewers=max_viewers, stopping=stopping),
        log_level="warning",
        access_log=False,
        http="h11",
        ws="none",
        lifespan="off",
        limit_concurrency=max_viewers + 8,
        h11_max_incomplete_event_size=MAX_HEADER_BYTES,
        timeout_graceful_shutdown=2,
        timeout_keep_alive=5,
        server_header=False,
        date_header=False,
        proxy_headers=False,
    )
    server = uvicorn.Server(config)
    host = f"[{address}]" if ":" in address else address
    url = f"http://{host}:{listening.getsockname()[1]}/{token}/"
    # Ctrl-C from the moment the address is printed asks the server to stop, even before it
    # has started (uvicorn then starts and stops at once, and calls this handler again).
    with _ctrl_c_stops(server), contextlib.suppress(KeyboardInterrupt):
        _print_address(watch, url, shared)
        server.run(sockets=[listening])
    print("aos: " + _("stopped showing the game; the game itself is as it was."), file=sys.stderr)


@contextlib.contextmanager
def _ctrl_c_stops(server: uvicorn.Server) -> Iterator[None]:
    """Within the block, Ctrl-C asks `server` to shut down instead of raising at once."""
    import signal
    import threading

    if threading.current_thread() is not threading.main_thread():
        yield
        return
    before = signal.signal(signal.SIGINT, server.handle_exit)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, before)


def _print_address(watch: Watch, url: str, shared: bool) -> None:
    """Where the page is and who may open it; with a QR code of it when it is on the network."""
    from aos_cli.cli.common import shown

    game_id = watch.game_id()
    which = (
        _("game {id} ({name})").format(id=game_id, name=shown(watch.store.game(game_id).name))
        if watch.fixed is not None and game_id is not None
        else _("the current game")
    )
    if shared:
        print(_("Showing {game} read-only on your network at:").format(game=which))
    else:
        print(_("Showing {game} read-only on this machine only, at:").format(game=which))
    print(f"  {url}")
    if shared:
        print(_("Scan this with a phone on the same Wi-Fi:"))
        print_qr(url)
    print(
        _("Whoever has this address sees the game; nothing on the page changes it. Ctrl-C stops.")
    )
    sys.stdout.flush()


def print_qr(url: str) -> None:
    """The address as a QR code drawn with half blocks, for a phone's camera."""
    import segno

    segno.make(url, error="m", micro=False).terminal(out=sys.stdout, compact=True)


def lan_address() -> str:
    """The machine's address on its local network: the one its default route leaves from."""
    import socket

    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(NO_ROUTE_PROBE)  # a UDP connect sends no packet
            found = str(probe.getsockname()[0])
    except OSError:
        found = ""
    if not found or found.startswith("127.") or found == "0.0.0.0":
        raise GameError(
            _("this machine has no local network address (is it on a Wi-Fi?)"),
            _("join the network the phone is on, or name an address with --host"),
        )
    return found


def _address(text: str) -> str:
    """An IP address given with --host, checked."""
    import ipaddress

    try:
        return str(ipaddress.ip_address(text.strip()))
    except ValueError:
        raise InputError(
            _("--host: {value} is not an IP address").format(value=repr(text[:60])),
            _("give one of this machine's addresses, such as 192.168.1.20"),
        ) from None


def _bind(address: str, port: int) -> socket.socket:
    """A socket bound to the address and port, or one line saying why it cannot be."""
    import socket

    family = socket.AF_INET6 if ":" in address else socket.AF_INET
    listening = socket.socket(family, socket.SOCK_STREAM)
    try:
        listening.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listening.bind((address, port))
        listening.listen(128)  # a browser may connect as soon as the address is printed
    except OSError as problem:
        listening.close()
        raise GameError(
            _("cannot listen on {address} port {port}: {reason}").format(
                address=address, port=port, reason=problem.strerror or problem
            ),
            _("choose another port with --port, or 0 for any free one"),
        ) from None
    return listening
