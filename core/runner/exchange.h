// SPDX-License-Identifier: GPL-3.0-or-later
// One complete ICCS key exchange over guarded buffers: init_a, init_b, the
// passes, derive_a, derive_b. The KAT generator and the measuring loops share
// this one implementation of the calling sequence; they differ only in the
// hooks they pass (printing KAT lines, reading a clock around one step).
#pragma once

#include "core/runner/instance.h"

#include <array>
#include <cstring>
#include <string>
#include <vector>

namespace kexbench {

constexpr size_t kGuardBytes = 64;
constexpr unsigned char kGuardFill = 0xA5;

// A caller-owned buffer with kGuardBytes of 0xA5 on each side, so a write
// outside it is seen after the call that made it.
class GuardedBuffer {
public:
    GuardedBuffer() : GuardedBuffer(0) {}
    explicit GuardedBuffer(size_t capacity);
    unsigned char *data() { return storage_.data() + kGuardBytes; }
    const unsigned char *data() const { return storage_.data() + kGuardBytes; }
    size_t capacity() const { return capacity_; }
    bool guards_intact() const;

private:
    size_t capacity_;
    std::vector<unsigned char> storage_;
};

// An out-of-range sentinel that no honest pass writes as a length.
constexpr unsigned long long kLengthSentinel = 0xFFFFFFFFFFFF5A5Aull;

enum class StepKind { InitA, InitB, Pass, DeriveA, DeriveB };

struct Step {
    StepKind kind = StepKind::InitA;
    unsigned pass = 0; // 1..16 for StepKind::Pass
};

inline bool same_step(const Step &a, const Step &b) { return a.kind == b.kind && a.pass == b.pass; }

// "init_a", "init_b", "pass3", "derive_a", "derive_b": the operation names of records.
std::string step_name(const Step &step);

// All buffers and lengths of one exchange, sized from the getters.
// Message buffers are total_msg bytes each, as the official drivers allocate them.
struct ExchangeBuffers {
    explicit ExchangeBuffers(const Capacities &caps);

    Capacities caps;
    GuardedBuffer pka, ska, pkb, skb, sta, stb, ssa, ssb;
    std::array<GuardedBuffer, kMaxPasses + 1> msg; // msg[1..16]
    unsigned long long pka_len = 0, ska_len = 0, pkb_len = 0, skb_len = 0, sta_len = 0, stb_len = 0;
    unsigned long long ssa_len = 0, ssb_len = 0;
    std::array<unsigned long long, kMaxPasses + 1> msg_len{};
    unsigned passes_run = 0;
    std::vector<unsigned> untouched_passes; // passes that left their length at the sentinel (counted as 0)

    // Which buffer outgrew its guards, or empty.
    std::string damaged_guard() const;
};

enum class ExchangeStatus {
    Ok,
    CryptoFail,        // an API call returned < 0
    PassCountMismatch, // a pass returned 1 before/after the claimed count
    Overflow,          // guard bytes changed or a returned length above its capacity
    LengthUntouched,   // a pass left its output length at the sentinel
    SecretMismatch,    // derive_a and derive_b disagree
    EmptySecret,       // a derive reported a 0-byte shared secret: two empty secrets "match" but prove nothing
};

const char *exchange_status_name(ExchangeStatus status);

// "pass4 never wrote its message length m4_len"
std::string untouched_audit(unsigned pass);

struct ExchangeOutcome {
    ExchangeStatus status = ExchangeStatus::Ok;
    std::string reason; // one line, empty when Ok
    bool ok() const { return status == ExchangeStatus::Ok; }
};

struct ExchangeOptions {
    // Value every pass's output length is set to before the call. The official
    // KAT driver starts at 0; a sentinel no callee would write exposes a pass
    // that never writes its length (the "phantom message").
    unsigned long long initial_msg_len = 0;
    bool detect_untouched_msg_len = false;
    // With detection on: true records the pass in untouched_passes and counts
    // its message as 0 bytes (an audit finding, the exchange goes on); false
    // stops the exchange with LengthUntouched.
    bool untouched_len_is_zero = false;
    // Checking all guard bytes after every step is what attributes an overflow
    // to the step that made it; timing a whole exchange checks once at the end
    // so the scan stays out of the timed window.
    bool check_guards_each_step = true;
};

// Options of the measuring driver: sentinel lengths, untouched ones audited.
inline ExchangeOptions measuring_options(bool check_each_step = true)
{
    return {kLengthSentinel, true, true, check_each_step};
}

// Hooks with no-op defaults; before()/after() bracket exactly the API call.
struct NoHooks {
    void before(const Step &) {}
    void after(const Step &, const ExchangeBuffers &) {}
};

namespace detail {
ExchangeOutcome check_call(const Step &step, int rc, const ExchangeBuffers &b, const ExchangeOptions &options);
ExchangeOutcome check_pass_result(unsigned k, int rc, unsigned long long claimed, ExchangeBuffers &b,
                                  const ExchangeOptions &options);
ExchangeOutcome check_guards(const Step &step, const ExchangeBuffers &b);
ExchangeOutcome compare_secrets(const ExchangeBuffers &b);
void reset_lengths(ExchangeBuffers &b);
} // namespace detail

// Runs one exchange the way the harness drivers do (lengths reset to the
// capacities at the start, passes continued up to max(claimed, 3) while
// exported, every check after every call).
// `api` is inst.api() but for a probe that puts a thunk in front of a step
// (the stack probe); the capacities and exported passes stay the instance's.
template <class Hooks>
ExchangeOutcome run_exchange(const Instance &inst, const InstanceApi &api, ExchangeBuffers &b,
                             const ExchangeOptions &options, Hooks &hooks)
{
    const unsigned long long claimed = inst.capacities().passes;
    detail::reset_lengths(b);

    Step step{StepKind::InitA, 0};
    hooks.before(step);
    int rc = api.init_a(b.pka.data(), &b.pka_len, b.ska.data(), &b.ska_len, b.sta.data(), &b.sta_len);
    hooks.after(step, b);
    if (auto out = detail::check_call(step, rc, b, options); !out.ok())
        return out;

    step = {StepKind::InitB, 0};
    hooks.before(step);
    rc = api.init_b(b.pkb.data(), &b.pkb_len, b.skb.data(), &b.skb_len, b.stb.data(), &b.stb_len);
    hooks.after(step, b);
    if (auto out = detail::check_call(step, rc, b, options); !out.ok())
        return out;

    unsigned last_a = 0, last_b = 0; // pass numbers of the last message each party sent
    const unsigned need = static_cast<unsigned>(claimed > 3 ? claimed : 3);
    for (unsigned k = 1; k <= need; ++k) {
        if (!inst.has_pass(k))
            break; // the loader guarantees every pass up to the claimed count exists
        b.msg_len[k] = options.initial_msg_len;
        step = {StepKind::Pass, k};
        hooks.before(step);
        if (k == 1) {
            rc = api.pass1(b.ska.data(), b.ska_len, b.pkb.data(), b.pkb_len, b.sta.data(), &b.sta_len, b.msg[1].data(),
                           &b.msg_len[1]);
        } else if (k % 2 == 1) {
            rc = api.pass[k](b.ska.data(), b.ska_len, b.pkb.data(), b.pkb_len, b.msg[k - 1].data(), b.msg_len[k - 1],
                             b.sta.data(), &b.sta_len, b.msg[k].data(), &b.msg_len[k]);
        } else {
            rc = api.pass[k](b.skb.data(), b.skb_len, b.pka.data(), b.pka_len, b.msg[k - 1].data(), b.msg_len[k - 1],
                             b.stb.data(), &b.stb_len, b.msg[k].data(), &b.msg_len[k]);
        }
        hooks.after(step, b);
        b.passes_run = k;
        if (auto out = detail::check_pass_result(k, rc, claimed, b, options); !out.ok())
            return out;
        (k % 2 == 1 ? last_a : last_b) = k;
        if (rc == 1)
            break;
    }

    unsigned char *mb = last_b ? b.msg[last_b].data() : nullptr;
    unsigned long long mb_len = last_b ? b.msg_len[last_b] : 0;
    step = {StepKind::DeriveA, 0};
    hooks.before(step);
    rc = api.derive_a(b.ska.data(), b.ska_len, b.pkb.data(), b.pkb_len, mb, mb_len, b.sta.data(), b.sta_len,
                      b.ssa.data(), &b.ssa_len);
    hooks.after(step, b);
    if (auto out = detail::check_call(step, rc, b, options); !out.ok())
        return out;

    unsigned char *ma = last_a ? b.msg[last_a].data() : nullptr;
    unsigned long long ma_len = last_a ? b.msg_len[last_a] : 0;
    step = {StepKind::DeriveB, 0};
    hooks.before(step);
    rc = api.derive_b(b.skb.data(), b.skb_len, b.pka.data(), b.pka_len, ma, ma_len, b.stb.data(), b.stb_len,
                      b.ssb.data(), &b.ssb_len);
    hooks.after(step, b);
    if (auto out = detail::check_call(step, rc, b, options); !out.ok())
        return out;

    if (!options.check_guards_each_step)
        if (auto out = detail::check_guards(Step{StepKind::DeriveB, 0}, b); !out.ok()) {
            out.reason = "the exchange wrote outside the " + b.damaged_guard() + " buffer";
            return out;
        }
    return detail::compare_secrets(b);
}

template <class Hooks>
ExchangeOutcome run_exchange(const Instance &inst, ExchangeBuffers &b, const ExchangeOptions &options, Hooks &hooks)
{
    return run_exchange(inst, inst.api(), b, options, hooks);
}

inline ExchangeOutcome run_exchange(const Instance &inst, ExchangeBuffers &b, const ExchangeOptions &options = {})
{
    NoHooks hooks;
    return run_exchange(inst, b, options, hooks);
}

} // namespace kexbench
