// SPDX-License-Identifier: GPL-3.0-or-later
// The cost of the timing primitives themselves: every start()/stop() pair is
// inside a timed step window, so this is the floor under every step figure.
#include "core/base/clock.h"

#include <benchmark/benchmark.h>

#include <deque>
#include <string>
#include <utility>

namespace {

using kexbench::CounterKind;
using kexbench::CycleCounter;

// Counters live for the whole program: registration happens before main().
std::deque<CycleCounter> &counters()
{
    static std::deque<CycleCounter> all;
    return all;
}

void BM_CounterPair(benchmark::State &state, const CycleCounter *counter)
{
    for (auto _ : state) {
        uint64_t a = counter->start();
        benchmark::DoNotOptimize(counter->stop() - a);
    }
}

void BM_NowNsPair(benchmark::State &state)
{
    for (auto _ : state) {
        uint64_t a = kexbench::now_ns();
        benchmark::DoNotOptimize(kexbench::now_ns() - a);
    }
}
BENCHMARK(BM_NowNsPair);

// One benchmark per counter this machine has; the missing ones say why.
int register_counters()
{
    const std::pair<CounterKind, const char *> kinds[] = {{CounterKind::PerfCycles, "perf_event"},
                                                          {CounterKind::Tsc, "tsc"},
                                                          {CounterKind::Cntvct, "cntvct_el0"},
                                                          {CounterKind::MonotonicNs, "clock_monotonic_raw"}};
    for (const auto &[kind, label] : kinds) {
        auto c = CycleCounter::open(kind);
        if (!c) {
            benchmark::AddCustomContext(std::string("unavailable ") + label, c.error());
            continue;
        }
        counters().push_back(std::move(*c));
        const CycleCounter *p = &counters().back();
        benchmark::RegisterBenchmark((std::string("BM_CounterPair/") + p->name()).c_str(), BM_CounterPair, p);
    }
    return 0;
}

const int registered = register_counters();

} // namespace
