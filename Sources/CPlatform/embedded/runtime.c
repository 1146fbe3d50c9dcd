// What the Embedded Swift build (tools/cross) needs of the Swift runtime and the host runtime has
// on its own: compiled only by tools/cross (Package.swift leaves this folder out, as the host's
// runtime defines the same symbol).
#define _GNU_SOURCE
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#ifndef __wasi__
#include <sys/random.h>
#endif

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

#ifndef __wasi__
// (wasi-libc has its own, from the WebAssembly host's random_get: tools/wasm.)
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
#endif

// swift_bridgeObjectRetain and its _n form, as the compiler expects them: returning the bridge
// object they were given, bits and all. The compiler marks their argument `returned` and uses
// the result in its place; the Embedded standard library's own (6.3.1, emitted weak into every
// module) returns the object's address with the tag bits masked off. Where the argument and the
// result share a register (x0 on aarch64) the compiler does use the result, and a small string's
// discriminator lost its "small" and "ASCII" bits in the copy (0xE8 became 0x88): the copy was
// then read as a pointer to a string's storage, and the aarch64 daemon segfaulted on every
// reader error about a path of 15 bytes or fewer (a small string), `--replay -` included. On
// x86_64 the two are different registers and the result went unused, which is why the same
// sources ran there. Reduced: DocumentParser.location copies its `name` (a String?) into the
// SourceLocation it returns with `ldp x25, x0, [name]; bl swift_bridgeObjectRetain; stp x25,
// x0, [result]`.
//
// Defined here, strong, they take the place of the weak ones at link time. 64-bit only: a 32-bit
// String keeps its discriminator outside the bridge object, and there the library's return the
// object unchanged (tools/cross-test holds both builds to the host on such errors).
#if UINTPTR_MAX == 0xFFFFFFFFFFFFFFFFu

void *swift_retain_n(void *object, uint32_t n);

// A bridge object's bits (the 64-bit layout of the standard library's BridgeObject): the top bit
// marks an immortal value (a small or literal string), which is never counted; bits 60 to 62 and
// 0 to 2 are tags, the rest the object's address.
#define BRIDGE_IMMORTAL ((uintptr_t)1 << 63)
#define BRIDGE_ADDRESS ((uintptr_t)0x0FFFFFFFFFFFFFF8u)

void *swift_bridgeObjectRetain_n(void *object, uint32_t n) {
	uintptr_t bits = (uintptr_t)object;
	if ((bits & BRIDGE_IMMORTAL) == 0 && (bits & BRIDGE_ADDRESS) != 0)
		swift_retain_n((void *)(bits & BRIDGE_ADDRESS), n);
	return object;
}

void *swift_bridgeObjectRetain(void *object) {
	return swift_bridgeObjectRetain_n(object, 1);
}
#endif
