// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/base/shell_words.h"

#include <cctype>

namespace kexbench {

Result<std::vector<std::string>> split_shell_words(const std::string &text, const std::string &what)
{
    std::vector<std::string> words;
    std::string cur;
    bool in_word = false;
    char quote = 0;
    for (size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (quote) {
            if (c == quote)
                quote = 0;
            else if (c == '\\' && quote == '"' && i + 1 < text.size() && (text[i + 1] == '"' || text[i + 1] == '\\'))
                cur += text[++i];
            else
                cur += c;
        } else if (c == '\'' || c == '"') {
            quote = c;
            in_word = true;
        } else if (c == '\\' && i + 1 < text.size()) {
            cur += text[++i];
            in_word = true;
        } else if (std::isspace(static_cast<unsigned char>(c))) {
            if (in_word)
                words.push_back(cur);
            cur.clear();
            in_word = false;
        } else {
            cur += c;
            in_word = true;
        }
    }
    if (quote)
        return fail(std::string("unterminated ") + quote + " in " + what + " '" + text + "'");
    if (in_word)
        words.push_back(cur);
    return words;
}

} // namespace kexbench
