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

    def path(self, t0, points, duration, hz=120, jitter_mm=0.0, lift=True, cid=None, end="up"):
        """A contact following the polyline `points` (trace units) over `duration` seconds."""
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
    t.expect = [{"type": "failed", "recognizer": "tap", "reason": "moved"},
                {"type": "failed", "recognizer": "swipe", "reason": "crossDrift"}]
    t.write()

    t = Trace("drift-over-limit-wobble", seed=9, note="a 10 mm sideways wobble, then a long stroke right")
    t.path(0.0, [(300, row_y(2)), (320, row_y(2) + 50), (600, row_y(2) + 50)], 0.4)
    t.expect_none = ["swipe", "rowSwipe"]
    t.write()

    # --- Too slow: 15 mm over 1.4 s reaches 12 mm only after 0.7 s.
    t = Trace("too-slow-drag-right", seed=10, note="15 mm right over 1.4 s: past the 0.7 s limit")
    t.stroke(0.0, (300, row_y(4)), (15, 0), 1.4, hz=60)
    t.expect_none = ["swipe", "rowSwipe", "tap"]
    # The tap fails once the finger has moved past its 4.7 mm slop; the swipe at 0.7 s.
    t.expect = [{"type": "failed", "recognizer": "tap", "reason": "moved"},
                {"type": "failed", "recognizer": "swipe", "reason": "tooSlow"}]
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
    sc = {"list": {**LIST, "policy": "toggle"}}
    t = Trace("policy-toggle-left-then-right", seed=16, scene=sc, note="toggle: any swipe flips the row")
    t.stroke(0.0, (500, row_y(2)), (-30, 0), 0.2)
    t.stroke(0.5, (300, row_y(2)), (30, 0), 0.2)
    t.expect = [row_swipe(2, True), row_swipe(2, False)]
    t.write()

    sc = {"list": {**LIST, "policy": "directional"}}
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

    sc = {"list": {**LIST, "policy": "oneOpen"}}
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

    t = Trace("tap-held-long-is-still-a-tap", seed=28,
              note="a 0.8 s press: with no long-press recognizer competing, still a tap")
    t.hold(0.0, (400, row_y(3)), 0.8, jitter_mm=0.2)
    t.expect_none = ["swipe", "rowSwipe"]
    # The swipe's 0.7 s limit passes while the finger is still down; the tap is reported 0.3 s after the lift.
    t.expect = [{"type": "failed", "recognizer": "swipe", "reason": "tooSlow"},
                {"type": "tap", "taps": 1, "fingers": 1, "t": 1.1}, {"type": "select", "row": 3}]
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
    t.expect = [{"type": "failed", "recognizer": "swipe", "reason": "cancelled"},
                {"type": "failed", "recognizer": "tap", "reason": "cancelled"}]
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

    # --- The demo session the README replays.
    t = Trace("demo-session", seed=47, note="swipe rows 1 and 3, swipe row 1 back, tap row 5, double tap row 6")
    t.stroke(0.0, (250, row_y(1)), (40, 0), 0.25, jitter_mm=0.3)
    t.stroke(0.8, (550, row_y(3)), (-40, 0), 0.25, jitter_mm=0.3)
    t.stroke(1.6, (550, row_y(1)), (-40, 0), 0.25, jitter_mm=0.3)
    t.tap(2.4, (400, row_y(5)))
    t.tap(3.2, (380, row_y(6)))
    t.tap(3.4, (382, row_y(6)))
    t.expect = [row_swipe(1, True), row_swipe(3, True), row_swipe(1, False),
                tap(1), {"type": "select", "row": 5}, tap(2), {"type": "select", "row": 6}]
    t.write()


if __name__ == "__main__":
    main()
