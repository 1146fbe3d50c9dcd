// What the C library of tools/cross (libtouchgestures.so and .a) defines for itself, so that one
// build loads under glibc and under musl (postmarketOS, Alpine): musl's loader takes the
// library's libc.so.6 and libm.so.6 for itself, and these are what it would otherwise miss.
// Compiled only by tools/cross, and linked only into the library (every symbol but the header's
// is local there, so these serve the library's own code and nobody else's).
//
// (arc4random_buf, the third, is in runtime.c: the daemon linked with musl needs it too.)
// - __getauxval: libgcc's check for the ARMv8.1 atomics calls it; glibc exports it, musl only
//   getauxval.
// - __stack_chk_guard: on aarch64 and ARM the canary that stack-protected code compares is this
//   global, which glibc defines in its loader (so the library needed ld-linux-aarch64.so.1 by
//   name, which a musl system does not have). This one is set from the kernel's 16 random bytes
//   (AT_RANDOM) when the library is loaded, before any of its code runs, as glibc's loader sets
//   its own.
#define _GNU_SOURCE
#include <stdint.h>
#include <string.h>
#include <sys/auxv.h>

unsigned long __getauxval(unsigned long type) { return getauxval(type); }

uintptr_t __stack_chk_guard;

// No canary of its own: it changes the one it would be checked against.
__attribute__((constructor, optimize("no-stack-protector"))) static void library_set_stack_guard(void) {
	const unsigned char *random = (const unsigned char *)getauxval(AT_RANDOM);
	uintptr_t guard = 0;
	if (random != NULL)
		memcpy(&guard, random, sizeof guard);
	guard &= ~(uintptr_t)0xff;   /* a zero byte first, as glibc's: a string copy stops at it */
	__stack_chk_guard = guard;
}
