/*
 * --replay TRACE: the trace's touches played into a headless touch device, the same path a real
 * device's take (the cursor, the touch path, the app), at the trace's own speed, once the app's
 * window is mapped; then the app is closed and the kiosk exits.
 */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <signal.h>
#include <time.h>
#include <wlr/backend/headless.h>
#include <wlr/types/wlr_input_device.h>
#include <wlr/types/wlr_touch.h>
#include <wlr/types/wlr_xdg_shell.h>
#include "kiosk.h"

/* Where the next touch is read into; false at the end (or at an error, said). */
static bool read_next(struct kiosk *k)
{
	int32_t phase = 0;
	int r = tg_touches_next(k->replay, &k->next_time, &k->next_id, (enum tg_touch_phase *)&phase, &k->next_x, &k->next_y);
	if (r < 0) {
		kiosk_log("%s", tg_last_error());
		k->exit_code = 2;
	}
	k->next_phase = (enum tg_touch_phase)phase;
	k->replay_have_next = r == 1;
	return k->replay_have_next;
}

bool kiosk_replay_open(struct kiosk *k)
{
	k->replay = tg_touches_open(k->replay_path);
	if (k->replay == NULL) {
		kiosk_log("%s", tg_last_error());
		return false;
	}
	double rx, ry;
	tg_touches_get_surface(k->replay, &k->trace_width, &k->trace_height, &rx, &ry);
	k->units_per_mm_x = rx;
	k->units_per_mm_y = ry;
	read_next(k);
	k->replay_base = k->next_time;
	return true;
}

static uint32_t msec_of(struct kiosk *k, double t)
{
	return k->replay_start_msec + (uint32_t)llround((t - k->replay_base) * 1000);
}

/* After the last touch: the app is asked to close once the bindings have nothing due and their
 * commands have ended (for 10 s at most: a command that types into the app needs it there). */
static int close_app(void *data)
{
	struct kiosk *k = data;
	bool due = k->bindings && !isnan(tg_bindings_next_deadline(k->bindings));
	if (due || (k->commands > 0 && k->closing_waits++ < 200)) {
		wl_event_source_timer_update(k->replay_timer, 50);
		return 0;
	}
	kiosk_touch_finish(k);
	k->replay_done = true;
	if (k->view != NULL)
		wlr_xdg_toplevel_send_close(k->view);
	/* An app that does not close when asked is ended. */
	if (k->app > 0)
		kill(k->app, SIGTERM);
	return 0;
}

/* One frame: every touch at the next time, then the device's frame. */
static int play(void *data)
{
	struct kiosk *k = data;
	struct wlr_touch *touch = k->replay_device->touch;
	double t = k->next_time;
	while (k->replay_have_next && k->next_time == t) {
		uint32_t msec = msec_of(k, k->next_time);
		if (k->replay_times != NULL) {
			struct timespec now;
			clock_gettime(CLOCK_MONOTONIC, &now);
			fprintf(k->replay_times, "%lld\n", (long long)now.tv_sec * 1000000000LL + now.tv_nsec);
		}
		double x = k->next_x / k->trace_width, y = k->next_y / k->trace_height;
		switch (k->next_phase) {
		case TG_TOUCH_DOWN: {
			struct wlr_event_touch_down e = { k->replay_device, msec, k->next_id, x, y };
			wl_signal_emit(&touch->events.down, &e);
			break;
		}
		case TG_TOUCH_MOVE: {
			struct wlr_event_touch_motion e = { k->replay_device, msec, k->next_id, x, y };
			wl_signal_emit(&touch->events.motion, &e);
			break;
		}
		case TG_TOUCH_UP: {
			struct wlr_event_touch_up e = { k->replay_device, msec, k->next_id };
			wl_signal_emit(&touch->events.up, &e);
			break;
		}
		case TG_TOUCH_CANCEL: {
			struct wlr_event_touch_cancel e = { k->replay_device, msec, k->next_id };
			wl_signal_emit(&touch->events.cancel, &e);
			break;
		}
		}
		read_next(k);
	}
	wl_signal_emit(&touch->events.frame, NULL);
	if (!k->replay_have_next) {
		wl_event_source_remove(k->replay_timer);
		k->replay_timer = wl_event_loop_add_timer(k->loop, close_app, k);
		wl_event_source_timer_update(k->replay_timer, 100);
		return 0;
	}
	int64_t wait = (int64_t)msec_of(k, k->next_time) - (int64_t)kiosk_now_msec();
	wl_event_source_timer_update(k->replay_timer, wait < 1 ? 1 : (int)wait);
	return 0;
}

/* The app's window is mapped: the first touch 200 ms from now (its first frame drawn). */
void kiosk_replay_start(struct kiosk *k)
{
	if (k->replay_timer != NULL || k->replay == NULL)
		return;
	k->replay_start_msec = kiosk_now_msec() + 200;
	/* Before any touch: the bindings' clock then reads as the trace's. */
	k->epoch = k->replay_start_msec / 1000.0;
	k->replay_timer = wl_event_loop_add_timer(k->loop, k->replay_have_next ? play : close_app, k);
	wl_event_source_timer_update(k->replay_timer, 200);
}
