/*
 * bindings: the C API's tg_bindings (the daemon's bindings inside a host) asserted from the
 * rules in touchgestures.h, run by tools/c-api-test against the installed library. Prints one
 * line per failed check and exits 1 if any failed.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <touchgestures.h>

#include "check.h"

/* An edge swipe up from the bottom, streamed; a swipe left run through the shell; a long press
 * of two fingers. The panel is 800 x 480 at 5 units a mm. */
static const char *config =
	"[[binding]]\n"
	"gesture = \"swipe\"\n"
	"direction = \"up\"\n"
	"edge = \"bottom\"\n"
	"stream = true\n"
	"command = [\"drawer\", \"--follow\"]\n"
	"\n"
	"[[binding]]\n"
	"gesture = \"swipe\"\n"
	"direction = \"left\"\n"
	"shell = \"echo back > /dev/null; true\"\n"
	"\n"
	"[[binding]]\n"
	"gesture = \"longPress\"\n"
	"fingers = 2\n"
	"command = [\"menu\"]\n";

/* A one-finger stroke in 8 ms frames; counts the actions of each type into `count`, and the
 * frame at which the sequence was first claimed into `claimed_at` (-1: never). */
static void stroke(struct tg_bindings *b, double t0, double x0, double y0, double x1, double y1, int steps,
		   int count[8], int *claimed_at)
{
	*claimed_at = -1;
	for (int i = 0; i <= steps + 1; i++) {
		double f = i > steps ? 1 : (double)i / steps;
		enum tg_touch_phase phase = i == 0 ? TG_TOUCH_DOWN : i > steps ? TG_TOUCH_UP : TG_TOUCH_MOVE;
		double t = t0 + (i > steps ? steps : i) * 0.008;
		CHECK(tg_bindings_touch(b, t, 7, phase, x0 + (x1 - x0) * f, y0 + (y1 - y0) * f) == TG_OK, "%s", tg_last_error());
		CHECK(tg_bindings_frame(b) == TG_OK, "%s", tg_last_error());
		if (*claimed_at < 0 && tg_bindings_is_claimed(b))
			*claimed_at = i;
		const struct tg_action *a;
		while ((a = tg_bindings_next_action(b)) != NULL) {
			int type = tg_action_get_type(a);
			if (type >= 0 && type < 8)
				count[type]++;
			if (type == TG_ACTION_STREAM && tg_action_get_stream_event(a) == TG_STREAM_BEGIN) {
				const char *const *argv = tg_action_get_argv(a);
				CHECK(argv != NULL && strcmp(argv[0], "drawer") == 0 && strcmp(argv[1], "--follow") == 0 && argv[2] == NULL,
				      "the stream's argv");
				CHECK(strncmp(tg_action_get_line(a), "begin ", 6) == 0, "the first line: %s", tg_action_get_line(a));
			}
			if (type == TG_ACTION_RUN) {
				const char *const *argv = tg_action_get_argv(a);
				/* Not plain words (a redirection, a semicolon): the shell runs it. */
				CHECK(argv != NULL && strcmp(argv[0], "/bin/sh") == 0 && strcmp(argv[1], "-c") == 0 &&
				      strcmp(argv[2], "echo back > /dev/null; true") == 0 && argv[3] == NULL, "the run's argv");
				CHECK(strcmp(tg_action_get_origin(a), "kiosk.toml:8") == 0, "origin %s", tg_action_get_origin(a));
				CHECK(contains(tg_action_get_reason(a), "swipe left"), "reason %s", tg_action_get_reason(a));
				CHECK(tg_action_get_stream_event(a) == TG_STREAM_NONE, "a run is no stream's");
			}
		}
	}
}

int main(void)
{
	struct tg_bindings *b = tg_bindings_new(config, "kiosk.toml", 800, 480, 5, 5, -1);
	if (b == NULL) {
		printf("FAIL: tg_bindings_new: %s\n", tg_last_error());
		return 1;
	}
	CHECK(tg_bindings_get_rotation(b) == 0, "no [input] rotate is 0");

	/* The edge swipe: claimed as it begins to stream (at the touch slop), its lines to the commit. */
	int count[8] = {0}, claimed_at;
	stroke(b, 0, 400, 478, 400, 278, 40, count, &claimed_at);
	CHECK(count[TG_ACTION_CLAIM] == 1 && count[TG_ACTION_STREAM] >= 3 && count[TG_ACTION_RUN] == 0 && count[TG_ACTION_LET_GO] == 0,
	      "claims %d, stream lines %d, runs %d, let go %d", count[TG_ACTION_CLAIM], count[TG_ACTION_STREAM], count[TG_ACTION_RUN],
	      count[TG_ACTION_LET_GO]);
	CHECK(claimed_at > 0 && claimed_at < 41, "claimed at frame %d", claimed_at);
	CHECK(!tg_bindings_is_claimed(b), "claimed after the lift");

	/* A swipe left in the middle: claimed at 12 mm (60 units, frame 12), run at the lift. */
	memset(count, 0, sizeof count);
	stroke(b, 1, 600, 240, 300, 240, 40, count, &claimed_at);
	CHECK(count[TG_ACTION_CLAIM] == 1 && count[TG_ACTION_RUN] == 1, "claims %d, runs %d", count[TG_ACTION_CLAIM], count[TG_ACTION_RUN]);
	CHECK(claimed_at >= 8 && claimed_at <= 9, "the swipe left was claimed at frame %d, not at 12 mm (frame 8: 7.5 units a frame)",
	      claimed_at);

	/* A scroll down: nothing binds it, it is let go at its lift. */
	memset(count, 0, sizeof count);
	stroke(b, 2, 400, 100, 400, 300, 40, count, &claimed_at);
	CHECK(count[TG_ACTION_LET_GO] == 1 && count[TG_ACTION_CLAIM] == 0 && count[TG_ACTION_RUN] == 0 && claimed_at == -1, "scroll");

	/* Two fingers held: the long press is due at 0.5 s; advanced to, it claims, then runs. */
	CHECK(tg_bindings_touch(b, 3, 1, TG_TOUCH_DOWN, 300, 240) == TG_OK && tg_bindings_touch(b, 3, 2, TG_TOUCH_DOWN, 500, 240) == TG_OK,
	      "%s", tg_last_error());
	tg_bindings_frame(b);
	while (tg_bindings_next_action(b) != NULL) {}
	double due = tg_bindings_next_deadline(b);
	CHECK(fabs(due - 3.5) < 1e-9, "the long press is due at %g, not 3.5", due);
	CHECK(tg_bindings_advance(b, due) == TG_OK, "%s", tg_last_error());
	const struct tg_action *claim = tg_bindings_next_action(b);
	const struct tg_action *run = tg_bindings_next_action(b);
	CHECK(tg_action_get_type(claim) == TG_ACTION_CLAIM && tg_action_get_type(run) == TG_ACTION_RUN, "long press actions");
	CHECK(tg_action_get_time(claim) == due && strcmp(tg_action_get_command(run), "menu") == 0, "the long press's run");
	/* Both valid until the next call that feeds the bindings. */
	CHECK(strcmp(tg_action_get_command(claim), "menu") == 0, "a claim names its binding's command");
	CHECK(tg_bindings_is_claimed(b), "the held fingers' sequence is claimed");
	CHECK(tg_bindings_next_action(b) == NULL, "one claim and one run");
	CHECK(tg_bindings_finish(b) == TG_OK, "%s", tg_last_error());

	/* The recent touches, as a trace the daemon replays. */
	size_t length = 0;
	const char *trace = tg_bindings_recent_trace(b, &length);
	CHECK(trace != NULL && length == strlen(trace) && contains(trace, "\"touch-gestured\"") && contains(trace, "kiosk.toml"),
	      "the recent trace");

	/* Explaining: a line for a touch that ran nothing. */
	CHECK(tg_bindings_set_explain(b, 1) == TG_OK, "%s", tg_last_error());
	memset(count, 0, sizeof count);
	stroke(b, 10, 400, 100, 400, 300, 40, count, &claimed_at);
	CHECK(count[TG_ACTION_EXPLAIN] >= 1, "no explanation of a scroll that ran nothing");

	/* Refusals: a handle of another kind, NULL, a bad file; accessors of NULL. */
	struct tg_engine *e = tg_engine_new(800, 480, 5, 5, 0, NULL);
	CHECK(tg_bindings_touch((struct tg_bindings *)e, 0, 0, TG_TOUCH_DOWN, 1, 1) == TG_ERROR_INVALID_ARGUMENT &&
	      contains(tg_last_error(), "is not a struct tg_bindings *"), "%s", tg_last_error());
	tg_engine_destroy(e);
	CHECK(tg_bindings_frame(NULL) == TG_ERROR_INVALID_ARGUMENT, "NULL frame");
	CHECK(tg_bindings_next_action(NULL) == NULL && tg_bindings_is_claimed(NULL) == 0 && isnan(tg_bindings_next_deadline(NULL)), "NULL");
	CHECK(tg_action_get_type(NULL) == TG_ACTION_NONE && tg_action_get_argv(NULL) == NULL && isnan(tg_action_get_time(NULL)) &&
	      strcmp(tg_action_get_command(NULL), "") == 0 && strcmp(tg_action_get_line(NULL), "") == 0, "NULL action");
	CHECK(tg_bindings_new("[[binding]]\ngesture = \"swipe\"\ncommand = 3\n", "bad.toml", 800, 480, 5, 5, 0) == NULL &&
	      tg_last_status() == TG_ERROR_BAD_INPUT && contains(tg_last_error(), "bad.toml:3:"), "%s", tg_last_error());
	char path[] = "/tmp/tg-bindings-XXXXXX";
	int fd = mkstemp(path);
	CHECK(fd >= 0 && write(fd, config, strlen(config)) == (ssize_t)strlen(config), "a scratch file");
	close(fd);
	struct tg_bindings *opened = tg_bindings_open(path, 800, 480, 5, 5, 90);
	CHECK(opened != NULL, "%s", tg_last_error());
	tg_bindings_destroy(opened);
	unlink(path);
	CHECK(tg_bindings_open(path, 800, 480, 5, 5, 0) == NULL && contains(tg_last_error(), path), "%s", tg_last_error());
	tg_bindings_destroy(b);
	tg_bindings_destroy(NULL);

	/* A trace's touches, as a host plays them into its own input path (run from the checkout). */
	struct tg_touches *touches = tg_touches_open("traces/edge-swipe-from-bottom.json");
	CHECK(touches != NULL, "%s", tg_last_error());
	double w = 0, h = 0, rx = 0, ry = 0, t, x, y, first_y = 0;
	CHECK(tg_touches_get_surface(touches, &w, &h, &rx, &ry) == TG_OK && w == 800 && h == 480 && rx == 5 && ry == 5,
	      "surface %g x %g at %g, %g", w, h, rx, ry);
	int32_t id;
	enum tg_touch_phase phase;
	int n = 0, downs = 0, ups = 0, r;
	while ((r = tg_touches_next(touches, &t, &id, &phase, &x, &y)) == 1) {
		if (n++ == 0)
			first_y = y;
		downs += phase == TG_TOUCH_DOWN;
		ups += phase == TG_TOUCH_UP;
	}
	/* The trace's 25 events: a touch-down at y = 478, 23 moves, a lift. */
	CHECK(r == 0 && n == 25 && downs == 1 && ups == 1 && first_y == 478, "%d touches, %d down, %d up, r %d", n, downs, ups, r);
	CHECK(tg_touches_next(touches, NULL, NULL, NULL, NULL, NULL) == 0, "past the end");
	tg_touches_destroy(touches);
	CHECK(tg_touches_open("traces") == NULL && tg_last_status() == TG_ERROR_BAD_INPUT && contains(tg_last_error(), "tg_touches_open: traces is not a regular file"),
	      "%s", tg_last_error());
	CHECK(tg_touches_open(NULL) == NULL && tg_last_status() == TG_ERROR_INVALID_ARGUMENT && contains(tg_last_error(), "tg_touches_open: path is NULL"),
	      "%s", tg_last_error());
	CHECK(tg_touches_open("-") == NULL && contains(tg_last_error(), "./-"), "tg_touches_open(\"-\"): %s", tg_last_error());
	CHECK(tg_touches_next(NULL, NULL, NULL, NULL, NULL, NULL) == TG_ERROR_INVALID_ARGUMENT, "NULL touches");

	printf("bindings: %d checks, %d failed\n", checks, failures);
	return failures ? 1 : 0;
}
