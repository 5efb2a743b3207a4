// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/runner/kat.h"

#include "core/base/digest.h"
#include "core/runner/measure.h"
#include "drng.h"

#include <chrono>

namespace kexbench {

namespace {

// Prints each step's outputs in the official order as the exchange runs.
class KatPrinter {
public:
    explicit KatPrinter(std::string &out) : out_(out) {}

    void before(const Step &step) { note_current_step(step); }
    void after(const Step &step, const ExchangeBuffers &b)
    {
        switch (step.kind) {
        case StepKind::InitA:
            item("PKa", b.pka, b.pka_len);
            item("SKa", b.ska, b.ska_len);
            item("Init_Sta", b.sta, b.sta_len);
            break;
        case StepKind::InitB:
            item("PKb", b.pkb, b.pkb_len);
            item("SKb", b.skb, b.skb_len);
            item("Init_Stb", b.stb, b.stb_len);
            break;
        case StepKind::Pass: {
            const std::string k = std::to_string(step.pass);
            const bool by_a = step.pass % 2 == 1;
            item("Pass" + k + (by_a ? "_Sta" : "_Stb"), by_a ? b.sta : b.stb, by_a ? b.sta_len : b.stb_len);
            item("M" + k, b.msg[step.pass], b.msg_len[step.pass]);
            break;
        }
        case StepKind::DeriveA:
        case StepKind::DeriveB:
            break;
        }
    }

    void line(const std::string &name, const std::string &value) { out_ += name + " = " + value + "\n"; }

    // A length above the capacity is reported by the exchange checks; the
    // printer only shows what lies inside the buffer.
    void item(const std::string &name, const GuardedBuffer &buf, unsigned long long len)
    {
        line(name + "_Len", std::to_string(len));
        size_t shown = len > buf.capacity() ? buf.capacity() : static_cast<size_t>(len);
        line(name, to_hex(buf.data(), shown));
    }

private:
    std::string &out_;
};

} // namespace

KatGeneration generate_kat(const Instance &inst, int records)
{
    KatGeneration gen;
    DRNG_ctx master;
    const std::string nonce = [] {
        std::string s;
        for (int i = 0; i < 16; ++i)
            s += "seed";
        return s;
    }();
    init_random_number(&master, reinterpret_cast<const unsigned char *>(nonce.data()), nonce.size());

    ExchangeBuffers buffers(inst.capacities());
    KatPrinter printer(gen.text);
    for (int count = 0; count < records; ++count) {
        unsigned char seed[64];
        get_random_number(&master, seed, 512);
        inst.api().seed(seed, sizeof seed);

        printer.line("Count", std::to_string(count));
        printer.line("Seed_Len", "64");
        printer.line("Seed", to_hex(seed, sizeof seed));
        printer.line("Pass_Num", std::to_string(inst.capacities().passes));

        auto start = std::chrono::steady_clock::now();
        gen.outcome = run_exchange(inst, buffers, ExchangeOptions{}, printer);
        gen.exchange_seconds_total += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        if (!gen.outcome.ok()) {
            gen.outcome.reason = "record " + std::to_string(count) + ": " + gen.outcome.reason;
            return gen;
        }
        printer.item("SS", buffers.ssa, buffers.ssa_len);
        gen.text += "\n";
        gen.records_done = count + 1;
    }
    return gen;
}

} // namespace kexbench
