#ifndef SHARP9_ALLOCATION_COUNTER_H
#define SHARP9_ALLOCATION_COUNTER_H

/// Counts heap allocations made by the calling thread between begin and end (Linux: malloc,
/// calloc, realloc and the aligned allocators are interposed and forwarded to glibc).
void sharp9_allocations_begin(void);
/// Stops counting and returns how many allocations the calling thread made since begin.
long sharp9_allocations_end(void);
/// 1 where allocations are counted (Linux with glibc), 0 elsewhere.
int sharp9_allocations_supported(void);

#endif
