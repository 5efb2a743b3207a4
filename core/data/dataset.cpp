// SPDX-License-Identifier: GPL-3.0-or-later
// Loading a campaign folder (harness or kexbench layout) or bundle into a
// Dataset. Every bad file becomes one line in Dataset::problems and the rest
// still loads: one broken record must not hide a whole campaign.
#include "core/data/dataset.h"
#include "core/base/text.h"

#include "core/base/digest.h"
#include "core/base/discovery.h"
#include "core/base/untrusted.h"

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cstring>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <set>

namespace kexbench {

namespace fs = std::filesystem;
using ojson = nlohmann::ordered_json;
using detail::JsonFieldError;
using detail::JsonFields;

namespace {

std::string rtrim(std::string s)
{
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r' || s.back() == '\n'))
        s.pop_back();
    return s;
}

// Harness profiles and records share the schema number and the identity fields.
void check_schema(const JsonFields &f)
{
    int64_t schema = detail::json_int64(f.require("schema", "an integer"), "schema");
    if (schema != kRecordSchema)
        throw JsonFieldError{std::string("schema ")
                                 .append(std::to_string(schema))
                                 .append(", expected ")
                                 .append(std::to_string(kRecordSchema))};
}

// ---------------------------------------------------------------------------
// File formats

ProfileCall parse_profile_call(const ojson &j, const std::string &path)
{
    JsonFields f(j, path + ".");
    ProfileCall c;
    f.read("fn", c.fn);
    f.read("in_bits", c.in_bits);
    f.read("out_bits", c.out_bits);
    f.read("calls", c.calls);
    f.read("ticks", c.ticks);
    return c;
}

void parse_profile_body(const JsonFields &f, Profile &p)
{
    if (const ojson *total = f.get("total")) {
        JsonFields t(*total, "total.");
        t.read("operations", p.total_operations);
        t.read("ticks", p.total_ticks);
    }
    if (const ojson *calls = f.get("calls")) {
        if (!calls->is_array())
            detail::json_type_error(*calls, "calls", "an array");
        for (size_t i = 0; i < calls->size(); ++i)
            p.calls.push_back(
                parse_profile_call((*calls)[i], std::string("calls[").append(std::to_string(i)).append("]")));
    }
    if (const ojson *share = f.get("share")) {
        JsonFields s(*share, "share.");
        for (const auto &[fn, v] : share->items())
            if (!v.is_null())
                p.share[fn] = detail::json_double(v, s.path(fn));
    }
    f.read("hash_share", p.hash_share);
    f.read("meta", p.meta);
}

Profile parse_profile(const ojson &j)
{
    JsonFields f(j);
    check_schema(f);
    Profile p;
    p.status = detail::json_string(f.require("status", "a string"), "status");
    p.label = detail::json_string(f.require("label", "a string"), "label");
    p.operation = detail::json_string(f.require("operation", "a string"), "operation");
    if (operation_rank(p.operation) < 0)
        throw JsonFieldError{std::string("unknown operation '").append(p.operation.substr(0, 64)).append("'")};
    f.read("candidate", p.candidate);
    f.read("input_bytes", p.input_bytes);
    parse_profile_body(f, p);
    return p;
}

BuildEntry parse_build_entry(const std::string &key, const ojson &j)
{
    JsonFields f(j, std::string("instances.").append(key).append("."));
    BuildEntry b;
    b.key = key;
    f.read("candidate", b.candidate);
    f.read("label", b.label);
    f.read("instance", b.instance);
    f.read("variant", b.variant);
    f.read("flags", b.flags);
    f.read("kat", b.kat);
    f.read("guide_result", b.guide_result);
    f.read("algorithm", b.algorithm);
    f.read("library", b.library);
    f.read("library_sha256", b.library_sha256);
    f.read("kat_log", b.kat_log);
    f.read("kat_log_sha256", b.kat_log_sha256);
    f.read("elf_load_bytes", b.elf_load_bytes);
    // Harness keys are "<candidate>/<label>"; fill what an entry leaves out.
    if (auto slash = key.find('/'); slash != std::string::npos) {
        if (b.candidate.empty())
            b.candidate = key.substr(0, slash);
        if (b.label.empty())
            b.label = key.substr(slash + 1);
    }
    return b;
}

CampaignInfo parse_campaign(const ojson &j)
{
    JsonFields f(j);
    CampaignInfo c;
    f.read("system_id", c.system_id);
    f.read("started_utc", c.started_utc);
    f.read("ended_utc", c.ended_utc);
    if (const ojson *v = f.get("environment_at_start"))
        c.environment_at_start = *v;
    if (const ojson *v = f.get("environment_at_end"))
        c.environment_at_end = *v;
    if (const ojson *v = f.get("planning"))
        c.planning = *v;
    c.raw = j;
    return c;
}

// campaign.json "completion"; nullopt when absent.
std::optional<CampaignCompletion> parse_completion(const ojson &campaign)
{
    JsonFields top(campaign);
    const ojson *v = top.get("completion");
    if (!v)
        return std::nullopt;
    JsonFields f(*v, "completion.");
    CampaignCompletion c;
    f.read("state", c.state);
    if (c.state != "complete" && c.state != "cancelled" && c.state != "partial" && c.state != "failed")
        throw JsonFieldError{"field 'completion.state' is '" + c.state + "' (complete, cancelled, partial or failed)"};
    f.read("planned", c.planned);
    f.read("measured", c.measured);
    f.read("not_measured", c.not_measured);
    if (v->contains("reason")) // "failed" only; older campaigns have none
        f.read("reason", c.reason);
    return c;
}

// "algorithm   = ADKEX" (the header's key padded to 11 columns): the value, else nullopt.
std::optional<std::string> kat_header_value(std::string_view line, std::string_view key)
{
    if (line.substr(0, key.size()) != key)
        return std::nullopt;
    const size_t eq = line.find_first_not_of(' ', key.size());
    if (eq == std::string_view::npos || line[eq] != '=')
        return std::nullopt;
    const size_t value = line.find_first_not_of(' ', eq + 1);
    return value == std::string_view::npos ? std::string() : rtrim(std::string(line.substr(value)));
}

// The first "algorithm = " header line and the last "RESULT <id> <instance> <STATUS>[ <detail>]" line.
Result<KatLog> parse_kat_log(const std::string &text)
{
    KatLog log;
    log.sha256 = sha256_hex(text);
    size_t start = 0;
    while (start < text.size()) {
        size_t end = text.find('\n', start);
        if (end == std::string::npos)
            end = text.size();
        const std::string_view line = std::string_view(text).substr(start, end - start);
        if (line.substr(0, 7) == "RESULT ")
            log.result_line = rtrim(std::string(line));
        else if (auto algorithm = kat_header_value(line, "algorithm"); algorithm && log.algorithm.empty())
            log.algorithm = printable(algorithm->substr(0, 128)); // written by the candidate's metadata
        start = end + 1;
    }
    if (log.result_line.empty())
        return fail(std::string("no RESULT line"));
    std::vector<std::string> words;
    for (size_t i = 0; i < log.result_line.size();) {
        size_t j = log.result_line.find_first_of(" \t", i);
        if (j == std::string::npos)
            j = log.result_line.size();
        if (j > i)
            words.push_back(log.result_line.substr(i, j - i));
        i = j + 1;
    }
    if (words.size() < 4)
        return fail(std::string("RESULT line without a status word"));
    log.status = words[3];
    return log;
}

// ---------------------------------------------------------------------------
// Folder walking

class FolderLoader {
public:
    FolderLoader(const fs::path &root, const LoadLimits &limits, Dataset &ds) : root_(root), limits_(limits), ds_(ds) {}

    void load()
    {
        load_campaign();
        load_build();
        scan("records", ".json", [this](auto &rel, auto &, auto &, auto &text) { add_record(rel, text); });
        scan("profile", ".json", [this](auto &rel, auto &cand, auto &stem, auto &text) {
            if (stem.find("__") != std::string::npos)
                add_profile(rel, cand, text);
        });
        scan("kat", ".log", [this](auto &rel, auto &cand, auto &stem, auto &text) { add_kat(rel, cand, stem, text); });
    }

    // The files a live campaign just wrote, added to a snapshot loaded before:
    // each record file replaces the record read from it earlier, and the small
    // files around the records (campaign.json, build.json, kat/, profile/) are
    // read again when a record is of an instance the snapshot does not know.
    void add_written(const std::vector<std::string> &record_paths)
    {
        bool new_instance = false;
        for (const std::string &rel : record_paths) {
            if (!is_record_path(rel)) {
                problem(rel, "not a record file of this campaign");
                continue;
            }
            auto text = read(rel);
            if (!text)
                continue;
            const size_t before = ds_.records.size();
            add_record(rel, *text);
            if (ds_.records.size() == before)
                continue;
            Record &added = ds_.records.back();
            new_instance = new_instance || !knows_instance(added);
            replace_earlier_read_of(rel);
        }
        if (new_instance)
            reload_files_beside_records();
    }

private:
    static bool is_record_path(const std::string &rel)
    {
        const fs::path p(rel);
        auto part = p.begin();
        return std::distance(p.begin(), p.end()) == 3 && *part == "records" && rel.ends_with(".json") &&
               bundle_path_problem(rel).empty();
    }

    bool knows_instance(const Record &r) const
    {
        return std::any_of(ds_.builds.begin(), ds_.builds.end(),
                           [&](const BuildEntry &b) { return b.candidate == r.candidate && b.label == r.label; });
    }

    // The record just appended replaces one read from the same file before.
    void replace_earlier_read_of(const std::string &rel)
    {
        auto last = std::prev(ds_.records.end());
        auto earlier = std::find_if(ds_.records.begin(), last, [&](const Record &r) { return r.source_path == rel; });
        if (earlier == last)
            return;
        *earlier = std::move(*last);
        ds_.records.pop_back();
    }

    void reload_files_beside_records()
    {
        ds_.campaign.reset();
        ds_.builds.clear();
        ds_.profiles.clear();
        ds_.kat_logs.clear();
        load_campaign();
        load_build();
        scan("profile", ".json", [this](auto &rel, auto &cand, auto &stem, auto &text) {
            if (stem.find("__") != std::string::npos)
                add_profile(rel, cand, text);
        });
        scan("kat", ".log", [this](auto &rel, auto &cand, auto &stem, auto &text) { add_kat(rel, cand, stem, text); });
    }

public:
private:
    using Handler = std::function<void(const std::string &rel, const std::string &candidate, const std::string &stem,
                                       const std::string &text)>;

    void problem(const std::string &rel, const std::string &what)
    {
        problem(std::string(rel).append(": ").append(what));
    }
    // Once each: a live snapshot reads campaign.json and build.json again.
    void problem(const std::string &line)
    {
        std::string text = detail::one_line(line);
        if (std::find(ds_.problems.begin(), ds_.problems.end(), text) == ds_.problems.end())
            ds_.problems.push_back(std::move(text));
    }

    // The real path of root/rel when it stays inside root (symbolic links
    // included); nullopt when absent, unresolvable or outside (named in problems).
    std::optional<fs::path> resolve(const std::string &rel)
    {
        std::error_code ec;
        fs::path p = root_ / rel;
        if (!fs::exists(fs::symlink_status(p, ec)))
            return std::nullopt;
        fs::path real = fs::canonical(p, ec);
        if (ec) {
            problem(rel, std::string("cannot resolve: ").append(ec.message()));
            return std::nullopt;
        }
        fs::path inside = real.lexically_relative(root_);
        if (inside.empty() || *inside.begin() == "..") {
            problem(rel, "symbolic link leads outside the campaign folder");
            return std::nullopt;
        }
        return real;
    }

    std::optional<std::string> read(const std::string &rel)
    {
        auto real = resolve(rel);
        if (!real)
            return std::nullopt;
        auto text = detail::read_file_limited(real->string(), limits_.max_file_bytes, rel);
        if (!text) {
            problem(text.error());
            return std::nullopt;
        }
        return std::move(*text);
    }

    std::optional<ojson> read_json(const std::string &rel)
    {
        auto text = read(rel);
        if (!text)
            return std::nullopt;
        auto j = detail::parse_json_text(*text, rel);
        if (!j) {
            problem(j.error());
            return std::nullopt;
        }
        return std::move(*j);
    }

    std::vector<std::string> names_in(const std::string &rel_dir, bool want_dirs)
    {
        std::vector<std::string> names;
        auto dir = resolve(rel_dir);
        std::error_code ec;
        if (!dir || !fs::is_directory(*dir, ec))
            return names;
        for (fs::directory_iterator it(*dir, ec), end; !ec && it != end; it.increment(ec)) {
            // Follows links for the type; resolve() later refuses the ones leading outside.
            std::error_code type_ec; // a dangling link is not a listing error
            bool is_dir = it->is_directory(type_ec);
            if (is_dir == want_dirs)
                names.push_back(it->path().filename().string());
        }
        if (ec)
            problem(rel_dir, std::string("cannot list: ").append(ec.message()));
        std::sort(names.begin(), names.end());
        return names;
    }

    // <top>/<candidate>/<stem><suffix>
    void scan(const std::string &top, const std::string &suffix, const Handler &handle)
    {
        for (const auto &cand : names_in(top, true)) {
            std::string cand_rel = top + "/" + cand;
            for (const auto &name : names_in(cand_rel, false)) {
                if (!name.ends_with(suffix))
                    continue;
                std::string rel = cand_rel + "/" + name;
                if (auto text = read(rel))
                    handle(rel, cand, name.substr(0, name.size() - suffix.size()), *text);
            }
        }
    }

    void add_record(const std::string &rel, const std::string &text)
    {
        auto j = detail::parse_json_text(text, rel);
        if (!j)
            return problem(j.error());
        auto r = record_from_json(*j, rel);
        if (!r)
            return problem(r.error());
        ds_.records.push_back(std::move(*r));
    }

    void add_profile(const std::string &rel, const std::string &cand, const std::string &text)
    {
        auto j = detail::parse_json_text(text, rel);
        if (!j)
            return problem(j.error());
        try {
            Profile p = parse_profile(*j);
            if (p.candidate.empty())
                p.candidate = cand;
            p.source_path = rel;
            ds_.profiles.push_back(std::move(p));
        } catch (const JsonFieldError &e) {
            problem(rel, e.message);
        }
    }

    void add_kat(const std::string &rel, const std::string &cand, const std::string &label, const std::string &text)
    {
        auto log = parse_kat_log(text);
        if (!log)
            return problem(rel, log.error());
        log->candidate = cand;
        log->label = label;
        log->relative_path = rel;
        ds_.kat_logs.push_back(std::move(*log));
    }

    void load_campaign()
    {
        auto j = read_json("campaign.json");
        if (!j)
            return;
        try {
            ds_.campaign = parse_campaign(*j);
        } catch (const JsonFieldError &e) {
            problem("campaign.json", e.message);
        }
        if (ds_.campaign) // a bad completion block is named alone: the rest of campaign.json still holds
            try {
                ds_.campaign->completion = parse_completion(*j);
            } catch (const JsonFieldError &e) {
                problem("campaign.json", e.message);
            }
    }

    void load_build()
    {
        auto j = read_json("build.json");
        if (!j)
            return;
        try {
            JsonFields top(*j);
            const ojson *instances = top.get("instances");
            if (!instances)
                return;
            JsonFields check(*instances, "instances.");
            for (const auto &[key, entry] : instances->items())
                add_build_entry(key, entry);
        } catch (const JsonFieldError &e) {
            problem("build.json", e.message);
        }
    }

    // A bad entry is skipped alone: the other instances' entries are still good.
    void add_build_entry(const std::string &key, const ojson &entry)
    {
        try {
            ds_.builds.push_back(parse_build_entry(key, entry));
        } catch (const JsonFieldError &e) {
            problem("build.json", e.message);
        }
    }

    fs::path root_;
    LoadLimits limits_;
    Dataset &ds_;
};

template <class T>
bool by_candidate_label(const T &a, const T &b)
{
    if (a.candidate != b.candidate)
        return a.candidate < b.candidate;
    if (a.label != b.label)
        return natural_less(a.label, b.label);
    return false;
}

void sort_dataset(Dataset &ds)
{
    auto op_less = [](const auto &a, const auto &b) {
        if (by_candidate_label(a, b) || by_candidate_label(b, a))
            return by_candidate_label(a, b);
        int ra = operation_rank(a.operation), rb = operation_rank(b.operation);
        if (ra != rb)
            return ra < rb;
        if (a.input_bytes != b.input_bytes)
            return a.input_bytes < b.input_bytes;
        return a.source_path < b.source_path;
    };
    std::stable_sort(ds.records.begin(), ds.records.end(), op_less);
    std::stable_sort(ds.profiles.begin(), ds.profiles.end(), op_less);
    std::stable_sort(ds.kat_logs.begin(), ds.kat_logs.end(), by_candidate_label<KatLog>);
    std::stable_sort(ds.builds.begin(), ds.builds.end(), by_candidate_label<BuildEntry>);
}

// A "runner_host" block ({"kind", "where", "machine"}), when the JSON holds a usable one.
std::optional<RunnerHostInfo> runner_host_in(const ojson &holder)
{
    if (!holder.is_object() || !holder.contains("runner_host"))
        return std::nullopt;
    const ojson &block = holder.at("runner_host");
    if (!block.is_object() || !block.contains("kind") || !block.at("kind").is_string())
        return std::nullopt;
    auto text = [&](const char *key) {
        return block.contains(key) && block.at(key).is_string() ? printable(block.at(key).get<std::string>())
                                                                : std::string();
    };
    return RunnerHostInfo{text("kind"), text("where"), text("machine")};
}

RunnerHostInfo dataset_runner_host(const Dataset &ds)
{
    if (ds.campaign)
        if (auto host = runner_host_in(ds.campaign->raw))
            return *host;
    for (const Record &r : ds.records)
        if (auto host = runner_host_in(r.environment))
            return *host;
    return {};
}

void finish_folder_dataset(Dataset &ds, const fs::path &root)
{
    sort_dataset(ds);
    ds.runner_host = dataset_runner_host(ds);
    ds.system_label =
        ds.campaign && !ds.campaign->system_id.empty() ? ds.campaign->system_id : root.filename().string();
}

Result<Dataset> load_folder(const fs::path &folder, const LoadLimits &limits)
{
    std::error_code ec;
    fs::path root = fs::canonical(folder, ec);
    if (ec)
        return fail(std::string(folder.string()).append(": cannot open: ").append(ec.message()));
    Dataset ds;
    ds.root = folder.string();
    FolderLoader(root, limits, ds).load();
    finish_folder_dataset(ds, root);
    return ds;
}

// A private folder under $TMPDIR that is removed however the load ends.
class TempDir {
public:
    TempDir()
    {
        std::string tmpl = (fs::temp_directory_path() / "kexbench-bundle-XXXXXX").string();
        if (::mkdtemp(tmpl.data()))
            path_ = tmpl;
    }
    ~TempDir()
    {
        std::error_code ec;
        if (!path_.empty())
            fs::remove_all(path_, ec);
    }
    TempDir(const TempDir &) = delete;
    TempDir &operator=(const TempDir &) = delete;
    const std::string &path() const { return path_; }

private:
    std::string path_;
};

Result<Dataset> load_bundle(const std::string &bundle, const LoadLimits &limits)
{
    TempDir tmp;
    if (tmp.path().empty())
        return fail(std::string(bundle).append(": cannot create a temporary folder to extract it"));
    auto n = extract_bundle(bundle, tmp.path(), limits);
    if (!n)
        return fail(n.error());
    auto ds = load_folder(tmp.path(), limits);
    if (!ds)
        return ds;
    ds->root = bundle;
    ds->kind = "bundle";
    if (!ds->campaign || ds->campaign->system_id.empty())
        ds->system_label = fs::path(bundle).stem().string();
    return ds;
}

} // namespace

void add_written_records(Dataset &ds, const std::vector<std::string> &record_paths, const LoadLimits &limits)
{
    std::error_code ec;
    const fs::path root = fs::canonical(ds.root, ec);
    if (ec || ds.kind != "campaign") {
        ds.problems.push_back(detail::one_line(ds.root + ": not a campaign folder to add records to"));
        return;
    }
    FolderLoader(root, limits, ds).add_written(record_paths);
    finish_folder_dataset(ds, root);
}

Result<Dataset> load_dataset(const std::string &path, const LoadLimits &limits)
{
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0)
        return fail(std::string(path).append(": cannot open: ").append(std::strerror(errno)));
    if (S_ISDIR(st.st_mode))
        return load_folder(path, limits);
    if (S_ISREG(st.st_mode) && is_bundle_file(path))
        return load_bundle(path, limits);
    if (S_ISREG(st.st_mode) && is_markdown_page(path)) // a published perf_<system>.md page (core/data/published_page.h)
        return load_published_page(path);
    return fail(std::string(path).append(": neither a campaign folder nor a kexbench bundle"));
}

// ---------------------------------------------------------------------------
// Dataset queries

const BuildEntry *Dataset::build_for(const std::string &candidate, const std::string &label) const
{
    for (const auto &b : builds)
        if (b.candidate == candidate && b.label == label)
            return &b;
    return nullptr;
}

const Record *Dataset::record_for(const std::string &label, const std::string &operation) const
{
    for (const auto &r : records)
        if (r.label == label && r.operation == operation)
            return &r;
    return nullptr;
}

const KatLog *Dataset::kat_log_for(const std::string &candidate, const std::string &label) const
{
    for (const auto &k : kat_logs)
        if (k.candidate == candidate && k.label == label)
            return &k;
    return nullptr;
}

std::vector<std::string> Dataset::candidates() const
{
    std::set<std::string> all;
    for (const auto &b : builds)
        all.insert(b.candidate);
    for (const auto &r : records)
        all.insert(r.candidate);
    for (const auto &p : profiles)
        all.insert(p.candidate);
    for (const auto &k : kat_logs)
        all.insert(k.candidate);
    all.erase("");
    return {all.begin(), all.end()};
}

std::vector<std::string> Dataset::labels(const std::string &candidate) const
{
    std::vector<std::string> out;
    auto add = [&](const std::string &cand, const std::string &label) {
        if (cand == candidate && !label.empty() && std::find(out.begin(), out.end(), label) == out.end())
            out.push_back(label);
    };
    for (const auto &b : builds)
        add(b.candidate, b.label);
    for (const auto &r : records)
        add(r.candidate, r.label);
    for (const auto &p : profiles)
        add(p.candidate, p.label);
    for (const auto &k : kat_logs)
        add(k.candidate, k.label);
    std::sort(out.begin(), out.end(), natural_less);
    return out;
}

// ---------------------------------------------------------------------------
// kex_bandwidth.csv

namespace {

constexpr std::string_view kBandwidthHeader = "ID;Instance;PkABytes;PkBBytes;ProtocolMessageBytes";

std::vector<std::string> split_fields(const std::string &line)
{
    std::vector<std::string> fields;
    size_t start = 0;
    for (;;) {
        size_t end = line.find(';', start);
        fields.push_back(trimmed(line.substr(start, end == std::string::npos ? std::string::npos : end - start)));
        if (end == std::string::npos)
            return fields;
        start = end + 1;
    }
}

bool parse_count(const std::string &text, uint64_t &out)
{
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
    return !text.empty() && ec == std::errc() && end == text.data() + text.size();
}

Result<BandwidthEntry> parse_bandwidth_row(const std::string &line, const std::string &where)
{
    auto f = split_fields(line);
    if (f.size() != 5)
        return fail(std::string(where).append(": expected 5 fields, found ").append(std::to_string(f.size())));
    BandwidthEntry e;
    e.id = f[0];
    e.instance = f[1];
    if (e.id.empty() || e.instance.empty())
        return fail(std::string(where).append(": empty ID or Instance"));
    static constexpr const char *names[] = {"PkABytes", "PkBBytes", "ProtocolMessageBytes"};
    uint64_t *targets[] = {&e.pk_a_bytes, &e.pk_b_bytes, &e.protocol_message_bytes};
    for (int i = 0; i < 3; ++i)
        if (!parse_count(f[2 + i], *targets[i]))
            return fail(std::string(where)
                            .append(": ")
                            .append(names[i])
                            .append(" '")
                            .append(f[2 + i].substr(0, 40))
                            .append("' is not a byte count"));
    return e;
}

} // namespace

Result<std::vector<BandwidthEntry>> read_bandwidth_csv(const std::string &path)
{
    auto text = detail::read_file_limited(path, 16u << 20, path);
    if (!text)
        return fail(text.error());
    std::vector<BandwidthEntry> rows;
    bool header = false;
    size_t line_no = 0;
    for (size_t start = 0; start < text->size();) {
        size_t end = text->find('\n', start);
        if (end == std::string::npos)
            end = text->size();
        std::string line = trimmed(text->substr(start, end - start));
        start = end + 1;
        ++line_no;
        if (line.empty() || line[0] == '#')
            continue;
        std::string where = detail::one_line(std::string(path).append(":").append(std::to_string(line_no)));
        if (!header) {
            if (line != kBandwidthHeader)
                return fail(where.append(": expected the header '").append(kBandwidthHeader).append("'"));
            header = true;
            continue;
        }
        auto row = parse_bandwidth_row(line, where);
        if (!row)
            return fail(detail::one_line(row.error()));
        rows.push_back(std::move(*row));
    }
    if (!header)
        return fail(std::string(path).append(": no header row"));
    return rows;
}

std::string emulation_warning(const std::string &where, const std::string &machine)
{
    const std::string hardware = machine == "aarch64" ? "aarch64 (ARM)" : machine;
    return "emulated with " + where + ": timings are not measurements of " + hardware + " hardware";
}

} // namespace kexbench
