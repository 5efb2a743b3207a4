// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/campaign/build_info.h"

#include "core/base/digest.h"
#include "core/base/fsutil.h"

#include <nlohmann/json.hpp>

namespace kexbench {

namespace {

// Sidecars are small; anything bigger is not one of ours.
constexpr size_t kMaxBuildInfoBytes = 1u << 20;

void put_if(nlohmann::json &j, const char *key, const std::string &value)
{
    if (!value.empty())
        j[key] = value;
}

std::string text_of(const nlohmann::json &j, const char *key)
{
    auto it = j.find(key);
    return it != j.end() && it->is_string() ? it->get<std::string>() : std::string();
}

nlohmann::json kat_json(const BuildKat &k)
{
    nlohmann::json j = {{"status", k.status}};
    put_if(j, "reason", k.reason);
    put_if(j, "reference", k.reference);
    put_if(j, "mode", k.mode);
    put_if(j, "expected_sha256", k.expected_sha256);
    put_if(j, "sha256", k.sha256);
    put_if(j, "log", k.log);
    return j;
}

BuildKat kat_from(const nlohmann::json &j)
{
    return {text_of(j, "status"),          text_of(j, "reason"), text_of(j, "reference"), text_of(j, "mode"),
            text_of(j, "expected_sha256"), text_of(j, "sha256"), text_of(j, "log")};
}

} // namespace

std::optional<KatManifestEntry> BuildKat::manifest_entry(const std::string &instance) const
{
    if (expected_sha256.empty())
        return std::nullopt;
    // One manifest line, read by the manifest parser, so the mode means exactly what it means there.
    const std::string line =
        expected_sha256 + " " + (mode.empty() ? "strict" : mode) + " " + kat_file_name(instance) + "\n";
    auto entries = parse_kat_manifest(line, "build.json");
    if (!entries || entries->size() != 1)
        return std::nullopt;
    return entries->front();
}

std::string build_info_path(const std::string &library) { return library + ".build.json"; }

Result<void> write_build_info(const std::string &library, const BuildInfo &b)
{
    nlohmann::json j = {{"schema", b.schema}, {"instance", b.instance}};
    put_if(j, "candidate", b.candidate);
    put_if(j, "algorithm", b.algorithm);
    put_if(j, "variant", b.variant);
    put_if(j, "flags", b.flags);
    put_if(j, "guide_result", b.guide_result);
    put_if(j, "compiler", b.compiler);
    put_if(j, "compiler_version", b.compiler_version);
    put_if(j, "build_flags", b.build_flags);
    put_if(j, "arch", b.arch);
    put_if(j, "source_dir", b.source_dir);
    put_if(j, "library_sha256", b.library_sha256);
    put_if(j, "profiled_library_sha256", b.profiled_library_sha256);
    if (b.kat)
        j["kat"] = kat_json(*b.kat);
    put_if(j, "kat_note", b.kat_note);
    return write_file_atomic(build_info_path(library), j.dump(2) + "\n");
}

std::optional<BuildInfo> read_build_info(const std::string &library, std::string *problem)
{
    const std::string path = build_info_path(library);
    auto say = [&](const std::string &why) {
        if (problem)
            *problem = path + ": " + why;
        return std::nullopt;
    };
    if (problem)
        problem->clear();
    auto text = read_file(path, kMaxBuildInfoBytes);
    if (!text)
        return std::nullopt; // no build record: a library built some other way
    nlohmann::json j = nlohmann::json::parse(*text, nullptr, false);
    if (j.is_discarded() || !j.is_object())
        return say("not a JSON object; ignored");
    BuildInfo b;
    b.schema = j.value("schema", 0);
    b.candidate = text_of(j, "candidate");
    b.instance = text_of(j, "instance");
    b.algorithm = text_of(j, "algorithm");
    b.variant = text_of(j, "variant");
    b.flags = text_of(j, "flags");
    b.guide_result = text_of(j, "guide_result");
    b.compiler = text_of(j, "compiler");
    b.compiler_version = text_of(j, "compiler_version");
    b.build_flags = text_of(j, "build_flags");
    b.arch = text_of(j, "arch");
    b.source_dir = text_of(j, "source_dir");
    b.library_sha256 = text_of(j, "library_sha256");
    b.profiled_library_sha256 = text_of(j, "profiled_library_sha256");
    if (auto k = j.find("kat"); k != j.end() && k->is_object())
        b.kat = kat_from(*k);
    b.kat_note = text_of(j, "kat_note");
    auto bytes = read_file(library);
    if (!bytes)
        return say("the library cannot be read: " + bytes.error());
    if (b.library_sha256 != sha256_hex(*bytes))
        return say("describes another build of the library (its sha256 differs); ignored. Rebuild with build-instance");
    return b;
}

} // namespace kexbench
