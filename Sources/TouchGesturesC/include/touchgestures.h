/*
 * touchgestures.h: the TouchGestures recognizers, arena and headless list, for C.
 *
 * A thin layer over the Swift library (the TouchGesturesC target): the same engine, the same
 * list and the same trace replay that `touchtrace` runs, so an output here is the output
 * there. Link with `pkg-config --cflags --libs touchgestures` (shared); a static link names the
 * archive (`-Wl,-Bstatic -ltouchgestures -Wl,-Bdynamic` and the `.pc` file's Libs.private: the
 * exact command is in docs/c-api.md, as `pkg-config --static` alone still takes the shared
 * library where both are installed). Neither needs a Swift runtime at run time: it is linked
 * into the library. A first program is in docs/c-api.md.
 *
 * Conventions, for every function below:
 *  - Objects are opaque, made by a `_new` function and freed by its `_destroy` (which accepts
 *    NULL). Nothing is reference counted.
 *  - Time is in seconds on the caller's clock (any origin; it must not go back). Positions
 *    are in the surface's units (pixels, or the panel's own units) with y growing downward;
 *    resolutions are in units per millimetre; angles in radians, clockwise positive.
 *  - Functions that can fail return an `int`: TG_OK (0) or a negative `enum tg_status`. They
 *    change nothing when they fail. `tg_last_error()` then says what was wrong and where.
 *    Functions that make an object return NULL on failure, with the same message.
 *  - No function calls back into the caller: events are pulled from a queue.
 *  - A string or an event the library returns is owned by the library; it stays valid until
 *    the next call on the same object (copy it to keep it).
 *  - Threads: an object belongs to one thread at a time (no locks inside); different objects
 *    may be used on different threads at once. `tg_last_error()` is per thread.
 *  - Bad input is refused with a status, never a crash: NULL where an object is expected,
 *    NaN or infinite numbers, unknown contact ids, times that go back, malformed JSON.
 *  - Each object knows its kind: one of another kind (an engine given to a tg_list_ function)
 *    is refused with TG_ERROR_INVALID_ARGUMENT as NULL is; a query gives what it gives for
 *    NULL, and a _destroy leaves it. This catches confusions between the library's own
 *    objects, not any pointer: a pointer that is no object of the library's is undefined.
 *
 * ABI: symbols only ever get added within a major version (the soname's number). Enum values
 * keep their numbers; new ones may be added, so a `switch` over them needs a default.
 */
#ifndef TOUCHGESTURES_H
#define TOUCHGESTURES_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Version and errors ------------------------------------------------------------------ */

/** The library's version, "MAJOR.MINOR.PATCH" (static storage). */
const char *tg_version(void);

/** What a function that can fail returns. */
enum tg_status {
	TG_OK = 0,
	/** An argument was NULL, NaN, infinite or out of its range. */
	TG_ERROR_INVALID_ARGUMENT = -1,
	/** A time earlier than one already given. */
	TG_ERROR_TIME_WENT_BACK = -2,
	/** A move, lift or cancel for a contact that is not down, or a touch-down for one that is. */
	TG_ERROR_UNKNOWN_CONTACT = -3,
	/** JSON (settings, a list, a trace) that could not be read; the message says where. */
	TG_ERROR_BAD_INPUT = -4,
	/* -5 is not used: a file that cannot be read is TG_ERROR_BAD_INPUT, or NULL from its _open. */
	/** More contacts down at once than the engine tracks (64). */
	TG_ERROR_TOO_MANY_CONTACTS = -6,
};

/**
 * What the calling thread's last failed call said: one line, naming the argument or the
 * place in the JSON (line and column) and what was wrong. Empty before any failure. Owned by
 * the library, valid until the thread's next failing call (at most 4,095 bytes: a longer one
 * ends in "…"). It is the thread's own memory: nothing of it outlives the thread, and a thread
 * may go on after the library is unloaded.
 */
const char *tg_last_error(void);
/** The status of the calling thread's last failed call (an enum tg_status below 0), so that a
 * `_new` or `_open` that returned NULL says which refusal it was; TG_OK before any failure. */
int tg_last_status(void);

/* ---- Touch input ------------------------------------------------------------------------- */

/** What happened to a contact. */
enum tg_touch_phase {
	TG_TOUCH_DOWN = 0,
	TG_TOUCH_MOVE = 1,
	TG_TOUCH_UP = 2,
	/** The system took the contact (a palm, a grab): it ends without counting as a lift. */
	TG_TOUCH_CANCEL = 3,
};

/* ---- Events ------------------------------------------------------------------------------ */

/** An event pulled from an engine or a list: a gesture, an arena decision, or a list output. */
struct tg_event;

/** The kinds of event; each is the trace format's `type` (tg_event_get_type_name). */
enum tg_event_type {
	TG_EVENT_NONE = 0,
	TG_EVENT_TAP = 1,
	TG_EVENT_SWIPE = 2,
	TG_EVENT_LONG_PRESS = 3,
	TG_EVENT_PAN = 4,
	TG_EVENT_PINCH = 5,
	TG_EVENT_ROTATE = 6,
	TG_EVENT_FLING = 7,
	/** A recognizer gave up or was rejected (only with explaining on). */
	TG_EVENT_FAILED = 8,
	/** A recognizer won the touch sequence (only with explaining on). */
	TG_EVENT_WON = 9,
	/** A gesture followed while it happens (tg_engine_follow()): its progress, then its commit
	 * or cancel. Its type name is "follow", the C library's own (the trace format has none). */
	TG_EVENT_FOLLOW = 10,
	/** One finger dragging across a locked pan's axis: a list whose rows slide, or an engine
	 * whose settings name "drag" in "arena.enabled" and lock "pan.axis". Began when it claims
	 * the touch, changed as the first finger moves or the fingers change, ended or cancelled at
	 * the lift; its phase, fingers, position (x, y: the first finger's) and start. */
	TG_EVENT_DRAG = 11,
	/** A declared sequence of steps (the settings' "sequences") did its last step: its
	 * name (tg_event_get_name), its index (tg_event_get_sequence), its fingers, and their
	 * centre (x, y) then. */
	TG_EVENT_SEQUENCE = 12,
	/* The list's outputs. */
	TG_EVENT_ROW_SWIPE = 20,
	TG_EVENT_SELECT = 21,
	TG_EVENT_DESELECT = 22,
	TG_EVENT_CHECK = 23,
	TG_EVENT_SCROLL = 24,
	TG_EVENT_SNAP = 25,
	TG_EVENT_LOAD_MORE = 26,
	TG_EVENT_REFRESH = 27,
	TG_EVENT_PAGE = 28,
	TG_EVENT_ROW_OFFSET = 29,
	TG_EVENT_FULL_SWIPE = 30,
	/** A row's action is to run: tapped while uncovered, or index 0 after a full swipe. */
	TG_EVENT_ROW_ACTION = 31,
	/** The rows were edited; how many were deleted, inserted and moved is in the event's JSON,
	 * and each follows as TG_EVENT_ROW_DELETED, TG_EVENT_ROW_INSERTED, TG_EVENT_ROW_MOVED. */
	TG_EVENT_EDIT = 32,
	/** A row moved: by an edit, or dragged and dropped. */
	TG_EVENT_ROW_MOVED = 33,
	/** An edit removed a row (its index before the edit). */
	TG_EVENT_ROW_DELETED = 34,
	/** An edit added a row (its index after the edit). */
	TG_EVENT_ROW_INSERTED = 35,
};

/** Where a continuous gesture is in its life. */
enum tg_phase {
	TG_PHASE_NONE = 0,
	TG_PHASE_BEGAN = 1,
	TG_PHASE_CHANGED = 2,
	TG_PHASE_ENDED = 3,
	TG_PHASE_CANCELLED = 4,
};

/** A swipe's direction (y grows downward: DOWN is toward the bottom). */
enum tg_direction {
	TG_DIRECTION_NONE = 0,
	TG_DIRECTION_LEFT = 1,
	TG_DIRECTION_RIGHT = 2,
	TG_DIRECTION_UP = 3,
	TG_DIRECTION_DOWN = 4,
	TG_DIRECTION_UP_LEFT = 5,
	TG_DIRECTION_UP_RIGHT = 6,
	TG_DIRECTION_DOWN_LEFT = 7,
	TG_DIRECTION_DOWN_RIGHT = 8,
};

/** The edge or corner an edge swipe started from. */
enum tg_edge {
	TG_EDGE_NONE = 0,
	TG_EDGE_LEFT = 1,
	TG_EDGE_RIGHT = 2,
	TG_EDGE_TOP = 3,
	TG_EDGE_BOTTOM = 4,
	TG_EDGE_TOP_LEFT = 5,
	TG_EDGE_TOP_RIGHT = 6,
	TG_EDGE_BOTTOM_LEFT = 7,
	TG_EDGE_BOTTOM_RIGHT = 8,
};

/** Which way a followed pinch or rotation goes (tg_engine_follow()); a swipe's is an enum
 * tg_direction. */
enum tg_way {
	TG_WAY_NONE = 0,
	TG_WAY_IN = 1,
	TG_WAY_OUT = 2,
	TG_WAY_CLOCKWISE = 3,
	TG_WAY_COUNTERCLOCKWISE = 4,
};

/** The recognizers, as `failed` and `won` events name them. */
enum tg_recognizer {
	TG_RECOGNIZER_NONE = 0,
	TG_RECOGNIZER_LONG_PRESS = 1,
	TG_RECOGNIZER_TAP = 2,
	TG_RECOGNIZER_PINCH = 3,
	TG_RECOGNIZER_ROTATE = 4,
	TG_RECOGNIZER_SWIPE = 5,
	TG_RECOGNIZER_PAN = 6,
	TG_RECOGNIZER_FLING = 7,
	TG_RECOGNIZER_DRAG = 8,
	/** The declared sequences, as one member of the arena. */
	TG_RECOGNIZER_SEQUENCE = 9,
};

/** What a `snap` settled on. */
enum tg_snap {
	TG_SNAP_NONE = 0,
	TG_SNAP_CELL = 1,
	TG_SNAP_SECTION = 2,
	TG_SNAP_EDGE = 3,
};

/** A row's side: leading (left, uncovered by sliding right) or trailing. */
enum tg_side {
	TG_SIDE_NONE = 0,
	TG_SIDE_LEADING = 1,
	TG_SIDE_TRAILING = 2,
};

/** The event's kind. TG_EVENT_NONE for NULL. */
enum tg_event_type tg_event_get_type(const struct tg_event *event);
/** The trace format's name for its kind ("tap", "rowSwipe", …); "" for NULL. */
const char *tg_event_get_type_name(const struct tg_event *event);
/** When it happened, in seconds. NaN for NULL. */
double tg_event_get_time(const struct tg_event *event);
/**
 * The event as one line of `touchtrace replay --json` (no newline), its length in `*length`
 * when `length` is not NULL. Valid until the next call on the object it came from.
 */
const char *tg_event_get_json(const struct tg_event *event, size_t *length);

/* Fields. An accessor asked of an event that has no such field returns the value in brackets. */

/** Long press, pan, pinch, rotate, drag: its phase. Follow: TG_PHASE_BEGAN (the first report),
 * TG_PHASE_CHANGED (a frame), then TG_PHASE_ENDED when it commits or TG_PHASE_CANCELLED when it
 * falls back (lifted short, flung back, or the touch was cancelled). [TG_PHASE_NONE] */
enum tg_phase tg_event_get_phase(const struct tg_event *event);
/** Gestures: how many fingers. [0] */
int tg_event_get_fingers(const struct tg_event *event);
/** Tap: how many taps in a row (1 single, 2 double). [0] */
int tg_event_get_taps(const struct tg_event *event);
/**
 * Where, in surface units: a tap's position, a swipe's end, a long press's or a pan's
 * position, a pinch's or a rotation's focus, a fling's lift, a drag's first finger. [NaN]
 */
double tg_event_get_x(const struct tg_event *event);
double tg_event_get_y(const struct tg_event *event);
/** Swipe: where it started; drag: where its first finger went down; in surface units. [NaN] */
double tg_event_get_start_x(const struct tg_event *event);
double tg_event_get_start_y(const struct tg_event *event);
/** Pan: how far it moved since it began, in surface units. [NaN] */
double tg_event_get_dx(const struct tg_event *event);
double tg_event_get_dy(const struct tg_event *event);
/** Swipe, pan, fling: velocity in surface units per second (a pan's may be unknown). [NaN] */
double tg_event_get_velocity_x(const struct tg_event *event);
double tg_event_get_velocity_y(const struct tg_event *event);
/** Fling: its speed in millimetres per second. Follow: how fast it moves toward its threshold,
 * mm/s (negative: back). [NaN] */
double tg_event_get_speed(const struct tg_event *event);
/** Swipe, long press: how long it took or has been held, in seconds. [NaN] */
double tg_event_get_duration(const struct tg_event *event);
/** Swipe, followed swipe: its direction. [TG_DIRECTION_NONE] */
enum tg_direction tg_event_get_direction(const struct tg_event *event);
/** Swipe, follow: the edge it started from, when it is an edge swipe. [TG_EDGE_NONE] */
enum tg_edge tg_event_get_edge(const struct tg_event *event);
/** Pinch, followed pinch: the fingers' spread over their spread when it began (no unit). [NaN] */
double tg_event_get_scale(const struct tg_event *event);
/** Rotate, followed rotation: the angle turned since it began, in radians, clockwise positive,
 * not wrapped. [NaN] */
double tg_event_get_angle(const struct tg_event *event);
/** Follow: how far it has gone, over its threshold: 0 where the fingers went down, 1 at the
 * threshold, past 1 beyond it, below 0 behind the start. [NaN] */
double tg_event_get_progress(const struct tg_event *event);
/** Followed swipe: the fingers' mean displacement along its direction, in millimetres. [NaN] */
double tg_event_get_millimeters(const struct tg_event *event);
/** Follow: the number tg_engine_follow() returned for the request that took it. [0] */
int tg_event_get_request(const struct tg_event *event);
/** Failed, won: which recognizer. [TG_RECOGNIZER_NONE] */
enum tg_recognizer tg_event_get_recognizer(const struct tg_event *event);
/** Failed: why, as the trace format names it ("tooSlow", "rejected", …). [NULL] */
const char *tg_event_get_reason(const struct tg_event *event);
/** Sequence, a failed sequence (TG_EVENT_FAILED with TG_RECOGNIZER_SEQUENCE), a followed
 * sequence: which declared sequence, by its index in the settings' "sequences" (0 for the
 * first). [-1] */
int tg_event_get_sequence(const struct tg_event *event);
/** Failed sequence: the step it failed at, 1 for the first (when explaining, every other
 * sequence's failure is the furthest run's). [0] */
int tg_event_get_step(const struct tg_event *event);
/**
 * Sequence: copies its name (at most 32 bytes of UTF-8) into `buffer` as a NUL-terminated
 * string of at most `size` - 1 bytes, as snprintf() does, and returns the name's length in bytes:
 * a return of `size` or more means it was cut. Any other event: "" (when `size` > 0) and 0.
 * `buffer` may be NULL when `size` is 0, to ask the length.
 */
size_t tg_event_get_name(const struct tg_event *event, char *buffer, size_t size);
/** Won: the contact that began the touch sequence. [-1] */
int tg_event_get_contact(const struct tg_event *event);
/** Row swipe, select, deselect, check, row offset, full swipe, row action, row deleted, row
 * inserted: the row (0-based, flat). A moved row's indices are tg_event_get_from() and
 * tg_event_get_to(). [-1] */
int tg_event_get_row(const struct tg_event *event);
/** Row action: which action (0: the one at the row's edge). [-1] */
int tg_event_get_index(const struct tg_event *event);
/** Row moved: the row's index before the move. [-1] */
int tg_event_get_from(const struct tg_event *event);
/** Row moved: the row's index after the move. [-1] */
int tg_event_get_to(const struct tg_event *event);
/** Row swipe: 1 when the row is now swiped open, 0 when closed. [-1] */
int tg_event_get_swiped(const struct tg_event *event);
/** Check: 1 when the row is now checked, 0 when not. [-1] */
int tg_event_get_checked(const struct tg_event *event);
/** Scroll: 1 when the content moved on its own (momentum, a snap, a spring back), 0 under a
 * finger. [-1] */
int tg_event_get_momentum(const struct tg_event *event);
/** Scroll, snap: the content offset; row offset: the row's slide; in surface units. [NaN] */
double tg_event_get_offset(const struct tg_event *event);
/** Snap: what it settled on. [TG_SNAP_NONE] */
enum tg_snap tg_event_get_snap(const struct tg_event *event);
/** Load more, page: the page (1-based). [-1] */
int tg_event_get_page(const struct tg_event *event);
/** Page: how many rows arrived; -1 when it failed. [-1] */
int tg_event_get_page_rows(const struct tg_event *event);
/** Row swipe: the side the row now shows (TG_SIDE_NONE: it closed); full swipe: the side whose
 * first action is to run; row action: the side of the action. [TG_SIDE_NONE] */
enum tg_side tg_event_get_side(const struct tg_event *event);

/* ---- The gesture engine ------------------------------------------------------------------ */

/** Touches in, gestures out: the recognizers and their arena over one surface. */
struct tg_engine;

/**
 * An engine over a surface `width` × `height` (in its units, > 0), with `units_per_mm_x` and
 * `units_per_mm_y` of them per millimetre (0 for both when unknown: the library's default,
 * 96 dpi). `rotation` (0, 90, 180 or 270) is how far clockwise the panel is mounted: points
 * are given in the panel's own coordinates and turned, and width and height are the panel's.
 * `settings_json` is NULL for the defaults, or a JSON object of the trace format's settings
 * (`{"swipe.minDistance": 12}`, or nested, `{"swipe": {"minDistance": 12}}`). NULL on a bad
 * argument or bad settings (see tg_last_error()).
 */
struct tg_engine *tg_engine_new(double width, double height, double units_per_mm_x,
				double units_per_mm_y, int rotation, const char *settings_json);
/** Frees the engine and everything it returned. NULL is allowed. */
void tg_engine_destroy(struct tg_engine *engine);
/**
 * With `on` non-zero, the arena's decisions are reported too: TG_EVENT_WON and
 * TG_EVENT_FAILED (what `touchtrace replay --explain` shows). Off by default.
 */
int tg_engine_set_explain(struct tg_engine *engine, int on);
/**
 * Adds one contact's report to the current frame: at `time` (seconds), contact `id` (≥ 0,
 * unique among the contacts down), `phase`, at (`x`, `y`) in the panel's units. Frames end
 * with tg_engine_frame(). Refused (and not added): a NaN or infinite number, a time before
 * the last frame's, an id that is not down for a move, lift or cancel, or down already for a
 * touch-down.
 */
int tg_engine_touch(struct tg_engine *engine, double time, int32_t id, enum tg_touch_phase phase,
		    double x, double y);
/** Ends the current frame (evdev's SYN_REPORT, libinput's TOUCH_FRAME): the engine sees it
 * and queues what it recognizes. A frame with no touches does nothing. */
int tg_engine_frame(struct tg_engine *engine);
/** Lets time pass to `time` with no touch: a double-tap window closing, a long press
 * maturing. Call it when tg_engine_next_deadline() comes (no timers inside). A frame gathered
 * and not yet run runs first. The time counts as given: a touch before it is then refused
 * (TG_ERROR_TIME_WENT_BACK), as is an advance before any time given; NaN and the infinities are
 * TG_ERROR_INVALID_ARGUMENT (tg_engine_finish() ends the input). */
int tg_engine_advance(struct tg_engine *engine, double time);
/** When tg_engine_advance() next has something to do, in seconds; NaN when nothing waits. */
double tg_engine_next_deadline(const struct tg_engine *engine);
/**
 * Follows a gesture while it happens, as a phone's edge gestures do: from when it begins, each
 * frame is reported as a TG_EVENT_FOLLOW (tg_event_get_progress(), tg_event_get_speed(), …),
 * and the lift decides whether it commits (TG_PHASE_ENDED) or falls back (TG_PHASE_CANCELLED):
 * a lift at 184 mm/s or more decides by its direction, a slower one commits at or past the
 * threshold. The engine's own events come as before.
 *
 * `gesture` is TG_EVENT_SWIPE, TG_EVENT_PINCH, TG_EVENT_ROTATE or TG_EVENT_SEQUENCE. `way`: a
 * swipe's enum tg_direction (TG_DIRECTION_NONE: any); a pinch's TG_WAY_IN or TG_WAY_OUT, a
 * rotation's TG_WAY_CLOCKWISE or TG_WAY_COUNTERCLOCKWISE (TG_WAY_NONE: either); a sequence's
 * index in the settings' "sequences", or -1 for any (edge -1: its steps say where). A sequence is
 * followed through its last move, pinch or rotate step, from when the steps before it are done,
 * with that step's distance as its threshold (0) and tg_event_get_sequence() saying which; it
 * is cancelled as soon as the sequence breaks a step. `edge`: an enum tg_edge the
 * fingers must go down in (a side also takes its two corners), TG_EDGE_NONE for away from the
 * edges, or -1 for anywhere. `fingers`: 1 to 10, or 0 for any. `threshold_mm`: where progress
 * is 1, in millimetres of the swipe's distance, of the pinch's change of spread, or of the
 * rotation's arc; 0 for the recognizer's own (swipe.minDistance, pinch.minSpanChange,
 * rotate.minArc).
 *
 * A swipe is offered when the fingers have moved the touch slop (pan.minDistance), a pinch or a
 * rotation when it is recognized; the first request that takes it, in the order made, follows
 * it, one gesture a touch sequence. Returns the request's number (1 for the first, at most 64),
 * which its events carry (tg_event_get_request()), or a negative enum tg_status.
 */
int tg_engine_follow(struct tg_engine *engine, enum tg_event_type gesture, int way, int edge, int fingers,
		     double threshold_mm);
/** Ends the input: contacts still down are cancelled, and every deadline fires. */
int tg_engine_finish(struct tg_engine *engine);
/** The next queued event, or NULL when the queue is empty. Valid until the next call on
 * the engine. */
const struct tg_event *tg_engine_next_event(struct tg_engine *engine);

/* ---- The daemon's bindings, for a compositor ---------------------------------------------- */

/**
 * A `touch-gestured` configuration run inside a host: touches in, what to do out. The same
 * file (bindings, settings, sequences, streams), read by the same reader and decided by the same
 * rules, so the host runs the commands the daemon would for the same touches. A compositor
 * feeds it every touch as it gives the touch to the app under it, and learns, per touch
 * sequence (from a first finger down to the last lift), when a binding claims it: from then on
 * the app gets `wl_touch.cancel` and nothing more of those touches (docs/kiosk.md).
 *
 * Deadlines are the host's, as for an engine: call tg_bindings_advance() when
 * tg_bindings_next_deadline() comes, on the host's own timer.
 */
struct tg_bindings;

/** Something for the host to do, pulled from tg_bindings_next_action(). */
struct tg_action;

/** The kinds of action. */
enum tg_action_type {
	TG_ACTION_NONE = 0,
	/** Run a program: tg_action_get_argv() for execvp(), with its standard input and output
	 * the host's to choose (the daemon gives it /dev/null and its log). */
	TG_ACTION_RUN = 1,
	/** A binding claims the touch sequence under way: take its touches from the app (Wayland:
	 * wl_touch.cancel) and give it none of them after, the fingers that go down later in the
	 * sequence included (tg_bindings_is_claimed()). At most one a sequence, before any action
	 * of its binding; what runs comes after as its own action (a swipe's still at the lift).
	 * Its argv, command, origin and reason are the binding's. */
	TG_ACTION_CLAIM = 2,
	/** The touch sequence ended with no claim: its touches were the app's to the end. */
	TG_ACTION_LET_GO = 3,
	/** A streaming binding's line (`stream = true`): at TG_STREAM_BEGIN start its program
	 * (tg_action_get_argv()) with a pipe on its standard input, and write it each line
	 * (tg_action_get_line(), then "\n") up to TG_STREAM_COMMIT or TG_STREAM_CANCEL, after which
	 * close the pipe. */
	TG_ACTION_STREAM = 4,
	/** A `save-trace` binding: save tg_bindings_recent_trace() where the host keeps them. */
	TG_ACTION_SAVE_TRACE = 5,
	/** A line of explanation (tg_bindings_set_explain()): tg_action_get_line(). */
	TG_ACTION_EXPLAIN = 6,
};

/** Which line of a stream a TG_ACTION_STREAM is. */
enum tg_stream_event {
	TG_STREAM_NONE = 0,
	TG_STREAM_BEGIN = 1,
	TG_STREAM_UPDATE = 2,
	TG_STREAM_COMMIT = 3,
	TG_STREAM_CANCEL = 4,
};

/**
 * Bindings from a configuration's text, `config` (TOML, as `touch-gestured --config` reads it),
 * named `name` in messages and saved traces (NULL: "config"), over a panel `width` × `height` in
 * its units with `units_per_mm_x` and `units_per_mm_y` of them per millimetre (0 for both: 96
 * dpi), as tg_engine_new(). `rotation`: 0, 90, 180 or 270, or -1 for the configuration's own
 * `[input] rotate`. What is the daemon's alone is read and not used: `[input] device`, `grab`,
 * `read-interval`, `rotate-file`. NULL, with every mistake at its line and column from
 * tg_last_error(), for a file the daemon would refuse, or one with no [[binding]].
 */
struct tg_bindings *tg_bindings_new(const char *config, const char *name, double width, double height,
				    double units_per_mm_x, double units_per_mm_y, int rotation);
/** tg_bindings_new() with the text of the file at `path`. */
struct tg_bindings *tg_bindings_open(const char *path, double width, double height,
				     double units_per_mm_x, double units_per_mm_y, int rotation);
/** Frees the bindings and everything they returned. NULL is allowed. */
void tg_bindings_destroy(struct tg_bindings *bindings);
/** The configuration's `[input] rotate` in degrees (0 when it has none), for a host that turns
 * its output to match; -1 for NULL. */
int tg_bindings_get_rotation(const struct tg_bindings *bindings);
/** With `on` non-zero, TG_ACTION_EXPLAIN lines say what each touch ran and why the bindings
 * that did not run did not (`touch-gestured --explain`). Off by default. */
int tg_bindings_set_explain(struct tg_bindings *bindings, int on);
/** As tg_engine_touch(). */
int tg_bindings_touch(struct tg_bindings *bindings, double time, int32_t id, enum tg_touch_phase phase,
		      double x, double y);
/** As tg_engine_frame(): the frame is decided, and its actions queued. */
int tg_bindings_frame(struct tg_bindings *bindings);
/** As tg_engine_advance(): a tap's window closing, a long press maturing. */
int tg_bindings_advance(struct tg_bindings *bindings, double time);
/** When tg_bindings_advance() next has something to do, in seconds; NaN when nothing waits. */
double tg_bindings_next_deadline(const struct tg_bindings *bindings);
/** Ends the input: contacts still down are cancelled, and every deadline fires. */
int tg_bindings_finish(struct tg_bindings *bindings);
/** 1 while a touch sequence is under way and a binding has claimed it (a finger that goes down
 * now is the claimed sequence's: the app is not to see it), else 0 (and for NULL). */
int tg_bindings_is_claimed(const struct tg_bindings *bindings);
/** The next action, or NULL when none waits. Valid, with every string it gives, until the
 * next tg_bindings_frame(), _advance() or _finish() on the bindings. */
const struct tg_action *tg_bindings_next_action(struct tg_bindings *bindings);
/**
 * The last `history` seconds of touches (the configuration's, 30 by default) as a trace
 * document, which `touch-gestured --replay FILE --dry-run` replays with these bindings (they are
 * in its meta); `*length` (if not NULL) gets its length in bytes. Valid until the next call of
 * this function or tg_bindings_destroy(). NULL when no touch was given yet or `history` is 0.
 */
const char *tg_bindings_recent_trace(struct tg_bindings *bindings, size_t *length);

/** The action's kind; TG_ACTION_NONE for NULL. */
enum tg_action_type tg_action_get_type(const struct tg_action *action);
/** When it was decided, in seconds on the caller's clock; NaN for NULL. */
double tg_action_get_time(const struct tg_action *action);
/** The binding's program and its arguments, ending with NULL, as execvp() takes them (a shell
 * line that is only plain words is split as the daemon splits it; another is `/bin/sh -c LINE`):
 * for a run, a claim and a stream. NULL for another action and for a `save-trace` binding. */
const char *const *tg_action_get_argv(const struct tg_action *action);
/** The binding's command in one line, as the daemon logs it (control characters escaped);
 * "save-trace" for that action; "" when the action has no binding. */
const char *tg_action_get_command(const struct tg_action *action);
/** Where the binding was written: "FILE:LINE"; "" when the action has no binding. */
const char *tg_action_get_origin(const struct tg_action *action);
/** The gesture in a few words, as the daemon logs it: "swipe up 41 mm, 1 finger, from the
 * bottom edge"; "" when the action has no binding. */
const char *tg_action_get_reason(const struct tg_action *action);
/** A TG_ACTION_STREAM's place in its stream; TG_STREAM_NONE for another action. */
enum tg_stream_event tg_action_get_stream_event(const struct tg_action *action);
/** A stream's line, without its line end (`update 12.345 0.420 8.400 120.5 1`: event, time,
 * progress, value, velocity, fingers), or an explanation's; "" for another action. */
const char *tg_action_get_line(const struct tg_action *action);

/* ---- The list ---------------------------------------------------------------------------- */

/** A headless list and its controller: the gestures drive its scrolling, selection, row
 * swipes and pages; a renderer reads where every cell is. */
struct tg_list;

/**
 * A list described as a trace describes one: `trace_json` is a trace document (its
 * `device`, `scene.list`, `scene.data` and `scene.settings`, the thresholds; its `events` may be
 * empty and are ignored, not even read). The list's outputs and the gestures come from
 * tg_list_next_event(). NULL on bad input, with the reader's located message from
 * tg_last_error(); a key the trace format does not have (`settings` beside `scene`, say) and
 * `scene.list.edits` (the list is edited with tg_list_edit()) are bad input.
 */
struct tg_list *tg_list_new(const char *trace_json);
/** Frees the list. NULL is allowed. */
void tg_list_destroy(struct tg_list *list);
/** As tg_engine_touch(), for the list's surface. */
int tg_list_touch(struct tg_list *list, double time, int32_t id, enum tg_touch_phase phase,
		  double x, double y);
/** As tg_engine_frame(). */
int tg_list_frame(struct tg_list *list);
/** As tg_engine_advance(): also moves the list's animations (momentum, snaps, rows
 * settling) to `time`; call it once per display frame while tg_list_is_animating(). */
int tg_list_advance(struct tg_list *list, double time);
/** Edits the list's rows at `time` (not before the last frame; call it after tg_list_frame(),
 * in answer to a TG_EVENT_ROW_ACTION, say): the rows `deleted` (`n_deleted` indices, numbered
 * before the edit), new rows at `inserted` (numbered after it) and `n_moves` moves given as
 * pairs in `moves` (from, to, from, to, ...), all at once as UIKit's performBatchUpdates. Rows
 * keep their selection and swipe state; the row in view stays where it is on the screen. Its
 * events (TG_EVENT_EDIT, then one per row, then a scroll) are queued. A pointer may be NULL when
 * its count is 0. TG_ERROR_INVALID_ARGUMENT, changing nothing, for a row the list does not have,
 * a row named twice, or a count out of range; TG_ERROR_TIME_WENT_BACK for an earlier time. */
int tg_list_edit(struct tg_list *list, double time, const int32_t *deleted, size_t n_deleted,
		 const int32_t *inserted, size_t n_inserted, const int32_t *moves, size_t n_moves);
/** When the list or its gestures next need tg_list_advance(); NaN when nothing waits. */
double tg_list_next_deadline(const struct tg_list *list);
/** Whether the list is moving on its own at the latest time given (momentum, a snap, a row
 * settling, an edit's rows sliding, a lifted row scrolling the list or a dropped one settling):
 * 1 or 0. */
int tg_list_is_animating(const struct tg_list *list);
/** As tg_engine_finish(). */
int tg_list_finish(struct tg_list *list);
/** The next queued event (a gesture or a list output), or NULL. */
const struct tg_event *tg_list_next_event(struct tg_list *list);

/** The number of rows. */
int tg_list_row_count(const struct tg_list *list);
/** The content offset, in surface units (0: the first row at the top). */
double tg_list_content_offset(const struct tg_list *list);
/** Where row `row`'s content has slid, in surface units (positive to the right); NaN for a
 * row that does not exist. */
double tg_list_row_offset(const struct tg_list *list, int row);
/** Whether row `row` is swiped open: 1 or 0; -1 for a row that does not exist. */
int tg_list_row_is_swiped(const struct tg_list *list, int row);
/** The selected row, or -1. */
int tg_list_selected_row(const struct tg_list *list);

/** What a visible cell shows. */
enum tg_cell_kind {
	TG_CELL_ROW = 0,
	TG_CELL_HEADER = 1,
	TG_CELL_LOAD_MORE = 2,
	TG_CELL_LOADING = 3,
};

/** A cell a renderer draws (filled by tg_list_cell()). */
struct tg_cell {
	enum tg_cell_kind kind;
	/** The row (TG_CELL_ROW) or the section (TG_CELL_HEADER); -1 otherwise. */
	int index;
	/** The reusable slot it occupies (0-based). */
	int slot;
	/** 1 for a section header stuck to the top of the viewport. */
	int pinned;
	/** Its top edge and height on the surface, in surface units. */
	double y, height;
};

/** Lays out the cells visible now and returns how many there are (at most 4096); read them
 * with tg_list_cell(). Negative on failure. */
int tg_list_layout(struct tg_list *list);
/** Copies cell `index` of the last tg_list_layout() into `*cell`: where the list's model puts
 * it (rows already where an edit or a drop left them). */
int tg_list_cell(const struct tg_list *list, int index, struct tg_cell *cell);
/** Where cell `index` of the last tg_list_layout() is drawn now (at the latest time given to the
 * list): its top edge `*y` and `*height` in surface units with the list's animations applied,
 * which tg_list_cell() leaves out. After tg_list_edit() the rows around an edit slide over
 * 0.25 s (deleted rows collapse, inserted ones grow from 0); while a row is lifted for
 * reordering it is under the finger and the rows between its place and its target make room;
 * a dropped row settles into its slot. A renderer draws with these while tg_list_is_animating()
 * or a row is lifted. Either pointer may be NULL. */
int tg_list_cell_drawn(const struct tg_list *list, int index, double *y, double *height);

/* ---- Traces ------------------------------------------------------------------------------ */

/** A trace file being replayed through its list: what `touchtrace replay --json` prints. */
struct tg_replay;

/**
 * Opens the trace at `path` (either encoding) for replay; with `explain` non-zero the
 * arena's decisions are included (`--explain`). `path` names a regular file as written (`-` is
 * the file named `-`, not standard input; a FIFO or a device is refused). NULL when the file
 * cannot be read or its header is invalid (TG_ERROR_BAD_INPUT from tg_last_status()).
 */
struct tg_replay *tg_replay_open(const char *path, int explain);
/** Frees the replay. NULL is allowed. */
void tg_replay_destroy(struct tg_replay *replay);
/**
 * The next output of the replay, or NULL at the end of the trace. At the end, check
 * tg_replay_status(): a trace with errors past its header stops at the first, as
 * `touchtrace replay` does. The event is valid until the next call on the replay.
 */
const struct tg_event *tg_replay_next_event(struct tg_replay *replay);
/** TG_OK, or TG_ERROR_BAD_INPUT once the replay found the trace invalid (the message from
 * tg_last_error() lists where). */
int tg_replay_status(const struct tg_replay *replay);

/* ---- A trace's touches ------------------------------------------------------------------- */

/** A trace file's touches, read one at a time (for a host that plays a trace into its own input
 * path, as `touch-kiosk --replay` does into a headless touch device). */
struct tg_touches;

/** Opens the trace at `path` (either encoding; a regular file, as tg_replay_open()). NULL when
 * it cannot be read or its header is invalid (TG_ERROR_BAD_INPUT, the message located). */
struct tg_touches *tg_touches_open(const char *path);
/** Frees it. NULL is allowed. */
void tg_touches_destroy(struct tg_touches *touches);
/** The trace's surface: its size in its units and its units per millimetre (0 and 0 when the
 * trace gives no resolution). Any pointer may be NULL. */
int tg_touches_get_surface(const struct tg_touches *touches, double *width, double *height,
			   double *units_per_mm_x, double *units_per_mm_y);
/** The next touch, in the trace's order: 1 with its fields written (any pointer may be NULL),
 * 0 at the end, or TG_ERROR_BAD_INPUT at the first error past the header (located, and the
 * same error again after it). */
int tg_touches_next(struct tg_touches *touches, double *time, int32_t *id, enum tg_touch_phase *phase,
		    double *x, double *y);

#ifdef __cplusplus
}
#endif

#endif /* TOUCHGESTURES_H */
