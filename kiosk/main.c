/*
 * touch-kiosk [-c GESTURES.toml] [--explain] [-v] [--replay TRACE] -- APP [ARGS…]
 *
 * Cage's job (one app, full screen, on the first output) with touch-gestured's bindings decided
 * in the compositor: touch.c. Everything else here is the smallest wlroots 0.15 compositor that
 * does that job: an output, xdg-shell windows in a scene, a seat with touch and keyboards.
 */
#define _POSIX_C_SOURCE 200809L
#include <getopt.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include <wlr/backend.h>
#include <wlr/backend/headless.h>
#include <wlr/backend/multi.h>
#include <wlr/render/allocator.h>
#include <wlr/render/wlr_renderer.h>
#include <wlr/types/wlr_compositor.h>
#include <wlr/types/wlr_cursor.h>
#include <wlr/types/wlr_data_device.h>
#include <wlr/types/wlr_input_device.h>
#include <wlr/types/wlr_keyboard.h>
#include <wlr/types/wlr_output.h>
#include <wlr/types/wlr_output_layout.h>
#include <wlr/types/wlr_scene.h>
#include <wlr/types/wlr_seat.h>
#include <wlr/types/wlr_virtual_keyboard_v1.h>
#include <wlr/types/wlr_xdg_shell.h>
#include <wlr/util/log.h>
#include <xkbcommon/xkbcommon.h>
#include "kiosk.h"

static const char usage[] =
	"usage: touch-kiosk [-c GESTURES.toml] [--explain] [-v] [--replay TRACE] -- APP [ARGS...]\n"
	"\n"
	"Runs APP full screen on the first output, as Cage does, with touch-gestured's bindings:\n"
	"every touch goes to APP at once; a touch a binding claims is taken back from it\n"
	"(wl_touch.cancel) and the binding runs. Without -c, every touch is APP's.\n"
	"\n"
	"  -c, --config FILE   touch-gestured's configuration ([[binding]], [settings], [input] rotate)\n"
	"      --explain       log why each touch ran what it ran, or nothing\n"
	"  -v, --verbose       also log each touch sequence left to the app, and wlroots' messages\n"
	"      --replay TRACE  play TRACE's touches into a headless touch device once APP's window\n"
	"                      is mapped, at its own speed; then close APP and exit 0\n"
	"      --replay-times FILE  with --replay, write when each touch was raised (nanoseconds of\n"
	"                      CLOCK_MONOTONIC, a line each): for measuring what reaches the app when\n"
	"  -h, --help          this text\n"
	"      --version       the version\n"
	"\n"
	"Exit status: APP's, 0 after a replay, 1 when the compositor cannot start or the app ends\n"
	"before the replay does, 2 for a bad command line, configuration or trace.\n";

/* ---- outputs: the first one, the app's */

static void handle_output_frame(struct wl_listener *listener, void *data)
{
	struct kiosk *k = wl_container_of(listener, k, output_frame);
	wlr_scene_output_commit(k->scene_output);
	struct timespec now;
	clock_gettime(CLOCK_MONOTONIC, &now);
	wlr_scene_output_send_frame_done(k->scene_output, &now);
}

static void handle_output_destroy(struct wl_listener *listener, void *data)
{
	struct kiosk *k = wl_container_of(listener, k, output_destroy);
	wl_list_remove(&k->output_frame.link);
	wl_list_remove(&k->output_destroy.link);
	k->output = NULL;
	wl_display_terminate(k->display);
}

static const enum wl_output_transform transforms[4] = {
	WL_OUTPUT_TRANSFORM_NORMAL, WL_OUTPUT_TRANSFORM_90, WL_OUTPUT_TRANSFORM_180, WL_OUTPUT_TRANSFORM_270 };

static void handle_new_output(struct wl_listener *listener, void *data)
{
	struct kiosk *k = wl_container_of(listener, k, new_output);
	struct wlr_output *output = data;
	if (k->output != NULL)
		return;	/* one app, one output, as Cage's default */
	wlr_output_init_render(output, k->allocator, k->renderer);
	if (k->replay != NULL && wlr_output_is_headless(output)) {
		/* The trace's surface, pixel for pixel. */
		wlr_output_set_custom_mode(output, (int)(k->trace_width + 0.5), (int)(k->trace_height + 0.5), 0);
	} else {
		struct wlr_output_mode *mode = wlr_output_preferred_mode(output);
		if (mode != NULL)
			wlr_output_set_mode(output, mode);
	}
	wlr_output_set_transform(output, transforms[k->rotation / 90]);
	wlr_output_enable(output, true);
	if (!wlr_output_commit(output)) {
		kiosk_log("cannot enable output %s", output->name);
		return;
	}
	k->output = output;
	k->output_frame.notify = handle_output_frame;
	wl_signal_add(&output->events.frame, &k->output_frame);
	k->output_destroy.notify = handle_output_destroy;
	wl_signal_add(&output->events.destroy, &k->output_destroy);
	wlr_output_layout_add_auto(k->layout, output);
	k->scene_output = wlr_scene_get_scene_output(k->scene, output);
	if (k->scene_output == NULL)
		k->scene_output = wlr_scene_output_create(k->scene, output);
}

/* ---- windows: every toplevel fills the output, the newest on top */

static void fill_output(struct kiosk *k, struct wlr_xdg_surface *xdg)
{
	int width = 0, height = 0;
	if (k->output != NULL)
		wlr_output_effective_resolution(k->output, &width, &height);
	wlr_xdg_toplevel_set_size(xdg, (uint32_t)width, (uint32_t)height);
	wlr_xdg_toplevel_set_fullscreen(xdg, true);
	wlr_xdg_toplevel_set_activated(xdg, true);
}

static void handle_view_map(struct wl_listener *listener, void *data)
{
	struct kiosk *k = wl_container_of(listener, k, view_map);
	k->view_mapped = true;
	struct wlr_keyboard *keyboard = wlr_seat_get_keyboard(k->seat);
	if (keyboard != NULL)
		wlr_seat_keyboard_notify_enter(k->seat, k->view->surface, keyboard->keycodes, keyboard->num_keycodes, &keyboard->modifiers);
	kiosk_replay_start(k);
}

static void handle_view_unmap(struct wl_listener *listener, void *data)
{
	struct kiosk *k = wl_container_of(listener, k, view_unmap);
	k->view_mapped = false;
}

static void handle_view_destroy(struct wl_listener *listener, void *data)
{
	struct kiosk *k = wl_container_of(listener, k, view_destroy);
	wl_list_remove(&k->view_map.link);
	wl_list_remove(&k->view_unmap.link);
	wl_list_remove(&k->view_destroy.link);
	k->view = NULL;
}

static void handle_new_xdg_surface(struct wl_listener *listener, void *data)
{
	struct kiosk *k = wl_container_of(listener, k, new_xdg_surface);
	struct wlr_xdg_surface *xdg = data;
	if (xdg->role == WLR_XDG_SURFACE_ROLE_POPUP) {
		struct wlr_xdg_surface *parent = wlr_xdg_surface_from_wlr_surface(xdg->popup->parent);
		xdg->data = wlr_scene_xdg_surface_create(parent->data, xdg);
		return;
	}
	xdg->data = wlr_scene_xdg_surface_create(&k->scene->node, xdg);
	fill_output(k, xdg);
	if (k->view != NULL)
		return;	/* the first toplevel is the app's window; others are drawn above it */
	k->view = xdg;
	k->view_map.notify = handle_view_map;
	wl_signal_add(&xdg->events.map, &k->view_map);
	k->view_unmap.notify = handle_view_unmap;
	wl_signal_add(&xdg->events.unmap, &k->view_unmap);
	k->view_destroy.notify = handle_view_destroy;
	wl_signal_add(&xdg->events.destroy, &k->view_destroy);
}

/* ---- input: touchscreens through the cursor (touch.c), keyboards to the app */

/* A keyboard: its keys go to the app (through the seat, which then names it the keyboard). */
struct kiosk_keyboard {
	struct kiosk *kiosk;
	struct wlr_input_device *device;
	struct wl_listener key, modifiers, destroy;
};

/* The keyboard that typed becomes the seat's (its keymap sent to the app), and the app's window
 * has the focus. */
static void use_keyboard(struct kiosk *k, struct wlr_input_device *device)
{
	if (device->keyboard->keymap == NULL)
		return;	/* a virtual keyboard before its client gave its keymap */
	wlr_seat_set_keyboard(k->seat, device);
	if (k->view != NULL && k->view_mapped && k->seat->keyboard_state.focused_surface != k->view->surface)
		wlr_seat_keyboard_notify_enter(k->seat, k->view->surface, device->keyboard->keycodes, device->keyboard->num_keycodes,
					       &device->keyboard->modifiers);
}

static void handle_key(struct wl_listener *listener, void *data)
{
	struct kiosk_keyboard *kb = wl_container_of(listener, kb, key);
	struct wlr_event_keyboard_key *e = data;
	use_keyboard(kb->kiosk, kb->device);
	wlr_seat_keyboard_notify_key(kb->kiosk->seat, e->time_msec, e->keycode, e->state);
}

static void handle_modifiers(struct wl_listener *listener, void *data)
{
	struct kiosk_keyboard *kb = wl_container_of(listener, kb, modifiers);
	use_keyboard(kb->kiosk, kb->device);
	wlr_seat_keyboard_notify_modifiers(kb->kiosk->seat, &kb->device->keyboard->modifiers);
}

static void handle_keyboard_destroy(struct wl_listener *listener, void *data)
{
	struct kiosk_keyboard *kb = wl_container_of(listener, kb, destroy);
	wl_list_remove(&kb->key.link);
	wl_list_remove(&kb->modifiers.link);
	wl_list_remove(&kb->destroy.link);
	free(kb);
}

/* Follows a keyboard: a real one (given the system's default keymap: XKB_DEFAULT_LAYOUT and
 * the rest) or a virtual one (wtype's, which brings its own). */
static void add_keyboard(struct kiosk *k, struct wlr_input_device *device, bool set_keymap)
{
	struct kiosk_keyboard *kb = calloc(1, sizeof *kb);
	if (kb == NULL)
		return;
	kb->kiosk = k;
	kb->device = device;
	if (set_keymap) {
		struct xkb_context *context = xkb_context_new(XKB_CONTEXT_NO_FLAGS);
		struct xkb_keymap *keymap = xkb_keymap_new_from_names(context, NULL, XKB_KEYMAP_COMPILE_NO_FLAGS);
		if (keymap != NULL) {
			wlr_keyboard_set_keymap(device->keyboard, keymap);
			xkb_keymap_unref(keymap);
		}
		xkb_context_unref(context);
		wlr_keyboard_set_repeat_info(device->keyboard, 25, 600);
	}
	kb->key.notify = handle_key;
	wl_signal_add(&device->keyboard->events.key, &kb->key);
	kb->modifiers.notify = handle_modifiers;
	wl_signal_add(&device->keyboard->events.modifiers, &kb->modifiers);
	kb->destroy.notify = handle_keyboard_destroy;
	wl_signal_add(&device->events.destroy, &kb->destroy);
	k->keyboard = device;
	use_keyboard(k, device);
}

static void handle_new_input(struct wl_listener *listener, void *data)
{
	struct kiosk *k = wl_container_of(listener, k, new_input);
	struct wlr_input_device *device = data;
	if (device->type == WLR_INPUT_DEVICE_TOUCH)
		wlr_cursor_attach_input_device(k->cursor, device);
	else if (device->type == WLR_INPUT_DEVICE_KEYBOARD)
		add_keyboard(k, device, true);
}

/* A virtual keyboard (zwp_virtual_keyboard_v1): `wtype` in a binding types into the app, so
 * that an edge swipe can press the browser's Back (docs/kiosk.md). */
static void handle_virtual_keyboard(struct wl_listener *listener, void *data)
{
	struct kiosk *k = wl_container_of(listener, k, new_virtual_keyboard);
	struct wlr_virtual_keyboard_v1 *keyboard = data;
	add_keyboard(k, &keyboard->input_device, false);
}

/* ---- signals */

static int handle_child(int signal, void *data)
{
	kiosk_reap(data);
	return 0;
}

static int handle_stop(int signal, void *data)
{
	struct kiosk *k = data;
	wl_display_terminate(k->display);
	return 0;
}

static void find_headless(struct wlr_backend *backend, void *data)
{
	if (wlr_backend_is_headless(backend))
		*(struct wlr_backend **)data = backend;
}

int main(int argc, char **argv)
{
	static struct kiosk kiosk = { .stream_fd = -1 };
	struct kiosk *k = &kiosk;
	static const struct option options[] = {
		{ "config", required_argument, NULL, 'c' }, { "explain", no_argument, NULL, 'e' },
		{ "verbose", no_argument, NULL, 'v' }, { "replay", required_argument, NULL, 'r' },
		{ "replay-times", required_argument, NULL, 't' },
		{ "help", no_argument, NULL, 'h' }, { "version", no_argument, NULL, 'V' }, { 0 } };
	int c;
	while ((c = getopt_long(argc, argv, "+c:vh", options, NULL)) != -1) {
		switch (c) {
		case 'c': k->config_path = optarg; break;
		case 'e': k->explain = true; break;
		case 'v': k->verbose = true; break;
		case 'r': k->replay_path = optarg; break;
		case 't':
			if ((k->replay_times = fopen(optarg, "w")) == NULL) {
				kiosk_log("cannot write %s", optarg);
				return 2;
			}
			break;
		case 'h': fputs(usage, stdout); return 0;
		case 'V': printf("%s\n", tg_version()); return 0;
		default: fputs(usage, stderr); return 2;
		}
	}
	if (optind >= argc) {
		fprintf(stderr, "touch-kiosk: no app to run: give it after --\n%s", usage);
		return 2;
	}
	wlr_log_init(k->verbose ? WLR_INFO : WLR_ERROR, NULL);
	k->epoch = kiosk_now_msec() / 1000.0;
	if (geteuid() == 0) {
		/* Cage refuses root, so that no app runs as root by mistake. A kiosk image often has
		 * only root, and a test machine runs as root: this one runs, and says what it means. */
		kiosk_log("running as root: the app and every binding's command run as root too");
	}
	if (k->replay_path != NULL && !kiosk_replay_open(k))
		return 2;

	k->display = wl_display_create();
	k->loop = wl_display_get_event_loop(k->display);
	k->backend = wlr_backend_autocreate(k->display);
	if (k->backend == NULL) {
		kiosk_log("no backend (for a headless run: WLR_BACKENDS=headless WLR_RENDERER=pixman)");
		return 1;
	}
	k->renderer = wlr_renderer_autocreate(k->backend);
	if (k->renderer == NULL) {
		kiosk_log("no renderer (without a GPU: WLR_RENDERER=pixman)");
		return 1;
	}
	wlr_renderer_init_wl_display(k->renderer, k->display);
	k->allocator = wlr_allocator_autocreate(k->backend, k->renderer);
	wlr_compositor_create(k->display, k->renderer);
	wlr_data_device_manager_create(k->display);
	k->layout = wlr_output_layout_create();
	k->scene = wlr_scene_create();
	wlr_scene_attach_output_layout(k->scene, k->layout);
	k->new_output.notify = handle_new_output;
	wl_signal_add(&k->backend->events.new_output, &k->new_output);
	k->xdg_shell = wlr_xdg_shell_create(k->display);
	k->new_xdg_surface.notify = handle_new_xdg_surface;
	wl_signal_add(&k->xdg_shell->events.new_surface, &k->new_xdg_surface);
	k->seat = wlr_seat_create(k->display, "seat0");
	k->cursor = wlr_cursor_create();
	wlr_cursor_attach_output_layout(k->cursor, k->layout);
	k->new_input.notify = handle_new_input;
	wl_signal_add(&k->backend->events.new_input, &k->new_input);
	/* A keyboard from the start, whether or not one is plugged in: a virtual keyboard (wtype in a
	 * binding) types at once, and a key it sent before the app had bound its wl_keyboard (which
	 * a new capability makes it do) was lost. */
	wlr_seat_set_capabilities(k->seat, WL_SEAT_CAPABILITY_TOUCH | WL_SEAT_CAPABILITY_KEYBOARD);
	struct wlr_virtual_keyboard_manager_v1 *virtual_keyboards = wlr_virtual_keyboard_manager_v1_create(k->display);
	k->new_virtual_keyboard.notify = handle_virtual_keyboard;
	wl_signal_add(&virtual_keyboards->events.new_virtual_keyboard, &k->new_virtual_keyboard);
	kiosk_touch_init(k);

	if (k->config_path != NULL) {
		/* The bindings are made once the output's size is known, at the first frame's start:
		 * here the configuration is read, so that a mistake stops the kiosk before anything. */
		struct tg_bindings *probe = tg_bindings_open(k->config_path, 1, 1, 0, 0, -1);
		if (probe == NULL) {
			kiosk_log("%s", tg_last_error());
			return 2;
		}
		k->rotation = tg_bindings_get_rotation(probe);
		tg_bindings_destroy(probe);
	}
	if (k->replay != NULL) {
		struct wlr_backend *headless = NULL;
		wlr_multi_for_each_backend(k->backend, find_headless, &headless);
		if (headless == NULL) {
			headless = wlr_headless_backend_create(k->display);
			wlr_multi_backend_add(k->backend, headless);
		}
		k->replay_device = wlr_headless_add_input_device(headless, WLR_INPUT_DEVICE_TOUCH);
	}
	wl_event_loop_add_signal(k->loop, SIGCHLD, handle_child, k);
	wl_event_loop_add_signal(k->loop, SIGINT, handle_stop, k);
	wl_event_loop_add_signal(k->loop, SIGTERM, handle_stop, k);
	signal(SIGPIPE, SIG_IGN);

	const char *socket = wl_display_add_socket_auto(k->display);
	if (socket == NULL || !wlr_backend_start(k->backend)) {
		kiosk_log("cannot start the compositor%s", socket == NULL ? ": no Wayland socket" : "");
		return 1;
	}
	if (k->output == NULL) {
		kiosk_log("no output");
		return 1;
	}
	/* The bindings over the output as the app sees it (turned), in its pixels. */
	if (k->config_path != NULL) {
		int width, height;
		wlr_output_effective_resolution(k->output, &width, &height);
		if (k->replay == NULL && k->output->phys_width > 0 && k->output->phys_height > 0) {
			bool turned = k->rotation == 90 || k->rotation == 270;
			k->units_per_mm_x = width / (double)(turned ? k->output->phys_height : k->output->phys_width);
			k->units_per_mm_y = height / (double)(turned ? k->output->phys_width : k->output->phys_height);
		}
		k->bindings = tg_bindings_open(k->config_path, width, height, k->units_per_mm_x, k->units_per_mm_y, 0);
		if (k->bindings == NULL) {
			kiosk_log("%s", tg_last_error());
			return 2;
		}
		tg_bindings_set_explain(k->bindings, k->explain);
	}
	setenv("WAYLAND_DISPLAY", socket, true);
	kiosk_log("WAYLAND_DISPLAY=%s; %s", socket, k->bindings ? "gestures from the configuration" : "no gestures: every touch is the app's");
	k->app = kiosk_spawn((const char *const *)argv + optind, 0, false);
	if (k->app < 0) {
		kiosk_log("cannot start %s", argv[optind]);
		return 1;
	}
	wl_display_run(k->display);

	if (!k->app_exited && k->app > 0) {
		kill(k->app, SIGTERM);
		waitpid(k->app, &k->app_status, 0);
	}
	wl_display_destroy_clients(k->display);
	tg_bindings_destroy(k->bindings);
	tg_touches_destroy(k->replay);
	if (k->replay_times != NULL)
		fclose(k->replay_times);
	wl_display_destroy(k->display);
	if (k->replay != NULL && !k->replay_done) {
		kiosk_log("the app ended before the replay did");
		return 1;
	}
	if (k->replay != NULL)
		return k->exit_code;
	return WIFEXITED(k->app_status) ? WEXITSTATUS(k->app_status) : 1;
}
