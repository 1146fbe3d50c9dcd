/*
 * touch-kiosk: one Wayland app full screen, as Cage runs it, with touch-gestured's bindings
 * decided inside the compositor (libtouchgestures' tg_bindings). Every touch goes to the app at
 * once; a touch sequence a binding claims is taken back from the app (wl_touch.cancel) and its
 * binding runs. touch.c is the touch path, short and commented, to copy into another compositor.
 */
#ifndef TOUCH_KIOSK_H
#define TOUCH_KIOSK_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/types.h>
#include <wayland-server-core.h>
#include <touchgestures.h>

struct wlr_input_device;
struct wlr_output;
struct wlr_surface;
struct wlr_xdg_surface;

/* The most touches a kiosk follows at once: a touch id past them is given to the app alone. */
#define KIOSK_TOUCHES 16

/* One touch point as the kiosk follows it (touch.c). */
struct kiosk_touch {
	bool down;
	int32_t id;
	/* Where it was last, in layout coordinates (an up carries no position). */
	double lx, ly;
	/* Whether the app was told of it (it went down on the app's surface, unclaimed). */
	bool app_has_it;
};

struct kiosk {
	struct wl_display *display;
	struct wl_event_loop *loop;
	struct wlr_backend *backend;
	struct wlr_renderer *renderer;
	struct wlr_allocator *allocator;
	struct wlr_scene *scene;
	struct wlr_output_layout *layout;
	struct wlr_seat *seat;
	struct wlr_cursor *cursor;
	struct wlr_xdg_shell *xdg_shell;

	struct wlr_output *output;		/* the one output the app fills */
	struct wlr_scene_output *scene_output;
	struct wlr_xdg_surface *view;		/* the app's toplevel, once it has one */
	bool view_mapped;

	struct wl_listener new_output, output_frame, output_destroy;
	struct wl_listener new_input, new_xdg_surface;
	struct wl_listener view_map, view_unmap, view_destroy;
	struct wl_listener touch_down, touch_up, touch_motion, touch_cancel, touch_frame;
	struct wl_listener new_virtual_keyboard;
	struct wlr_input_device *keyboard;	/* the last keyboard that came */

	/* Gestures: NULL without -c (every touch is the app's). */
	struct tg_bindings *bindings;
	int rotation;			/* [input] rotate: the output's transform and the touches' turn */
	double units_per_mm_x, units_per_mm_y;
	bool explain, verbose;
	struct kiosk_touch touches[KIOSK_TOUCHES];
	bool claimed;			/* the sequence under way is the bindings': the app gets nothing of it */
	bool grabbing;			/* the seat's touch grab that swallows a claimed sequence is on */
	struct wl_event_source *deadline;	/* tg_bindings_next_deadline's timer */
	uint32_t last_msec;
	double epoch;			/* seconds the log's times count from: the start, or a replay's first touch */
	const char *config_path;
	char *state_folder;		/* where save-trace writes */

	/* The app. */
	pid_t app;
	int app_status;
	bool app_exited;
	int exit_code;

	int commands;			/* the bindings' commands still running */

	/* Streams: the one streaming binding's command, its standard input. */
	pid_t stream_pid;
	int stream_fd;

	/* --replay */
	const char *replay_path;
	FILE *replay_times;		/* --replay-times: when each touch was raised, ns of CLOCK_MONOTONIC */
	struct tg_touches *replay;
	struct wlr_input_device *replay_device;
	struct wl_event_source *replay_timer;
	double replay_base;		/* the trace's first time */
	uint32_t replay_start_msec;	/* the clock's time when it began */
	bool replay_have_next;
	double next_time, next_x, next_y;
	int32_t next_id;
	enum tg_touch_phase next_phase;
	double trace_width, trace_height;
	bool replay_done;		/* the last touch was played and the app asked to close */
	int closing_waits;		/* how many times the app's closing waited for commands */
};

/* touch.c */
void kiosk_touch_init(struct kiosk *k);
void kiosk_touch_finish(struct kiosk *k);

/* commands.c */
void kiosk_run(struct kiosk *k, const char *const *argv, const char *origin);
void kiosk_stream(struct kiosk *k, const struct tg_action *a);
void kiosk_save_trace(struct kiosk *k);
void kiosk_reap(struct kiosk *k);
pid_t kiosk_spawn(const char *const *argv, int stdin_fd, bool new_session);
uint32_t kiosk_now_msec(void);
void kiosk_log(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* replay.c */
bool kiosk_replay_open(struct kiosk *k);
void kiosk_replay_start(struct kiosk *k);

#endif
