// SPDX-License-Identifier: GPL-3.0-or-later
// A published page's report: the page's own sections and tables cell for cell
// (the parser and the dataset are core/data/published_page.h).
#include "core/analysis/report.h"
#include "core/base/i18n.h"
#include "core/data/published_page.h"

#include <cctype>
#include <filesystem>
#include <map>
#include <string>

namespace fs = std::filesystem;

namespace kexbench {

namespace {

std::string section_id(const PublishedSection &s)
{
    static const std::map<std::string, std::string> ids = {
        {"1", "basic"},     {"2", "environment"},  {"3", "kat"},     {"4", "performance"},
        {"5", "resources"}, {"6", "transmission"}, {"7", "evidence"}};
    if (auto it = ids.find(s.number); it != ids.end())
        return it->second;
    std::string id;
    for (char ch : s.title)
        id += std::isalnum(static_cast<unsigned char>(ch))
                  ? static_cast<char>(std::tolower(static_cast<unsigned char>(ch)))
                  : '-';
    return id == "symmetric-primitives" ? "symmetric" : (id.empty() ? "section" : id);
}

// "[method](../performance/method_x86_1.md)" -> "method": report text is inline code spans only,
// and the page's relative links lead nowhere from here.
std::string without_links(const std::string &text)
{
    std::string out;
    size_t pos = 0;
    while (pos < text.size()) {
        const size_t open = text.find('[', pos);
        const size_t mid = open == std::string::npos ? open : text.find("](", open);
        const size_t close = mid == std::string::npos ? mid : text.find(')', mid);
        if (close == std::string::npos || text.find('[', open + 1) < mid) {
            out += text.substr(pos, open == std::string::npos ? std::string::npos : open + 1 - pos);
            if (open == std::string::npos)
                break;
            pos = open + 1;
            continue;
        }
        out += text.substr(pos, open - pos) + text.substr(open + 1, mid - open - 1);
        pos = close + 1;
    }
    return out;
}

} // namespace

Report published_page_report(const Dataset &ds, const ReportOptions &options)
{
    const PublishedPage &page = *ds.page;
    const Language lang = parse_language(options.language).value_or(Language::en);
    Report report;
    report.title = page.title + " (" + tr(lang, "published page") + ")";
    report.system = ds.system_label;
    report.candidate = options.candidate;
    report.language = language_name(lang);
    report.intro.push_back(published_page_notice(ds.system_label, report.language) +
                           trf(lang, " Source: {}.", {"`" + fs::path(ds.root).filename().string() + "`"}));
    if (!options.candidate.empty() && options.candidate != page.candidate)
        report.intro.push_back(trf(lang, "The page is of candidate {}, not {}.",
                                   {"`" + page.candidate + "`", "`" + options.candidate + "`"}));
    for (const auto &paragraph : page.intro)
        report.intro.push_back(without_links(paragraph));
    for (const PublishedSection &ps : page.sections) {
        ReportSection s{section_id(ps), ps.number, ps.title, ps.paragraphs, ps.items, {}};
        for (size_t i = 0; i < ps.tables.size(); ++i) {
            const PublishedTable &pt = ps.tables[i];
            ReportTable t;
            t.id = i == 0 ? s.id : s.id + "-" + std::to_string(i + 1);
            t.title = pt.title;
            t.header = pt.header;
            t.rows = pt.rows;
            t.notes = pt.notes;
            s.tables.push_back(std::move(t));
        }
        report.sections.push_back(std::move(s));
    }
    return report;
}

} // namespace kexbench
