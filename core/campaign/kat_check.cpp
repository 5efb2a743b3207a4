// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/campaign/kat_check.h"

#include "core/campaign/campaign.h"
#include "core/base/fsutil.h"
#include "core/base/untrusted.h"

#include <cstdio>
#include <algorithm>
#include <filesystem>

namespace fs = std::filesystem;

namespace kexbench {

const char *kat_verdict_word(KatVerdict verdict)
{
    switch (verdict) {
    case KatVerdict::Pass:
        return "PASS";
    case KatVerdict::Mismatch:
        return "MISMATCH";
    case KatVerdict::NoKat:
        return "NOKAT";
    case KatVerdict::Overflow:
        return "OVERFLOW";
    case KatVerdict::Error:
        return "ERROR";
    }
    return "ERROR";
}

std::string KatCheck::summary() const
{
    std::string s = kat_verdict_word(verdict);
    if (verdict != KatVerdict::Pass && !reason.empty())
        s += " " + reason;
    return s;
}

namespace {

KatCheck error_check(KatCheck check, const std::string &reason)
{
    check.verdict = KatVerdict::Error;
    check.reason = reason;
    return check;
}

// Reference KAT files of big instances run to megabytes; nothing real comes near this.
constexpr size_t kMaxReferenceBytes = size_t{256} << 20;

// What the generated text is judged against, chosen once the instance is known.
struct Against {
    const KatManifestEntry *entry = nullptr; // a manifest line (given, or recorded at build time)
    std::string origin;                      // KatCheck::reference
    std::string reference_file;              // no entry: compare with this file
};

Against choose_against(const std::string &instance, const std::vector<KatManifestEntry> &manifest,
                       const KatCheckOptions &how)
{
    if (const KatManifestEntry *e = find_kat_entry(manifest, instance))
        return {e, "manifest", {}};
    if (!how.reference_file.empty()) // named on the command line: before what a build record implies
        return {nullptr, "reference " + how.reference_file, how.reference_file};
    if (how.recorded && find_kat_entry({*how.recorded}, instance))
        return {&*how.recorded, how.recorded_origin, {}};
    return {};
}

// Nothing to compare with: said in plain words when nothing was supplied at all.
std::string nokat_reason(const std::string &instance, const std::vector<KatManifestEntry> &manifest,
                         const KatCheckOptions &how)
{
    if (manifest.empty() || !how.manifest_given)
        return "no KAT vectors supplied";
    return "the manifest has no entry for " + kat_file_name(instance);
}

void judge_against_entry(KatCheck &check, const std::string &text, const KatManifestEntry &entry)
{
    check.sha256 = kat_digest(text, &entry);
    check.mode = entry.mode_text();
    check.expected = entry.sha256;
    if (entry.records && count_kat_records(text) < *entry.records) {
        check.verdict = KatVerdict::Mismatch;
        check.reason = "the manifest expects " + std::to_string(*entry.records) + " records";
    } else if (check.sha256 != entry.sha256) {
        check.verdict = KatVerdict::Mismatch;
        check.reason = "manifest expects " + entry.sha256;
    } else {
        check.verdict = KatVerdict::Pass;
    }
}

void judge_against_file(KatCheck &check, const std::string &text, const std::string &file)
{
    auto reference = read_file(file, kMaxReferenceBytes);
    if (!reference) {
        check = error_check(check, "reference KAT file " + printable(reference.error())); // the error names the file
        return;
    }
    check.expected = kat_digest(*reference, nullptr);
    std::string difference = kat_reference_difference(text, *reference, file);
    check.verdict = difference.empty() ? KatVerdict::Pass : KatVerdict::Mismatch;
    check.reason = difference;
}

// Compares the generated text with what was chosen for the instance.
void judge_text(KatCheck &check, const std::string &text, const Against &against, const std::string &nokat)
{
    check.sha256 = kat_digest(text, against.entry);
    check.mode = against.entry ? against.entry->mode_text() : "strict";
    check.reference = against.origin;
    if (against.entry) {
        judge_against_entry(check, text, *against.entry);
    } else if (!against.reference_file.empty()) {
        judge_against_file(check, text, against.reference_file);
    } else {
        check.verdict = KatVerdict::NoKat;
        check.reason = nokat;
    }
}

// One kept line of a canonical KAT text and where it was in its file.
struct NumberedLine {
    size_t number = 0; // 1-based line number in the file
    std::string text;
};

// The lines canonical_kat_text() keeps (strict form), each with its file line number.
std::vector<NumberedLine> canonical_lines(const std::string &text)
{
    std::vector<NumberedLine> lines;
    size_t pos = 0, number = 0;
    while (pos < text.size()) {
        size_t end = text.find('\n', pos);
        if (end == std::string::npos)
            end = text.size();
        ++number;
        // The canonical rule itself, applied to one line: "" when the line is dropped.
        std::string kept = canonical_kat_text(std::string_view(text).substr(pos, end - pos), false, std::nullopt);
        if (!kept.empty())
            lines.push_back({number, kept.substr(0, kept.size() - 1)});
        pos = end + 1;
    }
    return lines;
}

// A line cut to a readable window around column `from`, quoted and escaped;
// a KAT line keeps its key in front ("Seed = …E407EE035Z"), so the field is named.
std::string shown_line(const std::string &line, size_t from)
{
    constexpr size_t kWindow = 48, kLead = 16;
    const size_t start = from > kLead + 8 ? from - kLead : 0;
    const size_t key_end = line.find(" = ");
    const bool keep_key = start > 0 && key_end != std::string::npos && key_end + 3 < start && key_end <= 32;
    std::string shown = keep_key ? printable(line.substr(0, key_end + 3)) : std::string();
    shown += (start > 0 ? "\u2026" : "") + printable(line.substr(start, kWindow)) +
             (start + kWindow < line.size() ? "\u2026" : "");
    return "\"" + shown + "\"";
}

size_t common_prefix(const std::string &a, const std::string &b)
{
    size_t n = 0;
    while (n < a.size() && n < b.size() && a[n] == b[n])
        ++n;
    return n;
}

int records_wanted(const Against &against)
{
    return against.entry && against.entry->records ? *against.entry->records : kKatRecords;
}

} // namespace

std::string kat_reference_difference(const std::string &generated, const std::string &reference,
                                     const std::string &reference_name)
{
    if (canonical_kat_text(generated, false, std::nullopt) == canonical_kat_text(reference, false, std::nullopt))
        return {};
    const std::vector<NumberedLine> gen = canonical_lines(generated), ref = canonical_lines(reference);
    size_t i = 0;
    while (i < gen.size() && i < ref.size() && gen[i].text == ref[i].text)
        ++i;
    const std::string end_of_file = "(end of file)";
    const std::string ref_text = i < ref.size() ? ref[i].text : std::string();
    const std::string gen_text = i < gen.size() ? gen[i].text : std::string();
    const size_t column = common_prefix(ref_text, gen_text);
    // A side that has ended is numbered one past its last kept line.
    const size_t ref_no = i < ref.size() ? ref[i].number : (ref.empty() ? 1 : ref.back().number + 1);
    const size_t gen_no = i < gen.size() ? gen[i].number : (gen.empty() ? 1 : gen.back().number + 1);
    std::string where = "line " + std::to_string(ref_no);
    if (gen_no != ref_no)
        where += " (line " + std::to_string(gen_no) + " of the generated text)";
    return "differs from " + printable(reference_name) + " at " + where + ": reference " +
           (i < ref.size() ? shown_line(ref_text, column) : end_of_file) + ", generated " +
           (i < gen.size() ? shown_line(gen_text, column) : end_of_file);
}

namespace {

// One KAT vector: its seed, and its outputs (every M<k> and SS line, in order).
struct KatVector {
    std::string seed, outputs;
};

bool is_output_key(const std::string &key)
{
    if (key == "SS")
        return true;
    return key.size() > 1 && key[0] == 'M' && key.find_first_not_of("0123456789", 1) == std::string::npos;
}

// The vectors of a KAT text ("Count = ..." starts one; "key = value" lines).
std::vector<KatVector> kat_vectors(const std::string &text)
{
    std::vector<KatVector> vectors;
    size_t pos = 0;
    while (pos < text.size()) {
        size_t end = text.find('\n', pos);
        if (end == std::string::npos)
            end = text.size();
        const std::string line = text.substr(pos, end - pos);
        pos = end + 1;
        const size_t eq = line.find(" = ");
        if (eq == std::string::npos)
            continue;
        const std::string key = line.substr(0, eq), value = line.substr(eq + 3);
        if (key == "Count")
            vectors.emplace_back();
        else if (vectors.empty())
            continue;
        else if (key == "Seed")
            vectors.back().seed = value;
        else if (is_output_key(key))
            vectors.back().outputs += key + "=" + value + "\n";
    }
    return vectors;
}

} // namespace

std::vector<std::string> kat_text_warnings(const std::string &kat_text)
{
    const std::vector<KatVector> vectors = kat_vectors(kat_text);
    if (vectors.size() < 2 || vectors.front().outputs.empty())
        return {};
    std::vector<std::string> seeds;
    for (const KatVector &v : vectors) {
        if (v.outputs != vectors.front().outputs)
            return {};
        if (std::find(seeds.begin(), seeds.end(), v.seed) == seeds.end())
            seeds.push_back(v.seed);
    }
    if (seeds.size() < 2)
        return {};
    const std::string n = std::to_string(vectors.size());
    return {"ignores its DRNG: all " + n + " KAT vectors have the same messages and shared secret for " +
            std::to_string(seeds.size()) + " different seeds (its \"random\" values do not come from drng_algorithm)"};
}

KatCheckOptions kat_options_from_build(const std::string &library, const BuildInfo &build)
{
    KatCheckOptions how;
    if (build.kat)
        how.recorded = build.kat->manifest_entry(build.instance);
    how.recorded_origin = "build record " + build_info_path(library) +
                          (build.kat && !build.kat->reference.empty() ? " (" + build.kat->reference + ")" : "");
    how.source_dir = build.source_dir;
    how.candidate = recorded_candidate(&build); // empty: the check falls back to candidate_id(), as campaigns do
    return how;
}

KatCheck check_kat(const std::string &library, const std::vector<KatManifestEntry> &manifest,
                   const std::string &out_dir, const RunnerOptions &options)
{
    return check_kat(library, manifest, out_dir, options, KatCheckOptions{});
}

KatCheck check_kat(const std::string &library, const std::vector<KatManifestEntry> &manifest,
                   const std::string &out_dir, const RunnerOptions &options, const KatCheckOptions &how)
{
    KatCheck check;
    check.library = library;
    check.instance = library;
    auto info = describe_instance(library, options);
    if (!info)
        return error_check(check, info.error());
    check.instance = info->meta.instance;
    check.info = *info;
    check.has_info = true;

    const Against against = choose_against(check.instance, manifest, how);
    const std::string label = how.label.empty() ? check.instance : how.label;
    check.kat_file = (fs::path(out_dir) / kat_file_name(label)).string();
    auto child = run_kat_child(library, check.kat_file, records_wanted(against), options);
    if (!child)
        return error_check(check, child.error());
    if (child->info.meta.instance != check.instance) // every answer must be about the instance described
        return error_check(check, library + ": runner answer rejected: the kat answer names instance '" +
                                      printable(child->info.meta.instance) + "', not '" + check.instance + "'");
    check.exchange_ms_avg = child->exchange_ms_avg;
    check.records = child->records;
    if (child->status == "overflow") {
        check.verdict = KatVerdict::Overflow;
        check.reason = child->reason;
    } else if (child->status != "complete") {
        check = error_check(check, child->reason);
    } else if (auto text = read_file(check.kat_file)) {
        judge_text(check, *text, against, nokat_reason(check.instance, manifest, how));
        check.warnings = kat_text_warnings(*text);
    } else {
        check = error_check(check, text.error());
    }
    KatCheckOptions log_how = how;
    if (log_how.log_root.empty())
        log_how.log_root = out_dir;
    check.log_file = (fs::path(out_dir) / (label + ".log")).string();
    if (auto written = write_file_atomic(check.log_file, kat_log_text(check, log_how)); !written)
        check.log_file.clear();
    return check;
}

namespace {

// The harness's metadata field holds 127 characters; its log shows them as they are, cut mid-word.
constexpr size_t kHarnessFlagsField = 127;

std::string kat_log_line(const std::string &key, const std::string &value)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%-11s", key.c_str());
    return std::string(buf) + " = " + value + "\n";
}

// "kat/kex-09/KAT_KEX_X.txt (167560 bytes)": the file as named from `root`.
std::string written_kat_file(const KatCheck &c, const std::string &root)
{
    std::error_code ec;
    std::string name = root.empty() ? c.kat_file : fs::path(c.kat_file).lexically_relative(root).string();
    if (name.empty() || name.rfind("..", 0) == 0)
        name = c.kat_file;
    const auto bytes = fs::file_size(c.kat_file, ec);
    return name + " (" + std::to_string(ec ? 0 : bytes) + " bytes)";
}

// The harness's words for these two values: its shim's NGCC_VARIANT and the
// compiler's __VERSION__ with the compiler's name ("gcc 14.2.0").
std::string harness_variant(const std::string &variant)
{
    if (variant == "reference")
        return "Reference_Implementation";
    if (variant == "optimized")
        return "Optimized_Implementation";
    return variant;
}

std::string harness_compiler(const std::string &compiler)
{
    if (compiler.rfind("GNU ", 0) == 0)
        return "gcc " + compiler.substr(4);
    if (compiler.rfind("Clang ", 0) == 0)
        return "clang " + compiler.substr(6);
    return compiler;
}

} // namespace

std::string kat_log_text(const KatCheck &c, const KatCheckOptions &how)
{
    const auto &m = c.info.meta;
    const auto &caps = c.info.caps;
    const std::string id = !how.candidate.empty() ? how.candidate : c.has_info ? candidate_id(m) : m.group;
    std::string log = kat_log_line("library", c.library) + kat_log_line("id", id) + kat_log_line("type", "kex") +
                      kat_log_line("algorithm", m.family) + kat_log_line("instance", c.instance) +
                      kat_log_line("variant", harness_variant(m.variant));
    if (!how.source_dir.empty())
        log += kat_log_line("source_dir", printable(how.source_dir));
    log += kat_log_line("compiler", harness_compiler(m.compiler)) +
           kat_log_line("build_flags", m.build_flags.substr(0, kHarnessFlagsField));
    if (c.has_info) {
        log += kat_log_line("passes", std::to_string(caps.passes)) + kat_log_line("pk_len", std::to_string(caps.pk)) +
               kat_log_line("sk_len", std::to_string(caps.sk)) + kat_log_line("sta_len", std::to_string(caps.sta)) +
               kat_log_line("stb_len", std::to_string(caps.stb)) + kat_log_line("ss_len", std::to_string(caps.ss)) +
               kat_log_line("total_msg", std::to_string(caps.total_msg));
    }
    if (c.records > 0) {
        char timing[96];
        std::snprintf(timing, sizeof timing, "timing  full exchange %.3f ms (avg over %d)\n", c.exchange_ms_avg,
                      c.records);
        log += timing;
        log += "wrote  " + written_kat_file(c, how.log_root) + "\n";
    }
    if (!c.sha256.empty())
        log += "manifest " + c.sha256 + " " + c.mode + " " + kat_file_name(c.instance) + "\n";
    // The published PASS line ends with a space: "RESULT kex-01 ADKEX-128 PASS ".
    const std::string status = c.verdict == KatVerdict::Pass ? "PASS " : c.summary();
    log += "RESULT " + id + " " + (how.label.empty() ? c.instance : how.label) + " " + status + "\n";
    return log;
}

} // namespace kexbench
