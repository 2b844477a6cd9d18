/* The lab's clock jump on one Redis master (crates/lab/src/servers.rs, `FakeClock`).
 *
 * libfaketime moves the wall clock of the process it is preloaded into, but Debian's redis-server
 * allocates with jemalloc (libjemalloc.so.2), and jemalloc's start-up calls clock_gettime before
 * libfaketime is ready: libfaketime aborts the recursion and Redis never listens. Preloaded ahead
 * of libfaketime, this hands every allocation of the process to glibc's own allocator, so jemalloc
 * never starts; nothing of Redis's that keeps or reads time is touched. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <stddef.h>

extern void *__libc_malloc(size_t);
extern void __libc_free(void *);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
extern void *__libc_memalign(size_t, size_t);
extern void *__libc_valloc(size_t);
extern void *__libc_pvalloc(size_t);

void *malloc(size_t n) { return __libc_malloc(n); }
void free(void *p) { __libc_free(p); }
void *calloc(size_t a, size_t b) { return __libc_calloc(a, b); }
void *realloc(void *p, size_t n) { return __libc_realloc(p, n); }
void *memalign(size_t a, size_t n) { return __libc_memalign(a, n); }
void *aligned_alloc(size_t a, size_t n) { return __libc_memalign(a, n); }
void *valloc(size_t n) { return __libc_valloc(n); }
void *pvalloc(size_t n) { return __libc_pvalloc(n); }
int posix_memalign(void **out, size_t a, size_t n) {
    void *p = __libc_memalign(a, n);
    if (!p) return ENOMEM;
    *out = p;
    return 0;
}

/* Redis asks the allocator how large each block is (its memory accounting): glibc's answer. */
static size_t (*libc_usable_size)(void *);
size_t malloc_usable_size(void *p) {
    if (!libc_usable_size) {
        void *libc = dlopen("libc.so.6", RTLD_NOW | RTLD_NOLOAD);
        libc_usable_size = libc ? (size_t (*)(void *))dlsym(libc, "malloc_usable_size") : NULL;
        if (!libc_usable_size) return 0;
    }
    return libc_usable_size(p);
}
