// What the static daemon of tools/cross needs when it links musl (aarch64, x86_64) in place of
// glibc: compiled only by tools/cross, against musl's headers, and linked only into that daemon.
//
// - Debian's libevdev.a is built against glibc with _FORTIFY_SOURCE, so it calls glibc's checked
//   printf family (__fprintf_chk and three more), which musl does not have. Each below does what
//   glibc's does for a program that keeps to its buffers: the plain function, and for
//   __snprintf_chk the check that the buffer is as large as the caller says (abort if not).
// - musl calls a program's initializers with no arguments, where glibc passes main's (argc,
//   argv, envp) (platform.c keeps them from there). The daemon is linked with --wrap=main, so the
//   C library's start-up code calls __wrap_main, which keeps them and calls the program's main.
// (arc4random_buf, which musl does not have either, is in runtime.c: the library needs it too.)
#define _GNU_SOURCE
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include "platform.h"

int __vfprintf_chk(FILE *stream, int flag, const char *format, va_list arguments) {
	(void)flag;
	return vfprintf(stream, format, arguments);
}

int __fprintf_chk(FILE *stream, int flag, const char *format, ...) {
	va_list arguments;
	va_start(arguments, format);
	int n = __vfprintf_chk(stream, flag, format, arguments);
	va_end(arguments);
	return n;
}

int __snprintf_chk(char *buffer, size_t length, int flag, size_t size, const char *format, ...) {
	(void)flag;
	if (size < length)
		abort();
	va_list arguments;
	va_start(arguments, format);
	int n = vsnprintf(buffer, length, format, arguments);
	va_end(arguments);
	return n;
}

int __asprintf_chk(char **result, int flag, const char *format, ...) {
	(void)flag;
	va_list arguments;
	va_start(arguments, format);
	int n = vasprintf(result, format, arguments);
	va_end(arguments);
	return n;
}

int __real_main(int count, char **arguments);

int __wrap_main(int count, char **arguments) {
	platform_keep_arguments(count, arguments);
	return __real_main(count, arguments);
}
