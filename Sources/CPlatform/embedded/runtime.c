// What the Embedded Swift build (tools/cross) needs of the Swift runtime and the host runtime has
// on its own: compiled only by tools/cross (Package.swift leaves this folder out, as the host's
// runtime defines the same symbol).
#define _GNU_SOURCE
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/random.h>

// Double(String) asks the runtime to read a number in the C locale: the end of what it read,
// and the value. As the host runtime does: "snan" (with a sign or not, any case) is a signalling
// NaN, and anything else is strtod's. The daemon never calls setlocale, so strtod reads in the
// C locale.
const char *_swift_stdlib_strtod_clocale(const char *text, double *out) {
	const char *p = text[0] == '+' || text[0] == '-' ? text + 1 : text;
	if (strcasecmp(p, "snan") == 0) {
		union { unsigned long long bits; double value; } nan = { 0x7ff4000000000000ULL };
		if (text[0] == '-') nan.bits |= 0x8000000000000000ULL;
		*out = nan.value;
		return text + strlen(text);
	}
	char *end;
	*out = strtod(text, &end);
	return end;
}

// The standard library seeds its hashing with arc4random_buf, which glibc has since 2.36 and musl
// not at all (the daemon linked with musl, the library loaded by musl's loader). This one reads
// the kernel's getrandom(2), as glibc's does; where the C library has its own, a static link
// takes this one and a shared library's own code binds to it.
void arc4random_buf(void *buffer, size_t length) {
	unsigned char *p = buffer;
	while (length > 0) {
		ssize_t n = getrandom(p, length, 0);
		if (n < 0) {
			if (errno == EINTR)
				continue;
			abort();
		}
		p += n;
		length -= (size_t)n;
	}
}
