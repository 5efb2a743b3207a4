// ML-KEM (FIPS 203) key generation, encapsulation and decapsulation per set.
// Besides Google Benchmark's times, each benchmark reports the median and the
// minimum of per-operation counter ticks: TSC ticks on x86-64 ("cycles": the
// TSC runs at a constant rate, so on a machine without a PMU these are
// nominal-frequency cycles) and cntvct_el0 ticks on aarch64. The median is the
// figure to compare on a shared, noisy machine.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/base/clock.h"
#include "mlkem.h"

#include <benchmark/benchmark.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace {

namespace mk = kexbench::mlkem;

#if defined(__x86_64__)
constexpr const char *kTickName = "cycles";
std::uint64_t tick_start() { return kexbench::detail::tsc_start(); }
std::uint64_t tick_stop() { return kexbench::detail::tsc_stop(); }
#elif defined(__aarch64__)
constexpr const char *kTickName = "cntvct_ticks";
std::uint64_t tick_start() { return kexbench::detail::cntvct(); }
std::uint64_t tick_stop() { return kexbench::detail::cntvct(); }
#else
constexpr const char *kTickName = nullptr;
std::uint64_t tick_start() { return 0; }
std::uint64_t tick_stop() { return 0; }
#endif

// Per-operation ticks of one benchmark run; only the first samples are kept so
// that a long run does not grow the vector inside the loop without bound.
class Ticks {
public:
    Ticks() { samples_.reserve(kMax); }
    void add(std::uint64_t t)
    {
        if (samples_.size() < kMax)
            samples_.push_back(t);
    }
    void report(benchmark::State &state)
    {
        if (kTickName == nullptr || samples_.empty())
            return;
        std::sort(samples_.begin(), samples_.end());
        state.counters[kTickName] = static_cast<double>(samples_[samples_.size() / 2]);
        state.counters[std::string(kTickName) + "_min"] = static_cast<double>(samples_.front());
    }

private:
    static constexpr std::size_t kMax = 1 << 16;
    std::vector<std::uint64_t> samples_;
};

DRNG_ctx drng_from(std::uint8_t tag)
{
    DRNG_ctx drng;
    std::array<std::uint8_t, 32> seed{};
    seed.fill(tag);
    init_random_number(&drng, seed.data(), seed.size());
    return drng;
}

// A key pair and one ciphertext to it, for the benchmarks that need them.
struct Fixture {
    std::vector<std::uint8_t> ek, dk, ct;
    std::array<std::uint8_t, mk::kSharedBytes> key{};

    explicit Fixture(const mk::Params &p) : ek(p.ek_bytes), dk(p.dk_bytes), ct(p.ct_bytes)
    {
        DRNG_ctx drng = drng_from(1);
        if (mk::keygen(p, drng, ek.data(), dk.data()) != mk::Status::ok ||
            mk::encaps(p, drng, ek.data(), ct.data(), key.data()) != mk::Status::ok)
            ek.clear();
    }
};

void BM_Keygen(benchmark::State &state, const mk::Params *p)
{
    DRNG_ctx drng = drng_from(2);
    std::vector<std::uint8_t> ek(p->ek_bytes), dk(p->dk_bytes);
    Ticks ticks;
    for (auto _ : state) {
        const std::uint64_t t0 = tick_start();
        const mk::Status s = mk::keygen(*p, drng, ek.data(), dk.data());
        ticks.add(tick_stop() - t0);
        if (s != mk::Status::ok) {
            state.SkipWithError("keygen failed");
            break;
        }
        benchmark::DoNotOptimize(dk.data());
    }
    ticks.report(state);
}

void BM_Encaps(benchmark::State &state, const mk::Params *p)
{
    const Fixture f(*p);
    if (f.ek.empty())
        return state.SkipWithError("no key pair");
    DRNG_ctx drng = drng_from(3);
    std::vector<std::uint8_t> ct(p->ct_bytes);
    std::array<std::uint8_t, mk::kSharedBytes> key{};
    Ticks ticks;
    for (auto _ : state) {
        const std::uint64_t t0 = tick_start();
        const mk::Status s = mk::encaps(*p, drng, f.ek.data(), ct.data(), key.data());
        ticks.add(tick_stop() - t0);
        if (s != mk::Status::ok) {
            state.SkipWithError("encaps failed");
            break;
        }
        benchmark::DoNotOptimize(key.data());
    }
    ticks.report(state);
}

void BM_Decaps(benchmark::State &state, const mk::Params *p)
{
    const Fixture f(*p);
    if (f.ek.empty())
        return state.SkipWithError("no key pair");
    std::array<std::uint8_t, mk::kSharedBytes> key{};
    Ticks ticks;
    for (auto _ : state) {
        const std::uint64_t t0 = tick_start();
        const mk::Status s = mk::decaps(*p, f.dk.data(), f.ct.data(), key.data());
        ticks.add(tick_stop() - t0);
        if (s != mk::Status::ok || key != f.key) {
            state.SkipWithError("decaps failed");
            break;
        }
        benchmark::DoNotOptimize(key.data());
    }
    ticks.report(state);
}

int register_all()
{
    for (const mk::Params *p : {&mk::kMlKem512, &mk::kMlKem768, &mk::kMlKem1024}) {
        const std::string set = p->name;
        benchmark::RegisterBenchmark(("BM_Keygen/" + set).c_str(), BM_Keygen, p);
        benchmark::RegisterBenchmark(("BM_Encaps/" + set).c_str(), BM_Encaps, p);
        benchmark::RegisterBenchmark(("BM_Decaps/" + set).c_str(), BM_Decaps, p);
    }
    return 0;
}

const int registered = register_all();

} // namespace
