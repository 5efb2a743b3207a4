/* Hash/DRNG profiling of an instance library: the accessors that wrap.c
 * exports from a profiled build (linked with -Wl,--wrap=sm3hash,pseudohash,
 * pseudoXOF,get_random_number). The runner's `profile` subcommand finds them
 * with dlsym; a plain build does not have them.
 * SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef KEXBENCH_PROFILE_H
#define KEXBENCH_PROFILE_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Function ids of a row; the names are the harness profile's "fn" values. */
enum {
    KEXBENCH_PROF_SM3HASH = 0,
    KEXBENCH_PROF_PSEUDOHASH = 1,
    KEXBENCH_PROF_PSEUDOXOF = 2,
    KEXBENCH_PROF_DRNG = 3, /* get_random_number */
    KEXBENCH_PROF_FN_COUNT = 4
};

/* One (fn, in_bits, out_bits) shape and what its outermost calls cost. Layout
 * is part of the profiling ABI: append fields only. */
typedef struct kexbench_profile_row {
    uint32_t fn;
    uint32_t reserved;
    uint64_t in_bits;
    uint64_t out_bits;
    uint64_t calls;
    uint64_t ticks;
} kexbench_profile_row;

#define KEXBENCH_PROFILE_ENABLE_SYMBOL "kexbench_profile_enable"
#define KEXBENCH_PROFILE_RESET_SYMBOL "kexbench_profile_reset"
#define KEXBENCH_PROFILE_SNAPSHOT_SYMBOL "kexbench_profile_snapshot"
#define KEXBENCH_PROFILE_TICKS_SYMBOL "kexbench_profile_ticks"
#define KEXBENCH_PROFILE_TICK_SOURCE_SYMBOL "kexbench_profile_tick_source"

/* Accounting on (non-zero) or off. Off by default, so setup and warm-ups cost nothing extra. */
void kexbench_profile_enable(int on);
/* Forgets every row and the overflow count. */
void kexbench_profile_reset(void);
/* Copies up to max_rows used rows into rows and the number of calls that found
 * no free slot into *overflow_calls (may be NULL). Returns the number of used
 * rows, which may exceed max_rows. */
int kexbench_profile_snapshot(kexbench_profile_row *rows, int max_rows, uint64_t *overflow_calls);
/* The wrappers' tick counter now, so the driver brackets its windows with the same source. */
uint64_t kexbench_profile_ticks(void);
/* "rdtsc", "cntvct_el0" or "clock_monotonic_raw_ns". */
const char *kexbench_profile_tick_source(void);

#ifdef __cplusplus
}
#endif
#endif
