// Counts heap allocations for the benchmark by defining the allocator entry points in the
// executable, which the dynamic linker prefers to libc's, and forwarding to glibc's internal
// __libc_* implementations. Counting is one relaxed atomic add per call.
#include "CAllocCounter.h"
#include <errno.h>
#include <stddef.h>
#include <stdatomic.h>

extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
extern void *__libc_memalign(size_t, size_t);
extern void __libc_free(void *);

static _Atomic uint64_t count;

uint64_t tg_allocations(void) { return atomic_load_explicit(&count, memory_order_relaxed); }

static inline void counted(void) { atomic_fetch_add_explicit(&count, 1, memory_order_relaxed); }

void *malloc(size_t n) { counted(); return __libc_malloc(n); }
void *calloc(size_t a, size_t b) { counted(); return __libc_calloc(a, b); }
void *realloc(void *p, size_t n) { counted(); return __libc_realloc(p, n); }
void free(void *p) { __libc_free(p); }
void *memalign(size_t align, size_t n) { counted(); return __libc_memalign(align, n); }
void *aligned_alloc(size_t align, size_t n) { counted(); return __libc_memalign(align, n); }
int posix_memalign(void **out, size_t align, size_t n) {
    if (align < sizeof(void *) || (align & (align - 1)) != 0) return EINVAL;
    counted();
    void *p = __libc_memalign(align, n);
    if (!p) return ENOMEM;
    *out = p;
    return 0;
}
