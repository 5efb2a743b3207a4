// SPDX-License-Identifier: GPL-3.0-or-later
// RemoteSession: one OpenSSH master connection per host, driven only through
// run_process() (timeouts, cancel), and the RunnerHost that starts runner
// children over it. The master runs in the foreground in a thread of its own
// rather than through ControlPersist: a backgrounded master would be a process
// left behind by a run_process() child, which run_process() kills and counts.
#include "core/campaign/remote.h"
#include "core/base/text.h"

#include "core/base/digest.h"
#include "core/base/discovery.h"
#include "core/base/elf_file.h"
#include "core/base/fsutil.h"
#include "core/campaign/process.h"

#include <elf.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <map>
#include <random>
#include <sstream>
#include <thread>

namespace fs = std::filesystem;

#ifndef KEXBENCH_INSTANCE_SUBDIR
#define KEXBENCH_INSTANCE_SUBDIR "lib/kexbench/instances"
#endif

namespace kexbench {

namespace {

using namespace std::chrono_literals;

// Seconds a runner child over ssh may take beyond a local one to start and end:
// a new session on the master connection (a round trip or two), the remote
// shell, and the answer's way back; generous for a slow link.
constexpr double kSshStartupAllowanceS = 5.0;
// Beyond ConnectTimeout: key exchange and authentication of the master.
constexpr auto kAuthenticationGrace = 30s;
// A master connection lives as long as its session; this only bounds a forgotten one.
constexpr auto kMasterLifetime = std::chrono::hours(24 * 30);
// How often open() looks whether the master's socket is there yet.
constexpr auto kMasterPoll = 20ms;
// Address space a remote runner may reserve beyond the resident limit the
// parent asked for: its own and its libraries' mappings, malloc arenas and
// thread stacks are reserved, not resident (a runner alone reserves ~80 MiB).
constexpr uint64_t kAddressSpaceMarginBytes = uint64_t{1} << 30;
// An AddressSanitizer build's runner (the sanitizer preset builds the runner
// with kexbench) reserves terabytes of shadow address space at start, which
// any `ulimit -v` forbids: its remote children go without the address-space
// limit; the CPU limit stays. Release builds always get both.
#if defined(__SANITIZE_ADDRESS__)
constexpr bool kRunnerReservesShadowMemory = true;
#else
constexpr bool kRunnerReservesShadowMemory = false;
#endif
// The same margin as a local child's RLIMIT_CPU (core/campaign/process.cpp).
constexpr long long kCpuLimitMarginSeconds = 60;
// Copying: a minimum link speed to derive a timeout from the file size.
constexpr uint64_t kSlowestLinkBytesPerSecond = 256 * 1024;

bool contains(const std::string &text, const std::string &part) { return text.find(part) != std::string::npos; }

std::vector<std::string> lines_of(const std::string &text)
{
    std::vector<std::string> lines;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);)
        if (std::string t = trimmed(line); !t.empty())
            lines.push_back(t);
    return lines;
}

// The last line of a child's stderr, printable, for a one-line error.
std::string last_line(const std::string &text)
{
    const auto lines = lines_of(text);
    std::string line = lines.empty() ? std::string() : lines.back();
    for (char &c : line)
        if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f)
            c = ' ';
    return line;
}

// The line of stderr that holds `part`, else empty.
std::string line_with(const std::string &text, const std::string &part)
{
    for (const std::string &line : lines_of(text))
        if (contains(line, part))
            return last_line(line);
    return {};
}

bool valid_name_chars(const std::string &s, const std::string &extra)
{
    return !s.empty() && s[0] != '-' && std::all_of(s.begin(), s.end(), [&](char c) {
        return std::isalnum(static_cast<unsigned char>(c)) || extra.find(c) != std::string::npos;
    });
}

std::string seconds_text(std::chrono::milliseconds ms) { return std::to_string((ms.count() + 999) / 1000) + " s"; }

// Why ssh failed, in plain words and without the host (the caller names it).
std::string ssh_cause(const ProcessResult &r, std::chrono::milliseconds timeout)
{
    if (!r.started)
        return "cannot start ssh (" + r.error + ")";
    if (r.cancelled)
        return "cancelled";
    if (r.timed_out)
        return "unreachable (no answer within " + seconds_text(timeout) + ")";
    const std::string &err = r.err;
    if (contains(err, "REMOTE HOST IDENTIFICATION HAS CHANGED") || contains(err, "has changed and you have requested"))
        return "the host key has changed (ssh refuses to connect; check known_hosts)";
    if (contains(err, "Host key verification failed") || contains(err, "No ED25519 host key is known") ||
        contains(err, "host key is known for"))
        return "the host key is not known (ssh refuses to connect; add it to known_hosts)";
    if (contains(err, "Permission denied") || contains(err, "Too many authentication failures"))
        return "authentication refused (no password prompts: BatchMode)";
    if (std::string line = line_with(err, "connect to host"); !line.empty())
        return "unreachable (" + line.substr(line.rfind(": ") + 2) + ")";
    for (const char *reason : {"Could not resolve hostname", "Connection closed", "Connection reset",
                               "Connection timed out", "No route to host", "Network is unreachable"})
        if (std::string line = line_with(err, reason); !line.empty()) {
            if (line.rfind("ssh: ", 0) == 0)
                line.erase(0, 5);
            return "unreachable (" + line + ")";
        }
    const std::string line = last_line(err);
    if (r.exit_code == 255)
        return "ssh failed (" + (line.empty() ? std::string("exit code 255") : line) + ")";
    return "the remote command failed (" + r.describe_end() + (line.empty() ? "" : ": " + line) + ")";
}

// ssh's `-o ControlPath=...` takes %-tokens and splits at blanks.
std::string control_path_option(const std::string &path)
{
    std::string escaped;
    for (char c : path)
        escaped += c == '%' ? std::string("%%") : std::string(1, c);
    if (escaped.find_first_of(" \t\"") != std::string::npos)
        escaped = "\"" + escaped + "\"";
    return "ControlPath=" + escaped;
}

// A folder path on the remote as a shell word: "~" and "~/..." are the remote user's home.
std::string remote_path_word(const std::string &path)
{
    if (path == "~")
        return "\"$HOME\"";
    if (path.rfind("~/", 0) == 0)
        return "\"$HOME\"/" + shell_quote(path.substr(2));
    return shell_quote(path);
}

std::string random_hex(int bytes)
{
    std::random_device rd;
    std::string raw;
    for (int i = 0; i < bytes; ++i)
        raw += static_cast<char>(rd() & 0xff);
    return to_hex(reinterpret_cast<const unsigned char *>(raw.data()), raw.size(), false);
}

// The ELF machine name kexbench gives libraries for a `uname -m`.
std::string elf_machine_for(const std::string &uname_machine)
{
    if (uname_machine == "x86_64" || uname_machine == "amd64")
        return elf_machine_name(EM_X86_64);
    if (uname_machine == "aarch64" || uname_machine == "arm64")
        return elf_machine_name(EM_AARCH64);
    if (uname_machine.rfind("riscv", 0) == 0)
        return elf_machine_name(EM_RISCV);
    if (uname_machine.size() == 4 && uname_machine[0] == 'i' && uname_machine.substr(2) == "86")
        return elf_machine_name(EM_386);
    if (uname_machine.rfind("arm", 0) == 0)
        return elf_machine_name(EM_ARM);
    return "unknown (uname -m " + uname_machine + ")";
}

// The one probe command: key=value lines, "probe=end" last so a cut-off answer shows.
std::string probe_command(const std::string &cache_dir)
{
    return "cache=" + remote_path_word(cache_dir) +
           "\n"
           "case $cache in /*) ;; *) cache=$PWD/$cache ;; esac\n"
           "printf 'cache=%s\\n' \"$cache\"\n"
           "printf 'machine=%s\\n' \"$(uname -m)\"\n"
           "printf 'kernel=%s\\n' \"$(uname -sr)\"\n"
           "printf 'cpus=%s\\n' \"$(getconf _NPROCESSORS_ONLN 2>/dev/null)\"\n"
           "printf 'governor=%s\\n' \"$(cat /sys/devices/system/cpu/cpu0/cpufreq/scaling_governor 2>/dev/null)\"\n"
           "grep -E '^(model name|Hardware|CPU part)[[:space:]]*:' /proc/cpuinfo 2>/dev/null | head -n 64 | "
           "sed 's/^/cpuinfo=/'\n"
           "d=$cache; while [ ! -d \"$d\" ]; do d=$(dirname \"$d\"); done\n"
           "df -Pk \"$d\" 2>/dev/null | awk 'NR == 2 { print \"free_kb=\" $4 }'\n"
           "printf 'taskset=%s\\n' \"$(command -v taskset)\"\n"
           "echo probe=end\n";
}

// "model name" first, else "Hardware", else "CPU part" (ARM boards often give only these).
std::string cpu_model_from(const std::vector<std::string> &cpuinfo)
{
    for (const char *key : {"model name", "Hardware", "CPU part"})
        for (const std::string &line : cpuinfo) {
            const size_t colon = line.find(':');
            if (colon != std::string::npos && trimmed(line.substr(0, colon)) == key)
                return trimmed(line.substr(colon + 1));
        }
    return {};
}

std::optional<std::string> env_text(const std::string &name)
{
    const char *v = std::getenv(name.c_str());
    if (!v || !*v)
        return std::nullopt;
    return std::string(v);
}

std::vector<std::string> colon_list(const std::string &text)
{
    std::vector<std::string> items;
    std::stringstream in(text);
    for (std::string item; std::getline(in, item, ':');)
        if (!item.empty())
            items.push_back(item);
    return items;
}

std::string upper_word(const std::string &machine)
{
    std::string out;
    for (char c : machine)
        out += std::isalnum(static_cast<unsigned char>(c))
                   ? static_cast<char>(std::toupper(static_cast<unsigned char>(c)))
                   : '_';
    return out;
}

bool is_executable_file(const std::string &path)
{
    std::error_code ec;
    return fs::is_regular_file(path, ec) && ::access(path.c_str(), X_OK) == 0;
}

std::string normal_absolute(const std::string &path)
{
    std::error_code ec;
    const fs::path abs = fs::absolute(path, ec);
    return ec ? path : abs.lexically_normal().string();
}

} // namespace

// --- Addresses and words ---------------------------------------------------------------------------

Result<HostAddress> parse_host_address(const std::string &text)
{
    const std::string usage = "'" + text + "' is not a host ([user@]host[:port])";
    HostAddress a;
    std::string rest = text;
    if (const size_t at = rest.find('@'); at != std::string::npos) {
        a.user = rest.substr(0, at);
        rest = rest.substr(at + 1);
        if (!valid_name_chars(a.user, "._-"))
            return fail(usage + ": bad user name");
    }
    std::string port;
    if (!rest.empty() && rest[0] == '[') { // [IPv6]:port
        const size_t close = rest.find(']');
        if (close == std::string::npos)
            return fail(usage + ": no closing ]");
        a.host = rest.substr(1, close - 1);
        const std::string after = rest.substr(close + 1);
        if (!after.empty() && after[0] != ':')
            return fail(usage);
        port = after.empty() ? std::string() : after.substr(1);
        if (!after.empty() && port.empty())
            return fail(usage + ": empty port");
    } else if (std::count(rest.begin(), rest.end(), ':') == 1) {
        a.host = rest.substr(0, rest.find(':'));
        port = rest.substr(rest.find(':') + 1);
        if (port.empty())
            return fail(usage + ": empty port");
    } else {
        a.host = rest; // a bare IPv6 address has no port
    }
    if (!valid_name_chars(a.host, ".-_:%"))
        return fail(usage + ": bad host name");
    if (!port.empty()) {
        if (port.size() > 5 || !std::all_of(port.begin(), port.end(), [](char c) { return c >= '0' && c <= '9'; }))
            return fail(usage + ": bad port");
        a.port = std::stoi(port);
        if (a.port < 1 || a.port > 65535)
            return fail(usage + ": port out of range");
    }
    return a;
}

std::string HostAddress::text() const
{
    std::string out = user.empty() ? std::string() : user + "@";
    if (host.find(':') != std::string::npos)
        out.append("[").append(host).append("]"); // an IPv6 address
    else
        out.append(host);
    if (port > 0)
        out.append(":").append(std::to_string(port));
    return out;
}

std::string shell_quote(const std::string &word)
{
    const bool plain = !word.empty() && std::all_of(word.begin(), word.end(), [](char c) {
        return std::isalnum(static_cast<unsigned char>(c)) || std::string("_./:,+@%-").find(c) != std::string::npos;
    });
    if (plain)
        return word;
    std::string out = "'";
    for (char c : word)
        out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return out + "'";
}

nlohmann::json RemoteProbe::to_json() const
{
    return {{"address", address},         {"uname_machine", uname_machine},
            {"elf_machine", elf_machine}, {"kernel", kernel},
            {"cpu_model", cpu_model},     {"cpus", cpus},
            {"governor", governor},       {"cache_free_bytes", cache_free_bytes}};
}

// --- The session ---------------------------------------------------------------------------------------

struct RemoteSession::Connection {
    std::string control_dir; // private local folder holding the master's socket
    std::thread master;      // runs the master ssh until it ends
    std::atomic<bool> stop{false};
    std::atomic<bool> ended{false};
    ProcessResult master_result; // written by the thread before `ended`
    std::chrono::milliseconds master_timeout{0};
    bool taskset = false; // the remote has taskset, so a child can be pinned there
    bool scratch_made = false;

    ~Connection()
    {
        stop = true;
        if (master.joinable())
            master.join();
        std::error_code ec;
        if (!control_dir.empty())
            fs::remove_all(control_dir, ec);
    }
};

namespace {

// ssh with the options every call shares: batch mode, the master's socket, the address.
std::vector<std::string> ssh_options(const RemoteOptions &o, const std::string &control_path, const HostAddress &a)
{
    std::vector<std::string> argv{o.ssh};
    if (!o.ssh_config.empty())
        argv.insert(argv.end(), {"-F", o.ssh_config});
    argv.insert(argv.end(), {"-o", "BatchMode=yes", "-o", "ConnectTimeout=" + std::to_string(o.connect_timeout.count()),
                             "-o", "ServerAliveInterval=10", "-o", "ServerAliveCountMax=3", "-o", "LogLevel=ERROR",
                             "-o", control_path_option(control_path)});
    if (a.port > 0)
        argv.insert(argv.end(), {"-p", std::to_string(a.port)});
    if (!a.user.empty())
        argv.insert(argv.end(), {"-l", a.user});
    return argv;
}

bool socket_exists(const std::string &path)
{
    struct stat st {};
    return ::stat(path.c_str(), &st) == 0 && S_ISSOCK(st.st_mode);
}

std::chrono::milliseconds quick_timeout(const RemoteOptions &o)
{
    return std::chrono::duration_cast<std::chrono::milliseconds>(o.connect_timeout + kAuthenticationGrace);
}

} // namespace

Result<std::unique_ptr<RemoteSession>> RemoteSession::open(const HostAddress &address, const RemoteOptions &options)
{
    std::unique_ptr<RemoteSession> s(new RemoteSession());
    s->address_ = address;
    s->options_ = options;
    s->connection_ = std::make_shared<Connection>();
    const std::string who = address.text() + ": ";
    if (options.cache_dir.empty() || options.cache_dir.find('\n') != std::string::npos)
        return fail(who + "bad remote cache folder '" + options.cache_dir + "'");

    // The socket lives in a folder only we can enter (mkdtemp makes it 0700).
    std::error_code ec;
    const std::string base = options.control_dir.empty() ? fs::temp_directory_path(ec).string() : options.control_dir;
    std::string pattern = (fs::path(base.empty() ? "/tmp" : base) / "kexbench-ssh-XXXXXX").string();
    if (!::mkdtemp(pattern.data()))
        return fail(who + "cannot create a control folder in " + base + ": " + std::strerror(errno));
    s->connection_->control_dir = pattern;
    s->control_path_ = pattern + "/master";
    if (s->control_path_.size() >= 100)
        return fail(who + "control folder path too long for a socket: " + s->control_path_);

    if (auto started = s->start_master(); !started)
        return fail(started.error());
    if (auto probed = s->run_probe(); !probed)
        return fail(probed.error());
    return s;
}

Result<void> RemoteSession::start_master()
{
    const std::string who = address_.text() + ": ";
    ProcessSpec spec;
    spec.argv = ssh_options(options_, control_path_, address_);
    spec.argv.insert(spec.argv.end(),
                     {"-o", "ControlMaster=yes", "-o", "ControlPersist=no", "-N", "-T", "--", address_.host});
    spec.timeout = kMasterLifetime;
    spec.cancel = &connection_->stop;
    Connection *c = connection_.get();
    c->master_timeout = quick_timeout(options_);
    c->master = std::thread([c, spec] {
        c->master_result = run_process(spec);
        c->ended = true;
    });
    // The socket appears once the master has authenticated.
    const auto deadline = std::chrono::steady_clock::now() + c->master_timeout;
    while (!socket_exists(control_path_)) {
        if (c->ended) {
            c->master.join();
            return fail(who + ssh_cause(c->master_result, c->master_timeout));
        }
        if (options_.cancel && options_.cancel->load())
            return fail(who + "cancelled");
        if (std::chrono::steady_clock::now() >= deadline)
            return fail(who + "unreachable (no answer within " + seconds_text(c->master_timeout) + ")");
        std::this_thread::sleep_for(kMasterPoll);
    }
    return {};
}

ProcessResult RemoteSession::run_remote(const std::string &command, std::chrono::milliseconds timeout,
                                        const std::string &stdin_data) const
{
    ProcessSpec spec;
    spec.argv = ssh_argv(command);
    spec.timeout = timeout;
    spec.cancel = options_.cancel;
    spec.stdin_data = stdin_data;
    return run_process(spec);
}

Result<void> RemoteSession::run_probe()
{
    const std::string who = address_.text() + ": ";
    const auto timeout = quick_timeout(options_);
    const ProcessResult r = run_remote(probe_command(options_.cache_dir), timeout);
    if (!r.succeeded())
        return fail(who + ssh_cause(r, timeout));
    std::map<std::string, std::string> values;
    std::vector<std::string> cpuinfo;
    for (const std::string &line : lines_of(r.out)) {
        const size_t eq = line.find('=');
        if (eq == std::string::npos)
            continue;
        const std::string key = line.substr(0, eq), value = trimmed(line.substr(eq + 1));
        if (key == "cpuinfo")
            cpuinfo.push_back(value);
        else
            values[key] = value;
    }
    if (values["probe"] != "end" || values["machine"].empty() || values["cache"].empty() || values["cache"][0] != '/')
        return fail(who + "the probe got no usable answer (is the remote shell POSIX?): " + last_line(r.out + r.err));
    probe_.address = address_.text();
    probe_.uname_machine = values["machine"];
    probe_.elf_machine = elf_machine_for(probe_.uname_machine);
    probe_.kernel = values["kernel"];
    probe_.cpu_model = cpu_model_from(cpuinfo);
    probe_.cpus = std::atoi(values["cpus"].c_str());
    probe_.governor = values["governor"];
    probe_.cache_free_bytes = std::strtoull(values["free_kb"].c_str(), nullptr, 10) * 1024;
    options_.cache_dir = values["cache"]; // absolute from now on
    scratch_remote_ = options_.cache_dir + "/scratch/" + random_hex(8);
    connection_->taskset = !values["taskset"].empty();
    return {};
}

RemoteSession::~RemoteSession()
{
    if (!connection_)
        return;
    const auto timeout = std::chrono::milliseconds(10000);
    if (connection_->scratch_made && !connection_->ended)
        run_remote("rm -rf " + shell_quote(scratch_remote_), timeout);
    if (!connection_->ended) {
        ProcessSpec spec;
        spec.argv = ssh_options(options_, control_path_, address_);
        spec.argv.insert(spec.argv.end(), {"-O", "exit", "--", address_.host});
        spec.timeout = timeout;
        run_process(spec);
    }
    connection_.reset(); // stops (if still needed) and joins the master, removes the control folder
}

std::vector<std::string> RemoteSession::ssh_argv(const std::string &remote_command) const
{
    std::vector<std::string> argv = ssh_options(options_, control_path_, address_);
    // ControlMaster=no: use the master while it is there, connect directly otherwise.
    argv.insert(argv.end(), {"-o", "ControlMaster=no", "-T", "--", address_.host, remote_command});
    return argv;
}

bool RemoteSession::connected() const { return connection_ && !connection_->ended; }

bool RemoteSession::alive() const
{
    if (!connection_ || connection_->ended)
        return false;
    ProcessSpec spec;
    spec.argv = ssh_options(options_, control_path_, address_);
    spec.argv.insert(spec.argv.end(), {"-O", "check", "--", address_.host});
    spec.timeout = std::chrono::milliseconds(10000);
    spec.cancel = options_.cancel;
    return run_process(spec).succeeded();
}

// --- Copying into the cache --------------------------------------------------------------------------

namespace {

struct LocalFile {
    std::string path; // absolute, normal
    std::string name; // file name
    std::string bytes;
    std::string remote; // <cache>/<sha256>/<name>
    bool executable = false;
};

// Copies through the connection's stdin: no scp or sftp on the remote. The
// file appears under its name only when every byte arrived.
std::string copy_command(const LocalFile &f)
{
    const std::string dir = fs::path(f.remote).parent_path().string();
    const std::string size = std::to_string(f.bytes.size());
    return "d=" + shell_quote(dir) + "; t=\"$d/.\"" + shell_quote(f.name) +
           "\".tmp.$$\"\n"
           "mkdir -p \"$d\" || exit 1\n"
           "if ! cat > \"$t\"; then rm -f \"$t\"; exit 1; fi\n"
           "n=$(wc -c < \"$t\")\n"
           "if [ \"$n\" -ne " +
           size + " ]; then rm -f \"$t\"; echo \"copied $n of " + size +
           " bytes\" >&2; exit 1; fi\n"
           "chmod " +
           (f.executable ? "755" : "644") + " \"$t\" && mv -f \"$t\" \"$d\"/" + shell_quote(f.name) + "\n";
}

std::string disk_full_cause(const std::string &err)
{
    for (const char *reason : {"No space left on device", "Disk quota exceeded"})
        if (contains(err, reason))
            return std::string("the remote disk is full (") + reason + ")";
    return {};
}

} // namespace

Result<int> RemoteSession::sync(const std::string &runner, const std::vector<std::string> &libraries)
{
    const std::string who = address_.text() + ": ";
    auto runner_elf = read_elf(runner);
    if (!runner_elf)
        return fail(who + runner_elf.error());
    if (runner_elf->machine_name != probe_.elf_machine)
        return fail(who + "no " + probe_.uname_machine + " runner: " + runner + " is built for " +
                    runner_elf->machine_name +
                    (probe_.uname_machine == "aarch64" ? " (build it: make build-aarch64)" : ""));
    std::vector<LocalFile> files;
    for (size_t i = 0; i <= libraries.size(); ++i) {
        LocalFile f;
        f.path = normal_absolute(i == 0 ? runner : libraries[i - 1]);
        f.executable = i == 0;
        if (std::any_of(files.begin(), files.end(), [&](const LocalFile &g) { return g.path == f.path; }))
            continue;
        if (i > 0)
            if (auto elf = check_loadable(f.path, probe_.elf_machine, "the runner on " + address_.text()); !elf)
                return fail(elf.error());
        auto bytes = read_file(f.path);
        if (!bytes)
            return fail(bytes.error());
        f.bytes = std::move(*bytes);
        f.name = fs::path(f.path).filename().string();
        f.remote = options_.cache_dir + "/" + sha256_hex(f.bytes) + "/" + f.name;
        files.push_back(std::move(f));
    }

    // One call: make the scratch folder, list which cache copies are there already.
    std::string check = "mkdir -p " + shell_quote(scratch_remote_) + " || exit 1\nfor f in";
    for (const LocalFile &f : files)
        check += " " + shell_quote(f.remote);
    check += "; do if [ -f \"$f\" ]; then printf 'have %s\\n' \"$f\"; fi; done\n";
    const auto timeout = quick_timeout(options_);
    const ProcessResult listed = run_remote(check, timeout);
    if (!listed.succeeded()) {
        if (std::string full = disk_full_cause(listed.err); !full.empty())
            return fail(who + full + " while creating the scratch folder");
        return fail(who + ssh_cause(listed, timeout));
    }
    connection_->scratch_made = true;
    const std::vector<std::string> have = lines_of(listed.out);

    int copied = 0;
    for (const LocalFile &f : files) {
        if (std::find(have.begin(), have.end(), "have " + f.remote) == have.end()) {
            const auto copy_timeout =
                timeout + std::chrono::milliseconds(f.bytes.size() * 1000 / kSlowestLinkBytesPerSecond);
            const ProcessResult r = run_remote(copy_command(f), copy_timeout, f.bytes);
            if (!r.succeeded()) {
                if (std::string full = disk_full_cause(r.err); !full.empty())
                    return fail(who + full + " while copying " + f.name);
                if (r.exit_code == 255 || !r.started || r.timed_out || r.cancelled)
                    return fail(who + ssh_cause(r, copy_timeout));
                return fail(who + "cannot copy " + f.name + " to " + f.remote + " (" + last_line(r.err) + ")");
            }
            ++copied;
        }
        if (f.executable)
            runner_remote_ = f.remote;
        else if (std::none_of(synced_.begin(), synced_.end(), [&](const auto &p) { return p.first == f.path; }))
            synced_.emplace_back(f.path, f.remote);
    }
    return copied;
}

// --- Runner children over ssh ---------------------------------------------------------------------------

class SshRunnerHost final : public RunnerHost {
public:
    struct Setup {
        std::vector<std::string> ssh; // ssh argv without the remote command
        std::string where, machine, runner, scratch;
        std::vector<std::pair<std::string, std::string>> synced;
        int cpus = 1;
        bool taskset = false;
        RemoteOptions options;
    };
    explicit SshRunnerHost(Setup s) : s_(std::move(s)) {}

    std::string kind() const override { return "ssh"; }
    std::string where() const override { return s_.where; }
    std::string machine() const override { return s_.machine; }

    std::vector<std::string> argv(const std::vector<std::string> &runner_args, const ChildLimits &limits) const override
    {
        std::vector<std::string> argv = s_.ssh;
        argv.push_back(remote_command(runner_args, limits));
        return argv;
    }

    std::string child_path(const std::string &local_path) const override
    {
        const std::string path = normal_absolute(local_path);
        for (const auto &[local, remote] : s_.synced)
            if (local == path)
                return remote;
        // Output files: one scratch file per local path, named after it for people reading ps.
        return s_.scratch + "/" + sha256_hex(path).substr(0, 16) + "-" + fs::path(path).filename().string();
    }

    Result<void> fetch(const std::string &local_file) const override
    {
        const std::string remote = shell_quote(child_path(local_file));
        ProcessSpec spec;
        spec.argv = s_.ssh;
        spec.argv.push_back("cat " + remote + " && rm -f " + remote);
        spec.timeout = std::chrono::duration_cast<std::chrono::milliseconds>(s_.options.connect_timeout +
                                                                             kAuthenticationGrace + 5min);
        spec.cancel = s_.options.cancel;
        const ProcessResult r = run_process(spec);
        if (!r.succeeded())
            return fail(s_.where + ": cannot fetch " + local_file + ": " + ssh_cause(r, spec.timeout));
        return write_file_atomic(local_file, r.out);
    }

    bool local_process() const override { return false; }
    double startup_allowance_s() const override { return kSshStartupAllowanceS; }

private:
    // `ulimit -t/-v` carry ChildLimits there; --end-with-connection ends the
    // runner when its session does (sshd closes its pipes but kills nothing).
    std::string remote_command(const std::vector<std::string> &args, const ChildLimits &limits) const
    {
        std::string cmd;
        const double timeout_s = std::chrono::duration<double>(limits.timeout).count();
        const long long cpu_s = static_cast<long long>(timeout_s + 1) * std::max(s_.cpus, 1) + kCpuLimitMarginSeconds;
        cmd.append("ulimit -t ").append(std::to_string(cpu_s)).append("; ");
        if (limits.memory_limit_bytes > 0 && !kRunnerReservesShadowMemory)
            cmd.append("ulimit -v ")
                .append(std::to_string((limits.memory_limit_bytes + kAddressSpaceMarginBytes) / 1024))
                .append("; ");
        cmd.append("exec ");
        if (limits.cpu && s_.taskset)
            cmd.append("taskset -c ").append(std::to_string(*limits.cpu)).append(" ");
        cmd.append(shell_quote(s_.runner)).append(" --end-with-connection");
        for (const std::string &a : args)
            cmd.append(" ").append(shell_quote(a)); // (append, not " " + ...: GCC 12 warns falsely on that)
        return cmd;
    }

    Setup s_;
};

std::shared_ptr<const RunnerHost> RemoteSession::runner_host() const
{
    SshRunnerHost::Setup s;
    s.ssh = ssh_argv("");
    s.ssh.pop_back(); // the remote command comes per child
    s.where = address_.text();
    s.machine = probe_.elf_machine;
    s.runner = runner_remote_.empty() ? std::string("kexbench-runner") : runner_remote_;
    s.scratch = scratch_remote_;
    s.synced = synced_;
    s.cpus = probe_.cpus;
    s.taskset = connection_ && connection_->taskset;
    s.options = options_;
    return std::make_shared<SshRunnerHost>(std::move(s));
}

// --- Which runner for which machine ---------------------------------------------------------------------

std::string this_uname_machine()
{
    utsname u{};
    return ::uname(&u) == 0 ? std::string(u.machine) : std::string();
}

Result<RunnerBuild> runner_build_for(const std::string &uname_machine)
{
    const std::string machine = uname_machine == "arm64"   ? "aarch64"
                                : uname_machine == "amd64" ? "x86_64"
                                                           : uname_machine;
    const std::string word = upper_word(machine);
    RunnerBuild build;
    const auto env_runner = env_text("KEXBENCH_RUNNER_" + word);
    const auto env_path = env_text("KEXBENCH_INSTANCE_PATH_" + word);
    if (env_path)
        build.instance_search_path = colon_list(*env_path);
    if (machine == this_uname_machine()) {
        build.runner = env_runner.value_or(runner_path());
        if (!env_path)
            build.instance_search_path = instance_search_path();
    } else if (machine == "aarch64") {
        // make build-aarch64 builds into build/aarch64 beside this build tree (build/<preset>/bin).
        const fs::path arm = (fs::path(executable_dir()) / ".." / ".." / "aarch64").lexically_normal();
        build.runner = env_runner.value_or((arm / "bin" / "kexbench-runner").string());
        if (!env_path)
            build.instance_search_path = {(arm / KEXBENCH_INSTANCE_SUBDIR).string()};
    } else if (env_runner) {
        build.runner = *env_runner;
    } else {
        return fail("no " + machine + " runner (kexbench builds for x86_64 and aarch64; set KEXBENCH_RUNNER_" + word +
                    " and KEXBENCH_INSTANCE_PATH_" + word + ")");
    }
    if (!is_executable_file(build.runner))
        return fail("no " + machine + " runner" +
                    (machine == "aarch64" && !env_runner ? std::string(" (build it: make build-aarch64)")
                                                         : " at " + build.runner));
    return build;
}

} // namespace kexbench
