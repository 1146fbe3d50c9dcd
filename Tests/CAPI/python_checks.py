"""The Python module under a host's habits: two threads on one engine (it crashed the
interpreter: ctypes lets go of the GIL in each call, and the module took no lock), and values C
would misread (2**32 as contact 0, a settings string cut at a NUL, bytes settings), each refused
with the library's status. Run by tools/c-api-test with TOUCHGESTURES_LIBRARY set."""
import os
import sys
import threading

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "python"))
import touchgestures as tg  # noqa: E402

failures = 0


def check(ok, what):
    global failures
    if not ok:
        failures += 1
        print("FAIL " + what)


# An input thread feeds 5,000 taps while another drains the events, five times.
for run in range(5):
    engine = tg.Engine(800, 480, units_per_mm=(5, 5))
    taps = []
    done = threading.Event()

    def feed():
        t = 0.0
        for k in range(5000):
            engine.touch(t, k % 4, tg.DOWN, 100, 100)
            engine.frame()
            engine.touch(t + 0.01, k % 4, tg.UP, 100, 100)
            engine.frame()
            t += 0.5
        engine.finish()
        done.set()

    def drain():
        while True:
            finished = done.is_set()
            taps.extend(e for e in engine.events() if e.type == "tap")
            if finished:
                return

    threads = [threading.Thread(target=feed), threading.Thread(target=drain)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    check(len(taps) == 5000, "run %d: %d taps of 5000 drained by the other thread" % (run, len(taps)))


def refused(call, status, words):
    try:
        call()
    except tg.TouchGesturesError as error:
        check(error.status == status and words in str(error), "status %d, %s (wanted %d, %r)" % (error.status, error, status, words))
        return
    check(False, "accepted where %r was expected" % words)


engine = tg.Engine(800, 480, units_per_mm=(5, 5))
refused(lambda: engine.touch(0, 2**32, tg.DOWN, 1, 1), tg.INVALID_ARGUMENT, "contact must be a whole number")
refused(lambda: engine.touch(0, 1, 2**32, 1, 1), tg.INVALID_ARGUMENT, "phase must be a whole number")
refused(lambda: tg.Engine(800, 480, rotation=2**32 + 90), tg.INVALID_ARGUMENT, "rotation")
refused(lambda: tg.Engine(800, 480, settings_json='{"tap.maxGap": 0.3}\0junk'), tg.BAD_INPUT, "holds a NUL")
# The library's own status comes through a NULL (it was -1 whatever the library said).
refused(lambda: tg.Engine(800, 480, settings_json='{"tap.maxGap": 30}'), tg.BAD_INPUT, "tap.maxGap")
refused(lambda: tg.Engine(float("nan"), 480), tg.INVALID_ARGUMENT, "width")
check(tg.Engine(800, 480, settings_json=b'{"tap.maxGap": 0.25}') is not None, "bytes settings")
refused(lambda: list(tg.replay_lines("/dev/zero")), tg.BAD_INPUT, "not a regular file")
# A gesture followed while it happens: 30 mm up from the bottom edge at 50 mm/s, with a 20 mm
# threshold, reports from its beginning to a commit at progress 1.5.
engine = tg.Engine(800, 480, units_per_mm=(5, 5))
check(engine.follow("swipe", "up", edge="bottom", threshold_mm=20) == 1, "the first request is not number 1")
engine.touch(0, 0, tg.DOWN, 400, 478)
engine.frame()
for k in range(1, 76):
    engine.touch(k * 0.008, 0, tg.MOVE, 400, 478 - 2 * k)
    engine.frame()
engine.touch(0.6, 0, tg.UP, 400, 328)
engine.frame()
followed = [e for e in engine.events() if e.type == "follow"]
check(len(followed) > 60 and followed[0].phase == "began" and followed[-1].phase == "ended" and abs(followed[-1].progress - 1.5) < 0.01
      and all(e.request == 1 for e in followed), "followed: %r" % followed[-1:])
refused(lambda: engine.follow("tap"), tg.INVALID_ARGUMENT, "gesture must be one of swipe, pinch, rotate, sequence")
refused(lambda: engine.follow("sequence", 0), tg.INVALID_ARGUMENT, "the settings declare no sequence")
# A declared sequence, by its name and index; the same stroke without its hold fails at step 2.
drawer = ('{"sequences": [{"name": "drawer", "steps": [{"touch": 1, "edge": "bottom"}, {"hold": 0.4}, '
          '{"move": "up", "distance": 15}]}]}')
for held in (True, False):
    engine = tg.Engine(800, 480, units_per_mm=(5, 5), settings_json=drawer)
    engine.explain()
    check(engine.follow("sequence", 0) == 1, "the drawer is not followed as request 1")
    start = 0.5 if held else 0.0
    engine.touch(0, 0, tg.DOWN, 400, 478)
    engine.frame()
    for k in range(1, 63 if held else 0):
        engine.touch(k * 0.008, 0, tg.MOVE, 400, 478)
        engine.frame()
    for k in range(1, 38):
        engine.touch(start + k * 0.008, 0, tg.MOVE, 400, 478 - 5 * k)
        engine.frame()
    engine.touch(start + 0.3, 0, tg.UP, 400, 293)
    engine.frame()
    events = list(engine.events())
    done = [e for e in events if e.type == "sequence"]
    failed = [e for e in events if e.type == "failed" and e.sequence is not None]
    followed = [e for e in events if e.type == "follow"]
    if held:
        check(len(done) == 1 and done[0].name == "drawer" and done[0].sequence == 0 and not failed, "held: %r" % (done + failed))
        # Followed from the hold's end through its move: 37 × 5 units = 37 mm of the step's 15.
        check(followed and followed[0].phase == "began" and followed[0].sequence == 0 and followed[-1].phase == "ended"
              and abs(followed[-1].progress - 37 / 15) < 0.01, "the drawer followed: %r" % followed[-1:])
    else:
        check(not followed, "the drawer followed with no hold: %r" % followed)
        check(not done and len(failed) == 1 and failed[0].step == 2 and failed[0].name is None, "not held: %r" % failed)
# Wrong types and text UTF-8 cannot hold: TouchGesturesError naming the parameter, as the module's
# doc says (ctypes.ArgumentError "argument 5" and UnicodeEncodeError came through).
refused(lambda: engine.touch(0, 0, tg.DOWN, "400", 1), tg.INVALID_ARGUMENT, "x must be a number, found '400'")
refused(lambda: engine.touch(None, 0, tg.DOWN, 1, 1), tg.INVALID_ARGUMENT, "time must be a number")
refused(lambda: engine.advance("soon"), tg.INVALID_ARGUMENT, "time must be a number")
refused(lambda: tg.Engine("800", 480), tg.INVALID_ARGUMENT, "width must be a number")
refused(lambda: tg.Engine(800, 480, units_per_mm=("5", 5)), tg.INVALID_ARGUMENT, "units_per_mm[0] must be a number")
refused(lambda: tg.Engine(800, 480, settings_json='{"a": "\ud800"}'), tg.INVALID_ARGUMENT, "settings_json holds '\\ud800' at character 7")
refused(lambda: tg.Engine(800, 480, units_per_mm=10**400), tg.INVALID_ARGUMENT, "units_per_mm is beyond a double's range")
# One number for both axes.
check(tg.Engine(800, 480, units_per_mm=5) is not None, "units_per_mm=5 refused")
refused(lambda: engine.follow("pinch", "clockwise"), tg.INVALID_ARGUMENT, "TG_WAY_IN")
# NaN is said as Python and the other messages say it, not as JSON's null.
refused(lambda: engine.follow("swipe", threshold_mm=float("nan")), tg.INVALID_ARGUMENT, "found nan")
# The daemon's bindings: an edge swipe up from the bottom of an 800 x 480 panel at 5 units a mm,
# claimed as the finger passes swipe.minDistance (12 mm), run at the lift; a scroll let go.
config = """
[[binding]]
gesture = "swipe"
direction = "up"
edge = "bottom"
shell = "notify-send home"
"""
bindings = tg.Bindings(config, 800, 480, units_per_mm=5, name="kiosk.toml")
refused(lambda: tg.Bindings(config, 800, 480, units_per_mm=(5, "5")), tg.INVALID_ARGUMENT, "units_per_mm[1] must be a number")
check(bindings.rotation == 0, "rotation %r" % bindings.rotation)
seen = []
bindings.touch(0, 0, tg.DOWN, 400, 478)
seen += bindings.frame()
claimed_at = None
for k in range(1, 41):
    bindings.touch(k * 0.008, 0, tg.MOVE, 400, 478 - 5 * k)
    actions = bindings.frame()
    if any(a.type == "claim" for a in actions) and claimed_at is None:
        claimed_at = k
        check(bindings.claimed, "claimed, and not said so")
    seen += actions
bindings.touch(0.33, 0, tg.UP, 400, 278)
seen += bindings.frame()
check([a.type for a in seen] == ["claim", "run"], "swipe: %r" % seen)
# 12 mm is 60 units, 12 frames of 5.
check(claimed_at == 12, "claimed at frame %r, not 12 (12 mm)" % claimed_at)
check(seen[-1].argv == ["notify-send", "home"] and seen[-1].origin == "kiosk.toml:2" and seen[-1].reason.startswith("swipe up"), "run: %r" % vars(seen[-1]))
check(not bindings.claimed, "still claimed after the lift")
bindings.touch(1, 1, tg.DOWN, 400, 100)
bindings.frame()
bindings.touch(1.2, 1, tg.MOVE, 400, 300)
bindings.frame()
bindings.touch(1.3, 1, tg.UP, 400, 300)
check([a.type for a in bindings.frame()] == ["let-go"], "a scroll down was not let go")
trace = bindings.recent_trace()
check(trace is not None and b'"touch-gestured"' in trace and b"kiosk.toml" in trace, "recent trace: %r" % (trace or b"")[:80])
refused(lambda: tg.Bindings("[[binding]]\ngesture = 3\n", 800, 480, name="bad.toml"), tg.BAD_INPUT, "bad.toml:2:11")
refused(lambda: tg.Bindings(config, 800, 480, rotation=45), tg.INVALID_ARGUMENT, "rotation must be 0, 90, 180 or 270")
print("python_checks: %s" % ("all passed" if failures == 0 else "%d failed" % failures))
sys.exit(1 if failures else 0)
