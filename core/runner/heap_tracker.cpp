// SPDX-License-Identifier: GPL-3.0-or-later
// Allocator definitions forwarding to glibc, with counting windows
// (heap_tracker.h). Nothing here may allocate: the table of blocks allocated in
// the open window is a fixed static array, and the lock is a spin flag.
#include "core/runner/heap_tracker.h"

#include <atomic>
#include <cerrno>
#include <cstddef>
#include <cstring>
#include <malloc.h>

#if defined(__SANITIZE_ADDRESS__)
#define KEXBENCH_HEAP_TRACKER 0
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(memory_sanitizer) || __has_feature(thread_sanitizer)
#define KEXBENCH_HEAP_TRACKER 0
#endif
#endif
#ifndef KEXBENCH_HEAP_TRACKER
#define KEXBENCH_HEAP_TRACKER 1
#endif

namespace kexbench {

#if KEXBENCH_HEAP_TRACKER
namespace {

constexpr size_t kSlots = size_t{1} << 16;
const uintptr_t kTombstone = 1; // no block starts at address 1

struct Slot {
    uintptr_t ptr;
    size_t bytes;
};

struct Window {
    std::atomic<bool> open{false};
    std::atomic_flag lock = ATOMIC_FLAG_INIT;
    int64_t level = 0; // live bytes above the window's start
    HeapCounts counts;
    Slot slots[kSlots];
};

Window g_window;

struct Guard {
    Guard()
    {
        while (g_window.lock.test_and_set(std::memory_order_acquire)) {
        }
    }
    ~Guard() { g_window.lock.clear(std::memory_order_release); }
};

size_t slot_of(uintptr_t p) { return (p >> 4) * 0x9E3779B97F4A7C15ull >> 48 & (kSlots - 1); }

void remember(uintptr_t p, size_t bytes)
{
    for (size_t i = slot_of(p), n = 0; n < kSlots; i = (i + 1) & (kSlots - 1), ++n) {
        Slot &s = g_window.slots[i];
        if (s.ptr == 0 || s.ptr == kTombstone) {
            s = {p, bytes};
            return;
        }
    }
    g_window.counts.overflow = true;
}

// The requested size of a block allocated in the window (and forgets it), or
// its usable size for an older one.
size_t forget(uintptr_t p)
{
    for (size_t i = slot_of(p), n = 0; n < kSlots; i = (i + 1) & (kSlots - 1), ++n) {
        Slot &s = g_window.slots[i];
        if (s.ptr == p) {
            s.ptr = kTombstone;
            return s.bytes;
        }
        if (s.ptr == 0)
            break;
    }
    return malloc_usable_size(reinterpret_cast<void *>(p));
}

void raise_level(int64_t delta)
{
    g_window.level += delta;
    if (g_window.level > 0 && static_cast<uint64_t>(g_window.level) > g_window.counts.peak_bytes)
        g_window.counts.peak_bytes = static_cast<uint64_t>(g_window.level);
}

bool counting() { return g_window.open.load(std::memory_order_relaxed); }

void count_allocation(void *p, size_t bytes)
{
    if (!p)
        return;
    Guard g;
    ++g_window.counts.allocations;
    g_window.counts.bytes_total += bytes;
    remember(reinterpret_cast<uintptr_t>(p), bytes);
    raise_level(static_cast<int64_t>(bytes));
}

} // namespace

// Lowers the level by the block's size and returns it (realloc's first half).
size_t forget_block(void *p)
{
    Guard g;
    const size_t bytes = forget(reinterpret_cast<uintptr_t>(p));
    raise_level(-static_cast<int64_t>(bytes));
    return bytes;
}

// Undoes forget_block for a block that is still live.
void restore_block(void *p, size_t bytes)
{
    Guard g;
    remember(reinterpret_cast<uintptr_t>(p), bytes);
    raise_level(static_cast<int64_t>(bytes));
}

void count_free(void *p)
{
    if (p)
        forget_block(p);
}

bool heap_tracking_available() { return true; }

void heap_window_open()
{
    Guard g;
    std::memset(g_window.slots, 0, sizeof g_window.slots);
    g_window.level = 0;
    g_window.counts = {};
    g_window.open.store(true, std::memory_order_relaxed);
}

HeapCounts heap_window_close()
{
    g_window.open.store(false, std::memory_order_relaxed);
    Guard g;
    return g_window.counts;
}

#else

bool heap_tracking_available() { return false; }
void heap_window_open() {}
HeapCounts heap_window_close() { return {}; }

#endif

} // namespace kexbench

#if KEXBENCH_HEAP_TRACKER
extern "C" {
void *__libc_malloc(size_t);
void *__libc_calloc(size_t, size_t);
void *__libc_realloc(void *, size_t);
void __libc_free(void *);
void *__libc_memalign(size_t, size_t);
void *__libc_valloc(size_t);
void *__libc_pvalloc(size_t);

using kexbench::count_allocation;
using kexbench::count_free;
using kexbench::counting;

void *malloc(size_t n)
{
    void *p = __libc_malloc(n);
    if (counting())
        count_allocation(p, n);
    return p;
}

void free(void *p)
{
    if (counting())
        count_free(p);
    __libc_free(p);
}

void *calloc(size_t count, size_t size)
{
    void *p = __libc_calloc(count, size);
    if (counting())
        count_allocation(p, count * size); // a product that overflows made p null
    return p;
}

void *realloc(void *old, size_t n)
{
    if (!counting())
        return __libc_realloc(old, n);
    if (!old)
        return malloc(n);
    // The old block's size is read while it still exists. realloc(p, 0) frees
    // p in glibc and is not an allocation; a failed realloc leaves p live.
    const size_t old_bytes = kexbench::forget_block(old);
    void *p = __libc_realloc(old, n);
    if (p)
        count_allocation(p, n);
    else if (n != 0)
        kexbench::restore_block(old, old_bytes);
    return p;
}

void *reallocarray(void *old, size_t count, size_t size)
{
    size_t n = 0;
    if (__builtin_mul_overflow(count, size, &n)) {
        errno = ENOMEM;
        return nullptr;
    }
    return realloc(old, n);
}

void *memalign(size_t alignment, size_t n)
{
    void *p = __libc_memalign(alignment, n);
    if (counting())
        count_allocation(p, n);
    return p;
}

void *aligned_alloc(size_t alignment, size_t n) { return memalign(alignment, n); }

int posix_memalign(void **out, size_t alignment, size_t n)
{
    if (alignment == 0 || alignment % sizeof(void *) != 0 || (alignment & (alignment - 1)) != 0)
        return EINVAL;
    void *p = memalign(alignment, n);
    if (!p)
        return ENOMEM;
    *out = p;
    return 0;
}

void *valloc(size_t n)
{
    void *p = __libc_valloc(n);
    if (counting())
        count_allocation(p, n);
    return p;
}

void *pvalloc(size_t n)
{
    void *p = __libc_pvalloc(n);
    if (counting())
        count_allocation(p, n);
    return p;
}
}
#endif
