// SPDX-License-Identifier: GPL-3.0-or-later
// kexbench-runner: the only program that loads candidate code. The CLI and
// the GUI start it as a child; it answers with one JSON object on a private
// copy of stdout, so an instance that prints cannot corrupt the answer and an
// instance that crashes takes only this child down.
#include "core/fsutil.h"
#include "core/instance.h"
#include "core/instance_info.h"
#include "core/kat.h"

#include <nlohmann/json.hpp>

#include <cstdio>
#include <cstring>
#include <string>
#include <unistd.h>
#include <vector>

namespace {

using kexbench::Instance;
using nlohmann::json;

int answer_fd = -1;

// Moves our stdout out of the instance's reach: fd 1 becomes stderr.
void protect_stdout()
{
    answer_fd = ::dup(STDOUT_FILENO);
    ::dup2(STDERR_FILENO, STDOUT_FILENO);
}

void answer(const json &j)
{
    std::string text = j.dump() + "\n";
    const char *p = text.data();
    size_t left = text.size();
    while (left > 0) {
        ssize_t n = ::write(answer_fd, p, left);
        if (n <= 0)
            break;
        p += n;
        left -= static_cast<size_t>(n);
    }
}

int usage()
{
    std::fprintf(stderr, "usage: kexbench-runner describe LIB\n"
                         "       kexbench-runner kat LIB --out FILE [--records N]\n"
                         "Started by kexbench-cli and the workbench; prints one JSON object.\n");
    return 2;
}

int describe(const std::string &lib)
{
    auto inst = Instance::load(lib);
    if (!inst) {
        answer({{"ok", false}, {"error", inst.error()}});
        return 1;
    }
    answer({{"ok", true}, {"instance", kexbench::describe_loaded(**inst)}});
    return 0;
}

int kat(const std::string &lib, const std::string &out, int records)
{
    auto inst = Instance::load(lib);
    if (!inst) {
        answer({{"ok", false}, {"error", inst.error()}});
        return 1;
    }
    kexbench::KatGeneration gen = kexbench::generate_kat(**inst, records);
    if (auto written = kexbench::write_file_atomic(out, gen.text); !written) {
        answer({{"ok", false}, {"error", written.error()}, {"instance", kexbench::describe_loaded(**inst)}});
        return 1;
    }
    const bool complete = gen.outcome.ok();
    json j = {{"ok", complete},
              {"status", complete ? "complete" : kexbench::exchange_status_name(gen.outcome.status)},
              {"records", gen.records_done},
              {"exchange_ms_avg", gen.records_done ? 1e3 * gen.exchange_seconds_total / gen.records_done : 0.0},
              {"instance", kexbench::describe_loaded(**inst)}};
    if (!complete)
        j["reason"] = gen.outcome.reason;
    answer(j);
    return complete ? 0 : 1;
}

} // namespace

int main(int argc, char **argv)
{
    protect_stdout();
    std::vector<std::string> args(argv + 1, argv + argc);
    if (args.size() == 2 && args[0] == "describe")
        return describe(args[1]);
    if (args.size() >= 2 && args[0] == "kat") {
        std::string out;
        int records = kexbench::kKatRecords;
        for (size_t i = 2; i < args.size(); ++i) {
            if (args[i] == "--out" && i + 1 < args.size())
                out = args[++i];
            else if (args[i] == "--records" && i + 1 < args.size())
                records = std::atoi(args[++i].c_str());
            else
                return usage();
        }
        if (out.empty() || records < 1 || records > 1000)
            return usage();
        return kat(args[1], out, records);
    }
    return usage();
}
