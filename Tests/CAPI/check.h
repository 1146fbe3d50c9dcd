/*
 * check.h: what the C checks share (checks.c, bindings.c): a count of checks and failures, and
 * CHECK, which prints one line per failed check with its place, its condition and a message.
 */
#ifndef TOUCHGESTURES_TESTS_CHECK_H
#define TOUCHGESTURES_TESTS_CHECK_H

#include <stdio.h>
#include <string.h>

static int failures, checks;

#define CHECK(cond, ...) do { \
	checks++; \
	if (!(cond)) { \
		failures++; \
		printf("FAIL %s:%d: %s: ", __FILE__, __LINE__, #cond); \
		printf(__VA_ARGS__); \
		printf("\n"); \
	} \
} while (0)

/* Whether `s` is a string holding `part`. */
static inline int contains(const char *s, const char *part) { return s != NULL && strstr(s, part) != NULL; }

#endif
