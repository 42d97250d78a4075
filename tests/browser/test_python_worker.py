"""Python in the page: js/python.js drives Pyodide in a Web Worker (js/worker.js).

Every test starts a fresh worker on the home page and talks to it through
PythonClient, as the app pages do. Solutions found in the browser are checked
again here, with the same package under CPython.

Run with -s to see the figures the docs quote: how long Python takes to
start, how long the first solve takes (tables included), and how many bytes
the page downloads.
"""

from __future__ import annotations

import pytest
from held import Held

from solvelab import web
from solvelab.cube import Cube

# Starts a PythonClient as window.python; resolves with the milliseconds until it is ready.
START = """async ([url, timeout]) => {
    const { PythonClient } = await import(url);
    window.statuses = [];
    window.stageTimes = {};
    const started = performance.now();
    window.python = new PythonClient({ onStatus: (status) => {
        window.statuses.push(status.stage);
        window.stageTimes[status.stage] ??= performance.now() - started;
    } });
    const late = new Promise((_, reject) =>
        setTimeout(() => reject(new Error(`not ready after ${timeout} ms`)), timeout));
    await Promise.race([window.python.ready, late]);
    return performance.now() - started;
}"""

# Calls window.python and reports what happened, without throwing.
CALL = """async ([method, args]) => {
    const progress = [];
    const started = performance.now();
    const onProgress = (update) => progress.push({ ...update, ms: performance.now() - started });
    try {
        const result = await window.python.call(method, args, { onProgress });
        return { result, progress, ms: performance.now() - started };
    } catch (error) {
        return { error: { name: error.name, message: error.message }, progress };
    }
}"""

READY_MS = 90_000
# Seconds each test solve searches. The solver keeps improving until then, and
# its first solution can take a couple of seconds on a busy machine (the
# first call also loads the tables within this time).
SEARCH_S = 5.0


def start_python(page, site_url: str) -> float:
    """Open the home page and start Python; the milliseconds it took to be ready."""
    page.goto(site_url)
    return page.evaluate(START, [site_url + "js/python.js", READY_MS])


def call(page, method: str, **args) -> dict:
    """{result, progress, ms} or {error: {name, message}, progress}."""
    return page.evaluate(CALL, [method, args])


def solves(facelets: str, moves: list[str]) -> bool:
    return Cube.from_facelets(facelets).apply(" ".join(moves)).is_solved()


def test_python_starts_and_answers(page, site_url):
    page.goto(site_url)
    # A call made before Python is ready waits for it.
    early = page.evaluate(
        """async (url) => {
            const { PythonClient } = await import(url);
            window.python = new PythonClient();
            return await window.python.call("parse", { text: "R U R' U'" });
        }""",
        site_url + "js/python.js",
    )
    assert early["moves"] == ["R", "U", "R'", "U'"]
    assert page.evaluate("window.python.status.stage") in {"ready", "tables", "tables-ready"}

    bad = call(page, "parse", text="R U Q2")["result"]
    assert bad["error"] == "unknown move 'Q2' at column 5"
    assert (bad["position"], bad["length"]) == (4, 2)

    # One corner turned in place: a cube nobody can reach by turning.
    twisted = "UUUUUUUUFURRRRRRRRFFRFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB"
    assert call(page, "check_stickers", stickers=twisted)["result"] == {
        "error": "a corner is twisted, likely URF"
    }
    colours = "".join(colour * 9 for colour in "WRGYOB")  # any six colours will do
    solved = call(page, "check_stickers", stickers=colours)
    assert solved["result"]["facelets"] == Cube().to_facelets()

    scramble = call(page, "random_moves_scramble", length=30, seed=7)["result"]["moves"]
    assert len(scramble) == 30
    assert scramble == web.random_moves_scramble(length=30, seed=7)["moves"]  # same as CPython


def test_failures_are_messages_not_tracebacks(page, site_url):
    start_python(page, site_url)
    wrong_argument = call(page, "parse", txt="R")["error"]
    assert wrong_argument["name"] == "Error"
    assert wrong_argument["message"].startswith("TypeError: ")
    assert "txt" in wrong_argument["message"] and "Traceback" not in wrong_argument["message"]
    for method in ("nothing", "random", "_private", "parse_alg"):
        error = call(page, method)["error"]
        assert error["message"] == f"there is no function {method!r}", error


def test_statuses_while_starting(page, site_url):
    ms = start_python(page, site_url)
    stages = page.evaluate("window.statuses")
    assert stages[0] == "loading-python"
    assert stages.index("loading-package") < stages.index("ready")
    times = page.evaluate("window.stageTimes")
    print(
        f"\nPython ready {ms / 1000:.1f} s after the client was created "
        f"(Pyodide started after {times['loading-package'] / 1000:.1f} s)"
    )


def test_solve_reports_progress_and_solves(page, site_url):
    sizes: dict[str, int] = {}
    page.context.on(
        "response",
        lambda response: sizes.__setitem__(
            response.url, int(response.headers.get("content-length", 0))
        ),
    )
    ready_ms = start_python(page, site_url)

    cube = Cube.random(seed=2024)
    first = call(page, "solve", facelets=cube.to_facelets(), time_limit=SEARCH_S)
    assert "error" not in first, first
    solution = first["result"]
    assert solves(cube.to_facelets(), solution["moves"])
    assert solution["length"] == len(solution["moves"]) <= 22

    # The tables came in the background, once Python was ready, before the solve ran.
    stages = page.evaluate("window.statuses")
    assert stages.index("ready") < stages.index("tables") < stages.index("tables-ready")
    found = [update for update in first["progress"] if update["stage"] == "solution"]
    assert found and found[-1]["moves"] == solution["moves"]  # the last progress is the answer
    assert all(solves(cube.to_facelets(), update["moves"]) for update in found)
    lengths = [update["length"] for update in found]
    assert lengths == sorted(lengths, reverse=True)  # each one better than the last

    scrambled = call(page, "random_state_scramble", seed=5)
    assert "error" not in scrambled, scrambled
    facelets, scramble = scrambled["result"]["facelets"], scrambled["result"]["moves"]
    assert Cube().apply(" ".join(scramble)).to_facelets() == facelets
    second = call(page, "solve", facelets=facelets, time_limit=SEARCH_S)
    assert solves(facelets, second["result"]["moves"])

    times = page.evaluate("window.stageTimes")
    tables_ms = times["tables-ready"] - times["ready"]
    first_found_ms = found[0]["ms"]
    total = sum(sizes.values())
    pyodide = sum(size for url, size in sizes.items() if "/pyodide/" in url)
    tables = sum(size for url, size in sizes.items() if "/tables/" in url)
    package = sum(size for url, size in sizes.items() if url.endswith("/py/solvelab.zip"))
    print(
        f"\nPython ready in {ready_ms / 1000:.1f} s; first solve {first['ms'] / 1000:.1f} s "
        f"({SEARCH_S:g} s search limit; tables ready {tables_ms / 1000:.2f} s after Python, "
        f"first solution after {first_found_ms / 1000:.2f} s), found {lengths}; "
        f"second solve {second['ms'] / 1000:.1f} s\n"
        f"bytes downloaded: {total:,} in all: Pyodide {pyodide:,}, tables {tables:,}, "
        f"solvelab.zip {package:,}, the page and its theme {total - pyodide - tables - package:,}"
    )


def test_restart_cancels_a_running_solve(page, site_url):
    start_python(page, site_url)
    facelets = Cube.random(seed=11).to_facelets()
    result = page.evaluate(
        """async (facelets) => {
            let first;
            const found = new Promise((resolve) => (first = resolve));
            const running = window.python
                .call("solve", { facelets, time_limit: 120, target: 1 }, { onProgress: (p) => {
                    if (p.stage === "solution") first();
                } })
                .then(() => "finished", (error) => error.name);
            await found;  // it is searching, past the first solution
            const started = performance.now();
            window.python.restart();
            const outcome = await running;
            return { outcome, ms: performance.now() - started, status: window.python.status.stage };
        }""",
        facelets,
    )
    assert result["outcome"] == "Cancelled"
    assert result["ms"] < 60_000  # cancelled, not finished: the search would go on for 120 s
    assert result["status"] == "loading-python"
    page.evaluate(
        "(ms) => Promise.race([window.python.ready, new Promise((_, no) => setTimeout(no, ms))])",
        READY_MS,
    )
    assert call(page, "parse", text="R2")["result"]["moves"] == ["R2"]
    again = call(page, "solve", facelets=facelets, time_limit=SEARCH_S)
    assert solves(facelets, again["result"]["moves"])


# What the worker says to the page, seen from the page: window.workerSaid.
WATCH_WORKER = """
(() => {
  const Native = Worker;
  window.workerSaid = [];
  window.Worker = class extends Native {
    constructor(...args) {
      super(...args);
      this.addEventListener("message", ({ data }) => data.id && window.workerSaid.push(data));
    }
  };
})();
"""


def test_a_call_given_up_while_python_runs_another_never_runs(page, site_url):
    # Its {cancel} reaches the worker after the call has started: the worker takes the
    # next call up as soon as Python is free, before it reads the messages behind it.
    # The Play page's hint for a puzzle no longer in play then held Python for minutes,
    # solving that puzzle again; later it ran until the page heard it start (on a
    # loaded machine, long enough to find a solution). The worker now reads the calls
    # given up in the memory it shares with the page.
    page.add_init_script(WATCH_WORKER)
    start_python(page, site_url)
    facelets = Cube.random(seed=11).to_facelets()
    ids = page.evaluate(
        """async (facelets) => {
            const args = { facelets, time_limit: 120, target: 1 };  // searches for 120 s
            const first = new AbortController();
            const second = new AbortController();
            let found;
            const searching = new Promise((resolve) => (found = resolve));
            const onProgress = (p) => p.stage === "solution" && found();
            const one = window.python.call("solve", args, { signal: first.signal, onProgress });
            await searching;  // Python runs the first
            const two = window.python.call("solve", args, { signal: second.signal });
            second.abort();  // given up before it started
            first.abort();
            const outcomes = await Promise.all([one, two].map((c) => c.catch((e) => e.name)));
            await window.python.call("parse", { text: "R2" });  // after the second has ended
            const started = window.workerSaid.filter((m) => m.started).map((m) => m.id);
            return { outcomes, started };
        }""",
        facelets,
    )
    assert ids["outcomes"] == ["Cancelled", "Cancelled"]
    first, parse = ids["started"]
    second = first + 1
    said = page.evaluate(f"window.workerSaid.filter((m) => m.id === {second})")
    assert said == [{"id": second, "cancelled": True}]  # never started


def _damage(data: bytes) -> bytes:
    return data[:1000] + bytes([data[1000] ^ 0xFF]) + data[1001:]


@pytest.mark.parametrize(
    ("how", "message"),
    [
        ("damaged", "damaged"),
        ("cut short", ": 1000 bytes, not "),
        ("lost", ": "),
    ],
)
def test_bad_table_download_fails_clearly_and_retry_works(page, site_url, page_log, how, message):
    requests = []
    page.context.on(
        "request",
        lambda request: requests.append(request.url) if "cornercomb" in request.url else None,
    )

    def is_table(url: str) -> bool:
        return "/tables/phase2-edges-cornercomb." in url

    def spoil(route):
        if how == "lost":
            route.abort()
            return
        data = route.fetch().body()
        route.fulfill(status=200, body=_damage(data) if how == "damaged" else data[:1000])

    page.context.route(is_table, spoil)  # from the start: the worker fetches them once ready
    start_python(page, site_url)
    facelets = Cube.random(seed=3).to_facelets()
    failed = call(page, "solve", facelets=facelets, time_limit=SEARCH_S)
    said = failed["error"]["message"]
    assert said.startswith("could not download the solver's tables (phase2-edges-cornercomb."), said
    assert message in said, said
    assert "Traceback" not in failed["error"]["message"]
    assert "tables-error" in page.evaluate("window.statuses")
    # The browser reports the aborted download in the console: expected here.
    page_log.console_errors[:] = [e for e in page_log.console_errors if "ERR_FAILED" not in e]

    page.context.unroute(is_table)
    before = len(requests)
    retried = call(page, "solve", facelets=facelets, time_limit=SEARCH_S)
    assert "error" not in retried, retried
    assert solves(facelets, retried["result"]["moves"])
    assert len(requests) == before + 1  # fetched again, not taken from a cache


def test_stop_while_python_starts_does_not_break_its_start(page, site_url):
    # Python cannot start until the test lets its WebAssembly through.
    held = Held(page.context, "**/pyodide/pyodide.asm.wasm")
    page.goto(site_url)
    outcome = page.evaluate(
        """async (url) => {
            const { PythonClient } = await import(url);
            window.python = new PythonClient();
            const waiting = window.python.call("parse", { text: "R" }).then(
                () => "answered", (error) => error.name);
            window.python.stop();  // the call waits for Python: stop it
            return await waiting;
        }""",
        site_url + "js/python.js",
    )
    assert outcome == "Cancelled"
    page.wait_for_function("window.python.interruptible")
    page.wait_for_function("document.readyState === 'complete'")
    held.wait(page)  # the worker asks for Python's WebAssembly
    held.release()
    page.evaluate(
        "(ms) => Promise.race([window.python.ready, new Promise((_, no) => setTimeout(no, ms))])",
        READY_MS,
    )
    assert call(page, "parse", text="R U")["result"]["moves"] == ["R", "U"]


@pytest.mark.parametrize("lost", ["pyodide/pyodide.asm.wasm", "py/solvelab.zip"])
def test_python_that_cannot_start_says_so_and_restart_starts_it(page, site_url, page_log, lost):
    # Pyodide once waited for ever when its WebAssembly failed to download after it
    # had begun to wait for it: every page said "loading Python…" for good.
    failing = True
    page.context.route(f"**/{lost}", lambda route: route.abort() if failing else route.continue_())
    page.goto(site_url)
    started = page.evaluate(
        """async (url) => {
            const { PythonClient } = await import(url);
            window.statuses = [];
            window.python = new PythonClient({ onStatus: (s) => window.statuses.push(s) });
            return window.python.ready.then(() => "ready", (error) => error.message);
        }""",
        site_url + "js/python.js",
    )
    assert started.startswith("Python could not start ("), started
    assert started.endswith(": reload the page to try again"), started
    assert page.evaluate("window.statuses.at(-1).stage") == "error"
    failing = False
    page.evaluate("window.python.restart()")
    assert page.evaluate("window.python.ready.then(() => 'ready')") == "ready"
    assert call(page, "parse", text="R U")["result"]["moves"] == ["R", "U"]
    page_log.console_errors[:] = [
        e for e in page_log.console_errors if "ERR_FAILED" not in e and "wasm" not in e.lower()
    ]
