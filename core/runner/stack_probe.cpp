// SPDX-License-Identifier: GPL-3.0-or-later
// The exact stack probe: one exchange runs on a private stack, and every
// selected step is called through kexbench_stack_thunk (stack_thunk.S), which
// paints the private stack below the step's entry stack pointer right before
// the step runs and finds the lowest changed word right after it returns. The
// figure is the bytes between the entry stack pointer and that word: the
// step's own frames and everything it calls, with word (8-byte) resolution.
// The return address is not counted (on x86-64 it sits at the entry stack
// pointer, on aarch64 it is in a register). A step that writes the paint word
// itself to its deepest slot would be under-counted by that word.
#include "core/runner/measure.h"

#include <sys/mman.h>
#include <ucontext.h>
#include <unistd.h>

#if (defined(__x86_64__) || defined(__aarch64__)) && !defined(__SANITIZE_ADDRESS__)
#define KEXBENCH_STACK_THUNK 1
#endif

#if KEXBENCH_STACK_THUNK
extern "C" {
#define KEXBENCH_HIDDEN __attribute__((visibility("hidden")))
KEXBENCH_HIDDEN extern uintptr_t kexbench_thunk_lo, kexbench_thunk_paint, kexbench_thunk_target;
KEXBENCH_HIDDEN extern uintptr_t kexbench_thunk_entry_sp, kexbench_thunk_lowest;
KEXBENCH_HIDDEN void kexbench_stack_thunk();
}
#endif

namespace kexbench {

#if KEXBENCH_STACK_THUNK
namespace {

constexpr size_t kProbeStackBytes = size_t{64} << 20;
constexpr uintptr_t kPaint = 0x5AA5C33CF00F9669ull;

template <class Fn>
Fn thunk_as()
{
    return reinterpret_cast<Fn>(&kexbench_stack_thunk);
}

// The function pointer the exchange calls for `step`.
template <class Visit>
void visit_entry(InstanceApi &api, const Step &step, Visit visit)
{
    switch (step.kind) {
    case StepKind::InitA:
        visit(api.init_a);
        break;
    case StepKind::InitB:
        visit(api.init_b);
        break;
    case StepKind::Pass:
        if (step.pass == 1)
            visit(api.pass1);
        else
            visit(api.pass[step.pass]);
        break;
    case StepKind::DeriveA:
        visit(api.derive_a);
        break;
    case StepKind::DeriveB:
        visit(api.derive_b);
        break;
    }
}

struct StackProbe {
    const Instance *inst = nullptr;
    Operation op;
    InstanceApi thunked; // the instance's API with the selected steps replaced by the thunk
    ucontext_t main_ctx{}, probe_ctx{};
    ExchangeOutcome outcome;
    uint64_t deepest = 0;
    bool ran = false; // the selected step was called: a pass the exchange never reaches gives no figure

    bool selected(const Step &s) const { return op.whole_exchange || same_step(s, op.step); }

    // The thunk jumps to whatever kexbench_thunk_target holds: the real entry of this step.
    void before(const Step &s)
    {
        if (!selected(s))
            return;
        InstanceApi real = inst->api();
        visit_entry(real, s, [](auto fn) { kexbench_thunk_target = reinterpret_cast<uintptr_t>(fn); });
        note_current_step(s);
    }
    void after(const Step &s, const ExchangeBuffers &)
    {
        if (selected(s)) {
            deepest = std::max<uint64_t>(deepest, kexbench_thunk_entry_sp - kexbench_thunk_lowest);
            ran = true;
        }
    }
};

StackProbe *g_probe = nullptr;

void probe_entry()
{
    ExchangeBuffers buffers(g_probe->inst->capacities());
    g_probe->outcome = run_exchange(*g_probe->inst, g_probe->thunked, buffers, measuring_options(), *g_probe);
}

InstanceApi thunked_api(const Instance &inst, const Operation &op)
{
    InstanceApi api = inst.api();
    auto replace = [](auto &fn) {
        if (fn)
            fn = thunk_as<std::remove_reference_t<decltype(fn)>>();
    };
    if (op.whole_exchange) {
        for (StepKind k : {StepKind::InitA, StepKind::InitB, StepKind::DeriveA, StepKind::DeriveB})
            visit_entry(api, Step{k, 0}, replace);
        for (unsigned k = 1; k <= kMaxPasses; ++k)
            visit_entry(api, Step{StepKind::Pass, k}, replace);
    } else {
        visit_entry(api, op.step, replace);
    }
    return api;
}

} // namespace
#endif

Result<uint64_t> measure_stack(const Instance &inst, const Operation &op)
{
#if !KEXBENCH_STACK_THUNK
    (void)inst, (void)op;
#if defined(__SANITIZE_ADDRESS__)
    return fail("not measured under AddressSanitizer (it does not follow private stacks)");
#else
    return fail("the stack probe has no thunk for this architecture");
#endif
#else
    const size_t page = static_cast<size_t>(::sysconf(_SC_PAGESIZE));
    void *map = ::mmap(nullptr, kProbeStackBytes + page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (map == MAP_FAILED)
        return fail("cannot map a probe stack");
    ::mprotect(map, page, PROT_NONE); // overflowing the probe stack faults instead of corrupting memory
    StackProbe probe;
    probe.inst = &inst;
    probe.op = op;
    probe.thunked = thunked_api(inst, op);
    unsigned char *lo = static_cast<unsigned char *>(map) + page;
    kexbench_thunk_lo = reinterpret_cast<uintptr_t>(lo);
    kexbench_thunk_paint = kPaint;
    g_probe = &probe;
    getcontext(&probe.probe_ctx);
    probe.probe_ctx.uc_stack.ss_sp = lo;
    probe.probe_ctx.uc_stack.ss_size = kProbeStackBytes;
    probe.probe_ctx.uc_link = &probe.main_ctx;
    makecontext(&probe.probe_ctx, probe_entry, 0);
    swapcontext(&probe.main_ctx, &probe.probe_ctx);
    g_probe = nullptr;
    ::munmap(map, kProbeStackBytes + page);
    if (!probe.outcome.ok())
        return fail("probe exchange: " + probe.outcome.reason);
    if (!probe.ran)
        return fail("the exchange never runs " + op.name());
    return probe.deepest;
#endif
}

} // namespace kexbench
