// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/kat_check.h"

#include "core/fsutil.h"
#include "core/untrusted.h"

#include <cstdio>
#include <filesystem>

namespace fs = std::filesystem;

namespace kexbench {

const char *kat_verdict_word(KatVerdict verdict)
{
    switch (verdict) {
    case KatVerdict::Pass: return "PASS";
    case KatVerdict::Mismatch: return "MISMATCH";
    case KatVerdict::NoKat: return "NOKAT";
    case KatVerdict::Overflow: return "OVERFLOW";
    case KatVerdict::Error: return "ERROR";
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

// Compares the generated text with the manifest entry for the instance.
void judge_text(KatCheck &check, const std::string &text, const std::vector<KatManifestEntry> &manifest)
{
    const KatManifestEntry *entry = find_kat_entry(manifest, check.instance);
    check.sha256 = kat_digest(text, entry);
    check.mode = entry ? entry->mode_text() : "strict";
    if (!entry) {
        check.verdict = KatVerdict::NoKat;
        check.reason = "no manifest entry for " + kat_file_name(check.instance);
        return;
    }
    check.expected = entry->sha256;
    if (entry->records && count_kat_records(text) < *entry->records) {
        check.verdict = KatVerdict::Mismatch;
        check.reason = "the manifest expects " + std::to_string(*entry->records) + " records";
    } else if (check.sha256 != entry->sha256) {
        check.verdict = KatVerdict::Mismatch;
        check.reason = "manifest expects " + entry->sha256;
    } else {
        check.verdict = KatVerdict::Pass;
    }
}

int records_wanted(const std::vector<KatManifestEntry> &manifest, const std::string &instance)
{
    const KatManifestEntry *entry = find_kat_entry(manifest, instance);
    return entry && entry->records ? *entry->records : kKatRecords;
}

} // namespace

KatCheck check_kat(const std::string &library, const std::vector<KatManifestEntry> &manifest,
                   const std::string &out_dir, const RunnerOptions &options)
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

    check.kat_file = (fs::path(out_dir) / kat_file_name(check.instance)).string();
    auto child = run_kat_child(library, check.kat_file, records_wanted(manifest, check.instance), options);
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
        judge_text(check, *text, manifest);
    } else {
        check = error_check(check, text.error());
    }
    check.log_file = (fs::path(out_dir) / (check.instance + ".log")).string();
    if (auto written = write_file_atomic(check.log_file, kat_log_text(check)); !written)
        check.log_file.clear();
    return check;
}

std::string kat_log_text(const KatCheck &c)
{
    auto kv = [](const std::string &key, const std::string &value) {
        char buf[32];
        std::snprintf(buf, sizeof buf, "%-11s", key.c_str());
        return std::string(buf) + " = " + value + "\n";
    };
    const auto &m = c.info.meta;
    const auto &caps = c.info.caps;
    std::string log = kv("library", c.library) + kv("id", m.group) + kv("type", "kex") + kv("algorithm", m.family) +
                      kv("instance", c.instance) + kv("variant", m.variant) + kv("compiler", m.compiler) +
                      kv("build_flags", m.build_flags);
    if (c.has_info) {
        log += kv("passes", std::to_string(caps.passes)) + kv("pk_len", std::to_string(caps.pk)) +
               kv("sk_len", std::to_string(caps.sk)) + kv("sta_len", std::to_string(caps.sta)) +
               kv("stb_len", std::to_string(caps.stb)) + kv("ss_len", std::to_string(caps.ss)) +
               kv("total_msg", std::to_string(caps.total_msg));
    }
    if (c.records > 0) {
        char timing[96];
        std::snprintf(timing, sizeof timing, "timing  KAT exchange %.3f ms (avg over %d)\n", c.exchange_ms_avg,
                      c.records);
        log += timing;
        log += "wrote  " + c.kat_file + "\n";
    }
    if (!c.sha256.empty())
        log += "manifest " + c.sha256 + " " + c.mode + " " + kat_file_name(c.instance) + "\n";
    log += "RESULT " + m.group + " " + c.instance + " " + c.summary() + "\n";
    return log;
}

} // namespace kexbench
