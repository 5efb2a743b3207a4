// SPDX-License-Identifier: GPL-3.0-or-later
// Throughput of the clean-room ICCS helpers. Submissions call them inside their
// timed KEX operations, so their cost is part of every figure kexbench reports.
extern "C" {
#include "auxfunc.h"
#include "drng.h"
}

#include <benchmark/benchmark.h>

#include <cstdint>
#include <vector>

namespace {

std::vector<unsigned char> filled(std::size_t n)
{
    std::vector<unsigned char> v(n);
    for (std::size_t i = 0; i < n; ++i)
        v[i] = static_cast<unsigned char>(i * 131u + 7u);
    return v;
}

void BM_Sm3hash(benchmark::State &state)
{
    const auto msg = filled(static_cast<std::size_t>(state.range(0)));
    unsigned char digest[32];
    for (auto _ : state) {
        benchmark::DoNotOptimize(sm3hash(256, msg.data(), 8ull * msg.size(), digest));
        benchmark::ClobberMemory();
    }
    state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations()) * state.range(0));
}
BENCHMARK(BM_Sm3hash)->Arg(64)->Arg(1024)->Arg(64 * 1024);

void BM_PseudoXof1KiBOut(benchmark::State &state)
{
    const auto msg = filled(64);
    std::vector<unsigned char> out(1024);
    for (auto _ : state) {
        benchmark::DoNotOptimize(pseudoXOF(8ull * out.size(), msg.data(), 8ull * msg.size(), out.data()));
        benchmark::ClobberMemory();
    }
    state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations()) * static_cast<std::int64_t>(out.size()));
}
BENCHMARK(BM_PseudoXof1KiBOut);

void BM_Pseudohash1024(benchmark::State &state)
{
    const auto msg = filled(static_cast<std::size_t>(state.range(0)));
    unsigned char digest[128];
    for (auto _ : state) {
        benchmark::DoNotOptimize(pseudohash(1024, msg.data(), 8ull * msg.size(), digest));
        benchmark::ClobberMemory();
    }
    state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations()) * state.range(0));
}
BENCHMARK(BM_Pseudohash1024)->Arg(64)->Arg(1024);

void BM_GetRandomNumber512(benchmark::State &state)
{
    const auto seed = filled(48);
    DRNG_ctx ctx;
    init_random_number(&ctx, seed.data(), seed.size());
    unsigned char out[64];
    for (auto _ : state) {
        benchmark::DoNotOptimize(get_random_number(&ctx, out, 512));
        benchmark::ClobberMemory();
    }
    state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations()) * 64);
}
BENCHMARK(BM_GetRandomNumber512);

} // namespace
