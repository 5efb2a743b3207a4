/* SPDX-License-Identifier: GPL-3.0-or-later
 * The verdict self-check's workload: the toy 2-pass exchange (toy_exchange.c)
 * with a fixed amount of work before pass 1, SELFCHECK_WORK_PERMILLE per mille
 * of a base amount. The work mixes what key exchanges do: a dependent
 * multiply-add chain (latency-bound, like a field multiplication chain) and
 * data-dependent loads from a 32 KiB table (cache-bound, like table lookups),
 * so it slows down with the host's phases as a real exchange does (a pure
 * chain tracks them poorly). Scaling both by the same factor gives a known
 * ratio: 1020 per mille is 2 % more work. */
#include "toy_exchange.h"

#include <stdint.h>

enum { BASE_STEPS = 40000, TABLE_WORDS = 4096 };

static uint64_t table[TABLE_WORDS];
static volatile uint64_t sink;

int toy_before_init_a(void)
{
    if (table[1] == 0) /* filled once, outside the timed steps' first call only */
        for (uint64_t i = 0; i < TABLE_WORDS; ++i)
            table[i] = i * 0x9e3779b97f4a7c15ull + 1;
    return 0;
}

void toy_before_pass1(void)
{
    const long steps = (long)BASE_STEPS * SELFCHECK_WORK_PERMILLE / 1000;
    uint64_t x = sink, acc = 0;
    for (long i = 0; i < steps; ++i) {
        x = x * 6364136223846793005ull + 1442695040888963407ull;
        acc += table[(x >> 40) & (TABLE_WORDS - 1)];
        __asm__ volatile("" : "+r"(x), "+r"(acc));
    }
    sink = x ^ acc;
}

int toy_before_pass2(void) { return 0; }
void toy_after_exchange(void) {}
