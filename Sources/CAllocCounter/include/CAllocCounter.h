#ifndef CALLOCCOUNTER_H
#define CALLOCCOUNTER_H
#include <stdint.h>

/// Heap allocations (malloc, calloc, realloc, posix_memalign, aligned_alloc, memalign) made
/// by any code in this process since it started. Linked into the benchmark only: the counter
/// replaces the C library's allocator entry points and forwards to glibc's own.
uint64_t tg_allocations(void);

#endif
