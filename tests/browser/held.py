"""Requests held back until a test lets them go: Python, or the tables, kept loading
for as long as the test needs, whatever the machine's speed."""

from __future__ import annotations


class Held:
    """Requests for ``pattern`` (a route glob) held until :meth:`release`; from then
    on they go through."""

    def __init__(self, context, pattern: str):
        self.routes: list = []
        self.released = False
        context.route(pattern, self._route)

    def _route(self, route) -> None:
        if self.released:
            route.continue_()
        else:
            self.routes.append(route)

    def wait(self, page) -> None:
        """Waits until a request has been held (Playwright answers routes meanwhile)."""
        for _ in range(600):
            if self.routes:
                return
            page.wait_for_timeout(100)
        raise AssertionError("no request was held")

    def release(self) -> None:
        self.released = True
        for route in self.routes:
            route.continue_()


# An init script: while ``window.held`` is an array, the worker's answers and progress
# messages are put in it instead of reaching the page, which gets each one when the
# test passes it to ``window.toPage(message)``.
HOLD_ANSWERS = """(() => {
    const Real = Worker;
    window.Worker = class extends Real {
        set onmessage(handler) {
            window.toPage = (data) => handler({ data });
            super.onmessage = (event) => {
                const data = event.data;
                const answer = data.progress || "result" in data || "error" in data;
                if (Array.isArray(window.held) && "id" in data && answer) window.held.push(data);
                else handler(event);
            };
        }
    };
})();"""
