// SPDX-License-Identifier: GPL-3.0-or-later
// The English-word gate of the Chinese tests (report and compare): from a
// rendered text, code spans and the dataset's own names are removed; any run
// of two or more ASCII letters left that is not an acronym or unit symbol
// that stays Latin in Chinese text is an English word, reported with its line.
#pragma once

#include "cli_helpers.h"

#include <cctype>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace kexbench::test {

// Acronyms and unit symbols that stay in Latin letters in the Chinese text.
inline const std::set<std::string> kAllowed = {
    "KAT", "ELF", "RSS", "CPU", "TSC", "DRNG", "ICCS", "SM",  "CSV", "API", "SMT", "PMU", "JSON",     "UTC",  "SHA",
    "ARM", "AVX", "SSH", "ID",  "CI",  "GHz",  "MHz",  "kHz", "KiB", "MiB", "ns",  "ms",  "kexbench", "AArch"};

inline void erase_all(std::string &text, const std::string &part)
{
    for (size_t at; !part.empty() && (at = text.find(part)) != std::string::npos;)
        text.replace(at, part.size(), " ");
}

// Removes spans from `open` to `close` (both included).
inline void erase_spans(std::string &text, const std::string &open, const std::string &close)
{
    for (size_t at; (at = text.find(open)) != std::string::npos;) {
        const size_t end = text.find(close, at + open.size());
        text.replace(at, end == std::string::npos ? std::string::npos : end + close.size() - at, " ");
    }
}

// The HTML page as text: stylesheet, code and tags removed, entities decoded.
inline std::string html_text(std::string html)
{
    erase_spans(html, "<!DOCTYPE", ">");
    erase_spans(html, "<style>", "</style>");
    erase_spans(html, "<code>", "</code>");
    erase_spans(html, "<", ">");
    for (const auto &[entity, ch] : std::vector<std::pair<std::string, std::string>>{
             {"&lt;", "<"}, {"&gt;", ">"}, {"&quot;", "\""}, {"&#39;", "'"}, {"&amp;", "&"}})
        for (size_t at; (at = html.find(entity)) != std::string::npos;)
            html.replace(at, entity.size(), ch);
    return html;
}

inline bool word_char(char ch) { return std::isalnum(static_cast<unsigned char>(ch)) || ch == '_'; }

// English words left in one rendered report, each with the line it is on.
inline std::vector<std::string> english_words(const std::string &rendered, bool html,
                                              const std::vector<std::string> &names)
{
    std::vector<std::string> found;
    std::string text = html ? html_text(rendered) : rendered;
    if (!html) {
        std::string without_code;
        bool inside = false;
        for (char ch : text) {
            if (ch == '`')
                inside = !inside;
            else if (!inside)
                without_code += ch;
        }
        text = without_code;
    }
    for (const auto &line : lines_of(text)) {
        std::string rest = line;
        for (const auto &name : names)
            erase_all(rest, name);
        for (size_t i = 0; i < rest.size();) {
            if (!word_char(rest[i])) {
                ++i;
                continue;
            }
            size_t end = i;
            while (end < rest.size() && word_char(rest[end]))
                ++end;
            const std::string token = rest.substr(i, end - i);
            i = end;
            if (token.find('_') != std::string::npos) // machine names: mean_seconds, arm_1
                continue;
            // Letter runs of two or more; digits split them ("x86", "1.37e+03", "i7").
            for (size_t k = 0; k < token.size();) {
                size_t e = k;
                while (e < token.size() && std::isalpha(static_cast<unsigned char>(token[e])))
                    ++e;
                if (e - k >= 2 && !kAllowed.count(token.substr(k, e - k)))
                    found.push_back("'" + token.substr(k, e - k) + "' in: " + line);
                k = e == k ? k + 1 : e;
            }
        }
    }
    return found;
}

} // namespace kexbench::test
