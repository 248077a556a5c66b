"""bench.browser_cost reads Chromium's trace: a socket message's handler, the layouts and
style recalculations inside it, and the main thread's busy time, per renderer."""

import json

from bench.browser_cost import handler_figures

PID = 41


def span(name: str, ts: int, dur: int, url: str = "") -> dict:
    event = {"ph": "X", "pid": PID, "tid": 1, "name": name, "ts": ts, "dur": dur}
    if url:
        event["args"] = {"data": {"url": url}}
    return event


def test_a_handlers_layouts_and_styles_are_counted_inside_it_only(tmp_path):
    trace = [
        {
            "ph": "M",
            "pid": PID,
            "tid": 1,
            "name": "thread_name",
            "args": {"name": "CrRendererMain"},
        },
        {"ph": "M", "pid": PID, "tid": 2, "name": "thread_name", "args": {"name": "Compositor"}},
        # One frame: the ws handler (10 ms) with a script of ours inside, which forces a
        # style recalculation and a layout.
        span("FunctionCall", 1000, 10000, "http://h/static/django_htmx/ext/hx-ws-2.js"),
        span("FunctionCall", 2000, 3000, "http://h/static/js/bar-room.js"),
        span("UpdateLayoutTree", 2500, 500),
        span("Layout", 3100, 400),
        # The frame's own rendering after the handler: not the handler's.
        span("UpdateLayoutTree", 12000, 700),
        span("Layout", 13000, 800),
        # Another thread's work is not the main thread's.
        {"ph": "X", "pid": PID, "tid": 2, "name": "Layout", "ts": 2000, "dur": 9000},
    ]
    path = tmp_path / "trace.json"
    path.write_text(json.dumps({"traceEvents": trace}))

    figures = handler_figures(path)[str(PID)]

    assert figures["handlers"] == [{"ms": 10.0, "layouts": 1, "styles": 1}]
    assert figures["busy_ms"] == 10.0 + 0.7 + 0.8
