// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/runner/exchange.h"

#include <algorithm>
#include <utility>

namespace kexbench {

GuardedBuffer::GuardedBuffer(size_t capacity) : capacity_(capacity), storage_(capacity + 2 * kGuardBytes, kGuardFill)
{
    // The usable part starts zero-filled like the official driver's calloc.
    std::fill(storage_.begin() + kGuardBytes, storage_.begin() + kGuardBytes + capacity, 0);
}

bool GuardedBuffer::guards_intact() const
{
    auto is_guard = [](unsigned char c) { return c == kGuardFill; };
    return std::all_of(storage_.begin(), storage_.begin() + kGuardBytes, is_guard) &&
           std::all_of(storage_.end() - kGuardBytes, storage_.end(), is_guard);
}

std::string step_name(const Step &step)
{
    switch (step.kind) {
    case StepKind::InitA:
        return "init_a";
    case StepKind::InitB:
        return "init_b";
    case StepKind::Pass:
        return "pass" + std::to_string(step.pass);
    case StepKind::DeriveA:
        return "derive_a";
    case StepKind::DeriveB:
        return "derive_b";
    }
    return "?";
}

ExchangeBuffers::ExchangeBuffers(const Capacities &c)
    : caps(c), pka(c.pk), ska(c.sk), pkb(c.pk), skb(c.sk), sta(c.sta), stb(c.stb), ssa(c.ss), ssb(c.ss)
{
    for (unsigned k = 1; k <= kMaxPasses; ++k)
        msg[k] = GuardedBuffer(c.total_msg);
}

std::string ExchangeBuffers::damaged_guard() const
{
    const std::pair<const char *, const GuardedBuffer *> named[] = {
        {"pka", &pka}, {"ska", &ska}, {"pkb", &pkb}, {"skb", &skb},
        {"sta", &sta}, {"stb", &stb}, {"ssa", &ssa}, {"ssb", &ssb},
    };
    for (const auto &[name, buf] : named)
        if (!buf->guards_intact())
            return name;
    for (unsigned k = 1; k <= kMaxPasses; ++k)
        if (!msg[k].guards_intact())
            return std::string("m").append(std::to_string(k)); // GCC 12 -Wrestrict false positive on "m" + string
    return {};
}

const char *exchange_status_name(ExchangeStatus status)
{
    switch (status) {
    case ExchangeStatus::Ok:
        return "ok";
    case ExchangeStatus::CryptoFail:
        return "cryptofail";
    case ExchangeStatus::PassCountMismatch:
        return "pass_count_mismatch";
    case ExchangeStatus::Overflow:
        return "overflow";
    case ExchangeStatus::LengthUntouched:
        return "length_untouched";
    case ExchangeStatus::SecretMismatch:
        return "secret_mismatch";
    case ExchangeStatus::EmptySecret:
        return "empty_secret";
    }
    return "?";
}

std::string untouched_audit(unsigned pass)
{
    const std::string k = std::to_string(pass);
    return std::string("pass").append(k).append(" never wrote its message length m").append(k).append("_len");
}

namespace detail {

namespace {

ExchangeOutcome failure(ExchangeStatus status, std::string reason) { return {status, std::move(reason)}; }

// The length a step reported for each output it has, with its capacity.
struct LengthCheck {
    const char *name;
    unsigned long long len;
    unsigned long long cap;
};

ExchangeOutcome check_lengths(const Step &step, std::initializer_list<LengthCheck> checks)
{
    for (const auto &c : checks)
        if (c.len > c.cap)
            return failure(ExchangeStatus::Overflow, step_name(step) + " returned " + c.name + " length " +
                                                         std::to_string(c.len) + " above its capacity " +
                                                         std::to_string(c.cap));
    return {};
}

} // namespace

ExchangeOutcome check_guards(const Step &step, const ExchangeBuffers &b)
{
    std::string damaged = b.damaged_guard();
    if (damaged.empty())
        return {};
    return failure(ExchangeStatus::Overflow, step_name(step) + " wrote outside the " + damaged + " buffer");
}

void reset_lengths(ExchangeBuffers &b)
{
    b.pka_len = b.pkb_len = b.caps.pk;
    b.ska_len = b.skb_len = b.caps.sk;
    b.sta_len = b.caps.sta;
    b.stb_len = b.caps.stb;
    b.ssa_len = b.ssb_len = b.caps.ss;
    b.msg_len.fill(0);
    b.passes_run = 0;
    b.untouched_passes.clear();
}

ExchangeOutcome check_call(const Step &step, int rc, const ExchangeBuffers &b, const ExchangeOptions &options)
{
    if (options.check_guards_each_step)
        if (auto out = check_guards(step, b); !out.ok())
            return out;
    const auto &c = b.caps;
    ExchangeOutcome out;
    switch (step.kind) {
    case StepKind::InitA:
        out = check_lengths(step, {{"pka", b.pka_len, c.pk}, {"ska", b.ska_len, c.sk}, {"sta", b.sta_len, c.sta}});
        break;
    case StepKind::InitB:
        out = check_lengths(step, {{"pkb", b.pkb_len, c.pk}, {"skb", b.skb_len, c.sk}, {"stb", b.stb_len, c.stb}});
        break;
    case StepKind::DeriveA:
        out = check_lengths(step, {{"ssa", b.ssa_len, c.ss}});
        break;
    case StepKind::DeriveB:
        out = check_lengths(step, {{"ssb", b.ssb_len, c.ss}});
        break;
    case StepKind::Pass:
        break;
    }
    if (!out.ok())
        return out;
    if (rc < 0)
        return failure(ExchangeStatus::CryptoFail, step_name(step) + " returned " + std::to_string(rc));
    return {};
}

ExchangeOutcome check_pass_result(unsigned k, int rc, unsigned long long claimed, ExchangeBuffers &b,
                                  const ExchangeOptions &options)
{
    const Step step{StepKind::Pass, k};
    if (options.check_guards_each_step)
        if (auto out = check_guards(step, b); !out.ok())
            return out;
    if (options.detect_untouched_msg_len && b.msg_len[k] == options.initial_msg_len) {
        if (!options.untouched_len_is_zero)
            return failure(ExchangeStatus::LengthUntouched, untouched_audit(k));
        b.untouched_passes.push_back(k);
        b.msg_len[k] = 0;
    }
    const bool own_a = k % 2 == 1;
    if (auto out = check_lengths(
            step, {{own_a ? "sta" : "stb", own_a ? b.sta_len : b.stb_len, own_a ? b.caps.sta : b.caps.stb},
                   {"message", b.msg_len[k], b.caps.total_msg}});
        !out.ok())
        return out;
    if (rc < 0)
        return failure(ExchangeStatus::CryptoFail, step_name(step) + " returned " + std::to_string(rc));
    if (rc == 1 && k != claimed)
        return failure(ExchangeStatus::PassCountMismatch, step_name(step) +
                                                              " returned 1 (last pass) but the instance claims " +
                                                              std::to_string(claimed) + " passes");
    return {};
}

ExchangeOutcome compare_secrets(const ExchangeBuffers &b)
{
    // Checked before the comparison: two 0-byte secrets compare equal.
    for (const auto &[fn, len] : {std::pair{"kex_derive_ss_a", b.ssa_len}, std::pair{"kex_derive_ss_b", b.ssb_len}})
        if (len == 0)
            return failure(ExchangeStatus::EmptySecret, std::string(fn).append(" wrote a 0-byte shared secret"));
    if (b.ssa_len != b.ssb_len)
        return failure(ExchangeStatus::SecretMismatch, "derive_a produced " + std::to_string(b.ssa_len) +
                                                           " bytes but derive_b " + std::to_string(b.ssb_len));
    if (std::memcmp(b.ssa.data(), b.ssb.data(), b.ssa_len) != 0)
        return failure(ExchangeStatus::SecretMismatch, "the shared secrets of A and B differ");
    return {};
}

} // namespace detail
} // namespace kexbench
