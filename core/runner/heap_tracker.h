// SPDX-License-Identifier: GPL-3.0-or-later
// The runner's own heap accounting. kexbench-runner defines malloc, calloc,
// realloc, reallocarray, free, posix_memalign, aligned_alloc, memalign, valloc
// and pvalloc for its whole process (instances resolve them to the runner's
// definitions), forwarding every call to glibc's allocator. Outside a window
// each call costs one untaken branch; inside one, every call is counted.
//
// What a window counts, for all threads of the process:
//  - allocations: calls that return a block (malloc, calloc, realloc with a
//    size, the aligned ones); free and realloc(p, 0) are not allocations;
//  - bytes_total: the bytes those calls asked for;
//  - peak_bytes: the highest level of live bytes above the level at the
//    window's start, in requested bytes: a block allocated in the window counts
//    its requested size until it is freed; a block allocated before the window
//    and freed (or shrunk) in it lowers the level by its usable size
//    (malloc_usable_size), the only size known for it.
// glibc itself rounds each block up (usable size max(24, n + 8 rounded up to 16)
// - 8 on 64-bit): that rounding is not in these figures.
#pragma once

#include <cstdint>

namespace kexbench {

struct HeapCounts {
    uint64_t peak_bytes = 0;
    uint64_t allocations = 0;
    uint64_t bytes_total = 0;
    // More blocks allocated in the window were live at once than the tracker
    // holds (65536): the figures of such a window are not exact.
    bool overflow = false;
};

// False where the runner cannot define the allocator (AddressSanitizer builds).
bool heap_tracking_available();

void heap_window_open();
HeapCounts heap_window_close();

} // namespace kexbench
