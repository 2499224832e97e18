// Why a malloc interposer and not mallinfo2 deltas: mallinfo2 reports bytes in use, so an
// allocation freed within the measured span (the typical real-time bug: a temporary array per
// callback) leaves no trace; counting calls catches every one, and only on the thread measured.
#include "CAllocationCounter.h"

#include <stddef.h>
// stdlib.h brings features.h, which defines __GLIBC__: with stddef.h alone (a compiler header)
// the test below was false on glibc too, the stub was built and the allocation tests skipped.
#include <stdlib.h>

#if defined(__linux__) && defined(__GLIBC__)
extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);

static __thread int counting __attribute__((tls_model("initial-exec")));
static __thread long counted __attribute__((tls_model("initial-exec")));

static inline void note(void) {
  if (counting) counted += 1;
}

void *malloc(size_t size) {
  note();
  return __libc_malloc(size);
}

void *calloc(size_t count, size_t size) {
  note();
  return __libc_calloc(count, size);
}

void *realloc(void *pointer, size_t size) {
  note();
  return __libc_realloc(pointer, size);
}

void *memalign(size_t alignment, size_t size) {
  note();
  return __libc_memalign(alignment, size);
}

void *aligned_alloc(size_t alignment, size_t size) {
  note();
  return __libc_memalign(alignment, size);
}

int posix_memalign(void **result, size_t alignment, size_t size) {
  note();
  void *pointer = __libc_memalign(alignment, size);
  if (pointer == NULL) return 12;  // ENOMEM
  *result = pointer;
  return 0;
}

void sharp9_allocations_begin(void) {
  counted = 0;
  counting = 1;
}

long sharp9_allocations_end(void) {
  counting = 0;
  return counted;
}

int sharp9_allocations_supported(void) { return 1; }
#else
void sharp9_allocations_begin(void) {}
long sharp9_allocations_end(void) { return 0; }
int sharp9_allocations_supported(void) { return 0; }
#endif
