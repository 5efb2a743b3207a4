// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/campaign/kat_manifest.h"

#include "core/base/digest.h"

#include <fstream>
#include <sstream>

namespace kexbench {

namespace {

bool is_lower_hex64(std::string_view s)
{
    if (s.size() != 64)
        return false;
    for (char c : s)
        if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f')))
            return false;
    return true;
}

std::vector<std::string_view> split_words(std::string_view line)
{
    std::vector<std::string_view> words;
    size_t i = 0;
    while (i < line.size()) {
        while (i < line.size() && (line[i] == ' ' || line[i] == '\t'))
            ++i;
        size_t start = i;
        while (i < line.size() && line[i] != ' ' && line[i] != '\t')
            ++i;
        if (i > start)
            words.push_back(line.substr(start, i - start));
    }
    return words;
}

std::string_view rstrip(std::string_view s, std::string_view chars)
{
    while (!s.empty() && chars.find(s.back()) != std::string_view::npos)
        s.remove_suffix(1);
    return s;
}

Result<KatManifestEntry> parse_mode(KatManifestEntry entry, std::string_view mode, const std::string &where)
{
    std::string_view base = mode.substr(0, mode.find(':'));
    if (base == "nolen")
        entry.nolen = true;
    else if (base != "strict")
        return fail(where + ": unknown mode '" + std::string(mode) + "' (expected strict or nolen)");
    if (size_t colon = mode.find(':'); colon != std::string_view::npos) {
        std::string digits(mode.substr(colon + 1));
        if (digits.empty() || digits.size() > 6 || digits.find_first_not_of("0123456789") != std::string::npos ||
            std::stoi(digits) < 1)
            return fail(where + ": bad record count in mode '" + std::string(mode) + "'");
        entry.records = std::stoi(digits);
    }
    return entry;
}

} // namespace

std::string KatManifestEntry::mode_text() const
{
    std::string mode = nolen ? "nolen" : "strict";
    if (records)
        mode.append(":").append(std::to_string(*records));
    return mode;
}

Result<std::vector<KatManifestEntry>> parse_kat_manifest(std::string_view text, const std::string &origin)
{
    std::vector<KatManifestEntry> entries;
    int line_no = 0;
    std::istringstream in{std::string(text)};
    for (std::string raw; std::getline(in, raw);) {
        ++line_no;
        std::string_view line = rstrip(raw, "\r \t");
        if (line.empty() || line.front() == '#')
            continue;
        const std::string where = origin + ":" + std::to_string(line_no);
        auto words = split_words(line);
        if (words.size() != 3)
            return fail(where + ": expected '<sha256> <mode> <name>'");
        if (!is_lower_hex64(words[0]))
            return fail(where + ": '" + std::string(words[0]) + "' is not 64 lower-case hex digits");
        KatManifestEntry entry;
        entry.sha256 = words[0];
        entry.name = words[2];
        auto parsed = parse_mode(std::move(entry), words[1], where);
        if (!parsed)
            return fail(parsed.error());
        entries.push_back(std::move(*parsed));
    }
    return entries;
}

Result<std::vector<KatManifestEntry>> read_kat_manifest(const std::string &path)
{
    std::ifstream in(path, std::ios::binary);
    if (!in)
        return fail(path + ": cannot open the KAT manifest");
    std::ostringstream text;
    text << in.rdbuf();
    if (text.str().size() > (1u << 20))
        return fail(path + ": larger than 1 MiB, not a KAT manifest");
    return parse_kat_manifest(text.str(), path);
}

std::string kat_file_name(const std::string &instance) { return "KAT_KEX_" + instance + ".txt"; }

const KatManifestEntry *find_kat_entry(const std::vector<KatManifestEntry> &entries, const std::string &instance)
{
    const std::string file = kat_file_name(instance);
    for (const auto &e : entries) {
        std::string_view name = e.name;
        if (size_t slash = name.rfind('/'); slash != std::string_view::npos)
            name.remove_prefix(slash + 1);
        if (name == file)
            return &e;
    }
    return nullptr;
}

std::string canonical_kat_text(std::string_view text, bool nolen, std::optional<int> records)
{
    std::string out;
    out.reserve(text.size());
    int counts = 0;
    size_t pos = 0;
    while (pos <= text.size()) {
        size_t end = text.find('\n', pos);
        if (end == std::string_view::npos)
            end = text.size();
        std::string_view line = rstrip(text.substr(pos, end - pos), "\r \t");
        pos = end + 1;
        if (line.empty())
            continue;
        if (line.substr(0, 8) == "Count = " && records && ++counts > *records)
            break;
        if (nolen) {
            std::string_view key = rstrip(line.substr(0, line.find('=')), " ");
            if (key.size() >= 4 && key.substr(key.size() - 4) == "_Len")
                continue;
        }
        out.append(line);
        out.push_back('\n');
    }
    return out;
}

std::string kat_digest(std::string_view text, const KatManifestEntry *entry)
{
    bool nolen = entry && entry->nolen;
    std::optional<int> records = entry ? entry->records : std::nullopt;
    return sha256_hex(canonical_kat_text(text, nolen, records));
}

int count_kat_records(std::string_view text)
{
    int n = 0;
    size_t pos = 0;
    while (pos < text.size()) {
        size_t end = text.find('\n', pos);
        if (end == std::string_view::npos)
            end = text.size();
        if (text.substr(pos, 8) == "Count = ")
            ++n;
        pos = end + 1;
    }
    return n;
}

} // namespace kexbench
