#!/usr/bin/env python3
"""Generate the synthetic traces of the golden corpus in traces/.

Every trace is written from a small description: strokes (a finger moving from A to B over a
duration, sampled at a rate, with a minimum-jerk speed profile and optional seeded jitter in
millimetres), taps and holds, merged into frames by timestamp. The expectations are written
here from the behaviour each trace is meant to show -- they are not produced by running the
library -- so a replay that disagrees is a real failure.

Usage:  python3 tools/gen_traces.py [OUT_DIR]      (default: traces/)
The output is deterministic (fixed seeds), so re-running it reproduces the committed files.
To add a trace, add a call at the bottom and re-run.
"""
import json
import math
import os
import random
import sys

OUT = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..", "traces")

# A 800 x 480 panel at 5 units/mm (the Atmel maXTouch of shared/data reports 800 x 480 axes).
PANEL = {"name": "Synthetic 800x480 panel", "width": 800, "height": 480,
         "resolution": {"x": 5.0, "y": 5.0}, "units": "px"}
RES = 5.0
# Eight rows of 60 units (12 mm) filling the panel.
LIST = {"rows": 8, "rowHeight": 60, "top": 0, "left": 0, "width": 800, "height": 480}


def row_y(row, height=60):
    return row * height + height / 2


def min_jerk(p):
    return 10 * p ** 3 - 15 * p ** 4 + 6 * p ** 5


class Trace:
    def __init__(self, name, seed=1, device=None, scene=None, note=""):
        self.name = name
        self.rng = random.Random(seed)
        self.device = dict(device or PANEL)
        self.scene = scene if scene is not None else {"list": dict(LIST)}
        self.note = note
        self.events = []
        self.expect = None
        self.expect_none = None
        self.next_id = 0
        res = self.device.get("resolution")
        self.res = (res["x"], res["y"]) if res else (96 / 25.4, 96 / 25.4)
        if self.device.get("units") == "mm" and not res:
            self.res = (1.0, 1.0)

    def new_id(self):
        i = self.next_id
        self.next_id = (self.next_id + 1) % 10
        return i

    def jitter(self, mm):
        if mm <= 0:
            return 0.0, 0.0
        return self.rng.gauss(0, mm) * self.res[0], self.rng.gauss(0, mm) * self.res[1]

    def clamp(self, x, y):
        return (min(max(x, 0.0), self.device["width"]), min(max(y, 0.0), self.device["height"]))

    def path(self, t0, points, duration, hz=120, jitter_mm=0.0, lift=True, cid=None, end="up", down=True):
        """A contact following the polyline `points` (trace units) over `duration` seconds.
        With down=False it continues contact `cid`, already down at points[0]."""
        cid = self.new_id() if cid is None else cid
        # Cumulative lengths for constant-shape interpolation along the polyline.
        seg = [math.dist(points[k], points[k + 1]) for k in range(len(points) - 1)]
        total = sum(seg) or 1.0

        def at(p):
            d = min_jerk(p) * total
            for k, L in enumerate(seg):
                if d <= L or k == len(seg) - 1:
                    f = 0 if L == 0 else min(d / L, 1.0)
                    a, b = points[k], points[k + 1]
                    return a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f
                d -= L
            return points[-1]

        x, y = self.clamp(*points[0])
        if down:
            self.add(t0, cid, "down", x, y)
        n = max(1, round(duration * hz))
        for k in range(1, n + 1):
            t = t0 + duration * k / n
            x, y = at(k / n)
            jx, jy = self.jitter(jitter_mm)
            x, y = self.clamp(x + jx, y + jy)
            if k == n and lift:
                self.add(t, cid, end, x, y)
            else:
                self.add(t, cid, "move", x, y)
        return t0 + duration

    def stroke(self, t0, start, delta_mm, duration, **kw):
        end = (start[0] + delta_mm[0] * self.res[0], start[1] + delta_mm[1] * self.res[1])
        return self.path(t0, [start, end], duration, **kw)

    def hold(self, t0, at, duration, hz=60, jitter_mm=0.0, cid=None, end="up"):
        return self.path(t0, [at, at], duration, hz=hz, jitter_mm=jitter_mm, cid=cid, end=end)

    def tap(self, t0, at, duration=0.08, fingers=1, spread_mm=15.0):
        for f in range(fingers):
            p = (at[0] + (f - (fingers - 1) / 2) * spread_mm * self.res[0], at[1])
            self.hold(t0, p, duration, hz=60)
        return t0 + duration

    def add(self, t, cid, phase, x, y):
        self.events.append({"t": round(t, 6), "id": cid, "phase": phase,
                            "x": round(x, 2), "y": round(y, 2)})

    def header(self):
        h = {"format": "touch-trace", "version": 1, "device": self.device}
        if self.scene:
            h["scene"] = self.scene
        h["meta"] = {"generator": "tools/gen_traces.py", "note": self.note}
        if self.expect is not None:
            h["expect"] = self.expect
        if self.expect_none is not None:
            h["expectNone"] = self.expect_none
        return h

    def sorted_events(self):
        # Stable sort by time keeps each frame's events in the order they were added.
        return sorted(self.events, key=lambda e: e["t"])

    def write(self, lines=False, cut_last_line=False):
        assert self.expect is not None or self.expect_none is not None, self.name
        os.makedirs(OUT, exist_ok=True)
        events = self.sorted_events()
        if lines:
            path = os.path.join(OUT, self.name + ".jsonl")
            h = dict(self.header())
            h = {**{k: h[k] for k in ("format", "version")}, "encoding": "lines",
                 **{k: v for k, v in h.items() if k not in ("format", "version")}}
            text = json.dumps(h) + "\n" + "".join(json.dumps(e) + "\n" for e in events)
            if cut_last_line:
                text = text + json.dumps({"t": events[-1]["t"] + 0.008, "id": 9, "phase": "down", "x": 10, "y": 10})[:17]
            with open(path, "w") as f:
                f.write(text)
        else:
            path = os.path.join(OUT, self.name + ".json")
            h = self.header()
            lines_ = ["{"]
            for k, v in h.items():
                lines_.append(f"  {json.dumps(k)}: {json.dumps(v)},")
            lines_.append('  "events": [')
            lines_.append(",\n".join("    " + json.dumps(e) for e in events))
            lines_.append("  ]")
            lines_.append("}")
            with open(path, "w") as f:
                f.write("\n".join(lines_) + "\n")


def swipe(direction, fingers=1):
    return {"type": "swipe", "direction": direction, "fingers": fingers}


def row_swipe(row, swiped):
    return {"type": "rowSwipe", "row": row, "swiped": swiped}


def tap(taps=1, fingers=1):
    return {"type": "tap", "taps": taps, "fingers": fingers}


def won(recognizer, **fields):
    return {"type": "won", "recognizer": recognizer, **fields}


def failed(recognizer, reason, **fields):
    return {"type": "failed", "recognizer": recognizer, "reason": reason, **fields}


def with_settings(settings, list_=None):
    return {"list": dict(list_ or LIST), "settings": settings}


NO_LONG_PRESS = {"arena": {"enabled": ["tap", "pinch", "rotate", "swipe", "pan", "fling"]}}
NO_ROWS = {**LIST, "rows": 0}


DIRS = {"left": (-1, 0), "right": (1, 0), "up": (0, -1), "down": (0, 1)}
SPEEDS = {"slow": 0.6, "normal": 0.25, "fast": 0.08}


def main():
    # --- Swipes in each direction at three speeds: 40 mm strokes on row 3 (or mid-panel).
    for d, (ux, uy) in DIRS.items():
        for speed, dur in SPEEDS.items():
            t = Trace(f"swipe-{d}-{speed}", seed=100 + 10 * list(DIRS).index(d) + list(SPEEDS).index(speed),
                      note=f"one finger, 40 mm {d} in {dur} s, light jitter")
            start = (400, row_y(3)) if ux else (400, 240)
            t.stroke(0.0, start, (40 * ux, 40 * uy), dur, jitter_mm=0.2)
            if ux:
                t.expect = [swipe(d), row_swipe(3, True)]
            else:
                t.expect = [swipe(d)]
                t.expect_none = ["rowSwipe"]
            t.write()

    # --- Shaky but within limits: 1 mm jitter and a 5 mm sideways drift.
    t = Trace("swipe-right-shaky-within-drift", seed=7, note="1 mm jitter, 5 mm drift down: still a swipe")
    t.path(0.0, [(200, row_y(2) - 10), (300, row_y(2) + 15), (400, row_y(2) + 15)], 0.3, jitter_mm=1.0)
    t.expect = [swipe("right"), row_swipe(2, True)]
    t.write()

    # --- Drift over the limit: a 39 degree diagonal fails on drift before reaching 12 mm.
    t = Trace("drift-over-limit-diagonal", seed=8, note="20 mm right, 16 mm down: drift passes 8 mm first")
    t.stroke(0.0, (300, row_y(2)), (20, 16), 0.3)
    t.expect_none = ["swipe", "rowSwipe"]
    # The finger passes the 4.7 mm slop first (long press and tap fail; the list's vertical pan
    # claims, since 16 mm down to 20 mm right is within its 2:1 bias, and rejects the two-finger
    # gestures), then the drift passes 8 mm; the stroke eases out, so its lift is no fling.
    t.expect = [failed("longPress", "moved"), failed("tap", "moved"),
                failed("pinch", "rejected", rival="pan"), failed("rotate", "rejected", rival="pan"),
                failed("swipe", "crossDrift"), failed("fling", "tooSlowToFling")]
    t.write()

    t = Trace("drift-over-limit-wobble", seed=9, note="a 10 mm sideways wobble, then a long stroke right")
    t.path(0.0, [(300, row_y(2)), (320, row_y(2) + 50), (600, row_y(2) + 50)], 0.4)
    t.expect_none = ["swipe", "rowSwipe"]
    t.write()

    # --- Too slow: 15 mm over 1.4 s reaches 12 mm only after 0.7 s.
    t = Trace("too-slow-drag-right", seed=10, scene=with_settings(NO_LONG_PRESS),
              note="15 mm right over 1.4 s: past the 0.7 s limit (no long press competing)")
    t.stroke(0.0, (300, row_y(4)), (15, 0), 1.4, hz=60)
    t.expect_none = ["swipe", "rowSwipe", "tap"]
    # Past the 4.7 mm slop the tap fails and the list's vertical pan refuses a horizontal start;
    # the swipe fails at 0.7 s; at the lift the one-finger gestures and the eased-out fling fail.
    t.expect = [failed("tap", "moved"), failed("pan", "offAxis"), failed("swipe", "tooSlow"),
                failed("pinch", "tooFewFingers"), failed("rotate", "tooFewFingers"),
                failed("fling", "tooSlowToFling")]
    t.write()

    # --- Vertical drags are not horizontal swipes.
    t = Trace("vertical-drag-down-no-row-swipe", seed=11, note="a quick drag down over rows: swipe down, no row changes")
    t.stroke(0.0, (400, 100), (0, 50), 0.3, jitter_mm=0.3)
    t.expect = [swipe("down")]
    t.expect_none = ["rowSwipe", "select"]
    t.write()

    t = Trace("vertical-scroll-slow-no-swipe", seed=12, note="a slow scroll up: no swipe at all, no row changes")
    t.stroke(0.0, (400, 400), (0, -20), 1.8, hz=60, jitter_mm=0.2)
    t.expect_none = ["swipe", "rowSwipe", "tap", "select"]
    t.write()

    # --- Back and forth inside one touch: one swipe only (localSwipeActive).
    t = Trace("back-and-forth-one-swipe", seed=13, note="right, left, right in one touch: one swipe, one toggle")
    y = row_y(1)
    t.path(0.0, [(300, y), (450, y), (250, y), (450, y)], 0.6)
    t.expect = [swipe("right"), row_swipe(1, True)]
    t.write()

    # --- Two swipes on one row toggle it twice.
    t = Trace("two-swipes-same-row-toggle-twice", seed=14, note="right then left on row 5")
    t.stroke(0.0, (300, row_y(5)), (35, 0), 0.2)
    t.stroke(0.6, (500, row_y(5)), (-35, 0), 0.2)
    t.expect = [swipe("right"), row_swipe(5, True), swipe("left"), row_swipe(5, False)]
    t.write()

    # --- Swipes on different rows.
    t = Trace("swipes-different-rows", seed=15, note="row 1 then row 6")
    t.stroke(0.0, (300, row_y(1)), (30, 0), 0.2, jitter_mm=0.3)
    t.stroke(0.5, (300, row_y(6)), (-30, 0), 0.2, jitter_mm=0.3)
    t.expect = [row_swipe(1, True), row_swipe(6, True)]
    t.write()

    # --- Policies.
    sc = {"list": {**LIST, "swipePolicy": "toggle"}}
    t = Trace("policy-toggle-left-then-right", seed=16, scene=sc, note="toggle: any swipe flips the row")
    t.stroke(0.0, (500, row_y(2)), (-30, 0), 0.2)
    t.stroke(0.5, (300, row_y(2)), (30, 0), 0.2)
    t.expect = [row_swipe(2, True), row_swipe(2, False)]
    t.write()

    sc = {"list": {**LIST, "swipePolicy": "directional"}}
    t = Trace("policy-directional-left-opens-right-closes", seed=17, scene=sc,
              note="left opens, left again changes nothing, right closes")
    t.stroke(0.0, (500, row_y(2)), (-30, 0), 0.2)
    t.stroke(0.5, (500, row_y(2)), (-30, 0), 0.2)
    t.stroke(1.0, (300, row_y(2)), (30, 0), 0.2)
    t.expect = [swipe("left"), row_swipe(2, True), swipe("left"), swipe("right"), row_swipe(2, False)]
    t.write()

    t = Trace("policy-directional-right-on-closed-row", seed=18, scene=sc, note="right on a closed row: no change")
    t.stroke(0.0, (300, row_y(4)), (30, 0), 0.2)
    t.expect = [swipe("right")]
    t.expect_none = ["rowSwipe"]
    t.write()

    sc = {"list": {**LIST, "swipePolicy": "oneOpen"}}
    t = Trace("policy-one-open-row", seed=19, scene=sc,
              note="open row 1, open row 3 (closes 1), tap row 5 (closes 3, selects nothing)")
    t.stroke(0.0, (500, row_y(1)), (-30, 0), 0.2)
    t.stroke(0.5, (500, row_y(3)), (-30, 0), 0.2)
    t.tap(1.0, (400, row_y(5)))
    t.expect = [row_swipe(1, True), row_swipe(1, False), row_swipe(3, True), row_swipe(3, False)]
    t.expect_none = ["select"]
    t.write()

    t = Trace("policy-one-open-tap-open-row-closes", seed=20, scene=sc,
              note="open row 2, tap it (closes), tap it again (selects)")
    t.stroke(0.0, (500, row_y(2)), (-30, 0), 0.2)
    t.tap(0.6, (400, row_y(2)))
    t.tap(1.5, (400, row_y(2)))
    t.expect = [row_swipe(2, True), row_swipe(2, False), {"type": "select", "row": 2}]
    t.write()

    # --- Taps.
    t = Trace("tap-single-selects-row", seed=21, note="one finger, 80 ms")
    t.tap(0.0, (400, row_y(3)))
    t.expect = [{**tap(1, 1), "x": 400, "y": row_y(3), "t": 0.38}, {"type": "select", "row": 3}]
    t.write()

    t = Trace("tap-double", seed=22, note="two taps 150 ms apart")
    t.tap(0.0, (400, row_y(4)))
    t.tap(0.23, (402, row_y(4) + 1))
    t.expect = [tap(2, 1), {"type": "select", "row": 4}]
    t.write()

    t = Trace("tap-two-finger", seed=23, note="two fingers 15 mm apart, down and up together")
    t.tap(0.0, (400, row_y(2)), fingers=2)
    t.expect = [tap(1, 2), {"type": "select", "row": 2}]
    t.write()

    t = Trace("tap-two-finger-double", seed=24, note="two two-finger taps")
    t.tap(0.0, (400, row_y(2)), fingers=2)
    t.tap(0.25, (400, row_y(2)), fingers=2)
    t.expect = [tap(2, 2)]
    t.write()

    t = Trace("tap-triple-is-double-then-single", seed=25, note="three quick taps; taps count up to 2")
    for k in range(3):
        t.tap(0.2 * k, (400, row_y(1)))
    t.expect = [tap(2), tap(1)]
    t.write()

    t = Trace("taps-apart-in-time", seed=26, note="two taps 0.5 s apart: two single taps")
    t.tap(0.0, (400, row_y(1)))
    t.tap(0.58, (400, row_y(6)))
    t.expect = [tap(1), {"type": "select", "row": 1}, tap(1), {"type": "select", "row": 6}]
    t.write()

    t = Trace("taps-apart-in-space", seed=27, note="two quick taps 40 mm apart: two single taps")
    t.tap(0.0, (200, row_y(1)))
    t.tap(0.2, (400, row_y(1)))
    t.expect = [{**tap(1), "x": 200, "t": 0.2}, {**tap(1), "x": 400}]
    t.write()

    t = Trace("tap-held-long-is-still-a-tap", seed=28, scene=with_settings(NO_LONG_PRESS),
              note="a 0.8 s press: with no long-press recognizer competing, still a tap")
    t.hold(0.0, (400, row_y(3)), 0.8, jitter_mm=0.2)
    t.expect_none = ["swipe", "rowSwipe"]
    # The swipe's 0.7 s limit passes while the finger is still down; the tap is reported 0.3 s after the lift.
    t.expect = [{"type": "tap", "taps": 1, "fingers": 1, "t": 1.1}, {"type": "select", "row": 3}]
    t.expect_none = ["swipe", "rowSwipe", "longPress"]
    t.write()

    t = Trace("tap-moved-too-far", seed=29, note="8 mm drift during a 0.3 s press: neither tap nor swipe")
    t.stroke(0.0, (400, row_y(3)), (8, 0), 0.3)
    t.expect_none = ["tap", "select", "swipe"]
    t.write()

    t = Trace("tap-with-jitter", seed=30, note="a 0.15 s press with 0.6 mm jitter: still a tap")
    t.hold(0.0, (400, row_y(6)), 0.15, hz=120, jitter_mm=0.6)
    t.expect = [tap(1), {"type": "select", "row": 6}]
    t.write()

    t = Trace("tap-then-quick-swipe", seed=31, note="a tap, then 0.1 s later a swipe: the tap is reported when the second touch moves")
    t.tap(0.0, (400, row_y(1)))
    t.stroke(0.18, (500, row_y(5)), (-30, 0), 0.2)
    t.expect = [tap(1), {"type": "select", "row": 1}, swipe("left"), row_swipe(5, True)]
    t.write()

    # --- Cancelled contacts.
    t = Trace("cancelled-during-swipe", seed=32, note="cancelled after 6 mm: no swipe, no tap")
    t.stroke(0.0, (300, row_y(2)), (6, 0), 0.1, end="cancel")
    t.expect_none = ["swipe", "rowSwipe", "tap", "select"]
    t.write()

    t = Trace("cancelled-tap", seed=33, note="down then cancel: not a tap")
    t.hold(0.0, (400, row_y(2)), 0.08, end="cancel")
    t.expect_none = ["tap", "select"]
    t.expect = [failed(r, "cancelled") for r in ("longPress", "tap", "pinch", "rotate", "swipe", "pan", "fling")]
    t.write()

    t = Trace("contact-open-at-end", seed=34, note="the trace ends with the finger still down after a swipe")
    t.stroke(0.0, (300, row_y(3)), (30, 0), 0.2, lift=False)
    t.expect = [swipe("right"), row_swipe(3, True)]
    t.write()

    # --- The lines encoding, and a recording cut off mid-line.
    t = Trace("lines-swipe-left", seed=35, note="the lines encoding")
    t.stroke(0.0, (500, row_y(0)), (-30, 0), 0.2)
    t.expect = [swipe("left"), row_swipe(0, True)]
    t.write(lines=True)

    t = Trace("lines-cut-off-last-line", seed=36, note="a recording whose last line was cut off by a crash")
    t.stroke(0.0, (300, row_y(7)), (30, 0), 0.2)
    t.expect = [swipe("right"), row_swipe(7, True)]
    t.write(lines=True, cut_last_line=True)

    # --- Several fingers.
    t = Trace("swipe-two-finger-right", seed=37, note="two fingers 10 mm apart move 30 mm right together")
    for k in range(2):
        t.stroke(0.0, (300, row_y(3) - 25 + 50 * k), (30, 0), 0.2, jitter_mm=0.2)
    t.expect = [swipe("right", 2), row_swipe(3, True)]
    t.write()

    t = Trace("swipe-three-finger-up", seed=38, note="three fingers swipe up")
    for k in range(3):
        t.stroke(0.0, (300 + 75 * k, 400), (0, -30), 0.2)
    t.expect = [swipe("up", 3)]
    t.expect_none = ["rowSwipe"]
    t.write()

    # --- Where the list is, and units.
    short = {"list": {**LIST, "rows": 5}}
    t = Trace("swipe-below-last-row", seed=39, scene=short, note="five rows; a swipe below them changes none")
    t.stroke(0.0, (300, 400), (30, 0), 0.2)
    t.expect = [swipe("right")]
    t.expect_none = ["rowSwipe"]
    t.write()

    mmdev = {"name": "A surface in millimetres", "width": 160, "height": 96, "units": "mm"}
    t = Trace("units-mm-swipe", seed=40, device=mmdev,
              scene={"list": {"rows": 8, "rowHeight": 12, "width": 160, "height": 96}},
              note="coordinates in mm; 30 mm right on row 4")
    t.stroke(0.0, (60, 54), (30, 0), 0.2)
    t.expect = [swipe("right"), row_swipe(4, True)]
    t.write()

    nores = {"name": "A panel with no resolution", "width": 1280, "height": 800}
    t = Trace("default-density-swipe", seed=41, device=nores,
              scene={"list": {"rows": 10, "rowHeight": 80, "width": 1280, "height": 800}},
              note="no resolution: 96 dpi assumed, so 60 px (15.9 mm) is a swipe")
    t.path(0.0, [(600, 440), (540, 440)], 0.15)
    t.expect = [swipe("left"), row_swipe(5, True)]
    t.write()

    t = Trace("default-density-short-stroke", seed=42, device=nores,
              scene={"list": {"rows": 10, "rowHeight": 80, "width": 1280, "height": 800}},
              note="no resolution: 40 px is 10.6 mm at 96 dpi, short of 12 mm")
    t.path(0.0, [(600, 440), (640, 440)], 0.15)
    t.expect_none = ["swipe", "rowSwipe"]
    t.write()

    aniso = {"name": "Anisotropic panel", "width": 1600, "height": 480,
             "resolution": {"x": 10.0, "y": 5.0}}
    t = Trace("anisotropic-resolution", seed=43, device=aniso,
              scene={"list": {"rows": 8, "rowHeight": 60, "width": 1600, "height": 480}},
              note="100 units right is 10 mm at 10 units/mm: no swipe; 200 units is 20 mm: a swipe")
    t.path(0.0, [(600, row_y(2)), (700, row_y(2))], 0.2)
    t.path(0.6, [(600, row_y(4)), (800, row_y(4))], 0.2)
    t.expect = [swipe("right"), row_swipe(4, True)]
    t.write()

    t = Trace("no-scene-default-list", seed=44, scene={}, note="no scene: default rows of 6.86 mm (34.3 units)")
    t.stroke(0.0, (300, 100), (30, 0), 0.2)
    t.expect = [swipe("right"), row_swipe(2, True)]
    t.write()

    # --- Sampling rates and the time limit's edge.
    for hz in (60, 240):
        t = Trace(f"swipe-right-{hz}hz", seed=45 + hz, note=f"sampled at {hz} Hz")
        t.stroke(0.0, (300, row_y(2)), (30, 0), 0.2, hz=hz, jitter_mm=0.2)
        t.expect = [swipe("right"), row_swipe(2, True)]
        t.write()

    t = Trace("swipe-just-in-time", seed=46, note="reaches 12 mm at about 0.6 s: still under 0.7 s")
    t.stroke(0.0, (300, row_y(2)), (14, 0), 0.9, hz=60)
    t.expect = [swipe("right"), row_swipe(2, True)]
    t.write()

    # --- The demo session the README replays: the list model as a whole. 25 rows of a 60-row
    # feed, snapping to whole cells, with infinite scroll and pull to refresh (see lists()).
    demo_scene = {"list": {**LIST, "rows": 25, "snapsToCells": True, "paging": "infinite", "refreshes": True},
                  "data": {"total": 60, "latency": 0.4}}
    t = Trace("demo-session", seed=47, scene=demo_scene,
              note="pull to refresh; swipe rows 1 and 3, swipe row 1 back, tap row 5, double tap row 6; "
                   "a slow drag that snaps; a throw to the end that loads page 2")
    # Pulled down 150 units at the top (70 shown, past 60 points): refresh; page 1 comes back.
    _, lift = slow_drag(t, 0.0, 400, 100, [50] * 3)
    refresh_at = lift
    t.stroke(1.5, (250, row_y(1)), (40, 0), 0.25, jitter_mm=0.3)
    t.stroke(2.3, (550, row_y(3)), (-40, 0), 0.25, jitter_mm=0.3)
    t.stroke(3.1, (550, row_y(1)), (-40, 0), 0.25, jitter_mm=0.3)
    t.tap(3.9, (400, row_y(5)))
    t.tap(4.7, (380, row_y(6)))
    t.tap(4.9, (382, row_y(6)))
    # Dragged up 200 units and held: the bottom edge (680) leaves 20 of row 11 showing, under
    # half, so the list snaps back to 180.
    _, lift = slow_drag(t, 5.5, 400, 400, [-50] * 4)
    snapped_at = round(lift + 0.5, 6)
    # A throw from 180: the drag moves it to 430, momentum (2105 mm/s, the clamp) carries it to
    # the end (1020), within one screen of it: page 2 is asked for there, and arrives 0.4 s later.
    rate, ln, v0 = 0.998, math.log(0.998), 10525.0 / 1000
    for k in range(4):
        t.add(round(7.0 + k / 120, 6), 0, "down" if k == 0 else "move", 400, 470 - 125 * k)
    throw_lift = round(7.0 + 4 / 120, 6)
    t.add(throw_lift, 0, "up", 400, 470 - 125 * 3)
    at_end = throw_lift + math.log(1 + (1020 - 430) * ln / v0) / ln / 1000
    t.expect = [{"type": "refresh", "t": refresh_at}, {"type": "page", "page": 1, "rows": 25},
                row_swipe(1, True), row_swipe(3, True), row_swipe(1, False),
                tap(1), {"type": "select", "row": 5}, tap(2), {"type": "select", "row": 6},
                {"type": "snap", "offset": 180, "to": "cell", "t": snapped_at},
                {"type": "loadMore", "page": 2, "t": at_end, "tolerance": {"t": 1e-9}},
                {"type": "page", "page": 2, "rows": 25, "t": at_end + 0.4, "tolerance": {"t": 1e-9}}]
    t.write()

    gestures()


def gestures():
    """Issue 4: long press, pan, pinch, rotation, multi-finger and edge swipes, fling, and the
    arena's decisions. Continuous gestures are pinned by the arena's `won` events (and, where
    the motion has few frames, by every report); the rest by `expectNone`."""
    y3 = row_y(3)

    # --- Long press.
    t = Trace("long-press-held-still", seed=200, note="one finger held still 0.9 s on row 3")
    t.hold(0.0, (400, y3), 0.9, hz=60)
    t.expect = [{"type": "longPress", "phase": "began", "t": 0.5, "fingers": 1, "x": 400, "y": y3},
                {"type": "longPress", "phase": "ended", "t": 0.9, "fingers": 1}]
    t.expect_none = ["tap", "select", "pan", "swipe", "fling"]
    t.write()

    t = Trace("long-press-no-events-while-held", seed=201,
              note="a finger down at 0 and up at 1.0 with no event between (a still finger sends none): "
                   "the long press begins at its deadline, 0.5 s, not at the lift")
    t.add(0.0, 0, "down", 400, y3)
    t.add(1.0, 0, "up", 400, y3)
    t.expect = [{"type": "longPress", "phase": "began", "t": 0.5},
                {"type": "longPress", "phase": "ended", "t": 1.0, "duration": 1.0}]
    t.expect_none = ["tap", "select"]
    t.write()

    t = Trace("long-press-two-fingers", seed=202, note="two fingers held still 0.7 s")
    t.hold(0.0, (350, y3), 0.7, hz=60)
    t.hold(0.0, (450, y3), 0.7, hz=60)
    t.expect = [{"type": "longPress", "phase": "began", "t": 0.5, "fingers": 2, "x": 400},
                {"type": "longPress", "phase": "ended", "t": 0.7, "fingers": 2}]
    t.expect_none = ["tap", "pinch", "rotate"]
    t.write()

    t = Trace("long-press-then-drag", seed=203,
              note="held 0.6 s, then dragged 30 mm right: the long press owns the drag, no pan, no row swipe")
    t.path(0.0, [(300, y3), (300, y3)], 0.6, hz=60, lift=False, cid=0)
    t.path(0.6, [(300, y3), (450, y3)], 0.3, hz=60, cid=0, down=False)
    t.expect = [won("longPress", t=0.5)]
    t.expect_none = ["pan", "swipe", "rowSwipe", "tap", "fling"]
    t.write()

    t = Trace("long-press-released-early-is-tap", seed=204, note="held 0.4 s: a tap, not a long press")
    t.hold(0.0, (400, y3), 0.4, hz=60)
    t.expect = [{"type": "tap", "taps": 1, "t": 0.7}, {"type": "select", "row": 3}]
    t.expect_none = ["longPress"]
    t.write()

    t = Trace("long-press-loses-to-pan", seed=205,
              note="still for 0.2 s, then a drag down: the pan claims before 0.5 s, the long press loses")
    t.path(0.0, [(400, 100), (400, 100)], 0.2, hz=60, lift=False, cid=0)
    t.path(0.2, [(400, 100), (400, 300)], 0.6, hz=60, cid=0, down=False)
    # The drag is quick enough to be a swipe down as well, which recognises together with the pan.
    t.expect = [won("pan"), won("swipe"), swipe("down")]
    t.expect_none = ["longPress", "tap"]
    t.write()

    # --- Single tap and double tap: the single tap waits only if a double tap is possible.
    t = Trace("tap-single-no-double-tap-recognizer", seed=206, scene=with_settings({"tap": {"maxCount": 1}}),
              note="tap.maxCount 1: no double tap to wait for, so the tap is reported at the lift")
    t.tap(0.0, (400, y3))
    t.expect = [{**tap(1), "t": 0.08}, {"type": "select", "row": 3, "t": 0.08}]
    t.write()

    t = Trace("tap-two-quick-taps-no-double-tap-recognizer", seed=207, scene=with_settings({"tap": {"maxCount": 1}}),
              note="two quick taps with tap.maxCount 1: two single taps, each at its lift")
    t.tap(0.0, (400, y3))
    t.tap(0.2, (400, y3))
    t.expect = [{**tap(1), "t": 0.08}, {**tap(1), "t": 0.28}]
    t.write()

    # --- Pan.
    t = Trace("pan-scroll-list-down", seed=208,
              note="a drag down the list, 8 mm in 0.3 s then 20 mm more over 1.5 s: the list's vertical pan, "
                   "too slow for a swipe, stopped before the lift so no fling")
    t.path(0.0, [(400, 100), (400, 140)], 0.3, hz=60, lift=False, cid=0)
    t.path(0.3, [(400, 140), (400, 240)], 1.5, hz=60, cid=0, down=False)
    t.expect = [won("pan")]
    t.expect_none = ["swipe", "rowSwipe", "tap", "select", "longPress", "fling"]
    t.write()

    free = with_settings({"pan": {"axis": "free"}})
    t = Trace("pan-free-diagonal", seed=209, scene=free, note="pan.axis free: a slow diagonal drag is a pan")
    t.stroke(0.0, (200, 100), (30, 30), 0.8, hz=60)
    t.expect = [won("pan")]
    t.expect_none = ["swipe", "longPress", "tap"]
    t.write()

    t = Trace("pan-few-frames", seed=210, scene=free,
              note="a drag in four frames, every report pinned: began past the slop, changed, ended")
    for k, (tt, x) in enumerate([(0.0, 300), (0.05, 330), (0.1, 360), (0.15, 360)]):
        t.add(tt, 0, "down" if k == 0 else ("up" if k == 3 else "move"), x, 200)
    t.expect = [{"type": "pan", "phase": "began", "t": 0.05, "translation": {"x": 30, "y": 0}},
                {"type": "pan", "phase": "changed", "t": 0.1, "translation": {"x": 60, "y": 0}},
                {"type": "pan", "phase": "ended", "t": 0.15, "translation": {"x": 60, "y": 0}}]
    t.write()

    # --- Row swipe against the list's scroll: the axis decides, with a bias.
    t = Trace("arena-row-swipe-beats-scroll", seed=211,
              note="a horizontal stroke on row 3: the vertical pan refuses it, the row swipe wins")
    t.stroke(0.0, (300, y3), (35, 0), 0.25, jitter_mm=0.2)
    t.expect = [swipe("right"), row_swipe(3, True)]
    t.expect_none = ["pan"]
    t.write()

    t = Trace("arena-scroll-beats-row-swipe", seed=212,
              note="6 mm down, then 20 mm right in one quick stroke: alone it would be a right swipe, "
                   "but the scroll claimed first, so no row is dismissed while scrolling")
    t.path(0.0, [(300, 150), (300, 180), (400, 180)], 0.3)
    t.expect = [won("pan")]
    t.expect_none = ["rowSwipe", "swipe"]
    t.write()

    ang = math.radians(20)
    for bias, name, wins in ((2, "arena-20-degree-stroke-bias-2-row-swipe", True),
                             (3, "arena-20-degree-stroke-bias-3-scroll", False)):
        t = Trace(name, seed=213, scene=with_settings({"pan": {"axisBias": bias}}),
                  note=f"35 mm at 20 degrees below horizontal (across/along 2.75) with pan.axisBias {bias}")
        t.stroke(0.0, (300, row_y(2)), (35 * math.cos(ang), 35 * math.sin(ang)), 0.25)
        if wins:
            t.expect = [swipe("right"), row_swipe(2, True)]
            t.expect_none = ["pan"]
        else:
            t.expect = [won("pan")]
            t.expect_none = ["swipe", "rowSwipe"]
        t.write()

    # --- Pinch and rotation (no rows under the fingers, to keep the list out of it).
    empty = {"list": NO_ROWS}
    t = Trace("pinch-out-few-frames", seed=214, scene=empty,
              note="two fingers 20 mm apart spread to 40 mm in three frames: every report pinned")
    for tt, half in ((0.0, 50), (0.05, 75), (0.1, 100)):
        ph = "down" if tt == 0 else "move"
        t.add(tt, 0, ph, 400 - half, 240)
        t.add(tt, 1, ph, 400 + half, 240)
    t.add(0.15, 0, "up", 300, 240)
    t.add(0.15, 1, "up", 500, 240)
    t.expect = [{"type": "pinch", "phase": "began", "t": 0.05, "scale": 1.5, "fingers": 2, "x": 400, "y": 240},
                {"type": "pinch", "phase": "changed", "t": 0.1, "scale": 2.0},
                {"type": "pinch", "phase": "ended", "t": 0.15, "scale": 2.0}]
    t.expect_none = ["rotate", "pan", "swipe", "tap"]
    t.write()

    t = Trace("pinch-in", seed=215, scene=empty, note="two fingers 60 mm apart close to 20 mm over 0.4 s")
    t.stroke(0.0, (250, 240), (20, 0), 0.4)
    t.stroke(0.0, (550, 240), (-20, 0), 0.4)
    t.expect = [won("pinch")]
    t.expect_none = ["rotate", "pan", "swipe"]
    t.write()

    t = Trace("rotate-quarter-turn-few-frames", seed=216, scene=empty,
              note="two fingers 40 mm apart turn 90 degrees clockwise about their centre in three steps")
    r = 100
    for k, a in enumerate((0, 30, 60, 90)):
        th = math.radians(a)
        ph = "down" if k == 0 else "move"
        tt = 0.05 * k
        t.add(tt, 0, ph, 400 - r * math.cos(th), 240 - r * math.sin(th))
        t.add(tt, 1, ph, 400 + r * math.cos(th), 240 + r * math.sin(th))
    t.add(0.2, 0, "up", 400, 140)
    t.add(0.2, 1, "up", 400, 340)
    tol = {"angle": 1e-4}
    t.expect = [{"type": "rotate", "phase": "began", "t": 0.05, "angle": math.pi / 6, "fingers": 2, "tolerance": tol},
                {"type": "rotate", "phase": "changed", "t": 0.1, "angle": math.pi / 3, "tolerance": tol},
                {"type": "rotate", "phase": "changed", "t": 0.15, "angle": math.pi / 2, "tolerance": tol},
                {"type": "rotate", "phase": "ended", "t": 0.2, "angle": math.pi / 2, "tolerance": tol}]
    t.expect_none = ["pinch", "pan"]
    t.write()

    def twist(t, spread_from, spread_to, degrees, duration=0.4, hz=60):
        n = round(duration * hz)
        for k in range(n + 1):
            p = min_jerk(k / n)
            half = (spread_from + (spread_to - spread_from) * p) * RES / 2
            th = math.radians(degrees * p)
            ph = "down" if k == 0 else ("up" if k == n else "move")
            tt = round(duration * k / n, 6)
            t.add(tt, 0, ph, 400 - half * math.cos(th), 240 - half * math.sin(th))
            t.add(tt, 1, ph, 400 + half * math.cos(th), 240 + half * math.sin(th))

    t = Trace("pinch-and-rotate-together", seed=217, scene=empty,
              note="spread 30 to 50 mm while turning 60 degrees: pinch and rotation both win")
    twist(t, 30, 50, 60)
    t.expect = [won("pinch"), won("rotate")]
    t.expect_none = ["pan", "swipe", "longPress"]
    t.write()

    t = Trace("pinch-and-rotate-apart", seed=218,
              scene={"list": NO_ROWS, "settings": {"arena": {"apart": [["pinch", "rotate"]]}}},
              note="the same twist with pinch and rotation declared apart: the first to claim wins")
    twist(t, 30, 50, 60)
    t.expect = [won("pinch")]
    t.expect_none = ["rotate"]
    t.write()

    t = Trace("two-finger-drag-is-pan-not-pinch", seed=219, scene=with_settings({"pan": {"axis": "free"}}, NO_ROWS),
              note="two fingers 20 mm apart drag 30 mm down together over 0.8 s: a two-finger pan")
    t.stroke(0.0, (350, 100), (0, 30), 0.8, hz=60)
    t.stroke(0.0, (450, 100), (0, 30), 0.8, hz=60)
    # Quick enough (12 mm within 0.7 s) to be a two-finger swipe down too, together with the pan.
    t.expect = [won("pan"), won("swipe"), swipe("down", 2)]
    t.expect_none = ["pinch", "rotate"]
    t.write()

    # --- Multi-finger swipes.
    t = Trace("swipe-four-finger-left", seed=220, scene=empty, note="four fingers swipe 30 mm left")
    for k in range(4):
        t.stroke(0.0, (500, 120 + 70 * k), (-30, 0), 0.2, jitter_mm=0.2)
    t.expect = [swipe("left", 4)]
    t.write()

    t = Trace("two-fingers-one-resting-is-no-swipe", seed=221, scene=empty,
              note="one finger rests while the other moves 40 mm right: the fingers do not move the same way")
    t.hold(0.0, (200, 240), 0.3, hz=120)
    t.stroke(0.0, (400, 240), (40, 0), 0.25)
    t.expect_none = ["swipe"]
    t.write()

    # --- Edge swipes (5 mm edge zones of the 160 x 96 mm panel).
    for name, start, delta, direction, edge in (
            ("edge-swipe-from-left", (10, 240), (30, 0), "right", "left"),
            ("edge-swipe-from-right", (795, 240), (-30, 0), "left", "right"),
            ("edge-swipe-from-top", (400, 3), (0, 30), "down", "top"),
            ("edge-swipe-from-bottom", (400, 478), (0, -30), "up", "bottom"),
            ("edge-swipe-corner-top-left", (8, 8), (30, 0), "right", "topLeft"),
            ("edge-swipe-corner-bottom-right", (794, 476), (0, -30), "up", "bottomRight"),
            ("edge-zone-moving-along-edge", (10, 100), (0, 30), "down", None),
            ("edge-swipe-started-outside-zone", (40, 240), (30, 0), "right", None)):
        t = Trace(name, seed=222, scene=empty,
                  note=f"starts at {start} and moves {delta} mm: swipe {direction}, edge {edge}")
        t.stroke(0.0, start, delta, 0.2)
        t.expect = [{**swipe(direction), "edge": edge}]
        t.write()

    t = Trace("edge-swipe-two-fingers-from-bottom", seed=223, scene=empty,
              note="two fingers from the bottom edge: a two-finger edge swipe up")
    t.stroke(0.0, (350, 478), (0, -30), 0.2)
    t.stroke(0.0, (450, 477), (0, -30), 0.2)
    t.expect = [{**swipe("up", 2), "edge": "bottom"}]
    t.write()

    # --- Fling.
    t = Trace("fling-up-quick-stroke", seed=224, scene=empty,
              note="30 mm up in 0.1 s, lifted while moving: a fling upward")
    t.path(0.0, [(400, 400), (400, 250)], 0.1, hz=120)
    # Cut the ease-out: lift while still fast (replace the last two samples by a lift at speed).
    t.events = t.events[:-3]
    last = t.events[-1]
    t.add(round(last["t"] + 1 / 120, 6), 0, "up", last["x"], last["y"] - 15)
    t.expect = [swipe("up"), {"type": "fling", "fingers": 1}]
    t.write()

    t = Trace("fling-clamped-to-maximum", seed=225, scene=empty,
              note="a 3000 mm/s throw, constant speed: the fling is clamped to 2105 mm/s")
    for k in range(6):
        t.add(round(k / 120, 6), 0, "down" if k == 0 else ("up" if k == 5 else "move"), 100 + 125 * k, 240)
    t.expect = [{"type": "fling", "speed": 2105, "velocity": {"x": 10525, "y": 0}, "tolerance": {"velocity": 1e-6}}]
    t.write()

    t = Trace("drag-stopped-before-lift-no-fling", seed=226, scene=empty,
              note="a quick 30 mm drag, then the finger rests 0.2 s before lifting: no fling")
    t.path(0.0, [(300, 240), (450, 240)], 0.15, hz=120, lift=False, cid=0)
    t.add(0.35, 0, "up", 450, 240)
    t.expect = [swipe("right")]
    t.expect_none = ["fling"]
    t.write()

    # --- Waiting for another recognizer to fail.
    waits = {"pan": {"axis": "free"}, "arena": {"waitsFor": [["pan", "swipe"]],
                                                "enabled": ["tap", "pinch", "rotate", "swipe", "pan", "fling"]}}
    t = Trace("arena-pan-waits-for-swipe-swipe-wins", seed=227, scene=with_settings(waits, NO_ROWS),
              note="the pan waits for the swipe to fail; a quick stroke is a swipe, so the pan never begins")
    t.stroke(0.0, (300, 240), (35, 0), 0.2)
    t.expect = [won("swipe"), swipe("right"), won("fling")]
    t.expect_none = ["pan"]
    t.write()

    t = Trace("arena-pan-waits-for-swipe-slow-drag", seed=228, scene=with_settings(waits, NO_ROWS),
              note="the same rule on a drag of 6 mm in 0.3 s, then 20 mm over 2 s: the pan claims at its "
                   "slop (about 0.2 s) but is held; the swipe fails at 0.7 s, and the pan begins then")
    t.path(0.0, [(300, 240), (330, 240)], 0.3, hz=60, lift=False, cid=0)
    t.path(0.3, [(330, 240), (430, 240)], 2.0, hz=60, cid=0, down=False)
    t.expect = [won("pan", t=0.7)]
    t.expect_none = ["swipe"]
    t.write()

    scrolling()
    lists()


def scrolling():
    """Issue 5, first part: a pan scrolls a list taller than its viewport, a fling continues as
    momentum (UIKit's 0.998 per ms), a touch stops it, and rows are hit through the offset.
    Expected offsets are computed here from the physics, not by running the library."""
    tall = {"list": {**LIST, "rows": 40}}          # 2400 units of content in a 480-unit viewport
    max_offset = 40 * 60 - 480

    def drag(t):
        """Up 100 units a frame at 120 Hz: the pan begins at the first move (20 mm, past its
        slop) and the content follows from there, 100 units a frame; then still until the lift."""
        for k in range(5):
            t.add(round(k / 120, 6), 0, "down" if k == 0 else "move", 400, 450 - 100 * k)
        t.add(0.3, 0, "up", 400, 50)

    t = Trace("scroll-drag-few-frames", seed=300, scene=tall,
              note="a drag up, 100 units a frame, then held still before the lift (no fling)")
    drag(t)
    t.expect = [{"type": "scroll", "offset": 100, "momentum": False, "t": round(2 / 120, 6)},
                {"type": "scroll", "offset": 200, "momentum": False, "t": round(3 / 120, 6)},
                {"type": "scroll", "offset": 300, "momentum": False, "t": round(4 / 120, 6)}]
    t.expect_none = ["fling", "rowSwipe", "select"]
    t.write()

    # After that scroll, a tap at y = 100 is on row (100 + 300) / 60 = 6.7: row 6.
    t = Trace("scroll-then-tap-selects-through-offset", seed=301, scene=tall,
              note="scroll up by 300 units, then tap at y 100: row 6, not row 1")
    drag(t)
    t.tap(0.8, (400, 100))
    t.expect = [{"type": "select", "row": 6}]
    t.write()

    # At rest after a scroll, a row swipe changes the row under the finger, through the offset.
    t = Trace("scroll-then-row-swipe-through-offset", seed=305, scene=tall,
              note="scroll up by 300 units (a quick drag, so also a swipe up), then a right swipe at y 100: row 6 opens")
    drag(t)
    t.stroke(0.8, (300, 100), (35, 0), 0.2)
    t.expect = [swipe("up"), swipe("right"), row_swipe(6, True)]
    t.write()

    # A 3000 mm/s throw up (125 units a frame), lifted without stopping: the fling is clamped to
    # 2105 mm/s (10525 units/s), and momentum carries the content on.
    def throw(t, t0=0.0):
        for k in range(4):
            t.add(round(t0 + k / 120, 6), 0, "down" if k == 0 else "move", 400, 470 - 125 * k)
        t.add(round(t0 + 4 / 120, 6), 0, "up", 400, 470 - 125 * 3)
        return round(t0 + 4 / 120, 6)

    rate = 0.998
    ln = math.log(rate)
    v0 = 10525.0 / 1000                     # units per ms, toward the end
    after_drag = 250                        # the second and third moves scroll 125 each
    drag_scrolls = [{"type": "scroll", "offset": 125, "momentum": False},
                    {"type": "scroll", "offset": 250, "momentum": False}]

    t = Trace("scroll-fling-momentum-to-the-end", seed=302, scene=tall,
              note="a fast throw up: momentum at 2105 mm/s decelerating by 0.998 a ms reaches the last row and stops there")
    lift = throw(t)
    # v0 (rate^dt - 1) / ln(rate) = distance  =>  dt = log(1 + distance ln(rate) / v0) / ln(rate)
    dt_ms = math.log(1 + (max_offset - after_drag) * ln / v0) / ln
    t.expect = drag_scrolls + [{"type": "scroll", "offset": max_offset, "momentum": True,
                                "t": lift + dt_ms / 1000, "tolerance": {"t": 1e-9}}]
    t.expect_none = ["select"]
    t.write()

    # The same throw on a longer list: momentum ends where its speed falls to 2 mm/s (10 units/s).
    longer = {"list": {**LIST, "rows": 400}}
    t = Trace("scroll-fling-momentum-decelerates-to-rest", seed=303, scene=longer,
              note="the same throw over 400 rows: the content slows to 2 mm/s and stops")
    lift = throw(t)
    stop_ms = math.log((10.0 / 1000) / v0) / ln
    travelled = v0 * (rate ** stop_ms - 1) / ln
    t.expect = drag_scrolls + [{"type": "scroll", "offset": after_drag + travelled, "momentum": True,
                                "t": lift + stop_ms / 1000, "tolerance": {"t": 1e-9, "offset": 1e-6}}]
    t.write()

    # A touch during momentum stops it where it is, and that touch selects nothing.
    t = Trace("scroll-touch-stops-momentum", seed=304, scene=longer,
              note="a throw, then a tap 0.2 s after the lift: the content stops there, nothing is selected")
    lift = throw(t)
    t.tap(round(lift + 0.2, 6), (400, 200))
    at_ms = (round(lift + 0.2, 6) - lift) * 1000
    t.expect = drag_scrolls + [{"type": "scroll", "offset": after_drag + v0 * (rate ** at_ms - 1) / ln,
                                "momentum": True, "t": round(lift + 0.2, 6), "tolerance": {"offset": 1e-6}}]
    t.expect_none = ["select"]
    t.write()


# --- Issue 5, second part: the list model. Every expected value below is computed here from
# the rules the issue and the seeds give (UIKit's 0.998/ms deceleration, the 0.5 s settle, the
# half-visible bottom cell, 75 points for section starts, 25-row pages, one screen of look-ahead,
# 60 points to refresh), not by running the library.

MM_PER_POINT = 25.4 / 163           # one point of the 163 ppi screens the articles ran on
SETTLE = 0.5                        # the cell-snapping article's animation, seconds
SECTION_SNAP = 75 * MM_PER_POINT * RES   # 75 points in trace units (58.4 units)
REFRESH = 60 * MM_PER_POINT * RES        # 60 points in trace units (46.7 units)
LOAD_MORE_ROW = 60                       # the "Load more" row: a row like the others
LOADING_ROW = 60 * 60 / 44               # the guide's 60-point loading row beside 44-point rows


def banded(raw, max_offset, d=480, c=0.55):
    """The offset shown for a drag to `raw`: past an end, (1 - 1/(x c/d + 1)) d of the excess."""
    band = lambda x: (1 - 1 / (x * c / d + 1)) * d
    if raw < 0:
        return -band(-raw)
    if raw > max_offset:
        return max_offset + band(raw - max_offset)
    return raw


def slow_drag(t, t0, x, y0, steps, dt=0.05, hold=0.5):
    """A finger down at (x, y0), a first move of 30 units in the direction of steps[0] (past the
    4.7 mm = 23.5-unit slop: the pan begins there and the content does not move), then one move
    per `dt` by each of `steps` (units, + is down), then held still for `hold` s and lifted (so
    no fling). Returns (times of the steps, lift time)."""
    cid = t.new_id()
    y = y0
    t.add(t0, cid, "down", x, y)
    y += 30 if steps[0] > 0 else -30
    t.add(round(t0 + dt, 6), cid, "move", x, y)
    times = []
    for k, d in enumerate(steps):
        y += d
        tk = round(t0 + dt * (k + 2), 6)
        t.add(tk, cid, "move", x, y)
        times.append(tk)
    lift = round(times[-1] + hold, 6)
    t.add(lift, cid, "up", x, y)
    return times, lift


def scroll(offset, momentum, t=None, tol=1e-6):
    e = {"type": "scroll", "offset": offset, "momentum": momentum, "tolerance": {"offset": tol}}
    if t is not None:
        e["t"] = t
        e["tolerance"]["t"] = 1e-9
    return e


def snap(offset, to, t):
    return {"type": "snap", "offset": offset, "to": to, "t": t, "tolerance": {"offset": 1e-6, "t": 1e-9}}


def cell_snap(offset, tops, heights, viewport=480, max_offset=None):
    """The cell-snapping rule: the cell cut by the bottom edge decides; half or more showing
    pulls it in, less pushes it out; clamped to the ends. None when no cell is cut."""
    bottom = offset + viewport
    for top, h in zip(tops, heights):
        if top < bottom < top + h:
            shown = bottom - top
            target = offset + (h - shown) if shown >= h / 2 else offset - shown
            target = min(max(target, 0), max_offset)
            return None if target == offset else target
    return None


def lists():
    rate, ln = 0.998, math.log(0.998)
    v0 = 10525.0 / 1000                 # the clamped 2105 mm/s throw, units per ms

    def throw(t, t0=0.0):
        for k in range(4):
            t.add(round(t0 + k / 120, 6), 0, "down" if k == 0 else "move", 400, 470 - 125 * k)
        t.add(round(t0 + 4 / 120, 6), 0, "up", 400, 470 - 125 * 3)
        return round(t0 + 4 / 120, 6)

    # A fling that ends snapped to a whole cell: momentum stops at 2 mm/s, then the cut bottom
    # cell is pulled in or pushed out over 0.5 s.
    scene = {"list": {**LIST, "rows": 400, "snapsToCells": True}}
    t = Trace("list-fling-ends-snapped-to-cell", seed=400, scene=scene,
              note="a throw; momentum stops, then the cell cut by the bottom edge is shown whole or pushed out")
    lift = throw(t)
    stop_ms = math.log((10.0 / 1000) / v0) / ln
    rest = 250 + v0 * (rate ** stop_ms - 1) / ln
    target = cell_snap(rest, [60 * i for i in range(400)], [60] * 400, max_offset=400 * 60 - 480)
    assert target is not None
    stop = lift + stop_ms / 1000
    t.expect = [scroll(125, False), scroll(250, False), scroll(rest, True, stop), scroll(target, True, stop + SETTLE),
                snap(target, "cell", stop + SETTLE)]
    t.write()

    # A slow drag of 20 units: the ninth row shows 20 of its 60 units, under half: it is pushed
    # back out, and the list returns to 0.
    t = Trace("list-slow-drag-snaps-back", seed=401, scene=scene,
              note="a slow 20-unit drag up, held and lifted: the cut cell shows under half, so the list snaps back")
    times, lift = slow_drag(t, 0.0, 400, 400, [-5] * 4)
    t.expect = [scroll(5, False, times[0]), scroll(10, False), scroll(15, False), scroll(20, False, times[3]),
                scroll(0, True, lift + SETTLE), snap(0, "cell", lift + SETTLE)]
    t.expect_none = ["fling"]
    t.write()

    # Variable heights: 60, 90, 40 units in turn. After a 30-unit drag the bottom edge (510)
    # cuts row 7 (440..530), which shows 70 of 90: it is pulled in, to 50.
    hs = [60, 90, 40]
    heights = [hs[i % 3] for i in range(60)]
    tops = [sum(heights[:i]) for i in range(60)]
    target = cell_snap(30, tops, heights, max_offset=sum(heights) - 480)
    assert target == 50
    t = Trace("list-variable-heights-snap-pulls-cell-in", seed=402,
              scene={"list": {**LIST, "rows": 60, "rowHeights": hs, "snapsToCells": True}},
              note="rows of 60, 90 and 40 units; a 30-unit drag leaves the cut bottom cell 70 of 90 shown: pulled in")
    times, lift = slow_drag(t, 0.0, 400, 400, [-10] * 3)
    t.expect = [snap(target, "cell", lift + SETTLE)]
    t.write()

    # Section starts. Four sections of ten 60-unit rows under 30-unit headers (630 a section);
    # the list starts at 560 and a slow drag stops it at 600: section 1 starts 30 units below
    # the top, within 75 points (58.4 units), so it is brought to the top.
    sec = {**LIST, "sections": [10, 10, 10, 10], "rows": 40, "headerHeight": 30, "snapsToSections": True, "offset": 560}
    t = Trace("list-section-start-snapped-to-top", seed=403, scene={"list": sec},
              note="headers of 30, sections of 630 units; stopped at 600, section 1 (at 630) snaps to the top")
    times, lift = slow_drag(t, 0.0, 400, 400, [-10] * 4)
    assert abs(630 - 600) <= SECTION_SNAP
    t.expect = [snap(630, "section", lift + SETTLE)]
    t.write()

    # Never at the bottom end: sections of 10 and 8 rows in a 450-unit viewport end at 630,
    # where section 1 (at 600) is 30 units away; a drag to the end leaves it alone.
    near_end = {**LIST, "height": 450, "sections": [10, 8], "rows": 18, "snapsToSections": True, "offset": 560}
    t = Trace("list-section-start-left-alone-at-bottom-end", seed=404, scene={"list": near_end},
              note="dragged to the bottom end (630); section 1 starts 30 units away but the list is not snapped")
    times, lift = slow_drag(t, 0.0, 400, 400, [-20] * 5)
    t.expect = [scroll(580, False), scroll(600, False), scroll(620, False), scroll(630, False)]
    t.expect_none = ["snap"]
    t.write()

    t = Trace("list-section-start-snapped-short-of-the-end", seed=405, scene={"list": near_end},
              note="the same list stopped at 620, short of the end: section 1 (at 600) is 20 units away and snaps to the top")
    times, lift = slow_drag(t, 0.0, 400, 400, [-20] * 3)
    t.expect = [snap(600, "section", lift + SETTLE)]
    t.write()

    # Of two candidates the nearer wins: every row is a section (sections of one row); stopped
    # at 80, the starts at 60 (20 away) and 120 (40 away) both qualify; 60 is nearer.
    ones = {**LIST, "sections": [1] * 40, "rows": 40, "snapsToSections": True, "offset": 40}
    t = Trace("list-section-snap-nearer-of-two", seed=406, scene={"list": ones},
              note="starts at 60 and 120 both within 58.4 units of 80: the nearer, 60, wins")
    times, lift = slow_drag(t, 0.0, 400, 400, [-10] * 4)
    t.expect = [snap(60, "section", lift + SETTLE)]
    t.write()

    # Sticky headers: at 700 the content is inside section 1 (header 630..660); its header is
    # pinned at the top, so a tap at y 15 hits the header (nothing), and one at y 45 row 11.
    sticky = {**LIST, "sections": [10, 10, 10], "rows": 30, "headerHeight": 30, "offset": 700}
    t = Trace("list-sticky-header-covers-rows", seed=407, scene={"list": sticky},
              note="at 700 section 1's header sticks to the top: a tap on it selects nothing; below it, row 11")
    t.tap(0.0, (400, 15))
    t.tap(0.6, (400, 45))
    t.expect = [{"type": "select", "row": 11}]
    t.write()

    # Selection modes.
    def taps(t, rows, gap=0.6):
        for k, r in enumerate(rows):
            t.tap(k * gap, (400, row_y(r)))

    t = Trace("list-select-single-deselects-previous", seed=408, scene={"list": {**LIST, "selection": "single"}},
              note="single selection: tapping row 4 after row 2 deselects 2")
    taps(t, [2, 4])
    t.expect = [{"type": "select", "row": 2}, {"type": "deselect", "row": 2}, {"type": "select", "row": 4}]
    t.write()

    t = Trace("list-select-multiple-toggles", seed=409, scene={"list": {**LIST, "selection": "multiple"}},
              note="multiple selection: rows 2 and 4 selected, a second tap on 2 deselects it")
    taps(t, [2, 4, 2])
    t.expect = [{"type": "select", "row": 2}, {"type": "select", "row": 4}, {"type": "deselect", "row": 2}]
    t.write()

    t = Trace("list-checkmark-toggles", seed=410, scene={"list": {**LIST, "selection": "checkmark"}},
              note="checkmark mode: each tap selects, toggles the check, and deselects at once")
    taps(t, [3, 3])
    t.expect = [{"type": "select", "row": 3}, {"type": "check", "row": 3, "checked": True}, {"type": "deselect", "row": 3},
                {"type": "select", "row": 3}, {"type": "check", "row": 3, "checked": False}, {"type": "deselect", "row": 3}]
    t.write()

    # Estimated heights: rows estimated at 40 units are 80 tall; they are measured as they come
    # into view, so a tap at y 250 is on row 3 (250 / 80), not row 6 (250 / 40).
    t = Trace("list-estimated-heights-measured-in-view", seed=411,
              scene={"list": {**LIST, "rows": 50, "estimatedRowHeight": 40, "rowHeights": [80]}},
              note="estimated 40, real 80: rows in view get their real height before the tap is hit-tested")
    t.tap(0.0, (400, 250))
    t.expect = [{"type": "select", "row": 3}]
    t.write()

    # Load more. 25 rows and a "Load more" row (a row like the others), scrolled to the end: the
    # load-more row spans y 420 to 480. A single tap is reported when its 0.3 s double-tap window
    # closes. After it, the loading row (60/44 of a row) takes its place, under the second tap.
    max_offset = 25 * 60 + LOAD_MORE_ROW - 480
    paged = {**LIST, "rows": 25, "paging": "loadMoreRow", "offset": 5000}
    t = Trace("list-load-more-tapped-twice-one-request", seed=412,
              scene={"list": paged, "data": {"total": 100, "latency": 1.0}},
              note="the load-more row tapped twice before page 2 arrives: one request; the second tap hits the loading row")
    t.tap(0.1, (400, 465))
    t.tap(0.9, (400, 465))
    first = round(0.18 + 0.3, 6)
    assert 480 - LOAD_MORE_ROW < 465
    t.expect = [{"type": "loadMore", "page": 2, "t": first},
                {"type": "page", "page": 2, "rows": 25, "failed": False, "t": first + 1.0, "tolerance": {"t": 1e-9}}]
    t.expect_none = ["select"]
    t.write()

    # A short page removes the row: page 2 holds 5 rows (30 in all); the row at y 465 is then
    # row 25 (content y 1080 + 465 = 1545).
    t = Trace("list-load-more-short-page-removes-row", seed=413,
              scene={"list": paged, "data": {"total": 30, "latency": 0.5}},
              note="page 2 is short (5 rows): the load-more row goes, and the place it was shows row 25")
    t.tap(0.1, (400, 465))
    t.tap(1.5, (400, 465))
    assert int((max_offset + 465) // 60) == 25
    t.expect = [{"type": "loadMore", "page": 2}, {"type": "page", "page": 2, "rows": 5},
                {"type": "select", "row": 25}]
    t.expect_none = ["refresh"]
    t.write()

    # Infinite scroll, pages of 5 rows, asking when the viewport's bottom comes within 12 mm
    # (60 units) of the end. 10 rows (600 units, pages 1 and 2): the drag's offset reaches 100
    # at 0.15 s (580 >= 540): page 3 is asked for; it arrives 0.22 s later; at 0.45 s the offset
    # 400 reaches 900 - 540 = 360: page 4, which is empty (15 rows in all): infinite scroll ends,
    # and a second drag to the end asks for nothing.
    inf = {**LIST, "rows": 10, "paging": "infinite", "pageSize": 5, "infiniteScrollDistance": 12}
    t = Trace("list-infinite-scroll-stops-on-empty-page", seed=414,
              scene={"list": inf, "data": {"total": 15, "latency": 0.22}},
              note="pages of 5: page 3 arrives, page 4 is empty and ends infinite scroll; more dragging asks for nothing")
    times, lift = slow_drag(t, 0.0, 400, 470, [-50] * 8)
    slow_drag(t, 1.5, 400, 400, [-50] * 4)
    t.expect = [{"type": "loadMore", "page": 3, "t": 0.15},
                {"type": "page", "page": 3, "rows": 5, "t": 0.37, "tolerance": {"t": 1e-9}},
                {"type": "loadMore", "page": 4, "t": 0.45},
                {"type": "page", "page": 4, "rows": 0, "t": 0.67, "tolerance": {"t": 1e-9}}]
    t.write()

    # Refresh after an error: page 3 fails (its first request), which stops infinite scroll;
    # pulled down 150 units past the top (shown: 70.4, past the 46.7 needed) and released, the
    # list refreshes: page 1 comes back (5 rows replace the 10), and infinite scroll works again.
    t = Trace("list-refresh-after-error", seed=415,
              scene={"list": {**inf, "refreshes": True}, "data": {"total": 15, "latency": 0.22, "failingPages": [3]}},
              note="page 3 fails; a pull to refresh reloads page 1, and infinite scroll asks for page 2, which arrives")
    times, lift = slow_drag(t, 0.0, 400, 470, [-50] * 2)
    assert -banded(-150, 0) >= REFRESH
    times2, lift2 = slow_drag(t, 1.0, 400, 100, [50] * 5)
    t.expect = [{"type": "loadMore", "page": 3, "t": 0.15},
                {"type": "page", "page": 3, "rows": None, "failed": True},
                {"type": "refresh", "t": lift2},
                {"type": "page", "page": 1, "rows": 5, "t": lift2 + 0.22, "tolerance": {"t": 1e-9}},
                {"type": "loadMore", "page": 2, "t": lift2 + 0.22, "tolerance": {"t": 1e-9}},
                {"type": "page", "page": 2, "rows": 5, "failed": False}]
    t.write()

    # Pull to refresh: 3 rows; pulled past the distance; page 1 brings 25 rows, so a tap at
    # y 400 then selects row 6, which did not exist before.
    t = Trace("list-pull-to-refresh-replaces-rows", seed=416,
              scene={"list": {**LIST, "rows": 3, "refreshes": True}, "data": {"total": 40, "latency": 0.3}},
              note="a pull past 60 points and release: refresh; page 1 (25 rows) replaces the 3 rows")
    times, lift = slow_drag(t, 0.0, 400, 100, [50] * 3)
    assert -banded(-150, 0) >= REFRESH
    t.tap(lift + 1.0, (400, 400))
    t.expect = [{"type": "refresh", "t": lift}, {"type": "page", "page": 1, "rows": 25},
                {"type": "select", "row": 6}]
    t.write()

    # Not far enough: pulled 40 units (21 shown, under 46.7): it springs back, no refresh.
    t = Trace("list-pull-short-springs-back", seed=417, scene={"list": {**LIST, "rows": 40, "refreshes": True}},
              note="a pull of 40 units shows 21 past the top, under the 46.7 needed: it springs back to 0")
    times, lift = slow_drag(t, 0.0, 400, 100, [20, 20])
    shown = banded(-40, 0)
    assert -shown < REFRESH
    t.expect = [scroll(banded(-20, 0), False, times[0]), scroll(shown, False, times[1]),
                scroll(0, True, lift + SETTLE), snap(0, "edge", lift + SETTLE)]
    t.expect_none = ["refresh"]
    t.write()

    # A bouncing list pulled past its bottom end springs back to it.
    t = Trace("list-bounce-at-bottom-springs-back", seed=418,
              scene={"list": {**LIST, "rows": 20, "bounces": True, "offset": 720}},
              note="at the end (720), dragged 100 units further: shown with the rubber band, then back to 720")
    times, lift = slow_drag(t, 0.0, 400, 400, [-50, -50])
    t.expect = [scroll(banded(770, 720), False, times[0]), scroll(banded(820, 720), False, times[1]),
                scroll(720, True, lift + SETTLE), snap(720, "edge", lift + SETTLE)]
    t.write()


if __name__ == "__main__":
    main()
