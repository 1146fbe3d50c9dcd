/*
 * The touch path of touch-kiosk: what a compositor needs to decide gestures inside itself with
 * libtouchgestures. Copy it; the rest of the kiosk is an ordinary wlroots compositor.
 *
 *  1. Every touch goes to the app under it at once, unchanged: nothing waits for a decision.
 *  2. The same touch is fed to the bindings (tg_bindings_touch, then tg_bindings_frame on the
 *     device's frame).
 *  3. When a binding claims the touch sequence (TG_ACTION_CLAIM), the app gets wl_touch.cancel,
 *     and a seat grab that swallows everything keeps the rest of the sequence from it (its
 *     moves and lifts, and fingers that go down later), until the last finger lifts.
 *  4. The bindings' deadlines (a double tap's window, a long press) run on a timer of the
 *     compositor's event loop: tg_bindings_next_deadline, tg_bindings_advance.
 */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <wlr/types/wlr_cursor.h>
#include <wlr/types/wlr_output_layout.h>
#include <wlr/types/wlr_scene.h>
#include <wlr/types/wlr_seat.h>
#include <wlr/types/wlr_touch.h>
#include <wlr/util/box.h>
#include "kiosk.h"

/* The seat grab of a claimed sequence: wlroots still tracks its touch points (so that their
 * lifts free them), and the app hears nothing: a down is refused (0), the rest is dropped. */
static uint32_t swallow_down(struct wlr_seat_touch_grab *grab, uint32_t time, struct wlr_touch_point *point) { return 0; }
static void swallow_point(struct wlr_seat_touch_grab *grab, uint32_t time, struct wlr_touch_point *point) {}
static void swallow_frame(struct wlr_seat_touch_grab *grab) {}
static void swallow_cancel(struct wlr_seat_touch_grab *grab) {}
static void swallow_wl_cancel(struct wlr_seat_touch_grab *grab, struct wlr_surface *surface) {}
static const struct wlr_touch_grab_interface swallow = {
	.down = swallow_down, .up = swallow_point, .motion = swallow_point, .enter = swallow_point,
	.frame = swallow_frame, .cancel = swallow_cancel, .wl_cancel = swallow_wl_cancel,
};
static struct wlr_seat_touch_grab swallow_grab = { .interface = &swallow };

/* A device's point (0–1 of the panel) in layout coordinates: turned as [input] rotate says,
 * then spread over the output. */
static void to_layout(struct kiosk *k, double x, double y, double *lx, double *ly)
{
	double tx = x, ty = y;
	switch (k->rotation) {
	case 90: tx = 1 - y; ty = x; break;
	case 180: tx = 1 - x; ty = 1 - y; break;
	case 270: tx = y; ty = 1 - x; break;
	}
	struct wlr_box *box = wlr_output_layout_get_box(k->layout, k->output);
	*lx = box->x + tx * box->width;
	*ly = box->y + ty * box->height;
}

/* The surface under a layout point, and the point in its coordinates; NULL over nothing. */
static struct wlr_surface *surface_at(struct kiosk *k, double lx, double ly, double *sx, double *sy)
{
	struct wlr_scene_node *node = wlr_scene_node_at(&k->scene->node, lx, ly, sx, sy);
	if (node == NULL || node->type != WLR_SCENE_NODE_SURFACE)
		return NULL;
	return wlr_scene_surface_from_node(node)->surface;
}

static struct kiosk_touch *find(struct kiosk *k, int32_t id)
{
	for (int i = 0; i < KIOSK_TOUCHES; i++)
		if (k->touches[i].down && k->touches[i].id == id)
			return &k->touches[i];
	return NULL;
}

static void feed(struct kiosk *k, uint32_t msec, int32_t id, enum tg_touch_phase phase, double lx, double ly)
{
	k->last_msec = msec;
	/* The bindings' clock: seconds since the kiosk's epoch (its start, or a replay's first
	 * touch), so that their times, their explanations and a saved trace's read as the log's. */
	if (k->bindings && tg_bindings_touch(k->bindings, msec / 1000.0 - k->epoch, id, phase, lx, ly) != TG_OK)
		kiosk_log("touch %d: %s", id, tg_last_error());
}

static void handle_down(struct wl_listener *listener, void *data)
{
	struct kiosk *k = wl_container_of(listener, k, touch_down);
	struct wlr_event_touch_down *e = data;
	struct kiosk_touch *t = NULL;
	for (int i = 0; i < KIOSK_TOUCHES && t == NULL; i++)
		if (!k->touches[i].down)
			t = &k->touches[i];
	double lx, ly, sx, sy;
	to_layout(k, e->x, e->y, &lx, &ly);
	struct wlr_surface *surface = surface_at(k, lx, ly, &sx, &sy);
	/* 1. The app, at once (while a sequence is claimed, the grab refuses the down). */
	bool app = surface != NULL && wlr_seat_touch_notify_down(k->seat, surface, e->time_msec, e->touch_id, sx, sy) != 0;
	if (t == NULL)
		return;
	*t = (struct kiosk_touch){ .down = true, .id = e->touch_id, .lx = lx, .ly = ly, .app_has_it = app };
	/* 2. The bindings. */
	feed(k, e->time_msec, e->touch_id, TG_TOUCH_DOWN, lx, ly);
}

static void handle_motion(struct wl_listener *listener, void *data)
{
	struct kiosk *k = wl_container_of(listener, k, touch_motion);
	struct wlr_event_touch_motion *e = data;
	double lx, ly, sx, sy;
	to_layout(k, e->x, e->y, &lx, &ly);
	struct kiosk_touch *t = find(k, e->touch_id);
	struct wlr_touch_point *point = wlr_seat_touch_get_point(k->seat, e->touch_id);
	if (point != NULL) {
		/* In the coordinates of the surface it went down on (a grab, or nothing, drops it). */
		struct wlr_surface *under = surface_at(k, lx, ly, &sx, &sy);
		if (under != point->surface) {
			sx = point->sx + (lx - (t ? t->lx : lx));
			sy = point->sy + (ly - (t ? t->ly : ly));
		}
		wlr_seat_touch_notify_motion(k->seat, e->time_msec, e->touch_id, sx, sy);
	}
	if (t == NULL)
		return;
	t->lx = lx;
	t->ly = ly;
	feed(k, e->time_msec, e->touch_id, TG_TOUCH_MOVE, lx, ly);
}

static void handle_up(struct wl_listener *listener, void *data)
{
	struct kiosk *k = wl_container_of(listener, k, touch_up);
	struct wlr_event_touch_up *e = data;
	/* The seat forgets the point; the app hears the lift unless the grab swallows it. */
	wlr_seat_touch_notify_up(k->seat, e->time_msec, e->touch_id);
	struct kiosk_touch *t = find(k, e->touch_id);
	if (t == NULL)
		return;
	t->down = false;
	feed(k, e->time_msec, e->touch_id, TG_TOUCH_UP, t->lx, t->ly);
}

static void handle_cancel(struct wl_listener *listener, void *data)
{
	struct kiosk *k = wl_container_of(listener, k, touch_cancel);
	struct wlr_event_touch_cancel *e = data;
	struct wlr_touch_point *point = wlr_seat_touch_get_point(k->seat, e->touch_id);
	if (point != NULL && point->surface != NULL)
		wlr_seat_touch_notify_cancel(k->seat, point->surface);
	struct kiosk_touch *t = find(k, e->touch_id);
	if (t == NULL)
		return;
	t->down = false;
	feed(k, e->time_msec, e->touch_id, TG_TOUCH_CANCEL, t->lx, t->ly);
}

/* A binding claims the sequence: every surface of the app that has one of its points gets
 * wl_touch.cancel (wlroots 0.15.1 then forgets those points, and the client all its touches),
 * and the grab refuses the fingers that go down after, until the last one lifts. The surfaces
 * are gathered first: a cancel changes the seat's list of points. */
static void claim(struct kiosk *k)
{
	struct wlr_touch_point *point;
	struct wlr_surface *surfaces[KIOSK_TOUCHES];
	int n = 0;
	wl_list_for_each(point, &k->seat->touch_state.touch_points, link) {
		bool seen = false;
		for (int i = 0; i < n; i++)
			seen = seen || surfaces[i] == point->surface;
		if (point->surface != NULL && !seen && n < KIOSK_TOUCHES)
			surfaces[n++] = point->surface;
	}
	for (int i = 0; i < n; i++)
		wlr_seat_touch_notify_cancel(k->seat, surfaces[i]);
	if (!k->grabbing) {
		swallow_grab.seat = k->seat;
		wlr_seat_touch_start_grab(k->seat, &swallow_grab);
		k->grabbing = true;
	}
	k->claimed = true;
}

/* What the bindings decided: claims, commands, streams, traces, explanations. */
static void act(struct kiosk *k)
{
	const struct tg_action *a;
	while ((a = tg_bindings_next_action(k->bindings)) != NULL) {
		switch (tg_action_get_type(a)) {
		case TG_ACTION_CLAIM:
			claim(k);
			kiosk_log("%.3f s: %s claims the touch (%s): the app gets cancel", tg_action_get_time(a),
				  tg_action_get_origin(a), tg_action_get_reason(a));
			break;
		case TG_ACTION_LET_GO:
			if (k->verbose)
				kiosk_log("%.3f s: the touch stays the app's", tg_action_get_time(a));
			break;
		case TG_ACTION_RUN:
			kiosk_log("%.3f s: %s → %s", tg_action_get_time(a), tg_action_get_reason(a), tg_action_get_command(a));
			kiosk_run(k, tg_action_get_argv(a), tg_action_get_origin(a));
			break;
		case TG_ACTION_STREAM:
			kiosk_stream(k, a);
			break;
		case TG_ACTION_SAVE_TRACE:
			kiosk_save_trace(k);
			break;
		case TG_ACTION_EXPLAIN:
			kiosk_log("explain %s", tg_action_get_line(a));
			break;
		default:
			break;
		}
	}
}

/* The timer for the bindings' next deadline, on the kiosk's clock (milliseconds). */
static void arm(struct kiosk *k)
{
	double due = tg_bindings_next_deadline(k->bindings);
	if (isnan(due)) {
		wl_event_source_timer_update(k->deadline, 0);
		return;
	}
	double wait = (due + k->epoch) * 1000 - (double)kiosk_now_msec();
	wl_event_source_timer_update(k->deadline, wait < 1 ? 1 : (int)ceil(wait));
}

static int handle_deadline(void *data)
{
	struct kiosk *k = data;
	double due = tg_bindings_next_deadline(k->bindings);
	if (!isnan(due)) {
		/* Not before the last touch's time: the clock's milliseconds and the touches' agree. */
		double now = kiosk_now_msec() / 1000.0 - k->epoch;
		if (now < due)
			now = due;
		if (tg_bindings_advance(k->bindings, now) != TG_OK)
			kiosk_log("advance: %s", tg_last_error());
		act(k);
	}
	arm(k);
	return 0;
}

static void handle_frame(struct wl_listener *listener, void *data)
{
	struct kiosk *k = wl_container_of(listener, k, touch_frame);
	wlr_seat_touch_notify_frame(k->seat);
	/* The app's events leave now, before the bindings decide: deciding adds nothing to what
	 * the app waits for (the event loop would flush them only after this handler). */
	wl_display_flush_clients(k->display);
	if (k->bindings) {
		if (tg_bindings_frame(k->bindings) != TG_OK)
			kiosk_log("frame: %s", tg_last_error());
		act(k);
		arm(k);
	}
	/* The sequence is over when no finger is down: the grab ends, the next touch is the app's. */
	bool any = false;
	for (int i = 0; i < KIOSK_TOUCHES; i++)
		any = any || k->touches[i].down;
	if (!any) {
		if (k->grabbing)
			wlr_seat_touch_end_grab(k->seat);
		k->grabbing = false;
		k->claimed = false;
	}
}

void kiosk_touch_init(struct kiosk *k)
{
	k->touch_down.notify = handle_down;
	wl_signal_add(&k->cursor->events.touch_down, &k->touch_down);
	k->touch_motion.notify = handle_motion;
	wl_signal_add(&k->cursor->events.touch_motion, &k->touch_motion);
	k->touch_up.notify = handle_up;
	wl_signal_add(&k->cursor->events.touch_up, &k->touch_up);
	k->touch_cancel.notify = handle_cancel;
	wl_signal_add(&k->cursor->events.touch_cancel, &k->touch_cancel);
	k->touch_frame.notify = handle_frame;
	wl_signal_add(&k->cursor->events.touch_frame, &k->touch_frame);
	k->deadline = wl_event_loop_add_timer(k->loop, handle_deadline, k);
}

/* The end: fingers still down are cancelled, deadlines fire, and what they decide is done. */
void kiosk_touch_finish(struct kiosk *k)
{
	if (k->bindings == NULL)
		return;
	tg_bindings_finish(k->bindings);
	act(k);
}
