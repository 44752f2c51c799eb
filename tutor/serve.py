"""`tutor serve`: the app in a classroom's browsers, safely.

textual-serve starts one app process per browser tab.  On top of it this
server:

* binds its port itself, before printing anything, so a bad or busy port is
  refused in one line and `--port 0` announces the port actually bound;
* accepts a websocket only from a page it served (its own Origin), so no
  other web page the teacher opens can start or drive sessions;
* holds at most `max_sessions` sessions at once;
* reads the browser's messages defensively (a bad message is dropped, the
  terminal size is clamped), so nothing a page sends ends in a traceback;
* serves its page with the fonts textual-serve ships, never from the
  internet, and its own subset of a CJK font (tutor/static/fonts, made by
  tools/webfont.py) for the Hangul and tile characters Roboto Mono lacks,
  so a PC without a CJK font shows no tofu.

Each session runs `tutor --classroom`, which asks who is learning and keeps
that learner's progress apart (see tutor/ui/screens/learner.py).  With
`--class NAME`, learners join on a page first and the session is the
joined learner's; the teacher's pages are in tutor/classroom.py.

Page URLs follow the address the browser used (its Host header), so a
classroom's browsers reach the server by whatever address they were given
(`--host`), and a session starts from a page of that address.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import errno
import ipaddress
import json
import logging
import re
import shlex
import signal
import socket
import time
from pathlib import Path
from typing import Any, Literal

import aiohttp_jinja2
import jinja2
from aiohttp import WSMsgType, web
from textual_serve.app_service import AppService
from textual_serve.server import Server

from tutor.classroom import ClassPages

HOST = "127.0.0.1"
MAX_SESSIONS = 40
TEMPLATES = Path(__file__).resolve().parent / "templates"
STATIC = Path(__file__).resolve().parent / "static"
"""The server's own files (the CJK font), at /tutor-static/."""
TERMINAL_LIMITS = {"width": (20, 400), "height": (10, 200)}
"""Terminal sizes a browser may ask for; a huge one would cost the server memory."""

log = logging.getLogger("tutor.serve")

PAGE_BASE: contextvars.ContextVar[str | None] = contextvars.ContextVar("page_base", default=None)
"""`http://host:port` as the browser of the request being served asked for it."""
SESSION_COMMAND: contextvars.ContextVar[str | None] = contextvars.ContextVar("session_command", default=None)
"""The command of the session being started, where it is one learner's."""
Network = ipaddress.IPv4Network | ipaddress.IPv6Network
MAX_HOPS = 20
"""X-Forwarded-For entries looked at, from the nearest: a chain of proxies is never longer."""
HOST_HEADER = re.compile(r"(?:[A-Za-z0-9.-]{1,253}|\[[0-9A-Fa-f:.]{2,45}\])(?::[0-9]{1,5})?")
"""A Host header fit to be put in a page's URLs: a name or address, and a port."""


class PerRequest:
    """An attribute of the server that, while `variable` is set (for the
    request being served), is its value, and otherwise the one assigned."""

    def __init__(self, variable: contextvars.ContextVar[str | None]) -> None:
        self.variable = variable
        self.default = ""

    def __set_name__(self, owner: type, name: str) -> None:
        self.default = f"{name}_default"

    def __get__(self, server: object, owner: type | None = None) -> str:
        return self.variable.get() or str(getattr(server, self.default))

    def __set__(self, server: object, value: str) -> None:
        setattr(server, self.default, value)


class PortRefused(Exception):
    """The port cannot be served; the message is the one line to print."""


def bind(port: int, host: str = HOST) -> socket.socket:
    """A listening socket on `host:port`, or PortRefused saying why not."""
    if not 0 <= port <= 65535:
        raise PortRefused(f"port {port} is not a port; choose one from 1024 to 65535, or 0 for any free one")
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        listener.bind((host, port))
        listener.listen(128)
    except OSError as error:
        listener.close()
        if error.errno == errno.EADDRINUSE:
            raise PortRefused(
                f"port {port} is in use; choose another with --port, or --port 0 for any free one"
            ) from None
        if error.errno == errno.EACCES:
            raise PortRefused(f"port {port} needs special rights; choose one from 1024 to 65535") from None
        raise PortRefused(f"port {port} cannot be opened: {error.strerror}") from None
    return listener


def clamp(value: object, low: int, high: int, default: int) -> int:
    """A terminal dimension from the browser: an int within limits, whatever was sent."""
    if isinstance(value, str) and value.isascii() and value.isdigit() and len(value) <= 6:
        value = int(value)
    if not isinstance(value, int) or isinstance(value, bool):
        return default
    return max(low, min(high, value))


class ClassroomServer(Server):
    """textual-serve's Server, bound first, origin-checked and capped."""

    def __init__(
        self,
        command: str,
        listener: socket.socket,
        *,
        max_sessions: int,
        title: str,
        announce: tuple[str, ...] = (),
        trusted_proxies: tuple[Network, ...] = (),
    ) -> None:
        host, port = listener.getsockname()[:2]
        super().__init__(command, host=host, port=port, title=title, templates_path=TEMPLATES)
        self.pages: ClassPages | None = None
        """A class's pages (`--class`): then a session is a joined learner's."""
        self.announce = announce
        """Lines printed after the banner, once (the teacher's link among them)."""
        self.trusted_proxies = trusted_proxies
        """Reverse proxies (`--trusted-proxy`) whose X-Forwarded-For, -Host and -Proto are believed."""
        self.names = frozenset({"localhost", *_own_names()})
        self.listener = listener
        self.max_sessions = max_sessions
        self.connections = Connections(_connection_cap(max_sessions))
        self.sessions = 0
        suffix = "" if port == 80 else f":{port}"  # a browser leaves the default port out of Origin
        self.origins = frozenset({f"http://{host}{suffix}", f"http://localhost{suffix}"})
        """The page's own origins: the address the banner gives, and localhost for the same port."""

    # textual-serve reads these two attributes as it makes a page and starts a session;
    # here they follow the request being served (see PAGE_BASE and SESSION_COMMAND).
    public_url = PerRequest(PAGE_BASE)
    command = PerRequest(SESSION_COMMAND)
    public_url_default: str
    """The banner's address: for a request whose Host cannot be put in a page."""
    command_default: str
    """A session's command, before it is given its learner."""

    def base_for(self, who: Literal["teacher", "learners"]) -> str:
        """The address to give: listening on every network (0.0.0.0), the
        teacher opens their link on this computer, and learners reach it by
        its address on the network."""
        host, port = self.listener.getsockname()[:2]
        if not _is_address(host) or not ipaddress.ip_address(host).is_unspecified:
            return self.public_url_default
        return f"http://{'127.0.0.1' if who == 'teacher' else _network_address()}:{port}"

    def via_trusted_proxy(self, request: web.Request) -> bool:
        """Whether the request's connection comes from a trusted reverse proxy."""
        return _in_networks(request.remote or "", self.trusted_proxies)

    def forwarded(self, request: web.Request, header: str) -> str | None:
        """A header's value as the trusted proxy in front wrote it (the last
        one, should the browser have sent its own too); None for a request
        that did not come through one."""
        if not self.via_trusted_proxy(request):
            return None
        values = ",".join(request.headers.getall(header, ())).rsplit(",", 1)[-1].strip()
        return values or None

    def client_address(self, request: web.Request) -> str:
        """The address of the browser: the connection's, or behind a trusted
        proxy, the nearest address in X-Forwarded-For that is not a trusted
        proxy (the entries before it are the browser's word, and a browser can
        write anything there)."""
        remote = request.remote or ""
        if not self.via_trusted_proxy(request):
            return remote
        hops = ",".join(request.headers.getall("X-Forwarded-For", ())).split(",")
        for entry in reversed(hops[-MAX_HOPS:]):
            hop = _without_port(entry.strip())
            if not _is_address(hop):
                break
            if not _in_networks(hop, self.trusted_proxies):
                return hop
        return remote

    def browser_base(self, request: web.Request) -> str | None:
        """`scheme://host[:port]` as the browser asked for this server: its Host
        header, or from a trusted proxy X-Forwarded-Host and -Proto; None when
        that is not fit to be put in a page."""
        host = self.forwarded(request, "X-Forwarded-Host") or request.host
        scheme = self.forwarded(request, "X-Forwarded-Proto") or "http"
        if scheme not in ("http", "https") or not HOST_HEADER.fullmatch(host):
            return None
        return f"{scheme}://{host}"

    def page_base(self, request: web.Request) -> str:
        """The address the browser used, when it is fit for a page; else the banner's."""
        return self.browser_base(request) or self.public_url_default

    def is_own_origin(self, request: web.Request) -> bool:
        """Whether the request comes from a page of this server: the banner's
        origins, or the address the browser used, when that is an IP address,
        this machine's own name, or any name through a trusted proxy (which
        answers only for the names it is set up for). Any other name may be a
        web page's own, pointed at this machine: DNS rebinding."""
        origin = request.headers.get("Origin")
        if origin in self.origins:
            return True
        base = self.browser_base(request)
        if base is None or origin != base:
            return False
        if self.via_trusted_proxy(request):
            return True
        host = base.split("://", 1)[1]
        name = host.rsplit(":", 1)[0] if not host.endswith("]") else host
        return _is_address(name.strip("[]")) or name.lower() in self.names

    def initialize_logging(self) -> None:
        # One plain line per event: textual-serve's own setup prints tracebacks with local variables,
        # and aiohttp and asyncio log one with every refused request (a 9,000-character URL) or
        # refused connection (no file descriptors left): thousands a second under a flood.
        logging.basicConfig(level=logging.WARNING, format="tutor serve: %(message)s")
        for handler in logging.getLogger().handlers:
            handler.addFilter(OneLine())

    async def _make_app(self) -> web.Application:
        """textual-serve's application, but /static/ lists no folder (textual-serve asks for the listing)."""
        app = web.Application()
        # Escaped: a class's pages show names that learners typed.
        aiohttp_jinja2.setup(app, loader=jinja2.FileSystemLoader(self.templates_path), autoescape=True)
        if self.pages is not None:
            app.add_routes(self.pages.routes())
        app.add_routes(
            [
                web.get("/", self.handle_index, name="index"),
                web.get("/ws", self.handle_websocket, name="websocket"),
                web.get("/download/{key}", self.handle_download, name="download"),
                web.static("/static", self.statics_path, show_index=False, name="static"),
                web.static("/tutor-static", STATIC, show_index=False, name="tutor-static"),
            ]
        )
        app.on_startup.append(self.on_startup)
        app.on_shutdown.append(self.on_shutdown)
        return app

    async def on_startup(self, app: web.Application) -> None:
        print(
            f"Serving Mahjong Tutor on {self.public_url} for up to {self.max_sessions} sessions; press Ctrl+C to stop",
            flush=True,
        )
        for line in self.announce:
            print(line, flush=True)
        self.announce = ()  # the teacher's link is shown once

    async def handle_index(self, request: web.Request) -> web.StreamResponse:
        """textual-serve's page, its URLs at the address the browser used; in a
        class, only for a learner who joined."""
        if self.pages is not None and self.pages.member_of(request) is None:
            raise web.HTTPSeeOther("/join")
        base = PAGE_BASE.set(self.page_base(request))
        try:
            page: web.StreamResponse = await super().handle_index(request)
            return page
        finally:
            PAGE_BASE.reset(base)

    def serve(self, debug: bool = False) -> None:
        """Run until Ctrl+C, on the socket already bound."""
        self.debug = debug
        self.initialize_logging()
        loop = asyncio.new_event_loop()
        asyncio.set_event_loop(loop)
        loop.set_exception_handler(_one_line_exception)
        _more_open_files()
        self.connections.cap = _connection_cap(self.max_sessions)
        for stop in (signal.SIGINT, signal.SIGTERM):
            with contextlib.suppress(NotImplementedError):  # Windows has no signal handlers in asyncio
                loop.add_signal_handler(stop, self.request_exit)
        runner = web.AppRunner(loop.run_until_complete(self._make_app()), handle_signals=False, access_log=None)
        loop.run_until_complete(runner.setup())
        protocol = runner.server
        assert protocol is not None  # made by setup()
        server: asyncio.Server | None = None
        try:
            server = loop.run_until_complete(
                loop.create_server(lambda: Guarded(protocol(), self.connections), sock=self.listener)
            )
            loop.run_forever()  # until Ctrl+C or SIGTERM: request_exit raises GracefulExit
        except (web.GracefulExit, KeyboardInterrupt):
            pass
        finally:
            if server is not None:
                server.close()
            loop.run_until_complete(runner.cleanup())
            loop.close()

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        origin = request.headers.get("Origin")
        if not self.is_own_origin(request):
            log.warning("refused a session from another page (origin %.80r)", origin)
            raise web.HTTPForbidden(text="Sessions start only from this server's own page.\n")
        if self.sessions >= self.max_sessions:
            log.warning("refused a session: %d sessions are open, the most allowed", self.sessions)
            raise web.HTTPServiceUnavailable(
                text=f"The classroom is full: {self.max_sessions} sessions are open. Close one and try again.\n"
            )
        width = clamp(request.query.get("width"), *TERMINAL_LIMITS["width"], 80)
        height = clamp(request.query.get("height"), *TERMINAL_LIMITS["height"], 24)
        clamped = request.clone(rel_url=request.rel_url.with_query(width=width, height=height))
        command = None
        if self.pages is not None:
            member = self.pages.member_of(request)
            if member is None:
                raise web.HTTPForbidden(text="Join the class first, on this server's page.\n")
            command = SESSION_COMMAND.set(f"{self.command_default} --learner {shlex.quote(member.name)}")
        self.sessions += 1
        try:
            return await super().handle_websocket(clamped)
        finally:
            self.sessions -= 1
            if command is not None:
                SESSION_COMMAND.reset(command)

    async def _process_messages(self, websocket: web.WebSocketResponse, app_service: AppService) -> None:
        """textual-serve's loop, reading each message defensively: anything malformed is dropped."""
        async for message in websocket:
            if message.type != WSMsgType.TEXT:
                continue
            envelope = _envelope(message.data)
            if envelope is None:
                continue
            kind, data = envelope
            if kind == "stdin" and isinstance(data, str):
                await app_service.send_bytes(data.encode("utf-8", "replace"))
            elif kind == "resize" and isinstance(data, dict):
                width = clamp(data.get("width"), *TERMINAL_LIMITS["width"], 80)
                height = clamp(data.get("height"), *TERMINAL_LIMITS["height"], 24)
                await app_service.set_terminal_size(width, height)
            elif kind == "ping" and isinstance(data, str):
                await websocket.send_json(["pong", data[:40]])
            elif kind == "blur":
                await app_service.blur()
            elif kind == "focus":
                await app_service.focus()


MAX_MESSAGE = 64 * 1024
REPEAT_EVERY = 10.0
"""Seconds between two log lines with the same text; those between are counted, not printed."""
MAX_LOGGED = 200
"""The longest log line, in characters (a logged URL may be 9,000)."""


HEADER_TIMEOUT = 10.0
"""Seconds a connection may take to send its request's headers before it is closed."""
FILES_PER_SESSION = 8
"""Open files a session costs the server: its websocket and the app's pipes, with room to spare."""


def _connection_cap(max_sessions: int) -> int:
    """As many connections as the open-file limit holds, less what the sessions need."""
    soft = 1024
    with contextlib.suppress(ImportError, ValueError, OSError):
        import resource

        limit = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
        soft = 65536 if limit == resource.RLIM_INFINITY else limit
    return max(16, soft - 32 - FILES_PER_SESSION * max_sessions)


class Connections:
    """The open connections, and those still waiting for their request's headers, oldest first."""

    def __init__(self, cap: int) -> None:
        self.cap = cap
        self.open: set[Guarded] = set()
        self.waiting: dict[Guarded, None] = {}

    def admit(self, connection: Guarded) -> None:
        """A new connection; at the cap, the oldest one that has sent no request makes room
        (half-open connections must not shut the page out), or else the new one is closed."""
        if len(self.open) >= self.cap:
            oldest = next(iter(self.waiting), None)
            log.warning(
                "%d connections open, the most the open-file limit allows: closing the oldest idle one", self.cap
            )
            if oldest is None:
                connection.close()
                return
            # Counted out at once: its transport closes only on the loop's next
            # turn, and until then every later arrival would pick it again and
            # let the open connections grow past the cap.
            self.gone(oldest)
            oldest.close()
        self.open.add(connection)
        self.waiting[connection] = None

    def started(self, connection: Guarded) -> None:
        self.waiting.pop(connection, None)

    def gone(self, connection: Guarded) -> None:
        self.open.discard(connection)
        self.waiting.pop(connection, None)


class Guarded(asyncio.Protocol):
    """aiohttp's protocol for one connection, closed if its headers take longer than HEADER_TIMEOUT."""

    def __init__(self, inner: asyncio.Protocol, connections: Connections) -> None:
        self.inner = inner
        self.connections = connections
        self.transport: asyncio.BaseTransport | None = None
        self.tail = b""
        self.timer: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = transport
        self.timer = asyncio.get_running_loop().call_later(HEADER_TIMEOUT, self.close)
        self.inner.connection_made(transport)
        self.connections.admit(self)

    def close(self) -> None:
        if self.transport is not None:
            self.transport.close()

    def data_received(self, data: bytes) -> None:
        if self.timer is not None:
            seen = self.tail + data
            if b"\r\n\r\n" in seen:
                self.timer.cancel()
                self.timer = None
                self.connections.started(self)
            else:
                self.tail = seen[-3:]
        self.inner.data_received(data)

    def eof_received(self) -> bool | None:
        return self.inner.eof_received()

    def connection_lost(self, exc: Exception | None) -> None:
        if self.timer is not None:
            self.timer.cancel()
        self.connections.gone(self)
        self.inner.connection_lost(exc)

    def pause_writing(self) -> None:
        self.inner.pause_writing()

    def resume_writing(self) -> None:
        self.inner.resume_writing()


class OneLine(logging.Filter):
    """Log records as one short line each, without tracebacks, and a line
    that repeats at most once every REPEAT_EVERY seconds (with how many
    were left out)."""

    def __init__(self) -> None:
        super().__init__()
        self.last: dict[str, tuple[float, int]] = {}

    def filter(self, record: logging.LogRecord) -> bool:
        if record.exc_info and record.exc_info[1] is not None:
            error = record.exc_info[1]
            record.msg = f"{record.getMessage()}: {type(error).__name__}: {error}"
            record.args = ()
        record.exc_info = None
        record.exc_text = None
        record.stack_info = None
        text = record.getMessage()
        text = "".join(char if char.isprintable() else "?" for char in text)
        if len(text) > MAX_LOGGED:
            text = text[: MAX_LOGGED - 3] + "..."
        record.msg, record.args = text, ()
        now = time.monotonic()
        since, left_out = self.last.get(text, (-REPEAT_EVERY, 0))
        if now - since < REPEAT_EVERY:
            self.last[text] = (since, left_out + 1)
            return False
        if left_out:
            record.msg = f"{text} (and {left_out} more like it)"
        if len(self.last) > 1000:
            self.last.clear()
        self.last[text] = (now, 0)
        return True


def _one_line_exception(loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
    """The event loop's errors (a refused accept, say) as log lines, never tracebacks."""
    error = context.get("exception")
    message = str(context.get("message", "error in the event loop"))
    log.warning("%s%s", message, f": {type(error).__name__}: {error}" if error is not None else "")


def _more_open_files() -> None:
    """Let the server hold as many connections as the system lets it: the
    usual soft limit of 1,024 files is soon reached by a classroom's tabs."""
    with contextlib.suppress(ImportError, ValueError, OSError):
        import resource

        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        if hard == resource.RLIM_INFINITY or hard > soft:
            resource.setrlimit(resource.RLIMIT_NOFILE, (hard if hard != resource.RLIM_INFINITY else 65536, hard))


def _envelope(text: str) -> tuple[str, Any] | None:
    """`["kind", data]` from a browser message, or None for anything else."""
    if len(text) > MAX_MESSAGE:
        return None
    try:
        envelope = json.loads(text)
    except (ValueError, RecursionError):
        return None
    if not isinstance(envelope, list) or not envelope or not isinstance(envelope[0], str):
        return None
    return envelope[0], envelope[1] if len(envelope) > 1 else None


def _in_networks(address: str, networks: tuple[Network, ...]) -> bool:
    if not networks or not _is_address(address):
        return False
    parsed = ipaddress.ip_address(address)
    if isinstance(parsed, ipaddress.IPv6Address) and parsed.ipv4_mapped is not None:
        parsed = parsed.ipv4_mapped
    return any(parsed in network for network in networks)


def _without_port(hop: str) -> str:
    """An X-Forwarded-For entry's address: some proxies write the browser's
    port too (`203.0.113.7:51234`, `[2001:db8::1]:51234`)."""
    if hop.startswith("[") and "]" in hop:
        return hop[1 : hop.index("]")]
    if hop.count(":") == 1:
        return hop.split(":", 1)[0]
    return hop


def _is_address(name: str) -> bool:
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return True


def _network_address() -> str:
    """This computer's address on its network: the one a connection outward
    would leave from (a UDP socket's connect sends nothing); else its name."""
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        probe.connect(("192.0.2.1", 9))  # TEST-NET-1: never reached, only routed
        return str(probe.getsockname()[0])
    return socket.gethostname()


def _own_names() -> set[str]:
    """This machine's names, as a classroom's browsers may reach it."""
    names: set[str] = set()
    with contextlib.suppress(OSError):
        name = socket.gethostname().lower()
        names |= {name, f"{name}.local", socket.getfqdn().lower()}
    return names
