"""The trace summary of `solvelab bench browser --trace`, on a made-up trace."""

from solvelab.bench.browser_trace import _busy


def _task(tid, ts, dur, name="ThreadControllerImpl::RunTask"):
    return {"ph": "X", "pid": 1, "tid": tid, "ts": ts, "dur": dur, "name": name}


def _mark(stage, ts):
    return {"name": "TimeStamp", "ts": ts, "args": {"data": {"message": f"solvelab-{stage}"}}}


def test_busy_time_is_counted_in_the_window_and_nested_tasks_once():
    events = [
        {"ph": "M", "name": "thread_name", "pid": 1, "tid": 7, "args": {"name": "Worker"}},
        {"ph": "M", "name": "thread_name", "pid": 1, "tid": 8, "args": {"name": "Worker"}},
        _mark("ready", 1000),
        _mark("tables-ready", 5000),
        _task(7, 0, 2000),  # half in the window: 1000 µs
        _task(7, 1500, 500),  # inside the one before: counted once
        _task(7, 4000, 3000),  # 1000 µs in the window
        _task(8, 2000, 1000),  # the same name: added
        _task(9, 1000, 1000, "ThreadPool_RunTask"),  # a thread without a name
        _task(9, 1000, 3000, "wasm.TopTierCompilation"),
        _task(9, 6000, 1000, "wasm.TopTierCompilation"),  # after the window
    ]
    figures = _busy(events)
    assert figures["window_ms"] == 4.0
    assert figures["busy_ms"] == {"Worker": 3.0, "?": 1.0}
    assert figures["wasm_top_tier_ms"] == 3.0
