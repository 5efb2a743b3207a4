// SPDX-License-Identifier: GPL-3.0-or-later
// Record paths and operations: a record's place in a campaign folder, the
// published order of operations, and its size lookup. Reading, writing,
// statistics and limits live in record_read, record_write, record_statistics
// and record_limits; the sample encoding in sample_encoding.
#include "core/data/record.h"

#include <array>
#include <string_view>

namespace kexbench {

namespace {

// pass1 ... pass16 -> 1 ... 16; 0 for anything else ("pass01", "pass17").
int pass_number(const std::string &op)
{
    if (op.size() < 5 || op.size() > 6 || op.compare(0, 4, "pass") != 0 || op[4] == '0')
        return 0;
    int k = 0;
    for (size_t i = 4; i < op.size(); ++i) {
        if (op[i] < '0' || op[i] > '9')
            return 0;
        k = k * 10 + (op[i] - '0');
    }
    return k <= 16 ? k : 0;
}

} // namespace

int operation_rank(const std::string &operation)
{
    static constexpr std::array<std::string_view, 8> head = {"keygen", "enc",      "dec",    "sign",
                                                             "verify", "exchange", "init_a", "init_b"};
    for (size_t i = 0; i < head.size(); ++i)
        if (operation == head[i])
            return static_cast<int>(i);
    if (int k = pass_number(operation))
        return 7 + k;
    if (operation == "derive_a")
        return 24;
    if (operation == "derive_b")
        return 25;
    if (operation == "hash")
        return 26;
    return -1;
}

std::string record_relative_path(const std::string &candidate, const std::string &label, const std::string &operation)
{
    return std::string("records/")
        .append(candidate)
        .append("/")
        .append(label)
        .append("__")
        .append(operation)
        .append(".json");
}

std::optional<int64_t> Record::size(const std::string &key) const
{
    for (const auto &[k, v] : sizes)
        if (k == key)
            return v;
    return std::nullopt;
}

} // namespace kexbench
