/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Link-time wrappers that measure how much of an operation an instance spends
 * in the ICCS hash functions and the DRNG. A profiled build links this object
 * with -Wl,--wrap=<fn> for each wrapped function, so every call that crosses
 * an object-file boundary lands in __wrap_<fn>, which times __real_<fn>.
 *
 * Calls inside one translation unit are not seen: --wrap acts on undefined
 * references only. That is why the ICCS layer stays in its own objects.
 *
 * Deliberately self-contained (no drng.h / auxfunc.h): a submission may ship
 * its own copies of those headers, and the wrappers must compile against any
 * of them. Linkage is by name, and the parameter types below have the ABI of
 * the official prototypes. A build whose objects do not define one of the
 * functions compiles this file with KEXBENCH_PROFILE_NO_<FN>, so no
 * __real_<fn> reference is left undefined. */

/* CLOCK_MONOTONIC_RAW (the fallback tick source) is a GNU/POSIX extension to C11. */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif

#include "kexbench_profile.h"

#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <time.h>

#define KEXBENCH_PROFILE_SLOTS 8192u /* open addressing, as the harness's table */

static kexbench_profile_row table[KEXBENCH_PROFILE_SLOTS];
static unsigned char slot_used[KEXBENCH_PROFILE_SLOTS];
static uint64_t overflow_calls;
static int used_rows;

/* Instances are driven from one thread, so plain statics suffice; TLS would
 * add its own cost to every wrapped call. */
static int enabled;
static int depth; /* > 0 while a wrapped call is running: nested calls are not counted again */

static inline uint64_t read_ticks(void)
{
#if defined(__x86_64__) || defined(__i386__)
    uint32_t lo, hi;
    __asm__ __volatile__("rdtsc" : "=a"(lo), "=d"(hi)::"memory");
    return ((uint64_t)hi << 32) | lo;
#elif defined(__aarch64__)
    /* isb: otherwise the counter may be read before earlier instructions finish. */
    uint64_t v;
    __asm__ __volatile__("isb\n\tmrs %0, cntvct_el0" : "=r"(v)::"memory");
    return v;
#else
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC_RAW, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
#endif
}

static uint32_t slot_of(uint32_t fn, uint64_t in_bits, uint64_t out_bits)
{
    uint64_t h = (in_bits * 0x9E3779B97F4A7C15ull) ^ (out_bits * 0xC2B2AE3D27D4EB4Full) ^ ((uint64_t)fn << 56);
    h ^= h >> 29;
    return (uint32_t)(h % KEXBENCH_PROFILE_SLOTS);
}

static void account(uint32_t fn, uint64_t in_bits, uint64_t out_bits, uint64_t ticks)
{
    uint32_t s = slot_of(fn, in_bits, out_bits);
    for (uint32_t probe = 0; probe < KEXBENCH_PROFILE_SLOTS; probe++, s = (s + 1) % KEXBENCH_PROFILE_SLOTS) {
        kexbench_profile_row *row = &table[s];
        if (!slot_used[s]) {
            slot_used[s] = 1;
            used_rows++;
            row->fn = fn;
            row->in_bits = in_bits;
            row->out_bits = out_bits;
        } else if (row->fn != fn || row->in_bits != in_bits || row->out_bits != out_bits) {
            continue;
        }
        row->calls++;
        row->ticks += ticks;
        return;
    }
    overflow_calls++;
}

/* Runs `call` into rc; times it when it is the outermost wrapped call while accounting is on. */
#define KEXBENCH_TIMED_CALL(rc, fn, in_bits, out_bits, call)                                                           \
    do {                                                                                                               \
        if (!enabled || depth > 0) {                                                                                   \
            depth++;                                                                                                   \
            rc = call;                                                                                                 \
            depth--;                                                                                                   \
        } else {                                                                                                       \
            depth++;                                                                                                   \
            uint64_t t0_ = read_ticks();                                                                               \
            rc = call;                                                                                                 \
            uint64_t t1_ = read_ticks();                                                                               \
            depth--;                                                                                                   \
            account(fn, in_bits, out_bits, t1_ - t0_);                                                                 \
        }                                                                                                              \
    } while (0)

#ifndef KEXBENCH_PROFILE_NO_SM3HASH
int __real_sm3hash(int digest_len_bits, const unsigned char *msg, unsigned long long msg_len_bits,
                   unsigned char *digest);
int __wrap_sm3hash(int digest_len_bits, const unsigned char *msg, unsigned long long msg_len_bits,
                   unsigned char *digest);
int __wrap_sm3hash(int digest_len_bits, const unsigned char *msg, unsigned long long msg_len_bits,
                   unsigned char *digest)
{
    int rc;
    KEXBENCH_TIMED_CALL(rc, KEXBENCH_PROF_SM3HASH, msg_len_bits, (uint64_t)digest_len_bits,
                        __real_sm3hash(digest_len_bits, msg, msg_len_bits, digest));
    return rc;
}
#endif

#ifndef KEXBENCH_PROFILE_NO_PSEUDOHASH
int __real_pseudohash(int digest_len_bits, const unsigned char *msg, unsigned long long msg_len_bits,
                      unsigned char *digest);
int __wrap_pseudohash(int digest_len_bits, const unsigned char *msg, unsigned long long msg_len_bits,
                      unsigned char *digest);
int __wrap_pseudohash(int digest_len_bits, const unsigned char *msg, unsigned long long msg_len_bits,
                      unsigned char *digest)
{
    int rc;
    KEXBENCH_TIMED_CALL(rc, KEXBENCH_PROF_PSEUDOHASH, msg_len_bits, (uint64_t)digest_len_bits,
                        __real_pseudohash(digest_len_bits, msg, msg_len_bits, digest));
    return rc;
}
#endif

#ifndef KEXBENCH_PROFILE_NO_PSEUDOXOF
int __real_pseudoXOF(unsigned long long output_len_bits, const unsigned char *msg, unsigned long long msg_len_bits,
                     unsigned char *output);
int __wrap_pseudoXOF(unsigned long long output_len_bits, const unsigned char *msg, unsigned long long msg_len_bits,
                     unsigned char *output);
int __wrap_pseudoXOF(unsigned long long output_len_bits, const unsigned char *msg, unsigned long long msg_len_bits,
                     unsigned char *output)
{
    int rc;
    KEXBENCH_TIMED_CALL(rc, KEXBENCH_PROF_PSEUDOXOF, msg_len_bits, output_len_bits,
                        __real_pseudoXOF(output_len_bits, msg, msg_len_bits, output));
    return rc;
}
#endif

#ifndef KEXBENCH_PROFILE_NO_DRNG
/* The context is only passed through, so its type does not matter here. */
int __real_get_random_number(void *drng, unsigned char *random_number, unsigned long long random_number_len_bits);
int __wrap_get_random_number(void *drng, unsigned char *random_number, unsigned long long random_number_len_bits);
int __wrap_get_random_number(void *drng, unsigned char *random_number, unsigned long long random_number_len_bits)
{
    int rc;
    KEXBENCH_TIMED_CALL(rc, KEXBENCH_PROF_DRNG, 0, random_number_len_bits,
                        __real_get_random_number(drng, random_number, random_number_len_bits));
    return rc;
}
#endif

void kexbench_profile_enable(int on) { enabled = on != 0; }

void kexbench_profile_reset(void)
{
    memset(table, 0, sizeof table);
    memset(slot_used, 0, sizeof slot_used);
    overflow_calls = 0;
    used_rows = 0;
}

int kexbench_profile_snapshot(kexbench_profile_row *rows, int max_rows, uint64_t *overflow)
{
    int n = 0;
    for (uint32_t s = 0; s < KEXBENCH_PROFILE_SLOTS && rows && n < max_rows; s++)
        if (slot_used[s])
            rows[n++] = table[s];
    if (overflow)
        *overflow = overflow_calls;
    return used_rows;
}

uint64_t kexbench_profile_ticks(void) { return read_ticks(); }

const char *kexbench_profile_tick_source(void)
{
#if defined(__x86_64__) || defined(__i386__)
    return "rdtsc";
#elif defined(__aarch64__)
    return "cntvct_el0";
#else
    return "clock_monotonic_raw_ns";
#endif
}
