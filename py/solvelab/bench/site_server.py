"""Serve the built site on this machine, and find Chromium: for browser tests and benchmarks.

``python -m solvelab.bench.site_server build/site --port 8000`` serves a folder
(``make serve`` does this).
"""

from __future__ import annotations

import contextlib
import functools
import http.server
import os
import shutil
import threading
from pathlib import Path

# Headless Chromium on a machine without a GPU and without internet access:
# WebGL through SwiftShader (software), and none of Chromium's background
# connections to Google's services.
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--use-angle=swiftshader",
    "--enable-unsafe-swiftshader",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def chromium_path() -> str | None:
    """$CHROMIUM, or Debian's chromium on the PATH (`make chromium` installs it)."""
    return (
        os.environ.get("CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")
    )


# Cross-origin isolation: lets the page share memory with its worker, which is how
# Stop interrupts Python without losing its tables (js/python.js). The service
# worker adds the same headers on hosts that cannot send them.
ISOLATION_HEADERS = {
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Embedder-Policy": "require-corp",
    "Cross-Origin-Resource-Policy": "same-origin",
}


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    """Serves files with the types modules and WebAssembly need, without logging requests."""

    isolated = True
    # Connections kept open between requests, as on any real host: a new connection
    # (and thread) for each of the page's many small files costs time the page waits for.
    protocol_version = "HTTP/1.1"
    # A small response is written as headers then body: without this, the body
    # waited for the client's delayed acknowledgement of the headers (measured:
    # 33 ms a request, 0.4 ms with it).
    disable_nagle_algorithm = True

    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".js": "text/javascript",
        ".mjs": "text/javascript",
        ".json": "application/json",
        ".wasm": "application/wasm",
    }

    def send_response(self, code: int, message: str | None = None) -> None:
        self._code = code
        super().send_response(code, message)

    def send_header(self, keyword: str, value: str) -> None:
        if keyword.lower() == "content-length" and getattr(self, "_code", None) == 200:
            self.server.served.append((self.path.split("?")[0], int(value)))
        super().send_header(keyword, value)

    def end_headers(self) -> None:
        if self.isolated:
            for name, value in ISOLATION_HEADERS.items():
                self.send_header(name, value)
        super().end_headers()

    def send_error(self, code: int, message: str | None = None, explain: str | None = None):
        """A missing file gets the site's own 404 page, as static hosts send it."""
        page = Path(self.directory) / "404.html"
        if code != 404 or not page.is_file():
            return super().send_error(code, message, explain)
        body = page.read_bytes()
        self.send_response(404)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def log_message(self, format: str, *args: object) -> None:
        pass


class _Server(http.server.ThreadingHTTPServer):
    daemon_threads = True
    # The page asks for its tables all at once: with the default backlog of 5
    # connections waiting to be accepted, a burst of 19 requests had one wait
    # about a second (the client resends its connection request) in 9 bursts of 15.
    request_queue_size = 64
    served: list[tuple[str, int]]  # (path, bytes) of every full (200) response

    def handle_error(self, request, client_address) -> None:
        # A browser that closes a page mid-download resets the connection: not a failure.
        import sys

        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


class SiteServer:
    """A folder served on 127.0.0.1 until :meth:`stop` (or the ``with`` ends).

    ``port=0`` picks a free port. ``isolated`` sends the cross-origin isolation
    headers; without them the page is isolated only once its service worker runs.
    """

    def __init__(self, directory: str | Path, port: int = 0, isolated: bool = True) -> None:
        handler = type("Handler", (_QuietHandler,), {"isolated": isolated})
        handler = functools.partial(handler, directory=str(directory))
        self.server = _Server(("127.0.0.1", port), handler)
        self.server.served = []
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()
        host, port = self.server.server_address[:2]
        self.url = f"http://{host}:{port}/"

    @property
    def served(self) -> list[tuple[str, int]]:
        """(path, bytes) of every file sent in full so far: a 304 (not modified) is not counted."""
        return list(self.server.served)

    def stop(self) -> None:
        if self.thread.is_alive():
            self.server.shutdown()
        self.server.server_close()
        self.thread.join(timeout=5)

    def __enter__(self) -> SiteServer:
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()


def main() -> None:
    import argparse

    parser = argparse.ArgumentParser(description="Serve the built site on 127.0.0.1.")
    parser.add_argument("directory", nargs="?", default="build/site")
    parser.add_argument("--port", type=int, default=8000)
    args = parser.parse_args()
    with SiteServer(args.directory, port=args.port) as server:
        print(f"Serving {args.directory} at {server.url} (Ctrl-C to stop)", flush=True)
        with contextlib.suppress(KeyboardInterrupt):
            server.thread.join()


if __name__ == "__main__":
    main()
