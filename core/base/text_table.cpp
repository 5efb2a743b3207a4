// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/base/text_table.h"

#include <algorithm>

namespace kexbench {

size_t display_width(const std::string &s)
{
    return static_cast<size_t>(
        std::count_if(s.begin(), s.end(), [](char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; }));
}

TextTable::TextTable(std::vector<std::string> header) : header_(std::move(header)), right_(header_.size(), false) {}

void TextTable::align_right(const std::vector<size_t> &columns)
{
    for (size_t c : columns)
        if (c < right_.size())
            right_[c] = true;
}

void TextTable::add_row(std::vector<std::string> cells)
{
    cells.resize(header_.size());
    rows_.push_back(std::move(cells));
}

std::string TextTable::render() const
{
    std::vector<size_t> width(header_.size(), 0);
    auto measure = [&width](const std::vector<std::string> &row) {
        for (size_t c = 0; c < row.size(); ++c)
            width[c] = std::max(width[c], display_width(row[c]));
    };
    measure(header_);
    for (const auto &row : rows_)
        measure(row);

    std::string out;
    auto emit = [&](const std::vector<std::string> &row) {
        std::string line;
        for (size_t c = 0; c < row.size(); ++c) {
            std::string pad(width[c] - display_width(row[c]), ' ');
            line += right_[c] ? pad + row[c] : row[c] + (c + 1 < row.size() ? pad : "");
            if (c + 1 < row.size())
                line += "  ";
        }
        out += line + "\n";
    };
    emit(header_);
    for (const auto &row : rows_)
        emit(row);
    return out;
}

} // namespace kexbench
