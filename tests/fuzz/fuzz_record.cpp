// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer target: the record reader and the sample decoder on arbitrary
// bytes. Invariants checked beyond "no crash": a record we accepted and wrote
// back must read again, and decoded samples must re-encode to the same values.
#include "core/data/record.h"

#include <cstddef>
#include <cstdint>
#include <string>

namespace {

void check_record(const std::string &text)
{
    auto j = kexbench::detail::parse_json_text(text, "fuzz");
    if (!j)
        return;
    auto r = kexbench::record_from_json(*j, "fuzz");
    if (!r)
        return;
    kexbench::compute_trial_statistics(*r);
    nlohmann::ordered_json out = kexbench::record_to_json(*r);
    if (!kexbench::record_from_json(out, "fuzz").ok())
        __builtin_trap(); // what we write we must read
    (void)out.dump(1, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
}

void check_samples(const std::string &text)
{
    auto v = kexbench::decode_samples(text, 4096);
    if (!v)
        return;
    auto again = kexbench::decode_samples(kexbench::encode_samples(*v), 4096);
    if (!again || *again != *v)
        __builtin_trap();
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    std::string text(reinterpret_cast<const char *>(data), size);
    check_record(text);
    check_samples(text);
    return 0;
}
