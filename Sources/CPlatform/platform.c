// The platform layer's pieces that are not in its header: main's arguments, kept at start, and
// the C library's last error message, a thread's own.
#include "platform.h"

static int argument_count;
static char **arguments;

void platform_keep_arguments(int count, char **values) {
	argument_count = count;
	arguments = values;
}

#if defined(__GLIBC__)
// glibc calls each initializer in .init_array with main's (argc, argv, envp), in a dynamic and
// in a static program alike: the arguments are kept before any Swift code runs. musl calls them
// with none: the static daemon linked with musl keeps them in its main's wrapper
// (embedded/musl.c).
__attribute__((constructor)) static void platform_keep_arguments_at_start(int argc, char **argv, char **envp) {
	(void)envp;
	platform_keep_arguments(argc, argv);
}
#endif

int platform_argument_count(void) { return argument_count; }

const char *platform_argument(int index) {
	return index >= 0 && index < argument_count ? arguments[index] : NULL;
}

/* 4 KiB a thread: the five diagnostics a message holds at most, and their count. */
static _Thread_local char last_error[4096];
static _Thread_local int last_status;

void platform_set_last_error(int status, const char *message) {
	last_status = status;
	size_t n = strlen(message);
	if (n < sizeof last_error) {
		memcpy(last_error, message, n + 1);
		return;
	}
	/* Cut before the last UTF-8 sequence that does not fit, and mark the cut. */
	size_t keep = sizeof last_error - 4;
	while (keep > 0 && ((unsigned char)message[keep] & 0xC0) == 0x80)
		keep--;
	memcpy(last_error, message, keep);
	memcpy(last_error + keep, "\xE2\x80\xA6", 4);   /* "…" and the NUL */
}

const char *platform_last_error(void) { return last_error; }

int platform_last_status(void) { return last_status; }

#ifdef __wasi__
/* wasi-libc declares madvise(2) and has none (its mmap copies the file into memory): advice is
   a hint, and taking none is what a system without paging does. */
int madvise(void *address, size_t length, int advice) {
	(void)address;
	(void)length;
	(void)advice;
	return 0;
}
#endif
