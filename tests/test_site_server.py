"""The site server of `make serve` and the browser tests."""

import urllib.error
import urllib.request

from solvelab.bench.site_server import ISOLATION_HEADERS, SiteServer


def _get(url: str) -> tuple[int, bytes, dict]:
    try:
        with urllib.request.urlopen(url) as response:
            return response.status, response.read(), dict(response.headers)
    except urllib.error.HTTPError as error:
        return error.code, error.read(), dict(error.headers)


def test_a_missing_file_gets_the_sites_404_page(tmp_path):
    (tmp_path / "index.html").write_text("home")
    (tmp_path / "404.html").write_text("<h1>Page not found</h1>")
    with SiteServer(tmp_path) as server:
        assert _get(server.url)[:2] == (200, b"home")
        status, body, headers = _get(server.url + "no/such/page/")
    assert (status, body) == (404, b"<h1>Page not found</h1>")
    assert headers["Content-Type"] == "text/html; charset=utf-8"
    assert all(headers[name] == value for name, value in ISOLATION_HEADERS.items())


def test_without_a_404_page_the_servers_own_answer(tmp_path):
    with SiteServer(tmp_path) as server:
        status, body, _ = _get(server.url + "no/such/page/")
    assert status == 404 and b"404" in body
