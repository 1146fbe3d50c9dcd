/*
 * checks: the C API's behaviour, asserted from the rules (touchgestures.h and the trace
 * format), run by tools/c-api-test against the installed library. Prints one line per failed
 * check and exits 1 if any failed.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <touchgestures.h>

#include "check.h"

/* An 800 x 480 panel at 5 units per mm (160 x 96 mm). */
static struct tg_engine *panel(const char *settings)
{
	struct tg_engine *e = tg_engine_new(800, 480, 5, 5, 0, settings);
	if (e == NULL) {
		printf("FAIL: tg_engine_new: %s\n", tg_last_error());
		exit(1);
	}
	return e;
}

/* A one-finger stroke from (x0, y0) to (x1, y1) over `duration` s in 8 ms frames. */
static void stroke(struct tg_engine *e, double t0, double x0, double y0, double x1, double y1, double duration)
{
	int steps = (int)(duration / 0.008);
	tg_engine_touch(e, t0, 0, TG_TOUCH_DOWN, x0, y0);
	tg_engine_frame(e);
	for (int i = 1; i <= steps; i++) {
		double f = (double)i / steps;
		tg_engine_touch(e, t0 + i * 0.008, 0, TG_TOUCH_MOVE, x0 + (x1 - x0) * f, y0 + (y1 - y0) * f);
		tg_engine_frame(e);
	}
	tg_engine_touch(e, t0 + steps * 0.008, 0, TG_TOUCH_UP, x1, y1);
	tg_engine_frame(e);
}

/* One finger down on the bottom edge at 0 s and held there, a frame every 8 ms, to 0.496 s: the
 * declared drawer's touch and hold, before its move. */
static void hold_on_bottom_edge(struct tg_engine *e)
{
	tg_engine_touch(e, 0, 0, TG_TOUCH_DOWN, 400, 478);
	tg_engine_frame(e);
	for (int i = 1; i <= 62; i++) {
		tg_engine_touch(e, i * 0.008, 0, TG_TOUCH_MOVE, 400, 478);
		tg_engine_frame(e);
	}
}

/* The first queued event of `type`, the others skipped. */
static const struct tg_event *first(struct tg_engine *e, enum tg_event_type type)
{
	const struct tg_event *ev;
	while ((ev = tg_engine_next_event(e)) != NULL)
		if (tg_event_get_type(ev) == type)
			return ev;
	return NULL;
}

static void refusals(void)
{
	CHECK(tg_engine_new(NAN, 480, 5, 5, 0, NULL) == NULL, "a NaN width made an engine");
	CHECK(contains(tg_last_error(), "width"), "message: %s", tg_last_error());
	CHECK(tg_engine_new(800, 480, 5, 0, 0, NULL) == NULL, "one resolution of 0 made an engine");
	CHECK(tg_engine_new(800, 480, 5, 5, 45, NULL) == NULL, "a rotation of 45 made an engine");
	CHECK(contains(tg_last_error(), "45"), "message: %s", tg_last_error());
	CHECK(tg_last_status() == TG_ERROR_INVALID_ARGUMENT, "status %d for a bad rotation", tg_last_status());
	CHECK(tg_engine_new(800, 480, 5, 5, 0, "{") == NULL && tg_last_status() == TG_ERROR_BAD_INPUT,
	      "status %d for settings that are not JSON", tg_last_status());
	/* A path names a regular file: not standard input, not a FIFO that blocks in open(). */
	CHECK(tg_replay_open("-", 0) == NULL && contains(tg_last_error(), "./-"), "tg_replay_open(\"-\"): %s", tg_last_error());
	CHECK(tg_replay_open("/dev/zero", 0) == NULL && contains(tg_last_error(), "not a regular file")
	      && tg_last_status() == TG_ERROR_BAD_INPUT, "tg_replay_open(/dev/zero): %s", tg_last_error());
	CHECK(tg_engine_new(800, 480, 5, 5, 0, "{\"swipe.minDistance\": ") == NULL, "cut-off settings made an engine");
	CHECK(contains(tg_last_error(), "settings:1:23: error:"), "the message does not locate the JSON error: %s", tg_last_error());
	/* Milliseconds by mistake: the settings table's range names the unit. */
	CHECK(tg_engine_new(800, 480, 5, 5, 0, "{\"longPress.minDuration\": 800}") == NULL, "800 s long presses accepted");
	CHECK(contains(tg_last_error(), "seconds"), "the message does not name the unit: %s", tg_last_error());
	CHECK(tg_engine_new(800, 480, 5, 5, 0, "{\"swipe\": {\"noSuchSetting\": 1}}") == NULL, "an unknown setting accepted");
	/* A setting's mistake is at its key's line and column, with the nearest names. */
	CHECK(tg_engine_new(800, 480, 5, 5, 0, "{\n  \"tap.maxGap\": 0.3,\n  \"swipe\": {\"minDistanc\": 12}}") == NULL, "a misspelt setting accepted");
	CHECK(contains(tg_last_error(), "settings:3:13: error: unknown setting `swipe.minDistanc` (did you mean `swipe.minDistance`"),
	      "the message does not locate the key or name the nearest: %s", tg_last_error());
	CHECK(tg_engine_new(800, 480, 5, 5, 0, "{\"tap.maxGap\": 3,\n\"longPress.minDuration\": 800}") == NULL, "800 s accepted");
	CHECK(contains(tg_last_error(), "settings:2:1: error:"), "not at line 2, column 1: %s", tg_last_error());
	/* The thresholds of a list go in scene.settings; beside scene they are refused, not dropped. */
	CHECK(tg_list_new("{\"format\": \"touch-trace\", \"version\": 1, \"device\": {\"width\": 800, \"height\": 480},"
			  " \"scene\": {\"list\": {\"rows\": 8, \"rowHeight\": 60}}, \"settings\": {\"tap.maxCount\": 1}, \"events\": []}") == NULL,
	      "a list made with its settings dropped");
	CHECK(contains(tg_last_error(), "did you mean `scene.settings`?"), "message: %s", tg_last_error());
	/* Its events are ignored, as documented: not read, so not refused; its edits are refused,
	 * not dropped (the list is edited with tg_list_edit). */
	struct tg_list *ignored = tg_list_new("{\"format\": \"touch-trace\", \"version\": 1, \"device\": {\"width\": 800, \"height\": 480},"
					      " \"scene\": {\"list\": {\"rows\": 8}}, \"events\": [{\"t\": \"late\"}]}");
	CHECK(ignored != NULL, "a list refused for events it ignores: %s", tg_last_error());
	tg_list_destroy(ignored);
	CHECK(tg_list_new("{\"format\": \"touch-trace\", \"version\": 1, \"device\": {\"width\": 800, \"height\": 480},"
			  " \"scene\": {\"list\": {\"rows\": 8, \"edits\": [{\"t\": 1, \"delete\": [2]}]}}, \"events\": []}") == NULL
	      && contains(tg_last_error(), "tg_list_edit"), "a list made with its edits dropped: %s", tg_last_error());

	CHECK(tg_engine_touch(NULL, 0, 0, TG_TOUCH_DOWN, 1, 1) == TG_ERROR_INVALID_ARGUMENT, "NULL engine");
	CHECK(tg_engine_frame(NULL) == TG_ERROR_INVALID_ARGUMENT, "NULL engine");
	CHECK(tg_engine_next_event(NULL) == NULL, "NULL engine gave an event");
	CHECK(isnan(tg_engine_next_deadline(NULL)), "NULL engine has a deadline");
	tg_engine_destroy(NULL);

	struct tg_engine *e = panel(NULL);
	{
		/* Each handle given to another kind's functions: refused by its kind, never read as that
		 * kind (an engine read as a list crashed the caller). */
		struct tg_list *l = tg_list_new("{\"format\": \"touch-trace\", \"version\": 1, \"device\": {\"width\": 800, \"height\": 480},"
						" \"scene\": {\"list\": {\"rows\": 8, \"rowHeight\": 60}}, \"events\": []}");
		struct tg_replay *r = tg_replay_open("traces/swipe-right-normal.json", 0);
		CHECK(l != NULL && r != NULL, "%s", tg_last_error());
		struct tg_list *engine_as_list = (struct tg_list *)e;
		struct tg_engine *list_as_engine = (struct tg_engine *)l;
		struct tg_replay *engine_as_replay = (struct tg_replay *)e;
		CHECK(tg_list_touch(engine_as_list, 0, 0, TG_TOUCH_DOWN, 1, 1) == TG_ERROR_INVALID_ARGUMENT
		      && contains(tg_last_error(), "tg_list_touch: list is not a struct tg_list * (it is a struct tg_engine *)"),
		      "an engine taken for a list: %s", tg_last_error());
		CHECK(tg_list_frame(engine_as_list) == TG_ERROR_INVALID_ARGUMENT, "an engine's frame run as a list's");
		CHECK(tg_list_next_event(engine_as_list) == NULL && tg_list_row_count(engine_as_list) == 0, "an engine read as a list");
		CHECK(tg_engine_touch(list_as_engine, 0, 0, TG_TOUCH_DOWN, 1, 1) == TG_ERROR_INVALID_ARGUMENT
		      && contains(tg_last_error(), "(it is a struct tg_list *)"), "a list taken for an engine: %s", tg_last_error());
		CHECK(isnan(tg_engine_next_deadline(list_as_engine)) && tg_engine_next_event(list_as_engine) == NULL, "a list read as an engine");
		CHECK(tg_engine_follow(list_as_engine, TG_EVENT_SWIPE, 0, -1, 0, 0) == TG_ERROR_INVALID_ARGUMENT,
		      "a list followed as an engine");
		CHECK(tg_replay_next_event(engine_as_replay) == NULL, "an engine replayed");
		CHECK(tg_replay_status(engine_as_replay) == TG_ERROR_INVALID_ARGUMENT
		      && contains(tg_last_error(), "(it is a struct tg_engine *)"), "an engine's replay status: %s", tg_last_error());
		CHECK(tg_engine_touch((struct tg_engine *)r, 0, 0, TG_TOUCH_DOWN, 1, 1) == TG_ERROR_INVALID_ARGUMENT
		      && contains(tg_last_error(), "(it is a struct tg_replay *)"), "a replay taken for an engine: %s", tg_last_error());
		/* A _destroy of another kind's leaves the object: it still works after. */
		tg_list_destroy(engine_as_list);
		tg_replay_destroy(engine_as_replay);
		tg_engine_destroy(list_as_engine);
		CHECK(tg_engine_advance(e, 0) == TG_OK && tg_list_row_count(l) == 8 && tg_replay_next_event(r) != NULL,
		      "a _destroy of another kind freed the object: %s", tg_last_error());
		tg_list_destroy(l);
		tg_replay_destroy(r);
	}
	CHECK(tg_engine_touch(e, 0, 0, TG_TOUCH_DOWN, NAN, 1) == TG_ERROR_INVALID_ARGUMENT, "NaN x accepted");
	CHECK(tg_engine_touch(e, INFINITY, 0, TG_TOUCH_DOWN, 1, 1) == TG_ERROR_INVALID_ARGUMENT, "infinite time accepted");
	/* Past 2^32 s a double no longer tells microseconds apart (a tap at 1e16 s was a long press
	 * of duration 0); past 1e9 units a position makes infinite translations. */
	CHECK(tg_engine_touch(e, 1e16, 0, TG_TOUCH_DOWN, 1, 1) == TG_ERROR_INVALID_ARGUMENT && contains(tg_last_error(), "4294967296"),
	      "a time of 1e16 s accepted: %s", tg_last_error());
	CHECK(tg_engine_touch(e, 0, 0, TG_TOUCH_DOWN, 1e308, 1) == TG_ERROR_INVALID_ARGUMENT && contains(tg_last_error(), "1e9"),
	      "x of 1e308 accepted: %s", tg_last_error());
	CHECK(tg_engine_advance(e, -1e16) == TG_ERROR_INVALID_ARGUMENT, "an advance to -1e16 s accepted");
	CHECK(tg_engine_touch(e, 0, -1, TG_TOUCH_DOWN, 1, 1) == TG_ERROR_INVALID_ARGUMENT, "negative id accepted");
	CHECK(tg_engine_touch(e, 0, 0, (enum tg_touch_phase)7, 1, 1) == TG_ERROR_INVALID_ARGUMENT, "phase 7 accepted");
	/* 256 is 0 (down) in its low byte, -1 is above 3 read unsigned: neither may pass. */
	CHECK(tg_engine_touch(e, 0, 0, (enum tg_touch_phase)256, 1, 1) == TG_ERROR_INVALID_ARGUMENT, "phase 256 accepted");
	CHECK(tg_engine_touch(e, 0, 0, (enum tg_touch_phase)-1, 1, 1) == TG_ERROR_INVALID_ARGUMENT, "phase -1 accepted");
	CHECK(tg_engine_touch(e, 0, 0, TG_TOUCH_DOWN, 1, -INFINITY) == TG_ERROR_INVALID_ARGUMENT, "y of -infinity accepted");
	CHECK(tg_engine_touch(e, 0, 3, TG_TOUCH_MOVE, 1, 1) == TG_ERROR_UNKNOWN_CONTACT, "a move of a contact never down");
	CHECK(contains(tg_last_error(), "contact 3"), "message: %s", tg_last_error());
	CHECK(tg_engine_touch(e, 1.0, 0, TG_TOUCH_DOWN, 100, 100) == TG_OK, "%s", tg_last_error());
	CHECK(tg_engine_touch(e, 1.0, 0, TG_TOUCH_DOWN, 100, 100) == TG_ERROR_UNKNOWN_CONTACT, "a second down of contact 0");
	CHECK(tg_engine_touch(e, 0.5, 1, TG_TOUCH_DOWN, 100, 100) == TG_ERROR_TIME_WENT_BACK, "time went back in a frame");
	CHECK(tg_engine_frame(e) == TG_OK, "%s", tg_last_error());
	CHECK(tg_engine_touch(e, 0.9, 0, TG_TOUCH_MOVE, 100, 100) == TG_ERROR_TIME_WENT_BACK, "time went back across frames");
	CHECK(tg_engine_advance(e, 0.9) == TG_ERROR_TIME_WENT_BACK, "advance went back");
	CHECK(tg_engine_advance(e, NAN) == TG_ERROR_INVALID_ARGUMENT, "advance to NaN");
	CHECK(tg_engine_advance(e, INFINITY) == TG_ERROR_INVALID_ARGUMENT && tg_engine_advance(e, -INFINITY) == TG_ERROR_INVALID_ARGUMENT,
	      "advance to an infinite time");
	/* None of the refusals changed anything: the press is still a tap of one finger at (100, 100). */
	CHECK(tg_engine_touch(e, 1.05, 0, TG_TOUCH_UP, 100, 100) == TG_OK, "%s", tg_last_error());
	CHECK(tg_engine_frame(e) == TG_OK, "%s", tg_last_error());
	CHECK(tg_engine_next_event(e) == NULL, "a tap reported before its double-tap window (tap.maxGap) closed");
	/* The single tap is due when tap.maxGap (0.3 s) has passed since the lift. */
	CHECK(fabs(tg_engine_next_deadline(e) - 1.35) < 1e-9, "deadline %.9f, not 1.35", tg_engine_next_deadline(e));
	CHECK(tg_engine_advance(e, 1.34) == TG_OK && tg_engine_next_event(e) == NULL, "a tap before its deadline");
	/* The loop the header describes: advance to exactly the deadline given, and the tap comes. */
	CHECK(tg_engine_advance(e, tg_engine_next_deadline(e)) == TG_OK, "%s", tg_last_error());
	CHECK(isnan(tg_engine_next_deadline(e)), "the deadline %.9f is still pending after advancing to it", tg_engine_next_deadline(e));
	const struct tg_event *tap = tg_engine_next_event(e);
	CHECK(tg_event_get_type(tap) == TG_EVENT_TAP, "type %d", tg_event_get_type(tap));
	CHECK(strcmp(tg_event_get_type_name(tap), "tap") == 0, "name %s", tg_event_get_type_name(tap));
	CHECK(fabs(tg_event_get_time(tap) - 1.35) < 1e-9, "time %.9f", tg_event_get_time(tap));
	CHECK(tg_event_get_x(tap) == 100 && tg_event_get_y(tap) == 100, "at %g, %g", tg_event_get_x(tap), tg_event_get_y(tap));
	CHECK(tg_event_get_taps(tap) == 1 && tg_event_get_fingers(tap) == 1, "%d taps, %d fingers", tg_event_get_taps(tap), tg_event_get_fingers(tap));
	CHECK(tg_event_get_direction(tap) == TG_DIRECTION_NONE && isnan(tg_event_get_scale(tap)) && tg_event_get_row(tap) == -1,
	      "fields a tap does not have");
	size_t length = 0;
	const char *json = tg_event_get_json(tap, &length);
	CHECK(json != NULL && strlen(json) == length && json[0] == '{' && json[length - 1] == '}' && contains(json, "\"type\": \"tap\""),
	      "json %s", json ? json : "(null)");
	CHECK(isnan(tg_engine_next_deadline(e)), "a deadline is left");

	/* 64 contacts down at once is the most. */
	for (int id = 0; id < 64; id++)
		CHECK(tg_engine_touch(e, 3, id, TG_TOUCH_DOWN, 10 + id, 10) == TG_OK, "contact %d: %s", id, tg_last_error());
	CHECK(tg_engine_touch(e, 3, 64, TG_TOUCH_DOWN, 10, 20) == TG_ERROR_TOO_MANY_CONTACTS, "a 65th contact down");
	CHECK(tg_engine_finish(e) == TG_OK, "%s", tg_last_error());
	tg_engine_destroy(e);

	CHECK(tg_event_get_type(NULL) == TG_EVENT_NONE && isnan(tg_event_get_time(NULL)) && tg_event_get_json(NULL, &length) == NULL
	      && length == 0 && strcmp(tg_event_get_type_name(NULL), "") == 0, "NULL event");
	CHECK(tg_replay_open(NULL, 0) == NULL && tg_replay_open("/nonexistent/trace.json", 0) == NULL, "a replay of nothing");
	CHECK(contains(tg_last_error(), "/nonexistent/trace.json"), "message: %s", tg_last_error());
	CHECK(tg_replay_status(NULL) == TG_ERROR_INVALID_ARGUMENT, "NULL replay");
	CHECK(tg_list_new(NULL) == NULL && tg_list_new("{") == NULL, "a list of nothing");
	CHECK(contains(tg_last_error(), "trace:1:"), "the message does not locate the error: %s", tg_last_error());
}

static void gestures(void)
{
	/* 60 mm to the right in 0.1 s: a swipe (swipe.minDistance is 10 mm by default). */
	struct tg_engine *e = panel(NULL);
	stroke(e, 0, 100, 240, 400, 240, 0.096);
	const struct tg_event *s = first(e, TG_EVENT_SWIPE);
	CHECK(s != NULL, "no swipe");
	CHECK(tg_event_get_direction(s) == TG_DIRECTION_RIGHT, "direction %d", tg_event_get_direction(s));
	CHECK(tg_event_get_start_x(s) == 100 && tg_event_get_start_y(s) == 240, "start %g, %g", tg_event_get_start_x(s), tg_event_get_start_y(s));
	CHECK(tg_event_get_velocity_x(s) > 0 && tg_event_get_fingers(s) == 1 && tg_event_get_edge(s) == TG_EDGE_NONE, "swipe fields");
	tg_engine_destroy(e);

	/* The same stroke with swipe.minDistance above its 60 mm: no swipe. */
	e = panel("{\"swipe\": {\"minDistance\": 70}}");
	stroke(e, 0, 100, 240, 400, 240, 0.096);
	CHECK(first(e, TG_EVENT_SWIPE) == NULL, "a swipe shorter than swipe.minDistance");
	tg_engine_destroy(e);

	/* A panel mounted a quarter turn clockwise: the panel's +y is the screen's -x, so a
	 * stroke down the panel is a swipe to the left on the screen. */
	e = tg_engine_new(480, 800, 5, 5, 90, NULL);
	CHECK(e != NULL, "%s", tg_last_error());
	stroke(e, 0, 240, 100, 240, 400, 0.096);
	s = first(e, TG_EVENT_SWIPE);
	CHECK(s != NULL && tg_event_get_direction(s) == TG_DIRECTION_LEFT, "direction %d", tg_event_get_direction(s));
	/* (240, 100) on the 480 x 800 panel is (800 - 100, 240) on the turned 800 x 480 screen. */
	CHECK(s != NULL && tg_event_get_start_x(s) == 700 && tg_event_get_start_y(s) == 240, "start %g, %g", tg_event_get_start_x(s), tg_event_get_start_y(s));
	tg_engine_destroy(e);

	/* Explaining: the swipe's win is reported, with the contact that began the sequence, and
	 * the tap's failure with its reason. Without explaining, neither. */
	for (int explain = 0; explain <= 1; explain++) {
		e = panel(NULL);
		tg_engine_set_explain(e, explain);
		stroke(e, 0, 100, 240, 400, 240, 0.096);
		int swipe_won = 0, tap_failed = 0, decisions = 0;
		const struct tg_event *ev;
		while ((ev = tg_engine_next_event(e)) != NULL) {
			enum tg_event_type type = tg_event_get_type(ev);
			if (type == TG_EVENT_WON || type == TG_EVENT_FAILED)
				decisions++;
			if (type == TG_EVENT_WON && tg_event_get_recognizer(ev) == TG_RECOGNIZER_SWIPE && tg_event_get_contact(ev) == 0)
				swipe_won++;
			if (type == TG_EVENT_FAILED && tg_event_get_recognizer(ev) == TG_RECOGNIZER_TAP && tg_event_get_reason(ev) != NULL)
				tap_failed++;
		}
		if (explain)
			CHECK(swipe_won == 1 && tap_failed == 1, "swipe won %d times, tap failed %d times", swipe_won, tap_failed);
		else
			CHECK(decisions == 0, "%d arena decisions reported without explaining", decisions);
		tg_engine_destroy(e);
	}

	/* A declared sequence: held 0.5 s on the bottom edge, then 40 mm up. Its event says its
	 * name (copied out as snprintf does: cut, it still returns the whole length) and index;
	 * the same stroke with no hold fails it at step 2, the hold, said when explaining. */
	{
		const char *drawer = "{\"sequences\": [{\"name\": \"drawer\", \"steps\": [{\"touch\": 1, \"edge\": \"bottom\"}, "
				     "{\"hold\": 0.4}, {\"move\": \"up\", \"distance\": 15}]}]}";
		e = panel(drawer);
		hold_on_bottom_edge(e);
		stroke(e, 0.5, 400, 478, 400, 278, 0.3);
		const struct tg_event *q = first(e, TG_EVENT_SEQUENCE);
		char name[64], cut[4];
		CHECK(q != NULL, "no sequence event for a hold then a move up");
		CHECK(q != NULL && tg_event_get_name(q, name, sizeof name) == 6 && strcmp(name, "drawer") == 0, "name %s", name);
		CHECK(q != NULL && tg_event_get_name(q, cut, sizeof cut) == 6 && strcmp(cut, "dra") == 0, "cut name %s", cut);
		CHECK(q != NULL && tg_event_get_name(q, NULL, 0) == 6, "the name's length, asked with no buffer");
		CHECK(q != NULL && tg_event_get_sequence(q) == 0 && tg_event_get_step(q) == 0, "sequence %d, step %d",
		      tg_event_get_sequence(q), tg_event_get_step(q));
		tg_engine_destroy(e);

		e = panel(drawer);
		tg_engine_set_explain(e, 1);
		stroke(e, 0, 400, 478, 400, 278, 0.3);
		/* An event is valid until the next call on its engine: read as it comes. */
		const struct tg_event *ev;
		int found = 0, step = -1, sequence = -1, named = -1, moved = 0;
		while ((ev = tg_engine_next_event(e)) != NULL) {
			if (found || tg_event_get_type(ev) != TG_EVENT_FAILED || tg_event_get_recognizer(ev) != TG_RECOGNIZER_SEQUENCE)
				continue;
			found = 1;
			step = tg_event_get_step(ev);
			sequence = tg_event_get_sequence(ev);
			named = (int)tg_event_get_name(ev, name, sizeof name) + (name[0] != 0);
			moved = contains(tg_event_get_reason(ev), "moved");
		}
		CHECK(found && step == 2 && sequence == 0, "the sequence's failure: step %d of sequence %d", step, sequence);
		CHECK(found && named == 0, "a failure has no name: %s", name);
		CHECK(found && moved, "the hold's failure is not that the finger moved");
		tg_engine_destroy(e);
	}

	/* The drag, enabled with the pan locked vertical: 60 mm to the left is across the pan's
	 * axis, so the drag claims the touch at the slop and reports every frame the finger moves,
	 * then its end at the lift: TG_EVENT_DRAG, with its phase, finger, position and start. */
	e = panel("{\"pan.axis\": \"vertical\", \"arena.enabled\": [\"tap\", \"swipe\", \"pan\", \"fling\", \"drag\"]}");
	stroke(e, 0, 600, 240, 300, 240, 0.096);
	int began = 0, changed = 0, ended = 0, wrong = 0;
	double last_x = NAN;
	const struct tg_event *ev;
	while ((ev = tg_engine_next_event(e)) != NULL) {
		if (tg_event_get_type(ev) != TG_EVENT_DRAG)
			continue;
		enum tg_phase phase = tg_event_get_phase(ev);
		began += phase == TG_PHASE_BEGAN;
		changed += phase == TG_PHASE_CHANGED;
		ended += phase == TG_PHASE_ENDED;
		if (tg_event_get_fingers(ev) != 1 || tg_event_get_start_x(ev) != 600 || tg_event_get_start_y(ev) != 240
		    || tg_event_get_y(ev) != 240 || strcmp(tg_event_get_type_name(ev), "drag") != 0
		    || !contains(tg_event_get_json(ev, NULL), "\"type\": \"drag\""))
			wrong++;
		last_x = tg_event_get_x(ev);
	}
	/* 12 frames of 25 units: the slop's 23.5 is crossed in the first move, so the drag begins
	 * there and changes in the 11 moves after it; the lift (at 300) ends it. */
	CHECK(began == 1 && changed == 11 && ended == 1 && wrong == 0, "drag: %d began, %d changed, %d ended, %d wrong",
	      began, changed, ended, wrong);
	CHECK(last_x == 300, "the drag ended at x %g, not at the lift's 300", last_x);
	tg_engine_destroy(e);
}

/* Where cells are drawn while the list animates: an edit's rows sliding, a lifted row. */
static void drawing(void)
{
	struct tg_list *l = tg_list_new(
		"{\"format\": \"touch-trace\", \"version\": 1,"
		" \"device\": {\"width\": 800, \"height\": 480, \"resolution\": {\"x\": 5, \"y\": 5}},"
		" \"scene\": {\"list\": {\"rows\": 8, \"rowHeight\": 60, \"reorder\": true}}, \"events\": []}");
	CHECK(l != NULL, "%s", tg_last_error());
	if (l == NULL)
		return;
	struct tg_cell cell;
	double y, h;
	/* A row inserted at the top at 1 s grows over 0.25 s: at the edit it is 0 high, and the row
	 * below (the old row 0, laid out at 60) is still drawn at 0. */
	int32_t at_top[] = {0};
	CHECK(tg_list_edit(l, 1.0, NULL, 0, at_top, 1, NULL, 0) == TG_OK, "%s", tg_last_error());
	CHECK(tg_list_is_animating(l) == 1, "not animating after an edit (the cells had closed up at once)");
	int n = tg_list_layout(l);
	CHECK(n >= 2, "%d cells", n);
	CHECK(tg_list_cell(l, 1, &cell) == TG_OK && cell.index == 1 && cell.y == 60, "row 1 laid out at %g", cell.y);
	CHECK(tg_list_cell_drawn(l, 0, &y, &h) == TG_OK && y == 0 && h == 0, "the new row drawn at %g, %g high", y, h);
	CHECK(tg_list_cell_drawn(l, 1, &y, NULL) == TG_OK && fabs(y) < 1e-9, "the row below drawn at %g", y);
	/* Half-way in time, half grown (accelerate-decelerate: (1 - cos(pi/2)) / 2). */
	tg_list_advance(l, 1.125);
	CHECK(tg_list_cell_drawn(l, 0, NULL, &h) == TG_OK && fabs(h - 30) < 1e-9, "%g high half-way", h);
	CHECK(tg_list_cell_drawn(l, 1, &y, NULL) == TG_OK && fabs(y - 30) < 1e-9, "row 1 at %g half-way", y);
	tg_list_advance(l, 1.25);
	CHECK(tg_list_is_animating(l) == 0, "still animating when the edit's 0.25 s are over");
	CHECK(tg_list_cell_drawn(l, 1, &y, &h) == TG_OK && y == 60 && h == 60, "row 1 drawn at %g, %g high at rest", y, h);
	CHECK(tg_list_cell_drawn(l, n, &y, &h) == TG_ERROR_INVALID_ARGUMENT, "a cell out of range");
	/* Row 2 (y 120 to 180) held 0.6 s at y 150, then carried 100 units down: drawn under the
	 * finger, and rows 3 and 4, which it passed, drawn one row up to make room. */
	tg_list_touch(l, 2, 0, TG_TOUCH_DOWN, 400, 150);
	tg_list_frame(l);
	tg_list_advance(l, 2.6);
	for (int i = 1; i <= 20; i++) {
		tg_list_touch(l, 2.6 + i * 0.02, 0, TG_TOUCH_MOVE, 400, 150 + 5 * i);
		tg_list_frame(l);
	}
	n = tg_list_layout(l);
	for (int k = 0; k < n; k++) {
		tg_list_cell(l, k, &cell);
		tg_list_cell_drawn(l, k, &y, NULL);
		if (cell.index == 2)
			CHECK(fabs(y - (cell.y + 100)) < 1e-9, "the lifted row drawn at %g, laid out at %g", y, cell.y);
		if (cell.index == 3 || cell.index == 4)
			CHECK(fabs(y - (cell.y - 60)) < 1e-9, "row %d drawn at %g, laid out at %g", cell.index, y, cell.y);
		if (cell.index == 5)
			CHECK(y == cell.y, "row 5 moved (%g, laid out at %g)", y, cell.y);
	}
	/* Dropped there: row 2 moved to 4, under its own names for the two (get_row and get_index,
	 * which mean a row and an action, say -1). */
	tg_list_touch(l, 3.1, 0, TG_TOUCH_UP, 400, 250);
	tg_list_frame(l);
	int moved = 0;
	const struct tg_event *ev;
	while ((ev = tg_list_next_event(l)) != NULL) {
		if (tg_event_get_type(ev) == TG_EVENT_ROW_MOVED) {
			moved++;
			CHECK(tg_event_get_from(ev) == 2 && tg_event_get_to(ev) == 4, "moved from %d to %d", tg_event_get_from(ev), tg_event_get_to(ev));
			CHECK(tg_event_get_row(ev) == -1 && tg_event_get_index(ev) == -1, "a moved row's get_row %d, get_index %d: a second meaning", tg_event_get_row(ev), tg_event_get_index(ev));
		}
		if (tg_event_get_type(ev) == TG_EVENT_SCROLL)
			CHECK(tg_event_get_momentum(ev) >= 0 && tg_event_get_swiped(ev) == -1 && tg_event_get_checked(ev) == -1, "scroll's momentum");
		if (tg_event_get_type(ev) != TG_EVENT_ROW_MOVED)
			CHECK(tg_event_get_from(ev) == -1 && tg_event_get_to(ev) == -1, "from/to on a %s", tg_event_get_type_name(ev));
	}
	CHECK(moved == 1, "%d rows moved by the drop", moved);
	tg_list_destroy(l);
}

static void list(void)
{
	/* 40 rows of 50 units in a 400 x 300 list: content 2000 high, offsets 0 to 1700. */
	struct tg_list *l = tg_list_new(
		"{\"format\": \"touch-trace\", \"version\": 1,"
		" \"device\": {\"width\": 400, \"height\": 300, \"resolution\": {\"x\": 5, \"y\": 5}},"
		" \"scene\": {\"list\": {\"rows\": 40, \"rowHeight\": 50, \"width\": 400, \"height\": 300}}, \"events\": []}");
	CHECK(l != NULL, "%s", tg_last_error());
	if (l == NULL)
		return;
	CHECK(tg_list_row_count(l) == 40 && tg_list_content_offset(l) == 0 && tg_list_selected_row(l) == -1, "a new list");
	CHECK(isnan(tg_list_row_offset(l, 40)) && tg_list_row_is_swiped(l, -1) == -1, "rows that do not exist");
	/* Dragged up 100 units, slowly, and held still before the lift: no fling. */
	tg_list_touch(l, 0, 0, TG_TOUCH_DOWN, 200, 250);
	tg_list_frame(l);
	for (int i = 1; i <= 50; i++) {
		tg_list_touch(l, i * 0.02, 0, TG_TOUCH_MOVE, 200, 250 - 2 * i);
		tg_list_frame(l);
	}
	tg_list_touch(l, 1.5, 0, TG_TOUCH_UP, 200, 150);
	tg_list_frame(l);
	for (double t = 1.5; tg_list_is_animating(l) && t < 10; t += 1.0 / 60)
		tg_list_advance(l, t);
	double offset = tg_list_content_offset(l);
	/* The pan began past its slop: the content moved by the finger's travel less the slop. */
	CHECK(offset > 50 && offset <= 100, "offset %g after a 100-unit drag", offset);
	int scrolls = 0;
	const struct tg_event *ev;
	while ((ev = tg_list_next_event(l)) != NULL)
		if (tg_event_get_type(ev) == TG_EVENT_SCROLL) {
			scrolls++;
			CHECK(tg_event_get_momentum(ev) == 0, "a scroll under a finger marked momentum");
		}
	CHECK(scrolls > 0, "no scroll events");
	int n = tg_list_layout(l);
	struct tg_cell cell;
	CHECK(n == 7 || n == 8, "%d cells in a 300-high view of 50-high rows", n);
	CHECK(tg_list_cell(l, 0, &cell) == TG_OK && cell.kind == TG_CELL_ROW && cell.index == (int)(offset / 50), "first cell row %d", cell.index);
	CHECK(fabs(cell.y - (cell.index * 50 - offset)) < 1e-9 && cell.height == 50, "first cell at %g, %g high", cell.y, cell.height);
	CHECK(tg_list_cell(l, n, &cell) == TG_ERROR_INVALID_ARGUMENT && tg_list_cell(l, 0, NULL) == TG_ERROR_INVALID_ARGUMENT, "cells out of range");
	/* A tap on the row under (200, 120): row (120 + offset) / 50; selection is off by default. */
	tg_list_touch(l, 11, 0, TG_TOUCH_DOWN, 200, 120);
	tg_list_frame(l);
	tg_list_touch(l, 11.05, 0, TG_TOUCH_UP, 200, 120);
	tg_list_frame(l);
	tg_list_finish(l);
	int taps = 0;
	while ((ev = tg_list_next_event(l)) != NULL)
		if (tg_event_get_type(ev) == TG_EVENT_TAP && tg_event_get_y(ev) == 120)
			taps++;
	CHECK(taps == 1, "%d taps at y 120", taps);
	tg_list_destroy(l);
}

/* Actions that act and edits, through a golden trace: Delete tapped on row 3, the app's edit. */
static void edits(void)
{
	struct tg_replay *r = tg_replay_open("traces/row-slide-delete-action-removes-the-row.json", 0);
	CHECK(r != NULL, "the delete trace does not open: %s", tg_last_error());
	if (r == NULL)
		return;
	int actions = 0, edited = 0, deleted = 0, opened = 0, closed = 0;
	const struct tg_event *e;
	while ((e = tg_replay_next_event(r)) != NULL) {
		switch (tg_event_get_type(e)) {
		case TG_EVENT_ROW_SWIPE:
			/* Slid left, it opens on its trailing side, which the event names; the tap on its
			 * action closes it (no side). */
			if (tg_event_get_swiped(e) == 1) {
				opened++;
				CHECK(tg_event_get_row(e) == 3 && tg_event_get_side(e) == TG_SIDE_TRAILING && actions == 0,
				      "row swipe open: row %d, side %d", tg_event_get_row(e), tg_event_get_side(e));
				CHECK(contains(tg_event_get_json(e, NULL), "\"side\": \"trailing\""), "row swipe: %s", tg_event_get_json(e, NULL));
			} else {
				closed++;
				CHECK(tg_event_get_row(e) == 3 && tg_event_get_swiped(e) == 0 && tg_event_get_side(e) == TG_SIDE_NONE && actions == 1,
				      "row swipe closed: row %d, swiped %d, side %d", tg_event_get_row(e), tg_event_get_swiped(e), tg_event_get_side(e));
				CHECK(contains(tg_event_get_json(e, NULL), "\"side\": null"), "row swipe: %s", tg_event_get_json(e, NULL));
			}
			break;
		case TG_EVENT_ROW_ACTION:
			actions++;
			CHECK(tg_event_get_row(e) == 3 && tg_event_get_side(e) == TG_SIDE_TRAILING && tg_event_get_index(e) == 0,
			      "row action: row %d, side %d, index %d", tg_event_get_row(e), tg_event_get_side(e), tg_event_get_index(e));
			break;
		case TG_EVENT_EDIT:
			edited++;
			CHECK(contains(tg_event_get_json(e, NULL), "\"deleted\": 1"), "edit: %s", tg_event_get_json(e, NULL));
			CHECK(tg_event_get_row(e) == -1, "an edit has no row");
			break;
		case TG_EVENT_ROW_DELETED:
			deleted++;
			CHECK(tg_event_get_row(e) == 3 && tg_event_get_index(e) == -1, "row deleted: row %d", tg_event_get_row(e));
			break;
		default:
			break;
		}
	}
	CHECK(actions == 1 && edited == 1 && deleted == 1 && opened == 1 && closed == 1,
	      "%d row actions, %d edits, %d rows deleted, %d opened, %d closed", actions, edited, deleted, opened, closed);
	tg_replay_destroy(r);

	/* An edit through tg_list_edit(): 10 rows of 50, scrolled to 100 (row 2 at the top). */
	struct tg_list *l = tg_list_new(
		"{\"format\": \"touch-trace\", \"version\": 1,"
		" \"device\": {\"width\": 400, \"height\": 300, \"resolution\": {\"x\": 5, \"y\": 5}},"
		" \"scene\": {\"list\": {\"rows\": 10, \"rowHeight\": 50, \"width\": 400, \"height\": 300, \"offset\": 100}}, \"events\": []}");
	CHECK(l != NULL, "%s", tg_last_error());
	if (l == NULL)
		return;
	int32_t gone[] = {0}, moves[] = {5, 8};
	CHECK(tg_list_edit(l, 1, gone, 1, NULL, 0, moves, 1) == TG_OK, "an edit refused: %s", tg_last_error());
	CHECK(tg_list_row_count(l) == 9, "%d rows after deleting one", tg_list_row_count(l));
	CHECK(tg_list_content_offset(l) == 50, "row 2 is not held at the top: offset %g", tg_list_content_offset(l));
	int types[8] = {0}, n = 0;
	while ((e = tg_list_next_event(l)) != NULL && n < 8)
		types[n++] = tg_event_get_type(e);
	CHECK(n == 4 && types[0] == TG_EVENT_EDIT && types[1] == TG_EVENT_ROW_DELETED && types[2] == TG_EVENT_ROW_MOVED
	      && types[3] == TG_EVENT_SCROLL, "%d events: %d %d %d %d", n, types[0], types[1], types[2], types[3]);
	int32_t missing[] = {9};
	CHECK(tg_list_edit(l, 2, missing, 1, NULL, 0, NULL, 0) == TG_ERROR_INVALID_ARGUMENT, "row 9 of 9 deleted");
	CHECK(contains(tg_last_error(), "row 9"), "message: %s", tg_last_error());
	CHECK(tg_list_edit(l, 2, NULL, 1, NULL, 0, NULL, 0) == TG_ERROR_INVALID_ARGUMENT, "NULL rows with a count of 1");
	CHECK(tg_list_edit(l, 2, gone, (size_t)-1, NULL, 0, NULL, 0) == TG_ERROR_INVALID_ARGUMENT, "a count of SIZE_MAX");
	CHECK(tg_list_edit(l, NAN, gone, 1, NULL, 0, NULL, 0) == TG_ERROR_INVALID_ARGUMENT, "an edit at NaN");
	CHECK(tg_list_edit(NULL, 3, gone, 1, NULL, 0, NULL, 0) == TG_ERROR_INVALID_ARGUMENT, "NULL list");
	CHECK(tg_list_row_count(l) == 9 && tg_list_next_event(l) == NULL, "a refused edit changed the list or queued events");

	/* Time only goes forward through the C API: an advance and an edit count as time given, so
	 * a touch or an edit before them is refused, and the outputs stay in time order. */
	CHECK(tg_list_advance(l, 10) == TG_OK, "%s", tg_last_error());
	CHECK(tg_list_touch(l, 1, 0, TG_TOUCH_DOWN, 200, 100) == TG_ERROR_TIME_WENT_BACK, "a touch at 1 s after an advance to 10 s");
	CHECK(tg_list_edit(l, 1.5, gone, 1, NULL, 0, NULL, 0) == TG_ERROR_TIME_WENT_BACK, "an edit at 1.5 s after an advance to 10 s");
	CHECK(tg_list_edit(l, 11, gone, 1, NULL, 0, NULL, 0) == TG_OK, "%s", tg_last_error());
	CHECK(tg_list_touch(l, 10.5, 0, TG_TOUCH_DOWN, 200, 100) == TG_ERROR_TIME_WENT_BACK, "a touch at 10.5 s after an edit at 11 s");
	CHECK(tg_list_advance(l, INFINITY) == TG_ERROR_INVALID_ARGUMENT && tg_list_edit(l, INFINITY, NULL, 0, NULL, 0, NULL, 0) == TG_ERROR_INVALID_ARGUMENT,
	      "an infinite time accepted");
	/* A frame gathered and not run is earlier than an advance past it: it runs first. */
	CHECK(tg_list_touch(l, 12, 0, TG_TOUCH_DOWN, 200, 100) == TG_OK && tg_list_touch(l, 12, 0, TG_TOUCH_UP, 200, 100) == TG_OK, "%s", tg_last_error());
	CHECK(tg_list_advance(l, 13) == TG_OK, "%s", tg_last_error());
	double last = -1;
	int in_order = 1, taps = 0;
	while ((e = tg_list_next_event(l)) != NULL) {
		if (tg_event_get_time(e) < last)
			in_order = 0;
		last = tg_event_get_time(e);
		taps += tg_event_get_type(e) == TG_EVENT_TAP;
	}
	CHECK(in_order && taps == 1, "outputs out of time order (%d), or %d taps, not 1", in_order, taps);
	tg_list_destroy(l);
}

/* Gestures followed while they happen (tg_engine_follow): the checks are written from the rules
 * in touchgestures.h, on the 160 x 96 mm panel. */
static void follow_reports(struct tg_engine *e, int *n, int *first_phase, int *last_phase, double *last_progress,
			   int *request, int *rising)
{
	const struct tg_event *ev;
	double previous = -1e9;
	*n = 0;
	*rising = 1;
	while ((ev = tg_engine_next_event(e)) != NULL) {
		if (tg_event_get_type(ev) != TG_EVENT_FOLLOW)
			continue;
		if (*n == 0) {
			*first_phase = tg_event_get_phase(ev);
			*request = tg_event_get_request(ev);
		}
		if (tg_event_get_phase(ev) == TG_PHASE_CHANGED && tg_event_get_progress(ev) < previous - 1e-9)
			*rising = 0;
		previous = tg_event_get_progress(ev);
		*last_phase = tg_event_get_phase(ev);
		*last_progress = tg_event_get_progress(ev);
		(*n)++;
	}
}

static void follow(void)
{
	struct tg_engine *e = panel(NULL);
	CHECK(tg_engine_follow(NULL, TG_EVENT_SWIPE, 0, -1, 0, 0) == TG_ERROR_INVALID_ARGUMENT, "NULL engine followed");
	CHECK(tg_engine_follow(e, TG_EVENT_TAP, 0, -1, 0, 0) == TG_ERROR_INVALID_ARGUMENT && contains(tg_last_error(), "TG_EVENT_SWIPE"),
	      "a tap followed: %s", tg_last_error());
	CHECK(tg_engine_follow(e, TG_EVENT_SWIPE, 99, -1, 0, 0) == TG_ERROR_INVALID_ARGUMENT, "direction 99 taken");
	CHECK(tg_engine_follow(e, TG_EVENT_SWIPE, TG_DIRECTION_UP, 42, 0, 0) == TG_ERROR_INVALID_ARGUMENT && contains(tg_last_error(), "42"),
	      "edge 42 taken: %s", tg_last_error());
	CHECK(tg_engine_follow(e, TG_EVENT_PINCH, TG_WAY_CLOCKWISE, -1, 0, 0) == TG_ERROR_INVALID_ARGUMENT, "a pinch that turns taken");
	CHECK(tg_engine_follow(e, TG_EVENT_SWIPE, 0, -1, 11, 0) == TG_ERROR_INVALID_ARGUMENT, "11 fingers taken");
	/* The message says NaN as the other messages do ("nan"), not as JSON would ("null"). */
	CHECK(tg_engine_follow(e, TG_EVENT_SWIPE, 0, -1, 0, NAN) == TG_ERROR_INVALID_ARGUMENT && contains(tg_last_error(), "found nan"),
	      "a NaN threshold taken: %s", tg_last_error());
	/* A threshold of 1e-320 mm made progress infinite, one of 1e308 mm kept it at 0. */
	CHECK(tg_engine_follow(e, TG_EVENT_SWIPE, 0, -1, 0, 1e-320) == TG_ERROR_INVALID_ARGUMENT && contains(tg_last_error(), "0.01 to 1000 mm"),
	      "a threshold of 1e-320 mm taken: %s", tg_last_error());
	CHECK(tg_engine_follow(e, TG_EVENT_SWIPE, 0, -1, 0, 1e308) == TG_ERROR_INVALID_ARGUMENT, "a threshold of 1e308 mm taken");
	int up = tg_engine_follow(e, TG_EVENT_SWIPE, TG_DIRECTION_UP, TG_EDGE_BOTTOM, 1, 20);
	int any = tg_engine_follow(e, TG_EVENT_SWIPE, TG_DIRECTION_NONE, -1, 0, 0);
	CHECK(up == 1 && any == 2, "requests numbered %d, %d", up, any);

	/* 30 mm up from the bottom edge in 0.6 s (50 mm/s, under a fling's 184), lifted: past the
	 * 20 mm threshold, it commits at progress 1.5. */
	stroke(e, 0, 400, 478, 400, 328, 0.6);
	const struct tg_event *ev;
	int n = 0, swiped = 0, began = 0, ended = 0, request = 0;
	double progress = NAN, mm = NAN, mid_speed = NAN;
	while ((ev = tg_engine_next_event(e)) != NULL) {
		if (tg_event_get_type(ev) == TG_EVENT_SWIPE)
			swiped = 1;
		if (tg_event_get_type(ev) != TG_EVENT_FOLLOW)
			continue;
		n++;
		if (tg_event_get_phase(ev) == TG_PHASE_BEGAN) {
			began++;
			request = tg_event_get_request(ev);
			CHECK(tg_event_get_direction(ev) == TG_DIRECTION_UP && tg_event_get_edge(ev) == TG_EDGE_BOTTOM && tg_event_get_fingers(ev) == 1,
			      "began as direction %d, edge %d, %d fingers", tg_event_get_direction(ev), tg_event_get_edge(ev), tg_event_get_fingers(ev));
			/* Offered once the finger has moved the touch slop, 4.7 mm. */
			CHECK(tg_event_get_millimeters(ev) >= 4.7 && tg_event_get_millimeters(ev) < 5.5, "began at %.2f mm", tg_event_get_millimeters(ev));
		}
		if (tg_event_get_phase(ev) == TG_PHASE_CHANGED && fabs(tg_event_get_time(ev) - 0.304) < 0.005)
			mid_speed = tg_event_get_speed(ev);
		if (tg_event_get_phase(ev) == TG_PHASE_ENDED) {
			ended++;
			progress = tg_event_get_progress(ev);
			mm = tg_event_get_millimeters(ev);
			size_t length = 0;
			const char *json = tg_event_get_json(ev, &length);
			CHECK(contains(json, "\"type\": \"follow\"") && contains(json, "\"phase\": \"commit\"") && contains(json, "\"edge\": \"bottom\""),
			      "its JSON: %s", json);
			CHECK(strcmp(tg_event_get_type_name(ev), "follow") == 0, "type name %s", tg_event_get_type_name(ev));
		}
	}
	CHECK(began == 1 && ended == 1 && n > 60 && request == up, "%d reports, %d began, %d ended, request %d", n, began, ended, request);
	CHECK(fabs(progress - 1.5) < 0.01 && fabs(mm - 30) < 0.01, "committed at progress %.3f, %.2f mm", progress, mm);
	CHECK(fabs(mid_speed - 50) < 5, "mid-way speed %.1f mm/s, the finger's 50", mid_speed);
	CHECK(swiped, "the engine's own swipe was not reported beside the follow");

	/* Pulled 30 mm up and back to 5 mm, held still 0.2 s and lifted: it falls back. */
	double t = 2;
	tg_engine_touch(e, t, 0, TG_TOUCH_DOWN, 400, 478);
	tg_engine_frame(e);
	for (int i = 1; i <= 75; i++) {
		tg_engine_touch(e, t + i * 0.008, 0, TG_TOUCH_MOVE, 400, 478 - 150.0 * i / 75);
		tg_engine_frame(e);
	}
	for (int i = 1; i <= 62; i++) {
		tg_engine_touch(e, t + 0.6 + i * 0.008, 0, TG_TOUCH_MOVE, 400, 328 + 125.0 * i / 62);
		tg_engine_frame(e);
	}
	tg_engine_touch(e, t + 0.6 + 62 * 0.008 + 0.2, 0, TG_TOUCH_UP, 400, 453);
	tg_engine_frame(e);
	int first_phase = 0, last_phase = 0, rising = 0;
	follow_reports(e, &n, &first_phase, &last_phase, &progress, &request, &rising);
	CHECK(first_phase == TG_PHASE_BEGAN && last_phase == TG_PHASE_CANCELLED && fabs(progress - 0.25) < 0.01,
	      "pulled back: phases %d … %d, progress %.3f", first_phase, last_phase, progress);

	/* From the middle, not the bottom edge: the first request does not take it, the second (any
	 * swipe, the recognizer's 12 mm) does: 30 mm is progress 2.5. */
	stroke(e, 4, 400, 300, 400, 150, 0.6);
	follow_reports(e, &n, &first_phase, &last_phase, &progress, &request, &rising);
	CHECK(request == any && last_phase == TG_PHASE_ENDED && fabs(progress - 30.0 / 12) < 0.01 && rising,
	      "from the middle: request %d, phase %d, progress %.3f, rising %d", request, last_phase, progress, rising);

	/* Cancelled by the device mid-way: it cancels. */
	tg_engine_touch(e, 6, 0, TG_TOUCH_DOWN, 400, 300);
	tg_engine_frame(e);
	for (int i = 1; i <= 20; i++) {
		tg_engine_touch(e, 6 + i * 0.008, 0, TG_TOUCH_MOVE, 400, 300 - 5.0 * i);
		tg_engine_frame(e);
	}
	tg_engine_touch(e, 6.2, 0, TG_TOUCH_CANCEL, 400, 200);
	tg_engine_frame(e);
	follow_reports(e, &n, &first_phase, &last_phase, &progress, &request, &rising);
	CHECK(last_phase == TG_PHASE_CANCELLED && progress > 1, "a cancelled touch: phase %d at progress %.3f", last_phase, progress);

	/* Held still past the long press's time (it matures in tg_engine_advance, with no touch),
	 * then dragged up 30 mm: a long press and its drag, followed by nothing. */
	tg_engine_touch(e, 8, 0, TG_TOUCH_DOWN, 400, 300);
	tg_engine_frame(e);
	tg_engine_advance(e, 8.6);
	for (int i = 1; i <= 30; i++) {
		tg_engine_touch(e, 8.6 + i * 0.01, 0, TG_TOUCH_MOVE, 400, 300 - 5.0 * i);
		tg_engine_frame(e);
	}
	tg_engine_touch(e, 8.95, 0, TG_TOUCH_UP, 400, 150);
	tg_engine_frame(e);
	follow_reports(e, &n, &first_phase, &last_phase, &progress, &request, &rising);
	CHECK(n == 0, "a drag after a long press was followed: %d reports", n);
	tg_engine_destroy(e);

	/* A declared sequence, followed through its last move from the hold's end: held 0.5 s on
	 * the bottom edge, then 40 mm up and lifted; its threshold is the step's 15 mm. */
	e = panel("{\"sequences\": [{\"name\": \"h\", \"steps\": [{\"touch\": 2}, {\"hold\": 1}]}, {\"name\": \"drawer\", "
		  "\"steps\": [{\"touch\": 1, \"edge\": \"bottom\"}, {\"hold\": 0.4}, {\"move\": \"up\", \"distance\": 15}]}]}");
	CHECK(tg_engine_follow(e, TG_EVENT_SEQUENCE, 2, -1, 0, 0) == TG_ERROR_INVALID_ARGUMENT && contains(tg_last_error(), "0 to 1"),
	      "sequence 2 of 2 followed: %s", tg_last_error());
	CHECK(tg_engine_follow(e, TG_EVENT_SEQUENCE, 0, -1, 0, 0) == TG_ERROR_INVALID_ARGUMENT && contains(tg_last_error(), "no move"),
	      "a sequence with nothing to follow followed: %s", tg_last_error());
	CHECK(tg_engine_follow(e, TG_EVENT_SEQUENCE, 1, TG_EDGE_BOTTOM, 0, 0) == TG_ERROR_INVALID_ARGUMENT, "a sequence's edge taken");
	CHECK(tg_engine_follow(e, TG_EVENT_SEQUENCE, 1, -1, 0, 0) == 1, "the drawer not followed: %s", tg_last_error());
	hold_on_bottom_edge(e);
	stroke(e, 0.5, 400, 478, 400, 278, 0.3);
	int sequence = -9, began_at_hold = 0;
	n = 0;
	while ((ev = tg_engine_next_event(e)) != NULL) {
		if (tg_event_get_type(ev) != TG_EVENT_FOLLOW)
			continue;
		if (n++ == 0) {
			sequence = tg_event_get_sequence(ev);
			began_at_hold = tg_event_get_phase(ev) == TG_PHASE_BEGAN && fabs(tg_event_get_time(ev) - 0.4) < 0.009 &&
					tg_event_get_progress(ev) == 0;
		}
		last_phase = tg_event_get_phase(ev);
		progress = tg_event_get_progress(ev);
	}
	CHECK(sequence == 1 && began_at_hold, "the followed sequence: %d, began at the hold's end %d", sequence, began_at_hold);
	CHECK(last_phase == TG_PHASE_ENDED && fabs(progress - 40.0 / 15) < 0.01, "the drawer ended in phase %d at progress %.3f",
	      last_phase, progress);
	tg_engine_destroy(e);
}

/* A flick as touchtrace synth's `fling` makes one: from y0, `mm` along y (negative: up) in `steps`
 * frames of `dt` seconds, eased in and out (smootherstep), lifted at its end. */
static void flick(struct tg_engine *e, double t0, double y0, double mm, int steps, double dt)
{
	tg_engine_touch(e, t0, 0, TG_TOUCH_DOWN, 400, y0);
	tg_engine_frame(e);
	for (int i = 1; i <= steps; i++) {
		double f = (double)i / steps, eased = f * f * f * (f * (6 * f - 15) + 10);
		tg_engine_touch(e, t0 + i * dt, 0, i == steps ? TG_TOUCH_UP : TG_TOUCH_MOVE, 400, y0 + 5 * mm * eased);
		tg_engine_frame(e);
	}
}

/* A followed swipe ends at the speed the engine's fling reports at the same lift: 15 mm of a
 * 30 mm threshold, up from the bottom edge and down from the top, flicked in 0.08 s (over the
 * 184 mm/s that completes a gesture short of its threshold: it commits) and in 0.12 s (a fling
 * to the engine, under 184: it cancels). The follower's own estimate said 1.4 mm/s for the
 * first, and cancelled it. */
static void follow_flicks(void)
{
	struct tg_engine *e = panel(NULL);
	CHECK(tg_engine_follow(e, TG_EVENT_SWIPE, TG_DIRECTION_UP, TG_EDGE_BOTTOM, 1, 30) == 1, "the upward request");
	CHECK(tg_engine_follow(e, TG_EVENT_SWIPE, TG_DIRECTION_DOWN, TG_EDGE_TOP, 1, 30) == 2, "the downward request");
	const struct { double y0, mm; int steps; double dt; int fast; } flicks[] = {
		{478, -15, 10, 0.008, 1}, {478, -15, 14, 0.12 / 14, 0}, {2, 15, 10, 0.008, 1}, {2, 15, 14, 0.12 / 14, 0},
	};
	for (int k = 0; k < 4; k++) {
		flick(e, 2.0 * k, flicks[k].y0, flicks[k].mm, flicks[k].steps, flicks[k].dt);
		const struct tg_event *ev;
		double fling = NAN, speed = NAN, progress = NAN;
		int phase = 0;
		while ((ev = tg_engine_next_event(e)) != NULL) {
			if (tg_event_get_type(ev) == TG_EVENT_FLING)
				fling = tg_event_get_speed(ev);
			if (tg_event_get_type(ev) == TG_EVENT_FOLLOW) {
				phase = tg_event_get_phase(ev);
				speed = tg_event_get_speed(ev);
				progress = tg_event_get_progress(ev);
			}
		}
		CHECK(!isnan(fling) && fabs(speed - fling) < 1e-6, "flick %d: the follow's lift speed %.3f, the fling's %.3f mm/s", k, speed, fling);
		CHECK(progress < 1 && (fling >= 184) == flicks[k].fast, "flick %d: progress %.3f, %.1f mm/s", k, progress, fling);
		CHECK(phase == (flicks[k].fast ? TG_PHASE_ENDED : TG_PHASE_CANCELLED), "flick %d (%.1f mm/s) ended in phase %d", k, fling, phase);
	}
	tg_engine_destroy(e);
}

int main(int argc, char **argv)
{
	if (argc == 2)
		CHECK(strcmp(tg_version(), argv[1]) == 0, "tg_version() is %s, the package's is %s", tg_version(), argv[1]);
	refusals();
	gestures();
	list();
	drawing();
	edits();
	follow();
	follow_flicks();
	printf("%d checks, %d failed\n", checks, failures);
	return failures == 0 ? 0 : 1;
}
