"""Serve the built site on this machine, and find Chromium: for browser tests and benchmarks."""

from __future__ import annotations

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


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    """Serves files with the types modules and WebAssembly need, without logging requests."""

    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".js": "text/javascript",
        ".mjs": "text/javascript",
        ".json": "application/json",
        ".wasm": "application/wasm",
    }

    def log_message(self, format: str, *args: object) -> None:
        pass


class _Server(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address) -> None:
        # A browser that closes a page mid-download resets the connection: not a failure.
        import sys

        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


class SiteServer:
    """A folder served on a free port of 127.0.0.1 until :meth:`stop` (or the ``with`` ends)."""

    def __init__(self, directory: str | Path) -> None:
        handler = functools.partial(_QuietHandler, directory=str(directory))
        self.server = _Server(("127.0.0.1", 0), handler)
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()
        host, port = self.server.server_address[:2]
        self.url = f"http://{host}:{port}/"

    def stop(self) -> None:
        if self.thread.is_alive():
            self.server.shutdown()
        self.server.server_close()
        self.thread.join(timeout=5)

    def __enter__(self) -> SiteServer:
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()
