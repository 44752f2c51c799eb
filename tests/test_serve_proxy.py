"""`tutor serve` behind a reverse proxy (issue 32, a school server): with
`--trusted-proxy ADDR`, the join limit counts the browser's address from the
proxy's X-Forwarded-For, and the Origin check and page URLs follow the name
and scheme the browser used (X-Forwarded-Host, -Proto); a foreign Origin is
still refused, and none of those headers is believed from anyone else."""

from __future__ import annotations

import ipaddress
import subprocess
import sys
from collections.abc import AsyncIterator, Iterator
from unittest import mock

import pytest
from aiohttp.test_utils import TestClient, TestServer, make_mocked_request

from tutor.classroom import JOIN_BURST, ClassPages, JoinLimiter
from tutor.cli import main as cli_main
from tutor.engine.numbers import NumberError
from tutor.locale import text
from tutor.locale.problems import problem_text
from tutor.quiz.classbook import ClassBook, open_class_store
from tutor.serve import ClassroomServer, bind

PROXY = "10.0.0.2"
TRUSTED = (ipaddress.ip_network("10.0.0.2/32"), ipaddress.ip_network("127.0.0.0/8"))
NAME = "tutor.school.example"


@pytest.fixture
def server() -> Iterator[ClassroomServer]:
    listener = bind(0)
    try:
        yield ClassroomServer("true", listener, max_sessions=2, title="Mahjong Tutor", trusted_proxies=TRUSTED)
    finally:
        listener.close()


def request_from(remote: str, headers: dict[str, str]) -> object:
    transport = mock.Mock()
    transport.get_extra_info.side_effect = lambda name, default=None: (remote, 40000) if name == "peername" else default
    return make_mocked_request("GET", "/ws", headers=headers, transport=transport)


@pytest.mark.parametrize(
    ("remote", "forwarded", "client"),
    [
        (PROXY, "203.0.113.7", "203.0.113.7"),
        # The browser's own entries come first; the proxy appends the address it saw.
        (PROXY, "1.2.3.4, 203.0.113.7", "203.0.113.7"),
        # Through two trusted proxies: the nearest untrusted address.
        (PROXY, "198.51.100.9, 127.0.0.1", "198.51.100.9"),
        (PROXY, "::ffff:203.0.113.7", "::ffff:203.0.113.7"),
        # Some proxies write the browser's port as well.
        (PROXY, "203.0.113.7:51234", "203.0.113.7"),
        (PROXY, "[2001:db8::1]:51234", "2001:db8::1"),
        # Not an address where the proxy's entry should be: the proxy's own address, never the browser's word.
        (PROXY, "1.2.3.4, not-an-address", PROXY),
        (PROXY, "", PROXY),
        # From anyone but a trusted proxy, the header is the browser's word and is ignored.
        ("203.0.113.50", "1.2.3.4", "203.0.113.50"),
    ],
)
def test_the_client_address_is_from_the_trusted_proxy_only(
    server: ClassroomServer, remote: str, forwarded: str, client: str
) -> None:
    assert server.client_address(request_from(remote, {"X-Forwarded-For": forwarded})) == client


@pytest.mark.parametrize(
    ("remote", "headers", "own"),
    [
        # The name the browser used, as the proxy passed it on: Host, or X-Forwarded-Host and -Proto.
        (PROXY, {"Host": NAME, "Origin": f"http://{NAME}"}, True),
        (PROXY, {"Host": "127.0.0.1:8001", "X-Forwarded-Host": NAME, "Origin": f"http://{NAME}"}, True),
        (PROXY, {"Host": NAME, "X-Forwarded-Proto": "https", "Origin": f"https://{NAME}"}, True),
        (PROXY, {"Host": NAME, "X-Forwarded-Host": f"{NAME}:8443", "Origin": f"http://{NAME}:8443"}, True),
        # A foreign Origin is refused through the proxy too.
        (PROXY, {"Host": NAME, "Origin": "http://evil.example"}, False),
        (PROXY, {"Host": NAME, "X-Forwarded-Proto": "https", "Origin": f"http://{NAME}"}, False),
        (PROXY, {"Host": NAME, "X-Forwarded-Proto": "gopher", "Origin": f"gopher://{NAME}"}, False),
        (PROXY, {"Host": NAME, "X-Forwarded-Host": 'x"><script>', "Origin": 'http://x"><script>'}, False),
        # Not through a trusted proxy: a name not this machine's may be a rebinding page's own...
        ("203.0.113.50", {"Host": NAME, "Origin": f"http://{NAME}"}, False),
        # ...and the forwarded headers are not believed.
        ("203.0.113.50", {"Host": "203.0.113.1", "X-Forwarded-Host": NAME, "Origin": f"http://{NAME}"}, False),
        ("203.0.113.50", {"Host": "203.0.113.1", "Origin": "http://203.0.113.1"}, True),
    ],
)
def test_the_origin_check_follows_the_name_the_browser_used_through_the_proxy(
    server: ClassroomServer, remote: str, headers: dict[str, str], own: bool
) -> None:
    assert server.is_own_origin(request_from(remote, headers)) is own


def test_page_urls_follow_the_proxys_name_and_scheme(server: ClassroomServer) -> None:
    through = request_from(PROXY, {"Host": "127.0.0.1:8001", "X-Forwarded-Host": NAME, "X-Forwarded-Proto": "https"})
    assert server.page_base(through) == f"https://{NAME}"
    spoofed = request_from("203.0.113.50", {"Host": "203.0.113.1:8000", "X-Forwarded-Host": "evil.example"})
    assert server.page_base(spoofed) == "http://203.0.113.1:8000"


class Clock:
    now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
async def proxied(monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[tuple[TestClient, ClassroomServer]]:
    """A class whose server trusts 127.0.0.1, where the test client (the proxy) connects from."""
    monkeypatch.delenv("TUTOR_STORE", raising=False)
    listener = bind(0)
    server = ClassroomServer("true", listener, max_sessions=2, title="Mahjong Tutor", trusted_proxies=TRUSTED)
    book = ClassBook(open_class_store("Club P"), "Club P")
    book.start("en", "")
    server.pages = ClassPages(
        book, "en", server.is_own_origin, limiter=JoinLimiter(clock=Clock()), client_of=server.client_address
    )
    client = TestClient(TestServer(await server._make_app(), host="127.0.0.1"))
    await client.start_server()
    listener.close()
    yield client, server
    await client.close()
    book.store.close()


async def join(client: TestClient, name: str, forwarded: str) -> int:
    response = await client.post(
        "/join",
        data={"name": name},
        headers={"Host": NAME, "Origin": f"http://{NAME}", "X-Forwarded-For": forwarded},
        allow_redirects=False,
    )
    return response.status


async def test_the_join_limit_counts_each_browser_behind_the_proxy(
    proxied: tuple[TestClient, ClassroomServer],
) -> None:
    client, _ = proxied
    for number in range(JOIN_BURST):
        assert await join(client, f"a{number}", "203.0.113.7") == 303
    assert await join(client, "a more", "203.0.113.7") == 429
    # Another browser behind the same proxy still joins...
    assert await join(client, "b0", "203.0.113.8") == 303
    # ...and the first cannot escape its limit by writing its own X-Forwarded-For entry first.
    assert await join(client, "a again", "198.51.100.1, 203.0.113.7") == 429


async def test_without_a_trusted_proxy_forwarded_headers_change_nothing() -> None:
    listener = bind(0)
    try:
        server = ClassroomServer("true", listener, max_sessions=2, title="Mahjong Tutor")
        request = request_from(PROXY, {"X-Forwarded-For": "1.2.3.4", "X-Forwarded-Host": NAME, "Host": "10.0.0.9"})
        assert server.client_address(request) == PROXY
        assert server.page_base(request) == "http://10.0.0.9"
    finally:
        listener.close()


def test_a_bad_trusted_proxy_is_refused_in_one_line() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "tutor", "serve", "--port", "0", "--trusted-proxy", "proxy.example"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.splitlines()[-1] == (
        "tutor serve: error: argument --trusted-proxy: proxy.example is not an address or a network; "
        "give --trusted-proxy one such as 127.0.0.1 or 10.0.0.0/24"
    )


@pytest.mark.parametrize(
    "words",
    [
        ["--lang", "ko", "serve", "--trusted-proxy", "proxy.example"],
        ["serve", "--trusted-proxy", "proxy.example", "--lang", "ko"],
        ["serve", "--trusted-proxy", "proxy.example", "--lang=ko"],
    ],
)
def test_an_error_in_the_arguments_follows_lang_wherever_it_is(
    words: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    """Printed as argparse meets the argument, before it reads a --lang after it: found first."""
    assert cli_main(words) == 2
    last = capsys.readouterr().err.splitlines()[-1]
    assert last.endswith(text("ko", "cli.trusted_proxy_bad", given="proxy.example")) and "not an address" not in last


def test_a_number_and_the_session_cap_follow_lang_too(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli_main(["serve", "--port", "8x", "--lang", "ko"]) == 2
    assert (
        capsys.readouterr().err.splitlines()[-1].endswith(problem_text(NumberError("not_a_number", shown="'8x'"), "ko"))
    )
    assert cli_main(["serve", "--port", "0", "--max-sessions", "0", "--lang", "ko"]) == 2
    assert capsys.readouterr().err == text("ko", "cli.max_sessions", most=1000, given=0) + "\n"
    assert cli_main(["serve", "--port", "8x", "--lang", "xx"]) == 2
    assert "--lang" in capsys.readouterr().err  # an unknown language is itself the error, in English
