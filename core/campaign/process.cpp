// SPDX-License-Identifier: GPL-3.0-or-later
// clone(CLONE_VM | CLONE_VFORK)/execve, as posix_spawn does, with every
// descriptor O_CLOEXEC and no global state, so several threads (the GUI's
// workers) may run children at once. Between clone and execve the child only
// makes async-signal-safe calls on data prepared before clone, on its own stack.
#include "core/campaign/process.h"

#include <dirent.h>
#include <fcntl.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cctype>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <mutex>
#include <set>
#include <random>
#include <thread>

extern char **environ;

namespace kexbench {

namespace {

using Clock = std::chrono::steady_clock;

constexpr size_t kChunk = 64 * 1024;
// After the child exits, descendants may still hold its pipes: wait this long for EOF, then kill the group.
constexpr auto kExitGrace = std::chrono::milliseconds(200);
// How often a cancellation request is looked at while a child runs.
constexpr long long kCancelPollMs = 50;
// Without pidfd_open (old kernels, qemu-user), exit is noticed by polling this often.
constexpr int kExitPollMs = 10;
// While a memory limit is set, the child's resident memory is looked at this often.
constexpr long long kMemoryPollMs = 20;
// How long killed leftovers may take to be reaped before we stop waiting for them.
constexpr auto kLeftoverPatience = std::chrono::seconds(3);
// Every child carries the tokens of the run_process calls above it in this variable, so a process
// it leaves behind (re-parented to us, the subreaper) can be told apart from the host's own children.
constexpr const char *kTokenVariable = "KEXBENCH_PROCESS_TOKENS";
// The RLIMIT_CPU of a child is its timeout times the online CPUs plus this, so an honest child never meets it.
constexpr long long kCpuLimitMarginSeconds = 60;

class Fd {
public:
    Fd() = default;
    explicit Fd(int fd) : fd_(fd) {}
    ~Fd() { reset(); }
    Fd(Fd &&o) noexcept : fd_(o.fd_) { o.fd_ = -1; }
    Fd &operator=(Fd &&o) noexcept
    {
        if (this != &o) {
            reset();
            std::swap(fd_, o.fd_);
        }
        return *this;
    }
    int get() const { return fd_; }
    bool open() const { return fd_ >= 0; }
    void reset()
    {
        if (fd_ >= 0)
            ::close(fd_);
        fd_ = -1;
    }

private:
    int fd_ = -1;
};

// Keeps pipe ends off 0..2 so the child's dup2 onto stdin/stdout/stderr cannot clobber another end.
int above_stdio(int fd)
{
    if (fd < 0 || fd > 2)
        return fd;
    int moved = ::fcntl(fd, F_DUPFD_CLOEXEC, 3);
    ::close(fd);
    return moved;
}

bool make_pipe(Fd &read_end, Fd &write_end)
{
    int fds[2];
    if (::pipe2(fds, O_CLOEXEC) != 0)
        return false;
    read_end = Fd(above_stdio(fds[0]));
    write_end = Fd(above_stdio(fds[1]));
    return read_end.open() && write_end.open();
}

void set_nonblocking(const Fd &fd)
{
    int flags = ::fcntl(fd.get(), F_GETFL);
    if (flags >= 0)
        ::fcntl(fd.get(), F_SETFL, flags | O_NONBLOCK);
}

enum class Stage : int { exec, affinity, streams };

// Sent by the child over the CLOEXEC status pipe when it cannot reach execve.
struct ChildFailure {
    Stage stage;
    int err;
};

// Everything the child touches, built before clone: no allocation may happen after it.
struct ChildPlan {
    std::string exe;
    std::vector<std::string> env;
    std::vector<char *> argv;
    std::vector<char *> envp;
    bool pin = false;
    cpu_set_t cpus{};
    int in = -1, out = -1, err = -1, status = -1;
    pid_t parent = 0;   // getppid() must still say this after PR_SET_PDEATHSIG
    rlimit cpu_limit{}; // RLIMIT_CPU: the last resort against a child spinning forever
};

std::string find_in_path(const std::string &name)
{
    std::string found = find_executable(name);
    return found.empty() ? name : found; // execve then reports ENOENT
}

// The caller's environment with extra_env replacing any variable of the same name.
std::vector<std::string> child_environment(const std::vector<std::string> &extra)
{
    std::vector<std::string> env;
    for (char **e = environ; e && *e; ++e) {
        std::string entry = *e;
        std::string name = entry.substr(0, entry.find('=') + 1);
        bool replaced = std::any_of(extra.begin(), extra.end(),
                                    [&](const std::string &x) { return x.compare(0, name.size(), name) == 0; });
        if (!replaced)
            env.push_back(std::move(entry));
    }
    env.insert(env.end(), extra.begin(), extra.end());
    return env;
}

// A token unique to one run_process call of this process (and, by the random part, of this boot).
std::string new_token()
{
    static const unsigned long long process_part = [] {
        std::random_device rd;
        return (static_cast<unsigned long long>(rd()) << 32) ^ rd();
    }();
    static std::atomic<unsigned long long> counter{0};
    char buf[64];
    std::snprintf(buf, sizeof buf, "%d.%llx.%llu", static_cast<int>(::getpid()), process_part, ++counter);
    return buf;
}

// Our tokens variable with the child's own token appended: the child, and all it starts, carry both.
std::string token_entry(const std::string &token)
{
    const char *inherited = std::getenv(kTokenVariable);
    std::string entry = std::string(kTokenVariable) + "=";
    if (inherited && *inherited)
        entry += std::string(inherited) + " ";
    return entry + token;
}

// Timeout x online CPUs + a margin, and never above our own hard limit (which we could not raise).
rlimit cpu_limit_for(std::chrono::milliseconds timeout)
{
    long cpus = ::sysconf(_SC_NPROCESSORS_ONLN);
    double seconds = std::chrono::duration<double>(timeout).count() * static_cast<double>(std::max(cpus, 1L)) +
                     kCpuLimitMarginSeconds;
    rlim_t soft = static_cast<rlim_t>(std::min(seconds, 1e12));
    rlimit ours{};
    if (::getrlimit(RLIMIT_CPU, &ours) != 0)
        ours.rlim_max = RLIM_INFINITY;
    rlimit limit{};
    // SIGXCPU at the soft limit, SIGKILL at the hard one for a child that handles SIGXCPU.
    limit.rlim_max = ours.rlim_max == RLIM_INFINITY ? soft + 5 : std::min(soft + 5, ours.rlim_max);
    limit.rlim_cur = std::min(soft, limit.rlim_max);
    return limit;
}

std::string prepare(const ProcessSpec &spec, ChildPlan &plan, const std::string &token)
{
    const std::string &program = spec.argv.front();
    if (spec.cpu && (*spec.cpu < 0 || *spec.cpu >= CPU_SETSIZE))
        return "cannot run " + program + ": CPU " + std::to_string(*spec.cpu) + " is out of range";
    plan.exe = find_in_path(program);
    std::vector<std::string> extra = spec.extra_env;
    extra.push_back(token_entry(token));
    plan.env = child_environment(extra);
    plan.parent = ::getpid();
    plan.cpu_limit = cpu_limit_for(spec.timeout);
    for (const std::string &a : spec.argv)
        plan.argv.push_back(const_cast<char *>(a.c_str()));
    plan.argv.push_back(nullptr);
    for (std::string &e : plan.env)
        plan.envp.push_back(e.data());
    plan.envp.push_back(nullptr);
    if (spec.cpu) {
        plan.pin = true;
        CPU_ZERO(&plan.cpus);
        CPU_SET(*spec.cpu, &plan.cpus);
    }
    return {};
}

// The code between clone and execve runs in our memory (CLONE_VM) on a stack
// that is unmapped once the child has left it: AddressSanitizer must not mark
// that stack's shadow, which would outlive the mapping.
#if defined(__SANITIZE_ADDRESS__)
#define KEXBENCH_CHILD_CODE __attribute__((no_sanitize_address))
#else
#define KEXBENCH_CHILD_CODE
#endif

[[noreturn]] KEXBENCH_CHILD_CODE void child_fail(int status_fd, Stage stage, int err)
{
    ChildFailure f{stage, err};
    ssize_t ignored = ::write(status_fd, &f, sizeof f);
    (void)ignored;
    ::_exit(127);
}

// Runs in the child: async-signal-safe calls only, and no writes to memory it
// shares with us but its own stack.
[[noreturn]] KEXBENCH_CHILD_CODE void run_child(const ChildPlan &p)
{
    ::setpgid(0, 0); // own process group, so a timeout kills the runner and anything it started
    // Die with the parent (a CLI killed with kill -9). PDEATHSIG follows the *thread* that started it, not the
    // process: fine here, because run_process blocks that thread until the child has ended.
    ::prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (::getppid() != p.parent)
        ::_exit(127);                      // the parent died before prctl took effect
    ::setrlimit(RLIMIT_CPU, &p.cpu_limit); // a failure leaves only the timeout and PDEATHSIG
    sigset_t none;
    ::sigemptyset(&none);
    ::sigprocmask(SIG_SETMASK, &none, nullptr); // a GUI thread's blocked signals must not leak into the child
    struct sigaction dfl {};
    dfl.sa_handler = SIG_DFL;
    ::sigaction(SIGPIPE, &dfl, nullptr); // an ignored SIGPIPE would survive execve
    if (p.pin && ::sched_setaffinity(0, sizeof p.cpus, &p.cpus) != 0)
        child_fail(p.status, Stage::affinity, errno);
    if (::dup2(p.in, 0) < 0 || ::dup2(p.out, 1) < 0 || ::dup2(p.err, 2) < 0)
        child_fail(p.status, Stage::streams, errno);
    // Descriptors other threads opened without O_CLOEXEC must not reach the child either.
    ::close_range(3, ~0U, CLOSE_RANGE_CLOEXEC);
    ::execve(p.exe.c_str(), p.argv.data(), p.envp.data());
    child_fail(p.status, Stage::exec, errno);
}

// The child shares our memory until execve: a handler of ours (Qt's, the
// CLI's) must not run in it. Signals are blocked across clone; the child
// puts every caught signal back to its default before it unblocks them.
KEXBENCH_CHILD_CODE int child_entry(void *plan)
{
    for (int sig = 1; sig < NSIG; ++sig) {
        struct sigaction current {};
        if (::sigaction(sig, nullptr, &current) != 0 || current.sa_handler == SIG_IGN || current.sa_handler == SIG_DFL)
            continue;
        struct sigaction dfl {};
        dfl.sa_handler = SIG_DFL;
        ::sigaction(sig, &dfl, nullptr);
    }
    run_child(*static_cast<const ChildPlan *>(plan));
}

constexpr size_t kChildStackBytes = size_t{256} << 10;

// Why not fork: a fork copies our page tables under the memory-map lock and
// makes every page copy-on-write, so after each runner child every thread of
// ours (the GUI's paint buffers first) takes a page fault, with a TLB flush
// across CPUs, for each page it writes again: thousands per child, five
// children per record. With CLONE_VM the child borrows our memory until its
// execve, and CLONE_VFORK holds only the calling thread until then.
pid_t start_child(ChildPlan &plan)
{
    void *stack =
        ::mmap(nullptr, kChildStackBytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_STACK, -1, 0);
    if (stack == MAP_FAILED)
        return -1;
    sigset_t all, old;
    ::sigfillset(&all);
    ::pthread_sigmask(SIG_SETMASK, &all, &old);
    const pid_t pid =
        ::clone(child_entry, static_cast<char *>(stack) + kChildStackBytes, CLONE_VM | CLONE_VFORK | SIGCHLD, &plan);
    const int saved = errno;
    ::pthread_sigmask(SIG_SETMASK, &old, nullptr);
    ::munmap(stack, kChildStackBytes); // the child has called execve or _exit: it no longer uses it
    errno = saved;
    return pid;
}

// EOF on the status pipe means execve succeeded (it closed the CLOEXEC write end).
std::string read_start_status(const Fd &status, const ProcessSpec &spec)
{
    ChildFailure f{};
    ssize_t got;
    do
        got = ::read(status.get(), &f, sizeof f);
    while (got < 0 && errno == EINTR);
    if (got != static_cast<ssize_t>(sizeof f))
        return {};
    const std::string &program = spec.argv.front();
    switch (f.stage) {
    case Stage::affinity:
        return "cannot pin " + program + " to CPU " + std::to_string(*spec.cpu) + ": " + std::strerror(f.err);
    case Stage::streams:
        return "cannot run " + program + ": cannot set up its standard streams: " + std::strerror(f.err);
    case Stage::exec:
        break;
    }
    return "cannot run " + program + ": " + std::strerror(f.err);
}

// False only when the child was already reaped elsewhere (e.g. a SIGCHLD handler in the host program).
// wait4 also gives the child's CPU time and peak resident set (its own and its reaped children's).
bool reap(pid_t pid, int &status, rusage *usage = nullptr)
{
    rusage ignored{};
    for (;;) {
        if (::wait4(pid, &status, 0, usage ? usage : &ignored) == pid)
            return true;
        if (errno != EINTR)
            return false;
    }
}

// Our own resident high-water mark (VmHWM of /proc/self/status) in bytes; 0 when unreadable.
uint64_t own_peak_rss_bytes()
{
    FILE *f = std::fopen("/proc/self/status", "re");
    if (!f)
        return 0;
    char line[256];
    unsigned long long kib = 0;
    while (std::fgets(line, sizeof line, f))
        if (std::sscanf(line, "VmHWM: %llu kB", &kib) == 1)
            break;
    std::fclose(f);
    return static_cast<uint64_t>(kib) * 1024;
}

// The child's own peak resident set from wait4's ru_maxrss, or 0 when that cannot be told.
// exec records the outgoing mm's high-water mark in the child's figure, and a child started
// with clone(CLONE_VM) (or fork) execs from our mm (or its copy): ru_maxrss is at least our
// own peak at that moment. Our peak only grows, so a figure above it now is the child's own;
// one at or below it may be ours.
uint64_t child_peak_rss_bytes(const rusage &usage)
{
    const uint64_t reported = static_cast<uint64_t>(usage.ru_maxrss) * 1024; // ru_maxrss is in KiB
    return reported > own_peak_rss_bytes() ? reported : 0;
}

// Writing to a pipe whose reader is gone raises SIGPIPE, which would kill the caller (CLI or GUI):
// block it for this thread only, and consume the one this write raised.
ssize_t write_without_sigpipe(int fd, const char *data, size_t n)
{
    sigset_t pipe_set, old, pending;
    ::sigemptyset(&pipe_set);
    ::sigaddset(&pipe_set, SIGPIPE);
    ::sigpending(&pending);
    bool was_pending = ::sigismember(&pending, SIGPIPE) == 1;
    ::pthread_sigmask(SIG_BLOCK, &pipe_set, &old);
    ssize_t written = ::write(fd, data, n);
    int saved = errno;
    if (written < 0 && saved == EPIPE && !was_pending) {
        timespec zero{};
        ::sigtimedwait(&pipe_set, nullptr, &zero);
    }
    ::pthread_sigmask(SIG_SETMASK, &old, nullptr);
    errno = saved;
    return written;
}

// What is kept of one output stream: its head up to a limit (stdout) or its tail (stderr); the rest is
// only counted, so a child printing gigabytes costs us a bounded amount of memory.
class Capture {
public:
    enum class Keep { head, tail };
    Capture(Keep keep, size_t limit) : keep_(keep), limit_(limit) {}

    void add(const char *data, size_t n)
    {
        total_ += n;
        if (keep_ == Keep::head) {
            size_t room = limit_ - std::min(limit_, text_.size());
            text_.append(data, std::min(room, n));
            overflow_ = overflow_ || n > room;
            return;
        }
        text_.append(data, n);
        if (text_.size() > 2 * limit_ + kChunk) // trim now and then, not on every chunk
            trim();
    }
    std::string take()
    {
        if (keep_ == Keep::tail)
            trim();
        return std::move(text_);
    }
    uint64_t total() const { return total_; }
    bool overflow() const { return overflow_; }

private:
    void trim()
    {
        if (text_.size() > limit_)
            text_.erase(0, text_.size() - limit_);
    }
    Keep keep_;
    size_t limit_;
    std::string text_;
    uint64_t total_ = 0;
    bool overflow_ = false;
};

// The child's resident memory from /proc/PID/statm, opened once so a recycled pid cannot be read by mistake.
class MemoryWatch {
public:
    MemoryWatch(pid_t pid, uint64_t limit) : limit_(limit)
    {
        if (limit_ > 0)
            statm_ = Fd(::open(("/proc/" + std::to_string(pid) + "/statm").c_str(), O_RDONLY | O_CLOEXEC));
    }
    bool active() const { return statm_.open(); }
    // At most one look per kMemoryPollMs, however often the loop wakes up for output.
    bool exceeded()
    {
        if (!statm_.open())
            return false;
        Clock::time_point now = Clock::now();
        if (now - last_look_ < std::chrono::milliseconds(kMemoryPollMs))
            return false;
        last_look_ = now;
        char buf[128];
        ssize_t got = ::pread(statm_.get(), buf, sizeof buf - 1, 0);
        if (got <= 0)
            return false;
        buf[got] = '\0';
        unsigned long long size = 0, resident = 0;
        if (std::sscanf(buf, "%llu %llu", &size, &resident) != 2)
            return false;
        return resident * static_cast<uint64_t>(::sysconf(_SC_PAGESIZE)) > limit_;
    }

private:
    uint64_t limit_;
    Fd statm_;
    Clock::time_point last_look_{};
};

// The parent's side of a running child: its pipes, its pidfd and what came out.
class Exchange {
public:
    Exchange(pid_t pid, Fd in, Fd out, Fd err, const ProcessSpec &spec)
        : pid_(pid), in_(std::move(in)), out_(std::move(out)), err_(std::move(err)), input_(spec.stdin_data),
          out_text_(Capture::Keep::head, spec.out_limit_bytes), err_text_(Capture::Keep::tail, spec.err_tail_bytes),
          memory_(pid, spec.memory_limit_bytes)
    {
        for (const Fd *fd : {&in_, &out_, &err_})
            set_nonblocking(*fd);
        if (input_.empty())
            in_.reset();
#ifdef SYS_pidfd_open
        pidfd_ = Fd(static_cast<int>(::syscall(SYS_pidfd_open, pid, 0)));
#endif
    }

    void run(Clock::time_point deadline, const std::atomic<bool> *cancel, ProcessResult &r)
    {
        Clock::time_point start = Clock::now();
        cancel_ = cancel;
        while (!(exited_ && !out_.open() && !err_.open())) {
            if (cancel && cancel->load() && !exited_) {
                r.cancelled = true;
                break;
            }
            if (!exited_ && memory_.exceeded()) {
                r.memory_exceeded = true;
                break;
            }
            if (Clock::now() >= deadline) {
                note_exit(); // it may have exited since the last look: then it was not a timeout
                break;
            }
            wait_for_io(deadline);
            if (note_exit())
                deadline = std::min(deadline, exit_time_ + kExitGrace);
        }
        r.timed_out = !exited_ && !r.cancelled && !r.memory_exceeded;
        r.wall_seconds = std::chrono::duration<double>((exited_ ? exit_time_ : Clock::now()) - start).count();
        // A child still running dies with its whole group; descendants of one that ended (holding the
        // pipes or not) are left to LeftoverSweep, which counts them.
        if (!exited_)
            ::kill(-pid_, SIGKILL);
        r.out_bytes = out_text_.total();
        r.err_bytes = err_text_.total();
        r.out_overflow = out_text_.overflow();
        r.out = out_text_.take();
        r.err = err_text_.take();
    }

    bool killed_by_us() const { return !exited_; }

private:
    // True when the exit is seen for the first time.
    bool note_exit()
    {
        if (exited_ || !child_exited())
            return false;
        exited_ = true;
        exit_time_ = Clock::now();
        return true;
    }

    void wait_for_io(Clock::time_point deadline)
    {
        pollfd fds[4];
        nfds_t n = 0;
        auto add = [&](const Fd &fd, short events) {
            if (fd.open())
                fds[n++] = pollfd{fd.get(), events, 0};
        };
        add(out_, POLLIN);
        add(err_, POLLIN);
        add(in_, POLLOUT);
        if (!exited_)
            add(pidfd_, POLLIN);
        if (::poll(fds, n, poll_timeout(deadline)) <= 0)
            return; // timeout or EINTR: the caller re-checks the deadline and the child
        drain(out_, out_text_);
        drain(err_, err_text_);
        feed();
    }

    int poll_timeout(Clock::time_point deadline) const
    {
        auto left = std::chrono::ceil<std::chrono::milliseconds>(deadline - Clock::now()).count();
        left = std::clamp<long long>(left, 0, 60 * 60 * 1000);
        if (!exited_ && !pidfd_.open())
            left = std::min<long long>(left, kExitPollMs);
        if (cancel_)
            left = std::min<long long>(left, kCancelPollMs);
        if (memory_.active() && !exited_)
            left = std::min<long long>(left, kMemoryPollMs);
        return static_cast<int>(left);
    }

    // Reads what is available now; EOF or an error closes the stream.
    static void drain(Fd &fd, Capture &text)
    {
        char buf[kChunk];
        while (fd.open()) {
            ssize_t got = ::read(fd.get(), buf, sizeof buf);
            if (got > 0) {
                text.add(buf, static_cast<size_t>(got));
                continue;
            }
            if (got < 0 && errno == EINTR)
                continue;
            if (got < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
                return;
            fd.reset();
        }
    }

    // Writes as much stdin as the pipe takes; closes it when done or when the child stops reading.
    void feed()
    {
        while (in_.open()) {
            size_t n = std::min(kChunk, input_.size() - fed_);
            ssize_t put = write_without_sigpipe(in_.get(), input_.data() + fed_, n);
            if (put > 0)
                fed_ += static_cast<size_t>(put);
            else if (put < 0 && errno == EINTR)
                continue;
            else if (put < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
                return;
            else
                in_.reset();
            if (fed_ == input_.size())
                in_.reset();
        }
    }

    // WNOWAIT leaves the zombie in place, so the pid (and the process group id) cannot be reused before kill.
    bool child_exited() const
    {
        siginfo_t info{};
        if (::waitid(P_PID, static_cast<id_t>(pid_), &info, WEXITED | WNOHANG | WNOWAIT) != 0)
            return errno == ECHILD; // someone else reaped it: nothing left to wait for
        return info.si_pid == pid_;
    }

    pid_t pid_;
    Fd in_, out_, err_, pidfd_;
    const std::string &input_;
    size_t fed_ = 0;
    Capture out_text_, err_text_;
    MemoryWatch memory_;
    bool exited_ = false;
    const std::atomic<bool> *cancel_ = nullptr;
    Clock::time_point exit_time_{};
};

// --- Leftovers: processes a child left behind -----------------------------------------------------

// We become a child subreaper once: orphans of our children's descendants are then re-parented to us
// instead of to PID 1, where we can find, kill and reap them.
void become_subreaper()
{
    static std::once_flag once;
    std::call_once(once, [] { ::prctl(PR_SET_CHILD_SUBREAPER, 1); });
}

struct ProcStat {
    char state = '?';
    pid_t ppid = 0, pgrp = 0;
    unsigned long long start = 0; // start time in clock ticks: with the pid, one process's identity
};

std::optional<ProcStat> read_stat(pid_t pid)
{
    Fd fd(::open(("/proc/" + std::to_string(pid) + "/stat").c_str(), O_RDONLY | O_CLOEXEC));
    if (!fd.open())
        return std::nullopt;
    char buf[1024];
    ssize_t got = ::read(fd.get(), buf, sizeof buf - 1);
    if (got <= 0)
        return std::nullopt;
    buf[got] = '\0';
    const char *after_comm = std::strrchr(buf, ')'); // the command name may hold spaces and parentheses
    if (!after_comm)
        return std::nullopt;
    ProcStat st;
    int ppid = 0, pgrp = 0;
    // state ppid pgrp session tty_nr tpgid flags minflt cminflt majflt cmajflt utime stime cutime cstime
    // priority nice num_threads itrealvalue starttime
    if (std::sscanf(after_comm + 1, " %c %d %d %*d %*d %*d %*u %*u %*u %*u %*u %*u %*u %*d %*d %*d %*d %*d %*d %llu",
                    &st.state, &ppid, &pgrp, &st.start) != 4)
        return std::nullopt;
    st.ppid = ppid;
    st.pgrp = pgrp;
    return st;
}

// True when the process's environment carries the token (our children's descendants inherit it).
bool carries_token(pid_t pid, const std::string &token)
{
    Fd fd(::open(("/proc/" + std::to_string(pid) + "/environ").c_str(), O_RDONLY | O_CLOEXEC));
    if (!fd.open())
        return false;
    std::string env;
    char buf[4096];
    for (ssize_t got; (got = ::read(fd.get(), buf, sizeof buf)) > 0 && env.size() < (size_t{1} << 20);)
        env.append(buf, static_cast<size_t>(got));
    const std::string prefix = std::string(kTokenVariable) + "=";
    for (size_t pos = 0; pos < env.size();) {
        size_t end = std::min(env.find('\0', pos), env.size());
        if (env.compare(pos, prefix.size(), prefix) == 0) {
            std::string words = " " + env.substr(pos + prefix.size(), end - pos - prefix.size()) + " ";
            return words.find(" " + token + " ") != std::string::npos;
        }
        pos = end + 1;
    }
    return false;
}

template <class F>
void for_each_process(F &&f)
{
    DIR *dir = ::opendir("/proc");
    if (!dir)
        return;
    while (const dirent *e = ::readdir(dir)) {
        char *end = nullptr;
        long pid = std::strtol(e->d_name, &end, 10);
        if (pid > 0 && end && *end == '\0')
            f(static_cast<pid_t>(pid));
    }
    ::closedir(dir);
}

// Finds, kills and reaps what one child left: the rest of its process group, and orphans re-parented
// to us that carry its token. Killing one may orphan its own children, so it repeats until none remain.
class LeftoverSweep {
public:
    LeftoverSweep(pid_t child, std::string token) : child_(child), token_(std::move(token)) {}

    // Returns how many live processes were found and killed.
    int run()
    {
        const pid_t self = ::getpid();
        const Clock::time_point give_up = Clock::now() + kLeftoverPatience;
        for (;;) {
            bool alive = false;
            for_each_process([&](pid_t pid) { alive = look_at(pid, self) || alive; });
            // For what forked since the scan. The child is an unreaped zombie, so its pid, and so its
            // group id, cannot be reused yet.
            ::kill(-child_, SIGKILL);
            bool unreaped = reap_ours(self);
            if ((!alive && !unreaped) || Clock::now() >= give_up)
                break;
            std::this_thread::sleep_for(std::chrono::milliseconds(2));
        }
        return static_cast<int>(killed_.size());
    }

private:
    // Kills pid when it is one of the child's leftovers; true when it is and still alive.
    bool look_at(pid_t pid, pid_t self)
    {
        if (pid == child_ || pid == self)
            return false;
        std::optional<ProcStat> st = read_stat(pid);
        if (!st)
            return false;
        auto known = killed_.find(pid);
        bool ours = known != killed_.end() && known->second == st->start;
        if (!ours)
            ours = st->pgrp == child_ || (st->ppid == self && carries_token(pid, token_));
        if (st->state == 'Z' && st->ppid == self && st->pgrp == child_) {
            ::waitpid(pid, nullptr, WNOHANG); // ended on its own and re-parented to us: not running, but reaped
            return false;
        }
        if (!ours || st->state == 'Z' || st->state == 'X')
            return false; // zombies are not running; reap_ours collects the killed ones re-parented to us
        killed_.emplace(pid, st->start);
        ::kill(pid, SIGKILL);
        return true;
    }

    // Reaps the killed processes that have become our zombies; true while some are not gone yet.
    bool reap_ours(pid_t self)
    {
        bool waiting = false;
        for (auto it = killed_.begin(); it != killed_.end(); ++it) {
            if (reaped_.count(it->first))
                continue;
            std::optional<ProcStat> st = read_stat(it->first);
            if (!st || st->start != it->second) {
                reaped_.insert(it->first); // gone, or reaped by its own parent and the pid reused
                continue;
            }
            // Only a process that is our child with the same start time is waited for: never another's.
            if (st->ppid == self && st->state == 'Z') {
                int status = 0;
                pid_t got = ::waitpid(it->first, &status, WNOHANG);
                if (got == it->first || (got < 0 && errno == ECHILD))
                    reaped_.insert(it->first);
                else
                    waiting = true;
            } else {
                waiting = true; // killed, but its parent (also killed) has not let it go yet
            }
        }
        return waiting;
    }

    pid_t child_;
    std::string token_;
    std::map<pid_t, unsigned long long> killed_; // pid -> start time
    std::set<pid_t> reaped_;
};

void record_end(int status, ProcessResult &r)
{
    if (WIFEXITED(status))
        r.exit_code = WEXITSTATUS(status);
    else if (WIFSIGNALED(status))
        r.signal = WTERMSIG(status);
}

std::string seconds_text(double s)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%g", s);
    return buf;
}

struct Pipes {
    Fd in_r, in_w, out_r, out_w, err_r, err_w, status_r, status_w;
    bool make()
    {
        return make_pipe(in_r, in_w) && make_pipe(out_r, out_w) && make_pipe(err_r, err_w) &&
               make_pipe(status_r, status_w);
    }
};

} // namespace

ProcessResult run_process(const ProcessSpec &spec)
{
    ProcessResult r;
    r.timeout_seconds = std::chrono::duration<double>(spec.timeout).count();
    if (spec.argv.empty() || spec.argv.front().empty()) {
        r.error = "cannot run: empty command line";
        return r;
    }
    r.memory_limit_bytes = spec.memory_limit_bytes;
    r.out_limit_bytes = spec.out_limit_bytes;
    become_subreaper();
    const std::string token = new_token();
    ChildPlan plan;
    if (r.error = prepare(spec, plan, token); !r.error.empty())
        return r;
    Pipes p;
    if (!p.make()) {
        r.error = "cannot run " + spec.argv.front() + ": cannot create pipes: " + std::strerror(errno);
        return r;
    }
    plan.in = p.in_r.get();
    plan.out = p.out_w.get();
    plan.err = p.err_w.get();
    plan.status = p.status_w.get();

    Clock::time_point deadline = Clock::now() + spec.timeout;
    const pid_t pid = start_child(plan);
    if (pid < 0) {
        r.error = "cannot run " + spec.argv.front() + ": clone: " + std::strerror(errno);
        return r;
    }

    // Only the child may keep its ends open, or EOF would never arrive.
    for (Fd *fd : {&p.in_r, &p.out_w, &p.err_w, &p.status_w})
        fd->reset();
    int status = 0;
    if (r.error = read_start_status(p.status_r, spec); !r.error.empty()) {
        reap(pid, status);
        return r;
    }
    r.started = true;
    Exchange exchange(pid, std::move(p.in_w), std::move(p.out_r), std::move(p.err_r), spec);
    exchange.run(deadline, spec.cancel, r);
    // Processes left by a child we killed ourselves die with it, but only a child that ended on its own
    // is blamed for them.
    int leftovers = LeftoverSweep(pid, token).run();
    if (!exchange.killed_by_us())
        r.leftover_processes = leftovers;
    rusage usage{};
    if (reap(pid, status, &usage)) {
        record_end(status, r);
        r.cpu_seconds = static_cast<double>(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) +
                        static_cast<double>(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6;
        r.max_rss_bytes = child_peak_rss_bytes(usage);
        // It may have passed the limit between two looks and ended before the next one.
        if (spec.memory_limit_bytes > 0 && r.max_rss_bytes > spec.memory_limit_bytes)
            r.memory_exceeded = true;
    }
    return r;
}

bool ProcessResult::succeeded() const
{
    return started && !timed_out && !cancelled && !memory_exceeded && !out_overflow && leftover_processes == 0 &&
           signal == 0 && exit_code == 0;
}

std::string ProcessResult::describe_end() const
{
    if (!started)
        return "not started: " + error;
    if (cancelled)
        return "cancelled";
    if (memory_exceeded)
        return "exceeded the memory limit of " + bytes_text(memory_limit_bytes);
    if (timed_out)
        return "timed out after " + seconds_text(timeout_seconds) + " s";
    std::vector<std::string> parts;
    if (signal > 0) {
        const char *name = ::strsignal(signal);
        parts.push_back("killed by signal " + std::to_string(signal) + " (" + (name ? name : "unknown") + ")");
    } else if (exit_code != 0 || (!out_overflow && leftover_processes == 0)) {
        parts.push_back("exit code " + std::to_string(exit_code));
    }
    if (out_overflow)
        parts.push_back("printed more than " + bytes_text(out_limit_bytes) + " on its answer channel");
    if (leftover_processes > 0)
        parts.push_back("left " + std::to_string(leftover_processes) +
                        (leftover_processes == 1 ? " process" : " processes") + " running (killed)");
    std::string text = parts.front();
    for (size_t i = 1; i < parts.size(); ++i)
        text += (i + 1 == parts.size() ? " and " : ", ") + parts[i];
    return text;
}

std::string bytes_text(uint64_t bytes)
{
    static const char *const units[] = {"KiB", "MiB", "GiB", "TiB"};
    if (bytes < 1024)
        return std::to_string(bytes) + " bytes";
    double value = static_cast<double>(bytes);
    int unit = -1;
    while (value >= 1024 && unit < 3) {
        value /= 1024;
        ++unit;
    }
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.4g %s", value, units[unit]);
    return buf;
}

std::optional<uint64_t> parse_bytes(const std::string &text)
{
    if (text.empty() || !std::isdigit(static_cast<unsigned char>(text[0])))
        return std::nullopt;
    char *end = nullptr;
    errno = 0;
    double value = std::strtod(text.c_str(), &end);
    if (errno != 0 || !(value >= 0))
        return std::nullopt;
    std::string unit(end);
    for (char &c : unit)
        c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    static const std::pair<const char *, int> shifts[] = {{"", 0},   {"B", 0},    {"K", 10}, {"KIB", 10},
                                                          {"M", 20}, {"MIB", 20}, {"G", 30}, {"GIB", 30},
                                                          {"T", 40}, {"TIB", 40}};
    for (const auto &[name, shift] : shifts) {
        if (unit != name)
            continue;
        double bytes = value * static_cast<double>(uint64_t{1} << shift);
        if (bytes >= 1.8e19)
            return std::nullopt;
        return static_cast<uint64_t>(bytes);
    }
    return std::nullopt;
}

uint64_t default_memory_limit_bytes()
{
    const uint64_t eight_gib = uint64_t{8} << 30;
    const long pages = ::sysconf(_SC_PHYS_PAGES), page = ::sysconf(_SC_PAGESIZE);
    if (pages <= 0 || page <= 0)
        return eight_gib;
    return std::min(eight_gib, static_cast<uint64_t>(pages) * static_cast<uint64_t>(page) / 2);
}

std::string find_executable(const std::string &name)
{
    if (name.find('/') != std::string::npos)
        return ::access(name.c_str(), X_OK) == 0 ? name : std::string();
    const char *path = std::getenv("PATH");
    std::string dirs = path ? path : "/usr/local/bin:/usr/bin:/bin";
    for (size_t begin = 0; begin <= dirs.size();) {
        size_t end = std::min(dirs.find(':', begin), dirs.size());
        std::string dir = end > begin ? dirs.substr(begin, end - begin) : ".";
        std::string candidate = dir + "/" + name;
        if (::access(candidate.c_str(), X_OK) == 0)
            return candidate;
        begin = end + 1;
    }
    return {};
}

} // namespace kexbench
