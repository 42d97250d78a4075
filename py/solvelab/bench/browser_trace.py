"""Where the time goes while the tables load: ``solvelab bench browser --trace``.

One more fresh browser opens the player with Chromium's tracing on. Between
the page receiving the worker's "ready" and its "tables-ready", it adds up,
for each kind of thread (by Chromium's thread names), the time that thread
was running a task, and the time V8 spent compiling WebAssembly's optimised
tier (Pyodide's functions that have become hot). The workers are the page's
Python worker and the two that fetch the tables ("DedicatedWorker thread");
V8 compiles in "ThreadPoolForegroundWorker" threads. Busy times are wall
times of tasks, so a thread waiting inside a task counts as busy.
"""

from __future__ import annotations

import json
import tempfile
from collections import defaultdict
from pathlib import Path

from solvelab.bench.browser import STATUS_TIMES  # its marks bound the window

CATEGORIES = ["toplevel", "v8.wasm", "devtools.timeline", "__metadata"]
TASKS = {"ThreadControllerImpl::RunTask", "ThreadPool_RunTask"}
TOP_TIER = "wasm.TopTierCompilation"


def tables_window(playwright, path: str, url: str, args: list[str], viewport: dict) -> dict:
    """Busy milliseconds by thread name, and V8's optimising compile, between
    "ready" and "tables-ready", in a fresh browser."""
    browser = playwright.chromium.launch(executable_path=path, args=args)
    try:
        context = browser.new_context(viewport=viewport)
        context.add_init_script(STATUS_TIMES)
        page = context.new_page()
        with tempfile.TemporaryDirectory(prefix="solvelab-trace-") as folder:
            trace = Path(folder) / "trace.json"
            browser.start_tracing(path=str(trace), categories=CATEGORIES)
            page.goto(url)
            page.wait_for_function(
                "window.__solvelabStatus['tables-ready']",
                timeout=120_000,
                polling=100,
            )
            page.wait_for_timeout(200)
            browser.stop_tracing()
            events = json.loads(trace.read_text())
    finally:
        browser.close()
    return _busy(events["traceEvents"] if isinstance(events, dict) else events)


def _busy(events: list[dict]) -> dict:
    names = {
        (e["pid"], e["tid"]): e["args"]["name"]
        for e in events
        if e.get("ph") == "M" and e.get("name") == "thread_name"
    }
    marks = {
        e["args"]["data"]["message"]: e["ts"]
        for e in events
        if e.get("name") == "TimeStamp" and "message" in e.get("args", {}).get("data", {})
    }
    start, end = marks["solvelab-ready"], marks["solvelab-tables-ready"]
    tasks: dict[tuple, list[tuple[float, float]]] = defaultdict(list)
    compiling = 0.0
    for e in events:
        if e.get("ph") != "X" or "dur" not in e:
            continue
        span = (max(e["ts"], start), min(e["ts"] + e["dur"], end))
        if span[1] <= span[0]:
            continue
        if e["name"] in TASKS:
            tasks[(e["pid"], e["tid"])].append(span)
        elif e["name"] == TOP_TIER:
            compiling += span[1] - span[0]
    by_name: dict[str, float] = defaultdict(float)
    for thread, spans in tasks.items():
        by_name[names.get(thread, "?")] += _union(spans) / 1000
    return {
        "window_ms": (end - start) / 1000,
        "busy_ms": dict(sorted(by_name.items(), key=lambda item: -item[1])),
        "wasm_top_tier_ms": compiling / 1000,
    }


def _union(spans: list[tuple[float, float]]) -> float:
    """Total length of the spans, overlaps counted once (nested tasks)."""
    total, reached = 0.0, float("-inf")
    for a, b in sorted(spans):
        if b > reached:
            total += b - max(a, reached)
            reached = b
    return total
