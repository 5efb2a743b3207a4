// SPDX-License-Identifier: GPL-3.0-or-later
// kexbench-runner: the only program that loads candidate code. The CLI and
// the GUI start it as a child; it answers with one JSON object on a private
// copy of stdout (the answer channel), so an instance that prints cannot
// corrupt the answer and an instance that crashes takes only this child down.
// The channel sits at a random high descriptor and is closed right after the
// one answer; the parent refuses a second one (docs/method.md, "What a hostile
// instance can still fake").
#include "core/base/fsutil.h"
#include "core/campaign/host_description.h"
#include "core/campaign/runner_protocol.h"
#include "core/runner/instance.h"
#include "core/runner/instance_info.h"
#include "core/runner/kat.h"
#include "core/runner/measure.h"
#include "core/data/record.h"
#include "core/analysis/ct.h"

#include <nlohmann/json.hpp>

#include <cerrno>
#include <csignal>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <poll.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <optional>
#include <string>
#include <sys/random.h>
#include <sys/resource.h>
#include <unistd.h>
#include <vector>

namespace {

using kexbench::Instance;
using nlohmann::json;

int answer_fd = -1;
volatile sig_atomic_t answered = 0;

void write_fd(int fd, const char *text) { (void)!::write(fd, text, std::strlen(text)); }

// The runner's own word on how the child ended ("crashed (...) during pass2"),
// for the parent. Not on stderr: that is the instance's stream as much as
// ours, and a line it prints that looks like ours was once taken for ours.
// It goes as the one answer {"ok":false,"runner_diagnostic":"..."} on the
// answer channel. Honestly: no descriptor of this process is out of reach of
// the code it loads (tests/fixtures/forger finds the channel), and the step
// name is read from memory the instance shares. What the channel adds is that
// ordinary output never lands there, it takes one answer only (a second one
// is refused by the parent, so a forged answer followed by ours shows), and
// it is closed after the answer. Async-signal-safe: write() only, no allocation.
void answer_diagnostic(const char *what, const char *detail = "", const char *after = "")
{
    if (answered || answer_fd < 0)
        return;
    answered = 1;
    write_fd(answer_fd, "{\"ok\":false,\"runner_diagnostic\":\"");
    write_fd(answer_fd, what);
    write_fd(answer_fd, detail);
    write_fd(answer_fd, after);
    write_fd(answer_fd, " during ");
    write_fd(answer_fd, kexbench::current_step_name());
    write_fd(answer_fd, "\"}\n");
    ::close(answer_fd);
    answer_fd = -1;
}

// The parent sees only "killed by signal N"; say which step was running.
void on_crash(int sig)
{
    const char *name = sigdescr_np(sig) ? sigdescr_np(sig) : "signal";
    answer_diagnostic("crashed (", name, ")");
    std::signal(sig, SIG_DFL);
    std::raise(sig);
}

// An instance that calls exit() ends the child without an answer; say where.
void on_exit_without_answer() { answer_diagnostic("the instance called exit()"); }

void install_reporters()
{
    for (int sig : {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT, SIGTRAP, SIGSYS})
        std::signal(sig, on_crash);
    std::atexit(on_exit_without_answer);
}

// A descriptor number in [64, min(open-file limit, 4096)), drawn at random so
// an instance cannot write to a fixed number and hit the answer channel.
int random_high_fd()
{
    struct rlimit lim {};
    const rlim_t top = ::getrlimit(RLIMIT_NOFILE, &lim) == 0 && lim.rlim_cur < 4096 ? lim.rlim_cur : 4096;
    constexpr rlim_t bottom = 64;
    uint32_t draw = 0;
    if (top <= bottom + 1 || ::getrandom(&draw, sizeof draw, 0) != static_cast<ssize_t>(sizeof draw))
        return static_cast<int>(bottom);
    return static_cast<int>(bottom + draw % (top - bottom - 1));
}

// Moves our stdout out of the instance's reach: the answer channel goes to a
// random high descriptor closed on exec (a program the instance starts does not
// inherit it), and fd 1 becomes stderr.
void protect_stdout()
{
    answer_fd = ::fcntl(STDOUT_FILENO, F_DUPFD_CLOEXEC, random_high_fd());
    if (answer_fd < 0)
        answer_fd = ::fcntl(STDOUT_FILENO, F_DUPFD_CLOEXEC, 3);
    ::dup2(STDERR_FILENO, STDOUT_FILENO);
}

// Writes the one answer and closes the channel, so code that runs later (a
// destructor, an atexit handler) finds nothing of ours to write a second one to.
void answer(const json &j)
{
    if (answered || answer_fd < 0)
        return;
    answered = 1;
    std::string text = j.dump(-1, ' ', false, json::error_handler_t::replace) + "\n";
    const char *p = text.data();
    size_t left = text.size();
    while (left > 0) {
        ssize_t n = ::write(answer_fd, p, left);
        if (n <= 0)
            break;
        p += n;
        left -= static_cast<size_t>(n);
    }
    ::close(answer_fd);
    answer_fd = -1;
}

int usage()
{
    std::fprintf(stderr, "usage: kexbench-runner describe LIB\n"
                         "       kexbench-runner kat LIB --out FILE [--records N]\n"
                         "       kexbench-runner measure LIB --op OP --iterations N [--warmups W]\n"
                         "                               [--counter auto|perf|tsc|cntvct|ns] [--counter-hz HZ]\n"
                         "       kexbench-runner stack LIB --op OP [--passes stack,heap|stack|heap]\n"
                         "       kexbench-runner profile LIB --op OP --iterations N [--warmups W]\n"
                         "       kexbench-runner ct LIB --op OP [--budget S] [--max-measurements N] [--counter ...]\n"
                         "       kexbench-runner host [--cpu N] [--counter auto|perf|tsc|cntvct|ns]\n"
                         "       kexbench-runner --end-with-connection COMMAND ...  (ends when nobody reads stdout)\n"
                         "Started by kexbench-cli and the workbench; prints one JSON object.\n");
    answered = 1; // no instance was loaded: the exit reporter must not blame one
    return 2;
}

int describe(const std::string &lib)
{
    auto inst = Instance::load(lib);
    if (!inst) {
        answer(kexbench::to_json(kexbench::ErrorAnswer{inst.error(), std::nullopt}));
        return 1;
    }
    answer(kexbench::to_json(kexbench::DescribeAnswer{kexbench::describe_loaded(**inst)}));
    return 0;
}

int kat(const std::string &lib, const std::string &out, int records)
{
    auto inst = Instance::load(lib);
    if (!inst) {
        answer(kexbench::to_json(kexbench::ErrorAnswer{inst.error(), std::nullopt}));
        return 1;
    }
    kexbench::KatGeneration gen = kexbench::generate_kat(**inst, records);
    if (auto written = kexbench::write_file_atomic(out, gen.text); !written) {
        answer(kexbench::to_json(kexbench::ErrorAnswer{written.error(), kexbench::describe_loaded(**inst)}));
        return 1;
    }
    const bool complete = gen.outcome.ok();
    kexbench::KatAnswer a;
    a.status = complete ? "complete" : kexbench::exchange_status_name(gen.outcome.status);
    a.reason = gen.outcome.reason;
    a.records = gen.records_done;
    a.exchange_ms_avg = gen.records_done ? 1e3 * gen.exchange_seconds_total / gen.records_done : 0.0;
    a.instance = kexbench::describe_loaded(**inst);
    answer(kexbench::to_json(a));
    return complete ? 0 : 1;
}

// The measuring code's result in the protocol's words (core/campaign/runner_protocol.h).
kexbench::MeasureAnswer measure_answer(const kexbench::MeasureResult &r)
{
    kexbench::MeasureAnswer a;
    a.ok = r.complete;
    a.reason = r.reason;
    a.meta = r.meta;
    a.ticks = r.ticks;
    a.ns = r.ns;
    a.counter = r.counter;
    a.counter_unit = r.counter_unit;
    a.core_cycles = r.core_cycles;
    a.counter_hz = r.counter_hz;
    a.time_source = r.time_source;
    a.overhead = {r.overhead.pairs, r.overhead.min_ticks, r.overhead.median_ticks, r.overhead.min_ns};
    a.baseline_rss_bytes = r.baseline_rss_bytes;
    a.peak_rss_bytes = r.peak_rss_bytes;
    a.secret_mismatches = r.secret_mismatches;
    a.warmups = r.warmups_done;
    a.passes_run = r.shape.passes_run;
    a.msg_bytes.assign(r.shape.msg_bytes.begin(), r.shape.msg_bytes.end());
    a.audits = r.shape.audits;
    a.dropped_tick_pairs = r.dropped_tick_pairs;
    a.health = r.health;
    return a;
}

struct Options {
    std::string out, op = "exchange", counter = "auto";
    long long records = kexbench::kKatRecords, iterations = 1, warmups = 0;
    double counter_hz = 0;
    double budget_s = 10;
    long long max_measurements = 1000000;
    std::string passes = "stack,heap"; // the memory child's passes: stack,heap | stack | heap
};

// Parses "--key value" pairs after "<command> LIB"; false on anything unknown.
bool parse_options(const std::vector<std::string> &args, Options &o)
{
    for (size_t i = 2; i < args.size(); ++i) {
        if (i + 1 >= args.size())
            return false;
        const std::string &key = args[i], &value = args[++i];
        char *end = nullptr;
        if (key == "--out")
            o.out = value;
        else if (key == "--op")
            o.op = value;
        else if (key == "--counter")
            o.counter = value;
        else if (key == "--records")
            o.records = std::strtoll(value.c_str(), &end, 10);
        else if (key == "--iterations")
            o.iterations = std::strtoll(value.c_str(), &end, 10);
        else if (key == "--warmups")
            o.warmups = std::strtoll(value.c_str(), &end, 10);
        else if (key == "--counter-hz")
            o.counter_hz = std::strtod(value.c_str(), &end);
        else if (key == "--budget")
            o.budget_s = std::strtod(value.c_str(), &end);
        else if (key == "--max-measurements")
            o.max_measurements = std::strtoll(value.c_str(), &end, 10);
        else if (key == "--passes")
            o.passes = value;
        else
            return false;
        if (end && *end != '\0')
            return false;
    }
    return true;
}

int measure(const std::string &lib, const Options &o)
{
    auto inst = Instance::load(lib);
    if (!inst) {
        answer(kexbench::to_json(kexbench::ErrorAnswer{inst.error(), std::nullopt}));
        return 1;
    }
    kexbench::MeasureRequest req;
    req.operation = o.op;
    req.iterations = static_cast<uint64_t>(o.iterations);
    req.warmups = static_cast<int>(o.warmups);
    req.counter = o.counter;
    req.counter_hz = o.counter_hz;
    kexbench::MeasureResult r = kexbench::measure_operation(**inst, req);
    answer(kexbench::to_json(measure_answer(r)));
    return r.complete ? 0 : 1;
}

kexbench::ProfileAnswer profile_answer(const kexbench::ProfileResult &r)
{
    kexbench::ProfileAnswer a;
    a.ok = r.complete;
    a.reason = r.reason;
    a.meta = r.meta;
    a.operations = r.operations;
    a.total_ticks = r.total_ticks;
    for (const auto &c : r.calls)
        a.calls.push_back({c.fn, c.in_bits, c.out_bits, c.calls, c.ticks});
    a.tick_source = r.tick_source;
    a.tick_hz = r.tick_hz;
    a.overflow_calls = r.overflow_calls;
    a.secret_mismatches = r.secret_mismatches;
    a.warmups = r.warmups_done;
    return a;
}

// Hash/DRNG shares of one operation in a profiled build (TOTAL and CALL rows of the harness's hashprof).
int profile(const std::string &lib, const Options &o)
{
    auto inst = Instance::load(lib);
    if (!inst) {
        answer(kexbench::to_json(kexbench::ErrorAnswer{inst.error(), std::nullopt}));
        return 1;
    }
    kexbench::ProfileRequest req;
    req.operation = o.op;
    req.iterations = static_cast<uint64_t>(o.iterations);
    req.warmups = static_cast<int>(o.warmups);
    kexbench::ProfileResult r = kexbench::profile_operation(**inst, req);
    answer(kexbench::to_json(profile_answer(r)));
    return r.complete ? 0 : 1;
}

// The exchanges the heap pass counts after its warm-up: allocation counts that
// vary between exchanges show as a fractional calls-per-operation figure.
constexpr unsigned kHeapExchanges = 8;

// The memory pass of one operation: the exact stack probe (one exchange on a
// painted private stack), then the heap pass; --passes leaves one out (the
// campaign's --no-stack skips only the probe). Either may be unavailable (its
// reason is in the answer); the answer fails only when both are.
int stack(const std::string &lib, const Options &o)
{
    auto inst = Instance::load(lib);
    auto op = kexbench::parse_operation(o.op);
    if (!inst || !op) {
        answer(kexbench::to_json(
            kexbench::ErrorAnswer{inst ? "unknown operation '" + o.op + "'" : inst.error(), std::nullopt}));
        return 1;
    }
    const auto seed = kexbench::harness_seed();
    std::string why = "not asked for (--passes " + o.passes + ")";
    std::optional<uint64_t> bytes;
    if (o.passes != "heap") {
        inst.value()->api().seed(seed.data(), seed.size());
        if (auto stack = kexbench::measure_stack(**inst, *op))
            bytes = *stack;
        else
            why = stack.error();
    }
    kexbench::HeapResult heap;
    heap.reason = "not asked for (--passes " + o.passes + ")";
    if (o.passes != "stack") {
        inst.value()->api().seed(seed.data(), seed.size());
        heap = kexbench::measure_heap(**inst, *op, kHeapExchanges);
    }
    kexbench::MemoryAnswer a;
    a.instance_name = (*inst)->meta().instance;
    a.stack_bytes = bytes;
    a.stack_reason = why;
    if (heap.complete)
        a.heap = kexbench::HeapAnswer{heap.exchanges,   heap.peak_bytes,      heap.allocations,
                                      heap.bytes_total, heap.min_allocations, heap.max_allocations};
    a.heap_reason = heap.reason;
    answer(kexbench::to_json(a));
    return a.ok() ? 0 : 1;
}

// The constant-time check's measurements of one operation: ticks and classes
// (0 fixed, 1 random) in measuring order, both in the compact sample encoding.
int ct(const std::string &lib, const Options &o)
{
    auto inst = Instance::load(lib);
    if (!inst) {
        answer(kexbench::to_json(kexbench::ErrorAnswer{inst.error(), std::nullopt}));
        return 1;
    }
    kexbench::CtRequest req;
    req.operation = o.op;
    req.budget_s = o.budget_s;
    req.max_measurements = static_cast<uint64_t>(o.max_measurements);
    req.counter = o.counter;
    kexbench::CtResult r = kexbench::ct_operation(**inst, req);
    if (!r.complete) {
        answer(kexbench::ct_failure_json(r.reason));
        return 1;
    }
    kexbench::CtAnswer a;
    a.instance_name = (*inst)->meta().instance;
    a.counter = r.counter;
    a.counter_unit = r.counter_unit;
    a.stop = r.stop;
    a.elapsed_s = r.elapsed_s;
    a.dropped_tick_pairs = r.dropped_tick_pairs;
    a.ticks = r.ticks;
    a.classes = r.classes;
    answer(kexbench::to_json(a));
    return 0;
}

// The machine this runner runs on, as a campaign records it (counter, rate,
// environment, warnings): asked when the runner runs under emulation or on
// another host, where the parent's own description would be of the wrong machine.
int host(const std::vector<std::string> &args)
{
    std::string counter = "auto";
    std::optional<int> cpu;
    for (size_t i = 1; i < args.size(); i += 2) {
        if (i + 1 >= args.size())
            return usage();
        char *end = nullptr;
        if (args[i] == "--counter") {
            counter = args[i + 1];
        } else if (args[i] == "--cpu") {
            const long n = std::strtol(args[i + 1].c_str(), &end, 10);
            if (*end != '\0' || n < 0 || n > 4095)
                return usage();
            cpu = static_cast<int>(n);
        } else {
            return usage();
        }
    }
    answer(kexbench::to_json(kexbench::HostAnswer{kexbench::describe_this_host(counter, cpu)}));
    return 0;
}

// --end-with-connection (first, before the command): a runner started over ssh
// must not outlive its connection, but sshd only closes the pipes of a session
// whose channel is gone and kills nothing. So this process becomes a watcher
// and the runner goes on in a child (one thread, as locally): the watcher ends
// as the runner does, or kills it once nobody reads stdout, the answer channel,
// any more (a pipe's writer sees POLLERR when its reader is gone; sshd closes
// stdout, not always stderr, of a session whose client went away). The runner
// dies with the watcher.
[[noreturn]] void exit_like(int status)
{
    if (WIFSIGNALED(status)) {
        std::signal(WTERMSIG(status), SIG_DFL);
        std::raise(WTERMSIG(status));
        ::_exit(128 + WTERMSIG(status));
    }
    ::_exit(WIFEXITED(status) ? WEXITSTATUS(status) : 1);
}

void end_with_connection()
{
    const pid_t watcher = ::getpid();
    const pid_t runner = ::fork();
    if (runner < 0)
        return; // no watcher, then: the runner still runs
    if (runner == 0) {
        ::prctl(PR_SET_PDEATHSIG, SIGKILL);
        if (::getppid() != watcher)
            ::_exit(127);
        return;
    }
    // The watcher writes nothing: it only looks at stdout, and leaves right after the runner.
    ::close(STDIN_FILENO);
#ifdef SYS_pidfd_open
    const int pidfd = static_cast<int>(::syscall(SYS_pidfd_open, runner, 0));
#else
    const int pidfd = -1;
#endif
    pollfd fds[2] = {{STDOUT_FILENO, 0, 0}, {pidfd, POLLIN, 0}};
    int status = 0;
    for (;;) {
        if (::waitpid(runner, &status, WNOHANG) == runner)
            exit_like(status);
        // Without a pidfd (an old kernel), the runner's end is looked for every 10 ms.
        if (::poll(fds, pidfd >= 0 ? 2 : 1, pidfd >= 0 ? -1 : 10) > 0 && (fds[0].revents & (POLLERR | POLLHUP))) {
            ::kill(runner, SIGKILL);
            while (::waitpid(runner, &status, 0) < 0 && errno == EINTR) {
            }
            exit_like(status);
        }
    }
}

} // namespace

int main(int argc, char **argv)
{
    std::vector<std::string> args(argv + 1, argv + argc);
    if (!args.empty() && args[0] == "--end-with-connection") {
        args.erase(args.begin());
        end_with_connection();
    }
    protect_stdout();
    install_reporters();
    if (!args.empty() && args[0] == "host")
        return host(args);
    if (args.size() == 2 && args[0] == "describe")
        return describe(args[1]);
    Options o;
    if (args.size() < 2 || !parse_options(args, o))
        return usage();
    if (args[0] == "kat" && !o.out.empty() && o.records >= 1 && o.records <= 1000)
        return kat(args[1], o.out, static_cast<int>(o.records));
    if (args[0] == "measure" && o.iterations >= 1 && o.iterations <= 100000000 && o.warmups >= 0)
        return measure(args[1], o);
    if (args[0] == "stack" && (o.passes == "stack,heap" || o.passes == "stack" || o.passes == "heap"))
        return stack(args[1], o);
    if (args[0] == "ct" && o.budget_s > 0 && o.budget_s <= 86400 &&
        o.max_measurements > kexbench::kCtCalibrationMeasurements && o.max_measurements <= 100000000)
        return ct(args[1], o);
    if (args[0] == "profile" && o.iterations >= 1 && o.iterations <= 100000000 && o.warmups >= 0)
        return profile(args[1], o);
    return usage();
}
