// SPDX-License-Identifier: GPL-3.0-or-later
// An instance's transmission figures (MEASUREMENT-METHOD §9): the one place
// where kexbench decides how many bytes a key exchange sends. The report's
// section 6 and the workbench's Results table both call it, so they cannot
// disagree (issue 15: Results used to show total_msg_bytes + one pk_bytes).
//
//   bandwidth = protocol-message bytes + public key A + public key B
//
// Public keys count as transmitted bytes, once each. The figures come from
// the bandwidth accounting (kex_bandwidth.csv) when it has a row for the
// instance, else from the API sizes in the timing record: total_msg_bytes and
// the lengths init_a / init_b wrote (the pk_bytes capacity for records
// without them).
#pragma once

#include "core/data/dataset.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace kexbench {

struct TransmissionFigures {
    enum class Source { accounting, api };
    Source source = Source::api;
    const BandwidthEntry *entry = nullptr; // the accounting row, when source == accounting

    // Raw API sizes of the record (the report's v1 layout shows them unchanged).
    std::optional<int64_t> passes;             // kex_passes
    std::vector<int64_t> messages;             // msg1_bytes, msg2_bytes, ... by pass number
    std::optional<int64_t> total;              // total_msg_bytes
    std::optional<int64_t> pk, sk, ss;         // pk_bytes / sk_bytes capacities; ss_actual_bytes, else ss_bytes
    std::optional<int64_t> api_pk_a, api_pk_b; // what init_a / init_b wrote, else the pk_bytes capacity

    // The published figures: from the accounting row, else the API sizes above.
    std::optional<int64_t> protocol_bytes;
    std::optional<int64_t> pk_a, pk_b;
    std::optional<int64_t> bandwidth; // protocol_bytes + pk_a + pk_b; empty when one is unknown
};

// The figures of one record's sizes with an accounting row (nullptr: none).
TransmissionFigures transmission_figures(const Record &record, const BandwidthEntry *entry);

// The accounting row of (candidate id, ALGORITHM_INSTANCE): a row with an
// empty id matches every candidate. nullptr when there is none.
const BandwidthEntry *find_bandwidth_entry(const std::vector<BandwidthEntry> &accounting, const std::string &candidate,
                                           const std::string &instance);

// The record whose sizes describe an instance: its exchange record, else its
// first in the published operation order. nullptr when it has no record.
const Record *transmission_record(const Dataset &dataset, const std::string &candidate, const std::string &label);

// The name the accounting file lists an instance under: build.json
// "instance", else the record's instance, else the label.
std::string accounting_instance_name(const Dataset &dataset, const std::string &candidate, const std::string &label);

// Everything above for one instance of a dataset (section 6's row, the
// Results bandwidth): nullopt when the instance has no record.
std::optional<TransmissionFigures> instance_transmission(const Dataset &dataset, const std::string &candidate,
                                                         const std::string &label,
                                                         const std::optional<std::vector<BandwidthEntry>> &accounting);

} // namespace kexbench
