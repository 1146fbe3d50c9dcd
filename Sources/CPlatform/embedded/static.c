// What the static daemon of tools/cross links in place of glibc's own, because glibc's would bring
// much more than it does (the aarch64 daemon's link map): compiled only by tools/cross, and linked
// only into the static daemon (the C library links the system's libc dynamically and needs none).
//
// - __assert_fail: glibc's __libc_start_main refers to it; glibc's translates its message
//   (gettext, with its locale alias file read through stdio, iconv and dlopen) and prints it
//   through fprintf's wide-character half. This one writes the same facts to fd 2 and aborts.
// - strerror: glibc's translates too (gettext); this one returns the same English text, glibc's
//   own table (strerrordesc_np, glibc 2.32), which is what the C locale the daemon runs in gives.
//
// The two took the aarch64 daemon from 1,660,232 to 1,594,520 bytes (and SavedTrace's own UTC
// date, in place of gmtime_r's time-zone reader, from 1,725,808 to 1,660,232). What glibc still
// brings (stdio's wide half, iconv, static dlopen) comes through its own start-up code and
// libevdev's stderr, past what a program can replace without glibc's private symbols.
#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void say(const char *s) { (void)!write(2, s, strlen(s)); }

void __assert_fail(const char *assertion, const char *file, unsigned int line, const char *function) {
	char number[24];
	int k = sizeof number - 1;
	number[k] = 0;
	do { number[--k] = (char)('0' + line % 10); line /= 10; } while (line > 0 && k > 0);
	say(file); say(":"); say(number + k); say(": "); say(function); say(": assertion `"); say(assertion); say("' failed.\n");
	abort();
}

char *strerror(int error) {
	const char *text = strerrordesc_np(error);
	return (char *)(text != NULL ? text : "Unknown error");
}
