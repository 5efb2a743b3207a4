// SPDX-License-Identifier: GPL-3.0-or-later
// Which candidate and instance a library is, and when two libraries claim one identity.
#include "core/campaign/campaign.h"

#include "core/base/digest.h"
#include "core/base/untrusted.h"

#include <cctype>

namespace kexbench {

std::string candidate_id(const InstanceMeta &meta)
{
    std::string id = meta.family.empty() ? meta.instance : meta.family;
    for (char &c : id)
        c = std::isalnum(static_cast<unsigned char>(c)) ? static_cast<char>(std::tolower(static_cast<unsigned char>(c)))
                                                        : '-';
    return id;
}

std::string recorded_candidate(const BuildInfo *build)
{
    if (build && !build->candidate.empty() && name_problem(build->candidate, "candidate id").empty())
        return build->candidate;
    return {};
}

std::string candidate_for(const InstanceMeta &meta, const BuildInfo *build)
{
    std::string recorded = recorded_candidate(build);
    return recorded.empty() ? candidate_id(meta) : recorded;
}

std::string short_sha256(const std::string &hex)
{
    return hex.empty() ? "unreadable" : "sha256 " + hex.substr(0, 8) + "…";
}

std::string instance_key(const InstanceMeta &meta) { return candidate_id(meta) + "/" + meta.instance; }

std::string instance_key(const InstanceMeta &meta, const BuildInfo *build)
{
    return candidate_for(meta, build) + "/" + meta.instance;
}

std::string library_sha256(const std::string &path) { return file_sha256_hex(path); }

std::string identity_clash_message(const std::string &name, const std::string &library_a, const std::string &sha_a,
                                   const std::string &library_b, const std::string &sha_b)
{
    return "two libraries call themselves " + printable(name) + ": " + printable(library_a) + " (" +
           short_sha256(sha_a) + ") and " + printable(library_b) + " (" + short_sha256(sha_b) +
           "); measure one at a time or rename one";
}

std::vector<IdentityClash> find_identity_clashes(const std::vector<LibraryIdentity> &libraries)
{
    std::vector<std::string> candidates;
    for (const LibraryIdentity &l : libraries)
        candidates.push_back(candidate_id(l.meta));
    return find_identity_clashes(libraries, candidates);
}

std::vector<IdentityClash> find_identity_clashes(const std::vector<LibraryIdentity> &libraries,
                                                 const std::vector<std::string> &candidates)
{
    std::vector<IdentityClash> clashes;
    for (size_t a = 0; a < libraries.size(); ++a)
        for (size_t b = a + 1; b < libraries.size(); ++b) {
            const LibraryIdentity &x = libraries[a], &y = libraries[b];
            const std::string key_x = candidates[a] + "/" + x.meta.instance,
                              key_y = candidates[b] + "/" + y.meta.instance;
            if (key_x != key_y || (x.sha256 == y.sha256 && !x.sha256.empty()))
                continue;
            clashes.push_back(
                {a, b, identity_clash_message(x.meta.instance, x.library, x.sha256, y.library, y.sha256)});
        }
    return clashes;
}

} // namespace kexbench
