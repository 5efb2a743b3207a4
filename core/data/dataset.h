// SPDX-License-Identifier: GPL-3.0-or-later
// A dataset: everything one campaign on one system produced, read from a
// campaign folder in the harness layout (performance/data/<system>/ with any
// subset of campaign.json, build.json, records/, kat/, profile/), from a
// kexbench campaign folder (same layout) or from a kexbench bundle. Bad files
// are named in `problems` and skipped; the rest still loads.
#pragma once

#include "core/data/published_page.h"
#include "core/data/record.h"
#include "core/base/result.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace kexbench {

// build.json "instances" entry, key "<candidate>/<label>".
struct BuildEntry {
    std::string key;
    std::string candidate, label, instance, variant, flags, kat, guide_result;
    std::string algorithm; // the family as its sources name it ("TriQ-KEX"); empty when not recorded
    std::string library, library_sha256, kat_log, kat_log_sha256;
    std::optional<uint64_t> elf_load_bytes;
};

struct ProfileCall {
    std::string fn;
    uint64_t in_bits = 0, out_bits = 0, calls = 0;
    double ticks = 0;
};

// profile/<candidate>/<label>__<op>.json (harness profile schema 2).
struct Profile {
    std::string candidate, label, operation, status;
    uint64_t input_bytes = 0;
    uint64_t total_operations = 0;
    double total_ticks = 0;
    std::vector<ProfileCall> calls;
    std::map<std::string, double> share;
    std::optional<double> hash_share;
    std::vector<std::pair<std::string, std::string>> meta;
    std::string source_path;
};

struct KatLog {
    std::string candidate, label;
    std::string relative_path; // kat/<candidate>/<label>.log
    std::string sha256;        // of the file bytes
    std::string result_line;   // the last "RESULT ..." line, trailing white space removed
    std::string status;        // its status word (PASS, MISMATCH, ...): the fourth word
    std::string algorithm;     // the "algorithm = ..." header line's value, control characters escaped
};

// campaign.json "completion" (written by kexbench at the end of every run,
// cancelled ones included): "complete", "cancelled" or "partial"; the planned
// records, how many have a complete record, and the others by name
// ("candidate/label/operation"; "candidate/label/*" when the instance stopped
// before its operations were chosen).
struct CampaignCompletion {
    std::string state;
    int planned = 0, measured = 0;
    std::vector<std::string> not_measured;
    std::string reason; // why a "failed" campaign measured nothing
    bool complete() const { return state == "complete"; }
};

struct CampaignInfo {
    std::string system_id;
    std::string started_utc, ended_utc;
    // Absent: a harness campaign, a kexbench one from before the field, or one still running or killed.
    std::optional<CampaignCompletion> completion;
    nlohmann::ordered_json environment_at_start, environment_at_end;
    nlohmann::ordered_json planning;
    nlohmann::ordered_json raw; // the whole campaign.json as read
};

// kex_bandwidth.csv row: ID;Instance;PkABytes;PkBBytes;ProtocolMessageBytes.
struct BandwidthEntry {
    std::string id, instance;
    uint64_t pk_a_bytes = 0, pk_b_bytes = 0, protocol_message_bytes = 0;
};

// Where a dataset's runner children ran: campaign.json "runner_host", else
// the records' environment "runner_host"; "local" when neither says (harness
// campaigns, kexbench campaigns older than the field).
struct RunnerHostInfo {
    std::string kind = "local"; // local | emulated | ssh
    std::string where;          // "qemu-aarch64 -L /usr/aarch64-linux-gnu", "bench@board:22"; empty when unknown
    std::string machine;        // the ELF machine of its libraries ("aarch64"); empty when unknown
    bool emulated() const { return kind == "emulated"; }
};

// "emulated with qemu-aarch64 -L /usr/aarch64-linux-gnu: timings are not
// measurements of aarch64 (ARM) hardware": the warning an emulated campaign
// carries and the report and comparison show; `where` and `machine` as
// RunnerHostInfo (or the campaign's RunnerHost) gives them.
std::string emulation_warning(const std::string &where, const std::string &machine);

struct Dataset {
    std::string root;         // the folder (or bundle file) it came from
    std::string system_label; // e.g. "x86_1"; campaign.json system_id, else the folder name
    std::optional<CampaignInfo> campaign;
    std::vector<BuildEntry> builds;
    std::vector<Record> records;
    std::vector<Profile> profiles;
    std::vector<KatLog> kat_logs;
    std::vector<std::string> problems; // one line each: "<file>: <problem>"
    RunnerHostInfo runner_host;        // emulated datasets are labelled so wherever they are shown
    // "campaign" (a folder), "bundle" (a .kxb file) or "published page" (a perf_<system>.md
    // page: trial-level figures only, no trials or samples; `page` holds it, core/data/published_page.h).
    std::string kind = "campaign";
    std::optional<PublishedPage> page;

    const BuildEntry *build_for(const std::string &candidate, const std::string &label) const;
    const Record *record_for(const std::string &label, const std::string &operation) const;
    std::vector<std::string> candidates() const;                         // sorted
    std::vector<std::string> labels(const std::string &candidate) const; // natural order
    const KatLog *kat_log_for(const std::string &candidate, const std::string &label) const;
};

struct LoadLimits {
    uint64_t max_file_bytes = 256ull << 20; // a single JSON/log file
    uint64_t max_bundle_bytes = 1ull << 30; // inflated size of a bundle
};

// A folder in the harness/kexbench layout, or a bundle file (.kxb).
// Only records/<cand>/*.json, profile/<cand>/*__*.json, kat/<cand>/*.log,
// build.json and campaign.json are read; other files are ignored. Symbolic
// links are followed only while they stay inside the folder. Records are
// ordered by candidate, label (natural order) and operation_rank. The call
// fails only when `path` is neither a folder nor a valid bundle; a bundle is
// extracted into a private temporary folder, loaded and the folder removed.
Result<Dataset> load_dataset(const std::string &path, const LoadLimits &limits = {});

// Adds the record files a live campaign just wrote (paths relative to ds.root,
// "records/<candidate>/<label>__<op>.json") to a snapshot of that folder, so
// that it equals what load_dataset would read now without reading the whole
// folder again: a file read before replaces its earlier record, the order is
// load_dataset's, and campaign.json, build.json, kat/ and profile/ are read
// again when a record is of an instance the snapshot has no build entry for.
// Bad or unreadable files become problems, as in load_dataset.
void add_written_records(Dataset &ds, const std::vector<std::string> &record_paths, const LoadLimits &limits = {});

Result<std::vector<BandwidthEntry>> read_bandwidth_csv(const std::string &path);

// Bundles: one zlib-compressed file holding a campaign folder's files.
//
// Format (all integers little-endian):
//   "KXBUNDLE"            8 bytes, magic
//   version               uint32, kBundleVersion
//   one zlib stream (RFC 1950) running to the end of the file, nothing after
//   it, which inflates to
//     entry*              uint32 path length (1 ... kBundleMaxPath), the path
//                         (relative, '/'-separated, no empty, "." or ".."
//                         components, no NUL), uint64 size, size bytes
//     end marker          uint32 0
// Entries are sorted by path (bytewise). The end marker and the zlib trailer
// make truncation detectable at every point.
constexpr char kBundleMagic[8] = {'K', 'X', 'B', 'U', 'N', 'D', 'L', 'E'};
constexpr uint32_t kBundleVersion = 1;
constexpr uint32_t kBundleMaxPath = 4096;

// True when the file starts with the bundle magic.
bool is_bundle_file(const std::string &path);

// Packs every regular file under campaign_dir (symbolic links are not packed:
// a bundle is a self-contained copy and must never carry files from outside
// the folder); writes atomically; returns the number of files packed.
Result<uint64_t> write_bundle(const std::string &campaign_dir, const std::string &bundle_path);
// Refuses entries whose paths are absolute or escape target_dir, and inflation past limits.
// Returns the number of files extracted. Never follows a symbolic link inside
// target_dir. target_dir must be absent or an empty folder; the files are
// unpacked beside it and moved into place only when the whole bundle checked
// out, so on failure nothing is left (target_dir stays as it was).
Result<uint64_t> extract_bundle(const std::string &bundle_path, const std::string &target_dir,
                                const LoadLimits &limits = {});

// Why an entry path is unsafe ("absolute", "contains '..'", ...), empty when it is safe.
std::string bundle_path_problem(const std::string &path);

} // namespace kexbench
