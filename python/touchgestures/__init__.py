"""touchgestures: the TouchGestures C library (libtouchgestures) from Python, through ctypes.

    python3 -m touchgestures replay TRACE          # what `touchtrace replay --json TRACE` prints
    python3 -m touchgestures replay --explain TRACE

As a module:

    import touchgestures as tg
    engine = tg.Engine(800, 480, units_per_mm=5)
    engine.touch(0.0, 0, tg.DOWN, 100, 100); engine.frame()
    engine.touch(0.05, 0, tg.UP, 100, 100); engine.frame()
    engine.finish()
    for event in engine.events():
        print(event.type, event.json)

The library is looked for in this order: the file the TOUCHGESTURES_LIBRARY environment variable
names, when it is set (and only that); libtouchgestures.so.0 in the `lib` folder of the prefix
this module is installed in (PREFIX/lib/python3.X/site-packages/touchgestures: PREFIX/lib, and
PREFIX/lib/MULTIARCH), where tools/install puts both; then the loader's own search. LIBRARY is
the file or name it loaded.

Errors are raised as TouchGesturesError with the library's message and status (a tg_status: -1
an invalid argument, -4 bad input, ...), and so are arguments of the wrong type and text that
UTF-8 cannot hold, each named by its parameter. `units_per_mm` is a pair (x, y) or one number
for both.

Threads: an Engine may be used from several threads (an input thread feeding it while another
drains events()): each call takes the engine's own lock, since the C library's objects are not
safe to call at once, and ctypes lets go of the interpreter's lock during a call. Different
engines run in parallel.
"""
from __future__ import annotations

import ctypes
import math
import os
import sys
import sysconfig
import threading
from typing import Iterator, List, Optional, Sequence, Tuple, Union

__all__ = ["DOWN", "MOVE", "UP", "CANCEL", "INVALID_ARGUMENT", "BAD_INPUT", "LIBRARY", "Action", "Bindings", "Engine", "Event",
           "TouchGesturesError", "replay_lines", "version"]
# The package's version, the C library's it was made with (held to VERSION by tools/c-api-test).
__version__ = "0.2.0"

_SONAME = "libtouchgestures.so.0"


def _candidates() -> List[str]:
    """Where the library is looked for, in order (the module's doc says why)."""
    named = os.environ.get("TOUCHGESTURES_LIBRARY")
    if named:
        return [named]
    found = []
    folder = os.path.dirname(os.path.abspath(__file__))
    while os.path.dirname(folder) != folder:
        folder = os.path.dirname(folder)
        if os.path.basename(folder) in ("lib", "lib64"):
            multiarch = sysconfig.get_config_var("MULTIARCH")
            for place in ([os.path.join(folder, multiarch)] if multiarch else []) + [folder]:
                path = os.path.join(place, _SONAME)
                if os.path.exists(path):
                    found.append(path)
            break
    return found + [_SONAME]


def _load() -> Tuple[ctypes.CDLL, str]:
    errors = []
    for candidate in _candidates():
        try:
            return ctypes.CDLL(candidate), candidate
        except OSError as error:
            errors.append(str(error))
    hint = ("cannot load the TouchGestures C library (%s). Install it (tools/install, or the "
                      "libtouchgestures0 package); after an install into /usr/local run ldconfig as root; "
                      "or set TOUCHGESTURES_LIBRARY to PREFIX/lib/libtouchgestures.so.0" % "; ".join(errors))
    # `python3 -m touchgestures` imports the package before its __main__ runs (sys.argv[0] is
    # still "-m" then): a command line gets the hint and status 1, not an ImportError's traceback.
    if sys.argv[:1] == ["-m"]:
        sys.exit("touchgestures: " + hint)
    raise ImportError(hint)


_lib, LIBRARY = _load()

DOWN, MOVE, UP, CANCEL = 0, 1, 2, 3
# The header's numbers by the trace format's names, for Engine.follow: the gestures it follows
# (enum tg_event_type), a swipe's directions (enum tg_direction), a pinch's or a rotation's way
# (enum tg_way), the edges (enum tg_edge); and a phase's name (enum tg_phase).
_GESTURES = {"swipe": 2, "pinch": 5, "rotate": 6, "sequence": 12}
_WAYS = {"left": 1, "right": 2, "up": 3, "down": 4, "upLeft": 5, "upRight": 6, "downLeft": 7, "downRight": 8,
         "in": 1, "out": 2, "clockwise": 3, "counterclockwise": 4}
_EDGES = {"none": 0, "left": 1, "right": 2, "top": 3, "bottom": 4, "topLeft": 5, "topRight": 6,
          "bottomLeft": 7, "bottomRight": 8}
_PHASES = {1: "began", 2: "changed", 3: "ended", 4: "cancelled"}

_double, _int, _ptr, _str = ctypes.c_double, ctypes.c_int, ctypes.c_void_p, ctypes.c_char_p


def _declare(name: str, restype: object, *argtypes: object) -> object:
    f = getattr(_lib, name)
    f.restype = restype
    f.argtypes = list(argtypes)
    return f


_declare("tg_version", _str)
_declare("tg_last_error", _str)
_declare("tg_last_status", _int)
for _name in ("x", "y", "start_x", "start_y", "dx", "dy", "velocity_x", "velocity_y", "speed",
              "duration", "scale", "angle", "offset", "time", "progress", "millimeters"):
    _declare("tg_event_get_" + _name, _double, _ptr)
for _name in ("type", "phase", "fingers", "taps", "direction", "edge", "recognizer", "contact",
              "row", "snap", "page", "page_rows", "side", "request", "sequence", "step"):
    _declare("tg_event_get_" + _name, _int, _ptr)
_declare("tg_event_get_type_name", _str, _ptr)
_declare("tg_event_get_reason", _str, _ptr)
_declare("tg_event_get_name", ctypes.c_size_t, _ptr, ctypes.c_char_p, ctypes.c_size_t)
_declare("tg_event_get_json", ctypes.POINTER(ctypes.c_char), _ptr, ctypes.POINTER(ctypes.c_size_t))
_declare("tg_engine_new", _ptr, _double, _double, _double, _double, _int, _str)
_declare("tg_engine_destroy", None, _ptr)
_declare("tg_engine_set_explain", _int, _ptr, _int)
_declare("tg_engine_touch", _int, _ptr, _double, ctypes.c_int32, _int, _double, _double)
_declare("tg_engine_frame", _int, _ptr)
_declare("tg_engine_advance", _int, _ptr, _double)
_declare("tg_engine_next_deadline", _double, _ptr)
_declare("tg_engine_finish", _int, _ptr)
_declare("tg_engine_next_event", _ptr, _ptr)
_declare("tg_engine_follow", _int, _ptr, _int, _int, _int, _int, _double)
_declare("tg_bindings_new", _ptr, _str, _str, _double, _double, _double, _double, _int)
_declare("tg_bindings_destroy", None, _ptr)
_declare("tg_bindings_get_rotation", _int, _ptr)
_declare("tg_bindings_set_explain", _int, _ptr, _int)
_declare("tg_bindings_touch", _int, _ptr, _double, ctypes.c_int32, _int, _double, _double)
_declare("tg_bindings_frame", _int, _ptr)
_declare("tg_bindings_advance", _int, _ptr, _double)
_declare("tg_bindings_next_deadline", _double, _ptr)
_declare("tg_bindings_finish", _int, _ptr)
_declare("tg_bindings_is_claimed", _int, _ptr)
_declare("tg_bindings_next_action", _ptr, _ptr)
_declare("tg_bindings_recent_trace", ctypes.POINTER(ctypes.c_char), _ptr, ctypes.POINTER(ctypes.c_size_t))
_declare("tg_action_get_type", _int, _ptr)
_declare("tg_action_get_time", _double, _ptr)
_declare("tg_action_get_argv", ctypes.POINTER(ctypes.c_char_p), _ptr)
_declare("tg_action_get_stream_event", _int, _ptr)
for _name in ("command", "origin", "reason", "line"):
    _declare("tg_action_get_" + _name, _str, _ptr)
_declare("tg_replay_open", _ptr, _str, _int)
_declare("tg_replay_destroy", None, _ptr)
_declare("tg_replay_next_event", _ptr, _ptr)
_declare("tg_replay_status", _int, _ptr)


class TouchGesturesError(Exception):
    """A call the library refused: `status` is its negative tg_status, the message its own."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status


def _check(status: int) -> None:
    if status != 0:
        raise TouchGesturesError(status, _lib.tg_last_error().decode("utf-8", "replace"))


def _refused() -> TouchGesturesError:
    """The error of the call that just returned NULL, with the status the library gave it."""
    return TouchGesturesError(_lib.tg_last_status(), _lib.tg_last_error().decode("utf-8", "replace"))


INVALID_ARGUMENT, BAD_INPUT = -1, -4


def _whole(value: object, name: str, low: int, high: int) -> int:
    """`value` as an int in [low, high]: ctypes would wrap 2**32 to 0 without a word."""
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise TouchGesturesError(INVALID_ARGUMENT, "%s must be a whole number from %d to %d, found %r" % (name, low, high, value))
    return value


def _resolution(units_per_mm: object) -> Tuple[float, float]:
    """`units_per_mm` as (x, y): one number for both axes, or a pair."""
    if isinstance(units_per_mm, (tuple, list)) and len(units_per_mm) == 2:
        return _number(units_per_mm[0], "units_per_mm[0]"), _number(units_per_mm[1], "units_per_mm[1]")
    per = _number(units_per_mm, "units_per_mm")
    return per, per


def _number(value: object, name: str) -> float:
    """`value` as a float for C, refused with the parameter's name where it is no number (ctypes
    raised ctypes.ArgumentError naming the argument by its place)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise TouchGesturesError(INVALID_ARGUMENT, "%s must be a number, found %r" % (name, value))
    try:
        return float(value)
    except OverflowError:
        raise TouchGesturesError(INVALID_ARGUMENT, "%s is beyond a double's range, found %r" % (name, value)) from None


def _text(value: object, name: str) -> bytes:
    """`value` (str or bytes) as bytes for C, refused where C would cut it (a NUL inside) or where
    it is no UTF-8 (a lone surrogate raised UnicodeEncodeError)."""
    if isinstance(value, str):
        try:
            value = value.encode()
        except UnicodeEncodeError as error:
            raise TouchGesturesError(INVALID_ARGUMENT, "%s holds %r at character %d, which UTF-8 cannot hold (a lone surrogate)"
                                     % (name, value[error.start], error.start)) from None
    elif not isinstance(value, (bytes, bytearray)):
        raise TouchGesturesError(INVALID_ARGUMENT, "%s must be str or bytes, found %s" % (name, type(value).__name__))
    if b"\0" in value:
        raise TouchGesturesError(BAD_INPUT, "%s holds a NUL at byte %d: C would read only what is before it" % (name, value.index(b"\0")))
    return bytes(value)


def version() -> str:
    """The library's version, "MAJOR.MINOR.PATCH"."""
    return _lib.tg_version().decode()


class Event:
    """A copy of one event: its type name, time, JSON line and fields (None where it has none)."""

    json: str
    type: str
    time: float
    fingers: Optional[int]
    position: Optional[Tuple[float, float]]
    row: Optional[int]
    phase: Optional[str]
    progress: Optional[float]
    request: Optional[int]
    name: Optional[str]
    sequence: Optional[int]
    step: Optional[int]

    def __init__(self, pointer: int) -> None:
        length = ctypes.c_size_t()
        line = _lib.tg_event_get_json(pointer, ctypes.byref(length))
        self.json = ctypes.string_at(line, length.value).decode("utf-8")
        self.type = _lib.tg_event_get_type_name(pointer).decode()
        self.time = _lib.tg_event_get_time(pointer)
        self.fingers = _lib.tg_event_get_fingers(pointer) or None
        x, y = _lib.tg_event_get_x(pointer), _lib.tg_event_get_y(pointer)
        self.position = None if math.isnan(x) else (x, y)
        row = _lib.tg_event_get_row(pointer)
        self.row = None if row < 0 else row
        self.phase = _PHASES.get(_lib.tg_event_get_phase(pointer))
        # A followed gesture's (Engine.follow): how far over its threshold, the request that took it.
        progress = _lib.tg_event_get_progress(pointer)
        self.progress = None if math.isnan(progress) else progress
        self.request = _lib.tg_event_get_request(pointer) or None
        # A declared sequence's (done, or failed at a step when explaining): its name, index, step.
        buffer = ctypes.create_string_buffer(33)
        self.name = buffer.value.decode("utf-8") if _lib.tg_event_get_name(pointer, buffer, 33) > 0 else None
        sequence = _lib.tg_event_get_sequence(pointer)
        self.sequence = None if sequence < 0 else sequence
        self.step = _lib.tg_event_get_step(pointer) or None

    def __repr__(self) -> str:
        return "Event(%s)" % self.json


class Engine:
    """The gesture engine over one surface (tg_engine_new); see touchgestures.h for units."""

    def __init__(self, width: float, height: float, units_per_mm: Union[float, Sequence[float]] = (0, 0),
                 rotation: int = 0, settings_json: Union[str, bytes, None] = None) -> None:
        self._lock = threading.Lock()
        width, height = _number(width, "width"), _number(height, "height")
        per_x, per_y = _resolution(units_per_mm)
        rotation = _whole(rotation, "rotation", -2**31, 2**31 - 1)
        settings = None if settings_json is None else _text(settings_json, "settings_json")
        self._p = _lib.tg_engine_new(width, height, per_x, per_y, rotation, settings)
        if not self._p:
            raise _refused()

    def __del__(self) -> None:
        if getattr(self, "_p", None):
            _lib.tg_engine_destroy(self._p)
            self._p = None

    def explain(self, on: bool = True) -> None:
        with self._lock:
            _check(_lib.tg_engine_set_explain(self._p, 1 if on else 0))

    def touch(self, time: float, contact: int, phase: int, x: float, y: float) -> None:
        time, x, y = _number(time, "time"), _number(x, "x"), _number(y, "y")
        contact = _whole(contact, "contact", 0, 2**31 - 1)
        phase = _whole(phase, "phase", DOWN, CANCEL)
        with self._lock:
            _check(_lib.tg_engine_touch(self._p, time, contact, phase, x, y))

    def follow(self, gesture: str, way: Union[str, int, None] = None, edge: Optional[str] = None, fingers: int = 0,
               threshold_mm: float = 0.0) -> int:
        """Follows a gesture while it happens (tg_engine_follow): `gesture` "swipe", "pinch",
        "rotate" or "sequence"; `way` a swipe's direction ("up", …), "in" or "out", "clockwise" or
        "counterclockwise", a sequence's index in the settings' sequences (followed through its last
        move, pinch or rotate step), None for any; `edge` where the fingers must go down ("bottom", …,
        "none" for away from the edges), None for anywhere; `fingers` 0 for any; `threshold_mm`
        where progress is 1 (0: the recognizer's own). From when it begins come "follow" events
        with .progress, .phase "began", "changed", then "ended" (it commits) or "cancelled".
        Returns the request's number, which its events carry as .request."""
        def number(table: dict, value: object, name: str) -> int:
            if value not in table:
                raise TouchGesturesError(INVALID_ARGUMENT, "%s must be one of %s, found %r" % (name, ", ".join(table), value))
            return table[value]
        g = number(_GESTURES, gesture, "gesture")
        if gesture == "sequence":
            w = -1 if way is None else _whole(way, "way", 0, 2**31 - 1)
        else:
            w = 0 if way is None else number(_WAYS, way, "way")
        e = -1 if edge is None else number(_EDGES, edge, "edge")
        fingers = _whole(fingers, "fingers", 0, 10)
        threshold_mm = _number(threshold_mm, "threshold_mm")
        with self._lock:
            n = _lib.tg_engine_follow(self._p, g, w, e, fingers, threshold_mm)
        if n < 0:
            raise TouchGesturesError(n, _lib.tg_last_error().decode("utf-8", "replace"))
        return n

    def frame(self) -> None:
        with self._lock:
            _check(_lib.tg_engine_frame(self._p))

    def advance(self, time: float) -> None:
        time = _number(time, "time")
        with self._lock:
            _check(_lib.tg_engine_advance(self._p, time))

    def next_deadline(self) -> Optional[float]:
        with self._lock:
            d = _lib.tg_engine_next_deadline(self._p)
        return None if math.isnan(d) else d

    def finish(self) -> None:
        with self._lock:
            _check(_lib.tg_engine_finish(self._p))

    def events(self) -> Iterator[Event]:
        """The queued events, each copied out (under the engine's lock: an event is valid only
        until the next call on the engine), until the queue is empty."""
        while True:
            with self._lock:
                e = _lib.tg_engine_next_event(self._p)
                if not e:
                    return
                event = Event(e)
            yield event


_ACTIONS = {1: "run", 2: "claim", 3: "let-go", 4: "stream", 5: "save-trace", 6: "explain"}
_STREAM_EVENTS = {1: "begin", 2: "update", 3: "commit", 4: "cancel"}


class Action:
    """A copy of one thing a Bindings' host is to do: .type "run", "claim", "let-go", "stream",
    "save-trace" or "explain"; .argv the program to run (None for none); .command, .origin,
    .reason the binding's, as the daemon logs them; .stream "begin", "update", "commit" or
    "cancel" for a stream's line; .line a stream's line or an explanation."""

    def __init__(self, pointer: int) -> None:
        self.type = _ACTIONS.get(_lib.tg_action_get_type(pointer), "?")
        self.time = _lib.tg_action_get_time(pointer)
        argv = _lib.tg_action_get_argv(pointer)
        if argv:
            words = []
            while argv[len(words)] is not None:
                words.append(argv[len(words)].decode("utf-8", "surrogateescape"))
            self.argv: Optional[List[str]] = words
        else:
            self.argv = None
        self.command = _lib.tg_action_get_command(pointer).decode("utf-8", "replace")
        self.origin = _lib.tg_action_get_origin(pointer).decode("utf-8", "replace")
        self.reason = _lib.tg_action_get_reason(pointer).decode("utf-8", "replace")
        self.stream = _STREAM_EVENTS.get(_lib.tg_action_get_stream_event(pointer))
        self.line = _lib.tg_action_get_line(pointer).decode("utf-8", "replace")

    def __repr__(self) -> str:
        return "Action(%s at %.3f s: %s)" % (self.type, self.time, self.command or self.line)


class Bindings:
    """touch-gestured's bindings from a configuration's text (tg_bindings_new): touches in,
    actions out, and per touch sequence whether a binding claimed it. `rotation` -1 takes the
    configuration's [input] rotate."""

    def __init__(self, config: Union[str, bytes], width: float, height: float,
                 units_per_mm: Union[float, Sequence[float]] = (0, 0), rotation: int = -1,
                 name: Union[str, bytes, None] = None) -> None:
        self._lock = threading.Lock()
        width, height = _number(width, "width"), _number(height, "height")
        per_x, per_y = _resolution(units_per_mm)
        rotation = _whole(rotation, "rotation", -2**31, 2**31 - 1)
        text = _text(config, "config")
        label = None if name is None else _text(name, "name")
        self._p = _lib.tg_bindings_new(text, label, width, height, per_x, per_y, rotation)
        if not self._p:
            raise _refused()

    def __del__(self) -> None:
        if getattr(self, "_p", None):
            _lib.tg_bindings_destroy(self._p)
            self._p = None

    @property
    def rotation(self) -> int:
        """The configuration's [input] rotate, in degrees."""
        with self._lock:
            return int(_lib.tg_bindings_get_rotation(self._p))

    @property
    def claimed(self) -> bool:
        """Whether the touch sequence under way is claimed (tg_bindings_is_claimed)."""
        with self._lock:
            return _lib.tg_bindings_is_claimed(self._p) == 1

    def explain(self, on: bool = True) -> None:
        with self._lock:
            _check(_lib.tg_bindings_set_explain(self._p, 1 if on else 0))

    def touch(self, time: float, contact: int, phase: int, x: float, y: float) -> None:
        time, x, y = _number(time, "time"), _number(x, "x"), _number(y, "y")
        contact = _whole(contact, "contact", 0, 2**31 - 1)
        phase = _whole(phase, "phase", DOWN, CANCEL)
        with self._lock:
            _check(_lib.tg_bindings_touch(self._p, time, contact, phase, x, y))

    def frame(self) -> List[Action]:
        """Ends the frame; the actions it queued."""
        with self._lock:
            _check(_lib.tg_bindings_frame(self._p))
            return self._drain()

    def advance(self, time: float) -> List[Action]:
        time = _number(time, "time")
        with self._lock:
            _check(_lib.tg_bindings_advance(self._p, time))
            return self._drain()

    def next_deadline(self) -> Optional[float]:
        with self._lock:
            d = _lib.tg_bindings_next_deadline(self._p)
        return None if math.isnan(d) else d

    def finish(self) -> List[Action]:
        with self._lock:
            _check(_lib.tg_bindings_finish(self._p))
            return self._drain()

    def recent_trace(self) -> Optional[bytes]:
        """The last `history` seconds of touches as a trace the daemon replays, or None."""
        length = ctypes.c_size_t()
        with self._lock:
            text = _lib.tg_bindings_recent_trace(self._p, ctypes.byref(length))
            return ctypes.string_at(text, length.value) if text else None

    def _drain(self) -> List[Action]:
        out = []
        while True:
            a = _lib.tg_bindings_next_action(self._p)
            if not a:
                return out
            out.append(Action(a))


def replay_lines(path: Union[str, bytes, "os.PathLike[str]"], explain: bool = False) -> Iterator[bytes]:
    """Yields the lines (bytes, no newline) `touchtrace replay --json` prints for the trace at
    `path`; raises TouchGesturesError when it cannot be read or is invalid (after the lines
    before its errors)."""
    r = _lib.tg_replay_open(_text(os.fsencode(path), "path"), 1 if explain else 0)
    if not r:
        raise _refused()
    try:
        length = ctypes.c_size_t()
        while True:
            e = _lib.tg_replay_next_event(r)
            if not e:
                break
            line = _lib.tg_event_get_json(e, ctypes.byref(length))
            yield ctypes.string_at(line, length.value)
        _check(_lib.tg_replay_status(r))
    finally:
        _lib.tg_replay_destroy(r)
