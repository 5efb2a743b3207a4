// SPDX-License-Identifier: GPL-3.0-or-later
// fork/execve with every descriptor O_CLOEXEC and no global state, so several
// threads (the GUI's workers) may run children at once. Between fork and execve
// the child only makes async-signal-safe calls on data prepared before fork.
#include "core/process.h"

#include <fcntl.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>

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

// Everything the child touches, built before fork: no allocation may happen after it.
struct ChildPlan {
    std::string exe;
    std::vector<std::string> env;
    std::vector<char *> argv;
    std::vector<char *> envp;
    bool pin = false;
    cpu_set_t cpus{};
    int in = -1, out = -1, err = -1, status = -1;
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

std::string prepare(const ProcessSpec &spec, ChildPlan &plan)
{
    const std::string &program = spec.argv.front();
    if (spec.cpu && (*spec.cpu < 0 || *spec.cpu >= CPU_SETSIZE))
        return "cannot run " + program + ": CPU " + std::to_string(*spec.cpu) + " is out of range";
    plan.exe = find_in_path(program);
    plan.env = child_environment(spec.extra_env);
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

[[noreturn]] void child_fail(int status_fd, Stage stage, int err)
{
    ChildFailure f{stage, err};
    ssize_t ignored = ::write(status_fd, &f, sizeof f);
    (void)ignored;
    ::_exit(127);
}

// Runs in the forked child: async-signal-safe calls only.
[[noreturn]] void run_child(const ChildPlan &p)
{
    ::setpgid(0, 0); // own process group, so a timeout kills the runner and anything it started
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
    case Stage::exec: break;
    }
    return "cannot run " + program + ": " + std::strerror(f.err);
}

// False only when the child was already reaped elsewhere (e.g. a SIGCHLD handler in the host program).
bool reap(pid_t pid, int &status)
{
    for (;;) {
        if (::waitpid(pid, &status, 0) == pid)
            return true;
        if (errno != EINTR)
            return false;
    }
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

// The parent's side of a running child: its pipes, its pidfd and what came out.
class Exchange {
public:
    Exchange(pid_t pid, Fd in, Fd out, Fd err, const std::string &input)
        : pid_(pid), in_(std::move(in)), out_(std::move(out)), err_(std::move(err)), input_(input)
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
            if (Clock::now() >= deadline) {
                note_exit(); // it may have exited since the last look: then it was not a timeout
                break;
            }
            wait_for_io(deadline);
            if (note_exit())
                deadline = std::min(deadline, exit_time_ + kExitGrace);
        }
        r.timed_out = !exited_ && !r.cancelled;
        r.wall_seconds = std::chrono::duration<double>((exited_ ? exit_time_ : Clock::now()) - start).count();
        // A timed-out child, or descendants still holding the pipes, die with the whole group.
        if (!exited_ || out_.open() || err_.open())
            ::kill(-pid_, SIGKILL);
        r.out = std::move(out_text_);
        r.err = std::move(err_text_);
    }

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
        return static_cast<int>(left);
    }

    // Reads what is available now; EOF or an error closes the stream.
    static void drain(Fd &fd, std::string &text)
    {
        char buf[kChunk];
        while (fd.open()) {
            ssize_t got = ::read(fd.get(), buf, sizeof buf);
            if (got > 0) {
                text.append(buf, static_cast<size_t>(got));
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
    std::string out_text_, err_text_;
    bool exited_ = false;
    const std::atomic<bool> *cancel_ = nullptr;
    Clock::time_point exit_time_{};
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
    ChildPlan plan;
    if (r.error = prepare(spec, plan); !r.error.empty())
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
    pid_t pid = ::fork();
    if (pid < 0) {
        r.error = "cannot run " + spec.argv.front() + ": fork: " + std::strerror(errno);
        return r;
    }
    if (pid == 0)
        run_child(plan);

    // Only the child may keep its ends open, or EOF would never arrive.
    for (Fd *fd : {&p.in_r, &p.out_w, &p.err_w, &p.status_w})
        fd->reset();
    int status = 0;
    if (r.error = read_start_status(p.status_r, spec); !r.error.empty()) {
        reap(pid, status);
        return r;
    }
    r.started = true;
    Exchange(pid, std::move(p.in_w), std::move(p.out_r), std::move(p.err_r), spec.stdin_data)
        .run(deadline, spec.cancel, r);
    if (reap(pid, status))
        record_end(status, r);
    return r;
}

std::string ProcessResult::describe_end() const
{
    if (!started)
        return "not started: " + error;
    if (cancelled)
        return "cancelled";
    if (timed_out)
        return "timed out after " + seconds_text(timeout_seconds) + " s";
    if (signal > 0) {
        const char *name = ::strsignal(signal);
        return "killed by signal " + std::to_string(signal) + " (" + (name ? name : "unknown") + ")";
    }
    return "exit code " + std::to_string(exit_code);
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
