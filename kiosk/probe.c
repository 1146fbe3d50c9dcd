/*
 * touch-probe [FILE]: a Wayland client that shows one window and writes every wl_touch event it
 * gets as a JSON line to FILE (standard output without one), flushed as it comes:
 *
 *   {"event": "down", "time": 1234, "id": 0, "x": 360.5, "y": 700, "at": 51234567890}
 *   {"event": "motion", "time": 1242, "id": 0, "x": 360.5, "y": 690, "at": 51242567890}
 *   {"event": "up", "time": 1250, "id": 0, "at": 51250567890}
 *   {"event": "frame"}
 *   {"event": "cancel"}
 *   {"event": "key", "time": 1300, "key": 30, "state": 1}
 *
 * (time: the compositor's milliseconds; x, y: surface coordinates; at: when the probe read it,
 * nanoseconds of CLOCK_MONOTONIC.) It exits 0 when the
 * compositor closes its window. touch-kiosk's tests run it as the app.
 */
#define _POSIX_C_SOURCE 200809L
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>
#include <wayland-client.h>
#include "xdg-shell-client-protocol.h"

static struct wl_compositor *compositor;
static struct wl_shm *shm;
static struct xdg_wm_base *wm_base;
static struct wl_seat *seat;
static struct wl_touch *touch;
static struct wl_surface *surface;
static FILE *out;
static int running = 1;

/* When the event was read: nanoseconds of CLOCK_MONOTONIC, for measuring how long it took. */
static long long now_ns(void)
{
	struct timespec now;
	clock_gettime(CLOCK_MONOTONIC, &now);
	return (long long)now.tv_sec * 1000000000LL + now.tv_nsec;
}

static void touch_down(void *data, struct wl_touch *t, uint32_t serial, uint32_t time, struct wl_surface *s, int32_t id,
		       wl_fixed_t x, wl_fixed_t y)
{
	fprintf(out, "{\"event\": \"down\", \"time\": %u, \"id\": %d, \"x\": %.3f, \"y\": %.3f, \"at\": %lld}\n", time, id,
		wl_fixed_to_double(x), wl_fixed_to_double(y), now_ns());
	fflush(out);
}

static void touch_up(void *data, struct wl_touch *t, uint32_t serial, uint32_t time, int32_t id)
{
	fprintf(out, "{\"event\": \"up\", \"time\": %u, \"id\": %d, \"at\": %lld}\n", time, id, now_ns());
	fflush(out);
}

static void touch_motion(void *data, struct wl_touch *t, uint32_t time, int32_t id, wl_fixed_t x, wl_fixed_t y)
{
	fprintf(out, "{\"event\": \"motion\", \"time\": %u, \"id\": %d, \"x\": %.3f, \"y\": %.3f, \"at\": %lld}\n", time, id,
		wl_fixed_to_double(x), wl_fixed_to_double(y), now_ns());
	fflush(out);
}

static void touch_frame(void *data, struct wl_touch *t)
{
	fputs("{\"event\": \"frame\"}\n", out);
	fflush(out);
}

static void touch_cancel(void *data, struct wl_touch *t)
{
	fputs("{\"event\": \"cancel\"}\n", out);
	fflush(out);
}

static void touch_shape(void *data, struct wl_touch *t, int32_t id, wl_fixed_t major, wl_fixed_t minor) {}
static void touch_orientation(void *data, struct wl_touch *t, int32_t id, wl_fixed_t orientation) {}

static const struct wl_touch_listener touch_listener = {
	touch_down, touch_up, touch_motion, touch_frame, touch_cancel, touch_shape, touch_orientation,
};

/* Keys, for a binding that types into the app (wtype). */
static struct wl_keyboard *keyboard;
static void keyboard_keymap(void *data, struct wl_keyboard *k, uint32_t format, int32_t fd, uint32_t size) { close(fd); }
static void keyboard_enter(void *data, struct wl_keyboard *k, uint32_t serial, struct wl_surface *s, struct wl_array *keys) {}
static void keyboard_leave(void *data, struct wl_keyboard *k, uint32_t serial, struct wl_surface *s) {}
static void keyboard_key(void *data, struct wl_keyboard *k, uint32_t serial, uint32_t time, uint32_t key, uint32_t state)
{
	fprintf(out, "{\"event\": \"key\", \"time\": %u, \"key\": %u, \"state\": %u}\n", time, key, state);
	fflush(out);
}
static void keyboard_modifiers(void *data, struct wl_keyboard *k, uint32_t serial, uint32_t depressed, uint32_t latched,
			       uint32_t locked, uint32_t group) {}
static void keyboard_repeat(void *data, struct wl_keyboard *k, int32_t rate, int32_t delay) {}
static const struct wl_keyboard_listener keyboard_listener = {
	keyboard_keymap, keyboard_enter, keyboard_leave, keyboard_key, keyboard_modifiers, keyboard_repeat,
};

static void seat_capabilities(void *data, struct wl_seat *s, uint32_t caps)
{
	if ((caps & WL_SEAT_CAPABILITY_KEYBOARD) && keyboard == NULL) {
		keyboard = wl_seat_get_keyboard(s);
		wl_keyboard_add_listener(keyboard, &keyboard_listener, NULL);
	}
	if ((caps & WL_SEAT_CAPABILITY_TOUCH) && touch == NULL) {
		touch = wl_seat_get_touch(s);
		wl_touch_add_listener(touch, &touch_listener, NULL);
	}
}

static void seat_name(void *data, struct wl_seat *s, const char *name) {}
static const struct wl_seat_listener seat_listener = { seat_capabilities, seat_name };

static void ping(void *data, struct xdg_wm_base *base, uint32_t serial) { xdg_wm_base_pong(base, serial); }
static const struct xdg_wm_base_listener wm_base_listener = { ping };

static void global(void *data, struct wl_registry *registry, uint32_t name, const char *interface, uint32_t version)
{
	if (strcmp(interface, wl_compositor_interface.name) == 0)
		compositor = wl_registry_bind(registry, name, &wl_compositor_interface, 4);
	else if (strcmp(interface, wl_shm_interface.name) == 0)
		shm = wl_registry_bind(registry, name, &wl_shm_interface, 1);
	else if (strcmp(interface, xdg_wm_base_interface.name) == 0) {
		wm_base = wl_registry_bind(registry, name, &xdg_wm_base_interface, 1);
		xdg_wm_base_add_listener(wm_base, &wm_base_listener, NULL);
	} else if (strcmp(interface, wl_seat_interface.name) == 0) {
		seat = wl_registry_bind(registry, name, &wl_seat_interface, version < 5 ? version : 5);
		wl_seat_add_listener(seat, &seat_listener, NULL);
	}
}

static void global_remove(void *data, struct wl_registry *registry, uint32_t name) {}
static const struct wl_registry_listener registry_listener = { global, global_remove };

/* A buffer of the window's size, one grey, in shared memory. */
static struct wl_buffer *buffer(int width, int height)
{
	int stride = width * 4, size = stride * height;
	char name[32];
	int fd = -1;
	for (int i = 0; fd < 0 && i < 100; i++) {
		snprintf(name, sizeof name, "/touch-probe-%06d", (getpid() * 31 + i) % 1000000);
		fd = shm_open(name, O_RDWR | O_CREAT | O_EXCL, 0600);
	}
	if (fd < 0)
		return NULL;
	shm_unlink(name);
	if (ftruncate(fd, size) != 0) {
		close(fd);
		return NULL;
	}
	uint32_t *pixels = mmap(NULL, (size_t)size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (pixels != MAP_FAILED) {
		for (int i = 0; i < width * height; i++)
			pixels[i] = 0xff404040;
		munmap(pixels, (size_t)size);
	}
	struct wl_shm_pool *pool = wl_shm_create_pool(shm, fd, size);
	struct wl_buffer *b = wl_shm_pool_create_buffer(pool, 0, width, height, stride, WL_SHM_FORMAT_XRGB8888);
	wl_shm_pool_destroy(pool);
	close(fd);
	return b;
}

static int width = 320, height = 240;

static void surface_configure(void *data, struct xdg_surface *xdg, uint32_t serial)
{
	xdg_surface_ack_configure(xdg, serial);
	struct wl_buffer *b = buffer(width, height);
	wl_surface_attach(surface, b, 0, 0);
	wl_surface_damage(surface, 0, 0, width, height);
	wl_surface_commit(surface);
}

static const struct xdg_surface_listener surface_listener = { surface_configure };

static void toplevel_configure(void *data, struct xdg_toplevel *t, int32_t w, int32_t h, struct wl_array *states)
{
	if (w > 0 && h > 0) {
		width = w;
		height = h;
	}
}

static void toplevel_close(void *data, struct xdg_toplevel *t) { running = 0; }
static const struct xdg_toplevel_listener toplevel_listener = { .configure = toplevel_configure, .close = toplevel_close };

int main(int argc, char **argv)
{
	out = argc > 1 ? fopen(argv[1], "w") : stdout;
	if (out == NULL) {
		perror(argv[1]);
		return 1;
	}
	struct wl_display *display = wl_display_connect(NULL);
	if (display == NULL) {
		fputs("touch-probe: no Wayland display\n", stderr);
		return 1;
	}
	struct wl_registry *registry = wl_display_get_registry(display);
	wl_registry_add_listener(registry, &registry_listener, NULL);
	wl_display_roundtrip(display);
	if (compositor == NULL || shm == NULL || wm_base == NULL) {
		fputs("touch-probe: the compositor has no wl_compositor, wl_shm or xdg_wm_base\n", stderr);
		return 1;
	}
	surface = wl_compositor_create_surface(compositor);
	struct xdg_surface *xdg = xdg_wm_base_get_xdg_surface(wm_base, surface);
	xdg_surface_add_listener(xdg, &surface_listener, NULL);
	struct xdg_toplevel *toplevel = xdg_surface_get_toplevel(xdg);
	xdg_toplevel_add_listener(toplevel, &toplevel_listener, NULL);
	xdg_toplevel_set_title(toplevel, "touch-probe");
	wl_surface_commit(surface);
	while (running && wl_display_dispatch(display) != -1) {}
	fclose(out);
	return 0;
}
