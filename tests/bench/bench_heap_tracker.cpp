// SPDX-License-Identifier: GPL-3.0-or-later
// What the runner's allocator definitions (core/runner/heap_tracker.h) cost:
// malloc+free through them with the window closed (every timed loop) and open
// (the separate memory pass only), against glibc's own entry points.
#include "core/runner/heap_tracker.h"

#include <benchmark/benchmark.h>

#include <cstdlib>

extern "C" {
void *__libc_malloc(size_t);
void __libc_free(void *);
}

namespace {

void BM_GlibcMallocFree(benchmark::State &state)
{
    const size_t n = static_cast<size_t>(state.range(0));
    for (auto _ : state) {
        void *p = __libc_malloc(n);
        benchmark::DoNotOptimize(p);
        __libc_free(p);
    }
}

void BM_RunnerMallocFree(benchmark::State &state)
{
    if (!kexbench::heap_tracking_available())
        state.SkipWithError("no allocator definitions in this build (sanitizer)");
    const size_t n = static_cast<size_t>(state.range(0));
    for (auto _ : state) {
        void *p = std::malloc(n);
        benchmark::DoNotOptimize(p);
        std::free(p);
    }
}

void BM_RunnerMallocFreeCounting(benchmark::State &state)
{
    const size_t n = static_cast<size_t>(state.range(0));
    kexbench::heap_window_open();
    for (auto _ : state) {
        void *p = std::malloc(n);
        benchmark::DoNotOptimize(p);
        std::free(p);
    }
    benchmark::DoNotOptimize(kexbench::heap_window_close());
}

} // namespace

BENCHMARK(BM_GlibcMallocFree)->Arg(32)->Arg(4096);
BENCHMARK(BM_RunnerMallocFree)->Arg(32)->Arg(4096);
BENCHMARK(BM_RunnerMallocFreeCounting)->Arg(32)->Arg(4096);
