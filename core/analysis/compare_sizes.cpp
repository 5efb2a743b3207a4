// SPDX-License-Identifier: GPL-3.0-or-later
// Sizes and memory of the matched instances, side by side.
#include "core/analysis/compare_internal.h"

#include <algorithm>
#include <map>

namespace kexbench {

using namespace compare_detail;

namespace {

// ------------------------------------------------------------------ sizes and memory

// Sizes do not depend on the operation (they come from the setup exchange):
// take the exchange record's, else the first record's that has any.
const Record *sizes_record(const Dataset &ds, const Instance &in, const CompareOptions &o)
{
    const Record *first = nullptr;
    for (const Record &r : ds.records) {
        if (r.label != in.label || !wanted(r, o) || r.sizes.empty())
            continue;
        if (r.operation == "exchange")
            return &r;
        if (!first)
            first = &r;
    }
    return first;
}

// msg<k>_bytes keys, by pass number.
std::map<int, std::string> message_keys(const Record *r)
{
    std::map<int, std::string> keys;
    if (!r)
        return keys;
    for (const auto &[key, value] : r->sizes) {
        if (key.size() < 10 || key.compare(0, 3, "msg") != 0 || key.compare(key.size() - 6, 6, "_bytes") != 0)
            continue;
        const std::string digits = key.substr(3, key.size() - 9);
        if (digits.size() < 4 &&
            std::all_of(digits.begin(), digits.end(), [](unsigned char ch) { return ch >= '0' && ch <= '9'; }))
            keys.emplace(std::stoi(digits), key);
    }
    return keys;
}

std::optional<double> size_of(const Record *r, const std::string &key)
{
    return r ? as_double(r->size(key)) : std::nullopt;
}

void add_quantity(std::vector<QuantityComparison> &out, const Instance &in, const std::string &quantity,
                  std::optional<double> a, std::optional<double> b)
{
    if (a || b)
        out.push_back({in.candidate, in.label, quantity, a, b, ratio_of(a, b)});
}

// RSS belongs to a whole measuring process; the largest over the instance's operations.
std::optional<double> max_rss(const Dataset &ds, const Instance &in, const CompareOptions &o, bool peak)
{
    std::optional<uint64_t> best;
    for (const Record &r : ds.records) {
        const auto &v = peak ? r.peak_rss_bytes : r.baseline_rss_bytes;
        if (r.label == in.label && wanted(r, o) && v && (!best || *v > *best))
            best = v;
    }
    return as_double(best);
}

// Records pair by label across datasets whatever their candidate ids, so each
// side's build entry is the one of the candidate that side measured the label under.
std::optional<double> elf_bytes(const Dataset &ds, const Instance &in, const CompareOptions &o)
{
    for (const Record &r : ds.records)
        if (r.label == in.label && wanted(r, o))
            if (const BuildEntry *e = ds.build_for(r.candidate, r.label))
                return as_double(e->elf_load_bytes);
    const BuildEntry *e = ds.build_for(in.candidate, in.label);
    return e ? as_double(e->elf_load_bytes) : std::nullopt;
}

} // namespace

namespace compare_detail {

// Instances with at least one matched operation, in A's order.
std::vector<Instance> matched_instances(const Comparison &c)
{
    std::vector<Instance> out;
    for (const auto &row : c.operations)
        if (out.empty() || out.back().label != row.label || out.back().candidate != row.candidate)
            out.push_back({row.candidate, row.label});
    return out;
}

void compare_sizes(Comparison &c, const Dataset &a, const Dataset &b, const Instance &in)
{
    const Record *ra = sizes_record(a, in, c.options);
    const Record *rb = sizes_record(b, in, c.options);
    add_quantity(c.bandwidth, in, "total_msg_bytes", size_of(ra, "total_msg_bytes"), size_of(rb, "total_msg_bytes"));
    add_quantity(c.bandwidth, in, "pk_bytes", size_of(ra, "pk_bytes"), size_of(rb, "pk_bytes"));
    std::map<int, std::string> keys = message_keys(ra);
    keys.merge(message_keys(rb));
    for (const auto &[pass, key] : keys)
        add_quantity(c.bandwidth, in, key, size_of(ra, key), size_of(rb, key));
}

void compare_memory(Comparison &c, const Dataset &a, const Dataset &b, const Instance &in)
{
    add_quantity(c.memory, in, "elf_load_bytes", elf_bytes(a, in, c.options), elf_bytes(b, in, c.options));
    for (const bool peak : {false, true})
        add_quantity(c.memory, in, peak ? "peak_rss_bytes" : "baseline_rss_bytes", max_rss(a, in, c.options, peak),
                     max_rss(b, in, c.options, peak));
}

} // namespace compare_detail

} // namespace kexbench
