// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/data/counter_unit.h"

#include <algorithm>
#include <cctype>

namespace kexbench {

std::string counter_unit(const RecordSamples &samples)
{
    if (samples.core_cycles)
        return "cycles";
    return samples.counter_unit.empty() ? "counter ticks" : samples.counter_unit;
}

std::string counter_unit(const Record &record) { return record.kexbench ? counter_unit(*record.kexbench) : "cycles"; }

std::string unit_column_word(const std::string &unit)
{
    std::string word;
    for (unsigned char ch : unit.empty() ? std::string("counter ticks") : unit)
        word += std::isalnum(ch) ? static_cast<char>(std::tolower(ch)) : '_';
    return word;
}

void add_unit_column_word(std::vector<std::string> &words, const std::string &word)
{
    if (std::find(words.begin(), words.end(), word) == words.end())
        words.push_back(word);
    std::stable_partition(words.begin(), words.end(), [](const std::string &w) { return w == "cycles"; });
}

} // namespace kexbench
