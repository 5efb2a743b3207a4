// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/analysis/transmission.h"

#include "core/data/record.h"

#include <algorithm>
#include <map>
#include <tuple>

namespace kexbench {

namespace {

// msg<k>_bytes keys, ordered by k.
std::vector<int64_t> message_sizes(const Record &r)
{
    std::map<int, int64_t> by_pass;
    for (const auto &[key, value] : r.sizes) {
        if (key.size() < 10 || key.compare(0, 3, "msg") != 0 || key.compare(key.size() - 6, 6, "_bytes") != 0)
            continue;
        const std::string digits = key.substr(3, key.size() - 9);
        if (!digits.empty() && digits.size() < 4 &&
            std::all_of(digits.begin(), digits.end(), [](unsigned char ch) { return ch >= '0' && ch <= '9'; }))
            by_pass[std::stoi(digits)] = value;
    }
    std::vector<int64_t> out;
    for (const auto &[pass, bytes] : by_pass)
        out.push_back(bytes);
    return out;
}

int rank_key(const std::string &operation)
{
    const int rank = operation_rank(operation);
    return rank < 0 ? 1 << 20 : rank;
}

} // namespace

TransmissionFigures transmission_figures(const Record &r, const BandwidthEntry *entry)
{
    TransmissionFigures t;
    for (const auto &[key, value] : r.kex)
        if (key == "kex_passes")
            t.passes = value;
    t.messages = message_sizes(r);
    t.total = r.size("total_msg_bytes");
    t.pk = r.size("pk_bytes");
    t.sk = r.size("sk_bytes");
    t.ss = r.size("ss_actual_bytes");
    if (!t.ss)
        t.ss = r.size("ss_bytes");
    t.api_pk_a = r.size("pk_a_actual_bytes");
    t.api_pk_b = r.size("pk_b_actual_bytes");
    if (!t.api_pk_a || !t.api_pk_b)
        t.api_pk_a = t.api_pk_b = t.pk;

    if (entry) {
        t.source = TransmissionFigures::Source::accounting;
        t.entry = entry;
        t.protocol_bytes = static_cast<int64_t>(entry->protocol_message_bytes);
        t.pk_a = static_cast<int64_t>(entry->pk_a_bytes);
        t.pk_b = static_cast<int64_t>(entry->pk_b_bytes);
    } else {
        t.protocol_bytes = t.total;
        t.pk_a = t.api_pk_a;
        t.pk_b = t.api_pk_b;
    }
    if (t.protocol_bytes && t.pk_a && t.pk_b)
        t.bandwidth = *t.protocol_bytes + *t.pk_a + *t.pk_b;
    return t;
}

const BandwidthEntry *find_bandwidth_entry(const std::vector<BandwidthEntry> &accounting, const std::string &candidate,
                                           const std::string &instance)
{
    for (const auto &e : accounting)
        if (e.instance == instance && (e.id.empty() || e.id == candidate))
            return &e;
    return nullptr;
}

const Record *transmission_record(const Dataset &dataset, const std::string &candidate, const std::string &label)
{
    const Record *best = nullptr;
    for (const Record &r : dataset.records) {
        if (r.candidate != candidate || r.label != label)
            continue;
        if (r.operation == "exchange")
            return &r;
        if (!best || std::make_tuple(rank_key(r.operation), r.operation) <
                         std::make_tuple(rank_key(best->operation), best->operation))
            best = &r;
    }
    return best;
}

std::string accounting_instance_name(const Dataset &dataset, const std::string &candidate, const std::string &label)
{
    if (const BuildEntry *b = dataset.build_for(candidate, label); b && !b->instance.empty())
        return b->instance;
    if (const Record *r = transmission_record(dataset, candidate, label); r && !r->instance.empty())
        return r->instance;
    return label;
}

std::optional<TransmissionFigures> instance_transmission(const Dataset &dataset, const std::string &candidate,
                                                         const std::string &label,
                                                         const std::optional<std::vector<BandwidthEntry>> &accounting)
{
    const Record *r = transmission_record(dataset, candidate, label);
    if (!r)
        return std::nullopt;
    const BandwidthEntry *entry =
        accounting ? find_bandwidth_entry(*accounting, candidate, accounting_instance_name(dataset, candidate, label))
                   : nullptr;
    return transmission_figures(*r, entry);
}

} // namespace kexbench
